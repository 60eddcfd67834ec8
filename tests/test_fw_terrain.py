"""The terrain, rivers, roads, movement and connectivity stages on small hand-made arrays."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from mapgen.errors import InfeasibleError
from mapgen.fw import terrain as T
from mapgen.fw.connectivity import component_labels, largest
from mapgen.fw.generate import generate_map, mainland
from mapgen.fw.model import Crossing, Holding, River
from mapgen.fw.movement import crossing_mask, king_pairs, movement_graph
from mapgen.fw.options import MapOptions, OptionError
from mapgen.fw.rivers import CornerGraph, Drainage, corner_elevation, corner_touches, drainage, flow_length, pick_sources, trace
from mapgen.fw import roads as R
from mapgen.fw.roads import RoadBuilder, connect_holdings

from .fw_tiny import cached_map



def grid(rows):
    codes = {"P": "plain", "H": "hills", "M": "mountain", "F": "forest", "W": "swamp", "L": "lake", "S": "sea", "D": "desert"}
    return np.array([[codes[ch] for ch in row] for row in rows], dtype="<U12")


# --- terrain -----------------------------------------------------------------------


def test_normalize_dilate_and_neighbours():
    assert T.normalize(np.array([2.0, 4.0, 3.0])).tolist() == [0.0, 1.0, 0.5]
    assert T.normalize(np.array([5.0, 5.0])).tolist() == [0.0, 0.0]
    m = np.zeros((4, 4), bool)
    m[1, 1] = True
    assert T.dilate(m).sum() == 9 and T.dilate(m)[:3, :3].all()
    corner = np.zeros((3, 3), bool)
    corner[0, 0] = True
    assert T.dilate(corner).sum() == 4
    count = T.neighbour_count(m)
    assert count[1, 1] == 0 and count[0, 0] == 1 and count[2, 2] == 1 and count[3, 3] == 0 and count.sum() == 8


def test_noise_is_smooth_and_in_range():
    rng = np.random.default_rng(0)
    n = T.value_noise(rng, 10, 12, 4.0)
    assert n.shape == (10, 12) and 0 <= n.min() and n.max() <= 1
    f = T.fbm(np.random.default_rng(0), 10, 12, 6.0)
    assert f.min() == 0.0 and f.max() == 1.0
    assert np.abs(np.diff(f, axis=1)).max() < 0.5  # smooth: no jumps across a square


class Lattice:
    """A stand-in generator whose ``random(shape)`` is a known lattice f(row, col)."""

    def __init__(self, f):
        self.f = f

    def random(self, shape):
        return np.fromfunction(self.f, shape)


#: Smoothstep 3t^2 - 2t^3 at the quarter points a cell of 2 samples: t = 0.25 and t = 0.75.
S25, S75 = 0.15625, 0.84375


def test_value_noise_interpolates_its_lattice_smoothly():
    # One square per lattice cell: every square sits halfway, so it is the mean of its four corners.
    rows = T.value_noise(Lattice(lambda r, c: r), 3, 4, 1.0)
    assert rows.tolist() == [[0.5] * 4, [1.5] * 4, [2.5] * 4]
    cols = T.value_noise(Lattice(lambda r, c: c), 3, 4, 1.0)
    assert cols.tolist() == [[0.5, 1.5, 2.5, 3.5]] * 3
    # Two squares per cell: a quarter and three quarters of the way, eased by smoothstep.
    n = T.value_noise(Lattice(lambda r, c: r * c), 4, 6, 2.0)
    ease = [S25, S75, 1 + S25, 1 + S75, 2 + S25, 2 + S75]
    assert np.allclose(n, np.outer(ease[:4], ease))  # bilinear in r * c: (r0 + sy) * (c0 + sx)


def test_fbm_adds_octaves_at_half_the_amplitude_and_half_the_cell():
    f = T.fbm(np.random.default_rng(3), 7, 9, base_cell=4.0, octaves=3)
    rng = np.random.default_rng(3)
    octaves = [T.value_noise(rng, 7, 9, cell) for cell in (4.0, 2.0, 1.0)]
    assert np.allclose(f, T.normalize(octaves[0] + 0.5 * octaves[1] + 0.25 * octaves[2]))
    f = T.fbm(np.random.default_rng(3), 7, 9, base_cell=2.0, octaves=3)
    rng = np.random.default_rng(3)
    octaves = [T.value_noise(rng, 7, 9, cell) for cell in (2.0, 1.0, 1.0)]  # never finer than a square
    assert np.allclose(f, T.normalize(octaves[0] + 0.5 * octaves[1] + 0.25 * octaves[2]))


def test_chain_ridges_are_walks_of_at_least_three_squares():
    ridge = T.chain_ridges(np.random.default_rng(3), 20, 30, "mountainous")
    labels = component_labels(ridge.size, *_king_edges(ridge))
    sizes = np.bincount(labels[ridge.ravel()])
    assert ridge.any() and sizes[sizes > 0].min() >= 2
    assert not T.chain_ridges(np.random.default_rng(3), 20, 30, "flat").sum() > T.chain_ridges(np.random.default_rng(3), 20, 30, "mountainous").sum()


class Walker:
    """A stand-in generator for chain_ridges: every chain starts at (row, col) heading east
    (or ``heading`` radians from east, southwards positive) and walks straight for the
    longest (or shortest) length it is allowed."""

    def __init__(self, row, col, longest=True, heading=0.0):
        self.start, self.longest = [row, col, heading], longest
        self.lengths = []

    def uniform(self, low, high):
        value = self.start.pop(0)
        self.start.append(value)
        return value

    def integers(self, low, high):
        self.lengths.append((low, high))
        return high - 1 if self.longest else low

    def normal(self, mean, sd):
        return 0.0


def test_chains_run_three_to_fourteen_squares():
    # the manual: mountain chains run at most 14 squares; at least 3, so no mountain starts isolated (FW-2.5 item 7).
    w = Walker(2.5, 0.5)
    ridge = T.chain_ridges(w, 20, 30, "mountainous")
    assert np.argwhere(ridge).tolist() == [[2, c] for c in range(14)]
    assert len(w.lengths) >= 2 and set(w.lengths) == {(3, 15)}
    short = T.chain_ridges(Walker(4.5, 20.5, longest=False), 20, 30, "hilly")
    assert np.argwhere(short).tolist() == [[4, 20], [4, 21], [4, 22]]
    # A walk that reaches the map edge stops there.
    edge = T.chain_ridges(Walker(1.5, 5.5), 6, 9, "mountainous")
    assert np.argwhere(edge).tolist() == [[1, 5], [1, 6], [1, 7], [1, 8]]
    south = T.chain_ridges(Walker(3.5, 1.5, heading=np.pi / 2), 6, 9, "mountainous")
    assert np.argwhere(south).tolist() == [[3, 1], [4, 1], [5, 1]]


def test_the_region_sets_how_many_chains_rise():
    # FW-11.2 rolled for the region (AMB-73): flat ground has the fewest chains, mountains the most.
    counts = []
    for region in ("flat", "hilly", "mountainous"):
        w = Walker(2.5, 0.5)
        T.chain_ridges(w, 20, 30, region)
        counts.append(len(w.lengths))
    assert counts[0] < counts[1] < counts[2]
    w = Walker(0.5, 0.5)
    T.chain_ridges(w, 3, 3, "flat")
    assert len(w.lengths) == 1  # even a tiny flat map has one range of hills


def _king_edges(mask):
    a, b, _ = king_pairs(mask)
    w = mask.shape[1]
    return a[:, 1] * w + a[:, 0], b[:, 1] * w + b[:, 0]


def test_lone_high_ground_becomes_plain():
    t = grid(["HPPP", "PPMM", "PPPP", "PHPP"])
    T.remove_isolated_high_ground(t)
    assert t.tolist() == grid(["PPPP", "PPMM", "PPPP", "PPPP"]).tolist()


def test_final_elevation_lifts_mountains_above_hills_above_lowland():
    t = grid(["MHP", "PLP"])
    e = T.final_elevation(np.full((2, 3), 0.5), t)
    assert e[0, 0] == 1.0 and e[0, 1] == pytest.approx(0.5) and e[0, 2] == 0.0 and e[1, 1] == 0.0
    e = T.final_elevation(np.array([[0.9, 0.2, 0.6], [0.1, 0.3, 0.4]]), grid(["PSP", "LPP"]))
    assert e[0, 1] == e[1, 0] == 0.0 and e[0, 0] == 1.0 and e[1, 1] > 0  # water lies at 0, whatever was under it


def test_the_terrain_stage_lays_water_lowest():
    for seed in range(12):
        terrain, elevation, wet = T.generate_terrain(np.random.default_rng(seed), 20, 14, "mountainous", "cold")
        water = np.isin(terrain, ["sea", "lake"])
        assert (elevation[water] == 0).all() and elevation.max() == 1.0 and wet.shape == terrain.shape
        if (terrain == "mountain").any() and (terrain == "hills").any():
            assert elevation[terrain == "mountain"].mean() > elevation[terrain == "hills"].mean() > elevation[~water & ~np.isin(terrain, ["hills", "mountain"])].mean()


def test_classify_shares_by_climate():
    rng = np.random.default_rng(1)
    h, w = 20, 20
    elev = np.zeros((h, w))
    ridge = np.zeros((h, w), bool)
    for climate, forest in (("cold", "forest"), ("temperate", "forest"), ("torrid", "jungle")):
        t, _ = T.classify(np.random.default_rng(1), elev, ridge, "flat", climate)
        n = h * w
        assert (t == "swamp").sum() == round(T.SWAMP_SHARE[climate] * n)
        assert (t == forest).sum() == round(T.FOREST_SHARE[climate] * n)
        assert (t == "desert").sum() == round(T.DESERT_SHARE[climate] * n)
        assert (t == "uncultivated").sum() == round(T.UNCULTIVATED_SHARE[climate] * n)
    assert rng is not None
    # Desert only in a torrid zone; no jungle elsewhere.
    assert T.DESERT_SHARE["cold"] == T.DESERT_SHARE["temperate"] == 0


def _scores_hold(seed, climate):
    rng = np.random.default_rng(seed)
    ridge = T.chain_ridges(rng, 20, 30, "hilly")
    elev = T.base_elevation(rng, 20, 30, ridge)
    t, wet = T.classify(rng, elev, ridge, "hilly", climate)
    low = ~np.isin(t, ["hills", "mountain"])
    forest = "jungle" if climate == "torrid" else "forest"
    # the manual: swamps in low wet ground (all of it taken first), forests where moist, desert where dry.
    damp = wet * (1 - elev) ** 2
    swamp = t == "swamp"
    assert swamp.any() and damp[swamp].min() >= damp[low & ~swamp].max()
    later = low & np.isin(t, ["plain", "uncultivated", "desert"])
    assert (t == forest).any() and wet[t == forest].min() >= wet[later].max() - 0.15  # 0.15: the forests' jitter
    if climate == "torrid":
        rest = low & np.isin(t, ["plain", "uncultivated"])
        assert (t == "desert").any() and wet[t == "desert"].max() <= wet[rest].min() + 0.1  # 0.1: the deserts' jitter
    return t


def test_swamps_forests_and_deserts_where_the_ground_suits_them():
    for seed in range(3):
        for climate in ("cold", "temperate", "torrid"):
            _scores_hold(seed, climate)


def test_cold_climates_raise_more_mountains():
    ridge = np.zeros((8, 20), bool)
    ridge[3, 1:19] = ridge[5, 1:19] = True
    cold, _ = T.classify(np.random.default_rng(4), np.zeros((8, 20)), ridge, "hilly", "cold")
    temperate, _ = T.classify(np.random.default_rng(4), np.zeros((8, 20)), ridge, "hilly", "temperate")
    # The same draws: every temperate mountain is a cold one, and the cold zone has more.
    assert (cold[temperate == "mountain"] == "mountain").all() and (cold == "mountain").sum() > (temperate == "mountain").sum()


def test_mountains_rise_only_on_chains():
    ridge = np.zeros((6, 6), bool)
    ridge[2, 1:5] = True
    t, _ = T.classify(np.random.default_rng(0), np.zeros((6, 6)), ridge, "mountainous", "cold")
    assert set(np.unique(t[ridge]).tolist()) <= {"hills", "mountain"}
    assert not np.isin(t[~T.dilate(ridge)], ["hills", "mountain"]).any()
    flat, _ = T.classify(np.random.default_rng(0), np.zeros((6, 6)), ridge, "flat", "temperate")
    assert not (flat == "mountain").any() and (flat[ridge] == "hills").all()


def test_sea_along_a_long_edge_and_lakes_inland():
    for seed in range(40):
        t = np.full((8, 12), "plain", dtype="<U12")
        e = np.full((8, 12), 0.5)
        T.add_sea(np.random.default_rng(seed), t, e)
        sea = t == "sea"
        if sea.any():
            rows = np.nonzero(sea.any(axis=1))[0]
            assert set(rows.tolist()) <= {0, 1} or set(rows.tolist()) <= {6, 7}
            assert sea[rows[0] if rows[0] in (0, 7) else rows[-1]].all()  # the edge row is all sea
            assert (e[sea] == 0).all()
    small = np.full((5, 12), "plain", dtype="<U12")
    T.add_sea(np.random.default_rng(0), small, np.zeros((5, 12)))
    assert not (small == "sea").any()  # too narrow for a coast
    t = np.full((10, 10), "plain", dtype="<U12")
    e = np.tile(np.linspace(0, 1, 10), (10, 1))
    T.add_lakes(np.random.default_rng(2), t, e, np.ones((10, 10)))
    lakes = np.argwhere(t == "lake")
    assert all(0 < r < 9 and 0 < c < 9 for r, c in lakes)
    assert all(e[r, c] <= 0.05 for r, c in lakes)


def _coast(seed, h, w):
    t = np.full((h, w), "plain", dtype="<U12")
    T.add_sea(np.random.default_rng(seed), t, np.full((h, w), 0.5))
    return t == "sea"


def test_a_coast_runs_along_a_whole_long_edge_one_or_two_squares_deep():
    seen = set()
    for seed in range(40):
        for h, w in ((6, 12), (12, 6)):
            sea = _coast(seed, h, w)
            if not sea.any():
                continue
            along = sea if w >= h else sea.T  # rows of a wide map; columns of a tall one
            edge = 0 if along[0].all() else along.shape[0] - 1
            assert along[edge].all()  # one long edge is all sea
            depth = along.sum(axis=0)
            assert set(depth.tolist()) <= {1, 2}
            inner = along[1] if edge == 0 else along[-2]
            assert (inner == (depth == 2)).all() and along.sum() == depth.sum()
            seen.add((w >= h, edge == 0))
            seen.update(f"depth {d}" for d in depth.tolist())
    # Both long edges, on wide and tall maps, and both depths occur.
    assert seen >= {(True, True), (True, False), (False, True), (False, False), "depth 1", "depth 2"}
    assert not any(_coast(seed, 5, 12).any() for seed in range(40))  # too narrow for a coast


def test_lakes_lie_in_low_wet_open_ground():
    rng = np.random.default_rng(0)
    for seed in range(20):
        t = np.full((10, 12), "plain", dtype="<U12")
        t[:, 9:] = "forest"
        t[0, :3] = "sea"
        e = np.tile(np.linspace(0.0, 1.0, 12), (10, 1)) + 0.01 * rng.random((10, 12))
        wet = np.tile(np.linspace(0.0, 1.0, 10)[:, None], (1, 12))  # wetter to the south
        before = e.copy()
        T.add_lakes(np.random.default_rng(seed), t, e, wet)
        for r, c in np.argwhere(t == "lake"):
            assert 0 < r < 9 and 0 < c < 11  # never on the map edge
            assert before[r, c] < np.quantile(before, 0.35)  # in the lowest ground
            assert e[r, c] <= 0.05 and not (r <= 1 and c <= 3)  # lowered; never beside the sea
        lakes = t == "lake"
        if lakes.any():
            others = (t == "plain") & (before < np.quantile(before, 0.35))
            others[0, :], others[-1, :], others[:, 0], others[1, :4] = False, False, False, False
            assert wet[lakes].min() >= wet[others].max() - 0.3  # the wettest first (0.3: jitter)


def test_generated_terrain_is_deterministic_and_chained():
    a = T.generate_terrain(np.random.default_rng(5), 15, 10, "hilly", "temperate")
    b = T.generate_terrain(np.random.default_rng(5), 15, 10, "hilly", "temperate")
    assert (a[0] == b[0]).all() and (a[1] == b[1]).all()
    high = np.isin(a[0], ["hills", "mountain"])
    assert (T.neighbour_count(high)[high] >= 1).all()


def test_high_mountains_follow_every_link_of_a_chain():
    # [DEV] FW-11.7: the upper half of each 8-connected chain.  A north-south chain and a
    # diagonal one: each is one chain, so only its upper half is high.
    t = grid(["MPPPP", "MPMPP", "MPPMP", "MPPPM"])
    e = np.zeros((4, 5))
    e[:, 0] = [0.4, 0.9, 0.5, 0.8]  # column A: high are 0.9 and 0.8
    e[1, 2], e[2, 3], e[3, 4] = 0.4, 0.9, 0.5  # C2, D3, E4: high are 0.9 and 0.5
    high = T.high_mountains(t, e)
    assert sorted(map(tuple, np.argwhere(high).tolist())) == [(1, 0), (2, 3), (3, 0), (3, 4)]
    anti = grid(["PPM", "PMP", "MPP"])  # the other diagonal
    assert T.high_mountains(anti, np.array([[0, 0, 0.4], [0, 0.9, 0], [0.5, 0, 0]])).sum() == 2


# --- rivers ------------------------------------------------------------------------


def test_corner_helpers():
    m = np.zeros((2, 3), bool)
    m[0, 0] = True
    touch = corner_touches(m)
    assert touch.shape == (3, 4) and touch.sum() == 4 and touch[0, 0] and touch[1, 1] and not touch[2, 2]
    e = corner_elevation(np.array([[1.0, 0.0], [0.0, 0.0]]), np.zeros((2, 2), bool))
    assert e[1, 1] == 0.25 and e[0, 0] == 1.0
    assert corner_elevation(np.array([[1.0, 1.0]]), np.array([[True, False]]))[0, 1] == 0.5


def test_corner_graph_steps_and_mouths():
    g = CornerGraph(grid(["PPP", "PLP", "PPP"]))
    assert set(g.steps(1, 1)) == {(1, 0), (0, 1)}  # its east and south edges border the lake
    assert g.outlet[0, 0] and g.lake[1, 1] and g.mouth(1, 1) == "lake" and g.mouth(0, 0) == "edge"
    assert CornerGraph(grid(["SS", "PP"])).mouth(1, 1) == "sea"
    assert set(g.steps(2, 2)) == {(3, 2), (2, 3)}  # the lake's south-east corner: its north and west edges border the lake
    # On the map's edge a corner steps only inwards along the square edges between two land squares.
    assert [set(g.steps(*c)) for c in ((0, 1), (3, 1), (1, 0), (1, 3))] == [{(1, 1)}, {(2, 1)}, {(1, 1)}, {(1, 2)}]
    assert set(CornerGraph(grid(["PPP", "PPP"])).steps(1, 1)) == {(0, 1), (2, 1), (1, 0), (1, 2)}


def test_drainage_points_strictly_downhill_to_an_outlet():
    t = grid(["PPPP", "PPPP", "PPPP"])
    elev = corner_elevation(np.tile([0.9, 0.6, 0.3, 0.1], (3, 1)), np.zeros((3, 4), bool))
    g = CornerGraph(t)
    filled, down = drainage(g, elev)
    for (x, y), (nx_, ny) in down.items():
        assert filled[ny, nx_] < filled[y, x] and abs(x - nx_) + abs(y - ny) == 1
    assert all(not g.outlet[y, x] for x, y in down)
    assert set(down) == {(x, y) for x in range(1, 4) for y in (1, 2)}
    length = flow_length(down)
    assert all(length[c] >= 1 for c in down)
    assert trace((1, 1), down, set())[-1] in {(x, y) for x in range(5) for y in range(4) if g.outlet[y, x]}
    assert trace((1, 1), down, {down[(1, 1)]}) == [(1, 1), down[(1, 1)]]


def test_flow_length_counts_edges_to_the_outlet():
    down = {(3, 0): (2, 0), (2, 0): (1, 0), (1, 0): (0, 0), (2, 1): (2, 0), (5, 5): (5, 6)}
    assert flow_length(down) == {(3, 0): 3, (2, 0): 2, (1, 0): 1, (2, 1): 3, (5, 5): 1}


def test_the_flood_counts_each_corners_way_to_its_outlet_as_the_pointers_do():
    # Drainage counts the edges while flooding; following the pointers one by one must agree.
    rng = np.random.default_rng(5)
    for shape in ((7, 9), (12, 5), (20, 20)):
        t = np.where(rng.random(shape) < 0.08, "lake", "plain").astype("<U12")
        drain = Drainage(t, rng.random(shape))
        by_pointers = np.zeros(drain.filled.shape, int)
        for (x, y), n in flow_length(drain.down).items():
            by_pointers[y, x] = n
        assert (drain.length == by_pointers).all() and drain.length.max() >= 3


def test_new_lakes_drain_as_a_whole_new_flood_would():
    # A rolled lake: the drainage worked out from the old one must be the one a new flood gives,
    # to the last bit (the watercourses drawn after it, and so the map's bytes, depend on it).
    rng = np.random.default_rng(8)
    for shape in ((9, 12), (16, 16), (30, 22)):
        for _ in range(6):
            t = np.where(rng.random(shape) < 0.05, "lake", "plain").astype("<U12")
            elevation = rng.random(shape) ** 2
            before = Drainage(t, elevation)
            land = np.argwhere(t == "plain")
            for r, c in land[rng.choice(len(land), size=int(rng.integers(1, 4)), replace=False)]:
                t[r, c] = "lake"
            after, fresh = before.after_new_water(t, elevation), Drainage(t, elevation)
            assert (after.filled == fresh.filled).all() and after.down == fresh.down
            assert (after.length == fresh.length).all() and (after.graph.outlet == fresh.graph.outlet).all()
    # Water turned back into land is no lowering: the whole map floods again, to the same result.
    t[t == "lake"] = "plain"
    assert after.after_new_water(t, elevation).down == Drainage(t, elevation).down


def test_river_edge_squares_are_grid_edge_squares_for_every_edge():
    from mapgen.fw.rivers import river_edge_squares
    from mapgen.grid import edge_squares

    rng = np.random.default_rng(3)
    rivers = [River([(3, 3)], "edge")]  # one point: no edge
    for _ in range(40):
        pts = [(int(rng.integers(1, 20)), int(rng.integers(1, 20)))]
        for _ in range(int(rng.integers(1, 12))):
            dx, dy = [(1, 0), (-1, 0), (0, 1), (0, -1)][int(rng.integers(4))]
            pts.append((pts[-1][0] + dx, pts[-1][1] + dy))
        rivers.append(River(pts, "edge"))
    expect = [edge_squares(p, q) for r in rivers for p, q in r.edges()]
    assert [tuple(map(tuple, e)) for e in river_edge_squares(rivers).tolist()] == expect
    assert river_edge_squares([]).shape == (0, 2, 2)
    with pytest.raises(ValueError, match="not the ends of one square edge"):
        river_edge_squares([River([(0, 0), (2, 0)], "edge")])


def test_the_flood_in_waves_and_by_heap_fill_the_same_to_the_bit(monkeypatch):
    # rivers.fill floods big maps in numpy waves and small ones with a heap: the filled elevations,
    # pointers and lengths must not depend on which (a lake rolled later re-floods either way too).
    from mapgen.fw import rivers as RV

    rng = np.random.default_rng(9)
    for shape in ((6, 9), (25, 18), (40, 40)):
        t = np.where(rng.random(shape) < 0.04, "lake", "plain").astype("<U12")
        t[:, :2] = np.where(rng.random(shape[0]) < 0.5, "sea", "plain")[:, None]
        e = rng.random(shape) ** 3  # deep hollows to fill
        e[5:, 3:] = 0.5  # a flat, filled by EPSILON steps
        land = np.argwhere(t == "plain")
        later = t.copy()
        for r, c in land[rng.choice(len(land), size=3, replace=False)]:
            later[r, c] = "lake"
        results = []
        for waves_from in (0, 10**9):
            monkeypatch.setattr(RV, "WAVES_FROM", waves_from)
            d = RV.Drainage(t, e)
            results.append([d, d.after_new_water(later, e)])
        for a, b in zip(*results):
            assert a.filled.tobytes() == b.filled.tobytes() and a.down == b.down and (a.length == b.length).all()


def test_river_sources_rise_beside_high_ground_spread_apart():
    t = np.full((12, 14), "plain", dtype="<U12")
    t[2:4, 2:12] = "hills"
    t[7:9, 3:11] = "mountain"
    yy, xx = np.mgrid[0:12, 0:14]
    g = CornerGraph(t)
    filled, down = drainage(g, corner_elevation(1.0 - xx / 14 + 0.2 * (t != "plain"), g.water))
    length = flow_length(down)
    high = corner_touches(np.isin(t, ["hills", "mountain"]))
    firsts = []
    for seed in range(30):
        sources = pick_sources(np.random.default_rng(seed), t, filled, down, 6)
        assert 1 <= len(sources) <= 6
        for x, y in sources:
            assert high[y, x] and length[(x, y)] >= 3  # beside high ground, with 3 edges or more to run
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 3 for i, a in enumerate(sources) for b in sources[i + 1 :])
        firsts.append(filled[sources[0][1], sources[0][0]] * np.sqrt(length[sources[0]]))
    cands = [(x, y) for y, x in np.argwhere(high) if length.get((x, y), 0) >= 3]
    weights = [filled[y, x] * np.sqrt(length[(x, y)]) for x, y in cands]
    assert np.mean(firsts) > np.mean(weights)  # high sources with a long way to run come first more often
    assert pick_sources(np.random.default_rng(0), np.full((4, 4), "plain", dtype="<U12"), filled[:5, :5], down, 3) == []
    assert len(pick_sources(np.random.default_rng(0), t, filled, down, 1)) == 1


def test_the_rivers_stage_draws_from_each_source_to_an_outlet_or_a_river(monkeypatch):
    from mapgen.fw import rivers as RV

    t = np.full((12, 21), "plain", dtype="<U12")
    t[0, 2:11] = "hills"
    yy, xx = np.mgrid[0:12, 0:21]
    drain = RV.Drainage(t, 1.0 - yy / 12 + 0.02 * xx)  # falls to the south, gently to the west
    first = trace((10, 1), drain.down, set())
    on_first = first[3]
    asked = []

    def sources(rng, terrain, filled, down, count, length=None):
        asked.append(count)
        # (10, 1) flows first; a source on its course is skipped; (4, 1) and (7, 1) flow too.
        return [(10, 1), on_first, (4, 1), (7, 1)]

    monkeypatch.setattr(RV, "pick_sources", sources)
    rivers, mask = RV.generate_rivers(np.random.default_rng(0), t, drain, "torrid")
    assert asked == [round(RV.RIVERS_PER_100["torrid"] * 252 / 100)]  # rivers per 100 squares
    assert [r.points[0] for r in rivers] == [(10, 1), (4, 1), (7, 1)] and rivers[0].points == first
    for r in rivers:
        assert len(r.points) - 1 >= RV.MIN_RIVER_EDGES
        assert r.elevations == [float(drain.filled[y, x]) for x, y in r.points]
        assert r.mouth == ("river" if r.points[-1] in rivers[0].points[:-1] else "edge")
    assert (mask == RV.river_squares(rivers, 21, 12)).all()


def test_a_source_too_close_to_its_end_draws_nothing(monkeypatch):
    from mapgen.fw import rivers as RV

    t = np.full((8, 12), "plain", dtype="<U12")
    yy, xx = np.mgrid[0:8, 0:12]
    drain = RV.Drainage(t, 1.0 - yy / 8)
    lengths = {p: len(trace(p, drain.down, set())) - 1 for p in ((5, 5), (5, 6), (5, 4))}
    assert lengths == {(5, 5): 3, (5, 6): 2, (5, 4): 4}
    monkeypatch.setattr(RV, "pick_sources", lambda *a: [(5, 6), (5, 5), (2, 4)])
    rivers, _ = RV.generate_rivers(np.random.default_rng(0), t, drain, "cold")
    assert [r.points[0] for r in rivers] == [(5, 5), (2, 4)]  # two edges are too few; three will do


def test_a_watercourse_rises_at_the_highest_corner_with_a_way_down():
    # [DEV] FW-11.6 result 1-2 on the map: of a square's corners off the map edge, off water and
    # off rivers, with a lower neighbour along the square's own edge, the highest is the source.
    from mapgen.fw.rivers import EPSILON, Drainage, watercourse_from

    checked = 0
    for seed in range(6):
        rng = np.random.default_rng(seed)
        t = np.full((7, 9), "plain", dtype="<U12")
        t[rng.random((7, 9)) < 0.08] = "lake"
        drain = Drainage(t, rng.random((7, 9)))
        g, f = drain.graph, drain.filled
        for r in range(7):
            for c in range(9):
                ring = [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]
                ok = []
                for i, p in enumerate(ring):
                    if g.outlet[p[1], p[0]]:
                        continue
                    for q in (ring[i - 1], ring[(i + 1) % 4]):
                        if q in set(g.steps(*p)) and f[q[1], q[0]] <= f[p[1], p[0]] - EPSILON:
                            end = ([p, q] if g.outlet[q[1], q[0]] else [p] + trace(q, drain.down, set()))[-1]
                            if g.outlet[end[1], end[0]]:
                                ok.append(p)
                w = watercourse_from((c, r), drain, set())
                if not ok:
                    assert w is None
                    continue
                checked += 1
                assert w.points[0] == max(ok, key=lambda p: f[p[1], p[0]]), (seed, c, r)
    assert checked > 150


# --- movement and connectivity ---------------------------------------------------


def test_each_component_is_labelled_by_its_smallest_node():
    # Against a plain walk over the edges: random graphs, and a long snake numbered out of order
    # (the shape rivers cut the land into, where label propagation needed a hundred rounds).
    rng = np.random.default_rng(11)
    snake = rng.permutation(400)
    graphs = [(400, snake[:-1], snake[1:])]
    for n, e in ((30, 10), (200, 150), (500, 700)):
        graphs.append((n, rng.integers(0, n, e), rng.integers(0, n, e)))
    for n, a, b in graphs:
        near = {i: set() for i in range(n)}
        for x, y in zip(a.tolist(), b.tolist()):
            near[x].add(y)
            near[y].add(x)
        expect = [-1] * n
        for start in range(n):  # nodes in order, so each walk starts at its part's smallest node
            if expect[start] < 0:
                todo, expect[start] = [start], start
                while todo:
                    for y in near[todo.pop()]:
                        if expect[y] < 0:
                            expect[y] = start
                            todo.append(y)
        assert component_labels(n, a, b).tolist() == expect


def test_high_mountains_are_each_chains_upper_half_by_rounded_elevation():
    # The docstring's rule chain by chain, with numpy's own quantile, against the all-at-once version.
    from mapgen.fw.model import ELEVATION_DECIMALS

    rng = np.random.default_rng(6)
    for shape in ((8, 8), (20, 30), (40, 40)):
        t = np.where(rng.random(shape) < 0.35, "mountain", "plain").astype("<U12")
        e = rng.random(shape)
        e[0, :3] = 0.5  # ties at the cut
        mountain = t == "mountain"
        a, b = _king_edges(mountain)
        keep = mountain.ravel()[a] & mountain.ravel()[b]
        labels = component_labels(t.size, a[keep], b[keep]).reshape(shape)
        expect = np.zeros(shape, bool)
        for label in set(labels[mountain].tolist()):
            chain = mountain & (labels == label)
            rounded = np.array([round(float(v), ELEVATION_DECIMALS) for v in e[chain]])  # as fw-map.json rounds
            cut = np.quantile(rounded, 1 - T.HIGH_MOUNTAIN_SHARE, method="higher")
            expect[chain] = rounded >= cut
        assert (T.high_mountains(t, e) == expect).all()


def test_linear_quantile_is_numpys_to_the_bit():
    # terrain.linear_quantile stands in for np.quantile (which would import numpy.ma): same number, every bit.
    rng = np.random.default_rng(4)
    for n in (1, 2, 3, 7, 150, 1001):
        values = rng.random(n) ** 3
        for q in (0.0, 0.1, 0.35, 0.5, 0.65, 0.999, 1.0):
            assert T.linear_quantile(values, q) == np.quantile(values, q), (n, q)
    assert T.linear_quantile(np.array([[2.0, 1.0], [4.0, 3.0]]), 0.35) == np.quantile(np.array([[2.0, 1.0], [4.0, 3.0]]), 0.35)


def test_components_and_the_largest():
    labels = component_labels(5, np.array([0, 3]), np.array([1, 4]))
    assert labels.tolist() == [0, 0, 2, 3, 3]
    assert component_labels(3, np.array([], int), np.array([], int)).tolist() == [0, 1, 2]
    mask = np.array([[True, True, False, True]])
    assert largest(mask, np.array([0]), np.array([1])).tolist() == [[True, True, False, False]]
    empty = largest(np.zeros((1, 2), bool), np.array([0]), np.array([1]))
    assert empty.dtype == bool and empty.shape == (1, 2) and not empty.any()


def test_mainland_drops_islands():
    t = grid(["PPSP", "PPSS"])
    assert mainland(t).tolist() == [[True, True, False, False], [True, True, False, False]]


def test_every_king_step_and_every_crossing_against_the_geometry():
    import shapely

    t = grid(["PPPPPP", "PPLPPP", "PPPPPP", "PPPPPS", "PPPPPP"])
    rivers = [River([(1, 0), (1, 1), (2, 1), (2, 2), (3, 2), (3, 3), (3, 4), (4, 4), (4, 5)], "edge"), River([(6, 1), (5, 1), (5, 2)], "river")]
    land = ~np.isin(t, ["lake", "sea"])
    a, b, diag = king_pairs(land)
    pairs = {(tuple(p), tuple(q)) for p, q in zip(a.tolist(), b.tolist())}
    expect = set()
    for r in range(5):
        for c in range(6):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if 0 <= c + dc < 6 and 0 <= r + dr < 5 and land[r, c] and land[r + dr, c + dc]:
                    expect.add(((c, r), (c + dc, r + dr)))
    assert pairs == expect and len(pairs) == len(a)
    assert diag.tolist() == [p[0] != q[0] and p[1] != q[1] for p, q in zip(a.tolist(), b.tolist())]
    lines = [shapely.LineString(rv.points) for rv in rivers]
    meets = [any(shapely.LineString([(p[0] + 0.5, p[1] + 0.5), (q[0] + 0.5, q[1] + 0.5)]).intersects(ln) for ln in lines) for p, q in zip(a.tolist(), b.tolist())]
    assert crossing_mask(a, b, rivers).tolist() == meets and sum(meets) > 10


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 7), st.integers(2, 7), st.lists(st.lists(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)]), min_size=1, max_size=9), min_size=1, max_size=3), st.data())
def test_the_lookup_of_crossed_edges_and_corners_agrees_with_the_geometry(w, h, walks, data):
    """Rivers on unit square edges are looked up; the segments against the lines in shapely must agree."""
    import shapely

    a, b, _ = king_pairs(np.ones((h, w), bool))
    rivers = []
    for walk in walks:
        x, y = data.draw(st.integers(0, w)), data.draw(st.integers(0, h))
        pts = [(x, y)]
        for dx, dy in walk:
            x, y = min(max(x + dx, 0), w), min(max(y + dy, 0), h)
            if (x, y) != pts[-1]:
                pts.append((x, y))
        rivers.append(River(pts, "edge"))
    lines = [shapely.LineString(rv.points) for rv in rivers if len(rv.points) >= 2]
    meets = [any(shapely.LineString([(p[0] + 0.5, p[1] + 0.5), (q[0] + 0.5, q[1] + 0.5)]).intersects(ln) for ln in lines)
             for p, q in zip(a.tolist(), b.tolist())]
    assert crossing_mask(a, b, rivers).tolist() == meets
    assert crossing_mask(b, a, rivers).tolist() == meets  # either end first


def test_a_river_off_the_square_edges_is_measured_not_looked_up():
    a = np.array([[0, 0], [0, 1], [1, 0]])
    b = np.array([[1, 0], [1, 1], [1, 1]])
    long_straight = River([(1, 0), (1, 2)], "edge")  # two edges in one segment: both are crossed
    assert crossing_mask(a, b, [long_straight]).tolist() == [True, True, False]
    slanting = River([(1, 0), (2, 1)], "edge")  # a hand-edited file: through square (1, 0), touching its centre
    assert crossing_mask(a, b, [slanting]).tolist() == [True, False, True]


def test_steps_crossing_a_river_geometrically():
    a = np.array([[0, 0], [0, 0], [0, 1]])
    b = np.array([[1, 0], [1, 1], [0, 2]])
    river = River([(1, 0), (1, 1), (1, 2)], "edge")
    assert crossing_mask(a, b, [river]).tolist() == [True, True, False]
    assert crossing_mask(a, b, []).tolist() == [False, False, False]
    g = movement_graph(grid(["PP", "PL"]), [], [])
    assert set(g.nodes) == {(0, 0), (1, 0), (0, 1)} and g.edges[(0, 0), (0, 1)] == {"diagonal": False, "crossing": None}
    # A crossing listed (by hand) between diagonal squares does not open a diagonal step through a river point.
    cut = movement_graph(grid(["PP", "PP"]), [River([(1, 0), (1, 1), (1, 2)], "edge")], [Crossing(((0, 0), (1, 1)), "ford")])
    assert not cut.has_edge((0, 0), (1, 1)) and not cut.has_edge((0, 0), (1, 0))
    island = movement_graph(grid(["HLF"]), [], [])  # land squares with no step between them are still nodes
    assert dict(island.nodes(data="terrain")) == {(0, 0): "hills", (2, 0): "forest"} and not island.edges
    assert g.edges[(1, 0), (0, 1)]["diagonal"] is True


# --- roads -------------------------------------------------------------------------


def test_roads_go_round_mountains_and_bridge_rivers():
    t = grid(["PPPPP", "PMMMP", "PPPPP"])
    b = RoadBuilder(t, [])
    road = b.build((0, 1), (4, 1))
    assert road.squares[0] == (0, 1) and road.squares[-1] == (4, 1)
    assert all(t[r, c] != "mountain" for c, r in road.squares) and b.passes() == []
    river = River([(2, 0), (2, 1), (2, 2), (2, 3)], "edge")
    b = RoadBuilder(grid(["PPPP", "PPPP", "PPPP"]), [river])
    road = b.build((0, 1), (3, 1))
    bridges = b.bridges()
    assert len(bridges) == 1 and bridges[0].kind == "bridge"
    (a, c) = bridges[0].squares
    assert {a[0], c[0]} == {1, 2} and a[1] == c[1]
    assert b.build((1, 1), (1, 1)) is None


def _steps_from(b, sq):
    w = b.w
    return {(j % w, j // w): (round(cost, 6), cross) for j, cost, cross in b.steps(sq[1] * w + sq[0])}


def test_road_steps_cost_the_mean_of_both_squares():
    # The cost model of roads.py: entering a square costs the mean of both squares' prices,
    # a diagonal step 1.42 times that, bridging a river edge 2.5 more, and a step along an
    # earlier road half as much.  A river runs along x = 2 from (2, 0) to (2, 2).
    t = grid(["PHP", "FPD", "PMW"])
    river = River([(2, 0), (2, 1), (2, 2)], "edge")
    b = RoadBuilder(t, [river])
    price = {(c, r): R.ROAD_COST[str(t[r, c])] for r in range(3) for c in range(3)}
    mean = lambda a, z: (price[a] + price[z]) / 2  # noqa: E731
    expect = {
        (0, 0): (mean((1, 1), (0, 0)) * R.DIAGONAL, False),
        (1, 0): (mean((1, 1), (1, 0)), False),
        (2, 0): None,  # diagonal through the river point (2, 1): never
        (0, 1): (mean((1, 1), (0, 1)), False),
        (2, 1): (mean((1, 1), (2, 1)) + R.BRIDGE_COST, True),
        (0, 2): (mean((1, 1), (0, 2)) * R.DIAGONAL, False),
        (1, 2): (mean((1, 1), (1, 2)), False),
        (2, 2): None,  # diagonal through the river point (2, 2)
    }
    assert _steps_from(b, (1, 1)) == {k: (round(v[0], 6), v[1]) for k, v in expect.items() if v}
    # From the corner square every way off the map is skipped; the river's west side bridges east.
    assert set(_steps_from(b, (0, 0))) == {(1, 0), (0, 1), (1, 1)}
    assert _steps_from(b, (2, 1))[(1, 1)] == expect[(2, 1)]  # crossing westwards is the same bridge
    assert set(_steps_from(b, (2, 2))) == {(2, 1), (1, 2)}  # (1, 1) is through the river point
    b.follow(4, 5)  # the step B2-C2 (cells 4 and 5) is on an earlier road
    assert _steps_from(b, (1, 1))[(2, 1)] == (round((mean((1, 1), (2, 1)) + R.BRIDGE_COST) * R.REUSE, 6), True)
    assert _steps_from(b, (1, 1))[(1, 2)] == expect[(1, 2)]


def test_roads_on_new_ground_are_least_cost():
    # On ground no road uses yet, the A* heuristic never overestimates, so each road is a
    # cheapest path; checked against Dijkstra over the same steps.
    import networkx as nx

    rng = np.random.default_rng(5)
    kinds = ["plain", "uncultivated", "cultivated", "desert", "hills", "forest", "jungle", "swamp", "mountain", "lake"]
    t = np.array(kinds)[rng.integers(0, len(kinds), (9, 11))]
    river = River([(4, 0), (4, 1), (5, 1), (5, 2), (5, 3), (6, 3), (6, 4), (6, 5)], "edge")
    g = nx.DiGraph()
    probe = RoadBuilder(t, [river])
    for i in range(t.size):
        for j, cost, _ in probe.steps(i):
            if cost != np.inf:  # from a lake square: no road starts there
                g.add_edge(i, j, weight=cost)
    pairs = [(a, z) for a in range(0, t.size, 7) for z in range(3, t.size, 11) if a in g and z in g and a != z]
    checked = 0
    for a, z in pairs:
        if not nx.has_path(g, a, z):
            continue
        road = RoadBuilder(t, [river]).build((a % 11, a // 11), (z % 11, z // 11))
        cells = [r * 11 + c for c, r in road.squares]
        cost = sum(g.edges[u, v]["weight"] for u, v in zip(cells, cells[1:]))
        assert cost == pytest.approx(nx.dijkstra_path_length(g, a, z)), (a, z)
        checked += 1
    assert checked > 100


def test_each_bridged_edge_is_listed_once():
    t = grid(["PPPP", "PPPP", "PPPP"])
    river = River([(2, 0), (2, 1), (2, 2), (2, 3)], "edge")
    b = RoadBuilder(t, [river])
    b.build((0, 1), (3, 1))
    b.build((3, 1), (0, 1))  # back the same way, over the same bridge
    assert [c.squares for c in b.bridges()] == [((1, 1), (2, 1))]


def test_a_road_over_a_mountain_chain_makes_a_pass():
    t = grid(["PMP", "PMP", "PMP"])
    b = RoadBuilder(t, [])
    b.build((0, 1), (2, 1))
    assert len(b.passes()) == 1 and b.passes()[0][0] == 1


def test_connect_holdings_and_spurs():
    t = np.full((5, 9), "plain", dtype="<U12")
    b = RoadBuilder(t, [])
    hs = [Holding("A", (1, 1), True, ""), Holding("A", (1, 4), False, ""), Holding("B", (7, 1), True, "")]
    connect_holdings(b, hs)
    assert len(b.roads) == 2
    assert b.roads[0].squares[0] == (1, 1) and b.roads[0].squares[-1] == (1, 4)
    assert b.roads[1].squares[0] == (1, 1) and b.roads[1].squares[-1] == (7, 1)
    old = set(b.on_road)
    spur = b.spur((6, 4))  # the nearest road square is G2, three squares north (H2 is 3.42 away)
    assert spur.squares == [(6, 4), (6, 3), (6, 2), (6, 1)] and (6, 1) in old and len(b.roads) == 3
    assert b.spur((1, 1)) is None  # already on a road
    assert RoadBuilder(t, []).spur((0, 0)) is None  # no road to join
    island = grid(["PLP", "LLP", "PPP"])
    b = RoadBuilder(island, [])
    b.build((2, 0), (2, 2))
    assert b.spur((0, 0)) is None and len(b.roads) == 1  # cut off by a lake: no branch


# --- options and the pipeline --------------------------------------------------------


@pytest.mark.parametrize(
    "kw,text",
    [
        ({"size": "huge"}, "unknown campaign size 'huge': use one of small, medium, large$"),
        ({"width": 2}, "--width must be from 3 to 400 squares, not 2"),
        ({"height": 401}, "--height must be from 3 to 400 squares, not 401"),
        ({"holdings": 61}, "--holdings must be from 0 to 60, not 61"),
        ({"races": ("orcs",)}, "--races needs two races"),
        ({"races": ("orcs", "elves")}, "unknown race 'elves'; known races: barbarians, dark_elves, dwarves, goblins, humans, normans, orcs, undead, wood_elves$"),
        ({"square_mm": 4}, "--square-mm must be from 5 to 200, not 4"),
    ],
)
def test_bad_options(kw, text):
    with pytest.raises(OptionError, match=text):
        MapOptions(**kw).check()


def test_option_limits_are_inclusive():
    for kw in ({"width": 3, "height": 3}, {"width": 400, "height": 400}, {"holdings": 0}, {"holdings": 60},
               {"square_mm": 5}, {"square_mm": 200}, {"races": ("wood_elves", "undead")}):
        assert MapOptions(**kw).check() == MapOptions(**kw)
    for kw in ({"height": 2}, {"width": 401}, {"holdings": -1}, {"square_mm": 200.5}, {"races": ("orcs", "orcs", "orcs")}):
        with pytest.raises(OptionError):
            MapOptions(**kw).check()


def test_bad_options_stop_the_generator_before_any_roll():
    with pytest.raises(OptionError, match="unknown campaign size"):
        generate_map(MapOptions(seed=1, size="huge"))


def test_default_grids_and_holdings():
    # FW-3.3 sizes, and the manual's default grids.
    assert [MapOptions(size=s).grid() for s in ("small", "medium", "large")] == [(12, 8), (15, 10), (21, 14)]
    assert [MapOptions(size=s).minor_holdings() for s in ("small", "medium", "large")] == [2, 3, 6]
    assert MapOptions(width=30, height=20, holdings=5).grid() == (30, 20)
    assert MapOptions(holdings=0).minor_holdings() == 0


def test_the_pipeline_logs_region_and_options():
    m = cached_map(7, "medium")
    # FW-1.1: one side red, the other blue.
    assert [(s.id, s.name, s.race) for s in m.sides] == [("A", "Red", "humans"), ("B", "Blue", "humans")]
    (ra, ga, ba), (rb, gb, bb) = [tuple(int(s.color[i : i + 2], 16) for i in (1, 3, 5)) for s in m.sides]
    assert ra > max(ga, ba) and bb > max(rb, gb)
    assert list(m.features) == sorted(m.features, key=lambda sq: (sq[1], sq[0])) and all(m.features.values())
    assert [r.rule for r in m.dice_log[:2]] == ["FW-7.2", "FW-7.3.2"]  # climate, then its season, first
    assert m.seed == 7 and m.road.dtype == bool and m.river.dtype == bool
    region = next(r for r in m.dice_log if r.rule == "FW-11.2")
    assert region.purpose == "region type of the campaign area (AMB-73)" and region.result == m.region
    assert m.options == {
        "size": "medium",
        "holdings_per_side": 3,
        "races": ["humans", "humans"],
        "configurations": True,
        "river_crossing": "strict (AMB-06): only at bridges and fords",
        "adjacency": 8,
    }
    assert [r.seq for r in m.dice_log] == list(range(1, len(m.dice_log) + 1))
    road = np.zeros_like(m.road)
    for r in m.roads:
        for c, row in r.squares:
            road[row, c] = True
    assert (road == m.road).all()


def test_a_map_drains_once_unless_a_lake_is_rolled(monkeypatch):
    # the manual: a rolled watercourse reuses the rivers stage's drainage (seed 5 rolls one and no lake).
    from mapgen.fw import rivers

    calls = []
    real = rivers.flood
    monkeypatch.setattr(rivers, "flood", lambda *a: calls.append(1) or real(*a))
    m = generate_map(MapOptions(seed=5, size="medium"))
    assert any(c.watercourse == "new" for c in m.configs) and not any(c.name == "lake" for c in m.configs)
    assert len(calls) == 1


def test_holdings_and_configurations_stay_on_the_mainland(monkeypatch):
    # A sea strait cuts the two eastern columns off: B's territory reaches over it, but its
    # holdings and configurations must all stand where a force can walk to them.
    from mapgen.fw import generate as G

    def terrain_with_an_island(rng, width, height, region, climate):
        t = np.full((height, width), "plain", dtype="<U12")
        t[:, 12] = "sea"
        t[2:4, 3:7] = "hills"
        e = np.tile(1.0 - np.arange(width) / width, (height, 1))
        e[:, 12] = 0.0
        return t, e, np.zeros((height, width))

    monkeypatch.setattr(G, "generate_terrain", terrain_with_an_island)
    for seed in range(3):
        m = G.generate_map(MapOptions(seed=seed, size="medium"))
        assert (m.territory[:, 13:] == m.territory[0, 14]).all() and m.territory[0, 14] != "N"
        assert all(h.square[0] < 12 for h in m.holdings) and all(c.square[0] < 12 for c in m.configs)


def test_holdings_clear_forest_but_never_a_configurations_square(monkeypatch):
    # B's third is forest but for three squares: its holdings clear what they need, and never
    # a square a configuration was rolled on (FW-11.5: rolled configurations keep their square).
    from mapgen.fw import generate as G
    from mapgen.grid import square_id

    def forest_east(rng, width, height, region, climate):
        t = np.full((height, width), "plain", dtype="<U12")
        t[:, 10:] = "forest"
        t[[1, 5, 8], 11] = "plain"
        t[2:4, 3:7] = "hills"
        return t, np.tile(1.0 - np.arange(width) / width, (height, 1)), np.zeros((height, width))

    monkeypatch.setattr(G, "generate_terrain", forest_east)
    for seed in range(8):
        m = G.generate_map(MapOptions(seed=seed, size="medium"))
        cleared = {n.split(":")[0] for n in m.notes if "cleared into fields" in n}
        assert cleared and not cleared & {square_id(*c.square) for c in m.configs}


def test_land_a_river_cuts_off_gets_a_ford(monkeypatch):
    # the manual: fords are added until no part of the land is cut off.  Here the only river fences
    # off six squares on the north edge of the neutral third, where no road goes.
    import networkx as nx

    from mapgen.fw import generate as G
    from mapgen.fw.rivers import river_squares

    def corner_river(rng, terrain, drain, climate):
        points = [(6, 0), (6, 1), (6, 2), (7, 2), (8, 2), (9, 2), (9, 1), (9, 0)]
        river = River(points, "edge", [0.9 - 0.1 * i for i in range(len(points))])
        return [river], river_squares([river], terrain.shape[1], terrain.shape[0])

    monkeypatch.setattr(G, "generate_rivers", corner_river)
    m = G.generate_map(MapOptions(seed=1, size="medium"))
    g = movement_graph(m.terrain, m.rivers, m.crossings)
    main = G.mainland(m.terrain)
    assert nx.is_connected(g.subgraph((c, r) for r, c in np.argwhere(main)))
    pocket = {(c, r) for c in (6, 7, 8) for r in (0, 1)}
    (ford,) = [c for c in m.crossings if len(pocket & set(c.squares)) == 1]
    assert ford.kind == "ford"


def test_too_small_a_grid_names_the_rule():
    with pytest.raises(InfeasibleError, match="FW-3.2"):
        generate_map(MapOptions(seed=1, size="large", width=6, height=3))


def test_lowest_picks_what_a_stable_sort_puts_first():
    # terrain.lowest stands in for argsort(kind="stable")[:n] when classify takes its swamps,
    # forests and deserts: the same squares, ties broken by position.
    rng = np.random.default_rng(0)
    for size in (1, 2, 5, 50, 1000):
        for n in (1, 2, size // 2 + 1, size, size + 3):
            for values in (rng.random(size), rng.integers(0, 4, size).astype(float), np.zeros(size)):
                expect = np.zeros(size, bool)
                expect[np.argsort(values, kind="stable")[:n]] = True
                assert (T.lowest(values, n) == expect).all(), (size, n)
