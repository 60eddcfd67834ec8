"""Every rule table against the rulebook, typed out here from the digest.

The expected answers are copied from ``shared/rules/fw-campaign.md`` (and the
Renaissance digest for Tabelle 27 and 28), never read from the table objects
under test, so a wrong band in ``mapgen/fw/rules.py`` fails here.
"""

from fractions import Fraction

import pytest

from mapgen.country import rules as country_rules
from mapgen.dice import DiceExpr, Modifier, ScriptedDice
from mapgen.fw import rules
from mapgen.tables import Band, Table, band, roll_on


def faces_for(total: int, expr: DiceExpr) -> list[int]:
    """Faces of ``expr`` that sum to ``total`` (as evenly as possible)."""
    raw = total - expr.bonus
    assert expr.count <= raw <= expr.count * expr.sides
    base, extra = divmod(raw, expr.count)
    return [base + (1 if i < extra else 0) for i in range(expr.count)]


def spread(*bands):
    """``(low, high, outcome)`` triples typed from the rulebook -> {total: outcome}."""
    return {t: outcome for low, high, outcome in bands for t in range(low, high + 1)}


# (table under test, rule ID, dice, {total: outcome}) -- the right-hand sides are the digest's.
RULEBOOK = [
    # FW-7.2 climate zone
    (rules.CLIMATE, "FW-7.2", "1D6", spread((1, 2, "cold"), (3, 4, "temperate"), (5, 6, "torrid"))),
    # FW-7.3.1 season, cold or temperate zones
    (rules.SEASON_TEMPERATE, "FW-7.3.1", "1D6", spread((1, 2, "spring"), (3, 3, "summer"), (4, 5, "autumn"), (6, 6, "winter"))),
    # FW-7.3.2 season, torrid zones (6 = dry, the digest's reconstruction)
    (rules.SEASON_TORRID, "FW-7.3.2", "1D6", spread((1, 3, "great_rains"), (4, 6, "dry"))),
    # FW-7.4 precipitation test
    (rules.PRECIPITATION, "FW-7.4", "1D6", spread((1, 3, "fine"), (4, 4, "light_rain"), (5, 5, "heavy"), (6, 6, "storm"))),
    # FW-11.2 geographic type
    (rules.REGION, "FW-11.2", "1D6", spread((1, 2, "flat"), (3, 4, "hilly"), (5, 6, "mountainous"))),
    # AMB-31 which table a particular configuration rolls
    (rules.CONFIG_CATEGORY, "AMB-31", "1D6", spread((1, 2, "vegetation"), (3, 4, "hydrography"), (5, 5, "special"), (6, 6, "artificial"))),
    # FW-11.5 vegetation, and its result-4 wood roll
    (rules.VEGETATION, "FW-11.5", "1D6", spread((1, 2, "uncultivated"), (3, 3, "cultivated"), (4, 4, "wood"), (5, 5, "forest"), (6, 6, "desert"))),
    (rules.WOOD_KIND, "FW-11.5", "1D6", spread((1, 3, "enchanted_wood"), (4, 6, "wood"))),
    # FW-11.6 hydrography
    (rules.HYDROGRAPHY, "FW-11.6", "1D6", spread((1, 2, "river"), (3, 3, "marsh"), (4, 4, "lake"), (5, 6, "swamp"))),
    # FW-11.7 special configurations
    (
        rules.SPECIAL_CONFIG,
        "FW-11.7",
        "1D6",
        spread((1, 1, "volcano"), (2, 2, "dunes"), (3, 3, "boulders"), (4, 4, "isolated_mountain"), (5, 6, "glacier_or_chasm")),
    ),
    # FW-11.8 artificial works and its two sub-rolls
    (
        rules.ARTIFICIAL,
        "FW-11.8",
        "2D6",
        spread(
            (2, 2, "mine_ruins_cemetery"),
            (3, 3, "farm_or_village"),
            (4, 4, "temple"),
            (5, 5, "tower"),
            (6, 6, "sanctuary"),
            (7, 7, "burial_mound"),
            (8, 8, "road"),
            (9, 9, "bridge"),
            (10, 10, "pass"),
            (11, 12, "barrier"),
        ),
    ),
    (rules.ARTIFICIAL_2, "FW-11.8", "1D6", spread((1, 2, "mine"), (3, 4, "ruins"), (5, 6, "cemetery"))),
    (rules.ARTIFICIAL_3, "FW-11.8", "1D6", spread((1, 3, "farm"), (4, 6, "village"))),
    # FW-3.4 holding features and FW-3.4.1 the burial mound's object
    (
        rules.HOLDING_FEATURE,
        "FW-3.4",
        "2D6",
        spread(
            (2, 2, "sacred_grove"),
            (3, 4, "tower_of_magic"),
            (5, 6, "stonehenge_temple"),
            (7, 8, "sanctuary"),
            (9, 9, "burial_mound"),
            (10, 10, "village"),
            (11, 11, "city"),
            (12, 12, "precious_metal_mine"),
        ),
    ),
    (
        rules.BURIAL_OBJECT,
        "FW-3.4.1",
        "1D6",
        spread(
            (1, 1, "sacred_sword"),
            (2, 2, "sacred_spear"),
            (3, 3, "sacred_armour"),
            (4, 4, "sacred_shield"),
            (5, 5, "sacred_helm"),
            (6, 6, "sacred_magic_armour"),
        ),
    ),
    # Renaissance RC-1.2 (Tabella 27) and RC-1.4 (Tabella 28)
    (
        country_rules.URBAN_AREA,
        "RC-1.2",
        "2D6",
        spread(
            (2, 2, "walled_village"),
            (3, 3, "fortress"),
            (4, 6, "village"),
            (7, 7, "city"),
            (8, 8, "village"),
            (9, 9, "fortress"),
            (10, 12, "border"),
        ),
    ),
    (country_rules.ROADS, "RC-1.4", "2D6", spread((2, 8, "1"), (9, 11, "2"), (12, 12, "3"))),
    # the manual: each sheet rolls 1D6 for its crossing points on a shared edge, 1-3 two, 4-6 three
    (country_rules.CROSSING_POINTS, "RC-1.7", "1D6", spread((1, 3, "2"), (4, 6, "3"))),
]

CASES = [(t, rule, dice, total, outcome) for t, rule, dice, expected in RULEBOOK for total, outcome in expected.items()]


@pytest.mark.parametrize(
    "table,rule,dice,total,outcome", CASES, ids=[f"{rule}-{t.name}-{total}" for t, rule, _, total, _ in CASES]
)
def test_every_total_gives_the_rulebook_result(table, rule, dice, total, outcome):
    dice_ = ScriptedDice(faces_for(total, DiceExpr.parse(dice)))
    roll, got = roll_on(dice_, table, "test")
    assert (got.outcome, roll.result, roll.rule, roll.dice, roll.total) == (outcome, outcome, rule, dice, total)
    assert dice_.remaining == 0


@pytest.mark.parametrize("table,rule,dice,expected", RULEBOOK, ids=[f"{r[1]}-{r[0].name}" for r in RULEBOOK])
def test_no_table_has_a_result_the_rulebook_lacks(table, rule, dice, expected):
    assert (table.rule, table.dice) == (rule, dice)
    assert set(table.outcomes()) == set(expected.values())


def test_every_fw_table_is_checked_against_the_rulebook():
    typed = {id(t) for t, *_ in RULEBOOK}
    assert all(id(t) in typed for t in rules.ALL_TABLES)


@pytest.mark.parametrize(
    "table,outcome,modifier,kind",
    [
        # FW-7.3.1: spring +1 (rain), summer none, autumn +1 (rain or snow), winter +2 (snow)
        (rules.SEASON_TEMPERATE, "spring", 1, "rain"),
        (rules.SEASON_TEMPERATE, "summer", 0, "none"),
        (rules.SEASON_TEMPERATE, "autumn", 1, "rain or snow"),
        (rules.SEASON_TEMPERATE, "winter", 2, "snow"),
        # FW-7.3.2: great rains +2 (rain), dry season none
        (rules.SEASON_TORRID, "great_rains", 2, "rain"),
        (rules.SEASON_TORRID, "dry", 0, "none"),
    ],
)
def test_season_precipitation_modifiers(table, outcome, modifier, kind):
    b = next(b for b in table.bands if b.outcome == outcome)
    assert (b.data["precipitation"], b.data["kind"]) == (modifier, kind)


def test_cold_zones_are_winter_plus_two():
    # FW-7.3 / AMB-09: a cold zone is always winter, +2, snow.
    assert (rules.COLD_SEASON.outcome, rules.COLD_SEASON.data["precipitation"], rules.COLD_SEASON.data["kind"]) == ("winter", 2, "snow")


def test_worked_example_fw_7_7_uses_the_table_value_for_autumn():
    # FW-7.7: temperate zone, autumn, precipitation roll 3.  The source's example adds +2
    # and reads 5 (heavy rain); its own table (and AMB-11) says autumn is +1, so 3 + 1 = 4:
    # light rain.
    dice = ScriptedDice([3, 4, 3])  # zone 3: temperate; season 4: autumn; precipitation 3
    _, zone = roll_on(dice, rules.CLIMATE, "zone")
    _, season = roll_on(dice, rules.SEASON_TEMPERATE, "season")
    roll, weather = roll_on(dice, rules.PRECIPITATION, "weather", [Modifier("autumn", season.data["precipitation"])])
    assert (zone.outcome, season.outcome, roll.total, weather.outcome) == ("temperate", "autumn", 4, "light_rain")


def test_totals_beyond_the_bands_clamp():
    # FW-7.4 with winter +2: a natural 6 gives 8, which counts as 6 (AMB-76).
    dice = ScriptedDice([6])
    _, got = roll_on(dice, rules.PRECIPITATION, "weather", [Modifier("winter", 2)])
    assert dice.log[0].total == 8 and got.outcome == "storm"
    dice = ScriptedDice([1])
    _, got = roll_on(dice, rules.PRECIPITATION, "weather", [Modifier("test", -3)])
    assert dice.log[0].total == -2 and got.outcome == "fine"
    # RC-0.1: totals above 12 stay a border.
    dice = ScriptedDice([6, 6])
    _, far = roll_on(dice, country_rules.URBAN_AREA, "ring 9", [Modifier("urban areas between", 8)])
    assert dice.log[0].total == 20 and far.outcome == "border"


def test_urban_area_depth_modifier():
    # RC-1.2 / RC-1.3: a natural 9 from a depth-1 parent counts 10, a border; from the capital, a fortress.
    dice = ScriptedDice([4, 5, 4, 5])
    _, first = roll_on(dice, country_rules.URBAN_AREA, "ring 1")
    _, deeper = roll_on(dice, country_rules.URBAN_AREA, "ring 2", [Modifier("urban areas between", 1)])
    assert (first.outcome, deeper.outcome) == ("fortress", "border")
    assert dice.log[1].modifiers == [Modifier("urban areas between", 1)]


def test_campaign_sizes_fw_3_3():
    # FW-3.3: minor holdings per side besides the capital.
    assert rules.CAMPAIGN_SIZES == {"small": 2, "medium": 3, "large": 6}


def test_configuration_quota_and_tables_fw_2_5():
    # FW-2.5 item 5: up to six in a side's own area, three each in the neutral one.
    assert (rules.CONFIGS_PER_SIDE, rules.CONFIGS_NEUTRAL_PER_SIDE) == (6, 3)
    # AMB-31: the category decides the table: FW-11.5, FW-11.6, FW-11.7, FW-11.8.
    assert {k: t.rule for k, t in rules.CONFIG_TABLES.items()} == {
        "vegetation": "FW-11.5",
        "hydrography": "FW-11.6",
        "special": "FW-11.7",
        "artificial": "FW-11.8",
    }
    # FW-11.5 result 4 and FW-11.8 results 2 and 3 roll again.
    assert {k: (t.rule, t.dice, tuple(t.outcomes())) for k, t in rules.SUB_TABLES.items()} == {
        "wood": ("FW-11.5", "1D6", ("enchanted_wood", "wood")),
        "mine_ruins_cemetery": ("FW-11.8", "1D6", ("mine", "ruins", "cemetery")),
        "farm_or_village": ("FW-11.8", "1D6", ("farm", "village")),
    }


# --- the table machinery -------------------------------------------------


def test_a_table_declared_out_of_order_answers_by_its_totals():
    t = Table("X-1", "shuffled", "1D6", (band(5, 6, "high"), band(1, 2, "low"), band(3, 4, "mid")))
    assert [b.outcome for b in t.bands] == ["low", "mid", "high"]
    assert [t.lookup(n).outcome for n in range(0, 9)] == ["low", "low", "low", "mid", "mid", "high", "high", "high", "high"]
    dice = ScriptedDice([1, 6, 3])
    assert [roll_on(dice, t, "x")[1].outcome for _ in range(3)] == ["low", "high", "mid"]
    assert t.probabilities() == {"low": pytest.approx(1 / 3), "mid": pytest.approx(1 / 3), "high": pytest.approx(1 / 3)}


def test_tables_refuse_gaps_overlaps_and_short_cover():
    with pytest.raises(ValueError, match=r"X gap: bands 1-2 and 4-6 do not meet"):
        Table("X", "gap", "1D6", (band(1, 2, "a"), band(4, 6, "b")))
    with pytest.raises(ValueError, match=r"do not meet"):
        Table("X", "overlap", "1D6", (band(1, 3, "a"), band(3, 6, "b")))
    with pytest.raises(ValueError, match=r"X short: bands do not cover 2D6"):
        Table("X", "short", "2D6", (band(2, 7, "a"), band(8, 11, "b")))
    with pytest.raises(ValueError, match=r"do not cover 1D6"):
        Table("X", "late", "1D6", (band(2, 6, "a"),))
    Table("X", "wide", "1D6", (band(0, 3, "a"), band(4, 9, "b")))  # bands may reach past the dice


def test_band_helper_and_spans():
    b = band(3, None, "light_rain")
    assert b == Band(3, 3, "light_rain", "light rain", {})
    assert b.span() == "3" and band(4, 6, "x").span() == "4-6"
    assert band(1, 2, "a", "Label", precipitation=2).data == {"precipitation": 2}
    assert band(1, 2, "a", "Label").label == "Label"


def test_probabilities_of_a_table_with_a_bonus():
    t = Table("X", "bonus", "1D6+2", (band(3, 5, "low"), band(6, 8, "high")))
    assert {k: Fraction(v).limit_denominator(6) for k, v in t.probabilities().items()} == {
        "low": Fraction(1, 2),
        "high": Fraction(1, 2),
    }


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
    # FW-11.8: 2: 1/36; 3: 2/36; 4: 3/36; 5: 4/36; 6: 5/36; 7: 6/36; 8: 5/36; 9: 4/36; 10: 3/36; 11-12: 3/36.
    probs = {k: Fraction(v).limit_denominator(36) for k, v in rules.ARTIFICIAL.probabilities().items()}
    assert probs == {
        "mine_ruins_cemetery": Fraction(1, 36),
        "farm_or_village": Fraction(2, 36),
        "temple": Fraction(3, 36),
        "tower": Fraction(4, 36),
        "sanctuary": Fraction(5, 36),
        "burial_mound": Fraction(6, 36),
        "road": Fraction(5, 36),
        "bridge": Fraction(4, 36),
        "pass": Fraction(3, 36),
        "barrier": Fraction(3, 36),
    }


def test_race_exceptions():
    # FW-3.2 item 4 with FW-3.2.a-d and AMB-66.
    assert not rules.holding_terrain_allowed("mountain", "humans")
    assert rules.holding_terrain_allowed("mountain", "dwarves")
    assert rules.holding_terrain_allowed("forest", "wood_elves") and rules.holding_terrain_allowed("jungle", "goblins")
    assert rules.holding_terrain_allowed("swamp", "orcs") and not rules.holding_terrain_allowed("swamp", "dwarves")
    for race in ("humans", "dwarves", "orcs", "undead"):
        assert not rules.holding_terrain_allowed("forest", race) and not rules.holding_terrain_allowed("jungle", race)
    for race in ("humans", "wood_elves", "goblins", "orcs"):
        assert not rules.holding_terrain_allowed("mountain", race)
    for t in ("hills", "desert", "cultivated", "uncultivated", "plain"):  # AMB-66
        assert rules.holding_terrain_allowed(t, "humans")
    for race in rules.RACES:
        assert not rules.holding_terrain_allowed("lake", race) and not rules.holding_terrain_allowed("sea", race)
    assert {r: rid for r, (_, rid) in rules.RACE_EXCEPTIONS.items()} == {
        "dwarves": "FW-3.2.a",
        "wood_elves": "FW-3.2.b",
        "goblins": "FW-3.2.c",
        "orcs": "FW-3.2.d",
    }
    assert rules.HOLDING_MIN_DISTANCE == 3  # FW-3.2 item 3, AMB-07


def test_terrain_effects_fw_2_6():
    # FW-2.6 / FW-9.2 movement modifiers and FW-8.2 Force Test modifiers.
    expected = {
        "plain": (0, 0),
        "uncultivated": (0, 0),
        "cultivated": (-1, 0),
        "hills": (-2, 0),
        "mountain": (-3, -3),
        "forest": (-2, 0),
        "jungle": (-2, 0),
        "swamp": (-1, 0),
        "desert": (-1, 0),
    }
    assert {t: (v.movement, v.force_test) for t, v in rules.TERRAIN.items() if not v.water} == expected
    assert rules.WATER == {"lake", "sea"} and rules.LAND == set(expected)
    assert rules.HIGH_GROUND == {"hills", "mountain"}
    assert rules.HOLDING_FORBIDDEN == {"mountain", "forest", "jungle", "swamp"}


def test_country_table_probabilities_match_the_digest():
    p = country_rules.URBAN_AREA.probabilities()
    assert Fraction(p["walled_village"]).limit_denominator(36) == Fraction(1, 36)
    assert Fraction(p["village"]).limit_denominator(36) == Fraction(17, 36)
    assert Fraction(p["border"]).limit_denominator(36) == Fraction(6, 36)
    roads = country_rules.ROADS.probabilities()
    assert [Fraction(roads[k]).limit_denominator(36) for k in ("1", "2", "3")] == [Fraction(26, 36), Fraction(9, 36), Fraction(1, 36)]
