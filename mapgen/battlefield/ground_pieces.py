"""The pieces laid first: mountain base (AMB-29), plateau (FW-21.2), inlet (FW-21.6), a desert's oases (FW-11.5.6).

They go down before anything else because other features stand wholly on
them or wholly off them; laid later, they would cut through what is there.
"""

from __future__ import annotations

from shapely.geometry import box

from ..tables import roll_on
from . import rules as R
from . import scenarios as S
from .features import make
from .natural import work_oases
from .placement import Item
from .state import TableState


def ground_pieces(st: TableState) -> None:
    W, D = st.width, st.depth
    if st.ground.geo == "mountain" and (W, D) != R.MOUNTAIN_TABLE:
        mountain_base(st)
    if st.ground.geo == "hilly" and st.opts.region == "mountainous":
        plateau(st)
    if st.opts.coast:
        dx, dy = R.INLET_SIZE_CM
        dy = min(dy, D - 20)
        left = st.rng.random() < 0.5
        x0 = 0 if left else W - dx
        y0 = round(D / 2 - dy / 2)
        f = make("inlet", box(x0, y0, x0 + dx, y0 + dy), (dx, dy), note=R.KINDS["inlet"].note + "; equidistant from the two deployment zones")
        st.layout.add(Item(f))
    if st.ground.terrain == "desert":
        # FW-11.5.6: within 30 cm of each long edge, laid before the lines so a road or river near
        # an edge cannot shut an oasis out of its band
        work_oases(st, None)


def mountain_base(st: TableState) -> None:
    """FW-10.5 on a table larger than 120 x 60: the Naran reading, a 120 x 60 base along a long edge (AMB-29)."""
    W, D = st.width, st.depth
    bw = min(R.MOUNTAIN_BASE[0], W)
    x0 = round((W - bw) / 2)
    first_a = st.rng.random() < 0.5
    options = []
    for bd in (min(R.MOUNTAIN_BASE[1], D / 2), 45, 35):
        for at_a in (first_a, not first_a):
            y0 = 0 if at_a else D - bd
            options.append((x0, y0, x0 + bw, y0 + bd))
    b = free_ground(st, options)
    if b is None:
        st.notes.append("Mountain base (FW-10.5, AMB-29) found no room beside the scenario's features: build the slopes by hand.")
        return
    bw, bd = b[2] - b[0], b[3] - b[1]
    f = make("mountain_base", box(*b), (bw, bd))
    st.layout.add(Item(f, ground=True))
    st.notes.append(f"Mountain square on a {W:g} x {D:g} table: the Naran reading of FW-10.5 (AMB-29), a {bw:g} x {bd:g} cm mountain base with the features on and around it.")


def free_ground(st: TableState, options):
    """The first box for a plateau or mountain base that no placed feature straddles."""
    for b in options:
        g = box(*b)
        if not any(g.intersects(box(*it.keep)) for it in st.items):
            return b
    return None


def plateau(st: TableState) -> None:
    """FW-21.2: a 1-level plateau over the scouting winner's half (1-4), the centre (5) or the loser's (6)."""
    _, where = roll_on(st.dice, R.PLATEAU_PLACE, "which half of the table the plateau covers")
    winner = st.plan.winner
    half = min(60.0, st.depth / 2)
    if where.outcome == "centre":
        y0 = st.depth / 2 - half / 2
    else:
        side = winner if where.outcome == "winner" else S.other(winner)
        y0 = 0 if side == "A" else st.depth - half
    b = free_ground(st, [(0.0, y0, st.width, y0 + half)])
    if b is None:
        st.notes.append(f"Plateau (FW-21.2) over {where.label.lower()} would cut through the scenario's features: build it by hand.")
        return
    f = make("plateau", box(*b), (st.width, half), note=R.KINDS["plateau"].note + f"; covers {where.label.lower()}")
    st.layout.add(Item(f, ground=True))
