"""The watercraft marks of a map made with ``fw-map --watercraft`` (FW-20): navigable stretches, obstacles, ports, reefs.

Drawn only from what the map records (``River.stretches``, ``River.obstacles``, ``FwMap.ports``,
``FwMap.reefs``); a map made without the switch records none and gets none of these marks.

- A navigable stretch is a line down the middle of the river's ribbon: solid where ships sail,
  dashed where only boats and rafts do.  The ribbon keeps its dark banks, so neither reads as a
  road (a dark line in a light casing) in black and white.
- An obstacle is a pictogram on a round plate on the river, a little way along one of the two
  edges that meet at its point, never the edge running east along the top of the square whose id
  is written at that corner; several at one point take the other edge, then further along.
- A port is an anchor on a plate beside its holding; reefs a plate in the middle of the sea square.
"""

from __future__ import annotations

from collections.abc import Callable

from ..fw.model import FwMap
from ..fw.waterways import crossing_edge, edge_index
from .fw_rivers import MEANDER, SAMPLES, centre_line
from .fw_style import BOX, place_symbol
from .svgdoc import fmt
from .templates import el

#: The symbol of each obstacle kind (FW-20.4) in ``templates/fw-map/symbols.svg``.
OBSTACLE_SYMBOLS = {kind: f"water-{kind}" for kind in ("bridge", "lock", "reef", "shallows", "rapids", "waterfall")}
PORT_SYMBOL, REEFS_SYMBOL = "water-port", "water-reefs"


def stretch_lines(m: FwMap, lay, river, river_points: Callable) -> list[tuple[str, list[tuple[float, float]]]]:
    """(craft, points in mm) of each of the river's navigable stretches, along the ribbon's winding middle.

    A stretch reaching the river's mouth runs on into the lake or sea, as the ribbon does.
    """
    if not river.stretches or len(river.points) < 2:
        return []
    pts = river_points(m, lay, river)
    last = len(river.points) - 1
    centre = centre_line(pts, MEANDER * m.square_mm, last)
    out = []
    for a, b, craft in river.stretches:
        end = len(centre) if b == last else b * SAMPLES + 1
        out.append((craft, centre[a * SAMPLES : end]))
    return out


def draw_stretches(root, m: FwMap, lay, style, river_points: Callable) -> None:
    """Each navigable stretch as a line in the river: solid for ships, dashed for boats and rafts only."""
    ws = style["water"]
    k = m.square_mm / 50.0
    for river in m.rivers:
        for craft, line in stretch_lines(m, lay, river, river_points):
            look = ws[craft]
            dash = {"stroke_dasharray": " ".join(fmt(v * k) for v in look["dash"])} if look.get("dash") else {}
            el(root, "polyline", points=" ".join(f"{fmt(x)},{fmt(y)}" for x, y in line), fill="none", stroke=look["color"],
               stroke_width=look["width"] * k, stroke_linejoin="round", stroke_linecap="butt" if dash else "round", **dash)


def marker_spots(river, at: int, kinds: list[str], crossed: dict[int, str]) -> list[tuple[float, float]]:
    """Where the marks of the obstacles ``kinds`` at point ``at`` go, in square units from the map's north-west corner.

    Each on its own edge meeting at the point, a little way along it: a bridge or shallows on the edge its bridge or
    ford crosses (``crossed``: edge index -> crossing kind), the others downstream first.  On an edge that runs east
    the mark sits near its far end: its near end is the top of the square whose id is written at the corner.
    """
    x, y = river.points[at]
    ways = [j for j in (at, at - 1) if 0 <= j < len(river.points) - 1]  # edge j joins points j and j + 1
    used = dict.fromkeys(ways, 0)
    spots = []
    for kind in kinds:
        crossing = {"bridge": "bridge", "shallows": "ford"}.get(kind)
        j = min(ways, key=lambda w: (used[w], not (crossing and crossed.get(w) == crossing), ways.index(w)))
        n, used[j] = used[j], used[j] + 1
        qx, qy = river.points[j + 1] if j == at else river.points[j]
        t = MARK_FAR - 0.25 * n if (qx - x, qy - y) == (1, 0) else MARK_ALONG + 0.25 * n
        spots.append((x + (qx - x) * t, y + (qy - y) * t))
    return spots


#: How far along an edge (share of a square) an obstacle's mark sits from its point: clear of the square id at the
#: corner and of a crossing's symbol at the edge's middle; :data:`MARK_FAR` on an edge running east.
MARK_ALONG = 0.22
MARK_FAR = 0.8


def plate(root, cx: float, cy: float, size: float, symbol: str, style) -> None:
    """A pictogram on a round plate ``size`` across, centred on (cx, cy) (mm)."""
    ws = style["water"]
    el(root, "circle", cx=cx, cy=cy, r=size / 2, fill=ws["plate_fill"], stroke=ws["plate_stroke"], stroke_width=ws["plate_width"])
    inner = size * 0.72
    place_symbol(root, symbol, cx - inner / 2, cy - inner / 2, inner)


Mark = tuple[float, float, float, str]  # centre x, centre y, size (mm), symbol


def obstacle_marks(m: FwMap, lay, style) -> list[Mark]:
    """Each obstacle's pictogram (FW-20.4) beside its point on the river."""
    s = m.square_mm
    size = style["water"]["mark_size"] * s
    out = []
    crossings = {crossing_edge(c): c.kind for c in m.crossings}
    for river in m.rivers:
        crossed = {i: crossings[e] for e, i in edge_index(river).items() if e in crossings}
        at_point: dict[int, list[str]] = {}
        for at, kind in river.obstacles or ():
            at_point.setdefault(at, []).append(kind)
        for at, kinds in sorted(at_point.items()):
            for kind, (x, y) in zip(kinds, marker_spots(river, at, kinds, crossed)):
                out.append((lay.grid_x + x * s, lay.grid_y + y * s, size, OBSTACLE_SYMBOLS[kind]))
    return out


def reef_marks(m: FwMap, lay, style) -> list[Mark]:
    """Reefs, islands or atolls (FW-20.7): a plate in the middle of each sea square that has them."""
    s = m.square_mm
    size = style["water"]["reefs_size"] * s
    return [(lay.grid_x + (c + 0.5) * s, lay.grid_y + (r + 0.5) * s, size, REEFS_SYMBOL) for c, r in m.reefs or ()]


def port_marks(m: FwMap, lay, placed, style) -> list[Mark]:
    """An anchor beside each port's holding (FW-20.2), at the top right of its castle or tower."""
    s = m.square_mm
    k = s / BOX
    size = style["water"]["port_size"] * s
    out = []
    for sq, _side in m.ports or ():
        icon = next((p for p in placed.get(tuple(sq), []) if p.item.kind in ("holding", "capital")), None)
        x, y = (icon.x + icon.size, icon.y) if icon is not None else (BOX * 0.6, BOX * 0.1)
        r = size / k / 2
        cx = min(x + r + 0.5, BOX - r - 0.5)
        cy = max(y + r, r + 0.5)
        out.append((lay.grid_x + sq[0] * s + cx * k, lay.grid_y + sq[1] * s + cy * k, size, PORT_SYMBOL))
    return out


def draw_marks(root, marks: list[Mark], style) -> None:
    for cx, cy, size, symbol in marks:
        plate(root, cx, cy, size, symbol, style)


def mark_boxes(m: FwMap, lay, placed, style) -> tuple[tuple[float, float, float, float], ...]:
    """The boxes (mm) of every watercraft mark, for the counters put on the map to keep off when they can."""
    marks = obstacle_marks(m, lay, style) + reef_marks(m, lay, style) + port_marks(m, lay, placed, style)
    return tuple((cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2) for cx, cy, size, _ in marks)


# -- the legend's rows -------------------------------------------------------------------------------

#: What each watercraft mark means, as the legend prints it: (label, note).
CRAFT_WORDS = {
    "ships": ("Navigable by ships", "and by boats and rafts (FW-20.4)"),
    "boats": ("Navigable by boats and rafts only", "no ships (FW-20.4)"),
}
OBSTACLE_WORDS = {
    "bridge": "Bridge",
    "lock": "Lock",
    "reef": "Rocks",
    "shallows": "Shallows",
    "rapids": "Rapids",
    "waterfall": "Waterfall",
}
PORT_WORDS = ("Port", "2 free ships a turn to its Force on Defend (FW-20.2, FW-20.3)")
REEFS_WORDS = ("Reefs, islands or atolls", "\u20131 to naval movement along them (FW-20.7)")


def watercraft_legend(m: FwMap) -> dict | None:
    """What of the watercraft marks this map draws, in the legend's order; None for a map made without ``--watercraft``."""
    if m.ports is None and not any(r.stretches for r in m.rivers):
        return None
    crafts = {c for r in m.rivers for _, _, c in r.stretches or ()}
    kinds = {k for r in m.rivers for _, k in r.obstacles or ()}
    return {
        "crafts": [c for c in CRAFT_WORDS if c in crafts],
        "port": bool(m.ports),
        "obstacles": [k for k in OBSTACLE_WORDS if k in kinds],
        "reefs": bool(m.reefs),
    }


def stretch_swatch(parent, x: float, y: float, size: float, craft: str, style) -> None:
    """A straight reach of river with the craft's line down it, filling the legend's swatch."""
    rs, look = style["river"], style["water"][craft]
    band = size * 0.36
    el(parent, "rect", x=x, y=y + (size - band) / 2, width=size, height=band, fill=rs["color"], stroke=rs["casing"], stroke_width=0.35)
    dash = {"stroke_dasharray": " ".join(fmt(v) for v in look["dash"])} if look.get("dash") else {}
    el(parent, "line", x1=x + 0.6, y1=y + size / 2, x2=x + size - 0.6, y2=y + size / 2, stroke=look["color"],
       stroke_width=look["width"], stroke_linecap="butt", **dash)


def mark_swatch(parent, x: float, y: float, size: float, symbol: str, style) -> None:
    """A watercraft pictogram on its plate, filling the legend's swatch."""
    plate(parent, x + size / 2, y + size / 2, size * 0.9, symbol, style)
