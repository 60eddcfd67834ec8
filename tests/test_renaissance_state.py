"""The Renaissance campaign state on day one (RC-2, RC-A.6), its end conditions (RC-6) and its file.

Expected values come from the digest, not from the code: every settlement is
held by its own country, treasuries are empty and no army is in the field on
day one; Tabella 31 gives the strengths; RC-3.6 allows three armies and one
allied army.
"""

from __future__ import annotations

import functools
import json

import pytest
from jsonschema import Draft202012Validator

from mapgen import schemas
from mapgen.renaissance import store
from mapgen.renaissance.setup import parse_ends, start_campaign
from mapgen.renaissance.state import Army, Ends, company
from mapgen.campaign.state import evolve
from mapgen.country.generate import generate_countries
from mapgen.errors import BadFileError, InfeasibleError
from mapgen.jsonio import dumps

#: RC-1.1: the settlements a country holds (the capital and the urban areas); border and crossing points are no one's.
SETTLEMENTS = {"capital", "city", "fortress", "village", "walled_village"}


@functools.cache
def country_map(seed=21, countries=3, neutrals=1):
    m = generate_countries(seed, countries, neutrals)
    return m, dumps(m.to_json()).encode()


def day_one(players=None, ends="capitals", **kw):
    m, raw = country_map(**kw)
    return m, start_campaign(m, raw, "country.json", 21, players=players, ends=ends)


def army(aid, owner, node, allied=False):
    return Army(aid, owner, node, (company(f"{aid}-c1", "medium"),), allied)


# -- day one -------------------------------------------------------------------


def test_every_settlement_is_held_by_its_own_country():
    m, s = day_one()
    seat_of = {p.country: p.seat for p in s.players}
    neutral = {c.id for c in m.countries if c.neutral}
    expected = {n: seat_of.get(d["country"], d["country"]) for n, d in m.graph.nodes(data=True) if d["kind"] in SETTLEMENTS}
    assert {p.node: p.owner for p in s.places} == expected
    assert set(s.neutrals) == neutral and neutral <= set(expected.values())
    assert all(p.garrison == () and not (p.fortified or p.advanced or p.damaged) for p in s.places)


def test_players_start_with_nothing_but_their_country():
    m, s = day_one()
    assert [p.seat for p in s.players] == ["P1", "P2", "P3"]
    assert [p.country for p in s.players] == [c.id for c in m.countries if not c.neutral]
    assert all(p.treasury == 0 and p.loan == 0 and not p.eliminated for p in s.players)  # RC-A.6
    assert s.armies == s.specialists == s.works == s.sieges == s.prisoners == s.events == ()
    assert (s.year, s.season, s.phase) == (1, "spring", 0)  # RC-2: a year opens with spring
    assert s.map.path == "country.json" and len(s.map.sha256) == 64
    assert s.log[0].rule == "RC-2" and "RC-A.6" in s.log[0].text


def test_banks_are_on_only_with_more_than_two_players():
    assert day_one(players=3)[1].options.banks  # RC-3.4: recommended only with more than two players
    assert not day_one(players=2)[1].options.banks


def test_a_country_no_player_takes_is_neutral():
    m, s = day_one(players=2)
    assert s.neutrals == ("C", "D")
    assert {p.owner for p in s.places if m.graph.nodes[p.node]["country"] == "C"} == {"C"}


@pytest.mark.parametrize("players", [4, 9])
def test_no_more_players_than_countries(players):
    with pytest.raises(InfeasibleError, match="RC-1.1.*3 player countries"):
        day_one(players=players)


def test_at_least_one_player():
    with pytest.raises(InfeasibleError, match="RC-1.1"):
        day_one(players=0)


# -- end conditions (RC-6) ------------------------------------------------------


def test_end_conditions_are_stored():
    m, s = day_one(ends="years=5")
    assert s.ends == Ends(capitals=False, years=5)
    _, s = day_one(ends=["capitals", "objectives=A-0,B-0"])
    assert s.ends == Ends(capitals=True, objectives=("A-0", "B-0"))


@pytest.mark.parametrize("text", ["", "years=0", "years=x", "forever", "objectives="])
def test_unknown_end_conditions_are_refused(text):
    with pytest.raises(ValueError, match="RC-6"):
        parse_ends(text)


def test_an_objective_must_be_a_settlement():
    m, _ = country_map()
    point = next(n for n, k in m.graph.nodes(data="kind") if k == "crossing")
    for bad in (point, "Z-99"):
        with pytest.raises(InfeasibleError, match="RC-6"):
            day_one(ends=f"objectives={bad}")


def test_capitals_needs_an_opponent():
    m = generate_countries(3, 1, 0)
    with pytest.raises(InfeasibleError, match="RC-6"):
        start_campaign(m, b"{}", "country.json", 3, ends="capitals")
    with_neutral = generate_countries(3, 1, 1)  # a neutral is no opponent (RC-6: "capitali avversarie")
    with pytest.raises(InfeasibleError, match="two players"):
        start_campaign(with_neutral, b"{}", "country.json", 3, ends="capitals")
    assert start_campaign(m, b"{}", "country.json", 3, ends="years=2").players[0].country == "A"


# -- the file --------------------------------------------------------------------


def played():
    """A state with something in every list, as later phases will write it."""
    from mapgen.renaissance.state import FortificationWork, PendingEvent, Prisoners, Siege, SpecialistState

    m, s = day_one()
    cap = m.country("A").capital
    place = evolve(s.places[0], garrison=(company("g1", "small", "militia"),), damaged=True)
    return evolve(
        s,
        season="summer",
        phase=4,
        order=("P2", "P1", "P3"),
        places=(place,) + s.places[1:],
        armies=(army("P1-1", "P1", cap), army("P1-A", "P1", cap, allied=True)),
        specialists=(SpecialistState("P1-s1", "P1", "spy", 1, target="P2"),),
        works=(FortificationWork(cap, "P1", "improve", 1),),
        sieges=(Siege(m.country("B").capital, "P1-1", 2, 3),),
        prisoners=(Prisoners("P1", "P2", (company("x1", "large_cavalry"),)),),
        events=(PendingEvent("P3", "famine", 2),),
        seed="a seed",
    )


@pytest.mark.parametrize("make", [lambda: day_one()[1], played])
def test_round_trip_is_exact(make):
    s = make()
    text = store.dumps_state(s)
    back = store.from_json_text(text, "campaign.json")
    assert back == s
    assert store.dumps_state(back) == text  # the same bytes again
    assert list(json.loads(text))[:2] == ["schema", "version"]


def test_a_file_written_before_new_fields_still_loads_with_their_defaults():
    """Issue 23: a company's price (RC-A.23) is new; a campaign.json without it reads as mapgen's price."""
    data = json.loads(store.dumps_state(played()))
    for c in data["armies"][0]["companies"] + data["places"][0]["garrison"]:
        del c["cost"]
    back = store.from_json_text(json.dumps(data), "campaign.json")
    assert back == played() and back.armies[0].companies[0].cost is None


def test_the_schema_validates_a_written_state():
    v = Draft202012Validator(json.loads(schemas.text("campaign-renaissance")))
    for s in (day_one()[1], played()):
        assert list(v.iter_errors(json.loads(store.dumps_state(s)))) == []


def test_the_shipped_schema_is_the_states_own():
    # after changing the state's dataclasses, regenerate it with: python bench/campaign_schema.py
    assert schemas.text("campaign-renaissance") == json.dumps(store.json_schema(), indent=1, ensure_ascii=False) + "\n"
    assert schemas.NAMES["campaign-renaissance"] == "mapgen/campaign-renaissance"


def _broken(mutate):
    data = json.loads(store.dumps_state(played()))
    mutate(data)
    with pytest.raises(BadFileError) as exc:
        store.from_json_text(json.dumps(data), "campaign.json")
    return str(exc.value)


@pytest.mark.parametrize(
    "mutate,needle",
    [
        (lambda d: d["players"][1].update(treasury=-5), "players[1].treasury"),
        (lambda d: d["armies"][0]["companies"][0].update(type="huge"), "armies[0].companies[0].type"),
        (lambda d: d.update(season="autumn"), "'season'"),
        (lambda d: d.update(phase=11), "'phase'"),  # RC-4.1: ten phases
        (lambda d: d["places"][2].pop("owner"), "places[2].owner"),
        (lambda d: d.update(schema="mapgen/campaign"), "'schema'"),
        # Tabella 31: a medium company has strength 2
        (lambda d: d["armies"][0]["companies"][0].update(strength=3), "armies[0].companies[0].strength"),
        (lambda d: d["places"][0].update(owner="Q"), "places[0].owner"),
    ],
)
def test_a_broken_file_names_the_field(mutate, needle):
    assert needle in _broken(mutate)


def test_a_fourth_army_is_refused():
    """RC-3.6: at most three armies, plus one allied army."""
    m, s = day_one()
    cap = m.country("A").capital
    three = tuple(army(f"P1-{i}", "P1", cap) for i in range(1, 4)) + (army("P1-A", "P1", cap, allied=True),)
    assert store.rule_problem(evolve(s, armies=three)) is None
    assert "RC-3.6" in store.rule_problem(evolve(s, armies=three + (army("P1-4", "P1", cap),)))
    assert "RC-3.6" in store.rule_problem(evolve(s, armies=three[:1] + (army("P1-B", "P1", cap, True), army("P1-C", "P1", cap, True))))


def test_company_strengths_are_tabella_31():
    assert [company(str(i), t).strength for i, t in enumerate(("small", "small_cavalry", "medium", "medium_cavalry", "large", "large_cavalry", "rabble"))] == [1, 2, 2, 4, 4, 8, 0]
    assert sum(c.strength for c in played().armies[0].companies) == played().armies[0].strength == 2
