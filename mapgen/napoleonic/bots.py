"""Napoleonic bots: pick one of the legal actions (:mod:`.actions`) by expected value, for ``simulate`` and the tests.

Simple and fast, but not foolish, so that ``simulate`` measures the tables
and not the bots' blunders.  A bot:

- deploys in depth (:func:`.actions.in_depth`: two or more units in each line
  area where it can, the guns spread, a quarter held back, cavalry first) with
  its leaders in the reserve, from where they rally (NAP-11.2);
- fires whenever it has a target (fire is safe, NAP-A.4), at the target
  whose expected loss, in NAP-1 production points, is highest, counting what
  the shot opens up: the last screen of a gun (NAP-9) shot away leaves the gun
  to its cavalry's charge next turn;
- charges only when the charge's expected value is positive: the margin's
  distribution is exact (2D6 + modifiers against 2D6 + modifiers), the
  square (NAP-10), an evading target (NAP-8) and the loser's fate (NAP-7.1)
  are counted;
- plays its arms together (NAP-3.1 puts the cavalry phase first): its
  cavalry declares a charge on infantry that its guns and infantry can then
  fire at, only to force the square (+2 to the guns, +1 to the muskets, -1 to
  the square's own fire, NAP-10) and calls it off when pressing would lose;
  a gun keeps its last screen, and a gun left bare gets one; militia, whose
  square fails half the time, forms square before the enemy cavalry can
  charge it, and infantry leaves a square that only draws fire;
- values a line part above everything: a unit that is the last to hold its
  part (NAP-12) is worth the battle, so it never moves it away, never risks
  it in a doubtful charge, never lets it evade, and sends a reserve to a part
  that is down to one unit;
- advances into the central zone when it is the attacker (the defender wins
  a stalemate, NAP-12) or ``aggressive``, never with a part's last unit;
- retreats (NAP-14) when what it has left on the field is under a share of
  the enemy's (``cautious`` earlier than ``aggressive``).

A unit in the Retreat Area is worth :data:`ROUTED_SHARE` of its cost (a
leader may rally it); a lost line part is worth the whole enemy army.  The
first bots (without the arms played together) are kept in
``bench/nap_bots_first.py``; ``bench/nap_bots_duel.py`` measures these against
them.
"""

from __future__ import annotations

from functools import lru_cache

from ..engine.records import evolve

from .actions import actions, in_depth
from .board import AREAS, RETREAT, ahead, neighbours, part_areas
from .rules import arm, can_act, charge_modifiers, fire_modifiers, fire_needs, fire_range, holds_enemy, on_board, protected, unit_order
from .state import NapoleonicState, Unit
from ..rulebooks.nap_units import UNITS
from .tables import CHARGE_MODIFIERS, LEADER_KILLED_ON, STALEMATE_TURNS

BEHAVIOURS = ("aggressive", "cautious")
#: [DEV] What a routed unit (in its Retreat Area) is still worth, as a share of its cost: a leader may rally it.
ROUTED_SHARE = 0.5
#: [DEV] A side retreats (NAP-14) once its strength on the field is under this share of the enemy's.
RETREAT_BELOW = {"aggressive": 0.35, "cautious": 0.5}
#: [DEV] Expected value, in production points, a charge must beat to be made.
CHARGE_MARGIN = {"aggressive": 0.0, "cautious": 1.0}
#: [DEV] Production points an advance into the central zone is worth besides its expected exchange of fire.
ADVANCE_BONUS = {"aggressive": 2.0, "cautious": 0.0}
#: [DEV] The share of next turn's charge on a gun that shooting away its last screen is worth now: the enemy may
#: screen it again, or move it, before the cavalry phase comes round.
EXPOSED_SHARE = 0.5
#: [DEV] Production points a move that screens a bare gun (NAP-9) is worth; above a reserve sent to a thin part (3).
SCREEN_VALUE = 4.0
#: [DEV] The chance the bot gives an enemy cavalry in reach of charging a unit next turn (it has other targets).
CHARGE_LIKELY = 0.5
#: [DEV] Production points being in square costs besides the fire it draws: it may not move or charge (NAP-10).
SQUARE_COST = 0.5
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


def _screens(state: NapoleonicState, target: Unit) -> Unit | None:
    """The gun ``target`` alone screens (NAP-9): an artillery unit of its side in its area with no other screen there."""
    if arm(target) not in ("infantry", "cavalry"):
        return None
    here = [u for u in state.units if u.area == target.area and u.side == target.side]
    if any(u.id != target.id and arm(u) in ("infantry", "cavalry") for u in here):
        return None
    return next((u for u in here if arm(u) == "artillery"), None)


def _chargers_for(state: NapoleonicState, side: str, area: str) -> list[tuple[Unit, str]]:
    """``side``'s cavalry that can charge ``area`` next turn, each with where it would charge from (one move at most)."""
    out = []
    for c in state.units:
        if c.side != side or arm(c) != "cavalry" or not on_board(c) or c.area == RETREAT[side]:
            continue
        for spot in (c.area, *neighbours(c.area)):
            if ahead(spot, side, 1) == area and (spot == c.area or not holds_enemy(state, spot, side)):
                out.append((c, spot))
                break
    return out


def shot_value(state: NapoleonicState, firer: Unit, target: Unit, tables) -> float:
    """:func:`fire_value`, and, when the target is a gun's last screen, a share of the charge on the bared gun."""
    value = fire_value(state, firer, target, tables)
    gun = _screens(state, target)
    if gun is None:
        return value
    chargers = _chargers_for(state, firer.side, target.area)
    if not chargers:
        return value
    gone = evolve(target, area=RETREAT[target.side])
    bare = evolve(state, units=tuple(gone if u.id == target.id else u for u in state.units))
    charge = max(charge_value(bare, evolve(c, area=spot, used=0), gun, tables) for c, spot in chargers)
    distance = fire_range(state, firer, target)
    hit = at_least(fire_needs(tables, firer, distance) - sum(v for _n, v in fire_modifiers(state, firer, target)))
    return value + hit * EXPOSED_SHARE * max(charge, 0.0)


def _charge_ev(state: NapoleonicState, charger: Unit, target: Unit, tables, square: bool) -> float:
    mine = sum(v for _n, v in charge_modifiers(state, charger, None, tables, None)) + (_SQUARE if square else 0)
    theirs = sum(v for _n, v in charge_modifiers(state, target, charger, tables))
    t_destroyed, t_routed, c_destroyed, c_routed = outcomes(mine - theirs, UNITS[target.type].destroyed_by_charge_from,
                                                            UNITS[charger.type].destroyed_by_charge_from)
    leaders = P_LEADER_KILL * (_leader_there(state, target) - _leader_there(state, charger))
    return _loss(state, target, t_destroyed, t_routed) - _loss(state, charger, c_destroyed, c_routed) + leaders


def _squared(state: NapoleonicState, target: Unit) -> tuple[NapoleonicState, Unit]:
    sq = evolve(target, in_square=True)
    return evolve(state, units=tuple(sq if u.id == target.id else u for u in state.units)), sq


def _best_shot(state: NapoleonicState, firer: Unit, tables) -> float:
    return max((fire_value(state, firer, t, tables) for t in state.units if fire_range(state, firer, t) is not None), default=0.0)


def square_gain(state: NapoleonicState, charger: Unit, target: Unit, tables) -> float:
    """What forcing ``target`` into square is worth to the charger's side, charge pressed or not (NAP-10, NAP-3.1).

    The cavalry phase comes first, so the charger's guns and infantry that
    can still act fire at the square this turn (+2 and +1): each gains the
    better shot over its best one now.  The square's own shot is at -1 (the
    action it must then spend to leave the square is not counted).
    """
    after, sq = _squared(state, target)
    gain = 0.0
    for f in state.units:
        if f.side == charger.side and f.id != charger.id and UNITS[f.type].can_fire and can_act(f) and fire_range(state, f, target):
            gain += max(0.0, fire_value(after, f, sq, tables) - _best_shot(state, f, tables))
    if UNITS[target.type].can_fire:
        gain += max(0.0, _best_shot(state, target, tables) - _best_shot(after, sq, tables))
    return gain


def charge_value(state: NapoleonicState, charger: Unit, target: Unit, tables) -> float:
    """Expected value of declaring this charge for the charger's side, in production points (NAP-7, NAP-8, NAP-10).

    Cavalry on infantry: the square forms (but for militia's failures), and
    the charge is pressed only when that pays; the square is worth
    :func:`square_gain` either way.
    """
    if arm(charger) == "cavalry" and arm(target) == "infantry":
        pressed = max(_charge_ev(state, charger, target, tables, True), 0.0)  # a square: press on or call it off
        if target.in_square:
            return pressed
        fails = UNITS[target.type].square_fails_up_to / 6
        held = pressed + square_gain(state, charger, target, tables)
        return fails * _charge_ev(state, charger, target, tables, False) + (1 - fails) * held
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


def _moved(state: NapoleonicState, unit: Unit, to: str) -> tuple[NapoleonicState, Unit]:
    moved = evolve(unit, area=to, used=unit.used + 1)
    return evolve(state, units=tuple(moved if u.id == unit.id else u for u in state.units)), moved


def _incoming(state: NapoleonicState, unit: Unit, tables) -> float:
    """The sum of every enemy unit's best attack on ``unit`` where it stands (fire one or two areas ahead, a charge)."""
    where = unit.area
    reach = [e for e in state.units if e.side != unit.side and on_board(e) and where in (ahead(e.area, e.side, 1), ahead(e.area, e.side, 2))]
    return sum(_attack_value(state, evolve(e, used=0), unit, tables) for e in reach)


def _prospect(state: NapoleonicState, unit: Unit, tables) -> float:
    """What ``unit`` may do from where it stands: its best attack (now with an action left, else halved: next turn,
    after the enemy's turn at it), less what the enemy may do to it there."""
    targets = [t for t in state.units if t.side != unit.side and arm(t) != "leader" and fire_range(state, unit, t) is not None]
    out = max((_attack_value(state, evolve(unit, used=0), t, tables) for t in targets), default=0.0)
    if unit.used >= UNITS[unit.type].actions:
        out *= 0.5
    return out - _incoming(state, unit, tables)


def _advance_value(state: NapoleonicState, unit: Unit, to: str, tables) -> float:
    """Moving into the central zone: what the unit may then do to the enemy line, less what the enemy may do to it there.

    One step of look-ahead on the state with the unit moved (:func:`_prospect`).
    """
    after, moved = _moved(state, unit, to)
    return _prospect(after, moved, tables)


def _bares_gun(state: NapoleonicState, unit: Unit, to: str) -> bool:
    """Moving ``unit`` away would leave a gun of its side in its area with no screen (NAP-9)."""
    return to != unit.area and _screens(state, unit) is not None


def _bare_gun_at(state: NapoleonicState, side: str, area: str) -> bool:
    """A gun of ``side`` in ``area``, a line or central area where it could be charged, with no screen (NAP-9)."""
    if AREAS[area].kind not in ("line", "mid"):
        return False
    here = [u for u in state.units if u.area == area and u.side == side]
    return any(arm(u) == "artillery" for u in here) and not any(arm(u) in ("infantry", "cavalry") for u in here)


def _move_value(state: NapoleonicState, unit: Unit, to: str, tables, press_on: bool, bonus: float) -> float:
    """How much a move helps: reinforce a part down to one holder, screen a bare gun, bring reserves up, advance into
    the central zone.

    Leaders stay in the Reserve Area, where they rally (NAP-11.2).
    """
    side = unit.side
    if arm(unit) == "leader" or _breaks_own_line(state, unit, to) or _bares_gun(state, unit, to):
        return -1.0
    here, there = AREAS[unit.area], AREAS[to]
    if arm(unit) in ("infantry", "cavalry") and _bare_gun_at(state, side, to):
        return SCREEN_VALUE
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


def _cavalry_threat(state: NapoleonicState, unit: Unit, tables) -> float:
    """The best enemy cavalry charge ``unit`` may meet next turn, were it not in square (cavalry in reach, one move)."""
    open_ = evolve(unit, in_square=False)
    after = evolve(state, units=tuple(open_ if u.id == unit.id else u for u in state.units))
    best = 0.0
    for c, spot in _chargers_for(state, "B" if unit.side == "A" else "A", unit.area):
        best = max(best, _charge_ev(after, evolve(c, area=spot), open_, tables, False))
    return best


def _square_value(state: NapoleonicState, unit: Unit, tables) -> float:
    """Forming square (positive) or leaving it (negative of staying): the cavalry charge a failed square would let in
    (only militia's fail, NAP-10), against the fire a square draws (+1, +2) and :data:`SQUARE_COST`."""
    fails = UNITS[unit.type].square_fails_up_to / 6
    risk = CHARGE_LIKELY * fails * _cavalry_threat(state, unit, tables)
    after, sq = _squared(state, unit)
    plain = evolve(unit, in_square=False)
    before = evolve(state, units=tuple(plain if u.id == unit.id else u for u in state.units))
    drawn = _incoming(after, sq, tables) - _incoming(before, plain, tables)
    return risk - drawn - SQUARE_COST


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
            v = shot_value(state, unit, state.unit(t), tables)
            if v > best[0]:
                best = (v, "fire", {**a.args, "target": t})
    for a in by.get("charge", ()):
        unit = state.unit(a.args["unit"])
        for t in a.choices["target"]:
            v = charge_value(state, unit, state.unit(t), tables)
            if v > CHARGE_MARGIN[behaviour] and v > best[0]:
                best = (v, "charge", {**a.args, "target": t})
    for a in by.get("leave_square", ()):
        v = -_square_value(state, state.unit(a.args["unit"]), tables)  # staying's worth, forgone
        if v > best[0]:
            best = (v, "leave_square", dict(a.args))
    for a in by.get("form_square", ()):
        v = _square_value(state, state.unit(a.args["unit"]), tables)
        if v > best[0]:
            best = (v, "form_square", dict(a.args))
    if best[1] != "turn":
        return best[1], best[2]
    for a in by.get("rally", ()):
        return "rally", {**a.args, "unit": max(a.choices["unit"], key=lambda t: UNITS[state.unit(t).type].cost)}
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
