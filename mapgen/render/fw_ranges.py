"""Mountains and hills drawn as ranges: a ridge line that runs across neighbouring squares of one chain.

The terrain stage raises mountain chains and hill ranges as walks across the
map (``fw/terrain.py``); drawn square by square, a chain read as a scatter of
separate peaks.  Here each chain (a group of mountain, or of hill, squares
touching at a side or corner) gets a ridge: the shortest tree joining its
squares' centres, and on every step of that tree one more peak (or hill)
stands astride the two squares, where their own glyphs make room for it:
the peaks then run from square to square as one range.
"""

from __future__ import annotations

from collections import deque

import numpy as np

#: The ranges drawn: each terrain, the glyph part (of its symbol in symbols.svg) that stands between two
#: squares of a chain, and that part's size there (a share of its size in a square).
RANGES = {"mountain": (1, 0.85), "hills": (1, 0.9)}


def chains(terrain: np.ndarray, kind: str) -> list[list[tuple[int, int]]]:
    """The groups of ``kind`` squares (col, row) touching at a side or corner, each sorted, in map order."""
    rows, cols = terrain.shape
    seen: set[tuple[int, int]] = set()
    out = []
    for r in range(rows):
        for c in range(cols):
            if (c, r) in seen or str(terrain[r, c]) != kind:
                continue
            group, stack = [], [(c, r)]
            seen.add((c, r))
            while stack:
                sq = stack.pop()
                group.append(sq)
                for dc in (-1, 0, 1):
                    for dr in (-1, 0, 1):
                        n = (sq[0] + dc, sq[1] + dr)
                        if n not in seen and 0 <= n[0] < cols and 0 <= n[1] < rows and str(terrain[n[1], n[0]]) == kind:
                            seen.add(n)
                            stack.append(n)
            out.append(sorted(group, key=lambda s: (s[1], s[0])))
    return out


#: Steps from a square to its neighbours: sides first, then corners, so a ridge prefers to run square to square.
_STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1))


def ridge(group: list[tuple[int, int]]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """A tree joining the group's squares, neighbour to neighbour: breadth first from its first square, side steps
    before corner steps (linear in the group's size: a 400 x 400 map has chains of thousands of squares)."""
    if len(group) < 2:
        return []
    members = set(group)
    seen = {group[0]}
    queue = deque([group[0]])
    edges = []
    while queue:
        a = queue.popleft()
        for dc, dr in _STEPS:
            b = (a[0] + dc, a[1] + dr)
            if b in members and b not in seen:
                seen.add(b)
                queue.append(b)
                edges.append((a, b))
    return edges


def links(m) -> list[tuple[str, tuple[int, int], tuple[int, int]]]:
    """(terrain, square, neighbour) for every step of every chain's ridge, in map order."""
    return [(kind, a, b) for kind in RANGES for group in chains(m.terrain, kind) for a, b in ridge(group)]


def midpoint_in(square: tuple[int, int], a: tuple[int, int], b: tuple[int, int], box: float) -> tuple[float, float]:
    """Where the link a-b crosses into ``square`` (one of its ends), in that square's own units (0..box)."""
    half = box / 2
    sign = 1 if square == a else -1
    return half + sign * (b[0] - a[0]) * half, half + sign * (b[1] - a[1]) * half


#: The steps (square units) a peak moves by along its link while looking for the nearest place clear of the ids.
PEAK_STEP = 0.25
#: The farthest a peak moves from where its link crosses, as a share of the square's side.
PEAK_MOVE = 0.3


def peak_centre(a: tuple[int, int], b: tuple[int, int], half: tuple[float, float], keep_off, box: float) -> tuple[float, float]:
    """Where the peak on the link a-b stands, in a's own units: where the link crosses from a into b, or
    the nearest point along the link where the peak's box (``half`` its half width and half height) meets
    none of the boxes ``keep_off`` (in a's units).

    A diagonal link crosses at a corner, and the square south-east of a corner has its id written there:
    the peak moves along its ridge, not across it, so the range still reads as one line.
    """
    mx, my = midpoint_in(a, a, b, box)
    hw, hh = half

    def clear(x, y):
        return not any(x - hw < r[2] and r[0] < x + hw and y - hh < r[3] and r[1] < y + hh for r in keep_off)

    if clear(mx, my):
        return mx, my
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = (dx * dx + dy * dy) ** 0.5
    for i in range(1, int(PEAK_MOVE * box / PEAK_STEP) + 1):
        t = i * PEAK_STEP
        for sign in (-1, 1):
            x, y = mx + sign * t * dx / n, my + sign * t * dy / n
            if clear(x, y):
                return x, y
    return mx, my
