"""Phase 0 weather (FW-7) and Phase 6 time (FW-14), with the faces entered.

Expected results are typed from the digest's tables FW-7.3.1, FW-7.3.2 and
FW-7.4 and the AMB choices, not read from the code's tables.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from mapgen.campaign import days, weather
from mapgen.campaign.state import Options, Weather

from .cal_state import NO_BOARD, dice, rolled, state


def on(zone: str, season: str, snow: int = 0, **opts):
    return state(phase=0, day=3, options=Options(weather=True, **opts), weather=Weather(zone, season, snow_level=snow))


def test_fw_7_7_worked_example_uses_the_table_autumn_modifier():
    # FW-7.7: temperate autumn, roll 3.  The example adds +2 for autumn and reads 5, heavy rain;
    # the table FW-7.3.1 says +1 (AMB-11), so 3 + 1 = 4: light rain.
    d = dice(3)
    new = weather.start(on("temperate", "autumn"), d, NO_BOARD)
    assert new.weather.today == "light_rain"
    assert new.weather.snow_level == 0  # rain, not snow, in a temperate autumn (AMB-13)
    (roll,) = rolled(d)
    assert (roll.rule, roll.faces, roll.total, roll.outcome) == ("FW-7.4", (3,), 4, "light_rain")
    assert [(m.name, m.value) for m in roll.modifiers] == [("autumn", 1)]


@pytest.mark.parametrize(
    "zone, season, face, today, snow",
    [
        # FW-7.4 bands with no modifier (summer, 0): 1-3 fine, 4 light rain, 5 heavy, 6 storm
        ("temperate", "summer", 1, "fine", 0),
        ("temperate", "summer", 3, "fine", 0),
        ("temperate", "summer", 4, "light_rain", 0),
        ("temperate", "summer", 5, "heavy", 0),
        ("temperate", "summer", 6, "storm", 0),
        # spring +1
        ("temperate", "spring", 2, "fine", 0),
        ("temperate", "spring", 3, "light_rain", 0),
        ("temperate", "spring", 5, "storm", 0),
        # autumn +1 (AMB-11): rain map-wide, no snow level
        ("temperate", "autumn", 4, "heavy", 0),
        ("temperate", "autumn", 5, "storm", 0),
        # winter +2: 5 and 6 are snow, one more level (AMB-13)
        ("temperate", "winter", 1, "fine", 0),
        ("temperate", "winter", 2, "light_rain", 0),
        ("temperate", "winter", 3, "heavy", 1),
        ("temperate", "winter", 4, "storm", 1),
        ("temperate", "winter", 6, "storm", 1),  # 8 counts as 6 (AMB-76)
        # cold zones are always winter, +2 (AMB-09), whatever season is written
        ("cold", "winter", 1, "fine", 0),
        ("cold", "winter", 3, "heavy", 1),
        ("cold", "spring", 2, "light_rain", 0),
        ("cold", "summer", 4, "storm", 1),
        # torrid: great rains +2, dry 0 (FW-7.3.2, AMB-10); never snow
        ("torrid", "great_rains", 1, "fine", 0),
        ("torrid", "great_rains", 2, "light_rain", 0),
        ("torrid", "great_rains", 3, "heavy", 0),
        ("torrid", "great_rains", 5, "storm", 0),  # 7 counts as 6 (AMB-76)
        ("torrid", "dry", 3, "fine", 0),
        ("torrid", "dry", 4, "light_rain", 0),
        ("torrid", "dry", 5, "heavy", 0),
        ("torrid", "dry", 6, "storm", 0),
    ],
)
def test_precipitation_table(zone, season, face, today, snow):
    new = weather.start(on(zone, season), dice(face), NO_BOARD)
    assert new.weather.today == today
    assert new.weather.snow_level == snow


@pytest.mark.parametrize("zone, season, face, soaked", [
    ("torrid", "dry", 5, True),
    ("torrid", "great_rains", 4, True),
    ("torrid", "dry", 4, False),
    ("temperate", "summer", 5, False),
])
def test_soaked_ground_in_torrid_zones(zone, season, face, soaked):
    # FW-7.5 [DEV]: heavy rain or desert wind soaks the ground, like one snow level, for that day
    new = weather.start(on(zone, season), dice(face), NO_BOARD)
    assert new.weather.soaked is soaked
    assert new.weather.snow_level == 0


@pytest.mark.parametrize("face, today, mountain_snow", [(3, "light_rain", 0), (4, "heavy", 1), (5, "storm", 1)])
def test_autumn_snow_lies_on_mountain_squares_only(face, today, mountain_snow):
    # AMB-13: "snow if climate cold, or winter, or autumn on mountain squares": autumn +1, so a 4 is 5,
    # heavy rain and light snowfall on the mountains; the map-wide level stays 0
    s = replace(on("temperate", "autumn"), weather=Weather("temperate", "autumn", mountain_snow=2))
    new = weather.start(s, dice(face), NO_BOARD)
    assert (new.weather.today, new.weather.snow_level, new.weather.mountain_snow) == (today, 0, 2 + mountain_snow)


def test_autumn_never_snows_in_a_torrid_zone():
    new = weather.start(on("torrid", "autumn"), dice(6), NO_BOARD)
    assert (new.weather.snow_level, new.weather.mountain_snow) == (0, 0)


def test_snow_levels_accumulate():
    # FW-7.5: each snowy turn adds one level; no melting rule
    s = on("cold", "winter", snow=2)
    assert weather.start(s, dice(4), NO_BOARD).weather.snow_level == 3
    assert weather.start(s, dice(1), NO_BOARD).weather.snow_level == 2


def test_no_roll_without_the_option():
    s = replace(on("temperate", "winter"), options=Options())
    d = dice()
    assert weather.start(s, d, NO_BOARD) is s
    assert d.log == []


def test_incursione_does_not_use_phase_0_weather():
    # AMB-25: its snow is scripted on the key days
    s = on("temperate", "autumn", scenario="incursione")
    d = dice()
    assert weather.start(s, d, NO_BOARD) is s
    assert d.log == []


def test_a_new_day_clears_the_weather_but_keeps_the_snow():
    s = weather.start(on("torrid", "dry"), dice(6), NO_BOARD)
    s = replace(s, weather=replace(s.weather, snow_level=2))
    n = days.next_day(s)
    assert (n.day, n.weather.today, n.weather.soaked, n.weather.snow_level) == (4, None, False, 2)


def test_day_ends_in_phase_6():
    d = dice()
    s = state(day=5, phase=6)
    assert days.start(s, d, NO_BOARD).day == 5  # the calendar turns at the wrap to Phase 0
    assert [e.rule for e in d.log] == ["FW-14"]
