"""Battlefield tables and counts with injected dice: every band, every count the rules fix."""

import pytest

from mapgen.battlefield import rules as R
from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.dice import DiceExpr, ScriptedDice
from mapgen.tables import roll_on

from .test_tables import faces_for

CASES = [(t, b, total) for t in R.ALL_TABLES for b in t.bands for total in sorted({b.low, b.high})]


@pytest.mark.parametrize("table,expected,total", CASES, ids=[f"{t.rule}-{t.name}-{n}" for t, b, n in CASES])
def test_every_band_with_injected_dice(table, expected, total):
    dice = ScriptedDice(faces_for(total, DiceExpr.parse(table.dice)))
    roll, got = roll_on(dice, table, "test")
    assert got == expected and roll.rule == table.rule and roll.result == expected.outcome


def test_mountain_sizes_are_the_rulebook_combinations():
    # FW-11.2 / AMB-32: two 40 x 40, four 20 x 20 or six 10 x 10 each reach weight 1.
    by = {b.data["size"]: b.data["weight"] for b in R.MOUNTAIN_SIZE.bands}
    assert by[40] * 2 == pytest.approx(1) and by[20] * 4 == pytest.approx(1) and by[10] * 6 == pytest.approx(1)
    assert by[40] + by[20] + 3 * by[10] == pytest.approx(1.25)  # the source's example combination


def layout(faces, **kw):
    """A layout from a campaign square (no rolled works) with every die injected."""
    kw.setdefault("terrain", "plain")
    kw.setdefault("map_name", "test.json")
    dice = ScriptedDice(faces)
    b = generate_battlefield(BattleOptions(seed=1, **kw), dice)
    assert dice.remaining == 0, "every injected die is used"
    return b


class FirstFaces(ScriptedDice):
    """The given faces first, then seeded dice: forces the rolls a test is about and leaves the rest to chance."""

    def _faces(self, expr):
        if self.remaining >= expr.count:
            return super()._faces(expr)
        return [int(f) for f in self.rng.integers(1, expr.sides + 1, size=expr.count)]


def forced(faces, seed=1, **kw):
    """A layout whose first dice show ``faces``; the test fails if some of them were never rolled."""
    dice = FirstFaces(faces, seed=seed)
    b = generate_battlefield(BattleOptions(seed=seed, **kw), dice)
    assert dice.remaining == 0, "every injected die is used"
    return b


def kinds(b):
    return [f.kind for f in b.features]


PITCHED = [4, 2]  # scouting stand-in: A wins, B deploys first


def test_pitched_battle_scouting_loser_deploys_first():
    b = layout(PITCHED)
    assert b.scenario.deploys_first == "B"
    b = layout([1, 6])
    assert b.scenario.deploys_first == "A"
    b = layout([3, 3, 2, 5])  # a tie is rolled again
    assert b.scenario.deploys_first == "A" and len(b.dice_log) == 4


@pytest.mark.parametrize("n,impassable", [(1, False), (3, False), (4, True), (6, True)])
def test_glacier_crevasses_over_three_make_it_impassable(n, impassable):
    b = layout(PITCHED + [n], works=("glacier",))
    glacier = next(f for f in b.features if f.kind == "glacier")
    assert glacier.passable is (not impassable)
    assert kinds(b).count("crevasse") == n
    crev = [f for f in b.features if f.kind == "crevasse"]
    assert all(f.size_cm == (5, 1) for f in crev)  # 1 x 5 cm, all laid the same way
    assert all(glacier.polygon.buffer(0.01).contains(f.polygon) for f in crev)


@pytest.mark.parametrize("n", [1, 6])
def test_boulders_one_to_six_fields_twenty_cm_apart(n):
    b = layout(PITCHED + [n], works=("boulders",))
    fields = [f for f in b.features if f.kind == "boulders"]
    assert len(fields) == n
    for i, a in enumerate(fields):
        assert a.size_cm[0] <= 30 and a.size_cm[1] <= 30
        for c in fields[i + 1 :]:
            assert a.polygon.distance(c.polygon) >= R.BOULDER_GAP_CM - 1e-6


def test_dunes_only_in_the_desert():
    b = layout(PITCHED + [5], terrain="desert", works=("dunes",))
    assert kinds(b).count("dune") == 5
    assert all(f.size_cm == (10, 10) and f.difficult for f in b.features if f.kind == "dune")
    b = layout(PITCHED, terrain="plain", works=("dunes",))
    assert "dune" not in kinds(b) and any("Dunes" in n for n in b.notes)


@pytest.mark.parametrize("walls", [1, 4, 5, 6])
def test_farm_walls_and_a_quarter_of_difficult_ground(walls):
    b = layout(PITCHED + [walls], works=("farm",))
    assert kinds(b).count("wall") == walls
    import shapely

    difficult = shapely.union_all([f.polygon for f in b.features if f.difficult]).area
    assert difficult >= R.FARM_DIFFICULT_SHARE * 180 * 120 - 1 or any("short of" in n for n in b.notes)


def test_village_walls_and_houses():
    b = layout(PITCHED + [3], works=("village",))
    assert kinds(b).count("wall") == 3 and R.HOUSES[0] <= kinds(b).count("house") <= R.HOUSES[1]


@pytest.mark.parametrize("n", [1, 4])
def test_barrier_walls_close_the_pass(n):
    # 1 feature on the mountain table (FW-10.5): the pass itself; then the barrier's walls
    b = layout([1] + PITCHED + [n], terrain="mountain", road=True, works=("pass", "barrier"))
    barrier = next(f for f in b.features if f.kind == "barrier")
    walls = [f for f in b.features if f.kind == "wall"]
    assert len(walls) == n and all(f.on_top_of == "barrier" for f in walls)
    pas = next(f for f in b.features if f.kind == "pass")
    assert barrier.on_top_of == "pass" and pas.polygon.buffer(0.2).contains(barrier.polygon)
    assert all(pas.polygon.intersection(w.polygon.envelope).area <= w.polygon.area + 0.5 for w in walls)  # each spans the pass


def test_jungle_beasts_and_plants_thirty_cm_apart_outside_the_zones():
    b = layout(PITCHED + [3, 2], terrain="jungle")
    dangers = [f for f in b.features if f.kind in ("beast", "carnivorous_plant")]
    assert kinds(b).count("beast") == 3 and kinds(b).count("carnivorous_plant") == 2
    for i, a in enumerate(dangers):
        assert not any(a.polygon.intersects(z.polygon) for z in b.scenario.zones)
        for c in dangers[i + 1 :]:
            assert a.polygon.distance(c.polygon) >= R.DANGER_GAP_CM - 1e-6


@pytest.mark.parametrize("face,where", [(1, "winner"), (4, "winner"), (5, "centre"), (6, "loser")])
def test_plateau_placement(face, where):
    # A wins the scouting stand-in; the plateau is 60 cm deep across the whole table (FW-21.2).
    b = layout([5, 2, face], terrain="hills", region="mountainous")
    plateau = next(f for f in b.features if f.kind == "plateau")
    x0, y0, x1, y1 = plateau.polygon.bounds
    assert (x0, x1, y1 - y0) == (0, 180, 60)
    assert y0 == {"winner": 0, "centre": 30, "loser": 60}[where]


def test_raid_civilian_levies():
    # FW-23.1: 1D6 civilian units, 2D6 models each; then the village's 1D6 low walls (FW-11.8)
    b = layout([2, 4, 5, 6, 1, 3], scenario="raid")
    garrison = next(o for o in b.scenario.orders if o.role == "village garrison")
    assert any("2 units of 9, 7 models" in i for i in garrison.instructions)
    assert [f.kind for f in b.features].count("wall") == 3
