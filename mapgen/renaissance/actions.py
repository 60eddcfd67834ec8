"""What a seat may do now in a Renaissance campaign: :func:`actions`, the rule set's ``actions``.

The season modules keep their checks where their commands are applied, so
each action here is a candidate command kept only when the engine accepts
it (``accepts``: the rule set's one reducer on a copy of the state, the
result thrown away): an action listed is a command that runs, by
construction, and the list cannot drift from the rules.  The candidates are
what a player thinks of in each season; where a command takes free values
the list holds representative choices, so a game can always go on:

* spring: a loan of the most the bank lends (banks on); one company of each
  type the player can afford (into its first army or place that takes it);
  an army of one medium company at each city that may raise one; each
  work at each place; each specialist; a company from an army to another
  at its node (RC-3.6, also in summer); each army's or garrison's unpaid
  upkeep paid; an army's companies sent home;
* summer: each army's road moves (one step as ``args``; every path of one or
  two steps as ``choices``), a company left as a garrison where an army
  stands or on its way (RC-3.8), sieges, a bribe of 10 ducats, the diplomat's
  decoy, ``end``; an engagement's secret choices are each side's own
  actions, and a table battle's result each winner with no loss entered;
* any season: an assassin against each enemy specialist or commander; in
  winter, prisoners handed back to their owner; ``turn``.
"""

from __future__ import annotations

from typing import Callable

from ..engine.commands import Turn
from ..engine.ruleset import Action
from . import commands as c
from . import resolve
from .rules import CITY_KINDS, FORTIFICATION_WORKS, NON_PHASING_CHOICES
from .spring import COMPANY_COST, held_kinds, is_fortified, tax_event
from .state import RenaissanceState
from .summer import MAX_STEPS

#: RC-3.5 Tabella 31: the company types, each with the kind a company of it is recruited as here.
RECRUITS = (("small", "regular"), ("small_cavalry", "regular"), ("medium", "regular"), ("medium_cavalry", "regular"),
            ("large", "regular"), ("large_cavalry", "regular"), ("rabble", "rabble"))
#: [DEV] The representative new army: one medium company (RC-3.6).
NEW_ARMY = (("medium", "regular"),)
#: [DEV] The representative bribe (RC-4.10 step 2: +1 per 10 ducats).
BRIBE_DUCATS = 10
WORKS = ("fortify", "repair", "improve")

Accepts = Callable[[RenaissanceState, object], bool]


def actions(state: RenaissanceState, seat: str | None, board, accepts: Accepts) -> list[Action]:
    """The actions open now to ``seat`` (a player; a neutral country when the referee chooses for it; None: everyone)."""
    if state.ended:
        return []
    seats = [p.seat for p in state.players if not p.eliminated and seat in (None, p.seat)]
    out: list[Action] = []

    def offer(who: str | None, command, label: str = "", choices: dict | None = None) -> bool:
        """Keep ``command`` as an action when the engine accepts it; whether it did."""
        if not accepts(state, command):
            return False
        record = c.command_record(command)
        out.append(Action(who, record.pop("command"), record, choices or {}, label))
        return True

    if state.season == "spring":
        for s in seats:
            _spring(state, s, board, offer)
    elif state.season == "summer":
        if state.engagements:
            _engagements(state, seat, offer)
        elif state.turn is not None and state.turn in seats:
            _summer_moves(state, state.turn, board, offer, accepts)
            offer(state.turn, c.EndMoves(state.turn), f"{state.turn} has made its moves in phase {state.phase}")
    else:
        for s in seats:
            _releases(state, s, offer)
    for s in seats:
        _assassins(state, s, offer)
    if not (state.season == "summer" and state.engagements):
        offer(None, Turn(), _TURN[state.season])
    return out


_TURN = {
    "spring": "end the spring; the summer begins (RC-3.1)",
    "summer": "the player to move ends its moves (RC-4.3)",
    "winter": "play the winter and open the next spring (RC-5)",
}


def _own(state: RenaissanceState, seat: str):
    return [p for p in state.places if p.owner == seat]


def _spring(state: RenaissanceState, seat: str, board, offer) -> None:
    player = state.player(seat)
    kinds = board.kinds
    if state.options.banks and not player.loan:
        held = held_kinds(state, seat, kinds)
        event = tax_event(state, seat)
        base = resolve.tax_income(held, event) if state.options.loan_on_all_taxes else resolve.city_tax(held, event)
        limit = resolve.loan_limit(base)
        if limit >= 1:
            offer(seat, c.TakeLoan(seat, limit), f"{seat} borrows {limit} ducats, the most the bank lends (RC-3.4)")
    armies = [a for a in state.armies_of(seat) if not a.allied]
    fortified = [p.node for p in _own(state, seat) if is_fortified(p, kinds)]
    for kind, troops in RECRUITS:
        if COMPANY_COST[kind] > player.treasury:
            continue
        for target in [a.id for a in armies] + fortified:
            if offer(seat, c.Recruit(seat, target, kind, troops), f"{seat} recruits a {kind.replace('_', ' ')} company into {target} (RC-3.5)"):
                break
    if sum(COMPANY_COST[t] for t, _ in NEW_ARMY) <= player.treasury:
        for p in _own(state, seat):
            if kinds.get(p.node) in CITY_KINDS:
                offer(seat, c.FormArmy(seat, p.node, NEW_ARMY), f"{seat} raises an army of one medium company at {p.node} (RC-3.6)")
    for a in armies:
        if a.node in fortified and len(a.companies) > 1:
            offer(seat, c.Garrison(seat, a.id, (a.companies[-1].id,)), f"{a.id} leaves {a.companies[-1].id} in the garrison of {a.node} (RC-3.8)")
    _shifts(state, seat, offer)
    for p in _own(state, seat):
        fits = {"fortify": kinds.get(p.node) == "village" and not p.fortified, "improve": is_fortified(p, kinds) and not p.advanced,
                "repair": p.damaged}  # fmt: skip - Tabella 32's works a place may take (the engine checks again)
        for work in WORKS:
            if fits[work] and FORTIFICATION_WORKS[work].cost <= player.treasury:
                offer(seat, c.OrderWorks(seat, p.node, work), f"{seat} orders the works '{work}' at {p.node} (RC-3.9)")
    engineer_at = next(iter([a.id for a in state.armies_of(seat)] + fortified), None)
    if engineer_at:
        offer(seat, c.HireSpecialist(seat, "engineer", engineer_at), f"{seat} hires an engineer for {engineer_at} (RC-3.10)")
    city = next((p.node for p in _own(state, seat) if kinds.get(p.node) in CITY_KINDS), None)
    if city:
        offer(seat, c.HireSpecialist(seat, "diplomat", city), f"{seat} hires a diplomat, its decoy at {city} (RC-3.10)")
    for other in state.players:
        if other.seat != seat and not other.eliminated:
            offer(seat, c.HireSpecialist(seat, "spy", None, other.seat), f"{seat} hires a spy against {other.seat} (RC-3.10)")
    offer(seat, c.HireSpecialist(seat, "assassin"), f"{seat} hires an assassin for one mission (RC-3.10)")
    owed = set(state.upkeep)
    holders = [(a.id, a.companies) for a in state.armies_of(seat)] + [(p.node, p.garrison) for p in _own(state, seat)]
    for where, companies in holders:
        unpaid = tuple(x.id for x in companies if x.id in owed)
        if unpaid:
            offer(seat, c.PayUpkeep(seat, where, unpaid), f"{seat} pays the upkeep of {', '.join(unpaid)} in {where} (RC-3.11)")
    for a in state.armies_of(seat):
        ids = tuple(x.id for x in a.companies)
        offer(seat, c.Disband(seat, ids), f"{seat} sends army {a.id} home (RC-3.11)")


def _shifts(state: RenaissanceState, seat: str, offer) -> None:
    """RC-3.6: each army's last company to each other army of the seat at its node."""
    mine = state.armies_of(seat)
    for a in mine:
        for b in mine:
            if a is not b and a.node == b.node:
                last = a.companies[-1].id
                offer(seat, c.ShiftCompanies(seat, a.id, b.id, (last,)), f"{last} moves from army {a.id} to army {b.id} at {a.node} (RC-3.6)")


def paths(start: str, steps) -> list[tuple[str, ...]]:
    """Every road path of 1 to :data:`~.summer.MAX_STEPS` steps from ``start`` (RC-4.3), never back on itself, shortest first.

    The engine decides which of them a force may take now (one holding another's force stops it).
    """
    out: list[tuple[str, ...]] = []
    frontier: list[tuple[str, ...]] = [()]
    for _ in range(MAX_STEPS):
        frontier = [p + (n,) for p in frontier for n in steps.get(p[-1] if p else start, ()) if n != start and n not in p]
        out += frontier
    return out


def _summer_moves(state: RenaissanceState, seat: str, board, offer, accepts: Accepts) -> None:
    for a in state.armies_of(seat):
        if a.moved:
            continue
        legal = tuple(p for p in paths(a.node, board.steps) if accepts(state, c.MoveArmy(seat, a.id, p)))
        if legal:
            ends = ", ".join(dict.fromkeys(p[-1] for p in legal))
            offer(seat, c.MoveArmy(seat, a.id, legal[0]), f"{a.id} at {a.node} moves to {legal[0][-1]}; it may reach {ends}", {"path": legal})
    for a in state.armies_of(seat):
        offer(seat, c.BeginSiege(seat, a.id, a.node), f"{a.id} begins a siege of {a.node} (RC-4.10)")
    for a in state.armies_of(seat):  # RC-3.8: a garrison where the army stands, or at the node its move passed
        if len(a.companies) > 1:
            last = a.companies[-1].id
            offer(seat, c.Garrison(seat, a.id, (last,)), f"{a.id} leaves {last} in the garrison of {a.node} (RC-3.8)")
            if a.moved and a.came_from:
                offer(seat, c.Garrison(seat, a.id, (last,), a.came_from), f"{a.id} leaves {last} in the garrison of {a.came_from}, on its way (RC-3.8)")
    _shifts(state, seat, offer)
    for s in state.sieges:
        army = next((a for a in state.armies if a.id == s.army), None)
        if army is not None and army.owner == seat:
            offer(seat, c.Bribe(seat, s.node, BRIBE_DUCATS), f"{seat} spends {BRIBE_DUCATS} ducats on bribes at {s.node} (RC-4.10)")
    for d in state.specialists:
        if d.owner == seat and d.type == "diplomat" and d.at:
            legal = tuple(p for p in paths(d.at, board.steps) if accepts(state, c.MoveDiplomat(seat, d.id, p)))
            if legal:
                offer(seat, c.MoveDiplomat(seat, d.id, legal[0]), f"{d.id}'s decoy at {d.at} moves to {legal[0][-1]}", {"path": legal})


def _engagements(state: RenaissanceState, seat: str | None, offer) -> None:
    """RC-4.4: each side's secret choice at each open engagement; RC-4.7: a table battle's result."""
    seen = set()
    for e in state.engagements:
        if e.node in seen:
            continue  # the first engagement at a node is the one being chosen or fought now
        seen.add(e.node)
        if e.result == "BATTLE":
            for winner in (e.phasing, e.other):
                offer(None, c.TableBattle(e.node, winner), f"the battle on the table at {e.node} won by {winner}, no loss entered (RC-4.7)")
            continue
        for side, chosen in ((e.phasing, e.phasing_choice), (e.other, e.other_choice)):
            if chosen is not None or seat not in (None, side):
                continue
            for choice in NON_PHASING_CHOICES:
                offer(side, c.ChooseEngagement(side, e.node, choice), f"{side} chooses {choice.replace('_', ' ')} at {e.node} (RC-4.4), secretly")
            # RC-A.33: a battle fought on the table if the other side asks too
            offer(side, c.ChooseEngagement(side, e.node, "attack", on_table=True), f"{side} attacks at {e.node} and asks for a battle on the table (RC-A.33)")


def _releases(state: RenaissanceState, seat: str, offer) -> None:
    """RC-5.3: prisoners a player holds handed back to their owner, a deal both agreed."""
    players = {p.seat for p in state.players}
    for p in state.prisoners:
        if p.holder == seat and p.owner in players and p.companies:
            ids = tuple(x.id for x in p.companies)
            offer(seat, c.Transfer(seat, p.owner, 0, ids, True), f"{seat} hands {', '.join(ids)} back to {p.owner} (RC-5.3)")


def _assassins(state: RenaissanceState, seat: str, offer) -> None:
    """RC-3.10: an assassin against each enemy specialist or army commander, at any time of the year."""
    for s in state.specialists:
        if s.owner == seat and s.type == "assassin":
            targets = [x.id for x in state.specialists if x.owner != seat] + [a.id for a in state.armies if a.owner != seat]
            for t in targets:
                offer(seat, c.Assassinate(seat, s.id, t), f"{s.id} strikes at {t} (RC-3.10: 5-6 succeeds)")
