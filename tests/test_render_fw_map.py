"""The Fantasy Warriors map renderer: layers, true-scale size, content, determinism, templates."""

from __future__ import annotations

import math
import re
import time
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from mapgen.fw.model import Climate, Config, Crossing, FwMap, Holding, River, Road, Side
from mapgen.sides import fw_side_style
from mapgen.fw.places import Place
from mapgen.fw.rules import TERRAIN
from mapgen.render.fw_map import LAYERS, fw_map_layout, load_style, load_symbols, render_fw_map, template_path

from .colour_helpers import pdf_colours

SVG = "{http://www.w3.org/2000/svg}"
INK = "{http://www.inkscape.org/namespaces/inkscape}"

_ROWS = [
    "M M H P F F H M M H S S",
    "H M H U F J H M H P C S",
    "P H C U U P P H P C C S",
    "C C P P W W P P D D P S",
    "P C P U W L L P D D C P",
    "F P P P U L P P H D P P",
    "F F H P C P U H M H C P",
    "F J H M P P U H M M P P",
]
_CODES = {
    "P": "plain", "U": "uncultivated", "C": "cultivated", "H": "hills", "M": "mountain", "F": "forest",
    "J": "jungle", "W": "swamp", "D": "desert", "L": "lake", "S": "sea",
}


def synthetic_map(width: int = 12, height: int = 8, square_mm: float = 50.0) -> FwMap:
    """A 12x8 map with every terrain, two rivers (one bridge, one ford), a road, holdings and features.

    Larger sizes (at least 12x8) repeat the terrain pattern; the extras stay where the 12x8 map has them.
    """
    terrain = np.empty((height, width), dtype="<U12")
    for r in range(height):
        codes = _ROWS[r % len(_ROWS)].split()
        for c in range(width):
            terrain[r, c] = _CODES[codes[c % len(codes)]]
    third = width // 3
    territory = np.full((height, width), "N", dtype="<U1")
    territory[:, :third] = "A"
    territory[:, width - third :] = "B"
    rivers = [
        River([(7, 1), (7, 2), (6, 2), (6, 3), (6, 4)], "lake", [0.9, 0.8, 0.7, 0.6, 0.5], name="Silverrun"),
        River([(9, 6), (9, 5), (10, 5), (10, 4), (11, 4)], "sea", [0.7, 0.6, 0.5, 0.4, 0.3], name="Gorash Water"),
    ]
    river = np.zeros((height, width), bool)
    for rv in rivers:
        for (x0, y0), (x1, y1) in rv.edges():
            if x0 == x1:
                for sq in ((x0 - 1, min(y0, y1)), (x0, min(y0, y1))):
                    river[sq[1], sq[0]] = True
            else:
                for sq in ((min(x0, x1), y0 - 1), (min(x0, x1), y0)):
                    river[sq[1], sq[0]] = True
    road_squares = [(1, 3), (2, 3), (3, 3), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2), (9, 2)]
    road = np.zeros((height, width), bool)
    for c, r in road_squares:
        road[r, c] = True
    holdings = [
        Holding("A", (1, 3), True, "city"),
        Holding("A", (2, 6), False, "burial_mound", "sacred_sword"),
        Holding("A", (3, 0), False, "village"),
        Holding("B", (9, 2), True, "tower_of_magic"),
        Holding("B", (8, 5), False, "sanctuary"),
        Holding("B", (11, 6), False, "precious_metal_mine"),
    ]

    def cfg(sq, name, category):
        return Config(sq, name, category, "FW-11.8", "A", str(territory[sq[1], sq[0]]))

    configs = [
        cfg((4, 3), "marsh", "hydrography"),
        cfg((6, 6), "ruins", "artificial"),
        cfg((2, 1), "temple", "artificial"),
        cfg((8, 4), "dunes", "special"),
        cfg((4, 0), "enchanted_wood", "vegetation"),
        cfg((6, 7), "cemetery", "artificial"),
        cfg((9, 0), "tower", "artificial"),
        cfg((3, 0), "farm", "artificial"),
        cfg((5, 6), "volcano", "special"),
        cfg((0, 5), "forest", "vegetation"),  # restates the terrain: no extra mark
    ]
    return FwMap(
        seed=12345,
        width=width,
        height=height,
        square_mm=square_mm,
        climate=Climate("temperate", "spring", 1, "rain", 1, "rain"),
        region="hilly",
        sides=[Side("A", "Red", "humans", "#c0392b"), Side("B", "Blue", "orcs", "#2e5fa8")],
        terrain=terrain,
        elevation=np.zeros((height, width)),
        territory=territory,
        river=river,
        road=road,
        features={(8, 6): ["pass"], (3, 7): ["boulders"]},
        rivers=rivers,
        crossings=[Crossing(((5, 2), (6, 2)), "bridge"), Crossing(((9, 4), (10, 4)), "ford")],
        roads=[Road(road_squares)],
        holdings=holdings,
        configs=configs,
        dice_log=[],
        # holdings keep no names here: a map from before names still labels its capitals "Capital A"
        chains=[Place("Greyfang Peaks", "mountains", "humans", [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)])],
        regions=[Place("Mirkwald", "forest", "neutral", [(4, 0), (5, 0), (4, 1)])],
    )


@pytest.fixture(scope="module")
def fwmap() -> FwMap:
    return synthetic_map()


@pytest.fixture(scope="module")
def svg_text(fwmap) -> str:
    return render_fw_map(fwmap).tostring()


@pytest.fixture(scope="module")
def root(svg_text) -> ET.Element:
    return ET.fromstring(svg_text.split("\n", 1)[1])


def _layers(root):
    return [g for g in root.iter(f"{SVG}g") if g.get(f"{INK}groupmode") == "layer"]


def test_layers_in_order_with_inkscape_attributes(root):
    layers = _layers(root)
    assert [g.get(f"{INK}label") for g in layers] == list(LAYERS)
    for g in layers:
        assert g.get("id", "").startswith("layer-")
        assert len(g) > 0, f"layer {g.get(f'{INK}label')} is empty"


def test_size_is_true_scale(fwmap, root):
    lay = fw_map_layout(fwmap)
    assert root.get("width") == f"{lay.width_mm:g}mm".replace(".0mm", "mm") or root.get("width").endswith("mm")
    width = float(root.get("width")[:-2])
    height = float(root.get("height")[:-2])
    assert root.get("viewBox") == f"0 0 {root.get('width')[:-2]} {root.get('height')[:-2]}"
    assert lay.grid_w == fwmap.width * fwmap.square_mm == 600
    assert lay.grid_h == fwmap.height * fwmap.square_mm == 400
    assert width == pytest.approx(lay.width_mm, abs=1e-3)
    assert height == pytest.approx(lay.height_mm, abs=1e-3)
    # the map block (grid plus margins on every side) and the legend fit inside the drawing
    assert lay.grid_x - lay.margin >= 0 and lay.grid_y - lay.margin >= 0
    assert lay.grid_x + lay.grid_w + lay.margin <= width
    assert lay.grid_y + lay.grid_h + lay.margin <= height
    assert lay.legend_x + lay.legend_w <= width + 1e-6 and lay.legend_y + lay.legend_h <= height + 1e-6
    # the grid frame is drawn exactly square_mm per square
    frame = [r for r in root.iter(f"{SVG}rect") if r.get("width") == "600" and r.get("height") == "400" and r.get("fill") == "none"]
    assert frame


def test_square_size_follows_square_mm():
    m = synthetic_map(square_mm=40)
    lay = fw_map_layout(m)
    assert (lay.grid_w, lay.grid_h) == (480, 320)
    assert 'scale(0.8)' in render_fw_map(m).tostring()


def test_grid_labels_on_all_edges_and_square_ids(fwmap, root):
    grid = next(g for g in _layers(root) if g.get(f"{INK}label") == "Grid")
    texts = [t.text for t in grid.iter(f"{SVG}text")]
    for letter in "ABCDEFGHIJKL":
        assert texts.count(letter) == 2
    for n in range(1, 9):
        assert texts.count(str(n)) == 2
    for sq in ("A1", "C4", "L8"):
        assert sq in texts


def test_every_holding_is_drawn(fwmap, root):
    layer = next(g for g in _layers(root) if g.get(f"{INK}label") == "Holdings")
    text = ET.tostring(layer, encoding="unicode")
    lay = fw_map_layout(fwmap)
    origins = {m.group(1) for m in re.finditer(r'<ns0:g transform="translate\(([-\d.,]+)\)"', text)}
    for h in fwmap.holdings:
        x, y = lay.grid_x + h.square[0] * 50, lay.grid_y + h.square[1] * 50
        assert f"{x:g},{y:g}" in origins, f"no holding drawn in {h.square}"
        # FW-1.1: side A red, side B blue, in the table's colours whatever the file says.
        assert fw_side_style(h.side).color in text
    assert text.count("Capital A") == 1 and text.count("Capital B") == 1
    assert "Sacred" in text and "Sword)" in text and "Village" in text


def test_rivers_crossings_roads_and_features(fwmap, root):
    def layer(name):
        return next(g for g in _layers(root) if g.get(f"{INK}label") == name)

    # A river is a water ribbon (a filled path) with its spring (issue 11), not a cased line.
    water = load_style()["river"]["color"]
    assert len([e for e in layer("Rivers").iter(f"{SVG}path") if e.get("fill") == water]) == len(fwmap.rivers)
    assert len([e for e in layer("Rivers").iter(f"{SVG}circle") if e.get("fill") == water]) == len(fwmap.rivers)
    assert len(list(layer("Roads").iter(f"{SVG}polyline"))) == 2 * len(fwmap.roads)
    assert len([g for g in layer("Crossings") if g.tag == f"{SVG}g"]) == len(fwmap.crossings)
    features = ET.tostring(layer("Features"), encoding="unicode")
    for label in ("Marsh", "Ruins", "Temple", "Dunes", "Enchanted wood", "Cemetery", "Tower", "Farm", "Volcano", "Mountain pass", "Boulders"):
        assert label in features
    assert ">Forest<" not in features  # a configuration that only restates the terrain gets no extra mark
    legend = ET.tostring(layer("Legend"), encoding="unicode")
    for text in ("Hills", "\u20132", "+1", "Precipitation test modifier +1", "Region type: Hilly", "Seed: 12345",
                 "one day's march", "Side A: Red, humans", "Side B: Blue, orcs", "Bridge", "Ford", "Mountain pass",
                 "12 \u00d7 8 squares (600 \u00d7 400 mm)", "Temperate", "Spring"):
        assert text in legend, text
    territory = ET.tostring(layer("Territory"), encoding="unicode")
    for text in ("Side A territory (Red, humans)", "Neutral territory", "Side B territory (Blue, orcs)"):
        assert territory.count(text) == 2 * 4  # above and below the map, in each of the band's 4 squares


def test_only_a_watercourse_drawn_on_the_map_loses_its_mark():
    """FW-11.6 result 1-2: a new stream, river or wadi is the map's own river line; a second one,
    which the battlefield lays beside the square's river (FW-11.1), is shown by its mark."""
    m = synthetic_map()
    m.configs += [
        Config((6, 1), "river", "hydrography", "FW-11.6", "A", "N", "second"),  # beside the first river
        Config((9, 4), "wadi", "hydrography", "FW-11.6", "B", "B", "new"),  # desert by the second river
        Config((7, 1), "stream", "hydrography", "FW-11.6", "A", "N", "new"),
    ]
    root = ET.fromstring(render_fw_map(m).tostring().split("\n", 1)[1])
    features = ET.tostring(next(g for g in _layers(root) if g.get(f"{INK}label") == "Features"), encoding="unicode")
    assert features.count(">River<") == 1
    assert ">Wadi<" not in features and ">Stream<" not in features


def test_a_configuration_that_restates_its_terrain_has_no_mark_of_its_own():
    """A wood is forest terrain (FW-11.5), so it needs no mark; a forest rolled where the map has
    jungle (an edited map that breaks FW-11.5) is not the terrain drawn there, so it keeps one."""
    m = synthetic_map()
    m.configs += [
        Config((5, 0), "wood", "vegetation", "FW-11.5", "A", "N"),  # on forest
        Config((5, 1), "forest", "vegetation", "FW-11.5", "A", "N"),  # on jungle
    ]
    m.features[(7, 0)] = ["mountain"]  # a hand-written feature naming its square's terrain
    root = ET.fromstring(render_fw_map(m).tostring().split("\n", 1)[1])
    features = ET.tostring(next(g for g in _layers(root) if g.get(f"{INK}label") == "Features"), encoding="unicode")
    assert features.count(">Forest<") == 1  # the one on jungle; the synthetic forest at A6 has none
    assert ">Wood<" not in features and ">Mountain<" not in features
    assert ">Farm<" in features and ">Enchanted wood<" in features  # more than their terrain


def _legend_lines(m) -> list[str]:
    root = ET.fromstring(render_fw_map(m).tostring().split("\n", 1)[1])
    legend = next(g for g in _layers(root) if g.get(f"{INK}label") == "Legend")
    return ["".join(t.itertext()) for t in legend.iter(f"{SVG}text")]


def test_the_legend_says_a_torrid_season_leaves_the_deserts_out():
    """FW-7.3.2, AMB-48: great rains give +2 (rain) "with the sole exclusion of deserts", which stay at 0."""
    m = synthetic_map()
    m.climate = Climate("torrid", "great_rains", 2, "rain", 0, "desert wind or sandstorm")
    lines = _legend_lines(m)
    assert "Precipitation test modifier +2 (rain) (FW-7.4)" in lines
    assert "On deserts: modifier 0 (desert wind or sandstorm) (FW-7.3.2)" in " ".join(lines)  # may wrap
    m.climate = Climate("temperate", "spring", 1, "rain", 1, "rain")  # deserts follow a temperate season
    lines = _legend_lines(m)
    assert "Precipitation test modifier +1 (rain) (FW-7.4)" in lines
    assert not [line for line in lines if line.startswith("On deserts")]


def test_deterministic(fwmap, svg_text):
    assert render_fw_map(synthetic_map()).tostring() == svg_text
    assert render_fw_map(fwmap).tostring() == svg_text


def test_pdf_safe_markup(svg_text):
    for banned in ("<pattern", "<use", "<symbol", "class=", "filter=", "mask=", "<style", "currentColor"):
        assert banned not in svg_text
    assert "nan" not in re.findall(r'"[^"]*"', svg_text) and "e-0" not in svg_text


def test_every_terrain_has_a_symbol_and_style():
    symbols = load_symbols()
    style = load_style()
    for t in TERRAIN:
        assert t in symbols, f"symbols.svg has no <g id={t!r}>"
        assert symbols[t].glyphs, t
        assert t in style["terrain"]
    for needed in ("holding", "capital", "crossing-bridge", "crossing-ford", "north-arrow", "feature-pass", "feature-generic"):
        assert needed in symbols
    for t in TERRAIN:
        for glyph in symbols[t].glyphs:  # a square's glyphs stay in its 0..50 box (stroke included)
            x0, y0, x1, y1 = glyph.box
            assert -1 <= x0 < x1 <= 51 and -1 <= y0 < y1 <= 51, (t, glyph.box)


def test_template_path_finds_the_templates():
    assert template_path("fw-map", "symbols.svg").is_file()
    assert template_path("fw-map", "style.json").is_file()


def test_terrain_glyphs_make_room_for_holdings(fwmap, root):
    terrain = next(g for g in _layers(root) if g.get(f"{INK}label") == "Terrain")
    lay = fw_map_layout(fwmap)
    groups = {g.get("transform"): len(ET.tostring(g)) for g in terrain if g.tag == f"{SVG}g"}
    cap = fwmap.holdings[0].square  # cultivated, with the capital on it
    free = (0, 3)  # cultivated, nothing on it
    def key(sq):
        return f"translate({lay.grid_x + sq[0] * 50:g},{lay.grid_y + sq[1] * 50:g})"
    assert 0 < groups[key(cap)] < groups[key(free)]


def test_renders_fast_and_renders_big():
    m = synthetic_map(15, 10)
    render_fw_map(m)  # warm the template caches
    t0 = time.perf_counter()
    render_fw_map(m).tostring()
    assert time.perf_counter() - t0 < 0.5
    big = synthetic_map(60, 60)
    assert "L8" in render_fw_map(big).tostring()


def test_the_pdf_writer_draws_all_of_it(svg_text):
    from mapgen.render.pdf_draw import Frame, parse_svg
    from mapgen.render.pdf_paint import unsupported

    root = parse_svg(svg_text)
    assert unsupported(root) == []
    assert Frame(root).width == pytest.approx(float(re.search(r'width="([\d.]+)mm"', svg_text).group(1)) * 72 / 25.4, rel=1e-3)


def test_row_bands_and_unknown_features():
    """A tall map split into row thirds gets its labels beside the map; unknown features get the generic mark."""
    m = synthetic_map(12, 18)
    m.territory[:, :] = "N"
    m.territory[:6, :] = "B"
    m.territory[12:, :] = "A"
    m.features[(1, 10)] = ["standing_stones"]
    text = render_fw_map(m).tostring()
    assert "rotate(-90)" in text and text.count("Side A territory (Red, humans)") == 2 * 6  # both sides, 6 rows
    assert "Standing stones" in text


def test_generated_map_renders():
    generate = pytest.importorskip("mapgen.fw.generate")
    from mapgen.fw.options import MapOptions

    m = generate.generate_map(MapOptions(seed=7, size="medium", races=("dwarves", "orcs")))
    text = render_fw_map(m).tostring()
    assert render_fw_map(m).tostring() == text
    root = ET.fromstring(text.split("\n", 1)[1])
    holdings = next(g for g in _layers(root) if g.get(f"{INK}label") == "Holdings")
    assert len(holdings) == len({h.square for h in m.holdings})


def test_territory_never_recolours_a_square(fwmap, root):
    """One colour per terrain whatever the territory (issue 11): territory is a boundary line and edge bands.

    Inside the grid the Territory layer draws only lines on square edges; its filled
    bands lie wholly outside the grid.  Every terrain fill is the style's colour.
    """
    lay = fw_map_layout(fwmap)
    x0, y0, x1, y1 = lay.grid_x, lay.grid_y, lay.grid_x + lay.grid_w, lay.grid_y + lay.grid_h
    layer = next(g for g in _layers(root) if g.get(f"{INK}label") == "Territory")
    s = fwmap.square_mm
    for el in layer.iter():
        tag = el.tag.replace(SVG, "")
        assert el.get("fill-opacity") is None and el.get("opacity") is None, tag
        if tag == "rect":
            rx, ry = float(el.get("x")), float(el.get("y"))
            rw, rh = float(el.get("width")), float(el.get("height"))
            assert rx + rw <= x0 + 1e-6 or rx >= x1 - 1e-6 or ry + rh <= y0 + 1e-6 or ry >= y1 - 1e-6, "a band over the squares"
        elif tag == "line":
            xs, ys = (float(el.get("x1")), float(el.get("x2"))), (float(el.get("y1")), float(el.get("y2")))
            on_column_edge = xs[0] == xs[1] and abs((xs[0] - x0) / s - round((xs[0] - x0) / s)) < 1e-6
            on_row_edge = ys[0] == ys[1] and abs((ys[0] - y0) / s - round((ys[0] - y0) / s)) < 1e-6
            assert on_column_edge or on_row_edge, "a territory line off the square edges"
    style = load_style()
    fills = {style["terrain"][str(t)]["fill"] for t in np.unique(fwmap.terrain)}
    terrain = next(g for g in _layers(root) if g.get(f"{INK}label") == "Terrain")
    square_fills = {r.get("fill") for r in terrain.iter(f"{SVG}rect") if float(r.get("height")) == s and _whole(float(r.get("width")), s)}
    assert square_fills == fills


@pytest.mark.parametrize("seed", range(1, 13))
def test_the_legend_lists_what_is_on_this_map_and_nothing_else(seed):
    """Issue 11: no sea when there is none, a wasteland entry when there is one, each line and crossing only if drawn."""
    from mapgen.fw.generate import generate_map
    from mapgen.fw.options import MapOptions

    m = generate_map(MapOptions(seed=seed, size=("small", "medium", "large")[seed % 3]))
    lines = set(_legend_lines(m))
    present = {str(t) for t in np.unique(m.terrain)}
    wasteland = "desert" in present and m.climate.zone != "torrid"  # FW-2.2: a desert outside the torrid zone
    for t, info in TERRAIN.items():
        shown = t in present and not (t == "desert" and wasteland)
        assert (info.label in lines) == shown, (t, m.climate.zone)
    assert ("Cursed wasteland" in lines) == wasteland
    assert ("River along a square edge" in lines) == bool(m.rivers)
    assert ("Road or caravan track" in lines) == bool(m.roads)
    assert ("Bridge" in lines) == any(c.kind == "bridge" for c in m.crossings)
    assert ("Ford" in lines) == any(c.kind == "ford" for c in m.crossings)


def test_a_marsh_says_what_it_does_and_a_map_without_sea_shows_no_sea():
    m = synthetic_map()
    m.terrain[m.terrain == "sea"] = "plain"
    m.features[(2, 2)] = ["marsh"]
    lines = _legend_lines(m)
    assert "Sea" not in lines
    assert "Marsh" in lines
    # FW-2.6 gives a marsh no movement modifier (only the swamp has -1); on its battlefield, marshes (FW-11.6).
    assert "no movement modifier (FW-2.6); battlefield marshes (FW-11.6)" in lines


def _luminance(hex_colour: str) -> float:
    r, g, b = (int(hex_colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_a_winter_map_looks_wintry_land_under_snow_and_water_under_ice():
    """Issue 11: cold and winter maps look wintry (FW-7.3: a cold zone is always winter)."""
    m = synthetic_map()
    summer = {r.get("fill") for r in _terrain_rects(m)}
    m.climate = Climate("cold", "winter", 2, "snow", 2, "snow")
    style = load_style()
    winter_style = load_style(m)
    for t, colours in style["terrain"].items():
        assert _luminance(winter_style["terrain"][t]["fill"]) > _luminance(colours["fill"]), t  # paler, snowier
    winter = {r.get("fill") for r in _terrain_rects(m)}
    assert winter.isdisjoint(summer)
    water = {winter_style["terrain"][t]["fill"] for t in ("lake", "sea")}
    assert len(water) == 1  # one ice colour for frozen water
    assert load_style() is style  # the summer style is untouched


def _terrain_rects(m):
    root = ET.fromstring(render_fw_map(m).tostring().split("\n", 1)[1])
    terrain = next(g for g in _layers(root) if g.get(f"{INK}label") == "Terrain")
    return [r for r in terrain.iter(f"{SVG}rect") if float(r.get("height")) == m.square_mm and _whole(float(r.get("width")), m.square_mm)]


def _whole(width: float, square: float) -> bool:
    """A run of whole squares (a terrain fill), not a band along an edge."""
    return abs(width / square - round(width / square)) < 1e-9 and width >= square


def test_coasts_have_a_shallow_water_edge():
    """Every edge where a lake or sea square meets land gets a band of shallow water inside the water square."""
    m = synthetic_map()
    water = np.isin(m.terrain.astype(str), ["lake", "sea"])
    coast_edges = 0
    for r in range(m.height):
        for c in range(m.width):
            if water[r, c]:
                for dc, dr in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    cc, rr = c + dc, r + dr
                    coast_edges += 0 <= cc < m.width and 0 <= rr < m.height and not water[rr, cc]
    assert coast_edges > 0
    shallow = load_style()["shallows"]["color"]
    root = ET.fromstring(render_fw_map(m).tostring().split("\n", 1)[1])
    terrain = next(g for g in _layers(root) if g.get(f"{INK}label") == "Terrain")
    bands = [r for r in terrain.iter(f"{SVG}rect") if r.get("fill") == shallow]
    assert len(bands) == coast_edges


def _grey(colour: str) -> bool:
    c = colour.lstrip("#")
    return len(c) == 6 and c[0:2] == c[2:4] == c[4:6]


def test_the_black_and_white_style_hatches_instead_of_filling():
    """Issue 11: --style bw, hatching instead of fills, for photocopies."""
    m = synthetic_map()
    root = ET.fromstring(render_fw_map(m, "bw").tostring().split("\n", 1)[1])
    layers = {g.get(f"{INK}label"): g for g in _layers(root)}
    fills = {r.get("fill") for r in layers["Terrain"].iter(f"{SVG}rect")}
    assert fills == {"#ffffff"}  # no colour fill under any square
    hatched = {str(t) for t in np.unique(m.terrain)} & {"forest", "jungle", "swamp", "desert", "lake", "sea", "mountain"}
    assert hatched
    bw = load_style(look="bw")
    kinds = [bw["terrain"][t]["hatch"]["kind"] for t in bw["terrain"] if "hatch" in bw["terrain"][t]]
    assert len(kinds) - len(set(kinds)) <= 1  # lake and sea may share lines; the rest differ from each other
    paths = [p for p in layers["Terrain"].iter(f"{SVG}path") if p.get("fill") == "none" and p.get("stroke") == "#000000"]
    assert len(paths) >= len(hatched)
    for name in ("Territory", "Rivers", "Roads", "Grid"):  # lines, bands, water and roads all in black, white and grey
        for el in layers[name].iter():
            for attr in ("fill", "stroke"):
                value = el.get(attr)
                if value and value != "none":
                    assert _grey(value), (name, el.tag, attr, value)
    assert load_style()["terrain"]["forest"]["fill"] != "#ffffff"  # the colour style is untouched


def test_black_and_white_square_names_sit_on_white_not_on_the_hatching():
    """Issue 11, the 300 dpi look: in --style bw the sea's and lakes' ruling (1.2 and 1.6 mm apart) and
    the swamp's and forest's lines ran through every square's name, striking "A1" through; a road or a
    river could cross it too. Each name now has a white plate under it, above the hatching and the lines."""
    from mapgen.render import fonts

    m = synthetic_map()
    root = ET.fromstring(render_fw_map(m, "bw").tostring().split("\n", 1)[1])
    grid = {g.get(f"{INK}label"): g for g in _layers(root)}["Grid"]
    ids = next(g for g in grid.iter(f"{SVG}g") if g.get("font-size") and g.find(f"{SVG}text") is not None)
    names = ids.findall(f"{SVG}text")
    assert len(names) == m.width * m.height and all(re.fullmatch(r"[A-Z]+[0-9]+", t.text) for t in names)
    size = float(ids.get("font-size"))
    plates = [r for r in grid.iter(f"{SVG}rect") if r.get("fill") == "#ffffff"]
    for t in names:
        x, y = float(t.get("x")), float(t.get("y"))
        x0, y0, x1, y1 = x, y - 0.73 * size, x + fonts.width(t.text, size), y
        assert any(float(r.get("x")) <= x0 and float(r.get("y")) <= y0
                   and float(r.get("x")) + float(r.get("width")) >= x1 and float(r.get("y")) + float(r.get("height")) >= y1
                   for r in plates), t.text
    colour = ET.fromstring(render_fw_map(m).tostring().split("\n", 1)[1])
    grid = {g.get(f"{INK}label"): g for g in _layers(colour)}["Grid"]
    # In colour the plates are translucent (issue 25: a river's casing ran over the ids): the terrain tints them.
    colour_plates = [r for r in grid.iter(f"{SVG}rect") if r.get("fill") == "#ffffff"]
    assert len(colour_plates) == m.width * m.height and all(0 < float(r.get("fill-opacity")) < 1 for r in colour_plates)
    assert all(r.get("fill-opacity") is None for r in plates)  # black and white: opaque, the hatching stops at them


def _inks(root: ET.Element) -> set[str]:
    """Every colour the drawing paints with (fill, stroke, color, stop-color), ``none`` left out."""
    return {v for el in root.iter() for a in ("fill", "stroke", "color", "stop-color")
            if (v := el.get(a)) and v not in ("none", "currentColor")}


def test_every_ink_of_the_black_and_white_map_and_key_is_grey():
    """Issue 11: "a black-and-white style (--style bw) ... for photocopies". The symbols kept the colours fixed in
    symbols.svg (green trees in the forest and jungle, steel-blue water under the swamp's reeds, the enchanted
    wood's purple, the volcano's red lava) and the names of rivers, chains and regions kept theirs: every ink of
    the map and of its key sheet is now black, white or a grey (r == g == b)."""
    from mapgen.paper import get_paper
    from mapgen.render.fw_map_key import render_fw_map_key

    m = synthetic_map()  # forest, jungle and swamp squares, an enchanted wood, a volcano, named rivers
    drawn = ET.fromstring(render_fw_map(m, "bw").tostring().split("\n", 1)[1])
    key = ET.fromstring(render_fw_map_key(m, get_paper("A4"), "bw").tostring().split("\n", 1)[1])
    for root in (drawn, key):
        inks = _inks(root)
        assert inks and all(re.fullmatch(r"#[0-9a-f]{6}", v) for v in inks), inks
        assert {v for v in inks if not _grey(v)} == set()
    colour = _inks(ET.fromstring(render_fw_map(m).tostring().split("\n", 1)[1]))
    assert {"#3f7f3a", "#e0471c", fw_side_style("A").color} <= colour  # the colour look keeps its trees, lava and red side


def test_the_black_and_white_pdf_prints_in_greys_furniture_included(tmp_path, capsys):
    """Issue 11 in print: a bw map's PDF, cut into sheets, drew its glue flaps, their words and dashed lines in
    blue and the index's sheet outlines and numbers in red. Every colour set on every page (index, key, sheets)
    is now a grey; the colour map keeps its blue flaps."""
    from .cli_helpers import run

    for style, folder in (("bw", "bw"), ("colour", "colour")):
        code, _, _ = run(["fw-map", "--seed", "3", "--size", "small", "--style", style, "--paper", "A4",
                          "--formats", "pdf", "--out", str(tmp_path / folder)], capsys)
        assert code == 0
    bw = pdf_colours((tmp_path / "bw" / "fw-map.pdf").read_bytes())
    assert bw and {c for c in bw if len(set(c)) > 1} == set()
    colour = pdf_colours((tmp_path / "colour" / "fw-map.pdf").read_bytes())
    assert (0.1, 0.3, 0.8) in colour and (0.75, 0.0, 0.0) in colour


def test_style_bw_on_the_command_line(tmp_path, capsys):
    from .cli_helpers import run

    code, out, _ = run(["fw-map", "--seed", "3", "--size", "small", "--style", "bw", "--formats", "svg", "--out", str(tmp_path / "m")], capsys)
    assert code == 0 and 'fill="#ffffff"' in (tmp_path / "m" / "fw-map.svg").read_text()
    code, _, err = run(["fw-map", "--seed", "3", "--style", "sepia", "--out", str(tmp_path / "n")], capsys)
    assert code == 2 and "sepia" in err
    code, _, err = run(["new", "--campaign", "renaissance", "--style", "bw", "--out", str(tmp_path / "r")], capsys)
    assert code == 2 and "--style" in err


@pytest.mark.parametrize("seed", [7, 12, 21])
def test_mountains_and_hills_run_as_ranges_across_neighbouring_squares(seed):
    """Issue 11: each chain of mountain (or hill) squares touching at a side or corner has a peak (or hill)
    astride every step of a tree joining its squares: one fewer than the chain has squares."""
    from mapgen.fw.generate import generate_map
    from mapgen.fw.options import MapOptions

    m = generate_map(MapOptions(seed=seed, size="medium"))
    root = ET.fromstring(render_fw_map(m).tostring().split("\n", 1)[1])
    lay = fw_map_layout(m)
    s = m.square_mm
    drawn = [g for g in root.iter(f"{SVG}g") if g.get("data-range")]
    for kind in ("mountain", "hills"):
        squares = {(c, r) for r in range(m.height) for c in range(m.width) if str(m.terrain[r, c]) == kind}
        groups, seen = [], set()
        for sq in sorted(squares):
            if sq in seen:
                continue
            stack, size = [sq], 0
            seen.add(sq)
            while stack:
                c, r = stack.pop()
                size += 1
                for n in ((c + dc, r + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)):
                    if n in squares and n not in seen:
                        seen.add(n)
                        stack.append(n)
            groups.append(size)
        peaks = [g for g in drawn if g.get("data-range") == kind]
        assert len(peaks) == sum(n - 1 for n in groups), kind
        from mapgen.render.fw_map import _glyphs
        from mapgen.render.fw_ranges import RANGES

        _els, (bx0, by0, bx1, by1) = _glyphs(kind, "#000")[RANGES[kind][0]]
        for g in peaks:
            # Each stands on the line between the centres of two neighbouring squares of the chain, where it
            # crosses from one into the other: half-way, or (issue 25) moved along that line, less than a third
            # of a square, to stand clear of the id written at a corner; never on a square's centre.
            tx, ty, k = (float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", g.get("transform"))[:3])
            assert k < s / 50.0  # smaller than in a square
            cx, cy = tx + (bx0 + bx1) / 2 * k, ty + (by0 + by1) / 2 * k
            u, v = (cx - lay.grid_x) / s - 0.5, (cy - lay.grid_y) / s - 0.5  # in square centres' units
            near = [(a, b) for a in squares for b in squares if a < b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
                    and abs(u - a[0]) <= 1 and abs(v - a[1]) <= 1]
            on_link = []
            for a, b in near:
                dx, dy = b[0] - a[0], b[1] - a[1]
                t = ((u - a[0]) * dx + (v - a[1]) * dy) / (dx * dx + dy * dy)  # 0 at a's centre, 1 at b's
                off = abs((u - a[0]) * dy - (v - a[1]) * dx) / math.hypot(dx, dy)
                if off < 1e-3 and 0 < t < 1:  # the SVG keeps 3 decimals
                    on_link.append(abs(t - 0.5) * math.hypot(dx, dy))  # from the crossing, in squares
            assert on_link and min(on_link) < 1 / 3, (kind, u, v)


@pytest.mark.parametrize("seed,size", [(7, "medium"), (3, "large"), (11, "small")])
def test_every_band_label_stands_within_one_square_so_no_sheet_cut_splits_it(seed, size):
    """Issue 11: a tiled map is cut on grid lines, and the territory band's words were cut at sheet edges."""
    from mapgen.render.fw_map import fw_map_layout
    from mapgen.render.text import text_width

    from .conftest import cached_map

    m = cached_map(seed=seed, size=size, races=("humans", "wood_elves"))
    lay = fw_map_layout(m)
    root = ET.fromstring(render_fw_map(m).tostring().split("\n", 1)[1])
    band = next(g for g in root.iter(f"{SVG}g") if g.get(f"{INK}label") == "Territory")
    labels = [t for t in band.iter(f"{SVG}text")]
    assert labels
    s = m.square_mm
    for t in labels:
        words = "".join(t.itertext())
        size_mm = float(t.get("font-size"))
        half = text_width(words, size_mm, bold=True) / 2
        if t.get("transform"):  # a band beside the map, read upwards
            cy = float(re.search(r"translate\([-\d.]+,([-\d.]+)\)", t.get("transform")).group(1))
            lo, hi, start = cy - half, cy + half, lay.grid_y
        else:
            cx = float(t.get("x"))
            lo, hi, start = cx - half, cx + half, lay.grid_x
        k = int((lo - start) // s)
        assert start + k * s < lo and hi < start + (k + 1) * s, (words, lo, hi)  # no grid line runs through it
        assert size_mm >= 2.5 or words in ("Side A", "Side B", "Neutral")
