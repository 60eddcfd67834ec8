from fractions import Fraction

import pytest

from mapgen.dice import DiceExpr, Modifier, ScriptedDice
from mapgen.country import rules as country_rules
from mapgen.fw import rules
from mapgen.tables import Table, band, roll_on


def faces_for(total: int, expr: DiceExpr) -> list[int]:
    """Faces of ``expr`` that sum to ``total`` (as evenly as possible)."""
    raw = total - expr.bonus
    assert expr.count <= raw <= expr.count * expr.sides
    base, extra = divmod(raw, expr.count)
    return [base + (1 if i < extra else 0) for i in range(expr.count)]


CASES = [
    (t, b, total)
    for t in rules.ALL_TABLES + country_rules.ALL_TABLES
    for b in t.bands
    for total in sorted({b.low, b.high})
]


@pytest.mark.parametrize("table,expected,total", CASES, ids=[f"{t.rule}-{t.name}-{n}" for t, b, n in CASES])
def test_every_band_with_injected_dice(table, expected, total):
    expr = DiceExpr.parse(table.dice)
    dice = ScriptedDice(faces_for(total, expr))
    roll, got = roll_on(dice, table, "test")
    assert got == expected
    assert roll.result == expected.outcome and roll.rule == table.rule and roll.total == total


def test_totals_beyond_the_bands_clamp():
    # FW-7.4 with winter +2: a natural 6 gives 8, which counts as 6 (AMB-76).
    dice = ScriptedDice([6])
    _, got = roll_on(dice, rules.PRECIPITATION, "weather", [Modifier("winter", 2)])
    assert dice.log[0].total == 8 and got.outcome == "storm"
    dice = ScriptedDice([1])
    _, got = roll_on(dice, rules.PRECIPITATION, "weather", [Modifier("test", -3)])
    assert got.outcome == "fine"


def test_tables_refuse_gaps_and_short_cover():
    with pytest.raises(ValueError):
        Table("X", "gap", "1D6", (band(1, 2, "a"), band(4, 6, "b")))
    with pytest.raises(ValueError):
        Table("X", "short", "2D6", (band(2, 7, "a"), band(8, 11, "b")))


def test_holding_feature_probabilities_match_the_digest():
    # FW-3.4: 2: 1/36; 3-4: 5/36; 5-6: 9/36; 7-8: 11/36; 9: 4/36; 10: 3/36; 11: 2/36; 12: 1/36.
    probs = {k: Fraction(v).limit_denominator(36) for k, v in rules.HOLDING_FEATURE.probabilities().items()}
    assert probs == {
        "sacred_grove": Fraction(1, 36),
        "tower_of_magic": Fraction(5, 36),
        "stonehenge_temple": Fraction(9, 36),
        "sanctuary": Fraction(11, 36),
        "burial_mound": Fraction(4, 36),
        "village": Fraction(3, 36),
        "city": Fraction(2, 36),
        "precious_metal_mine": Fraction(1, 36),
    }


def test_artificial_works_probabilities_match_the_digest():
    probs = {k: Fraction(v).limit_denominator(36) for k, v in rules.ARTIFICIAL.probabilities().items()}
    assert probs["mine_ruins_cemetery"] == Fraction(1, 36)
    assert probs["farm_or_village"] == Fraction(2, 36)
    assert probs["burial_mound"] == Fraction(6, 36)
    assert probs["barrier"] == Fraction(3, 36)
    assert sum(probs.values()) == 1


def test_race_exceptions():
    assert not rules.holding_terrain_allowed("mountain", "humans")
    assert rules.holding_terrain_allowed("mountain", "dwarves")
    assert rules.holding_terrain_allowed("forest", "wood_elves") and rules.holding_terrain_allowed("jungle", "goblins")
    assert rules.holding_terrain_allowed("swamp", "orcs") and not rules.holding_terrain_allowed("swamp", "dwarves")
    for t in ("hills", "desert", "cultivated", "uncultivated", "plain"):  # AMB-66
        assert rules.holding_terrain_allowed(t, "humans")
    for race in rules.RACES:
        assert not rules.holding_terrain_allowed("lake", race) and not rules.holding_terrain_allowed("sea", race)


def test_urban_area_table_with_the_depth_modifier():
    # RC-1.2 / RC-1.3: a natural 9 from a depth-1 parent counts 10, a border; from the capital it is a fortress.
    dice = ScriptedDice([4, 5, 4, 5])
    _, first = roll_on(dice, country_rules.URBAN_AREA, "ring 1")
    _, deeper = roll_on(dice, country_rules.URBAN_AREA, "ring 2", [Modifier("urban areas between", 1)])
    assert (first.outcome, deeper.outcome) == ("fortress", "border")
    # RC-0.1: totals above 12 stay a border.
    dice = ScriptedDice([6, 6])
    _, far = roll_on(dice, country_rules.URBAN_AREA, "ring 9", [Modifier("urban areas between", 8)])
    assert dice.log[0].total == 20 and far.outcome == "border"


def test_country_table_probabilities_match_the_digest():
    p = country_rules.URBAN_AREA.probabilities()
    assert Fraction(p["walled_village"]).limit_denominator(36) == Fraction(1, 36)
    assert Fraction(p["village"]).limit_denominator(36) == Fraction(17, 36)
    assert Fraction(p["border"]).limit_denominator(36) == Fraction(6, 36)
    roads = country_rules.ROADS.probabilities()
    assert [Fraction(roads[k]).limit_denominator(36) for k in ("1", "2", "3")] == [Fraction(26, 36), Fraction(9, 36), Fraction(1, 36)]
