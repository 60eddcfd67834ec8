"""``mapgen export vassal``: a campaign's map and counters as a VASSAL module."""

from __future__ import annotations

from pathlib import Path

import click

from .. import kit
from ..errors import BadFileError
from . import _out, _run
from .export import export


@export.command("vassal")
@click.argument("source", type=click.Path(exists=True, path_type=Path))
@click.option("--ppi", type=click.IntRange(25, 300), default=100, show_default=True,
              help="Pixels per inch of the printed map and counters (a square is rounded to a whole, even number of pixels).")
@click.option("--out", callback=_out, help="Output folder. Default: output/vassal-<source name>/.")
def vassal_cmd(source, ppi, out):
    """A VASSAL module (.vmod): the map as a board on its grid, the counters as pieces, the forces set up.

    SOURCE is a campaign folder (Fantasy Warriors or Renaissance), a map kit's folder, or its
    fw-map.json or country.json (then the rulebook's counters, and only the holdings set up).
    """
    from ..exports.raster import ImageTooLargeError
    from ..exports.vassal import load_module, write_vmod

    out = out or Path("output") / kit.default_folder_name("vassal", source.resolve().stem or "map")
    kit.check_input_outside(source, out, "SOURCE")
    try:
        module = load_module(source, ppi)  # draws the board's SVG, checks its size; pixels come later
    except BadFileError as exc:
        raise click.BadParameter(str(exc), param_hint="SOURCE") from None
    except ImageTooLargeError as exc:
        raise click.BadParameter(str(exc), param_hint="--ppi") from None
    _run(out, lambda outputs: write_vmod(module, outputs))
