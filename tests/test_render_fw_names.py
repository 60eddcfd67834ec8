"""Names on the drawn campaign map (issue 11): on the map, legible, and never over another label or symbol."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
import shapely

from mapgen.fw.rules import RACES
from mapgen.render.fw_map import BOX, _content, _layout, _legend_blocks, render_fw_map
from mapgen.render.fw_names import layout_names, reserved_boxes

from .conftest import cached_map

SVG = "{http://www.w3.org/2000/svg}"
INK = "{http://www.inkscape.org/namespaces/inkscape}"
#: Issue 11: names at least 2.5 mm high on the 50 mm squares.
LEAST_MM = 2.5

MAPS = [(seed, size, (RACES[seed % 9], RACES[(seed * 4 + 1) % 9])) for seed in range(12) for size in ("small", "medium", "large")]


def _layout_of(m):
    placed, used = _content(m)
    lay = _layout(m, _legend_blocks(m, used))
    return placed, lay, layout_names(m, lay, placed)


def _label_shapes(m, placed, lay, names):
    """Every label and symbol on the grid as (what, shapely box): icons, plates, then names."""
    k = m.square_mm / BOX
    out = []
    for (c, r), items in placed.items():
        ox, oy = lay.grid_x + c * m.square_mm, lay.grid_y + r * m.square_mm
        for p in items:
            out.append((f"{p.item.kind} icon at {c},{r}", shapely.box(ox + p.x * k, oy + p.y * k, ox + (p.x + p.size) * k, oy + (p.y + p.size) * k)))
            if p.plate:
                x, y, w, h = p.plate
                out.append((f"plate {p.lines} at {c},{r}", shapely.box(ox + x * k, oy + y * k, ox + (x + w) * k, oy + (y + h) * k)))
    return out + [(f"name {n.name}", n.outline) for n in names]


@pytest.mark.parametrize("seed,size,races", MAPS)
def test_no_label_overlaps_another_or_a_symbol(seed, size, races):
    m = cached_map(seed, size, races)
    placed, lay, names = _layout_of(m)
    shapes = _label_shapes(m, placed, lay, names)
    geoms = [g for _, g in shapes]
    tree = shapely.STRtree(geoms)
    a, b = tree.query(geoms, predicate="intersects")
    for i, j in zip(a.tolist(), b.tolist()):
        if i < j:
            assert shapely.area(shapely.intersection(geoms[i], geoms[j])) < 1e-6, (shapes[i][0], shapes[j][0])
    frame = shapely.box(lay.grid_x, lay.grid_y, lay.grid_x + lay.grid_w, lay.grid_y + lay.grid_h)
    for n in names:
        assert frame.contains(n.outline), n.name
        assert n.size >= LEAST_MM


def test_names_keep_off_other_sized_squares_too():
    m = cached_map(5, "medium", ("normans", "undead"), square_mm=30.0)
    placed, lay, names = _layout_of(m)
    shapes = [g for _, g in _label_shapes(m, placed, lay, names)]
    for i, g in enumerate(shapes):
        for h in shapes[i + 1 :]:
            assert shapely.area(shapely.intersection(g, h)) < 1e-6
    assert len(names) >= len(m.chains)


def test_nearly_every_name_finds_a_spot():
    total = placed_names = 0
    for seed, size, races in MAPS:
        m = cached_map(seed, size, races)
        names = {n.name for n in _layout_of(m)[2]}
        wanted = [r.name for r in m.rivers] + [p.name for p in m.chains + m.regions]
        total += len(wanted)
        placed_names += sum(w in names for w in wanted)
    assert placed_names >= 0.98 * total


def test_terrain_glyphs_keep_out_from_under_each_name():
    m = cached_map(7, "medium")
    placed, lay, names = _layout_of(m)
    boxes = reserved_boxes(m, lay, names)
    k = m.square_mm / BOX
    cover = shapely.union_all([
        shapely.box(lay.grid_x + c * m.square_mm + x0 * k, lay.grid_y + r * m.square_mm + y0 * k,
                    lay.grid_x + c * m.square_mm + x1 * k, lay.grid_y + r * m.square_mm + y1 * k)
        for (c, r), bs in boxes.items() for x0, y0, x1, y1 in bs
    ])
    for n in names:
        assert shapely.area(shapely.difference(n.outline, cover)) < 1e-6, n.name


def _layer(root, name):
    return next(g for g in root.iter(f"{SVG}g") if g.get(f"{INK}label") == name)


@pytest.mark.parametrize("seed,size,races", [(7, "medium", ("humans", "humans")), (3, "large", ("dwarves", "orcs"))])
def test_every_name_is_on_the_map(seed, size, races):
    m = cached_map(seed, size, races)
    text = render_fw_map(m).tostring()
    root = ET.fromstring(text.split("\n", 1)[1])
    holdings = [t.text for t in _layer(root, "Holdings").iter(f"{SVG}text")]
    for h in m.holdings:
        assert h.name in holdings
    names = {t.text: t for t in _layer(root, "Names").iter(f"{SVG}text")}
    for name in [r.name for r in m.rivers] + [p.name for p in m.chains + m.regions]:
        assert name in names, name
        assert float(names[name].get("font-size")) >= LEAST_MM
    for r in m.rivers:
        assert names[r.name].get("font-style") == "italic"
    # a holding's name is bold over its feature, and no smaller than 2.5 mm
    for t in _layer(root, "Holdings").iter(f"{SVG}text"):
        if t.text in {h.name for h in m.holdings}:
            assert t.get("font-weight") == "bold" and float(t.get("font-size")) >= LEAST_MM


def test_a_spaced_name_keeps_its_letters_in_order_on_one_text():
    m = cached_map(7, "medium")
    root = ET.fromstring(render_fw_map(m).tostring().split("\n", 1)[1])
    spaced = [t for t in _layer(root, "Names").iter(f"{SVG}text") if " " in (t.get("x") or "")]
    assert spaced
    for t in spaced:
        xs = [float(v) for v in t.get("x").split()]
        assert len(xs) == len(t.text) and xs == sorted(xs)
