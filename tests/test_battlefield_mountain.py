"""Mountains: the mountain square's 1D6 features (FW-10.5) and the mountainous region's peaks (FW-11.2, AMB-32).

Sizes and counts are the rulebook's, typed out here: a mountain square is a 120 x 60 cm
table with 1D6 terrain features; a mountainous region's mountains are 40 x 40 (1-2),
20 x 20 (3-4) or 10 x 10 cm (5-6), rolled until two 40s, four 20s or six 10s are reached.
"""

import pytest

from mapgen.battlefield import relief
from mapgen.battlefield import rules as R

from .bf_tiny import put, table
from .bf_tiny import rolls as logged
from .test_battlefield_tables import PITCHED, forced, layout

SIZE_OF_FACE = {1: 40, 2: 40, 3: 20, 4: 20, 5: 10, 6: 10}


def rolls(b, purpose):
    return [r for r in b.dice_log if purpose in r.purpose]


@pytest.mark.parametrize("face", [1, 3, 6])
def test_mountain_square_peak_sizes_are_logged_under_fw_10_5(face):
    b = layout([1] + PITCHED + [face], terrain="mountain")
    (peak_roll,) = rolls(b, "peak")
    assert peak_roll.rule == "FW-10.5" and peak_roll.dice == "1D6"
    peak = next(f for f in b.features if f.kind == "mountain")
    assert peak.size_cm == (SIZE_OF_FACE[face],) * 2 and peak.rule == "FW-10.5"


@pytest.mark.parametrize("faces,sizes", [([1, 2], [40, 40]), ([3, 4, 3, 4], [20] * 4), ([5] * 6, [10] * 6), ([1, 3, 5, 6], [40, 20, 10, 10])])
def test_mountainous_region_rolls_mountains_until_the_weights_reach_one(faces, sizes):
    # geographic type 5 (mountainous), vegetation 1 (grassland), the pitched roll-off, and each player's
    # configuration: vegetation (1) natural grassland (1), which places nothing
    b = forced([5, 1] + PITCHED + [1, 1, 1, 1] + faces, terrain=None, scenario="pitched")
    region = [r for r in b.dice_log if r.rule == "AMB-32"]
    assert [r.faces[0] for r in region][: len(faces)] == faces
    assert all(r.purpose == "size of the next mountain" for r in region)
    mountains = [f for f in b.features if f.kind == "mountain"]  # in the order they were placed
    assert [m.size_cm[0] for m in mountains[: len(sizes)]] == sizes
    assert all(m.rule == "FW-11.2" and m.note == f"impassable, {m.size_cm[0]:g} x {m.size_cm[0]:g} cm" for m in mountains)
    assert not any("could not" in n for n in b.notes)


def test_pitched_roll_off_says_it_stands_in_for_scouting():
    b = layout(PITCHED)
    first, second = b.dice_log[:2]
    assert first.rule == second.rule == "FW-10.4 stand-in [DEV]"
    assert first.purpose == "scouting (FW-10.4) stand-in: roll-off, the loser deploys first: A"
    assert "roll-off standing in for scouting" in b.scenario.instructions[-1]


def mains(b):
    return [f for f in b.features if f.kind not in R.ACCESSORY_KINDS and f.kind not in ("plateau", "mountain_base")]


@pytest.mark.parametrize("n", [1, 3, 6])
def test_mountain_square_holds_exactly_its_1d6_features(n):
    # FW-10.5: a 2 x 4 ft table (120 x 60 cm) with 1D6 terrain features; every peak 10 x 10 (5-6)
    b = layout([n] + PITCHED + [5] * n, terrain="mountain")
    assert (b.width_cm, b.depth_cm) == (120, 60)
    count = next(r for r in b.dice_log if r.purpose == "terrain features on the mountain table")
    assert count.rule == "FW-10.5" and count.dice == "1D6" and count.result == str(n)
    assert [f.kind for f in mains(b)] == ["mountain"] * n and all(f.size_cm == (10, 10) for f in mains(b))
    assert b.notes == []


def test_the_square_counts_within_the_1d6_and_may_force_more():
    # a river and a pass on a square that rolled 1 feature: both placed, the note blames the square
    b = layout([1] + PITCHED, terrain="mountain", river=True, works=("pass",))
    assert sorted(f.kind for f in mains(b)) == ["pass", "stream"]
    assert b.notes == ["The mountain table rolled 1 terrain feature (FW-10.5) but the campaign square requires 2: all are placed."]
    # the square's river is one of 2 features: one peak joins it, no note
    b = layout([2] + PITCHED + [3], terrain="mountain", river=True)
    assert sorted(f.kind for f in mains(b)) == ["mountain", "stream"] and b.notes == []


def test_without_a_map_the_options_not_a_campaign_square_force_more():
    # no map: the players roll configurations only for free places; here none is left
    b = forced([1] + PITCHED, terrain="mountain", river=True, road=True)
    assert sorted(f.kind for f in mains(b)) == ["pass", "stream"]
    assert not any("campaign square" in n for n in b.notes)
    assert "The mountain table rolled 1 terrain feature (FW-10.5) but the options (river, road, works, holding) require 2: all are placed." in b.notes
    assert "Side A rolls no configuration: the mountain table's 1 terrain feature (FW-10.5) are all on it." in b.notes
    assert not any(r.rule == "AMB-31" for r in b.dice_log)


def test_without_a_map_the_players_configurations_fill_free_places():
    # 3 features: side A rolls hydrography (3) lake (4), side B artificial (6) burial mound (2D6 = 7), then one peak
    b = layout([3] + PITCHED + [3, 4, 6, 3, 4, 5], terrain="mountain", map_name=None)
    assert [f.kind for f in mains(b)] == ["lake", "burial_mound", "mountain"]
    assert b.notes == []
    # 1 feature: side A's lake takes it, side B rolls nothing
    b = layout([1] + PITCHED + [3, 4], terrain="mountain", map_name=None)
    assert [f.kind for f in mains(b)] == ["lake"]
    assert b.notes == ["Side B rolls no configuration: the mountain table's 1 terrain feature (FW-10.5) are all on it."]


def test_a_configuration_bringing_several_features_is_named_not_the_square():
    # 2 features: side A rolls special (5) boulders (3): 1D6 = 3 fields, all compulsory (FW-11.7)
    b = layout([2] + PITCHED + [5, 3, 3], terrain="mountain", map_name=None)
    assert [f.kind for f in mains(b)] == ["boulders"] * 3
    assert b.notes == [
        "Side B rolls no configuration: the mountain table's 2 terrain features (FW-10.5) are all on it.",
        "The mountain table rolled 2 terrain features (FW-10.5); the configurations the players rolled (FW-11.1) bring 3 of the 3: every rolled item is placed.",
    ]


def test_a_peak_that_finds_no_room_is_rolled_again_then_reported():
    # 6 features, every peak 40 x 40: two fit side by side on 120 x 60 (2 cm apart), a third never does
    tries = 2 * 6 + 4
    b = layout([6] + PITCHED + [1] * tries, terrain="mountain")
    assert [f.size_cm for f in mains(b)] == [(40, 40), (40, 40)]
    assert b.notes == [f"The mountain table rolled 6 terrain features (FW-10.5) but placement failed for 4: no room for another peak after {tries} tries; add the rest by hand."]
    sizes = [r for r in b.dice_log if r.purpose == "size of the next peak"]
    assert len(sizes) == tries and [r.result for r in sizes].count("large: no room left for it") == tries - 2


def test_a_peak_rolled_too_large_is_replaced_by_the_next_roll():
    # 3 features: 40, 40, then a 40 that finds no room, then a 10 that does
    b = layout([3] + PITCHED + [1, 2, 1, 6], terrain="mountain")
    assert sorted(f.size_cm[0] for f in mains(b)) == [10, 40, 40] and b.notes == []


@pytest.mark.parametrize("seed", range(16))
def test_mountain_squares_without_a_map_place_exactly_the_roll(seed):
    b = forced([], seed=seed, terrain="mountain")
    n = int(next(r for r in b.dice_log if r.purpose == "terrain features on the mountain table").result)
    assert not any("campaign square" in x for x in b.notes)
    if any(r.result in ("boulders", "dunes") for r in b.dice_log):
        return  # 1D6 fields from one configuration (FW-11.7) may pass the count: tested above
    assert len(mains(b)) == n, b.notes
    assert not any("placement failed" in x or "could not" in x for x in b.notes)


@pytest.mark.parametrize("seed", range(16))
def test_mountain_squares_from_a_map_place_exactly_the_roll_unless_the_square_has_more(seed):
    river, road = seed % 2 == 1, seed % 3 == 0
    b = forced([], seed=seed, terrain="mountain", map_name="m.json", river=river, road=road)
    n = int(next(r for r in b.dice_log if r.purpose == "terrain features on the mountain table").result)
    required = river + road
    assert len(mains(b)) == max(n, required), b.notes
    forced_more = [x for x in b.notes if "campaign square requires" in x]
    assert len(forced_more) == (required > n)
    assert not any("placement failed" in x or "could not" in x for x in b.notes)


def test_a_configuration_of_several_fields_beside_the_square_river():
    # 2 features, the river first; side A's boulders (5, 3) bring 1D6 = 3 fields
    b = layout([2] + PITCHED + [5, 3, 3], terrain="mountain", map_name=None, river=True)
    assert sorted(f.kind for f in mains(b)) == ["boulders"] * 3 + ["stream"]
    assert "The mountain table rolled 2 terrain features (FW-10.5); the configurations the players rolled (FW-11.1) bring 3 of the 4: every rolled item is placed." in b.notes


def test_peaks_stand_on_the_mountain_base_of_a_large_table():
    for seed in range(4):
        b = forced([6], seed=seed, terrain="mountain", map_name="m.json", table=(180, 120))
        (base,) = [f for f in b.features if f.kind == "mountain_base"]
        peaks = [f for f in b.features if f.kind == "mountain"]
        assert len(peaks) == 6
        assert all(p.on_top_of == "mountain_base" and base.polygon.contains(p.polygon) for p in peaks)
        assert all(p.note == f"impassable peak, {p.size_cm[0]:g} x {p.size_cm[0]:g} cm" for p in peaks)


def test_a_mountainous_regions_mountain_without_room_says_so_in_its_log_line():
    # FW-11.2 (AMB-32): two 40 x 40 mountains (faces 1, 2) reach the weight 1; a lake covers the whole table
    st = table([1, 2], terrain="mountainous", geo="mountainous")
    put(st, "lake", (0, 0, 180, 120))
    relief.relief(st)
    assert logged(st) == [("AMB-32", "size of the next mountain", "large: no room left for it")] * 2
    assert st.notes == ["Mountain (FW-11.2) could not be placed after a bounded search: place it by hand where the rules allow."] * 2


def test_the_scenarios_own_features_are_named_not_the_square():
    # FW-23.5: the ambusher's two woods on a mountain square that rolled 1 feature; the square adds nothing
    b = forced([1], terrain="mountain", scenario="ambush", table=(180, 120), map_name="m.json")
    assert [f.kind for f in mains(b)] == ["wood", "wood"]
    assert "The mountain table rolled 1 terrain feature (FW-10.5) but the ambush scenario (FW-23.5) brings 2: all are placed." in b.notes
    assert not any("campaign square" in n or "options" in n for n in b.notes)
    # without a map, with no river, road or works in the options: still the scenario
    b = forced([1], terrain="mountain", scenario="ambush", table=(180, 120))
    assert "The mountain table rolled 1 terrain feature (FW-10.5) but the ambush scenario (FW-23.5) brings 2: all are placed." in b.notes


def test_the_square_and_the_scenario_are_both_named_with_their_own_counts():
    # FW-23.1: the raid's village at the centre, and the square's river: 2 features where 1 was rolled
    b = forced([1], terrain="mountain", scenario="raid", table=(180, 120), map_name="m.json", river=True)
    assert sorted(f.kind for f in mains(b)) == ["stream", "village"]
    assert "The mountain table rolled 1 terrain feature (FW-10.5) but the campaign square requires 1 and the raid scenario (FW-23.1) brings 1: all are placed." in b.notes
