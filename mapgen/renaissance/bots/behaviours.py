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

from typing import Iterator

from ..commands import Bribe, ChooseEngagement, HireSpecialist, OrderWorks
from ..engagements import side_force
from ..rules import CITY_KINDS, FORTIFICATION_WORKS, SPECIALISTS
from ..spring import is_fortified
from ..state import Army, RenaissanceState
from .routes import FAR, Routes
from .seat import MIN_ARMY_DUCATS, Bot, Sight

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
#: [DEV] cautious: the strength ratio it wants before it attacks.
ADVANTAGE = 1.5
#: [DEV] cautious: the farthest target (road steps) it marches on: two phases of movement.
ATTACK_RANGE = 4
#: [DEV] cautious: enemy armies this many steps away or nearer count as a danger ...
THREAT_RANGE = 2
#: [DEV] ... and it falls back when they are this much stronger than it.
WITHDRAW_RATIO = 1.0

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
