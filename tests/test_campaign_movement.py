"""Phase 2, movement (FW-9), and the jungle losses (FW-19.9): worked example, tables and refusals.

The boards are hand-made (tests/campaign_move_tiny.py): 7 columns, A-B side
A's territory, C-E neutral, F-G side B's.  Every expected total and
allowance is worked out by hand from the digest's FW-9.2 / FW-9.3 tables.
"""

from __future__ import annotations

import pytest

from mapgen.campaign import CommandError, GameDice, Move, apply, movement
from mapgen.campaign.after_battle import DESERTERS as DESERTER_CHECK
from mapgen.campaign.after_battle import WOUNDED as WOUNDED_CHECK
from mapgen.campaign.jungle import checked, jungle_losses
from mapgen.campaign.state import HoldingState, Options, evolve
from mapgen.campaign.store import to_json
from tests.campaign_move_tiny import force, tiny_board, tiny_state

BOARD = tiny_board(walls=(("B4", "C4"), ("B4", "C5"), ("B5", "C4"), ("B5", "C5")), water=("E5",))


def run(state, cmd, faces=(), board=BOARD):
    return apply(state, cmd, GameDice(11, list(faces)), board)


def moving(forces, side="A", **kw):
    """A state in Phase 2 where ``side`` holds the next initiative slot."""
    return tiny_state(forces, phase=2, initiative=kw.pop("initiative", (side,)), **kw)


def refused(state, cmd, faces=(), match="", board=BOARD):
    before = to_json(state)
    with pytest.raises(CommandError, match=match) as err:
        run(state, cmd, faces, board)
    assert "\n" not in str(err.value)
    assert to_json(state) == before
    return str(err.value)


# --- the worked example ------------------------------------------------------------------------


def test_worked_example_fw_9_5_max_speed_from_river_and_swamp_in_enemy_territory():
    # FW-9.5: roll 4, -1 river, -1 swamp, -1 enemy territory, +2 Max Speed = 3 -> 1 square; it may then counter-march.
    board = tiny_board(terrain={"F3": "swamp"}, walls=(("F3", "G3"),))
    state = moving([force("A1", "F3", "max_speed"), force("B1", "A5")])
    new, events = run(state, Move("A1", ("E3", "D3"), countermarch="D2"), [4], board)
    roll = events[0]
    assert roll.rule == "FW-9.3" and roll.faces == (4,) and roll.entered
    assert roll.total == 3
    assert {(m.name, m.value) for m in roll.modifiers} == {("swamp", -1), ("river", -1), ("enemy territory", -1), ("max speed", 2)}
    a1 = new.force("A1")
    assert a1.square == "D2" and a1.path_today == ("F3", "E3", "D2")  # 1 square of the 2 asked, then the counter-march
    assert (a1.order, a1.reaction, a1.moved_today) == (None, "confused", True)  # FW-9.6: any order -> Confused


# --- FW-9.2 modifiers and FW-9.3 bands ---------------------------------------------------------

# (terrain, flags of the start square, its territory, naran_movement, order, reaction, weather, snow, face, total, squares)
ROWS = [
    ("plain", {}, "N", False, "probe", None, None, 0, 2, 2, 0),  # 2 or less: cannot move
    ("plain", {}, "N", False, "probe", None, None, 0, 3, 3, 1),  # 3-5: 1
    ("plain", {}, "N", False, "probe", None, None, 0, 5, 5, 1),
    ("plain", {}, "N", False, "probe", None, None, 0, 6, 6, 2),  # 6-8: 2
    ("plain", {}, "N", False, "max_speed", None, None, 0, 6, 8, 2),  # Max Speed +2
    ("plain", {}, "A", False, "max_speed", None, None, 0, 6, 9, 3),  # friendly +1: 9+: 3
    ("plain", {}, "B", False, "probe", None, None, 0, 3, 2, 0),  # enemy -1
    ("mountain", {}, "N", False, "probe", None, None, 0, 6, 3, 1),  # mountain -3
    ("mountain", {"mountain_pass": True}, "N", True, "probe", None, None, 0, 6, 6, 2),  # a pass cancels it [NT]
    ("mountain", {"mountain_pass": True}, "N", False, "probe", None, None, 0, 6, 3, 1),  # ... only with the [NT] rows
    ("forest", {}, "N", False, "probe", None, None, 0, 6, 4, 1),  # forest -2
    ("jungle", {}, "N", False, "probe", None, None, 0, 6, 4, 1),  # jungle as forest (FW-2.6 [DEV])
    ("swamp", {}, "N", False, "probe", None, None, 0, 6, 5, 1),  # swamp -1
    ("plain", {"river": True}, "N", False, "probe", None, None, 0, 6, 5, 1),  # river -1
    ("plain", {"river": True, "bridge": True}, "N", True, "probe", None, None, 0, 6, 6, 2),  # a bridge cancels it
    ("plain", {"river": True, "bridge": True}, "N", False, "probe", None, None, 0, 6, 6, 2),  # ... in base mode too (AMB-06)
    ("plain", {"river": True, "ford": True}, "N", True, "probe", None, None, 0, 6, 5, 1),  # a ford does not (AMB-06)
    ("hills", {}, "N", True, "probe", None, None, 0, 6, 4, 1),  # hills -2 [NT]
    ("hills", {}, "N", False, "probe", None, None, 0, 6, 6, 2),
    ("cultivated", {}, "N", True, "probe", None, None, 0, 6, 5, 1),  # cultivated -1 [NT]
    ("desert", {}, "N", True, "probe", None, None, 0, 6, 5, 1),  # desert -1 [NT]
    ("uncultivated", {}, "N", True, "probe", None, None, 0, 6, 6, 2),  # no modifier
    ("plain", {"road": True}, "N", True, "probe", None, None, 0, 5, 6, 2),  # road +1 [NT]
    ("plain", {"road": True}, "N", False, "probe", None, None, 0, 5, 5, 1),
    ("plain", {}, "N", False, None, "confused", None, 0, 6, 6, 2),  # Confused: unimpaired (FW-5.3)
    ("plain", {}, "N", False, None, "unsteady", None, 0, 6, 4, 1),  # Unsteady -2
    ("plain", {}, "N", False, None, "shattered", None, 0, 6, 4, 1),  # Shattered -2
    ("plain", {}, "A", False, "max_speed", None, "fine", 0, 6, 9, 3),
    ("plain", {}, "A", False, "max_speed", None, "light_rain", 0, 6, 8, 2),  # light rain -1
    ("plain", {}, "A", False, "max_speed", None, "heavy", 0, 6, 7, 2),  # heavy rain -2
    ("plain", {}, "A", False, "max_speed", None, None, 2, 6, 7, 2),  # -1 per snow level
    ("plain", {}, "A", False, "max_speed", None, None, 4, 6, 5, 1),
    ("forest", {"river": True}, "B", False, "probe", None, None, 0, 6, 2, 0),  # the source's forest + river + enemy = -4
]


@pytest.mark.parametrize("terrain,flags,territory,naran,order,reaction,today,snow,face,total,squares", ROWS)
def test_movement_roll_and_allowance(terrain, flags, territory, naran, order, reaction, today, snow, face, total, squares):
    board = tiny_board(terrain={"C3": terrain}, territory={"C3": territory}, flags={"C3": flags})
    f = force("A1", "C3", order, reaction)
    state = moving([f, force("B1", "A5")], options=Options(naran_movement=naran), today=today, snow=snow)
    path = ("D3", "E3", "F3")
    new, events = run(state, Move("A1", path), [face], board)
    assert events[0].total == total
    assert new.force("A1").square == (("C3",) + path)[squares]


@pytest.mark.parametrize("terrain, total", [("mountain", 6 - 3 - 2), ("plain", 6)])
def test_autumn_snow_slows_only_a_force_starting_on_a_mountain(terrain, total):
    # FW-7.5 / AMB-13: two autumn snow levels lie on the mountains: -3 mountain and -1 a level there;
    # on the plain the face alone counts (FW-9.2)
    board = tiny_board(terrain={"C3": terrain}, territory={"C3": "N"})
    state = moving([force("A1", "C3"), force("B1", "A5")])
    state = evolve(state, weather=evolve(state.weather, mountain_snow=2))
    _, events = run(state, Move("A1", ("D3",)), [6], board)
    assert events[0].total == total


def test_a_storm_stops_every_force_not_engaged():
    state = tiny_state([force("A1", "C3"), force("B1", "F3")], phase=2, today="storm")
    started = movement.start(state, GameDice(11), BOARD)
    assert started.initiative == () and movement.awaiting(started, BOARD) is None
    refused(started, Move("A1", ("D3",)), match="storm")


# --- initiative (FW-9.1.2 method 2) ------------------------------------------------------------


def test_initiative_sorts_the_totals_of_one_roll_per_force():
    # A1 4+3 = 7, A2 1+3 = 4, B1 2+3 = 5 -> slots A, B, A; B2 defends and takes no slot [DEV].
    state = tiny_state([force("A1", "B3"), force("A2", "B2"), force("B1", "F3"), force("B2", "F2", "defend")], phase=2)
    dice = GameDice(11, [4, 1, 2])
    new = movement.start(state, dice, BOARD)
    assert new.initiative == ("A", "B", "A")
    assert [e.total for e in dice.log if e.dice] == [7, 4, 5]
    assert movement.awaiting(new, BOARD).startswith("movement: side A moves one of A1, A2")


def test_initiative_ties_between_the_sides_are_rerolled():
    # A1 2+3 = 5 and B1 2+3 = 5 tie: re-rolled, A1 1+3 = 4, B1 6+3 = 9 -> B first (AMB-64).
    state = tiny_state([force("A1", "B3"), force("B1", "F3")], phase=2)
    dice = GameDice(11, [2, 2, 1, 6])
    assert movement.start(state, dice, BOARD).initiative == ("B", "A")
    assert sum(1 for e in dice.log if e.dice) == 4


def test_forces_locked_in_contact_take_no_slot():
    from mapgen.campaign.state import Contact

    state = tiny_state([force("A1", "D3"), force("B1", "D3"), force("B2", "F2")], phase=2, pending=(Contact("D3", ("A1", "B1")),))
    new = movement.start(state, GameDice(11, [3]), BOARD)
    assert new.initiative == ("B",)


def test_a_used_slot_goes_and_a_side_with_nothing_left_to_move_loses_its_slots():
    state = moving([force("A1", "B3"), force("B1", "F3"), force("A2", "D1")], initiative=("B", "A", "A"))
    # B1 (probe, friendly F3): 6 + 1 = 7 -> 2 squares, E2 then D1: contact with A2, which is locked.
    new, _ = run(state, Move("B1", ("E2", "D1")), [6])
    assert new.initiative == ("A", "A")
    new, _ = run(new, Move("A1", ()), [1])
    assert new.initiative == ()  # A2 is locked: its slot is dropped
    assert movement.awaiting(new, BOARD) is None


# --- zones of control, contact, collapse, capture ----------------------------------------------


def test_entering_an_enemy_zone_of_control_stops_the_force():
    state = moving([force("A1", "A2", "max_speed"), force("B1", "D1")])
    new, events = run(state, Move("A1", ("B2", "C2", "D2")), [6])  # 6 + 2 + 1 = 9: 3 squares, but C2 borders D1
    assert new.force("A1").square == "C2" and new.force("A1").path_today == ("A2", "B2", "C2")
    assert any("zone of control" in e.text for e in events)


def test_a_zone_of_control_square_leads_on_into_the_enemy_square_contact():
    state = moving([force("A1", "A2", "max_speed"), force("B1", "D1")])
    new, _ = run(state, Move("A1", ("B2", "C2", "D1")), [6])
    assert new.force("A1").square == "D1"
    (contact,) = new.pending
    assert (contact.square, set(contact.forces), contact.mover, contact.day) == ("D1", {"A1", "B1"}, "A1", 1)


def test_a_force_starting_in_a_zone_of_control_may_leave_it():
    state = moving([force("A1", "C2"), force("B1", "D1")])
    new, _ = run(state, Move("A1", ("B2", "A2")), [6])  # neutral: 6 -> 2 squares
    assert new.force("A1").square == "A2"


def test_every_entry_into_a_zone_of_control_square_stops_even_from_another():
    state = moving([force("A1", "C1"), force("B1", "D1")])
    new, _ = run(state, Move("A1", ("C2", "B3")), [6])  # AMB-16: C1 and C2 both border D1
    assert new.force("A1").square == "C2"


def test_a_shattered_enemy_collapses_when_engaged_and_counts_as_a_battle():
    state = moving([force("A1", "B3"), force("B1", "C3", None, "shattered"), force("B2", "G5")])
    new, _ = run(state, Move("A1", ("C3",)), [6])
    assert new.force("B1") is None and new.pending == ()
    assert (new.side("A").battles_won, new.side("B").battles_lost) == (1, 1)  # AMB-53
    assert "FW-13.b" in new.side("B").will_to_fight_due and new.side("A").will_to_fight_due == ()


def test_a_shattered_force_beside_a_steady_one_collapses_and_the_other_fights():
    state = moving([force("A1", "B3"), force("B1", "C3", None, "shattered"), force("B2", "C3")])
    new, _ = run(state, Move("A1", ("C3",)), [6])
    assert new.force("B1") is None
    assert set(new.pending[0].forces) == {"A1", "B2"}


def test_a_force_joins_a_battle_square_that_has_not_been_fought():
    from mapgen.campaign.state import Contact

    state = moving([force("A1", "D3"), force("B1", "D3"), force("A2", "B3")], pending=(Contact("D3", ("B1", "A1"), mover="B1"),))
    new, _ = run(state, Move("A2", ("C3", "D3")), [6])
    assert len(new.pending) == 1 and set(new.pending[0].forces) == {"A1", "A2", "B1"}  # AMB-15


HOLD = HoldingState("C3", "B", False, "village", original_owner="B")


def test_ending_on_an_enemy_holding_with_no_enemy_force_captures_it():
    state = moving([force("A1", "B3"), force("B1", "G5")], holdings=(HOLD,))
    new, _ = run(state, Move("A1", ("C3",)), [6])
    assert new.holding("C3").owner == "A"
    assert (new.side("A").holdings_taken, new.side("B").holdings_lost, new.side("B").capitals_lost) == (1, 1, 0)
    assert "FW-13.c" in new.side("B").will_to_fight_due


def test_passing_through_a_holding_does_not_capture_it():
    state = moving([force("A1", "B3"), force("B1", "G5")], holdings=(HOLD,))
    new, _ = run(state, Move("A1", ("C3", "D3")), [6])  # AMB-65
    assert new.force("A1").square == "D3" and new.holding("C3").owner == "B"


def test_field_works_stay_behind_when_the_force_moves():
    # FW-5.2.1: works are lost when the force leaves its position; staying keeps them
    state = moving([force("A1", "C3"), force("B1", "G5")])
    state = evolve(state, forces=tuple(evolve(f, field_works=20) if f.id == "A1" else f for f in state.forces))
    stayed, _ = run(state, Move("A1", ()), [6])
    assert stayed.force("A1").field_works == 20
    moved, _ = run(state, Move("A1", ("D3",)), [6])
    assert moved.force("A1").square == "D3" and moved.force("A1").field_works == 0


def test_a_march_is_logged_in_phase_2_force_movement():
    # FW-6: force movement on the map is Phase 2 of the campaign turn (battles are Phase 3)
    state = moving([force("A1", "B3"), force("B1", "G5")])
    _, events = run(state, Move("A1", ("C3",)), [6])
    march = [e for e in events if e.rule == "FW-9.4" and "marches" in e.text]
    assert len(march) == 1 and march[0].phase == 2 and march[0].text == "A1 marches B3-C3"


def test_a_move_with_no_squares_never_captures():
    # FW-9.10 / AMB-65: only ending a move takes a holding; A1 stands on B's village at C3 and stays there
    state = moving([force("A1", "C3"), force("B1", "G5")], holdings=(HOLD,))
    new, _ = run(state, Move("A1", ()), [6])
    assert new.force("A1").square == "C3" and new.holding("C3").owner == "B"
    assert new.side("A").holdings_taken == 0


@pytest.mark.parametrize(
    "holding,siege,taken",
    [
        (HoldingState("C3", "B", False, "village", sacked=True, original_owner="B"), False, False),  # sacked: of no use to anyone
        (HoldingState("C3", "B", True, "city", original_owner="B"), True, False),  # capital_requires_siege (FW-9.10.1)
        (HoldingState("C3", "B", True, "city", original_owner="B"), False, True),
        (HoldingState("C3", "A", False, "village", original_owner="A"), False, False),  # already side A's
    ],
)
def test_which_holdings_are_taken_by_movement(holding, siege, taken):
    state = moving([force("A1", "B3"), force("B1", "G5")], holdings=(holding,), options=Options(capital_requires_siege=siege))
    new, _ = run(state, Move("A1", ("C3",)), [6])
    assert (new.side("A").holdings_taken == 1) is taken
    assert new.side("B").capitals_lost == (1 if taken and holding.capital else 0)


# --- counter-march (FW-9.6) -------------------------------------------------------------------


@pytest.mark.parametrize(
    "order,reaction,after",
    [("probe", None, "confused"), ("max_speed", None, "confused"), (None, "confused", "unsteady"), (None, "unsteady", "shattered")],
)
def test_countermarch_reactions(order, reaction, after):
    # From F3 (enemy territory): 1 - 1 (+2 Max Speed, -2 Unsteady) is 2 or less: no move; the counter-march still comes (AMB-57).
    state = moving([force("A1", "F3", order, reaction), force("B1", "A5")])
    new, events = run(state, Move("A1", (), countermarch="E3"), [1])
    a1 = new.force("A1")
    assert (a1.square, a1.order, a1.reaction, a1.countermarched_from) == ("E3", None, after, None)


def test_countermarch_out_of_an_enemy_zone_of_control_is_recorded():
    state = moving([force("A1", "F3"), force("B1", "G3")])
    new, _ = run(state, Move("A1", (), countermarch="E3"), [1])
    assert new.force("A1").countermarched_from == "F3"  # for the flank attack (FW-23.4)


def test_countermarch_refusals():
    refused(moving([force("A1", "F3", None, "shattered"), force("B1", "A5")]), Move("A1", (), countermarch="E3"), match="Shattered")
    refused(moving([force("A1", "F3"), force("B1", "E3")]), Move("A1", (), countermarch="E3"), [1], match="enemy")
    refused(moving([force("A1", "B4"), force("B1", "G1")]), Move("A1", (), countermarch="C4"), [1], match="river")
    refused(moving([force("A1", "F3"), force("B1", "A5")]), Move("A1", (), countermarch="C3"), [1], match="bordering")
    refused(moving([force("A1", "F3"), force("B1", "A5")]), Move("A1", (), countermarch="H3"), match="not a land square")
    refused(moving([force("A1", "B3"), force("B1", "C3")]), Move("A1", ("C3",), countermarch="C2"), [6], match="contact")


# --- refusals -----------------------------------------------------------------------------------


def test_move_refusals_leave_the_state_as_it_was():
    base = [force("A1", "B3"), force("A2", "A1", "defend"), force("B1", "F3")]
    s = moving(base)
    refused(s, Move("Z9", ("C3",)), match="no force")
    refused(tiny_state(base, phase=1), Move("A1", ("C3",)), match="Phase 2")
    # the refusal names the forces that may move instead (FW-9.1.2): side B's only force, B1
    refused(moving(base, side="B"), Move("A1", ("C3",)), match=r"side B's move \(initiative, FW-9\.1\.2\): B1$")
    refused(s, Move("A2", ("B2",)), match="Defend")
    refused(s, Move("A1", ("B4", "B5", "C6")), match="not a land square")  # off the map (AMB-63)
    refused(moving([force("A1", "D4"), force("B1", "A1")]), Move("A1", ("E5",)), match="not a land square")  # water
    refused(moving([force("A1", "B4"), force("B1", "G1")]), Move("A1", ("C4",)), match="river")  # no crossing there
    refused(moving([force("A1", "B5"), force("B1", "G1")]), Move("A1", ("C4",)), match="river")  # nor diagonally
    refused(s, Move("A1", ("D3",)), match="bordering")
    refused(s, Move("A1", ("C3", "D3", "E3", "E2")), match="too far")
    refused(moving([force("A1", "B3"), force("B1", "C3")]), Move("A1", ("C3", "D3")), match="past the enemy")
    moved, _ = run(moving(base, initiative=("A", "A")), Move("A1", ("C3",)), [6])
    refused(moved, Move("A1", ("D3",)), match="already moved")


def test_max_speed_must_move_one_square_when_the_roll_allows():
    state = moving([force("A1", "C3", "max_speed"), force("B1", "G5")])
    why = refused(state, Move("A1", ()), [1], match="Max Speed")  # 1 + 2 = 3 -> 1 square (AMB-17)
    assert "allowance of 1" in why
    stuck = moving([force("A1", "F3", "max_speed"), force("B1", "A5")])
    new, _ = run(stuck, Move("A1", ()), [1])  # 1 + 2 - 1 = 2: it cannot move, so it stays
    assert new.force("A1").square == "F3" and new.force("A1").moved_today


def test_legal_moves_are_the_steps_of_the_force_whose_side_has_the_slot():
    state = moving([force("A1", "B4"), force("A2", "A1", "defend"), force("B1", "F3")])
    assert set(movement.legal_moves(state, BOARD, "A1")) == {"A3", "B3", "C3", "A4", "A5", "B5"}  # not C4, C5: river
    assert movement.legal_moves(state, BOARD, "A2") == ()
    assert movement.legal_moves(state, BOARD, "B1") == ()
    assert movement.legal_moves(state, BOARD, "Z9") == ()


# --- jungle losses (FW-19.9) -------------------------------------------------------------------


def test_the_wounded_check_of_the_twelve_wolf_riders():
    # FW-12.1 example: 6 killed, enemy territory (-1): 6,6,5,5,4,2 -> the 6s recover, 4,4,3,1 -> two more: 2 dead.
    assert checked([6, 6, 5, 5, 4, 2], -1, WOUNDED_CHECK) == 2


def test_the_deserter_check_of_the_nine_routed_average_troops():
    # FW-12.2 example as printed (+1 average, no -1 for the rout): 6,4,4,3,3,1,1,1,1 -> 4 desert.
    assert checked([6, 4, 4, 3, 3, 1, 1, 1, 1], +1, DESERTER_CHECK) == 4


JUNGLE = tiny_board(terrain={"D3": "jungle"})


@pytest.mark.parametrize(
    "faces,square,figures",
    [
        ([2], "D3", 10),  # 2 - 2 = 0 casualties
        ([5, 6, 3, 1], "D3", 8),  # 3 casualties; neutral: 6 recovers, 3 and 1 dead -> 8
        ([5, 3, 3, 2], "B3", 9),  # friendly +1: 4, 4 return, 3 dead -> 9
        ([6, 1, 1, 1, 2, 6, 1, 3, 2, 2, 5], "D3", 3),  # 4 dead of 10 (> 25 %): 6 left, deserter check +1 -> 3 desert
    ],
)
def test_jungle_losses(faces, square, figures):
    f = force("A1", square, quality="average", figures=10, path_today=("C3", "D3", square))
    state = tiny_state([f, force("B1", "G5")], phase=6)
    dice = GameDice(11, faces)
    new = jungle_losses(state, dice, JUNGLE)
    assert dice.unused_entered == []
    assert new.force("A1").figures == figures


def test_no_jungle_no_losses_and_a_force_with_no_model_left_is_removed():
    state = tiny_state([force("A1", "B3", path_today=("B3", "C3")), force("B1", "D3", figures=1, path_today=("D3",))], phase=6)
    dice = GameDice(11, [6, 1])  # B1: 4 casualties, capped at its 1 model, which dies
    new = jungle_losses(state, dice, JUNGLE)
    assert new.force("A1") == state.force("A1")
    assert new.force("B1") is None and "FW-13.a" in new.side("B").will_to_fight_due


def test_a_force_lost_in_the_jungle_is_logged_as_its_sides_event():
    # FW-19.9: the player reads which force was lost, on its own side's log line
    state = tiny_state([force("A1", "B3"), force("B1", "D3", figures=1, path_today=("D3",))], phase=6)
    dice = GameDice(11, [6, 1])
    jungle_losses(state, dice, JUNGLE)
    last = dice.log[-1]
    assert (last.rule, last.text, last.side) == ("FW-19.9", "B1 is lost in the jungle: no model is left", "B")


def test_without_initiative_the_refusal_cites_fw_9_1():
    state = moving([force("A1", "C3"), force("B1", "F3")], initiative=())
    refused(state, Move("A1", ("D3",)), match=r"^no force may move now \(FW-9\.1\)")


def test_a_short_stop_is_the_movers_secret():
    # FW-9.3: a 1 on the die gives too few squares for a three-square path; the stop is side A's secret line
    state = moving([force("A1", "C3"), force("B1", "A5")])
    _, events = run(state, Move("A1", ("D3", "E3", "F3")), [1])
    stop = next(e for e in events if e.rule == "FW-9.4")
    assert stop.text.startswith("A1 stops at ") and (stop.side, stop.secret) == ("A", True)
