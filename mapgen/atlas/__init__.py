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
says; each rule set's presenter, ``RuleSet.presenter``, hands its campaign to
one of them with ``atlas_context``), :mod:`.folder` (the files it shows), :mod:`.svg` (the drawings in
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
    from .. import session
    from .page import render_page

    folder = Path(folder)
    cache = Fragments(folder) if cache is None else cache
    loaded = session.load(folder) if loaded is None else loaded
    presenter = loaded.ruleset.present()
    if presenter is None or not hasattr(presenter, "atlas_context"):
        raise AtlasError(f"{folder}: a {loaded.ruleset.title} campaign has no atlas page")
    try:
        loaded.ruleset.check_seat(loaded.state, side)
    except ValueError as exc:
        raise AtlasError(f"--side {side}: {exc}") from None
    return render_page(presenter.atlas_context(folder, loaded.state, loaded.board, side, cache))


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


def refresh(folder: str | Path, loaded=None, redraw: bool = False) -> list[Path]:
    """After a command changed the state: ``index.html`` again, and every side's page already there.

    ``loaded``: the campaign as the command saved it (see :func:`build_atlas`), or None
    to read it from the folder, once for all the pages.  A page named for a side this
    campaign does not have (``index-P1.html`` beside a Fantasy Warriors campaign) is
    not the engine's and is left alone.
    """
    from .. import session

    cache = Fragments(folder, read=not redraw)  # redraw: every part drawn again, whatever the folder keeps
    loaded = session.load(folder) if loaded is None else loaded
    presenter = loaded.ruleset.present()
    if presenter is None or not hasattr(presenter, "atlas_context"):
        return []  # a rule set with no page (a toy one)
    written = [write_atlas(folder, None, cache, loaded)]
    for side in side_pages(folder):
        try:
            written.append(write_atlas(folder, side, cache, loaded))
        except AtlasError:
            continue
    cache.prune()  # what no page of the folder uses now: the map and sheets as they were before
    return written


def kit_cache(outputs) -> Fragments:
    """The cache of the page of a kit being staged: it keeps nothing in the folder, only what the kit hands it."""
    return Fragments(outputs.staging, write=False)


def add_to_kit(outputs, prime=None, cache: Fragments | None = None) -> None:
    """``index.html`` into a kit being staged (``mapgen new``, ``campaign new``), made from the files staged so far.

    Call it last: the page shows the battlefields and counters the kit wrote.  ``prime(cache)``
    hands the page's cache what the kit has already drawn (see :func:`mapgen.atlas.fw.prime`);
    ``cache``: a :func:`kit_cache` already handed some (``mapgen new`` does it while its battlefields are written).
    """
    cache = kit_cache(outputs) if cache is None else cache
    if prime is not None:
        prime(cache)
    outputs.write_text(ATLAS_FILE, build_atlas(outputs.staging, cache=cache))
