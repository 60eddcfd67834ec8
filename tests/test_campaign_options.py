"""The optional rules of issue 23 item 12, each off by default, and ``campaign new --roll`` for day 1's weather.

Expected values are typed from the digest: FW-7.4 bands, FW-7.6, FW-9.1.1,
FW-12.3, FW-12.4 and AMB-68.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from mapgen.campaign import battle, days, movement
from mapgen.campaign.commands import BattleReport, ControlWeather, Move, UnitLosses
from mapgen.campaign.core import CommandError
from mapgen.campaign.dice import GameDice
from mapgen.campaign.ruleset import apply
from mapgen.campaign.state import HoldingState, Options, Weather, evolve
from mapgen.campaign.store import to_json
from mapgen.campaign.words import parse_control_weather

from . import test_campaign_battle as tb
from .campaign_move_tiny import force, tiny_board, tiny_state
from .cli_helpers import run, snapshot


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


#: ``campaign new`` on a generated map: seed 19 rolls a temperate summer (checked in the test).
SUMMER = ["--seed", "19", "--size", "small", "--formats", ""]


@pytest.mark.parametrize("face, today", [(3, "fine"), (4, "light_rain"), (5, "heavy"), (6, "storm")])
def test_new_takes_the_faces_of_day_1_weather(capsys, face, today):
    # FW-7.4 in a temperate summer (modifier 0, FW-7.3.1): 1-3 fine, 4 light rain, 5 heavy, 6 storm
    code, _, err = run(["campaign", "new", "c", *SUMMER, "--rules", "weather", "--roll", str(face)], capsys)
    assert code == 0, err
    state = json.loads(Path("c/campaign.json").read_text())
    assert (state["weather"]["zone"], state["weather"]["season"]) == ("temperate", "summer")
    assert state["weather"]["today"] == today
    (roll,) = [e for e in state["log"] if e["rule"] == "FW-7.4"]
    assert roll["faces"] == [face] and roll["entered"] is True


@pytest.mark.parametrize(
    "rules, roll, message",
    [
        (["--rules", "weather"], "7", "7 cannot come up on a D6"),
        (["--rules", "weather"], "4,2", "--roll gave 2 face(s) but day 1 rolled only 1 (unused: 2)"),
        ([], "4", "--roll gave 1 face(s) but day 1 rolls no die"),
    ],
)
def test_new_refuses_faces_day_1_cannot_use_and_writes_nothing(capsys, rules, roll, message):
    code, _, err = run(["campaign", "new", "c", *SUMMER, *rules, "--roll", roll], capsys)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    assert not Path("c").exists()


def test_every_new_option_is_off_by_default_and_named_by_rules(capsys):
    names = ("weather_control", "initiative_by_army", "specialty_recovery", "special_sites", "ambush_on_zoc_entry")
    assert not any(getattr(Options(), n) for n in names)
    code, _, err = run(["campaign", "new", "c", *SUMMER, "--rules", ",".join(names)], capsys)
    assert code == 0, err
    options = json.loads(Path("c/campaign.json").read_text())["options"]
    assert all(options[n] is True for n in names)


# --- FW-9.1.1 initiative by army ---------------------------------------------------------------------------


def _army_initiative(faces, options=Options(initiative_by_army=True)):
    forces = [force("A1", "B2"), force("A2", "B5"), force("B1", "H2")]
    state = tiny_state(forces, phase=2, options=options)
    dice = GameDice(11, list(faces))
    return movement.start(state, dice, tiny_board()), dice


def test_initiative_by_army_the_loser_moves_all_its_forces_first():
    # FW-9.1.1: one 1D6 a side; A rolls 5, B 2: A wins and makes B move all (one force) first, then A's two
    new, dice = _army_initiative([5, 2])
    assert new.initiative == ("B", "A", "A")
    assert [(e.side, e.faces) for e in dice.log if e.rule == "FW-9.1.1" and e.dice] == [("A", (5,)), ("B", (2,))]


def test_initiative_by_army_ties_are_rerolled():
    # FW-9.1.1: "ties are re-rolled": 3 and 3, then 2 and 6: B wins, A moves both its forces first
    new, dice = _army_initiative([3, 3, 2, 6])
    assert new.initiative == ("A", "A", "B")
    assert [e.faces for e in dice.log if e.rule == "FW-9.1.1" and e.dice] == [(3,), (3,), (2,), (6,)]


def test_without_the_option_the_initiative_is_by_force():
    # FW-9.1.2 (the default): 1D6 + CV per force, three rolls
    _, dice = _army_initiative([1, 2, 3], Options())
    assert [e.rule for e in dice.log if e.dice] == ["FW-9.1.2"] * 3


# --- FW-12.4 special sites ------------------------------------------------------------------------------------


def _won_at(square, feature, options):
    """A1 beats B1 at ``square``, which holds side B's holding with ``feature`` (rows 1-2 A's, 3-4 neutral, 5-6 B's)."""
    site = HoldingState(square, "B", False, feature, False, "B")
    s = tb.start_battles(tb.make_state([tb.force("A1", square), tb.force("B1", square)], holdings=[site],
                                       pending=[tb.contact(square, "A1", "B1")], phase=3, options=options))
    _, events = apply(s, BattleReport("A"), GameDice(7), tb.make_board())
    return [e.text for e in events if e.rule == "FW-12.4"]


def test_a_battle_won_at_an_enemy_sanctuary_gives_its_amulet_not_its_priests():
    # FW-12.4: in enemy territory (row 5, side B's) at a Sanctuary: its Sacred Amulet, not the two Priests (FW-3.4)
    assert _won_at("C5", "sanctuary", Options(special_sites=True)) == [
        "side A won at the sanctuary of C5: it gains the protection of its Sacred Amulet (not its Priests), inside that square only (FW-3.4)"
    ]


@pytest.mark.parametrize(
    "square, feature, options",
    [
        ("C5", "sanctuary", Options()),  # the option is off
        ("C5", "village", Options(special_sites=True)),  # "not Village, City or Mine"
        ("C1", "sanctuary", Options(special_sites=True)),  # friendly territory for side A
    ],
)
def test_no_special_site_benefit(square, feature, options):
    assert _won_at(square, feature, options) == []


def test_a_battle_won_in_neutral_territory_at_a_burial_mound():
    # FW-12.4: "in enemy (or neutral) territory": row 3 is neutral
    (text,) = _won_at("C3", "burial_mound", Options(special_sites=True))
    assert "the magic armour or sacred weapon it holds, for one individual character (FW-3.4.1)" in text


# --- FW-7.6 weather control --------------------------------------------------------------------------------------


def _wizard_state(today="heavy", options=Options(weather=True, weather_control=True)):
    forces = [replace(force("A1", "B2"), individuals=("Wizard (25 MP)",)), force("A2", "B5"), force("B1", "H2")]
    return tiny_state(forces, phase=1, options=options, today=today)


def test_a_wizard_moves_the_weather_one_step_worse_and_no_force_moves_in_the_storm():
    # FW-7.6: each period moves the FW-7.4 result one step; 5 (heavy) -> 6 (storm): no force not engaged moves (FW-7.4)
    s, events = apply(_wizard_state(), ControlWeather("A1", 1), GameDice(11), tiny_board())
    assert s.weather.today == "storm" and s.weather.controlled == ("A",)
    assert [e.text for e in events] == ["A1's Wizard moves the weather 1 step(s) worse: heavy -> storm"]
    s = movement.start(evolve(s, phase=2), GameDice(11), tiny_board())
    assert s.initiative == ()


def test_a_wizard_moves_the_weather_better():
    # FW-7.6: back = up the table, towards 1: heavy (5) two steps better is fine (1-3)
    s, _ = apply(_wizard_state(), ControlWeather("A1", -2), GameDice(11), tiny_board())
    assert s.weather.today == "fine"


@pytest.mark.parametrize(
    "state, command, message",
    [
        (_wizard_state(options=Options(weather=True)), ControlWeather("A1", 1), r"optional rule \(FW-7.6\)"),
        (_wizard_state(), ControlWeather("A2", 1), "A2 has no Wizard"),
        (_wizard_state(today="storm"), ControlWeather("A1", 1), "already storm"),
        (_wizard_state(today=None), ControlWeather("A1", 1), "after it is rolled"),
        (_wizard_state(), ControlWeather("A1", 4), "1 to 3 steps"),
        (replace(_wizard_state(), weather=Weather("temperate", "summer", "heavy", controlled=("A",))), ControlWeather("A1", -1), "already moved"),
    ],
)
def test_weather_control_refusals_leave_the_state(state, command, message):
    before = to_json(state)
    with pytest.raises(CommandError, match=message):
        apply(state, command, GameDice(11), tiny_board())
    assert to_json(state) == before


def test_a_new_day_lets_the_wizard_cast_again():
    s, _ = apply(_wizard_state(), ControlWeather("A1", 1), GameDice(11), tiny_board())
    assert days.next_day(s).weather.controlled == ()


ROSTER = """\
forces:
  - leader: {name: Merlin, cv: 4}
    individuals: [Wizard (25 MP)]
    units:
      - {type: infantry, quality: average, figures: 20, points: 6}
"""


def test_control_weather_on_the_command_line_offered_and_undone(capsys):
    Path("a.yaml").write_text(ROSTER)
    argv = ["campaign", "new", "c", *SUMMER, "--rules", "weather,weather_control", "--roll", "5", "--roster", "A=a.yaml"]
    assert run(argv, capsys)[0] == 0
    code, out, _ = run(["campaign", "actions", "c", "--side", "A"], capsys)
    assert "mapgen campaign control-weather c A1 worse 1" in out and "mapgen campaign control-weather c A1 better 1" in out
    before = snapshot(Path("c"))
    code, _, err = run(["campaign", "control-weather", "c", "A1", "sideways"], capsys)
    assert code == 2 and snapshot(Path("c")) == before, err
    code, out, err = run(["campaign", "control-weather", "c", "A1", "worse"], capsys)
    assert code == 0, err
    assert json.loads(Path("c/campaign.json").read_text())["weather"]["today"] == "storm"  # 5 heavy, one step worse
    assert run(["campaign", "replay", "c", "--check"], capsys)[0] == 0
    assert run(["campaign", "undo", "c"], capsys)[0] == 0
    assert json.loads(Path("c/campaign.json").read_text())["weather"]["today"] == "heavy"


def test_control_weather_reads_its_steps_as_a_whole_number_and_refuses_anything_else():
    # FW-7.6: the Wizard moves the weather a number of steps, worse (+) or better (-); one step when not given
    assert parse_control_weather(["a1", "worse", "2"], {}) == ControlWeather("A1", 2)
    assert parse_control_weather(["a1", "better"], {}) == ControlWeather("A1", -1)
    with pytest.raises(ValueError, match="FW-7.6"):
        parse_control_weather(["a1", "worse", "two"], {})


# --- AMB-68 ambush on entering a zone of control ------------------------------------------------------------


def _march_into_the_zone(options):
    """A1 at Max Speed from C3 along D3, E3, F3; B1 under Defend at F2, whose zone holds E3 (FW-9.7)."""
    state = tiny_state([force("A1", "C3", "max_speed"), force("B1", "F2", "defend")], phase=2, options=options, initiative=("A",))
    # 1D6 = 6, +2 Max Speed, +1 friendly territory = 9: up to 3 squares (FW-9.2, FW-9.3)
    return apply(state, Move("A1", ("D3", "E3", "F3")), GameDice(11, [6]), tiny_board())


def test_max_speed_into_a_defending_force_s_zone_is_an_ambush_in_the_entered_square():
    # AMB-68 option: the move ends at E3, the first square in B1's zone, and B1 attacks there: an Ambush (FW-23.5)
    s, _ = _march_into_the_zone(Options(ambush_on_zoc_entry=True))
    assert s.force("A1").square == "E3" and s.force("B1").square == "F2"
    (c,) = s.pending
    assert (c.square, c.forces, c.mover, c.ambushers) == ("E3", ("A1", "B1"), "A1", ("B1",))
    s = battle.start(evolve(s, phase=3), GameDice(11), tiny_board())
    (c,) = s.pending
    assert c.scenario == "ambush" and set(c.forces) == {"A1", "B1"}
    s, _ = apply(s, BattleReport("B"), GameDice(11), tiny_board())
    assert s.force("B1").square == "F2" and s.force("A1").square != "E3"  # the ambushed falls back (FW-12.5)
    assert s.force("A1").reaction == "confused"  # FW-12.6


def test_without_the_option_entering_the_zone_only_stops_the_move():
    # FW-9.7: the zone of control stops A1 at E3, and nothing is fought
    s, _ = _march_into_the_zone(Options())
    assert s.force("A1").square == "E3" and s.pending == ()


# --- FW-12.3 recovery by specialty points ----------------------------------------------------------------------


def _recovery(options):
    """A1 (two infantry units: 20 models at 5 points, 4 at 10) beats B1; the small unit lost 3 killed."""
    a1 = tb.force("A1", "C3", units=(tb.unit("A1-U1", 20, points=5), tb.unit("A1-U2", 4, points=10)))
    s = tb.start_battles(tb.make_state([a1, tb.force("B1", "C3")], pending=[tb.contact("C3", "A1", "B1")], phase=3, options=options))
    dice = GameDice(7, [6, 5, 1])  # FW-12.1 wounded check, neutral territory: 6 and 5 come back, 1 is dead
    s, events = apply(s, BattleReport("A", (UnitLosses("A1-U2", killed=3),)), dice, tb.make_board())
    return s, events


def test_recovered_models_buy_models_of_their_specialty_for_the_strongest_unit():
    # FW-12.3: the 2 infantry models back (2 x 10 = 20 points) buy 20 // 5 = 4 models of A1-U1, the
    # infantry unit with the most models left; A1-U2 keeps its 1 survivor
    s, events = _recovery(Options(specialty_recovery=True))
    assert [u.figures for u in s.force("A1").units] == [24, 1]
    assert "A1: 2 infantry model(s) back, 20 points, buy 4 model(s) for A1-U1 (FW-12.3)" in [e.text for e in events]


def test_without_the_option_recovered_models_return_to_their_unit():
    # FW-12.1: the 2 back return to A1-U2: 1 + 2 = 3
    s, _ = _recovery(Options())
    assert [u.figures for u in s.force("A1").units] == [20, 3]


def test_an_ambusher_that_wins_from_beside_the_square_takes_no_holding_there():
    # FW-9.10: a holding is taken by a force standing in it. B1 wins the AMB-68 ambush from F2; A1
    # falls back out of E3, side A's village, which stays side A's: no force of B entered it.
    # (A survivor of bench/mutation_score.py: capturing the battle square for any winner went unnoticed.)
    village = HoldingState("E3", "A", False, "village", False, "A")
    state = tiny_state([force("A1", "C3", "max_speed"), force("B1", "F2", "defend")], phase=2,
                       options=Options(ambush_on_zoc_entry=True), initiative=("A",), holdings=(village,))
    s, _ = apply(state, Move("A1", ("D3", "E3", "F3")), GameDice(11, [6]), tiny_board())
    s = battle.start(evolve(s, phase=3), GameDice(11), tiny_board())
    s, _ = apply(s, BattleReport("B"), GameDice(11), tiny_board())
    assert s.force("A1").square != "E3" and s.force("B1").square == "F2"
    assert [(h.square, h.owner) for h in s.holdings] == [("E3", "A")]
