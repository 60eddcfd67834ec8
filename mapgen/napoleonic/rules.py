"""What the rules allow on the board, as plain functions of the state: moves, targets, modifiers, the line.

Nothing here rolls a die or changes the state; the handlers (:mod:`.battle`)
and the legal actions (:mod:`.actions`) both ask these, so what is listed is
what is accepted.
"""

from __future__ import annotations

from .board import AREAS, LINE_AREAS, PARTS, RESERVE, RETREAT, ahead, neighbours, part_areas
from .state import DESTROYED, UNPLACED, NapoleonicState, Unit
from ..rulebooks.nap_units import UNITS
from .tables import ARTILLERY_RANGE, CHARGE_MODIFIERS, FIRE_MODIFIERS, MissingTables

_FIRE_MOD = {m.key: m for m in FIRE_MODIFIERS}
_CHARGE_MOD = {m.key: m for m in CHARGE_MODIFIERS}


def arm(unit: Unit) -> str:
    """What the unit acts as (NAP-1): infantry, cavalry, artillery or leader."""
    return UNITS[unit.type].arm


def on_board(unit: Unit) -> bool:
    return unit.area not in (UNPLACED, DESTROYED)


def pieces_in(state: NapoleonicState, area: str, side: str | None = None) -> list[Unit]:
    return [u for u in state.units if u.area == area and (side is None or u.side == side)]


def holds_enemy(state: NapoleonicState, area: str, side: str) -> bool:
    """NAP-A.12: an area holding an enemy piece (a leader too) may not be entered."""
    return any(u.area == area and u.side != side for u in state.units)


def next_to_enemy(state: NapoleonicState, area: str, side: str) -> bool:
    """NAP-4.1: an enemy piece in an area adjacent to ``area``."""
    return any(holds_enemy(state, n, side) for n in neighbours(area))


def can_act(unit: Unit) -> bool:
    """On the board, out of the Retreat Area (NAP-4.2, NAP-11.2), with an action left this turn (NAP-3.2)."""
    return on_board(unit) and unit.area != RETREAT[unit.side] and unit.used < UNITS[unit.type].actions


def move_targets(state: NapoleonicState, unit: Unit) -> list[str]:
    """NAP-4: adjacent areas (no diagonal), none holding enemies, none out of a zone of control into another.

    (interpretation) A unit never enters the enemy's Reserve or Retreat Area:
    they are the enemy's boxes behind its line, not part of the field.
    Infantry in square may not move (NAP-10 item 6).
    """
    if unit.in_square or not on_board(unit) or unit.area == RETREAT[unit.side]:
        return []
    zoc = next_to_enemy(state, unit.area, unit.side)
    out = []
    for to in neighbours(unit.area):
        a = AREAS[to]
        if a.kind in ("reserve", "retreat") and a.owner != unit.side:
            continue
        if holds_enemy(state, to, unit.side):
            continue
        if zoc and next_to_enemy(state, to, unit.side):
            continue
        out.append(to)
    return out


def fire_range(state: NapoleonicState, unit: Unit, target: Unit) -> int | None:
    """NAP-5: 1 when ``target`` stands straight ahead, 2 for artillery over an empty area; None when it cannot be fired at."""
    if not on_board(unit) or not on_board(target) or target.side == unit.side or arm(target) == "leader":
        return None
    near = ahead(unit.area, unit.side, 1)
    if near is None:
        return None
    if target.area == near:
        return 1
    if arm(unit) == "artillery" and ARTILLERY_RANGE >= 2 and not pieces_in(state, near):
        if target.area == ahead(unit.area, unit.side, 2):
            return 2
    return None


def fire_targets(state: NapoleonicState, unit: Unit) -> list[Unit]:
    """NAP-5, NAP-6.1: the enemy units this one may fire at now (infantry of every kind, artillery)."""
    if not UNITS[unit.type].can_fire or not can_act(unit):
        return []
    return [t for t in state.units if fire_range(state, unit, t) is not None]


def protected(state: NapoleonicState, target: Unit) -> bool:
    """NAP-9: artillery with friendly infantry or cavalry in its area cannot be charged."""
    return arm(target) == "artillery" and any(
        u.area == target.area and u.side == target.side and arm(u) in ("infantry", "cavalry") for u in state.units)


def charge_targets(state: NapoleonicState, unit: Unit) -> list[Unit]:
    """NAP-5, NAP-7.1: the enemy units straight ahead this one may charge (not from square, not screened artillery)."""
    if not UNITS[unit.type].can_charge or not can_act(unit) or unit.in_square:
        return []
    near = ahead(unit.area, unit.side, 1)
    return [t for t in state.units
            if near is not None and t.area == near and t.side != unit.side and arm(t) != "leader" and not protected(state, t)]


def _arms_in(state: NapoleonicState, area: str, side: str) -> set[str]:
    return {arm(u) for u in state.units if u.area == area and u.side == side}


def fire_modifiers(state: NapoleonicState, firer: Unit, target: Unit) -> list[tuple[str, int]]:
    """NAP-6.3 and NAP-10: the firer's own and the situation's, each as (words with its rule, value)."""
    kind = UNITS[firer.type]
    mods = []
    if kind.fire_modifier:
        mods.append((f"{kind.label} firing (NAP-1)", kind.fire_modifier))
    if firer.in_square:
        m = _FIRE_MOD["firer_in_square"]
        mods.append((f"{m.label} ({m.rule})", m.value))
    if target.in_square and arm(target) == "infantry":
        m = _FIRE_MOD["infantry_at_square" if arm(firer) == "infantry" else "artillery_at_square"]
        mods.append((f"{m.label} ({m.rule})", m.value))
    return mods


def fire_needs(tables: MissingTables, firer: Unit, distance: int) -> int:
    """NAP-6.2 (missing in source, NAP-A.2): the total that hits, by the firing arm and, for artillery, the distance."""
    key = arm(firer) if distance == 1 else "artillery_far"
    return tables.fire[key]


def charge_modifiers(state: NapoleonicState, unit: Unit, charging: Unit | None, tables: MissingTables,
                     target: Unit | None = None) -> list[tuple[str, int]]:
    """NAP-7.2, NAP-7.3, NAP-10 for one side of a charge (NAP-A.5).

    ``charging`` is None for the unit that charges, else the charger the unit
    stands against.  The unit's quality, a friendly leader and combined arms
    count for both sides; the Charge Table's line for the charging arm and the
    square's -3 only for the charger; ``target`` is the charged unit.
    """
    kind = UNITS[unit.type]
    mods = []
    if kind.charge_modifier:
        mods.append((f"{kind.label} (NAP-1)", kind.charge_modifier))
    arms = _arms_in(state, unit.area, unit.side)
    if "leader" in arms:
        m = _CHARGE_MOD["leader"]
        mods.append((f"leader in the area ({m.rule})", m.value))
    if {"infantry", "cavalry", "artillery"} <= arms:
        m = _CHARGE_MOD["combined_arms"]
        mods.append((f"combined arms ({m.rule})", m.value))
    if charging is None:
        table = tables.charge.get(arm(unit), 0)
        if table:
            mods.append((f"Charge Table, {arm(unit)} charging (NAP-7.2)", table))
        if arm(unit) == "cavalry" and target is not None and arm(target) == "infantry" and target.in_square:
            m = _CHARGE_MOD["cavalry_at_square"]
            mods.append((f"{m.label} ({m.rule})", m.value))
    return mods


def part_intact(state: NapoleonicState, side: str, column: int) -> bool:
    """NAP-12, NAP-A.13: a non-leader unit of ``side`` in the part's line area or the central area of its column."""
    areas = part_areas(side, column)
    return any(u.side == side and u.area in areas and arm(u) != "leader" for u in state.units)


def broken_part(state: NapoleonicState, side: str) -> str | None:
    """The first part of ``side``'s battle line that has lost every unit (NAP-12 B), by its name; None while whole."""
    for column in range(3):
        if not part_intact(state, side, column):
            return PARTS[side][column]
    return None


def deployment_problem(side: str, placements: dict[str, str], units: list[Unit]) -> str | None:
    """NAP-2.1: every unit of ``side`` in its own line or reserve, a non-leader unit in each of its three line areas.

    ``placements`` is the whole placement: a unit not named in the command stands in the reserve.
    """
    own = {u.id: u for u in units if u.side == side}
    allowed = set(LINE_AREAS[side]) | {RESERVE[side]}
    for uid, area in placements.items():
        if uid not in own:
            return f"{uid} is not a unit of side {side}"
        if area not in allowed:
            return f"{uid}: side {side} deploys in {', '.join(LINE_AREAS[side])} or {RESERVE[side]}, not {area}"
    for area in LINE_AREAS[side]:
        if not any(a == area and UNITS[own[uid].type].arm != "leader" for uid, a in placements.items()):
            return f"{area} holds no unit; at least one unit (not a leader) starts in every battle-line area (NAP-2.1, NAP-A.13)"
    return None


def unit_order(uid: str) -> tuple:
    """Ids in their natural order: ``A2`` before ``A10``."""
    return (uid[0], int(uid[1:]) if uid[1:].isdigit() else 0, uid)
