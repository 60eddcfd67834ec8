"""The battlefield plan as a player reads it off the print (issue 11).

Read from the SVG alone, with shapely: every feature number circled and at least 7 pt
on paper whatever the scale, no label overlapping another label, a symbol or the
table's frame, the deployment zones drawn beneath the features with the two sides
told apart by more than colour, raised ground drawn with one contour ring per level
and hachures on the steep sides, and the legend giving each side's orders whole.
Expected values come from the requirement (7 pt = 7/72 inch; one ring per level),
not from the renderer's own numbers.  The sweep draws every scenario on 8 seeds
(60 under ``HYPOTHESIS_PROFILE=thorough``), each on its own terrain and works.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from functools import lru_cache

import pytest
import shapely
from shapely.geometry import LineString, Point, Polygon, box

from mapgen.battlefield import scenarios as S
from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.battlefield.model import Battlefield, Feature, Scenario, SideOrders, Source, Zone
from mapgen.battlefield.rules import KINDS, TERRAINS
from mapgen.battlefield.works import MAP_WORKS
from mapgen.errors import InfeasibleError
from mapgen.render import fonts
from mapgen.render.battlefield import render_battlefield
from mapgen.paper import get_paper
from mapgen.render.plan_scale import choose_plan_scale
from mapgen.render.svgbounds import IDENTITY, mul, parse_transform

from .conftest import THOROUGH

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
MIN_TEXT_MM = 7 / 72 * 25.4  # 7 pt, the smallest text on paper
SEEDS = range(60 if THOROUGH else 8)
WORKS = sorted(MAP_WORKS)


@lru_cache(maxsize=None)
def plan(scenario: str, seed: int):
    """A layout of ``scenario`` (terrain, river, works and marks varying with the seed), drawn at its chosen scale."""
    terrains = list(TERRAINS) + ["jungle"]
    opts = dict(
        seed=seed,
        scenario=scenario,
        terrain=terrains[seed % len(terrains)],
        river=seed % 3 == 0,
        road=seed % 4 == 1,
        bridge=seed % 6 == 0,
        works=(WORKS[seed % len(WORKS)], WORKS[(seed * 7 + 3) % len(WORKS)]),
        marks=frozenset({"hiding_places", "landing_points"}) if seed % 4 == 2 else frozenset(),
        coast=seed % 9 == 4,
    )
    try:
        b = generate_battlefield(BattleOptions(**opts))
    except InfeasibleError:  # a mountain square is too small for some scenarios: a standard table instead
        b = generate_battlefield(BattleOptions(**dict(opts, table=(180, 120))))
    scale = choose_plan_scale(b, get_paper("A4")).scale
    return b, scale, ET.fromstring(render_battlefield(b, scale).tostring().split("\n", 1)[1])


def layer(root, label: str):
    return next(g for g in root.iter(f"{SVG}g") if g.get(INKSCAPE_LABEL) == label)


def classes(el) -> set[str]:
    return set((el.get("class") or "").split())


def walk(el, m=IDENTITY):
    """Every element under ``el`` with the transform it is drawn with."""
    m = mul(m, parse_transform(el.get("transform")))
    yield el, m
    for child in el:
        yield from walk(child, m)


def mm_per_unit(root) -> float:
    return float(root.get("width").removesuffix("mm")) / float(root.get("viewBox").split()[2])


_TOKEN = re.compile(r"[MLZaQ]|[-+]?(?:\d+\.?\d*|\.\d+)")


def path_shape(el):
    """A path's outline: filled subpaths as polygons, stroked ones as lines as wide as their stroke."""
    subpaths, pts, reach = [], [], 0.0
    tokens = _TOKEN.findall(el.get("d"))
    i, cmd, x, y = 0, "M", 0.0, 0.0
    while i < len(tokens):
        if tokens[i] in "MLZaQ":
            cmd = tokens[i]
            i += 1
            if cmd == "Z":
                continue
        if cmd == "M":
            if len(pts) > 1:
                subpaths.append(pts)
            x, y = float(tokens[i]), float(tokens[i + 1])
            pts, i, cmd = [(x, y)], i + 2, "L"
        elif cmd == "L":
            x, y = float(tokens[i]), float(tokens[i + 1])
            pts.append((x, y))
            i += 2
        elif cmd == "Q":
            pts += [(float(tokens[i]), float(tokens[i + 1])), (float(tokens[i + 2]), float(tokens[i + 3]))]
            x, y = pts[-1]
            i += 4
        else:  # a relative arc: its end, and its radius round every point
            reach = max(reach, float(tokens[i]))
            x, y = x + float(tokens[i + 5]), y + float(tokens[i + 6])
            pts.append((x, y))
            i += 7
    if pts:
        subpaths.append(pts)
    width = float(el.get("stroke-width") or 0) / 2
    if el.get("fill", "black") != "none":
        parts = [Polygon(p).buffer(0) if len(p) > 2 else LineString(p if len(p) > 1 else p * 2) for p in subpaths]
        return shapely.union_all(parts).buffer(max(reach, width))
    return shapely.union_all([LineString(p if len(p) > 1 else p * 2) for p in subpaths]).buffer(max(reach, width, 0.01))


def element_shape(el):
    tag = el.tag.removeprefix(SVG)
    if tag == "circle":
        return Point(float(el.get("cx")), float(el.get("cy"))).buffer(float(el.get("r")))
    if tag == "rect":
        x, y = float(el.get("x")), float(el.get("y"))
        return box(x, y, x + float(el.get("width")), y + float(el.get("height")))
    if tag == "path":
        return path_shape(el)
    if tag == "polygon":
        return Polygon([tuple(map(float, p.split(","))) for p in el.get("points").split()])
    if tag == "g":
        return shapely.union_all([element_shape(c) for c in el if c.tag.removeprefix(SVG) in ("circle", "rect", "path", "polygon")])
    raise AssertionError(f"no shape for {tag}")


def labels(root):
    """(role, text, body, leader or None, first, last) of every number and level mark."""
    out = []
    for g in layer(root, "Numbers"):
        body = next(c for c in g if c.tag in (f"{SVG}circle", f"{SVG}rect") and c.get("fill") == "#ffffff")
        words = "".join(next(c for c in g if c.tag == f"{SVG}text").itertext())
        lead = next((c for c in g if c.tag == f"{SVG}line"), None)
        leader = LineString([(float(lead.get("x1")), float(lead.get("y1"))), (float(lead.get("x2")), float(lead.get("y2")))]) if lead is not None else None
        role = g.get("class")
        out.append((role, words, element_shape(body), body, leader, int(g.get("data-feature")), int(g.get("data-last"))))
    return out


def symbols(root):
    """(feature number, shape) of every symbol drawn on the table."""
    out = []
    for el, _ in walk(layer(root, "Features")):
        if "symbol" in classes(el):
            out.append((int(el.get("data-feature")), element_shape(el)))
    return out


def table_frame(root):
    """The table's outline on paper: the unfilled rect of the grid layer."""
    r = next(e for e in layer(root, "Grid") if e.tag == f"{SVG}rect" and e.get("fill") == "none")
    x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
    return x, y, w, h, float(r.get("stroke-width"))


def on_paper(b: Battlefield, root, poly):
    """A feature's outline (table cm, y up from side A's edge) on the paper (mm, y down)."""
    x, y, w, _, _ = table_frame(root)
    k = w / b.width_cm
    return shapely.affinity.affine_transform(poly, [k, 0, 0, -k, x, y + b.depth_cm * k])


CASES = [(sc, seed) for sc in S.SCENARIOS for seed in SEEDS]


@pytest.mark.parametrize("scenario,seed", CASES)
def test_labels_overlap_nothing(scenario, seed):
    b, _, root = plan(scenario, seed)
    labs = labels(root)
    x, y, w, h, frame = table_frame(root)
    inside = box(x, y, x + w, y + h).buffer(-frame / 2)
    bodies = [lab[2] for lab in labs]
    tree = shapely.STRtree(bodies)
    for i, (role, words, body, _, lead, first, last) in enumerate(labs):
        assert body.within(inside), (words, "on the table's frame or off the table")
        others = [j for j in tree.query(body, predicate="intersects") if j != i]
        assert not others, (words, [labs[j][1] for j in others])
        if lead is not None:
            assert not any(lead.intersects(bodies[j]) for j in range(len(bodies)) if j != i), (words, "leader across a label")
    for owner, shape in symbols(root):
        host = b.features[owner - 1].polygon
        for role, words, body, _, lead, first, last in labs:
            assert not body.intersects(shape), (words, "over the symbol of feature", owner)
            # a leader may cross its own feature's symbols and those of what it stands on (a marker on a house)
            if lead is not None and not first <= owner <= last and not host.contains(b.features[first - 1].polygon.representative_point()):
                assert not lead.intersects(shape), (words, "leader across the symbol of feature", owner)


@pytest.mark.parametrize("scenario,seed", CASES)
def test_every_feature_has_its_circled_number_beside_it(scenario, seed):
    b, _, root = plan(scenario, seed)
    numbers = [lab for lab in labels(root) if lab[0] == "number"]
    covered = sorted(n for lab in numbers for n in range(lab[5], lab[6] + 1))
    assert covered == list(range(1, len(b.features) + 1))  # each feature named exactly once
    for _, words, body, el, lead, first, last in numbers:
        assert words == (str(first) if first == last else f"{first}-{last}")
        assert len({b.features[i - 1].kind for i in range(first, last + 1)}) == 1  # a run is of like parts
        if el.tag == f"{SVG}rect":  # a pill: a circle stretched to hold the digits
            assert float(el.get("rx")) == pytest.approx(float(el.get("height")) / 2)
        where = lead.coords[-1] if lead is not None else None
        shapes = [on_paper(b, root, b.features[i - 1].polygon) for i in range(first, last + 1)]
        near = Point(where) if where else body
        assert min(s.distance(near) for s in shapes) <= 1.0, (words, "far from its feature")  # touching it, or on a leader


@pytest.mark.parametrize("scenario,seed", CASES)
def test_every_text_is_at_least_7_pt_and_none_is_cut(scenario, seed):
    b, _, root = plan(scenario, seed)
    unit = mm_per_unit(root)
    for el, m in walk(root):
        if el.tag != f"{SVG}text":
            continue
        scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        size = float(el.get("font-size")) * scale * unit
        words = "".join(el.itertext())
        assert size >= MIN_TEXT_MM - 1e-9, (words, size)
        assert "..." not in words and "\u2026" not in words, words


@pytest.mark.parametrize("scenario,seed", CASES)
def test_the_legend_gives_each_sides_orders_whole_and_stays_on_the_sheet(scenario, seed):
    b, _, root = plan(scenario, seed)
    texts = [el for el, _ in walk(layer(root, "Legend")) if el.tag == f"{SVG}text"]
    said = " ".join("".join(t.itertext()) for t in texts)
    for o in b.scenario.orders:
        assert " ".join(f"{o.side} ({o.role}): {o.order}".split()) in said
    width = float(root.get("viewBox").split()[2])
    for t in texts:
        words = "".join(t.itertext())
        bold = t.get("font-weight") == "bold"
        x = float(t.get("x"))
        assert x + fonts.width(words, float(t.get("font-size")), bold) <= width + 1e-6, words


@pytest.mark.parametrize("scenario", S.SCENARIOS)
def test_a_standard_table_keeps_its_scale_on_a4_with_its_legend_wrapped_and_whole(scenario):
    # the legend grew (7 pt, orders wrapped, signs): still 1:10 for 6 x 4 ft, 1:15 for the relief's 240 x 180 (the manual)
    table, scale = ((240, 180), 15) if scenario == "relief" else ((180, 120), 10)
    for seed in SEEDS[:4]:
        b = generate_battlefield(BattleOptions(seed=seed, scenario=scenario, terrain="plain", table=table, river=seed % 2 == 0))
        chosen = choose_plan_scale(b, get_paper("A4"))
        assert (chosen.scale, chosen.pages) == (scale, 1), (scenario, seed)
        root = ET.fromstring(render_battlefield(b, chosen.scale).tostring().split("\n", 1)[1])
        _, _, width, height = map(float, root.get("viewBox").split())
        assert width <= chosen.paper.printable_mm[0] and height <= chosen.paper.printable_mm[1]
        lowest = max(float(t.get("y")) for t in root.iter(f"{SVG}text"))
        assert lowest <= height  # the legend's last line is on the sheet


@pytest.mark.parametrize("scenario,seed", CASES)
def test_raised_ground_has_a_ring_per_level_and_its_level_written(scenario, seed):
    b, _, root = plan(scenario, seed)
    groups = {int(g.get("data-feature")): g for name in ("Ground pieces", "Features") for g in layer(root, name) if "feature" in classes(g)}
    levels = {lab[5]: lab for lab in labels(root) if lab[0] == "level"}
    for n, f in enumerate(b.features, 1):
        rings = [element_shape(el) for el, _ in walk(groups[n]) if "ring" in classes(el)]
        assert len(rings) == f.levels, (f.kind, n)
        for outer, inner in zip(rings, rings[1:]):
            assert inner.buffer(-0.05).within(outer), (f.kind, n)  # nested, each a step up
        if f.levels:
            _, words, body, _, lead, _, _ = levels[n]
            assert words == f"L{f.levels}"
            near = Point(lead.coords[-1]) if lead is not None else body
            assert on_paper(b, root, f.polygon).distance(near) <= 1.0
        else:
            assert n not in levels


@pytest.mark.parametrize("scenario", S.SCENARIOS)
def test_zones_lie_beneath_the_features_each_side_in_its_own_style(scenario):
    b, _, root = plan(scenario, 0)
    order = [g.get(INKSCAPE_LABEL) for g in root if g.tag == f"{SVG}g"]
    # zones beneath every feature but the ground the zones lie on (a plateau, a mountain base, the sea)
    assert order.index("Ground pieces") < order.index("Deployment") < order.index("Features") < order.index("Numbers")
    assert {g.get("data-kind") for g in layer(root, "Ground pieces")} <= {"plateau", "mountain_base", "inlet"}
    zones = layer(root, "Deployment")
    strokes = {}
    for el in zones:
        if el.get("fill") == "none" and el.get("stroke") in ("#c62828", "#1e5aa8"):
            strokes.setdefault(el.get("stroke"), []).append(el)
    sides = {z.side for z in b.scenario.zones}
    colour = {"A": "#c62828", "B": "#1e5aa8"}
    looks = {}
    for side in sides:
        els = strokes[colour[side]]
        outlines = [e for e in els if float(e.get("stroke-width")) >= 0.4]
        hatch = [e for e in els if float(e.get("stroke-width")) < 0.4]
        assert outlines and not hatch  # the hatch is a lighter tint of the colour
        looks[side] = {bool(e.get("stroke-dasharray")) for e in outlines}
    if len(sides) == 2:
        assert looks["A"] != looks["B"] and all(len(v) == 1 for v in looks.values())  # solid edge against dashed
        angles = {}
        for el in zones:
            d = el.get("d") or ""
            m = re.match(r"M([-\d.]+) ([-\d.]+) L([-\d.]+) ([-\d.]+)", d)
            if m and el.get("fill") == "none" and el.get("stroke") not in colour.values():
                x0, y0, x1, y1 = map(float, m.groups())
                angles[el.get("stroke")] = round(math.degrees(math.atan2(y1 - y0, x1 - x0))) % 180
        assert len(set(angles.values())) == 2  # the two sides hatched at different angles


@pytest.mark.parametrize("scenario", S.SCENARIOS)
def test_every_zones_edge_is_drawn_again_over_the_features(scenario):
    """Issue 11: both sides' zones readable. The raid's village covers side B's zone ("inside the village") whole."""
    b, _, root = plan(scenario, 0)
    order = [g.get(INKSCAPE_LABEL) for g in root if g.tag == f"{SVG}g"]
    assert order.index("Features") < order.index("Deployment edges")
    colour = {"A": "#c62828", "B": "#1e5aa8"}
    edges = [el for el in layer(root, "Deployment edges") if el.get("fill") == "none"]
    for side in {z.side for z in b.scenario.zones}:
        drawn = [e for e in edges if e.get("stroke") == colour[side]]
        assert len(drawn) == sum(1 for z in b.scenario.zones if z.side == side)


def one_feature(f: Feature) -> Battlefield:
    sc = Scenario("pitched", "A", [SideOrders("A", "army", "as chosen", ["edge_a"]), SideOrders("B", "army", "as chosen", ["edge_b"])], [Zone("A", box(0, 0, 180, 30), "side A"), Zone("B", box(0, 90, 180, 120), "side B")], "FW-10")
    return Battlefield(1, Source(None, None, "plain", False, False, False), 180, 120, sc, [f], [])


def tick_tips(b: Battlefield):
    """The plan, and each hachure as (broad end's two corners, point)."""
    root = ET.fromstring(render_battlefield(b).tostring().split("\n", 1)[1])
    tips = []
    for el in (e for e, _ in walk(layer(root, "Features")) if "steep" in classes(e)):
        for m in re.finditer(r"M([-\d.]+) ([-\d.]+) L([-\d.]+) ([-\d.]+) L([-\d.]+) ([-\d.]+) Z", el.get("d")):
            tips.append(tuple(map(float, m.groups())))
    return root, tips


@pytest.mark.parametrize("steep", [(), ("right",), ("near", "left"), ("near", "right", "far", "left")])
def test_hachures_stand_on_the_steep_sides_and_point_downhill(steep):
    hill = Feature("hill", box(60, 40, 100, 70), (40, 30), True, False, None, "", "FW-11.2", 2, steep)
    root, tips = tick_tips(one_feature(hill))
    if not steep:
        assert tips == []
        return
    x, y, w, _, _ = table_frame(root)
    k = w / 180
    x0, x1 = x + 60 * k, x + 100 * k  # the hill on paper; y down: near (side A) is at the bottom
    y_far, y_near = y + (120 - 70) * k, y + (120 - 40) * k
    sides = set()
    for ax, ay, bx, by, tx, ty in tips:
        top = ((ax + bx) / 2, (ay + by) / 2)
        assert math.dist(top, (tx, ty)) >= 1.0  # a tick long enough to see
        at = {"left": abs(tx - x0) < 0.05, "right": abs(tx - x1) < 0.05, "far": abs(ty - y_far) < 0.05, "near": abs(ty - y_near) < 0.05}
        assert any(at.values()), (tx, ty)  # its point on the outline
        side = next(s for s, on in at.items() if on)
        sides.add(side)
        inward = {"left": (1, 0), "right": (-1, 0), "far": (0, 1), "near": (0, -1)}[side]
        assert (top[0] - tx) * inward[0] + (top[1] - ty) * inward[1] > 0.9  # broad end uphill, point downhill
    assert sides == set(steep)


def test_a_mountain_is_hachured_all_round_a_hill_not_at_all():
    b = generate_battlefield(BattleOptions(seed=4, terrain="mountain"))
    root = ET.fromstring(render_battlefield(b).tostring().split("\n", 1)[1])
    steep = {int(el.get("data-feature")) for el, _ in walk(layer(root, "Features")) if "steep" in classes(el)}
    assert steep == {n for n, f in enumerate(b.features, 1) if f.steep} and steep
    assert all(set(b.features[n - 1].steep) == {"near", "right", "far", "left"} for n in steep if KINDS[b.features[n - 1].kind].layer == "relief")


def test_a_legend_too_tall_for_the_sheet_flows_into_a_second_column_and_the_plan_is_measured_with_it():
    # 70 woods of different sizes: 70 legend lines, far taller than an A4 sheet
    woods = [Feature("wood", box(5 + (i % 14) * 12.5, 5 + (i // 14) * 22, 15 + (i % 14) * 12.5, 5 + (i // 14) * 22 + 10 + i % 9), (10, 10 + i % 9 + i / 100), True, True, None, "", "FW-19.1") for i in range(70)]
    b = one_feature(woods[0])
    b.features = woods
    chosen = choose_plan_scale(b, get_paper("A4"))
    root = ET.fromstring(render_battlefield(b, chosen.scale).tostring().split("\n", 1)[1])
    _, _, width, height = map(float, root.get("viewBox").split())
    xs = sorted({float(t.get("x")) for t in layer(root, "Legend").iter(f"{SVG}text")})
    table_right = sum(table_frame(root)[0:3:2])
    assert xs[-1] - min(x for x in xs if x > table_right) >= 62  # a second column, a column's width on
    for t in root.iter(f"{SVG}text"):
        assert float(t.get("y")) <= height and float(t.get("x")) <= width
    if chosen.pages == 1:
        assert width <= chosen.paper.printable_mm[0] and height <= chosen.paper.printable_mm[1]
