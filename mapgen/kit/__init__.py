"""A campaign's set of files, written without the CLI.

``mapgen.kit`` stages every file of a run beside the output folder and swaps
the whole set in at the end (:mod:`.folder`, :mod:`.swap`), names default folders safely
(:mod:`.names`) and knows what each kit holds (:mod:`.files`): the CLI and a
campaign engine write kits through the same functions.

What a caller may have to catch (the CLI turns each into an exit code):

* :class:`OutputFolderError`: the output folder cannot take a set (a usage error);
* :class:`~mapgen.paper.PdfTooLargeError`: a PDF over :data:`MAX_PDF_PAGES`;
* :class:`~mapgen.errors.BadFileError`: :func:`counters_for_kit` given a campaign
  folder or ``fw-map.json`` it cannot read;
* :class:`~mapgen.errors.InfeasibleError`: a battlefield that cannot be laid out
  (:func:`battlefields_for_kit`, :func:`write_new_fw_kit`);
* ``OSError`` from the disk (a full disk, no permission);
* :class:`Terminated`, a ``BaseException`` (so ``except Exception`` lets it
  through): SIGTERM or SIGHUP while files are staged, raised after the clean-up;
  its ``error`` is the error the run had already failed with, if any.

After any of them the output folder holds the previous set untouched, or, when
the signal came during the swap or after it, this run's complete set.
"""

import importlib

from ..paper import MAX_PDF_PAGES, PdfTooLargeError
from .folder import MANIFEST, OutputFolderError, Outputs, check_input_outside, target_folder, write
from .names import default_folder_name, seed_slug
from .swap import Terminated, recover

#: What :mod:`.files` defines, imported when first used: it pulls in the map's setup sheet, the battlefields
#: and the counters (20 ms), which a campaign command that only catches :class:`OutputFolderError` need not pay.
_FROM_FILES = frozenset({
    "COUNTER_FORMATS",
    "battlefields_for_kit",
    "check_fw_map_pdf",
    "check_pdf_size",
    "counters_for_kit",
    "home_papers",
    "write_battlefield",
    "write_counter_files",
    "write_country_kit",
    "write_kit",
    "write_map_kit",
    "write_new_fw_kit",
})


def __getattr__(name: str):
    if name not in _FROM_FILES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(".files", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "COUNTER_FORMATS",
    "MANIFEST",
    "MAX_PDF_PAGES",
    "OutputFolderError",
    "Outputs",
    "PdfTooLargeError",
    "Terminated",
    "battlefields_for_kit",
    "check_fw_map_pdf",
    "check_input_outside",
    "check_pdf_size",
    "counters_for_kit",
    "default_folder_name",
    "home_papers",
    "recover",
    "seed_slug",
    "target_folder",
    "write",
    "write_battlefield",
    "write_counter_files",
    "write_country_kit",
    "write_kit",
    "write_map_kit",
    "write_new_fw_kit",
]
