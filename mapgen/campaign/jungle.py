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


def attrition_squares(board, terrain=ATTRITION_TERRAIN) -> frozenset:
    """The board's squares of ``terrain``, worked out once per board: a force's check is then one set test."""
    key = ("attrition", *terrain)
    squares = board.cache.get(key)
    if squares is None:
        squares = board.cache[key] = frozenset(sq for sq, s in board.squares.items() if s.terrain in terrain)
    return squares


def crossed(board, force: Force, terrain=ATTRITION_TERRAIN) -> bool:
    """FW-19.9 [DEV]: the force started, passed or ended the day's move in such a square."""
    return not attrition_squares(board, terrain).isdisjoint(force.path_today)


def jungle_losses(state: CampaignState, dice, board, terrain=ATTRITION_TERRAIN) -> CampaignState:
    """FW-19.9 for every force that crossed a jungle today; a force left with no models is removed.

    Runs every day: a day when no force crossed the terrain costs one set test
    per force that moved.  The new forces tuple is built once.
    """
    squares = None
    hit = []
    for i, f in enumerate(state.forces):
        if f.path_today:  # a force that never moved crossed nothing (and the board is not needed)
            if squares is None:
                squares = attrition_squares(board, terrain)
            if not squares.isdisjoint(f.path_today):
                hit.append((i, f))
    if not hit:
        return state
    forces: list = list(state.forces)
    removed = state.removed
    day, phase = state.day, state.phase
    for i, force in hit:
        territory = board.territory_for(force.square, force.side)  # [DEV] where the force stands at the end of the turn
        mod = TERRITORY[territory]
        mods = (modifier(f"{territory} territory", mod),) if mod else ()
        units = []
        for unit in force.units:
            unit = _unit_losses(dice, day, phase, force, unit, mod, mods)
            if unit.figures > 0:
                units.append(unit)
        if units:
            forces[i] = evolve(force, units=tuple(units))
            continue
        text = f"{force.id} is lost in the jungle: no model is left"
        dice.event(day=day, phase=phase, rule="FW-19.9", text=text, side=force.side)
        forces[i] = None
        removed += (force.id,)
        if not any(f is not None and f.side == force.side for f in forces):
            state = due(state, force.side, "FW-13.a")
    if removed is state.removed:
        return evolve(state, forces=tuple(forces))
    return evolve(state, forces=tuple(f for f in forces if f is not None), removed=removed)


#: FW-12.2: the deserter check's modifiers by quality, built once (``modifier`` shares the instances anyway).
_QUALITY_MODS = {q: (modifier(q, v),) if v else () for q, v in QUALITY.items()}
#: (unit id, force id) -> the unit's roll places and texts: the same units cross day after day, and these
#: six f-strings were a fifth of the phase's own work.  Bounded by the unit ids a campaign uses.
_WORDS: dict[tuple[str, str], tuple[str, str, str, str, str, str]] = {}
#: The hit roll's outcome by casualties (``1D6-2``: 0 to 4).
_LOST = tuple(f"{n} model(s) lost" for n in range(5))


def _words(uid: str, fid: str) -> tuple[str, str, str, str, str, str]:
    w = _WORDS.get((uid, fid))
    if w is None:
        w = _WORDS[(uid, fid)] = (
            f"{uid}/jungle", f"{uid} ({fid}) crosses the jungle",
            f"{uid}/jungle-wounded", f"{uid} wounded check",
            f"{uid}/jungle-deserters", f"{uid} lost over a quarter: deserter check",
        )
    return w


def _unit_losses(dice, day, phase, force: Force, unit, mod: int, mods: tuple):
    """One unit's FW-19.9 roll and, when it lost models, its wounded and deserter checks (FW-12.1, FW-12.2)."""
    side = force.side
    place, text, wounded_place, wounded_text, deserters_place, deserters_text = _words(unit.id, force.id)
    hit = dice.roll(JUNGLE_CASUALTIES, day=day, phase=phase, place=place, rule="FW-19.9", text=text, side=side, secret=True)
    casualties = min(unit.figures, max(0, hit.total))
    dice.set_outcome(hit, _LOST[casualties] if casualties < len(_LOST) else f"{casualties} model(s) lost")
    if not casualties:
        return unit
    roll = dice.roll(f"{casualties}D6", day=day, phase=phase, place=wounded_place, rule="FW-12.1",
                     text=wounded_text, modifiers=mods, side=side, secret=True)
    dead = checked(roll.faces, mod, WOUNDED)
    dice.set_outcome(roll, f"{dead} dead, {casualties - dead} wounded return")
    deserted = 0
    left = unit.figures - dead
    if dead > DESERTER_SHARE * unit.figures and left:
        roll = dice.roll(f"{left}D6", day=day, phase=phase, place=deserters_place, rule="FW-12.2", text=deserters_text,
                         modifiers=_QUALITY_MODS[unit.quality], side=side, secret=True)
        deserted = checked(roll.faces, QUALITY[unit.quality], DESERTERS)
        dice.set_outcome(roll, f"{deserted} desert, {left - deserted} stay")
    return evolve(unit, figures=left - deserted)
