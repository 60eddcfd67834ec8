"""The Incursione campaign (FW-17): key days, snowfall, reinforcements, events, loot, victory.

Defenders are side A (2000 points, capital and 4 villages: FW-15 gives
200 + 4 x 40 = 360); raiders side B (4000 points, their village as capital:
400).  Expected values are typed from the FW-17.8 tables.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mapgen.campaign import bots, events, incursione, reinforcements, weather
from mapgen.campaign.core import CommandError, check_end
from mapgen.campaign.incursione import Sack, sack, sack_command
from mapgen.campaign.state import Options, Weather

from .cal_state import NO_BOARD, dice, force, holding, rolled
from .cal_state import incursione as game


def banked(s, side):
    return s.side(side).reinforcement_points


# --- snowfall ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "day, face, levels",
    [
        (7, 1, 0), (7, 4, 0), (7, 5, 1), (7, 6, 1),
        (14, 1, 0), (14, 2, 0), (14, 3, 1), (14, 5, 1), (14, 6, 2),
        (21, 2, 0), (21, 3, 1), (21, 4, 1), (21, 5, 2), (21, 6, 2),
        (28, 1, 1), (28, 2, 1), (28, 3, 2), (28, 4, 2), (28, 5, 3), (28, 6, 3),
        (35, 1, 0), (35, 4, 0), (35, 5, 1), (35, 6, 1),
    ],
)
def test_snowfall_of_each_key_day_adds_to_the_snow(day, face, levels):
    s = game(day=day)
    s = replace(s, weather=replace(s.weather, snow_level=2))
    d = dice(face)
    new = reinforcements.start(s, d, NO_BOARD)
    assert new.weather.snow_level == 2 + levels  # AMB-25: levels accumulate
    snow = rolled(d)[0]
    assert (snow.rule, snow.side) == ("FW-17.8", "A")  # the defender rolls it


def test_no_key_day_no_snowfall():
    d = dice()
    s = game(day=8)
    assert reinforcements.start(s, d, NO_BOARD) is s
    assert d.log == []


def test_phase_0_weather_is_not_rolled():
    s = replace(game(day=3, phase=0, options=Options(scenario="incursione", weather=True)), weather=Weather("temperate", "autumn"))
    assert weather.start(s, dice(), NO_BOARD) is s


# --- reinforcements -----------------------------------------------------------------------------------


@pytest.mark.parametrize("day, defenders, raiders", [
    (7, 360, 0), (14, 360, 0), (21, 360, 0),
    (28, 360, 200),  # raiders: half of 400
    (35, 180, 200),  # both halved
])
def test_key_day_reinforcements(day, defenders, raiders):
    new = reinforcements.start(game(day=day), dice(1), NO_BOARD)
    assert (banked(new, "A"), banked(new, "B")) == (defenders, raiders)


def test_reinforcement_interval_is_not_used():
    s = game(day=10, options=Options(scenario="incursione", reinforcement_interval=5))
    assert reinforcements.start(s, dice(), NO_BOARD) is s


# --- events -------------------------------------------------------------------------------------------


def key_events(day, a_faces, b_faces, s=None):
    s = s or game(day=day, phase=8)
    d = dice(*a_faces, *b_faces)
    new = events.start(s, d, NO_BOARD)
    assert d.unused_entered == []
    return s, new, d


#: (day, side, faces, reinforcement points, individuals added to the first force, CV of its leader (3 before), Shattered?)
EVENT_ROWS = [
    (7, "A", (3,), 0, (), 3, False),
    (7, "A", (4,), 100, (), 3, False),
    (7, "A", (5, 2), 0, (), 3, False),  # spirits: 1D6 counters, logged
    (7, "A", (6, 4), 200, (), 3, False),  # +100 and one more roll: 4, +100 (AMB-24)
    (7, "A", (6, 6), 200, (), 3, False),  # the extra roll's 6 gives no third roll
    (7, "B", (3,), 0, (), 3, False),
    (7, "B", (4,), 0, ("Hero on foot",), 3, False),
    (7, "B", (6,), 0, ("Hero on foot",), 3, False),
    (14, "A", (3,), 0, (), 3, False),
    (14, "A", (4, 6), 0, (), 3, False),  # spirits
    (14, "A", (5,), 100, (), 3, False),
    (14, "A", (6,), 150, (), 3, False),
    (14, "B", (3,), 0, (), 3, False),
    (14, "B", (4,), 50, (), 3, False),
    (14, "B", (5,), 100, (), 3, False),
    (14, "B", (6,), 100, (), 3, False),
    (21, "A", (3,), 0, (), 3, False),
    (21, "A", (4,), 50, (), 3, False),
    (21, "A", (5,), 100, (), 3, False),
    (21, "A", (6,), 100, ("Hero on foot",), 3, False),
    (21, "B", (4,), 0, (), 3, False),
    (21, "B", (5,), 100, (), 3, False),
    (21, "B", (6,), 100, (), 3, False),
    (28, "A", (2,), 0, (), 2, False),  # a leader under stress: CV 2
    (28, "A", (3,), 0, (), 3, False),
    (28, "A", (4,), 0, (), 3, False),
    (28, "A", (5,), 0, ("Scout", "Scout"), 3, False),
    (28, "A", (6,), 0, (), 4, False),  # a leader emerges: +1 CV
    (28, "B", (1,), 0, (), 3, True),  # blizzard
    (28, "B", (2,), 0, (), 3, True),
    (28, "B", (3,), 0, (), 3, False),
    (28, "B", (5,), 0, ("Wizard (25 MP)",), 3, False),
    (35, "A", (1,), 0, (), 3, True),  # blizzard on 1-3 for both sides (AMB-26)
    (35, "A", (3,), 0, (), 3, True),
    (35, "A", (4,), 0, (), 3, False),
    (35, "A", (5,), 0, (), 3, False),
    (35, "A", (6,), 0, (), 3, False),  # an individual: settled at the table, logged
    (35, "B", (1,), 0, (), 3, True),
    (35, "B", (3,), 0, (), 3, True),
    (35, "B", (5,), 0, (), 3, False),
    (35, "B", (6,), 0, (), 3, False),
]


@pytest.mark.parametrize("day, side, faces, points, who, cv, shattered", EVENT_ROWS)
def test_key_day_event_tables(day, side, faces, points, who, cv, shattered):
    quiet = (3,)  # no event on every table of every day for the other side
    a, b = (faces, quiet) if side == "A" else (quiet, faces)
    _, new, _ = key_events(day, a, b)
    f = new.force(f"{side}1")
    assert banked(new, side) == points
    assert f.individuals == who
    assert f.leader.cv == cv
    assert (f.reaction == "shattered") is shattered


def test_day_28_stress_spares_a_leader_of_cv_2_or_less():
    # FW-17.8 day 28, 2: "CV reduced to 2": A1's leader of CV 1 is not raised to 2
    s = game(day=28, phase=8)
    s = replace(s, forces=tuple(replace(f, leader=replace(f.leader, cv=1)) if f.side == "A" else f for f in s.forces))
    _, new, _ = key_events(28, (2,), (3,), s)
    assert {f.leader.cv for f in new.side_forces("A")} == {1}


def test_day_28_epidemic_takes_100_banked_points():
    s = game(day=28, phase=8, banked=(250, 0))
    _, new, _ = key_events(28, (1,), (3,), s)
    assert banked(new, "A") == 150
    assert new.force("A1").figures == s.force("A1").figures  # "from your current reinforcements" only


def test_no_key_day_no_events():
    d = dice()
    s = game(day=9, phase=8, options=Options(scenario="incursione", random_events=True))
    assert events.start(s, d, NO_BOARD) is s
    assert d.log == []


# --- the end -------------------------------------------------------------------------------------------


def test_day_42_ends_in_a_draw():
    end = incursione.check_victory(game(day=42, phase=0), dice(), NO_BOARD)
    assert end.winner == "draw" and "42" in end.ended


def test_day_41_goes_on():
    s = game(day=41, phase=8)
    assert incursione.check_victory(s, dice(), NO_BOARD) is s


def test_the_core_asks_the_scenario():
    assert check_end(game(day=42, phase=0), dice(), NO_BOARD).winner == "draw"


def test_a_plain_campaign_does_not_end_on_day_42():
    from .cal_state import state

    s = state(day=42, phase=0)
    assert incursione.check_victory(s, dice(), NO_BOARD) is s


# --- loot ----------------------------------------------------------------------------------------------


def raider_on(square: str, **kw):
    return game(force("A1", "B2"), force("B1", square, **kw), day=9, phase=2)


def test_a_bot_sacks_with_its_own_forces_only():
    # FW-17.7: the raiders sack the defenders' holdings; the defenders' bot has nothing to sack even when a
    # raider stands on one of their villages
    s = raider_on("B5")
    assert bots.Bot("B").sacks(s, NO_BOARD) == [Sack("B1")]
    assert bots.Bot("A").sacks(s, NO_BOARD) == []


def test_sack_a_holding():
    new = sack(raider_on("B5"), "B1", dice(), NO_BOARD)
    assert new.holding("B5").sacked
    assert new.force("B1").loot == "B5"


def test_sacked_holding_yields_no_reinforcements():
    # AMB-55: day 14, the defender has its capital and 3 unsacked villages: 200 + 3 x 40
    s = sack(raider_on("B5"), "B1", dice(), NO_BOARD)
    s = replace(s, day=14, phase=7)
    assert banked(reinforcements.start(s, dice(1), NO_BOARD), "A") == 320


def test_sack_through_its_command():
    assert sack_command(raider_on("C3"), Sack("B1"), dice(), NO_BOARD).holding("C3").sacked


SACKED_B5 = (holding("B2", "A", True), holding("B5", "A", sacked=True), holding("H2", "B", True))


@pytest.mark.parametrize("why, build, fid, message", [
    ("not incursione", lambda: replace(raider_on("B5"), options=Options()), "B1", "Incursione"),
    ("no such force", lambda: raider_on("B5"), "B9", "no force B9"),
    ("defender", lambda: game(force("A1", "B5"), force("B1", "H2"), day=9, phase=2), "A1", "not a raider"),
    ("wrong phase", lambda: replace(raider_on("B5"), phase=1), "B1", "Phase 2"),
    ("already moved", lambda: game(force("A1", "B2"), replace(force("B1", "B5"), moved_today=True), day=9, phase=2), "B1", "already moved"),
    ("not a holding", lambda: raider_on("E4"), "B1", "not on an enemy holding"),
    ("own village", lambda: raider_on("H2"), "B1", "not on an enemy holding"),
    ("already sacked", lambda: game(force("A1", "B2"), force("B1", "B5"), day=9, phase=2, holdings=SACKED_B5), "B1", "already sacked"),
    ("carries loot", lambda: raider_on("B5", loot="C3"), "B1", "already carries"),
    ("max speed", lambda: raider_on("B5", order="max_speed"), "B1", "Max Speed"),
    ("contested", lambda: game(force("A1", "B5"), force("B1", "B5"), day=9, phase=2), "B1", "contested"),
])
def test_refused_sack(why, build, fid, message):
    with pytest.raises(CommandError, match=message):
        sack(build(), fid, dice(), NO_BOARD)


def test_loot_is_lost_with_a_battle():
    s = sack(raider_on("B5"), "B1", dice(), NO_BOARD)
    new = incursione.lose_loot(s, "B1", dice())
    assert new.force("B1").loot is None
    assert new.holding("B5").sacked  # removed from play: nobody gets it back (AMB-55)


def test_raiders_win_when_loot_reaches_their_capital():
    s = game(force("A1", "B2"), force("B1", "H2", loot="B5"), day=20, phase=2)
    end = incursione.check_victory(s, dice(), NO_BOARD)
    assert end.winner == "B" and end.ended


def test_loot_on_the_way_home_does_not_win_yet():
    s = game(force("A1", "B2"), force("B1", "G2", loot="B5"), day=20, phase=2)
    assert incursione.check_victory(s, dice(), NO_BOARD).winner is None


def test_a_force_without_loot_at_home_does_not_win():
    s = game(force("A1", "B2"), force("B1", "H2"), day=20, phase=2)
    assert incursione.check_victory(s, dice(), NO_BOARD).winner is None


def test_two_loots_needed_with_the_strict_reading():
    # AMB-56: raid_loot_required = 2, the objective's "at least two holdings"
    opts = Options(scenario="incursione", raid_loot_required=2)
    one = game(force("A1", "B2"), force("B1", "H2", loot="B5"), force("B2", "G2", loot="C3"), day=20, phase=2, options=opts)
    assert incursione.check_victory(one, dice(), NO_BOARD).winner is None
    two = replace(one, forces=tuple(replace(f, square="H2") if f.id == "B2" else f for f in one.forces))
    assert incursione.check_victory(two, dice(), NO_BOARD).winner == "B"


def test_raider_victory_comes_before_the_draw_of_day_42():
    s = game(force("A1", "B2"), force("B1", "H2", loot="B5"), day=42, phase=0)
    assert incursione.check_victory(s, dice(), NO_BOARD).winner == "B"


def test_loot_snow_and_the_new_options_survive_the_file():
    # the fields this phase adds (weather.soaked, options.raid_loot_required) round-trip through campaign.json
    from mapgen.campaign.store import dumps_state, from_json_text

    s = game(force("A1", "B2"), force("B1", "G2", loot="B5"), day=20, phase=2,
             options=Options(scenario="incursione", raid_loot_required=2))
    s = replace(s, weather=replace(s.weather, snow_level=3, soaked=True))
    assert from_json_text(dumps_state(s), "campaign.json") == s


def test_a_hand_broken_loot_requirement_names_the_field():
    from mapgen.campaign.store import dumps_state, from_json_text
    from mapgen.errors import BadFileError

    text = dumps_state(game()).replace('"raid_loot_required": 1', '"raid_loot_required": 0')
    with pytest.raises(BadFileError, match="raid_loot_required"):
        from_json_text(text, "campaign.json")


def test_key_day_reinforcements_say_full_or_half():
    # FW-17.8: day 28 the defenders have their FW-15 points in full, the raiders half
    d = dice(1)
    reinforcements.start(game(day=28), d, NO_BOARD)
    texts = [e.text for e in d.log if e.rule == "FW-17.8"]
    assert "side A: +360 reinforcement points (FW-15 points, in full on day 28); banked 360" in texts
    assert "side B: +200 reinforcement points (FW-15 points, half on day 28); banked 200" in texts


def test_a_sack_is_logged_for_the_raider():
    # FW-17.7: the players read which force sacked which holding
    d = dice()
    sack(raider_on("B5"), "B1", d, NO_BOARD)
    assert (d.log[-1].text, d.log[-1].side) == ("force B1 sacks the holding at B5 and carries off its loot", "B")
