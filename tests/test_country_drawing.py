"""Drawing the roads of one sheet (RC-1.6, geometric mode): a new road never crosses or crowds another road
or place, fans out away from the capital, keeps its 3 cm where it can, and ends at the sheet edge 12 mm
inside the paper (README: "12 mm inside the paper", "less than 4 mm short of the edge is taken on to it",
"a road with no room for its 3 cm is drawn shorter").  The figures in mm are the README's; the drawings
are made by hand.
"""

from __future__ import annotations

import math

import pytest

from mapgen.country import procedure
from mapgen.country.geometry import heading, step
from mapgen.country.procedure import _Drawing, _new_road
from mapgen.dice import Dice

W, H = 297.0, 210.0
CENTRE = (148.5, 105.0)


def drawing():
    d = _Drawing("A", W, H)
    cap = d.add("capital", 0, CENTRE, None, None)
    return d, cap


def test_places_are_numbered_and_joined_to_their_parent():
    d, cap = drawing()
    x = d.add("village", 1, (178.5, 105.0), cap.id, "E", "RC-1.2", 3)
    y = d.add("border", 2, (208.5, 105.0), x.id, "E", "RC-1.5 step 1e")
    assert (cap.id, x.id, y.id) == ("A-0", "A-1", "A-2")
    assert d.roads == [("A-0", "A-1"), ("A-1", "A-2")]
    assert cap.roads == ["A-1"] and x.roads == ["A-0", "A-2"] and y.roads == ["A-1"]
    assert (x.rule, x.roll, y.rule, y.roll, cap.rule, cap.roll) == ("RC-1.2", 3, "RC-1.5 step 1e", None, None, None)
    assert (x.parent, x.side, x.depth) == ("A-0", "E", 1)
    assert d.rect == (12.0, 12.0, W - 12.0, H - 12.0)  # the sheet edge, 12 mm inside the paper
    assert d.segment(("A-0", "A-1")) == (CENTRE, (178.5, 105.0))


def test_a_new_road_keeps_its_clearance_from_other_roads_and_places():
    d, cap = drawing()
    x = d.add("village", 1, (178.5, 105.0), cap.id, "E")
    d.add("village", 1, (148.5, 75.0), cap.id, "N")
    # straight on from x: nothing near
    assert d.clear(x, (208.5, 105.0), 7.0)
    # back along its own road, 5 mm beside it: crowds it at 7 mm, not at 4 mm
    assert not d.clear(x, (163.5, 100.0), 7.0)
    assert d.clear(x, (163.5, 100.0), 4.0)
    # towards the north road (148.5, 75 .. 105): its end 6 mm short of it crowds it at 7 mm
    end = (154.5, 85.0)
    assert not d.clear(x, end, 7.0) and d.clear(x, end, 5.9)
    # past the north village, 5 mm from it
    assert not d.clear(x, (143.5, 60.0), 7.0)
    # a place of its own road's far end is a place like any other
    assert not d.clear(x, (150.0, 110.0), 7.0)


def test_roads_of_the_node_itself_only_keep_off_the_new_end():
    d, cap = drawing()
    x = d.add("village", 1, (178.5, 105.0), cap.id, "E")
    d.add("village", 2, (178.5, 135.0), x.id, "E")  # x's road south
    # a road 30 degrees off the south road: its end 15 mm from that road, its start shared
    end = step(x.pos, 60.0, 30.0)
    assert d.clear(x, end, 7.0)
    assert not d.clear(x, end, 15.1)


def test_crosses_nothing_ignores_the_node_s_own_roads():
    d, cap = drawing()
    x = d.add("village", 1, (178.5, 105.0), cap.id, "E")
    d.add("village", 1, (148.5, 75.0), cap.id, "N")
    d.add("border", 2, (200.0, 70.0), x.id, "E")
    assert d.crosses_nothing(x, (178.5, 125.0))
    assert d.crosses_nothing(x, (150.0, 105.0))  # along its own road to the capital
    assert not d.crosses_nothing(x, (140.0, 90.0))  # through the north road
    assert not d.crosses_nothing(x, (148.5, 80.0))  # touching it
