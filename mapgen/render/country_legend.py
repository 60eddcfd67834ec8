"""The country map's cartouche and legend: the places and their taxes, roads and borders, compass and scale, and the countries' summary.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING


from ..country.model import CountryMap
from ..country.rules import NODE_KINDS, ROAD_MM, TAX, WALLS
from ..sides import rc_seat_style

from .svgbounds import element_box
from .svgdoc import fmt
from .templates import el as _el, load_style_sheet
from .templates import Block as _Block
from .country_style import ORIENTED, _arrowhead, _dash, _place_symbol, _text, load_country_symbols
from .text import text_width, wrap_text

if TYPE_CHECKING:
    from .country import CountryLayout

# --------------------------------------------------------------------------
# legend blocks
# --------------------------------------------------------------------------


#: What the legend says of each kind besides walls and tax (RC-A.3, RC-A.35, RC-1.7).
_KIND_NOTE = {
    "capital": "a walled city (RC-A.3)",
    "fortress": "fortified",
    "walled_village": "walled; taxed as a village (RC-A.35)",
    "border": "a road ends at the border",
    "crossing": "a road leads on abroad, or off the map (RC-1.7)",
}


#: A no-break space: :func:`.text.wrap_text` never breaks a line there.
NBSP = "\u00a0"


#: Clear space between the symbols of two legend rows, mm.  A row grows to its symbol (the city's is 9.2 mm with
#: its strokes, the row 8.2) up to SYMBOL_ROW_MAX; a taller symbol (the capital's, 11.5 mm) is scaled into that:
#: rows as tall as the capital would push the legend of the default one-country map into a second column, and
#: the map onto three A3 sheets instead of one.
SYMBOL_GAP = 1.0
SYMBOL_ROW_MAX = 10.2


def _symbol_height(kind: str) -> float:
    """How tall a place's symbol is drawn, strokes included, centred on its row: twice its reach up or down."""
    x0, y0, x1, y1 = element_box(_place_symbol(ET.Element("g"), kind, 0.0, 0.0))
    return 2 * max(-y0, y1)


def _kind_words(kind: str) -> tuple[str, str]:
    """Legend name and the walls-and-tax line of a node kind, from the rule tables."""
    walls = "walled" if WALLS[kind] else "no walls"
    tax = f"{TAX[kind]} ducats a year" if TAX[kind] else "no tax"
    return load_country_symbols()[kind].label, f"{_KIND_NOTE.get(kind, walls)} \u2014 {tax}"


def _title_lines(cm: CountryMap) -> tuple[str, list[str]]:
    n = len(cm.countries)
    neutrals = sum(c.neutral for c in cm.countries)
    title = cm.countries[0].name if n == 1 else "The Italian Wars"
    players = n - neutrals  # counted as the player asked for them (--countries, --neutrals): "3 and 1", not "4, 1"
    what = f"{players} {'country' if players == 1 else 'countries'}" + (f" and {neutrals} neutral" if neutrals else "")
    cols, rows = cm.grid
    # No-break spaces (NBSP) hold a number to its unit, and a size together, when the line is wrapped.
    sheets = f"{cols}{NBSP}\u00d7{NBSP}{rows} sheets" if cols * rows > 1 else "one sheet"
    return title, [
        "Renaissance campaign map (Il Gran Capitano, RC-1)",
        f"{what} on {sheets} of {fmt(cm.sheet_mm[0])}{NBSP}\u00d7{NBSP}{fmt(cm.sheet_mm[1])}{NBSP}mm",
        f"Seed {cm.seed} \u2014 print at 100{NBSP}%",
    ]


def _legend_blocks(cm: CountryMap, width: float) -> list[_Block]:
    """The title block and the legend as rows, each drawn at (x, y) in a column ``width`` wide."""
    style = load_style_sheet("country")
    ls = style["layout"]
    hs, ts, ns, row, sw = ls["heading_size"], ls["text_size"], ls["note_size"], ls["row"], ls["swatch"]
    ink, muted = style["ink"], style["muted_ink"]
    blocks: list[_Block] = []

    # -- title cartouche ----------------------------------------------------
    title, sub = _title_lines(cm)
    tsize = ls["title_size"]
    while tsize > 3.5 and text_width(title, tsize, serif=True, bold=True) > width - 8:
        tsize *= 0.92
    ssize = ls["subtitle_size"]  # shrunk a little for the widest line, then wrapped if still too wide
    widest = max(text_width(t, ssize, serif=True, italic=i == 0) for i, t in enumerate(sub))
    ssize *= max(0.8, min(1.0, (width - 8) / widest))
    sub = [(part, i == 0) for i, t in enumerate(sub) for part in wrap_text(t, width - 8, ssize, serif=True, italic=i == 0)]
    title_h = 5 + tsize * 1.05 + len(sub) * ssize * 1.45 + 3

    def cartouche(p, x, y, w):
        h = title_h - 3
        _el(p, "rect", x=x, y=y, width=w, height=h, fill="#fbf6ea", stroke=ink, stroke_width=0.6)
        _el(p, "rect", x=x + 1.2, y=y + 1.2, width=w - 2.4, height=h - 2.4, fill="none", stroke=ink, stroke_width=0.25)
        cy = y + 3.2 + tsize * 0.95
        _text(p, x + w / 2, cy, title, tsize, anchor="middle", serif=True, bold=True)
        for i, (line, first) in enumerate(sub):
            _text(p, x + w / 2, cy + (i + 1) * ssize * 1.45, line, ssize, anchor="middle", serif=True,
                  italic=first, fill=ink if first else muted)

    blocks.append(_Block(title_h, cartouche))

    def heading(text):
        def draw(p, x, y, w):
            size = hs
            while size > 2.5 and text_width(text, size, serif=True, bold=True) > w:
                size *= 0.95
            _text(p, x, y + hs * 1.25, text, size, serif=True, bold=True)
            _el(p, "line", x1=x, y1=y + hs * 1.6, x2=x + w, y2=y + hs * 1.6, stroke=ink, stroke_width=0.3)

        blocks.append(_Block(hs * 2.2, draw, heading=True))

    def entry(swatch, name, note, tall=0.0):
        """A legend row as tall as its words and its swatch (``tall`` mm, centred, :data:`SYMBOL_GAP` to spare)."""
        lines = wrap_text(note, width - sw - 2, ns)
        text_h = ts * 1.15 + len(lines) * ns * 1.15
        h = max(row, text_h + 1.6, min(tall + SYMBOL_GAP, SYMBOL_ROW_MAX))
        scale = min(1.0, (h - SYMBOL_GAP) / tall) if tall else 1.0

        def draw(p, x, y, w):
            swatch(p, x + sw / 2, y + h / 2, *((scale,) if tall else ()))
            tx = x + sw + 2
            top = y + h / 2 - text_h / 2
            _text(p, tx, top + ts * 0.9, name, ts, bold=True)
            for i, line in enumerate(lines):
                _text(p, tx, top + ts * 1.15 + (i + 0.85) * ns * 1.15, line, ns, fill=muted)

        blocks.append(_Block(h, draw))

    def symbol_swatch(kind, road=False):
        def draw(p, cx, cy, scale=1.0):
            if road:  # border and crossing points end a road: show the road
                r = style["road"]
                _el(p, "line", x1=cx - sw / 2 + 0.5, y1=cy, x2=cx, y2=cy, stroke=r["color"], stroke_width=r["width"])
            _place_symbol(p, kind, cx, cy, scale=scale)

        return draw

    heading("Places (RC-1.1) and yearly tax (RC-3.2)")
    for kind in NODE_KINDS:
        name, note = _kind_words(kind)
        entry(symbol_swatch(kind, road=kind in ORIENTED), name, note, _symbol_height(kind))

    heading("Roads and borders")
    r, x, b = style["road"], style["crossing"], style["border"]

    def line_swatch(layers):
        def draw(p, cx, cy):
            for color, w, dash in layers:
                _el(p, "line", x1=cx - sw / 2, y1=cy, x2=cx + sw / 2, y2=cy, stroke=color, stroke_width=w,
                    stroke_dasharray=dash)

        return draw

    def link_swatch(p, cx, cy):
        line_swatch([(x["casing"], x["casing_width"], None), (x["color"], x["width"], _dash(x["dash"]))])(p, cx, cy)
        _place_symbol(p, "gate", cx, cy)

    def border_swatch(p, cx, cy):
        tint = rc_seat_style(0).tint
        _el(p, "rect", x=cx - sw / 2, y=cy - sw * 0.38, width=sw, height=sw * 0.38, fill=tint, stroke="none")
        line_swatch([(b["halo"], b["halo_width"], None), (b["color"], b["width"], _dash(b["dash"]))])(p, cx, cy)

    entry(line_swatch([(r["casing"], r["casing_width"], None), (r["color"], r["width"], None)]), "Road",
          f"about {fmt(ROAD_MM / 10)} cm a stretch (RC-1.6); one step from node to node")
    # what the map holds: a lone country has exits but no crossings (and its legend must fit beside it)
    links = any(d["crossing"] for *_e, d in cm.graph.edges(data=True))
    if links or not cm.exits:
        entry(link_swatch, "Border crossing",
              "joins crossing points of neighbouring countries; the barrier marks the frontier (RC-1.7)")

    def exit_swatch(p, cx, cy):
        line_swatch([(x["casing"], x["casing_width"], None), (x["color"], x["width"], _dash(x["dash"]))])(p, cx, cy)
        _arrowhead(p, (cx + sw / 2, cy), 0.0, x)

    abstract = cm.topology == "abstract"
    if cm.exits:
        entry(exit_swatch, "Exit off the map", "a crossing point's way to every other country (RC-1.7, RC-A.5)" if abstract
              else "a crossing point's way to a country added later (RC-1.7)")
    entry(border_swatch, "Country border",
          "joins the border points (RC-1.5 step 5); neutral lands are grey and hatched")

    heading("Compass and scale")
    ch = 28.0

    def compass_scale(p, x0, y0, w):
        cx, cy = x0 + 12, y0 + 15.5
        _place_symbol(p, "compass", cx, cy)
        _text(p, cx, cy - 10.8, "N", 3.4, anchor="middle", serif=True, bold=True)
        # a true-scale road above a 3 cm bar
        bx = x0 + 30
        _el(p, "line", x1=bx, y1=y0 + 7, x2=bx + ROAD_MM, y2=y0 + 7, stroke=r["casing"], stroke_width=r["casing_width"])
        _el(p, "line", x1=bx, y1=y0 + 7, x2=bx + ROAD_MM, y2=y0 + 7, stroke=r["color"], stroke_width=r["width"])
        _place_symbol(p, "village", bx, y0 + 7, scale=0.8)
        _place_symbol(p, "village", bx + ROAD_MM, y0 + 7, scale=0.8)
        _text(p, bx + ROAD_MM + 3, y0 + 8, "one road", ns, fill=muted)
        seg = ROAD_MM / 3
        for i in range(3):
            _el(p, "rect", x=bx + i * seg, y=y0 + 12, width=seg, height=1.6, fill=ink if i % 2 == 0 else "#ffffff",
                stroke=ink, stroke_width=0.25)
            _text(p, bx + i * seg, y0 + 17, f"{i}", ns, anchor="middle")
        _text(p, bx + ROAD_MM, y0 + 17, f"{fmt(ROAD_MM / 10)} cm", ns, anchor="middle")
        _text(p, bx, y0 + 22, "True scale: print at 100 %, not 'fit to page'.", ns, fill=muted)

    blocks.append(_Block(ch, compass_scale))

    heading("Countries: settlements and yearly tax (RC-3.2)")
    blocks.append(_summary_block(cm, width))
    notes = [f"Seed {cm.seed}. Places show their ids, as typed (A-1)."]
    if abstract:  # RC-1.7, RC-A.5: all to all cannot be drawn as lines; say it where the lines are explained
        notes.append("Abstract joining (RC-1.7, RC-A.5): every crossing point is one step from every crossing point "
                     "of every other country, whether a line is drawn between them or not.")
    for text in notes:
        lines = wrap_text(text, width, ns)
        blocks.append(_Block(len(lines) * ns * 1.3 + 1.5, lambda p, x, y, w, lines=lines: [
            _text(p, x, y + (i + 1) * ns * 1.3, line, ns, fill=muted) for i, line in enumerate(lines)]))
    return blocks


def _summary_block(cm: CountryMap, width: float) -> _Block:
    """One row per country: the count of each kind of node (symbols as column heads) and its income."""
    style = load_style_sheet("country")
    ls = style["layout"]
    ts, tr = ls["text_size"] * 0.92, ls["table_row"]
    ink, muted = style["ink"], style["muted_ink"]
    summary = cm.summary()
    col_w = 6.4
    money_w = 13.0
    counts_x = width - money_w - col_w * len(NODE_KINDS)
    head_h = 7.5
    name_w = counts_x - 1.5
    rows = []
    for s in summary:
        name = f"{s['country']}  {s['name']}" + (" (neutral)" if s["neutral"] else "")
        rows.append((s, wrap_text(name, name_w, ts) or [""]))
    total = len(summary) > 1
    height = head_h + sum(len(lines) * tr for _s, lines in rows) + (tr + 1 if total else 0) + 2

    def draw(p, x, y, w):
        symbols = load_country_symbols()
        for i, kind in enumerate(NODE_KINDS):
            cx = x + counts_x + (i + 0.5) * col_w
            scale = min(1.0, 2.6 / symbols[kind].radius)
            _place_symbol(p, kind, cx, y + 3.2, scale=scale)
        _text(p, x, y + 5, "Country", ts, bold=True)
        _text(p, x + w, y + 5, "ducats", ts, bold=True, anchor="end")
        _el(p, "line", x1=x, y1=y + head_h - 0.8, x2=x + w, y2=y + head_h - 0.8, stroke=ink, stroke_width=0.25)

        def counts(base, values, income, bold=False):
            for i, n in enumerate(values):
                _text(p, x + counts_x + (i + 0.5) * col_w, base, str(n) if n else "\u2013", ts, anchor="middle",
                      bold=bold, fill=ink if n else muted)
            _text(p, x + w - 0.5, base, str(income), ts, anchor="end", bold=True)

        yy = y + head_h
        for j, (s, lines) in enumerate(rows):
            h = len(lines) * tr
            if j % 2 == 1:
                _el(p, "rect", x=x, y=yy, width=w, height=h, fill="#ece3cc", stroke="none")
            for i, line in enumerate(lines):
                _text(p, x + 0.5 + (2.0 if i else 0.0), yy + (i + 0.75) * tr, line, ts)
            counts(yy + 0.75 * tr, [s["counts"].get(k, 0) for k in NODE_KINDS], s["income"])
            yy += h
        if total:
            _el(p, "line", x1=x, y1=yy + 0.4, x2=x + w, y2=yy + 0.4, stroke=ink, stroke_width=0.25)
            _text(p, x + 0.5, yy + tr * 0.85 + 0.6, "All countries", ts, bold=True)
            counts(yy + tr * 0.85 + 0.6, [sum(s["counts"].get(k, 0) for s in summary) for k in NODE_KINDS],
                   sum(s["income"] for s in summary), bold=True)

    return _Block(height, draw)




def _draw_legend(root, lay: CountryLayout, blocks: list[_Block]):
    gap = load_style_sheet("country")["layout"]["gap"]
    for k, (start, end) in enumerate(lay.legend_columns):
        x = lay.legend_x + k * (lay.column_w + gap)
        y = lay.legend_y
        for blk in blocks[start:end]:
            blk.draw(root, x, y, lay.column_w)
            y += blk.height
