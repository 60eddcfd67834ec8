"""Every square id on the campaign map can be read: no terrain glyph, range peak or road crosses one (issue 25).

Players type the ids (``campaign order A3 ...``), so each must stand clear on
the paper.  The test reads the drawn SVG, not the renderer's bookkeeping:
each id's box from its ``<text>`` (the font's widths, ascenders to
descenders), each glyph, peak and road as the ink it puts down
(:mod:`tests.svg_geometry`).  The sweep covers map sizes, shapes and square
sizes from 30 to 100 mm, in colour and in black and white; the first seeds
of the sweep crossed 128 times with range peaks and 150 times with roads
before the renderer stepped them aside.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import shapely

from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions
from mapgen.grid import square_id
from mapgen.render.fw_map import render_fw_map
from mapgen.render.svgbounds import local_name
from mapgen.render.text import text_box

from .svg_geometry import inks

INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
#: Overlap (mm²) below this is the rounding of curves into steps, not ink on a letter.
TOUCH_MM2 = 1e-3

#: (seed, campaign size, columns, rows, square mm, look): every map size, a tall and a wide map, small and large squares.
SWEEP = [(seed, size, None, None, 50.0, "colour") for seed in range(1, 13) for size in ("small", "medium")]
SWEEP += [(seed, "small", None, None, mm, "colour") for seed in range(13, 19) for mm in (30.0, 75.0, 100.0)]
SWEEP += [(seed, "small", 6, 14, 50.0, "colour") for seed in (19, 20, 21)]
SWEEP += [(seed, "large", None, None, 50.0, "colour") for seed in (22, 23)]
SWEEP += [(seed, "medium", None, None, 40.0, "bw") for seed in (24, 25, 26)]


def _layers(svg_text: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg_text.split("\n", 1)[1])  # after the XML declaration
    return {g.get(INKSCAPE_LABEL): g for g in root.iter() if g.get(INKSCAPE_LABEL)}


def _id_boxes(grid: ET.Element) -> dict[str, shapely.Polygon]:
    """Each written square id's box, from the group of ``<text>`` that holds them (it carries their size)."""
    out = {}
    for group in grid:
        if local_name(group.tag) == "g" and group.get("font-size"):
            size = float(group.get("font-size"))
            for t in group:
                out[t.text] = shapely.box(*text_box(float(t.get("x")), float(t.get("y")), t.text, size))
    return out


def crossings(svg_text: str) -> tuple[list[tuple[str, str, float]], dict[str, shapely.Polygon]]:
    """(what, square id, mm² of ink on the id) for every glyph, range peak and road that crosses an id; the ids' boxes."""
    layers = _layers(svg_text)
    ids = _id_boxes(layers["Grid"])
    names = list(ids)
    tree = shapely.STRtree([ids[n] for n in names])

    def near(b):
        return len(tree.query(shapely.box(*b))) > 0

    found = []

    def check(what: str, shapes):
        for shape in shapes:
            for i in tree.query(shape, predicate="intersects"):
                area = shape.intersection(ids[names[i]]).area
                if area > TOUCH_MM2:
                    found.append((what, names[i], round(area, 3)))

    for group in layers["Terrain"]:  # the fills and hatching are the layer's own children; glyphs and peaks are groups
        if local_name(group.tag) == "g":
            check("range peak" if group.get("data-range") else "terrain glyph", inks(group, near=near))
    check("road", inks(layers["Roads"], near=near))
    return found, ids


@pytest.mark.parametrize("seed,size,width,height,square_mm,look", SWEEP)
def test_no_glyph_peak_or_road_crosses_a_square_id(seed, size, width, height, square_mm, look):
    m = generate_map(MapOptions(seed=seed, size=size, width=width, height=height, square_mm=square_mm))
    found, ids = crossings(render_fw_map(m, look).tostring())
    assert set(ids) == {square_id(c, r) for c in range(m.width) for r in range(m.height)}  # every id read
    assert found == []


@pytest.mark.parametrize("what,seed", [("road", 3), ("range peak", 1), ("terrain glyph", 1)])
def test_the_check_finds_what_crosses_an_id_when_the_renderer_stops_keeping_off(monkeypatch, what, seed):
    """Break the renderer on purpose: roads straight through the corners, peaks on the corners, and the ids
    written mid-square while the glyphs still keep out of the corner only (the terrain symbols leave it empty)."""
    from mapgen.render import fw_ranges, fw_roads, fw_style

    monkeypatch.setattr(fw_roads, "MAX_BEND", 0.0)
    monkeypatch.setattr(fw_ranges, "PEAK_MOVE", 0.0)
    if what == "terrain glyph":
        monkeypatch.setattr(fw_style, "ID_AT", (20.0, 20.0))
    found, _ids = crossings(render_fw_map(generate_map(MapOptions(seed=seed, size="small"))).tostring())
    assert what in {w for w, _id, _area in found}
