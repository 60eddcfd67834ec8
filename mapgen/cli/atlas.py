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

    try:
        path = write_atlas(folder, side)
    except AtlasError as exc:
        raise click.UsageError(str(exc)) from None
    click.echo(f"Wrote {path}")


def refresh_after(folder: Path, loaded=None) -> None:
    """After a command changed the state: the folder's pages again; a failure is said, the command stands.

    ``loaded``: the campaign as the command saved it (a :class:`mapgen.campaign.store.Loaded`
    of the new state), so that the pages do not load and check it again; None reads the folder.
    """
    from ..atlas import ATLAS_FILE, refresh
    from ..errors import MapgenError
    from . import _describe

    try:
        refresh(folder, loaded)
    except (OSError, MapgenError) as exc:
        click.echo(f"Warning: {Path(folder) / ATLAS_FILE} not rewritten ({_describe(exc)}); the command stands: "
                   f"run 'mapgen atlas {folder}' to try again", err=True)
