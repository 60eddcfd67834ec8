"""``mapgen new``'s Fantasy Warriors kit, written by two processes: the battlefields beside everything else.

The battlefields are the biggest part of the kit: a forked process
(:mod:`.beside`) writes them while this one writes the map kit, starts the
campaign, writes its counters and readies the page, then takes the
battlefields not yet taken.  The campaign engine (some 30 ms of imports) is
imported after the fork, by this process alone: nothing before the fork
needs it (:mod:`mapgen.cli.rules_fantasy_warriors` starts the campaign through
``start``), and the other process never does.
"""

from __future__ import annotations

from collections.abc import Callable

from ..atlas import add_to_kit, kit_cache
from ..atlas.common import prime_sheets, sheets_html
from ..atlas.folder import kit_sheet
from ..atlas.page import prepare as prepare_page
from .beside import Beside, Shares


def _drawing_tools() -> None:
    """What the map, counters and battlefields all draw with (0.2 s): loaded before the fork, once.

    Shapely and the setup sheets' text tools too: both processes imported them after the fork (about 8 ms of CPU each).
    """
    import shapely  # noqa: F401

    from .. import setup_sheet  # noqa: F401
    from ..render import fonts, pdf, svgdoc, text  # noqa: F401

    fonts.pdf_font()
    fonts.pdf_font(bold=True)


def _battlefields(m, outputs, formats, paper, squares: list[str], shares, sheets: bool) -> tuple[dict, dict[str, str]]:
    """The kit's battlefields this process takes from ``shares`` (:func:`mapgen.kit.files.write_battlefields`), and
    (``sheets``: the kit has a page) their setup sheets as the page's HTML by their markdown
    (:func:`mapgen.atlas.common.sheets_html`), turned in the same process, off the page's own time."""
    from . import files as kit_files

    written = kit_files.write_battlefields(m, m.seed, outputs, formats, paper, (squares[i] for i in shares.take()))
    return written, sheets_html(kit_sheet(outputs.staging, sq) for sq in written) if sheets else {}


def write_new_campaign_kit(m, outputs, formats, paper, look: str = "colour", balanced=None, state=None, start: Callable | None = None):
    """``mapgen new`` for Fantasy Warriors: the map kit, a battlefield per holding, a ready-to-play campaign and its atlas.

    The kit's own ``fw-map.json`` is the campaign's map copy, and the counters are
    those of the campaign's forces (not the rulebook's generic six per side).
    ``state``: the campaign as the command line started it on ``m`` (its
    optional rules, scenario, points, rosters; default: the standard rules), or
    ``start()`` starts it (raising the command line's refusal); the map's key
    prints the movement rows of its rules.  Without JSON there is no map file
    for the campaign to stand on, so it is left out.
    ``balanced`` (a :class:`mapgen.balancing.Balanced`) goes to the map kit.
    """
    from . import files as kit_files  # through the module, as write_new_fw_kit calls them

    plans, counter_paper = kit_files.home_papers(paper)
    campaign = "json" in formats
    # The battlefields are the biggest part: on a second processor, while this one writes the rest, then
    # shared out: this one takes those not yet taken once its own part is written.
    squares = kit_files.battlefield_squares(m)
    shares = Shares(len(squares))
    job = lambda o: _battlefields(m, o, formats, plans, squares, shares, sheets=campaign)  # noqa: E731
    with shares, Beside(outputs, job, _drawing_tools if {"svg", "pdf"} & set(formats) else None) as battlefields:
        # Started here, beside the first battlefields, which need nothing of it: its modules (the engine, pydantic-core)
        # are first imported here.  A refusal stops the other process and the staging folder goes: nothing is written.
        from .fw_campaign import kit_state, write_campaign

        state = kit_state(m, look, state, start) if campaign else None
        drawn = kit_files.write_map_kit(m, outputs, formats, paper, look, balanced, naran=state.options.naran_movement if state else None)
        after_map = len(outputs.files), len(outputs.notes)
        if state is None:
            outputs.notes.append("campaign.json and counters: left out, the campaign needs fw-map.json (--formats json)")
        else:
            write_campaign(outputs, state, None, formats, counter_paper, look=look)
            prepare_page(markdown=False)  # the battlefields take longer than the rest: ready the page meanwhile
        mine = _battlefields(m, outputs, formats, plans, squares, shares, sheets=campaign)
        if state is not None:  # none left to take: ready what the page needs of the map while the last are written
            from ..atlas.fw import prime  # the page's code (6 ms), only where a page is made

            cache = kit_cache(outputs)
            if drawn.json is not None and drawn.svg is not None:  # the kit's own drawing (no second drawing, no reading back)
                prime(cache, m, drawn.json, state.options.naran_movement, drawn.svg, drawn.room, look)
        theirs = battlefields.join(battlefields.mark())  # its files come back by square, filed below
        written, sheets = {**theirs[0], **mine[0]}, {**theirs[1], **mine[1]}
        kit_files.file_battlefields(outputs, after_map, squares, written, formats)
        if state is not None:  # last: the page shows the battlefields (the other process is reaped after it)
            add_to_kit(outputs, lambda cache: prime_sheets(cache, sheets), cache)
    return state
