"""The optional rules of issue 23 item 12, each off by default, and ``campaign new --roll`` for day 1's weather.

Expected values are typed from the digest: FW-7.4 bands, FW-7.6, FW-9.1.1,
FW-12.3, FW-12.4 and AMB-68.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mapgen.campaign.state import Options

from .cli_helpers import run


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

from mapgen.campaign import movement  # noqa: E402
from mapgen.campaign.dice import GameDice  # noqa: E402

from .campaign_move_tiny import force, tiny_board, tiny_state  # noqa: E402


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

from mapgen.campaign.commands import BattleReport  # noqa: E402
from mapgen.campaign.ruleset import apply  # noqa: E402
from mapgen.campaign.state import HoldingState  # noqa: E402

from . import test_campaign_battle as tb  # noqa: E402


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
