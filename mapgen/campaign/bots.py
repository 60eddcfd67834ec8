"""Simple bots that play a campaign through :func:`~mapgen.campaign.core.apply` only (for the benchmark and smoke tests).

They are deliberately plain (the next issue makes real ones): orders to get
moving and to rally, every force marching on the nearest enemy holding,
battles decided by comparing the forces' strength.  They never touch the
state except through commands, so whatever they do is legal by the engine's
own rules: a refused command is simply not taken, as a player would take
another.

Routes follow ``board.steps`` (legal steps only: rivers at crossings).  The
distance to each holding, and the first step towards it from every square,
are worked out once per board by a breadth-first walk over those steps and
kept in ``board.cache``, so a move costs a few dict lookups.  The bots are
part of the benchmark's measured loop: they pass over forces the engine
would refuse to move (already tried, locked in a contact) before working
anything out for them.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from .core import (
    BattleReport,
    CommandError,
    GiveOrder,
    Move,
    Turn,
    UnitLosses,
    apply,
    phase_index,
)
from .dice import GameDice
from .march import enemy_squares, locked
from .state import CampaignState, Force, other

#: Squares a bot tries to move along in one command: the most any roll allows (FW-9.3); the roll decides how far it goes.
PATH_LENGTH = 3
#: [DEV] Strength of one figure by quality, for the bots' battle reports.
QUALITY_WEIGHT = {"poor": 0.7, "average": 1.0, "veteran": 1.3, "elite": 1.6}
#: A battle closer than this (strength ratio) is a stalemate.
STALEMATE_RATIO = 1.1
#: Share of a unit's figures the loser / the winner loses (killed, fled).
LOSER_LOSSES = (0.2, 0.1)
WINNER_LOSSES = (0.1, 0.0)
#: Commands one campaign day may take before the bots give up (a bug in a phase, or a decision they cannot make).
MAX_COMMANDS_PER_DAY = 400
#: Sets of enemy holdings a bot keeps the nearest ones for (a campaign sees a few dozen).
KEPT_HOLDING_SETS = 64


class BotStuck(RuntimeError):
    """The campaign waits for something the bots cannot give; ``state`` is where it stopped."""

    def __init__(self, message: str, state: CampaignState | None = None):
        super().__init__(message)
        self.state = state


def _routes(board) -> tuple[dict, dict]:
    """The board's routes, worked out on first use: target -> distances, target -> first step towards it."""
    kept = board.cache.get("bot routes")
    if kept is None:
        kept = board.cache["bot routes"] = ({}, {})
    return kept


def distances_to(board, target: str) -> dict[str, int]:
    """Legal steps from every square to ``target`` (kept per board and target)."""
    found = _routes(board)[0].get(target)
    if found is None:
        found = {target: 0}
        queue = deque([target])
        while queue:
            sq = queue.popleft()
            d = found[sq] + 1
            for nxt in board.steps.get(sq, ()):
                if nxt not in found:
                    found[nxt] = d
                    queue.append(nxt)
        _routes(board)[0][target] = found
    return found


def _downhill(board, target: str) -> dict[str, str | None]:
    """The first step from each square towards ``target``: the nearest neighbour, by square id on a tie (kept per board)."""
    steps = _routes(board)[1].get(target)
    if steps is None:
        dist = distances_to(board, target)
        steps = {}
        for here, near in board.steps.items():
            here_d = dist.get(here) or 0
            steps[here] = min((n for n in near if dist.get(n, 1 << 30) < here_d), key=lambda n: (dist[n], n), default=None)
        _routes(board)[1][target] = steps
    return steps


def nearest_enemy_holding(state: CampaignState, board, force: Force) -> tuple[str, int] | None:
    best = None
    for h in state.holdings:
        if h.owner == force.side:
            continue
        d = distances_to(board, h.square).get(force.square)
        if d is not None and (best is None or d < best[1]):
            best = (h.square, d)
    return best


def path_towards(state: CampaignState, board, force: Force, target: str, enemy: set[str] | None = None) -> tuple[str, ...]:
    """Steps down the distance field, stopping on entering an enemy zone of control (FW-9.7).

    ``enemy`` is the enemy's squares when the caller has them already.
    """
    if enemy is None:
        enemy = enemy_squares(state, force.side)
    downhill = _routes(board)[1].get(target) or _downhill(board, target)
    around = board.around
    path, here = [], force.square
    for _ in range(PATH_LENGTH):
        here = downhill.get(here)
        if here is None:
            break
        path.append(here)
        if here in enemy or not enemy.isdisjoint(around[here]):  # in_zoc, inlined: the bots plan every move
            break
    return tuple(path)


@dataclass
class Bot:
    """One side's player.  It remembers each square's nearest enemy holding for each set of enemy holdings."""

    side: str
    _board: object = field(default=None, repr=False, compare=False)
    _holdings: tuple = field(default=(), repr=False, compare=False)
    _nearest: dict = field(default_factory=dict, repr=False, compare=False)
    #: the enemy's holdings (squares, in the state's order) -> square -> nearest: holdings change hands back and forth
    _by_enemy_holdings: dict = field(default_factory=dict, repr=False, compare=False)

    def orders(self, state: CampaignState, board) -> list[GiveOrder]:
        out = []
        capitals = {h.square for h in state.holdings if h.capital and h.owner == self.side}
        for f in state.side_forces(self.side):
            if f.tested_today:
                continue
            if f.reaction in ("confused", "unsteady"):
                out.append(GiveOrder(f.id, "probe"))  # rally (FW-8)
            elif f.order == "defend" and f.square not in capitals:  # the capital keeps its guard
                out.append(GiveOrder(f.id, "max_speed"))
        return out

    def moves(self, state: CampaignState, board, skip=()):
        """The side's moves, one force at a time (made lazily: only the first is usually wanted).

        Forces in ``skip`` (already tried) and forces locked in a contact (they
        cannot move, FW-9.8: the engine would refuse) are passed over.
        """
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
        lk = locked(state) if state.pending else ()
        enemy, side = None, self.side
        for f in state.forces:
            if f.side != side or f.moved_today or f.order == "defend" or f.id in lk or f.id in skip:
                continue
            goal = self._nearest.get(f.square, 0)
            if goal == 0:
                goal = self._nearest[f.square] = nearest_enemy_holding(state, board, f)
            if goal is None:
                yield Move(f.id, ())
                continue
            if enemy is None:
                enemy = enemy_squares(state, self.side)
            yield Move(f.id, path_towards(state, board, f, goal[0], enemy))


def _strength(forces: list[Force]) -> dict[str, float]:
    power = {"A": 0.0, "B": 0.0}
    for f in forces:
        power[f.side] += sum([u.figures * QUALITY_WEIGHT.get(u.quality, 1.0) for u in f.units])
    return power


def battle_report(state: CampaignState) -> BattleReport:
    """The first pending battle, won by the stronger side (a stalemate when close)."""
    contact = state.pending[0]
    ids = contact.forces
    forces = [f for f in state.forces if f.id in ids]
    forces.sort(key=lambda f: ids.index(f.id))  # in the contact's order, as the report lists them
    power = _strength(forces)
    hi, lo = max(power.values()), min(power.values())
    winner = "stalemate" if lo > 0 and hi / lo < STALEMATE_RATIO else max(power, key=power.get)
    losses = []
    for f in forces:
        killed, fled = WINNER_LOSSES if f.side == winner else LOSER_LOSSES
        for u in f.units:
            k, fl = int(u.figures * killed), int(u.figures * fled)
            if k or fl:
                losses.append(UnitLosses(u.id, k, fl))
    return BattleReport(winner, tuple(losses), square=contact.square)


def _try(state, command, board):
    try:
        return apply(state, command, GameDice(state.seed), board)[0]
    except CommandError:
        return None


def _fallback_move(state: CampaignState, board, force_id: str, refused: tuple[str, ...] = (None,)) -> CampaignState | None:
    """The planned path was refused: stay, or (a Max Speed force must move, FW-9.4.e) take any legal step.

    ``refused`` is the path just refused: the same command would be refused again (``apply`` is pure), so it is not retried.
    """
    from .movement import legal_moves

    for path in [()] + [(sq,) for sq in legal_moves(state, board, force_id)]:
        if path == refused:
            continue
        new = _try(state, Move(force_id, path), board)
        if new is not None:
            return new
    return None


def play_day(state: CampaignState, board, bots: dict[str, Bot]) -> tuple[CampaignState, int]:
    """Drive the campaign to the next day (or its end); returns the state and the commands applied."""
    day, applied = state.day, 0
    tried: dict[int, set[str]] = {1: set(), 2: set()}  # forces given an order, or a move, this day
    for _ in range(MAX_COMMANDS_PER_DAY):
        if state.winner is not None or state.day != day:
            return state, applied
        i = phase_index(state)
        command = None
        if i == 1:
            command = next((c for side in bots for c in bots[side].orders(state, board) if c.force not in tried[1]), None)
        elif i == 2:
            first = state.initiative[0] if state.initiative else None
            order = [first, other(first)] if first else list(bots)
            command = next((c for side in order for c in bots[side].moves(state, board, tried[2])), None)
        elif state.pending and (i == 3 or state.phase == "battle"):
            command = battle_report(state)
        if command is not None:
            new = _try(state, command, board)
            if new is None and isinstance(command, Move):
                new = _fallback_move(state, board, command.force, command.path)
            if isinstance(command, (GiveOrder, Move)):
                tried[i].add(command.force)
            if new is not None:
                state, applied = new, applied + 1
                continue
            if not isinstance(command, (GiveOrder, Move)):
                raise BotStuck(f"day {state.day}: the battle report was refused", state)
            continue
        new = _try(state, Turn(), board)
        if new is None:
            from .core import awaiting

            raise BotStuck(f"day {state.day}, phase {i}: the bots cannot give what is awaited: {awaiting(state, board)}", state)
        state, applied = new, applied + 1
    raise BotStuck(f"day {day}: more than {MAX_COMMANDS_PER_DAY} commands without reaching the next day", state)
