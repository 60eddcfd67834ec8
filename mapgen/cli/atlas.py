"""``mapgen atlas DIR [--side A|B|P1...]``: the campaign's web page, written by hand (the engine rewrites it after every command)."""

from __future__ import annotations

from pathlib import Path

import click

from . import cli
from .campaign import folder_arg, refusals, side_option


@cli.command("atlas")
@folder_arg
@side_option
@refusals
def atlas_cmd(folder: Path, side: str | None) -> None:
    """Write DIR/index.html: the campaign atlas, one page with the map, battlefields, state, log and counters.

    With --side, DIR/index-A.html (index-P1.html for a Renaissance player): only what
    that side may know, to send to its player. The engine keeps the pages up to date.
    """
    from ..atlas import AtlasError, write_atlas
    from ..atlas.cache import Fragments

    try:  # drawn from the sources, not from what the folder keeps: a received folder's own drawings are not trusted
        path = write_atlas(folder, side, Fragments(folder, read=False))
    except AtlasError as exc:
        raise click.UsageError(str(exc)) from None
    click.echo(f"Wrote {path}")
