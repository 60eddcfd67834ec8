"""The pieces laid before everything else, the scenario's table and features, the options' checks, and the
result object.

FW-10.5 and AMB-29: a mountain square on a larger table has a 120 x 60 cm mountain base along one long
edge.  FW-21.2: a 1-level plateau 60 cm deep across the table over the scouting winner's band (1-4), the
centre (5) or the loser's (6).  FW-21.6: an inlet on a short edge, equidistant from both deployment
zones ([DEV] 30 cm into the table, 60 cm along it).  FW-23.5: the ambusher's cover beside the route.
FW-0.2: the table is given long edge first; FW-23.7: two standard tables joined, 240 x 180.
"""

import pytest

from mapgen.battlefield import ground_pieces, zones
from mapgen.battlefield.generate import BattleOptions, battlefield, generate_battlefield
from mapgen.battlefield.state import Ground
from mapgen.dice import Dice, ScriptedDice
from mapgen.errors import InfeasibleError

from .bf_tiny import of, put, rolls, table


def mountain_table(**kw):
    return table(terrain="mountain", geo="mountain", **kw)


@pytest.mark.parametrize("seed", range(4))
def test_the_mountain_base_along_a_long_edge(seed):
    st = mountain_table(seed=seed)
    ground_pieces.ground_pieces(st)
    (base,) = of(st, "mountain_base")
    x0, y0, x1, y1 = base.polygon.bounds
    assert (x0, x1, y1 - y0) == (30, 150, 60) and y0 in (0, 60) and base.size_cm == (120, 60)
    assert st.items[0].ground and base.rule == "FW-10.5" and base.difficult
    assert st.notes == ["Mountain square on a 180 x 120 table: the Naran reading of FW-10.5 (AMB-29), a 120 x 60 cm mountain base with the features on and around it."]


def test_both_long_edges_take_the_base():
    edges = set()
    for seed in range(8):
        st = mountain_table(seed=seed)
        ground_pieces.mountain_base(st)
        edges.add(of(st, "mountain_base")[0].polygon.bounds[1])
    assert edges == {0, 60}


def test_the_base_moves_aside_and_shrinks_for_what_stands_there():
    st = mountain_table()
    put(st, "tower", (80, 0, 90, 10))  # the near edge is taken
    ground_pieces.mountain_base(st)
    assert of(st, "mountain_base")[0].polygon.bounds == (30, 60, 150, 120)
    st = mountain_table(seed=3)
    put(st, "tower", (80, 50, 90, 70))  # the middle is taken: a 45 cm base fits along either edge
    ground_pieces.mountain_base(st)
    (base,) = of(st, "mountain_base")
    assert base.polygon.bounds in ((30, 0, 150, 45), (30, 75, 150, 120)) and base.size_cm == (120, 45)
    assert st.notes == ["Mountain square on a 180 x 120 table: the Naran reading of FW-10.5 (AMB-29), a 120 x 45 cm mountain base with the features on and around it."]
    st = mountain_table(seed=3)
    put(st, "tower", (80, 40, 90, 50))
    put(st, "tower", (80, 70, 90, 80))  # 35 cm bases only
    ground_pieces.mountain_base(st)
    assert of(st, "mountain_base")[0].size_cm == (120, 35)


def test_no_room_for_the_base():
    st = mountain_table()
    put(st, "tower", (80, 0, 90, 10))
    put(st, "tower", (80, 110, 90, 120))
    ground_pieces.mountain_base(st)
    assert of(st, "mountain_base") == []
    assert st.notes == ["Mountain base (FW-10.5, AMB-29) found no room beside the scenario's features: build the slopes by hand."]


def test_a_shallow_table_gets_a_base_half_its_depth():
    st = mountain_table(width=200, depth=100)
    ground_pieces.mountain_base(st)
    assert of(st, "mountain_base")[0].polygon.bounds in ((40, 0, 160, 50), (40, 50, 160, 100))


def test_the_mountain_tables_own_size_has_no_base():
    st = mountain_table(width=120, depth=60)
    ground_pieces.ground_pieces(st)
    assert st.items == [] and st.notes == []


@pytest.mark.parametrize("face,band", [(2, (0, 60)), (5, (30, 90)), (6, (60, 120))])
def test_the_plateau_over_the_band_the_roll_gives(face, band):
    st = table([face], terrain="hills", geo="hilly", region="mountainous")
    st.plan.winner = "A"
    ground_pieces.ground_pieces(st)
    (plateau,) = of(st, "plateau")
    assert plateau.polygon.bounds == (0, band[0], 180, band[1]) and plateau.size_cm == (180, 60)
    label = {2: "the deployment area of the scouting winner", 5: "the central band of the table", 6: "the deployment area of the scouting loser"}[face]
    assert plateau.note == f"1 level; climbing on: disorganised, half move; coming down: no penalty; covers {label}"
    assert rolls(st) == [("FW-21.2", "which half of the table the plateau covers", {2: "winner", 5: "centre", 6: "loser"}[face])]
    assert st.items[0].ground


def test_the_plateau_follows_the_winner_and_half_a_shallow_table():
    st = table([1], terrain="hills", geo="hilly", region="mountainous", width=180, depth=100)
    st.plan.winner = "B"
    ground_pieces.plateau(st)
    assert of(st, "plateau")[0].polygon.bounds == (0, 50, 180, 100) and of(st, "plateau")[0].size_cm == (180, 50)


def test_a_plateau_that_would_cut_a_feature_is_left_to_the_players():
    st = table([5], terrain="hills", geo="hilly", region="mountainous")
    put(st, "tower", (0, 85, 10, 95))
    ground_pieces.plateau(st)
    assert of(st, "plateau") == []
    assert st.notes == ["Plateau (FW-21.2) over the central band of the table would cut through the scenario's features: build it by hand."]


def test_only_hills_in_a_mountainous_region_have_a_plateau():
    for geo, region in (("hilly", "flat"), ("flat", "mountainous"), ("hilly", None)):
        st = table([], terrain="hills", geo=geo, region=region)
        ground_pieces.ground_pieces(st)
        assert st.items == []


@pytest.mark.parametrize("width,depth", [(180, 120), (120, 60)])
def test_the_inlet_on_a_short_edge_midway_between_the_zones(width, depth):
    sides = set()
    for seed in range(6):
        st = table(width=width, depth=depth, coast=True, seed=seed)
        ground_pieces.ground_pieces(st)
        (inlet,) = of(st, "inlet")
        x0, y0, x1, y1 = inlet.polygon.bounds
        length = min(60, depth - 20)
        assert x1 - x0 == 30 and y1 - y0 == length and (y0 + y1) / 2 == depth / 2 and inlet.size_cm == (30, length)
        assert x0 == 0 or x1 == width
        sides.add(x0 == 0)
        assert inlet.note == "sea on a short edge; units with a Retreat order reaching its shore inside their own deployment band are safe; equidistant from the two deployment zones"
        assert not inlet.passable and inlet.rule == "FW-21.6"
    assert sides == {True, False}


def test_a_desert_has_its_oases_before_the_lines():
    st = table(terrain="desert")
    ground_pieces.ground_pieces(st)
    assert [it.feature.kind for it in st.items] == ["oasis", "oasis"]


# --- the scenario's table and features (zones.py) ------------------------------------------------


@pytest.mark.parametrize(
    "terrain,scenario,table_opt,size",
    [("plain", "pitched", None, (180, 120)), ("mountain", "pitched", None, (120, 60)), ("plain", "relief", None, (240, 180)), ("mountain", "relief", None, (240, 180)), ("mountain", "pitched", (200, 100), (200, 100))],
)
def test_the_table_of_each_battle(terrain, scenario, table_opt, size):
    b = generate_battlefield(BattleOptions(seed=1, terrain=terrain, scenario=scenario, table=table_opt, map_name="m"))
    assert (b.width_cm, b.depth_cm) == size


def test_auto_says_why_it_chose_and_a_chosen_scenario_does_not():
    o = BattleOptions(terrain="plain", orders={"A": "max_speed", "B": "max_speed"})
    plan, size = zones.lay_scenario(o, Dice(1), Ground("plain", "flat", False))
    assert plan.scenario.name == "chance_encounter" and size == (180, 120)
    assert plan.scenario.instructions[0] == "Scenario chosen automatically: both forces under Max Speed (FW-23.3)."
    o = BattleOptions(terrain="plain", scenario="chance_encounter")
    plan, _ = zones.lay_scenario(o, Dice(1), Ground("plain", "flat", False))
    assert not any(i.startswith("Scenario chosen") for i in plan.scenario.instructions)


@pytest.mark.parametrize("terrain,cover,count", [("plain", "wood", 2), ("forest", "forest_section", 2), ("jungle", "forest_section", 2), ("swamp", "swamp", 1)])
def test_the_ambushers_cover_beside_the_route(terrain, cover, count):
    st = table(terrain=terrain, scenario="ambush")
    zones.scenario_features(st)
    placed = [it.feature for it in st.items]
    assert [f.kind for f in placed] == [cover] * count
    for f in placed:
        x0, y0, x1, y1 = f.polygon.bounds
        assert 32 <= y0 and y1 <= 70 and 60 <= x0 and x1 <= 120  # beside the route, between the ambusher's bands
        assert f.rule == "FW-23.5" and f.note.endswith("; chosen by the ambusher, beside the enemy's route (FW-23.5)")
        if cover == "forest_section":
            assert f.size_cm == (25, 35)
    assert sorted(f.polygon.bounds[0] < 90 for f in placed) == ([False, True] if count == 2 else [True]) or count == 1


@pytest.mark.parametrize("seed", range(6))
def test_the_ambushers_forest_sections_are_25_by_35_on_any_roll(seed):
    # FW-23.5 with the Excalibur article's forest: at least 25 x 35 cm, whatever the seed (a forest
    # section placed for the count may be bigger: 25-30 x 35-40).
    st = table(terrain="forest", scenario="ambush", seed=seed)
    zones.scenario_features(st)
    assert [it.feature.size_cm for it in st.items] == [(25, 35), (25, 35)]


def test_a_pitched_battle_has_no_scenario_features():
    st = table()
    zones.scenario_features(st)
    assert st.items == []


# --- the options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "opts,message",
    [
        (dict(terrain="lava"), "FW-10.5: unknown terrain 'lava': choose from plain, hills, mountain, forest, swamp, desert, cultivated, uncultivated"),
        (dict(scenario="siege"), "FW-23: unknown scenario 'siege': choose from pitched, raid, breakthrough, chance_encounter, flank_attack, ambush, last_stand, relief, battle, rear_guard, skirmish or auto"),
        (dict(udm_cm=0), "RC-0.2: a udm of 0 cm: give the tactical rules' unit, more than 0 and at most 100 cm"),
        (dict(tributaries=1), "FW-11.1: 1 tributaries need a river to flow into"),
        (dict(tributaries=-1, river=True), "FW-11.1: -1 tributaries need a river to flow into"),
        (dict(table=(120, 180)), "FW-0.2: table 120 x 180 cm: give width x depth with the long edge first, each 60 to 600 cm"),
        (dict(table=(180, 59)), "FW-0.2: table 180 x 59 cm: give width x depth with the long edge first, each 60 to 600 cm"),
        (dict(table=(601, 120)), "FW-0.2: table 601 x 120 cm: give width x depth with the long edge first, each 60 to 600 cm"),
    ],
)
def test_bad_options_name_the_rule(opts, message):
    with pytest.raises(InfeasibleError) as err:
        BattleOptions(**opts).check()
    assert str(err.value) == message


@pytest.mark.parametrize("opts", [dict(terrain="jungle"), dict(terrain=None), dict(scenario="auto"), dict(river=True, tributaries=2), dict(table=(60, 60)), dict(table=(600, 600)), dict(table=(180, 180))])
def test_good_options_pass(opts):
    BattleOptions(**opts).check()


# --- the result object -------------------------------------------------------------------------------


def test_the_source_says_what_the_table_was_made_from():
    st = table(map_name="fw-map.json", square="D5", terrain="hills", geo="hilly")
    b = battlefield(st)
    assert b.source.to_json() == {"map": "fw-map.json", "square": "D5", "terrain": "hills", "river": False, "road": False, "bridge": False}
    assert (b.seed, b.width_cm, b.depth_cm, b.scenario.name, b.features, b.notes) == (0, 180, 120, "pitched", [], [])
    st.river = put(st, "river", (86, 0, 94, 120), exact=True)
    st.crossings.append(put(st, "ford", (86, 50, 94, 60)))
    st.mountain_pass = put(st, "pass", (0, 20, 180, 28), exact=True)
    src = battlefield(st).source
    assert (src.river, src.road, src.bridge) == (True, True, False)
    st.crossings.append(put(st, "bridge", (84, 70, 96, 77)))
    st.mountain_pass, st.road = None, st.mountain_pass
    src = battlefield(st).source
    assert (src.river, src.road, src.bridge) == (True, True, True)


def test_the_dice_given_are_the_dice_used():
    dice = ScriptedDice([4, 2])
    b = generate_battlefield(BattleOptions(seed=9, terrain="plain", map_name="m", scenario="pitched"), dice)
    assert dice.remaining == 0 and b.dice_log is dice.log and b.seed == 9
    with pytest.raises(InfeasibleError):
        generate_battlefield(BattleOptions(terrain="lava"), ScriptedDice([]))
    again = generate_battlefield(BattleOptions(seed=9, terrain="plain", map_name="m", scenario="pitched"))
    assert again.to_json() == generate_battlefield(BattleOptions(seed=9, terrain="plain", map_name="m", scenario="pitched"), Dice(9)).to_json()

