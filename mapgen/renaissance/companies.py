"""A player's companies wherever they stand, in an army or a garrison: what upkeep, disbanding and winter work on."""

from __future__ import annotations

from ..engine.records import evolve
from .commands import CommandError
from .state import Player, RenaissanceState


def companies_of(state: RenaissanceState, seat: str) -> dict[str, tuple[str, object]]:
    """Company id -> (army id or garrison node, the company) for every company a seat has under arms."""
    found = {c.id: (a.id, c) for a in state.armies if a.owner == seat for c in a.companies}
    return found | {c.id: (p.node, c) for p in state.places if p.owner == seat for c in p.garrison}


def remove_companies(state: RenaissanceState, ids) -> RenaissanceState:
    """The state without these companies in any army or garrison (an army left empty goes too), nor owing upkeep."""
    ids = set(ids)
    armies = (evolve(a, companies=tuple(c for c in a.companies if c.id not in ids)) if any(c.id in ids for c in a.companies) else a
              for a in state.armies)  # an army untouched stays the same object
    places = tuple(evolve(p, garrison=tuple(c for c in p.garrison if c.id not in ids)) if any(c.id in ids for c in p.garrison) else p
                   for p in state.places)
    kept = tuple(a for a in armies if a.companies)
    gone = len(kept) < len(state.armies)
    state = evolve(state, armies=kept, places=places, upkeep=tuple(i for i in state.upkeep if i not in ids))
    return _engineers_with_their_armies(state) if gone else state


def _engineers_with_their_armies(state: RenaissanceState) -> RenaissanceState:
    """RC-A.10: an engineer is attached to one army and moves with it, so one whose army is gone (destroyed, captured) is gone too."""
    armies = {a.id for a in state.armies}
    places = {p.node for p in state.places}
    kept = tuple(s for s in state.specialists if s.type != "engineer" or s.at in armies or s.at in places)
    return state if len(kept) == len(state.specialists) else evolve(state, specialists=kept)


def engineers_join_garrison(state: RenaissanceState, army_ids, node: str) -> RenaissanceState:
    """RC-A.10: the engineers of armies that become ``node``'s garrison (shut in, or left as its garrison) serve the garrison now."""
    ids = set(army_ids)
    if not any(s.type == "engineer" and s.at in ids for s in state.specialists):
        return state
    return evolve(state, specialists=tuple(evolve(s, at=node) if s.type == "engineer" and s.at in ids else s for s in state.specialists))


def own_companies(state, player: Player, ids, rule: str) -> dict:
    """The seat's companies (as :func:`companies_of`), refusing ids named twice or not its own."""
    if not ids or len(set(ids)) != len(ids):
        raise CommandError(f"name each company once ({rule})")
    mine = companies_of(state, player.seat)
    missing = [i for i in ids if i not in mine]
    if missing:
        raise CommandError(f"{', '.join(missing)}: not a company of {player.seat}'s armies or garrisons ({rule})")
    return mine
