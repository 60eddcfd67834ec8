"""Natural works on the table: vegetation (FW-11.5), special configurations (FW-11.7), jungle dangers (FW-19.6).

Each ``work_*`` function places one result and everything its rule brings
(a glacier's crevasses, a volcano's lava river, a desert's two oases).
"""

from __future__ import annotations

import math

import shapely
from shapely.geometry import LineString, box

from . import rules as R
from . import scenarios as S
from .features import add_part, ground_under, make, place, roll_count, size_of, with_note
from .lines import path_text
from .model import EDGE_LABELS
from .placement import Item, largest, strip_of
from .state import TableState


def work_oases(st: TableState, note) -> None:
    """FW-11.5.6: two oases, one on each army's side, within 30 cm of its long edge."""
    for side in ("A", "B"):
        region = S.band(side, 0, R.OASIS_EDGE_CM, st.width, st.depth).bounds
        note = f"{R.KINDS['oasis'].note}; side {side}'s deployment side, within {R.OASIS_EDGE_CM} cm of its edge"
        place(st, "oasis", region=region, note=note, why=f"on side {side}'s side")


def work_jungle_dangers(st: TableState, note) -> None:
    """FW-19.6: 1D6 wild beasts and 1D6 carnivorous plants, 30 cm apart, outside the deployment zones."""
    zones = tuple(z.polygon for z in st.plan.scenario.zones)
    counts = {kind: roll_count(st.dice, "FW-19.6", f"jungle: number of {R.KINDS[kind].label.lower()}s") for kind in ("beast", "carnivorous_plant")}
    # at least one of each is compulsory: place them alternately so the first of each finds room
    order = [k for i in range(max(counts.values())) for k in ("beast", "carnivorous_plant") if i < counts[k]]
    done = {"beast": 0, "carnivorous_plant": 0}
    for kind in order:
        done[kind] += 1
        why = f"{done[kind]} of {counts[kind]}"
        note = R.KINDS[kind].note + f"; at least {R.DANGER_GAP_CM} cm from any other, outside the deployment zones"
        place(st, kind, group="danger", group_gap=R.DANGER_GAP_CM, avoid=zones, why=why, note=note, rounds=12)


def work_dunes(st: TableState, note) -> None:
    """FW-11.7 result 2: on a desert table, 1D6 dunes of 10 x 10 cm."""
    if st.ground.terrain != "desert":
        st.notes.append("Dunes (FW-11.7 result 2) only on a desert table: no effect here.")
        return
    n = roll_count(st.dice, "FW-11.7", "number of dunes")
    for i in range(n):
        place(st, "dune", note=with_note(R.KINDS["dune"].note, note), why=f"{i + 1} of {n}")


def work_boulders(st: TableState, note) -> None:
    """FW-11.7 result 3: 1D6 boulder fields, at most 30 x 30 cm, 20 cm apart."""
    n = roll_count(st.dice, "FW-11.7", "number of boulder fields")
    text = with_note(R.KINDS["boulders"].note + f"; at least {R.BOULDER_GAP_CM} cm from the other boulder fields", note)
    for i in range(n):
        place(st, "boulders", group="boulders", group_gap=R.BOULDER_GAP_CM, why=f"{i + 1} of {n}", note=text)


def work_isolated_mountain(st: TableState, note) -> None:
    """FW-11.7 result 4 (AMB-30): wholly within one table quarter, never in the centre."""
    quarters = [(0, 0), (1, 0), (0, 1), (1, 1)]
    order = st.rng.permutation(4)
    hw, hd = st.width / 2, st.depth / 2
    for q in order:
        qx, qy = quarters[int(q)]
        region = (qx * hw, qy * hd, (qx + 1) * hw, (qy + 1) * hd)
        if place(st, "isolated_mountain", region=region, note=with_note(R.KINDS["isolated_mountain"].note, note), quiet=True) is not None:
            return
    st.notes.append("Isolated mountain (FW-11.7) could not be placed in any table quarter: place it by hand, never in the centre.")


def work_glacier(st: TableState, note) -> None:
    """FW-11.7.2: 40 x 40 cm with 1D6 crevasses of 1 x 5 cm laid the same way; over 3 make it impassable."""
    idx = place(st, "glacier")  # its note is written once the crevasses are counted
    if idx is None:
        return
    n = roll_count(st.dice, "FW-11.7.2", "number of open crevasses on the glacier")
    impassable = n > R.GLACIER_IMPASSABLE_OVER
    f = st.items[idx].feature
    f.passable = not impassable
    f.note = with_note(f"{n} crevasses" + (" (more than 3): the whole glacier is impassable" if impassable else ": walk round them; flat, difficult"), note)
    x0, y0, x1, y1 = st.items[idx].keep
    slots = [(c, r) for r in range(6) for c in range(3)]
    pick = sorted(int(i) for i in st.rng.choice(len(slots), size=n, replace=False))
    for i in pick:
        c, r = slots[i]
        cx, cy = x0 + 7 + c * 13, y0 + 4 + r * 6.4  # 3 x 6 slots centred on the glacier
        add_part(st, "crevasse", box(cx - 2.5, cy - 0.5, cx + 2.5, cy + 0.5), (5, 1), idx, note="1 x 5 cm, laid across the glacier; all crevasses run the same way")


def work_chasm(st: TableState, note) -> None:
    """FW-11.7.3: two 2-level hills 10 cm apart with their steep sides facing; only a bridge crosses."""
    hw, hd = size_of(st, "chasm_hill")
    gap = R.CHASM_GAP_CM
    hit = st.layout.find_box(2 * hw + gap, hd)
    if not hit:
        st.notes.append("Chasm (FW-11.7.3) could not be placed: build it by hand from two 2-level hills 10 cm apart.")
        return
    (x0, y0, x1, y1), stand = hit
    on = st.items[stand].feature.kind if stand is not None else None
    gx0 = x0 + hw
    text = with_note(f"deep gorge {gap} cm wide between two 2-level hills with steep sides facing each other: crossable only by a bridge", note)
    chasm = st.layout.add(Item(make("chasm", box(gx0, y0, gx0 + gap, y1), (gap, hd), on=on, note=text), host=stand))
    left = make("chasm_hill", box(x0, y0, x0 + hw, y1), (hw, hd), on=on, note="2 levels; its steep right side faces the chasm", steep=("right",))
    st.layout.add(Item(left, host=stand, owner=chasm))
    right = make("chasm_hill", box(x1 - hw, y0, x1, y1), (hw, hd), on=on, note="2 levels; its steep left side faces the chasm", steep=("left",))
    st.layout.add(Item(right, host=stand, owner=chasm))


def work_glacier_or_chasm(st: TableState, note) -> None:
    """FW-11.7 result 5-6: a glacier "only in high-mountain zones", in any climate, otherwise a chasm.

    [DEV] The table knows no elevation, so a mountain square (FW-10.5) or a
    mountainous region (FW-11.2 result 5-6) is the high mountain; the campaign
    map reads the same result by its chains' heights (``fw.terrain.high_mountains``)."""
    if st.ground.mountains:
        work_glacier(st, note)
    else:
        work_chasm(st, note)


def work_volcano(st: TableState, note) -> None:
    """FW-11.7 result 1: a volcano and a lava river to the nearest table edge it can reach."""
    for _ in range(6):
        idx = place(st, "volcano", note=with_note(R.KINDS["volcano"].note, note), quiet=True)
        if idx is None:
            break
        vol = st.items[idx].feature.polygon
        c = vol.centroid
        targets = {"left": (0 - 2, c.y), "right": (st.width + 2, c.y), "edge_a": (c.x, -2), "edge_b": (c.x, st.depth + 2)}
        order = sorted(targets, key=lambda e: math.dist((c.x, c.y), targets[e]))
        for edge in order:
            line = LineString([(c.x, c.y), targets[edge]])
            poly = largest(strip_of(line, R.LAVA_WIDTH_CM, st.layout.table).difference(vol.buffer(0.2)))
            poly = shapely.set_precision(poly, 0.1)
            if not poly.is_empty and st.layout.line_is_clear(poly, ignore=(idx,)) and not any(poly.intersects(k) for k in st.plan.line_keepout):
                inside = line.intersection(st.layout.table)
                text = f"impassable; flows from the volcano to {EDGE_LABELS[edge]}, centre line through {path_text(inside)}"
                f = make("lava_river", poly, (round(inside.length), R.LAVA_WIDTH_CM), on=ground_under(st, poly), note=text)
                st.layout.add(Item(f, exact=True, owner=idx))
                return
        st.items.pop()
    st.notes.append("Volcano and lava river (FW-11.7) could not be placed with a clear path to an edge: place them by hand.")
