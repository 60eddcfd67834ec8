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

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from .. import safefs
from ..campaign.core import PHASE_NAMES, awaiting, phase_index
from ..campaign.counters import campaign_counters, counters_title
from ..campaign.ruleset import RULESET
from ..campaign.setup import start_campaign
from ..campaign.state import CampaignState, Options
from ..campaign.store import CAMPAIGN_FILE, MAP_FILE, board_for, dumps_state, from_json_text
from ..engine.hints import next_lines
from ..jsonio import MAX_FILE_BYTES

#: Where a campaign folder keeps the counter sheets of its forces.
COUNTERS_DIR = "counters/"


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


def kit_state(m, look: str, state: CampaignState | None, start: Callable[[], CampaignState] | None) -> CampaignState:
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
