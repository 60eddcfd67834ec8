"""What the engine needs to know about the campaign map, worked out once per map.

The map never changes during a campaign (ownership and forces live in the
state), so the legal steps, zones of control and movement modifiers of every
square are computed here once, as dicts keyed by square id: a move then
costs a few dict lookups, not a graph search.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable

from ..engine import boards, kept
from ..fw import waterways
from ..fw.rules import TERRAIN, WATER
from ..grid import KING_STEPS, square_id

if TYPE_CHECKING:
    from ..fw.model import FwMap


@dataclass(frozen=True)
class Square:
    id: str
    col: int
    row: int
    terrain: str
    territory: str  # "A", "N" or "B" (FW-2.3)
    river: bool  # a river runs along one of its edges
    road: bool
    bridge: bool  # a bridge on one of its edges or as a feature: cancels the river modifier [NT]
    ford: bool
    mountain_pass: bool  # cancels the mountain modifier [NT]
    features: tuple[str, ...]


@dataclass
class Board:
    width: int
    height: int
    squares: dict[str, Square]  # land squares only
    #: Legal steps (FW-9.4, AMB-06 strict rivers): square -> {neighbour: crossing kind or None}.
    steps: dict[str, dict[str, str | None]]
    #: Every land square touching it, rivers or not (FW-9.7: a zone of control is all bordering squares).
    around: dict[str, tuple[str, ...]]
    #: Holdings as the map placed them: square -> (side, capital, feature).
    holdings: dict[str, tuple[str, bool, str]]
    #: A holding's name by square, as the map prints it, so a player may type the name for the square (:func:`.words.square_id`).
    names: dict[str, str] = field(default_factory=dict)
    #: The object each burial mound holds, by square, as the map rolled it (FW-3.4.1, ``fw-map.json`` ``holdings[].detail``).
    objects: dict[str, str] = field(default_factory=dict)
    #: FW-20 (option ``watercraft``): every step afloat, square -> {bordering square: (water, least craft, flow)}
    #: (:func:`mapgen.fw.waterways.sailing_steps`); sea and lake squares are in it, as places a fleet passes.
    sailing: dict[str, dict[str, tuple[str, str, int]]] = field(default_factory=dict)
    #: Open water squares (not on the land board): square -> "sea" or "lake".
    water: dict[str, str] = field(default_factory=dict)
    #: FW-20.4: the obstacles touching a square, by kind (bridge, lock, reef, shallows, rapids, waterfall).
    obstacles: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: FW-20.7: the obstacles a river step sails past (at the point where its two edges meet), by the pair of squares
    #: (:func:`mapgen.fw.waterways.passed_obstacles`); a step passing none is not in it.
    passed: dict[frozenset, tuple[str, ...]] = field(default_factory=dict)
    #: FW-20.2: the ports, square -> side; FW-20.7: sea squares with reefs, islands or atolls.
    ports: dict[str, str] = field(default_factory=dict)
    reefs: frozenset[str] = frozenset()
    #: What the engine and the bots work out from the board on first use (routes, modifier lists); the board never changes.
    cache: dict = field(default_factory=dict, repr=False, compare=False)

    def territory_for(self, square: str, side: str) -> str:
        """"friendly", "enemy" or "neutral" for ``side`` (FW-2.3)."""
        t = self.squares[square].territory
        if t == "N":
            return "neutral"
        return "friendly" if t == side else "enemy"

    def on_map(self, square: str) -> bool:
        return square in self.squares


def kept_board(map_bytes: bytes, build: Callable[[], Board]) -> Board:
    """The board of the map file ``map_bytes``: kept by an earlier command (:mod:`mapgen.engine.kept`), else ``build()`` and kept.

    Building it reads the map's model (numpy, 50-100 ms before the first
    rule); a kept board is a pickle of plain dicts, read back in under a
    millisecond.
    """
    name = f"board-fw-{boards.sha256_bytes(map_bytes)}.pickle"
    key = kept.code_key()
    board = _unpickled_board(kept.read(name, key))
    if board is None:
        board = build()
        kept.write(name, key, pickle.dumps(replace(board, cache={}), protocol=pickle.HIGHEST_PROTOCOL))
        kept.prune("board-", kept.MAX_BOARDS)
    return board


def _unpickled_board(data: bytes | None) -> Board | None:
    if data is None:
        return None
    try:
        board = pickle.loads(data)
    except Exception:  # noqa: BLE001 - torn, or naming what the code no longer has: build it again
        return None
    return board if isinstance(board, Board) else None


def build_board(m: FwMap) -> Board:
    """The board of a map.  A command finds it kept (:mod:`mapgen.engine.kept`), so the movement graph's numpy
    is imported here, when a board is built, not with this module, which every command imports."""
    from ..fw.movement import legal_steps

    nodes, edges = legal_steps(m.terrain, m.rivers, m.crossings)
    squares = land_squares(m, [sq for sq, _ in nodes])
    steps: dict[str, dict[str, str | None]] = {sid: {} for sid in squares}
    for a, b, kind in _each_step_once(nodes, edges):
        ia, ib = square_id(*a), square_id(*b)
        steps[ia][ib] = kind
        steps[ib][ia] = kind
    around: dict[str, tuple[str, ...]] = {}
    for sid, s in squares.items():
        near = []
        for dc, dr in KING_STEPS:
            c, r = s.col + dc, s.row + dr
            if 0 <= c < m.width and 0 <= r < m.height and str(m.terrain[r, c]) not in WATER:
                near.append(square_id(c, r))
        around[sid] = tuple(near)
    holdings = {square_id(*h.square): (h.side, h.capital, h.feature) for h in m.holdings}
    names = {square_id(*h.square): h.name for h in m.holdings if h.name}
    objects = {square_id(*h.square): h.detail for h in m.holdings if h.detail}
    return Board(m.width, m.height, squares, steps, around, holdings, names, objects, **waterside(m))


def waterside(m: FwMap) -> dict:
    """The board's watercraft fields (FW-20): the sailing steps, open water, obstacles, ports and reefs, by square id."""
    sailing = {
        square_id(*a): {square_id(*b): step for b, step in near.items()}
        for a, near in waterways.sailing_steps(m).items()
    }
    return {
        "sailing": sailing,
        "water": {square_id(*sq): str(m.terrain[sq[1], sq[0]]) for sq in sorted(waterways.open_water(m))},
        "obstacles": {square_id(*sq): kinds for sq, kinds in waterways.obstacle_squares(m).items()},
        "passed": {frozenset(square_id(*sq) for sq in pair): kinds for pair, kinds in waterways.passed_obstacles(m).items()},
        "ports": {square_id(*sq): side for sq, side in m.ports or ()},
        "reefs": frozenset(square_id(*sq) for sq in m.reefs or ()),
    }


def land_squares(m: FwMap, land: list[tuple[int, int]] | None = None) -> dict[str, Square]:
    """Every land square's fixed facts (terrain, river, road, crossings, pass), by id, in row order.

    ``land`` is the land squares as :func:`~mapgen.fw.movement.legal_steps` lists
    them; without it they are found here, so a map's squares cost no movement
    graph (a 200 x 200 map's steps take seconds).
    """
    if land is None:
        import numpy as np

        from ..fw.movement import land_mask

        land = [(int(c), int(r)) for r, c in np.argwhere(land_mask(m.terrain))]
    crossing_at: dict[tuple[int, int], set[str]] = {}
    for c in m.crossings:
        for sq in c.squares:
            crossing_at.setdefault(tuple(sq), set()).add(c.kind)
    squares: dict[str, Square] = {}
    for sq in land:
        col, row = sq
        feats = tuple(m.features.get(sq, ()))
        kinds = crossing_at.get(sq, set())
        squares[square_id(col, row)] = Square(
            id=square_id(col, row),
            col=col,
            row=row,
            terrain=str(m.terrain[row, col]),
            territory=str(m.territory[row, col]),
            river=bool(m.river[row, col]),
            road=bool(m.road[row, col]) or "road" in feats,
            bridge="bridge" in kinds or "bridge" in feats,
            ford="ford" in kinds,
            mountain_pass="pass" in feats,
            features=feats,
        )
    return squares


def _each_step_once(nodes, edges):
    """The steps in the order a networkx graph of them lists its edges.

    Bots break ties by the order of a square's steps; keeping networkx's
    order keeps every seed's campaign what it was.
    """
    adjacent: dict[tuple, dict[tuple, str | None]] = {sq: {} for sq, _ in nodes}
    for a, b, _diag, kind in edges:
        adjacent[a][b] = kind
        adjacent[b][a] = kind
    seen = set()
    for sq, near in adjacent.items():
        for other, kind in near.items():
            if other not in seen:
                yield sq, other, kind
        seen.add(sq)


def terrain_label(terrain: str) -> str:
    return TERRAIN[terrain].label
