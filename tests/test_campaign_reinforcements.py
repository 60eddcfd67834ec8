"""Phase 7 reinforcements (FW-15, AMB-22/23/55) and the ``reinforce`` command.

Side A has 2000 initial points, its capital and 3 other holdings: FW-15 gives
10 % of 2000 = 200 for the capital and 2 % = 40 for each other holding.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mapgen.campaign import reinforcements
from mapgen.campaign.core import CommandError, Reinforce
from mapgen.campaign.ruleset import apply
from mapgen.campaign.state import Leader, Options

from .cal_state import NO_BOARD, dice, force, holding, state, unit


def banked(s, side="A"):
    return s.side(side).reinforcement_points


def test_day_7_capital_and_three_holdings():
    new = reinforcements.start(state(day=7), dice(), NO_BOARD)
    assert banked(new, "A") == 200 + 3 * 40 == 320
    assert banked(new, "B") == 200  # its capital only


def test_nothing_on_day_6():
    s = state(day=6)
    assert reinforcements.start(s, dice(), NO_BOARD) is s


def test_points_are_banked_and_added_every_seventh_day():
    # FW-15.h: unspent points wait; day 14 is the next reinforcement day (AMB-22)
    s = reinforcements.start(state(day=14, banked=(100, 0)), dice(), NO_BOARD)
    assert banked(s) == 100 + 320


def test_the_interval_is_an_option():
    opts = Options(reinforcement_interval=5)
    assert banked(reinforcements.start(state(day=5, options=opts), dice(), NO_BOARD)) == 320
    assert banked(reinforcements.start(state(day=7, options=opts), dice(), NO_BOARD)) == 0


def test_no_capital_no_reinforcements():
    # AMB-22: side A lost its capital to B; B holds it as one more holding (2 %), not as its capital
    hold = (
        holding("B2", "A", capital=True, owner="B"),
        holding("B5", "A"),
        holding("H2", "B", capital=True),
    )
    s = reinforcements.start(state(day=7, holdings=hold), dice(), NO_BOARD)
    assert banked(s, "A") == 0
    assert banked(s, "B") == 200 + 40


def test_a_sacked_holding_yields_nothing():
    # AMB-55: a sacked holding gives points to nobody
    hold = (
        holding("B2", "A", capital=True),
        holding("B5", "A", sacked=True),
        holding("C3", "A"),
        holding("H2", "B", capital=True),
    )
    assert banked(reinforcements.start(state(day=7, holdings=hold), dice(), NO_BOARD)) == 200 + 40


def test_a_sacked_capital_yields_nothing():
    hold = (holding("B2", "A", capital=True, sacked=True), holding("B5", "A"), holding("H2", "B", capital=True))
    assert banked(reinforcements.start(state(day=7, holdings=hold), dice(), NO_BOARD)) == 0


# --- the reinforce command ---------------------------------------------------------------------------------

BOARD = object()  # the command reads no map


def send(s, *units, side="A", leader=None):
    return apply(s, Reinforce(side, tuple(units), leader), dice(), BOARD)[0]


def test_reinforcements_join_the_force_in_the_capital():
    # FW-15.c: 20 average infantry at 6 points = 120 points join A1 in the capital B2
    s = state(day=8, phase=1, banked=(320, 0))
    new = send(s, unit("new", 20, 6))
    a1 = new.force("A1")
    assert [u.figures for u in a1.units] == [20, 20]
    assert a1.units[-1].id == "A1-U2"
    assert banked(new) == 200


def test_reinforcements_form_a_new_force_with_a_general():
    # FW-15.d: nobody in the capital; the new force takes the first free counter, A2
    s = state(force("A1", "B5"), force("A3", "C3"), force("B1", "H2"), day=8, phase=1, banked=(320, 0))
    new = send(s, unit("x", 10, 8, "veteran", "cavalry"), leader=Leader("Gunther", 3))
    a2 = new.force("A2")
    assert (a2.square, a2.leader.name, a2.order, a2.reaction) == ("B2", "Gunther", "defend", None)
    assert [(u.id, u.figures) for u in a2.units] == [("A2-U1", 10)]
    assert banked(new) == 240


@pytest.mark.parametrize(
    "why, build, units, leader, message",
    [
        ("elite", lambda: state(day=8, phase=1, banked=(999, 0)), (unit("e", 10, 10, "elite"),), None, "FW-15.b"),
        ("too dear", lambda: state(day=8, phase=1, banked=(100, 0)), (unit("d", 20, 6),), None, "only 100 are banked"),
        ("no units", lambda: state(day=8, phase=1, banked=(100, 0)), (), None, "at least one unit"),
        ("free figures", lambda: state(day=8, phase=1, banked=(100, 0)), (unit("f", 5, 0),), None, "no points per figure"),
        ("wrong phase", lambda: state(day=8, phase=2, banked=(999, 0)), (unit("p"),), None, "Phase 1"),
        ("no capital", lambda: state(day=8, phase=1, banked=(999, 0), holdings=(holding("B2", "A", True, owner="B"), holding("H2", "B", True))),
         (unit("c"),), None, "FW-15.a"),
        ("no general", lambda: state(force("A1", "B5"), force("B1", "H2"), day=8, phase=1, banked=(999, 0)), (unit("g"),), None, "FW-15.d"),
        ("must join", lambda: state(day=8, phase=1, banked=(999, 0)), (unit("j"),), Leader("Extra", 3), "FW-15.c"),
        ("enemy there", lambda: state(force("A1", "B5"), force("B1", "B2"), day=8, phase=1, banked=(999, 0)), (unit("x"),), Leader("L", 3), "enemy"),
        ("no counter left", lambda: state(*[force(f"A{n}", "A1") for n in range(1, 7)], day=8, phase=1, banked=(999, 0)),
         (unit("x"),), Leader("L", 3), "FW-1.1"),
    ],
)
def test_refused_reinforcements(why, build, units, leader, message):
    s = build()
    with pytest.raises(CommandError, match=message):
        send(s, *units, leader=leader)


@pytest.mark.parametrize("hired", [{"mercenary": True}, {"ally": True}])
def test_mercenaries_or_allies_alone_form_no_new_force(hired):
    # FW-4.2.f: "allies and mercenaries cannot form a Force on their own"; nobody in the capital B2
    s = state(force("A1", "B5"), force("B1", "H2"), day=8, phase=1, banked=(999, 0))
    hire = replace(unit("m", 10, 6), **hired)
    with pytest.raises(CommandError) as err:
        send(s, hire, leader=Leader("Condottiere", 3))
    assert str(err.value).startswith("the new force A2 would hold only allied or mercenary units")
    assert "(FW-4.2.f)" in str(err.value)
    new = send(s, hire, unit("r", 10, 6), leader=Leader("Condottiere", 3))  # with regular units they may
    assert [(u.mercenary, u.ally) for u in new.force("A2").units] == [(hired.get("mercenary", False), hired.get("ally", False)), (False, False)]


def test_mercenaries_may_join_a_force_in_the_capital():
    # FW-4.2.f: they support the regular units of A1
    new = send(state(day=8, phase=1, banked=(999, 0)), replace(unit("m", 10, 6), mercenary=True))
    assert new.force("A1").units[-1].mercenary


def test_unknown_side_is_refused():
    with pytest.raises(CommandError, match="no side"):
        send(state(day=8, phase=1), unit("x"), side="C")


def test_the_refused_command_leaves_the_points():
    s = state(day=8, phase=1, banked=(100, 0))
    with pytest.raises(CommandError):
        send(s, unit("d", 20, 6))
    assert banked(s) == 100
    assert replace(s) == s


def test_new_units_skip_the_numbers_still_in_the_force():
    # [DEV] ids never clash: A1 kept U1 and U3 (U2 was lost), so the newcomers are U4 and U5
    f = force("A1", "C1", unit("A1-U1"), unit("A1-U3"))
    ids = [u.id for u in reinforcements._renumber(f, (unit("new-1"), unit("new-2")))]
    assert ids == ["A1-U4", "A1-U5"]


def test_a_holdings_home_is_the_side_the_map_gave_it_to():
    # FW-15.a / FW-13: a holding B captured from A is still A's home
    from mapgen.campaign.state import HoldingState

    assert reinforcements.home(HoldingState("C1", "B", True, "city", False, "A")) == "A"
    assert reinforcements.home(HoldingState("C1", "B", True, "city")) == "B"


def test_the_banks_news_is_for_its_own_side_only():
    # FW-15.h: each side's points are its own: the log lines, nothing or something, are secret to it
    hold = (holding("B2", "A", capital=True, owner="B"), holding("H2", "B", capital=True))
    d = dice()
    reinforcements.start(state(day=7, holdings=hold), d, NO_BOARD)
    lines = {e.side: (e.secret, e.text) for e in d.log}
    assert lines["A"][0] is True and "side A: no reinforcement points" in lines["A"][1]
    assert lines["B"][0] is True and "side B: +" in lines["B"][1]
