"""What each Renaissance player may know (issue 12, RC-3.10, RC-4.4, RC-A.10): the seat's view, the status and the log in words.

Each test serializes a seat's view to JSON and looks for the hidden facts of
the other seats in it: a treasury's number, company ids, a specialist, an
engagement choice made while the other side has not chosen.  The spy's
report shows the strengths it reported (Tabella 31: large 4, medium 2), not
the companies; a diplomat is an army to the others until revealed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from mapgen.campaign.dice import GameDice
from mapgen.renaissance.commands import EndMoves, HireSpecialist, MoveArmy
from mapgen.renaissance.specialists import spy_reports
from mapgen.renaissance.state import Army, LogEntry, Prisoners, RenaissanceState, Siege, SpecialistState, company
from mapgen.renaissance.summer import apply_summer
from mapgen.renaissance.view import entry_words, log_lines, side_view, status_lines
from mapgen.campaign.state import Modifier, evolve
from tests.test_renaissance_spring import KINDS, spring
from tests.test_renaissance_spring import do as do_spring
from tests.test_renaissance_summer import STEPS, army, garrisoned, summer


def do(s, cmd, entered=()):
    return apply_summer(s, cmd, GameDice(s.seed, entered), KINDS, STEPS)[0]


def seen(s, seat) -> str:
    return json.dumps(side_view(s, seat, KINDS))


def token(view, id):
    return next(a for a in view["armies"] if a["id"] == id)


def table():
    """Phase 1: P1 (137 ducats, loan 40) with an army, a garrison, a spy on P2 and a diplomat; P2 (58 ducats) with two armies."""
    s = summer([army("P1-1", "A-1", "large", "medium"), army("P2-1", "B-0", "large"), army("P2-2", "B-1", "medium")], treasury=137, loan=40)
    s = garrisoned(s, "A-8", "P1-g1")
    s = evolve(s, players=tuple(evolve(p, treasury=58) if p.seat == "P2" else p for p in s.players))
    specialists = (SpecialistState("P1-s1", "P1", "spy", 1, target="P2"), SpecialistState("P1-s2", "P1", "diplomat", 1, at="A-0", counter="P1-2"),
                   SpecialistState("P2-s1", "P2", "engineer", 1, at="P2-1"))  # fmt: skip
    return evolve(s, specialists=specialists)


# --- no hidden fact leaks ---------------------------------------------------------------------------------


def test_another_seats_treasury_loan_companies_garrison_and_specialists_are_hidden():
    s = table()
    p2 = seen(s, "P2")
    for hidden in ("137", "P1-1-c0", "P1-1-c1", "P1-g1", "P1-s1", "P1-s2", "spy"):
        assert hidden not in p2
    v = side_view(s, "P2", KINDS)
    assert [(p["seat"], p["treasury"], p["loan"]) for p in v["players"]] == [("P1", None, None), ("P2", 58, 0)]
    assert token(v, "P1-1") == {"id": "P1-1", "owner": "P1", "node": "A-1", "allied": False, "strength": None, "companies": None, "decoy": False}
    a8 = next(p for p in v["places"] if p["node"] == "A-8")
    assert (a8["owner"], a8["kind"], a8["garrison_strength"], a8["garrison"]) == ("P1", "fortress", None, None)
    assert [x["id"] for x in v["specialists"]] == ["P2-s1"]
    assert token(v, "P2-1")["companies"] == [{"id": "P2-1-c0", "type": "large", "kind": "regular", "strength": 4}]
    p1 = side_view(s, "P1", KINDS)
    assert "58" not in seen(s, "P1") and p1["players"][0]["treasury"] == 137 and p1["players"][0]["loan"] == 40
    assert next(p for p in p1["places"] if p["node"] == "A-8")["garrison_strength"] == 1  # a small company (Tabella 31)


def test_the_referee_sees_everything():
    s = table()
    v = side_view(s, None, KINDS)
    assert v["viewer"] is None and v["schema"] == "mapgen/campaign-renaissance-view"
    assert [p["treasury"] for p in v["players"]] == [137, 58]
    assert token(v, "P1-1")["strength"] == 6 and token(v, "P2-2")["strength"] == 2  # large 4 + medium 2; medium 2
    assert {x["id"] for x in v["specialists"]} == {"P1-s1", "P1-s2", "P2-s1"}
    assert token(v, "P1-2")["decoy"] is True
    json.dumps(v)


def test_the_view_is_plain_json_for_every_seat():
    s = table()
    for seat in (None, "P1", "P2"):
        v = json.loads(seen(s, seat))
        assert list(v)[:7] == ["schema", "viewer", "year", "season", "phase", "turn", "order"]
        assert {"players", "places", "armies", "specialists", "sieges", "engagements", "prisoners", "ended", "winner"} <= set(v)


# --- the spy's report (RC-3.10) --------------------------------------------------------------------------


def test_the_spys_report_shows_exactly_the_strengths_reported_this_phase():
    s = spy_reports(table())
    v = side_view(s, "P1", KINDS)
    assert (token(v, "P2-1")["strength"], token(v, "P2-2")["strength"]) == (4, 2)  # large 4, medium 2 (Tabella 31)
    assert token(v, "P2-1")["companies"] is None
    assert "P2-1-c0" not in seen(s, "P1")
    # the army loses its large company after the report: the view still shows what was reported
    s2 = evolve(s, armies=tuple(evolve(a, companies=(company("P2-1-c9", "small"),)) if a.id == "P2-1" else a for a in s.armies))
    assert token(side_view(s2, "P1", KINDS), "P2-1")["strength"] == 4
    # P2 has no spy: P1's strengths stay unknown to it
    assert token(side_view(s, "P2", KINDS), "P1-1")["strength"] is None


def test_last_phases_report_is_not_this_phases():
    s = spy_reports(table())
    assert token(side_view(evolve(s, phase=2), "P1", KINDS), "P2-1")["strength"] is None
    assert token(side_view(evolve(s, season="winter", phase=0), "P1", KINDS), "P2-1")["strength"] is None
    s = do(do(s, EndMoves("P1")), EndMoves("P2"))  # phase 2 opens with a new report
    assert s.phase == 2 and token(side_view(s, "P1", KINDS), "P2-1")["strength"] == 4


# --- the diplomat (RC-A.10) -----------------------------------------------------------------------------


def test_a_diplomat_is_an_army_to_the_others_until_revealed():
    s = table()
    mine = token(side_view(s, "P1", KINDS), "P1-2")
    assert (mine["decoy"], mine["diplomat"], mine["node"]) == (True, "P1-s2", "A-0")
    theirs = token(side_view(s, "P2", KINDS), "P1-2")
    assert theirs == {"id": "P1-2", "owner": "P1", "node": "A-0", "allied": False, "strength": None, "companies": None, "decoy": False}
    assert [a["id"] for a in side_view(s, "P2", KINDS)["armies"]] == ["P1-1", "P1-2", "P2-1", "P2-2"]
    s = do(evolve(s, turn="P2", armies=tuple(evolve(a, node="A-1") if a.id == "P2-2" else a for a in s.armies)), MoveArmy("P2", "P2-2", ("A-0",)))
    revealed = token(side_view(s, "P2", KINDS), "P1-2")
    assert (revealed["decoy"], revealed["strength"], revealed["diplomat"]) == (True, 0, "P1-s2")
    assert any("P1-2 at A-0 is only a decoy" in line for line in log_lines(s, "P2"))


def test_a_spy_hears_a_decoy_as_an_army_of_strength_0():
    s = evolve(table(), specialists=(SpecialistState("P2-s3", "P2", "spy", 1, target="P1"),
                                     SpecialistState("P1-s2", "P1", "diplomat", 1, at="A-0", counter="P1-2")))  # fmt: skip
    decoy = token(side_view(spy_reports(s), "P2", KINDS), "P1-2")
    assert (decoy["decoy"], decoy["strength"]) == (False, 0)


# --- engagements (contract 1, RC-4.4) -------------------------------------------------------------------------


@dataclass(frozen=True)
class Meeting:  # the fields of contract 1's PendingEngagement the view reads
    node: str
    phasing: str
    other: str
    phasing_choice: str | None = None
    other_choice: str | None = None
    result: str | None = None
    defender: str | None = None
    rear_guard: str | None = None


@dataclass(frozen=True)
class Engaged(RenaissanceState):  # a state with engagements pending, whether or not the engagements module is in
    engagements: tuple = ()


def engaged(*meetings):
    s = table()
    return Engaged(**{**s.__dict__, "engagements": meetings})


def test_an_engagement_choice_is_hidden_until_both_are_in_except_the_viewers_own():
    s = engaged(Meeting("A-3", "P1", "P2", phasing_choice="attack"))
    assert "attack" not in seen(s, "P2")
    theirs = side_view(s, "P2", KINDS)["engagements"][0]
    assert (theirs["chosen"], theirs["phasing_choice"], theirs["other_choice"]) == (["P1"], None, None)
    assert side_view(s, "P1", KINDS)["engagements"][0]["phasing_choice"] == "attack"
    assert side_view(s, None, KINDS)["engagements"][0]["phasing_choice"] == "attack"
    s = engaged(Meeting("A-3", "P1", "P2", other_choice="shut_in"))
    assert "shut_in" not in seen(s, "P1") and "shut_in" in seen(s, "P2")
    s = engaged(Meeting("A-3", "P1", "P2", "attack", "stand", "BATTLE", "P2"))
    for seat in ("P1", "P2"):
        e = side_view(s, seat, KINDS)["engagements"][0]
        assert (e["phasing_choice"], e["other_choice"], e["result"], e["chosen"]) == ("attack", "stand", "BATTLE", ["P1", "P2"])
    assert any("Engagement at A-3" in line and "BATTLE" in line for line in status_lines(s, "P1", KINDS, None))


# --- the log in words ------------------------------------------------------------------------------------


def test_secret_entries_are_shown_only_to_their_player_and_the_referee():
    s = spy_reports(table())
    report = [line for line in log_lines(s, None) if "Spy P1-s1" in line]
    assert len(report) == 1 and "[secret: P1]" in report[0]
    assert report == [line for line in log_lines(s, "P1") if "Spy P1-s1" in line]
    assert not any("Spy" in line for line in log_lines(s, "P2"))


def test_a_players_spring_is_secret():
    s, _ = do_spring(spring(), HireSpecialist("P1", "spy", target="P2"))
    p2 = "\n".join(log_lines(s, "P2"))
    assert "190" not in p2 and "P1-s1" not in p2  # Tabella 29: P1's 190 ducats of tax
    assert "50 ducats of tax" in p2  # its own: capital 40 + village 10
    assert "P1-s1" in "\n".join(log_lines(s, "P1"))


def test_entry_words_give_the_rule_dice_faces_modifiers_total_and_outcome():
    e = LogEntry(1, "summer", 3, "RC-4.10", "Siege of A-9 by P1-1, phase 2: 7 - A-9 surrenders.", dice="1D6", faces=(5,),
                 modifiers=(Modifier("phases", 2), Modifier("walled", -1)), total=6, outcome="holds", entered=True, player="P1")  # fmt: skip
    assert entry_words(e) == ("Year 1, summer phase 3, RC-4.10: Siege of A-9 by P1-1, phase 2: 7 - A-9 surrenders. "
                              "[1D6 rolled 5 (entered), phases +2, walled -1 = 6 -> holds]")  # fmt: skip
    assert entry_words(LogEntry(2, "spring", 0, "RC-3.1", "Spring.")) == "Year 2, spring, RC-3.1: Spring."


def test_log_lines_of_one_year():
    s = evolve(table(), log=(LogEntry(1, "spring", 0, "RC-3.1", "one"), LogEntry(2, "spring", 0, "RC-3.1", "two")))
    assert log_lines(s, "P2", year=2) == ["Year 2, spring, RC-3.1: two"]


# --- the status in words ------------------------------------------------------------------------------------


def test_status_lines_for_a_player():
    s = evolve(spy_reports(table()), sieges=(), prisoners=(Prisoners("P1", "P2", (company("P2-c7", "small"),)),))
    lines = status_lines(s, "P1", KINDS, "P1 to move or end their moves")
    text = "\n".join(lines)
    assert lines[0] == "Year 1, summer, phase 1 of 10; P1 to move (order P1, P2)"
    assert "Awaiting: P1 to move or end their moves" in lines
    assert "  P1 Alfonso (country A): treasury 137 ducats, loan 40" in lines
    assert "  P2 Bona (country B): treasury hidden" in lines
    # P1 holds the capital, 2 cities, a fortress and 5 villages; P2 a capital and a village; A-9 is neutral
    assert "  P1: 9 (1 capital, 2 city, 1 fortress, 5 village); capital A-0" in lines
    assert "  P2: 2 (1 capital, 1 village); capital B-0" in lines
    assert "  N: 1 (1 walled_village); no capital" in lines
    assert "  P2-1 (P2) at B-0: strength 4 (spy's report)" in lines
    assert "  P1-2 (P1) at A-0: a decoy (diplomat P1-s2)" in lines
    assert "Prisoners: P1 holds 1 company(ies) of P2: P2-c7" in lines
    assert "one player holds every opponent's capital" in text
    p2 = "\n".join(status_lines(s, "P2", KINDS, None))
    for hidden in ("137", "P1-1-c0", "P1-g1", "P1-s", "decoy"):
        assert hidden not in p2
    assert "  P1-2 (P1) at A-0: strength unknown" in p2.splitlines()


def test_status_lines_of_an_ended_campaign_and_a_siege():
    s = evolve(table(), ended="capitals", winner="P1", turn=None)
    assert "The campaign is over: capitals (winner: P1)" in status_lines(s, None, KINDS, None)
    s = evolve(table(), armies=(Army("P1-1", "P1", "A-9", (company("P1-1-c1", "medium"),)),))
    s = evolve(s, sieges=(Siege("A-9", "P1-1", 2, 1, 10),))
    assert "Siege of A-9 by P1-1: 2 phase(s) so far, 10 ducats of bribes this phase" in status_lines(s, "P1", KINDS, None)
    assert "Siege of A-9 by P1-1: 2 phase(s) so far" in status_lines(s, "P2", KINDS, None)
