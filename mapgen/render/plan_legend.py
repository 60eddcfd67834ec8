"""The plan's legend: scale, zones, each side's orders in full, the numbered features and the signs.

Nothing is cut short: a line too long for the column is wrapped onto the next,
measured with the embedded font (:mod:`.fonts`).  The legend is laid out before it
is drawn, so :func:`legend_size` gives the plan's size to the scale chooser
(:mod:`.plan_scale`) with every wrapped line counted: a plan whose legend grows is
drawn at the next scale rather than cut off the sheet.  A legend taller than
:data:`COLUMN_MM` (or than the table, when that is taller) flows into a second column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shapely.geometry import LineString, Polygon, box

from ..battlefield.model import EDGE_LABELS, Battlefield, Feature, edge_words
from ..battlefield.rules import ACCESSORY_KINDS, KINDS, LINE_KINDS
from .plan_draw import KeepOut, fmt, kind_style, text
from .plan_symbols import PLAIN_EDGED, SOLID_PARTS, draw_feature, is_ground, is_marker, is_raised
from .plan_zones import draw_zone_area
from .scale_bar import BAR_HEIGHT_MM, draw_scale_bar, scale_words
from .text import wrap_text

#: A legend column's height before it flows into the next: an A4 landscape sheet's printable
#: height (194 mm) inside the drawing's margins, so a standard table's plan keeps 1:10 on A4.
COLUMN_MM = 186.0
COLUMN_GAP_MM = 6.0
SWATCH_W, SWATCH_H = 6.4, 2.9
SIGN_H = 4.5  # a sign's row: the circled number at its printed size
LINE = 1.22  # line height, in font sizes
HEAD_GAP = 1.8  # space above a heading, mm
#: A part at least this many times as long as it is wide (a wall, a crevasse) is a bar on the plan, and in its swatch.
BAR_RATIO = 2.0


@dataclass
class Row:
    """One entry: its wrapped lines, how it is written, and what stands before it."""

    lines: list[str]
    size: float
    bold: bool = False
    colour: str | None = None
    first: float = 0.0  # indent of the first line, mm
    hang: float = 0.0  # indent of the lines after it
    swatch: tuple = ()  # ("zone", side), ("feature", Feature, number) or ("bar",)
    gap: float = 0.0  # space above
    height: float = field(default=0.0)


def entry(words: str, room: float, size: float, *, first: float = 0.0, hang: float = 0.0, bold: bool = False, **kw) -> Row:
    """A row of ``words`` wrapped into ``room`` mm, its first line at ``first``, the rest at ``hang``."""
    return Row(wrap_text(words, room - first, size, rest=room - hang, break_words=True, bold=bold) or [""], size, bold=bold, first=first, hang=hang, **kw)


def runs(features: list[Feature]) -> list[tuple[int, int, Feature]]:
    """Consecutive parts of one kind collapsed into one legend line (and one label): (first, last, feature)."""
    out: list[tuple[int, int, Feature]] = []
    for i, f in enumerate(features, 1):
        if out and f.kind in ACCESSORY_KINDS and out[-1][2].kind == f.kind and out[-1][1] == i - 1:
            out[-1] = (out[-1][0], i, out[-1][2])
        else:
            out.append((i, i, f))
    return out


def _describe(first: int, last: int, f: Feature) -> str:
    k = KINDS.get(f.kind)
    name = k.label if k else f.kind
    if f.kind in LINE_KINDS:
        dims = f"{f.size_cm[1]:g} cm wide"
    elif first == last:
        dims = f"{f.size_cm[0]:g} x {f.size_cm[1]:g} cm"
    else:
        dims = f"{last - first + 1} pieces"
    words = [name, dims]
    words += ["impassable"] if not f.passable else ["difficult"] if f.difficult else []
    if f.levels:
        words.append(f"{f.levels} level{'s' if f.levels > 1 else ''}")
    if f.steep:
        words.append("steep all round" if len(f.steep) == 4 else f"steep {' and '.join(f.steep)} side")
    return ", ".join(words)


def _numbers(spans: list[tuple[int, int]]) -> str:
    """``1, 3, 7-9``: the numbers of one legend line, consecutive ones as a range."""
    merged: list[list[int]] = []
    for a, z in spans:
        if merged and merged[-1][1] == a - 1:
            merged[-1][1] = z
        else:
            merged.append([a, z])
    return ", ".join(str(a) if a == z else f"{a}-{z}" for a, z in merged)


def feature_lines(features: list[Feature]) -> list[tuple[str, Feature]]:
    """One legend line per description, with every number it stands for (the setup sheet lists each one)."""
    groups: dict[str, tuple[list[tuple[int, int]], Feature]] = {}
    for first, last, f in runs(features):
        groups.setdefault(f"{f.kind}|{_describe(first, last, f)}", ([], f))[0].append((first, last))
    out = []
    for key, (spans, f) in groups.items():
        out.append((f"{_numbers(spans)}  {key.split('|', 1)[1]}", f, spans[0][0]))
    return out


#: The plan's signs, each shown beside its meaning.
SIGNS = (
    ("number", "a feature's number, as in the setup sheet (8-20: a run of like parts)"),
    ("level", "levels high: one contour ring per level"),
    ("steep", "steep side: neither up nor down"),
    ("impassable", "impassable"),
)


def signs_on(b: Battlefield) -> set[str]:
    """The signs this plan draws (the legend lists only those): as :mod:`.plan_symbols` and :mod:`.plan_labels` decide.

    Every feature has its number; a level is written on a feature built ``levels`` high; hachures mark the
    steep sides of raised ground; a dashed, heavier outline marks an impassable feature whose look does
    not say so already.
    """
    out = {"number"} if b.features else set()
    for f in b.features:
        if f.levels:
            out.add("level")
        if f.steep and (is_raised(f) or f.kind == "rocky_ridge"):
            out.add("steep")
        if is_ground(f) and not f.passable and f.kind not in PLAIN_EDGED:
            out.add("impassable")
    return out


def layout(b: Battlefield, scale: float, st: dict) -> list[Row]:
    """The legend's rows, wrapped to the column."""
    size, room = st["legend_size"], st["legend_width"]
    sw = SWATCH_W + 1.6  # a swatch and the space after it
    rows = [entry(scale_words(scale), room, st["text_size"], bold=True)]
    rows.append(entry("Grid squares are 10 cm; rulers in table cm.", room, size))
    rows.append(Row([], size, swatch=("bar",), height=BAR_HEIGHT_MM + 2.6 + st["ruler_size"] * 0.5))
    rows.append(entry("Deployment zones", room, size, bold=True, gap=HEAD_GAP))
    seen = set()
    for z in b.scenario.zones:
        if z.label not in seen:
            seen.add(z.label)
            rows.append(entry(z.label, room, size, first=sw, hang=sw, swatch=("zone", z.side)))
    heading, _, leaves = edge_words(b.scenario.name)
    rows.append(entry(heading, room, size, bold=True, gap=HEAD_GAP))
    for o in b.scenario.orders:
        colour = st["sides"].get(o.side, st["ink"])
        rows.append(entry(f"{o.side} ({o.role}): {o.order}", room, size, hang=3, bold=True, colour=colour))
        edges = ", ".join(EDGE_LABELS.get(e, e).replace("the ", "") for e in o.escape_edges) or "forbidden / none"
        rows.append(entry(f"{leaves}: {edges}", room, size, first=3, hang=6))
    rows.append(entry("Features", room, size, bold=True, gap=HEAD_GAP))
    for words, f, first in feature_lines(b.features):
        rows.append(entry(words, room, size, first=sw, hang=sw + 3, swatch=("feature", f, first)))
    shown = signs_on(b)
    if shown:
        rows.append(entry("Signs", room, size, bold=True, gap=HEAD_GAP))
    for sign, words in SIGNS:
        if sign in shown:
            rows.append(entry(words, room, size, first=sw, hang=sw, swatch=("sign", sign)))
    for r in rows:
        if not r.height:
            r.height = max(len(r.lines) * r.size * LINE, SIGN_H if r.swatch[:1] == ("sign",) else SWATCH_H + 0.3 if r.swatch else 0.0)
    return rows


def columns(rows: list[Row], cap: float) -> list[list[Row]]:
    """Rows in columns no taller than ``cap`` (a row is never split; a heading stays with its first entry)."""
    cols: list[list[Row]] = [[]]
    used = 0.0
    for i, r in enumerate(rows):
        need = r.gap + r.height
        if r.bold and r.gap and i + 1 < len(rows):
            need += rows[i + 1].height
        if cols[-1] and used + need > cap:
            cols.append([])
            used = 0.0
        cols[-1].append(r)
        used += (r.gap if len(cols[-1]) > 1 else 0.0) + r.height
    return cols


def column_cap(table_block_mm: float) -> float:
    return max(COLUMN_MM, table_block_mm)


def legend_columns(b: Battlefield, scale: float, st: dict, table_block_mm: float) -> list[list[Row]]:
    """The legend laid out: its rows in columns, as :func:`legend_size` measures them and :func:`draw_legend` draws them."""
    return columns(layout(b, scale, st), column_cap(table_block_mm))


def legend_size(cols: list[list[Row]], st: dict) -> tuple[float, float]:
    """(width, height) of the legend as it will be drawn."""
    height = max(sum((r.gap if j else 0.0) + r.height for j, r in enumerate(c)) for c in cols)
    return len(cols) * st["legend_width"] + (len(cols) - 1) * COLUMN_GAP_MM, height


def draw_legend(doc, g, cols: list[list[Row]], st: dict, x0: float, y0: float, k: float) -> None:
    """Draw the legend with its top-left corner at (x0, y0)."""
    for n, col in enumerate(cols):
        x = x0 + n * (st["legend_width"] + COLUMN_GAP_MM)
        y = y0
        for j, r in enumerate(col):
            y += r.gap if j else 0.0
            _draw_row(doc, g, r, x, y, k, st)
            y += r.height


def _draw_row(doc, g, r: Row, x: float, y: float, k: float, st: dict) -> None:
    if r.swatch[:1] == ("bar",):
        draw_scale_bar(doc, g, x, y + 0.3, k, st["ink"], lambda tx, ty, t, a: text(doc, g, tx, ty, t, st["ruler_size"], anchor=a))
        return
    if r.swatch[:1] == ("sign",):
        _sign(doc, g, r.swatch[1], x, y, st)
        y += (SIGN_H - r.size * LINE) / 2 if len(r.lines) == 1 else 0.0
    elif r.swatch:
        sy = y + max(0.0, (r.size * LINE - SWATCH_H) / 2)
        _swatch(doc, g, r.swatch, box(x, sy, x + SWATCH_W, sy + SWATCH_H), st, k)
    base = y + r.size * 0.95
    for i, words in enumerate(r.lines):
        text(doc, g, x + (r.hang if i else r.first), base + i * r.size * LINE, words, r.size, bold=r.bold, fill=r.colour)


def _swatch(doc, g, what: tuple, area: Polygon, st: dict, k: float) -> None:
    """A sample of a zone or a feature kind, drawn by the plan's own code (``k``: the plan's mm per table cm).

    Textures are laid on grids from the paper's origin; the sample is drawn round the origin
    and moved into place, so every swatch shows its crowns, tufts or rocks, wherever it stands.
    A wall or a crevasse is the bar it is on the plan: as thick as printed there, as long as the
    swatch allows; a solid square would read as a house."""
    if what[0] == "zone":
        draw_zone_area(doc, g, st, what[1], area, [area])
        return
    f, number = what[1], what[2]
    cx, cy = area.centroid.x, area.centroid.y
    w, h = SWATCH_W / 2, SWATCH_H / 2
    grp = doc.drawing.g(class_="swatch", transform=f"translate({fmt(cx)},{fmt(cy)})")
    g.add(grp)
    shape = box(-w, -h, w, h)
    if f.kind in LINE_KINDS:
        shape = box(-w, -h * 0.7, w, h * 0.7)
    elif is_marker(f.kind) or f.kind in ("bridge", "ford", "house", "wall", "crevasse", "mine_entrance"):
        shape = box(-1.8, -1.4, 1.8, 1.4)
        if f.kind in ("bridge", "ford"):
            look = kind_style(st, "river")
            grp.add(doc.drawing.rect((fmt(-w), fmt(-1.0)), (fmt(SWATCH_W), fmt(2.0)), fill=look["fill"], stroke=look["stroke"], stroke_width=fmt(0.25)))
            shape = box(-1.0, -1.7, 1.0, 1.7)
        long, short = max(f.size_cm), min(f.size_cm)
        if f.kind in SOLID_PARTS and long >= BAR_RATIO * short:
            half_long, half_short = min(w, long * k / 2), min(h, short * k / 2)
            shape = box(-half_long, -half_short, half_long, half_short)
    x0, y0, x1, y1 = shape.bounds
    sample = Feature(f.kind, shape, (x1 - x0, y1 - y0), f.passable, f.difficult, None, "", "", min(f.levels, 2), f.steep)
    draw_feature(doc, grp, sample, number, shape, st, KeepOut(), {"edge": LineString(), "water": Polygon(), "k": 1.0})


def _sign(doc, g, sign: str, x: float, y: float, st: dict) -> None:
    """A sample of one of the plan's signs, drawn as on the plan."""
    from .plan_labels import Label, draw_labels, level_size, number_size
    from .plan_relief import draw_ticks

    cx, cy = x + SWATCH_W / 2, y + SIGN_H / 2
    if sign in ("number", "level"):
        words = "7" if sign == "number" else "L2"
        w, h = number_size(words, st) if sign == "number" else level_size(words, st)
        sample = Feature("hill", box(0, 0, 1, 1), (1, 1), True, False, None, "", "", 2)
        draw_labels(doc, g, [Label(words, sign, (0,), w, h, cx, cy)], [sample], st, css="sample")
        return
    area = box(x, cy - SWATCH_H / 2, x + SWATCH_W, cy + SWATCH_H / 2)
    look = kind_style(st, "hill")
    if sign == "steep":
        g.add(doc.drawing.rect((fmt(x), fmt(area.bounds[1])), (fmt(SWATCH_W), fmt(SWATCH_H)), fill=look["fill"], stroke=look["stroke"], stroke_width=fmt(0.3)))
        draw_ticks(doc, g, area, ("near",), look["stroke"], st["relief"], {})
    else:
        g.add(doc.drawing.rect((fmt(x), fmt(area.bounds[1])), (fmt(SWATCH_W), fmt(SWATCH_H)), fill="#ffffff", stroke=st["ink"], stroke_width=fmt(0.4), stroke_dasharray="1.2,0.6"))
