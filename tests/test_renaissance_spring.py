"""The Renaissance spring (RC-3): taxes, loans, recruitment, armies, garrisons, works and specialists.

Expected values are typed from the digest, not computed by the code under
test: Tabella 29 (capital and city 40, fortress 20, village 10), the RC-5.4
tax events, a loan repaid with 25 % (RC-3.4), Tabella 32 and 33 costs, three
armies and one allied army (RC-3.6).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapgen.campaign.dice import GameDice
from mapgen.renaissance import store
from mapgen.renaissance.commands import CommandError, FormArmy, Garrison, HireSpecialist, OrderWorks, Recruit, TakeLoan
from mapgen.renaissance.spring import COMPANY_COST, apply_spring, start_spring
from mapgen.renaissance.view import visible
from mapgen.renaissance.state import Ends, MapRef, Options, PendingEvent, Place, Player, RenaissanceState, army_limit_broken
from mapgen.campaign.state import evolve

#: P1: a capital, 2 cities, 5 villages, a fortress (A-9 a walled village); P2: a capital and a village.
KINDS = {
    "A-0": "capital", "A-1": "city", "A-2": "city", "A-3": "village", "A-4": "village", "A-5": "village",
    "A-6": "village", "A-7": "village", "A-8": "fortress", "B-0": "capital", "B-1": "village", "A-9": "walled_village",
}  # fmt: skip
P1_PLACES = [n for n in KINDS if n.startswith("A") and n != "A-9"]


def state(banks=True, events=(), treasury=0, loan=0, **kw) -> RenaissanceState:
    places = tuple(Place(n, "P1" if n.startswith("A") and n != "A-9" else "P2" if n.startswith("B") else "N") for n in KINDS)
    players = (Player("P1", "Alfonso", "A", treasury, loan), Player("P2", "Bona", "B"))
    return RenaissanceState(
        seed=5, map=MapRef("country.json", "0" * 64), ends=Ends(capitals=True),
        players=players, neutrals=("N",), places=places, options=Options(banks=banks), events=tuple(events), **kw,
    )  # fmt: skip


def spring(s=None, entered=(), **kw):
    s = s or state(**kw)
    return start_spring(s, GameDice(s.seed, entered), KINDS)


def do(s, cmd, entered=()):
    return apply_spring(s, cmd, GameDice(s.seed, entered), KINDS)


def refused(s, cmd, match):
    before = store.dumps_state(s)
    with pytest.raises(CommandError, match=match):
        do(s, cmd)
    assert store.dumps_state(s) == before


# --- RC-3.2 taxes, RC-5.4 events -------------------------------------------------------------


def test_taxes_capital_two_cities_five_villages_and_a_fortress():
    s = spring()
    assert s.player("P1").treasury == 40 + 80 + 50 + 20  # 190
    assert s.player("P2").treasury == 40 + 10
    assert [e.rule for e in s.log] == ["RC-3.1", "RC-3.2", "RC-3.2"]


@pytest.mark.parametrize(
    "event, expected",
    [
        ("famine", 20 + 40 + 50 + 20),  # cities (and the capital) 20
        ("poor_harvest", 40 + 80 + 25 + 20),  # villages 5
        ("good_harvest", 40 + 80 + 75 + 20),  # villages 15
        ("papal_indulgence", 80 + 160 + 50 + 20),  # cities doubled, 80
        ("epidemic", 190),  # strikes in summer, no tax change
    ],
)
def test_last_winters_event_sets_this_springs_taxes(event, expected):
    s = spring(events=[PendingEvent("P1", event, 1)])
    assert s.player("P1").treasury == expected
    assert s.player("P2").treasury == 50  # another player's event does not touch P2


def test_an_event_of_another_year_does_not_count():
    assert spring(events=[PendingEvent("P1", "famine", 2)]).player("P1").treasury == 190


def test_spring_starts_once_a_year_and_only_in_spring():
    s = spring()
    with pytest.raises(CommandError, match="already"):
        start_spring(s, GameDice(5), KINDS)
    with pytest.raises(CommandError, match="not spring"):
        start_spring(state(season="summer"), GameDice(5), KINDS)


# --- RC-3.4 loans and Tabella 30 -------------------------------------------------------------


def test_loan_100_is_repaid_with_125():
    s = spring(loan=100)
    p = s.player("P1")
    assert (p.treasury, p.loan, p.eliminated) == (190 - 125, 0, False)
    (repaid,) = [e for e in s.log if e.rule == "RC-3.4"]
    assert "125" in repaid.text and repaid.player == "P1"


def test_a_player_who_cannot_repay_rolls_tabella_30_and_is_removed():
    s = spring(loan=160, entered=[3])  # owes 200, has 190
    p = s.player("P1")
    assert p.eliminated and p.loan == 0
    roll, out = [e for e in s.log if e.rule == "RC-3.4"]
    assert (roll.rule, roll.dice, roll.faces, roll.outcome, roll.entered) == ("RC-3.4", "1D6", (3,), "fell_from_battlements", True)
    assert out.text == "P1 is removed from the campaign." and not out.secret
    refused(s, TakeLoan("P1", 10), "removed")
    # an eliminated player collects nothing the next spring
    nxt = start_spring(evolve(s, year=2), GameDice(5), KINDS)
    assert nxt.player("P1").treasury == p.treasury


def test_a_default_is_secret_to_the_defaulter_but_the_removal_is_public():
    """Issue 23 item 19: the rival reads that P1 is out (RC-3.4), never P1's loan, treasury or Tabella 30 roll."""
    s = spring(loan=160, entered=[3])  # owes 200 (160 + 25 %), has 190
    rival = [e.text for e in visible(s.log, "P2") if e.rule == "RC-3.4"]
    assert rival == ["P1 is removed from the campaign."]
    own = [e.text for e in visible(s.log, "P1") if e.rule == "RC-3.4"]
    assert len(own) == 2 and "200" in own[0] and "190" in own[0] and "160" in own[0]


def test_take_loan_at_most_half_the_city_tax():
    s = spring()
    refused(s, TakeLoan("P1", 61), r"at most 60 ducats.*RC-3.4")  # (40 + 40 + 40) / 2
    s, events = do(s, TakeLoan("P1", 60))
    assert (s.player("P1").treasury, s.player("P1").loan) == (250, 60)
    assert events[0].rule == "RC-3.4" and "75" in events[0].text
    refused(s, TakeLoan("P1", 1), "one loan at a time.*RC-A.7")


def test_loan_refused_without_banks_and_after_famine_is_smaller():
    refused(spring(banks=False), TakeLoan("P1", 10), "optional rule")
    s = spring(events=[PendingEvent("P1", "famine", 1)])
    refused(s, TakeLoan("P1", 31), "at most 30")


def test_commands_wait_for_the_taxes():
    refused(state(), TakeLoan("P1", 10), "start the spring first")


# --- RC-3.5 / RC-3.6 recruiting and armies ---------------------------------------------------


def test_form_army_pays_and_takes_an_id():
    s, events = do(spring(), FormArmy("P1", "A-1", (("medium", "regular"), ("large_cavalry", "mercenary"))))
    (army,) = s.armies
    assert (army.id, army.node, army.strength) == ("P1-1", "A-1", 2 + 8)
    assert s.player("P1").treasury == 190 - COMPANY_COST["medium"] - COMPANY_COST["large_cavalry"]
    assert events[0].rule == "RC-3.6"


def test_at_most_three_armies_and_one_allied():
    s = spring(treasury=1000)
    for node in ("A-0", "A-1", "A-2"):
        s, _ = do(s, FormArmy("P1", node, (("small", "regular"),)))
    refused(s, FormArmy("P1", "A-1", (("small", "regular"),)), r"at most 3 armies.*RC-3.6")
    s, _ = do(s, FormArmy("P1", "A-0", (("small", "allied"),)))
    assert s.armies[-1].allied
    refused(s, FormArmy("P1", "A-0", (("small", "allied"),)), "RC-3.6")


@pytest.mark.parametrize(
    "cmd, match",
    [
        (FormArmy("P1", "B-0", (("small", "regular"),)), "not your place"),
        (FormArmy("P1", "A-8", (("small", "regular"),)), "only in a city"),  # a fortress (RC-A.32)
        (FormArmy("P1", "A-1", ()), "at least one company"),
        (FormArmy("P1", "A-1", (("huge", "regular"),)), "Tabella 31"),
        (FormArmy("P1", "A-1", (("small", "allied"), ("small", "regular"))), "do not mix"),
        (FormArmy("P1", "A-1", (("large_cavalry", "regular"),) * 3), "money you do not have"),  # 240 > 190
        (FormArmy("P9", "A-1", (("small", "regular"),)), "no player"),
    ],
)
def test_form_army_refusals(cmd, match):
    refused(spring(), cmd, match)


def test_recruit_into_an_army_and_a_garrison():
    s, _ = do(spring(), FormArmy("P1", "A-1", (("small", "regular"),)))
    s, _ = do(s, Recruit("P1", "P1-1", "medium", "mercenary"))
    assert [c.id for c in s.armies[0].companies] == ["P1-c1", "P1-c2"]
    s, events = do(s, Recruit("P1", "A-8", "small", "militia", cost=7))  # an army list's own price
    assert s.place("A-8").garrison[0].id == "P1-c3"
    assert s.player("P1").treasury == 190 - COMPANY_COST["small"] - COMPANY_COST["medium"] - 7
    assert events[0].rule == "RC-3.5"


def test_recruit_refusals():
    s, _ = do(spring(), FormArmy("P1", "A-1", (("small", "regular"),)))
    s2, _ = do(s, FormArmy("P2", "B-0", (("small", "regular"),)))
    refused(s2, Recruit("P1", "P2-1", "small"), "not your army")
    refused(s, Recruit("P1", "B-0", "small"), "not your place")
    refused(s, Recruit("P1", "A-3", "small"), "unfortified village")
    refused(s, Recruit("P1", "P1-1", "small", "allied"), "allied")
    refused(s, Recruit("P1", "A-0", "rabble", "regular"), "rabble")
    refused(s, Recruit("P1", "A-0", "large_cavalry", cost=500), "money you do not have")


# --- RC-3.8 garrisons --------------------------------------------------------------------


def test_garrison_detaches_companies_and_an_emptied_army_goes():
    s, _ = do(spring(), FormArmy("P1", "A-1", (("small", "regular"), ("medium", "regular"))))
    s, events = do(s, Garrison("P1", "P1-1", ("P1-c1",)))
    assert [c.id for c in s.place("A-1").garrison] == ["P1-c1"] and [c.id for c in s.armies[0].companies] == ["P1-c2"]
    refused(s, Garrison("P1", "P1-1", ("P1-c1",)), "not in army")
    refused(s, Garrison("P2", "P1-1", ("P1-c2",)), "not your army")
    s, _ = do(s, Garrison("P1", "P1-1", ("P1-c2",)))
    assert s.armies == () and len(s.place("A-1").garrison) == 2 and events[0].rule == "RC-3.8"


def test_a_garrison_names_each_company_once_and_at_least_one():
    # RC-3.8: the player detaches companies, each by name; none named, or one named twice, is no detachment
    s, _ = do(spring(), FormArmy("P1", "A-1", (("small", "regular"), ("medium", "regular"))))
    refused(s, Garrison("P1", "P1-1", ("P1-c1", "P1-c1")), "name each company to leave as a garrison once")
    refused(s, Garrison("P1", "P1-1", ()), "name each company to leave as a garrison once")


# --- RC-3.9 works, RC-3.10 specialists ---------------------------------------------------


def test_in_spring_a_garrison_is_left_where_the_army_stands_not_at_a_named_node():
    s = do(spring(treasury=100), FormArmy("P1", "A-1", (("medium", "regular"), ("small", "regular"))))[0]
    refused(s, Garrison("P1", "P1-1", ("P1-c1",), at="A-0"), "summer phase")


def test_works_cost_tabella_32():
    s = spring()
    s, _ = do(s, OrderWorks("P1", "A-3", "fortify"))
    s, _ = do(s, OrderWorks("P1", "A-8", "improve"))
    assert s.player("P1").treasury == 190 - 50 - 50
    assert [(w.node, w.work, w.year) for w in s.works] == [("A-3", "fortify", 1), ("A-8", "improve", 1)]
    refused(s, OrderWorks("P1", "A-3", "fortify"), "already ordered")
    refused(s, OrderWorks("P1", "A-1", "fortify"), "only an unwalled village")
    refused(s, OrderWorks("P1", "A-4", "improve"), "no fortifications")
    refused(s, OrderWorks("P1", "A-1", "repair"), "not damaged")
    refused(s, OrderWorks("P1", "B-1", "fortify"), "not your place")
    damaged = evolve(s, places=tuple(evolve(p, damaged=True) if p.node == "A-2" else p for p in s.places))
    s, _ = do(damaged, OrderWorks("P1", "A-2", "repair"))
    assert s.player("P1").treasury == 190 - 50 - 50 - 30
    s, _ = do(s, OrderWorks("P1", "A-1", "improve"))  # 60 left, then 10
    refused(s, OrderWorks("P1", "A-0", "improve"), "money you do not have")


def test_specialists_cost_tabella_33():
    s, _ = do(spring(treasury=100), FormArmy("P1", "A-1", (("small", "regular"),)))
    start = s.player("P1").treasury
    s, _ = do(s, HireSpecialist("P1", "engineer", at="P1-1"))
    s, _ = do(s, HireSpecialist("P1", "diplomat", at="A-0"))
    s, _ = do(s, HireSpecialist("P1", "spy", target="P2"))
    s, _ = do(s, HireSpecialist("P1", "assassin"))
    assert s.player("P1").treasury == start - 20 - 50 - 30 - 25
    assert [(x.id, x.type, x.at, x.target) for x in s.specialists] == [
        ("P1-s1", "engineer", "P1-1", None), ("P1-s2", "diplomat", "A-0", None),
        ("P1-s3", "spy", None, "P2"), ("P1-s4", "assassin", None, None),
    ]  # fmt: skip
    refused(s, HireSpecialist("P1", "spy", target="P1"), "one other player")
    refused(s, HireSpecialist("P1", "engineer", at="A-3"), "neither")
    refused(s, HireSpecialist("P1", "diplomat", at="B-0"), "not your place")
    refused(s, HireSpecialist("P1", "wizard"), "Tabella 33")


def test_refused_outside_spring():
    refused(evolve(spring(), season="summer"), HireSpecialist("P1", "assassin"), "spring command")


# --- property: any sequence of spring commands ----------------------------------------------

SEATS = st.sampled_from(["P1", "P2"])
NODES = st.sampled_from(sorted(KINDS))
TYPES = st.sampled_from(["small", "medium", "large_cavalry", "rabble"])
KINDS_OF = st.sampled_from(["regular", "mercenary", "allied", "rabble"])
COMMANDS = st.one_of(
    st.builds(TakeLoan, SEATS, st.integers(0, 80)),
    st.builds(Recruit, SEATS, st.one_of(NODES, st.sampled_from(["P1-1", "P1-2", "P2-1"])), TYPES, KINDS_OF),
    st.builds(FormArmy, SEATS, NODES, st.lists(st.tuples(TYPES, KINDS_OF), max_size=3).map(tuple)),
    st.builds(Garrison, SEATS, st.sampled_from(["P1-1", "P1-2", "P2-1"]), st.lists(st.sampled_from(["P1-c1", "P1-c2", "P2-c1"]), max_size=2).map(tuple)),
    st.builds(OrderWorks, SEATS, NODES, st.sampled_from(["fortify", "repair", "improve"])),
    st.builds(HireSpecialist, SEATS, st.sampled_from(["engineer", "diplomat", "spy", "assassin"]), st.one_of(st.none(), NODES), st.one_of(st.none(), SEATS)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(COMMANDS, max_size=25), st.integers(0, 300))
def test_any_spring_keeps_the_rules(commands, treasury):
    s = spring(treasury=treasury)
    start = {p.seat: p.treasury for p in s.players}
    for cmd in commands:
        before = store.dumps_state(s)
        try:
            s, _ = do(s, cmd)
        except CommandError:
            assert store.dumps_state(s) == before
    for p in s.players:
        assert p.treasury >= 0
        assert p.treasury <= start[p.seat] + p.loan  # money comes only from a loan
        assert army_limit_broken(s.armies_of(p.seat)) is None
    assert store.rule_problem(s) is None
    assert store.from_json_text(store.dumps_state(s), "campaign.json") == s


def test_first_spring_on_a_generated_map_taxes_each_players_country():
    from mapgen.renaissance.setup import start_campaign
    from mapgen.renaissance.spring import place_kinds
    from mapgen.country.generate import generate_countries
    from mapgen.jsonio import dumps

    m = generate_countries(21, 3, 1)
    s = start_campaign(m, dumps(m.to_json()).encode(), "country.json", 21, ends="capitals")
    kinds = place_kinds(m)
    s = start_spring(s, GameDice(s.seed), kinds)
    rate = {"capital": 40, "city": 40, "fortress": 20, "village": 10, "walled_village": 10}
    for p in s.players:
        held = [kinds[pl.node] for pl in s.places if pl.owner == p.seat]
        assert "capital" in held and p.treasury == sum(rate[k] for k in held)
    assert store.from_json_text(store.dumps_state(s), "campaign.json") == s


def test_in_spring_companies_move_between_armies_at_one_city():
    """RC-3.6 (issue 23 item 14): two armies raised at A-1, a company passed from one to the other; a line of P1's own."""
    from mapgen.renaissance.commands import ShiftCompanies
    from mapgen.renaissance.state import SpecialistState

    s = do(spring(treasury=100), FormArmy("P1", "A-1", (("medium", "regular"),)))[0]
    s = do(s, FormArmy("P1", "A-1", (("small", "regular"),)))[0]
    s = evolve(s, specialists=(SpecialistState("P1-s1", "P1", "engineer", 1, at="P1-2"),))
    s, entries = do(s, ShiftCompanies("P1", "P1-2", "P1-1", ("P1-c2",)))
    assert [(a.id, [c.id for c in a.companies]) for a in s.armies] == [("P1-1", ["P1-c1", "P1-c2"])]
    assert s.specialists[0].at == "P1-1"  # RC-A.10: the emptied army's engineer serves the army its companies joined
    assert entries[0].secret and not visible(s.log[-1:], "P2")
