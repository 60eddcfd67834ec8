"""Optional markers (``--mark``): MED-2.1 ambush hiding places and MED-6 landing points.

Markers sit on a feature and take no room of their own, so they go down
after everything else and never move a feature.
"""

from __future__ import annotations

from shapely.geometry import box

from . import medieval as MED
from . import rules as R
from . import scenarios as S
from .features import mains, make
from .placement import Item
from .state import TableState

#: Where along the river landing points are tried (fractions of its length).
LANDING_TRIES = (0.15, 0.3, 0.45, 0.55, 0.7, 0.85)
#: Two landing points in one half keep at least this far apart (cm) [DEV].
LANDING_GAP_CM = 20


def marks(st: TableState) -> None:
    if "hiding_places" in st.opts.marks:
        hiding_places(st)
    if "landing_points" in st.opts.marks:
        landing_points(st)


def hiding_places(st: TableState) -> None:
    """MED-2.1: difficult features in a side's own half within 12 inches of its long edge."""
    half = st.depth / 2
    for side in ("A", "B"):
        for i in mains(st):
            f = st.items[i].feature
            if not (f.difficult or not f.passable) or f.kind in R.LINE_KINDS:
                continue
            x0, y0, x1, y1 = f.polygon.bounds
            near = y0 if side == "A" else st.depth - y1
            inside = y1 <= half if side == "A" else y0 >= half
            if inside and near <= R.HIDING_EDGE_CM:
                c = f.polygon.representative_point()
                types = MED.AMBUSH_TYPES if f.passable else MED.AMBUSH_IMPASSABLE_TYPES
                who = f"{', '.join(types[:-1])} or {types[-1]} units" if len(types) > 1 else f"{types[0]} units only (impassable terrain)"
                mark = make("hiding_place", box(c.x - 2, c.y - 2, c.x + 2, c.y + 2), (4, 4), on=f.kind, note=f"MED-2.1: side {side} may hide {who} here, written down secretly")
                st.layout.add(Item(mark, owner=i))


def landing_points(st: TableState) -> None:
    """MED-6: candidate landing points on the river in each half of the table."""
    if st.river is None:
        st.notes.append("Landing points (MED-6) need a river: there is none on this table.")
        return
    line = st.river_line
    river = st.items[st.river].feature
    W, D = st.width, st.depth
    for side in ("A", "B"):
        pts = []
        for t in LANDING_TRIES:
            p = line.interpolate(t, normalized=True)
            if (p.y < D / 2) == (side == "A") and abs(p.y - D / 2) >= 3 and 4 < p.x < W - 4 and 4 < p.y < D - 4:
                if all(p.distance(q) >= LANDING_GAP_CM for q in pts):
                    pts.append(p)
        for p in pts[: R.LANDING_POINTS_PER_HALF]:
            own, enemy = MED.landing_totals("own"), MED.landing_totals("enemy")
            note = f"MED-6: in side {side}'s half; a landing there needs {own} on the placement 2D6 for side {side}, {enemy} for side {S.other(side)}"
            mark = make("landing_point", box(round(p.x) - 2, round(p.y) - 2, round(p.x) + 2, round(p.y) + 2), (4, 4), on=river.kind, note=note)
            st.layout.add(Item(mark, owner=st.river))
        if not pts:
            st.notes.append(f"The river does not run through side {side}'s half: no landing point there (MED-6).")
