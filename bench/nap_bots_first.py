"""The first Napoleonic bots, frozen as they were at commit da79917 (issue 28), for bench/nap_bots_duel.py only.

The baseline the better bots of mapgen/napoleonic/bots.py are measured against: a copy, so that the duel
stays reproducible whatever becomes of the live bots.  Not used by mapgen itself.
"""


from __future__ import annotations

from functools import lru_cache

from mapgen.engine.records import evolve

from mapgen.napoleonic.actions import actions, in_depth
from mapgen.napoleonic.board import AREAS, RETREAT, ahead, part_areas
from mapgen.napoleonic.rules import arm, charge_modifiers, fire_modifiers, fire_needs, fire_range, on_board, protected, unit_order
from mapgen.napoleonic.state import NapoleonicState, Unit
from mapgen.napoleonic.tables import CHARGE_MODIFIERS, LEADER_KILLED_ON, STALEMATE_TURNS
from mapgen.rulebooks.nap_units import UNITS

BEHAVIOURS = ("aggressive", "cautious")
#: [DEV] What a routed unit (in its Retreat Area) is still worth, as a share of its cost: a leader may rally it.
ROUTED_SHARE = 0.5
#: [DEV] A side retreats (NAP-14) once its strength on the field is under this share of the enemy's.
RETREAT_BELOW = {"aggressive": 0.35, "cautious": 0.5}
#: [DEV] Expected value, in production points, a charge must beat to be made.
CHARGE_MARGIN = {"aggressive": 0.0, "cautious": 1.0}
#: [DEV] Production points an advance into the central zone is worth besides its expected exchange of fire.
ADVANCE_BONUS = {"aggressive": 2.0, "cautious": 0.0}
_SQUARE = next(m.value for m in CHARGE_MODIFIERS if m.key == "cavalry_at_square")


@lru_cache(maxsize=None)
def _two_dice() -> dict[int, float]:
    return {s: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == s) / 36 for s in range(2, 13)}


@lru_cache(maxsize=None)
def at_least(need: int) -> float:
    """P(2D6 >= need)."""
    return sum(p for s, p in _two_dice().items() if s >= need)


@lru_cache(maxsize=None)
def margins(diff: int) -> dict[int, float]:
    """The distribution of (2D6 + diff) - 2D6: the charger's margin when its modifiers beat the target's by ``diff``."""
    out: dict[int, float] = {}
    for a, pa in _two_dice().items():
        for b, pb in _two_dice().items():
            out[a + diff - b] = out.get(a + diff - b, 0.0) + pa * pb
    return out


@lru_cache(maxsize=None)
def outcomes(diff: int, target_killed_from: int, charger_killed_from: int) -> tuple[float, float, float, float]:
    """P(target destroyed), P(target routed), P(charger destroyed), P(charger routed) of a charge (NAP-7.1)."""
    dist = margins(diff)
    return (sum(p for m, p in dist.items() if m >= target_killed_from), sum(p for m, p in dist.items() if 0 < m < target_killed_from),
            sum(p for m, p in dist.items() if m <= -charger_killed_from), sum(p for m, p in dist.items() if -charger_killed_from < m < 0))


def _column(unit: Unit) -> int | None:
    return AREAS[unit.area].column if unit.area in AREAS else None


def holders(state: NapoleonicState, side: str, column: int) -> list[Unit]:
    """The non-leader units keeping ``side``'s line part in ``column`` intact (NAP-12, NAP-A.13)."""
    areas = part_areas(side, column)
    return [u for u in state.units if u.side == side and u.area in areas and arm(u) != "leader"]


def last_holder(state: NapoleonicState, unit: Unit) -> bool:
    """Whether ``unit`` alone keeps its side's line part intact: losing it loses the battle."""
    column = _column(unit)
    if column is None or AREAS[unit.area].kind not in ("line", "mid") or arm(unit) == "leader":
        return False
    return len(holders(state, unit.side, column)) == 1


def strength(state: NapoleonicState, side: str) -> float:
    """Production points ``side`` still has: on the field in full, routed units in part."""
    total = 0.0
    for u in state.units:
        if u.side == side and on_board(u):
            total += UNITS[u.type].cost * (ROUTED_SHARE if u.area == RETREAT[side] else 1.0)
    return total


def _stake(state: NapoleonicState, unit: Unit) -> float:
    """What losing ``unit`` from its place would cost its side: its part's worth when it is the last to hold it."""
    if last_holder(state, unit):
        return strength(state, unit.side) + strength(state, "B" if unit.side == "A" else "A")
    return 0.0


def _loss(state: NapoleonicState, unit: Unit, destroyed: float, routed: float) -> float:
    """Expected production points lost when ``unit`` is destroyed with P ``destroyed`` and routed with P ``routed``."""
    cost = UNITS[unit.type].cost
    return destroyed * cost + routed * cost * (1 - ROUTED_SHARE) + (destroyed + routed) * _stake(state, unit)


def _leader_there(state: NapoleonicState, unit: Unit) -> float:
    """NAP-11.3: the cost of a leader in ``unit``'s area, which a natural 11 or 12 against it kills."""
    return max((UNITS[u.type].cost for u in state.units if u.area == unit.area and u.side == unit.side and arm(u) == "leader"), default=0)


P_LEADER_KILL = sum(_two_dice()[s] for s in LEADER_KILLED_ON)


def fire_value(state: NapoleonicState, firer: Unit, target: Unit, tables) -> float:
    """Expected loss of the enemy from this shot, in production points (NAP-6.1): fire risks nothing of the firer."""
    distance = fire_range(state, firer, target)
    mods = sum(v for _n, v in fire_modifiers(state, firer, target))
    hit = at_least(fire_needs(tables, firer, distance) - mods)
    destroy = UNITS[target.type].destroyed_by_fire_up_to / 6
    return _loss(state, target, hit * destroy, hit * (1 - destroy)) + P_LEADER_KILL * _leader_there(state, target)


def _charge_ev(state: NapoleonicState, charger: Unit, target: Unit, tables, square: bool) -> float:
    mine = sum(v for _n, v in charge_modifiers(state, charger, None, tables, None)) + (_SQUARE if square else 0)
    theirs = sum(v for _n, v in charge_modifiers(state, target, charger, tables))
    t_destroyed, t_routed, c_destroyed, c_routed = outcomes(mine - theirs, UNITS[target.type].destroyed_by_charge_from,
                                                            UNITS[charger.type].destroyed_by_charge_from)
    leaders = P_LEADER_KILL * (_leader_there(state, target) - _leader_there(state, charger))
    return _loss(state, target, t_destroyed, t_routed) - _loss(state, charger, c_destroyed, c_routed) + leaders


def charge_value(state: NapoleonicState, charger: Unit, target: Unit, tables) -> float:
    """Expected value of declaring this charge for the charger's side, in production points (NAP-7, NAP-8, NAP-10)."""
    if arm(charger) == "cavalry" and arm(target) == "infantry":
        pressed = max(_charge_ev(state, charger, target, tables, True), 0.0)  # a square: press on or call it off
        if target.in_square:
            return pressed
        fails = UNITS[target.type].square_fails_up_to / 6
        return fails * _charge_ev(state, charger, target, tables, False) + (1 - fails) * pressed
    stood = _charge_ev(state, charger, target, tables, False)
    if arm(charger) == "infantry" and arm(target) == "cavalry" and not last_holder(state, target):
        return min(stood, 0.0)  # the cavalry evades when standing would cost it (NAP-8); evading is free
    return stood


def _placement(state: NapoleonicState, side: str, offered: tuple) -> list[str]:
    """The placement in depth among those offered (:func:`.actions.in_depth`), else the first."""
    fighters = sorted((u for u in state.units if u.side == side and arm(u) != "leader"), key=lambda u: unit_order(u.id))
    deep = in_depth(fighters, side)
    for words in offered:
        named = {uid: w.split("=")[0] for w in words for uid in w.split("=")[1].split(",")}
        if all(named.get(uid) == area for uid, area in deep.items()):
            return list(words)
    return list(offered[0])


def _breaks_own_line(state: NapoleonicState, unit: Unit, to: str) -> bool:
    """Moving ``unit`` to ``to`` would leave its part with no holder."""
    column = _column(unit)
    if column is None or not last_holder(state, unit):
        return False
    return to not in part_areas(unit.side, column)


def _attack_value(state: NapoleonicState, unit: Unit, target: Unit, tables) -> float:
    """The best of firing at and charging ``target`` for ``unit``, where the rules allow it (0: neither)."""
    best = 0.0
    if UNITS[unit.type].can_fire and fire_range(state, unit, target) is not None:
        best = fire_value(state, unit, target, tables)
    if UNITS[unit.type].can_charge and not unit.in_square and fire_range(state, unit, target) == 1 and not protected(state, target):
        best = max(best, charge_value(state, unit, target, tables))
    return best


def _advance_value(state: NapoleonicState, unit: Unit, to: str, tables) -> float:
    """Moving into the central zone: what the unit may then do to the enemy line, less what the enemy may do to it there.

    One step of look-ahead on the state with the unit moved: its best attack
    on the area ahead (now, for cavalry with an action left; else next turn,
    after the enemy's turn at it, so halved), against the sum of every enemy
    unit's best attack on it.
    """
    moved = evolve(unit, area=to, used=unit.used + 1)
    after = evolve(state, units=tuple(moved if u.id == unit.id else u for u in state.units))
    targets = [t for t in after.units if t.side != unit.side and arm(t) != "leader" and fire_range(after, moved, t) is not None]
    out = max((_attack_value(after, evolve(moved, used=0), t, tables) for t in targets), default=0.0)
    if moved.used >= UNITS[unit.type].actions:
        out *= 0.5
    reach = {e.id for e in after.units if e.side != unit.side and on_board(e) and to in (ahead(e.area, e.side, 1), ahead(e.area, e.side, 2))}
    incoming = sum(_attack_value(after, evolve(e, used=0), moved, tables) for e in after.units if e.id in reach)
    return out - incoming


def _move_value(state: NapoleonicState, unit: Unit, to: str, tables, press_on: bool, bonus: float) -> float:
    """How much a move helps: reinforce a part down to one holder, bring reserves up, advance into the central zone.

    Leaders stay in the Reserve Area, where they rally (NAP-11.2).
    """
    side = unit.side
    if arm(unit) == "leader" or _breaks_own_line(state, unit, to):
        return -1.0
    here, there = AREAS[unit.area], AREAS[to]
    if there.kind == "line" and here.kind in ("reserve", "line"):
        need = len(holders(state, side, there.column))
        if here.kind == "line" and len(holders(state, side, here.column)) <= need + 1:
            return 0.0  # do not shuffle between two parts about as strong
        return 3.0 / need if need else 100.0
    if there.kind == "mid" and here.kind == "line":
        if arm(unit) == "artillery" or sum(1 for u in holders(state, side, here.column) if u.area == unit.area) < 2:
            return 0.0  # a holder stays in the line area, out of the enemy infantry's reach; the guns fire from the line
        value = _advance_value(state, unit, to, tables)
        return value + bonus + (UNITS[unit.type].cost if press_on else 0.0)
    return 0.0


def choose(state: NapoleonicState, side: str, board, behaviour: str) -> tuple[str, dict]:
    """The command (record name, fields) ``side`` plays now: one of its legal actions, with its choice made."""
    legal = actions(state, side, board)
    if not legal:
        raise ValueError(f"side {side} has nothing to do now")
    tables = board.tables
    by: dict[str, list] = {}
    for a in legal:
        by.setdefault(a.command, []).append(a)
    if "deploy" in by:
        return "deploy", {"side": side, "placements": _placement(state, side, by["deploy"][0].choices["placements"])}
    if "pursue" in by:
        return "pursue", dict(by["pursue"][0].args)
    p = state.pending
    if p is not None:
        charger, target = state.unit(p.charger), state.unit(p.target)
        if p.kind == "square":
            good = _charge_ev(state, charger, target, tables, True) > CHARGE_MARGIN[behaviour]
            return ("press" if good else "call_off"), {"unit": p.charger}
        stand = -_charge_ev(state, charger, target, tables, False) >= 0 or last_holder(state, target)
        return ("stand" if stand else "evade"), {"unit": p.target}
    enemy = "B" if side == "A" else "A"
    if "retreat" in by and strength(state, side) < RETREAT_BELOW[behaviour] * strength(state, enemy):
        return "retreat", {"side": side}
    best: tuple[float, str, dict] = (0.0, "turn", {})
    for a in by.get("fire", ()):
        unit = state.unit(a.args["unit"])
        for t in a.choices["target"]:
            v = fire_value(state, unit, state.unit(t), tables)
            if v > best[0]:
                best = (v, "fire", {**a.args, "target": t})
    for a in by.get("charge", ()):
        unit = state.unit(a.args["unit"])
        for t in a.choices["target"]:
            v = charge_value(state, unit, state.unit(t), tables)
            if v > CHARGE_MARGIN[behaviour] and v > best[0]:
                best = (v, "charge", {**a.args, "target": t})
    if best[1] != "turn":
        return best[1], best[2]
    for a in by.get("rally", ()):
        return "rally", {**a.args, "unit": max(a.choices["unit"], key=lambda t: UNITS[state.unit(t).type].cost)}
    for a in by.get("leave_square", ()):
        unit = state.unit(a.args["unit"])
        near = ahead(unit.area, side, 1)
        if not any(u.area == near and u.side == enemy and arm(u) == "cavalry" for u in state.units):
            return "leave_square", dict(a.args)
    # NAP-12: the attacker that neither fires nor enters the central zone for two turns loses; press on before then
    press_on = side == state.attacker and state.quiet_turns >= STALEMATE_TURNS - 1 and not state.stirred
    moves = []
    for a in by.get("move", ()):
        unit = state.unit(a.args["unit"])
        for to in a.choices["to"]:
            v = _move_value(state, unit, to, tables, press_on, ADVANCE_BONUS[behaviour])
            if v > 0:
                moves.append((v, -UNITS[unit.type].cost, unit.id, to))
    if moves:
        v, _c, uid, to = max(moves)
        return "move", {"unit": uid, "to": to}
    return "turn", {}

