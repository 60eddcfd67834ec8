"""A player's companies wherever they stand, in an army or a garrison: what upkeep, disbanding and winter work on."""

from __future__ import annotations

from ..engine.records import evolve
from .commands import CommandError, ShiftCompanies
from .log import line
from .state import LogEntry, Player, RenaissanceState


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
    """RC-A.10: the engineers of armies that become ``node``'s garrison (shut in, or left as its garrison) serve the garrison now.

    ``node`` may be another army's id: the engineers of an army emptied into it serve that army.
    """
    ids = set(army_ids)
    if not any(s.type == "engineer" and s.at in ids for s in state.specialists):
        return state
    return evolve(state, specialists=tuple(evolve(s, at=node) if s.type == "engineer" and s.at in ids else s for s in state.specialists))


def shift_companies(state: RenaissanceState, cmd: ShiftCompanies) -> tuple[RenaissanceState, list[LogEntry]]:
    """RC-3.6: companies from one of the player's armies to another at the same node; the lines are the player's own.

    [DEV] Companies never gain road steps: in summer the receiving army must
    have moved at least as far this phase as the giving one.  An army that
    gives all its companies is gone (its engineers serve the receiving army;
    a siege it held ends, RC-A.29).  Allied companies stay in the allied army
    and only they (RC-3.6).
    """
    armies = {a.id: a for a in state.armies}
    giver, taker = armies.get(cmd.from_army), armies.get(cmd.to_army)
    for army_id, army in ((cmd.from_army, giver), (cmd.to_army, taker)):
        if army is None or army.owner != cmd.player:
            raise CommandError(f"{army_id!r} is not an army of {cmd.player} (RC-3.6)")
    if giver is taker:
        raise CommandError(f"name two different armies, not {giver.id} twice (RC-3.6)")
    if giver.node != taker.node:
        raise CommandError(f"{giver.id} is at {giver.node} and {taker.id} at {taker.node}: companies move between armies at the same node (RC-3.6)")
    if not cmd.companies or len(set(cmd.companies)) != len(cmd.companies):
        raise CommandError("name each company to move once (RC-3.6)")
    by_id = {c.id: c for c in giver.companies}
    missing = [c for c in cmd.companies if c not in by_id]
    if missing:
        raise CommandError(f"{', '.join(missing)} not in army {giver.id} (RC-3.6)")
    if giver.allied != taker.allied:
        raise CommandError(f"{(giver if giver.allied else taker).id} is the allied army: allied companies form it, and only they (RC-3.6)")
    if taker.moved < giver.moved:
        raise CommandError(f"{giver.id} has moved {giver.moved} road steps this phase and {taker.id} {taker.moved}: "
                           f"companies never gain steps by changing army (RC-3.6, RC-4.3)")
    moving = tuple(by_id[c] for c in cmd.companies)
    left = tuple(c for c in giver.companies if c.id not in cmd.companies)
    if not left:
        state = engineers_join_garrison(state, (giver.id,), taker.id)
    changed = {giver.id: evolve(giver, companies=left) if left else None, taker.id: evolve(taker, companies=taker.companies + moving)}
    state = evolve(state, armies=tuple(a for a in (changed.get(x.id, x) for x in state.armies) if a is not None))
    text = f"{cmd.player} moves {', '.join(cmd.companies)} from army {giver.id} to army {taker.id} at {taker.node}" + ("" if left else f"; army {giver.id} is gone") + "."
    return state, [line(state, "RC-3.6", text, cmd.player, secret=True)]


def own_companies(state, player: Player, ids, rule: str) -> dict:
    """The seat's companies (as :func:`companies_of`), refusing ids named twice or not its own."""
    if not ids or len(set(ids)) != len(ids):
        raise CommandError(f"name each company once ({rule})")
    mine = companies_of(state, player.seat)
    missing = [i for i in ids if i not in mine]
    if missing:
        raise CommandError(f"{', '.join(missing)}: not a company of {player.seat}'s armies or garrisons ({rule})")
    return mine
