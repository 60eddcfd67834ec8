"""The Napoleonic battle board (NAP-2.2) as a true-scale sheet sized for the counters.

The thirteen areas of :mod:`mapgen.napoleonic.board`, each a box holding
:data:`SLOTS` counters side by side at the counters' size (``mapgen counters``
prints NAP units at 5/8 in by default), labelled with the name the commands
take (``a-left``, ``mid-0``) and its human label.  The rows are the board's:
side A's reserve and retreat boxes, A's line, the central zone, B's line, B's
boxes.  Side A sits at the top edge and reads its own boxes from there
(their labels are turned to face it); its left hand is then the sheet's
right, so column 0 (A's left, B's right, ``mid-0``) is drawn on the right.

A board that fits the paper in neither orientation is tiled over several
sheets at 100 % with registration marks (:func:`mapgen.render.pdf.write_pdf`).
:func:`draw_board` depends on no engine state: the engine calls it to put the
board in a battle folder.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..counters.layout import DEFAULT_SIZE, parse_size
from ..napoleonic import board as B
from ..paper import Paper, tile_counts
from ..sides import NEUTRAL, fw_side_style
from . import fonts
from .pdf import PdfReport, write_pdf
from .svgdoc import SvgDoc, fmt

#: [DEV] Counters a box holds side by side (across, deep): a line part's infantry, cavalry, artillery,
#: leader and two more; a bigger force stacks on them.
SLOTS = (3, 2)
#: Room between counters and around them inside a box, mm.
SLOT_GAP_MM = 2.0
#: The band at a box's top (its own side's view) with its command name and label, mm.
LABEL_BAND_MM = 8.0
#: Between two boxes, mm.
BOX_GAP_MM = 3.0
#: The board's title line above the grid, mm.
TITLE_MM = 8.0
NAME_PT = 9.0
LABEL_PT = 7.0
TITLE_PT = 9.0
PT_PER_MM = 72 / 25.4
KIND_NOTES = {
    "reserve": "touches its own three line areas",
    "retreat": "NAP-11.2",
}


@dataclass(frozen=True)
class Box:
    """Where an area is drawn, in mm from the sheet's top left."""

    area: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class BoardSheet:
    svg: str
    width_mm: float
    height_mm: float
    counter_mm: float
    paper: Paper
    boxes: tuple[Box, ...]

    @property
    def sheets(self) -> tuple[int, int]:
        """(columns, rows) of paper the PDF tiles the board over; (1, 1) on one sheet."""
        return tile_counts(self.width_mm, self.height_mm, self.paper)


def box_size(counter_mm: float) -> tuple[float, float]:
    """(width, height) of a line or central area in mm: :data:`SLOTS` counters with their gaps and the label band."""
    across, deep = SLOTS
    return across * counter_mm + (across + 1) * SLOT_GAP_MM, deep * counter_mm + (deep + 1) * SLOT_GAP_MM + LABEL_BAND_MM


def layout(counter_mm: float) -> tuple[float, float, tuple[Box, ...]]:
    """The board's size and every area's box.  A side's row of boxes: its reserve over two columns (it touches
    all three line areas) and its retreat area in the third, on its own left."""
    w, h = box_size(counter_mm)
    rows = {"A-boxes": 0, B.ROW_LINE["A"]: 1, B.ROW_MID: 2, B.ROW_LINE["B"]: 3, "B-boxes": 4}
    top = TITLE_MM

    def xy(column: int, row: int) -> tuple[float, float]:
        return (2 - column) * (w + BOX_GAP_MM), top + row * (h + BOX_GAP_MM)

    boxes = []
    for area in B.AREAS.values():
        if area.kind in ("line", "mid"):
            x, y = xy(area.column, rows[area.row])
            boxes.append(Box(area.name, x, y, w, h))
            continue
        row = rows[f"{area.owner}-boxes"]
        # A's left is the sheet's right (column 0), B's left the sheet's left (column 2)
        retreat_col = 0 if area.owner == "A" else 2
        if area.kind == "retreat":
            x, y = xy(retreat_col, row)
            boxes.append(Box(area.name, x, y, w, h))
        else:
            x0, y = xy(1 if area.owner == "A" else 0, row)
            x1, _ = xy(2 if area.owner == "A" else 1, row)
            boxes.append(Box(area.name, min(x0, x1), y, 2 * w + BOX_GAP_MM, h))
    width = 3 * w + 2 * BOX_GAP_MM
    height = top + 5 * h + 4 * BOX_GAP_MM
    return width, height, tuple(boxes)


def _style(area: B.Area):
    return fw_side_style(area.owner) if area.owner else NEUTRAL


def _draw_box(doc: SvgDoc, box: Box, area: B.Area, counter_mm: float) -> None:
    d = doc.drawing
    style = _style(area)
    g = doc.layer("areas").add(d.g(id=f"area-{area.name}"))
    dashed = {"stroke_dasharray": "2,1.5"} if area.kind == "retreat" else {}
    fill = "#ffffff" if area.kind == "retreat" else style.tint
    g.add(d.rect((fmt(box.x), fmt(box.y)), (fmt(box.w), fmt(box.h)), fill=fill, stroke=style.color,
                 stroke_width="0.8", **dashed))
    # the label band faces its own side: A's boxes are read from the top edge, turned half round
    turned = area.owner == "A"
    inner = d.g(transform=f"rotate(180 {fmt(box.x + box.w / 2)} {fmt(box.y + box.h / 2)})") if turned else d.g()
    g.add(inner)
    band_y = box.y
    inner.add(d.rect((fmt(box.x), fmt(band_y)), (fmt(box.w), fmt(LABEL_BAND_MM)), fill=style.color))
    name_size = NAME_PT / PT_PER_MM
    label_size = LABEL_PT / PT_PER_MM
    base = band_y + LABEL_BAND_MM / 2 + name_size * 0.35
    common = {"font_family": fonts.SANS_FAMILY, "fill": "#ffffff"}
    inner.add(d.text(area.name, insert=(fmt(box.x + SLOT_GAP_MM), fmt(base)), font_size=fmt(name_size),
                     font_weight="bold", **common))
    right = area.label + (f" ({KIND_NOTES[area.kind]})" if area.kind in KIND_NOTES else "")
    room = box.w - 3 * SLOT_GAP_MM - fonts.width(area.name, name_size, bold=True)
    inner.add(d.text(fonts.cut(right, room, label_size), insert=(fmt(box.x + box.w - SLOT_GAP_MM), fmt(base)),
                     font_size=fmt(label_size), text_anchor="end", **common))
    across = int((box.w - SLOT_GAP_MM) / (counter_mm + SLOT_GAP_MM) + 1e-9)  # the reserve is wider: more slots
    for r in range(SLOTS[1]):
        for c in range(across):
            x = box.x + SLOT_GAP_MM + c * (counter_mm + SLOT_GAP_MM)
            y = band_y + LABEL_BAND_MM + SLOT_GAP_MM + r * (counter_mm + SLOT_GAP_MM)
            inner.add(d.rect((fmt(x), fmt(y)), (fmt(counter_mm), fmt(counter_mm)), fill="none",
                             stroke=style.color, stroke_width="0.25", stroke_dasharray="1,1"))


def draw_board(paper: Paper, counter_mm: float | None = None) -> BoardSheet:
    """The board as SVG (1 unit = 1 mm) for counters of ``counter_mm`` (default: ``mapgen counters``' size).

    ``paper``: a paper given without an orientation takes the one that needs the fewest sheets.
    """
    counter_mm = parse_size(DEFAULT_SIZE) if counter_mm is None else counter_mm
    width, height, boxes = layout(counter_mm)
    if not paper.orientation_named:
        def sheets(p: Paper) -> int:
            cols, rows = tile_counts(width, height, p)
            return cols * rows
        paper = min((paper, paper.turned()), key=sheets)  # the given orientation when both take as many
    doc = SvgDoc(width, height, "Napoleonic battle board (NAP-2.2)")
    d = doc.drawing
    title = f"Napoleonic battle board (NAP-2.2): side A at the top edge, B at the bottom; {counter_mm:.1f} mm counters"
    doc.layer("title").add(d.text(fonts.cut(title, width, TITLE_PT / PT_PER_MM), insert=(0, fmt(TITLE_MM * 0.6)),
                                  font_size=fmt(TITLE_PT / PT_PER_MM), font_family=fonts.SANS_FAMILY, fill="#202020"))
    for box in boxes:
        _draw_box(doc, box, B.AREAS[box.area], counter_mm)
    return BoardSheet(doc.tostring(), width, height, counter_mm, paper, boxes)


def write_board_pdf(sheet: BoardSheet, path) -> PdfReport:
    """The board's true-scale PDF: one sheet, or tiles with registration marks and an index page."""
    return write_pdf(sheet.svg, path, sheet.paper, title="Napoleonic battle board (NAP-2.2)")
