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
from .state import CampaignState, Modifier, due, evolve, modifier, other, with_side

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
        if state.removed and any(fid.startswith(s.id) for fid in state.removed) and not _has_forces(state, s.id):
            state = due(state, s.id, "FW-13.a")
    for s in state.sides:
        if s.will_to_fight_due and s.will_to_fight == "ok":
            state = test(state, s.id, dice, board)
    return state


def _has_forces(state: CampaignState, side: str) -> bool:
    """``bool(state.side_forces(side))`` without building the list."""
    for f in state.forces:
        if f.side == side:
            return True
    return False


def awaiting(state: CampaignState, board: Board) -> str | None:
    return None


def modifiers(state: CampaignState, side: str, board: Board) -> list[Modifier]:
    """The campaign to date for ``side`` (FW-13, AMB-20, AMB-55 for sacked holdings)."""
    s = state.side(side)
    enemy = other(side)
    carried = set()  # the holdings its forces carry the loot of (a loop: a set comprehension costs a frame)
    for f in state.forces:
        if f.loot and f.side == side:
            carried.add(f.loot)
    taken = lost = capital_taken = capital_lost = 0
    placed = board.holdings
    for h in state.holdings:
        first = h.original_owner or placed.get(h.square, (h.owner,))[0]  # the side the map gave it to
        # [DEV] a capital is also a holding: the source's "per ogni Caposaldo nemico" (L1571) has no
        # exception for it, so a held capital counts +1 and +3 (and -1 and -3 when lost).
        if first == enemy and ((h.owner == side and not h.sacked) or h.square in carried):
            taken += 1
            capital_taken += h.capital and not h.sacked
        elif first == side and (h.owner != side or h.sacked):
            lost += 1
            capital_lost += h.capital and h.owner != side
    # shared Modifier instances (``state.modifier``): a frozen dataclass's __init__ costs about 1 us each
    values = (
        ("battles won", BATTLE_WON * s.battles_won),
        ("battles lost", BATTLE_LOST * s.battles_lost),
        ("enemy holdings held", HOLDING_TAKEN * taken),
        ("own holdings lost", HOLDING_LOST * lost),
        ("enemy capital held", CAPITAL_TAKEN * capital_taken),
        ("own capital lost", CAPITAL_LOST * capital_lost),
    )
    mods = [modifier(name, value) for name, value in values if value]
    if state.options.scenario == "incursione" and state.weather.snow_level:
        mods.append(modifier("snow levels (FW-17.6)", PER_SNOW_LEVEL * state.weather.snow_level))
    return mods


def test(state: CampaignState, side: str, dice, board: Board, phase: int | str = PHASE) -> CampaignState:
    """One Will to Fight test for ``side``; clears its triggers.  Also usable at once for FW-13.d."""
    s = state.side(side)
    why = ", ".join(s.will_to_fight_due) or "asked"
    entry, b = dice.roll_on(
        WILL_TO_FIGHT, modifiers=modifiers(state, side, board), day=state.day, phase=phase,
        place=f"{side}/will-to-fight", text=f"side {side}'s Will to Fight ({why})", side=side,
    )
    return with_side(state, evolve(s, will_to_fight=b.outcome, will_to_fight_due=()))
