"""The bots' routes: legal steps only, worked out once per board.

Routes follow ``board.steps`` (legal steps only: rivers at crossings).  The
distance to each holding, and the first step towards it from every square,
are worked out once per board by a breadth-first walk over those steps and
kept in ``board.cache``, so a move costs a few dict lookups (the bots are
part of the benchmark's measured loop, and a balance run plays a thousand
campaigns).
"""

from __future__ import annotations

from ...engine.bots import steps_to
from ..march import enemy_squares
from ..state import CampaignState, Force

#: Squares a bot tries to move along in one command: the most any roll allows (FW-9.3); the roll decides how far it goes.
PATH_LENGTH = 3


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
        found = _routes(board)[0][target] = steps_to(board.steps, target)
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
