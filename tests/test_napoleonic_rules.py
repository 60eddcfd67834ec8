"""The Napoleonic battle's rules with entered dice: expected outcomes typed from the digest (NAP-1 to NAP-15)."""

import pytest

from mapgen.engine import CommandError, Turn
from mapgen.napoleonic import battle as b
from mapgen.napoleonic.rules import charge_targets, fire_targets, move_targets
from tests.nap_helpers import area, battle, play


# --- NAP-5: who may attack whom ------------------------------------------------------------------------


def test_nap5_example_english_infantry_in_mid0():
    """NAP-5: English infantry in Mid-0 may fire at or charge French units in B-Right, not in Mid-1 or B-Centre."""
    s = battle(("A1", "infantry", "mid-0"), ("B1", "infantry", "b-right"), ("B2", "infantry", "mid-1"), ("B3", "infantry", "b-centre"))
    me = s.unit("A1")
    assert [t.id for t in fire_targets(s, me)] == ["B1"]
    assert [t.id for t in charge_targets(s, me)] == ["B1"]
    for target in ("B2", "B3"):
        for cmd in (b.Fire("A1", target), b.Charge("A1", target)):
            with pytest.raises(CommandError, match="NAP-5"):
                play(s, cmd)


def test_artillery_fires_two_areas_over_an_empty_area_only():
    s = battle(("A1", "artillery", "a-centre"), ("B1", "infantry", "b-centre"), phase="artillery")
    assert [t.id for t in fire_targets(s, s.unit("A1"))] == ["B1"]
    blocked = battle(("A1", "artillery", "a-centre"), ("B1", "infantry", "b-centre"), ("A2", "infantry", "mid-1"), phase="artillery")
    assert "B1" not in [t.id for t in fire_targets(blocked, blocked.unit("A1"))]
    infantry = battle(("A1", "infantry", "a-centre"), ("B1", "infantry", "b-centre"))
    assert fire_targets(infantry, infantry.unit("A1")) == []


def test_no_attack_from_the_reserve_and_leaders_are_no_targets():
    s = battle(("A1", "infantry", "a-reserve"), ("A2", "infantry", "a-left"), ("B1", "leader", "mid-0"), ("B2", "infantry", "b-right"))
    assert fire_targets(s, s.unit("A1")) == []
    assert fire_targets(s, s.unit("A2")) == []  # a leader alone ahead: leaders cannot be targets (NAP-11.3)


# --- NAP-6: fire ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind, die, where", [
    ("infantry", 3, "destroyed"), ("infantry", 4, "b-retreat"),
    ("elite_infantry", 2, "destroyed"), ("elite_infantry", 3, "b-retreat"),
    ("militia", 4, "destroyed"), ("militia", 5, "b-retreat"),
    ("cavalry", 3, "destroyed"), ("artillery", 4, "b-retreat"),
])
def test_fire_effect_by_target(kind, die, where):
    """NAP-6.1: a hit, then 1D6: standard 1-3 destroyed, elite 1-2, militia 1-4; otherwise to the Retreat Area."""
    s = battle(("A1", "infantry", "mid-0"), ("B1", kind, "b-right"))
    after = play(s, b.Fire("A1", "B1"), (4, 4, die))  # 8 hits on the tests' Fire Table (infantry 8)
    assert area(after, "B1") == where


def test_fire_misses_below_the_table():
    s = battle(("A1", "infantry", "mid-0"), ("B1", "infantry", "b-right"))
    after = play(s, b.Fire("A1", "B1"), (3, 4))  # 7 < 8: one roll only, no effect die
    assert area(after, "B1") == "b-right"
    assert after.unit("A1").used == 1


@pytest.mark.parametrize("firer, firer_square, target_square, faces, hits", [
    ("elite_infantry", False, False, (3, 4), True),   # 7 + 1 elite = 8
    ("militia", False, False, (4, 4), False),         # 8 - 1 militia = 7
    ("infantry", True, False, (4, 4), False),         # 8 - 1 in square = 7
    ("infantry", False, True, (3, 4), True),          # 7 + 1 at a square = 8
])
def test_fire_modifiers(firer, firer_square, target_square, faces, hits):
    """NAP-6.3 and NAP-10 items 2-4."""
    s = battle(("A1", firer, "mid-0", firer_square), ("B1", "infantry", "b-right", target_square))
    after = play(s, b.Fire("A1", "B1"), faces + ((6,) if hits else ()))
    assert (area(after, "B1") == "b-retreat") == hits


def test_artillery_at_a_square_gets_two():
    s = battle(("A1", "artillery", "a-left"), ("B1", "infantry", "mid-0", True), phase="artillery")
    after = play(s, b.Fire("A1", "B1"), (2, 3, 6))  # 5 + 2 = 7, the artillery's one-area number
    assert area(after, "B1") == "b-retreat"


def test_artillery_far_shot_uses_the_second_number():
    s = battle(("A1", "artillery", "a-centre"), ("B1", "infantry", "b-centre"), phase="artillery")
    assert area(play(s, b.Fire("A1", "B1"), (4, 4)), "B1") == "b-centre"  # 8 < 9 at two areas
    assert area(play(s, b.Fire("A1", "B1"), (4, 5, 6)), "B1") == "b-retreat"


# --- NAP-7: charge --------------------------------------------------------------------------------------


@pytest.mark.parametrize("mine, theirs, target_kind, charger_at, target_at", [
    ((5, 5), (3, 4), "infantry", "mid-0", "destroyed"),        # by 3: destroyed
    ((4, 4), (3, 4), "infantry", "mid-0", "b-retreat"),        # by 1: retreat
    ((4, 5), (3, 4), "infantry", "mid-0", "b-retreat"),        # by 2: retreat
    ((5, 5), (3, 4), "elite_infantry", "mid-0", "b-retreat"),  # elite 10 v 7+1: by 2
    ((6, 6), (3, 4), "elite_infantry", "mid-0", "destroyed"),  # elite 12 v 8: by 4
    ((6, 5), (3, 4), "elite_infantry", "mid-0", "b-retreat"),  # elite 11 v 8: by 3, still only retreat
    ((3, 4), (3, 4), "infantry", "mid-0", "b-right"),          # tie: no effect (NAP-A.3)
    ((2, 2), (3, 4), "infantry", "destroyed", "b-right"),      # the charger loses by 3: it is destroyed
])
def test_charge_margins(mine, theirs, target_kind, charger_at, target_at):
    s = battle(("A1", "infantry", "mid-0"), ("B1", target_kind, "b-right"))
    after = play(s, b.Charge("A1", "B1"), mine + theirs)
    assert area(after, "B1") == target_at
    assert area(after, "A1") == charger_at


def test_charger_losing_by_one_goes_to_its_retreat_area():
    s = battle(("A1", "infantry", "mid-0"), ("B1", "infantry", "b-right"))
    after = play(s, b.Charge("A1", "B1"), (3, 3, 3, 4))  # 6 v 7
    assert area(after, "A1") == "a-retreat"
    assert area(after, "B1") == "b-right"


def test_charge_modifiers_leader_combined_arms_quality():
    """NAP-7.3: +1 leader, +1 combined arms, +1 heavy cavalry, -1 irregular cavalry; both sides (NAP-A.5)."""
    s = battle(("A1", "heavy_cavalry", "mid-0"), ("A2", "leader", "mid-0"), ("B1", "cavalry", "b-right"),
               ("B2", "leader", "b-right"), ("B3", "infantry", "b-right"), ("B4", "artillery", "b-right"), phase="cavalry")
    # A1: 2D6 + 2 cavalry charging + 1 heavy + 1 leader = faces + 4; B1: + 1 leader + 1 combined arms = faces + 2
    after = play(s, b.Charge("A1", "B1"), (3, 3, 4, 4))  # 10 v 10: tie
    assert area(after, "B1") == "b-right" and area(after, "A1") == "mid-0"
    after = play(s, b.Charge("A1", "B1"), (3, 4, 4, 4))  # 11 v 10: by 1
    assert area(after, "B1") == "b-retreat"


def test_irregular_cavalry_minus_one():
    s = battle(("A1", "irregular_cavalry", "mid-0"), ("B1", "cavalry", "b-right"), phase="cavalry")
    after = play(s, b.Charge("A1", "B1"), (3, 3, 3, 4))  # 6 + 2 - 1 = 7 v 7: tie
    assert area(after, "B1") == "b-right"


# --- NAP-8, NAP-9, NAP-10 ---------------------------------------------------------------------------------


def test_infantry_charging_cavalry_lets_it_evade_free():
    s = battle(("A1", "infantry", "mid-0"), ("B1", "cavalry", "b-right"))
    s = play(s, b.Charge("A1", "B1"))
    assert s.pending is not None and s.pending.chooser == "B"
    with pytest.raises(CommandError):
        play(s, Turn())
    after = play(s, b.Evade("B1"))
    assert area(after, "B1") == "b-reserve"
    assert after.unit("B1").used == 0 and after.unit("A1").used == 1


def test_cavalry_may_stand_and_fight():
    s = play(battle(("A1", "infantry", "mid-0"), ("B1", "cavalry", "b-right")), b.Charge("A1", "B1"))
    after = play(s, b.Stand("B1"), (6, 6, 1, 1))  # 12 v 2
    assert area(after, "B1") == "destroyed"


def test_artillery_screened_by_friends_cannot_be_charged():
    s = battle(("A1", "infantry", "mid-0"), ("B1", "artillery", "b-right"), ("B2", "infantry", "b-right"))
    assert [t.id for t in charge_targets(s, s.unit("A1"))] == ["B2"]
    with pytest.raises(CommandError, match="NAP-9"):
        play(s, b.Charge("A1", "B1"))
    alone = battle(("A1", "infantry", "mid-0"), ("B1", "artillery", "b-right"), ("B2", "infantry", "mid-1"))
    assert [t.id for t in charge_targets(alone, alone.unit("A1"))] == ["B1"]


def test_cavalry_charge_forms_square_then_press_or_call_off():
    s = battle(("A1", "cavalry", "mid-0"), ("B1", "infantry", "b-right"), phase="cavalry")
    s = play(s, b.Charge("A1", "B1"))
    assert s.unit("B1").in_square and s.unit("B1").used == 0  # at once, no action (NAP-10)
    called = play(s, b.CallOff("A1"))
    assert called.pending is None and called.unit("A1").used == 1 and area(called, "B1") == "b-right"
    # pressing: 2D6 + 2 cavalry - 3 square = faces - 1 against the infantry's 2D6
    pressed = play(s, b.Press("A1"), (5, 5, 3, 3))  # 9 v 6: by 3
    assert area(pressed, "B1") == "destroyed"
    pressed = play(s, b.Press("A1"), (4, 4, 3, 3))  # 7 v 6: by 1
    assert area(pressed, "B1") == "b-retreat" and not pressed.unit("B1").in_square


@pytest.mark.parametrize("die, in_square", [(1, False), (3, False), (4, True), (6, True)])
def test_militia_square_fails_on_one_to_three(die, in_square):
    s = battle(("A1", "cavalry", "mid-0"), ("B1", "militia", "b-right"), phase="cavalry")
    faces = (die,) if in_square else (die, 6, 6, 1, 1)  # a failed square: the charge goes ahead at once
    after = play(s, b.Charge("A1", "B1"), faces)
    if in_square:
        assert after.unit("B1").in_square and after.pending is not None
    else:
        assert area(after, "B1") == "destroyed"


def test_square_blocks_move_and_charge_and_leaving_costs_an_action():
    s = battle(("A1", "infantry", "mid-0", True), ("B1", "infantry", "b-right"))
    assert move_targets(s, s.unit("A1")) == []
    with pytest.raises(CommandError, match="square"):
        play(s, b.Charge("A1", "B1"))
    left = play(s, b.LeaveSquare("A1"))
    assert not left.unit("A1").in_square and left.unit("A1").used == 1
    with pytest.raises(CommandError, match="NAP-3.2"):
        play(left, b.Move("A1", "a-left"))
    formed = play(battle(("A1", "infantry", "mid-0")), b.FormSquare("A1"))
    assert formed.unit("A1").in_square and formed.unit("A1").used == 1


# --- NAP-4: movement --------------------------------------------------------------------------------------


def test_zone_of_control_and_no_diagonal():
    s = battle(("A1", "infantry", "a-left"), ("A2", "infantry", "a-centre"), ("A3", "infantry", "a-right"),
               ("B1", "infantry", "mid-0"), ("B2", "infantry", "mid-1"), fill=True)
    # a-left is next to B1 (mid-0); a-centre is next to B2 (mid-1): no move from one to the other (NAP-4.1)
    assert sorted(move_targets(s, s.unit("A1"))) == ["a-reserve"]
    with pytest.raises(CommandError, match="NAP-4.1"):
        play(s, b.Move("A1", "a-centre"))
    free = battle(("A1", "infantry", "a-left"), ("A2", "infantry", "a-centre"))
    with pytest.raises(CommandError, match="diagonal"):
        play(free, b.Move("A1", "mid-1"))
    assert area(play(free, b.Move("A1", "mid-0")), "A1") == "mid-0"


def test_no_entering_an_area_that_holds_enemies():
    s = battle(("A1", "infantry", "a-left"), ("B1", "infantry", "mid-0"))
    assert "mid-0" not in move_targets(s, s.unit("A1"))
    with pytest.raises(CommandError, match="enemy"):
        play(s, b.Move("A1", "mid-0"))


def test_phase_and_side_and_actions_per_turn():
    s = battle(("A1", "infantry", "a-left"), ("A2", "cavalry", "a-centre"))
    with pytest.raises(CommandError, match="cavalry phase"):
        play(s, b.Move("A2", "mid-1"))
    moved = play(s, b.Move("A1", "mid-0"))
    with pytest.raises(CommandError, match="NAP-3.2"):
        play(moved, b.Move("A1", "a-left"))
    cav = battle(("A2", "cavalry", "a-centre"), phase="cavalry")
    twice = play(play(cav, b.Move("A2", "mid-1")), b.Move("A2", "a-centre"))  # cavalry: two actions
    with pytest.raises(CommandError, match="NAP-3.2"):
        play(twice, b.Move("A2", "mid-1"))
    with pytest.raises(CommandError, match="side A's part"):
        play(battle(("B1", "infantry", "b-left")), b.Move("B1", "mid-2"))


def test_attacker_first_then_defender_then_next_phase():
    s = battle(("A1", "infantry", "a-left"), ("B1", "infantry", "b-left"), attacker="B", acting="B")
    s = play(s, Turn())
    assert (s.phase, s.acting) == ("infantry", "A")
    s = play(s, Turn())
    # no leaders: the leader phase is passed over, so the next battle turn begins with the cavalry phase ... which
    # no one has either, nor artillery: the attacker's infantry phase of turn 2
    assert (s.turn, s.phase, s.acting) == (2, "infantry", "B")


# --- NAP-11: leaders ------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind, faces, rallied", [
    ("infantry", (4, 4), True), ("infantry", (3, 4), False),
    ("elite_infantry", (3, 4), True), ("elite_infantry", (3, 3), False),
    ("militia", (4, 4), False), ("militia", (4, 5), True),
    ("irregular_cavalry", (4, 4), False), ("irregular_cavalry", (3, 6), True),
])
def test_rally_numbers(kind, faces, rallied):
    """NAP-11.2: 8+ standard, 7+ elite, 9+ militia and irregular cavalry; back to the Reserve Area."""
    s = battle(("A1", "leader", "a-reserve"), ("A2", kind, "a-retreat"), phase="leader")
    after = play(s, b.Rally("A1", "A2"), faces)
    assert area(after, "A2") == ("a-reserve" if rallied else "a-retreat")
    assert after.unit("A1").used == 1


def test_rally_only_from_the_reserve():
    s = battle(("A1", "leader", "a-left"), ("A2", "infantry", "a-retreat"), phase="leader")
    with pytest.raises(CommandError, match="NAP-11.2"):
        play(s, b.Rally("A1", "A2"))


def test_units_in_the_retreat_area_cannot_act():
    s = battle(("A1", "infantry", "a-retreat"))
    with pytest.raises(CommandError, match="Retreat Area"):
        play(s, b.FormSquare("A1"))


def test_leader_killed_on_natural_eleven_or_twelve():
    s = battle(("A1", "infantry", "mid-0"), ("B1", "infantry", "b-right"), ("B2", "leader", "b-right"))
    after = play(s, b.Fire("A1", "B1"), (5, 6, 6))  # natural 11: a hit, the effect die 6 (retreat), the leader dies
    assert area(after, "B2") == "destroyed" and area(after, "B1") == "b-retreat"
    missed = battle(("A1", "militia", "mid-0", True), ("B1", "infantry", "b-right"), ("B2", "leader", "b-right"))
    after = play(missed, b.Fire("A1", "B1"), (5, 5))  # natural 10: no kill
    assert area(after, "B2") == "b-right"


def test_leader_killed_by_the_defenders_roll_in_a_charge():
    """NAP-A.6: in a charge both rolls count; the defender's natural 12 kills a leader in the charger's area."""
    s = battle(("A1", "infantry", "mid-0"), ("A2", "leader", "mid-0"), ("B1", "infantry", "b-right"))
    after = play(s, b.Charge("A1", "B1"), (1, 1, 6, 6))  # 2 + 1 leader v 12: A1 destroyed, A2 killed
    assert area(after, "A2") == "destroyed" and area(after, "A1") == "destroyed"


# --- NAP-12, NAP-14, NAP-15 -------------------------------------------------------------------------------


def test_line_broken_ends_the_battle():
    s = battle(("A1", "infantry", "mid-0"), ("B1", "infantry", "b-right"), ("B2", "cavalry", "b-reserve"))
    after = play(s, b.Fire("A1", "B1"), (6, 6, 1))
    assert after.result is not None and after.winner == "A" and "right" in after.result.reason


def test_a_leader_alone_does_not_hold_a_line_part():
    s = battle(("A1", "infantry", "mid-0"), ("B1", "infantry", "b-right"), ("B2", "leader", "b-right"))
    after = play(s, b.Fire("A1", "B1"), (4, 4, 1))
    assert after.winner == "A"


def test_stalemate_after_two_quiet_turns_defender_wins():
    s = battle(("A1", "infantry", "a-left"), ("B1", "infantry", "b-left"), attacker="A", acting="A")
    for _ in range(3):
        s = play(s, Turn())  # turn 1: A, B; turn 2: A (the only phases with pieces: infantry)
    assert s.result is None
    s = play(s, Turn())  # end of turn 2: two full quiet turns
    assert s.winner == "B" and "stalemate" in s.result.reason


def test_fire_resets_the_stalemate_count():
    s = battle(("A1", "infantry", "mid-0"), ("B1", "infantry", "b-right"), ("B2", "infantry", "b-right"))
    s = play(play(s, b.Fire("A1", "B1"), (1, 1)), Turn())
    assert s.stirred
    s = play(s, Turn())
    assert s.quiet_turns == 0


def test_voluntary_retreat_after_the_first_full_turn_before_acting():
    s = battle(("A1", "infantry", "a-left"), ("B1", "infantry", "b-left"))
    with pytest.raises(CommandError, match="NAP-14"):
        play(s, b.Retreat("A"))
    t2 = battle(("A1", "infantry", "a-left"), ("B1", "infantry", "b-left"), turn=2)
    acted = play(t2, b.FormSquare("A1"))
    with pytest.raises(CommandError, match="before its first action"):
        play(acted, b.Retreat("A"))
    with pytest.raises(CommandError, match="own phases"):
        play(t2, b.Retreat("B"))
    gone = play(t2, b.Retreat("A"))
    assert gone.winner == "B" and gone.stage in ("pursuit", "over")


def test_pursuit_cavalry_screen():
    """NAP-15: the loser's cavalry screens: only the winner's cavalry pursues, and the screen goes first."""
    s = battle(("A1", "infantry", "a-left"), ("A2", "cavalry", "a-centre"), ("A3", "infantry", "a-right"),
               ("B1", "infantry", "b-left"), ("B2", "cavalry", "b-centre"), ("B3", "artillery", "b-centre"), turn=2)
    lost = play(s, b.Retreat("A"))
    assert lost.stage == "pursuit"
    with pytest.raises(CommandError, match="screening"):
        play(lost, b.Pursue("B", ("A3",)))
    # only B2 (cavalry) pursues: one 1D6, 4+ on the tests' Pursuit Table (cavalry 4)
    done = play(lost, b.Pursue("B"), (4,))
    assert area(done, "A2") == "destroyed" and done.stage == "over"
    assert area(play(lost, b.Pursue("B"), (3,)), "A2") == "a-centre"


def test_pursuit_without_screen_infantry_and_cavalry_pursue():
    s = battle(("A1", "infantry", "a-left"), ("A2", "artillery", "a-centre"), ("A3", "infantry", "a-right"),
               ("B1", "infantry", "b-left"), ("B2", "cavalry", "b-centre"), ("B3", "infantry", "b-centre"), ("B4", "infantry", "b-retreat"),
               turn=2, fill=False)
    lost = play(s, b.Retreat("A"))
    # pursuers B1, B2, B3 in id order (B4 is in the Retreat Area): infantry 5+, cavalry 4+, infantry 5+
    done = play(lost, b.Pursue("B", ("A1", "A3")), (5, 3, 6))
    assert [area(done, u) for u in ("A1", "A2", "A3")] == ["destroyed", "a-centre", "destroyed"]
    assert area(done, "B4") == "b-reserve"  # the winner's routed units rejoin (NAP-15)
    assert "regions it came from" in done.result.retreat  # A attacked: NAP-13.1


def test_no_entering_the_enemys_reserve_or_retreat_box():
    """Ruling: the enemy's reserve and retreat boxes are behind its line, not part of the field."""
    s = battle(("A1", "infantry", "b-right"), ("A2", "infantry", "a-left"), ("A3", "infantry", "a-centre"), ("A4", "infantry", "a-right"),
               ("B1", "infantry", "mid-0"), ("B2", "infantry", "mid-1"), ("B3", "infantry", "mid-2"), fill=False)
    assert "b-reserve" not in move_targets(s, s.unit("A1"))
    with pytest.raises(CommandError, match="enemy's reserve"):
        play(s, b.Move("A1", "b-reserve"))


def test_an_enemy_leader_blocks_an_area_and_makes_a_zone_of_control():
    s = battle(("A1", "infantry", "a-left"), ("B1", "leader", "mid-0"))
    # mid-0 holds an enemy piece; a-left is next to it, a-centre (next to mid-1, a-right, a-reserve) is not
    assert sorted(move_targets(s, s.unit("A1"))) == ["a-centre", "a-reserve"]
    pinned = battle(("A1", "infantry", "a-left"), ("B1", "leader", "mid-0"), ("B2", "leader", "mid-1"))
    assert move_targets(pinned, pinned.unit("A1")) == ["a-reserve"]
