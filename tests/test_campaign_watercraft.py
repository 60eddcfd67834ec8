"""Watercraft (option ``watercraft``, FW-20, FW-16.4, AMB-35, AMB-77): tables, worked values, refusals, properties.

The map is tests/fw_water.py: river edge ``i`` between D{i+2} and E{i+2}, boats on edges 0-1
(D2-E3), ships on edges 2-4 (D4-E5, then the sea, row 6); columns A-C side A's territory, D-F
neutral, G-I side B's.  Every expected total and allowance is worked out by hand from the digest's
FW-20.6 and FW-20.7 tables (the Italian original agrees).
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapgen.campaign import CommandError, GameDice, apply
from mapgen.campaign import craft, voyage
from mapgen.campaign.commands import BuyCraft, Disembark, Embark, Move, Sail
from mapgen.campaign.setup import ForceSpec, new_campaign
from mapgen.campaign.state import HoldingState, Leader, Options, Unit, evolve
from mapgen.campaign.store import dumps_state
from mapgen.fw.model import FwMap
from tests.campaign_move_tiny import force, tiny_state
from tests.fw_water import water_board, water_map

ON = Options(watercraft=True)
BOARD = water_board()


def afloat(fid, square, **kw):
    kw.setdefault("ships", 1)
    return force(fid, square, afloat=kw.pop("afloat", True), **kw)


def sailing(forces, options=ON, **kw):
    return tiny_state(forces, phase=2, initiative=kw.pop("initiative", ("A",)), options=options, **kw)


def run(state, cmd, faces=(), board=BOARD):
    return apply(state, cmd, GameDice(11, list(faces)), board)


def refused(state, cmd, match, board=BOARD, faces=()):
    before = dumps_state(state)
    with pytest.raises(CommandError, match=match) as err:
        run(state, cmd, faces, board)
    assert "\n" not in str(err.value)
    assert dumps_state(state) == before


def naval_roll(events):
    return next(e for e in events if e.rule == "FW-20.7" and e.dice)


def mods(entry):
    return {(m.name, m.value) for m in entry.modifiers}


# --- FW-20.6 and FW-20.7 as tables -------------------------------------------------------------


@pytest.mark.parametrize("face, outcome, value", [(1, "headwind", -3), (2, "headwind", -3), (3, "calm", -2), (4, "calm", -2),
                                                  (5, "favourable", 1), (6, "favourable", 1)])
def test_wind_table_fw_20_6(face, outcome, value):
    b = voyage.WIND_TABLE.lookup(face)
    assert (b.outcome, b.data["mod"]) == (outcome, value)


@pytest.mark.parametrize("total, squares", [(-4, 1), (2, 1), (3, 2), (5, 2), (6, 3), (8, 3), (9, 4), (14, 4)])
def test_naval_table_fw_20_7(total, squares):
    assert voyage.NAVAL_TABLE.lookup(total).data["squares"] == squares


# --- FW-20.7 worked values on the river --------------------------------------------------------

CROSSINGS = ("E4", "D4", "E4", "D4")  # four crossings of the ships' river at row 4: no flow, no obstacle


@pytest.mark.parametrize("face, squares", [(1, 1), (2, 1), (3, 2), (5, 2), (6, 3)])
def test_unmodified_river_roll_sails_the_band(face, squares):
    new, events = run(sailing([afloat("A1", "D4")]), Sail("A1", CROSSINGS), [face])
    roll = naval_roll(events)
    assert roll.modifiers == () and roll.total == face
    assert new.force("A1").square == CROSSINGS[squares - 1] and new.force("A1").afloat


def test_max_speed_downstream_reaches_nine_four_squares():
    # FW-20.7: 6 + 2 (Max Speed) + 1 (downstream) = 9 -> 4 squares; boats on the boats' stretch
    a1 = afloat("A1", "D3", order="max_speed", ships=0, boats=5)
    path = ("D4", "D5", "E5", "D5")
    new, events = run(sailing([a1]), Sail("A1", path), [6])
    roll = naval_roll(events)
    assert mods(roll) == {("max speed", 2), ("downstream", 1)} and roll.total == 9
    assert new.force("A1").square == "D5" and new.force("A1").path_today == ("D3", "D4", "D5", "E5", "D5")


def test_upstream_minus_two():
    new, events = run(sailing([afloat("A1", "D5")]), Sail("A1", ("D4",)), [4])
    roll = naval_roll(events)
    assert mods(roll) == {("upstream", -2)} and roll.total == 2 and new.force("A1").square == "D4"


def test_rapids_carry_the_craft_minus_three():
    board = water_board(obstacles=((3, "rapids"),))  # point 3 touches the banks of edges 2 and 3: D4, E4, D5, E5
    new, events = run(sailing([afloat("A1", "D4")]), Sail("A1", ("D5",)), [6], board)
    assert mods(naval_roll(events)) == {("craft carried past falls or rapids", -3), ("downstream", 1)}
    assert naval_roll(events).total == 4


def test_waterfall_carries_the_craft_upstream():
    board = water_board(obstacles=((1, "waterfall"),))  # point 1, between D2-E2 (edge 0) and D3-E3 (edge 1)
    a1 = afloat("A1", "D4", ships=0, boats=5)
    _, events = run(sailing([a1]), Sail("A1", ("D3", "D2")), [6], board)  # D3 to D2 sails past point 1
    # 6 - 3 (carried) - 2 (upstream) = 1 -> 1 square
    assert mods(naval_roll(events)) == {("craft carried past falls or rapids", -3), ("upstream", -2)} and naval_roll(events).total == 1


@pytest.mark.parametrize("start, path", [
    ("D4", ("D3",)),  # ends beside the falls at point 1 (D3 touches them) without sailing past them: D4-D3 passes point 2
    ("D3", ("D4",)),  # starts beside them and sails away downstream past point 2
    ("D3", ("E3",)),  # crosses edge 1 bank to bank: no point of the river is passed
])
def test_falls_count_only_where_the_voyage_sails_past_them(start, path):
    # FW-20.7 (river): -3 "waterfalls or rapids" along the way; [DEV] only at the points the route's river steps pass
    board = water_board(obstacles=((1, "waterfall"),))
    a1 = afloat("A1", start, ships=0, boats=5)
    _, events = run(sailing([a1]), Sail("A1", path), [6], board)
    assert ("craft carried past falls or rapids", -3) not in mods(naval_roll(events))


def test_bridge_in_the_starting_square_or_the_next_three_only():
    board = water_board(obstacles=((4, "bridge"),))  # touches D5, E5 (and the sea squares D6, E6)
    a1 = afloat("A1", "D2", ships=0, boats=5)
    _, events = run(sailing([a1]), Sail("A1", ("D3", "D4", "D5")), [3], board)
    assert ("bridge", -1) in mods(naval_roll(events))  # D5 is the third square after the start
    _, events = run(sailing([a1]), Sail("A1", ("D3", "D4", "E4", "D5")), [3], board)
    assert ("bridge", -1) not in mods(naval_roll(events))  # D5 is the fourth: beyond the reach


def test_rafts_carrying_mounts_minus_one():
    cav = (Unit("A1-U1", "cavalry", "average", 4, 10),)
    a1 = afloat("A1", "D4", ships=0, rafts=2, units=cav)
    _, events = run(sailing([a1]), Sail("A1", ("E4",)), [4])
    assert mods(naval_roll(events)) == {("rafts carry mounts", -1)}


@pytest.mark.parametrize("today, value", [("light_rain", -1), ("heavy", -2)])
def test_weather_from_phase_0(today, value):
    _, events = run(evolve(sailing([afloat("A1", "D4")]), weather=evolve(sailing([]).weather, today=today)), Sail("A1", ("E4",)), [4])
    assert mods(naval_roll(events)) == {(today.replace("_", " "), value)}


def test_unsteady_in_enemy_territory():
    board = water_board(terrain={})
    a1 = afloat("A1", "D4", reaction="unsteady")
    state = sailing([a1])
    _, events = run(state, Sail("A1", ("E4",)), [6], board)
    assert mods(naval_roll(events)) == {("unsteady", -2)}


# --- FW-20.6 and FW-20.7 at sea ----------------------------------------------------------------


def test_sea_voyage_wind_then_roll_from_friendly_port():
    # B5 is side A's territory (+1); wind 1: headwind -3; 6 - 3 + 1 = 4 -> 2 squares
    new, events = run(sailing([afloat("A1", "B5")]), Sail("A1", ("C5", "D5", "E5")), [1, 6])
    wind = next(e for e in events if e.rule == "FW-20.6")
    assert wind.faces == (1,) and wind.outcome == "headwind"
    roll = naval_roll(events)
    assert mods(roll) == {("headwind", -3), ("friendly territory", 1)} and roll.total == 4
    assert new.force("A1").square == "D5"


def test_reefs_and_minor_craft_at_sea():
    board = water_board(reefs=((2, 5),))  # C6
    a1 = afloat("A1", "B5", ships=0, boats=5)
    _, events = run(sailing([a1]), Sail("A1", ("C6", "D5")), [5, 6], board)
    assert mods(naval_roll(events)) == {("favourable wind", 1), ("reefs along the route", -1), ("minor craft only", -2),
                                        ("friendly territory", 1)}


@pytest.mark.parametrize("reef, counted", [
    ((2, 5), True),  # C6 borders both B5 and C5: the fleet coasting from one to the other passes it
    ((1, 5), True),  # B6 too
    ((0, 5), False),  # A6 borders B5 alone: not on the way to C5
    ((3, 5), False),  # D6 borders C5 alone
])
def test_a_reef_beside_both_shores_of_a_coasting_step_is_along_the_route(reef, counted):
    # FW-20.7: "reefs, islands or atolls along the route" -1; [DEV] the route B5-C5 names land squares only,
    # so every sea square bordering both shores is one the fleet passes
    board = water_board(reefs=(reef,))
    _, events = run(sailing([afloat("A1", "B5")]), Sail("A1", ("C5",)), [5, 4], board)
    assert (("reefs along the route", -1) in mods(naval_roll(events))) is counted


def test_never_left_in_open_water():
    # 1 square allowed (face 1 - 3 headwind + 1 = -1), the first square is the sea: the fleet stays off B5
    new, events = run(sailing([afloat("A1", "B5")]), Sail("A1", ("C6", "D5")), [1, 1])
    assert new.force("A1").square == "B5" and new.force("A1").afloat


# --- embarking and disembarking (FW-20.7 note) ------------------------------------------------


@pytest.mark.parametrize("face, end", [(2, "E4"), (3, "E4"), (6, "D4")])
def test_embarking_loses_a_square_when_it_could_make_more_than_one(face, end):
    # face 2: 1 square, kept; 3: 2 squares less 1; 6: 3 squares less 1
    new, _ = run(sailing([force("A1", "D4", ships=1)]), Embark("A1", CROSSINGS[:3]), [face])
    assert new.force("A1").square == end and new.force("A1").afloat


def test_disembarking_loses_a_square_and_lands_only_at_the_end():
    state = sailing([afloat("A1", "D4")])
    short, _ = run(state, Disembark("A1", ("E4", "D4")), [3])  # 2 - 1 = 1: still afloat off E4
    assert (short.force("A1").square, short.force("A1").afloat) == ("E4", True)
    landed, _ = run(state, Disembark("A1", ("E4", "D4")), [6])  # 3 - 1 = 2: lands on D4
    assert (landed.force("A1").square, landed.force("A1").afloat) == ("D4", False)


def test_disembark_on_an_enemy_holding_captures_it():
    state = sailing([afloat("A1", "G5")], holdings=(HoldingState("H5", "B", False, "village"),))
    new, _ = run(state, Disembark("A1", ("H5",)), [6])
    assert new.holding("H5").owner == "A" and not new.force("A1").afloat


def test_disembark_on_an_enemy_makes_contact_ashore():
    state = sailing([afloat("A1", "D4"), force("B1", "D5")])
    new, _ = run(state, Disembark("A1", ("D5",)), [6])
    assert new.pending and new.pending[0].square == "D5" and not new.force("A1").afloat


def test_land_force_entering_a_square_afloat_makes_contact_and_it_lands():
    state = sailing([afloat("B1", "D4"), force("A1", "C4")])
    new, _ = run(state, Move("A1", ("D4",)), [6])
    assert new.pending and not new.force("B1").afloat


# --- refusals ------------------------------------------------------------------------------


def test_option_off_refuses():
    refused(sailing([afloat("A1", "D4")], options=Options()), Sail("A1", ("E4",)), "optional rule")


def test_ships_not_on_the_boats_stretch():
    refused(sailing([afloat("A1", "D4")]), Sail("A1", ("D3",)), "boats and rafts only")


def test_boats_take_the_boats_stretch():
    new, _ = run(sailing([afloat("A1", "D4", boats=5)]), Sail("A1", ("D3",)), [6])
    assert new.force("A1").square == "D3"


def test_flyer_carrier_never_up_a_river():
    fly = (Unit("A1-U1", "air_cavalry", "average", 2, 20),)
    refused(sailing([afloat("A1", "D5", ships=0, carriers=1, units=fly)]), Sail("A1", ("D4",)), "flyer-carrier never goes up a river")


def test_not_a_step_on_water_and_not_ending_at_sea():
    state = sailing([afloat("A1", "D4")])
    refused(state, Sail("A1", ("C4",)), "not a step on navigable water")
    refused(sailing([afloat("A1", "B5")]), Sail("A1", ("B6",)), "open water")


def test_no_sailing_past_an_enemy():
    refused(sailing([afloat("A1", "D4"), force("B1", "D5")]), Sail("A1", ("D5", "E5")), "enemy holds D5")


def test_land_move_of_a_force_afloat_refused_and_embark_of_one_afloat():
    state = sailing([afloat("A1", "D4")])
    refused(state, Move("A1", ("C4",)), "afloat")
    refused(state, Embark("A1", ()), "already afloat")
    refused(sailing([force("A1", "D4", ships=1)]), Sail("A1", ("E4",)), "ashore")
    refused(sailing([force("A1", "A2", ships=1)]), Embark("A1", ()), "no navigable water")


# --- capacities (FW-20.3, FW-20.4, AMB-77) ---------------------------------------------------


def _fits(units, fleet="ships", **craft_held):
    return isinstance(craft.loading(force("A1", "D4", units=tuple(units), **craft_held), fleet), craft.Loading)


@pytest.mark.parametrize("type_, base, figures, ships, fits", [
    ("infantry", None, 10, 1, True), ("infantry", None, 11, 1, False), ("infantry", None, 11, 2, True),
    ("cavalry", None, 5, 1, True), ("cavalry", None, 6, 1, False),
    # every weight the rosters name (FW-22.1) rides a 2.5 x 5 cm base: 5 a ship; a light chariot is a 5 x 5 model
    ("light_cavalry", None, 6, 1, False), ("medium_cavalry", None, 5, 1, True), ("medium_cavalry", None, 6, 1, False),
    ("heavy_cavalry", None, 6, 1, False), ("light_chariot", None, 1, 1, True), ("light_chariot", None, 2, 1, False),
    ("creature", "40x40", 2, 1, True), ("creature", "40x40", 3, 1, False),
    ("terrible_creature", None, 1, 1, True), ("terrible_creature", None, 2, 1, False),
    ("artillery", "large", 1, 5, False), ("artillery", "50x50", 1, 1, True),
    ("air_cavalry", None, 2, 1, False), ("air_cavalry", None, 2, 2, True),
])
def test_ship_capacity_by_base(type_, base, figures, ships, fits):
    assert _fits([Unit("U", type_, "average", figures, 5, base=base)], ships=ships) is fits


def test_mixed_load_counts_capacity_units():
    # AMB-77: 4 infantry (4) + 3 cavalry (6) = 10 units: one ship; one more infantry: two
    assert _fits([Unit("U1", "infantry", "average", 4, 5), Unit("U2", "cavalry", "average", 3, 9)], ships=1)
    assert not _fits([Unit("U1", "infantry", "average", 5, 5), Unit("U2", "cavalry", "average", 3, 9)], ships=1)


def test_flyer_carrier_takes_two_flyers():
    assert _fits([Unit("U", "air_cavalry", "average", 2, 20)], carriers=1)
    assert not _fits([Unit("U", "air_cavalry", "average", 3, 20)], carriers=1)


@pytest.mark.parametrize("units, boats, rafts, fits", [
    ((("infantry", 4),), 2, 0, True), ((("infantry", 5),), 2, 0, False),
    ((("cavalry", 2),), 0, 1, True), ((("cavalry", 3),), 0, 1, False),
    ((("medium_cavalry", 2),), 2, 0, False), ((("medium_cavalry", 2),), 0, 1, True),  # mounts go on rafts, never boats
    ((("artillery", 1),), 0, 1, True), ((("air_cavalry", 1),), 0, 9, False),
])
def test_minor_craft_loads(units, boats, rafts, fits):
    us = [Unit(f"U{i}", t, "average", n, 5) for i, (t, n) in enumerate(units)]
    assert _fits(us, "boats", boats=boats, rafts=rafts) is fits


def test_sea_folk_need_no_craft_and_keep_to_a_third():
    pirates = [Unit("U1", "infantry", "average", 20, 5, mercenary=True, sea_folk=True)]
    assert _fits(pirates) and _fits(pirates, "boats")
    # FW-20.5: cavalry and artillery at most 1/3 of the points: 100 of 300 yes, 101 of 301 no
    foot = Unit("U1", "infantry", "average", 20, 10, mercenary=True, sea_folk=True)
    assert craft.sea_folk_problem([foot, Unit("U2", "cavalry", "average", 10, 10, mercenary=True, sea_folk=True)]) is None
    assert craft.sea_folk_problem([foot, Unit("U2", "cavalry", "average", 101, 1, mercenary=True, sea_folk=True)])


def test_sea_folk_force_needs_the_option():
    m = water_map()
    pirates = ForceSpec(Leader("Barbarossa", 3), (Unit("U1", "infantry", "average", 20, 5, mercenary=True, sea_folk=True),))
    rosters = {"A": [pirates], "B": [ForceSpec(Leader("B", 3), (Unit("U1", "infantry", "average", 20, 5),))]}
    with pytest.raises(CommandError, match="FW-20.5"):
        new_campaign(m, BOARD, tiny_state([]).map, 1, Options(), rosters)
    state = new_campaign(m, BOARD, tiny_state([]).map, 1, ON, rosters)
    assert craft.sea_folk(state.force("A1"))


# --- craft gained and bought -----------------------------------------------------------------


def test_two_free_ships_a_turn_at_a_port_under_defend():
    held = (HoldingState("B5", "A", False, "village"),)
    state = tiny_state([force("A1", "B5", "defend"), force("A2", "B5")], phase=8, holdings=held, options=ON)
    dice = GameDice(11, [])
    new = voyage.shipyards(state, dice, BOARD)
    assert new.force("A1").ships == 2 and new.force("A2").ships == 0  # A2 is not under Defend


def test_forest_on_a_river_gives_boats_and_rafts_every_two_turns():
    board = water_board(terrain={(3, 2): "forest"})  # D3, on the river
    held = (HoldingState("D3", "A", False, "village"),)
    for day, boats in ((1, 0), (2, 4), (3, 0), (4, 4)):
        state = evolve(tiny_state([force("A1", "D3", "defend")], phase=8, holdings=held, options=ON), day=day)
        new = voyage.shipyards(state, GameDice(11, []), board)
        assert (new.force("A1").boats, new.force("A1").rafts) == (boats, boats // 2)


def test_buy_craft_from_banked_points():
    state = tiny_state([force("A1", "B5")], phase=1, options=ON, holdings=(HoldingState("B5", "A", False, "village"),))
    state = evolve(state, sides=(evolve(state.sides[0], reinforcement_points=250), state.sides[1]))
    new, _ = run(state, BuyCraft("A1", ships=2, boats=4))
    assert new.side("A").reinforcement_points == 250 - 200 - 40 and (new.force("A1").ships, new.force("A1").boats) == (2, 4)
    refused(state, BuyCraft("A1", ships=3), "banked points")
    refused(evolve(state, forces=(force("A1", "C5"),)), BuyCraft("A1", ships=1), "port")


# --- FW-16.4 events at sea ----------------------------------------------------------------------


@pytest.mark.parametrize("face, reaction", [(1, "unsteady"), (2, "confused"), (3, None), (4, None)])
def test_events_at_sea(face, reaction):
    a1 = afloat("A1", "B5", moved_today=True)
    state = tiny_state([a1], phase=8, options=Options(watercraft=True, random_events=True))
    dice = GameDice(11, [face])
    new = voyage.sea_events(state, dice, BOARD)
    assert new.force("A1").reaction == reaction
    if face == 3:
        assert any("Lurking Monster" in e.text for e in dice.log)


# --- the file ---------------------------------------------------------------------------------


def test_a_campaign_without_watercraft_writes_no_new_key():
    text = dumps_state(tiny_state([force("A1", "B5")]))
    for key in ("watercraft", "afloat", "ships", "carriers", "boats", "rafts", "sea_folk", "base"):
        assert f'"{key}"' not in text
    assert '"afloat": true' in dumps_state(tiny_state([afloat("A1", "B5")], options=ON))


# --- properties ---------------------------------------------------------------------------------

OBSTACLE_BOARD = water_board(obstacles=((1, "waterfall"), (3, "bridge")))
STARTS = sorted(sq for sq in OBSTACLE_BOARD.sailing if sq in OBSTACLE_BOARD.squares)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(STARTS), st.lists(st.integers(0, 7), max_size=5), st.integers(1, 6), st.integers(1, 6),
       st.sampled_from([{"ships": 1}, {"boats": 5}, {"ships": 1, "boats": 5}]))
def test_afloat_moves_only_on_its_water_and_never_beyond_its_roll(start, picks, wind, face, held):
    board = OBSTACLE_BOARD
    path, here = [], start
    for p in picks:  # a random walk on the sailing graph, sometimes off it
        near = sorted(board.sailing.get(here, {})) or ["A1"]
        here = near[p % len(near)] if p < 7 else "A1"
        path.append(here)
    state = sailing([afloat("A1", start, **held)])
    try:
        new, events = run(state, Sail("A1", tuple(path)), [face], board)  # on a river: no wind test
    except CommandError as exc:
        if "--roll" not in str(exc):
            return
        try:
            new, events = run(state, Sail("A1", tuple(path)), [wind, face], board)  # at sea: the wind first
        except CommandError:
            return
    a1 = new.force("A1")
    roll = naval_roll(events) if path else None
    route = (start, *path)
    sailed = route.index(a1.square) if a1.square in route else 0
    if roll is not None:
        allowance = voyage.NAVAL_TABLE.lookup(roll.total).data["squares"]
        # never more squares than the modified roll allows: the end is within reach of the route's start
        assert any(route[i] == a1.square for i in range(min(len(route), allowance + 1)))
        # the waterfall at point 1 lies where the river passes from D2-E2 to D3-E3: sailing along it there is passing it
        above, below = {"D2", "E2"}, {"D3", "E3"}
        passes = any(board.sailing[a][b][0] == "river" and {a, b} & above and {a, b} & below for a, b in zip(route, route[1:]))
        assert (("craft carried past falls or rapids", -3) in mods(roll)) is passes
    fleet = voyage.fleet_for(state.force("A1"), [board.sailing[a][b] for a, b in zip(route, route[1:])])
    for a, b in zip(route, route[1:]):
        step = board.sailing[a][b]  # every step is on navigable water ...
        assert fleet.fleet == "boats" or step[1] == "ships"  # ... that its craft may sail
    assert a1.square in board.squares and a1.afloat and sailed >= 0


# --- random play and the bots ------------------------------------------------------------------


def _water_start(seed: int):
    """Day 1 on the water map: side A's port B5 and side B's H5 each hold a force with two ships."""
    board = water_board(terrain={(3, 2): "forest"}, obstacles=((1, "waterfall"), (3, "bridge")))
    holdings = (HoldingState("B2", "A", True, "sanctuary", False, "A"), HoldingState("B5", "A", False, "village", False, "A"),
                HoldingState("H2", "B", True, "city", False, "B"), HoldingState("H5", "B", False, "village", False, "B"))
    forces = [force("A1", "B5", "max_speed", ships=2), force("A2", "B2", "defend"), force("A3", "D3", "probe", boats=5),
              force("B1", "H5", "max_speed", ships=2), force("B2", "H2", "defend")]
    state = evolve(tiny_state(forces, holdings=holdings, options=Options(watercraft=True, random_events=True, random_event_interval=1)),
                   seed=seed, phase=1)
    return state, board


def _afloat_where_it_may(before, after, command, board):
    for f in after.forces:
        assert f.square in board.squares, f"{f.id} off the land board at {f.square}"
        if f.afloat:
            assert f.square in board.sailing, f"{f.id} afloat off {f.square}, which borders no navigable water"


@pytest.mark.parametrize("seed", range(6))
def test_random_games_afloat_keep_the_rules(seed):
    import random

    from mapgen.campaign.ruleset import RULESET
    from mapgen.engine.fuzz import play

    state, board = _water_start(seed)
    game = play(RULESET, state, board, random.Random(seed), RULESET.dice_for, until=lambda s: s.day > 6, invariants=_afloat_where_it_may)
    assert game.state.day > 1
    assert {r["command"] for r in game.records} & {"embark", "sail", "disembark"}  # every game went afloat


@pytest.mark.parametrize("bots", [("plain", "plain"), ("cautious", "aggressive"), ("aggressive", "cautious")])
def test_bot_games_afloat_give_only_legal_commands(bots):
    from mapgen.campaign.bots import make_bots
    from mapgen.campaign.bots.play import play_day

    state, board = _water_start(3)
    sailed = 0
    for _ in range(8):
        state, _ = play_day(state, board, make_bots(bots))
        sailed += sum(1 for e in state.log if e.rule == "FW-20.7" and e.dice)
        if state.winner is not None:
            break
    assert sailed  # the bots went afloat at least once


def test_the_bots_sail_when_the_water_is_the_shorter_way():
    """From D5 the enemy capital H2 is 7 steps by land (up to the bridge) and 3 from E4 or E5 across the ships' stretch:
    every roll makes at least that one square (FW-20.7), far more than a day's march (FW-9.3)."""
    from mapgen.campaign.bots.sailing import naval_move

    state, board = _water_start(1)
    a1 = evolve(state.force("A1"), square="D5")
    state = evolve(state, phase=2, initiative=("A",), forces=(a1, state.force("B2")))
    cmd = naval_move(state, board, "A")
    assert isinstance(cmd, Embark) and cmd.force == "A1" and cmd.path == (cmd.path[-1],) and cmd.path[-1] in ("E4", "E5")


def test_the_bots_keep_ashore_when_only_a_rare_roll_makes_the_voyage_pay():
    """From the port B5 the sea saves steps only if the fleet reaches E5, three squares on after the embarking
    square is lost: a 4-square result (9+, FW-20.7) that even a favourable wind and Max Speed give on a 6 only."""
    from mapgen.campaign.bots.sailing import naval_move

    state, board = _water_start(1)
    state = evolve(state, phase=2, initiative=("A",), forces=tuple(f for f in state.forces if f.id in ("A1", "B2")))
    assert naval_move(state, board, "A") is None


# --- what each side sees ---------------------------------------------------------------------


def test_the_enemy_sees_a_fleet_but_not_its_craft():
    from mapgen.campaign.view import side_view, status_lines

    state = sailing([afloat("A1", "D4", ships=3), force("B1", "H2")])
    seen = {f["id"]: f for f in side_view(state, "B", BOARD)["forces"]}
    assert seen["A1"].get("afloat") is True and "ships" not in seen["A1"] and "units" not in seen["A1"]
    own = {f["id"]: f for f in side_view(state, "A", BOARD)["forces"]}
    assert own["A1"]["ships"] == 3 and own["A1"]["afloat"] is True
    assert "afloat" not in {f["id"]: f for f in side_view(state, "A", BOARD)["forces"]}["B1"]
    b_lines = "\n".join(status_lines(state, BOARD, "B"))
    assert "A1   D4    probe, afloat zone of control" in b_lines and "3 ships" not in b_lines
    assert "afloat, craft: 3 ships" in "\n".join(status_lines(state, BOARD, "A"))


def test_counters_turn_to_afloat():
    from mapgen.campaign.counters import campaign_counters

    state = tiny_state([afloat("A1", "D4"), force("A2", "B2")], options=ON)
    faces = {c.id: c for c in campaign_counters(state)}
    assert faces["fw-A-force-1"].front.title == "Afloat" and faces["fw-A-force-2"].back.title == "Afloat"
    plain = {c.id: c for c in campaign_counters(tiny_state([force("A2", "B2")]))}
    assert plain["fw-A-force-2"].back.title != "Afloat"  # without the option, the counters are what they were


def _generated_water_map(tmp_path):
    """A small generated map made navigable by hand: every river for ships, a port per side by the water."""
    from mapgen.fw import waterways
    from mapgen.jsonio import dumps as jdumps
    from tests.fw_tiny import cached_map

    m = copy.deepcopy(cached_map(seed=3, size="small"))
    for r in m.rivers:
        r.stretches, r.obstacles = [(0, len(r.points) - 1, "ships")], []
    water, nav = waterways.open_water(m), waterways.navigable_squares(m, "boats")
    m.ports, m.reefs = [], []
    for side in ("A", "B"):
        for h in m.holdings:
            near = {(h.square[0] + dc, h.square[1] + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)}
            if h.side == side and (near & water or h.square in nav):
                m.ports.append((h.square, side))
                break
    path = tmp_path / "water-map.json"
    path.write_text(jdumps(m.to_json()), encoding="utf-8")
    return path


def test_cli_watercraft_commands_refuse_cleanly_undo_and_replay(tmp_path):
    from click.testing import CliRunner

    from mapgen.cli import cli

    run_cli = CliRunner().invoke
    folder = tmp_path / "c"
    r = run_cli(cli, ["campaign", "new", str(folder), "--map", str(_generated_water_map(tmp_path)), "--rules", "watercraft", "--seed", "3"])
    assert r.exit_code == 0, r.output
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    for words in (["sail", str(folder), "A1", "C4"], ["buy-craft", str(folder), "A1", "ships=1"], ["buy-craft", str(folder), "A1", "ships=x"],
                  ["embark", str(folder)]):
        r = run_cli(cli, ["campaign", *words])
        assert r.exit_code == 2 and "Error:" in r.output and "Traceback" not in r.output, (words, r.output)
        assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before
    for _ in range(3):  # three days: the port's force under Defend gets its free ships
        assert run_cli(cli, ["campaign", "turn", str(folder)]).exit_code == 0
        assert run_cli(cli, ["campaign", "turn", str(folder), "--rest-stay"]).exit_code == 0
    assert "FW-20.3" in run_cli(cli, ["campaign", "log", str(folder)]).output
    assert run_cli(cli, ["campaign", "replay", str(folder), "--check"]).exit_code == 0


def test_the_map_draws_a_force_afloat_as_the_state_says():
    from mapgen.render.campaign_layers import force_face

    ashore = force_face({"id": "A1", "side": "A", "order": "probe", "reaction": None})
    at_sea = force_face({"id": "A1", "side": "A", "order": "probe", "reaction": None, "afloat": True})
    assert (ashore.dark, ashore.note) == (False, "") and (at_sea.dark, at_sea.note) == (True, "afloat")
    assert at_sea.title == ashore.title  # the order stays readable on the turned counter


def test_a_kit_or_campaign_with_watercraft_makes_its_map_with_ports_and_waters(tmp_path):
    """``--rules watercraft`` on a generated map asks the map for what FW-20.2 and FW-20.4 need: the same map as
    ``fw-map --watercraft`` (ports, navigable stretches); without it the map has none of those fields."""
    from click.testing import CliRunner

    from mapgen.cli import cli

    run_cli = CliRunner().invoke
    for command in (["new", "--seed", "5", "--formats", "json", "--out"], ["campaign", "new", "--seed", "5", "--formats", "svg"]):
        with_water, without = tmp_path / f"{command[0]}-w", tmp_path / f"{command[0]}-plain"
        for folder, rules in ((with_water, ["--rules", "watercraft"]), (without, [])):
            if command[0] == "new":
                r = run_cli(cli, [*command, str(folder), *rules])
            else:
                r = run_cli(cli, [*command[:2], str(folder), *command[2:], *rules])
            assert r.exit_code == 0, r.output
        water = json.loads((with_water / "fw-map.json").read_text())
        plain = json.loads((without / "fw-map.json").read_text())
        assert water["options"]["watercraft"] is True and "ports" in water
        assert any("stretches" in river for river in water["rivers"])
        assert "watercraft" not in plain["options"] and "ports" not in plain
        assert not any("stretches" in river for river in plain["rivers"])
        m = FwMap.from_json(water)
        assert all(holding.side == side for sq, side in m.ports for holding in m.holdings if holding.square == sq)


def test_dwarves_get_their_ports_from_new_and_campaign_new_when_asked(tmp_path):
    """FW-20.2: dwarves get no port unless the player asks; ``--ports`` of ``new`` and ``campaign new`` asks as
    ``fw-map --watercraft --ports`` does, so the map is that one."""
    from click.testing import CliRunner

    from mapgen.cli import cli

    run_cli = CliRunner().invoke
    dwarves = ["--seed", "5", "--races", "dwarves,dwarves"]
    r = run_cli(cli, ["fw-map", *dwarves, "--watercraft", "--ports", "both", "--formats", "json", "--out", str(tmp_path / "map")])
    assert r.exit_code == 0, r.output
    asked = json.loads((tmp_path / "map" / "fw-map.json").read_text())["ports"]
    assert {p["side"] for p in asked} == {"A", "B"}  # both: one port a side
    for command in (["new", *dwarves, "--formats", "json", "--out", str(tmp_path / "kit")],
                    ["campaign", "new", str(tmp_path / "camp"), *dwarves, "--formats", ""]):
        r = run_cli(cli, [*command, "--rules", "watercraft", "--ports", "both"])
        assert r.exit_code == 0, r.output
        folder = tmp_path / ("kit" if command[0] == "new" else "camp")
        assert json.loads((folder / "fw-map.json").read_text())["ports"] == asked


@pytest.mark.parametrize("command", [["new", "--out", "k"], ["campaign", "new", "c"], ["campaign", "new", "c", "--rules", "weather"]])
def test_ports_without_the_watercraft_rules_is_refused_in_one_line(tmp_path, monkeypatch, command):
    from click.testing import CliRunner

    from mapgen.cli import cli

    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(cli, [*command, "--ports", "A"])
    assert r.exit_code == 2 and r.output.strip().splitlines() == ["Error: --ports: an option of the watercraft rules' map; add --rules watercraft or drop it"]
    assert list(tmp_path.iterdir()) == []


def test_campaign_help_lists_the_voyage_commands_and_says_what_each_plays(capsys):
    # a new player finds embark, sail, disembark and buy-craft where every other command is, with their rules
    from tests.cli_helpers import run as run_main

    code, out, _ = run_main(["campaign", "--help"], capsys)
    listed = {line.split()[0] for line in out.split("Commands:")[1].splitlines() if line.strip()}
    assert code == 0 and {"embark", "sail", "disembark", "buy-craft", "control-weather", "send"} <= listed
    for name, rule in (("embark", "FW-20.7"), ("sail", "FW-20.7"), ("disembark", "FW-20.7"), ("buy-craft", "FW-20.3")):
        code, out, _ = run_main(["campaign", name, "--help"], capsys)
        assert code == 0 and rule in " ".join(out.split()) and "option watercraft" in out, (name, out)


def test_one_craft_is_named_in_the_singular_in_status_and_atlas():
    from mapgen.atlas.fw import craft_words
    from mapgen.campaign.view import status_lines

    state = sailing([afloat("A1", "D4", ships=1, carriers=1, boats=2), force("B1", "H2")])
    assert "craft: 1 ship, 1 flyer-carrier, 2 boats" in "\n".join(status_lines(state, BOARD, "A"))
    assert craft_words({"ships": 1, "carriers": 1, "boats": 2, "rafts": 0}) == ", craft 1 ship, 1 flyer-carrier, 2 boats"


@pytest.mark.parametrize("words", [["A1", "ships=1000"], ["A1", "ships=1", "ships=2"], ["A1", "oars=2"], ["A1"]])
def test_buy_craft_words_refused_say_the_limits(words):
    from mapgen.campaign.words import parse_buy_craft

    with pytest.raises(ValueError, match=r"each named once with how many \(0 to 100\)"):
        parse_buy_craft(words, {})


def test_voyage_paths_cross_open_water_to_the_shore_beyond():
    """A voyage may pass sea squares and ends off a land square (the [DEV] ruling of ``voyage``); an enemy on the
    coast (C5) is not sailed past (FW-9.8), so D5 is reached from the port B5 only across the open sea (C6)."""
    state = sailing([force("A1", "B5", ships=1), force("B1", "C5")])
    paths = voyage.voyage_paths(state, BOARD, Embark, "A1")
    assert "D5" in paths
    route = paths["D5"]
    assert len(route) == 2 and route[0] not in BOARD.squares  # B5 -> open sea -> D5
    assert voyage.refusal(state, BOARD, Embark("A1", route)) is None
    assert all(p[-1] in BOARD.squares and voyage.refusal(state, BOARD, Embark("A1", p)) is None for p in paths.values())


def test_voyage_paths_keep_to_the_shore_among_the_shortest():
    """B5 to D5 is two steps by C5 (a shore square) or by C6 (open sea); a fleet whose roll makes one square stops off
    the last land square it passed (FW-20.7, never in open water), so the path offered is the one along the shore."""
    state = sailing([force("A1", "B5", ships=1)])
    assert voyage.voyage_paths(state, BOARD, Embark, "A1")["D5"] == ("C5", "D5")
