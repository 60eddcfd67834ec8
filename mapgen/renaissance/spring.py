"""The Renaissance spring (RC-3) as pure functions: ``start_spring`` and ``apply_spring``.

``start_spring`` is the part the engine does alone, RC-3.1 steps 1-3: last
winter's events set this spring's tax rates, every player collects the tax
of every place they hold, and last year's loan is repaid with interest or
the player rolls Tabella 30 and is out.  ``apply_spring`` is the part the
players do, steps 4 and 5 (:mod:`.commands`): it either raises
:class:`CommandError` with the reason and the rule, the state untouched, or
returns a new state and the log entries the command added, as the Fantasy
Warriors rule set does (:func:`mapgen.engine.apply`).

The state holds only what play changes, so a node's kind comes from the map:
both functions take ``kinds``, node -> kind (:func:`place_kinds` of the
country map), as the FW engine takes its ``board``.  Dice are the engine's
:class:`~mapgen.campaign.dice.GameDice`, keyed by year, season and player,
so a replay or an undo brings up the same faces.
"""

from __future__ import annotations

import re
from typing import Mapping

from ..engine.dice import GameDice
from ..engine.records import evolve
from . import resolve
from .commands import CommandError, Disband, FormArmy, Garrison, HireSpecialist, OrderWorks, PayUpkeep, Recruit, ShiftCompanies, SpringCommand, TakeLoan
from .companies import engineers_join_garrison, own_companies, remove_companies, shift_companies
from .log import line, throw
from .rules import BANK_DEFAULT, CITY_KINDS, COMPANY_STRENGTH, FORTIFICATION_WORKS, MAX_ALLIED_ARMIES, MAX_ARMIES, SPECIALISTS
from .specialists import next_counter
from .state import Army, Company, FortificationWork, LogEntry, Place, Player, RenaissanceState, SpecialistState, company

#: [DEV] RC-3.5 and RC-A.23: the source gives no company price (it is the tactical rules' army
#: lists'); until a list is given, 10 ducats per Tabella 31 strength point, and rabble (strength 0) 5.
#: A ``Recruit`` may name the army list's own price instead.
DUCATS_PER_STRENGTH = 10
RABBLE_COST = 5
COMPANY_COST = {t: (s * DUCATS_PER_STRENGTH if s else RABBLE_COST) for t, s in COMPANY_STRENGTH.items()}
def company_price(c: Company) -> int:
    """What a company was recruited for, and so its upkeep (RC-3.11, RC-A.23); mapgen's price if the file kept none."""
    return COMPANY_COST[c.type] if c.cost is None else c.cost


#: RC-3.5: the kinds of company; RC-3.6: ``allied`` ones form the extra army.
COMPANY_KINDS = ("regular", "mercenary", "militia", "rabble", "allied")
#: RC-3.8 (interpretation): the places that are fortified by their kind; a village only once fortified (RC-3.9).
FORTIFIED_KINDS = ("walled_village", "city", "capital", "fortress")
#: The rule of the spring's opening log line; a spring command needs it in this year's log.
SPRING_RULE = "RC-3.1"


def place_kinds(country_map) -> dict[str, str]:
    """Node -> kind for every node of the country map (its graph's ``kind`` attribute)."""
    return {n: d["kind"] for n, d in country_map.graph.nodes(data=True)}



def _set_player(state: RenaissanceState, player: Player) -> RenaissanceState:
    return evolve(state, players=tuple(player if p.seat == player.seat else p for p in state.players))


def _set_place(state: RenaissanceState, place: Place) -> RenaissanceState:
    return evolve(state, places=tuple(place if p.node == place.node else p for p in state.places))


def _set_army(state: RenaissanceState, army: Army | None, army_id: str) -> RenaissanceState:
    """The state with ``army_id`` replaced by ``army``, or removed when ``army`` is None."""
    armies = tuple(army if a.id == army_id else a for a in state.armies)
    return evolve(state, armies=tuple(a for a in armies if a is not None))


def spring_started(state: RenaissanceState) -> bool:
    """Whether this year's spring has had its steps 1-3 (its opening line is in the log), read from the log's end."""
    for e in reversed(state.log):  # the log is in the order of play: last year's entries end the search
        if e.year < state.year:
            return False
        if e.year == state.year and e.season == "spring" and e.rule == SPRING_RULE:
            return True
    return False


def tax_event(state: RenaissanceState, seat: str) -> str | None:
    """Last winter's event that changes this seat's taxes this spring (RC-5.4, RC-A.28), or None."""
    for e in state.events:
        if e.player == seat and e.year == state.year and e.event not in ("epidemic", "natural_disaster"):
            return e.event
    return None


def held_kinds(state: RenaissanceState, seat: str, kinds: Mapping[str, str]) -> list[str]:
    return [kinds[p.node] for p in state.places if p.owner == seat]


# --- RC-3.1 steps 1-3: the engine's part ------------------------------------------------------


def start_spring(state: RenaissanceState, dice: GameDice, kinds: Mapping[str, str]) -> RenaissanceState:
    """RC-3.1 steps 1-3 for every player still in: events, taxes (RC-3.2), loan repayment (RC-3.4)."""
    if state.season != "spring":
        raise CommandError(f"it is {state.season}, not spring (RC-3.1)")
    if spring_started(state):
        raise CommandError(f"the spring of year {state.year} has already collected its taxes (RC-3.1)")
    log = [line(state, SPRING_RULE, f"Spring of year {state.year}: events, taxes, then last year's loans (RC-3.1 steps 1-3).")]
    players = []
    for p in state.players:
        if p.eliminated:
            players.append(p)
            continue
        event = tax_event(state, p.seat)
        if event:
            rates = resolve.tax_rates(event)
            log.append(line(state, "RC-5.4", f"{p.seat}: last winter's {event.replace('_', ' ')} sets this spring's taxes "
                              f"(city {rates['city']}, village {rates['village']} ducats).", p.seat))
        held = held_kinds(state, p.seat, kinds)
        income = resolve.tax_income(held, event)
        p = evolve(p, treasury=p.treasury + income)
        counts = ", ".join(f"{held.count(k)} {k}" for k in sorted(set(held)))
        log.append(line(state, "RC-3.2", f"{p.seat} collects {income} ducats of tax ({counts or 'no places'}); treasury {p.treasury}.", p.seat, secret=True))
        if p.loan:
            p = _repay(state, p, dice, log)
        players.append(p)
    return evolve(state, players=tuple(players), log=state.log + tuple(log))


def _repay(state: RenaissanceState, p: Player, dice: GameDice, log: list[LogEntry]) -> Player:
    """RC-3.4: the loan plus 25 %, from the treasury; a player who cannot pay rolls Tabella 30 and is out."""
    owed = resolve.repayment(p.loan)
    if p.treasury >= owed:
        log.append(line(state, "RC-3.4", f"{p.seat} repays the loan of {p.loan} with interest: {owed} ducats; treasury {p.treasury - owed}.", p.seat, secret=True))
        return evolve(p, treasury=p.treasury - owed, loan=0)
    roll = throw(dice, state, f"bank default {p.seat}", BANK_DEFAULT)
    band = roll.band
    log.append(line(
        state, "RC-3.4", f"{p.seat} owes {owed} ducats for the loan of {p.loan} but has {p.treasury}: Tabella 30, {band.label}. "
        f"{p.seat} is removed from the campaign.", p.seat, roll, secret=True,
    ))  # fmt: skip
    # [DEV] The loan, the treasury and the roll are the defaulter's own to know (issue 23 item 19); that the
    # player is out is for everyone, as status shows it: one public line without the figures.
    log.append(line(state, "RC-3.4", f"{p.seat} is removed from the campaign.", p.seat))
    # [DEV] The source says only that the player is removed: the debt dies with them, the treasury stays as it was.
    return evolve(p, loan=0, eliminated=True)


# --- RC-3.1 steps 4-5: the players' commands ----------------------------------------------------


def apply_spring(state: RenaissanceState, command: SpringCommand, dice: GameDice, kinds: Mapping[str, str]) -> tuple[RenaissanceState, list[LogEntry]]:
    """The new state and the log entries the command added; :class:`CommandError` (state untouched) when refused."""
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise CommandError(f"unknown spring command {type(command).__name__}")
    if state.season != "spring":
        raise CommandError(f"it is {state.season}: {type(command).__name__} is a spring command (RC-3.1)")
    if not spring_started(state):
        raise CommandError(f"the spring of year {state.year} has not collected its taxes yet: start the spring first (RC-3.1)")
    try:
        player = state.player(command.player)
    except KeyError:
        raise CommandError(f"no player {command.player!r} (seats: {', '.join(p.seat for p in state.players)})") from None
    if player.eliminated:
        raise CommandError(f"{player.seat} has been removed from the campaign (RC-3.4)")
    new, entries = handler(state, command, player, kinds)
    # [DEV] Money, companies and specialists are a player's own to know (issue 12): a spring command's lines are secret.
    entries = [evolve(e, secret=True) for e in entries]
    return evolve(new, log=new.log + tuple(entries)), entries


def _pay(state: RenaissanceState, player: Player, ducats: int, rule: str, what: str) -> RenaissanceState:
    if ducats > player.treasury:
        raise CommandError(f"{what} costs {ducats} ducats but {player.seat} has {player.treasury}: money you do not have ({rule})")
    return _set_player(state, evolve(player, treasury=player.treasury - ducats))


def take_loan(state, cmd: TakeLoan, player: Player, kinds):
    if not state.options.banks:
        raise CommandError("the banks are an optional rule not in play in this campaign (RC-3.4)")
    if player.loan:
        raise CommandError(f"{player.seat} already has a loan of {player.loan} ducats this year: one loan at a time (RC-A.7)")
    if cmd.ducats < 1:
        raise CommandError(f"a loan is of at least 1 ducat, not {cmd.ducats} (RC-3.4)")
    held = held_kinds(state, player.seat, kinds)
    event = tax_event(state, player.seat)
    base = resolve.tax_income(held, event) if state.options.loan_on_all_taxes else resolve.city_tax(held, event)
    limit = resolve.loan_limit(base)
    if cmd.ducats > limit:
        raise CommandError(f"{player.seat} may borrow at most {limit} ducats, half of {base} ducats of "
                           f"{'tax' if state.options.loan_on_all_taxes else 'city tax'} (RC-3.4, RC-A.7)")
    state = _set_player(state, evolve(player, treasury=player.treasury + cmd.ducats, loan=cmd.ducats))
    owed = resolve.repayment(cmd.ducats)
    return state, [line(state, "RC-3.4", f"{player.seat} borrows {cmd.ducats} ducats, to repay {owed} next spring.", player.seat)]


def _check_company(company_type: str, kind: str) -> None:
    if company_type not in COMPANY_STRENGTH:
        raise CommandError(f"no company type {company_type!r} in Tabella 31 (expected one of {', '.join(COMPANY_STRENGTH)}) (RC-3.5)")
    if kind not in COMPANY_KINDS:
        raise CommandError(f"no company kind {kind!r} (expected one of {', '.join(COMPANY_KINDS)}) (RC-3.5)")
    if (company_type == "rabble") != (kind == "rabble"):
        raise CommandError(f"a {company_type} company cannot be of kind {kind}: rabble is its own type and kind (RC-3.5)")


def _new_company_ids(state: RenaissanceState, seat: str, n: int) -> list[str]:
    """``n`` company ids ``P1-c7`` ... after the highest this seat has used anywhere (armies, garrisons, prisoners)."""
    companies = [c for a in state.armies for c in a.companies] + [c for p in state.places for c in p.garrison]
    companies += [c for p in state.prisoners for c in p.companies]
    pattern = re.compile(rf"{re.escape(seat)}-c(\d+)$")
    top = max((int(m.group(1)) for c in companies if (m := pattern.match(c.id))), default=0)
    return [f"{seat}-c{top + i}" for i in range(1, n + 1)]


def is_fortified(place: Place, kinds: Mapping[str, str]) -> bool:
    """Walled by its kind (RC-A.19) or given walls (RC-3.9 ``fortify``): it falls only to a siege (RC-A.12)."""
    return kinds.get(place.node) in FORTIFIED_KINDS or place.fortified


def _own_city(state: RenaissanceState, player: Player, node: str, kinds, rule: str) -> Place:
    place = state.place(node)
    if place is None or place.owner != player.seat:
        raise CommandError(f"{node} is not your place: {player.seat} does not hold it ({rule})")
    if kinds[node] not in CITY_KINDS:
        raise CommandError(f"{node} is a {kinds[node]}: armies are raised only in a city or the capital ({rule}, RC-A.32)")
    return place


def recruit(state, cmd: Recruit, player: Player, kinds):
    _check_company(cmd.company_type, cmd.kind)
    if cmd.cost is not None and cmd.cost < 0:
        raise CommandError(f"a company cannot cost {cmd.cost} ducats (RC-3.5)")
    cost = COMPANY_COST[cmd.company_type] if cmd.cost is None else cmd.cost
    new = company(_new_company_ids(state, player.seat, 1)[0], cmd.company_type, cmd.kind, cost)
    army = next((a for a in state.armies if a.id == cmd.army_or_place), None)
    if army is not None:
        if army.owner != player.seat:
            raise CommandError(f"{army.id} is not your army: it is {army.owner}'s (RC-3.6)")
        # [DEV] New companies join an army only where armies are raised: at a city its owner holds (RC-3.6).
        _own_city(state, player, army.node, kinds, "RC-3.6")
        if army.allied != (cmd.kind == "allied"):
            raise CommandError(f"{army.id} is {'the allied army' if army.allied else 'not an allied army'}: "
                               f"allied companies form the one allied army, and only they (RC-3.6)")
        state = _pay(state, player, cost, "RC-3.5", f"a {cmd.company_type} company")
        state = _set_army(state, evolve(army, companies=army.companies + (new,)), army.id)
        where = f"army {army.id} at {army.node}"
    else:
        place = state.place(cmd.army_or_place)
        if place is None:
            raise CommandError(f"{cmd.army_or_place!r} is neither an army nor a place (RC-3.5)")
        if place.owner != player.seat:
            raise CommandError(f"{place.node} is not your place: it is held by {place.owner} (RC-3.8)")
        if not is_fortified(place, kinds):
            raise CommandError(f"{place.node} is an unfortified {kinds[place.node]}: garrisons stand only in fortified places (RC-3.8)")
        if cmd.kind == "allied":
            raise CommandError("allied companies form the allied army, not a garrison (RC-3.6)")
        state = _pay(state, player, cost, "RC-3.5", f"a {cmd.company_type} company")
        state = _set_place(state, evolve(place, garrison=place.garrison + (new,)))
        where = f"the garrison of {place.node}"
    text = f"{player.seat} recruits {new.id}, a {cmd.kind} {cmd.company_type} company (strength {new.strength}), into {where} for {cost} ducats."
    return state, [line(state, "RC-3.5", text, player.seat)]


def form_army(state, cmd: FormArmy, player: Player, kinds):
    _own_city(state, player, cmd.node, kinds, "RC-3.6")
    if not cmd.companies:
        raise CommandError("an army needs at least one company (RC-3.6)")
    for company_type, kind in cmd.companies:
        _check_company(company_type, kind)
    allied = [kind == "allied" for _, kind in cmd.companies]
    if any(allied) and not all(allied):
        raise CommandError("allied companies form an army of their own: do not mix them with the player's own (RC-3.6)")
    allied = all(allied)
    mine = state.armies_of(player.seat)
    count, limit = sum(a.allied == allied for a in mine), MAX_ALLIED_ARMIES if allied else MAX_ARMIES
    if count >= limit:
        raise CommandError(f"{player.seat} already has {count} {'allied ' if allied else ''}arm{'y' if count == 1 else 'ies'}: "
                           f"at most {MAX_ARMIES} armies and {MAX_ALLIED_ARMIES} allied army (RC-3.6)")
    if cmd.costs and len(cmd.costs) != len(cmd.companies):
        raise CommandError(f"give one price for each of the {len(cmd.companies)} companies, in order, not {len(cmd.costs)} (RC-3.5, RC-A.23)")
    if any(p < 0 for p in cmd.costs):
        raise CommandError(f"a company cannot cost {min(cmd.costs)} ducats (RC-3.5)")
    prices = cmd.costs or tuple(COMPANY_COST[t] for t, _ in cmd.companies)
    cost = sum(prices)
    state = _pay(state, player, cost, "RC-3.5", f"an army of {len(cmd.companies)} compan{'y' if len(cmd.companies) == 1 else 'ies'}")
    army_id = next_counter(state, player.seat)  # numbered with the seat's decoys (RC-3.10), so none is told apart
    ids = _new_company_ids(state, player.seat, len(cmd.companies))
    companies = tuple(company(i, t, k, price) for i, (t, k), price in zip(ids, cmd.companies, prices))
    army = Army(army_id, player.seat, cmd.node, companies, allied)
    state = evolve(state, armies=state.armies + (army,))
    text = (f"{player.seat} raises {'allied ' if allied else ''}army {army_id} at {cmd.node}: {len(companies)} compan{'y' if len(companies) == 1 else 'ies'}, "
            f"strength {army.strength}, for {cost} ducats.")
    return state, [line(state, "RC-3.6", text, player.seat)]


def garrison(state, cmd: Garrison, player: Player, kinds):
    """RC-3.8 in spring: the army stands still, so it leaves its companies where it stands."""
    if cmd.at is not None:
        raise CommandError(f"in spring {cmd.army} leaves a garrison where it stands: --at names a node its move passed in a summer phase (RC-3.8)")
    return leave_garrison(state, cmd, player, kinds, None)


def leave_garrison(state, cmd: Garrison, player: Player, kinds, node: str | None):
    """RC-3.8: detach ``cmd.companies`` of the army into the garrison of the player's fortified place at ``node``.

    ``node`` None is where the army stands; the summer's :func:`~.summer.garrison_in_summer`
    passes a node its move went through this phase ("che si trovano od attraversano l'area").
    """
    army = next((a for a in state.armies if a.id == cmd.army), None)
    if army is None:
        raise CommandError(f"no army {cmd.army!r} (RC-3.8)")
    if army.owner != player.seat:
        raise CommandError(f"{army.id} is not your army: it is {army.owner}'s (RC-3.8)")
    node = army.node if node is None else node
    place = state.place(node)
    if place is None or place.owner != player.seat or not is_fortified(place, kinds):
        raise CommandError(f"{army.id} {'is at' if node == army.node else 'passed'} {node}, not one of {player.seat}'s fortified places (RC-3.8)")
    if not cmd.companies or len(set(cmd.companies)) != len(cmd.companies):
        raise CommandError("name each company to leave as a garrison once (RC-3.8)")
    by_id = {c.id: c for c in army.companies}
    missing = [c for c in cmd.companies if c not in by_id]
    if missing:
        raise CommandError(f"{', '.join(missing)} not in army {army.id} (RC-3.8)")
    if any(by_id[c].kind == "allied" for c in cmd.companies):
        raise CommandError("allied companies stay with the allied army (RC-3.6, RC-3.8)")
    left = tuple(c for c in army.companies if c.id not in cmd.companies)
    # [DEV] An army that leaves all its companies as the garrison is no longer in the field: its token is removed.
    if not left:
        state = engineers_join_garrison(state, (army.id,), place.node)
    state = _set_army(state, evolve(army, companies=left) if left else None, army.id)
    state = _set_place(state, evolve(place, garrison=place.garrison + tuple(by_id[c] for c in cmd.companies)))
    text = f"{player.seat} leaves {', '.join(cmd.companies)} from army {army.id} as the garrison of {place.node}" + ("" if left else f"; army {army.id} is disbanded") + "."
    return state, [line(state, "RC-3.8", text, player.seat)]


def order_works(state, cmd: OrderWorks, player: Player, kinds):
    if cmd.work not in FORTIFICATION_WORKS:
        raise CommandError(f"no work {cmd.work!r} in Tabella 32 (expected one of {', '.join(FORTIFICATION_WORKS)}) (RC-3.9)")
    place = state.place(cmd.node)
    if place is None or place.owner != player.seat:
        raise CommandError(f"{cmd.node} is not your place (RC-3.9)")
    if any(w.node == cmd.node and w.work == cmd.work and w.year == state.year for w in state.works):
        raise CommandError(f"{cmd.work} is already ordered at {cmd.node} this year (RC-3.9)")
    kind = kinds[cmd.node]
    if cmd.work == "fortify" and (kind != "village" or place.fortified):
        raise CommandError(f"{cmd.node} is a {'fortified village' if place.fortified else kind}: only an unwalled village can be fortified (RC-3.9, RC-A.9)")
    if cmd.work == "improve":
        if not is_fortified(place, kinds):
            raise CommandError(f"{cmd.node} has no fortifications to improve (RC-3.9, RC-A.9)")
        if place.advanced:
            raise CommandError(f"{cmd.node} already has advanced fortifications: improved once only (RC-3.9, RC-A.9)")
    if cmd.work == "repair" and not place.damaged:
        raise CommandError(f"{cmd.node} is not damaged: nothing to repair (RC-3.9, RC-A.9)")
    work = FORTIFICATION_WORKS[cmd.work]
    state = _pay(state, player, work.cost, "RC-3.9", f"{cmd.work} at {cmd.node}")
    state = evolve(state, works=state.works + (FortificationWork(cmd.node, player.seat, cmd.work, state.year),))
    text = f"{player.seat} orders {cmd.work} at {cmd.node} for {work.cost} ducats, finished in winter if still held (RC-5.2)."
    return state, [line(state, "RC-3.9", text, player.seat)]


def hire_specialist(state, cmd: HireSpecialist, player: Player, kinds):
    if cmd.kind not in SPECIALISTS:
        raise CommandError(f"no specialist {cmd.kind!r} in Tabella 33 (expected one of {', '.join(SPECIALISTS)}) (RC-3.10)")
    at, target = cmd.at, cmd.target
    if cmd.kind == "engineer":
        army = next((a for a in state.armies if a.id == at), None)
        place = state.place(at) if at else None
        if army is not None and army.owner != player.seat:
            raise CommandError(f"{at} is not your army (RC-3.10, RC-A.10)")
        if army is None and (place is None or place.owner != player.seat or not place.garrison):
            raise CommandError(f"an engineer serves one of your armies or garrisons: {at!r} is neither (RC-3.10, RC-A.10)")
    elif cmd.kind == "diplomat":
        # [DEV] A diplomat's decoy token starts where armies are raised: a city its owner holds (RC-3.6).
        if at is None:
            raise CommandError("a diplomat needs the city where its token starts (RC-3.10, RC-A.10)")
        _own_city(state, player, at, kinds, "RC-3.10")
    elif at is not None:
        raise CommandError(f"a {cmd.kind} is not placed on the map (RC-3.10, RC-A.10)")
    if cmd.kind == "spy":
        others = [p.seat for p in state.players if p.seat != player.seat and not p.eliminated]
        if target not in others:
            raise CommandError(f"a spy watches one other player still in: {target!r} is not one ({', '.join(others) or 'none'}) (RC-3.10, RC-A.10)")
    elif target is not None:
        raise CommandError(f"only a spy is hired against a player; an {cmd.kind}'s target is chosen when used (RC-3.10)")
    spec = SPECIALISTS[cmd.kind]
    state = _pay(state, player, spec.cost, "RC-3.10", f"a {cmd.kind}")
    pattern = re.compile(rf"{re.escape(player.seat)}-s(\d+)$")
    top = max((int(m.group(1)) for s in state.specialists if (m := pattern.match(s.id))), default=0)
    counter = next_counter(state, player.seat) if cmd.kind == "diplomat" else None  # the army counter its decoy shows
    hired = SpecialistState(f"{player.seat}-s{top + 1}", player.seat, cmd.kind, state.year, at, target, counter=counter)
    state = evolve(state, specialists=state.specialists + (hired,))
    where = f" at {at}" if at else f" against {target}" if target else ""
    text = f"{player.seat} hires {hired.id}, a {cmd.kind}{where}, for {spec.cost} ducats ({spec.duration})."
    return state, [line(state, "RC-3.10", text, player.seat)]


def pay_upkeep(state, cmd: PayUpkeep, player: Player, kinds):
    mine = own_companies(state, player, cmd.company_ids, "RC-3.11")
    elsewhere = [i for i in cmd.company_ids if mine[i][0] != cmd.army_or_place]
    if elsewhere:
        raise CommandError(f"{', '.join(elsewhere)} not in {cmd.army_or_place} (RC-3.11)")
    paid = [i for i in cmd.company_ids if i not in state.upkeep]
    if paid:
        raise CommandError(f"{', '.join(paid)} owe no upkeep this spring: paid already or recruited this year (RC-3.11)")
    cost = sum(company_price(mine[i][1]) for i in cmd.company_ids)
    state = _pay(state, player, cost, "RC-3.11", f"the upkeep of {len(cmd.company_ids)} companies")
    state = evolve(state, upkeep=tuple(i for i in state.upkeep if i not in cmd.company_ids))
    text = f"{player.seat} pays {cost} ducats of upkeep for {', '.join(cmd.company_ids)} in {cmd.army_or_place}; treasury {state.player(player.seat).treasury}."
    return state, [line(state, "RC-3.11", text, player.seat)]


def disband(state, cmd: Disband, player: Player, kinds):
    own_companies(state, player, cmd.company_ids, "RC-3.11")
    state = remove_companies(state, cmd.company_ids)
    return state, [line(state, "RC-3.11", f"{player.seat} disbands {', '.join(cmd.company_ids)}: they go home.", player.seat)]


_HANDLERS = {
    PayUpkeep: pay_upkeep,
    Disband: disband,
    TakeLoan: take_loan,
    Recruit: recruit,
    FormArmy: form_army,
    Garrison: garrison,
    ShiftCompanies: lambda state, cmd, player, kinds: shift_companies(state, cmd),
    OrderWorks: order_works,
    HireSpecialist: hire_specialist,
}
