"""Renaissance specialists in play (RC-3.10, Tabella 33, RC-A.10): spies, diplomats' decoys and assassins.

Hiring is the spring's (:func:`~.spring.hire_specialist`); this module is what
they do afterwards, as pure functions over the state:

- a spy: at the start of every summer phase (RC-4.1 a) its target reports the
  strength, and only the strength, of each of its army tokens
  (:func:`spy_reports`, called by :mod:`.summer`); the report is kept on the
  spy, so a player's view shows exactly what was reported, not what is true now;
- a diplomat: a decoy token that moves as an army (``MoveDiplomat``, a summer
  command), shows the other players an army counter numbered with its owner's
  armies (:func:`next_counter`), stops nobody, shows strength 0 to a spy, and
  is revealed on contact with an enemy army (:func:`reveal_decoys`);
- an assassin: one try at any time of the year (``Assassinate``,
  :func:`apply_specialist`), 1D6, 5-6 kills an enemy specialist or an enemy
  army's commander; the assassin is used up either way.

The engineer needs nothing here: it is attached by ``at`` to an army id (so it
goes wherever the army goes) or to a garrison's node, and :mod:`.sieges` gives
its +1 or -1 (Tabella 35).
"""

from __future__ import annotations

from typing import Mapping

from ..engine.dice import GameDice
from ..engine.records import evolve
from .commands import Assassinate, CommandError, MoveDiplomat
from .log import line, throw
from .rules import ASSASSIN
from .state import SUMMER_PHASES, ArmyReport, LogEntry, RenaissanceState, SpecialistState

#: RC-3.10, RC-A.10: the strength a diplomat's decoy shows a spy.
DECOY_STRENGTH = 0



def _number(army_id: str) -> int | None:
    tail = army_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else None


# --- counters: armies and decoys share one numbering -----------------------------------------------


def decoy_id(diplomat: SpecialistState) -> str:
    """The army id a diplomat's token shows; its own id for one hired before counters were numbered."""
    return diplomat.counter or diplomat.id


def decoys(state: RenaissanceState, seat: str | None = None) -> list[SpecialistState]:
    """The diplomats' tokens on the map (of ``seat``, or everyone's), in the order they were hired."""
    return [s for s in state.specialists if s.type == "diplomat" and s.at is not None and seat in (None, s.owner)]


def next_counter(state: RenaissanceState, seat: str) -> str:
    """The lowest free army id ``P1-n`` of ``seat``, skipping its armies' and its decoys' (RC-3.6, RC-3.10).

    One numbering for both, so a decoy's counter looks like any army's and
    never takes an army's id.

    Examples
    --------
    >>> from mapgen.renaissance.state import Army, Ends, MapRef, Player, RenaissanceState
    >>> s = RenaissanceState(1, MapRef("m", "0" * 64), Ends(), (Player("P1", "A", "A"),), (), (),
    ...                      armies=(Army("P1-1", "P1", "A-0", ()),), specialists=(SpecialistState("P1-s1", "P1", "diplomat", 1, "A-0", counter="P1-2"),))
    >>> next_counter(s, "P1")
    'P1-3'
    """
    ids = [a.id for a in state.armies_of(seat)] + [decoy_id(d) for d in decoys(state, seat)]
    used = {n for n in map(_number, ids) if n is not None}
    return f"{seat}-{min(set(range(1, len(used) + 2)) - used)}"


# --- RC-4.1 a: spies report ------------------------------------------------------------------------


def spy_reports(state: RenaissanceState) -> RenaissanceState:
    """RC-3.10, RC-4.1 a: each spy's target reports the strength of each of its army tokens, secretly to the spy's owner.

    Called at the start of every summer phase.  The decoys of the target not
    yet revealed are reported as armies of strength 0 (RC-A.10); a revealed
    one is known for what it is.  A spy of, or against, a player out of the
    campaign reports nothing.
    """
    if state.season != "summer" or not 1 <= state.phase <= SUMMER_PHASES:
        return state
    out = {p.seat for p in state.players if p.eliminated}
    log = []
    specialists = []
    for spy in state.specialists:
        if spy.type == "spy" and spy.year == state.year and spy.target and not {spy.owner, spy.target} & out:
            report = _report(state, spy.target)
            spy = evolve(spy, report=report)
            told = "; ".join(f"{r.army} at {r.node}, strength {r.strength}" for r in report) or "no army in the field"
            log.append(line(state, "RC-3.10", f"Spy {spy.id}: {spy.target} reports its armies at the start of phase {state.phase}: {told}.",
                              spy.owner, secret=True))  # fmt: skip
        specialists.append(spy)
    if not log:
        return state
    return evolve(state, specialists=tuple(specialists), log=state.log + tuple(log))


def _report(state: RenaissanceState, seat: str) -> tuple[ArmyReport, ...]:
    """The seat's armies and unrevealed decoys as a spy hears of them: counter, node, strength; in counter order."""
    told = [ArmyReport(a.id, a.node, a.strength, state.phase) for a in state.armies_of(seat)]
    told += [ArmyReport(decoy_id(d), d.at, DECOY_STRENGTH, state.phase) for d in decoys(state, seat) if not d.revealed]
    return tuple(sorted(told, key=lambda r: (_number(r.army) is None, _number(r.army) or 0, r.army)))


# --- RC-A.10: the diplomat's decoy ------------------------------------------------------------------


def move_diplomat(state: RenaissanceState, cmd: MoveDiplomat, steps: Mapping[str, tuple[str, ...]]) -> tuple[RenaissanceState, list[LogEntry]]:
    """RC-A.10: the decoy moves as an army (RC-4.3): 1-2 road steps, once a phase, never through an enemy or neutral force.

    Called by :func:`~.summer.apply_summer`, which has checked the season and
    the player's turn.  The move is logged as an army's is, under the counter's
    id, so the log tells the other players no more than the map.

    [DEV] Contact both ways: the decoy is revealed when it ends its move on a
    node holding an enemy army (it cannot pass through one), as when an enemy
    army enters or passes its node (:func:`reveal_decoys`).  Garrisons do not
    reveal it: the digest names armies.
    """
    from .summer import (
        check_road_move,  # the summer dispatches here: imported late, not at the top
    )

    d = next((s for s in decoys(state, cmd.player) if cmd.diplomat in (s.id, s.counter)), None)
    if d is None:
        raise CommandError(f"{cmd.diplomat!r} is not a diplomat of {cmd.player} (RC-3.10, RC-A.10)")
    counter = decoy_id(d)
    if d.moved_phase == state.phase:
        raise CommandError(f"{counter} has already moved this phase, to {d.at} (RC-4.3, RC-A.10)")
    path = check_road_move(state, cmd.player, counter, d.at, cmd.path, steps, "RC-4.3, RC-A.10")
    moved = evolve(d, at=path[-1], moved_phase=state.phase)
    state = evolve(state, specialists=tuple(moved if s is d else s for s in state.specialists))
    entries = [line(state, "RC-4.3", f"{counter} moves {' -> '.join((d.at,) + path)} ({len(path)} step{'s' * (len(path) > 1)}).", cmd.player)]
    met = [a.id for a in state.armies_at(path[-1]) if a.owner != cmd.player]
    if met:
        state, seen = _reveal(state, [moved], ", ".join(met))
        entries += seen
    return evolve(state, log=state.log + tuple(entries)), entries


def reveal_decoys(state: RenaissanceState, seat: str, nodes, by: str) -> tuple[RenaissanceState, list[LogEntry]]:
    """RC-A.10: the other players' decoys at ``nodes`` (entered or passed by ``seat``'s army ``by``) are revealed.

    Returns the new state and the (public) log entries, not yet in its log:
    the caller adds them with its own.
    """
    found = [d for d in decoys(state) if d.owner != seat and d.at in set(nodes) and not d.revealed]
    return _reveal(state, found, by)


def _reveal(state: RenaissanceState, found: list[SpecialistState], by: str) -> tuple[RenaissanceState, list[LogEntry]]:
    if not found:
        return state, []
    ids = {d.id for d in found}
    state = evolve(state, specialists=tuple(evolve(s, revealed=True) if s.id in ids else s for s in state.specialists))
    return state, [line(state, "RC-3.10", f"{decoy_id(d)} at {d.at} is only a decoy, {d.owner}'s diplomat {d.id}: met by {by} (RC-A.10).", d.owner)
                   for d in found]  # fmt: skip


# --- the assassin: at any time of the year ----------------------------------------------------------


def apply_specialist(state: RenaissanceState, cmd: Assassinate, dice: GameDice, kinds: Mapping[str, str]) -> tuple[RenaissanceState, list[LogEntry]]:
    """RC-3.10 Tabella 33: an assassin's one try, in any season and on anyone's turn; the new state and its log entries.

    ``target`` is an enemy specialist's id, or an enemy army's id for its
    commander; a decoy's counter, taken for an army, puts the diplomat behind
    it in the assassin's way.  1D6 (Tabella 33): 5 or 6 kills the target.  A
    killed specialist is gone; a killed commander is only logged (the tactical
    rules say what it costs the army).  The assassin is gone either way.

    [DEV] The try and its roll are secret to the sender; a success is told,
    secretly, to the victim, without the sender's name.  Nobody else learns of it.
    """
    if not isinstance(cmd, Assassinate):
        raise CommandError(f"unknown specialist command {type(cmd).__name__}")
    if state.ended:
        raise CommandError(f"the campaign has ended ({state.ended}) (RC-6)")
    seats = {p.seat: p for p in state.players}
    if cmd.player not in seats or seats[cmd.player].eliminated:
        raise CommandError(f"{cmd.player!r} is not a player still in the campaign (RC-3.10)")
    assassin = next((s for s in state.specialists if s.id == cmd.assassin and s.owner == cmd.player and s.type == "assassin"), None)
    if assassin is None:
        raise CommandError(f"{cmd.player} has no assassin {cmd.assassin!r}: never hired, or used up after one try (RC-3.10, RC-A.10)")
    victim, asked, truth, killed = _target(state, cmd)
    roll = throw(dice, state, f"assassin {assassin.id}", ASSASSIN)
    band = roll.band
    success = band.outcome == "succeeds"
    text = f"{cmd.player} sends assassin {assassin.id} against the {asked}: " + (
        f"the {truth} is killed." if success else "the attempt fails.") + " The assassin is used up."
    entries = [line(state, "RC-3.10", text, cmd.player, roll, secret=True)]
    gone = {assassin.id}
    if success:
        entries.append(line(state, "RC-3.10", f"{victim}'s {truth} is killed by an assassin." + (
            " What a commander's death costs the army is for the tactical rules." if killed is None else ""), victim, secret=True))
        if killed is not None:
            gone.add(killed)
    state = evolve(state, specialists=tuple(s for s in state.specialists if s.id not in gone))
    return evolve(state, log=state.log + tuple(entries)), entries


def _target(state: RenaissanceState, cmd: Assassinate) -> tuple[str, str, str, str | None]:
    """The victim's seat, the target as the sender named it, what it really is, and the specialist id a success kills (None: a commander)."""
    spec = next((s for s in state.specialists if s.id == cmd.target), None)
    army = next((a for a in state.armies if a.id == cmd.target), None)
    decoy = next((d for d in decoys(state) if d.counter == cmd.target), None)
    owner = spec.owner if spec else army.owner if army else decoy.owner if decoy else None
    if owner is None:
        raise CommandError(f"no specialist or army {cmd.target!r} to strike at (RC-3.10)")
    if owner == cmd.player:
        raise CommandError(f"{cmd.target} is {cmd.player}'s own: an assassin strikes an enemy commander or specialist (RC-3.10)")
    if spec is not None:
        return owner, f"{spec.type} {spec.id}", f"{spec.type} {spec.id}", spec.id
    if army is not None:
        return owner, f"commander of army {army.id}", f"commander of army {army.id}", None
    return owner, f"commander of army {decoy.counter}", f"diplomat {decoy.id} behind the decoy {decoy.counter}", decoy.id
