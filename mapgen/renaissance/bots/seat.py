"""What every Renaissance bot shares: a seat's view of the state (:class:`Sight`), its spring and its summer turn.

:class:`Bot` is one seat's player.  It proposes its next command from the
state as it is (:mod:`.play` applies it and asks again): in spring the
upkeep it can afford (RC-3.11), then what its behaviour buys (``spend``); on
its summer turn, army by army, a bribe, a siege or a move (``bribe``,
``wants_siege``, ``march``); in an engagement, its choice (``engagement``).
The behaviours (:mod:`.behaviours`) fill in those few methods.  Companies
are bought in the order of :data:`COMPANY_PATTERN`, never with money the
seat does not have.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from ..commands import BeginSiege, Bribe, ChooseEngagement, FormArmy, MoveArmy, PayUpkeep, Recruit
from ..companies import companies_of
from ..rules import CITY_KINDS, COMPANY_STRENGTH, MAX_ARMIES
from ..spring import COMPANY_COST, company_price, is_fortified
from ..state import Army, PendingEngagement, RenaissanceState
from .routes import FAR, Routes

#: [DEV] The companies a bot buys, in turn, while the money lasts: one of each size (foot, RC-3.5 Tabella 31).
COMPANY_PATTERN = ("large", "medium", "small")
#: [DEV] The kind of company a bot buys: regulars, so the besieger's +2 (Tabella 35, non-mercenary) always applies.
COMPANY_KIND = "regular"
#: [DEV] The smallest army worth raising, in ducats (two large companies' worth at the default prices).
MIN_ARMY_DUCATS = 80


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

    name = "bot"
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
                if company_price(c) <= money:
                    money -= company_price(c)
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
            path = self.march(state, sight, army) or self.leave_shut_in(state, army)
            if path:
                yield MoveArmy(self.seat, army.id, path)
                return

    def leave_shut_in(self, state: RenaissanceState, army: Army) -> tuple[str, ...]:
        """RC-A.27: an army that did not besiege the force shut in where it stands must leave: one road step, the first in road order."""
        from ..summer import ignoring_shut_in

        if army not in ignoring_shut_in(state, self.seat, self.kinds):
            return ()
        return next(((n,) for n in self.routes.steps[army.node]), ())

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
