"""Draw a battlefield layout as a plan at a stated scale (1:N; :mod:`.plan_scale` chooses N).

The plan shows the table as side A sees it (side A's long edge at the bottom), in
this order, bottom to top: the ground pieces other features stand on (plateau,
mountain base, sea inlet); the deployment zones (:mod:`.plan_zones`), beneath every
other feature so that each stays whole; the features, each kind with its own look
(:mod:`.plan_symbols`, :mod:`.plan_relief`, :mod:`.plan_water`); a 10 cm grid with
edge rulers in table centimetres; the circled numbers and levels
(:mod:`.plan_labels`), placed before the textures are drawn so that no glyph lies
under them; the General Retreat arrows; and the legend (:mod:`.plan_legend`).
Every size is paper millimetres from ``templates/battlefield/style.json``, so text
is as large at 1:20 as at 1:10.  Textures are plain clipped lines, not SVG ``<pattern>``s, which
the PDF writer (:mod:`.pdf_draw`) does not draw.  The renderer draws the layout; it decides nothing.
"""

from __future__ import annotations

from ..battlefield.model import Battlefield, edge_words
from ..battlefield.rules import KINDS, WATER_LINES
from ..battlefield.scenarios import SCENARIO_LABELS
from . import fonts
from .plan_draw import RULER_MM, Frame, KeepOut, line, poly, text
from .plan_labels import draw_labels, place_labels
from .plan_legend import draw_legend, legend_columns, legend_size, runs
from .plan_symbols import draw_feature, hard_symbols, water_shapes
from .plan_zones import draw_zone_edges, draw_zones
from .svgdoc import SvgDoc, fmt

DEFAULT_SCALE = 10  # 1:10, so a 180 x 120 cm table is 180 x 120 mm: it fits A4 landscape with its legend
LAYER_RANK = {"relief": 1, "cover": 2, "water": 2, "line": 3, "building": 4, "part": 5, "marker": 6}
#: Pieces other features stand on: a label on them covers nothing else.
GROUND_KINDS = ("plateau", "mountain_base", "inlet")
LEGEND_GAP_MM = 14.0
#: Room under the table for the ruler numbers and side A's edge caption.
UNDER_TABLE_MM = RULER_MM + 10


def plan_size_mm(b: Battlefield, scale: float) -> tuple[float, float]:
    """(width, height) of the whole drawing at 1:``scale`` (table, rulers, title, legend as wrapped), for :mod:`.plan_scale`."""
    return _plan_size(Frame(b, scale))[0]


def _plan_size(fr: Frame) -> tuple[tuple[float, float], tuple[float, float], list]:
    """The drawing's (width, height), where its legend starts and the legend's columns: laid out once for both."""
    m = fr.st["margin"]
    x, y = _legend_origin(fr)
    cols = legend_columns(fr.b, fr.scale, fr.st, fr.oy + fr.th + UNDER_TABLE_MM - y)
    lw, lh = legend_size(cols, fr.st)
    return (x + lw + m, max(fr.oy + fr.th + UNDER_TABLE_MM, y + lh) + m), (x, y), cols


def plan_size_floor_mm(b: Battlefield, scale: float) -> tuple[float, float]:
    """What the whole drawing at 1:``scale`` is at least: the table with its rulers and one legend column beside it.

    No wider nor taller than :func:`plan_size_mm` (the same sums with the legend at its narrowest, and a sum
    never shrinks when a term grows), and far cheaper: the scale chooser skips a scale this already rules out."""
    fr = Frame(b, scale)
    m = fr.st["margin"]
    return fr.ox + fr.tw + LEGEND_GAP_MM + fr.st["legend_width"] + m, fr.oy + fr.th + UNDER_TABLE_MM + m


def _title_lines(b: Battlefield) -> tuple[str, str]:
    label = SCENARIO_LABELS.get(b.scenario.name, b.scenario.name)
    src = b.source
    where = src.where()
    return (
        f"Battlefield: {label} ({b.scenario.rule}) — seed {b.seed}",
        f"{where}; terrain {src.terrain}; table {b.width_cm:g} x {b.depth_cm:g} cm; side {b.scenario.deploys_first} deploys first",
    )


def _legend_origin(fr: Frame) -> tuple[float, float]:
    """Right of the table; level with the title when the title leaves room, else level with the table."""
    st = fr.st
    x = fr.ox + fr.tw + LEGEND_GAP_MM
    title, sub = _title_lines(fr.b)
    reach = st["margin"] + max(fonts.width(title, st["title_size"], bold=True), fonts.width(sub, st["text_size"]))
    return x, (st["margin"] if reach + 4 <= x else fr.oy)


def render_battlefield(b: Battlefield, scale: float = DEFAULT_SCALE) -> SvgDoc:
    """The plan as an SVG document (1 unit = 1 mm on paper) with Inkscape layers."""
    fr = Frame(b, scale)
    st = fr.st
    (width, height), (lx, ly), legend_cols = _plan_size(fr)
    label = SCENARIO_LABELS.get(b.scenario.name, b.scenario.name)
    doc = SvgDoc(width, height, title=f"Battlefield plan, {label}, seed {b.seed}")
    ground = doc.layer("Table")
    under = doc.layer("Ground pieces")
    zones = doc.layer("Deployment")
    feats = doc.layer("Features")
    edges = doc.layer("Deployment edges")
    grid = doc.layer("Grid")
    nums = doc.layer("Numbers")
    margin = doc.layer("Retreat")
    legend = doc.layer("Legend")

    ground.add(doc.drawing.rect((0, 0), (fmt(width), fmt(height)), fill=st["paper"]))
    x0, y0 = fr.p(0, b.depth_cm)
    ground.add(doc.drawing.rect((fmt(x0), fmt(y0)), (fmt(fr.tw), fmt(fr.th)), fill=st["ground"].get(b.source.terrain, "#f3f0d8")))
    draw_zones(doc, zones, fr)

    shapes = list(fr.paper([f.polygon for f in b.features]))
    symbols = [(i, s) for i, f in enumerate(b.features) for s in hard_symbols(f, shapes[i], st)]
    ground_idx = {i for i, f in enumerate(b.features) if f.kind in GROUND_KINDS}
    labels = place_labels(fr, b.features, shapes, [(a, z) for a, z, _ in runs(b.features)], symbols, ground_idx)
    _draw_features(doc, (under, feats), fr, shapes, KeepOut(lab.box() for lab in labels))
    draw_zone_edges(doc, edges, fr)
    _draw_grid(doc, grid, fr)
    draw_labels(doc, nums, labels, b.features, st)
    _draw_retreats(doc, margin, fr)
    _draw_title(doc, legend, fr)
    draw_legend(doc, legend, legend_cols, st, lx, ly, fr.k)
    return doc


def _rank(kind: str) -> float:
    """Drawing order: ground pieces, relief, cover, roads, then watercourses over the roads (a ford is
    wet), then buildings, parts (a bridge over the water) and markers."""
    if kind in GROUND_KINDS:
        return 0
    if kind in WATER_LINES or kind == "lava_river":
        return LAYER_RANK["line"] + 0.5
    return LAYER_RANK.get(KINDS[kind].layer, 4) if kind in KINDS else 4


def _draw_features(doc, layers, fr: Frame, shapes, keep_out: KeepOut) -> None:
    """Every feature, markers last, so what stands on something is drawn over it.  Ground pieces (a plateau,
    a mountain base, the sea) go in the layer beneath the zones: they are ground the zones lie on."""
    b = fr.b
    ctx = {"edge": fr.table().exterior, "water": water_shapes(b.features, shapes), "k": fr.k}
    for i in sorted(range(len(b.features)), key=lambda i: (_rank(b.features[i].kind), i)):
        grp = doc.drawing.g(class_="feature", **{"data-feature": str(i + 1), "data-kind": b.features[i].kind})
        layers[0 if b.features[i].kind in GROUND_KINDS else 1].add(grp)
        draw_feature(doc, grp, b.features[i], i + 1, shapes[i], fr.st, keep_out, ctx)


def _draw_title(doc, g, fr: Frame) -> None:
    st = fr.st
    m = st["margin"]
    title, sub = _title_lines(fr.b)
    text(doc, g, m, m + 3, title, st["title_size"], bold=True)
    text(doc, g, m, m + 3 + st["title_size"] + 1, sub, st["text_size"], fill=st["muted_ink"])


def _draw_grid(doc, g, fr: Frame) -> None:
    """Grid lines every 10 cm (heavier every 50), ruler numbers far enough apart to read, edge captions."""
    st = fr.st
    gs = st["grid"]
    b = fr.b
    size = st["ruler_size"]
    lines = {False: [], True: []}
    for x in range(0, int(b.width_cm) + 1, 10):
        lines[x % 50 == 0].append((fr.p(x, 0), fr.p(x, b.depth_cm)))
    for y in range(0, int(b.depth_cm) + 1, 10):
        lines[y % 50 == 0].append((fr.p(0, y), fr.p(b.width_cm, y)))
    for major, ls in lines.items():
        d = " ".join(f"M{fmt(ax)} {fmt(ay)} L{fmt(bx)} {fmt(by)}" for (ax, ay), (bx, by) in ls)
        g.add(doc.drawing.path(d=d, fill="none", stroke=gs["color"], stroke_width=fmt(gs["major_width"] if major else gs["width"])))
    x_step = 10 if fr.k * 10 >= fonts.width(str(int(b.width_cm)), size) + 2.5 else 20  # numbers a clear gap apart
    y_step = 10 if fr.k * 10 >= size * 2 else 20
    for x in range(0, int(b.width_cm) + 1, 10):
        bx, by = fr.p(x, 0)
        line(doc, g, (bx, by), (bx, by + (2.2 if x % 50 == 0 else 1.2)), st["ink"], 0.25)
        if x % x_step == 0:
            text(doc, g, bx, by + 2.2 + size, str(x), size, anchor="middle")
    for y in range(0, int(b.depth_cm) + 1, 10):
        lx, ly = fr.p(0, y)
        line(doc, g, (lx - (2.2 if y % 50 == 0 else 1.2), ly), (lx, ly), st["ink"], 0.25)
        if y % y_step == 0:
            text(doc, g, lx - 2.8, ly + size * 0.35, str(y), size, anchor="end")
    x0, y0 = fr.p(0, b.depth_cm)
    g.add(doc.drawing.rect((fmt(x0), fmt(y0)), (fmt(fr.tw), fmt(fr.th)), fill="none", stroke=st["ink"], stroke_width=fmt(gs["frame_width"])))
    size = st["text_size"]
    bx, by = fr.p(b.width_cm / 2, 0)
    text(doc, g, bx, by + 2.2 + st["ruler_size"] + size + 1.5, "SIDE A's long edge (x: cm from the left edge)", size, anchor="middle", bold=True, fill=st["sides"]["A"])
    tx, ty = fr.p(b.width_cm / 2, b.depth_cm)
    text(doc, g, tx, ty - 1.5, "SIDE B's long edge", size, anchor="middle", bold=True, fill=st["sides"]["B"])
    lx, ly = fr.p(0, b.depth_cm / 2)
    text(doc, g, lx - 9.5, ly, "left edge (y: cm from side A's edge)", size, anchor="middle", rotate=-90)
    rx, ry = fr.p(b.width_cm, b.depth_cm / 2)
    text(doc, g, rx + 2.5, ry, "right edge", size, anchor="middle", rotate=90)


def _draw_retreats(doc, g, fr: Frame) -> None:
    """An arrow outside each escape edge (FW-10.7's General Retreat, a skirmish's panicked figures), in the side's
    colour, labelled with the legend's own word for the scenario (:func:`~mapgen.battlefield.model.edge_words`)."""
    st = fr.st
    b = fr.b
    size = st["text_size"]
    word = edge_words(b.scenario.name)[2]
    for o in b.scenario.orders:
        colour = st["sides"].get(o.side, "#000")
        frac = 0.25 if o.side == "A" else 0.75
        for edge in o.escape_edges:
            if edge == "edge_a":
                base, d = fr.p(b.width_cm * frac, 0), (0, 1)
            elif edge == "edge_b":
                base, d = fr.p(b.width_cm * frac, b.depth_cm), (0, -1)
            elif edge == "left":
                base, d = fr.p(0, b.depth_cm * frac), (-1, 0)
            else:
                base, d = fr.p(b.width_cm, b.depth_cm * frac), (1, 0)
            off = 9.0 if edge in ("edge_a", "left") else 3.0
            sx, sy = base[0] + d[0] * (off if edge in ("left", "right") else 0), base[1] + d[1] * (off if edge in ("edge_a", "edge_b") else 0)
            ex, ey = sx + d[0] * 5, sy + d[1] * 5
            line(doc, g, (sx, sy), (ex, ey), colour, 0.6)
            px, py = -d[1], d[0]
            poly(doc, g, [(ex + d[0] * 1.6, ey + d[1] * 1.6), (ex + px * 1.2, ey + py * 1.2), (ex - px * 1.2, ey - py * 1.2)], colour, colour, 0.1)
            if d[0] == 0:  # long edges: the word beside the arrow
                text(doc, g, ex + 2.5, ey + (1.9 if d[1] > 0 else 0.6), f"{o.side} {word}", size, fill=colour, bold=True)
            else:  # short edges: the side's letter above the arrow, the legend says the rest
                text(doc, g, (sx + ex) / 2, sy - 1.8 - (size if o.side == "B" else 0), o.side, size, anchor="middle", fill=colour, bold=True)

