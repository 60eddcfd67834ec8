"""The Napoleonic battle for people: the board as a status picture, and the areas by the names the commands take.

Named by the rule set (``RULESET.presenter``); made from the seat's view
alone (:func:`mapgen.napoleonic.view.side_view`), so a side's picture never
shows the other's secret deployment.  A battle writes no battle folders.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from ..napoleonic.board import AREAS
from ..napoleonic.view import side_view

#: The board's boxes from top to bottom as side A sees it across the table: B's boxes, B's line, the central zone, A's.
ROWS = (("b-retreat",), ("b-reserve",), ("b-right", "b-centre", "b-left"), ("mid-0", "mid-1", "mid-2"),
        ("a-left", "a-centre", "a-right"), ("a-reserve",), ("a-retreat",))
BOX_W, BOX_H, GAP = 220, 96, 8
COLOURS = {"A": "#1f4e9c", "B": "#a32020"}


def new_outputs(folder: Path, state) -> list[str]:
    return []


def write_outputs(folder: Path, state, board) -> list[Path]:
    return []


def output_lines(folder: Path, state) -> list[str]:
    return []


def place_lines(folder: Path, state, board, seat: str | None) -> list[str]:
    """The areas as the commands name them, with the box each prints as."""
    return [f"Areas: {' '.join(AREAS)}"]


def status_svg(folder: Path, state, board, seat: str | None) -> str:
    """The board with each area's units (as ``seat`` may know them) as plain SVG text."""
    view = side_view(state, seat, board)
    width = 3 * BOX_W + 4 * GAP
    height = len(ROWS) * (BOX_H + GAP) + GAP + 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'font-family="sans-serif" font-size="12">',
           f'<text x="{GAP}" y="20" font-size="14">{escape(_title(view))}</text>',
           f'<text x="{width - GAP}" y="20" text-anchor="end">A blue, B red; gold outline: in square</text>']
    for r, names in enumerate(ROWS):
        y = 30 + GAP + r * (BOX_H + GAP)
        w = BOX_W if len(names) == 3 else 3 * BOX_W + 2 * GAP
        for c, name in enumerate(names):
            x = GAP + c * (BOX_W + GAP)
            area = AREAS[name]
            out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{BOX_H}" fill="{"#f4f0e6" if area.kind != "mid" else "#e9efe4"}" '
                       f'stroke="#333"/>')
            out.append(f'<text x="{x + 6}" y="{y + 15}" font-weight="bold">{escape(area.label)} ({escape(name)})</text>')
            here = [u for u in view["units"] if u["area"] == name]
            for i, u in enumerate(here[:12]):
                ux, uy = x + 6 + (i % 6) * 34, y + 26 + (i // 6) * 32
                square = ' stroke="#e0a800" stroke-width="3"' if u["in_square"] else ""  # NAP-10: the piece turned sideways
                out.append(f'<rect x="{ux}" y="{uy}" width="30" height="26" fill="{COLOURS[u["side"]]}" rx="3"{square}/>')
                out.append(f'<text x="{ux + 15}" y="{uy + 17}" fill="white" text-anchor="middle">{escape(u["id"])}</text>')
            if len(here) > 12:
                out.append(f'<text x="{x + 6}" y="{y + BOX_H - 4}">+{len(here) - 12} more</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _title(view: dict) -> str:
    if view["result"]:
        return f"Side {view['result']['winner']} won: {view['result']['reason']}"
    if view["stage"] == "deployment":
        return "Deployment, in secret (NAP-2.1)"
    return f"Turn {view['turn']}, {view['phase']} phase, side {view['acting']} acts"


def action_place(state, action) -> str | None:
    """The area of the unit a ``move`` action moves."""
    if action.command != "move":
        return None
    u = state.unit(action.args.get("unit", ""))
    return u.area if u else None


def report_rows(view: dict, action) -> dict | None:
    return None
