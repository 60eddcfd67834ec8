"""The campaign atlas: one self-contained web page of a campaign folder, ``DIR/index.html``.

Players look before they read: the page shows the campaign map (zoom and
pan it, point at or tab to a square for everything about it), the
battlefields of the holdings and of every battle, the state in words, the
log with every roll, the counter sheets and links to every PDF.  It needs
nothing but a browser: the map, the plans, the style sheet and the scripts
(svg-pan-zoom included) are all inside the file, so it opens from the file
system and can be sent by e-mail.

* :func:`build_atlas` gives the page's text from a campaign folder;
* :func:`write_atlas` writes it atomically, ``index.html`` for everything or
  ``index-A.html`` (``index-P1.html``) for what one side (one player) may
  know, from the engine's per-side view, so a referee can send each player
  their own page;
* :func:`refresh` rewrites the folder's pages after a command changed the
  state; ``mapgen new``, ``campaign new`` and every engine command call it
  (the kits through :func:`add_to_kit`, staged with the rest of their files).
  What no command changes (the map under the counters, the setup sheets as
  HTML, a side's counter sheet) is drawn once and kept in ``.atlas-cache/``
  (:mod:`.cache`), so a command pays only for what it changed.

The pages are built by :mod:`.fw` and :mod:`.renaissance` (what the page
says), :mod:`.folder` (the files it shows), :mod:`.svg` (the drawings in
it) and :mod:`.page` (the Jinja2 template, ``templates/atlas/``).
"""

from __future__ import annotations

import re
from pathlib import Path

from ..errors import MapgenError
from .cache import Fragments

#: The page of everything (the referee's, or the players' when they share the folder).
ATLAS_FILE = "index.html"
#: One side's (one player's) page: ``index-A.html``, ``index-P1.html``.
SIDE_FILE = re.compile(r"^index-(?P<side>[AB]|P[0-9]{1,2})\.html$")


class AtlasError(MapgenError):
    """The page asked for cannot be made: a side the campaign does not have (a usage error)."""


def atlas_name(side: str | None = None) -> str:
    """``index.html``, or ``index-A.html`` for what side A may know (``index-P1.html`` for a Renaissance player)."""
    return ATLAS_FILE if side is None else f"index-{side}.html"


def build_atlas(folder: str | Path, side: str | None = None, cache: Fragments | None = None, loaded=None) -> str:
    """The page of the campaign in ``folder`` as ``side`` may know it (None: everything), as HTML text.

    ``cache`` keeps the parts no command changes (:mod:`.cache`); by default the
    folder's own, written to when it is writable.  ``loaded`` is the campaign as a
    command has just loaded and saved it (a :class:`mapgen.campaign.store.Loaded`),
    so that the page does not read and check the state a second time; by default
    it is loaded from the folder.

    Raises :class:`~mapgen.errors.BadFileError` for a folder without a readable
    campaign, :class:`AtlasError` for a side the campaign does not have.
    """
    from ..campaign import store
    from .page import render_page

    folder = Path(folder)
    cache = Fragments(folder) if cache is None else cache
    loaded = store.load(folder) if loaded is None else loaded
    if loaded.renaissance:
        from ..campaign.renaissance.store import MAP_FILE
        from ..country.model import CountryMap
        from ..jsonio import parse, read_text
        from .renaissance import context

        seats = [p.seat for p in loaded.state.players]
        if side is not None and side not in seats:
            raise AtlasError(f"--side {side}: this Renaissance campaign's players are {', '.join(seats)}")
        path = folder / MAP_FILE  # unchanged since the campaign began, as below
        text = read_text(path)
        return render_page(context(folder, CountryMap.from_json(parse(text, str(path))), loaded.state, loaded.board, side, cache, text))
    from ..fw.model import FwMap
    from ..jsonio import parse, read_text
    from .fw import context

    if side is not None and side not in ("A", "B"):
        raise AtlasError(f"--side {side}: a Fantasy Warriors campaign has sides A and B")
    # The map the state was started on: store.load found its SHA-256 unchanged, so its JSON Schema
    # (checked when the campaign began, a tenth of a second a command) need not be checked again.
    path = folder / store.MAP_FILE
    text = read_text(path)
    fw_map = FwMap.from_json(parse(text, str(path)))
    return render_page(context(folder, fw_map, loaded.state, loaded.board, side, cache, text))


def write_atlas(folder: str | Path, side: str | None = None, cache: Fragments | None = None, loaded=None) -> Path:
    """Write the page (:func:`build_atlas`) into the folder, atomically: a reader never sees half a page."""
    from ..jsonio import write_atomic

    text = build_atlas(folder, side, cache, loaded)
    return write_atomic(Path(folder) / atlas_name(side), text)


def side_pages(folder: str | Path) -> list[str]:
    """The sides whose own page is in the folder (written by ``mapgen atlas DIR --side``), in name order."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    return sorted(m["side"] for m in (SIDE_FILE.match(p.name) for p in folder.iterdir()) if m)


def refresh(folder: str | Path, loaded=None) -> list[Path]:
    """After a command changed the state: ``index.html`` again, and every side's page already there.

    ``loaded``: the campaign as the command saved it (see :func:`build_atlas`), or None
    to read it from the folder, once for all the pages.  A page named for a side this
    campaign does not have (``index-P1.html`` beside a Fantasy Warriors campaign) is
    not the engine's and is left alone.
    """
    from ..campaign import store

    cache = Fragments(folder)
    loaded = store.load(folder) if loaded is None else loaded
    written = [write_atlas(folder, None, cache, loaded)]
    for side in side_pages(folder):
        try:
            written.append(write_atlas(folder, side, cache, loaded))
        except AtlasError:
            continue
    cache.prune()  # what no page of the folder uses now: the map and sheets as they were before
    return written


def add_to_kit(outputs) -> None:
    """``index.html`` into a kit being staged (``mapgen new``, ``campaign new``), made from the files staged so far.

    Call it last: the page shows the battlefields and counters the kit wrote.
    """
    outputs.write_text(ATLAS_FILE, build_atlas(outputs.staging, cache=Fragments(outputs.staging, write=False)))
