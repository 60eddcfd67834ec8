"""What a campaign adds on top of the printed map: zones of control, holdings' new owners, battles to fight, force counters.

These layers are the only part of the campaign map that changes from one
command to the next; the map under them is drawn once.  They are built as
plain ``xml.etree`` elements placed by the map's :class:`Frame` (the grid's
corner and width, the title's line), so the atlas can lay them on a map it
drew earlier and kept, without the map's layout, fonts or svgwrite, and
``status --svg`` puts the very same elements on the map it has just drawn.

Each force is drawn as its printed counter (:func:`.counters.counter_svg`: the side's colour, emblem and
texture, its id in the band, its order's picture), at the printed size where the square has room.  The
counters of a square stand as one stack, each offset by a band's height, so every id shows, as players
stack them on the table; the stack goes where it hides none of the map's names or square ids
(:class:`.campaign_room.MapRoom`) nor another stack.  Zones of control are a line just inside each zone's
edge, solid for side A and dashed for side B, so the terrain under them keeps its colours and the two
sides' zones differ in greyscale.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Callable, NamedTuple

from ..campaign.state import other
from ..counters import rules as R
from ..counters.model import Face
from ..sides import BW, fw_side_style
from .campaign_room import Box, MapRoom
from .counters import BAND_H, counter_svg
from .fonts import SANS_FAMILY
from .svgdoc import fmt, layer_attrs
from .templates import el

#: Side -> its style (mapgen.sides: A red with a disc, B blue with a diamond).
STYLES = {side: fw_side_style(side) for side, _key in R.FW_SIDES}
#: The same in each look a campaign prints in (a ``--style bw`` kit's campaign: greys, textures and emblems).
STYLES_IN = {look: {side: fw_side_style(side, look) for side, _key in R.FW_SIDES} for look in ("colour", BW)}
#: Order and reaction in three letters, where words must be short (kept for the atlas's tables).
SHORT = {"max_speed": "MAX", "probe": "PRB", "defend": "DEF", "confused": "CNF", "unsteady": "UNS", "shattered": "SHT", "none": "-"}
#: The key to what these layers add to the printed map's legend.
KEY = (
    "Counters: each force as its printed counter, its id in the band, its order or reaction below (FW-5); a stack shows every id.",
    "Zones of control (FW-9.7): side A's edged with a solid line, side B's with a dashed one. Dashed ring: a battle to fight (FW-9.8).",
)
#: A counter's side on the map: the printed counter's (5/8 in) where the square holds it, else this share of a square.
PRINTED_MM = 15.875
COUNTER = 0.34
#: Each counter of a stack is offset from the one under it by these shares of its side: the band (its id) shows.
STACK_DX, STACK_DY = 0.12, 0.24
#: What covering costs a stack, per mm² (names, other stacks) or per mm² (symbols), and a little for leaving the corner.
NAME_COST, SYMBOL_COST, PLACE_COST = 1000.0, 5.0, 0.01
#: Zones of control: per side, the inset from the zone's edge (share of a square) and the dash (None: solid).
ZOC_LOOK = {"A": (0.05, None), "B": (0.1, (0.07, 0.045))}
ZOC_WIDTH = 0.028


class Frame(NamedTuple):
    """Where the printed map put its grid and title, mm: all the layers need to know of the map's layout."""

    grid_x: float
    grid_y: float
    grid_w: float
    title_y: float
    square_mm: float

    @classmethod
    def of(cls, lay, square_mm: float) -> Frame:
        """The frame of a :class:`~mapgen.render.fw_layout.FwMapLayout`."""
        return cls(lay.grid_x, lay.grid_y, lay.grid_w, lay.title_y, square_mm)


def _layer(label: str) -> ET.Element:
    return ET.Element("g", layer_attrs(label))


def counter_size(square_mm: float) -> float:
    """A force counter's side on the map, mm."""
    return min(PRINTED_MM, COUNTER * square_mm)


def force_face(f: dict, look: str = "colour") -> Face:
    """A force's counter as the players hold it: side colour (grey in ``bw``) and emblem, the id in the band, the order's picture."""
    now = f["reaction"] or f["order"] or "none"
    state = R.STATES.get(now)
    afloat = bool(f.get("afloat"))  # FW-20: a force afloat shows its counter turned dark, "afloat" under it
    return Face(STYLES_IN[look][f["side"]].key, state.label if state else "No order", icon=state.icon if state else None, band=f["id"],
                note="afloat" if afloat else "", dark=afloat)


def force_faces(f: dict, look: str = "colour") -> list[Face]:
    """Every counter a force may show, whatever its order or reaction: drawn once and kept by the atlas."""
    return [force_face({**f, "reaction": None, "order": key}, look) for key in (*R.STATES, None)]


def draw_counter(face: Face, size: float) -> ET.Element:
    """A counter drawn at (0, 0): the default drawer of :func:`campaign_layers` (the atlas passes one that keeps them)."""
    return counter_svg(face, 0, 0, size)


def stack_boxes(x: float, y: float, n: int, size: float) -> list[Box]:
    """The boxes of a stack of ``n`` counters whose bottom counter's top left is (x, y)."""
    return [(x + k * STACK_DX * size, y + k * STACK_DY * size, x + k * STACK_DX * size + size, y + k * STACK_DY * size + size) for k in range(n)]


def id_box(box: Box, size: float) -> Box:
    """Where a counter shows its id: its band."""
    return (box[0], box[1], box[2], box[1] + BAND_H * size)


def _near(boxes: list[Box], x0: float, y0: float, x1: float, y1: float) -> list[Box]:
    """The boxes that reach into the region (x0, y0)-(x1, y1): only they can cover a spot tried in it."""
    return [b for b in boxes if b[0] < x1 and b[2] > x0 and b[1] < y1 and b[3] > y0]


def _overlap(box: Box, taken: list[Box]) -> float:
    """Area of ``box`` covered by the boxes ``taken``."""
    bx0, by0, bx1, by1 = box
    area = 0.0
    for tx0, ty0, tx1, ty1 in taken:
        ox = min(bx1, tx1) - max(bx0, tx0)
        if ox > 0:
            oy = min(by1, ty1) - max(by0, ty0)
            if oy > 0:
                area += ox * oy
    return area


def _spots(start: float, stop: float) -> list[float]:
    """Nine evenly spaced spots from ``start`` to ``stop``, both included."""
    step = (stop - start) / 8
    return [start + i * step for i in range(8)] + [stop]


def place_stacks(frame: Frame, board, stacks: dict[str, int], room: MapRoom, marks: list[Box]) -> dict[str, tuple[float, float]]:
    """Where each square's stack goes (the bottom counter's top left): inside its square, clear of the names.

    Every spot of a fine grid in the square is tried; covering a name, a square's id, another stack or a
    mark costs most, a symbol little, and the south-west corner is preferred on a tie.  The squares are
    done in reading order, each stack then kept clear by those after it.
    """
    q = frame.square_mm
    size = counter_size(q)
    names = list(room.names) + list(marks)
    symbols = list(room.symbols)
    taken: list[Box] = []
    out = {}
    for sid in sorted(stacks, key=lambda s: (board.squares[s].row, board.squares[s].col)):
        n = stacks[sid]
        sq = board.squares[sid]
        x0, y0 = frame.grid_x + sq.col * q, frame.grid_y + sq.row * q
        w, h = size + (n - 1) * STACK_DX * size, size + (n - 1) * STACK_DY * size
        pad = 0.03 * q
        xs = _spots(x0 + pad, max(x0 + pad, x0 + q - pad - w))
        ys = _spots(y0 + pad, max(y0 + pad, y0 + q - pad - h))
        region = (x0, y0, xs[-1] + w, ys[-1] + h)  # every spot tried lies inside it
        near_names, near_taken, near_symbols = (_near(b, *region) for b in (names, taken, symbols))
        best, best_cost = None, None
        for y in ys:  # row by row, as the grid of spots is read: the first of equal costs wins
            for x in xs:
                box = (x, y, x + w, y + h)
                cost = (_overlap(box, near_names) * NAME_COST + _overlap(box, near_taken) * NAME_COST
                        + _overlap(box, near_symbols) * SYMBOL_COST + (abs(x - x0) + abs(y0 + q - (y + h))) * PLACE_COST)
                if best_cost is None or cost < best_cost:
                    best, best_cost = box, cost
        out[sid] = (best[0], best[1])
        taken.append(best)
    return out


def zone_outline(cells: set[tuple[int, int]], inset: float) -> list[list[tuple[float, float]]]:
    """The closed lines just inside the edge of a zone of grid cells (col, row), in cells, ``inset`` from it.

    Each cell's side that borders no cell of the zone gives a stretch, clockwise, shortened at an outer
    corner and lengthened at an inner one, so the stretches meet end to start and chain into rings
    (holes and all) without a geometry library: a campaign command's atlas draws these.
    """
    def inside(c, r):
        return (c, r) in cells

    start: dict[tuple[float, float], tuple[float, float]] = {}
    for c, r in cells:
        # (neighbour across the side, the side's two ends as (corner, along, across) steps), clockwise.
        for (dc, dr), (ax, ay), (bx, by) in (((0, -1), (0, 0), (1, 0)), ((1, 0), (1, 0), (1, 1)), ((0, 1), (1, 1), (0, 1)), ((-1, 0), (0, 1), (0, 0))):
            if inside(c + dc, r + dr):
                continue
            ux, uy = bx - ax, by - ay  # along the side
            nx, ny = -dc, -dr  # into the cell
            ends = []
            for (px, py), sign in (((ax, ay), -1), ((bx, by), 1)):
                # the cell beside this end, along the side, and the one diagonally out from it
                side = inside(c + sign * ux, r + sign * uy)
                diag = inside(c + sign * ux + dc, r + sign * uy + dr)
                shift = -inset if not side else (inset if diag else 0.0)  # outer corner, inner corner, straight on
                ends.append((round(c + px + nx * inset + sign * ux * shift, 9), round(r + py + ny * inset + sign * uy * shift, 9)))
            start[ends[0]] = ends[1]
    rings = []
    while start:
        p0, p = next(iter(start.items()))
        del start[p0]
        ring = [p0]
        while p != p0 and p in start:
            ring.append(p)
            p = start.pop(p)
        rings.append(ring)
    return rings


def _zone_path(cells: set[tuple[int, int]], frame: Frame, inset: float) -> str:
    q = frame.square_mm
    return " ".join("M " + " L ".join(f"{fmt(frame.grid_x + x * q)} {fmt(frame.grid_y + y * q)}" for x, y in ring) + " Z"
                    for ring in zone_outline(cells, inset))


def campaign_layers(frame: Frame, view: dict, board, side: str | None = None, room: MapRoom | None = None,
                    counter: Callable[[Face, float], ET.Element] = draw_counter, look: str = "colour") -> list[ET.Element]:
    """The layers, bottom to top: zones of control, the campaign's marks (with the day and the key), the forces.

    ``view`` is what ``side`` may know (:func:`mapgen.campaign.view.side_view`; its log is not read);
    ``room`` is where the map's names are (none given: the counters only keep off each other);
    ``counter`` draws a counter at (0, 0) (measuring its words needs the fonts: the atlas keeps them drawn);
    ``look``: the campaign's (``bw``: the sides in their greys).
    """
    styles = STYLES_IN[look]
    q = frame.square_mm
    room = room or MapRoom((), ())

    def origin(sid: str) -> tuple[float, float]:
        s = board.squares[sid]
        return frame.grid_x + s.col * q, frame.grid_y + s.row * q

    zoc = _layer("Zones of control")
    shown_sides = [other(side)] if side is not None else ["A", "B"]
    for zone_side in shown_sides:
        # A force's own square is in its zone as much as the squares round it: the line goes round both, no hole.
        cells = {(board.squares[sid].col, board.squares[sid].row) for f in view["forces"] if f["side"] == zone_side
                 for sid in (f["square"], *f["zone_of_control"]) if sid in board.squares}
        if not cells:
            continue
        inset, dash = ZOC_LOOK.get(zone_side, ZOC_LOOK["B"])
        style = styles[zone_side]
        d = _zone_path(cells, frame, inset)
        g = el(zoc, "g", data_side=zone_side)
        el(g, "title").text = f"Zone of control of side {zone_side} (FW-9.7)"
        el(g, "path", d=d, fill="none", stroke="#ffffff", stroke_width=q * ZOC_WIDTH * 1.9, stroke_linejoin="miter", stroke_opacity=0.85)
        el(g, "path", d=d, fill="none", stroke=style.color, stroke_width=q * ZOC_WIDTH, stroke_linejoin="miter",
           stroke_dasharray=None if dash is None else f"{fmt(dash[0] * q)},{fmt(dash[1] * q)}")

    marks = _layer("Campaign")
    mark_boxes: list[Box] = []
    for h in view["holdings"]:
        if h["original_owner"] not in (None, h["owner"]) or h["sacked"]:
            x, y = origin(h["square"])
            style = styles[h["owner"]]
            box = (x + q * 0.78, y + q * 0.04, x + q * 0.96, y + q * 0.22)
            el(marks, "rect", x=box[0], y=box[1], width=box[2] - box[0], height=box[3] - box[1], fill=style.color, stroke="#000", stroke_width=0.3)
            mark_boxes.append(box)
            if h["sacked"]:
                _text(marks, "sacked", x + q * 0.5, y + q * 0.97, q * 0.12, "#000")
                mark_boxes.append((x + q * 0.3, y + q * 0.87, x + q * 0.7, y + q))
    for c in view["pending"]:
        x, y = origin(c["square"])
        el(marks, "circle", cx=x + q / 2, cy=y + q / 2, r=q * 0.47, fill="none", stroke="#000", stroke_width=q * 0.04,
           stroke_dasharray=f"{q * 0.08},{q * 0.05}")

    counters = _layer("Forces")
    by_square: dict[str, list[dict]] = {}
    for f in view["forces"]:
        if f["square"] in board.squares:
            by_square.setdefault(f["square"], []).append(f)
    size = counter_size(q)
    spots = place_stacks(frame, board, {sid: len(fs) for sid, fs in by_square.items()}, room, mark_boxes)
    for sid, forces in by_square.items():
        x, y = spots[sid]
        for f, box in zip(forces, stack_boxes(x, y, len(forces), size)):
            g = el(counters, "g", data_force=f["id"], data_square=sid)
            now = f["reaction"] or f["order"] or "none"
            el(g, "title").text = f"{f['id']} (side {f['side']}) at {sid}: {now.replace('_', ' ')}"
            put = el(g, "g", transform=f"translate({fmt(box[0])},{fmt(box[1])})")
            put.append(counter(force_face(f, look), size))

    whose = "both sides" if side is None else f"side {side}'s view"
    phase = view["phase"]
    right = frame.grid_x + frame.grid_w
    _text(marks, f"Day {view['day']}, phase {phase['number']} ({phase['name']}) - {whose}", right, frame.title_y + 4, 6, "#1a1a1a", anchor="end")
    for n, line in enumerate(KEY):
        _text(marks, line, right, frame.title_y + 8.5 + n * 4.2, 3.4, "#1a1a1a", anchor="end")
    return [zoc, marks, counters]


def _text(parent: ET.Element, words: str, x: float, y: float, size: float, fill: str, bold: bool = False, anchor: str = "middle") -> None:
    t = el(parent, "text", x=x, y=y, font_size=size, font_weight="bold" if bold else None, text_anchor=anchor, fill=fill, font_family=SANS_FAMILY)
    t.text = words


def layers_markup(layers: list[ET.Element]) -> str:
    """The layers as SVG markup, to go inside the map's ``<svg>`` element (after what is already drawn)."""
    return "".join(ET.tostring(layer, encoding="unicode") for layer in layers)
