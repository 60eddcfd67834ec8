"""Renaissance specialists in play (RC-3.10, Tabella 33, RC-A.10, RC-4.1 a).

Expected values are typed from the digest: a spy's target reports the
strength (Tabella 31: large 4, small cavalry 2, medium 2, small 1), and only
the strength, of each army at the start of every summer phase; a diplomat's
decoy moves as an army (two road steps, RC-4.3), stops nobody, shows strength
0 to a spy and is revealed on contact; an assassin rolls 1D6 and succeeds on 5
or 6 ("riesce con 5 o 6"), used up either way; an engineer gives its army +1
on the siege roll (Tabella 35).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mapgen.campaign.dice import GameDice
from mapgen.renaissance import store
from mapgen.renaissance.actions import actions
from mapgen.renaissance.commands import Assassinate, BeginSiege, CommandError, EndMoves, FormArmy, HireSpecialist, MoveArmy, MoveDiplomat
from mapgen.renaissance.specialists import apply_specialist, spy_reports
from mapgen.renaissance.state import Army, ArmyReport, SpecialistState, company
from mapgen.renaissance.summer import apply_summer, start_summer
from mapgen.campaign.state import evolve
from tests.test_renaissance_spring import KINDS, spring
from tests.test_renaissance_spring import do as do_spring
from tests.test_renaissance_summer import STEPS, army, summer


def do(s, cmd, entered=()):
    return apply_summer(s, cmd, GameDice(s.seed, entered), KINDS, STEPS)[0]


def strike(s, cmd, entered=()):
    return apply_specialist(s, cmd, GameDice(s.seed, entered), KINDS)[0]


def refused(s, cmd, match, handler=do):
    before = store.dumps_state(s)
    with pytest.raises(CommandError, match=match):
        handler(s, cmd)
    assert store.dumps_state(s) == before


def spy(owner="P1", target="P2", id="P1-s1"):
    return SpecialistState(id, owner, "spy", 1, target=target)


def diplomat(owner="P2", at="B-1", id="P2-s1", counter="P2-3", **kw):
    return SpecialistState(id, owner, "diplomat", 1, at=at, counter=counter, **kw)


def assassin(owner="P1", id="P1-s9"):
    return SpecialistState(id, owner, "assassin", 1)


def with_specialists(s, *specialists):
    return evolve(s, specialists=s.specialists + specialists)


# --- the spy (RC-3.10, RC-4.1 a) ---------------------------------------------------------------------------


def p2_armies():
    return [army("P2-1", "B-0", "large", "small_cavalry"), army("P2-2", "A-3", "medium")]


def test_the_spy_reports_each_armys_strength_only_at_the_start_of_phase_1():
    s = with_specialists(summer(p2_armies()), spy(), diplomat())
    s = start_summer(evolve(s, phase=0, order=(), turn=None), GameDice(s.seed, [1]), KINDS)
    assert s.phase == 1
    reported = s.specialists[0].report
    # Tabella 31: large 4 + small cavalry 2 = 6; medium 2; the decoy shows 0 (RC-A.10)
    assert reported == (ArmyReport("P2-1", "B-0", 6, 1), ArmyReport("P2-2", "A-3", 2, 1), ArmyReport("P2-3", "B-1", 0, 1))
    e = next(e for e in s.log if e.rule == "RC-3.10")
    assert (e.secret, e.player) == (True, "P1")
    assert "P2-1 at B-0, strength 6" in e.text and "P2-3 at B-1, strength 0" in e.text
    for hidden in ("P2-1-c0", "P2-1-c1", "large", "cavalry", "P2-s1", "decoy"):  # never the composition, never the decoy
        assert hidden not in e.text


def test_the_spy_reports_again_at_the_start_of_every_later_phase():
    s = with_specialists(summer(p2_armies()), spy())
    s = do(s, EndMoves("P1"))
    s = evolve(s, armies=tuple(evolve(a, companies=a.companies[:1]) if a.id == "P2-1" else a for a in s.armies))  # P2-1 lost its cavalry
    s = do(s, EndMoves("P2"))
    assert s.phase == 2
    assert s.specialists[0].report == (ArmyReport("P2-1", "B-0", 4, 2), ArmyReport("P2-2", "A-3", 2, 2))
    assert [e.phase for e in s.log if e.rule == "RC-3.10"] == [2]


def test_a_revealed_decoy_is_not_reported_and_a_spy_against_a_player_out_reports_nothing():
    s = with_specialists(summer(p2_armies()), spy(), diplomat(revealed=True))
    assert [r.army for r in spy_reports(s).specialists[0].report] == ["P2-1", "P2-2"]
    out = evolve(s, players=tuple(evolve(p, eliminated=p.seat == "P2") for p in s.players))
    assert spy_reports(out) == out


def test_no_spy_no_report_and_none_outside_the_phases():
    s = summer(p2_armies())
    assert spy_reports(s) == s
    s = with_specialists(evolve(s, season="winter", phase=0), spy())
    assert spy_reports(s) == s


# --- the diplomat's decoy (RC-A.10) ---------------------------------------------------------------------------


def test_the_decoy_moves_two_road_steps_on_its_owners_turn_logged_as_an_army_is():
    s = evolve(with_specialists(summer(), diplomat(at="B-0")), turn="P2")
    s = do(s, MoveDiplomat("P2", "P2-s1", ("B-1", "B-c")))
    d = s.specialists[0]
    assert (d.at, d.moved_phase, d.revealed) == ("B-c", 1, False)
    e = s.log[-1]
    assert (e.rule, e.text, e.secret) == ("RC-4.3", "P2-3 moves B-0 -> B-1 -> B-c (2 steps).", False)
    s = do(evolve(s, phase=2), MoveDiplomat("P2", "P2-3", ("A-c",)))  # by its counter's id, next phase
    assert s.specialists[0].at == "A-c"


def test_decoy_refusals_leave_the_state_untouched():
    s = evolve(with_specialists(summer([army("P1-1", "A-3")]), diplomat(at="B-0"), diplomat("P1", "A-0", "P1-s1", "P1-2")), turn="P2")
    refused(s, MoveDiplomat("P2", "P1-s1", ("A-1",)), r"not a diplomat of P2 \(RC-3.10")
    refused(s, MoveDiplomat("P2", "P2-s1", ("B-1", "B-c", "A-c")), r"1 to 2 road steps.*not 3.*RC-4.3")
    refused(s, MoveDiplomat("P2", "P2-s1", ()), r"not 0")
    refused(s, MoveDiplomat("P2", "P2-s1", ("B-c",)), r"B-0 -> B-c is not a road step")
    refused(s, MoveDiplomat("P1", "P1-s1", ("A-1",)), r"P2's turn.*RC-4.3")
    blocked = evolve(s, armies=s.armies + (army("P1-3", "B-1"),))
    refused(blocked, MoveDiplomat("P2", "P2-s1", ("B-1", "B-c")), r"must stop at B-1.*P1.*RC-4.3")
    moved = do(s, MoveDiplomat("P2", "P2-s1", ("B-1",)))
    refused(moved, MoveDiplomat("P2", "P2-s1", ("B-0",)), r"already moved this phase.*RC-4.3")


def test_an_enemy_army_passing_the_decoy_reveals_it_and_is_not_stopped():
    s = with_specialists(summer([army("P1-1", "A-3")]), diplomat(at="A-4"))
    s = do(s, MoveArmy("P1", "P1-1", ("A-4", "A-5")))
    assert s.armies[0].node == "A-5" and s.specialists[0].revealed
    e = s.log[-1]
    assert (e.rule, e.secret) == ("RC-3.10", False) and "P2-3 at A-4 is only a decoy" in e.text
    assert not any(e.rule == "RC-A.11" for e in s.log)  # not a force: no engagement (RC-A.30)


def test_the_decoy_entering_an_enemy_armys_node_is_revealed():
    s = evolve(with_specialists(summer([army("P1-1", "B-c")]), diplomat(at="B-0")), turn="P2")
    s = do(s, MoveDiplomat("P2", "P2-s1", ("B-1", "B-c")))
    assert s.specialists[0].revealed and "met by P1-1" in s.log[-1].text
    s = evolve(with_specialists(summer([army("P1-1", "A-3")]), diplomat(at="B-0")), turn="P2")
    assert not do(s, MoveDiplomat("P2", "P2-s1", ("B-1",))).specialists[0].revealed


def test_the_decoys_counter_is_numbered_with_its_owners_armies_and_not_in_the_army_limit():
    s, _ = do_spring(spring(treasury=500), HireSpecialist("P1", "diplomat", at="A-0"))
    s, _ = do_spring(s, FormArmy("P1", "A-1", (("small", "regular"),)))
    assert s.specialists[0].counter == "P1-1" and s.armies[0].id == "P1-2"
    for _ in range(2):
        s, _ = do_spring(s, FormArmy("P1", "A-1", (("small", "regular"),)))
    s, _ = do_spring(s, FormArmy("P1", "A-1", (("small", "allied"),)))
    assert [a.id for a in s.armies] == ["P1-2", "P1-3", "P1-4", "P1-5"]  # RC-3.6: three armies and the allied one, beside the decoy
    s, _ = do_spring(s, HireSpecialist("P1", "diplomat", at="A-0"))
    assert s.specialists[1].counter == "P1-6"
    assert store.rule_problem(s) is None


# --- the assassin (Tabella 33: 1D6, 5 or 6) -------------------------------------------------------------------------


@pytest.mark.parametrize("face, killed", [(1, False), (2, False), (3, False), (4, False), (5, True), (6, True)])
def test_the_assassin_kills_an_enemy_specialist_on_5_or_6_and_is_used_up(face, killed):
    s = with_specialists(summer(), assassin(), spy("P2", "P1", "P2-s2"))
    s = strike(s, Assassinate("P1", "P1-s9", "P2-s2"), [face])
    assert [x.id for x in s.specialists] == ([] if killed else ["P2-s2"])
    roll = next(e for e in s.log if e.dice)
    assert (roll.rule, roll.dice, roll.faces, roll.total, roll.outcome) == ("RC-3.10", "1D6", (face,), face, "succeeds" if killed else "fails")
    assert (roll.player, roll.secret, roll.entered) == ("P1", True, True)
    told = [e for e in s.log if e.player == "P2"]
    assert len(told) == killed and all(e.secret and "P1" not in e.text for e in told)


def test_the_assassin_against_an_army_kills_its_commander_and_the_army_stays():
    s = with_specialists(summer([army("P2-1", "B-0")]), assassin())
    s = strike(s, Assassinate("P1", "P1-s9", "P2-1"), [6])
    assert [a.id for a in s.armies] == ["P2-1"] and s.specialists == ()
    assert "commander of army P2-1 is killed" in s.log[-1].text and s.log[-1].player == "P2"


def test_the_assassin_sent_at_a_decoy_finds_the_diplomat():
    s = with_specialists(summer(), assassin(), diplomat())
    failed = strike(s, Assassinate("P1", "P1-s9", "P2-3"), [4])
    assert [x.id for x in failed.specialists] == ["P2-s1"] and "decoy" not in failed.log[-1].text
    s = strike(s, Assassinate("P1", "P1-s9", "P2-3"), [5])
    assert s.specialists == () and "diplomat P2-s1 behind the decoy P2-3 is killed" in s.log[-2].text


@pytest.mark.parametrize("season, phase, turn", [("spring", 0, None), ("summer", 4, "P2"), ("winter", 0, None)])
def test_the_assassin_strikes_in_any_season_on_anyones_turn(season, phase, turn):
    s = evolve(with_specialists(summer(), assassin(), spy("P2", "P1", "P2-s2")), season=season, phase=phase, turn=turn)
    s = strike(s, Assassinate("P1", "P1-s9", "P2-s2"), [5])
    assert s.specialists == ()


def test_assassin_refusals_leave_the_state_untouched():
    s = with_specialists(summer([army("P1-1", "A-0")]), assassin(), spy("P2", "P1", "P2-s2"), spy())
    used = strike(s, Assassinate("P1", "P1-s9", "P2-s2"), [1])
    refused(used, Assassinate("P1", "P1-s9", "P2-s2"), r"no assassin 'P1-s9'.*used up.*RC-3.10", strike)
    refused(s, Assassinate("P1", "P1-s9", "P2-s7"), r"no specialist or army 'P2-s7'.*RC-3.10", strike)
    refused(s, Assassinate("P1", "P1-s9", "P1-s1"), r"P1's own.*RC-3.10", strike)
    refused(s, Assassinate("P1", "P1-s9", "P1-1"), r"P1's own", strike)
    refused(s, Assassinate("P2", "P1-s9", "P1-1"), r"P2 has no assassin", strike)
    refused(s, Assassinate("P1", "P1-s1", "P2-s2"), r"P1 has no assassin 'P1-s1'", strike)  # a spy is not an assassin
    refused(evolve(s, ended="years"), Assassinate("P1", "P1-s9", "P2-s2"), r"RC-6", strike)


def test_the_assassin_is_offered_against_every_enemy_specialist_and_army_and_none_of_its_own():
    # RC-3.10: "an assassin against each enemy specialist or army commander"; every offer taken as accepted,
    # so the list is the actions' own choice of targets
    s = with_specialists(summer([army("P1-1", "A-0"), army("P2-1", "B-0")]), assassin(), spy("P2", "P1", "P2-s2"), spy())
    s = evolve(s, season="winter", phase=0, turn=None)
    offered = [a for a in actions(s, "P1", None, lambda state, command: True) if a.command == "assassinate"]
    assert sorted(a.args["target"] for a in offered) == ["P2-1", "P2-s2"]
    assert {a.args["assassin"] for a in offered} == {"P1-s9"}


def test_an_army_with_no_road_open_is_offered_no_move_and_the_others_still_are():
    # RC-4.3: a move is offered along the roads the engine accepts; an army none of whose paths it accepts gets none
    s = summer([army("P1-1", "A-0"), army("P1-2", "A-3")])
    board = SimpleNamespace(steps={"A-0": ("A-1",), "A-1": ("A-0",), "A-3": ("A-2",), "A-2": ("A-3",)})

    def accepts(state, command):
        return not (isinstance(command, MoveArmy) and command.army == "P1-1")

    moves = [a for a in actions(s, "P1", board, accepts) if a.command == "move_army"]
    assert [a.args["army"] for a in moves] == ["P1-2"]


# --- the engineer (RC-A.10, Tabella 35) ------------------------------------------------------------------------


def test_the_engineer_follows_its_army_into_a_siege_and_gives_plus_one():
    s = spring(treasury=200)
    s, _ = do_spring(s, FormArmy("P1", "A-1", (("medium", "regular"), ("small", "mercenary"))))
    s, _ = do_spring(s, HireSpecialist("P1", "engineer", at="P1-1"))
    s = evolve(s, season="summer", phase=1, order=("P1", "P2"), turn="P1")
    s = do(s, MoveArmy("P1", "P1-1", ("A-3", "A-4")))
    s = do(do(s, EndMoves("P1")), EndMoves("P2"))
    s = do(s, MoveArmy("P1", "P1-1", ("A-5", "A-9")))  # a neutral walled village
    s = do(do(s, EndMoves("P1")), EndMoves("P2"))
    s = do(s, BeginSiege("P1", "P1-1", "A-9"))
    s = do(do(s, EndMoves("P1")), EndMoves("P2"), entered=(5,))
    e = next(e for e in reversed(s.log) if e.rule == "RC-4.10" and e.dice)
    # Tabella 35: +1 the first siege phase, +1 the besieger's engineer, -1 walled; equal mercenaries: no +2
    assert {m.name: m.value for m in e.modifiers} == {"phases": 1, "besieger_engineer": 1, "walled": -1}
    assert (e.total, e.outcome, s.owner("A-9")) == (6, "holds", "N")


def test_an_engineer_with_another_army_does_not_help():
    s = summer([Army("P1-1", "P1", "A-9", (company("P1-1-c1", "medium"), company("P1-1-c2", "small", "mercenary")))])
    s = with_specialists(s, SpecialistState("P1-s1", "P1", "engineer", 1, at="P1-2"))
    s = do(s, BeginSiege("P1", "P1-1", "A-9"))
    s = do(do(s, EndMoves("P1")), EndMoves("P2"), entered=(5,))
    e = next(e for e in reversed(s.log) if e.rule == "RC-4.10" and e.dice)
    assert "besieger_engineer" not in {m.name for m in e.modifiers}


def test_an_engineer_goes_with_its_army_into_a_garrison_and_is_lost_with_it():
    """RC-A.10: attached to one army or garrison, it moves with it; an army that is gone takes it along."""
    from mapgen.renaissance.companies import remove_companies
    from mapgen.renaissance.retreats import shut_in

    s = with_specialists(summer([army("P1-1", "A-1", "medium")]), SpecialistState("P1-s1", "P1", "engineer", 1, at="P1-1"))
    inside = shut_in(s, "P1", "A-1", [])  # A-1 is a city of P1's: the army becomes its garrison
    assert [(x.id, x.at) for x in inside.specialists] == [("P1-s1", "A-1")]
    gone = remove_companies(s, ("P1-1-c0",))  # the army's last company destroyed
    assert gone.armies == () and gone.specialists == ()


def test_spring_offers_walls_for_each_unwalled_village_and_improvements_for_walled_places():
    # RC-3.9 Tabella 32, RC-A.9: "fortify" gives walls to an unwalled village; "improve" adds advanced works to a walled place once
    s = spring(treasury=1000)
    s = evolve(s, places=tuple(evolve(p, fortified=True) if p.node == "A-7" else p for p in s.places))  # walls already built at A-7
    board = SimpleNamespace(kinds=KINDS, steps=STEPS)
    works = {(a.args["node"], a.args["work"]) for a in actions(s, "P1", board, lambda state, command: True) if a.command == "order_works"}
    assert {n for n, w in works if w == "fortify"} == {"A-3", "A-4", "A-5", "A-6"}
    assert {n for n, w in works if w == "improve"} == {"A-0", "A-1", "A-2", "A-7", "A-8"}  # capital, cities, fortress, the walled A-7
