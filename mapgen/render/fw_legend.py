"""The campaign map's title and legend: only what is on this map, each entry with its rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..fw.model import FwMap
from ..fw.rules import (
    CLIMATE,
    OPTIONAL_OVERLAYS,
    REGION,
    RIVER_MOVEMENT,
    ROAD_MOVEMENT,
    SEASON_TEMPERATE,
    SEASON_TORRID,
    TERRAIN,
)
from ..sides import emblem_word
from .fw_rivers import path_d, ribbon
from .fw_water import CRAFT_WORDS, OBSTACLE_SYMBOLS, OBSTACLE_WORDS, PORT_SYMBOL, PORT_WORDS, REEFS_SYMBOL, REEFS_WORDS
from .fw_water import mark_swatch, stretch_swatch, watercraft_legend
from .svgdoc import fmt
from .templates import el as _el
from .templates import Block as _Block
from .fw_style import (
    BOX,
    KM_PER_SQUARE,
    _band_label,
    _feature_label,
    _feature_symbol,
    _kind,
    _place,
    _side_words,
    _signed,
    _symbol_elements,
    _text,
    load_style,
    place_capital,
)
from .fw_terrain import _hatch
from .text import text_width, wrap_text

#: Holds a subtitle's part together when it wraps (:data:`.text.NO_BREAK_SPACES`).
NBSP = "\u00a0"

if TYPE_CHECKING:
    from .fw_layout import FwMapLayout


TITLE = "Fantasy Warriors \u2014 campaign map"


def _subtitle(m: FwMap) -> str:
    """The line under the title; it breaks only between its parts, or between the two sides (no-break spaces
    hold the rest together: "21 / x 14 squares" cut a size in two), the dot ending the line it closes."""
    sides = [f"Side {s.id}: {_side_words(s)}".replace(" ", NBSP) for s in m.sides]
    parts = [" against ".join(sides)] if sides else []
    season = _band_label([SEASON_TEMPERATE, SEASON_TORRID], m.climate.season).lower()
    parts.append(f"{_band_label([CLIMATE], m.climate.zone)} zone, {season}")
    parts.append(f"{_band_label([REGION], m.region)} region")
    parts.append(f"{m.width} \u00d7 {m.height} squares")
    parts.append(f"seed {m.seed}")
    return f"{NBSP}\u00b7  ".join(p if i == 0 else p.replace(" ", NBSP) for i, p in enumerate(parts))


def _title_min_width() -> float:
    """The title must fit the drawing, however small the map."""
    ls = load_style()["layout"]
    return text_width(TITLE, ls["title_size"], bold=True) + 2 * ls["pad"]


def _draw_title(root, m: FwMap, lay, style):
    ls = style["layout"]
    x = lay.grid_x - lay.margin
    y = lay.title_y
    _text(root, x, y + ls["title_size"] * 0.9, TITLE, ls["title_size"], bold=True)
    size = ls["subtitle_size"]
    lines = wrap_text(_subtitle(m), lay.width_mm - 2 * x, size)
    while len(lines) > 2 and size > 2:
        size *= 0.9
        lines = wrap_text(_subtitle(m), lay.width_mm - 2 * x, size)
    for i, line in enumerate(line.replace(NBSP, " ") for line in lines[:2]):
        _text(root, x, y + ls["title_size"] * 0.9 + size * 1.7 + i * size * 1.2, line, size, fill=style["muted_ink"])


# --------------------------------------------------------------------------
# legend
# --------------------------------------------------------------------------


def movement_words(value: int, optional: bool, naran: bool | None) -> tuple[str, str]:
    """A FW-9.2 modifier as the key prints it: (the value, a note), for the rules in play.

    ``naran``: whether the campaign plays the optional [NT] movement rows (None: a map on its own, which
    any campaign may play either way).  An [NT] row the campaign leaves out counts 0 and says so.
    """
    if not optional or naran:
        return _signed(value), ""
    if naran is None:
        return _signed(value), "optional [NT] rule (FW-9.2)"
    return _signed(0), f"{_signed(value)} with the optional [NT] rule, not in play"


def _legend_blocks(m: FwMap, used_features: list[str], look: str = "colour", naran: bool | None = None) -> list[_Block]:
    """The legend as a list of rows, each drawn at (x, y) in a column ``width`` wide.

    ``naran`` is whether the campaign plays the optional [NT] movement rows (None: not known, a map alone).
    """
    style = load_style(m, look)
    ls = style["layout"]
    hs, ts_, row, sw = ls["legend_heading_size"], ls["legend_text_size"], ls["legend_row"], ls["legend_swatch"]
    ink, muted = style["ink"], style["muted_ink"]
    terr, rs, ro, tst = style["terrain"], style["river"], style["road"], style["territory"]
    blocks: list[_Block] = []

    def heading(text):
        def draw(p, x, y, w):
            _text(p, x, y + hs * 1.25, text, hs, bold=True)
            _el(p, "line", x1=x, y1=y + hs * 1.6, x2=x + w, y2=y + hs * 1.6, stroke=ink, stroke_width=0.35)

        blocks.append(_Block(hs * 2.3, draw, heading=True))

    def cell(p, x, y, swatch, text, note="", value="", w=0.0, swatch_w=sw, note_lines=None):
        swatch(p, x, y + (row - sw) / 2)
        tx = x + swatch_w + 2.5
        if note:
            lines = note_lines or [note]
            _text(p, tx, y + row / 2 - 0.3, text, ts_, fill=ink)
            for i, line in enumerate(lines):
                _text(p, tx, y + row / 2 + ts_ * 0.95 + i * note_step, line, ts_ * 0.78, fill=muted)
        else:
            _text(p, tx, y + row / 2 + ts_ * 0.35, text, ts_, fill=ink)
        if value:
            _text(p, x + w - 1, y + row / 2 + ts_ * 0.4, value, ts_ * 1.15, anchor="end", bold=True)

    note_step = ts_ * 0.78 * 1.2

    def entry(swatch, text, note="", value="", swatch_w=sw):
        # A note longer than the room left of the value column goes on as many lines as it needs, the row growing
        # (the cursed wasteland's two notes ran over its value).
        room = ls["legend_column_width"] - swatch_w - 2.5 - (text_width(value, ts_ * 1.15, bold=True) + 2.5 if value else 1.0)
        lines = wrap_text(note, room, ts_ * 0.78) if note and text_width(note, ts_ * 0.78) > room else None
        extra = (len(lines) - 1) * note_step if lines else 0.0
        blocks.append(_Block(row + extra, lambda p, x, y, w: cell(p, x, y, swatch, text, note, value, w, swatch_w, lines)))

    def pair(left, right):
        def draw(p, x, y, w):
            cell(p, x, y, *left)
            if right:
                cell(p, x + w / 2, y, *right)

        blocks.append(_Block(row, draw))

    def text_row(text):
        blocks.append(_Block(ts_ * 1.55, lambda p, x, y, w: _text(p, x, y + ts_ * 1.1, text, ts_, fill=ink)))

    def terrain_swatch(t):
        def draw(p, x, y):
            _el(p, "rect", x=x, y=y, width=sw, height=sw, fill=terr[t]["fill"], stroke=ink, stroke_width=0.25)
            _hatch(p, terr[t], x, y, sw, sw, sw / BOX * 2.5)
            g = _el(p, "g", transform=f"translate({fmt(x)},{fmt(y)}) scale({fmt(sw / BOX)})")
            g.extend(_symbol_elements(t, terr[t]["ink"]))

        return draw

    def line_swatch(layers, dash=None):
        def draw(p, x, y):
            for color, width in layers:
                _el(p, "line", x1=x + 1, y1=y + sw / 2, x2=x + sw - 1, y2=y + sw / 2, stroke=color, stroke_width=width,
                    stroke_linecap="butt" if dash else "round", stroke_dasharray=dash)

        return draw

    def crossing_swatch(kind):
        def draw(p, x, y):
            k = sw / 22  # the crossing and its river, shrunk together to the swatch
            for color, width in ((rs["casing"], rs["casing_width"]), (rs["color"], rs["width"])):
                _el(p, "line", x1=x + sw / 2, y1=y, x2=x + sw / 2, y2=y + sw, stroke=color, stroke_width=width * k * 1.3)
            g = _el(p, "g", transform=f"translate({fmt(x + sw / 2)},{fmt(y + sw / 2)}) scale({fmt(k)}) translate(-25,-25)")
            g.extend(_symbol_elements(f"crossing-{kind}", None))

        return draw

    def icon_swatch(symbol):
        def draw(p, x, y):
            lab = style["labels"]
            _el(p, "circle", cx=x + sw / 2, cy=y + sw / 2, r=sw / 2, fill=lab["icon_plate_fill"],
                stroke=lab["icon_plate_stroke"], stroke_width=lab["icon_plate_width"])
            inner = sw * 0.74
            _place(p, symbol, x + (sw - inner) / 2, y + (sw - inner) / 2, inner)

        return draw

    def holdings_swatch(side):
        def draw(p, x, y):
            place_capital(p, x, y, sw, side.color, side.id)
            _text(p, x + sw / 2, y + sw * 0.88, side.id, sw * 0.14, anchor="middle", bold=True)
            _place(p, "holding", x + sw + 1.5, y, sw, side.color)
            _text(p, x + sw * 1.5 + 1.5, y + sw * 0.78, side.id, sw * 0.4, anchor="middle", bold=True, fill=side.color)

        return draw

    # Only what is on this map (issue 11): its terrains, its kinds of line and crossing.
    present = _on_this_map(m)
    heading("Terrain \u2014 movement modifier (FW-2.6)")
    for t, info in TERRAIN.items():
        if t not in terr or t not in present:
            continue
        if info.movement is None:
            entry(terrain_swatch(t), info.label, "water: boats only (FW-20)" if m.ports is None else "water: ships and boats sail it (FW-20.1)")
            continue
        value, optional = movement_words(info.movement, info.optional_movement, naran)
        note = "; ".join(n for n in (f"Force Test {_signed(info.force_test)}" if info.force_test else "", optional) if n)
        if t == "desert" and "wasteland" in present:  # a desert outside the torrid zone is a cursed wasteland (FW-2.2)
            entry(terrain_swatch(t), "Cursed wasteland", "; ".join(n for n in ("a desert outside the torrid zone (FW-2.2)", optional) if n), value)
            continue
        entry(terrain_swatch(t), info.label, note, value)

    heading("Rivers, roads and crossings")
    def river_swatch(p, x, y):
        pts = [(x + 1, y + sw / 2), (x + sw / 2, y + sw / 2), (x + sw - 1, y + sw / 2)]
        outline = ribbon(pts, 1.1, 2.6, sw * 0.12, 2)
        _el(p, "path", d=path_d(outline), fill=rs["color"], stroke=rs["casing"], stroke_width=0.3, stroke_linejoin="round")

    if "river" in present:
        entry(river_swatch, "River along a square edge", "counts in both squares; a bridge cancels it",
              _signed(RIVER_MOVEMENT[1]))
    if "road" in present:
        value, optional = movement_words(ROAD_MOVEMENT[1], "road" in OPTIONAL_OVERLAYS, naran)
        entry(line_swatch([(ro["casing"], ro["casing_width"]), (ro["color"], ro["width"])]), "Road or caravan track", optional, value)
    crossings = [c for c in (("bridge", "Bridge", "cancels the river \u20131"), ("ford", "Ford", "the river \u20131 stays"))
                 if c[0] in present]
    if crossings:
        pair(*[(crossing_swatch(kind), label, note) for kind, label, note in crossings] + [None] * (2 - len(crossings)))
    if "mountain_pass" in used_features:
        cancels = "mountain_pass" not in OPTIONAL_OVERLAYS or naran
        entry(icon_swatch("feature-pass"), "Mountain pass", "cancels the mountain \u20133" if cancels else
              "cancels the mountain \u20133 with the optional [NT] rule" + (", not in play" if naran is False else ""))
    dash = " ".join(fmt(v * 0.6) for v in tst["boundary_dash"])
    entry(line_swatch([(tst["boundary_color"], tst["boundary_width"])], dash), "Territory boundary",
          "between the friendly, neutral and enemy thirds (FW-2.3)")

    water = watercraft_legend(m)
    if water is not None:
        heading("Watercraft (FW-20)")

        for craft in water["crafts"]:
            entry((lambda c: lambda p, x, y: stretch_swatch(p, x, y, sw, c, style))(craft), *CRAFT_WORDS[craft])
        if water["port"]:
            entry(lambda p, x, y: mark_swatch(p, x, y, sw, PORT_SYMBOL, style), *PORT_WORDS)
        if water["reefs"]:
            entry(lambda p, x, y: mark_swatch(p, x, y, sw, REEFS_SYMBOL, style), *REEFS_WORDS)
        marks = [((lambda k: lambda p, x, y: mark_swatch(p, x, y, sw, OBSTACLE_SYMBOLS[k], style))(kind), OBSTACLE_WORDS[kind])
                 for kind in water["obstacles"]]
        if marks:
            text_row("Obstacles on navigable water (FW-20.4):")
        for i in range(0, len(marks), 2):
            pair(marks[i], marks[i + 1] if i + 1 < len(marks) else None)

    heading("Sides and holdings")
    for side in m.sides:
        entry(holdings_swatch(side), f"Side {side.id}: {_side_words(side)}",
              f"capital (filled, {emblem_word(side.id)}) \u00b7 holding (outlined)", swatch_w=2 * sw + 1.5)

    features = [name for name in used_features if name != "mountain_pass"]  # the pass is with the roads
    if features:
        heading("Features on this map")
        for name in features:  # a feature with something to say about it gets a row of its own
            if name in FEATURE_NOTES:
                entry(icon_swatch(_feature_symbol(name)), _feature_label(name), FEATURE_NOTES[name])
        cells = [(icon_swatch(_feature_symbol(name)), _feature_label(name)) for name in features if name not in FEATURE_NOTES]
        for i in range(0, len(cells), 2):
            pair(cells[i], cells[i + 1] if i + 1 < len(cells) else None)

    heading("Campaign")
    c = m.climate
    text_row(f"Climate zone: {_band_label([CLIMATE], c.zone)} (FW-7.2)")
    text_row(f"Season: {_band_label([SEASON_TEMPERATE, SEASON_TORRID], c.season)} (FW-7.3)")
    text_row(f"Precipitation test modifier {_signed(c.precipitation_modifier)}{_kind(c.precipitation_kind)} (FW-7.4)")
    desert = (c.desert_precipitation_modifier, c.desert_precipitation_kind)
    if desert != (c.precipitation_modifier, c.precipitation_kind):
        # A torrid season leaves the deserts out (FW-7.3.2, AMB-48); the map says what they get instead.
        line = f"On deserts: modifier {_signed(desert[0])}{_kind(desert[1])} (FW-7.3.2)"
        for part in wrap_text(line, style["layout"]["legend_column_width"] - 2, ts_):
            text_row(part)
    text_row(f"Region type: {_band_label([REGION], m.region)} (FW-11.2)")
    text_row(f"Map: {m.width} \u00d7 {m.height} squares ({fmt(m.width * m.square_mm)} \u00d7 {fmt(m.height * m.square_mm)} mm)")
    text_row(f"Seed: {m.seed}")
    text_row(f"1 square = {fmt(m.square_mm)} mm \u2248 one day's march (about {KM_PER_SQUARE} km)")

    def scale_draw(p, x, y, w):
        na = 16.0
        _text(p, x + na / 2, y + 5.2, "N", 5, anchor="middle", bold=True)
        _place(p, "north-arrow", x, y + 3, na)
        sq = m.square_mm
        n = max(1, int((w - na - 14) // sq))
        bx, by = x + na + 6, y + 11
        length = n * sq
        parts = 5 if n == 1 else n
        for i in range(parts):
            _el(p, "rect", x=bx + i * length / parts, y=by, width=length / parts, height=2.2,
                fill=ink if i % 2 == 0 else "#ffffff", stroke=ink, stroke_width=0.25)
        for i in range(parts + 1):
            _text(p, bx + i * length / parts, by + 6, fmt(KM_PER_SQUARE * n * i / parts), 2.8, anchor="middle")
        _text(p, bx + length + 2, by + 2.2, "km", 2.8)
        caption = "1 square = one day's march" if n == 1 else f"{n} squares = {n} days' march"
        _text(p, bx, by - 1.6, caption, 2.8, fill=muted)

    blocks.append(_Block(22.0, scale_draw))
    return blocks


#: What a feature does, where a player would otherwise look it up: the legend says it under its name.
FEATURE_NOTES = {
    "marsh": "no movement modifier (FW-2.6); battlefield marshes (FW-11.6)",
}


def _on_this_map(m: FwMap) -> set[str]:
    """The terrains, lines and crossings the map draws: what its legend lists."""
    present = set(m.terrain.ravel().tolist())  # not np.unique: numpy 2.4 imports numpy.ma for it (18 ms)
    if m.rivers:
        present.add("river")
    if m.roads:
        present.add("road")
    present |= {c.kind for c in m.crossings}
    if "desert" in present and m.climate.zone != "torrid":
        present.add("wasteland")
    return present


def _draw_legend(root, lay: FwMapLayout, blocks: list[_Block], style):
    colw = style["layout"]["legend_column_width"]
    gap = style["layout"]["legend_gap"]
    for i, (a, e) in enumerate(lay.legend_columns):
        x = lay.legend_x + i * (colw + gap)
        y = lay.legend_y
        _el(root, "rect", x=x - 2, y=y - 2, width=colw + 4, height=lay.legend_h + 4, fill="#ffffff", stroke=style["ink"], stroke_width=0.4)
        for b in blocks[a:e]:
            b.draw(root, x + 1, y, colw - 2)
            y += b.height
