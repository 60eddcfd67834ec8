"""The rest of the Renaissance year: upkeep (RC-3.11), transfers (RC-3.3, RC-5.3), winter (RC-5), the end (RC-6).

Expected values are typed from the digest: militia and rabble go home
(RC-5.1), works finished in winter (RC-5.2), an event only on a 6 and Tabella
36's 2 is famine, cities then paying 20 (RC-5.4, RC-3.2), upkeep at the
recruitment cost (RC-A.23), the campaign ending after ``years`` winters or
when one player holds every capital (RC-6).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapgen.campaign.dice import GameDice
from mapgen.renaissance import store
from mapgen.renaissance.commands import CommandError, Disband, FormArmy, PayUpkeep, Recruit, Transfer
from mapgen.renaissance.spring import apply_spring, start_spring
from mapgen.renaissance.state import Army, Ends, FortificationWork, PendingEvent, Place, Prisoners, company
from mapgen.renaissance.winter import capitals_end, end_spring, end_summer, start_winter, transfer
from mapgen.campaign.state import evolve
from tests.test_renaissance_spring import KINDS, state

#: Event checks that come to nothing for both players (RC-5.4: only a 6 rolls Tabella 36).
QUIET = (5, 5)


def winter(s=None, ends=Ends(capitals=True), **kw):
    """A state in the winter of year 1 (or ``s`` put in winter)."""
    s = s or state(**kw)
    return evolve(s, season="winter", phase=0, ends=ends)


def wintered(s, entered=QUIET):
    return start_winter(s, GameDice(s.seed, entered), KINDS)


def army(*companies, id="P1-1", node="A-1"):
    return Army(id, id.split("-")[0], node, tuple(companies))


def unchanged(s, call, match):
    before = store.dumps_state(s)
    with pytest.raises(CommandError, match=match):
        call(s)
    assert store.dumps_state(s) == before


# --- RC-5.1 winter quarters, RC-3.11 upkeep -----------------------------------------------------


def test_militia_and_rabble_go_home_the_others_stay_and_owe_upkeep():
    troops = army(company("P1-c1", "medium"), company("P1-c2", "small", "militia"), company("P1-c3", "rabble", "rabble"))
    s = winter(armies=(troops,))
    s = evolve(s, places=tuple(evolve(p, garrison=(company("P1-c4", "small", "militia"), company("P1-c5", "large"))) if p.node == "A-8" else p
                                for p in s.places))  # fmt: skip
    s = wintered(s)
    assert [c.id for c in s.armies[0].companies] == ["P1-c1"]
    assert [c.id for c in s.place("A-8").garrison] == ["P1-c5"]
    assert set(s.upkeep) == {"P1-c1", "P1-c5"}
    assert (s.year, s.season, s.phase) == (2, "spring", 0)
    home = [e for e in s.log if e.rule == "RC-5.1"]
    assert [(e.player, e.secret) for e in home] == [("P1", True)]  # P1's composition is P1's own (RC-3.10)
    assert all(i in home[0].text for i in ("P1-c2", "P1-c3", "P1-c4"))


def test_an_army_of_militia_only_is_gone_after_winter():
    s = wintered(winter(armies=(army(company("P1-c1", "small", "militia")),)))
    assert s.armies == ()


def test_upkeep_keeps_the_paid_and_disbands_the_rest_when_spring_ends():
    troops = army(company("P1-c1", "medium"), company("P1-c2", "large"), company("P1-c3", "small"))
    s = wintered(winter(armies=(troops,)))
    s = start_spring(s, GameDice(s.seed), KINDS)
    assert s.player("P1").treasury == 190  # Tabella 29: capital 40 + 2 cities 80 + 5 villages 50 + fortress 20
    s, _ = apply_spring(s, PayUpkeep("P1", "P1-1", ("P1-c1", "P1-c2")), GameDice(s.seed), KINDS)
    assert s.player("P1").treasury == 190 - 20 - 40  # a medium company costs 20, a large 40 (10 per strength point)
    assert s.upkeep == ("P1-c3",)
    s = end_spring(s)
    assert [c.id for c in s.armies[0].companies] == ["P1-c1", "P1-c2"]
    assert (s.season, s.phase, s.upkeep) == ("summer", 0, ())


def test_upkeep_charges_the_price_each_company_was_recruited_at():
    """RC-3.11, RC-A.23: upkeep equals the recruitment cost, the army list's (``--cost``) where one was given (issue 23 item 15)."""
    s = start_spring(state(), GameDice(5), KINDS)  # P1: 190 ducats of tax
    s, _ = apply_spring(s, FormArmy("P1", "A-1", (("medium", "regular"), ("small", "regular")), costs=(25, 12)), GameDice(5), KINDS)
    s, _ = apply_spring(s, Recruit("P1", "A-8", "large", cost=31), GameDice(5), KINDS)
    assert s.player("P1").treasury == 190 - 25 - 12 - 31
    s = wintered(evolve(end_spring(s), season="winter", phase=0))
    s = start_spring(s, GameDice(s.seed), KINDS)
    before = s.player("P1").treasury
    s, _ = apply_spring(s, PayUpkeep("P1", "P1-1", ("P1-c1", "P1-c2")), GameDice(s.seed), KINDS)
    s, _ = apply_spring(s, PayUpkeep("P1", "A-8", ("P1-c3",)), GameDice(s.seed), KINDS)
    assert before - s.player("P1").treasury == 25 + 12 + 31  # not mapgen's 20 + 10 + 40
    unchanged(s, lambda x: apply_spring(x, FormArmy("P1", "A-2", (("small", "regular"),), costs=(5, 5)), GameDice(5), KINDS), "one price")


def test_a_company_recruited_this_spring_owes_no_upkeep_and_disband_sends_home():
    s = wintered(winter(armies=(army(company("P1-c1", "medium"), company("P1-c2", "small")),)))
    s = start_spring(s, GameDice(s.seed), KINDS)
    s, _ = apply_spring(s, Recruit("P1", "P1-1", "small"), GameDice(s.seed), KINDS)
    s, _ = apply_spring(s, Disband("P1", ("P1-c2",)), GameDice(s.seed), KINDS)
    assert s.upkeep == ("P1-c1",)
    s = end_spring(s)
    assert [c.id for c in s.armies[0].companies] == ["P1-c3"]


def test_upkeep_refusals_leave_the_state_byte_identical():
    s = wintered(winter(armies=(army(company("P1-c1", "large_cavalry")),)))
    s = start_spring(s, GameDice(s.seed), KINDS)
    s, _ = apply_spring(s, Recruit("P1", "P1-1", "small"), GameDice(s.seed), KINDS)
    poor = evolve(s, players=tuple(evolve(p, treasury=79) for p in s.players))

    def do(cmd):
        return lambda x: apply_spring(x, cmd, GameDice(x.seed), KINDS)

    unchanged(s, do(PayUpkeep("P1", "P1-1", ("P1-c2",))), r"owe no upkeep.*RC-3.11")
    unchanged(s, do(PayUpkeep("P1", "A-8", ("P1-c1",))), r"not in A-8.*RC-3.11")
    unchanged(s, do(PayUpkeep("P2", "P1-1", ("P1-c1",))), r"not a company of P2.*RC-3.11")
    unchanged(s, do(PayUpkeep("P1", "P1-1", ("P1-c1", "P1-c1"))), r"once.*RC-3.11")
    unchanged(poor, do(PayUpkeep("P1", "P1-1", ("P1-c1",))), r"costs 80 ducats but P1 has 79.*RC-3.11")
    unchanged(s, do(Disband("P2", ("P1-c1",))), r"RC-3.11")


# --- RC-5.2 works -------------------------------------------------------------------------------


def test_works_ordered_in_spring_are_finished_in_winter_if_still_held():
    s = winter()
    s = evolve(s, places=tuple(evolve(p, damaged=True) if p.node == "A-8" else evolve(p, owner="P2") if p.node == "A-4" else p for p in s.places))
    works = (FortificationWork("A-3", "P1", "fortify", 1), FortificationWork("A-1", "P1", "improve", 1),
             FortificationWork("A-8", "P1", "repair", 1), FortificationWork("A-4", "P1", "fortify", 1))  # fmt: skip
    s = wintered(evolve(s, works=works))
    assert s.place("A-3").fortified and not s.place("A-3").advanced
    assert s.place("A-1").advanced
    assert not s.place("A-8").damaged
    assert not s.place("A-4").fortified  # lost with the place (RC-A.9)
    assert s.works == ()


# --- RC-5.4 events ------------------------------------------------------------------------------


def test_no_event_below_a_six():
    s = wintered(winter(), (5, 5))
    assert s.events == ()
    assert [e.total for e in s.log if e.rule == "RC-5.4"] == [5, 5]


def test_a_six_then_a_two_is_famine_for_next_spring_taxes():
    s = wintered(winter(), (6, 2, 5))
    assert s.events == (PendingEvent("P1", "famine", 2),)
    s = start_spring(s, GameDice(s.seed), KINDS)
    assert s.player("P1").treasury == 20 + 2 * 20 + 50 + 20  # famine: capital and cities 20 each = 130
    assert s.player("P2").treasury == 40 + 10


def test_natural_disaster_damages_a_fortified_place_drawn_by_a_die():
    # P1's fortified places in map order: A-0 capital, A-1, A-2 cities, A-8 fortress; the 1D4 draws the 4th.
    s = wintered(winter(), (6, 6, 4, 5))
    assert s.place("A-8").damaged
    assert [p.node for p in s.places if p.damaged] == ["A-8"]
    assert s.events == (PendingEvent("P1", "natural_disaster", 2),)
    assert any(e.rule == "RC-5.4" and e.outcome == "A-8" for e in s.log)


# --- RC-6 end ------------------------------------------------------------------------------------


def test_years_2_ends_after_the_second_winter():
    s = wintered(winter(ends=Ends(years=2)))
    assert (s.year, s.season, s.ended) == (2, "spring", None)
    s = start_spring(s, GameDice(s.seed), KINDS)
    s = end_spring(s)
    s = end_summer(evolve(s, phase=10))
    s = wintered(s)
    assert (s.year, s.season, s.ended, s.winner) == (2, "winter", "years", None)
    unchanged(s, lambda x: wintered(x), r"ended.*RC-6")


def test_holding_every_capital_wins():
    s = winter()
    s = evolve(s, places=tuple(evolve(p, owner="P1") if p.node == "B-0" else p for p in s.places))
    s = wintered(s)
    assert (s.winner, s.ended, s.season) == ("P1", "capitals", "winter")


def test_holding_every_opposing_capital_wins_without_ones_own():
    """RC-6: "every opposing capital" (issue 23 item 17): P1 holds P2's capital B-0, the neutral holds P1's A-0."""
    s = winter()
    s = evolve(s, places=tuple(evolve(p, owner={"B-0": "P1", "A-0": "N"}.get(p.node, p.owner)) for p in s.places))
    s = wintered(s)
    assert (s.winner, s.ended) == ("P1", "capitals")


def test_the_capitals_condition_asks_for_the_players_capitals_not_a_neutrals():
    """RC-6, Italian "tutte le capitali avversarie": the opponents' capitals; a neutral country is no opponent."""
    from mapgen.renaissance.winter import capitals_end

    kinds = {**KINDS, "N-0": "capital"}
    s = winter()
    s = evolve(s, places=s.places + (Place("N-0", "N"),))
    assert capitals_end(s, kinds, []).ended is None  # P2 still holds B-0
    s = evolve(s, places=tuple(evolve(p, owner="P1") if p.node == "B-0" else p for p in s.places))
    assert (capitals_end(s, kinds, []).winner, s.owner("N-0")) == ("P1", "N")


def test_without_the_capitals_condition_a_taken_capital_ends_nothing():
    """RC-6: the players agree the end conditions in advance; with years only, holding P2's capital after a
    siege (RC-A.34) does not end the campaign (a survivor of bench/mutation_score.py)."""
    s = winter(ends=Ends(years=5))
    s = evolve(s, places=tuple(evolve(p, owner="P1") if p.node == "B-0" else p for p in s.places))
    after = capitals_end(s, KINDS, [])
    assert (after.winner, after.ended) == (None, None)


def test_objectives_win():
    s = winter(ends=Ends(objectives=("A-8", "B-1")))
    s = wintered(evolve(s, places=tuple(evolve(p, owner="P1") if p.node == "B-1" else p for p in s.places)))
    assert (s.winner, s.ended) == ("P1", "objectives")


# --- season steps ---------------------------------------------------------------------------------


def test_season_steps_refuse_out_of_order():
    s = state()
    unchanged(s, end_spring, r"RC-3.1")  # taxes not collected
    unchanged(s, lambda x: wintered(x), r"not winter.*RC-5")
    summer = evolve(s, season="summer", phase=3)
    unchanged(summer, end_summer, r"after phase 10.*RC-4.1")
    s = end_summer(evolve(summer, phase=10))
    assert (s.season, s.phase) == ("winter", 0)


# --- RC-3.3, RC-5.3 transfers --------------------------------------------------------------------


def test_a_ransom_is_two_agreed_transfers_and_the_released_go_to_their_capital():
    s = winter(prisoners=(Prisoners("P1", "P2", (company("P2-c1", "medium"), company("P2-c2", "small"))),))
    s = evolve(s, players=tuple(evolve(p, treasury=50) for p in s.players))
    s, _ = transfer(s, Transfer("P2", "P1", 30, agreed=True))
    s, _ = transfer(s, Transfer("P1", "P2", prisoners=("P2-c1",), agreed=True))
    assert (s.player("P1").treasury, s.player("P2").treasury) == (80, 20)
    assert [c.id for c in s.place("B-0").garrison] == ["P2-c1"]
    assert [c.id for pr in s.prisoners for c in pr.companies] == ["P2-c2"]


def test_transfer_refusals_leave_the_state_byte_identical():
    s = winter(prisoners=(Prisoners("P1", "P2", (company("P2-c1", "medium"),)),))
    s = evolve(s, players=tuple(evolve(p, treasury=50) for p in s.players))
    unchanged(s, lambda x: transfer(x, Transfer("P2", "P1", 30)), r"agreement.*RC-5.3")
    unchanged(s, lambda x: transfer(x, Transfer("P2", "P1", 51, agreed=True)), r"0 to 50 ducats.*RC-5.3")
    unchanged(s, lambda x: transfer(x, Transfer("P2", "P1", -1, agreed=True)), r"RC-5.3")
    unchanged(s, lambda x: transfer(x, Transfer("P2", "P1", prisoners=("P2-c1",), agreed=True)), r"no prisoners.*RC-5.3")
    unchanged(s, lambda x: transfer(x, Transfer("P1", "P1", 5, agreed=True)), r"two players.*RC-5.3")
    unchanged(s, lambda x: transfer(x, Transfer("P1", "P2", agreed=True)), r"empty.*RC-5.3")
    unchanged(s, lambda x: transfer(x, Transfer("P1", "P9", 5, agreed=True)), r"'P9'.*RC-5.3")


# --- a property test over whole years -----------------------------------------------------------

SEATS = st.sampled_from(["P1", "P2"])
IDS = st.lists(st.sampled_from(["P1-c1", "P1-c2", "P1-c3", "P2-c1", "P2-c2"]), min_size=1, max_size=2).map(tuple)
SPRING = st.one_of(
    st.builds(FormArmy, SEATS, st.sampled_from(["A-1", "A-0", "B-0"]),
              st.lists(st.tuples(st.sampled_from(["small", "medium", "rabble"]), st.sampled_from(["regular", "militia", "rabble"])),
                       min_size=1, max_size=3).map(tuple)),
    st.builds(PayUpkeep, SEATS, st.sampled_from(["P1-1", "P2-1", "A-8"]), IDS),
    st.builds(Disband, SEATS, IDS),
    st.builds(Transfer, SEATS, SEATS, st.integers(-5, 120), st.just(()), st.booleans()),
)  # fmt: skip


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(SPRING, max_size=8), min_size=1, max_size=3), st.integers(0, 2**16))
def test_walking_random_years_keeps_treasuries_and_the_file(years, seed):
    s = evolve(state(), ends=Ends(capitals=True, years=3), seed=seed)
    for commands in years:
        s = start_spring(s, GameDice(s.seed), KINDS)
        for cmd in commands:
            before = store.dumps_state(s)
            try:
                s = transfer(s, cmd)[0] if isinstance(cmd, Transfer) else apply_spring(s, cmd, GameDice(s.seed), KINDS)[0]
            except CommandError:
                assert store.dumps_state(s) == before
        s = end_spring(s)
        s = end_summer(evolve(s, phase=10))
        s = start_winter(s, GameDice(s.seed), KINDS)
        assert all(p.treasury >= 0 for p in s.players)
        assert all(c.kind not in ("militia", "rabble") for a in s.armies for c in a.companies)
        assert store.from_json_text(store.dumps_state(s), "campaign.json") == s
        if s.ended:
            break
