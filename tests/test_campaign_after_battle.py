"""Phase 4 (FW-12): the report applied: wounded and deserters, reactions, retreats, leaders, holdings.

Expected values are typed from the rules digest (FW-12.1, FW-12.2 and their
worked examples, FW-12.5 to FW-12.7, AMB-52), with the dice entered.
"""

from __future__ import annotations

import pytest

from mapgen.campaign import after_battle
from mapgen.campaign.core import BattleReport, CommandError, UnitLosses
from mapgen.campaign.ruleset import apply
from mapgen.campaign.dice import GameDice
from mapgen.campaign.state import Options, evolve

from .test_campaign_battle import (
    contact,
    force,
    holding,
    make_board,
    make_state,
    start_battles,
    unit,
)


def battle_at(forces, square="C3", mover=None, board=None, **kw):
    """A state waiting for the report of the battle of ``forces`` in ``square``."""
    ids = [f.id for f in forces]
    return start_battles(make_state(forces, pending=[contact(square, *ids, mover=mover or ids[0])], phase=3, **kw), board)


def run(state, report, faces=(), board=None):
    dice = GameDice(7, entered=faces)
    new, events = apply(state, report, dice, board or make_board())
    assert not dice.unused_entered
    return new, events


def fig(state, fid):
    return {u.id: u.figures for u in state.force(fid).units}


# --- FW-12.1 wounded check -----------------------------------------------------------------------


def test_wolf_riders_worked_example():
    # FW-12.1: 12 Orc wolf riders, victorious in enemy territory (C5 is side B's), lost 6.
    # Faces 6,6,5,5,4,2: the 6s recover; 5,5,4,2 -1 -> 4,4,3,1: two more; 4 recovered in all.
    riders = force("A1", "C5", units=(unit("A1-wolves", 12, type="cavalry"),))
    s = battle_at([riders, force("B1", "C5")], "C5")
    new, events = run(s, BattleReport("A", (UnitLosses("A1-wolves", killed=6),)), faces=[6, 6, 5, 5, 4, 2])
    assert fig(new, "A1") == {"A1-wolves": 12 - 6 + 4}
    check = next(e for e in events if e.rule == "FW-12.1")
    assert check.faces == (6, 6, 5, 5, 4, 2) and check.entered
    assert [(m.name, m.value) for m in check.modifiers] == [("enemy territory", -1)]


@pytest.mark.parametrize(
    "square, face, back",
    [
        ("C1", 1, 0),  # natural 1 is dead even with +1 in friendly territory
        ("C5", 6, 1),  # natural 6 recovers (no modifier of FW-12.1 can bring a 6 below 4 anyway)
        ("C1", 3, 1),  # 3 + 1 = 4: returns
        ("C3", 3, 0),  # neutral: 3 is dead
        ("C3", 4, 1),  # neutral: 4 returns
        ("C5", 4, 0),  # 4 - 1 = 3: dead
        ("C5", 5, 1),  # 5 - 1 = 4: returns
    ],
)
def test_wounded_table(square, face, back):
    s = battle_at([force("A1", square), force("B1", square)], square)
    new, _ = run(s, BattleReport("A", (UnitLosses("A1-U1", killed=1),)), faces=[face])
    assert fig(new, "A1") == {"A1-U1": 9 + back}


def test_the_loser_gets_no_wounded_check():
    s = battle_at([force("A1", "C3"), force("B1", "C3")])
    new, events = run(s, BattleReport("A", (UnitLosses("B1-U1", killed=4),)))
    assert fig(new, "B1") == {"B1-U1": 6}
    assert not [e for e in events if e.rule == "FW-12.1"]


def test_destroyed_equipment_takes_no_wounded_check():
    # AMB-59: war machines and chariots counted as equipment stay destroyed
    s = battle_at([force("A1", "C3", units=(unit("A1-bolt", 2, type="war_machine"),)), force("B1", "C3")])
    new, events = run(s, BattleReport("A", (UnitLosses("A1-bolt", killed=1),)))
    assert fig(new, "A1") == {"A1-bolt": 1} and not [e for e in events if e.rule == "FW-12.1"]


def test_stalemate_both_sides_check_their_wounded():
    s = battle_at([force("A1", "C3"), force("B1", "C3")])
    new, _ = run(s, BattleReport("stalemate", (UnitLosses("A1-U1", killed=1), UnitLosses("B1-U1", killed=1))), faces=[6, 6])
    assert fig(new, "A1") == {"A1-U1": 10} and fig(new, "B1") == {"B1-U1": 10}


def test_the_ambushed_side_is_the_movers_even_when_the_mover_is_gone():
    # FW-23.5: the side that made the contact at Max Speed is the ambushed one; a force id is its side's
    # letter and a number (state.Force.id), so a mover no longer on the map still names its side
    s = battle_at([force("A1", "C3", "max_speed"), force("B1", "C3", "defend")])
    gone = evolve(s.pending[0], mover="A7")
    assert after_battle.ambush_roles(s, gone) == {"A": "ambushed", "B": "ambusher"}
    assert after_battle.ambush_roles(s, evolve(gone, mover="B7")) == {"B": "ambushed", "A": "ambusher"}


def test_ambush_modifiers_on_the_wounded_check():
    # FW-23.5: the ambusher (B1 under Defend) +1, the ambushed (A1 at Max Speed) -1; C3 is neutral
    s = battle_at([force("A1", "C3", "max_speed"), force("B1", "C3", "defend")])
    assert s.pending[0].scenario == "ambush"
    new, _ = run(s, BattleReport("B", (UnitLosses("B1-U1", killed=2),)), faces=[3, 2])
    assert fig(new, "B1") == {"B1-U1": 8 + 1}  # 3 + 1 = 4 returns, 2 + 1 = 3 dead
    new, _ = run(s, BattleReport("A", (UnitLosses("A1-U1", killed=2),)), faces=[5, 4])
    assert fig(new, "A1") == {"A1-U1": 8 + 1}  # 5 - 1 = 4 returns, 4 - 1 = 3 dead


# --- FW-12.2 deserter check ----------------------------------------------------------------------

NINE = [6, 4, 4, 3, 3, 1, 1, 1, 1]


def _routed_average(penalty: bool):
    s = battle_at([force("A1", "C3"), force("B1", "C3", units=(unit("B1-U1", 20, "average"),))], options=Options(deserter_rout_penalty=penalty))
    new, _ = run(s, BattleReport("A", (UnitLosses("B1-U1", fled=9),)), faces=NINE)
    return fig(new, "B1")["B1-U1"] - 11


def test_nine_routed_average_models_worked_example_without_the_rout_penalty():
    # FW-12.2 example as printed (no -1 for rout): the 6 returns, the four 1s are lost,
    # 4,4,3,3 +1 -> 5,5,4,4 all return: 5 return, 4 desert.
    assert _routed_average(penalty=False) == 5


def test_nine_routed_average_models_with_amb21():
    # AMB-21 applies the -1 for rout the example leaves out (flag deserter_rout_penalty, on by default):
    # the 6 returns; 4,4,3,3 +1 -1 -> 4,4,3,3: two more; 3 return, 6 desert (the example says 5 and 4).
    assert _routed_average(penalty=True) == 3


@pytest.mark.parametrize(
    "quality, face, back",
    [
        ("poor", 3, 0),  # AMB-58: Poor has no modifier
        ("poor", 4, 1),
        ("average", 3, 1),  # 3 + 1 = 4
        ("veteran", 2, 1),  # 2 + 2 = 4
        ("elite", 1, 0),  # natural 1 is lost whatever the quality
        ("elite", 2, 1),  # 2 + 3 = 5
    ],
)
def test_deserter_table_for_withdrawn_models_of_the_loser(quality, face, back):
    # withdrawn models (AMB-01) are checked when their side lost, without the rout penalty
    s = battle_at([force("A1", "C3"), force("B1", "C3", units=(unit("B1-U1", 10, quality),))])
    new, _ = run(s, BattleReport("A", (UnitLosses("B1-U1", withdrawn=1),)), faces=[face])
    assert fig(new, "B1") == {"B1-U1": 9 + back}


def test_rout_penalty_on_routed_models():
    # veteran routed: 3 + 2 - 1 = 4 returns; 2 + 2 - 1 = 3 deserts
    s = battle_at([force("A1", "C3"), force("B1", "C3", units=(unit("B1-U1", 10, "veteran"),))])
    new, _ = run(s, BattleReport("A", (UnitLosses("B1-U1", fled=2),)), faces=[3, 2])
    assert fig(new, "B1") == {"B1-U1": 9}


def test_winners_withdrawn_models_are_not_checked_and_come_back():
    s = battle_at([force("A1", "C3"), force("B1", "C3")])
    new, events = run(s, BattleReport("A", (UnitLosses("A1-U1", withdrawn=3),)))
    assert fig(new, "A1") == {"A1-U1": 10} and not [e for e in events if e.rule == "FW-12.2"]


def test_a_beaten_mercenary_unit_deserts_whole_without_a_roll():
    # FW-12.2: "tutte le miniature che la compongono" - all the models of the unit
    units = (unit("B1-U1", 10), unit("B1-merc", 8, mercenary=True))
    s = battle_at([force("A1", "C3"), force("B1", "C3", units=units)])
    new, events = run(s, BattleReport("A", (UnitLosses("B1-merc", killed=2),)))
    assert fig(new, "B1") == {"B1-U1": 10, "B1-merc": 0}
    assert not [e for e in events if e.rule == "FW-12.2" and e.faces]


# --- FW-12.5 to FW-12.7 -------------------------------------------------------------------------


@pytest.mark.parametrize("before, after", [("probe", "confused"), ("confused", "unsteady"), ("unsteady", "shattered")])
def test_reaction_after_a_lost_battle(before, after):
    # FW-12.6 (AMB-05): any order -> Confused -> Unsteady -> Shattered; only the loser
    b1 = force("B1", "C3", before if before == "probe" else None, reaction=None if before == "probe" else before)
    s = battle_at([force("A1", "C3"), b1])
    new, _ = run(s, BattleReport("A"))
    assert (new.force("B1").reaction, new.force("B1").order) == (after, None)
    assert new.force("A1").order == "probe"


def test_the_loser_falls_back_one_legal_square_the_winner_stays():
    s = battle_at([force("A1", "C3"), force("B1", "C3")])
    new, _ = run(s, BattleReport("A"))
    assert new.force("A1").square == "C3"
    assert new.force("B1").square in make_board().steps["C3"]


def test_retreat_never_crosses_a_river_off_a_crossing_nor_enters_the_enemy():
    # from C3 only D4 is open: the river cuts C3 from the others but B4 and D4,
    # and side A holds B4 (and the winner C3)
    cut = [("C3", n) for n in make_board().steps["C3"] if n not in ("B4", "D4")]
    board = make_board(cut=cut)
    s = battle_at([force("A1", "C3"), force("B1", "C3"), force("A2", "B4")], board=board)
    new, _ = run(s, BattleReport("A"), board=board)
    assert new.force("B1").square == "D4"


def test_no_square_to_fall_back_to_the_reaction_worsens_again():
    # AMB-52: every step is cut: B1 stays, probe -> confused (lost) -> unsteady (no retreat)
    board = make_board(cut=[("C3", n) for n in make_board().steps["C3"]])
    s = battle_at([force("A1", "C3"), force("B1", "C3")], board=board)
    new, _ = run(s, BattleReport("A"), board=board)
    assert (new.force("B1").square, new.force("B1").reaction) == ("C3", "unsteady")


def test_a_shattered_force_with_nowhere_to_go_is_removed():
    board = make_board(cut=[("C3", n) for n in make_board().steps["C3"]])
    s = battle_at([force("A1", "C3"), force("B1", "C3", reaction="unsteady"), force("B2", "F6")], board=board)
    new, _ = run(s, BattleReport("A"), board=board)
    assert new.force("B1") is None


def test_the_loser_prefers_a_square_outside_other_enemy_zones():
    # A2 (not in the battle) at A2 has B1, B2 and B3 in its zone of control: B1 (the force) avoids them
    s = battle_at([force("A1", "C3"), force("B1", "C3"), force("A2", "A2")])
    new, _ = run(s, BattleReport("A"))
    sq = new.force("B1").square
    assert sq not in make_board().around["A2"] and sq != "A2"


def test_named_retreat_square_is_used_when_legal_and_refused_when_not():
    s = battle_at([force("A1", "C3"), force("B1", "C3"), force("A2", "D4")])
    new, _ = run(s, BattleReport("A", retreats=(("B1", "B2"),)))
    assert new.force("B1").square == "B2"
    for square in ("D4", "E5"):  # held by the enemy; two squares away
        with pytest.raises(CommandError, match="B1 cannot fall back"):
            run(s, BattleReport("A", retreats=(("B1", square),)))
    with pytest.raises(CommandError, match="A1 does not leave"):
        run(s, BattleReport("A", retreats=(("A1", "B2"),)))


def test_stalemate_both_leave_and_end_two_squares_apart():
    s = battle_at([force("A1", "C3"), force("B1", "C3")])
    new, _ = run(s, BattleReport("stalemate"))
    a, b = make_board().squares[new.force("A1").square], make_board().squares[new.force("B1").square]
    assert new.force("A1").square != "C3" and new.force("B1").square != "C3"
    assert max(abs(a.col - b.col), abs(a.row - b.row)) >= 2
    assert new.force("A1").state == "probe" and new.force("B1").state == "probe"  # no reaction on a stalemate


def test_stalemate_on_its_own_holding_the_holder_stays():
    s = battle_at([force("A1", "C3"), force("B1", "C3")], holdings=[holding("C3", "B")])
    new, _ = run(s, BattleReport("stalemate"))
    assert new.force("B1").square == "C3" and new.force("A1").square != "C3"


def test_stalemate_between_defending_forces_nobody_moves():
    s = battle_at([force("A1", "C3", "defend"), force("B1", "C3", "defend")])
    new, _ = run(s, BattleReport("stalemate"))
    assert (new.force("A1").square, new.force("B1").square) == ("C3", "C3")


def test_forces_still_in_contact_after_a_pitched_battle_fight_an_ordinary_battle_the_next_day():
    # FW-9.8 [DEV]: still in contact, they fight again on day 2; only a Last stand is carried over as one
    # (FW-23.6), so this is no Last stand and nobody is its defender
    s = battle_at([force("A1", "C3", "defend"), force("B1", "C3", "defend")])
    assert s.pending[0].scenario == "pitched"
    new, _ = run(s, BattleReport("stalemate"))
    (again,) = new.pending
    assert (again.square, again.day, again.scenario, again.defenders) == ("C3", 2, "pitched", ())
    assert set(again.forces) == {"A1", "B1"}


def test_a_new_leader_from_the_ranks_for_the_loser():
    s = battle_at([force("A1", "C3"), force("B1", "C3")])
    new, _ = run(s, BattleReport("A", leaders_lost=("B1",)))
    assert new.force("B1").leader.cv == 1 and new.force("B1").leader.name != "Leader B1"


@pytest.mark.parametrize("face, kept", [(4, True), (3, False)])
def test_the_winners_fallen_leader_takes_the_wounded_check(face, kept):
    s = battle_at([force("A1", "C3"), force("B1", "C3")])
    new, _ = run(s, BattleReport("A", leaders_lost=("A1",)), faces=[face])
    assert (new.force("A1").leader.name == "Leader A1") is kept
    assert new.force("A1").leader.cv == (3 if kept else 1)


# --- the campaign to date ------------------------------------------------------------------------


def test_battle_counts_for_will_to_fight():
    s = battle_at([force("A1", "C3"), force("B1", "C3")])
    new, _ = run(s, BattleReport("B"))
    assert (new.side("B").battles_won, new.side("A").battles_lost) == (1, 1)
    assert new.side("A").will_to_fight_due == ("FW-13.b",) and new.side("B").will_to_fight_due == ()
    new, _ = run(s, BattleReport("stalemate"))
    assert new.side("A").battles_lost == new.side("B").battles_won == 0


def test_loot_is_lost_with_the_battle():
    s = battle_at([force("A1", "C3"), force("B1", "C3", loot="E6")], holdings=[holding("E6", "A")])
    new, _ = run(s, BattleReport("A"))
    assert new.force("B1").loot is None


def test_a_retreat_ending_on_an_empty_enemy_holding_captures_it():
    # FW-12.5 then FW-9.10 [DEV]: the retreat is B1's move.  B1 lost at C3; its one legal step (every other
    # square around C3 is across a river off a crossing) is B2, side A's village with no force of A there
    board = make_board(cut=[("C3", x) for x in make_board().steps["C3"] if x != "B2"])
    s = battle_at([force("A1", "C3"), force("B1", "C3")], board=board, holdings=[holding("B2", "A", original="A")])
    new, _ = run(s, BattleReport("A"), board=board)
    assert new.force("B1").square == "B2"
    assert new.holding("B2").owner == "B"
    assert (new.side("B").holdings_taken, new.side("A").holdings_lost) == (1, 1)
    assert "FW-13.c" in new.side("A").will_to_fight_due


def test_the_winner_takes_the_enemy_holding_the_loser_leaves():
    s = battle_at([force("A1", "C5"), force("B1", "C5"), force("B2", "F6")], "C5", holdings=[holding("C5", "B")])
    new, _ = run(s, BattleReport("A"))
    assert new.holding("C5").owner == "A"
    assert (new.side("A").holdings_taken, new.side("B").holdings_lost) == (1, 1)
    assert set(new.side("B").will_to_fight_due) == {"FW-13.b", "FW-13.c"}


def test_a_force_with_no_models_left_is_removed_and_its_side_tests():
    s = battle_at([force("A1", "C3"), force("B1", "C3")])
    new, _ = run(s, BattleReport("A", (UnitLosses("B1-U1", killed=10),)))
    assert new.force("B1") is None
    assert "FW-13.a" in new.side("B").will_to_fight_due


def test_after_the_last_report_the_turn_goes_on_to_phase_4():
    forces = [force("A1", "C3"), force("B1", "C3"), force("A2", "F5"), force("B2", "F5")]
    s = start_battles(make_state(forces, pending=[contact("C3", "A1", "B1"), contact("F5", "B2", "A2")], phase=3))
    one, _ = run(s, BattleReport("A"))
    assert one.phase == "battle" and [c.square for c in one.pending] == ["F5"]
    two, _ = run(one, BattleReport("B"))
    assert two.phase == 4 and not two.pending
    named, _ = run(s, BattleReport("A", square="C3"))  # the first battle may be named
    assert [c.square for c in named.pending] == ["F5"]


def test_a_later_battle_while_an_earlier_one_waits_is_refused_naming_the_first():
    # FW-9.8: "resolve the battles in the order in which contacts occurred": C3 happened first
    forces = [force("A1", "C3"), force("B1", "C3"), force("A2", "F5"), force("B2", "F5")]
    s = start_battles(make_state(forces, pending=[contact("C3", "A1", "B1"), contact("F5", "B2", "A2")], phase=3))
    with pytest.raises(CommandError) as err:
        run(s, BattleReport("B", square="F5"))
    assert str(err.value).startswith("the battle at C3 (A1, B1) comes first")
    assert "(FW-9.8)" in str(err.value)
    assert after_battle.refusal(s, make_board(), BattleReport("B", square="F5")) == str(err.value)


# --- refusals ------------------------------------------------------------------------------------


def test_a_winner_with_no_models_left_is_refused():
    # FW-10.3: a side with no models left on the table has lost; the opponent, with models left, wins.
    # A1 had 10 figures, all 10 killed; B1 lost 3 of its 10 and has 7 left
    s = battle_at([force("A1", "C3"), force("B1", "C3")])
    report = BattleReport("A", (UnitLosses("A1-U1", killed=10), UnitLosses("B1-U1", killed=3)))
    with pytest.raises(CommandError) as err:
        run(s, report)
    assert str(err.value) == (
        "side A won, but side A has no models left on the table and side B has 7: "
        "a side with no models left has lost, side B won (FW-10.3)"
    )
    with pytest.raises(CommandError, match="a stalemate, but side A has no models left"):
        run(s, BattleReport("stalemate", (UnitLosses("A1-U1", fled=6, withdrawn=4),)))
    new, _ = run(s, BattleReport("B", (UnitLosses("A1-U1", killed=10),)))  # the right winner is taken
    assert new.force("A1") is None


def test_both_sides_without_models_may_report_any_result():
    # FW-10.3 names no winner when neither side has a model left: the players decide
    s = battle_at([force("A1", "C3"), force("B1", "C3")])
    run(s, BattleReport("A", (UnitLosses("A1-U1", killed=10), UnitLosses("B1-U1", killed=10))), faces=[6] * 10)


@pytest.mark.parametrize(
    "report, message",
    [
        (BattleReport("C"), "give A, B or stalemate"),
        (BattleReport("A", (UnitLosses("Z9-U1", killed=1),)), "did not fight"),
        (BattleReport("A", (UnitLosses("B1-U1", killed=6, fled=5),)), "had 10 figures"),
        (BattleReport("A", (UnitLosses("B1-U1", killed=-1),)), "below 0"),
        (BattleReport("A", (UnitLosses("B1-U1", killed=1), UnitLosses("B1-U1", fled=1))), "twice"),
        (BattleReport("A", leaders_lost=("B7",)), "did not fight"),
        (BattleReport("A", square="F6"), "no pending battle at F6"),
    ],
)
def test_refused_reports_leave_the_state_unchanged(report, message):
    s = battle_at([force("A1", "C3"), force("B1", "C3"), force("B2", "F6")])
    with pytest.raises(CommandError, match=message):
        run(s, report)


def test_no_pending_battle_is_refused():
    s = make_state([force("A1", "C3"), force("B1", "E5")], phase=4)
    with pytest.raises(CommandError, match="no battle is waiting"):
        run(s, BattleReport("A"))


def test_tables_are_the_digests():
    # FW-12.1 / FW-12.2: modified 1-3 lost, 4-6 back
    assert [after_battle.WOUNDED.lookup(t).outcome for t in range(1, 7)] == ["dead"] * 3 + ["returns"] * 3
    assert [after_battle.DESERTERS.lookup(t).outcome for t in range(1, 7)] == ["deserted"] * 3 + ["returns"] * 3
    assert after_battle.QUALITY == {"poor": 0, "average": 1, "veteran": 2, "elite": 3}


# --- properties over many random battles ----------------------------------------------------------


def test_random_battles_keep_the_rules():
    """Figures never below 0 nor above the start; a force that leaves takes one legal step into no enemy."""
    import random

    rng = random.Random(9)
    for n in range(150):
        squares = list(make_board().squares)
        cut = [("C3", x) for x in make_board().steps["C3"] if rng.random() < 0.4]
        board = make_board(cut=cut)
        others = [force("A9", rng.choice(squares)), force("B9", rng.choice(squares))]
        others = [f for f in others if f.square != "C3"]
        a = force("A1", "C3", rng.choice(["probe", "max_speed", "defend"]), units=(unit("A1-U1", rng.randint(1, 12), rng.choice(["poor", "elite"])),))
        b = force("B1", "C3", rng.choice(["probe", "max_speed", "defend"]), units=(unit("B1-U1", rng.randint(1, 12), mercenary=rng.random() < 0.2),))
        s = battle_at([a, b, *others], board=board)
        losses = []
        for f in (a, b):
            u = f.units[0]
            k = rng.randint(0, u.figures)
            fl = rng.randint(0, u.figures - k)
            losses.append(UnitLosses(u.id, killed=k, fled=fl, withdrawn=rng.randint(0, u.figures - k - fl)))
        winner = rng.choice(["A", "B", "stalemate"])
        left = [f.units[0].figures - x.killed - x.fled - x.withdrawn for f, x in zip((a, b), losses)]
        if left.count(0) == 1:  # FW-10.3: the side with no models left has lost
            winner = "B" if left[0] == 0 else "A"
        new, _ = apply(s, BattleReport(winner, tuple(losses)), GameDice(n), board)
        for f in (a, b):
            g = new.force(f.id)
            if g is None:
                continue
            assert 0 < g.figures <= f.figures
            if g.square != "C3":
                assert g.square in board.steps["C3"]
                assert not [h for h in new.forces_at(g.square) if h.side != g.side]


def test_a_table_looked_up_for_the_first_time_gives_the_digests_band():
    # FW-12.1: modified 1-3 dead, 4-6 returns; a table not seen before (a fresh copy) must not miss the cache
    from mapgen.campaign.dice import band_for
    from mapgen.tables import Table

    fresh = Table(after_battle.WOUNDED.rule, after_battle.WOUNDED.name, "1D6", after_battle.WOUNDED.bands)
    assert [band_for(fresh, t).outcome for t in (3, 4, 3)] == ["dead", "returns", "dead"]


def test_each_units_check_rolls_its_own_dice():
    # a unit's wounded dice come from its own place: the same whether or not another unit rolled first
    def faces(first: bool) -> tuple:
        dice = GameDice(11)
        if first:
            after_battle.check_models(dice, after_battle.WOUNDED, 6, [], day=1, place="A1-U1/wounded", text="t", side="A")
        after_battle.check_models(dice, after_battle.WOUNDED, 6, [], day=1, place="A1-U2/wounded", text="t", side="A")
        return dice.log[-1].faces

    assert faces(True) == faces(False)
