"""The Napoleonic battle's status picture: the board's boxes with each area's units, as plain SVG text.

Drawn from a seat's view (:func:`mapgen.napoleonic.view.side_view`) alone, so
a side's picture never shows the other's secret deployment.  The presenter
(``status --svg``) and the atlas page (with a layer of places to point at)
both draw it from here; :func:`box_marks` says where each area's box is.

A side sees the board from its own edge of the table, as a player sits at
it: its own line nearest the viewer (at the bottom), its left on the left.
Side B's picture is side A's turned round; the referee's is side A's.  The
areas keep their names (``b-left`` is B's left wherever it is drawn).
"""

from __future__ import annotations

from html import escape

from ..napoleonic.board import AREAS
from ..sides import fw_side_style

#: The board's boxes from top to bottom as side A sees it across the table: B's boxes, B's line, the central zone, A's.
ROWS_A = (("b-retreat",), ("b-reserve",), ("b-right", "b-centre", "b-left"), ("mid-0", "mid-1", "mid-2"),
          ("a-left", "a-centre", "a-right"), ("a-reserve",), ("a-retreat",))
#: What each side sees from its own edge of the table: B's is A's turned round (its line at the bottom, its left on the left).
ROWS = {"A": ROWS_A, "B": tuple(tuple(reversed(row)) for row in reversed(ROWS_A))}
BOX_W, BOX_H, GAP, TOP = 220, 96, 8, 30
#: The sides as on every other mapgen drawing, the printed NAP board and the counters included (FW-1.1: A red, B blue).
COLOURS = {side: fw_side_style(side).color for side in ("A", "B")}
#: Counters shown in one box before "+N more".
SHOWN = 12


def facing(seat: str | None) -> str:
    """The side whose edge of the table the picture is drawn from: the seat's own; the referee sits on A's."""
    return "B" if seat == "B" else "A"


def boxes(seat: str | None = None) -> dict[str, tuple[float, float, float, float]]:
    """Each area's box (x, y, width, height) as ``seat`` sees the board."""
    out = {}
    for r, names in enumerate(ROWS[facing(seat)]):
        y = TOP + GAP + r * (BOX_H + GAP)
        w = BOX_W if len(names) == 3 else 3 * BOX_W + 2 * GAP
        for c, name in enumerate(names):
            out[name] = (GAP + c * (BOX_W + GAP), y, w, BOX_H)
    return out


#: Where the atlas's place to point at sits in a box: at its right end, clear of the first four counters and the label.
MARK_INSET = 40
MARK_RADIUS = 34


def box_marks(seat: str | None = None) -> dict[str, tuple[float, float]]:
    """Each area's place to point at (the atlas's and the server's map): the right end of its box, in the drawing's units."""
    return {name: (x + w - MARK_INSET, y + h / 2 + 8) for name, (x, y, w, h) in boxes(seat).items()}


def title(view: dict) -> str:
    if view["result"]:
        return f"Side {view['result']['winner']} won: {view['result']['reason']}"
    if view["stage"] == "deployment":
        return "Deployment, in secret (NAP-2.1)"
    return f"Turn {view['turn']}, {view['phase']} phase, side {view['acting']} acts"


def board_svg(view: dict, seat: str | None = None) -> str:
    """The board with each area's units as the view (``seat``'s) knows them, from the seat's edge of the table
    (a hidden placement is not drawn)."""
    width = 3 * BOX_W + 4 * GAP
    height = len(ROWS_A) * (BOX_H + GAP) + GAP + TOP
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'font-family="sans-serif" font-size="12">'),
           f'<text x="{GAP}" y="20" font-size="14">{escape(title(view))}</text>',
           f'<text x="{width - GAP}" y="20" text-anchor="end">A red, B blue; gold outline: in square</text>']
    for name, (x, y, w, h) in boxes(seat).items():
        area = AREAS[name]
        out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{"#f4f0e6" if area.kind != "mid" else "#e9efe4"}" '
                   f'stroke="#333"/>')
        out.append(f'<text x="{x + 6}" y="{y + 15}" font-weight="bold">{escape(area.label)} ({escape(name)})</text>')
        here = [u for u in view["units"] if u["area"] == name]
        for i, u in enumerate(here[:SHOWN]):
            ux, uy = x + 6 + (i % 6) * 34, y + 26 + (i // 6) * 32
            square = ' stroke="#e0a800" stroke-width="3"' if u["in_square"] else ""  # NAP-10: the piece turned sideways
            out.append(f'<rect x="{ux}" y="{uy}" width="30" height="26" fill="{COLOURS[u["side"]]}" rx="3"{square}/>')
            out.append(f'<text x="{ux + 15}" y="{uy + 17}" fill="white" text-anchor="middle">{escape(u["id"])}</text>')
        if len(here) > SHOWN:
            out.append(f'<text x="{x + 6}" y="{y + h - 4}">+{len(here) - SHOWN} more</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
