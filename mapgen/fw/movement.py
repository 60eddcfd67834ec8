"""The movement graph: which squares a force may step between.

8-neighbour adjacency over land squares (AMB-02: zones of control count
diagonals), minus every step that crosses a river, except orthogonal steps
over a bridge or ford edge (AMB-06, strict mode).  Whether a step crosses a
river is decided geometrically with shapely: the segment between the two
square centres against the river lines, so a diagonal step through a point
of a river crosses it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from .river_lines import river_points
from .rules import WATER, of_kind

if TYPE_CHECKING:  # networkx is imported where the graph is built: generating a map needs none (0.15 s)
    import networkx as nx

#: Half of the king steps; the other half are the same pairs reversed.
_HALF_STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))


@dataclass
class Steps:
    """Every pair of king-adjacent land squares, as parallel arrays."""

    a: np.ndarray  # (n, 2) col, row
    b: np.ndarray  # (n, 2)
    diagonal: np.ndarray  # (n,) bool
    crosses_river: np.ndarray  # (n,) bool


def land_mask(terrain: np.ndarray) -> np.ndarray:
    return ~of_kind(terrain, WATER)


def king_pairs(land: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every pair of king-adjacent land squares: (a, b) as (n, 2) col/row arrays, and diagonal flags.

    One direction after another, each in row order of ``a``: a shifted view of the grid against
    itself per direction (no index arrays over the whole grid; the generator calls this a few
    dozen times per map).
    """
    h, w = land.shape
    rows_, cols_, steps = [], [], []
    for dc, dr in _HALF_STEPS:
        r0, r1 = max(0, -dr), h - max(0, dr)
        c0, c1 = max(0, -dc), w - max(0, dc)
        rows, cols = np.nonzero(land[r0:r1, c0:c1] & land[r0 + dr : r1 + dr, c0 + dc : c1 + dc])
        rows_.append(rows + r0)
        cols_.append(cols + c0)
        steps.append(rows.size)
    rows, cols = np.concatenate(rows_), np.concatenate(cols_)
    dcs = np.repeat([dc for dc, _ in _HALF_STEPS], steps)
    drs = np.repeat([dr for _, dr in _HALF_STEPS], steps)
    return np.stack([cols, rows], axis=1), np.stack([cols + dcs, rows + drs], axis=1), (dcs != 0) & (drs != 0)


def land_steps(terrain: np.ndarray, rivers) -> Steps:
    a, b, diagonal = king_pairs(land_mask(terrain))
    return Steps(a, b, diagonal, crossing_mask(a, b, rivers))


def flat_index(sq: np.ndarray, width: int) -> np.ndarray:
    """(n, 2) col/row pairs -> indices into a ravelled [row, col] array."""
    return sq[:, 1] * width + sq[:, 0]


def crossing_mask(a: np.ndarray, b: np.ndarray, rivers) -> np.ndarray:
    """True where the centre-to-centre segment of a king step meets a river line.

    Rivers run along square edges from grid corner to grid corner, so the
    geometry is a lookup: an orthogonal step meets a river where the edge its
    squares share is a river's, a diagonal step where the corner they share is a
    river's point.  Anything else (a hand-edited file with a long or slanting
    river segment, or a step that is not a king step) is decided by shapely.
    """
    crosses = np.zeros(len(a), bool)
    lines = [r.points for r in rivers if len(r.points) >= 2]
    if not lines or not len(a):
        return crosses
    dc, dr = b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]
    if np.any((np.abs(dc) > 1) | (np.abs(dr) > 1) | ((dc == 0) & (dr == 0))):
        return _crossing_mask_shapely(a, b, lines)
    points, _ = river_points([r for r in rivers if len(r.points) >= 2], dtype=float)
    whole = np.isfinite(points).all() and (points == np.floor(points)).all() and (points >= 0).all()
    if min(a.min(), b.min()) < 0 or not whole:
        return _crossing_mask_shapely(a, b, lines)
    w = int(max(a.max(), b.max(), points.max())) + 2
    river = _unit_edges(points.astype(np.int64), [len(line) for line in lines], w)
    if river is None:
        return _crossing_mask_shapely(a, b, lines)
    edges, corners = river
    x, y = np.maximum(a[:, 0], b[:, 0]), np.maximum(a[:, 1], b[:, 1])
    diagonal = (dc != 0) & (dr != 0)
    # The corner two diagonal squares share is (x, y); the edge two orthogonal squares share
    # is, as a key, its top or left end and which way it runs (0: down, 1: across).
    corner = y * w + x
    edge = np.where(dr == 0, 2 * (a[:, 1] * w + x), 2 * (y * w + a[:, 0]) + 1)
    # membership by lookup in a flag per key (np.isin sorted all 150,000 steps' keys on a big map)
    is_corner = np.zeros(max(int(corner.max()), int(corners.max())) + 1, bool)
    is_corner[corners] = True
    is_edge = np.zeros(max(int(edge.max()), int(edges.max(initial=0))) + 1, bool)
    is_edge[edges] = True
    crosses[diagonal] = is_corner[corner[diagonal]]
    crosses[~diagonal] = is_edge[edge[~diagonal]]
    return crosses


def _unit_edges(points: np.ndarray, lengths: list[int], w: int):
    """The river edges and points (whole, not negative) as integer keys, or None off unit square edges.

    ``points`` holds every river's points one river after another, ``lengths`` how many
    each has; an edge joins two points of the same river in turn.
    """
    x, y = points[:, 0], points[:, 1]
    same_river = np.ones(len(points), bool)
    same_river[np.cumsum(lengths) - 1] = False  # a river's last point starts no edge
    k = np.flatnonzero(same_river[:-1])
    x0, y0, x1, y1 = x[k], y[k], x[k + 1], y[k + 1]
    if ((np.abs(x1 - x0) + np.abs(y1 - y0)) != 1).any():
        return None
    edges = 2 * (np.minimum(y0, y1) * w + np.minimum(x0, x1)) + (y0 == y1)
    return edges, y * w + x


def _crossing_mask_shapely(a: np.ndarray, b: np.ndarray, lines) -> np.ndarray:
    """:func:`crossing_mask` by geometry, for rivers that do not keep to unit square edges.

    Only steps with an end on a square that touches a river point can meet
    one, so only those go to shapely.
    """
    import shapely

    crosses = np.zeros(len(a), bool)
    near = set()
    for line in lines:
        for x, y in line:
            near.update(((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)))
    w = int(max(a[:, 0].max(), b[:, 0].max())) + 2
    near_idx = np.array([(y + 1) * w + (x + 1) for x, y in near])
    key_a = (a[:, 1] + 1) * w + (a[:, 0] + 1)
    key_b = (b[:, 1] + 1) * w + (b[:, 0] + 1)
    cand = np.flatnonzero(np.isin(key_a, near_idx) | np.isin(key_b, near_idx))
    if not len(cand):
        return crosses
    coords = np.stack([a[cand] + 0.5, b[cand] + 0.5], axis=1).astype(float)
    segments = shapely.linestrings(coords)
    tree = shapely.STRtree([shapely.LineString(line) for line in lines])
    seg_idx, _ = tree.query(segments, predicate="intersects")
    crosses[cand[np.unique(seg_idx)]] = True
    return crosses


def crossing_lookup(crossings) -> dict[frozenset, str]:
    return {frozenset(map(tuple, c.squares)): c.kind for c in crossings}


def legal_steps(terrain: np.ndarray, rivers, crossings, steps: Steps | None = None):
    """The movement graph as plain data: land squares in row order, and each legal step once.

    Returns ``(squares, edges)``: ``squares`` is ``[((col, row), terrain)]`` and
    ``edges`` is ``[((col, row), (col, row), diagonal, crossing)]``, where
    ``crossing`` is ``"bridge"``, ``"ford"`` or None when no river is crossed.
    The campaign board reads this directly, so a campaign needs no networkx (0.12 s to import).
    """
    steps = steps or land_steps(terrain, rivers)
    at = crossing_lookup(crossings)
    squares = [((int(c), int(r)), str(terrain[r, c])) for r, c in np.argwhere(land_mask(terrain))]
    edges = []
    for (ac, ar), (bc, br), diag, cross in zip(
        steps.a.tolist(), steps.b.tolist(), steps.diagonal.tolist(), steps.crosses_river.tolist()
    ):
        kind = None
        if cross:
            kind = None if diag else at.get(frozenset(((ac, ar), (bc, br))))
            if kind is None:
                continue
        edges.append(((ac, ar), (bc, br), diag, kind))
    return squares, edges


def movement_graph(terrain: np.ndarray, rivers, crossings, steps: Steps | None = None) -> nx.Graph:
    """:func:`legal_steps` as a networkx graph, for the checks that search it.

    Nodes carry ``terrain``; edges ``diagonal`` (bool) and ``crossing``.
    """
    import networkx as nx

    squares, edges = legal_steps(terrain, rivers, crossings, steps)
    g = nx.Graph()
    g.add_nodes_from((sq, {"terrain": t}) for sq, t in squares)
    g.add_edges_from((a, b, {"diagonal": diag, "crossing": kind}) for a, b, diag, kind in edges)
    return g
