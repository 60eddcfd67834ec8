"""Phase 5 (FW-13): the Will to Fight test, with AMB-20's modifiers and AMB-67's one test a turn."""

from __future__ import annotations

import pytest

from mapgen.campaign import will
from mapgen.campaign.dice import GameDice
from mapgen.campaign.state import Options, SideState, Weather, evolve

from .test_campaign_battle import force, holding, make_board, make_state


def sides(a: dict | None = None, b: dict | None = None):
    return (SideState("A", "orcs", "Orcs", 2000, **(a or {})), SideState("B", "dwarves", "Dwarves", 2000, **(b or {})))


def phase5(state, faces):
    dice = GameDice(7, entered=faces)
    new = will.start(evolve(state, phase=5), dice, make_board())
    assert not dice.unused_entered
    return new, dice.log


def test_orc_worked_example():
    # FW-13: the Orc player lost a holding this turn; to date 3 battles won, 1 lost, 1 holding lost.
    # Roll 3 -> 3 + 3 - 1 - 1 = 4 -> passes (AMB-20: +1 per battle won, not the example's "+3").
    orcs = dict(battles_won=3, battles_lost=1, holdings_lost=1, will_to_fight_due=("FW-13.c",))
    s = make_state([force("A1", "C1"), force("B1", "C6")], holdings=[holding("B1", "B", original="A")], sides=sides(orcs), phase=5)
    new, log = phase5(s, [3])
    (entry,) = log
    assert (entry.faces, entry.total, entry.outcome, entry.rule) == ((3,), 4, "ok", "FW-13")
    assert new.side("A").will_to_fight == "ok" and new.side("A").will_to_fight_due == ()


@pytest.mark.parametrize(
    "won, lost, face, outcome",
    [
        (0, 2, 1, "failed"),  # 1 - 2 = -1: less than 0, complete disaster
        (0, 1, 1, "ok"),  # 1 - 1 = 0: AMB-20, 0 or more passes
        (0, 6, 6, "ok"),  # 6 - 6 = 0
        (1, 8, 6, "failed"),  # 6 + 1 - 8 = -1
    ],
)
def test_will_to_fight_table(won, lost, face, outcome):
    a = dict(battles_won=won, battles_lost=lost, will_to_fight_due=("FW-13.b",))
    s = make_state([force("A1", "C1"), force("B1", "C6")], sides=sides(a), phase=5)
    new, _ = phase5(s, [face])
    assert new.side("A").will_to_fight == outcome


def test_no_trigger_no_test():
    s = make_state([force("A1", "C1"), force("B1", "C6")], sides=sides(dict(battles_lost=5)), phase=5)
    new, log = phase5(s, [])
    assert log == [] and new.side("A").will_to_fight == "ok"


def test_one_test_a_turn_whatever_the_triggers():
    # AMB-67: a battle lost and a holding lost in the same turn: one test
    s = make_state([force("A1", "C1"), force("B1", "C6")], sides=sides(dict(will_to_fight_due=("FW-13.b", "FW-13.c"))), phase=5)
    _, log = phase5(s, [4])
    assert len(log) == 1


def test_all_forces_gone_triggers_the_test():
    # FW-13.a: side A's last force went this turn; a turn later it is no new trigger
    s = make_state([force("B1", "C6")], phase=5, removed=("A1",))
    _, log = phase5(s, [5])
    assert [e.side for e in log] == ["A"]
    _, log = phase5(evolve(s, removed=()), [])
    assert log == []


def _mods(state, side="A"):
    return {m.name: m.value for m in will.modifiers(state, side, make_board())}


def test_capitals_count_three():
    # FW-13: +3 holding the enemy capital, -3 the enemy holding yours
    hs = [holding("C6", "A", capital=True, original="B"), holding("C1", "B", capital=True, original="A")]
    s = make_state([force("A1", "C6"), force("B1", "C1")], holdings=hs)
    assert _mods(s, "A") == {"enemy holdings held": 1, "own holdings lost": -1, "enemy capital held": 3, "own capital lost": -3}
    assert _mods(s, "B") == _mods(s, "A")


def test_a_holding_taken_back_no_longer_counts():
    s = make_state([force("A1", "C1"), force("B1", "C6")], holdings=[holding("B1", "A", original="A")])
    assert _mods(s) == {}


def test_snow_counts_only_in_incursione():
    s = make_state([force("A1", "C1"), force("B1", "C6")])
    snowy = evolve(s, weather=Weather("cold", "winter", snow_level=2))
    assert _mods(snowy) == {}
    raid = evolve(snowy, options=Options(scenario="incursione"))
    assert _mods(raid) == {"snow levels (FW-17.6)": -2}


def test_a_sacked_holding_counts_for_the_raider_while_the_loot_exists():
    # AMB-55: -1 for the defender for good, +1 for the raider while its force carries the loot
    sacked = evolve(holding("C1", "A"), sacked=True)
    s = make_state([force("A1", "C2"), force("B1", "C6", loot="C1")], holdings=[sacked])
    assert _mods(s, "A") == {"own holdings lost": -1}
    assert _mods(s, "B") == {"enemy holdings held": 1}
    gone = evolve(s, forces=(force("A1", "C2"), force("B1", "C6")))
    assert _mods(gone, "B") == {} and _mods(gone, "A") == {"own holdings lost": -1}


def test_the_table_is_the_digests():
    assert [will.WILL_TO_FIGHT.lookup(t).outcome for t in (-3, -1, 0, 1, 6, 9)] == ["failed", "failed", "ok", "ok", "ok", "ok"]


def test_a_side_that_lost_one_force_but_keeps_another_takes_no_fw13a_test():
    # FW-13.a: only a side with no force left tests; A1 went but A2 stands
    s = make_state([force("A2", "C1"), force("B1", "C6")], phase=5, removed=("A1",))
    new, log = phase5(s, [])
    assert log == [] and new.side("A").will_to_fight_due == ()


def test_a_holding_with_no_recorded_home_belongs_to_its_owner():
    # FW-13: older states have no original_owner; the board's map owner, else the owner, is home
    from mapgen.campaign.state import HoldingState

    s = make_state([force("A1", "C1"), force("B1", "C6")], holdings=[HoldingState("B1", "B", False, "village")])
    assert _mods(s, "A") == {} and _mods(s, "B") == {}


def test_both_sides_failing_their_will_is_a_draw():
    # FW-13: each side surrenders, so neither wins
    from mapgen.campaign.core import check_end

    s = make_state([force("A1", "C1"), force("B1", "C6")], sides=sides({"will_to_fight": "failed"}, {"will_to_fight": "failed"}))
    end = check_end(s, GameDice(1), make_board())
    assert end.winner == "draw"
    assert end.ended == "both sides' Will to Fight failed (FW-13)"


def test_the_phase_test_reads_a_holdings_home_from_the_map():
    # FW-13: C1 is side A's on the map (no recorded home in the state); side B holds it: -1 for A.
    # Face 1 - 1 = 0: passes (AMB-20), its total 0 shows the modifier counted.
    from dataclasses import replace

    from mapgen.campaign.state import HoldingState

    board = replace(make_board(), holdings={"C1": ("A", False, "village")})
    s = make_state([force("A1", "C2"), force("B1", "C6")], holdings=[HoldingState("C1", "B", False, "village")],
                   sides=sides(dict(will_to_fight_due=("FW-13.c",))), phase=5)
    dice = GameDice(7, entered=[1])
    new = will.start(s, dice, board)
    (entry,) = dice.log
    assert [(m.name, m.value) for m in entry.modifiers] == [("own holdings lost", -1)]
    assert (entry.total, new.side("A").will_to_fight) == (0, "ok")


@pytest.mark.parametrize("failed, winner", [("A", "B"), ("B", "A")])
def test_the_side_whose_will_failed_surrenders_and_the_other_wins(failed, winner):
    # FW-13: a side whose Will to Fight fails surrenders at once
    from mapgen.campaign.core import check_end

    a, b = ({"will_to_fight": "failed"}, None) if failed == "A" else (None, {"will_to_fight": "failed"})
    s = make_state([force("A1", "C1"), force("B1", "C6")], sides=sides(a, b))
    end = check_end(s, GameDice(1), make_board())
    assert end.winner == winner
    assert end.ended == f"side {failed}'s Will to Fight failed: it surrenders (FW-13)"
