"""The Renaissance bots' two behaviours, ``aggressive`` and ``cautious``: what each does in spring, summer and engagements.

Both, in spring (RC-3.1 step 5), first pay the upkeep (RC-3.11) of what they
can afford, the capital's garrison first, then its armies, then the other
garrisons; then they buy: companies in the order of :data:`COMPANY_PATTERN`
(a large, a medium and a small one, so siege attrition, 1 point a phase,
costs a small company rather than a large one, RC-3.7), never with money they
do not have.  Neither borrows (the banks, RC-3.4, are a gamble a bot cannot
weigh: Tabella 30 removes a player who cannot repay).

**aggressive** keeps a small guard in its capital, raises armies up to the
limit (RC-3.6) with the rest of the spring's money, at its city nearest to a
place it does not hold, and hires an engineer (RC-3.10) for its strongest
army when the money is there.  In summer every army marches by road on the
nearest place it does not hold, an opponent's capital counting
:data:`CAPITAL_PULL` steps nearer (taking every capital ends the campaign,
RC-6); it besieges every fortified place it stands on (RC-4.10), bribes when
rich, and attacks in every engagement.

**cautious** garrisons its capital and then its cities (RC-3.8), raises an
army at its capital with what is left and repairs damaged walls (RC-3.9).  In
summer an army falls back towards its capital when the enemy armies near it
outweigh it; otherwise it marches on a place or an enemy army within
:data:`ATTACK_RANGE` steps that it outweighs :data:`ADVANTAGE` to 1, and
besieges a fortified place only when no such danger is near; with nothing to
do it goes home.  In an engagement it attacks only with that advantage,
shuts itself in a friendly fortified place when it may, and falls back
towards its capital otherwise.  Neither asks for a battle on the table:
bots auto-resolve every battle (RC-4.9, RC-A.33).

The bots see the whole state, as a referee does.  Every figure they decide
by is a named constant tagged [DEV]: the rules leave a player's choices open.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from ..commands import BeginSiege, Bribe, ChooseEngagement, FormArmy, HireSpecialist, MoveArmy, OrderWorks, PayUpkeep, Recruit
from ..companies import companies_of
from ..engagements import side_force
from ..rules import CITY_KINDS, FORTIFICATION_WORKS, MAX_ARMIES, SPECIALISTS
from ..spring import COMPANY_COST, is_fortified
from ..state import Army, PendingEngagement, RenaissanceState
from .routes import FAR, Routes

#: [DEV] The companies a bot buys, in turn, while the money lasts: one of each size (foot, RC-3.5 Tabella 31).
COMPANY_PATTERN = ("large", "medium", "small")
#: [DEV] The kind of company a bot buys: regulars, so the besieger's +2 (Tabella 35, non-mercenary) always applies.
COMPANY_KIND = "regular"
#: [DEV] The smallest army worth raising, in ducats (two large companies' worth at the default prices).
MIN_ARMY_DUCATS = 80

#: [DEV] aggressive: an opponent's capital counts this many road steps nearer than it is.
CAPITAL_PULL = 3
#: [DEV] aggressive: the strength of its capital's garrison.
AGGRESSIVE_CAPITAL_GUARD = 2
#: [DEV] aggressive: it bribes (RC-4.10 step 2) when it has at least this many ducats ...
BRIBE_WHEN_RICH = 60
#: [DEV] ... spending this many each siege phase (+1 a 10 ducats, Tabella 35).
BRIBE_DUCATS = 20
#: [DEV] aggressive: ducats it keeps back in spring for bribes.
BRIBE_RESERVE = 20

#: [DEV] cautious: the strength of its capital's garrison, then of each city's.
CAUTIOUS_CAPITAL_GUARD = 4
CAUTIOUS_CITY_GUARD = 2
#: [DEV] cautious: the strength ratio it wants before it attacks or besieges.
ADVANTAGE = 1.5
#: [DEV] cautious: the farthest target (road steps) it marches on: two phases of movement.
ATTACK_RANGE = 4
#: [DEV] cautious: enemy armies this many steps away or nearer count as a danger ...
THREAT_RANGE = 2
#: [DEV] ... and it falls back when they are this much stronger than it.
WITHDRAW_RATIO = 1.0


class Sight:
    """What a bot reads of the state for one decision, worked out once: places by node, other players' armies, blocked nodes."""

    def __init__(self, state: RenaissanceState, seat: str, routes: Routes):
        self.seat = seat
        self.routes = routes
        self.places = {p.node: p for p in state.places}
        #: node -> the strength of the other players' armies there
        self.enemy: dict[str, int] = {}
        for a in state.armies:
            if a.owner != seat:
                self.enemy[a.node] = self.enemy.get(a.node, 0) + a.strength
        #: RC-4.3: an army of this seat must stop on these nodes (another's army, a garrison not its own).
        self.blocked = set(self.enemy) | {p.node for p in state.places if p.garrison and p.owner != seat}
        self.besieged = {s.node for s in state.sieges}
        #: nodes where an army of this seat stands or besieges: no second army is sent there
        self.taken = self.besieged | {a.node for a in state.armies if a.owner == seat}

    def enemy_near(self, node: str, steps: int) -> int:
        """The strength of other players' armies within ``steps`` road steps of ``node``."""
        dist = self.routes.distances_to(node)
        return sum(s for n, s in self.enemy.items() if dist.get(n, FAR) <= steps)

    def defence(self, node: str) -> int:
        """What stands at ``node`` against this seat: its garrison if not the seat's, and other players' armies there or next to it."""
        place = self.places.get(node)
        garrison = sum(c.strength for c in place.garrison) if place is not None and place.owner != self.seat else 0
        enemy = self.enemy
        return garrison + enemy.get(node, 0) + sum(enemy.get(n, 0) for n in self.routes.steps[node])


class Bot:
    """One seat's player: proposes commands from the state; :mod:`.play` gives them to the engine."""

    name = "plain"
    capital_guard = 0
    city_guard = 0
    reserve = 0

    def __init__(self, seat: str, routes: Routes, kinds: Mapping[str, str]):
        self.seat = seat
        self.routes = routes
        self.kinds = kinds

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.seat!r})"

    # --- what the state says, from this seat's side ---------------------------------------------
    def capital(self, state: RenaissanceState) -> str | None:
        """The seat's own capital if it still holds it (node ids are ``<country>-<n>``, the capital ``-0``)."""
        node = f"{state.player(self.seat).country}-0"
        place = state.place(node)
        return node if place is not None and place.owner == self.seat else None

    # --- spring (RC-3.1 step 5) -------------------------------------------------------------------
    def spring(self, state: RenaissanceState) -> Iterator:
        """This seat's next spring commands, the most urgent first; :mod:`.play` gives the first and asks again."""
        me = state.player(self.seat)
        if me.eliminated:
            return
        yield from self.upkeep(state, me.treasury)
        yield from self.spend(state, me.treasury)

    def upkeep(self, state: RenaissanceState, money: int) -> Iterator[PayUpkeep]:
        """RC-3.11: pay for what it can afford, where it matters most first (capital garrison, armies, other garrisons)."""
        owed: dict[str, list] = {}
        due = set(state.upkeep)
        for cid, (where, company) in companies_of(state, self.seat).items():
            if cid in due:
                owed.setdefault(where, []).append(company)
        capital = self.capital(state)
        armies = {a.id: a.strength for a in state.armies}
        order = sorted(owed, key=lambda w: (w != capital, w not in armies, -armies.get(w, 0), w))
        for where in order:
            paid = []
            for c in sorted(owed[where], key=lambda c: (-c.strength, c.id)):
                if COMPANY_COST[c.type] <= money:
                    money -= COMPANY_COST[c.type]
                    paid.append(c.id)
            if paid:
                yield PayUpkeep(self.seat, where, tuple(paid))
                return

    def garrison_recruits(self, state: RenaissanceState, money: int, nodes) -> Iterator[Recruit]:
        """A company for the first of ``nodes`` (own fortified places) whose garrison is short of its guard (RC-3.8)."""
        for node in nodes:
            place = state.place(node)
            if place is None or place.owner != self.seat or not is_fortified(place, self.kinds):
                continue
            want = self.capital_guard if self.kinds[node] == "capital" else self.city_guard
            short = want - sum(c.strength for c in place.garrison)
            kind = _fitting(short, money)
            if short > 0 and kind is not None:
                yield Recruit(self.seat, node, kind, COMPANY_KIND)
                return

    def army_recruits(self, state: RenaissanceState, money: int, where: str | None) -> Iterator:
        """A new army at ``where`` (an own city) while under the limit (RC-3.6), else companies for an army at an own city."""
        if money <= 0:
            return
        mine = [a for a in state.armies if a.owner == self.seat and not a.allied]
        if where is not None and len(mine) < MAX_ARMIES and money >= MIN_ARMY_DUCATS:
            share = money // (MAX_ARMIES - len(mine))  # the money shared among the armies it may still raise
            yield FormArmy(self.seat, where, tuple((t, COMPANY_KIND) for t in buy(share if share >= MIN_ARMY_DUCATS else money)))
            return
        home = [a for a in mine if self._own_city(state, a.node)]
        if home:
            army = min(home, key=lambda a: (a.strength, a.id))
            kind = _fitting(FAR, money)
            if kind is not None:
                yield Recruit(self.seat, army.id, kind, COMPANY_KIND)

    def _own_city(self, state: RenaissanceState, node: str) -> bool:
        """Where armies are raised and reinforced: a city or the capital it holds (RC-3.6, RC-A.32)."""
        place = state.place(node)
        return place is not None and place.owner == self.seat and self.kinds[node] in CITY_KINDS

    def spend(self, state: RenaissanceState, money: int) -> Iterator:
        yield from ()

    # --- summer (RC-4.3, RC-4.10) -------------------------------------------------------------------
    def summer(self, state: RenaissanceState) -> Iterator:
        """This seat's next summer commands on its turn: for each army that has not moved, a siege, a bribe or a move."""
        besieging = {s.army: s for s in state.sieges}
        sight = None
        for army in state.armies:
            if army.owner != self.seat or army.moved:
                continue
            if sight is None:
                sight = Sight(state, self.seat, self.routes)
            siege = besieging.get(army.id)
            if siege is not None:
                yield from self.bribe(state, siege)
                continue
            if self.may_besiege(sight, army) and self.wants_siege(sight, army):
                yield BeginSiege(self.seat, army.id, army.node)
                return
            path = self.march(state, sight, army)
            if path:
                yield MoveArmy(self.seat, army.id, path)
                return

    def may_besiege(self, sight: Sight, army: Army) -> bool:
        """The engine's own conditions for ``BeginSiege`` (RC-4.10 step 1), as the bot sees them."""
        place = sight.places.get(army.node)
        return place is not None and place.owner != self.seat and is_fortified(place, self.kinds) and army.node not in sight.besieged

    def wants_siege(self, sight: Sight, army: Army) -> bool:
        return True

    def bribe(self, state: RenaissanceState, siege) -> Iterator[Bribe]:
        yield from ()

    def march(self, state: RenaissanceState, sight: Sight, army: Army) -> tuple[str, ...]:
        return ()

    # --- engagements (RC-4.4) -----------------------------------------------------------------------
    def engagement(self, state: RenaissanceState, engagement: PendingEngagement, phasing: bool) -> ChooseEngagement:
        """This seat's secret choice for a pending engagement (RC-4.4); a battle is always auto-resolved (RC-4.9), never on the table."""
        return ChooseEngagement(self.seat, engagement.node, "attack")

    def retreat_to(self, state: RenaissanceState, node: str) -> str | None:
        """The node next to ``node`` nearest its capital, as the one it prefers to fall back to (RC-4.5); None without a capital."""
        home = self.capital(state)
        if home is None:
            return None
        dist = self.routes.distances_to(home)
        return min(self.routes.steps[node], key=lambda n: (dist.get(n, FAR), n), default=None)


def _fitting(short: int, money: int) -> str | None:
    """The largest company of :data:`COMPANY_PATTERN` no stronger than ``short`` that ``money`` pays for (else the smallest affordable)."""
    from ..rules import COMPANY_STRENGTH

    affordable = [t for t in COMPANY_PATTERN if COMPANY_COST[t] <= money]
    if not affordable:
        return None
    fitting = [t for t in affordable if COMPANY_STRENGTH[t] <= short]
    return (fitting or affordable[-1:])[0]


def buy(money: int) -> list[str]:
    """Companies in :data:`COMPANY_PATTERN` order while ``money`` lasts, a cheaper one when the next is too dear.

    Examples
    --------
    >>> buy(90)
    ['large', 'medium', 'small', 'medium']
    """
    out: list[str] = []
    i = 0
    while True:
        options = [COMPANY_PATTERN[(i + k) % len(COMPANY_PATTERN)] for k in range(len(COMPANY_PATTERN))]
        kind = next((t for t in options if COMPANY_COST[t] <= money), None)
        if kind is None:
            return out
        out.append(kind)
        money -= COMPANY_COST[kind]
        i = COMPANY_PATTERN.index(kind) + 1


class Aggressive(Bot):
    """Raises armies to the limit, marches on the nearest place it does not hold, besieges it, bribes, attacks (see the module)."""

    name = "aggressive"
    capital_guard = AGGRESSIVE_CAPITAL_GUARD
    reserve = BRIBE_RESERVE

    def goals(self, state: RenaissanceState) -> tuple[list[str], dict[str, int]]:
        """Every place it does not hold, and the pull of the opponents' capitals."""
        goals = [p.node for p in state.places if p.owner != self.seat]
        seats = {p.seat for p in state.players}
        bonus = {p.node: CAPITAL_PULL for p in state.places if p.owner in seats and p.owner != self.seat and self.kinds[p.node] == "capital"}
        return goals, bonus

    def spend(self, state: RenaissanceState, money: int) -> Iterator:
        capital = self.capital(state)
        if capital is not None:
            yield from self.garrison_recruits(state, money, [capital])
        engineer = SPECIALISTS["engineer"].cost
        hired = {s.at for s in state.specialists if s.owner == self.seat and s.type == "engineer" and s.year == state.year}
        armies = sorted((a for a in state.armies if a.owner == self.seat and a.id not in hired), key=lambda a: (-a.strength, a.id))
        if armies and not hired and money >= engineer + MIN_ARMY_DUCATS:
            yield HireSpecialist(self.seat, "engineer", at=armies[0].id)
            return
        yield from self.army_recruits(state, money - self.reserve, self.raising_city(state))

    def raising_city(self, state: RenaissanceState) -> str | None:
        """Its own city nearest to a place it does not hold (the capital on a tie)."""
        cities = [p.node for p in state.places if p.owner == self.seat and self.kinds[p.node] in CITY_KINDS]
        if not cities:
            return None
        goals, _ = self.goals(state)
        return min(cities, key=lambda n: (self.routes.nearest(n, goals)[1], self.kinds[n] != "capital", n))

    def bribe(self, state: RenaissanceState, siege) -> Iterator[Bribe]:
        if siege.bribes == 0 and state.player(self.seat).treasury >= BRIBE_WHEN_RICH:
            yield Bribe(self.seat, siege.node, BRIBE_DUCATS)

    def march(self, state, sight, army):
        goals, bonus = self.goals(state)
        taken = sight.taken  # its own node too: a place it stands on is taken by then, or besieged, or contested
        goal, _ = self.routes.nearest(army.node, [g for g in goals if g not in taken], bonus)
        return self.routes.path(army.node, goal, sight.blocked) if goal is not None else ()


class Cautious(Bot):
    """Garrisons its capital and cities, attacks only with an advantage, falls back otherwise (see the module)."""

    name = "cautious"
    capital_guard = CAUTIOUS_CAPITAL_GUARD
    city_guard = CAUTIOUS_CITY_GUARD

    def spend(self, state: RenaissanceState, money: int) -> Iterator:
        capital = self.capital(state)
        if capital is not None:
            yield from self.garrison_recruits(state, money, [capital])
        mine = [a for a in state.armies if a.owner == self.seat]
        if not mine and capital is not None:  # one army in the field before the cities' garrisons
            yield from self.army_recruits(state, money, capital)
        cities = sorted((p.node for p in state.places if p.owner == self.seat and self.kinds[p.node] == "city"),
                        key=lambda n: (self.routes.distance(n, capital) if capital else 0, n))  # fmt: skip
        yield from self.garrison_recruits(state, money, cities)
        repair = FORTIFICATION_WORKS["repair"].cost
        ordered = {w.node for w in state.works if w.year == state.year}
        for node in [capital, *cities]:
            place = state.place(node) if node else None
            if place is not None and place.damaged and node not in ordered and money >= repair:
                yield OrderWorks(self.seat, node, "repair")
                return
        yield from self.army_recruits(state, money, capital)

    def danger(self, sight: Sight, army: Army) -> bool:
        return sight.enemy_near(army.node, THREAT_RANGE) > WITHDRAW_RATIO * army.strength

    def wants_siege(self, sight, army):
        return not self.danger(sight, army)

    def march(self, state, sight, army):
        home = self.capital(state)
        if self.danger(sight, army):
            return self.routes.step_away(army.node, home, sight.blocked) if home and army.node != home else ()
        strength = army.strength
        taken = sight.taken  # its own node too: a place it stands on is taken by then, or besieged, or contested
        dist = self.routes.distances_to(army.node)
        near = [n for n, p in sight.places.items() if p.owner != self.seat and n not in taken and dist.get(n, FAR) <= ATTACK_RANGE]
        near += [n for n in sight.enemy if dist.get(n, FAR) <= ATTACK_RANGE]
        goal, _ = self.routes.nearest(army.node, [n for n in near if strength >= ADVANTAGE * sight.defence(n)])
        if goal is not None:
            return self.routes.path(army.node, goal, sight.blocked)
        if home and army.node != home:
            return self.routes.path(army.node, home, sight.blocked)
        return ()

    def engagement(self, state, engagement, phasing):
        """Attack with the advantage; else shut itself in its own fortified place, or fall back.

        The forces compared are the engine's (:func:`~..engagements.side_force`):
        a side's armies at the node, or its garrison when it has none there.
        A fall back names no rear guard, so the engine's default, the
        strongest third (RC-4.8), covers it if the other side attacks.
        """
        node = engagement.node
        other = engagement.other if phasing else engagement.phasing
        mine = sum(c.strength for c in side_force(state, self.seat, node))
        theirs = sum(c.strength for c in side_force(state, other, node))
        if mine >= ADVANTAGE * theirs:
            return ChooseEngagement(self.seat, node, "attack")
        place = state.place(node)
        own_walls = place is not None and place.owner == self.seat and is_fortified(place, self.kinds)
        if not phasing and own_walls:  # a side with a garrison alone is always here: a garrison stands in its own walls (RC-3.8)
            return ChooseEngagement(self.seat, node, "shut_in")
        return ChooseEngagement(self.seat, node, "fall_back", retreat_to=self.retreat_to(state, node))


#: The behaviours ``--bots`` chooses from, by name.
BEHAVIOURS: dict[str, type[Bot]] = {"aggressive": Aggressive, "cautious": Cautious}


def make_bots(names, seats, board, routes: Routes | None = None) -> dict[str, Bot]:
    """One bot per seat, ``names[i]`` for ``seats[i]``, sharing the board's routes (``routes``, kept from game to game, or new)."""
    routes = routes or Routes(board)
    return {seat: BEHAVIOURS[name](seat, routes, board.kinds) for seat, name in zip(seats, names)}
