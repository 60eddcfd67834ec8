"""A third rule set joins by registering: Dash (``tests/toy_ruleset.py``) played through every layer.

Nothing in ``mapgen/`` knows Dash.  Registered at run time, it plays through
the CLI (its own ``dash`` command parsed by its spec, ``turn``, ``status``,
``log``, ``actions``), the session (lock, commit, history), ``undo`` (the
bytes before), ``replay --check`` and the fuzzer.
"""

from __future__ import annotations

import json
import random

import pytest

from mapgen import engine, session
from mapgen.campaign.dice import GameDice
from mapgen.engine.fuzz import play

from . import toy_ruleset as toy
from .cli_helpers import run


@pytest.fixture
def dash(tmp_path):
    toy.install()
    yield toy.new_folder(tmp_path / "dash", seed=5)
    engine.unregister(toy.RULESET.name)


def test_the_registry_finds_dash_by_its_file(dash):
    loaded = session.load(dash)
    assert loaded.ruleset is toy.RULESET and loaded.board.goal == 12


def test_dash_plays_through_the_cli_undo_and_replay(dash, capsys):
    code, out, err = run(["campaign", "dash", str(dash), "a", "--roll", "4"], capsys)
    assert code == 0, err
    assert "A dashes 4 to 4" in out and "Now: " in out
    before_turn = (dash / "campaign.json").read_bytes()
    code, out, err = run(["campaign", "turn", str(dash)], capsys)  # B passes
    assert code == 0 and "B passes" in out, err
    code, out, err = run(["campaign", "dash", str(dash), "B"], capsys)  # not B's turn now
    assert code == 2 and "it is side A's turn" in err
    code, out, err = run(["campaign", "dash", str(dash), "C"], capsys)
    assert code == 2 and "A or B" in err
    code, out, err = run(["campaign", "status", str(dash)], capsys)
    assert code == 0 and out.splitlines()[:2] == ["A: 4 of 12", "B: 0 of 12"]
    code, out, err = run(["campaign", "log", str(dash)], capsys)
    assert out.splitlines() == ["A dashes 4 to 4", "B passes"]
    code, out, err = run(["campaign", "actions", str(dash), "--json"], capsys)
    listed = json.loads(out)
    assert [a["command"] for a in listed] == [f"mapgen campaign dash {dash} A", f"mapgen campaign turn {dash}"]
    records = [json.loads(line) for line in (dash / "commands.jsonl").read_text().splitlines()]
    assert records == [{"command": "dash", "side": "A", "roll": [4]}, {"command": "turn"}]
    code, out, err = run(["campaign", "replay", str(dash), "--check"], capsys)
    assert code == 0 and "Replayed 2 command(s)" in out, err
    code, out, err = run(["campaign", "undo", str(dash)], capsys)
    assert code == 0, err
    assert (dash / "campaign.json").read_bytes() == before_turn


def test_a_finished_dash_refuses_more(dash, capsys):
    for faces in ("6", None, "6"):  # A 6, B passes, A 12: the goal
        argv = ["campaign", "dash", str(dash), "A", "--roll", faces] if faces else ["campaign", "turn", str(dash)]
        assert run(argv, capsys)[0] == 0
    code, out, err = run(["campaign", "turn", str(dash)], capsys)
    assert code == 2 and "the campaign is over: side A reached the goal" in err
    code, out, err = run(["campaign", "actions", str(dash), "--json"], capsys)
    assert json.loads(out) == []


def test_the_fuzzer_plays_dash(dash):
    state, data = toy.start(9)
    board = toy.RULESET.board_from_map(data, toy.MAP_FILE)
    ended = 0
    for i in range(200):
        game = play(toy.RULESET, state, board, random.Random(i), lambda s: GameDice(s.seed), max_commands=200)
        ended += game.ended is not None
    assert ended == 200
