"""Each stage of the map pipeline on small hand-made inputs, with injected dice."""

import networkx as nx
import numpy as np
import pytest

from mapgen.dice import ScriptedDice
from mapgen.errors import InfeasibleError
from mapgen.fw.climate import roll_climate
from mapgen.fw.holdings import place_holdings
from mapgen.fw.model import Crossing, River, Side
from mapgen.fw.movement import land_steps, movement_graph
from mapgen.fw.rivers import Drainage, generate_rivers, river_squares
from mapgen.fw.roads import add_fords
from mapgen.fw.setup_sheet import setup_sheet
from mapgen.fw.territory import assign_territory, band_sizes
from mapgen.grid import col_letters, edge_squares, parse_square, shared_edge, square_id

from .fw_tiny import cached_map


SIDES = [Side("A", "Red", "humans", "#c00"), Side("B", "Blue", "humans", "#00c")]


def test_square_names():
    assert square_id(2, 3) == "C4"
    assert col_letters(25) == "Z" and col_letters(26) == "AA" and col_letters(27) == "AB"
    assert parse_square("AB12") == (27, 11)
    for bad in ("4C", "C0", "", "C-1"):
        with pytest.raises(ValueError):
            parse_square(bad)


def test_edges_and_squares_agree():
    assert edge_squares((3, 2), (4, 2)) == ((3, 1), (3, 2))
    assert edge_squares((3, 2), (3, 3)) == ((2, 2), (3, 2))
    assert set(shared_edge((3, 1), (3, 2))) == {(3, 2), (4, 2)}
    with pytest.raises(ValueError):
        shared_edge((0, 0), (1, 1))


@pytest.mark.parametrize(
    "faces,zone,season,mod,kind,desert_mod,desert_kind,rules",
    [
        # FW-7.2 zone, then FW-7.3: cold is always winter (AMB-09), no season roll.
        ([1], "cold", "winter", 2, "snow", 2, "snow", ["FW-7.2"]),
        ([2], "cold", "winter", 2, "snow", 2, "snow", ["FW-7.2"]),
        # FW-7.3.1: deserts of a temperate zone (wastelands) follow the season.
        ([3, 1], "temperate", "spring", 1, "rain", 1, "rain", ["FW-7.2", "FW-7.3.1"]),
        ([4, 3], "temperate", "summer", 0, "none", 0, "none", ["FW-7.2", "FW-7.3.1"]),
        ([4, 5], "temperate", "autumn", 1, "rain or snow", 1, "rain or snow", ["FW-7.2", "FW-7.3.1"]),
        ([3, 6], "temperate", "winter", 2, "snow", 2, "snow", ["FW-7.2", "FW-7.3.1"]),
        # FW-7.3.2, deserts excluded (AMB-48): always dry, desert wind or sandstorm.
        ([5, 3], "torrid", "great_rains", 2, "rain", 0, "desert wind or sandstorm", ["FW-7.2", "FW-7.3.2"]),
        ([6, 4], "torrid", "dry", 0, "none", 0, "desert wind or sandstorm", ["FW-7.2", "FW-7.3.2"]),
        ([6, 6], "torrid", "dry", 0, "none", 0, "desert wind or sandstorm", ["FW-7.2", "FW-7.3.2"]),
    ],
)
def test_climate_and_season(faces, zone, season, mod, kind, desert_mod, desert_kind, rules):
    d = ScriptedDice(faces)
    c = roll_climate(d)
    assert (c.zone, c.season, c.precipitation_modifier, c.precipitation_kind) == (zone, season, mod, kind)
    assert (c.desert_precipitation_modifier, c.desert_precipitation_kind) == (desert_mod, desert_kind)
    assert d.remaining == 0  # a cold zone rolls no season (AMB-09)
    assert [r.rule for r in d.log] == rules
    assert d.log[0].purpose == "climate zone" and d.log[0].result == zone
    if len(rules) > 1:
        assert (d.log[1].purpose, d.log[1].result) == (f"season ({zone} zone)", season)


def test_the_setup_sheet_states_the_desert_exclusion():
    torrid = setup_sheet(cached_map(7, "medium"))
    assert (
        "- Deserts are left out of the torrid season (FW-7.3.2, AMB-48): on a desert square the precipitation test "
        "modifier is +0 (always dry), and 5 is a desert wind, 6 a sandstorm"
    ) in torrid
    assert "Climate zone: torrid (FW-7.2); season: dry (FW-7.3); precipitation test modifier +0 (FW-7.4)" in torrid
    other = next(cached_map(s, "medium") for s in range(20) if cached_map(s, "medium").climate.zone != "torrid")
    assert "Deserts are left out" not in setup_sheet(other)


def test_the_setup_sheet_lists_watercourses():
    m = cached_map(0, "medium")
    text = setup_sheet(m)
    c = next(c for c in m.configs if c.watercourse == "new")
    assert f"| {square_id(*c.square)} | {c.name} (its own watercourse, drawn on the map) | FW-11.6 |" in text
    assert f"(drawn by the configuration at {square_id(*c.square)}, FW-11.6)" in text
    s = next(c for s in range(40) for c in cached_map(s, "medium").configs if c.watercourse == "second")
    assert "(a second watercourse, flowing into the square's river)" in setup_sheet(
        next(cached_map(k, "medium") for k in range(40) if s in cached_map(k, "medium").configs)
    )


# FW-2.3: three equal areas; where that cannot be, the outer two stay equal (each the nearest
# whole number to a third) and the centre differs.
@pytest.mark.parametrize(
    "length,sizes",
    [(3, (1, 1, 1)), (4, (1, 2, 1)), (5, (2, 1, 2)), (7, (2, 3, 2)), (8, (3, 2, 3)), (9, (3, 3, 3)),
     (10, (3, 4, 3)), (11, (4, 3, 4)), (15, (5, 5, 5)), (400, (133, 134, 133))],
)
def test_band_sizes(length, sizes):
    assert band_sizes(length) == sizes


def test_too_short_for_thirds():
    with pytest.raises(ValueError, match="at least 3 squares along its long axis"):
        band_sizes(2)


def test_on_a_tie_the_winner_takes_the_west_or_north_end():
    d = ScriptedDice([2, 5])  # B wins
    t = assign_territory(d, np.full((4, 9), "plain", dtype="<U12"), SIDES)
    assert (t[:, :3] == "B").all() and (t[:, 6:] == "A").all()
    assert [(r.rule, r.purpose, r.result) for r in d.log] == [
        ("FW-2.3", "territory: winner chooses an end: A", "B wins"),
        ("FW-2.3", "territory: winner chooses an end: B", "B wins and takes the west end"),
    ]
    t = assign_territory(ScriptedDice([2, 5]), np.full((6, 6), "plain", dtype="<U12"), SIDES)
    assert (t[:, :2] == "B").all() and (t[:, 4:] == "A").all()  # a square map splits west to east (AMB-08)
    d = ScriptedDice([4, 4, 6, 3])  # a tie, rolled again: A wins
    t = assign_territory(d, np.full((9, 4), "plain", dtype="<U12"), SIDES)
    assert (t[:3] == "A").all() and (t[6:] == "B").all() and (t[3:6] == "N").all()
    assert [r.result for r in d.log] == ["tie, roll again", "tie, roll again", "A wins", "A wins and takes the north end"]


def test_the_winner_judges_room_by_his_own_race():
    # FW-3.2.a: dwarves may hold mountains, so a dwarf winner takes the mountain end.
    terrain = np.full((9, 4), "plain", dtype="<U12")
    terrain[6:, :] = "mountain"
    terrain[:3, 0] = "swamp"
    sides = [Side("A", "Red", "dwarves", "#c00"), Side("B", "Blue", "humans", "#00c")]
    d = ScriptedDice([6, 1])
    t = assign_territory(d, terrain, sides)
    assert (t[6:] == "A").all() and (t[:3] == "B").all() and d.log[-1].result == "A wins and takes the south end"
    d = ScriptedDice([1, 6])  # the human winner takes the north end: 11 squares he may use against 0
    t = assign_territory(d, terrain, sides)
    assert (t[:3] == "B").all() and d.log[-1].result == "B wins and takes the north end"


def test_territory_winner_chooses_the_end_with_room():
    terrain = np.full((6, 9), "plain", dtype="<U12")
    terrain[:, :3] = "mountain"  # west end useless to humans
    d = ScriptedDice([6, 1])  # A wins
    t = assign_territory(d, terrain, SIDES)
    assert (t[:, 6:] == "A").all() and (t[:, :3] == "B").all() and (t[:, 3:6] == "N").all()
    assert "A wins and takes the east end" == d.log[-1].result


def test_territory_on_a_tall_map_splits_rows():
    terrain = np.full((12, 5), "plain", dtype="<U12")
    t = assign_territory(ScriptedDice([1, 2]), terrain, SIDES)
    assert (t[:4] == "B").all() and (t[4:8] == "N").all() and (t[8:] == "A").all()


def _holdings(terrain, races=("humans", "humans"), minor=1, faces=None):
    h, w = terrain.shape
    territory = np.full((h, w), "N", dtype="<U1")
    third = w // 3
    territory[:, :third] = "A"
    territory[:, w - third :] = "B"
    sides = [Side("A", "Red", races[0], "#c00"), Side("B", "Blue", races[1], "#00c")]
    faces = faces or [1, 6] + [3, 4] * (minor + 1) * 2
    d = ScriptedDice(faces)
    notes = []
    hs = place_holdings(d, sides, minor, terrain, territory, np.ones((h, w), bool), np.zeros((h, w), bool), notes)
    return hs, d, notes, territory


def test_loser_places_first_and_every_holding_rolls_its_feature():
    terrain = np.full((9, 9), "plain", dtype="<U12")
    hs, d, _, _ = _holdings(terrain)
    assert [h.side for h in hs] == ["A", "A", "B", "B"]  # A rolled 1: A places first
    assert [(r.rule, r.purpose) for r in d.log[:2]] == [
        ("FW-3.2", "holdings: the loser places first: A"),
        ("FW-3.2", "holdings: the loser places first: B"),
    ]
    assert d.log[1].result == "A places first"
    feats = [r for r in d.log if r.rule == "FW-3.4"]
    assert len(feats) == 4 and all(r.total == 7 and r.result == "sanctuary" for r in feats)
    assert all(h.feature == "sanctuary" for h in hs)


def test_dwarves_may_hold_mountains_humans_may_not():
    terrain = np.full((9, 9), "mountain", dtype="<U12")
    terrain[:, 3:6] = "plain"
    hs, _, notes, _ = _holdings(terrain, races=("dwarves", "dwarves"))
    assert all(terrain[h.square[1], h.square[0]] == "mountain" for h in hs) and not notes
    with pytest.raises(InfeasibleError) as exc:
        _holdings(terrain, races=("humans", "humans"))
    assert "FW-3.2" in str(exc.value)


def test_forest_is_cleared_only_when_the_open_ground_is_too_small():
    terrain = np.full((9, 9), "forest", dtype="<U12")
    hs, _, notes, _ = _holdings(terrain, races=("wood_elves", "humans"))
    a = [h for h in hs if h.side == "A"]
    assert all(terrain[h.square[1], h.square[0]] == "forest" for h in a)  # elves keep their forest
    assert len(notes) == 2 and all("cleared" in n for n in notes)  # humans had to clear two squares


def test_spacing_infeasible_names_the_rule_and_the_fix():
    terrain = np.full((3, 9), "plain", dtype="<U12")
    with pytest.raises(InfeasibleError) as exc:
        _holdings(terrain, minor=3)
    # Side A lost the roll (1 against 6) and places first: 4 holdings 3 apart in a 3 x 3 third fit once.
    assert str(exc.value) == (
        "FW-3.2: side A (humans) needs 4 holdings at least 3 squares apart (AMB-07), but its territory "
        "(columns A-C, rows 1-3, 9 land squares where holdings may stand or be cleared) fits only 1. "
        "Use a larger map (--width/--height), fewer holdings (--holdings) or another --seed."
    )


def test_rivers_flow_downhill_from_high_ground_to_an_outlet():
    rng = np.random.default_rng(0)
    h, w = 10, 12
    terrain = np.full((h, w), "plain", dtype="<U12")
    terrain[2:4, 2:6] = "mountain"
    yy, xx = np.mgrid[0:h, 0:w]
    elevation = 1.0 - (xx / w)  # falls to the east
    elevation[terrain == "mountain"] = 1.0
    rivers, mask = generate_rivers(rng, terrain, Drainage(terrain, elevation), "temperate")
    assert rivers
    for r in rivers:
        assert all(b < a for a, b in zip(r.elevations, r.elevations[1:]))
        assert len(set(r.points)) == len(r.points)
        assert r.mouth in ("edge", "river")
    assert (mask == river_squares(rivers, w, h)).all()


def test_a_diagonal_through_a_river_point_is_cut_and_fords_reconnect():
    terrain = np.full((4, 4), "plain", dtype="<U12")
    river = River([(2, 0), (2, 1), (2, 2), (2, 3), (2, 4)], "edge")  # splits west from east
    g = movement_graph(terrain, [river], [])
    assert not g.has_edge((1, 1), (2, 1)) and not g.has_edge((1, 1), (2, 2))  # orthogonal and diagonal
    assert g.has_edge((0, 0), (1, 1))
    steps = land_steps(terrain, [river])
    fords = add_fords(np.random.default_rng(1), terrain, steps, [], np.ones((4, 4), bool), [river])
    assert len(fords) == 1 and fords[0].kind == "ford"
    g = movement_graph(terrain, [river], fords)
    assert nx.is_connected(g)
    a, b = fords[0].squares
    assert g.edges[a, b]["crossing"] == "ford"


def test_a_bridge_lets_a_force_cross_only_on_its_edge():
    terrain = np.full((3, 4), "plain", dtype="<U12")
    river = River([(2, 0), (2, 1), (2, 2), (2, 3)], "edge")
    g = movement_graph(terrain, [river], [Crossing(((1, 1), (2, 1)), "bridge")])
    assert g.has_edge((1, 1), (2, 1)) and not g.has_edge((1, 0), (2, 0)) and not g.has_edge((1, 0), (2, 1))


def _fords(terrain, rivers, crossings=(), usable=None, seed=0):
    usable = np.ones(terrain.shape, bool) if usable is None else usable
    return add_fords(np.random.default_rng(seed), terrain, land_steps(terrain, rivers), list(crossings), usable, rivers)


def test_a_bridge_already_joins_the_banks():
    # A river from the north edge to the south edge cuts the map in two: one crossing joins it.
    terrain = np.full((4, 7), "plain", dtype="<U12")
    river = River([(3, y) for y in range(5)], "edge")
    assert len(_fords(terrain, [river])) == 1
    assert _fords(terrain, [river], [Crossing(((2, 1), (3, 1)), "bridge")]) == []


def test_no_ford_to_land_off_the_mainland():
    # Two rivers cut the map in three; the east third is not mainland (say, an island the sea
    # cuts off in a real map), so only the west and middle thirds are joined.
    terrain = np.full((4, 9), "plain", dtype="<U12")
    west, east = River([(3, y) for y in range(5)], "edge"), River([(6, y) for y in range(5)], "edge")
    usable = np.ones((4, 9), bool)
    usable[:, 6:] = False
    for seed in range(5):
        fords = _fords(terrain, [west, east], usable=usable, seed=seed)
        assert len(fords) == 1 and {c for c, _ in fords[0].squares} == {2, 3}


def test_fords_keep_away_from_mountain_and_swamp_banks():
    # Four edges could join the banks; three have a swamp or mountain on one bank.
    terrain = np.full((4, 7), "plain", dtype="<U12")
    terrain[0, 2], terrain[1, 3], terrain[2, 2] = "swamp", "mountain", "swamp"
    river = River([(3, y) for y in range(5)], "edge")
    rows = [_fords(terrain, [river], seed=seed)[0].squares[0][1] for seed in range(40)]
    assert rows.count(3) >= 30  # weight 1 against 0.1 each: the open edge about 77 times in 100


def test_long_river_fords_come_seven_edges_after_the_last_crossing():
    # An inland river of 16 edges (no ford needed to join anything): a ford on the 7th and the 14th edge.
    terrain = np.full((17, 4), "plain", dtype="<U12")
    river = River([(2, y) for y in range(1, 18)], "edge")
    assert [f.squares for f in _fords(terrain, [river])] == [((1, 7), (2, 7)), ((1, 14), (2, 14))]
    # A river from edge to edge needs a ford to join its banks; the count restarts there.
    cut = River([(2, y) for y in range(0, 18)], "edge")
    for seed in range(8):
        fords = _fords(terrain, [cut], seed=seed)
        rows = sorted(f.squares[0][1] for f in fords)
        gaps = [b - a for a, b in zip([-1] + rows, rows + [17])]
        assert max(gaps) <= 7 and sum(g == 7 for g in gaps) >= len(rows) - 1, rows
    # A mountain on the east bank (as on the west) holds the ford back one edge.
    terrain[7, 2] = "mountain"
    assert [f.squares for f in _fords(terrain, [river])] == [((1, 8), (2, 8)), ((1, 15), (2, 15))]


def test_long_rivers_get_a_ford_every_seven_edges():
    # A river that cuts nothing off (it rises inland): no ford is needed to join the land,
    # but after 7 edges without a crossing one is added (roads.RIVER_EDGES_PER_CROSSING).
    terrain = np.full((10, 10), "plain", dtype="<U12")
    river = River([(5, y) for y in range(1, 11)], "edge")  # 9 edges, from corner (5, 1) to the south edge
    steps = land_steps(terrain, [river])
    fords = add_fords(np.random.default_rng(0), terrain, steps, [], np.ones((10, 10), bool), [river])
    assert [(f.squares, f.kind) for f in fords] == [(((4, 7), (5, 7)), "ford")]


def test_a_crossing_restarts_the_count_and_mountains_are_never_forded():
    terrain = np.full((12, 10), "plain", dtype="<U12")
    river = River([(5, y) for y in range(1, 13)], "edge")  # 11 edges
    steps = land_steps(terrain, [river])
    bridge = Crossing(((4, 3), (5, 3)), "bridge")  # the 3rd edge
    fords = add_fords(np.random.default_rng(0), terrain, steps, [bridge], np.ones((12, 10), bool), [river])
    assert [f.squares for f in fords] == [((4, 10), (5, 10))]  # 7 edges after the bridge
    terrain[7, 4] = "mountain"  # the 7th edge from the source runs beside a mountain
    steps = land_steps(terrain, [river])
    fords = add_fords(np.random.default_rng(0), terrain, steps, [], np.ones((12, 10), bool), [river])
    assert [f.squares for f in fords] == [((4, 8), (5, 8))]  # the ford waits one edge
    terrain[:, :] = "plain"
    usable = np.ones((12, 10), bool)
    usable[7, 5] = False  # off the mainland: no ford there either
    fords = add_fords(np.random.default_rng(0), terrain, land_steps(terrain, [river]), [], usable, [river])
    assert [f.squares for f in fords] == [((4, 8), (5, 8))]


def test_the_generated_map_has_no_long_river_without_a_crossing():
    for seed in range(6):
        m = cached_map(seed, "large")
        have = {frozenset(c.squares) for c in m.crossings}
        for r in m.rivers:
            run = 0
            for p, q in r.edges():
                a, b = edge_squares(p, q)
                easy = m.terrain_at(a) not in ("mountain", "swamp") and m.terrain_at(b) not in ("mountain", "swamp")
                run = 0 if frozenset((a, b)) in have else run + 1
                assert run < 7 or not easy, (seed, r.points[0])
