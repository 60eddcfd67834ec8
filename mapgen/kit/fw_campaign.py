"""A new Fantasy Warriors campaign folder: the map copy, ``campaign.json`` and the counters of exactly its forces.

Both ``mapgen campaign new`` and ``mapgen new`` write through
:mod:`mapgen.kit`'s staged :class:`~mapgen.kit.Outputs`, so a folder holds a
whole campaign or none: a failure half-way leaves nothing behind.  The
counters are made from the campaign state, not the rulebook's generic set:
one numbered counter per force that exists (its id and leader on it), the
order and reaction counters (FW-1.1.b-g), and the holdings as the state
gives them (an Incursione raider holds only its village, FW-17.2).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from .. import safefs
from ..atlas import add_to_kit, kit_cache
from ..atlas.common import prime_sheets, sheets_html
from ..atlas.folder import kit_sheet
from ..atlas.page import prepare as prepare_page
from ..campaign.core import PHASE_NAMES, awaiting, phase_index
from ..campaign.counters import campaign_counters, counters_title
from ..campaign.ruleset import RULESET
from ..campaign.setup import start_campaign
from ..campaign.state import CampaignState, Options
from ..campaign.store import CAMPAIGN_FILE, COMMANDS_FILE, HISTORY_DIR, MAP_FILE, board_for, dumps_state, from_json_text
from ..engine import command_line
from ..engine.hints import next_lines
from ..errors import CampaignFolderError
from ..jsonio import MAX_FILE_BYTES
from .beside import Beside, Shares

#: Where a campaign folder keeps the counter sheets of its forces.
COUNTERS_DIR = "counters/"


def check_new_folder(folder: str | Path) -> None:
    """Refuse a folder that holds a campaign: starting again there would lose its history."""
    folder = Path(folder)
    if not folder.is_dir():
        return
    found = [n for n in (CAMPAIGN_FILE, COMMANDS_FILE, HISTORY_DIR) if os.path.lexists(folder / n)]
    if found:
        raise CampaignFolderError(
            f"{folder} already holds a campaign ({', '.join(found)}); give a new or empty folder "
            f"(or '{command_line('undo', folder, [])}' to step back in that one)"
        )


def check_not_in_play(folder: str | Path) -> None:
    """``mapgen new`` may rewrite a fresh kit, never one whose campaign has been played (its history would be orphaned)."""
    folder = Path(folder)
    found = [n for n in (COMMANDS_FILE, HISTORY_DIR) if os.path.lexists(folder / n)]
    if found:
        raise CampaignFolderError(
            f"{folder} holds a campaign in play ({', '.join(found)}); writing a new kit there would lose it: give another --out"
        )


def write_campaign(outputs, state: CampaignState, map_bytes: bytes | None, formats, paper, size: str | None = None, look: str = "colour") -> None:
    """``campaign.json``, the map copy (unless the kit writes it) and the forces' counters (in ``look``) into ``outputs``."""
    if map_bytes is not None:
        outputs.path(MAP_FILE).write_bytes(map_bytes)
    outputs.write_text(CAMPAIGN_FILE, dumps_state(state))
    counter_formats = [f for f in formats if f in ("json", "svg", "pdf")]
    if counter_formats:
        write_campaign_counters(state, outputs, counter_formats, paper, size, look)
    outputs.summary.extend(summary_lines(state, folder=outputs.out))


def write_campaign_counters(state: CampaignState, outputs, formats, paper, size: str | None = None, look: str = "colour"):
    from ..counters.build import build_sheet
    from ..counters.layout import DEFAULT_SIZE, parse_size
    from .files import write_counter_files
    from ..paper import get_paper

    paper = paper or get_paper("a4-portrait")
    sheet = build_sheet(campaign_counters(state, look), paper, parse_size(size or DEFAULT_SIZE), title=counters_title(state))
    write_counter_files(sheet, outputs, formats, COUNTERS_DIR)
    return sheet


def campaign_set(folder) -> tuple[list, str] | None:
    """The counters and title of the campaign in ``folder`` (``mapgen counters --campaign``); None when it holds none."""
    if not Path(folder).is_dir() or safefs.real_file(folder, CAMPAIGN_FILE) is None:
        return None
    state = from_json_text(safefs.read_text(folder, CAMPAIGN_FILE, MAX_FILE_BYTES), str(Path(folder) / CAMPAIGN_FILE))
    return campaign_counters(state, state.look), counters_title(state)


def summary_lines(state: CampaignState, board=None, folder: str | Path = ".") -> list[str]:
    """What a new player needs first: the sides, their forces and where they stand, and what to do next.

    ``folder`` is the campaign folder as the user gave it: the ``Next:`` lines are commands that run as printed.
    """
    i = phase_index(state)
    lines = [f"Campaign seed {state.seed}: day {state.day}, phase {i} ({PHASE_NAMES[i]})"]
    for side in state.sides:
        forces = state.side_forces(side.id)
        lines.append(f"Side {side.id} ({side.name}, {side.race}): {side.points} points, {len(forces)} force(s)")
        for f in forces:
            lines.append(
                f"  {f.id} at {f.square}: {f.state}, led by {f.leader.name} (CV {f.leader.cv}), "
                f"{len(f.units)} unit(s), {f.figures} figures"
            )
    board = board if board is not None else board_for(state)
    wait = awaiting(state, board)
    if wait:
        lines.append(f"Awaiting: {wait}")
    return lines + next_lines(RULESET, state, board, folder)


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


def write_new_campaign_kit(m, outputs, formats, paper, look: str = "colour", balanced=None, state: CampaignState | None = None,
                           start: Callable[[], CampaignState] | None = None) -> CampaignState | None:
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
        # Started here, beside the first battlefields, which need nothing of it (its modules too: pydantic-core
        # is first imported here).  A refusal stops the other process and the staging folder goes: nothing is written.
        state = _kit_state(m, look, state, start) if campaign else None
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


def _kit_state(m, look: str, state: CampaignState | None, start: Callable[[], CampaignState] | None) -> CampaignState:
    """The kit's campaign in the kit's ``look`` (recorded for every later drawing of it): as given, started, or standard."""
    if state is None and start is not None:
        state = start()
    if state is None:
        return new_kit_campaign(m, Options(), look=look)
    return replace(state, look=look)


def new_kit_campaign(m, options: Options, rosters: dict | None = None, dice_seed: int | str | None = None,
                     look: str = "colour", map_bytes: bytes | None = None) -> CampaignState:
    """Day one of the campaign a kit's map starts: on the kit's own ``fw-map.json`` (``map_bytes``, its text, when
    the caller has it already), its dice from ``dice_seed`` (None: from the map's seed, which the kit prints),
    printed in the kit's ``look`` from then on.

    CommandError or ValueError when the rules refuse it (a roster, the Incursione's holdings).
    """
    from ..jsonio import dumps

    if map_bytes is None:
        map_bytes = dumps(m.to_json()).encode("utf-8")
    state = start_campaign(m, map_bytes, MAP_FILE, m.seed, options, rosters, dice_seed=dice_seed)
    return replace(state, look=look)
