"""A square-grid map as a PDF cut on its grid lines: index, key sheet, then the tiles with their glue flaps.

The sheets come from :mod:`.cuts`.  Page 1 is the index (the whole drawing, not
to scale, each sheet outlined and numbered, the flaps shaded); page 2 the key
(title and legend at 100 %, never split); then the tiles at 100 %, row by row.
A tile shows its own squares and, past its right and bottom cut lines, a glue
flap with the neighbour's first squares: the neighbour is trimmed on its grid
line and laid over the flap, squares on squares.  With a single tile there is
no index.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..grid import square_id
from .cuts import Sheet
from . import fonts
from .pdf import CAPTION_PT, COLOUR_INKS, Inks, PdfReport, _clip_rect, _fit_text, _Pages, show_page, index_page, new_canvas
from .pdf_source import PT_PER_MM, _Source

#: Crop marks at a sheet's trimmed corners: length and gap from the corner, mm.
CROP_MM, CROP_GAP_MM = 5.0, 1.0


def cut_page_count(sheets: list[Sheet], key: bool) -> int:
    return (1 if len(sheets) > 1 else 0) + (1 if key else 0) + len(sheets)


def render_cut(source: _Source, key: _Source | None, paper, title: str, sheets: list[Sheet],
               squares: bool = True, inks: Inks = COLOUR_INKS) -> tuple[bytes, PdfReport]:
    """The PDF; ``squares`` False for a grid of country sheets (its captions then speak of sheets, not squares);
    ``inks`` those of the page furniture."""
    mm = PT_PER_MM
    cols = max(s.column for s in sheets)
    rows = max(s.row for s in sheets)
    total = cut_page_count(sheets, key is not None)
    first_tile = total - len(sheets) + 1
    buf = io.BytesIO()
    c = new_canvas(buf, paper, title, source.width / mm, source.height / mm)
    pages = _Pages(c, paper, title, inks)
    pw, ph = paper.printable_mm
    source.store(c, (pw, ph))
    if key is not None:
        key.store(c, (pw, ph), whole=True)  # the key sheet shows all of it
    index_scale = None
    if len(sheets) > 1:
        flaps = [(s.x_mm + s.width_mm, s.y_mm, s.flap_right, s.height_mm) for s in sheets if s.flap_right]
        flaps += [(s.x_mm, s.y_mm + s.height_mm, s.width_mm, s.flap_bottom) for s in sheets if s.flap_bottom]
        how = (f"Index, not to scale. Page 2 is the key (title and legend); pages {first_tile}\u2013{total} are the map, "
               f"at 100 %. Every sheet holds whole {'squares' if squares else _country_parts(sheets[0].parts)}: trim a sheet's left and top "
               "edges on the line at the crop marks "
               "and glue it over the shaded flap of the sheet to its left or above.")
        layout = (f"The map is {len(sheets)} sheets of {paper.label()}: {cols} columns x {rows} rows, numbered row by row "
                  "from the top left. Only the shaded flaps are printed twice.")
        index_scale = index_page(c, pages, source, sheets, flaps, (how, layout), title, total, first_tile)
    if key is not None:
        _key_page(c, pages, key, first_tile - 1, total)
    for n, sheet in enumerate(sheets, start=first_tile):
        _tile_page(c, pages, source, sheet, cols, rows, n, total, squares)
    c.save()
    return buf.getvalue(), PdfReport(Path(), total, (cols, rows), 1.0, index_scale, (source.width / mm, source.height / mm))


def _key_page(c: Canvas, pages: _Pages, key: _Source, n: int, total: int) -> None:
    """The title and legend at 100 %, centred in the printable area."""
    x = pages.left + (pages.right - pages.left - key.width) / 2
    y = pages.bottom + (pages.top - pages.bottom - key.height) / 2
    c.saveState()
    _clip_rect(c, pages.left, pages.bottom, pages.right - pages.left, pages.top - pages.bottom)
    key.show(c, x, y)
    c.restoreState()
    pages.furniture(f"mapgen \u2014 page {n} of {total} \u2014 key: title and legend \u2014 print at 100 % (no 'fit to page')")
    show_page(c, f"Page {n}: key (title and legend)")


def _tile_page(c: Canvas, pages: _Pages, source: _Source, sheet: Sheet, cols: int, rows: int, n: int, total: int,
               squares: bool) -> None:
    mm = PT_PER_MM
    w, h = sheet.width_mm * mm, sheet.height_mm * mm
    fr, fb = sheet.flap_right * mm, sheet.flap_bottom * mm
    left = pages.left + (pages.right - pages.left - w - fr) / 2  # centred: the sheets need no common edge
    top = pages.top - (pages.top - pages.bottom - h - fb) / 2
    window = replace(sheet, width_mm=sheet.width_mm + sheet.flap_right, height_mm=sheet.height_mm + sheet.flap_bottom)
    c.saveState()
    _clip_rect(c, left, top - h - fb, w + fr, h + fb)
    ox, oy = left - sheet.x_mm * mm, top - (source.height / mm - sheet.y_mm) * mm
    source.show(c, ox, oy, window=window)
    # The flaps: shaded, with the neighbour's number, and the line the neighbour's edge goes on.
    c.setFillColorRGB(*pages.inks.sheets, alpha=0.16)
    # A flap shows the neighbour's squares: its shading stops at the map's frame, never over the row numbers,
    # the column letters or the territory bands beside the grid.
    fx0, fy0, fx1, fy1 = sheet.frame or (sheet.x_mm, sheet.y_mm, sheet.x_mm + window.width_mm, sheet.y_mm + window.height_mm)
    x_lo, x_hi = left + (max(fx0, sheet.x_mm) - sheet.x_mm) * mm, left + (min(fx1, sheet.x_mm + window.width_mm) - sheet.x_mm) * mm
    y_hi, y_lo = top - (max(fy0, sheet.y_mm) - sheet.y_mm) * mm, top - (min(fy1, sheet.y_mm + window.height_mm) - sheet.y_mm) * mm
    flaps = []
    if fr:
        flaps.append((left + w, y_lo, fr, y_hi - y_lo, n + 1, "v"))
    if fb:
        flaps.append((x_lo, top - h - fb, min(left + w, x_hi) - x_lo, fb, n + cols, "h"))
    for x, y, fw, fh, _, _ in flaps:
        c.rect(x, y, fw, fh, stroke=0, fill=1)
    c.restoreState()
    c.saveState()
    c.setStrokeColorRGB(*pages.inks.sheets)
    c.setLineWidth(0.6)
    c.setDash([3, 2])
    if fr:
        c.line(left + w, top - h - fb, left + w, top)
    if fb:
        c.line(left, top - h, left + w + fr, top - h)
    c.setDash([])
    for x, y, fw, fh, neighbour, kind in flaps:
        span = _clear_span(sheet, top, (y, y + fh)) if kind == "v" else None
        _flap_label(c, x, y, fw, fh, neighbour, kind, pages.inks.sheets, span)
    # Crop marks in the margin at the edges to trim: left (column > 1) and top (row > 1) on the grid line.
    c.setStrokeGray(0)
    c.setLineWidth(0.3)
    gap, crop = CROP_GAP_MM * mm, CROP_MM * mm
    if sheet.column > 1:
        for y in (top, top - h):
            y0, y1 = y + (gap if y == top else -gap), y + (gap + crop if y == top else -gap - crop)
            for a, b in _clear_of_caption(pages, min(y0, y1), max(y0, y1)):
                c.line(left, a, left, b)
    if sheet.row > 1:
        for x in (left, left + w):
            c.line(x + (-gap if x == left else gap), top, x + (-gap - crop if x == left else gap + crop), top)
    c.restoreState()
    trims = [side for side, cut in (("left", sheet.column > 1), ("top", sheet.row > 1)) if cut]
    line = "grid line" if squares else "sheet's line" if sheet.parts == (1, 1) else "cut line"
    trim = f"trim the {' and '.join(trims)} edge{'s' if len(trims) > 1 else ''} on the {line}" if trims else "nothing to trim"
    a, b, r0, r1 = sheet.squares
    pages.furniture(
        f"mapgen \u2014 page {n} of {total} \u2014 row {sheet.row}, column {sheet.column} of {cols}x{rows} \u2014 "
        + (f"squares {square_id(a, r0)}\u2013{square_id(b - 1, r1 - 1)} \u2014 " if squares else "")
        + f"{trim} \u2014 print at 100 %",
        right_note="",
    )
    what = f", squares {square_id(a, r0)}\u2013{square_id(b - 1, r1 - 1)}" if squares else ""
    show_page(c, f"Page {n}: row {sheet.row}, column {sheet.column}{what}")


def _country_parts(parts: tuple[int, int]) -> str:
    """``country sheets``, or the parts each is cut into: ``halves of country sheets``."""
    n = parts[0] * parts[1]
    if n == 1:
        return "country sheets"
    name = {2: "halves", 3: "thirds", 4: "quarters"}.get(n, f"{n}ths")
    return f"{name} of country sheets (each cut {parts[0]} across, {parts[1]} down)"


def _clear_of_caption(pages: _Pages, y0: float, y1: float) -> list[tuple[float, float]]:
    """The parts of a vertical crop mark from ``y0`` to ``y1`` that miss the page caption's line, so a sheet
    reaching the top of the printable area has no mark through the caption's words; parts under 1 mm are dropped."""
    gap = 0.5 * PT_PER_MM
    lo, hi = pages.top_baseline - 0.25 * CAPTION_PT - gap, pages.top_baseline + 0.8 * CAPTION_PT + gap
    parts = [(y0, min(y1, lo)), (max(y0, hi), y1)] if y0 < hi and y1 > lo else [(y0, y1)]
    return [(a, b) for a, b in parts if b - a >= 1.0 * PT_PER_MM]


#: A right flap shows the neighbour's first column; each of its squares has its name written in its top
#: corner, by the cut line.  The flap's words keep off this share of each row's height, at its top (a
#: campaign map's id and the room round it: 7.5 mm of a 50 mm square, fw_style.ID_ZONE).
FLAP_CLEAR_OF_ROW_TOP = 0.2
#: The flap's words, longest first: the shortest that fits the room is taken, never a word cut short.
FLAP_WORDS = ("glue flap: sheet {n} goes over this", "sheet {n} goes over this", "under sheet {n}")


def _clear_span(sheet: Sheet, top: float, flap: tuple[float, float]) -> tuple[float, float] | None:
    """The longest stretch (page points, low to high) of a right flap within one row of squares and below
    the corner where that row's square names are written; None when the sheet knows no rows."""
    mm = PT_PER_MM
    best = None
    for a, b in zip(sheet.row_lines, sheet.row_lines[1:]):
        high = min(top - (a + FLAP_CLEAR_OF_ROW_TOP * (b - a) - sheet.y_mm) * mm, flap[1])
        low = max(top - (b - sheet.y_mm) * mm, flap[0])
        if high > low and (best is None or high - low > best[1] - best[0]):
            best = (low, high)
    return best


def _flap_label(c: Canvas, x: float, y: float, w: float, h: float, neighbour: int, kind: str,
                ink: tuple[float, float, float], span: tuple[float, float] | None = None) -> None:
    """The flap's words (turned up a right flap) on a white plate: the flap shows the neighbour's squares,
    whose names and symbols would otherwise run through the words; the plate hides only what the
    neighbour's sheet covers once glued.  ``span``: where along a right flap the words may stand (page
    points, low to high), else its middle."""
    size = 7.0
    pad = 0.35 * size
    c.saveState()
    c.setFont(fonts.pdf_font(), size)
    # Set against the flap's outer edge, away from its cut line, and on a right flap within one row, below
    # its corner: the neighbour's square ids stand in the squares' corners just past the cut line.
    if kind == "v":
        low, high = span or (y + 2, y + h - 2)
        c.translate(x + w - pad - 0.3 * size, (low + high) / 2)
        c.rotate(90)
        cx, base, room = 0.0, 0.0, high - low - 2 * pad
    else:
        cx, base, room = x + w / 2, y + pad + 0.3 * size, w - 4
    words = next((t.format(n=neighbour) for t in FLAP_WORDS if fonts.width(t.format(n=neighbour), size) <= room),
                 _fit_text(FLAP_WORDS[-1].format(n=neighbour), size, room))
    tw = fonts.width(words, size)
    c.setFillGray(1)
    c.rect(cx - tw / 2 - pad, base - 0.3 * size, tw + 2 * pad, 1.3 * size, stroke=0, fill=1)
    c.setFillColorRGB(*ink)
    c.drawCentredString(cx, base, words)
    c.restoreState()
