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
