"""A campaign's set of files, written without the CLI.

``mapgen.kit`` stages every file of a run beside the output folder and swaps
the whole set in at the end (:mod:`.folder`, :mod:`.swap`), names default folders safely
(:mod:`.names`) and knows what each kit holds (:mod:`.files`): the CLI and a
campaign engine write kits through the same functions.  Errors are the
library's own (:class:`OutputFolderError`, :class:`~mapgen.render.paper.PdfTooLargeError`,
``OSError`` from the disk); the CLI turns them into exit codes.
"""

from ..render.paper import MAX_PDF_PAGES, PdfTooLargeError
from .files import (
    COUNTER_FORMATS,
    battlefields_for_kit,
    check_fw_map_pdf,
    check_pdf_size,
    counters_for_kit,
    home_papers,
    write_battlefield,
    write_counter_files,
    write_country_kit,
    write_kit,
    write_map_kit,
    write_new_fw_kit,
)
from .folder import MANIFEST, OutputFolderError, Outputs, check_input_outside, target_folder, write
from .names import default_folder_name, seed_slug
from .swap import Terminated, recover

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
