"""The two documented behaviours a balance run chooses per side: ``cautious`` and ``aggressive``.

**aggressive** goes for the enemy capital and holdings.  Phase 1: every
force takes Max Speed (the capital's guard too), a shaken one is rallied
straight to it; a raider that stands on a holding to sack, or carries loot,
takes Probe instead (FW-17.7: loot and Max Speed do not mix).  Phase 2: each
force marches on the nearest enemy holding, the enemy capital counting
:data:`CAPITAL_PULL` steps nearer; with no enemy holding left, on the
nearest enemy force.  It never counter-marches.

**cautious** defends its holdings and attacks only with an advantage.
Phase 1: it never gives Max Speed; a force on its capital keeps (or takes)
Defend, a shaken force is rallied to Defend on its own holding and to Probe
elsewhere.  Phase 2, for each force that may move, the first that applies:

1. an own holding with no own force on it and an enemy force within
   :data:`THREAT_RANGE` steps: the nearest such holding, to stand on it;
2. in an enemy zone of control, with the enemies around stronger than
   :data:`WITHDRAW_RATIO` x its own points: it stays and counter-marches
   (FW-9.6) to the square beside it nearest its capital, if the engine
   allows one;
3. an enemy force within :data:`ATTACK_RANGE` steps that it outweighs
   :data:`ADVANTAGE` to 1 (points as :func:`mapgen.campaign.autobattle.points`),
   or an enemy holding within that range with no enemy force stronger than
   it beside it: the nearest such target;
4. otherwise it stays.

Both, in the Incursione, sack every holding the engine lets a raider sack,
and bring loot home (the raiders' capital is then the force's goal).
Battle reports come from :mod:`mapgen.campaign.autobattle`; the retreat
after a battle is left to the engine's own choice (FW-12.5, AMB-52), which
is the report's default.
"""

from __future__ import annotations

from ..autobattle import points
from ..commands import GiveOrder, Move
from ..incursione import raiders_capital
from ..movement import countermarch_squares
from ..orders import refusal as order_refusal
from ..state import CampaignState, Force, other
from .plain import Bot, forced_step
from .routes import distances_to, path_towards

#: [DEV] aggressive: the enemy capital counts this many steps nearer than it is.
CAPITAL_PULL = 3
#: [DEV] cautious: an enemy this many steps (or fewer) from an unguarded holding threatens it.
THREAT_RANGE = 2
#: [DEV] cautious: the farthest target it marches on (a day's best allowance, FW-9.3).
ATTACK_RANGE = 3
#: [DEV] cautious: the points ratio it wants before it attacks.
ADVANTAGE = 1.5
#: [DEV] cautious: it withdraws from enemies around it this much stronger.
WITHDRAW_RATIO = 1.2

_FAR = 1 << 30


def _proposed(state: CampaignState, board, wanted: list[tuple[Force, str]]) -> list[GiveOrder]:
    """The orders the engine allows now (``orders.refusal``): a bot asks first, and gives only those."""
    return [GiveOrder(f.id, order) for f, order in wanted if order_refusal(state, board, f.id, order) is None]


def _nearest(board, square: str, targets, bonus: dict[str, int] | None = None) -> tuple[str | None, int]:
    """The target nearest ``square`` by legal steps (less its ``bonus``), ties by square id; (None, far) when none is reachable."""
    best, best_d = None, _FAR
    for t in sorted(targets):
        d = distances_to(board, t).get(square)
        if d is None:
            continue
        d -= (bonus or {}).get(t, 0)
        if d < best_d:
            best, best_d = t, d
    return best, best_d


def _enemy_holdings(state: CampaignState, side: str) -> list:
    return [h for h in state.holdings if h.owner != side and not h.sacked]


def _loot_home(state: CampaignState, force: Force) -> str | None:
    """The raiders' capital, for a force carrying loot (FW-17.5)."""
    if force.loot is None:
        return None
    cap = raiders_capital(state)
    return cap.square if cap is not None else None


def _points_at(state: CampaignState, side: str, squares) -> float:
    total = 0.0
    for f in state.forces:
        if f.side == side and f.square in squares:
            total += points(f)
    return total


class Aggressive(Bot):
    """Goes for the enemy capital and holdings (see the module)."""

    name = "aggressive"

    def orders(self, state: CampaignState, board) -> list[GiveOrder]:
        wanted = []
        for f in state.side_forces(self.side):
            if f.tested_today:
                continue
            holding = state.holding(f.square)
            sacking = state.options.scenario == "incursione" and holding is not None and holding.owner != f.side and not holding.sacked
            order = "probe" if f.loot is not None or sacking else "max_speed"
            if f.reaction is not None or f.order != order:
                wanted.append((f, order))
        return _proposed(state, board, wanted)

    def moves(self, state: CampaignState, board):
        enemy = {f.square for f in state.forces if f.side != self.side}
        holdings = _enemy_holdings(state, self.side)
        bonus = {h.square: CAPITAL_PULL for h in holdings if h.capital}
        for f in self.movers(state):
            goal = _loot_home(state, f)
            if goal is None:
                goal = _nearest(board, f.square, [h.square for h in holdings], bonus)[0]
            if goal is None:
                goal = _nearest(board, f.square, enemy)[0]
            path = path_towards(state, board, f, goal, enemy) if goal is not None else ()
            yield Move(f.id, forced_step(board, f, path, goal))


class Cautious(Bot):
    """Defends its holdings, attacks only with an advantage (see the module)."""

    name = "cautious"

    def orders(self, state: CampaignState, board) -> list[GiveOrder]:
        wanted = []
        own = {h.square: h for h in state.holdings if h.owner == self.side}
        for f in state.side_forces(self.side):
            if f.tested_today:
                continue
            on = own.get(f.square)
            if on is not None and on.capital:
                order = "defend"
            elif f.reaction is not None:
                order = "defend" if on is not None else "probe"
            elif f.order == "max_speed":
                order = "probe"
            else:
                continue
            if f.reaction is not None or f.order != order:
                wanted.append((f, order))
        return _proposed(state, board, wanted)

    def moves(self, state: CampaignState, board):
        side = self.side
        enemies = [f for f in state.forces if f.side != side]
        enemy = {f.square for f in enemies}
        own_forces = {f.square for f in state.forces if f.side == side}
        own = [h for h in state.holdings if h.owner == side]
        capital = next((h.square for h in own if h.capital), None)
        threatened = [h.square for h in own if h.square not in own_forces and _threat(board, h.square, enemy)]
        for f in self.movers(state):
            goal = _loot_home(state, f) or _nearest(board, f.square, threatened)[0]
            if goal is None:
                around = set(board.around[f.square]) & enemy
                if around and f.order != "max_speed" and _points_at(state, other(side), around) > WITHDRAW_RATIO * points(f):
                    back = _back_square(state, board, f, capital)
                    if back is not None:
                        yield Move(f.id, (), countermarch=back)
                        continue
                goal = self._target(state, board, f, enemies)
            path = path_towards(state, board, f, goal, enemy) if goal is not None else ()
            yield Move(f.id, forced_step(board, f, path, goal))

    def _target(self, state: CampaignState, board, f: Force, enemies: list[Force]) -> str | None:
        """Step 3: the nearest enemy force or holding within reach that it outweighs."""
        mine = points(f)
        options = []
        for e in enemies:
            if mine >= ADVANTAGE * points(e):
                options.append(e.square)
        for h in _enemy_holdings(state, self.side):
            guard = _points_at(state, other(self.side), set(board.around[h.square]) | {h.square})
            if mine >= ADVANTAGE * guard:
                options.append(h.square)
        goal, d = _nearest(board, f.square, set(options))
        return goal if d <= ATTACK_RANGE else None


def _threat(board, square: str, enemy: set[str]) -> bool:
    dist = distances_to(board, square)
    return any(dist.get(sq, _FAR) <= THREAT_RANGE for sq in enemy)


def _back_square(state: CampaignState, board, f: Force, capital: str | None) -> str | None:
    """Where the force may counter-march (``movement.countermarch_squares``, the engine's check) nearest its capital."""
    options = countermarch_squares(state, board, f)
    if not options or f.state not in ("probe", "confused", "unsteady"):
        return None
    if capital is None:
        return min(options)
    dist = distances_to(board, capital)
    return min(options, key=lambda sq: (dist.get(sq, _FAR), sq))


#: The behaviours ``--bots`` chooses from, by name.
BEHAVIOURS: dict[str, type[Bot]] = {"aggressive": Aggressive, "cautious": Cautious, "plain": Bot}


def make_bots(names: tuple[str, str] | list[str]) -> dict[str, Bot]:
    """The bots of sides A and B: ``make_bots(("cautious", "aggressive"))``."""
    return {side: BEHAVIOURS[name](side) for side, name in zip(("A", "B"), names)}
