"""The Renaissance country map renderer: layers, true-scale size, every node drawn, legend, determinism."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import networkx as nx
import pytest
from shapely.geometry import Point, Polygon

from mapgen.country.model import Country, CountryMap
from mapgen.country.rules import NODE_KINDS, ROAD_MM, TAX, WALLS
from mapgen.render.country import (
    LABELLED,
    LAYERS,
    country_layout,
    load_country_symbols,
    render_country,
)
from mapgen.paper import get_paper
from mapgen.render.pdf import write_pdf
from mapgen.render.templates import load_style_sheet
from mapgen.sides import rc_seat_style

SVG = "{http://www.w3.org/2000/svg}"
INK = "{http://www.inkscape.org/namespaces/inkscape}"
SHEET = (297.0, 210.0)


def _add(g, nid, kind, country, x, y, depth=1, side=None):
    g.add_node(nid, kind=kind, country=country, pos=(x, y), walls=WALLS[kind], income=TAX[kind], depth=depth, side=side)


def _road(g, a, b, country=None, crossing=False):
    g.add_edge(a, b, length_mm=math.dist(g.nodes[a]["pos"], g.nodes[b]["pos"]), country=country, crossing=crossing)


def synthetic_map(neutral_b: bool = True) -> CountryMap:
    """Two countries side by side (A, and B neutral by default): every kind of node, one crossing between them.

    A's capital has a city, a walled village, a village and a fortress on its four roads; B has a
    city and a village.  Each country's outline joins its border and crossing points.
    """
    g = nx.Graph()
    # A: sheet (0, 0), capital at the sheet centre, roads of 30 mm
    _add(g, "A-0", "capital", "A", 148.5, 105.0, 0)
    for nid, kind, x, y, side in (
        ("A-1", "city", 178.5, 105.0, "E"),
        ("A-2", "walled_village", 148.5, 135.0, "S"),
        ("A-3", "village", 118.5, 105.0, "W"),
        ("A-4", "fortress", 148.5, 75.0, "N"),
    ):
        _add(g, nid, kind, "A", x, y, 1, side)
        _road(g, "A-0", nid, "A")
    for nid, kind, parent, x, y, side in (
        ("A-5", "crossing", "A-1", 208.5, 105.0, "E"),
        ("A-6", "border", "A-2", 148.5, 165.0, "S"),
        ("A-7", "border", "A-3", 88.5, 105.0, "W"),
        ("A-8", "border", "A-4", 148.5, 45.0, "N"),
    ):
        _add(g, nid, kind, "A", x, y, 2, side)
        _road(g, parent, nid, "A")
    # B: sheet (1, 0)
    ox = SHEET[0]
    _add(g, "B-0", "capital", "B", ox + 148.5, 105.0, 0)
    for nid, kind, x, y, side in (("B-1", "city", ox + 148.5, 75.0, "N"), ("B-2", "village", ox + 118.5, 105.0, "W")):
        _add(g, nid, kind, "B", x, y, 1, side)
        _road(g, "B-0", nid, "B")
    _add(g, "B-3", "border", "B", ox + 148.5, 45.0, 2, "N")
    _road(g, "B-1", "B-3", "B")
    _add(g, "B-4", "crossing", "B", ox + 88.5, 105.0, 2, "W")
    _road(g, "B-2", "B-4", "B")
    _add(g, "B-5", "border", "B", ox + 178.5, 105.0, 1, "E")
    _road(g, "B-0", "B-5", "B")
    _add(g, "B-6", "border", "B", ox + 148.5, 135.0, 1, "S")
    _road(g, "B-0", "B-6", "B")
    _road(g, "A-5", "B-4", None, crossing=True)
    countries = [
        Country("A", "Duchy of Valdarno", False, (0, 0), (0.0, 0.0),
                [(148.5, 45.0), (208.5, 105.0), (148.5, 165.0), (88.5, 105.0)], "A-0"),
        Country("B", "Republic of Serravalle", neutral_b, (1, 0), (ox, 0.0),
                [(ox + 148.5, 45.0), (ox + 178.5, 105.0), (ox + 148.5, 135.0), (ox + 88.5, 105.0)], "B-0"),
    ]
    return CountryMap(seed=42, sheet_mm=SHEET, grid=(2, 1), countries=countries, graph=g)


@pytest.fixture(scope="module")
def svg_text() -> str:
    return render_country(synthetic_map()).tostring()


@pytest.fixture(scope="module")
def root(svg_text) -> ET.Element:
    return ET.fromstring(svg_text)


def _layers(root) -> dict[str, ET.Element]:
    return {g.get(f"{INK}label"): g for g in root.findall(f"{SVG}g") if g.get(f"{INK}groupmode") == "layer"}


def _texts(el) -> list[str]:
    return ["".join(t.itertext()) for t in el.iter(f"{SVG}text")]


def _mm(value: str) -> float:
    assert value.endswith("mm"), value
    return float(value[:-2])


# --------------------------------------------------------------------------
# structure
# --------------------------------------------------------------------------


def test_layers_are_inkscape_layers_in_drawing_order(root):
    layers = [g for g in root.findall(f"{SVG}g") if g.get(f"{INK}groupmode") == "layer"]
    assert [g.get(f"{INK}label") for g in layers] == list(LAYERS)
    assert set(LAYERS) == {"Background", "Borders", "Roads", "Crossings", "Settlements", "Labels", "Legend"}
    for g in layers:
        assert g.get("id", "").startswith("layer-")
        assert len(g) > 0, f"layer {g.get(f'{INK}label')} is empty"


def test_drawing_is_true_scale_and_covers_the_sheets(root):
    cm = synthetic_map()
    w, h = _mm(root.get("width")), _mm(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')[:-2]} {root.get('height')[:-2]}"
    lay = country_layout(cm)
    assert (w, h) == pytest.approx((lay.width_mm, lay.height_mm), abs=1e-3)
    assert lay.map_x >= 0 and lay.map_y >= 0
    assert lay.map_x + cm.size_mm[0] <= w and lay.map_y + cm.size_mm[1] <= h
    assert (lay.map_w, lay.map_h) == cm.size_mm
    # the legend sits beside or below the sheets, never on them
    if lay.legend_side == "right":
        assert lay.legend_x >= lay.map_x + lay.map_w
    else:
        assert lay.legend_y >= lay.map_y + lay.map_h
    # every node lies inside the drawing, where the map puts it (offset by the map's corner)
    nodes = _layers(root)["Settlements"]
    for g in nodes.iter(f"{SVG}g"):
        if g.get("data-node"):
            x, y = cm.graph.nodes[g.get("data-node")]["pos"]
            assert g.get("transform").startswith(f"translate({_fmt(x + lay.map_x)},{_fmt(y + lay.map_y)})")


def _fmt(v):
    from mapgen.render.svgdoc import fmt

    return fmt(v)


def test_every_node_is_drawn_once_with_its_kind(root):
    cm = synthetic_map()
    groups = [g for g in _layers(root)["Settlements"].iter(f"{SVG}g") if g.get("data-kind")]
    drawn = {g.get("data-node"): g.get("data-kind") for g in groups}
    assert len(groups) == cm.graph.number_of_nodes() == len(drawn)
    assert drawn == {n: d["kind"] for n, d in cm.graph.nodes(data=True)}
    assert set(drawn.values()) == set(NODE_KINDS)  # the synthetic map has every kind
    ids = [g.get("id") for g in groups]
    assert len(set(ids)) == len(ids)


def test_symbols_are_inlined_copies_of_the_template(root):
    symbols = load_country_symbols()
    for g in _layers(root)["Settlements"].iter(f"{SVG}g"):
        kind = g.get("data-kind")
        if kind:
            assert [c.tag.replace(SVG, "") for c in g] == [e.tag for e in symbols[kind].elements]


def test_border_and_crossing_marks_lie_across_their_road(root):
    """A border tick is turned to the heading of the road it ends (rotate in the transform)."""
    by_node = {g.get("data-node"): g for g in _layers(root)["Settlements"].iter(f"{SVG}g") if g.get("data-node")}
    assert "rotate(90)" in by_node["A-6"].get("transform")  # road runs south into A-6
    assert "rotate(180)" in by_node["A-7"].get("transform")  # road runs west into A-7
    assert "rotate(" not in by_node["A-5"].get("transform")  # road runs east: no turn needed
    assert "rotate(" not in by_node["A-1"].get("transform")  # settlements never turn


def test_roads_and_crossings_are_drawn_on_their_layers(root):
    layers = _layers(root)
    road_d = " ".join(p.get("d") for p in layers["Roads"].iter(f"{SVG}path"))
    roads = sum(1 for *_e, d in synthetic_map().graph.edges(data=True) if not d["crossing"])
    assert roads == 14 and road_d.count("M ") == 2 * roads  # casing and road line for every road
    gates = [g for g in layers["Crossings"].iter(f"{SVG}g") if g.get("data-link")]
    assert [g.get("data-link") for g in gates] == ["A-5 B-4"]
    lay = country_layout(synthetic_map())
    # the barrier sits where the crossing passes from A's sheet into B's
    assert gates[0].get("transform").startswith(f"translate({_fmt(lay.map_x + SHEET[0])},")
    dashed = [p for p in layers["Crossings"].iter(f"{SVG}path") if p.get("stroke-dasharray")]
    assert len(dashed) == 1 and dashed[0].get("d").count("M ") == 1


def test_countries_are_tinted_bordered_and_named_inside(root):
    cm = synthetic_map()
    lay = country_layout(cm)
    borders = _layers(root)["Borders"]
    for c in cm.countries:
        g = borders.find(f"{SVG}g[@id='country-{c.id}']")
        assert g is not None
        fills = [p.get("fill") for p in g.findall(f"{SVG}path") if p.get("fill") != "none"]
        assert len(fills) == 1
        assert any(p.get("stroke-dasharray") for p in g.findall(f"{SVG}path"))
    style = load_style_sheet("country")
    neutral = borders.find(f"{SVG}g[@id='country-B']")
    assert neutral.find(f"{SVG}path").get("fill") == style["neutral"]["fill"]
    assert any(p.get("stroke") == style["neutral"]["hatch"] for p in neutral.findall(f"{SVG}path"))
    player = borders.find(f"{SVG}g[@id='country-A']")
    # The map's first player country is seat P1's (RC-2: P1 takes the first player country): P1's tint.
    assert player.find(f"{SVG}path").get("fill") == rc_seat_style(0).tint
    assert not any(p.get("stroke") == style["neutral"]["hatch"] for p in player.findall(f"{SVG}path"))
    labels = _layers(root)["Labels"]
    for c in cm.countries:
        poly = Polygon([(x + lay.map_x, y + lay.map_y) for x, y in c.border])
        name = labels.find(f"{SVG}g[@data-country='{c.id}']")
        lines = list(name.iter(f"{SVG}text"))
        assert " ".join("".join(t.itertext()) for t in lines) == c.name + (" (neutral)" if c.neutral else "")
        for t in lines:
            assert t.get("font-style") == "italic" and "'dejavu serif'" in t.get("font-family").lower()
            assert poly.contains(Point(float(t.get("x")), float(t.get("y"))))


def test_every_settlement_and_crossing_point_is_labelled(root):
    cm = synthetic_map()
    texts = _texts(_layers(root)["Labels"])
    want = sorted(n for n, d in cm.graph.nodes(data=True) if d["kind"] in LABELLED)
    assert sorted(t for t in texts if t in cm.graph) == want
    # a path may name a border point too (issue 25): its id is on the map like a crossing point's
    assert all(n in texts for n, d in cm.graph.nodes(data=True) if d["kind"] == "border")


def test_legend_has_symbols_taxes_scale_summary_and_seed(root):
    cm = synthetic_map()
    legend = _layers(root)["Legend"]
    texts = _texts(legend)
    joined = "\n".join(texts)
    symbols = load_country_symbols()
    after = {}
    for kind in NODE_KINDS:
        assert symbols[kind].label in texts
        after[kind] = texts[texts.index(symbols[kind].label) + 1]
    assert after["city"] == f"walled \u2014 {TAX['city']} ducats a year"  # RC-1.1 and Tabella 29
    assert after["village"] == f"no walls \u2014 {TAX['village']} ducats a year"
    assert "RC-A.3" in after["capital"] and after["capital"].endswith(f"{TAX['city']} ducats a year")
    assert "walled" in after["walled_village"] and after["walled_village"].endswith(f"{TAX['village']} ducats a year")
    assert after["fortress"].endswith(f"{TAX['fortress']} ducats a year")
    assert after["border"].endswith("no tax") and after["crossing"].endswith("no tax")
    for word in ("Road", "Border crossing", "Country border", "N", "3 cm"):
        assert word in texts, word
    assert "Seed 42" in joined
    # a scale bar exactly one road long, at true scale
    bars = [r for r in legend.iter(f"{SVG}rect") if r.get("height") == "1.6"]
    assert sum(float(r.get("width")) for r in bars) == pytest.approx(ROAD_MM)
    # the summary table: per-country income and the total
    for s in cm.summary():
        assert str(s["income"]) in texts
    assert "All countries" in texts
    assert str(sum(s["income"] for s in cm.summary())) in texts
    # legend swatches: each kind's symbol appears (legend row and table head)
    kinds = [g.get("data-kind") for g in legend.iter(f"{SVG}g") if g.get("data-kind")]
    assert kinds == []  # legend copies carry no node attributes, so node counts stay exact


def test_summary_counts_are_drawn(root):
    cm = synthetic_map()
    texts = _texts(_layers(root)["Legend"])
    a = next(s for s in cm.summary() if s["country"] == "A")
    assert a["income"] == 40 + 40 + 10 + 10 + 20
    assert str(a["income"]) in texts


def test_output_is_deterministic(svg_text):
    assert render_country(synthetic_map()).tostring() == svg_text
    cm = synthetic_map()
    assert render_country(cm).tostring() == render_country(cm).tostring()


def test_svglib_safe(svg_text):
    for bad in ("<pattern", "<use", "<symbol", " class=", " style=", "<filter", "<mask", "clip-path", "opacity"):
        assert bad not in svg_text, bad


def test_pdf_prints_at_true_scale(tmp_path, svg_text):
    report = write_pdf(svg_text, tmp_path / "country.pdf", get_paper("A3"), title="country")
    lay = country_layout(synthetic_map())
    assert report.size_mm == pytest.approx((lay.width_mm, lay.height_mm), abs=0.01)
    assert (tmp_path / "country.pdf").read_bytes().startswith(b"%PDF")


def test_one_a4_country_fits_one_a3_page(tmp_path):
    """The issue's default (one country on A4) prints with its legend on a single A3 sheet."""
    cm = synthetic_map()
    g = cm.graph.subgraph(cm.nodes_of("A")).copy()
    one = CountryMap(7, SHEET, (1, 1), [cm.countries[0]], g)
    report = write_pdf(render_country(one).tostring(), tmp_path / "one.pdf", get_paper("A3"))
    assert report.pages == 1


def test_symbols_stay_distinct_without_colour():
    """No two kinds share a shape outline: black-and-white prints keep them apart."""
    symbols = load_country_symbols()
    for kind in NODE_KINDS + ("gate", "compass"):
        assert kind in symbols
    shapes = {}
    for kind in NODE_KINDS:
        key = tuple((e.tag, tuple(sorted((k, v) for k, v in e.attrib.items() if k not in ("fill", "stroke"))))
                    for e in symbols[kind].elements)
        assert key not in shapes, f"{kind} looks like {shapes.get(key)}"
        shapes[key] = kind
    sizes = {k: symbols[k].radius for k in ("capital", "city", "walled_village", "village")}
    assert sizes["capital"] > sizes["city"] > sizes["walled_village"] > sizes["village"]


def test_a_degenerate_border_still_renders():
    cm = synthetic_map(neutral_b=False)
    cm.countries[0].border = [(10.0, 10.0), (20.0, 10.0)]  # too few points to enclose anything
    cm.countries[1].border = [(300.0, 20.0), (500.0, 200.0), (500.0, 20.0), (300.0, 200.0)]  # a bow tie
    svg = render_country(cm).tostring()
    root = ET.fromstring(svg)
    drawn = [g for g in _layers(root)["Settlements"].iter(f"{SVG}g") if g.get("data-kind")]
    assert len(drawn) == cm.graph.number_of_nodes()


def test_json_round_trip_renders_the_same_nodes():
    cm = synthetic_map()
    back = CountryMap.from_json(cm.to_json())
    root = ET.fromstring(render_country(back).tostring())
    kinds = sorted(g.get("data-kind") for g in _layers(root)["Settlements"].iter(f"{SVG}g") if g.get("data-kind"))
    assert kinds == sorted(d["kind"] for _n, d in cm.graph.nodes(data=True))


# --------------------------------------------------------------------------
# generated maps
# --------------------------------------------------------------------------


def _generate(seed, countries, neutrals=0):
    generate = pytest.importorskip("mapgen.country.generate")
    return generate.generate_countries(seed, countries=countries, neutrals=neutrals)


@pytest.mark.parametrize("seed,countries,neutrals", [(1, 1, 0), (2, 3, 1), (3, 9, 0)])
def test_generated_maps_draw_every_node_and_crossing(seed, countries, neutrals):
    cm = _generate(seed, countries, neutrals)
    svg = render_country(cm).tostring()
    root = ET.fromstring(svg)
    layers = _layers(root)
    drawn = [g.get("data-node") for g in layers["Settlements"].iter(f"{SVG}g") if g.get("data-kind")]
    assert sorted(drawn) == sorted(cm.graph.nodes)
    gates = [g for g in layers["Crossings"].iter(f"{SVG}g") if g.get("data-link")]
    assert len(gates) == sum(1 for *_e, d in cm.graph.edges(data=True) if d["crossing"])
    lay = country_layout(cm)
    for c in cm.countries:
        poly = Polygon([(x + lay.map_x, y + lay.map_y) for x, y in c.border]).buffer(0.5)
        for t in layers["Labels"].find(f"{SVG}g[@data-country='{c.id}']").iter(f"{SVG}text"):
            assert poly.contains(Point(float(t.get("x")), float(t.get("y")))), c.name
    assert render_country(cm).tostring() == svg


# --------------------------------------------------------------------------
# exits off the map and crossing lines that bend (RC-1.7)
# --------------------------------------------------------------------------


def _polygon_points(el) -> list[tuple[float, float]]:
    nums = [float(v) for v in el.get("points").replace(",", " ").split()]
    return list(zip(nums[0::2], nums[1::2]))


def test_exits_are_drawn_as_arrows_pointing_off_their_sheet_edge():
    cm = _generate(5, 1)
    assert {x.edge for x in cm.exits} == {"N", "E", "S", "W"}
    root = ET.fromstring(render_country(cm).tostring())
    layer = _layers(root)["Crossings"]
    arrows = {el.get("data-exit"): el for el in layer.iter(f"{SVG}polygon") if el.get("data-exit")}
    assert sorted(arrows) == sorted(f"{x.node} {x.edge}" for x in cm.exits)
    lay = country_layout(cm)
    out = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}
    for x in cm.exits:
        tip, *base = _polygon_points(arrows[f"{x.node} {x.edge}"])
        qx, qy = x.path[-1]
        assert tip == pytest.approx((qx + lay.map_x, qy + lay.map_y), abs=0.01)  # at the line's end
        mid = ((base[0][0] + base[1][0]) / 2, (base[0][1] + base[1][1]) / 2)
        dx, dy = out[x.edge]
        assert (tip[0] - mid[0]) * dx + (tip[1] - mid[1]) * dy == pytest.approx(2.6, abs=0.01)  # pointing off the map
        assert math.dist(*base) == pytest.approx(2.6, abs=0.01)
    dashed = [p for p in layer.iter(f"{SVG}path") if p.get("stroke-dasharray")]
    assert len(dashed) == 1 and dashed[0].get("d").count("M ") == len(cm.exits)
    legend = " ".join(_texts(_layers(root)["Legend"]))
    assert "Exit off the map" in legend and "Border crossing" not in legend  # a lone country has no crossing


def test_crossing_lines_are_drawn_along_their_path_with_the_barrier_on_the_sheet_edge():
    cm = _generate(7, 5, 2)
    bent = [(a, b, d["path"]) for a, b, d in cm.graph.edges(data=True) if d["crossing"] and len(d["path"]) > 3]
    assert bent, "this map has crossing lines routed round something"
    root = ET.fromstring(render_country(cm).tostring())
    layer = _layers(root)["Crossings"]
    lay = country_layout(cm)
    d = next(p for p in layer.iter(f"{SVG}path") if p.get("stroke-dasharray")).get("d")
    for a, b, path in bent:
        drawn = "M " + " L ".join(f"{_fmt(x + lay.map_x)} {_fmt(y + lay.map_y)}" for x, y in path)
        assert drawn in d
    gates = {g.get("data-link"): g.get("transform") for g in layer.iter(f"{SVG}g") if g.get("data-link")}
    legend = " ".join(_texts(_layers(root)["Legend"]))
    assert "Exit off the map" in legend and "Border crossing" in legend
    for a, b, path in bent:
        ca = cm.country(cm.graph.nodes[a]["country"])
        gate = next(p for p in path if abs(p[0] - ca.origin[0] - cm.sheet_mm[0]) < 1e-6 or abs(p[0] - ca.origin[0]) < 1e-6
                    or abs(p[1] - ca.origin[1] - cm.sheet_mm[1]) < 1e-6 or abs(p[1] - ca.origin[1]) < 1e-6)
        assert gates[f"{a} {b}"].startswith(f"translate({_fmt(gate[0] + lay.map_x)},{_fmt(gate[1] + lay.map_y)})")


def test_the_title_counts_the_countries_as_the_player_asked_for_them():
    """The 300 dpi look: `mapgen country --countries 3 --neutrals 1` printed "4 countries, 1 neutral" under the
    title, which reads as five. --countries is the players' countries and --neutrals the neutral ones."""
    from mapgen.render.country_legend import _title_lines

    assert _title_lines(_generate(3, 3, 1))[1][1].startswith("3 countries and 1 neutral on ")
    assert _title_lines(_generate(3, 2))[1][1].startswith("2 countries on ")


@pytest.mark.parametrize("sheet,size", [("a4", "297 x 210 mm"), ("letter", "279.4 x 215.9 mm"), ("tabloid", "431.8 x 279.4 mm")])
def test_the_key_keeps_each_number_with_its_unit(sheet, size):
    """C2, the 300 dpi look: with --sheet letter the key's cartouche read "... 2 x 2 sheets of 279.4 x 215.9" and
    then "mm" alone on a line. A sheet's size is read as one: it is never split, and no line starts with a unit."""
    from mapgen.render.country_key import render_country_key

    generate = pytest.importorskip("mapgen.country.generate")
    cm = generate.generate_countries(3, countries=3, neutrals=1, sheet=sheet)
    root = ET.fromstring(render_country_key(cm, get_paper("A3")).tostring())
    lines = [" ".join((t.text or "").replace("\u00d7", "x").split()) for t in root.iter(f"{SVG}text")]
    assert any(line.endswith(f"sheets of {size}") or line == size for line in lines), lines
    for unit in ("mm", "%", "sheets", "x"):
        assert not any(line.split()[:1] == [unit] for line in lines), (unit, lines)


#: Clear paper a player needs between two symbols of the legend to see them as two (a hairline at 300 dpi is 0.1 mm).
SYMBOL_CLEAR_MM = 0.5


@pytest.mark.parametrize("countries,neutrals", [(1, 0), (3, 1)])
def test_the_keys_symbols_keep_clear_of_each_other(countries, neutrals):
    """C3, the 300 dpi look: the capital's symbol was taller than its legend row and its lower circles touched the
    City symbol below. Every symbol of the key (strokes included) keeps clear of every other."""
    from mapgen.render.country_key import render_country_key
    from mapgen.render.svgbounds import element_box, parse_transform

    cm = _generate(3, countries, neutrals)
    root = ET.fromstring(render_country_key(cm, get_paper("A3")).tostring())
    legend = _layers(root)["Legend"]
    # The symbols down the legend's swatch column, one a row: each place's and the crossing's gate (the table's
    # heads stand side by side in its head row: their own matter).
    symbols = [g for g in legend if g.tag == f"{SVG}g"]
    left = min(parse_transform(g.get("transform"))[4] for g in symbols)
    boxes = [element_box(g) for g in symbols if abs(parse_transform(g.get("transform"))[4] - left) < 1e-6]
    assert len(boxes) >= 7  # capital, city, walled village, village, fortress, border and crossing points
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])
            assert apart >= SYMBOL_CLEAR_MM, (a, b)
