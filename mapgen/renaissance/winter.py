"""The rest of the Renaissance year as pure functions: the season steps, the winter (RC-5), the end (RC-6), transfers (RC-3.3).

A year is walked as ``start_spring`` -> spring commands (:mod:`.spring`) ->
:func:`end_spring` -> summer's phases (not here) -> :func:`end_summer` ->
:func:`start_winter`, which finishes the year and opens the next spring.
Each takes the state and returns a new one, or raises
:class:`CommandError` naming the rule with the state untouched, as the
spring does.  Winter has no commands of its own: everything in RC-5 but the
prisoner exchange is the engine's, so :func:`start_winter` does it in one
go, in the digest's order (RC-5.1, 5.2, 5.4, then RC-6), and the exchange,
like any ransom, is a :class:`~.commands.Transfer` the players may agree at
any time (:func:`transfer`).
"""

from __future__ import annotations

from typing import Mapping

from ..engine.dice import GameDice
from ..engine.records import evolve
from .commands import CommandError, Transfer
from .companies import companies_of, remove_companies
from .log import line, throw
from .rules import EVENT_CHECK, EVENTS
from .spring import is_fortified, spring_started
from .state import SUMMER_PHASES, LogEntry, PendingEvent, Prisoners, RenaissanceState

#: RC-5.1: the kinds of company that go home every winter.
GO_HOME = ("militia", "rabble")




# --- the season steps (RC-2) ---------------------------------------------------------------------


def end_spring(state: RenaissanceState) -> RenaissanceState:
    """RC-3.11 then RC-2: disband every company whose upkeep is unpaid, and enter summer, before its phase 1."""
    if state.season != "spring" or not spring_started(state):
        raise CommandError(f"only a spring that has collected its taxes can end (it is the {state.season} of year {state.year}) (RC-3.1)")
    log = []
    for p in state.players:
        unpaid = [i for i in companies_of(state, p.seat) if i in state.upkeep]
        if unpaid:
            log.append(line(state, "RC-3.11", f"{p.seat} did not pay the upkeep of {', '.join(unpaid)}: disbanded.", p.seat, secret=True))
    state = remove_companies(state, state.upkeep)
    log.append(line(state, "RC-2", f"The spring of year {state.year} ends; summer begins."))
    # phase 0 is "summer before phase 1" (state.py): the moving order and the epidemic (RC-4.2) are summer's first step.
    return evolve(state, season="summer", phase=0, upkeep=(), log=state.log + tuple(log))


def end_summer(state: RenaissanceState) -> RenaissanceState:
    """RC-2: after phase 10 the summer ends and winter begins.

    [DEV] Sieges end with the summer (armies go into winter quarters) and the
    moving order and per-phase movement are cleared; next summer draws afresh.
    """
    if state.season != "summer" or state.phase != SUMMER_PHASES:
        raise CommandError(f"the summer ends after phase {SUMMER_PHASES}: it is the {state.season}, phase {state.phase} (RC-4.1)")
    armies = tuple(evolve(a, came_from=None, moved=0, shut_in_at=None, shut_in_phase=0) for a in state.armies)
    state = evolve(state, season="winter", phase=0, sieges=(), order=(), armies=armies)
    return evolve(state, log=state.log + (line(state, "RC-2", f"The summer of year {state.year} ends; winter begins."),))


# --- RC-5 winter ----------------------------------------------------------------------------------


def start_winter(state: RenaissanceState, dice: GameDice, kinds: Mapping[str, str]) -> RenaissanceState:
    """RC-5.1 winter quarters, RC-5.2 works, RC-5.4 events, RC-6 end check; then the next year's spring.

    [DEV] An ended campaign stays in its last winter: there is no next spring.
    """
    if state.season != "winter":
        raise CommandError(f"it is {state.season}, not winter (RC-5)")
    if state.ended:
        raise CommandError(f"the campaign has ended ({state.ended}) (RC-6)")
    log = [line(state, "RC-5", f"Winter of year {state.year}: winter quarters, works, events, then the end check (RC-5, RC-6).")]
    state = _winter_quarters(state, log)
    state = _finish_works(state, kinds, log)
    state = _events(state, dice, kinds, log)
    state = _check_ends(state, kinds, log)
    if state.ended:
        return evolve(state, log=state.log + tuple(log))
    # RC-3.11: every company still under arms owes upkeep next spring; RC-A.10: specialists expire with the year.
    kept = tuple(c.id for a in state.armies for c in a.companies) + tuple(
        c.id for p in state.places if p.owner in {q.seat for q in state.players} for c in p.garrison)
    year = state.year + 1
    state = evolve(state, specialists=tuple(s for s in state.specialists if s.year > state.year),
                   events=tuple(e for e in state.events if e.year >= year), upkeep=kept)  # fmt: skip
    state = evolve(state, year=year, season="spring", phase=0, log=state.log + tuple(log))
    return state


def _winter_quarters(state: RenaissanceState, log: list) -> RenaissanceState:
    """RC-5.1: militia and rabble go home, from armies and garrisons alike.

    Each player's line is secret to that player: which companies an army held
    is its composition, which the others may not know (RC-3.10: a spy learns
    only strengths).
    """
    gone = [(a.owner, c) for a in state.armies for c in a.companies if c.kind in GO_HOME]
    gone += [(p.owner, c) for p in state.places for c in p.garrison if c.kind in GO_HOME]
    for seat in sorted({owner for owner, _ in gone}):
        ids = ", ".join(c.id for owner, c in gone if owner == seat)
        log.append(line(state, "RC-5.1", f"Winter quarters: {seat}'s {ids} (militia and rabble) go home.", seat, secret=True))
    return remove_companies(state, [c.id for _, c in gone])


def _finish_works(state: RenaissanceState, kinds: Mapping[str, str], log: list) -> RenaissanceState:
    """RC-5.2, RC-3.9, RC-A.9: this year's works are finished where the payer still holds the place; else the money is lost."""
    flags = {"fortify": {"fortified": True}, "improve": {"advanced": True}, "repair": {"damaged": False}}
    places = {p.node: p for p in state.places}
    for w in (w for w in state.works if w.year == state.year):
        place = places[w.node]
        if place.owner != w.owner:
            log.append(line(state, "RC-5.2", f"{w.work} at {w.node} is lost: {w.owner} no longer holds it (RC-A.9).", w.owner))
            continue
        places[w.node] = evolve(place, **flags[w.work])
        log.append(line(state, "RC-5.2", f"{w.owner}'s {w.work} at {w.node} is finished.", w.owner))
    return evolve(state, places=tuple(places[p.node] for p in state.places), works=tuple(w for w in state.works if w.year != state.year))


def _events(state: RenaissanceState, dice: GameDice, kinds: Mapping[str, str], log: list) -> RenaissanceState:
    """RC-5.4: each player still in rolls 1D6; on a 6, Tabella 36, for next spring (the epidemic: next summer)."""
    for p in state.players:
        if p.eliminated:
            continue
        roll = throw(dice, state, f"event check {p.seat}", EVENT_CHECK)
        check = roll.band
        log.append(line(state, "RC-5.4", f"{p.seat} rolls for a winter event: {check.label}.", p.seat, roll, check.outcome))
        if check.outcome != "event":
            continue
        roll = throw(dice, state, f"event {p.seat}", EVENTS)
        band = roll.band
        log.append(line(state, "RC-5.4", f"{p.seat}: Tabella 36, {band.label}.", p.seat, roll, band.outcome))
        state = evolve(state, events=state.events + (PendingEvent(p.seat, band.outcome, state.year + 1),))
        if band.outcome == "natural_disaster":
            state = _disaster(state, p.seat, dice, kinds, log)
    return state


def _disaster(state: RenaissanceState, seat: str, dice: GameDice, kinds: Mapping[str, str], log: list) -> RenaissanceState:
    """RC-5.4 result 6 (interpretation): one of the player's fortified places, drawn by a die, becomes damaged.

    [DEV] Applied now rather than next spring: nothing happens in between but
    the end check, and the damage is on the map when the spring starts.
    """
    fortified = [p for p in state.places if p.owner == seat and is_fortified(p, kinds)]
    if not fortified:
        log.append(line(state, "RC-5.4", f"{seat} holds no fortified place: the natural disaster does no harm.", seat))
        return state
    struck, roll = draw_place(state, dice, fortified, f"disaster {seat}")
    text = f"Natural disaster: the fortifications of {struck.node} ({', '.join(p.node for p in fortified)} drawn) are damaged."
    log.append(line(state, "RC-5.4", text, seat, roll, struck.node) if roll else line(state, "RC-5.4", text, seat))
    return evolve(state, places=tuple(evolve(p, damaged=True) if p is struck else p for p in state.places))


def draw_place(state: RenaissanceState, dice: GameDice, places: list, key: str):
    """One of ``places`` drawn by 1D<n> (no roll when there is only one): the place and the roll, or None."""
    if len(places) == 1:
        return places[0], None
    roll = throw(dice, state, key, f"1D{len(places)}", at=state.season)
    return places[roll.faces[0] - 1], roll


# --- RC-6 end of the campaign ----------------------------------------------------------------------


def _holder(state: RenaissanceState, nodes) -> str | None:
    """The one player still in who holds every node, or None."""
    owners = {state.owner(n) for n in nodes}
    seats = {p.seat for p in state.players if not p.eliminated}
    return owners.pop() if len(owners) == 1 and owners <= seats else None


def player_capitals(state: RenaissanceState, kinds: Mapping[str, str]) -> dict[str, str]:
    """Player seat -> its country's capital: the capitals the RC-6 condition can ask for, not the neutrals'.

    The Italian says "la conquista ... di tutte le capitali avversarie", the
    opponents' capitals: a neutral country has no player (RC-1.1), so it is
    no opponent, and its capital need not be taken.  Node ids are
    ``<country>-<n>`` (:mod:`mapgen.country.procedure`).
    """
    capital_of = {n.rsplit("-", 1)[0]: n for n, k in kinds.items() if k == "capital"}
    return {p.seat: capital_of[p.country] for p in state.players if p.country in capital_of}


def capitals_winner(state: RenaissanceState, kinds: Mapping[str, str]) -> str | None:
    """RC-6: the one player still in who holds every opponent's capital, or None.

    "Tutte le capitali avversarie": its own capital is not asked for, so a
    player who lost it but holds every other player's still wins (issue 23
    item 17).  [DEV] An eliminated player's capital is still an opponent's;
    with one player alone there is no opponent and nobody wins this way.
    """
    capitals = player_capitals(state, kinds)
    winners = [p.seat for p in state.players if not p.eliminated
               and (theirs := [n for seat, n in capitals.items() if seat != p.seat])
               and all(state.owner(n) == p.seat for n in theirs)]  # fmt: skip
    # Two players can each hold the other's capital only if both were taken without a check between,
    # which sieges (the only way a capital changes hands, RC-A.12) never allow: then nobody is named.
    return winners[0] if len(winners) == 1 else None


def capitals_end(state: RenaissanceState, kinds: Mapping[str, str], log: list) -> RenaissanceState:
    """RC-6: the capitals condition alone, checked whenever a siege succeeds (RC-4.10); the others wait for winter."""
    if state.ended or not state.ends.capitals:
        return state
    who = capitals_winner(state, kinds)
    if who is None:
        return state
    log.append(line(state, "RC-6", f"The campaign ends: {who} holds every opponent's capital. {who} wins.", who))
    return evolve(state, winner=who, ended="capitals")


def _check_ends(state: RenaissanceState, kinds: Mapping[str, str], log: list) -> RenaissanceState:
    """RC-6: the agreed conditions, a decisive one first: every capital, the objectives, then the years.

    [DEV] When the years run out nobody is named winner: the digest gives no tie-break.
    """
    ends = state.ends
    if ends.capitals and (who := capitals_winner(state, kinds)):
        won = (who, "capitals", f"{who} holds every opponent's capital")
    elif ends.objectives and (who := _holder(state, ends.objectives)):
        won = (who, "objectives", f"{who} holds every objective ({', '.join(ends.objectives)})")
    elif ends.years and state.year >= ends.years:
        won = (None, "years", f"{ends.years} years have passed")
    else:
        return state
    winner, ended, why = won
    log.append(line(state, "RC-6", f"The campaign ends: {why}." + (f" {winner} wins." if winner else ""), winner))
    return evolve(state, winner=winner, ended=ended)


# --- RC-3.3, RC-5.3 ransoms and exchanges ---------------------------------------------------------


def transfer(state: RenaissanceState, cmd: Transfer) -> tuple[RenaissanceState, list[LogEntry]]:
    """A transfer both players agreed (RC-3.3, RC-5.3): ducats and/or prisoners, never more than the giver has.

    [DEV] Allowed in any season until the campaign ends (the digest puts
    ransoms in spring income and the exchange in winter, but fixes no
    moment).  Prisoners released to their owner rejoin the garrison of the
    owner's capital if the owner holds it; otherwise they go home.
    """
    rule = "RC-3.3" if state.season == "spring" else "RC-5.3"
    if state.ended:
        raise CommandError(f"the campaign has ended ({state.ended}) (RC-6)")
    if not cmd.agreed:
        raise CommandError(f"a transfer needs both players' agreement: {cmd.to_player} and {cmd.from_player} must both accept ({rule})")
    seats = {p.seat: p for p in state.players}
    for seat in (cmd.from_player, cmd.to_player):
        if seat not in seats or seats[seat].eliminated:
            raise CommandError(f"{seat!r} is not a player still in the campaign ({rule})")
    if cmd.from_player == cmd.to_player:
        raise CommandError(f"a transfer is between two players, not {cmd.from_player} and itself ({rule})")
    giver = seats[cmd.from_player]
    if cmd.ducats < 0 or cmd.ducats > giver.treasury:
        raise CommandError(f"{giver.seat} can give 0 to {giver.treasury} ducats, not {cmd.ducats} ({rule})")
    held = {c.id: (pr, c) for pr in state.prisoners if pr.holder == giver.seat for c in pr.companies}
    if len(set(cmd.prisoners)) != len(cmd.prisoners) or any(i not in held for i in cmd.prisoners):
        raise CommandError(f"{giver.seat} holds {', '.join(held) or 'no prisoners'}: name each prisoner it holds once ({rule})")
    if not cmd.ducats and not cmd.prisoners:
        raise CommandError(f"an empty transfer: give ducats or prisoners ({rule})")
    players = tuple(evolve(p, treasury=p.treasury - cmd.ducats) if p.seat == cmd.from_player
                    else evolve(p, treasury=p.treasury + cmd.ducats) if p.seat == cmd.to_player else p for p in state.players)  # fmt: skip
    state = evolve(state, players=players)
    entries = []
    if cmd.ducats:
        entries.append(line(state, rule, f"{cmd.from_player} pays {cmd.ducats} ducats to {cmd.to_player}, as agreed.", cmd.from_player))
    if cmd.prisoners:
        state, text = _hand_over(state, cmd, held)
        entries.append(line(state, rule, text, cmd.from_player))
    return evolve(state, log=state.log + tuple(entries)), entries


def _hand_over(state: RenaissanceState, cmd: Transfer, held: dict) -> tuple[RenaissanceState, str]:
    moving = [held[i] for i in cmd.prisoners]
    kept = tuple(p for p in (evolve(pr, companies=tuple(c for c in pr.companies if c.id not in cmd.prisoners)) for pr in state.prisoners)
                 if p.companies)  # fmt: skip
    released = [c for pr, c in moving if pr.owner == cmd.to_player]
    passed = [(pr, c) for pr, c in moving if pr.owner != cmd.to_player]
    kept += tuple(Prisoners(cmd.to_player, pr.owner, (c,)) for pr, c in passed)
    state = evolve(state, prisoners=kept)
    texts = []
    if passed:
        texts.append(f"{cmd.from_player} hands {', '.join(c.id for _, c in passed)} over to {cmd.to_player} as prisoners")
    if released:
        # node ids are ``<country>-<n>`` and the capital is the first node made (mapgen.country.procedure)
        capital = state.place(f"{state.player(cmd.to_player).country}-0")
        capital = capital if capital is not None and capital.owner == cmd.to_player else None
        if capital:
            state = evolve(state, places=tuple(evolve(p, garrison=p.garrison + tuple(released)) if p is capital else p for p in state.places))
        where = f"the garrison of {capital.node}" if capital else "their homes (their capital is not held)"
        texts.append(f"{cmd.from_player} releases {', '.join(c.id for c in released)} to {cmd.to_player}; they return to {where}")
    return state, "; ".join(texts) + "."

