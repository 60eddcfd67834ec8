"""Deployment zones of every scenario (FW-0.2, FW-10, FW-23), with the rulebook's distances typed out.

FW-0.2: scouting Commands within 15 cm of the own long edge, the others within 30 cm.
FW-23.2: defenders 20 to 40 cm from their long edge; attackers in column at the centre,
within 15 cm of theirs.  FW-23.6: defenders in the central 40 cm square, attackers at
least 30 cm from it.  FW-23.7: on 240 x 180, the relief force as in a field battle.
"""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from mapgen.battlefield import scenarios as S
from mapgen.battlefield.checks import checks
from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.battlefield.model import Zone
from mapgen.battlefield.placement import Layout
from mapgen.battlefield.state import Ground, TableState
from mapgen.dice import Dice

ALL = ("pitched", "raid", "breakthrough", "chance_encounter", "flank_attack", "ambush", "last_stand", "relief")
TABLES = [(180, 120), (240, 180), (300, 200), (120, 60), (200, 120), (600, 400)]
FIRST = {"raid": "raid", "breakthrough": "breakthrough", "flank_attack": "counter_march", "last_stand": "surrounded", "relief": "relief"}


def plans():
    for name in ALL:
        for w, d in TABLES:
            w_min, d_min = S.min_table(name)
            if w < w_min or d < d_min:
                continue
            for first in "AB":
                situation = S.Situation(FIRST[name], first) if name in FIRST else None
                orders = {first: "max_speed", S.other(first): "defend"} if name == "ambush" else {}
                for seed in range(3):
                    yield name, (w, d), first, S.build(name, Dice(seed), w, d, orders, situation)


def overlaps(zones):
    return [(a.label, b.label) for i, a in enumerate(zones) for b in zones[i + 1 :] if a.side != b.side and a.polygon.intersection(b.polygon).area > 1e-6]


def test_no_two_opposing_zones_share_ground_in_any_scenario():
    seen = set()
    for name, table, first, plan in plans():
        seen.add(name)
        assert overlaps(plan.scenario.zones) == [], (name, table, first)
    assert seen == set(ALL)


@settings(deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(ALL), st.sampled_from(("plain", "forest", "desert", "hills", None)))
def test_generated_layouts_keep_opposing_zones_apart(seed, name, terrain):
    b = generate_battlefield(BattleOptions(seed=seed, terrain=terrain, scenario=name))
    assert overlaps(b.scenario.zones) == []
    assert not any(n.startswith("Check:") for n in b.notes), b.notes


def zones_of(plan, side):
    return [z for z in plan.scenario.zones if z.side == side]


@pytest.mark.parametrize("relief_side", "AB")
def test_relief_force_deploys_as_in_a_field_battle_behind_the_besiegers(relief_side):
    plan = S.build("relief", Dice(1), 240, 180, {}, S.Situation("relief", relief_side))
    besiegers = S.other(relief_side)
    mine = {tuple(z.polygon.bounds) for z in zones_of(plan, relief_side)}
    near = (lambda lo, hi: (0, lo, 240, hi)) if relief_side == "A" else (lambda lo, hi: (0, 180 - hi, 240, 180 - lo))
    assert near(0, 30) in mine and near(0, 15) in mine  # Commands within 30 cm, scouting Commands within 15
    assert (100, 70, 140, 110) in mine  # the surrounded force in the central 40 cm square
    square = box(100, 70, 140, 110)
    band = box(*near(0, 30))
    strips = zones_of(plan, besiegers)
    assert len(strips) >= 2  # on at least two edges (FW-23.6)
    for z in strips:
        assert z.polygon.distance(square) >= 30 - 1e-9
        assert z.polygon.distance(band) >= 10 - 1e-9  # [DEV] 10 cm of no-man's land
    assert plan.scenario.side_orders(relief_side).escape_edges == ["edge_a" if relief_side == "A" else "edge_b"]  # its own edge
    assert plan.scenario.side_orders(besiegers).escape_edges == []  # General Retreat forbidden


def test_relief_besiegers_on_the_three_other_edges():
    plan = S.build("relief", Dice(1), 240, 180, {}, S.Situation("relief", "A"))
    assert sorted(tuple(z.polygon.bounds) for z in zones_of(plan, "B")) == [(0, 40, 70, 180), (0, 140, 240, 180), (170, 40, 240, 180)]


@pytest.mark.parametrize("width,depth", [(180, 120), (240, 180), (60, 60)])
@pytest.mark.parametrize("attacker", "AB")
def test_breakthrough_column_at_the_centre_of_the_attackers_edge(width, depth, attacker):
    plan = S.build("breakthrough", Dice(1), width, depth, {}, S.Situation("breakthrough", attacker))
    (column,) = zones_of(plan, attacker)
    (line,) = zones_of(plan, S.other(attacker))
    col = min(60, width)  # [DEV] the middle 60 cm of the long edge
    x0, x1 = width / 2 - col / 2, width / 2 + col / 2
    if attacker == "A":
        assert column.polygon.bounds == (x0, 0, x1, 15) and line.polygon.bounds == (0, depth - 40, width, depth - 20)
    else:
        assert column.polygon.bounds == (x0, depth - 15, x1, depth) and line.polygon.bounds == (0, 20, width, 40)
    assert column.polygon.area == col * 15


def test_pitched_bands_are_fifteen_and_thirty_cm():
    plan = S.build("pitched", Dice(3), 180, 120, {}, None)
    assert sorted(tuple(z.polygon.bounds) for z in plan.scenario.zones) == [(0, 0, 180, 15), (0, 0, 180, 30), (0, 90, 180, 120), (0, 105, 180, 120)]


def test_the_checks_stage_notes_overlapping_zones():
    plan = S.build("pitched", Dice(3), 180, 120, {}, None)
    plan.scenario.zones.append(Zone("B", box(0, 0, 50, 50), "side B: a stray zone"))
    dice = Dice(1)
    state = TableState(BattleOptions(), dice, Ground("plain", "flat", False), plan, Layout(180, 120, dice.rng))
    checks(state)
    assert len(state.notes) == 2 and all(n.startswith("Check: the deployment zones '") and "(FW-10)" in n for n in state.notes)


# --- last stand and relief (FW-23.6, FW-23.7): the besiegers' strips -----------------------------


def test_last_stand_strips_on_every_edge_thirty_cm_from_the_square():
    plan = S.build("last_stand", Dice(1), 180, 120, {}, S.Situation("surrounded", "A"))
    zones = [(z.side, tuple(z.polygon.bounds), z.label) for z in plan.scenario.zones]
    assert zones == [
        ("A", (70, 40, 110, 80), "side A: inside the central 40 cm square"),
        ("B", (0, 0, 40, 120), "side B: along left, at least 30 cm from the defenders"),
        ("B", (140, 0, 180, 120), "side B: along right, at least 30 cm from the defenders"),
        ("B", (0, 0, 180, 10), "side B: along edge a, at least 30 cm from the defenders"),
        ("B", (0, 110, 180, 120), "side B: along edge b, at least 30 cm from the defenders"),
    ]
    assert [c.bounds for c in plan.clear] == [(70, 40, 110, 80)]
    assert [k.bounds for k in plan.line_keepout] == [(65, 35, 115, 85)]  # rivers and roads keep 5 cm off the square
    assert plan.winner == "A"


def test_strips_narrower_than_ten_cm_are_dropped_and_two_edges_are_needed():
    from mapgen.battlefield.sieges import _besieger_strips
    from mapgen.errors import InfeasibleError

    assert [tuple(z.polygon.bounds) for z in _besieger_strips("B", 130, 119)] == [(0, 0, 15, 119), (115, 0, 130, 119)]
    assert [tuple(z.polygon.bounds) for z in _besieger_strips("B", 120, 120)] == [(0, 0, 10, 120), (110, 0, 120, 120), (0, 0, 120, 10), (0, 110, 120, 120)]
    with pytest.raises(InfeasibleError) as err:
        _besieger_strips("B", 119, 119)
    assert str(err.value) == "FW-23.6: attackers need at least two edges 30 cm from the central square: use a larger --table"


def test_relief_strips_say_they_keep_clear_of_the_relief_force():
    plan = S.build("relief", Dice(1), 240, 180, {}, S.Situation("relief", "B"))
    labels = {tuple(z.polygon.bounds): z.label for z in plan.scenario.zones if z.side == "A"}
    assert labels == {
        (0, 0, 70, 140): "side A: along left, at least 30 cm from the defenders and 10 cm clear of the relief force's band",
        (170, 0, 240, 140): "side A: along right, at least 30 cm from the defenders and 10 cm clear of the relief force's band",
        (0, 0, 240, 40): "side A: along edge a, at least 30 cm from the defenders",
    }
    mine = [(tuple(z.polygon.bounds), z.label) for z in plan.scenario.zones if z.side == "B"]
    assert mine == [
        ((100, 70, 140, 110), "side B: the surrounded force, inside the central square"),
        ((0, 150, 240, 180), "side B: relief force, Commands within 30 cm of the edge"),
        ((0, 165, 240, 180), "side B: relief force, scouting Commands within 15 cm"),
    ]
    assert [c.bounds for c in plan.clear] == [(100, 70, 140, 110)] and [k.bounds for k in plan.line_keepout] == [(95, 65, 145, 115)]
    assert plan.winner == "B" and plan.scenario.deploys_first == "B"


def test_a_relief_strip_cut_in_two_is_dropped():
    from mapgen.battlefield.sieges import _besieger_strips

    across = box(0, 55, 300, 65)  # a clear band through the left and right strips
    zones = _besieger_strips("A", 300, 200, across, " (cut)")
    assert [tuple(z.polygon.bounds) for z in zones] == [(0, 0, 300, 50), (0, 150, 300, 200)]
    assert all(not z.label.endswith("(cut)") for z in zones)


def test_raid_zones_the_village_and_the_ground_sixty_cm_from_it():
    plan = S.build("raid", Dice(1), 180, 120, {}, S.Situation("raid", "B"))
    village, left, right = plan.scenario.zones
    assert (village.side, tuple(village.polygon.bounds), village.label) == ("A", (75, 45, 105, 75), "side A: inside the village")
    houses = box(75, 45, 105, 75)
    for z, corner in ((left, (0, 0)), (right, (180, 120))):
        assert z.side == "B" and z.label == "side B: at least 60 cm from the village houses"
        # 60 cm from the houses, which stand 2 cm or more inside the village; the round corners are 16-sided
        assert z.polygon.distance(houses) >= 60 - 60 * (1 - math.cos(math.pi / 16)) - 1e-6 and z.polygon.buffer(0.01).contains(box(*corner, *corner).buffer(0.5).intersection(box(0, 0, 180, 120)))
    assert left.polygon.bounds[2] < 90 < right.polygon.bounds[0]  # listed from left to right
    assert 35 < left.polygon.bounds[2] < 37  # reaching along the edges to where the 60 cm circle round the village's corner meets them
    assert [tuple(k.bounds) for k in plan.line_keepout] == [(65, 35, 115, 85)] and plan.clear == []
    assert [(k, tuple(p.bounds), n) for k, p, n in plan.required] == [("village", (75, 45, 105, 75), "the raided village, at the table centre (FW-23.1)")]
