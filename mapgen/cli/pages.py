"""After a command: the folder's atlas pages again, for every command that changes a campaign.

Apart from :mod:`.atlas` (the ``mapgen atlas`` command, which needs the
campaign commands' options) so that the session's commands can call it
without a cycle between the two.
"""

from __future__ import annotations

from pathlib import Path

import click


def refresh_after(folder: Path, loaded=None, redraw: bool = False) -> None:
    """After a command changed the state: the folder's pages again; a failure is said, the command stands.

    ``loaded``: the campaign as the command saved it (a :class:`mapgen.campaign.store.Loaded`
    of the new state), so that the pages do not load and check it again; None reads the folder.
    """
    from ..atlas import ATLAS_FILE, refresh
    from ..errors import MapgenError
    from . import _describe

    try:
        refresh(folder, loaded, redraw)
    except (OSError, MapgenError) as exc:
        click.echo(f"Warning: {Path(folder) / ATLAS_FILE} not rewritten ({_describe(exc)}); the command stands: "
                   f"run 'mapgen atlas {folder}' to try again", err=True)
