"""The Napoleonic board and tables, checked against the digest (NAP-1, NAP-2.2, NAP-5, NAP-6 to NAP-11, NAP-A.12)."""

import json

import pytest

from mapgen.errors import BadFileError
from mapgen.napoleonic import board as B
from mapgen.napoleonic import tables as T
from mapgen.rulebooks import nap_units as NAP1


def test_thirteen_areas_named_as_the_commands_take_them():
    # NAP-2.2: three line areas a side, the three-part central zone, a reserve and a retreat area a side
    assert set(B.AREAS) == {
        "a-retreat", "a-reserve", "a-left", "a-centre", "a-right", "mid-0", "mid-1", "mid-2",
        "b-right", "b-centre", "b-left", "b-reserve", "b-retreat",
    }


def test_a_left_faces_b_right_across_mid_0():
    # NAP-2.2: columns are numbered from A's point of view; A's left faces B's right
    assert B.AREAS["a-left"].column == B.AREAS["mid-0"].column == B.AREAS["b-right"].column == 0
    assert B.AREAS["a-right"].column == B.AREAS["b-left"].column == 2


@pytest.mark.parametrize(
    "a, b",
    [("a-left", "a-centre"), ("a-centre", "a-right"), ("mid-0", "mid-1"), ("a-centre", "mid-1"),
     ("mid-2", "b-left"), ("a-reserve", "a-right"), ("b-reserve", "b-right")],
)
def test_orthogonal_neighbours_and_a_reserve_touch(a, b):
    assert B.adjacent(a, b) and B.adjacent(b, a)


@pytest.mark.parametrize(
    "a, b",
    [("a-left", "mid-1"), ("mid-0", "b-centre"), ("a-left", "a-right"), ("a-left", "b-right"),
     ("a-reserve", "mid-0"), ("a-reserve", "b-reserve"), ("a-retreat", "a-reserve"), ("b-retreat", "b-left"),
     ("a-reserve", "b-left")],
)
def test_no_diagonal_no_jump_and_retreats_touch_nothing(a, b):
    # NAP-4.3 no diagonal moves; NAP-A.12 reserves touch only their own line, retreats nothing
    assert not B.adjacent(a, b) and not B.adjacent(b, a)


def test_adjacency_is_symmetric_and_retreats_isolated():
    for a in B.AREAS:
        for b in B.neighbours(a):
            assert a in B.neighbours(b)
    assert B.neighbours("a-retreat") == B.neighbours("b-retreat") == ()


def test_the_english_infantry_in_mid_0_has_only_b_right_in_front():
    # NAP-5's example: from Mid-0 an English (A) unit may attack B-Right, not Mid-1 or B-Centre
    assert B.ahead("mid-0", "A") == "b-right"
    assert B.ahead("mid-0", "A") not in ("mid-1", "b-centre")


def test_ahead_is_toward_the_enemy_and_artillery_reaches_two():
    assert B.ahead("b-centre", "B") == "mid-1"
    assert B.ahead("a-left", "A", 2) == "b-right"  # NAP-5: artillery two areas straight ahead
    assert B.ahead("b-left", "B", 2) == "a-right"
    assert B.ahead("a-reserve", "A") is None and B.ahead("a-retreat", "A") is None  # NAP-A.18


def test_line_parts_hold_by_their_line_area_or_the_central_area_of_their_column():
    # NAP-12: A's left is intact while A holds A-Left or Mid-0; B's left is column 2
    assert B.part_areas("A", 0) == ("a-left", "mid-0")
    assert B.part_areas("B", 2) == ("b-left", "mid-2")


@pytest.mark.parametrize("typed, name", [("A-Left", "a-left"), ("a left", "a-left"), ("Mid 0", "mid-0"),
                                          ("B-Center", "b-centre"), (" b_reserve ", "b-reserve")])
def test_area_names_as_typed(typed, name):
    assert B.area_named(typed) == name


def test_an_unknown_area_names_the_choices():
    with pytest.raises(ValueError, match="mid-1"):
        B.area_named("mid-3")


def test_nap_1_costs_actions_and_specials():
    assert {k: (u.cost, u.movement, u.actions) for k, u in NAP1.UNITS.items()} == {
        "infantry": (6, 1, 1), "cavalry": (10, 2, 2), "artillery": (12, 1, 1), "leader": (12, 2, 2),
        "elite_infantry": (9, 1, 1), "militia": (4, 1, 1), "irregular_cavalry": (7, 2, 2), "heavy_cavalry": (13, 2, 2),
    }
    elite, militia, irregular, heavy = (NAP1.UNITS[k] for k in ("elite_infantry", "militia", "irregular_cavalry", "heavy_cavalry"))
    assert (elite.fire_modifier, elite.charge_modifier, elite.rally, elite.destroyed_by_charge_from) == (1, 1, 7, 4)
    assert (militia.fire_modifier, militia.charge_modifier, militia.rally, militia.square_fails_up_to) == (-1, -1, 9, 3)
    assert (irregular.charge_modifier, irregular.rally) == (-1, 9)
    assert heavy.charge_modifier == 1
    assert NAP1.UNITS["infantry"].rally == 8 and NAP1.UNITS["cavalry"].destroyed_by_charge_from == 3


def test_fire_results_by_quality():
    # NAP-6.1: destroyed on 1-3 (standard), 1-2 (elite), 1-4 (militia)
    assert NAP1.UNITS["infantry"].destroyed_by_fire_up_to == 3
    assert NAP1.UNITS["elite_infantry"].destroyed_by_fire_up_to == 2
    assert NAP1.UNITS["militia"].destroyed_by_fire_up_to == 4


def test_who_fires_and_who_charges():
    # NAP-1/NAP-3.2: artillery fires only, cavalry charges only, leaders attack nothing
    assert [k for k, u in NAP1.UNITS.items() if u.can_fire] == ["infantry", "artillery", "elite_infantry", "militia"]
    assert [k for k, u in NAP1.UNITS.items() if u.can_charge] == [
        "infantry", "cavalry", "elite_infantry", "militia", "irregular_cavalry", "heavy_cavalry"]


def test_situational_modifiers():
    fire = {m.key: m.value for m in T.FIRE_MODIFIERS}
    charge = {m.key: m.value for m in T.CHARGE_MODIFIERS}
    assert fire == {"firer_in_square": -1, "infantry_at_square": 1, "artillery_at_square": 2}
    assert charge == {"leader": 1, "combined_arms": 1, "cavalry_at_square": -3}
    assert T.DEFAULT_TABLES.charge["cavalry"] == 2  # NAP-7.2: the one Charge Table entry the source keeps
    assert T.LEADER_KILLED_ON == (11, 12)


def _write(tmp_path, data):
    path = tmp_path / "tables.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_a_tables_file_replaces_only_what_it_gives(tmp_path):
    tables = T.read_tables(_write(tmp_path, {"schema": "mapgen/napoleonic-tables", "version": 1, "fire": {"infantry": 9}}))
    assert tables.fire == {**T.DEFAULT_TABLES.fire, "infantry": 9}
    assert tables.pursuit == T.DEFAULT_TABLES.pursuit


def test_the_defaults_round_trip_through_a_file(tmp_path):
    assert T.read_tables(_write(tmp_path, T.DEFAULT_TABLES.to_json())).fire == T.DEFAULT_TABLES.fire


@pytest.mark.parametrize(
    "data, field",
    [({"fire": {"infantry": 14}}, "fire.infantry"), ({"pursuit": {"leader": 3}}, "pursuit"),
     ({"charge": {"cavalry": "two"}}, "charge.cavalry"), ({"version": 2}, "version")],
)
def test_a_bad_tables_file_names_file_and_field(tmp_path, data, field):
    path = _write(tmp_path, {"schema": "mapgen/napoleonic-tables", "version": 1, **data})
    with pytest.raises(BadFileError) as err:
        T.read_tables(path)
    assert str(err.value).startswith(path) and field in str(err.value)
