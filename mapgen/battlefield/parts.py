"""Parts laid last, once every feature stands: a farm's or village's fields (FW-11.8), a hill's rocky
ridge (FW-21.3) and slippery slope (FW-21.4), a cave at the foot of a slope (FW-21.5).

Fields come last because every difficult feature already on the table counts
towards the 25 % (farm) or 50 % (village) of difficult ground FW-11.8 asks for.
"""

from __future__ import annotations

import shapely
from shapely.geometry import Polygon, box

from . import rules as R
from .features import add_part, make, mains
from .placement import Item, largest
from .state import TableState

#: Field sizes tried, largest first, when a farm or village needs difficult ground round it (cm).
FIELD_SIZES = ((60, 40), (40, 30), (30, 20), (20, 20), (20, 10), (10, 10), (10, 5))


def parts(st: TableState) -> None:
    for what, idx in st.fields_for:
        fields(st, what, idx)
    extras = R.RELIEF_EXTRAS.get(st.ground.geo, ())
    hills = [i for i in mains(st) if st.items[i].feature.kind in ("hill", "hillock") and st.items[i].feature.passable]
    if "rocky_ridge" in extras and hills:
        hill_side(st, hills[0], "rocky_ridge", None)
    if "slippery_slope" in extras and len(hills) > 1:
        hill_side(st, hills[1], "slippery_slope", R.SLIPPERY_SLOPE_MAX_CM)
    if "cave" in extras:
        foot = [i for i in mains(st) if st.items[i].feature.kind in ("hill", "mountain", "isolated_mountain")]
        for i in foot[:1]:
            x0, y0, x1, y1 = st.items[i].keep
            ring = box(x0 - 7, y0 - 7, x1 + 7, y1 + 7).difference(box(x0 - 0.5, y0 - 0.5, x1 + 0.5, y1 + 0.5)).intersection(st.layout.table)
            cave(st, i, ring)


def cave(st: TableState, host: int, ring: Polygon) -> None:
    hit = st.layout.find_box(4, 4, ring, ignore=(host,), gap=0.5)
    if hit:
        b, _ = hit
        f = make("cave", box(*b), (4, 4), note=f"{R.KINDS['cave'].note} (at the foot of the {R.KINDS[st.items[host].feature.kind].label.lower()})")
        st.layout.add(Item(f, owner=host))
    else:
        st.notes.append("Cave (FW-21.5) found no room at the foot of a slope: place it by hand.")


def hill_side(st: TableState, idx: int, kind: str, max_len: float | None) -> None:
    """A 3 cm strip along one side of a hill (at most ``max_len`` long), cut to the hill's outline."""
    hill = st.items[idx].feature.polygon
    x0, y0, x1, y1 = hill.bounds
    side = int(st.rng.integers(4))
    t = 3.0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    half = (max_len or 1000) / 2
    strips = [
        box(max(x0, cx - half), y0, min(x1, cx + half), y0 + t),
        box(x1 - t, max(y0, cy - half), x1, min(y1, cy + half)),
        box(max(x0, cx - half), y1 - t, min(x1, cx + half), y1),
        box(x0, max(y0, cy - half), x0 + t, min(y1, cy + half)),
    ]
    part = largest(hill.intersection(strips[side]))
    part = shapely.set_precision(part, 0.1) if not part.is_empty else part
    if part.is_empty or part.area < 1:
        return
    px0, py0, px1, py1 = part.bounds
    length = max(px1 - px0, py1 - py0)  # at most max_len: the strip is cut to it
    where = ("near", "right", "far", "left")[side]
    note = R.KINDS[kind].note + f"; the {where} side of the hill, {length:.0f} cm"
    # a rocky ridge is a sheer face (FW-21.3): its outer side is steep; a slippery slope is loose stones, not steep
    add_part(st, kind, part, (px1 - px0, py1 - py0), idx, note=note, steep=(where,) if kind == "rocky_ridge" else ())


def fields(st: TableState, what: str, idx: int) -> None:
    """FW-11.8: difficult ground round a farm (25 % of the table) or a village (50 % of the rest)."""
    table = st.width * st.depth
    village = st.items[idx].feature.polygon.area if what == "village" else 0.0
    share = R.FARM_DIFFICULT_SHARE if what == "farm" else R.VILLAGE_DIFFICULT_SHARE
    target = share * (table - village)
    difficult = [it.feature.polygon for i, it in enumerate(st.items) if it.feature.difficult and i != idx and it.feature.kind not in ("village",)]
    have = shapely.union_all(difficult).intersection(st.layout.table).area if difficult else 0.0
    for size in FIELD_SIZES:
        if have >= target:
            break
        for b, stand in st.layout.free_cells(*size, gap=1.0, group="field", group_gap=0.5):
            if have >= target:
                break
            on = st.items[stand].feature.kind if stand is not None else None
            f = make("field", box(*b), size, on=on, note=f"cultivated ground of the {what}: vines, orchards, boundary walls", rule="FW-11.8")
            st.layout.add(Item(f, host=stand, owner=idx, group="field"))
            have += size[0] * size[1]
    if have < target - 1:
        st.notes.append(f"The {what}'s difficult ground covers {100 * have / (table - village):.0f} % of the table, short of the {share:.0%} FW-11.8 asks for: add fields or walls by hand.")
