"""Artificial works that bring parts of their own: the holding (FW-3), the mine and the barrier (FW-11.8).

Farms and villages are in :mod:`villages`; roads, passes and bridges, which
are lines, in :mod:`lines`.
"""

from __future__ import annotations

import shapely
from shapely.geometry import Polygon, box

from . import rules as R
from .features import add_part, make, place, roll_count, with_note
from .placement import Item, largest
from .state import TableState

#: Positions along the pass tried for the barrier before it is left to the players.
BARRIER_TRIES = 12


def work_stronghold(st: TableState, note) -> None:
    place(st, "stronghold", note=f"{note} (FW-3): the holding")


def work_mine(st: TableState, note) -> None:
    """FW-11.8 result 2 (1-2): a 20 x 20 cm mountain with an entrance on each of two opposite sides."""
    idx = place(st, "mine", note=f"{R.KINDS['mine'].note}" + (f"; {note}" if note else ""))
    if idx is None:
        return
    x0, y0, x1, y1 = st.items[idx].keep
    cy = (y0 + y1) / 2
    for x in (x0, x1 - 3):
        add_part(st, "mine_entrance", box(x, cy - 1.5, x + 3, cy + 1.5), (3, 3), idx, note="mine entrance")


def work_barrier(st: TableState, note) -> None:
    """FW-11.8 result 11-12: 1D6 low walls stepped across a straight stretch of the pass, closing it."""
    if st.mountain_pass is None:
        st.notes.append("Barrier (FW-11.8) closes a mountain pass: there is no pass on this table, no effect.")
        return
    pas = st.items[st.mountain_pass].feature.polygon
    x0, y0, x1, y1 = pas.bounds
    along_x = (x1 - x0) >= (y1 - y0)
    n = roll_count(st.dice, "FW-11.8", "barrier: number of low walls")
    length = n * R.BARRIER_WALL_STEP_CM + 2
    lo, hi = (x0, x1) if along_x else (y0, y1)

    def across(a: float, b: float) -> Polygon:
        """The pass's whole width from ``a`` to ``b`` along it."""
        return box(a, y0, b, y1) if along_x else box(x0, a, x1, b)

    def spans(cand: Polygon) -> float:
        cx0, cy0, cx1, cy1 = cand.bounds
        return cx1 - cx0 if along_x else cy1 - cy0

    others = [it.feature.polygon for i, it in enumerate(st.items) if i != st.mountain_pass and it.exact]
    stretch = Polygon()
    for _ in range(BARRIER_TRIES):
        at = round(lo + (hi - lo) * float(st.rng.uniform(0.2, 0.75)))
        cand = largest(pas.intersection(across(at, at + length)))
        # the whole length on the pass (not cut by its end), and clear of the other lines
        if not cand.is_empty and spans(cand) > length - 0.05 and not any(cand.buffer(1).intersects(o) for o in others):
            stretch = shapely.set_precision(cand, 0.1)
            break
    if stretch.is_empty:
        st.notes.append("Barrier (FW-11.8) found no straight stretch of the pass: build it by hand across the pass.")
        return
    width = R.PASS_WIDTH_CM
    text = with_note(f"{n} low walls stepped across the pass, closing it completely; it must be taken to pass (a draw leaves it to the defender)", note)
    f = make("barrier", stretch, (length, width) if along_x else (width, length), on="pass", note=text)
    idx = st.layout.add(Item(f, exact=True, host=st.mountain_pass, owner=st.mountain_pass))
    for i in range(n):
        a = at + 1 + i * R.BARRIER_WALL_STEP_CM
        wall = shapely.set_precision(largest(stretch.intersection(across(a, a + R.WALL_THICKNESS_CM))), 0.1)
        wx0, wy0, wx1, wy1 = wall.bounds
        add_part(st, "wall", wall, (wx1 - wx0, wy1 - wy0), idx, note="low wall across the whole pass")
