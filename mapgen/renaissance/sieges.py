"""Renaissance sieges (RC-4.10, Tabella 35) as pure functions over the state.

``BeginSiege`` and ``Bribe`` (:mod:`.commands`) are summer commands, handled
through :func:`~.summer.apply_summer` on the player's turn; each is refused
with :class:`CommandError` naming the rule, the state untouched.
:func:`end_of_phase_sieges` is RC-4.1 step c, called by the summer's end of
phase before anything else there: a siege whose army moved or is gone ends
(RC-4.10 step 6); every other one rolls 1D6 + Tabella 35 (:func:`~.resolve.siege_modifiers`,
with the phase count including this phase, RC-A.17), 7+ takes the place with its
garrison (RC-4.10 step 4) and the RC-6 capitals condition is checked; then
attrition, 1 strength point, whatever the result (RC-4.10 step 5, RC-A.16).
"""

from __future__ import annotations

from typing import Mapping

from ..engine.dice import GameDice
from ..engine.records import evolve
from .commands import BeginSiege, Bribe, CommandError
from .companies import remove_companies
from .log import line, throw
from .resolve import siege_modifiers
from .rules import SIEGE, SIEGE_ATTRITION
from .spring import is_fortified
from .state import Army, Company, LogEntry, Prisoners, RenaissanceState, Siege
from .winter import capitals_end


def fortified(state: RenaissanceState, node: str, kinds: Mapping[str, str]) -> bool:
    """A place that falls only to a siege (RC-A.12): walled by kind (RC-A.19) or given walls (RC-3.9 ``fortify``)."""
    place = state.place(node)
    return place is not None and is_fortified(place, kinds)


# --- the commands -----------------------------------------------------------------------------------


def begin_siege(state: RenaissanceState, cmd: BeginSiege, kinds: Mapping[str, str]) -> tuple[RenaissanceState, list[LogEntry]]:
    """RC-4.10 step 1, RC-A.12: a siege of an enemy or neutral fortified place by an army that arrived in an earlier phase.

    [DEV] One siege per place: a second besieger at a node already besieged is
    refused (the digest says nothing of two besiegers).  ``Siege.arrived`` is
    the phase before this one (the army has not moved this phase, so it was
    there then; phase 1 when the siege begins in phase 1).
    """
    army = next((a for a in state.armies if a.id == cmd.army), None)
    if army is None or army.owner != cmd.player:
        raise CommandError(f"{cmd.army!r} is not an army of {cmd.player} (RC-4.10)")
    if army.node != cmd.node:
        raise CommandError(f"{army.id} stands at {army.node}, not {cmd.node}: the besieger stays on the node (RC-4.10)")
    place = state.place(cmd.node)
    if not fortified(state, cmd.node, kinds):
        raise CommandError(f"{cmd.node} is not a fortified place: only a fortified place is besieged (RC-4.10, RC-A.12)")
    if place.owner == cmd.player:
        raise CommandError(f"{cmd.node} is {cmd.player}'s own: a siege is of an enemy or neutral place (RC-4.10)")
    if army.moved:
        raise CommandError(f"{army.id} arrived at {cmd.node} this phase: the siege may begin next phase (RC-4.10 step 1)")
    if any(s.node == cmd.node for s in state.sieges):
        raise CommandError(f"{cmd.node} is already under siege (RC-4.10)")
    problem = loss_order_problem(army.companies, cmd.lose, f"army {army.id}")
    if problem:
        raise CommandError(problem)
    siege = Siege(cmd.node, army.id, phases=0, arrived=max(1, state.phase - 1), lose=tuple(cmd.lose))
    entries = [line(state, "RC-4.10", f"{army.id} of {cmd.player} begins the siege of {cmd.node} (held by {place.owner}).", cmd.player)]
    return evolve(state, sieges=state.sieges + (siege,), log=state.log + tuple(entries)), entries


def bribe(state: RenaissanceState, cmd: Bribe) -> tuple[RenaissanceState, list[LogEntry]]:
    """RC-4.10 step 2: ducats for bribes before this phase's roll, paid at once, never more than the treasury."""
    siege = next((s for s in state.sieges if s.node == cmd.node), None)
    army = next((a for a in state.armies if siege and a.id == siege.army), None)
    if siege is None or army is None or army.owner != cmd.player:
        raise CommandError(f"{cmd.player} besieges no place at {cmd.node}: bribes go with a siege (RC-4.10 step 2)")
    treasury = state.player(cmd.player).treasury
    if not 1 <= cmd.ducats <= treasury:
        raise CommandError(f"{cmd.player} can spend 1 to {treasury} ducats on bribes, not {cmd.ducats} (RC-4.10 step 2)")
    players = tuple(evolve(p, treasury=p.treasury - cmd.ducats) if p.seat == cmd.player else p for p in state.players)
    sieges = tuple(evolve(s, bribes=s.bribes + cmd.ducats) if s is siege else s for s in state.sieges)
    text = f"{cmd.player} spends {cmd.ducats} ducats on bribes at {cmd.node} ({siege.bribes + cmd.ducats} this phase)."
    entries = [line(state, "RC-4.10", text, cmd.player, secret=True)]
    return evolve(state, players=players, sieges=sieges, log=state.log + tuple(entries)), entries


# --- RC-4.1 c: the end of a phase -----------------------------------------------------------------


def end_of_phase_sieges(state: RenaissanceState, dice: GameDice, kinds: Mapping[str, str]) -> RenaissanceState:
    """RC-4.1 c: a roll for every siege in progress, in the order they began, then its attrition; logged."""
    log: list[LogEntry] = []
    for siege in state.sieges:
        if state.ended:
            break
        if siege not in state.sieges:  # ended by an earlier one in this loop
            continue
        state = _one_siege(state, siege, dice, kinds, log)
    return evolve(state, log=state.log + tuple(log))


def _one_siege(state: RenaissanceState, siege: Siege, dice: GameDice, kinds: Mapping[str, str], log: list) -> RenaissanceState:
    army = next((a for a in state.armies if a.id == siege.army), None)
    place = state.place(siege.node)
    if army is None or army.node != siege.node or army.moved or place.owner == (army and army.owner):
        why = "is gone" if army is None else "moved away" if army.node != siege.node or army.moved else "holds it already"
        log.append(line(state, "RC-4.10", f"The siege of {siege.node} ends: {siege.army} {why} (RC-4.10 step 6).", army and army.owner))
        return _drop(state, siege)
    seat = army.owner
    phases = siege.phases + 1  # RC-A.17: this phase counts
    mercenary = sum(c.kind == "mercenary" for c in army.companies)
    mods = siege_modifiers(
        phases,
        besieger_engineer=_engineer(state, seat, army.id),
        bribes=siege.bribes,
        non_mercenary=len(army.companies) - mercenary > mercenary,  # RC-A.18: the besieger's companies
        defender_engineer=_engineer(state, place.owner, place.node),
        place=kinds[place.node],
        walls=fortified(state, place.node, kinds),
        advanced=place.advanced,
        damaged=place.damaged,
    )
    roll = throw(dice, state, f"siege {place.node}", SIEGE, mods)
    band = roll.band
    taken = band.outcome == "taken"
    text = f"Siege of {place.node} by {army.id}, phase {phases}: {roll.total} - " + (
        f"{place.node} surrenders to {seat} with its garrison." if taken else f"{place.node} holds.")
    log.append(line(state, "RC-4.10", text, seat, roll, modifiers=True))
    if taken:
        state = _take(state, siege, army, log)
    else:
        state = evolve(state, sieges=tuple(evolve(s, phases=phases, bribes=0) if s is siege else s for s in state.sieges))
    state = _attrition(state, army, siege.lose, log)
    if taken and state.ends.capitals:
        state = capitals_end(state, kinds, log)
    return state


def _engineer(state: RenaissanceState, seat: str, at: str) -> bool:
    """RC-3.10: a hired engineer of ``seat`` serving this army or garrison, this year."""
    return any(s.type == "engineer" and s.owner == seat and s.at == at and s.year == state.year for s in state.specialists)


def _drop(state: RenaissanceState, siege: Siege) -> RenaissanceState:
    return evolve(state, sieges=tuple(s for s in state.sieges if s is not siege))


def _take(state: RenaissanceState, siege: Siege, army: Army, log: list) -> RenaissanceState:
    """RC-4.10 step 4: control passes, the garrison becomes the besieger's prisoners (RC-4.6), the place is damaged."""
    place = state.place(siege.node)
    prisoners = state.prisoners
    if place.garrison:
        prisoners += (Prisoners(army.owner, place.owner, place.garrison),)
        log.append(line(state, "RC-4.6", f"{', '.join(c.id for c in place.garrison)} of {place.owner} are prisoners of {army.owner}.", army.owner))
    places = tuple(evolve(p, owner=army.owner, garrison=(), damaged=True) if p is place else p for p in state.places)
    return evolve(_drop(state, siege), places=places, prisoners=prisoners)


def _attrition(state: RenaissanceState, army: Army, first: tuple[str, ...], log: list) -> RenaissanceState:
    """RC-4.10 step 5, RC-A.16: 1 strength point each siege phase, whatever the roll, removed as whole companies (RC-3.7).

    ``first``: the owner's order of the companies to give up (``BeginSiege.lose``).
    """
    lost = cover(army.companies, SIEGE_ATTRITION, first)
    text = f"Siege attrition: {army.id} loses {', '.join(f'{c.id} ({c.strength})' for c in lost)}." if lost else (
        f"Siege attrition: {army.id} has no company with strength to lose (RC-A.8).")
    # That the besieger wastes away is public (RC-4.10 step 5); which companies went is its owner's (RC-3.10).
    log.append(line(state, "RC-4.10", f"Siege attrition: {army.id} loses strength ({SIEGE_ATTRITION} a siege phase).", army.owner))
    log.append(line(state, "RC-4.10", text, army.owner, secret=True))
    return remove_companies(state, [c.id for c in lost])


def cover(companies: tuple[Company, ...], loss: int, first: tuple[str, ...] = ()) -> list[Company]:
    """RC-3.7: the whole companies removed for a loss of ``loss`` strength points.

    ``first``: company ids in the order the owner gives them up (RC-3.7 "the
    player may override it", RC-A.31), taken while the loss is not reached;
    ids not among ``companies`` (or rabble) are passed over.  The rest of the
    loss is the software's proposal: the smallest total strength reaching
    it, ties to the fewest; all if none reach it.
    """
    able = [c for c in companies if c.strength > 0]
    chosen: list[Company] = []
    by_id = {c.id: c for c in able}
    for i in first:
        if sum(c.strength for c in chosen) >= loss:
            break
        if i in by_id and by_id[i] not in chosen:
            chosen.append(by_id[i])
    rest = sum(c.strength for c in chosen)
    if not chosen:
        return _proposal(able, loss)
    return chosen + (_proposal([c for c in able if c not in chosen], loss - rest) if rest < loss else [])


def loss_order_problem(companies, ids: tuple[str, ...], where: str) -> str | None:
    """Why ``ids`` is not an order of losses among ``companies`` (each once, all there), or None (RC-3.7)."""
    if len(set(ids)) != len(ids):
        return "name each company to lose once (RC-3.7)"
    missing = [i for i in ids if i not in {c.id for c in companies}]
    return f"{', '.join(missing)}: not in {where}, so it cannot be lost there (RC-3.7)" if missing else None


def _proposal(able: list[Company], loss: int) -> list[Company]:
    """RC-3.7 (interpretation): the smallest total strength reaching ``loss``, ties to the fewest; all if none reach it.

    [DEV] A tie between equal sets goes to the companies first in the army's
    order.  Rabble (strength 0) never counts (RC-A.8).  A subset-sum table over
    strengths (each at most 8), not every subset: an army may hold dozens.
    """
    if sum(c.strength for c in able) <= loss:
        return able
    best: dict[int, list[Company]] = {0: []}  # total strength -> the fewest companies reaching it, first found
    for c in able:
        for total, chosen in sorted(best.items(), reverse=True):
            new = total + c.strength
            if total < loss and (new not in best or len(chosen) + 1 < len(best[new])):
                best[new] = chosen + [c]
    return best[min(t for t in best if t >= loss)]
