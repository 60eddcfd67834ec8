"""The Renaissance summer's start and its army movement (RC-4.1 to RC-4.3) as pure functions.

:func:`start_summer` is the engine's part before phase 1 (summer phase 0,
set by :func:`~.winter.end_spring`): the epidemics of last winter (RC-4.2)
and the moving order drawn by lot, once for the whole summer (RC-4.3,
RC-A.20).  :func:`apply_summer` is the players' part, as
:func:`~.spring.apply_spring` is the spring's: ``MoveArmy`` and ``EndMoves``
(:mod:`.commands`), each refused with :class:`CommandError` naming the rule,
the state untouched.  The last ``EndMoves`` of a phase ends it: villages
held alone change hands (RC-A.12), movement resets, and after phase 10 the
summer ends (:func:`~.winter.end_summer`).

``BeginSiege`` and ``Bribe`` and the end-of-phase siege rolls are :mod:`.sieges`'s.
An army that enters a node holding an enemy or neutral force stops there and
the meeting is logged (``engagement at N``, RC-A.11); ``EndMoves`` then opens
the engagements (RC-4.4 to RC-4.9, :mod:`.engagements`), and the turn passes
only when ``ChooseEngagement`` and ``TableBattle`` have resolved them all.
"""

from __future__ import annotations

from typing import Mapping

from ..engine.dice import GameDice
from ..engine.records import evolve
from .commands import BeginSiege, Bribe, ChooseEngagement, CommandError, EndMoves, Garrison, MoveArmy, ShiftCompanies, MoveDiplomat, SummerCommand, TableBattle
from .companies import remove_companies, shift_companies
from .engagements import awaiting_engagements, choose_engagement, open_engagements, table_battle
from .log import line, throw
from .roads import is_path
from .rules import CITY_KINDS
from .sieges import begin_siege, bribe, end_of_phase_sieges
from .specialists import move_diplomat, reveal_decoys, spy_reports
from .spring import is_fortified, leave_garrison
from .state import SUMMER_PHASES, LogEntry, RenaissanceState
from .winter import draw_place, end_summer

#: RC-4.3: road steps an army may take in one summer phase.
MAX_STEPS = 2




# --- before phase 1: RC-4.2 epidemics, RC-4.3 the moving order ------------------------------------


def start_summer(state: RenaissanceState, dice: GameDice, kinds: Mapping[str, str]) -> RenaissanceState:
    """RC-4.1: epidemics (RC-4.2), then the moving order by lot (RC-4.3, RC-A.20), then phase 1."""
    if state.season != "summer" or state.phase != 0:
        raise CommandError(f"the summer starts before its phase 1: it is the {state.season}, phase {state.phase} (RC-4.1)")
    log = [line(state, "RC-4.1", f"Summer of year {state.year}: epidemics, then the moving order, then phase 1.")]
    for e in state.events:
        if e.event == "epidemic" and e.year == state.year:
            state = _epidemic(state, e.player, dice, kinds, log)
    order = _draw_order(state, dice, log)
    state = evolve(state, phase=1, order=order, turn=order[0] if order else None)
    return spy_reports(evolve(state, log=state.log + tuple(log)))  # RC-4.1 a: spies report at the start of phase 1


def _epidemic(state: RenaissanceState, seat: str, dice: GameDice, kinds: Mapping[str, str], log: list) -> RenaissanceState:
    """RC-4.2: one of the seat's cities (capital included), drawn by a die, loses every company there.

    [DEV] "Armies, garrison and any other troops present": every army at the
    city dies, whoever's it is, not only the struck player's.
    """
    cities = [p for p in state.places if p.owner == seat and kinds[p.node] in CITY_KINDS]
    if not cities:
        log.append(line(state, "RC-4.2", f"{seat} holds no city: the epidemic strikes nowhere.", seat))
        return state
    struck, roll = draw_place(state, dice, cities, f"epidemic {seat}")
    struck = struck.node
    dead = [c.id for c in state.place(struck).garrison] + [c.id for a in state.armies_at(struck) for c in a.companies]
    # The struck city is public (RC-4.2); which companies died there is their owners' (RC-3.10: others learn strengths only by spies).
    text = f"Epidemic at {struck} ({', '.join(p.node for p in cities)} drawn): every company there is wiped out."
    log.append(line(state, "RC-4.2", text, seat, roll, struck) if roll else line(state, "RC-4.2", text, seat))
    owners = {c.id: seat for c in state.place(struck).garrison} | {c.id: a.owner for a in state.armies_at(struck) for c in a.companies}
    for owner in sorted(set(owners.values())):
        ids = ", ".join(i for i in dead if owners[i] == owner)
        log.append(line(state, "RC-4.2", f"Epidemic at {struck}: {owner} loses {ids}.", owner, secret=True))
    return remove_companies(state, dead)


def _draw_order(state: RenaissanceState, dice: GameDice, log: list) -> tuple[str, ...]:
    """RC-4.3: the players still in, drawn one at a time by a die over those not yet drawn (one logged roll each)."""
    left = [p.seat for p in state.players if not p.eliminated]
    order: list[str] = []
    while len(left) > 1:
        roll = throw(dice, state, f"order {len(order) + 1}", f"1D{len(left)}")
        seat = left.pop(roll.faces[0] - 1)
        order.append(seat)
        log.append(line(state, "RC-4.3", f"{seat} moves {_nth(len(order))} (of {', '.join(order + left)}).", None, roll, seat))
    order += left
    log.append(line(state, "RC-4.3", f"The moving order: {', '.join(order) or 'nobody'} (RC-A.20).", None))
    return tuple(order)


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


# --- phases 1-10: the players' commands ----------------------------------------------------------


def apply_summer(
    state: RenaissanceState, command: SummerCommand, dice: GameDice, kinds: Mapping[str, str], steps: Mapping[str, tuple[str, ...]]
) -> tuple[RenaissanceState, list[LogEntry]]:
    """The new state and the log entries the command added; :class:`CommandError` (state untouched) when refused.

    ``steps`` is :func:`~.roads.road_steps` of the campaign's country map.
    """
    if state.season != "summer" or not 1 <= state.phase <= SUMMER_PHASES:
        raise CommandError(f"armies move in summer phases 1-{SUMMER_PHASES}: it is the {state.season}, phase {state.phase} (RC-4.1)")
    if state.ended:
        raise CommandError(f"the campaign has ended ({state.ended}) (RC-6)")
    if isinstance(command, (ChooseEngagement, TableBattle)):  # from either side, not only the one whose turn it is
        if isinstance(command, ChooseEngagement):
            new = choose_engagement(state, command, dice, kinds, steps)
        else:
            new = table_battle(state, command, kinds, steps)
        if not new.engagements:  # the last one resolved: the phasing player's moves are over (RC-4.1 b)
            new = _pass_turn(new, dice, kinds)
        return new, list(new.log[len(state.log) :])
    waiting = awaiting_engagements(state)
    if waiting:
        raise CommandError(f"{waiting} first: engagements are resolved before play goes on (RC-4.1 b.ii, RC-A.11)")
    if state.turn != command.player:
        raise CommandError(f"it is {state.turn or 'nobody'}'s turn to move, not {command.player}'s (order {', '.join(state.order)}) (RC-4.3, RC-A.20)")
    if isinstance(command, MoveArmy):
        new, entries = _move(state, command, steps)
        new, seen = reveal_decoys(new, command.player, command.path, command.army)  # RC-A.10: decoys met on the way
        entries += seen
        return evolve(new, log=new.log + tuple(entries)), entries
    if isinstance(command, MoveDiplomat):
        return move_diplomat(state, command, steps)
    if isinstance(command, BeginSiege):
        return begin_siege(state, command, kinds)
    if isinstance(command, Bribe):
        return bribe(state, command)
    if isinstance(command, EndMoves):
        return _end_moves(state, command, dice, kinds)
    if isinstance(command, Garrison):
        return garrison_in_summer(state, command, kinds)
    if isinstance(command, ShiftCompanies):
        new, entries = shift_companies(state, command)
        return evolve(new, log=new.log + tuple(entries)), entries
    raise CommandError(f"unknown summer command {type(command).__name__}")


def forces_of_others(state: RenaissanceState, seat: str, node: str) -> list[str]:
    """Who else has a force at ``node`` (RC-4.3): armies of other players, a garrison not the seat's; diplomats are not forces."""
    who = [a.owner for a in state.armies_at(node) if a.owner != seat]
    place = state.place(node)
    if place is not None and place.garrison and place.owner != seat:
        who.append(place.owner)
    return sorted(set(who))


def check_road_move(state: RenaissanceState, seat: str, token: str, start: str, path, steps, rule: str = "RC-4.3") -> tuple[str, ...]:
    """RC-4.3: 1 to 2 road steps from ``start`` (a linked crossing is one, RC-1.7), passing no node that holds another's force.

    The one check of an army's move and a diplomat's decoy's (RC-A.10, which
    moves as an army does); :class:`CommandError` naming the step that breaks it.
    """
    path = tuple(path)
    if not 1 <= len(path) <= MAX_STEPS:
        raise CommandError(f"{token} moves 1 to {MAX_STEPS} road steps a phase, not {len(path)} ({rule})")
    off = is_path(steps, start, path)
    if off:
        raise CommandError(f"{off} is not a road step: armies and tokens move along roads only (RC-4.3, RC-1.7)")
    for node in path[:-1]:
        held = forces_of_others(state, seat, node)
        if held:
            raise CommandError(f"{token} must stop at {node}: it holds a force of {', '.join(held)} and cannot be passed through (RC-4.3)")
    return path


def _move(state: RenaissanceState, cmd: MoveArmy, steps) -> tuple[RenaissanceState, list[LogEntry]]:
    army = next((a for a in state.armies if a.id == cmd.army), None)
    if army is None or army.owner != cmd.player:
        raise CommandError(f"{cmd.army!r} is not an army of {cmd.player} (RC-4.3)")
    if army.moved:
        raise CommandError(f"{army.id} has already moved this phase ({army.moved} steps to {army.node}) (RC-4.3)")
    path = check_road_move(state, cmd.player, army.id, army.node, cmd.path, steps)
    came_from = path[-2] if len(path) > 1 else army.node
    moved = evolve(army, node=path[-1], came_from=came_from, moved=len(path))
    new = evolve(state, armies=tuple(moved if a is army else a for a in state.armies))
    entries = [line(state, "RC-4.3", f"{army.id} moves {' -> '.join((army.node,) + path)} ({len(path)} step{'s' * (len(path) > 1)}).", cmd.player)]
    met = forces_of_others(state, cmd.player, path[-1])
    if met:
        entries.append(line(state, "RC-A.11", f"Engagement at {path[-1]}: {army.id} of {cmd.player} meets {', '.join(met)} (RC-4.4).", cmd.player))
    return new, entries


def garrison_in_summer(state: RenaissanceState, cmd: Garrison, kinds: Mapping[str, str]) -> tuple[RenaissanceState, list[LogEntry]]:
    """RC-3.8 in a summer phase, on the player's turn: companies left where the army stands, or (``at``) on its move this phase.

    [DEV] "At or passing through": the node the army stands on, or the one
    its move this phase entered its present node from (the node it passed in
    a two-step move, the node it left in a one-step move), as ``came_from``
    records it.  The start of a two-step move is not kept: leave those
    companies before moving.  Like the spring's, the line is the player's own.
    """
    army = next((a for a in state.armies if a.id == cmd.army), None)
    node = cmd.at
    if army is not None and node is not None and node != army.node and not (army.moved and node == army.came_from):
        raise CommandError(f"{army.id} did not pass {node} in its move this phase: it stands at {army.node}"
                           + (f" and came from {army.came_from}" if army.moved else ", not having moved") + " (RC-3.8)")
    new, entries = leave_garrison(state, cmd, state.player(cmd.player), kinds, node)
    entries = [evolve(e, secret=True) for e in entries]
    return evolve(new, log=new.log + tuple(entries)), entries


def _end_moves(state: RenaissanceState, cmd: EndMoves, dice: GameDice, kinds: Mapping[str, str]) -> tuple[RenaissanceState, list[LogEntry]]:
    """RC-4.1 b: the engagements the moves made (:mod:`.engagements`), or else the next player's turn.

    Refused while one of the player's armies ignores a shut-in force (RC-A.27).
    """
    stuck = ignoring_shut_in(state, cmd.player, kinds)
    if stuck:
        army = stuck[0]
        raise CommandError(f"{army.id} stands at {army.node} beside the garrison shut in there: it must leave the node this phase "
                           f"or begin a siege (RC-4.4, RC-A.27)")
    entries = [line(state, "RC-4.3", f"{cmd.player} ends their moves in phase {state.phase}.", cmd.player)]
    new = open_engagements(evolve(state, log=state.log + tuple(entries)), cmd.player, kinds)
    if not new.engagements:
        new = _pass_turn(new, dice, kinds)
    return new, list(new.log[len(state.log) :])


def ignoring_shut_in(state: RenaissanceState, seat: str, kinds: Mapping[str, str]) -> list:
    """RC-4.4, RC-A.27: the seat's armies that met a force which shut itself in last phase, and neither left nor besiege it.

    An army meeting a shut-in force may ignore it for the phase it arrived;
    in its next move it must leave the node or start a siege.  Only that next
    move: an army that stood there before (over the winter, or beside a
    garrison raised in spring) is not "ignoring a shut-in force".
    """
    besieging = {x.army for x in state.sieges}
    out = []
    for army in state.armies:
        if army.owner != seat or army.moved or army.id in besieging:
            continue
        if army.shut_in_at != army.node or army.shut_in_phase != state.phase - 1:
            continue  # not the move after the force here shut itself in
        place = state.place(army.node)
        if place is not None and place.owner != seat and place.garrison and is_fortified(place, kinds):
            out.append(army)
    return out


def village_control(state: RenaissanceState, kinds: Mapping[str, str], log: list) -> tuple:
    """RC-A.12: the places after the end of a phase, an unfortified village passing to the one player whose armies stand there alone.

    The armies' owners are gathered by node once, not once per place; the
    ``places`` tuple itself is kept when nothing changes hands.
    """
    owners_at: dict[str, set] = {}
    for a in state.armies:
        owners_at.setdefault(a.node, set()).add(a.owner)
    places, changed = [], False
    for p in state.places:
        owners = owners_at.get(p.node)
        if owners and len(owners) == 1 and not p.garrison and p.owner not in owners and not is_fortified(p, kinds):
            (taker,) = owners
            log.append(line(state, "RC-A.12", f"{taker} holds {p.node} alone at the end of phase {state.phase}: the village passes from {p.owner} to {taker}.", taker))
            p, changed = evolve(p, owner=taker), True
        places.append(p)
    return tuple(places) if changed else state.places


def movement_reset(armies: tuple) -> tuple:
    """RC-4.3: every army may move again next phase (an army that did not move is kept as it is)."""
    return tuple(a if not a.moved and a.came_from is None else evolve(a, came_from=None, moved=0) for a in armies)


def _pass_turn(state: RenaissanceState, dice: GameDice, kinds: Mapping[str, str]) -> RenaissanceState:
    """RC-4.1 b: the next player in the order moves; after the last, the end of the phase (RC-4.1 c, RC-A.12)."""
    at = state.order.index(state.turn)
    if at + 1 < len(state.order):
        return evolve(state, turn=state.order[at + 1])
    return _end_phase(state, dice, kinds)


def _end_phase(state: RenaissanceState, dice: GameDice, kinds: Mapping[str, str]) -> RenaissanceState:
    """RC-4.1 c sieges (:mod:`.sieges`), RC-A.12 control, movement reset, then the next phase or the summer's end.

    [DEV] A siege that ends the campaign (RC-6) stops the summer there: no
    control change, no next phase, nobody to move.
    """
    state = end_of_phase_sieges(state, dice, kinds)
    if state.ended:
        return evolve(state, turn=None)
    log = []
    state = evolve(state, places=village_control(state, kinds, log), armies=movement_reset(state.armies), log=state.log + tuple(log))
    if state.phase == SUMMER_PHASES:
        return end_summer(evolve(state, turn=None))
    state = evolve(state, phase=state.phase + 1)
    order = state.order
    if state.options.redraw_order_each_phase:  # RC-A.20 option
        log = []
        order = _draw_order(state, dice, log)
        state = evolve(state, order=order, log=state.log + tuple(log))
    return spy_reports(evolve(state, turn=order[0] if order else None))  # RC-4.1 a: spies report at the start of each phase
