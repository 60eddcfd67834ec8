"""The campaign map as it stands: the printed map with the force counters on it (``status --svg``).

The map is drawn by :func:`~mapgen.render.fw_map.render_fw_map` unchanged and
the campaign goes on top in its own layers, so the picture a player gets is
the one printed on the table with the counters put down.  Each force is a
counter in its side's colour (FW-1.1: red A, blue B) with its id and its
order or reaction; the enemy's zones of control (FW-9.7) are shaded, because
entering one stops a move; a holding that changed hands carries the
captor's colour; a square waiting for a battle is ringed.  With a side
given, the drawing shows only what that side may know (its view).
"""

from __future__ import annotations

from ..campaign.state import CampaignState, other
from ..campaign.view import side_view
from ..counters import rules as R
from ..fw.model import FwMap
from . import fonts
from .fw_map import fw_map_layout, render_fw_map
from .svgdoc import SvgDoc

#: Side -> its counter colours (FW-1.1: one side red, the other blue).
STYLES = {side: R.STYLE_BY_KEY[key] for side, key in R.FW_SIDES}
#: Order and reaction on a counter, short enough for a 5/8 in counter.
SHORT = {"max_speed": "MAX", "probe": "PRB", "defend": "DEF", "confused": "CNF", "unsteady": "UNS", "shattered": "SHT", "none": "-"}
#: The key to what this layer adds to the printed map's legend.
KEY = (
    "Counters: force id, then MAX max speed, PRB probe, DEF defend, CNF confused, UNS unsteady, SHT shattered (FW-5).",
    "Shaded squares: enemy zones of control (FW-9.7). Dashed ring: a battle to fight (FW-9.8).",
)
COUNTER = 0.46  # counter side, as a fraction of a square
ZOC_OPACITY = 0.3


def _origin(lay, m: FwMap, board, sid: str) -> tuple[float, float]:
    s = board.squares[sid]
    return lay.grid_x + s.col * m.square_mm, lay.grid_y + s.row * m.square_mm


def render_campaign(m: FwMap, state: CampaignState, board, side: str | None = None) -> SvgDoc:
    """The map with zones of control, holdings' owners, pending battles and force counters."""
    doc = render_fw_map(m)
    lay = fw_map_layout(m)
    view = side_view(state, side, board)
    d = doc.drawing
    q = m.square_mm

    zoc = doc.layer("Zones of control")
    shaded_sides = [other(side)] if side is not None else ["A", "B"]
    shaded: set[tuple[str, str]] = set()
    for f in view["forces"]:
        if f["side"] not in shaded_sides:
            continue
        for sid in f["zone_of_control"]:
            if (f["side"], sid) in shaded or sid not in board.squares:
                continue
            shaded.add((f["side"], sid))
            x, y = _origin(lay, m, board, sid)
            color = STYLES[f["side"]].color
            zoc.add(d.rect((x, y), (q, q), fill=color, fill_opacity=ZOC_OPACITY, stroke="none"))
            inset = q * 0.05
            zoc.add(d.rect((x + inset, y + inset), (q - 2 * inset, q - 2 * inset), fill="none", stroke=color,
                           stroke_width=q * 0.025, stroke_dasharray=f"{q * 0.06},{q * 0.04}"))

    marks = doc.layer("Campaign")
    for h in view["holdings"]:
        if h["original_owner"] not in (None, h["owner"]) or h["sacked"]:
            x, y = _origin(lay, m, board, h["square"])
            style = STYLES[h["owner"]]
            marks.add(d.rect((x + q * 0.78, y + q * 0.04), (q * 0.18, q * 0.18), fill=style.color, stroke="#000", stroke_width=0.3))
            if h["sacked"]:
                marks.add(d.text("sacked", insert=(x + q * 0.5, y + q * 0.97), font_size=q * 0.12, text_anchor="middle", fill="#000", font_family=fonts.SANS_FAMILY))
    for c in view["pending"]:
        x, y = _origin(lay, m, board, c["square"])
        marks.add(d.circle((x + q / 2, y + q / 2), q * 0.47, fill="none", stroke="#000", stroke_width=q * 0.04, stroke_dasharray=f"{q * 0.08},{q * 0.05}"))

    counters = doc.layer("Forces")
    by_square: dict[str, list[dict]] = {}
    for f in view["forces"]:
        by_square.setdefault(f["square"], []).append(f)
    size = q * COUNTER
    for sid, forces in by_square.items():
        x0, y0 = _origin(lay, m, board, sid)
        for k, f in enumerate(forces):
            style = STYLES[f["side"]]
            x = x0 + q * 0.08 + k * size * 0.35  # bottom left: the holding's symbol stays visible
            y = y0 + q * 0.92 - size - k * size * 0.35
            counters.add(d.rect((x, y), (size, size), rx=size * 0.08, fill=style.tint, stroke=style.color, stroke_width=size * 0.07))
            counters.add(d.text(f["id"], insert=(x + size / 2, y + size * 0.48), font_size=size * 0.38, font_weight="bold",
                                text_anchor="middle", fill=style.color, font_family=fonts.SANS_FAMILY))
            state = f["reaction"] or f["order"] or "none"
            counters.add(d.text(SHORT.get(state, state[:3].upper()), insert=(x + size / 2, y + size * 0.86), font_size=size * 0.26,
                                text_anchor="middle", fill="#1a1a1a", font_family=fonts.SANS_FAMILY))

    whose = "both sides" if side is None else f"side {side}'s view"
    phase = view["phase"]
    text = f"Day {view['day']}, phase {phase['number']} ({phase['name']}) - {whose}"
    doc.layer("Campaign").add(d.text(text, insert=(lay.grid_x + lay.grid_w, lay.title_y + 4), font_size=6, text_anchor="end", fill="#1a1a1a", font_family=fonts.SANS_FAMILY))
    for n, line in enumerate(KEY):
        doc.layer("Campaign").add(d.text(line, insert=(lay.grid_x + lay.grid_w, lay.title_y + 8.5 + n * 4.2), font_size=3.4, text_anchor="end", fill="#1a1a1a", font_family=fonts.SANS_FAMILY))
    return doc
