"""The Napoleonic battle's commands and their handlers: pure functions of the state, the dice and the field.

Each handler checks the command against the rules (:mod:`.rules`), refuses
with :class:`~mapgen.engine.CommandError` naming the rule, or returns the
new state with its log lines.  Dice are thrown at places named by the
state's log length, so ``undo`` and the same command bring the same faces.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import CommandError, Turn
from ..engine.records import evolve
from .board import AREAS, MID_AREAS, RESERVE, RETREAT, neighbours, other
from .rules import (
    arm, broken_part, can_act, charge_modifiers, charge_targets, deployment_problem, fire_modifiers, fire_needs, fire_range,
    fire_targets, move_targets, on_board, unit_order,
)
from .state import DESTROYED, PHASE_ORDER, Entry, NapoleonicState, Pending, Result, Unit
from ..rulebooks.nap_units import UNITS
from .tables import LEADER_KILLED_ON, STALEMATE_TURNS, VOLUNTARY_RETREAT_AFTER, MissingTables


# --- the commands --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deploy:
    """NAP-2.1: one side's placement, in secret, as typed: ``AREA=UNIT,UNIT`` per area (the rest wait in the reserve)."""

    side: str
    placements: tuple[str, ...]


@dataclass(frozen=True)
class Move:
    unit: str
    to: str


@dataclass(frozen=True)
class Fire:
    unit: str
    target: str


@dataclass(frozen=True)
class Charge:
    unit: str
    target: str


@dataclass(frozen=True)
class FormSquare:
    """NAP-10: infantry forms square on purpose, as an action of the infantry phase."""

    unit: str


@dataclass(frozen=True)
class LeaveSquare:
    """NAP-10 item 5: leaving square costs an action in the infantry's own phase."""

    unit: str


@dataclass(frozen=True)
class Press:
    """NAP-10: the cavalry carries on with its charge against the square."""

    unit: str


@dataclass(frozen=True)
class CallOff:
    """NAP-10: the cavalry cancels its charge; the action stays spent."""

    unit: str


@dataclass(frozen=True)
class Evade:
    """NAP-8: cavalry charged by infantry falls back to its Reserve Area; no roll."""

    unit: str


@dataclass(frozen=True)
class Stand:
    """NAP-8: cavalry charged by infantry takes the charge."""

    unit: str


@dataclass(frozen=True)
class Rally:
    """NAP-11.2: a leader in its Reserve Area tries to bring a unit back from the Retreat Area."""

    leader: str
    unit: str


@dataclass(frozen=True)
class Retreat:
    """NAP-14: a side leaves the field of its own choice, losing the battle."""

    side: str


@dataclass(frozen=True)
class Pursue:
    """NAP-15: the winner pursues; ``losses`` is the order in which hits take the loser's units (the rest follow)."""

    side: str
    losses: tuple[str, ...] = ()


# --- shared steps ---------------------------------------------------------------------------------------


def _line(state: NapoleonicState, rule: str, text: str, seat: str | None = None, thrown=None) -> Entry:
    if thrown is None:
        return Entry(state.turn, rule, text, seat)
    return Entry(state.turn, rule, text, seat, thrown.dice, tuple(thrown.faces), thrown.total, thrown.entered)


def _throw(dice, state: NapoleonicState, what: str, expr: str = "2D6", modifiers=()):
    """Roll at a place named by the moment and the log's length: the same state throws the same faces."""
    return dice.throw(expr, f"nap/{state.turn}/{state.phase}/{len(state.log)}/{what}", [_Mod(n, v) for n, v in modifiers])


@dataclass(frozen=True)
class _Mod:
    name: str
    value: int


def _mods_words(mods) -> str:
    return "".join(f" {v:+d} {n}" for n, v in mods)


def _with_unit(state: NapoleonicState, unit: Unit, **changes) -> NapoleonicState:
    new = evolve(unit, **changes)
    return evolve(state, units=tuple(new if u.id == unit.id else u for u in state.units))


def _unit(state: NapoleonicState, uid: str) -> Unit:
    u = state.unit(uid)
    if u is None:
        raise CommandError(f"no unit {uid!r} (units: {', '.join(x.id for x in state.units)})")
    return u


def _battle(state: NapoleonicState) -> None:
    if state.stage == "deployment":
        raise CommandError("both sides deploy first, in secret (NAP-2.1)")
    if state.stage != "battle":
        raise CommandError(f"the battle is over; {state.winner} won and may pursue (NAP-15)")


def _own_phase(state: NapoleonicState, unit: Unit) -> None:
    """The unit's side acts now, in the phase of the unit's arm, with nothing waiting for a choice (NAP-3.1)."""
    _battle(state)
    if state.pending is not None:
        raise CommandError(_waiting(state))
    if unit.side != state.acting:
        raise CommandError(f"it is side {state.acting}'s part of the {state.phase} phase, not side {unit.side}'s (NAP-3.1)")
    if arm(unit) != state.phase:
        raise CommandError(f"{unit.id} ({UNITS[unit.type].label}) acts in the {arm(unit)} phase; this is the {state.phase} phase (NAP-3.1)")
    if not on_board(unit):
        raise CommandError(f"{unit.id} is {unit.area}")
    if unit.area == RETREAT[unit.side]:
        raise CommandError(f"{unit.id} is in the Retreat Area and cannot act until a leader rallies it (NAP-4.2, NAP-11.2)")
    if not can_act(unit):
        raise CommandError(f"{unit.id} has spent its {UNITS[unit.type].actions} action(s) this battle turn (NAP-3.2)")


def _waiting(state: NapoleonicState) -> str:
    p = state.pending
    if p.kind == "square":
        return f"side {p.chooser} first presses or calls off {p.charger}'s charge on the square {p.target} (NAP-10)"
    return f"side {p.chooser} first has {p.target} evade or stand against {p.charger}'s charge (NAP-8)"


def _spend(state: NapoleonicState, unit: Unit) -> NapoleonicState:
    return evolve(_with_unit(state, unit, used=unit.used + 1), acted=True)


def _remove(state: NapoleonicState, unit: Unit, destroyed: bool) -> NapoleonicState:
    """Destroyed and removed from play, or placed in its own Retreat Area; either way out of square."""
    return _with_unit(state, state.unit(unit.id), area=DESTROYED if destroyed else RETREAT[unit.side], in_square=False)


def _leader_check(state: NapoleonicState, dice, thrown, area: str, side: str, what: str) -> NapoleonicState:
    """NAP-11.3, NAP-A.6: a natural 11 or 12 against a unit of ``side`` in ``area`` kills a leader there (one at random)."""
    if sum(thrown.faces) not in LEADER_KILLED_ON:
        return state
    leaders = sorted((u for u in state.units if u.area == area and u.side == side and arm(u) == "leader"), key=lambda u: unit_order(u.id))
    if not leaders:
        return state
    victim = leaders[0]
    if len(leaders) > 1:
        pick = _throw(dice, state, f"{what}/leader", f"1D{len(leaders)}")
        victim = leaders[pick.faces[0] - 1]
    state = _remove(state, victim, True)
    return evolve(state, log=state.log + (_line(state, "NAP-11.3", f"natural {sum(thrown.faces)}: leader {victim.id} ({victim.name}) in {area} is killed"),))


def _words(u: Unit) -> str:
    return f"{u.id} ({u.name})"


# --- deployment -----------------------------------------------------------------------------------------


def deploy(state: NapoleonicState, cmd: Deploy, dice, board) -> NapoleonicState:
    if state.stage != "deployment":
        raise CommandError("both armies are deployed already; the battle is on (NAP-2.1)")
    if cmd.side not in ("A", "B"):
        raise CommandError(f"side {cmd.side!r}: the sides are A and B")
    if cmd.side in state.deployed:
        raise CommandError(f"side {cmd.side} has deployed already; the divider stays until side {other(cmd.side)} has too (NAP-2.1)")
    pairs = []
    for part in cmd.placements:
        name, eq, ids = str(part).partition("=")
        if not eq or name not in AREAS or not ids:
            raise CommandError(f"{part!r}: give AREA=UNIT,UNIT..., e.g. {RESERVE[cmd.side]}=A10")
        pairs += [(uid, name) for uid in ids.split(",")]
    placements = dict(pairs)
    if len(placements) != len(pairs):
        raise CommandError("a unit is placed twice")
    # a unit the command does not name waits in the reserve (NAP-2.1 allows the reserve)
    placements = {**{u.id: RESERVE[cmd.side] for u in state.units if u.side == cmd.side}, **placements}
    problem = deployment_problem(cmd.side, placements, list(state.units))
    if problem:
        raise CommandError(f"{problem} (NAP-2.1)")
    units = tuple(evolve(u, area=placements[u.id]) if u.id in placements else u for u in state.units)
    state = evolve(state, units=units, deployed=state.deployed + (cmd.side,))
    secret = _line(state, "NAP-2.1", f"side {cmd.side} deploys behind the divider: {_placement_words(state, cmd.side)}", seat=cmd.side)
    state = evolve(state, log=state.log + (secret, _line(state, "NAP-2.1", f"side {cmd.side} has placed its army behind the divider")))
    if len(state.deployed) < 2:
        return state
    reveal = [_line(state, "NAP-2.1", f"the divider is lifted: side {s} {_placement_words(state, s)}") for s in (state.attacker, state.defender)]
    state = evolve(state, stage="battle", turn=1, phase=PHASE_ORDER[0], acting=state.attacker, acted=False, log=state.log + tuple(reveal))
    state = evolve(state, log=state.log + (_line(state, "NAP-3.1", f"battle turn 1 begins; side {state.attacker} attacks and acts first in every phase"),))
    return _skip_idle(state)


def _placement_words(state: NapoleonicState, side: str) -> str:
    by_area: dict[str, list[str]] = {}
    for u in sorted((u for u in state.units if u.side == side), key=lambda u: unit_order(u.id)):
        by_area.setdefault(u.area, []).append(u.id)
    return "; ".join(f"{area} {' '.join(ids)}" for area, ids in sorted(by_area.items(), key=lambda kv: list(AREAS).index(kv[0])))


# --- the turn -------------------------------------------------------------------------------------------


def _has_phase(state: NapoleonicState, side: str, phase: str) -> bool:
    """Whether ``side`` has a piece of this phase's arm on the board out of its Retreat Area (else its half is skipped)."""
    return any(u.side == side and arm(u) == phase and on_board(u) and u.area != RETREAT[side] for u in state.units)


def _skip_idle(state: NapoleonicState) -> NapoleonicState:
    """Pass over a half-phase whose side has no piece of that arm on the board (ruling: nothing to do, nothing asked)."""
    while state.stage == "battle" and not _has_phase(state, state.acting, state.phase):
        state = _next_half(state)
    return state


def _next_half(state: NapoleonicState) -> NapoleonicState:
    """The defender's half after the attacker's; then the next phase; after the leader phase, the next battle turn."""
    if state.acting == state.attacker:
        return evolve(state, acting=state.defender, acted=False)
    i = PHASE_ORDER.index(state.phase)
    if i + 1 < len(PHASE_ORDER):
        return evolve(state, phase=PHASE_ORDER[i + 1], acting=state.attacker, acted=False)
    return _end_turn(state)


def _end_turn(state: NapoleonicState) -> NapoleonicState:
    """NAP-12 stalemate count, then a new battle turn: every unit's actions afresh (NAP-3.2)."""
    quiet = 0 if state.stirred else state.quiet_turns + 1
    if quiet >= STALEMATE_TURNS:
        state = evolve(state, quiet_turns=quiet)
        return _end_battle(state, state.defender, f"stalemate: {STALEMATE_TURNS} full battle turns with no fire and no move into "
                                                  f"the central zone; the defender wins (NAP-12)")
    units = tuple(evolve(u, used=0) if u.used else u for u in state.units)
    state = evolve(state, units=units, turn=state.turn + 1, phase=PHASE_ORDER[0], acting=state.attacker, acted=False,
                   quiet_turns=quiet, stirred=False)
    return evolve(state, log=state.log + (_line(state, "NAP-3.1", f"battle turn {state.turn} begins"),))


def end_half(state: NapoleonicState, cmd: Turn, dice, board) -> NapoleonicState:
    """``turn``: the acting side is done with this phase; in the pursuit, the winner does not pursue."""
    if state.stage == "pursuit":
        state = evolve(state, log=state.log + (_line(state, "NAP-15", f"side {state.winner} does not pursue"),))
        return _finish(state)
    _battle(state)
    if state.pending is not None:
        raise CommandError(_waiting(state))
    done = _line(state, "NAP-3.1", f"side {state.acting} ends its part of the {state.phase} phase")
    return _skip_idle(_next_half(evolve(state, log=state.log + (done,))))


def _end_battle(state: NapoleonicState, winner: str, reason: str) -> NapoleonicState:
    """NAP-12: the battle is won; the winner pursues (NAP-15) when it has a unit that may, else the battle is over."""
    state = evolve(state, stage="pursuit", pending=None, result=Result(winner, reason))
    state = evolve(state, log=state.log + (_line(state, "NAP-12", f"side {winner} wins: {reason}"),))
    if not pursuers(state):
        return _finish(state)
    return state


def _finish(state: NapoleonicState) -> NapoleonicState:
    """After pursuit: the winner's routed units rejoin (NAP-15); the loser retreats on the strategic map (NAP-13, off the board)."""
    winner = state.winner
    loser = other(winner)
    units = tuple(evolve(u, area=RESERVE[winner]) if u.side == winner and u.area == RETREAT[winner] else u for u in state.units)
    if loser == state.attacker:
        retreat = f"side {loser}, the attacker, retreats to one or more of the regions it came from (NAP-13.1)"
    else:
        retreat = (f"side {loser}, the defender, retreats to adjacent regions with no enemy units, not those side {winner} "
                   f"came from; an army that cannot retreat loses all its pieces (NAP-13.2, NAP-13.3)")
    survivors = sum(1 for u in units if u.side == loser and u.area != DESTROYED)
    state = evolve(state, units=units, stage="over", result=evolve(state.result, retreat=retreat))
    lines = (_line(state, "NAP-15", f"side {winner}'s units in its Retreat Area rejoin the army"),
             _line(state, "NAP-13", f"{retreat}; {survivors} of its units are left (played on the strategic map, not here)"))
    return evolve(state, log=state.log + lines)


def settle(state: NapoleonicState, dice, board, start: int) -> NapoleonicState:
    """After every command of the battle: a battle line with a part lost ends it (NAP-12 B)."""
    if state.stage != "battle":
        return state
    for side in (other(state.acting), state.acting):
        part = broken_part(state, side)
        if part is not None:
            return _end_battle(state, other(side), f"side {side}'s battle line has lost its {part} (NAP-12)")
    return state


# --- actions of the phase ---------------------------------------------------------------------------------


def move(state: NapoleonicState, cmd: Move, dice, board) -> NapoleonicState:
    unit = _unit(state, cmd.unit)
    _own_phase(state, unit)
    if cmd.to not in AREAS:
        raise CommandError(f"no area {cmd.to!r}: one of {', '.join(AREAS)}")
    allowed = move_targets(state, unit)
    if cmd.to not in allowed:
        raise CommandError(f"{unit.id} cannot move from {unit.area} to {cmd.to}: {_why_not_move(state, unit, cmd.to)}")
    state = _spend(state, unit)
    state = _with_unit(state, state.unit(unit.id), area=cmd.to)
    if cmd.to in MID_AREAS:
        state = evolve(state, stirred=True)
    return evolve(state, log=state.log + (_line(state, "NAP-4", f"{_words(unit)} moves from {unit.area} to {cmd.to}"),))


def _why_not_move(state: NapoleonicState, unit: Unit, to: str) -> str:
    if unit.in_square:
        return "infantry in square may not move (NAP-10 item 6)"
    if to not in neighbours(unit.area):
        return "not adjacent; moves go to a next area in the row or the column, never diagonally (NAP-4.3, NAP-2.2)"
    if AREAS[to].kind in ("reserve", "retreat") and AREAS[to].owner != unit.side:
        return "the enemy's reserve and retreat boxes are not part of the field (ruling)"
    if any(u.area == to and u.side != unit.side for u in state.units):
        return "it holds enemy units (NAP-A.12)"
    return f"{unit.area} and {to} are both next to enemy units (zone of control, NAP-4.1)"


def fire(state: NapoleonicState, cmd: Fire, dice, board) -> NapoleonicState:
    unit, target = _unit(state, cmd.unit), _unit(state, cmd.target)
    _own_phase(state, unit)
    if not UNITS[unit.type].can_fire:
        raise CommandError(f"{unit.id} ({UNITS[unit.type].label}) cannot fire (NAP-3.2)")
    if target not in fire_targets(state, unit):
        raise CommandError(f"{unit.id} in {unit.area} cannot fire at {target.id} in {target.area}: {_why_not_target(state, unit, target)}")
    distance = fire_range(state, unit, target)
    tables: MissingTables = board.tables
    needs = fire_needs(tables, unit, distance)
    mods = fire_modifiers(state, unit, target)
    state = evolve(_spend(state, unit), stirred=True)
    shot = _throw(dice, state, "fire", "2D6", mods)
    hit = shot.total >= needs
    at = f" at {distance} areas" if distance == 2 else ""
    text = (f"{_words(unit)} fires at {_words(target)} in {target.area}{at}: 2D6 {'+'.join(map(str, shot.faces))}{_mods_words(mods)} "
            f"= {shot.total}, needs {needs} (Fire Table [DEV]): {'hit' if hit else 'miss'}")
    entries = [_line(state, "NAP-6.1", text, thrown=shot)]
    if hit:
        effect = _throw(dice, state, "fire-effect", "1D6")
        destroyed = effect.faces[0] <= UNITS[target.type].destroyed_by_fire_up_to
        upto = UNITS[target.type].destroyed_by_fire_up_to
        entries.append(_line(state, "NAP-6.1", f"effect 1D6 {effect.faces[0]} (1-{upto} destroys): {target.id} "
                                               f"{'is destroyed' if destroyed else 'goes to its Retreat Area'}", thrown=effect))
        state = _remove(evolve(state, log=state.log + tuple(entries)), target, destroyed)
    else:
        state = evolve(state, log=state.log + tuple(entries))
    return _leader_check(state, dice, shot, target.area, target.side, "fire")


def _why_not_target(state: NapoleonicState, unit: Unit, target: Unit) -> str:
    if target.side == unit.side:
        return "it is a friendly unit"
    if arm(target) == "leader":
        return "leaders cannot be targets (NAP-11.3)"
    if AREAS[unit.area].kind not in ("line", "mid"):
        return "units in a Reserve or Retreat Area cannot attack (NAP-A.18)"
    if not on_board(target):
        return f"it is {target.area}"
    return "only units straight ahead, in the same column, may be attacked; artillery two areas over an empty one (NAP-5)"


def charge(state: NapoleonicState, cmd: Charge, dice, board) -> NapoleonicState:
    unit, target = _unit(state, cmd.unit), _unit(state, cmd.target)
    _own_phase(state, unit)
    if not UNITS[unit.type].can_charge:
        raise CommandError(f"{unit.id} ({UNITS[unit.type].label}) cannot charge (NAP-3.2, NAP-7.1)")
    if unit.in_square:
        raise CommandError(f"{unit.id} is in square and may not charge (NAP-10 item 6)")
    if target not in charge_targets(state, unit):
        if arm(target) == "artillery" and target.side != unit.side and fire_range(state, unit, target) == 1:
            raise CommandError(f"{target.id} is screened by friendly infantry or cavalry in {target.area} and cannot be charged (NAP-9)")
        raise CommandError(f"{unit.id} in {unit.area} cannot charge {target.id} in {target.area}: {_why_not_target(state, unit, target)}")
    state = _spend(state, unit)
    declared = _line(state, "NAP-7.1", f"{_words(unit)} charges {_words(target)} in {target.area}")
    state = evolve(state, log=state.log + (declared,))
    if arm(unit) == "cavalry" and arm(target) == "infantry":
        if not target.in_square:
            fails = UNITS[target.type].square_fails_up_to
            if fails:
                roll = _throw(dice, state, "square", "1D6")
                failed = roll.faces[0] <= fails
                state = evolve(state, log=state.log + (_line(state, "NAP-10", f"{target.id} tries to form square: 1D6 {roll.faces[0]} "
                                                                              f"(1-{fails} fails): {'fails' if failed else 'in square'}",
                                                             thrown=roll),))
                if failed:
                    return _resolve(state, dice, board, unit.id, target.id)
            else:
                state = evolve(state, log=state.log + (_line(state, "NAP-10", f"{target.id} forms square at once (no action spent)"),))
            state = _with_unit(state, state.unit(target.id), in_square=True)
        return evolve(state, pending=Pending("square", unit.id, target.id))
    if arm(unit) == "infantry" and arm(target) == "cavalry":
        return evolve(state, pending=Pending("evade", unit.id, target.id))
    return _resolve(state, dice, board, unit.id, target.id)


def _resolve(state: NapoleonicState, dice, board, charger_id: str, target_id: str) -> NapoleonicState:
    """NAP-7.1 steps 4-6: both roll 2D6 with their modifiers; the loser by 1-2 retreats, by 3 or more (elite 4) is destroyed."""
    charger, target = state.unit(charger_id), state.unit(target_id)
    tables = board.tables
    cmods = charge_modifiers(state, charger, None, tables, target)
    tmods = charge_modifiers(state, target, charger, tables)
    c = _throw(dice, state, f"charge/{charger.side}", "2D6", cmods)
    t = _throw(dice, state, f"charge/{target.side}", "2D6", tmods)
    rolls = (f"{charger.id} 2D6 {'+'.join(map(str, c.faces))}{_mods_words(cmods)} = {c.total}; "
             f"{target.id} 2D6 {'+'.join(map(str, t.faces))}{_mods_words(tmods)} = {t.total}")
    margin = abs(c.total - t.total)
    # one line, both throws: the charger's faces, then the charged unit's
    entries = [Entry(state.turn, "NAP-7.1", f"charge: {rolls}", None, "2D6 each", tuple(c.faces) + tuple(t.faces), c.total,
                     c.entered and t.entered)]
    if margin == 0:
        entries.append(_line(state, "NAP-A.3", "a tie: no effect"))
        state = evolve(state, pending=None, log=state.log + tuple(entries))
    else:
        winner, loser = (charger, target) if c.total > t.total else (target, charger)
        destroyed = margin >= UNITS[loser.type].destroyed_by_charge_from
        entries.append(_line(state, "NAP-7.1", f"{winner.id} wins by {margin}: {_words(loser)} "
                                               f"{'is destroyed' if destroyed else 'goes to its Retreat Area'}"))
        state = _remove(evolve(state, pending=None, log=state.log + tuple(entries)), loser, destroyed)
    state = _leader_check(state, dice, c, target.area, target.side, "charge-target")
    return _leader_check(state, dice, t, charger.area, charger.side, "charge-charger")


def _pending(state: NapoleonicState, kind: str, uid: str, role: str) -> Pending:
    _battle(state)
    p = state.pending
    if p is None or p.kind != kind or getattr(p, role) != uid:
        what = {"square": f"a charge of {uid} on a square (NAP-10)", "evade": f"a charge by infantry on {uid} (NAP-8)"}[kind]
        raise CommandError(f"nothing waits for {what}" + (f"; {_waiting(state)}" if p else ""))
    return p


def press(state: NapoleonicState, cmd: Press, dice, board) -> NapoleonicState:
    p = _pending(state, "square", cmd.unit, "charger")
    state = evolve(state, log=state.log + (_line(state, "NAP-10", f"{p.charger} presses home its charge on the square {p.target}"),))
    return _resolve(state, dice, board, p.charger, p.target)


def call_off(state: NapoleonicState, cmd: CallOff, dice, board) -> NapoleonicState:
    p = _pending(state, "square", cmd.unit, "charger")
    return evolve(state, pending=None, log=state.log + (_line(state, "NAP-10", f"{p.charger} calls off its charge on the square "
                                                                               f"{p.target}; the action is spent"),))


def evade(state: NapoleonicState, cmd: Evade, dice, board) -> NapoleonicState:
    p = _pending(state, "evade", cmd.unit, "target")
    target = state.unit(p.target)
    state = _with_unit(evolve(state, pending=None), target, area=RESERVE[target.side])
    return evolve(state, log=state.log + (_line(state, "NAP-8", f"{_words(target)} evades to {RESERVE[target.side]}; "
                                                                f"{p.charger}'s action is spent (NAP-A.14)"),))


def stand(state: NapoleonicState, cmd: Stand, dice, board) -> NapoleonicState:
    p = _pending(state, "evade", cmd.unit, "target")
    state = evolve(state, log=state.log + (_line(state, "NAP-8", f"{p.target} stands against {p.charger}'s charge"),))
    return _resolve(state, dice, board, p.charger, p.target)


def form_square(state: NapoleonicState, cmd: FormSquare, dice, board) -> NapoleonicState:
    unit = _unit(state, cmd.unit)
    _own_phase(state, unit)
    if unit.in_square:
        raise CommandError(f"{unit.id} is in square already")
    state = evolve(_with_unit(state, unit, in_square=True, used=unit.used + 1), acted=True)
    return evolve(state, log=state.log + (_line(state, "NAP-10", f"{_words(unit)} forms square"),))


def leave_square(state: NapoleonicState, cmd: LeaveSquare, dice, board) -> NapoleonicState:
    unit = _unit(state, cmd.unit)
    _own_phase(state, unit)
    if not unit.in_square:
        raise CommandError(f"{unit.id} is not in square")
    state = evolve(_with_unit(state, unit, in_square=False, used=unit.used + 1), acted=True)
    return evolve(state, log=state.log + (_line(state, "NAP-10", f"{_words(unit)} leaves square (one action, NAP-10 item 5)"),))


def rally(state: NapoleonicState, cmd: Rally, dice, board) -> NapoleonicState:
    leader, unit = _unit(state, cmd.leader), _unit(state, cmd.unit)
    _own_phase(state, leader)
    if leader.area != RESERVE[leader.side]:
        raise CommandError(f"{leader.id} is in {leader.area}; a leader rallies only from its Reserve Area (NAP-11.2)")
    if unit.side != leader.side or unit.area != RETREAT[unit.side]:
        raise CommandError(f"{unit.id} is not in side {leader.side}'s Retreat Area ({RETREAT[leader.side]})")
    needs = UNITS[unit.type].rally
    state = _spend(state, leader)
    roll = _throw(dice, state, "rally", "2D6")
    ok = roll.total >= needs
    text = f"{_words(leader)} rallies {_words(unit)}: 2D6 {'+'.join(map(str, roll.faces))} = {roll.total}, needs {needs}: " + (
        f"back to {RESERVE[unit.side]}" if ok else "fails")
    state = evolve(state, log=state.log + (_line(state, "NAP-11.2", text, thrown=roll),))
    return _with_unit(state, state.unit(unit.id), area=RESERVE[unit.side]) if ok else state


def retreat(state: NapoleonicState, cmd: Retreat, dice, board) -> NapoleonicState:
    _battle(state)
    if state.pending is not None:
        raise CommandError(_waiting(state))
    if cmd.side != state.acting:
        raise CommandError(f"side {cmd.side} may retreat only in one of its own phases; it is side {state.acting}'s (NAP-14)")
    if state.turn <= VOLUNTARY_RETREAT_AFTER:
        raise CommandError(f"a side may retreat only after the first full battle turn; this is turn {state.turn} (NAP-14)")
    if state.acted:
        raise CommandError(f"side {cmd.side} has acted in this phase already; it may retreat before its first action of a phase (NAP-14)")
    return _end_battle(state, other(cmd.side), f"side {cmd.side} retreats of its own choice (NAP-14)")


# --- pursuit ----------------------------------------------------------------------------------------------


def pursuers(state: NapoleonicState) -> list[Unit]:
    """NAP-15: the winner's infantry and cavalry out of its Retreat Area; only its cavalry while the loser's cavalry screens."""
    winner = state.winner
    arms = ("cavalry",) if screen(state) else ("infantry", "cavalry")
    return [u for u in state.units if u.side == winner and on_board(u) and u.area != RETREAT[winner] and arm(u) in arms]


def screen(state: NapoleonicState) -> list[Unit]:
    """NAP-15, NAP-A.7: the losing side's cavalry out of its Retreat Area, which covers the retreat."""
    loser = other(state.winner)
    return [u for u in state.units if u.side == loser and on_board(u) and u.area != RETREAT[loser] and arm(u) == "cavalry"]


def loss_order(state: NapoleonicState, chosen: tuple[str, ...] = ()) -> list[Unit]:
    """The loser's units in the order hits take them: the pursuer's choice, then screening cavalry, then the dearest.

    Screening cavalry must go before any other loss (NAP-15); a leader only
    once every other unit is gone (ruling [DEV]: the source says a leader
    may die in pursuit but not how, NAP-A.8).
    """
    loser = other(state.winner)
    alive = [u for u in state.units if u.side == loser and on_board(u)]
    screening = {u.id for u in screen(state)}

    def rank(u: Unit):
        return (u.id not in screening, arm(u) == "leader", -UNITS[u.type].cost, unit_order(u.id))

    by_id = {u.id: u for u in alive}
    order = [by_id[uid] for uid in chosen]
    return order + sorted((u for u in alive if u.id not in chosen), key=rank)


def pursue(state: NapoleonicState, cmd: Pursue, dice, board) -> NapoleonicState:
    if state.stage != "pursuit":
        raise CommandError("there is no pursuit now: a battle must be won first (NAP-15)")
    if cmd.side != state.winner:
        raise CommandError(f"side {state.winner} won and pursues, not side {cmd.side} (NAP-15)")
    loser = other(state.winner)
    alive = {u.id: u for u in state.units if u.side == loser and on_board(u)}
    if len(set(cmd.losses)) != len(cmd.losses):
        raise CommandError("a unit is named twice in the losses")
    for uid in cmd.losses:
        if uid not in alive:
            raise CommandError(f"{uid} is not a unit of side {loser} left to pursue")
    screening = [u.id for u in screen(state)]
    for n, uid in enumerate(cmd.losses):
        if uid not in screening and len(set(cmd.losses[:n]) & set(screening)) < len(screening):
            raise CommandError(f"{uid}: the screening cavalry ({', '.join(screening)}) must be destroyed before any other loss (NAP-15)")
        if arm(alive[uid]) == "leader" and any(arm(u) != "leader" and u.id not in cmd.losses[:n] for u in alive.values()):
            raise CommandError(f"{uid}: a leader falls in pursuit only after every other unit (ruling [DEV], NAP-A.8)")
    order = loss_order(state, cmd.losses)
    tables: MissingTables = board.tables
    lost = 0
    entries = []
    for p in sorted(pursuers(state), key=lambda u: unit_order(u.id)):
        needs = tables.pursuit[arm(p)]
        roll = _throw(dice, state, f"pursuit/{p.id}", "1D6")
        if roll.faces[0] >= needs and lost < len(order):
            victim = order[lost]
            lost += 1
            entries.append(_line(state, "NAP-15", f"{_words(p)} pursues: 1D6 {roll.faces[0]}, needs {needs} (Pursuit Table [DEV]): "
                                                  f"{_words(victim)} is destroyed", thrown=roll))
        else:
            entries.append(_line(state, "NAP-15", f"{_words(p)} pursues: 1D6 {roll.faces[0]}, needs {needs}: "
                                                  f"{'no one left to catch' if roll.faces[0] >= needs else 'no catch'}", thrown=roll))
    units = {u.id for u in order[:lost]}
    state = evolve(state, units=tuple(evolve(u, area=DESTROYED, in_square=False) if u.id in units else u for u in state.units),
                   log=state.log + tuple(entries))
    return _finish(state)
