"""Where the campaign map's parts go: the drawing's layout, and what each square holds (holdings, features, labels).
"""

from __future__ import annotations

import math
from dataclasses import dataclass



from ..fw.model import FwMap
from ..fw.rules import (
    CONFIG_TERRAIN,
    HOLDING_FEATURE,
    BURIAL_OBJECT,
    WATERCOURSE_NAMES,
)
from .templates import balanced_columns, column_height, flow_columns
from .fw_legend import _Block, _legend_blocks, _title_min_width
from .fw_style import _TILES_MM, _band_label, _feature_label, _feature_symbol, load_style
from .text import text_width, wrap_text


# --------------------------------------------------------------------------
# layout
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class FwMapLayout:
    """Where everything goes, in millimetres from the top-left of the drawing."""

    width_mm: float
    height_mm: float
    grid_x: float
    grid_y: float
    grid_w: float
    grid_h: float
    margin: float  # from the grid frame to the map block edge, each side
    title_y: float
    legend_side: str  # "right" or "below"
    legend_x: float
    legend_y: float
    legend_columns: tuple[tuple[int, int], ...]  # (first, end) block index per column
    legend_w: float
    legend_h: float


def _tiles(w: float, h: float) -> int:
    """Sheets needed on A4 plus sheets needed on A3, each in its better orientation."""
    return sum(min(math.ceil(w / pw) * math.ceil(h / ph), math.ceil(w / ph) * math.ceil(h / pw)) for pw, ph in _TILES_MM)


def _layout(m: FwMap, blocks: list[_Block]) -> FwMapLayout:
    st = load_style()["layout"]
    pad, title_h, gap, colw = st["pad"], st["title_height"], st["legend_gap"], st["legend_column_width"]
    margin = st["label_band"] + st["strip_band"]
    gw, gh = m.width * m.square_mm, m.height * m.square_mm
    mw, mh = gw + 2 * margin, gh + 2 * margin
    top = pad + title_h

    # right of the map: as few columns as the map block's height allows, balanced
    cols_r = balanced_columns(blocks, len(flow_columns(blocks, max(mh, 150.0))))
    lw_r = len(cols_r) * colw + (len(cols_r) - 1) * gap
    lh_r = column_height(blocks, cols_r)
    right = (pad + mw + gap + lw_r + pad, top + max(mh, lh_r) + pad)

    # below the map: as many columns as fit under it, balanced
    cols_b = balanced_columns(blocks, max(1, int((mw + gap) // (colw + gap))))
    lw_b = len(cols_b) * colw + (len(cols_b) - 1) * gap
    lh_b = column_height(blocks, cols_b)
    below = (pad + max(mw, lw_b) + pad, top + mh + gap + lh_b + pad)

    min_w = _title_min_width()
    right = (max(right[0], min_w), right[1])
    below = (max(below[0], min_w), below[1])
    prefer_right = m.width >= m.height
    key_r = (_tiles(*right), 0 if prefer_right else 1)
    key_b = (_tiles(*below), 1 if prefer_right else 0)
    if key_r <= key_b:
        return FwMapLayout(right[0], right[1], pad + margin, top + margin, gw, gh, margin, pad, "right",
                           pad + mw + gap, top, tuple(cols_r), lw_r, lh_r)
    return FwMapLayout(below[0], below[1], pad + margin, top + margin, gw, gh, margin, pad, "below",
                       pad, top + mh + gap, tuple(cols_b), lw_b, lh_b)


def fw_map_layout(m: FwMap) -> FwMapLayout:
    """The drawing's size and the position of the grid, title and legend."""
    return _layout(m, _legend_blocks(m, _content(m)[1]))


# --------------------------------------------------------------------------
# what each square holds
# --------------------------------------------------------------------------

#: Configurations that give their square its terrain (rules.CONFIG_TERRAIN) but are more than
#: it, so they keep their mark: a sacred wood, a farm, a village.
_MORE_THAN_TERRAIN = frozenset({"enchanted_wood", "farm", "village"})
#: The other configurations only restate their square's terrain: the terrain symbol shows them.
_RESTATES = {name: t for name, t in CONFIG_TERRAIN.items() if name not in _MORE_THAN_TERRAIN}


@dataclass
class _Item:
    kind: str  # "holding", "capital" or "feature"
    symbol: str
    label: str
    color: str | None = None
    letter: str = ""
    name: str = ""  # feature name, for the legend
    title: str = ""  # a bold first line: the holding's name (or "Capital A" on a map from before names)


@dataclass
class _Placed:
    item: _Item
    x: float  # icon box left, local units
    y: float
    size: float
    lines: list[str]
    label_x: float
    label_y: float  # first baseline
    font: float
    plate: tuple[float, float, float, float] | None
    title_lines: int = 0  # the first lines are the title, bold at title_font
    title_font: float = 0.0

    def baselines(self) -> list[tuple[str, float, float, bool]]:
        """Each line with its baseline, size and boldness: the title's lines, then the label's."""
        out, y = [], self.label_y
        for j, line in enumerate(self.lines):
            size = self.title_font if j < self.title_lines else self.font
            if j == self.title_lines and j:
                y += (self.font - self.title_font) * 0.8  # the smaller lines sit closer under the title
            out.append((line, y, size, j < self.title_lines))
            y += size * 1.15
        return out


def _drawn_elsewhere(m: FwMap, sq, name: str, crossing_squares, holding_squares) -> bool:
    """Whether a feature name is already shown by the map's own lines, crossings, holdings or terrain."""
    col, row = sq
    if name in WATERCOURSE_NAMES:  # a bare feature, not a configuration: the square's river shows it
        return bool(m.river[row, col])
    if name in ("road", "caravan_track"):
        return bool(m.road[row, col])
    if name in ("bridge", "ford"):
        return (sq, name) in crossing_squares
    if name in ("holding", "capital"):
        return sq in holding_squares
    terrain = m.terrain_at(sq)
    return name == terrain or _RESTATES.get(name) == terrain


def _content(m: FwMap):
    """Per square: what to draw over the terrain; and every feature name drawn (for the legend)."""
    crossing_squares = {(s, c.kind) for c in m.crossings for s in c.squares}
    holding_squares = {h.square for h in m.holdings}
    items: dict[tuple[int, int], list[_Item]] = {}
    used: set[str] = set()

    def feature_item(sq, name):
        symbol = _feature_symbol(name)
        used.add(name)
        items.setdefault(sq, []).append(_Item("feature", symbol, _feature_label(name), name=name))

    for h in sorted(m.holdings, key=lambda h: (h.square[1], h.square[0], not h.capital)):
        side = next((s for s in m.sides if s.id == h.side), None)
        color = side.color if side else "#555555"
        label = _band_label([HOLDING_FEATURE], h.feature) if h.feature else ""
        if h.detail:
            label = f"{label} ({_band_label([BURIAL_OBJECT], h.detail)})" if label else _band_label([BURIAL_OBJECT], h.detail)
        kind = "capital" if h.capital else "holding"
        title = h.name or (f"Capital {h.side}" if h.capital else "")
        items.setdefault(h.square, []).append(_Item(kind, kind, label, color, h.side, title=title))
    seen: set[tuple[tuple[int, int], str]] = set()
    drawn: set[tuple[tuple[int, int], str]] = set()  # configurations the map's own lines already show
    for c in sorted(m.configs, key=lambda c: (c.square[1], c.square[0], c.name)):
        if (c.square, c.name) in seen:
            continue
        if c.name in WATERCOURSE_NAMES:
            # Only a watercourse that drew its own river is on the map; a second one (FW-11.6,
            # laid on the battlefield beside the square's river) needs its mark.
            if c.watercourse == "new":
                drawn.add((c.square, c.name))
                continue
        elif _drawn_elsewhere(m, c.square, c.name, crossing_squares, holding_squares):
            continue
        seen.add((c.square, c.name))
        feature_item(c.square, c.name)
    for sq in sorted(m.features, key=lambda s: (s[1], s[0])):
        for name in m.features[sq]:
            if (sq, name) in seen or (sq, name) in drawn or _drawn_elsewhere(m, sq, name, crossing_squares, holding_squares):
                continue
            seen.add((sq, name))
            feature_item(sq, name)
    placed = {sq: _arrange(lst) for sq, lst in items.items()}
    return placed, sorted(used)


def _arrange(items: list[_Item]) -> list[_Placed]:
    """Icons in a row (two rows past three), each with its label wrapped beneath it."""
    st = load_style()
    sizes, labels = st["sizes"], st["labels"]
    n = len(items)
    per_row = n if n <= 3 else math.ceil(n / 2)
    nrows = math.ceil(n / per_row)
    shrink = 1.0 if n == 1 else (0.78 if nrows == 1 else 0.6)
    col_w = (34.0 if n == 1 else 44.0) / per_row
    left0 = 25 - col_w * per_row / 2
    placed: list[_Placed] = []
    row_tops = [9.0 if nrows == 1 else 7.0 + r * 20.0 for r in range(nrows)]
    max_lines = 4 if nrows == 1 else 2
    for i, it in enumerate(items):
        r, c = divmod(i, per_row)
        cx = left0 + col_w * (c + 0.5)
        size = {"capital": sizes["capital"], "holding": sizes["holding"]}.get(it.kind, sizes["feature_icon"]) * shrink
        scale = 1.0 if n == 1 else 0.9
        head, title_font = _title_lines(it.title, col_w - 1, labels["holding_size"] * scale)
        # a holding's feature goes under its name in the smaller size (issue 11)
        font = (labels["feature_size"] if it.kind == "feature" or head else labels["holding_size"]) * scale
        room = max(1, max_lines - len(head))
        lines = wrap_text(it.label, col_w - 1, font) if it.label else []
        while len(lines) > room and font > 1.6:
            font *= 0.88
            lines = wrap_text(it.label, col_w - 1, font)
        text_h = len(head) * title_font * 1.15 + len(lines) * font * 1.15
        top = row_tops[r] + (sizes["capital"] * shrink - size) / 2 if nrows == 1 else row_tops[r]
        if n == 1:
            # centre the icon-plus-label block in the square
            block = size + 1.5 + text_h
            top = max(8.0, min(25 - block / 2, 47 - block))
        first = title_font if head else font
        label_y = top + size + 1.2 + first * 0.8
        plate = None
        all_lines = head + lines
        if all_lines:
            w = max(text_width(ln, title_font if j < len(head) else font, bold=j < len(head)) for j, ln in enumerate(all_lines))
            h = text_h + (font - title_font) * 0.8 * bool(head and lines)
            plate = (cx - w / 2 - 0.8, label_y - first * 0.85, w + 1.6, h)
        placed.append(_Placed(it, cx - size / 2, top, size, all_lines, cx, label_y, font, plate, len(head), title_font))
    return placed


#: The smallest size of a holding's name on a 50 mm square (issue 11: legible at 2.5 mm).
NAME_MIN_MM = 2.5


def _title_lines(title: str, width: float, size: float) -> tuple[list[str], float]:
    """A holding's name on one line, smaller down to NAME_MIN_MM if need be, else on two."""
    if not title:
        return [], size
    while text_width(title, size, bold=True) > width and size > NAME_MIN_MM:
        size = max(NAME_MIN_MM, size * 0.94)
    if text_width(title, size, bold=True) <= width:
        return [title], size
    return wrap_text(title, width, size, bold=True), size
