"""``mapgen export geojson FILE_OR_DIR``: a map or a campaign as GeoJSON, for QGIS, Leaflet and other GIS tools."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..errors import BadFileError
from .export import export


@export.command("geojson")
@click.argument("source", metavar="FILE_OR_DIR", type=click.Path(exists=True, path_type=Path))
@click.option("--out", metavar="FILE", help="The GeoJSON file to write, or - for standard output. "
              "Default: beside the input (fw-map.geojson, country.geojson; campaign.geojson in a campaign folder).")
@click.option("--side", help="A campaign's side (A, B) or player (P1 ...): only what it may know. Default: everything (the referee).")
def geojson_cmd(source: Path, out: str | None, side: str | None):
    """A campaign map (fw-map.json), a country map (country.json) or a campaign folder as GeoJSON (RFC 7946).

    1 mm of the printed map is 0.001 degree, the map's centre at 0 N 0 E, north up.
    """
    from ..exports.geojson import build, default_out, geojson_text, layer_counts, read_source, write_geojson

    if out is not None and not out.strip():
        raise click.BadParameter("cannot be empty: give a file, or - for standard output", param_hint="--out")
    target = None if out == "-" else Path(out) if out is not None else None
    if target is not None and target.is_dir():
        raise click.BadParameter(f"{target} is a folder; give the file to write, e.g. {target / 'map.geojson'}", param_hint="--out")
    try:
        loaded = read_source(source)
        side = side.strip().upper() if side else None
        if side is not None and side not in loaded.sides:
            have = f"this campaign's are {', '.join(loaded.sides)}" if loaded.sides else "a map alone has none: give a campaign folder"
            raise click.BadParameter(f"{side}: {have}", param_hint="--side")
        collection = build(loaded, side, text=True)
    except BadFileError as exc:
        raise click.BadParameter(str(exc), param_hint="FILE_OR_DIR") from None
    if out == "-":
        click.echo(geojson_text(collection), nl=False)
        return
    target = target or default_out(loaded, side)
    if any(target.resolve() == f.resolve() for f in loaded.inputs):
        raise click.BadParameter(f"{target} is what the export reads; give another file", param_hint="--out")
    if not target.parent.is_dir():
        raise click.BadParameter(f"{target.parent}{os.sep}: no such folder", param_hint="--out")
    write_geojson(collection, target)
    counts = layer_counts(collection)
    click.echo(f"Wrote {target}")
    click.echo("  " + ", ".join(f"{layer}: {n}" for layer, n in counts.items()))
