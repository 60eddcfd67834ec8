"""Phase 3: a battle for each contact, with the scenario the FW-23.0 [DEV] triggers call for.

Small hand-built boards and states keep every expected value plain from the
rulebook: the builders here are shared by the other battle test modules.
"""

from __future__ import annotations

import pytest

from mapgen.campaign import battle
from mapgen.campaign.board import Board, Square
from mapgen.campaign.dice import GameDice
from mapgen.campaign.state import (
    CampaignState,
    Contact,
    Force,
    HoldingState,
    Leader,
    MapRef,
    Options,
    SideState,
    Unit,
    Weather,
    evolve,
)
from mapgen.grid import KING_STEPS, square_id

# --- builders (shared) ---------------------------------------------------------------------------


def make_board(width: int = 6, height: int = 6, cut: tuple = (), territory=None) -> Board:
    """Plain squares; rows 1-2 side A's territory, 3-4 neutral, 5-6 side B's (FW-2.3).

    ``cut``: pairs of squares with no legal step between them (a river off a crossing).
    """
    territory = territory or (lambda row: "A" if row < 2 else "N" if row < 4 else "B")
    squares, steps, around = {}, {}, {}
    for r in range(height):
        for c in range(width):
            sid = square_id(c, r)
            squares[sid] = Square(sid, c, r, "plain", territory(r), False, False, False, False, False, ())
    blocked = {frozenset(p) for p in cut}
    for sid, s in squares.items():
        near = [square_id(s.col + dc, s.row + dr) for dc, dr in KING_STEPS if 0 <= s.col + dc < width and 0 <= s.row + dr < height]
        around[sid] = tuple(near)
        steps[sid] = {n: None for n in near if frozenset((sid, n)) not in blocked}
    return Board(width, height, squares, steps, around, {})


def unit(uid: str, figures: int = 10, quality: str = "average", type: str = "infantry", points: int = 10, mercenary: bool = False) -> Unit:
    return Unit(uid, type, quality, figures, points, mercenary)


def force(fid: str, square: str, order: str | None = "probe", reaction: str | None = None, units=None, **kw) -> Force:
    units = units if units is not None else (unit(f"{fid}-U1"),)
    return Force(fid, fid[0], square, None if reaction else order, reaction, Leader(f"Leader {fid}", 3), tuple(units), **kw)


def make_state(forces, holdings=(), pending=(), phase="battle", options=None, sides=None, **kw) -> CampaignState:
    sides = sides or (SideState("A", "orcs", "Orcs", 2000), SideState("B", "dwarves", "Dwarves", 2000))
    return CampaignState(
        seed=7,
        map=MapRef("fw-map.json", "0" * 64),
        options=options or Options(),
        weather=Weather("temperate", "summer"),
        sides=tuple(sides),
        forces=tuple(forces),
        holdings=tuple(holdings),
        phase=phase,
        pending=tuple(pending),
        **kw,
    )


def contact(square: str, *forces: str, mover: str | None = None, **kw) -> Contact:
    return Contact(square, tuple(forces), mover=mover if mover is not None else forces[0], **kw)


def holding(square: str, owner: str, capital: bool = False, original: str | None = None) -> HoldingState:
    return HoldingState(square, owner, capital, "village", False, original or owner)


def start_battles(state, board=None, dice=None):
    """Phase 3 begins on ``state`` (its contacts pending)."""
    return battle.start(evolve(state, phase=3), dice or GameDice(7), board or make_board())


# --- FW-23.0 [DEV] triggers, first match wins ----------------------------------------------------


def _scenario(forces, where="C3", mover=None, board=None):
    ids = [f.id for f in forces]
    s = start_battles(make_state(forces, pending=[contact(where, *ids, mover=mover or ids[0])], phase=3), board)
    assert s.phase == "battle"
    return s.pending[0].scenario


def test_the_scouting_line_gives_the_ability_and_the_territory_modifier():
    # FW-10.4: Defend doubles the scouting value; +2 in friendly territory, -1 in enemy; Unsteady may not scout at all
    line = battle.scouting_text("A1", "doubled", 2, "friendly")
    assert line.startswith("A1: ") and "doubled" in line and "+2" in line and "friendly territory" in line
    line = battle.scouting_text("B2", "partial", -1, "enemy")
    assert line.startswith("B2: ") and "Wizard or Scout" in line and "-1" in line and "enemy territory" in line
    line = battle.scouting_text("B3", "none", -1, "enemy")
    assert line.startswith("B3: ") and "may not scout" in line and "-1" not in line


def test_two_forces_at_max_speed_meet_in_a_chance_encounter():
    assert _scenario([force("A1", "C3", "max_speed"), force("B1", "C3", "max_speed")]) == "chance_encounter"


def test_max_speed_into_a_defending_force_is_an_ambush():
    assert _scenario([force("A1", "C3", "max_speed"), force("B1", "C3", "defend")]) == "ambush"


def test_probe_into_a_defending_force_is_a_pitched_battle():
    assert _scenario([force("A1", "C3", "probe"), force("B1", "C3", "defend")]) == "pitched"


def _big(fid, square, order="probe", figures=10):
    return force(fid, square, order, units=(unit(f"{fid}-U1", figures=figures),))


def test_two_forces_with_twice_the_points_make_a_last_stand():
    # 2 forces of 10 figures x 10 points = 200 against one of 10 x 10 = 100: exactly twice (FW-23.6)
    assert _scenario([_big("A1", "C3"), _big("A2", "C3"), _big("B1", "C3")]) == "last_stand"


def test_two_forces_short_of_twice_the_points_fight_a_pitched_battle():
    assert _scenario([_big("A1", "C3"), _big("A2", "C3"), _big("B1", "C3", figures=11)]) == "pitched"


def test_one_force_with_twice_the_points_is_no_last_stand():
    assert _scenario([_big("A1", "C3", figures=20), _big("B1", "C3")]) == "pitched"


def test_last_stand_comes_before_a_chance_encounter():
    forces = [_big("A1", "C3", "max_speed"), _big("A2", "C3", "max_speed"), _big("B1", "C3", "max_speed")]
    assert _scenario(forces) == "last_stand"


def test_a_force_of_the_surrounded_side_arriving_the_same_day_is_no_relief():
    # FW-23.0 trigger 1 needs a Last stand going on: see test_campaign_last_stand.py
    forces = [_big("B1", "C3"), _big("B2", "C3"), _big("A1", "C3"), _big("A2", "C3")]
    assert _scenario(forces, mover="A2") == "pitched"


def test_engaging_a_force_that_countermarched_out_of_the_zone_is_a_flank_attack():
    # B1 counter-marched from D2, in the zone of control of A1 (which started at C1, D2 borders it)
    b1 = force("B1", "C3", "probe", countermarched_from="D2")
    a1 = force("A1", "C3", "probe", path_today=("C1", "C2", "C3"))
    assert _scenario([a1, b1]) == "flank_attack"


def test_a_countermarch_from_outside_the_movers_zone_is_no_flank_attack():
    b1 = force("B1", "C3", "probe", countermarched_from="F6")
    a1 = force("A1", "C3", "probe", path_today=("C1", "C2", "C3"))
    assert _scenario([a1, b1]) == "pitched"


# --- the phase ------------------------------------------------------------------------------------


def test_battle_phase_waits_for_the_report_and_names_the_folder():
    s = make_state([force("A1", "C3"), force("B1", "C3")], pending=[contact("C3", "A1", "B1")], phase=3, day=4)
    s = start_battles(s)
    c = s.pending[0]
    assert (c.folder, c.day, s.phase) == ("battles/day-04-C3", 4, "battle")
    wait = battle.awaiting(s, make_board())
    assert "C3" in wait and "A1, B1" in wait and "battles/day-04-C3/report.yaml" in wait
    assert "DIR" not in wait  # the command itself is a Next: line, with the real folder (mapgen.engine.hints)


def test_no_contact_no_battle_phase():
    s = start_battles(make_state([force("A1", "C3"), force("B1", "E5")], phase=3))
    assert s.phase == 3 and battle.awaiting(s, make_board()) is None


def test_all_forces_in_the_square_fight_one_battle():
    # AMB-50: the second contact at C3 joins the first; every force in the square takes part
    forces = [force("A1", "C3"), force("B1", "C3"), force("B2", "C3")]
    s = start_battles(make_state(forces, pending=[contact("C3", "A1", "B1"), contact("C3", "B2", "A1")], phase=3))
    assert len(s.pending) == 1 and set(s.pending[0].forces) == {"A1", "B1", "B2"}


def test_contacts_keep_the_order_they_happened_in():
    forces = [force("A1", "E5"), force("B1", "E5"), force("A2", "B2"), force("B2", "B2")]
    s = start_battles(make_state(forces, pending=[contact("E5", "B1", "A1"), contact("B2", "A2", "B2")], phase=3))
    assert [c.square for c in s.pending] == ["E5", "B2"]


def test_a_shattered_force_engaged_collapses_without_a_battle():
    # FW-5.3 with AMB-53: removed, a battle lost for B and won for A, B tests its Will to Fight
    forces = [force("A1", "C3"), force("B1", "C3", reaction="shattered"), force("B2", "F6")]
    s = start_battles(make_state(forces, pending=[contact("C3", "A1", "B1")], phase=3))
    assert s.force("B1") is None and not s.pending and s.phase == 3
    assert (s.side("A").battles_won, s.side("B").battles_lost) == (1, 1)
    assert s.side("B").will_to_fight_due == ("FW-13.b",)


def test_a_shattered_force_collapsing_on_its_holding_loses_it():
    forces = [force("A1", "C5"), force("B1", "C5", reaction="shattered"), force("B2", "F6")]
    s = start_battles(make_state(forces, holdings=[holding("C5", "B")], pending=[contact("C5", "A1", "B1")], phase=3))
    assert s.holding("C5").owner == "A"
    assert "FW-13.c" in s.side("B").will_to_fight_due


# --- FW-10.4 scouting ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "order, reaction, ability",
    [("probe", None, "full"), ("defend", None, "doubled"), ("max_speed", None, "partial"), (None, "confused", "partial"), (None, "unsteady", "none")],
)
def test_who_may_scout(order, reaction, ability):
    s = make_state([force("A1", "C3", order, reaction), force("B1", "C3", "probe")])
    sc = {x.force: x for x in battle.scouting(s, Contact("C3", ("A1", "B1")), make_board())}
    assert sc["A1"].ability == ability


@pytest.mark.parametrize("square, a_mod, b_mod", [("C1", 2, -1), ("C3", 0, 0), ("C6", -1, 2)])
def test_scouting_test_territory_modifiers(square, a_mod, b_mod):
    # FW-10.4: +2 in friendly territory, -1 in enemy territory
    s = make_state([force("A1", square), force("B1", square)])
    sc = {x.force: x.modifier for x in battle.scouting(s, Contact(square, ("A1", "B1")), make_board())}
    assert sc == {"A1": a_mod, "B1": b_mod}


def test_no_scouting_in_a_special_scenario():
    s = make_state([force("A1", "C3"), force("B1", "C3")])
    sc = battle.scouting(s, Contact("C3", ("A1", "B1"), scenario="ambush"), make_board())
    assert {x.ability for x in sc} == {"none"}


# --- through the core ------------------------------------------------------------------------------


def test_a_turn_stops_at_the_battle_and_goes_on_after_the_report():
    from mapgen.campaign import store
    from mapgen.campaign.core import BattleReport, CommandError, Turn
    from mapgen.campaign.ruleset import apply

    board = make_board()
    s = make_state([force("A1", "C3"), force("B1", "C3"), force("B2", "F6")], pending=[contact("C3", "A1", "B1")], phase=2)
    s, _ = apply(s, Turn(), GameDice(7), board)
    assert s.phase == "battle" and s.pending[0].folder == "battles/day-01-C3"
    assert store.from_json_text(store.dumps_state(s), "campaign.json") == s
    with pytest.raises(CommandError, match="needs its report"):
        apply(s, Turn(), GameDice(7), board)
    s, _ = apply(s, BattleReport("A"), GameDice(7), board)
    assert s.phase == 4 and s.side("B").will_to_fight_due == ("FW-13.b",)
    s, events = apply(s, Turn(), GameDice(7, entered=[6]), board)  # B's Will to Fight: 6 - 1 battle lost = 5
    assert s.day == 2 and s.phase == 1
    (test,) = [e for e in events if e.rule == "FW-13"]
    assert (test.total, test.outcome) == (5, "ok") and s.side("B").will_to_fight_due == ()


def test_a_collapse_without_a_battle_does_not_cancel_the_next_contact():
    # FW-5.3 / AMB-53: B1 collapses at C3 with no battle; the contact at E5 is still fought today
    forces = [force("A1", "C3"), force("B1", "C3", reaction="shattered"), force("A2", "E5"), force("B2", "E5")]
    s = start_battles(make_state(forces, pending=[contact("C3", "A1", "B1"), contact("E5", "A2", "B2")], phase=3))
    assert s.force("B1") is None
    assert [c.square for c in s.pending] == ["E5"] and s.phase == "battle"


def test_a_second_contact_on_a_square_joins_its_battle_and_later_contacts_are_still_fought():
    # AMB-50: one combined battle per square; the contact at B2 after it is a battle of its own
    forces = [force("A1", "E5"), force("B1", "E5"), force("A3", "E5"), force("A2", "B2"), force("B2", "B2")]
    pending = [contact("E5", "A1", "B1"), contact("E5", "A3", "B1"), contact("B2", "A2", "B2")]
    s = start_battles(make_state(forces, pending=pending, phase=3))
    assert [c.square for c in s.pending] == ["E5", "B2"]


def test_a_defending_force_is_told_its_field_works():
    # FW-5.2.1 (optional): a force under Defend may build field works worth 1 point per model;
    # A1's two units hold 10 + 6 models: 16 points.  B1 (Probe) builds none.
    a1 = force("A1", "C3", "defend", units=(unit("A1-U1", 10), unit("A1-U2", 6)))
    dice = GameDice(7)
    start_battles(make_state([a1, force("B1", "C3")], pending=[contact("C3", "A1", "B1", mover="B1")]), dice=dice)
    works = [(e.rule, e.text) for e in dice.log if e.rule == "FW-5.2.1"]
    assert works == [("FW-5.2.1", "A1 under Defend may build stakes, chevaux de frise and palisades worth 16 points (1 per model)")]


def test_field_works_are_built_once_and_not_cumulative():
    # FW-5.2.1: A1 (Defend, 16 models) holds C3 through a stalemate (both under Defend: nobody moves, FW-12.5);
    # its works of 16 points stay, and before the next battle, with 10 more models, it may build no more
    from mapgen.campaign.core import BattleReport
    from mapgen.campaign.ruleset import apply

    a1 = force("A1", "C3", "defend", units=(unit("A1-U1", 10), unit("A1-U2", 6)))
    s = start_battles(make_state([a1, force("B1", "C3", "defend")], pending=[contact("C3", "A1", "B1", mover="B1")]))
    s, _ = apply(s, BattleReport("stalemate"), GameDice(7), make_board())
    assert s.force("A1").field_works == 16 and s.force("B1").field_works == 10
    a1 = s.force("A1")
    s = evolve(s, forces=tuple(evolve(f, units=f.units + (unit("A1-U3", 10),)) if f.id == "A1" else f for f in s.forces), day=2)
    dice = GameDice(7)
    s = start_battles(s, dice=dice)
    works = [e.text for e in dice.log if e.rule == "FW-5.2.1"]
    assert "A1 keeps the field works it built before, worth 16 points, and may build no more (not cumulative)" in works
    assert battle.field_works(s, s.pending[0])[0] == ("A1", 16, True)
    assert a1.field_works == 16


def test_only_a_force_under_defend_has_field_works_after_a_battle():
    # FW-5.2.1: field works are the Defend order's, 1 point a model; A1 holds C3 with its 10 models' worth,
    # B1 under Probe built none
    from mapgen.campaign.core import BattleReport
    from mapgen.campaign.ruleset import apply

    a1 = force("A1", "C3", "defend", units=(unit("A1-U1", 10),))
    s = start_battles(make_state([a1, force("B1", "C3")], pending=[contact("C3", "A1", "B1", mover="B1")]))
    after, _ = apply(s, BattleReport("A"), GameDice(7), make_board())
    assert (after.force("A1").square, after.force("A1").field_works) == ("C3", 10)
    after, _ = apply(s, BattleReport("B"), GameDice(7), make_board())  # B1 wins and holds C3: still no works
    assert (after.force("B1").square, after.force("B1").field_works) == ("C3", 0)


def test_field_works_are_lost_when_the_force_is_dislodged():
    # FW-5.2.1: "if the Force is dislodged from its position, all works are lost": A1 loses and falls back
    from mapgen.campaign.core import BattleReport
    from mapgen.campaign.ruleset import apply

    a1 = force("A1", "C3", "defend", field_works=16, units=(unit("A1-U1", 16),))
    s = start_battles(make_state([a1, force("B1", "C3")], pending=[contact("C3", "A1", "B1", mover="B1")]))
    s, events = apply(s, BattleReport("B"), GameDice(7), make_board())
    assert s.force("A1").square != "C3" and s.force("A1").field_works == 0
    assert "A1 is dislodged: its field works are lost" in [e.text for e in events]
