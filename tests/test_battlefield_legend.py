"""The plan's legend as a player reads it: each feature's swatch looks like the feature on the plan.

The 300 dpi review (B1) found "House" and "Low wall" with the same dark square, though on the plan
a wall is a thin bar: a player matching the legend to the plan (in black and white, or not telling
two browns apart) could not tell them apart.  So two different kinds in one legend must never have
the same drawing once colours are set aside, and a wall's swatch must be a bar, as on the plan.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from shapely.geometry import box

from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.battlefield.model import (
    Battlefield,
    Feature,
    Scenario,
    SideOrders,
    Source,
    Zone,
)
from mapgen.battlefield.rules import KINDS
from mapgen.render.battlefield import render_battlefield

SVG = "{http://www.w3.org/2000/svg}"
LABEL_KIND = {k.label: k.id for k in KINDS.values()}
#: What a drawing is made of, colours aside: element names and their geometry.
GEOMETRY = ("d", "x", "y", "width", "height", "cx", "cy", "r", "rx", "ry", "x1", "y1", "x2", "y2", "points", "transform")


def _root(b: Battlefield, scale: float = 10.0) -> ET.Element:
    return ET.fromstring(render_battlefield(b, scale).tostring().split("\n", 1)[1])


def _shape(el: ET.Element) -> tuple:
    """The element's drawing without its paint: tag, geometry and its children's, and any letters."""
    geometry = tuple((a, el.get(a)) for a in GEOMETRY if el.get(a) is not None)
    return (el.tag.replace(SVG, ""), geometry, (el.text or "").strip(), tuple(_shape(c) for c in el))


def legend_swatches(root: ET.Element) -> dict[str, tuple]:
    """Each feature row's kind (from its words, "7-10 Low wall, 4 pieces") and its swatch's drawing."""
    out = {}
    for parent in root.iter():
        children = list(parent)
        for i, el in enumerate(children):
            if el.get("class") != "swatch" or i + 1 >= len(children) or children[i + 1].tag != f"{SVG}text":
                continue
            words = children[i + 1].text or ""
            name = re.sub(r"^[\d ,-]+", "", words).split(",")[0].strip()
            if name in LABEL_KIND:
                out[LABEL_KIND[name]] = tuple(_shape(c) for c in el)
    return out


def _assert_all_different(swatches: dict[str, tuple]) -> None:
    kinds = sorted(swatches)
    same = [(a, b) for i, a in enumerate(kinds) for b in kinds[i + 1 :] if swatches[a] == swatches[b]]
    assert not same, same


def test_a_village_legend_tells_a_house_from_a_wall():
    """B1: the raid's village (FW-23.1) has houses and low walls round it."""
    b = generate_battlefield(BattleOptions(seed=1, scenario="raid", terrain="cultivated"))
    swatches = legend_swatches(_root(b))
    assert {"house", "wall"} <= set(swatches)
    _assert_all_different(swatches)


PARTS = [
    ("house", (6, 8), False, False),
    ("wall", (21, 1), True, True),
    ("crevasse", (5, 1), False, False),
    ("mine_entrance", (3, 3), True, False),
    ("barrier", (1, 20), True, True),
]


def _parts_table(parts) -> Battlefield:
    features = []
    for i, (kind, (w, d), passable, difficult) in enumerate(parts):
        x, y = 20 + 30 * i, 50
        features.append(Feature(kind, box(x, y, x + w, y + d), (w, d), passable, difficult, None, "", KINDS[kind].rule))
    sc = Scenario("pitched", "A", [SideOrders("A", "army", "as chosen", ["edge_a"]), SideOrders("B", "army", "as chosen", ["edge_b"])],
                  [Zone("A", box(0, 0, 180, 30), "side A"), Zone("B", box(0, 90, 180, 120), "side B")], "FW-10")
    return Battlefield(1, Source(None, None, "plain", False, False, False), 180, 120, sc, features, [])


def test_solid_parts_have_each_their_own_swatch_and_a_wall_is_a_bar():
    root = _root(_parts_table([p for p in PARTS if p[0] != "mine_entrance"]))
    swatches = legend_swatches(root)
    assert {"house", "wall", "crevasse", "barrier"} <= set(swatches)
    _assert_all_different(swatches)
    # The wall's swatch is a bar, as on the plan: at 1:10 a 1 cm wall is 1 mm thick; a house is a block.
    for parent in root.iter():
        children = list(parent)
        for i, el in enumerate(children):
            if el.get("class") == "swatch" and "Low wall" in (children[i + 1].text or ""):
                nums = [abs(float(v)) for v in re.findall(r"-?[\d.]+", next(iter(el)).get("d"))]
                xs, ys = nums[0::2], nums[1::2]
                assert max(xs) >= 3 * max(ys) and 2 * max(ys) <= 1.0 + 1e-6, (xs, ys)


def test_a_house_and_a_mine_entrance_have_their_own_swatches():
    """A mine entrance was a dark square as a house is; its white adit mouth now tells them apart."""
    _assert_all_different(legend_swatches(_root(_parts_table(PARTS))))
