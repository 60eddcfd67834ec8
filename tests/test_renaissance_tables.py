"""The Renaissance campaign tables (Tabelle 29-36) against the rulebook, with injected dice.

Every expected value here is typed from ``shared/rules/renaissance-campaign.md``
(RC-3 to RC-5, RC-A) and the Italian original, never read from
``mapgen/renaissance/rules.py``, so changing any number there fails a test.
"""

from fractions import Fraction

import pytest

from mapgen.renaissance import resolve, rules
from mapgen.country import rules as country_rules
from mapgen.dice import Modifier, ScriptedDice

# --- rule IDs and Tabella numbers ----------------------------------------


@pytest.mark.parametrize(
    "table, rule, tabella",
    [
        (rules.TAXES, "RC-3.2", "Tabella 29"),
        (rules.BANK_DEFAULT, "RC-3.4", "Tabella 30"),
        (rules.COMPANY_STRENGTH, "RC-3.5", "Tabella 31"),
        (rules.FORTIFICATION_WORKS, "RC-3.9", "Tabella 32"),
        (rules.SPECIALISTS, "RC-3.10", "Tabella 33"),
        (rules.ASSASSIN, "RC-3.10", "Tabella 33"),
        (rules.ENGAGEMENT, "RC-4.5", "Tabella 34"),
        (rules.SIEGE, "RC-4.10", "Tabella 35"),
        (rules.SIEGE_MODIFIERS, "RC-4.10", "Tabella 35"),
        (rules.EVENT_CHECK, "RC-5.4", "Tabella 36"),
        (rules.EVENTS, "RC-5.4", "Tabella 36"),
    ],
)
def test_every_table_names_its_rule_and_tabella(table, rule, tabella):
    assert table.rule == rule
    assert tabella in table.name


def test_every_table_is_listed_once():
    assert len(rules.ALL_TABLES) == 5 and len(rules.ALL_MAPS) == 6
    assert len({id(t) for t in rules.ALL_TABLES + rules.ALL_MAPS}) == 11


# --- RC-3.2 taxes (Tabella 29) --------------------------------------------


def test_taxes_are_the_map_generators_dict_not_a_copy():
    assert rules.TAXES.values is country_rules.TAX


def test_tabella_29_rates():
    # village 10, fortress 20, city 40; capital as a city (RC-A.3), walled village as a village (RC-A.35)
    assert dict(rules.TAXES) == {
        "capital": 40,
        "city": 40,
        "fortress": 20,
        "village": 10,
        "walled_village": 10,
        "border": 0,
        "crossing": 0,
    }


@pytest.mark.parametrize(
    "event, city, capital, village, walled_village, fortress",
    [
        (None, 40, 40, 10, 10, 20),
        ("epidemic", 40, 40, 10, 10, 20),
        ("famine", 20, 20, 10, 10, 20),  # cities drop to 20
        ("poor_harvest", 40, 40, 5, 5, 20),  # villages drop to 5
        ("good_harvest", 40, 40, 15, 15, 20),  # villages rise to 15
        ("papal_indulgence", 80, 80, 10, 10, 20),  # city tax doubled, 80
        ("natural_disaster", 40, 40, 10, 10, 20),
    ],
)
def test_tax_rates_after_each_event(event, city, capital, village, walled_village, fortress):
    rates = resolve.tax_rates(event)
    assert (rates["city"], rates["capital"], rates["village"], rates["walled_village"], rates["fortress"]) == (
        city,
        capital,
        village,
        walled_village,
        fortress,
    )
    assert rates["border"] == 0 and rates["crossing"] == 0


def test_tax_rates_do_not_change_the_table():
    resolve.tax_rates("papal_indulgence")
    assert rules.TAXES["city"] == 40


def test_tax_rates_reject_an_unknown_event():
    with pytest.raises(ValueError, match="unknown event 'plague'"):
        resolve.tax_rates("plague")


def test_tax_income_and_city_tax():
    held = ["capital", "city", "fortress", "village", "village", "walled_village", "border", "crossing"]
    assert resolve.tax_income(held) == 40 + 40 + 20 + 10 + 10 + 10
    assert resolve.city_tax(held) == 80
    assert resolve.tax_income(held, "famine") == 20 + 20 + 20 + 30
    assert resolve.city_tax(held, "papal_indulgence") == 160
    assert resolve.tax_income(held, "good_harvest") == 80 + 20 + 45


# --- RC-3.4 banks (Tabella 30) --------------------------------------------


@pytest.mark.parametrize("city_tax, limit", [(0, 0), (40, 20), (80, 40), (120, 60), (160, 80), (20, 10), (50, 25), (45, 22)])
def test_loan_limit_is_half_the_city_tax(city_tax, limit):
    assert resolve.loan_limit(city_tax) == limit


@pytest.mark.parametrize("loan, owed", [(0, 0), (4, 5), (20, 25), (40, 50), (60, 75), (100, 125), (10, 13), (1, 2), (30, 38)])
def test_repayment_adds_25_percent_rounded_up(loan, owed):
    assert resolve.repayment(loan) == owed


def test_a_player_with_two_cities_borrows_40_and_repays_50():
    held = ["capital", "city", "village", "fortress"]
    loan = resolve.loan_limit(resolve.city_tax(held))
    assert (loan, resolve.repayment(loan)) == (40, 50)


@pytest.mark.parametrize(
    "face, outcome",
    [(1, "poisoned"), (2, "sold_by_mercenaries"), (3, "fell_from_battlements"), (4, "stabbed"), (5, "hunting_accident"), (6, "ruined")],
)
def test_every_default_result_eliminates_the_player(face, outcome):
    dice = ScriptedDice([face])
    result = resolve.default_result(dice, "Venice")
    assert result.outcome == outcome
    assert result.data["eliminated"] is True
    roll = dice.log[-1]
    assert (roll.rule, roll.dice, roll.faces, roll.total, roll.result) == ("RC-3.4", "1D6", [face], face, outcome)
    assert "Venice" in roll.purpose
    assert dice.remaining == 0


# --- RC-3.5 company strength (Tabella 31) ---------------------------------


def test_tabella_31_strengths():
    assert dict(rules.COMPANY_STRENGTH) == {
        "small": 1,
        "small_cavalry": 2,
        "medium": 2,
        "medium_cavalry": 4,
        "large": 4,
        "large_cavalry": 8,
        "rabble": 0,
    }


def test_army_strength_sums_the_companies():
    assert resolve.army_strength(["small", "medium_cavalry", "large", "rabble", "rabble"]) == 9
    assert resolve.army_strength(["large_cavalry", "small_cavalry", "medium"]) == 12
    assert resolve.army_strength([]) == 0


def test_armies_per_player():
    assert (rules.MAX_ARMIES, rules.MAX_ALLIED_ARMIES) == (3, 1)


# --- RC-3.9 fortifications (Tabella 32) -----------------------------------


def test_tabella_32_costs():
    assert {k: w.cost for k, w in rules.FORTIFICATION_WORKS.items()} == {"fortify": 50, "repair": 30, "improve": 50}


# --- RC-3.10 specialists (Tabella 33) -------------------------------------


def test_tabella_33_costs_and_durations():
    assert {k: (s.cost, s.duration) for k, s in rules.SPECIALISTS.items()} == {
        "engineer": (20, "year"),
        "diplomat": (50, "year"),
        "spy": (30, "year"),
        "assassin": (25, "mission"),
    }


@pytest.mark.parametrize("face, succeeds", [(1, False), (2, False), (3, False), (4, False), (5, True), (6, True)])
def test_assassin_succeeds_on_5_or_6(face, succeeds):
    dice = ScriptedDice([face])
    roll, ok = resolve.assassination(dice, "the Duke of Milan")
    assert ok is succeeds
    assert (roll.rule, roll.faces, roll.total, roll.result) == ("RC-3.10", [face], face, "succeeds" if succeeds else "fails")


def test_assassin_chance_is_a_third():
    assert rules.ASSASSIN.probabilities()["succeeds"] == pytest.approx(2 / 6)


# --- RC-4.5 engagements (Tabella 34) ---------------------------------------

# (phasing, non-phasing) -> (result, defender, rear guard), typed from the digest's matrix
NINE = {
    ("stand", "stand"): ("P_BACK", None, None),
    ("stand", "fall_back"): ("N_BACK", None, None),
    ("stand", "attack"): ("BATTLE", "phasing", None),
    ("fall_back", "stand"): ("P_BACK", None, None),
    ("fall_back", "fall_back"): ("BOTH_BACK", None, None),
    ("fall_back", "attack"): ("BATTLE", "phasing", "phasing"),
    ("attack", "stand"): ("BATTLE", "non_phasing", None),
    ("attack", "fall_back"): ("BATTLE", "non_phasing", "non_phasing"),
    ("attack", "attack"): ("BATTLE", None, None),
}


@pytest.mark.parametrize("choices, expected", sorted(NINE.items()))
def test_the_nine_engagement_combinations(choices, expected):
    got = resolve.engagement_result(*choices)
    assert (got.result, got.defender, got.rear_guard) == expected


@pytest.mark.parametrize("phasing", ["stand", "fall_back", "attack"])
def test_shut_in_overrides_any_phasing_choice(phasing):
    got = resolve.engagement_result(phasing, "shut_in")
    assert (got.result, got.defender, got.rear_guard) == ("SHUT_IN", None, None)


def test_the_engagement_table_has_twelve_entries():
    # the nine of Tabella 34 and the three shut-in rows of RC-4.4
    assert len(rules.ENGAGEMENT) == 12
    assert set(rules.ENGAGEMENT) == set(NINE) | {(p, "shut_in") for p in ("stand", "fall_back", "attack")}


@pytest.mark.parametrize("phasing, non_phasing, side", [("shut_in", "stand", "the phasing side"), ("charge", "stand", "the phasing side"), ("stand", "flee", "the non-phasing side")])
def test_an_illegal_choice_is_refused(phasing, non_phasing, side):
    with pytest.raises(ValueError, match=side):
        resolve.engagement_result(phasing, non_phasing)


@pytest.mark.parametrize("strength, limit", [(0, 0), (2, 0), (3, 1), (9, 3), (10, 3), (12, 4)])
def test_rear_guard_is_at_most_a_third(strength, limit):
    assert resolve.rear_guard_limit(strength) == limit


def test_minor_engagement_defender_counts_half_again():
    assert rules.DEFENDER_FACTOR == Fraction(3, 2)


# --- RC-4.10 sieges (Tabella 35) -------------------------------------------


def test_tabella_35_modifier_values():
    assert {k: m.value for k, m in rules.SIEGE_MODIFIERS.items()} == {
        "phases": 1,
        "besieger_engineer": 1,
        "bribes": 1,
        "non_mercenary": 2,
        "defender_engineer": -1,
        "walled": -1,
        "fortress": -2,
        "advanced_fortifications": -1,
    }
    assert (rules.BRIBE_DUCATS, rules.SIEGE_TARGET, rules.SIEGE_ATTRITION) == (10, 7, 1)


def mods(modifiers):
    return {m.name: m.value for m in modifiers}


def test_siege_modifiers_all_at_once():
    got = resolve.siege_modifiers(
        3, besieger_engineer=True, bribes=25, non_mercenary=True, defender_engineer=True, place="city", walls=True, advanced=True
    )
    assert mods(got) == {"phases": 3, "besieger_engineer": 1, "bribes": 2, "non_mercenary": 2, "defender_engineer": -1, "walled": -1, "advanced_fortifications": -1}
    assert sum(m.value for m in got) == 5


@pytest.mark.parametrize(
    "place, walls, damaged, expected",
    [
        ("fortress", True, False, {"phases": 1, "fortress": -2}),  # walled -1 never adds to fortress -2
        ("city", True, False, {"phases": 1, "walled": -1}),
        ("capital", True, False, {"phases": 1, "walled": -1}),
        ("walled_village", True, False, {"phases": 1, "walled": -1}),
        ("village", True, False, {"phases": 1, "walled": -1}),  # fortified village (RC-3.9)
        ("village", False, False, {"phases": 1}),
        ("fortress", True, True, {"phases": 1}),  # damaged: no walls, fortress or advanced
        ("city", True, True, {"phases": 1}),
    ],
)
def test_siege_place_modifiers(place, walls, damaged, expected):
    assert mods(resolve.siege_modifiers(1, place=place, walls=walls, advanced=damaged, damaged=damaged)) == expected


@pytest.mark.parametrize("ducats, bonus", [(0, 0), (9, 0), (10, 1), (19, 1), (20, 2), (35, 3)])
def test_bribes_give_one_per_10_ducats(ducats, bonus):
    assert mods(resolve.siege_modifiers(1, bribes=ducats, walls=False)).get("bribes", 0) == bonus


@pytest.mark.parametrize(
    "face, modifiers, total, taken",
    [
        (5, [Modifier("phases", 1)], 6, False),  # 6: the place holds
        (6, [Modifier("phases", 1)], 7, True),  # 7: it surrenders
        (6, [Modifier("phases", 2), Modifier("fortress", -2)], 6, False),
        (6, [Modifier("phases", 3), Modifier("fortress", -2)], 7, True),
        (1, [Modifier("phases", 4), Modifier("non_mercenary", 2)], 7, True),
        (1, [Modifier("phases", 4), Modifier("non_mercenary", 2), Modifier("walled", -1)], 6, False),
        (2, [Modifier("phases", 1), Modifier("bribes", 3), Modifier("besieger_engineer", 1)], 7, True),
        (6, [Modifier("phases", 9)], 15, True),  # above the table: still taken
        (1, [Modifier("phases", 1), Modifier("fortress", -2), Modifier("defender_engineer", -1), Modifier("advanced_fortifications", -1)], -2, False),
    ],
)
def test_siege_roll_threshold(face, modifiers, total, taken):
    dice = ScriptedDice([face])
    roll, ok = resolve.siege_roll(modifiers, dice, "Pavia")
    assert ok is taken
    assert (roll.rule, roll.dice, roll.faces, roll.total, roll.modifiers) == ("RC-4.10", "1D6", [face], total, modifiers)
    assert roll.result == ("taken" if taken else "holds")
    assert "Pavia" in roll.purpose


def test_siege_roll_with_built_modifiers():
    # second phase against a fortress with an engineer and 20 ducats of bribes: +2 +1 +2 -2 = +3
    modifiers = resolve.siege_modifiers(2, besieger_engineer=True, bribes=20, place="fortress")
    assert resolve.siege_roll(modifiers, ScriptedDice([3]))[1] is False  # 6
    assert resolve.siege_roll(modifiers, ScriptedDice([4]))[1] is True  # 7


# --- RC-5.4 events (Tabella 36) ---------------------------------------------


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5])
def test_no_event_below_6(face):
    dice = ScriptedDice([face, 2])
    assert resolve.event(dice, "Florence") is None
    assert dice.remaining == 1  # the second die is thrown only on a 6
    assert (dice.log[-1].rule, dice.log[-1].result) == ("RC-5.4", "no_event")


@pytest.mark.parametrize(
    "face, outcome",
    [(1, "epidemic"), (2, "famine"), (3, "poor_harvest"), (4, "good_harvest"), (5, "papal_indulgence"), (6, "natural_disaster")],
)
def test_every_event(face, outcome):
    dice = ScriptedDice([6, face])
    result = resolve.event(dice, "Florence")
    assert result.outcome == outcome
    check, roll = dice.log
    assert (check.faces, check.result, roll.rule, roll.faces, roll.result) == ([6], "event", "RC-5.4", [face], outcome)


def test_event_chance_is_a_sixth():
    assert rules.EVENT_CHECK.probabilities() == pytest.approx({"no_event": 5 / 6, "event": 1 / 6})


def test_epidemic_strikes_a_city_and_disaster_a_fortified_place():
    by_face = {b.low: b.data for b in rules.EVENTS.bands}
    assert set(by_face[1]["strikes"]) == {"city", "capital"}  # RC-A.22
    assert by_face[6]["damages"] == "fortified_place"


# --- the bands themselves, as printed ----------------------------------------


@pytest.mark.parametrize(
    "table, dice, bands",
    [
        (rules.BANK_DEFAULT, "1D6", [(1, 1, "poisoned"), (2, 2, "sold_by_mercenaries"), (3, 3, "fell_from_battlements"), (4, 4, "stabbed"), (5, 5, "hunting_accident"), (6, 6, "ruined")]),
        (rules.ASSASSIN, "1D6", [(1, 4, "fails"), (5, 6, "succeeds")]),
        (rules.SIEGE, "1D6", [(1, 6, "holds"), (7, 7, "taken")]),
        (rules.EVENT_CHECK, "1D6", [(1, 5, "no_event"), (6, 6, "event")]),
        (rules.EVENTS, "1D6", [(1, 1, "epidemic"), (2, 2, "famine"), (3, 3, "poor_harvest"), (4, 4, "good_harvest"), (5, 5, "papal_indulgence"), (6, 6, "natural_disaster")]),
    ],
)
def test_bands_as_printed(table, dice, bands):
    assert table.dice == dice
    assert [(b.low, b.high, b.outcome) for b in table.bands] == bands
