"""What a campaign adds on top of the printed map: zones of control, holdings' new owners, battles to fight, force counters.

These layers are the only part of the campaign map that changes from one
command to the next; the map under them is drawn once.  They are built as
plain ``xml.etree`` elements placed by the map's :class:`Frame` (the grid's
corner and width, the title's line), so the atlas can lay them on a map it
drew earlier and kept, without the map's layout, fonts or svgwrite, and
``status --svg`` puts the very same elements on the map it has just drawn.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import NamedTuple

from ..campaign.state import other
from ..counters import rules as R
from .fonts import SANS_FAMILY
from .svgdoc import layer_attrs
from .templates import el

#: Side -> its counter colours (FW-1.1: one side red, the other blue).
STYLES = {side: R.STYLE_BY_KEY[key] for side, key in R.FW_SIDES}
#: Order and reaction on a counter, short enough for a 5/8 in counter.
SHORT = {"max_speed": "MAX", "probe": "PRB", "defend": "DEF", "confused": "CNF", "unsteady": "UNS", "shattered": "SHT", "none": "-"}
#: The key to what these layers add to the printed map's legend.
KEY = (
    "Counters: force id, then MAX max speed, PRB probe, DEF defend, CNF confused, UNS unsteady, SHT shattered (FW-5).",
    "Shaded squares: enemy zones of control (FW-9.7). Dashed ring: a battle to fight (FW-9.8).",
)
COUNTER = 0.46  # counter side, as a fraction of a square
ZOC_OPACITY = 0.3


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


def campaign_layers(frame: Frame, view: dict, board, side: str | None = None) -> list[ET.Element]:
    """The layers, bottom to top: zones of control, the campaign's marks (with the day and the key), the forces.

    ``view`` is what ``side`` may know (:func:`mapgen.campaign.view.side_view`; its log is not read).
    """
    q = frame.square_mm

    def origin(sid: str) -> tuple[float, float]:
        s = board.squares[sid]
        return frame.grid_x + s.col * q, frame.grid_y + s.row * q

    zoc = _layer("Zones of control")
    shaded_sides = [other(side)] if side is not None else ["A", "B"]
    shaded: set[tuple[str, str]] = set()
    for f in view["forces"]:
        if f["side"] not in shaded_sides:
            continue
        for sid in f["zone_of_control"]:
            if (f["side"], sid) in shaded or sid not in board.squares:
                continue
            shaded.add((f["side"], sid))
            x, y = origin(sid)
            color = STYLES[f["side"]].color
            el(zoc, "rect", x=x, y=y, width=q, height=q, fill=color, fill_opacity=ZOC_OPACITY, stroke="none")
            inset = q * 0.05
            el(zoc, "rect", x=x + inset, y=y + inset, width=q - 2 * inset, height=q - 2 * inset, fill="none", stroke=color,
               stroke_width=q * 0.025, stroke_dasharray=f"{q * 0.06},{q * 0.04}")

    marks = _layer("Campaign")
    for h in view["holdings"]:
        if h["original_owner"] not in (None, h["owner"]) or h["sacked"]:
            x, y = origin(h["square"])
            style = STYLES[h["owner"]]
            el(marks, "rect", x=x + q * 0.78, y=y + q * 0.04, width=q * 0.18, height=q * 0.18, fill=style.color, stroke="#000", stroke_width=0.3)
            if h["sacked"]:
                _text(marks, "sacked", x + q * 0.5, y + q * 0.97, q * 0.12, "#000")
    for c in view["pending"]:
        x, y = origin(c["square"])
        el(marks, "circle", cx=x + q / 2, cy=y + q / 2, r=q * 0.47, fill="none", stroke="#000", stroke_width=q * 0.04,
           stroke_dasharray=f"{q * 0.08},{q * 0.05}")

    counters = _layer("Forces")
    by_square: dict[str, list[dict]] = {}
    for f in view["forces"]:
        by_square.setdefault(f["square"], []).append(f)
    size = q * COUNTER
    for sid, forces in by_square.items():
        x0, y0 = origin(sid)
        for k, f in enumerate(forces):
            style = STYLES[f["side"]]
            x = x0 + q * 0.08 + k * size * 0.35  # bottom left: the holding's symbol stays visible
            y = y0 + q * 0.92 - size - k * size * 0.35
            el(counters, "rect", x=x, y=y, width=size, height=size, rx=size * 0.08, fill=style.tint, stroke=style.color, stroke_width=size * 0.07)
            _text(counters, f["id"], x + size / 2, y + size * 0.48, size * 0.38, style.color, bold=True)
            state_now = f["reaction"] or f["order"] or "none"
            _text(counters, SHORT.get(state_now, state_now[:3].upper()), x + size / 2, y + size * 0.86, size * 0.26, "#1a1a1a")

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
