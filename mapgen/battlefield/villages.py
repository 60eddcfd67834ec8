"""Farms and villages (FW-11.8 result 3): the buildings, their 1D6 low walls, their houses.

Their cultivated ground (25 % or 50 % of the table) is laid by the parts
stage, once every other feature stands, because the other difficult
features count towards it.
"""

from __future__ import annotations

from shapely.geometry import box

from . import rules as R
from .features import add_part, place, roll_count
from .state import TableState


def walls_around(st: TableState, idx: int, n: int, rule: str, what: str) -> None:
    """``n`` low walls on the ring round a farm or village (whole sides, then half sides)."""
    x0, y0, x1, y1 = st.items[idx].feature.polygon.bounds
    m, t = R.WALL_MARGIN_CM, R.WALL_THICKNESS_CM
    a0, b0, a1, b1 = x0 - m - t, y0 - m - t, x1 + m + t, y1 + m + t
    sides = [((a0 + 2, b0), (a1 - 2, b0)), ((a1 - t, b0 + 2), (a1 - t, b1 - 2)), ((a1 - 2, b1 - t), (a0 + 2, b1 - t)), ((a0, b1 - 2), (a0, b0 + 2))]
    start = int(st.rng.integers(4))
    sides = sides[start:] + sides[:start]
    if n <= 4:
        segs = sides[:n]
    else:
        halves = []
        for p, q in sides:
            mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            halves += [(p, mid), (mid, q)]
        segs = [halves[int(i)] for i in sorted(st.rng.choice(len(halves), size=n, replace=False))]
    for p, q in segs:
        bx = (min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]) + (t if p[0] == q[0] else 0), max(p[1], q[1]) + (t if p[1] == q[1] else 0))
        length = max(bx[2] - bx[0], bx[3] - bx[1])
        add_part(st, "wall", box(*bx), (bx[2] - bx[0], bx[3] - bx[1]), idx, beside=True, note=f"low wall or hedge {length:g} cm round the {what}", rule=rule)


def work_farm(st: TableState, note) -> None:
    """FW-11.8 result 3 (1-3): a farm, 1D6 low walls or hedges round it, and its fields later."""
    pad = R.WALL_MARGIN_CM + R.WALL_THICKNESS_CM + 1
    idx = place(st, "farm", pad=pad, note=R.KINDS["farm"].note + (f"; {note}" if note else ""))
    if idx is None:
        return
    n = roll_count(st.dice, "FW-11.8", "farm: number of low walls and hedges")
    walls_around(st, idx, n, "FW-11.8", "farm")
    st.fields_for.append(("farm", idx))


def village(st: TableState, region=None, note=None, exact=False) -> int | None:
    """FW-11.8 result 3 (4-6): a village of 3 to 5 houses, 1D6 low walls round it, and its fields later."""
    pad = R.WALL_MARGIN_CM + R.WALL_THICKNESS_CM + 1
    reg = None
    if region is not None:
        x0, y0, x1, y1 = region.bounds
        reg = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    idx = place(st, "village", pad=pad, region=reg, note=R.KINDS["village"].note + (f"; {note}" if note else ""), why="at the table centre" if exact else "")
    if idx is None:
        return None
    vx0, vy0, vx1, vy1 = st.items[idx].feature.polygon.bounds
    houses = int(st.rng.integers(R.HOUSES[0], R.HOUSES[1] + 1))
    cells = sorted(int(i) for i in st.rng.choice(9, size=houses, replace=False))
    for c in cells:
        cx, cy = vx0 + 5 + (c % 3) * 10, vy0 + 5 + (c // 3) * 10
        add_part(st, "house", box(cx - 3, cy - 4, cx + 3, cy + 4), (6, 8), idx)
    n = roll_count(st.dice, "FW-11.8", "village: number of low walls")
    walls_around(st, idx, n, "FW-11.8", "village")
    st.fields_for.append(("village", idx))
    return idx


def work_village(st: TableState, note) -> None:
    village(st, note=note)
