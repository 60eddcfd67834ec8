"""Where a side goes after an engagement (RC-4.5, RC-4.6, RC-4.9 step 6, RC-A.26, RC-A.27, RC-A.29).

A side is all of one owner's armies at the node (RC-A.11); a neutral side,
or a player with no army there, is the garrison of its place.  ``P_BACK``
sends each phasing army back along the road it came in by; ``N_BACK`` sends
the side to one adjacent node with no enemy force, or into captivity when
there is none; ``SHUT_IN`` puts the armies' companies into the place's
garrison.  "Enemy" is any force not the side's own, armies or a garrison
(RC-A.30), looked up in the state as it is now, so in ``BOTH_BACK`` the
phasing side's new position already counts against the other (RC-A.26).

[DEV] A retreat is not the army's move: ``moved`` stays as it was, so an
army pushed back before its owner's turn may still move then (the source
counts moves per phase and says nothing of retreats); ``came_from`` becomes
the node it left.
"""

from __future__ import annotations

from typing import Mapping

from ..engine.records import evolve
from .companies import engineers_join_garrison, remove_companies
from .log import line
from .spring import is_fortified
from .state import Army, Prisoners, RenaissanceState


def forces_at(state: RenaissanceState, node: str) -> list[str]:
    """Who has a force at ``node``, armies first in the state's order, then the garrison's owner (RC-A.30); diplomats are not forces."""
    who = [a.owner for a in state.armies_at(node)]
    place = state.place(node)
    if place is not None and place.garrison:
        who.append(place.owner)
    return list(dict.fromkeys(who))


def enemy_at(state: RenaissanceState, seat: str, node: str) -> bool:
    """Whether ``node`` holds a force not ``seat``'s: the test of every fall back (RC-4.5)."""
    return any(owner != seat for owner in forces_at(state, node))


def retreat_node(state: RenaissanceState, armies: list[Army], node: str, prefer: str | None, steps: Mapping[str, tuple[str, ...]]) -> str | None:
    """RC-4.5 ``N_BACK``: the adjacent node the side falls back to, or None when every one holds an enemy force (captured).

    [DEV] The owner's ``retreat_to`` when it is free; else the node the side's
    first army came in from this phase; else an adjacent place the owner holds;
    else the first free adjacent node in road order.
    """
    seat = armies[0].owner
    near = steps.get(node, ())
    came = [a.came_from for a in armies]
    own = sorted(near, key=lambda n: (state.owner(n) != seat, n))
    for n in [prefer, *came, *own]:
        if n in near and not enemy_at(state, seat, n):
            return n
    return None


def fall_back(state: RenaissanceState, seat: str, node: str, opponent: str, prefer: str | None, steps, log: list, why: str,
              armies: list[Army] | None = None) -> RenaissanceState:  # fmt: skip
    """RC-4.5 ``N_BACK``, RC-4.9 step 6: the side's armies at ``node`` (or just ``armies``) go to one free adjacent node, or are captured (RC-4.6)."""
    if armies is None:
        armies = [a for a in state.armies_at(node) if a.owner == seat]
    if not armies:
        return state
    to = retreat_node(state, armies, node, prefer, steps)
    if to is None:
        return capture(state, armies, opponent, log, f"{why}: every node next to {node} holds an enemy force")
    log.append(line(state, "RC-4.5", f"{why}: {', '.join(a.id for a in armies)} of {seat} fall{'s' * (len(armies) == 1)} back {node} -> {to}.", seat))
    return _move(state, armies, to)


def go_back(state: RenaissanceState, seat: str, node: str, opponent: str, prefer: str | None, steps, log: list, why: str) -> RenaissanceState:
    """RC-4.5 ``P_BACK`` (RC-A.26): each phasing army one node back along the road it came in by.

    An army whose entry node now holds an enemy force, or that did not move
    this phase ([DEV]: it stood there already, so it has no road back), falls
    back as ``N_BACK`` instead.
    """
    for army in [a for a in state.armies_at(node) if a.owner == seat]:
        back = army.came_from
        if back is not None and back in steps.get(node, ()) and not enemy_at(state, seat, back):
            log.append(line(state, "RC-4.5", f"{why}: {army.id} of {seat} goes back {node} -> {back}, the way it came.", seat))
            state = _move(state, [army], back)
        else:
            blocked = f"{back} holds an enemy force" if back else f"{army.id} did not move in this phase"
            state = fall_back(state, seat, node, opponent, prefer, steps, log, f"{why}, but {blocked} (RC-A.26)", [army])
    return state


def _move(state: RenaissanceState, armies: list[Army], to: str) -> RenaissanceState:
    ids = {a.id for a in armies}
    return evolve(state, armies=tuple(evolve(a, node=to, came_from=a.node) if a.id in ids else a for a in state.armies))


def capture(state: RenaissanceState, armies: list[Army], holder: str, log: list, why: str) -> RenaissanceState:
    """RC-4.6: the whole army, commanders included, becomes the opponent's prisoners (to exchange or ransom, RC-5.3)."""
    companies = tuple(c for a in armies for c in a.companies)
    if not companies:
        return state
    owner = armies[0].owner
    log.append(line(state, "RC-4.6", f"{why}: {', '.join(a.id for a in armies)} of {owner} ({len(companies)} compan{'y' if len(companies) == 1 else 'ies'}) are captured by {holder}.", owner))
    state = remove_companies(state, [c.id for c in companies])
    return evolve(state, prisoners=state.prisoners + (Prisoners(holder, owner, companies),))


def garrison_beaten(state: RenaissanceState, seat: str, node: str, opponent: str, kinds, log: list) -> RenaissanceState:
    """A side that is only a garrison and lost: it cannot retreat (RC-3.8, garrisons do not move).

    [DEV] Behind walls it holds in its place with what is left, which then
    falls only to a siege (RC-A.12); in a place without walls it is captured
    (RC-4.6).  A neutral garrison the same.
    """
    place = state.place(node)
    if place is None or place.owner != seat or not place.garrison:
        return state
    if is_fortified(place, kinds):
        log.append(line(state, "RC-4.9", f"The garrison of {node} ({seat}) cannot retreat: it holds within the walls (RC-3.8, RC-A.12).", seat))
        return state
    companies = place.garrison
    text = f"The garrison of {node} ({seat}) cannot retreat and has no walls: {', '.join(c.id for c in companies)} captured by {opponent}."
    log.append(line(state, "RC-4.6", text, seat))
    state = remove_companies(state, [c.id for c in companies])
    return evolve(state, prisoners=state.prisoners + (Prisoners(opponent, seat, companies),))


def shut_in(state: RenaissanceState, seat: str, node: str, log: list) -> RenaissanceState:
    """RC-4.5 ``SHUT_IN`` (RC-A.27): the side's armies at ``node`` join its place's garrison; no battle."""
    # RC-A.27: the armies that met the force may ignore it this phase; in their next move they leave or besiege.
    met = {a.id for a in state.armies_at(node) if a.owner != seat}
    state = evolve(state, armies=tuple(evolve(a, shut_in_at=node, shut_in_phase=state.phase) if a.id in met else a for a in state.armies))
    armies = [a for a in state.armies_at(node) if a.owner == seat]
    if not armies:
        log.append(line(state, "RC-4.5", f"The garrison of {node} ({seat}) stays shut in.", seat))
        return state
    joined = tuple(c for a in armies for c in a.companies)
    ids = {a.id for a in armies}
    places = tuple(evolve(p, garrison=p.garrison + joined) if p.node == node else p for p in state.places)
    log.append(line(state, "RC-4.5", f"{', '.join(sorted(ids))} of {seat} shut themselves in {node}: {len(joined)} companies join its garrison.", seat))
    state = engineers_join_garrison(state, ids, node)
    return evolve(state, places=places, armies=tuple(a for a in state.armies if a.id not in ids))


def end_lost_sieges(state: RenaissanceState, node: str, log: list) -> RenaissanceState:
    """RC-A.29, RC-4.10 step 6: a siege at ``node`` whose army is no longer there (beaten, fallen back, captured, destroyed) ends."""
    here = {a.id for a in state.armies_at(node)}
    ended = [s for s in state.sieges if s.node == node and s.army not in here]
    for s in ended:
        log.append(line(state, "RC-A.29", f"The siege of {node} ends: {s.army} is no longer there after the engagement.", None))
    return evolve(state, sieges=tuple(s for s in state.sieges if s not in ended)) if ended else state
