"""Renaissance engagements (RC-4.4 to RC-4.9) as pure functions over the state.

When the phasing player ends their moves (RC-4.1 b.ii), :func:`open_engagements`
pairs their armies with every other force where they stand: node by node, all
their armies at a node as one side, and with three or more players one pair
after another in the moving order (RC-A.11).  Each pair is a
:class:`~.state.PendingEngagement`; while any is pending the phasing player
keeps the turn and :func:`awaiting_engagements` says what is awaited.

Each side enters its secret choice with ``ChooseEngagement`` (a neutral's is
made at once by RC-A.21's rule, or entered by the referee with the neutral
country as the player when ``Options.referee_neutrals`` is on); with both in, the choices are revealed and
Tabella 34 (:func:`~.resolve.engagement_result`) gives the result, applied at
once: ``P_BACK``, ``N_BACK``, ``BOTH_BACK`` and ``SHUT_IN`` by :mod:`.retreats`,
a ``BATTLE`` auto-resolved as a minor engagement (:mod:`.minor`) unless both
seats asked for the table (RC-A.33); then it waits for ``TableBattle``.  At a
node with two pairs, the second opens when the first is done, and lapses if
one of its sides has gone.  Turn passing stays :mod:`.summer`'s.

[DEV] Which meetings engage (RC-4.1 b.ii "created by P's movement"): only
nodes where one of the phasing player's armies arrived this phase, so an army
that sits by a shut-in force or besieges it is not engaged again every phase
(RC-A.27); there all their armies, moved or not, meet every other force.
Forces that already stood together (an army raised in spring beside an
enemy's) meet when one side next moves in.

[DEV] A side's field force is its armies; its garrison fights only when the
side has no army there, and then it cannot fall back (RC-3.8).

[DEV] A rear-guard side withdraws whatever the result and the other side
holds the node, win or lose (RC-A.14): the rear guard's victory is getting away.
"""

from __future__ import annotations

from typing import Mapping

from ..engine.dice import GameDice
from ..engine.records import evolve
from .commands import ChooseEngagement, CommandError, TableBattle
from .companies import remove_companies
from .log import line
from .minor import fight, rear_guard_problem, strongest_within
from .resolve import engagement_result, rear_guard_limit
from .retreats import end_lost_sieges, fall_back, forces_at, garrison_beaten, go_back, shut_in
from .rules import NON_PHASING_CHOICES, PHASING_CHOICES
from .sieges import loss_order_problem
from .spring import is_fortified
from .state import Company, LogEntry, PendingEngagement, RenaissanceState

#: RC-A.21: a neutral force's choice, the first it may make: shut in if it holds a fortified place there, else stand.
NEUTRAL_CHOICES = ("shut_in", "stand")



# --- who meets whom ---------------------------------------------------------------------------------


def open_engagements(state: RenaissanceState, seat: str, kinds: Mapping[str, str]) -> RenaissanceState:
    """RC-4.1 b.ii, RC-A.11: the engagements ``seat``'s moves made, node by node, pairs in the moving order; logged."""
    log: list[LogEntry] = []
    found: list[PendingEngagement] = []
    for node in dict.fromkeys(a.node for a in state.armies if a.owner == seat):
        if not any(a.moved for a in state.armies_at(node) if a.owner == seat):
            continue
        others = [o for o in forces_at(state, node) if o != seat]
        others.sort(key=lambda o: _moving_rank(state, o))
        for i, other in enumerate(others):
            eng = PendingEngagement(node, seat, other)
            pair = f" (pair {i + 1} of {len(others)}, in the moving order)" if len(others) > 1 else ""
            log.append(line(state, "RC-A.11", f"Engagement at {node}: {seat} against {other}{pair}; each side chooses in secret (RC-4.4).", seat))
            if other in state.neutrals and not state.options.referee_neutrals:
                choice = next(c for c in NEUTRAL_CHOICES if c != "shut_in" or _can_shut_in(state, other, node, kinds))
                eng = evolve(eng, other_choice=choice)
                log.append(line(state, "RC-A.21", f"{other} (neutral) chooses {choice} at {node}.", other, secret=True))
            found.append(eng)
    return evolve(state, engagements=state.engagements + tuple(found), log=state.log + tuple(log))


def _moving_rank(state: RenaissanceState, owner: str) -> tuple[int, int]:
    """Players in the summer's moving order, then neutrals (they never move) in the state's order."""
    if owner in state.order:
        return (0, state.order.index(owner))
    return (1, state.neutrals.index(owner) if owner in state.neutrals else len(state.neutrals))


def _can_shut_in(state: RenaissanceState, owner: str, node: str, kinds: Mapping[str, str]) -> bool:
    """RC-4.4, RC-A.27: only at a node holding the side's own fortified place (RC-3.8)."""
    place = state.place(node)
    return place is not None and place.owner == owner and is_fortified(place, kinds)


def _open(state: RenaissanceState) -> list[PendingEngagement]:
    """The first pending engagement at each node: the one being chosen or fought now."""
    return list({e.node: e for e in reversed(state.engagements)}.values())[::-1]


def awaiting_engagements(state: RenaissanceState) -> str | None:
    """What the engagements still wait for, in words (``engagement at A-3: choices from P2``), or None.

    Examples
    --------
    >>> from mapgen.renaissance.state import Ends, MapRef
    >>> s = RenaissanceState(1, MapRef("m", "0" * 64), Ends(), (), (), (), engagements=(PendingEngagement("A-3", "P1", "P2"),))
    >>> awaiting_engagements(s)
    'engagement at A-3: choices from P1, P2'
    """
    waits = []
    for e in _open(state):
        if e.result == "BATTLE":
            waits.append(f"engagement at {e.node}: the result of the table battle between {e.phasing} and {e.other} (battle --node {e.node})")
        else:
            missing = [s if s not in state.neutrals else f"the referee for {s} (neutral)"
                       for s, c in ((e.phasing, e.phasing_choice), (e.other, e.other_choice)) if c is None]
            waits.append(f"engagement at {e.node}: choices from {', '.join(missing)}")
    return "; ".join(waits) or None


def side_force(state: RenaissanceState, seat: str, node: str) -> list[Company]:
    """A side's fighting companies at ``node``: its armies'; a garrison's only when it has no army there."""
    field = [c for a in state.armies_at(node) if a.owner == seat for c in a.companies]
    place = state.place(node)
    if field or place is None or place.owner != seat:
        return field
    return list(place.garrison)


def _garrison_only(state: RenaissanceState, seat: str, node: str) -> bool:
    return not any(a.owner == seat for a in state.armies_at(node))


# --- ChooseEngagement -----------------------------------------------------------------------------------


def choose_engagement(state: RenaissanceState, cmd: ChooseEngagement, dice: GameDice, kinds: Mapping[str, str],
                      steps: Mapping[str, tuple[str, ...]]) -> RenaissanceState:  # fmt: skip
    """RC-4.4: record one side's secret choice; with both in, reveal them and apply Tabella 34 (RC-4.5).

    Refused with :class:`CommandError` (the state untouched): no open engagement
    of the player's at the node, a second choice, ``shut_in`` by the phasing
    side or without an own fortified place there, ``fall_back`` by a garrison,
    a rear guard not the side's own or over a third of its strength (RC-4.8), a
    ``retreat_to`` not next to the node.
    """
    eng = next((e for e in _open(state) if e.node == cmd.node and cmd.player in (e.phasing, e.other)), None)
    if eng is None:
        waiting = awaiting_engagements(state) or "no engagement is pending"
        raise CommandError(f"{cmd.player} has no engagement at {cmd.node} awaiting a choice ({waiting}) (RC-4.4, RC-A.11)")
    if eng.result is not None:
        raise CommandError(f"the engagement at {cmd.node} awaits its table battle's result, not a choice (RC-4.7, RC-A.33)")
    phasing = cmd.player == eng.phasing
    if (eng.phasing_choice if phasing else eng.other_choice) is not None:
        raise CommandError(f"{cmd.player} has already chosen at {cmd.node}: one secret choice a side (RC-4.4)")
    legal = PHASING_CHOICES if phasing else NON_PHASING_CHOICES
    if cmd.choice not in legal:
        raise CommandError(f"the {'phasing' if phasing else 'non-phasing'} side chooses one of {', '.join(legal)}, not {cmd.choice!r} (RC-4.4)")
    if cmd.choice == "shut_in" and not _can_shut_in(state, cmd.player, cmd.node, kinds):
        raise CommandError(f"{cmd.player} holds no fortified place at {cmd.node} to shut itself in (RC-4.4, RC-3.8, RC-A.27)")
    if cmd.choice == "fall_back" and _garrison_only(state, cmd.player, cmd.node):
        raise CommandError(f"{cmd.player} has only a garrison at {cmd.node}, and garrisons do not move: stand, attack or shut_in (RC-3.8)")
    rear = tuple(cmd.rear_guard)
    if rear and cmd.choice != "fall_back":
        raise CommandError(f"a rear guard covers a fall_back, not {cmd.choice!r} (RC-4.5, RC-4.8)")
    problem = rear and rear_guard_problem(side_force(state, cmd.player, cmd.node), rear)
    if problem:
        raise CommandError(problem)
    problem = cmd.lose and loss_order_problem(side_force(state, cmd.player, cmd.node), tuple(cmd.lose), f"{cmd.player}'s force at {cmd.node}")
    if problem:
        raise CommandError(problem)
    if cmd.retreat_to is not None and cmd.retreat_to not in steps.get(cmd.node, ()):
        raise CommandError(f"{cmd.retreat_to} is not a road step from {cmd.node}: a side falls back to an adjacent node (RC-4.5)")
    role = "phasing" if phasing else "other"
    chosen = evolve(eng, **{f"{role}_choice": cmd.choice, f"{role}_rear_guard": rear, f"{role}_retreat": cmd.retreat_to,
                            f"{role}_lose": tuple(cmd.lose)},
                    on_table=eng.on_table + ((cmd.player,) if cmd.on_table else ()))  # fmt: skip
    extra = "".join((f", rear guard {', '.join(rear)}" if rear else "", f", falling back to {cmd.retreat_to}" if cmd.retreat_to else "",
                     ", asks for the table" if cmd.on_table else "", f", losses first from {', '.join(cmd.lose)}" if cmd.lose else ""))  # fmt: skip
    log = [line(state, "RC-4.4", f"{cmd.player} chooses {cmd.choice} at {cmd.node}{extra}.", cmd.player, secret=True)]
    state = _replace(state, eng, chosen)
    if chosen.phasing_choice and chosen.other_choice:
        state = _reveal(state, chosen, dice, kinds, steps, log)
    return evolve(state, log=state.log + tuple(log))


def _replace(state: RenaissanceState, old: PendingEngagement, new: PendingEngagement | None) -> RenaissanceState:
    engagements = tuple(new if e is old else e for e in state.engagements)
    return evolve(state, engagements=tuple(e for e in engagements if e is not None))


def _reveal(state: RenaissanceState, eng: PendingEngagement, dice, kinds, steps, log: list) -> RenaissanceState:
    """RC-4.4, RC-4.5: both choices shown together, Tabella 34's code; resolved now unless a BATTLE goes to the table."""
    table = engagement_result(eng.phasing_choice, eng.other_choice)
    seat = {"phasing": eng.phasing, "non_phasing": eng.other, None: None}
    done = evolve(eng, result=table.result, defender=seat[table.defender], rear_guard=seat[table.rear_guard])
    if done.rear_guard and not (done.phasing_rear_guard if done.rear_guard == eng.phasing else done.other_rear_guard):
        done = _default_rear_guard(state, done, log)
    roles = f"; {done.defender} defends" if done.defender else ""
    roles += f" with a rear guard of {', '.join(_rear_ids(done)) or 'no company (none fits within a third, RC-4.8)'}" if done.rear_guard else ""
    text = f"Engagement at {eng.node} revealed: {eng.phasing} {eng.phasing_choice}, {eng.other} {eng.other_choice} -> {done.result} (Tabella 34){roles}."
    log.append(line(state, "RC-4.5", text, None, outcome=done.result))
    state = _replace(state, eng, done)
    empty = [seat for seat, companies in _taking_part(state, done).items() if not companies]
    if done.result == "BATTLE" and {eng.phasing, eng.other} <= set(done.on_table) and empty:
        # [DEV] No table battle with an empty side (a rear guard no company fits within a third, RC-4.8): resolved at once.
        log.append(line(state, "RC-A.33", f"Nothing to fight on the table at {eng.node}: {empty[0]} has no company in the battle.", None))
    elif done.result == "BATTLE" and {eng.phasing, eng.other} <= set(done.on_table):
        log.append(line(state, "RC-A.33", f"The battle at {eng.node} is fought on the table; its result is entered with TableBattle (RC-4.7).", None))
        return state
    return _resolve(state, done, dice, kinds, steps, log)


def _default_rear_guard(state: RenaissanceState, eng: PendingEngagement, log: list) -> PendingEngagement:
    force = side_force(state, eng.rear_guard, eng.node)
    limit = rear_guard_limit(sum(c.strength for c in force))
    rear = tuple(c.id for c in strongest_within(force, limit))
    text = f"{eng.rear_guard} named no rear guard at {eng.node}: the strongest within a third ({limit}), {', '.join(rear) or 'none'} [DEV]."
    log.append(line(state, "RC-4.8", text, eng.rear_guard))
    return evolve(eng, **{"phasing_rear_guard" if eng.rear_guard == eng.phasing else "other_rear_guard": rear})


def _rear_ids(eng: PendingEngagement) -> tuple[str, ...]:
    return eng.phasing_rear_guard if eng.rear_guard == eng.phasing else eng.other_rear_guard


def _taking_part(state: RenaissanceState, eng: PendingEngagement) -> dict[str, list[Company]]:
    """Each side's companies in the battle: a rear guard's only (RC-4.8, RC-A.14)."""
    sides = {s: side_force(state, s, eng.node) for s in (eng.phasing, eng.other)}
    if eng.rear_guard:
        rear = set(_rear_ids(eng))
        sides[eng.rear_guard] = [c for c in sides[eng.rear_guard] if c.id in rear]
    return sides


# --- the results -------------------------------------------------------------------------------------------


def _resolve(state: RenaissanceState, eng: PendingEngagement, dice, kinds, steps, log: list) -> RenaissanceState:
    """Tabella 34's result (RC-4.5), then the engagement is dropped and the next one at the node opens."""
    p, o, node = eng.phasing, eng.other, eng.node
    if eng.result == "P_BACK":
        state = go_back(state, p, node, o, eng.phasing_retreat, steps, log, f"P_BACK at {node}")
    elif eng.result == "N_BACK":
        state = fall_back(state, o, node, p, eng.other_retreat, steps, log, f"N_BACK at {node}")
    elif eng.result == "BOTH_BACK":  # RC-A.26: the phasing side first; its new node then holds an enemy for the other
        state = fall_back(state, p, node, o, eng.phasing_retreat, steps, log, f"BOTH_BACK at {node}")
        state = fall_back(state, o, node, p, eng.other_retreat, steps, log, f"BOTH_BACK at {node}")
    elif eng.result == "SHUT_IN":
        state = shut_in(state, o, node, log)
    else:
        garrisons = _garrison_sides(state, eng)
        sides = _taking_part(state, eng)
        empty = [seat for seat, companies in sides.items() if not companies]
        if empty:
            # [DEV] A side with no company in the battle (a rear guard no company fits within a third,
            # RC-4.8) does not fight: no losses on either side; it has lost, and withdraws or retreats.
            winner = p if empty[0] == o else o
            log.append(line(state, "RC-4.9", f"No fight at {node}: {empty[0]} has no company in the battle; {winner} holds the field [DEV].", None,
                              outcome=winner))  # fmt: skip
        else:
            state, winner = fight(state, eng, sides, dice, log)
        state = _after_battle(state, eng, winner, garrisons, kinds, steps, log)
    return _settle(_replace(state, _find(state, eng), None), node, log)


def _find(state: RenaissanceState, eng: PendingEngagement) -> PendingEngagement:
    return next(e for e in state.engagements if (e.node, e.phasing, e.other) == (eng.node, eng.phasing, eng.other))


def _garrison_sides(state: RenaissanceState, eng: PendingEngagement) -> set[str]:
    """The sides fighting as a garrison, taken before the battle (a side whose armies all fall is not one)."""
    return {s for s in (eng.phasing, eng.other) if _garrison_only(state, s, eng.node)}


def _after_battle(state: RenaissanceState, eng: PendingEngagement, winner: str, garrisons: set[str], kinds, steps, log: list) -> RenaissanceState:
    """RC-4.9 step 6, RC-4.7 (RC-A.13), RC-A.14: a rear-guard side withdraws as its fall-back requires; else the loser retreats."""
    p, o, node = eng.phasing, eng.other, eng.node
    if eng.rear_guard == p:
        return go_back(state, p, node, o, eng.phasing_retreat, steps, log, f"Rear guard fought at {node}, {p} withdraws (RC-A.14)")
    if eng.rear_guard == o:
        return fall_back(state, o, node, p, eng.other_retreat, steps, log, f"Rear guard fought at {node}, {o} withdraws (RC-A.14)")
    loser = o if winner == p else p
    if loser in garrisons:
        return garrison_beaten(state, loser, node, winner, kinds, log)
    prefer = eng.phasing_retreat if loser == p else eng.other_retreat
    return fall_back(state, loser, node, winner, prefer, steps, log, f"{loser} lost the battle at {node}")


def _settle(state: RenaissanceState, node: str, log: list) -> RenaissanceState:
    """After a result at ``node``: sieges there whose army is gone end (RC-A.29); later pairs whose sides have gone lapse."""
    state = end_lost_sieges(state, node, log)
    kept = []
    for e in state.engagements:
        if e.node == node and not ({e.phasing, e.other} <= set(forces_at(state, node)) and not _garrison_only(state, e.phasing, node)):
            log.append(line(state, "RC-A.11", f"The engagement at {node} between {e.phasing} and {e.other} lapses: one side is no longer there.", None))
            continue
        kept.append(e)
    return evolve(state, engagements=tuple(kept))


# --- TableBattle ---------------------------------------------------------------------------------------------


def table_battle(state: RenaissanceState, cmd: TableBattle, kinds: Mapping[str, str], steps: Mapping[str, tuple[str, ...]]) -> RenaissanceState:
    """RC-4.7: the result of a battle fought on the table; the companies lost go, the loser retreats or is captured (RC-A.13).

    ``lost`` must be companies that took part: the two sides' at the node, a
    rear guard's only (RC-A.14).  Refused with :class:`CommandError` otherwise.
    """
    eng = next((e for e in _open(state) if e.node == cmd.node and e.result == "BATTLE"), None)
    if eng is None:
        raise CommandError(f"no battle at {cmd.node} awaits its table result ({awaiting_engagements(state) or 'no engagement is pending'}) (RC-4.7, RC-A.33)")
    if cmd.winner not in (eng.phasing, eng.other):
        raise CommandError(f"the battle at {cmd.node} is between {eng.phasing} and {eng.other}, not won by {cmd.winner} (RC-4.7)")
    lost = tuple(cmd.lost)
    part = {c.id: seat for seat, cs in _taking_part(state, eng).items() for c in cs}
    if len(set(lost)) != len(lost):
        raise CommandError("name each company lost once (RC-4.7)")
    stray = [i for i in lost if i not in part]
    if stray:
        raise CommandError(f"{', '.join(stray)}: not a company that fought at {cmd.node} (a rear guard's only, RC-A.14) (RC-4.7)")
    by_seat = {s: [i for i in lost if part[i] == s] for s in (eng.phasing, eng.other)}
    text = f"Table battle at {cmd.node}: {cmd.winner} wins; " + "; ".join(f"{s} loses {', '.join(ids) or 'nothing'}" for s, ids in by_seat.items()) + "."
    log = [line(state, "RC-4.7", text, None, outcome=cmd.winner)]
    garrisons = _garrison_sides(state, eng)
    state = remove_companies(state, lost)
    state = _after_battle(state, eng, cmd.winner, garrisons, kinds, steps, log)
    state = _settle(_replace(state, _find(state, eng), None), cmd.node, log)
    return evolve(state, log=state.log + tuple(log))
