"""Mountains: the mountain square's 1D6 features (FW-10.5) and the mountainous region's peaks (FW-11.2, AMB-32).

Sizes and counts are the rulebook's, typed out here: a mountain square is a 120 x 60 cm
table with 1D6 terrain features; a mountainous region's mountains are 40 x 40 (1-2),
20 x 20 (3-4) or 10 x 10 cm (5-6), rolled until two 40s, four 20s or six 10s are reached.
"""

import pytest

from mapgen.battlefield import rules as R

from .test_battlefield_tables import PITCHED, forced, layout

SIZE_OF_FACE = {1: 40, 2: 40, 3: 20, 4: 20, 5: 10, 6: 10}


def rolls(b, purpose):
    return [r for r in b.dice_log if purpose in r.purpose]


@pytest.mark.parametrize("face", [1, 3, 6])
def test_mountain_square_peak_sizes_are_logged_under_fw_10_5(face):
    b = layout(PITCHED + [1, face], terrain="mountain")
    (peak_roll,) = rolls(b, "peak")
    assert peak_roll.rule == "FW-10.5" and peak_roll.dice == "1D6"
    peak = next(f for f in b.features if f.kind == "mountain")
    assert peak.size_cm == (SIZE_OF_FACE[face],) * 2 and peak.rule == "FW-10.5"


@pytest.mark.parametrize("faces,sizes", [([1, 2], [40, 40]), ([3, 4, 3, 4], [20] * 4), ([5] * 6, [10] * 6), ([1, 3, 5, 6], [40, 20, 10, 10])])
def test_mountainous_region_rolls_mountains_until_the_weights_reach_one(faces, sizes):
    # geographic type 5 (mountainous), vegetation 1 (grassland), then the pitched roll-off
    b = forced([5, 1] + PITCHED + faces, terrain=None, scenario="pitched")
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
