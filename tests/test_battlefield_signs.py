"""A plan's "Signs" legend lists only the signs on the plan (issue 25): a table with no hill said "levels
high: one contour ring per level", one with nothing impassable showed the dashed impassable outline."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.render.battlefield import render_battlefield
from mapgen.render.plan_legend import layout
from mapgen.render.templates import load_style_sheet

SVG = "{http://www.w3.org/2000/svg}"
INK = "{http://www.inkscape.org/namespaces/inkscape}"


def _layers(b) -> dict:
    root = ET.fromstring(render_battlefield(b, 10.0).tostring().split("\n", 1)[1])
    return {g.get(f"{INK}label"): g for g in root if g.get(f"{INK}label")}


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("terrain", ["plain", "hills", "mountain", "forest", "swamp", "desert"])
def test_the_signs_legend_lists_what_the_plan_draws(seed, terrain):
    b = generate_battlefield(BattleOptions(seed=seed, terrain=terrain))
    layers = _layers(b)
    feats, numbers = layers["Features"], layers["Numbers"]
    listed = {r.swatch[1] for r in layout(b, 10.0, load_style_sheet("battlefield")) if r.swatch[:1] == ("sign",)}
    drawn = {
        "number": any((t.text or "").strip()[:1].isdigit() for t in numbers.iter(f"{SVG}text")),
        "level": any((t.text or "").startswith("L") for t in numbers.iter(f"{SVG}text")),
        "steep": any("steep" in (p.get("class") or "") for p in feats.iter()),
        "impassable": any(p.get("stroke-dasharray") == "1.2,0.6" for p in feats.iter()),
    }
    assert listed == {sign for sign, on_plan in drawn.items() if on_plan}, (listed, drawn)
    heading = any(r.bold and r.lines == ["Signs"] for r in layout(b, 10.0, load_style_sheet("battlefield")))
    assert heading == bool(listed)


def test_a_burial_mound_differs_from_a_hillock_by_its_kerb_of_stones_not_only_by_shade():
    # Issue 25: a burial mound and a hillock were the same raised ring, one fill a shade darker than the
    # other: the same grey in print.  The mound's foot now carries a ring of stones in its own ink.
    inks = {k: load_style_sheet("battlefield")["kinds"][k]["stroke"].lower() for k in ("burial_mound", "hillock")}
    assert inks["burial_mound"] != inks["hillock"]
    for seed in range(1, 40):
        b = generate_battlefield(BattleOptions(seed=seed, terrain="plain", works=("burial_mound",), map_name="m"))
        if any(f.kind == "burial_mound" for f in b.features):
            break
    else:
        raise AssertionError("no burial mound laid out")
    svg = render_battlefield(b, 10).tostring().lower()
    stones = re.findall(rf'<path d="([^"]*)"[^>]*fill="{inks["burial_mound"]}"', svg)
    assert sum(d.count("z") for d in stones) >= 6  # one closed circle a stone


def test_a_road_has_dashed_sides_so_it_differs_from_flat_ground_and_villages():
    # Issue 25: a road's pale band read as a raised flat area or a village's ground in greyscale.
    ink = load_style_sheet("battlefield")["kinds"]["road"]["stroke"].lower()
    b = generate_battlefield(BattleOptions(seed=3, terrain="plain", road=True))
    assert any(f.kind == "road" for f in b.features)
    svg = render_battlefield(b, 10).tostring().lower()
    assert re.search(rf'<path [^>]*stroke="{ink}"[^>]*stroke-dasharray=', svg) or re.search(
        rf'<path [^>]*stroke-dasharray=[^>]*stroke="{ink}"', svg)
