"""``mapgen export dd2vtt``: battlefields as Universal VTT files for virtual tabletops."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import kit
from ..errors import BadFileError
from . import _out, _run
from .export import export


@export.command("dd2vtt")
@click.argument("source", type=click.Path(exists=True, path_type=Path))
@click.option("--ppi", type=click.IntRange(50, 300), default=100, show_default=True,
              help="Pixels per inch of table: one grid square is an inch. Foundry's importer makes a 100-pixel grid "
                   "unless its Custom Grid PPI is set to the same number: keep 100 for Foundry.")
@click.option("--out", callback=_out, help="Output folder. Default: output/dd2vtt-<source name>/.")
def dd2vtt_cmd(source, ppi, out):
    """Battlefields as Universal VTT (.dd2vtt) maps: the plan as a PNG, what blocks sight as walls.

    Impassable ground, towers and houses stop tokens and sight; woods, a passable hill's crest, farms, temples
    and holdings block sight only (objects_line_of_sight).

    SOURCE is a battlefield.json, or a folder: a campaign (its battlefields/ and battles/), a kit or
    a battle's folder; every battlefield.json and battlefield-*.json under it is written, under the
    same relative path with .dd2vtt for .json.
    """
    from ..battlefield.model import read_battlefield
    from ..exports.dd2vtt import find_battlefields, vtt_frame, write_dd2vtt_files
    from ..exports.raster import ImageTooLargeError

    out = out or Path("output") / kit.default_folder_name("dd2vtt", source.resolve().stem or "battlefield")
    kit.check_input_outside(source, out, "SOURCE")
    found = find_battlefields(source)
    if not found:
        raise click.BadParameter(f"no battlefield.json or battlefield-*.json in {source}", param_hint="SOURCE")
    battlefields = []
    for name, path in found:
        try:
            b = read_battlefield(path)  # errors name the file and the field
            vtt_frame(b, ppi)
        except BadFileError as exc:
            raise click.BadParameter(str(exc), param_hint="SOURCE") from None
        except ImageTooLargeError as exc:
            raise click.BadParameter(f"{path}: {exc}", param_hint="--ppi") from None
        battlefields.append((name, b))
    _run(out, lambda outputs: _write_with_progress(write_dd2vtt_files, battlefields, outputs, ppi))


def _write_with_progress(write, battlefields, outputs, ppi) -> None:
    """``write(...)`` with a progress bar on standard error when it is a terminal (never in a pipe or a test)."""
    if not sys.stderr.isatty():
        write(battlefields, outputs, ppi)
        return
    label = f"Drawing {len(battlefields)} battlefield(s) at {ppi} pixels per inch"
    with click.progressbar(length=len(battlefields), label=label, file=sys.stderr) as bar:
        write(battlefields, outputs, ppi, done=lambda: bar.update(1))
