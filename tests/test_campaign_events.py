"""Phase 8 random events (FW-16.1, FW-16.3, FW-16.3.1) with the faces entered.

Each row of each table is rolled with injected dice; the expected effects are
typed from the digest (points, heroes, CV, Shattered, epidemics, disasters).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mapgen.campaign import events
from mapgen.campaign.events import CATASTROPHE, GENERAL
from mapgen.campaign.state import Options

from .cal_state import NO_BOARD, dice, force, rolled, state, unit


def three(total: int) -> tuple[int, int, int]:
    """Three D6 faces adding up to ``total``."""
    a = min(6, total - 2)
    b = min(6, total - a - 1)
    return a, b, total - a - b


def general(total: int, s=None, *more: int):
    s = s or state(day=7, phase=8)
    d = dice(*three(total), *more)
    new = events.roll_table(s, d, "A", GENERAL, "events")
    assert d.unused_entered == []
    return s, new, d


def banked(s, side="A"):
    return s.side(side).reinforcement_points


# --- FW-16.1 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("total, points", [(3, 0), (4, 0), (5, 50), (6, 100), (7, 150), (10, 100)])
def test_general_points(total, points):
    _, new, _ = general(total)
    assert banked(new) == points


def test_general_8_gives_100_and_one_more_roll():
    # AMB-24: result 8 grants one further roll; here it comes up 5, +50
    _, new, d = general(8, None, *three(5))
    assert banked(new) == 150
    assert [r.total for r in rolled(d)] == [8, 5]


def test_general_8_twice_rolls_only_once_more():
    _, new, d = general(8, None, *three(8))
    assert banked(new) == 200
    assert len(rolled(d)) == 2


@pytest.mark.parametrize("total, who", [
    (9, ("Hero on foot",)),
    (10, ("Hero on foot",)),
    (12, ("Scout", "Scout")),
    (18, ("Wizard (25 MP)",)),
])
def test_general_individuals_join_a_force(total, who):
    _, new, _ = general(total)
    assert new.force("A1").individuals == who


def test_general_11_a_random_leader_under_stress():
    # AMB-75: harmful events pick their target at random: 1D2 = 2 picks A2
    s = state(force("A1", "B2", cv=4), force("A2", "B5", cv=3), force("B1", "H2"), day=7, phase=8)
    _, new, d = general(11, s, 2)
    assert (new.force("A1").leader.cv, new.force("A2").leader.cv) == (4, 2)
    assert rolled(d)[-1].rule == "AMB-75"


def test_general_11_strikes_only_leaders_above_cv_2():
    # "his CV is reduced to 2": A1 (CV 1) and A2 (CV 2) cannot be reduced to 2, so A3 (CV 5) is the one
    # eligible leader: no target roll, and no leader is raised to 2
    s = state(force("A1", "B2", cv=1), force("A2", "B5", cv=2), force("A3", "B3", cv=5), force("B1", "H2"), day=7, phase=8)
    _, new, d = general(11, s)
    assert [new.force(f).leader.cv for f in ("A1", "A2", "A3")] == [1, 2, 2]
    assert len(rolled(d)) == 1


def test_general_11_with_no_leader_above_cv_2_affects_none():
    s = state(force("A1", "B2", cv=1), force("A2", "B5", cv=2), force("B1", "H2"), day=7, phase=8)
    _, new, d = general(11, s)
    assert [new.force(f).leader.cv for f in ("A1", "A2")] == [1, 2]
    assert [e.text for e in d.log if e.dice is None] == ["side A: no leader above CV 2, the stress affects none"]


def test_general_11_with_one_force_needs_no_target_roll():
    _, new, d = general(11)
    assert new.force("A1").leader.cv == 2
    assert len(rolled(d)) == 1


def test_general_13_a_leader_emerges():
    s = state(force("A1", "B2", cv=4), force("A2", "B5", cv=3), force("B1", "H2"), day=7, phase=8)
    _, new, _ = general(13, s)
    assert (new.force("A1").leader.cv, new.force("A2").leader.cv) == (4, 4)


def test_general_13_never_above_cv_6():
    s = state(force("A1", "B2", cv=6), force("B1", "H2"), day=7, phase=8)
    _, new, _ = general(13, s)
    assert new.force("A1").leader.cv == 6


@pytest.mark.parametrize("total", [14, 15, 16, 17])
def test_general_gains_settled_at_the_table_are_logged(total):
    s, new, d = general(total)
    assert new == s
    assert any("gains" in e.text for e in d.log if e.dice is None)


# --- FW-16.3 -----------------------------------------------------------------------------------------


def catastrophe(face: int, s, *more: int):
    d = dice(face, *more)
    new = events.roll_table(s, d, "A", CATASTROPHE, "catastrophe")
    assert d.unused_entered == []
    return new, d


@pytest.mark.parametrize("face", [1, 2])
def test_catastrophe_none(face):
    s = state(day=7, phase=8)
    assert catastrophe(face, s)[0] == s


def test_catastrophe_3_storm_shatters_a_force():
    new, _ = catastrophe(3, state(day=7, phase=8))
    a1 = new.force("A1")
    assert (a1.order, a1.reaction) == (None, "shattered")


def test_catastrophe_3_storm_picks_among_the_forces_not_yet_shattered():
    s = state(force("A1", "B2", reaction="shattered"), force("A2", "B5"), force("A3", "C3"), force("B1", "H2"), day=7, phase=8)
    new, _ = catastrophe(3, s, 2)
    assert [new.force(f).reaction for f in ("A1", "A2", "A3")] == ["shattered", None, "shattered"]


def test_catastrophe_3_storm_annihilates_when_all_are_shattered():
    s = state(force("A1", "B2", reaction="shattered"), force("A2", "B5", reaction="shattered"), force("B1", "H2"), day=7, phase=8)
    new, _ = catastrophe(3, s, 1)
    assert [f.id for f in new.forces] == ["A2", "B1"]
    assert new.removed == ("A1",)


def test_catastrophe_3_storm_removing_the_last_force_calls_the_will_to_fight_test():
    s = state(force("A1", "B2", reaction="shattered"), force("B1", "H2"), day=7, phase=8)
    new, _ = catastrophe(3, s)
    assert new.side("A").will_to_fight_due == ("FW-13.a",)


def test_catastrophe_4_epidemic_in_a_holding_with_a_force():
    # 4 holdings of A: 1D4 = 2 picks B5, where A2 stands with 20 figures at 6 points:
    # 100 points go, [DEV] 17 figures (102 points: at least the stated loss)
    s = state(force("A1", "B2"), force("A2", "B5"), force("B1", "H2"), day=7, phase=8, banked=(300, 0))
    new, _ = catastrophe(4, s, 2)
    assert new.force("A2").figures == 3
    assert new.force("A1").figures == 20
    assert banked(new) == 300  # the reserves are in the capital, not at B5


def test_catastrophe_4_epidemic_in_the_capital_holding_strikes_the_reserves_too():
    s = state(day=7, phase=8, banked=(300, 0))
    new, _ = catastrophe(4, s, 1)  # 1D4 = 1: B2, the capital
    assert banked(new) == 200
    assert new.force("A1").figures == 3


def test_catastrophe_4_epidemic_where_no_force_stands():
    s = state(day=7, phase=8, banked=(300, 0))
    new, _ = catastrophe(4, s, 3)  # C3
    assert new.forces == s.forces and banked(new) == 300


def test_catastrophe_5_epidemic_in_the_capital():
    s = state(day=7, phase=8, banked=(80, 0))
    new, _ = catastrophe(5, s)
    assert banked(new) == 0  # 80 - 100, never below nothing
    assert new.force("A1").figures == 3


def test_epidemic_takes_the_cheapest_figures_first():
    f = force("A1", "B2", unit("A1-U1", 10, 16, "veteran", "cavalry"), unit("A1-U2", 20, 5))
    # [DEV] 100 points: all 20 five-point figures go, and the emptied unit is struck off
    assert [(u.id, u.figures) for u in events.strip(f, 100).units] == [("A1-U1", 10)]
    # 150 points: the 20 infantry (100), then 4 riders (64 >= the 50 left)
    assert [(u.id, u.figures) for u in events.strip(f, 150).units] == [("A1-U1", 6)]


def test_epidemic_can_wipe_out_a_force():
    s = state(force("A1", "B2", unit("A1-U1", 10, 6)), force("B1", "H2"), day=7, phase=8)
    new, _ = catastrophe(5, s)
    assert new.force("A1") is None


def test_catastrophe_6_disaster_on_a_force_square():
    # each player rolls FW-16.3.1: A rolls 5 (a square with one of its forces), B rolls 3 (nothing).
    # A1 in the capital loses half its 120 points (10 figures), is Shattered, and half the reserves go.
    s = state(day=7, phase=8, banked=(300, 0))
    new, d = catastrophe(6, s, 5, 3)
    a1 = new.force("A1")
    assert (a1.figures, a1.reaction) == (10, "shattered")
    assert banked(new) == 150
    assert new.force("B1") == s.force("B1")
    assert [r.rule for r in rolled(d)] == ["FW-16.3", "FW-16.3.1", "FW-16.3.1"]


def test_catastrophe_6_disaster_on_a_holding_without_a_force():
    # A rolls 6: one of its 4 holdings, 1D4 = 1: the capital, where no force stands: half the reserves
    s = state(force("A1", "B5"), force("B1", "H2"), day=7, phase=8, banked=(300, 0))
    new, _ = catastrophe(6, s, 6, 1, 2)
    assert banked(new) == 150
    assert new.force("A1") == s.force("A1")


def test_catastrophe_6_disaster_outside_the_capital_leaves_the_reserves():
    # FW-16.3.1: 50 % of every Force and reserve *in the struck square*; the reserves lie in the capital (B2),
    # so A1 struck at C3 is halved and Shattered and the 300 banked points stay
    s = state(force("A1", "C3"), force("B1", "H2"), day=7, phase=8, banked=(300, 0))
    new, _ = catastrophe(6, s, 5, 1)
    assert new.force("A1").reaction == "shattered"
    assert banked(new) == 300


def test_catastrophe_6_disaster_annihilates_an_already_shattered_force():
    s = state(force("A1", "B2", reaction="shattered"), force("B1", "H2"), day=7, phase=8)
    new, _ = catastrophe(6, s, 5, 1)
    assert new.force("A1") is None


def test_catastrophe_6_strikes_the_other_side_too():
    s = state(day=7, phase=8)
    new, _ = catastrophe(6, s, 1, 5)
    assert new.force("B1").reaction == "shattered"
    assert new.force("A1") == s.force("A1")


# --- the phase ---------------------------------------------------------------------------------------


def test_each_side_rolls_both_tables_on_the_event_day():
    s = state(day=7, phase=8, options=Options(random_events=True))
    d = dice(*three(5), 1, *three(6), 2)
    new = events.start(s, d, NO_BOARD)
    assert [(r.rule, r.side) for r in rolled(d)] == [("FW-16.1", "A"), ("FW-16.3", "A"), ("FW-16.1", "B"), ("FW-16.3", "B")]
    assert (banked(new, "A"), banked(new, "B")) == (50, 100)


def test_no_events_off_the_interval_or_without_the_option():
    d = dice()
    for s in (state(day=6, phase=8, options=Options(random_events=True)), state(day=7, phase=8)):
        assert events.start(s, d, NO_BOARD) is s
    assert d.log == []


def test_every_total_of_3d6_has_an_event():
    assert [GENERAL.lookup(t).outcome for t in (3, 4, 18)] == ["none", "none", "wizard"]


@pytest.mark.parametrize("scenario", [None, "incursione"])
def test_many_event_days_keep_the_state_sound(scenario):
    # derived dice over many seeds: every force keeps a unit, one order or reaction, a CV of 1 to 6
    from mapgen.campaign import reinforcements
    from mapgen.campaign.dice import GameDice

    base = state(force("A1", "B2", reaction="shattered"), force("A2", "B2"), force("A3", "B5", unit("A3-U1", 3, 6)),
                 force("B1", "H2"), force("B2", "H2", cv=6), day=7, phase=8, banked=(120, 40),
                 options=Options(random_events=True, scenario=scenario))
    for seed in range(300):
        s = base
        for day in (7, 14, 21, 28, 35):
            g = GameDice(seed)
            s = events.start(reinforcements.start(replace(s, day=day), g, NO_BOARD), g, NO_BOARD)
        for f in s.forces:
            assert f.units and all(u.figures > 0 for u in f.units)
            assert (f.order is None) != (f.reaction is None)
            assert 1 <= f.leader.cv <= 6
        assert all(side.reinforcement_points >= 0 for side in s.sides)


def test_the_storms_target_roll_is_the_struck_sides_secret_and_names_a_force():
    # AMB-75: the 1D2 for which of A2, A3 the storm strikes; the line says "force" and is side A's
    s = state(force("A1", "B2", reaction="shattered"), force("A2", "B5"), force("A3", "C3"), force("B1", "H2"), day=7, phase=8)
    _, d = catastrophe(3, s, 2)
    target = next(e for e in rolled(d) if e.rule == "AMB-75")
    assert (target.text, target.side, target.secret, target.outcome) == ("side A: which force the event strikes", "A", True, "A3")


def test_the_storms_pick_among_shattered_forces_also_names_a_force():
    # AMB-75: every force already Shattered; the 1D2 that chooses the one removed says "force"
    s = state(force("A1", "B2", reaction="shattered"), force("A2", "B5", reaction="shattered"), force("B1", "H2"), day=7, phase=8)
    _, d = catastrophe(3, s, 1)
    target = next(e for e in rolled(d) if e.rule == "AMB-75")
    assert (target.text, target.outcome) == ("side A: which force the event strikes", "A1")


def test_the_disasters_pick_among_holdings_names_a_square():
    # FW-16.3.1 face 6: one of side A's 4 holdings; AMB-75's 1D4 line says "square"
    s = state(force("A1", "B5"), force("B1", "H2"), day=7, phase=8)
    _, d = catastrophe(6, s, 6, 1, 2)
    target = next(e for e in rolled(d) if e.rule == "AMB-75")
    assert (target.dice, target.text, target.side, target.secret) == ("1D4", "side A: which square the event strikes", "A", True)
