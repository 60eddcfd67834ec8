"""Holdings (FW-3.2, FW-3.4) on hand-made territories with injected dice."""

import numpy as np
import pytest

from mapgen.dice import ScriptedDice
from mapgen.errors import InfeasibleError
from mapgen.fw.holdings import pack, place_holdings, place_side
from mapgen.fw.model import Side
from mapgen.grid import chebyshev

HUMANS = Side("A", "Red", "humans", "#c00")


def spaced(squares):
    """FW-3.2 item 3 with AMB-07: same-side holdings at Chebyshev distance 3 or more."""
    return all(chebyshev(a, b) >= 3 for i, a in enumerate(squares) for b in squares[i + 1 :])


def test_packing_falls_back_to_a_lattice_when_the_scored_order_fails():
    # A strip 3 wide and 7 long holds three holdings only on rows 1, 4 and 7.  The scores
    # want the capital on row 3, after which the greedy pass fits two; a lattice fits three,
    # and the most central of them becomes the capital.
    cands = [(c, r) for r in range(7) for c in range(3)]
    capital_key = lambda sq: (sq[1] == 2, -sq[0])  # noqa: E731
    key = lambda sq: (sq[1], sq[0])  # noqa: E731
    picked = pack(cands, 3, capital_key, key, (1.0, 3.0))
    assert len(picked) == 3 and spaced(picked)
    assert sorted(r for _, r in picked) == [0, 3, 6] and picked[0][1] == 3
    # Asked for more than fit, it returns the most it found.
    assert len(pack(cands, 4, capital_key, key, (1.0, 3.0))) == 3
    assert pack([], 2, capital_key, key, (0.0, 0.0)) == []
    # Columns, too: a strip 7 wide and 3 long.
    wide = pack([(r, c) for c, r in cands], 3, lambda sq: (sq[0] == 2, -sq[1]), lambda sq: (sq[0], sq[1]), (3.0, 1.0))
    assert sorted(c for c, _ in wide) == [0, 3, 6] and wide[0][0] == 3


def _side(terrain, race="humans", minor=2, seed=0, river=None, keep=None):
    h, w = terrain.shape
    territory = np.full((h, w), "A", dtype="<U1")
    river = np.zeros((h, w), bool) if river is None else river
    return place_side(np.random.default_rng(seed), Side("A", "Red", race, "#c00"), minor, terrain, territory, np.ones((h, w), bool), river, keep)


@pytest.mark.parametrize("seed", range(8))
def test_the_capital_stands_near_the_middle(seed):
    # the manual: the capital near the middle of the territory.
    terrain = np.full((9, 9), "plain", dtype="<U12")
    squares, cleared = _side(terrain, seed=seed)
    assert chebyshev(squares[0], (4, 4)) <= 1 and cleared == [] and spaced(squares)


@pytest.mark.parametrize("seed", range(4))
def test_holdings_prefer_open_ground_even_where_a_race_may_use_other(seed):
    # Dwarves may hold mountains (FW-3.2.a) but choose open ground when it has room.
    terrain = np.full((9, 9), "mountain", dtype="<U12")
    terrain[:, 3:6] = "plain"
    squares, _ = _side(terrain, race="dwarves", minor=2, seed=seed)
    assert all(terrain[r, c] == "plain" for c, r in squares)
    # ... and better open ground before desert.
    terrain[:, 3:6] = "desert"
    terrain[:, 4] = "plain"
    squares, _ = _side(terrain, race="dwarves", minor=2, seed=seed)
    assert all(terrain[r, c] == "plain" for c, r in squares)


def test_forest_is_cleared_only_for_the_holdings_that_need_it():
    terrain = np.full((9, 3), "forest", dtype="<U12")
    terrain[0, :] = "plain"
    squares, cleared = _side(terrain, minor=2)
    assert len(squares) == 3 and spaced(squares)
    assert sum(terrain[r, c] == "plain" for c, r in squares) == 1 and len(cleared) == 2
    assert set(cleared) == {sq for sq in squares if terrain[sq[1], sq[0]] == "forest"}


def test_placing_both_sides_logs_each_feature_and_clears_with_a_note():
    terrain = np.full((6, 9), "plain", dtype="<U12")
    terrain[:, 6:] = "swamp"
    territory = np.full((6, 9), "N", dtype="<U1")
    territory[:, :3], territory[:, 6:] = "A", "B"
    sides = [Side("A", "Red", "humans", "#c00"), Side("B", "Blue", "humans", "#00c")]
    # B rolls 6 against A's 2 and places second; A's capital rolls 9 (burial mound) then 6.
    faces = [2, 6] + [4, 5, 6] + [3, 4] + [6, 6] + [1, 1]
    d = ScriptedDice(faces)
    notes = []
    hs = place_holdings(d, sides, 1, terrain, territory, np.ones((6, 9), bool), np.zeros((6, 9), bool), notes)
    assert d.remaining == 0
    assert [(h.side, h.capital, h.feature, h.detail) for h in hs] == [
        ("A", True, "burial_mound", "sacred_magic_armour"),
        ("A", False, "sanctuary", None),
        ("B", True, "precious_metal_mine", None),
        ("B", False, "sacred_grove", None),
    ]
    purposes = [(r.rule, r.purpose, r.result) for r in d.log[2:]]
    cap_a = "ABCDEFGHI"[hs[0].square[0]] + str(hs[0].square[1] + 1)
    assert purposes[:2] == [
        ("FW-3.4", f"holding feature: side A capital at {cap_a}", "burial_mound"),
        ("FW-3.4.1", f"burial mound object at {cap_a}", "sacred_magic_armour"),
    ]
    assert purposes[3][1].startswith("holding feature: side B capital at ")
    # Side B's third is all swamp: both its holdings stand on cleared fields, each with its note.
    b = [h.square for h in hs if h.side == "B"]
    assert all(terrain[r, c] == "cultivated" for c, r in b)
    assert notes == [
        f"{'ABCDEFGHI'[c]}{r + 1}: swamp cleared into fields for side B's holding (FW-3.2: the territory had too little open ground)"
        for c, r in b
    ]


def test_a_territory_too_small_says_how_many_fit():
    terrain = np.full((4, 4), "plain", dtype="<U12")
    terrain[:, 2:] = "mountain"  # two columns humans may use: rows 1 and 4 fit, two holdings
    with pytest.raises(InfeasibleError, match="fits only 2[.]"):
        _side(terrain, minor=2)
