"""Drawing the roads of one sheet (RC-1.6, geometric mode): a new road never crosses or crowds another road
or place, fans out away from the capital, keeps its 3 cm where it can, and ends at the sheet edge 12 mm
inside the paper (the manual: "12 mm inside the paper", "less than 4 mm short of the edge is taken on to it",
"a road with no room for its 3 cm is drawn shorter").  The figures in mm are the manual's; the drawings
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


# --------------------------------------------------------------------------
# where a new road goes (the manual, "How a road is drawn"): roads of exactly 30 mm here
# --------------------------------------------------------------------------


@pytest.fixture
def flat(monkeypatch):
    monkeypatch.setattr(procedure, "ROAD_JITTER", 0.0)  # every road exactly 30 mm


def _from(x_pos, *others):
    """A node at ``x_pos`` reached from the capital, and places (no roads) at ``others``."""
    d, cap = drawing()
    x = d.add("village", 1, x_pos, cap.id, "E")
    for p in others:
        d.add("village", 2, p, None, "E")
    return d, cap, x


def _ring(centre, radius, lo=-110, hi=110, step_deg=10, skip=()):
    return [step(centre, k, radius) for k in range(lo, hi + 1, step_deg) if k not in skip]


def _heading_and_length(x, end):
    return heading(x, end), math.dist(x, end)


def test_a_road_turns_in_steps_of_10_degrees_clockwise_first_to_keep_7_mm(flat):
    # a place 15 mm straight ahead: at 10 and 20 degrees the road passes 2.6 and 5.1 mm from it, at 30 degrees 7.5 mm
    d, cap, x = _from((200.0, 105.0), (215.0, 105.0))
    end, how = _new_road(d, Dice(1), x, cap, 0.0)
    assert how == "open"
    assert _heading_and_length(x.pos, end) == pytest.approx((30.0, 30.0))


def test_a_road_keeps_30_degrees_from_the_node_s_other_roads(flat):
    d, cap, x = _from((178.5, 105.0))
    d.add("village", 2, (178.5, 135.0), x.id, "E")  # x's road due south
    end, how = _new_road(d, Dice(1), x, cap, 60.0)  # exactly 30 degrees from it: allowed
    assert how == "open" and _heading_and_length(x.pos, end) == pytest.approx((60.0, 30.0))
    end, how = _new_road(d, Dice(1), x, cap, 75.0)  # 15 degrees off: 85, 65 and 95 are too close; 55 is not
    assert how == "open" and _heading_and_length(x.pos, end) == pytest.approx((55.0, 30.0))


def test_a_road_ends_at_least_8_mm_farther_from_the_capital_than_it_starts(flat):
    # from 30 mm east of the capital: heading 110 would end 34.4 mm from it, heading 100 ends 38.6 mm away
    d, cap, x = _from((178.5, 105.0))
    end, how = _new_road(d, Dice(1), x, cap, 110.0)
    assert how == "open" and _heading_and_length(x.pos, end) == pytest.approx((100.0, 30.0))


@pytest.mark.parametrize("x,how,end", [(251.1, "edge", 285.0), (250.9, "open", 280.9)])
def test_a_road_ending_less_than_4_mm_short_of_the_sheet_edge_goes_on_to_it(flat, x, how, end):
    d, cap, node = _from((x, 105.0))
    got, got_how = _new_road(d, Dice(1), node, cap, 0.0)
    assert got_how == how and got == pytest.approx((end, 105.0))


def test_with_no_room_for_3_cm_a_road_takes_three_quarters_of_it(flat):
    # places 31 mm out all round: a 30 mm road ends 1 mm from one; 22.5 mm keeps 8.5 mm
    d, cap, x = _from((200.0, 105.0), *_ring((200.0, 105.0), 31.0))
    end, how = _new_road(d, Dice(1), x, cap, 0.0)
    assert how == "open" and end == pytest.approx((222.5, 105.0))


@pytest.mark.parametrize("radius,reach", [(18.8, 15.0), (15.0, 10.5), (9.6, 6.0)])
def test_a_road_with_no_clear_direction_ends_early_keeping_3_5_mm(flat, radius, reach):
    """No room for a road keeping 7 mm (not even 15 mm long): it ends at half, 0.35 or a fifth of its
    length, whichever keeps 3.5 mm off, as a border point."""
    d, cap, x = _from((200.0, 105.0), *_ring((200.0, 105.0), radius))
    end, how = _new_road(d, Dice(1), x, cap, 0.0)
    assert how == "blocked" and end == pytest.approx((200.0 + reach, 105.0))


def test_a_blocked_road_may_pass_15_degrees_from_another_and_reach_three_quarters(flat):
    # a road of x's own at 25 degrees rules out heading 0 for an ordinary road (under 30 degrees), not for
    # a blocked one (over 15); the places 12 mm out everywhere but -10 to 30 degrees leave it 4.1 mm
    d, cap, x = _from((200.0, 105.0), *_ring((200.0, 105.0), 12.0, skip=(-10, 0, 10, 30)))
    d.add("village", 2, step(x.pos, 25.0, 30.0), x.id, "E")
    end, how = _new_road(d, Dice(1), x, cap, 0.0)
    assert how == "blocked" and _heading_and_length(x.pos, end) == pytest.approx((0.0, 22.5))


def test_a_blocked_road_takes_the_direction_that_reaches_farthest(flat):
    # places 15 mm out but for a gap from 30 to 50 degrees: heading 0 reaches 10.5 mm, heading 40 22.5 mm
    d, cap, x = _from((200.0, 105.0), *_ring((200.0, 105.0), 15.0, skip=(30, 40, 50)))
    end, how = _new_road(d, Dice(1), x, cap, 0.0)
    assert how == "blocked" and _heading_and_length(x.pos, end) == pytest.approx((40.0, 22.5))


class _NoNoise:
    """In place of the dice's generator: roads exactly 30 mm, no turn at random."""

    def normal(self, mean, sd):
        return mean

    def uniform(self, low, high):
        return (low + high) / 2


def test_new_roads_fan_out_straight_on_35_degrees_either_side_or_55(monkeypatch):
    from mapgen.dice import ScriptedDice

    asked = []

    def fake(d, dice, x, capital, ideal):
        asked.append((x.id, round(ideal, 9)))
        return step(x.pos, ideal, 30.0), "edge"

    monkeypatch.setattr(procedure, "_new_road", fake)
    village, walled, one, two, three = [1, 3], [1, 1], [1, 1], [3, 6], [6, 6]  # Tabella 27: 4, 2; Tabella 28: 2, 9, 12
    dice = ScriptedDice(walled + village * 3 + two + three + one + one)
    dice.rng = _NoNoise()
    sheet = procedure.draw_country(dice, "A", W, H)
    assert dice.remaining == 0
    # the first ring: 30 mm east, south, west and north of the capital at the centre of the sheet
    ring = {p.side: p.pos for p in sheet.places.values() if p.depth == 1}
    assert ring == {"E": (178.5, 105.0), "S": (148.5, 135.0), "W": (118.5, 105.0), "N": (148.5, 75.0)}
    # outward from the capital: east 0, south 90, west 180, north 270 degrees
    assert [r.purpose for r in dice.log if r.rule == "RC-1.4"][:2] == [
        "1c: roads leaving A-1 (walled village, depth 1)", "1c: roads leaving A-2 (village, depth 1)"]
    assert asked == [("A-1", -35.0), ("A-1", 35.0), ("A-2", 35.0), ("A-2", 90.0), ("A-2", 145.0), ("A-3", 180.0), ("A-4", 270.0)]


def test_the_directions_tried_turn_by_10_degrees_up_to_100_clockwise_first():
    from mapgen.country.procedure import _candidates

    expected = [20.0]
    for k in range(10, 101, 10):
        expected += [20.0 + k, 20.0 - k]
    assert list(_candidates(20.0)) == expected


def test_a_new_road_keeps_7_mm_from_the_middle_of_the_node_s_own_roads():
    d, cap = drawing()
    x = d.add("village", 1, (178.5, 105.0), cap.id, "E")
    d.add("village", 2, (178.5, 135.0), x.id, "E")  # x's road due south, 30 mm
    end = step(x.pos, 70.0, 20.0)  # 6.8 mm east of that road, 17.6 mm from its far end
    assert not d.clear(x, end, 7.0) and d.clear(x, end, 6.5)


def test_a_blocked_road_keeps_15_degrees_from_the_node_s_other_roads(flat):
    # a road of x's own at 12 degrees: heading 0 (12 degrees off) is not allowed even for a blocked road
    # (where it would reach 22.5 mm); the first heading that keeps 3.5 mm from that road and from the places
    # 12 mm out is -30 degrees, for 6 mm
    d, cap, x = _from((200.0, 105.0), *_ring((200.0, 105.0), 12.0, skip=(-10, 0, 10, 20, 30)))
    d.add("village", 2, step(x.pos, 12.0, 30.0), x.id, "E")
    end, how = _new_road(d, Dice(1), x, cap, 0.0)
    assert how == "blocked" and _heading_and_length(x.pos, end) == pytest.approx((330.0, 6.0))


def test_a_road_with_nowhere_to_go_is_a_4_mm_stub_back_crossing_no_road():
    # a place 3 mm ahead leaves no direction 3.5 mm clear; a road 2 mm behind x, across the way back,
    # is crossed by every 4 mm stub within 60 degrees of straight back: the first clear one turns 70 degrees
    d = _Drawing("A", W, H)
    d.add("village", 1, (200.0, 135.0), None, "S")
    x = d.add("village", 2, (200.0, 105.0), "A-0", "S")
    d.add("village", 3, (203.0, 105.0), None, "S")
    top = d.add("village", 3, (198.0, 95.0), None, "S")
    d.add("village", 3, (198.0, 115.0), top.id, "S")
    end, how = _new_road(d, Dice(1), x, d.places["A-0"], 0.0)
    assert how == "blocked" and _heading_and_length(x.pos, end) == pytest.approx((250.0, 4.0))


def test_a_node_boxed_in_by_roads_still_gets_its_4_mm_stub_straight_on():
    d = _Drawing("A", W, H)
    d.add("village", 1, (200.0, 135.0), None, "S")
    x = d.add("village", 2, (200.0, 105.0), "A-0", "S")
    corner = None
    for pos in ((198.0, 103.0), (202.0, 103.0), (202.0, 107.0), (198.0, 107.0), (198.0, 103.0)):
        corner = d.add("village", 3, pos, corner.id if corner else None, "S")
    end, how = _new_road(d, Dice(1), x, d.places["A-0"], 0.0)
    assert how == "blocked" and end == pytest.approx((204.0, 105.0))
