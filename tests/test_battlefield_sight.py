"""Which features block line of sight on a virtual tabletop (mapgen.battlefield.sight), as its docstring reads the rules.

FW-19.3: woods and forests block sight.  [DEV]: buildings taller than a figure, raised ground nobody
climbs, and the crest of a passable hill of two levels or more; one-level rises, water and open
ground block nothing.
"""

from __future__ import annotations

import pytest
from shapely.geometry import box

from mapgen.battlefield.model import Battlefield, Feature, Scenario, Source
from mapgen.battlefield.sight import sight_walls


def feature(kind, bounds, passable=True, levels=0):
    x0, y0, x1, y1 = bounds
    return Feature(kind, box(*bounds), (x1 - x0, y1 - y0), passable, False, None, "", "", levels)


def table(*features, width=180, depth=120) -> Battlefield:
    return Battlefield(0, Source(None, None, "plain", False, False, False), width, depth,
                       Scenario("pitched", "A", [], []), list(features), [])


@pytest.mark.parametrize("kind", ["wood", "enchanted_wood", "forest_section"])
def test_woods_are_walled_all_round(kind):
    """FW-19.3: the wood's outline, closed (a tabletop draws a wall between each pair of points)."""
    (wall,) = sight_walls(table(feature(kind, (40, 30, 60, 50))))
    pts = list(wall.line.coords)
    assert pts[0] == pts[-1]
    assert sorted(set(pts)) == [(40, 30), (40, 50), (60, 30), (60, 50)]
    assert wall.why == "woods" and wall.feature == 1


@pytest.mark.parametrize("kind", ["house", "farm", "stronghold", "tower", "temple", "sanctuary"])
def test_buildings_are_walled(kind):
    (wall,) = sight_walls(table(feature(kind, (10, 10, 25, 20), passable=kind != "tower")))
    assert wall.why == "building"
    assert wall.line.length == pytest.approx(2 * (15 + 10))


@pytest.mark.parametrize(
    "kind, passable, levels",
    [
        ("hillock", True, 1),
        ("raised_area", True, 1),
        ("plateau", True, 1),
        ("dune", True, 1),
        ("burial_mound", True, 1),
        ("mountain_base", True, 1),
        ("lake", False, 0),
        ("river", True, 0),
        ("swamp", True, 0),
        ("ruins", True, 0),
        ("cemetery", True, 0),
        ("field", True, 0),
        ("chasm", False, 0),
        ("wall", True, 0),
    ],
)
def test_low_ground_water_and_open_works_block_nothing(kind, passable, levels):
    assert sight_walls(table(feature(kind, (50, 50, 80, 70), passable, levels))) == []


def test_a_passable_hill_blocks_along_its_crest():
    """Two levels, passable: one line along its long axis, flank to flank, through its middle."""
    (wall,) = sight_walls(table(feature("hill", (50, 40, 80, 60), levels=2)))
    assert wall.why == "crest"
    (a, b) = sorted(wall.line.coords)
    assert a == pytest.approx((50, 50)) and b == pytest.approx((80, 50))


def test_a_deep_hill_has_its_crest_across_the_table():
    (wall,) = sight_walls(table(feature("hill", (50, 20, 70, 55), levels=2)))
    (a, b) = sorted(wall.line.coords, key=lambda p: p[1])
    assert a == pytest.approx((60, 20)) and b == pytest.approx((60, 55))


@pytest.mark.parametrize("kind, levels", [("hill", 2), ("mountain", 0), ("isolated_mountain", 0), ("volcano", 0), ("djebel", 2), ("mine", 0), ("dune", 1)])
def test_raised_ground_nobody_climbs_is_walled_all_round(kind, levels):
    (wall,) = sight_walls(table(feature(kind, (100, 60, 130, 90), passable=False, levels=levels)))
    assert wall.why == "impassable"
    assert wall.line.is_closed and wall.line.length == pytest.approx(120)


def test_walls_stop_at_the_table_edge():
    """A wood hanging over the left edge is walled only where it lies on the table."""
    (wall,) = sight_walls(table(feature("wood", (-10, 30, 10, 50))))
    xs = [x for x, _ in wall.line.coords]
    assert min(xs) == 0 and max(xs) == 10


def test_walls_come_in_plan_order_and_name_their_feature():
    b = table(feature("lake", (0, 0, 20, 20), False), feature("wood", (30, 30, 50, 50)), feature("house", (60, 60, 66, 68), False))
    assert [(w.feature, w.kind) for w in sight_walls(b)] == [(2, "wood"), (3, "house")]
