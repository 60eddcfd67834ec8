"""Losses of forces that crossed a jungle (FW-19.9), at the end of the campaign turn.

Each unit of a force whose ``path_today`` touched a jungle square loses
``1D6 - 2`` models (at least 0; AMB-34 reads the lost operator as minus).
The casualties take the wounded check (FW-12.1): the wounded come back.  A
unit that lost more than a quarter of its strength puts its other models to
the deserter check (FW-12.2).

Call :func:`jungle_losses` in Phase 6 (time, ``days.start``), before
``next_day`` clears ``path_today``.

The wounded and deserter checks roll on the after-battle phase's tables (FW-12).
"""

from __future__ import annotations

from ..tables import Table
from .after_battle import DESERTERS, QUALITY, TERRITORY, WOUNDED, returning
from .state import (
    CampaignState,
    Force,
    due,
    evolve,
    modifier,
    with_force,
    without_force,
)

#: FW-19.9 / AMB-34: models lost per unit, at least 0.
JUNGLE_CASUALTIES = "1D6-2"
#: FW-19.9: the terrain whose crossing costs models; desert, wasteland or mountain may be added by agreement.
ATTRITION_TERRAIN = ("jungle",)
#: FW-19.9: a unit that lost more than this share of its models takes the deserter check.
DESERTER_SHARE = 0.25



def checked(faces, modifier: int, table: Table) -> int:
    """How many of ``faces`` fall in the table's first (losing) band, natural 1 and 6 counted first."""
    back = 0
    for x in returning(table, modifier):
        back += faces.count(x)
    return len(faces) - back


def crossed(board, force: Force, terrain=ATTRITION_TERRAIN) -> bool:
    """FW-19.9 [DEV]: the force started, passed or ended the day's move in such a square."""
    return any(board.squares[sq].terrain in terrain for sq in force.path_today if sq in board.squares)


def jungle_losses(state: CampaignState, dice, board, terrain=ATTRITION_TERRAIN) -> CampaignState:
    """FW-19.9 for every force that crossed a jungle today; a force left with no models is removed."""
    for force in [f for f in state.forces if crossed(board, f, terrain)]:
        units = tuple(u for u in (_unit_losses(state, dice, board, force, u) for u in force.units) if u.figures > 0)
        if units:
            state = with_force(state, evolve(force, units=units))
            continue
        text = f"{force.id} is lost in the jungle: no model is left"
        dice.event(day=state.day, phase=state.phase, rule="FW-19.9", text=text, side=force.side)
        state = without_force(state, force.id)
        if not state.side_forces(force.side):
            state = due(state, force.side, "FW-13.a")
    return state


def _unit_losses(state: CampaignState, dice, board, force: Force, unit):
    kw = dict(day=state.day, phase=state.phase, side=force.side, secret=True)
    hit = dice.roll(JUNGLE_CASUALTIES, place=f"{unit.id}/jungle", rule="FW-19.9", text=f"{unit.id} ({force.id}) crosses the jungle", **kw)
    casualties = min(unit.figures, max(0, hit.total))
    dice.set_outcome(hit, f"{casualties} model(s) lost")
    if not casualties:
        return unit
    territory = board.territory_for(force.square, force.side)
    mod = TERRITORY[territory]  # [DEV] where the force stands at the end of the turn
    mods = [modifier(f"{territory} territory", mod)] if mod else []
    roll = dice.roll(
        f"{casualties}D6", place=f"{unit.id}/jungle-wounded", rule="FW-12.1", text=f"{unit.id} wounded check", modifiers=mods, **kw
    )
    dead = checked(roll.faces, mod, WOUNDED)
    dice.set_outcome(roll, f"{dead} dead, {casualties - dead} wounded return")
    deserted = 0
    left = unit.figures - dead
    if dead > DESERTER_SHARE * unit.figures and left:
        q = QUALITY[unit.quality]
        qmods = [modifier(unit.quality, q)] if q else []
        text = f"{unit.id} lost over a quarter: deserter check"
        roll = dice.roll(f"{left}D6", place=f"{unit.id}/jungle-deserters", rule="FW-12.2", text=text, modifiers=qmods, **kw)
        deserted = checked(roll.faces, q, DESERTERS)
        dice.set_outcome(roll, f"{deserted} desert, {left - deserted} stay")
    return evolve(unit, figures=left - deserted)
