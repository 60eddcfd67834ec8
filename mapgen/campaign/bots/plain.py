"""The plain bot, and what every bot shares: legal orders, sacks and moves for one side.

A bot proposes commands; :mod:`.play` checks each with the engine's own
checks before giving it to :func:`~mapgen.engine.apply`.  So a bot
asks the engine what is legal where it matters (the squares a force may
step to, where it may counter-march, whether it may sack) and proposes only
that; one that proposes anything else stops the game (:class:`.play.IllegalCommand`).

[DEV] The bots see the whole state, every force's units included, as a
referee would; a player sees the enemy only as counters (``status --side``).

The plain bot is the benchmark's: orders to get moving and to rally, every
force marching on the nearest enemy holding.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..commands import GiveOrder, Move
from ..incursione import Sack
from ..incursione import refusal as sack_refusal
from ..march import enemy_squares, locked
from ..orders import refusal as order_refusal
from ..state import CampaignState, Force
from .routes import distances_to, nearest_enemy_holding, path_towards

#: Under army_composition, the orders a confused or unsteady force rallies to: the first the engine allows.
RALLY_ORDERS = ("probe", "max_speed", "defend")
#: Sets of enemy holdings a bot keeps the nearest ones for (a campaign sees a few dozen).
KEPT_HOLDING_SETS = 64


def forced_step(board, force: Force, path: tuple[str, ...], goal: str | None) -> tuple[str, ...]:
    """A Max Speed force must move at least one square when it can (FW-9.4.e, AMB-17): the step nearest ``goal`` then.

    Any other force, or a path already given, is returned as it was.
    """
    near = board.steps[force.square]
    if path or force.order != "max_speed" or not near:
        return path
    dist = distances_to(board, goal) if goal else {}
    return (min(near, key=lambda sq: (dist.get(sq, 1 << 30), sq)),)


def traveller_move(state: CampaignState, board, force: Force) -> Move:
    """FW-22.3: a character travelling alone heads for the Force it goes to join (that gone, the nearest of its side)."""
    target = state.force(force.joining)
    if target is None or target.side != force.side:
        mates = [f.square for f in state.forces if f.side == force.side and not f.travelling]
        dist = distances_to(board, force.square)
        goal = min(mates, key=lambda sq: (dist.get(sq, 1 << 30), sq)) if mates else None
    else:
        goal = target.square
    path = path_towards(state, board, force, goal) if goal is not None else ()
    return Move(force.id, forced_step(board, force, path, goal))


@dataclass
class Bot:
    """One side's player (the plain behaviour).  It remembers each square's nearest enemy holding for each set of enemy holdings."""

    side: str
    name = "plain"
    _board: object = field(default=None, repr=False, compare=False)
    _holdings: tuple = field(default=(), repr=False, compare=False)
    _nearest: dict = field(default_factory=dict, repr=False, compare=False)
    #: the enemy's holdings (squares, in the state's order) -> square -> nearest: holdings change hands back and forth
    _by_enemy_holdings: dict = field(default_factory=dict, repr=False, compare=False)

    # --- what every bot does -----------------------------------------------------------------
    def movers(self, state: CampaignState) -> list[Force]:
        """The side's forces that may still move today (``march.may_move``)."""
        lk = locked(state) if state.pending else ()
        side = self.side
        return [f for f in state.forces if f.side == side and not f.moved_today and f.order != "defend" and f.id not in lk]

    def sacks(self, state: CampaignState, board) -> list[Sack]:
        """Incursione (FW-17.7): every raider force that the engine lets sack the holding it stands on does."""
        if state.options.scenario != "incursione":
            return []
        return [Sack(f.id) for f in state.forces if f.side == self.side and f.loot is None and sack_refusal(state, f.id) is None]

    # --- the plain behaviour -----------------------------------------------------------------
    def orders(self, state: CampaignState, board) -> list[GiveOrder]:
        out = []
        capitals = {h.square for h in state.holdings if h.capital and h.owner == self.side}
        for f in state.side_forces(self.side):
            if f.tested_today:
                continue
            if f.reaction in ("confused", "unsteady"):
                # rally (FW-8) to Probe; under army_composition a force that may not scout cannot have it (FW-22.1.b)
                allowed = (o for o in RALLY_ORDERS if order_refusal(state, board, f.id, o) is None)
                order = next(allowed, None) if state.options.army_composition else "probe"
                if order is not None:
                    out.append(GiveOrder(f.id, order))
            elif f.order == "defend" and f.square not in capitals and f.loot is None:  # the capital keeps its guard
                out.append(GiveOrder(f.id, "max_speed"))
        return out

    def moves(self, state: CampaignState, board):
        """The side's moves, one force at a time (made lazily: only the first is usually wanted)."""
        if state.holdings is not self._holdings:
            if board is not self._board:
                self._board, self._by_enemy_holdings = board, {}
            self._holdings = state.holdings
            key = tuple([h.square for h in state.holdings if h.owner != self.side])
            self._nearest = self._by_enemy_holdings.get(key)
            if self._nearest is None:
                if len(self._by_enemy_holdings) >= KEPT_HOLDING_SETS:
                    self._by_enemy_holdings.clear()
                self._nearest = self._by_enemy_holdings[key] = {}
        enemy = None
        for f in self.movers(state):
            goal = self._nearest.get(f.square, 0)
            if goal == 0:
                goal = self._nearest[f.square] = nearest_enemy_holding(state, board, f)
            if goal is None:
                yield Move(f.id, forced_step(board, f, (), None))
                continue
            if enemy is None:
                enemy = enemy_squares(state, self.side)
            yield Move(f.id, forced_step(board, f, path_towards(state, board, f, goal[0], enemy), goal[0]))
