"""Phase 1, the Force Test (FW-8): the worked example, the table with entered dice, and every refusal.

Expected totals and outcomes are worked out from the digest's FW-8.2 tables
by hand in each case, never read back from mapgen.campaign.orders.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mapgen.campaign import CommandError, GameDice, GiveOrder, apply
from mapgen.campaign.state import Options
from mapgen.campaign.store import to_json
from tests.campaign_move_tiny import force, tiny_board, tiny_state

# 7 columns: A, B are side A's territory, C-E neutral, F, G side B's (FW-2.3).
BOARD = tiny_board(terrain={"C2": "mountain", "A2": "mountain"})


def order(state, fid, new, faces, board=BOARD):
    return apply(state, GiveOrder(fid, new), GameDice(11, faces), board)


def test_worked_example_fw_8_4_probe_in_enemy_territory_gets_max_speed():
    # FW-8.4: Probe in enemy territory wants Max Speed: roll 4 + CV 3 = 7, -1 enemy territory -> 6 -> OK.
    state = tiny_state([force("A1", "F3", "probe", cv=3)])
    new, events = order(state, "A1", "max_speed", [4])
    roll = events[0]
    assert roll.faces == (4,) and roll.entered and roll.rule == "FW-8.2"
    assert roll.total == 6 and roll.outcome == "new_order"
    assert {(m.name, m.value) for m in roll.modifiers} == {("leader's CV", 3), ("enemy territory", -1)}
    a1 = new.force("A1")
    assert (a1.order, a1.reaction, a1.tested_today) == ("max_speed", None, True)


# (square, reaction, cv, face, options, snow, today, expected total, expected state of the counter) from FW-8.2.
TABLE = [
    ("D3", None, 1, 5, None, 0, None, 6, "max_speed"),  # neutral: 5 + 1 = 6 -> OK
    ("D3", None, 1, 4, None, 0, None, 5, "defend"),  # 4-5 -> Defend
    ("D3", None, 1, 3, None, 0, None, 4, "defend"),
    ("D3", None, 1, 2, None, 0, None, 3, "confused"),  # 3 -> Confused
    ("D3", None, 1, 1, None, 0, None, 2, "unsteady"),  # 2 -> Unsteady
    ("D3", "confused", 1, 1, None, 0, None, 1, "shattered"),  # 1 + 1 - 1 (Confused) = 1 -> Shattered
    ("D3", "unsteady", 2, 3, None, 0, None, 3, "confused"),  # 3 + 2 - 2 (Unsteady) = 3 -> Confused (improves, AMB-19)
    ("D3", "shattered", 3, 6, None, 0, None, 6, "max_speed"),  # 6 + 3 - 3 (Shattered) = 6 -> OK: reaction removed
    ("A3", None, 1, 3, None, 0, None, 6, "max_speed"),  # friendly +2: 3 + 1 + 2 = 6 -> OK
    ("F3", None, 2, 3, None, 0, None, 4, "defend"),  # enemy -1: 3 + 2 - 1 = 4 -> Defend
    ("C2", None, 3, 3, None, 0, None, 3, "confused"),  # mountain -3 (neutral): 3 + 3 - 3 = 3
    ("A2", None, 3, 4, None, 0, None, 6, "max_speed"),  # mountain -3 in friendly +2: 4 + 3 - 3 + 2 = 6
    ("D3", None, 3, 4, "incursione", 2, None, 5, "defend"),  # Incursione, 2 snow levels: 4 + 3 - 2 = 5 (AMB-72)
    ("D3", None, 3, 4, None, 2, None, 7, "max_speed"),  # snow outside the Incursione: no Force Test modifier
    ("D3", None, 3, 3, None, 0, "heavy", 6, "max_speed"),  # heavy rain: the -1 is the battle's order change only [DEV]
]


@pytest.mark.parametrize("square,reaction,cv,face,scenario,snow,today,total,expected", TABLE)
def test_force_test_table(square, reaction, cv, face, scenario, snow, today, total, expected):
    f = force("A1", square, "probe" if reaction is None else None, reaction, cv=cv)
    state = tiny_state([f], options=Options(scenario=scenario), snow=snow, today=today)
    new, events = order(state, "A1", "max_speed", [face])
    assert events[0].total == total
    assert new.force("A1").state == expected


@pytest.mark.parametrize("square, total", [("C2", 4 + 3 - 3 - 1 - 1), ("D3", 4 + 3 - 1)])
def test_force_test_reads_the_snow_of_its_square(square, total):
    # FW-17.6 (-1 per snow level, AMB-72): one level map-wide, one more on the mountains only (AMB-13);
    # C2 is a mountain (-3, FW-8.2), D3 is not
    state = tiny_state([force("A1", square)], options=Options(scenario="incursione"), snow=1)
    state = replace(state, weather=replace(state.weather, mountain_snow=1))
    _, events = order(state, "A1", "max_speed", [4])
    assert events[0].total == total


@pytest.mark.parametrize("face,cv,square,total", [(1, 1, "C2", -1), (1, 1, "F3", 1 - 0), (2, 1, "C2", 0)])
def test_disaster_removes_the_force_and_calls_the_will_to_fight_test(face, cv, square, total):
    # C2 mountain: 1 + 1 - 3 = -1 and 2 + 1 - 3 = 0, both below 1 -> disaster; F3 enemy: 1 + 1 - 1 = 1 -> Shattered.
    state = tiny_state([force("A1", square, cv=cv), force("A2", "A1"), force("B1", "G3")])
    new, events = order(state, "A1", "max_speed", [face])
    assert events[0].total == total
    if total < 1:
        assert new.force("A1") is None and "A1" in new.removed
        # AMB-67: the disaster's Will to Fight test is taken at once (FW-13.d), not left for Phase 5
        tests = [e for e in events if e.rule == "FW-13"]
        assert [(e.phase, e.side, e.dice) for e in tests] == [(1, "A", "1D6")]
        assert new.side("A").will_to_fight_due == () and new.side("B").will_to_fight_due == ()
    else:
        assert new.force("A1").reaction == "shattered" and new.side("A").will_to_fight_due == ()


def test_disaster_to_the_last_force_is_also_an_army_destroyed():
    state = tiny_state([force("A1", "C2", cv=1), force("B1", "G3")])
    new, events = order(state, "A1", "defend", [1])
    test = next(e for e in events if e.rule == "FW-13")
    assert "FW-13.a" in test.text and "FW-13.d" in test.text  # one test for both triggers (AMB-67)
    assert new.side("A").will_to_fight_due == ()


def test_a_reacting_force_may_be_tested_to_any_order():
    # AMB-19: reconfiguration is the only way out of a reaction (FW-8.3); defend here, 6 + 3 - 1 = 8 -> OK.
    state = tiny_state([force("A1", "D3", None, "confused")])
    new, _ = order(state, "A1", "defend", [6])
    assert (new.force("A1").order, new.force("A1").reaction) == ("defend", None)


def test_forces_not_tested_keep_their_counters():
    state = tiny_state([force("A1", "D3"), force("A2", "D4", None, "unsteady")])
    new, _ = order(state, "A1", "defend", [6])
    assert new.force("A2") == state.force("A2")


def _refused(state, fid, new, faces=(), match=""):
    before = to_json(state)
    with pytest.raises(CommandError, match=match) as err:
        order(state, fid, new, list(faces))
    assert "\n" not in str(err.value)
    assert to_json(state) == before
    return str(err.value)


def test_refusals_leave_the_state_as_it_was():
    state = tiny_state([force("A1", "D3"), force("A2", "D4", loot=None), force("B1", "G3", "defend")])
    _refused(state, "C9", "probe", match="no force 'C9'")
    _refused(state, "A1", "charge", match="unknown order")
    _refused(state, "A1", "probe", match="already under probe")  # AMB-19
    _refused(tiny_state([force("A1", "D3")], phase=2), "A1", "defend", match="Phase 1")
    tested, _ = order(state, "A1", "max_speed", [6])
    _refused(tested, "A1", "defend", [6], match="FW-8.1")


def test_a_force_carrying_loot_may_not_take_max_speed():
    from mapgen.campaign.state import HoldingState

    h = HoldingState("F3", "A", False, "village", sacked=True, original_owner="A")
    state = tiny_state([force("B1", "F3", loot="F3")], holdings=(h,))
    _refused(state, "B1", "max_speed", match="FW-17.7")
    new, _ = order(state, "B1", "defend", [6])  # any other order is allowed
    assert new.force("B1").order == "defend"


def test_the_test_order_runs_from_forces_in_action_to_those_in_friendly_territory():
    # FW-8.1.a: A2 (enemy territory) before A1 (friendly); side B's own sequence is its own.
    state = tiny_state([force("A1", "A3"), force("A2", "F3"), force("A3", "D3"), force("B1", "G3")])
    after_friendly, _ = order(state, "A1", "defend", [6])
    why = _refused(after_friendly, "A2", "defend", [6], match="FW-8.1.a")
    assert "A1" in why and "enemy" in why
    _refused(after_friendly, "A3", "defend", [6], match="FW-8.1.a")
    order(after_friendly, "B1", "max_speed", [6])  # the other side is not held up
    after_neutral, _ = order(state, "A3", "defend", [6])
    _refused(after_neutral, "A2", "defend", [6], match="FW-8.1.a")  # enemy territory comes before neutral
    s, _ = order(state, "A2", "defend", [6])
    s, _ = order(s, "A3", "defend", [6])
    s, _ = order(s, "A1", "defend", [6])
    assert all(f.tested_today for f in s.side_forces("A"))


def test_a_force_sharing_its_square_with_the_enemy_is_in_action_and_goes_first():
    state = tiny_state([force("A1", "F3"), force("A2", "E3"), force("B1", "E3")])
    s, events = order(state, "A2", "defend", [6])
    assert "in action" in events[0].text
    order(s, "A1", "defend", [6])  # enemy territory after in action: in sequence
    s2, _ = order(state, "A1", "defend", [6])
    _refused(s2, "A2", "defend", [6], match="FW-8.1.a")  # in action after enemy territory: out of sequence


def test_entered_faces_must_be_used():
    state = tiny_state([force("A1", "D3")])
    _refused(state, "A1", "defend", [6, 2], match="unused")


def test_derived_dice_repeat_for_the_same_test():
    state = tiny_state([force("A1", "D3")])
    a, ea = apply(state, GiveOrder("A1", "defend"), GameDice(11), BOARD)
    b, eb = apply(state, GiveOrder("A1", "defend"), GameDice(11), BOARD)
    assert ea == eb and a == b and not ea[0].entered
