"""Phase 5: the Will to Fight test (FW-13).

A side takes one test per turn when any trigger occurred (AMB-67): all its
forces gone (FW-13.a, checked here as well), a battle lost (FW-13.b), a
holding lost (FW-13.c) or a Force Test below 1 (FW-13.d).  The modifiers are
the campaign to date (AMB-20: +1/-1 per battle, +1/-1 per holding, +3/-3 for
the capitals); a total below 0 is a complete disaster and the side
surrenders (``check_end`` in the core ends the campaign).
"""

from __future__ import annotations

from ..tables import Table, band
from .board import Board
from .state import CampaignState, Modifier, due, evolve, other, with_side

PHASE = 5

#: FW-13 with AMB-20: only the failure band is printed; 0 or more passes.
WILL_TO_FIGHT = Table("FW-13", "Will to Fight", "1D6", (band(-30, -1, "failed", "complete disaster: the side surrenders"), band(0, 40, "ok", "passed: the side fights on")))
BATTLE_WON, BATTLE_LOST = 1, -1
HOLDING_TAKEN, HOLDING_LOST = 1, -1
CAPITAL_TAKEN, CAPITAL_LOST = 3, -3
#: FW-17.6: Incursione only.
PER_SNOW_LEVEL = -1


def start(state: CampaignState, dice, board: Board) -> CampaignState:
    for s in state.sides:
        # FW-13.a occurs the turn the last force goes, not every turn after it
        if not state.side_forces(s.id) and any(fid.startswith(s.id) for fid in state.removed):
            state = due(state, s.id, "FW-13.a")
    for s in state.sides:
        if s.will_to_fight_due and s.will_to_fight == "ok":
            state = test(state, s.id, dice, board)
    return state


def awaiting(state: CampaignState, board: Board) -> str | None:
    return None


def _original(h, board: Board) -> str:
    return h.original_owner or board.holdings.get(h.square, (h.owner,))[0]


def modifiers(state: CampaignState, side: str, board: Board) -> list[Modifier]:
    """The campaign to date for ``side`` (FW-13, AMB-20, AMB-55 for sacked holdings)."""
    s = state.side(side)
    enemy = other(side)
    carried = {f.loot for f in state.side_forces(side) if f.loot}
    taken = lost = capital_taken = capital_lost = 0
    for h in state.holdings:
        first = _original(h, board)
        # [DEV] a capital is also a holding: the source's "per ogni Caposaldo nemico" (L1571) has no
        # exception for it, so a held capital counts +1 and +3 (and -1 and -3 when lost).
        if first == enemy and ((h.owner == side and not h.sacked) or h.square in carried):
            taken += 1
            capital_taken += h.capital and not h.sacked
        elif first == side and (h.owner != side or h.sacked):
            lost += 1
            capital_lost += h.capital and h.owner != side
    mods = [
        Modifier("battles won", BATTLE_WON * s.battles_won),
        Modifier("battles lost", BATTLE_LOST * s.battles_lost),
        Modifier("enemy holdings held", HOLDING_TAKEN * taken),
        Modifier("own holdings lost", HOLDING_LOST * lost),
        Modifier("enemy capital held", CAPITAL_TAKEN * capital_taken),
        Modifier("own capital lost", CAPITAL_LOST * capital_lost),
    ]
    if state.options.scenario == "incursione":
        mods.append(Modifier("snow levels (FW-17.6)", PER_SNOW_LEVEL * state.weather.snow_level))
    return [m for m in mods if m.value]


def test(state: CampaignState, side: str, dice, board: Board, phase: int | str = PHASE) -> CampaignState:
    """One Will to Fight test for ``side``; clears its triggers.  Also usable at once for FW-13.d."""
    s = state.side(side)
    why = ", ".join(s.will_to_fight_due) or "asked"
    entry, b = dice.roll_on(
        WILL_TO_FIGHT, modifiers=modifiers(state, side, board), day=state.day, phase=phase,
        place=f"{side}/will-to-fight", text=f"side {side}'s Will to Fight ({why})", side=side,
    )
    return with_side(state, evolve(s, will_to_fight=b.outcome, will_to_fight_due=()))
