"""The Napoleonic battle through the engine, the session and the CLI: secret deployment, refusals, files, random play."""

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapgen import schemas, session
from mapgen.engine import fuzz, registry
from mapgen.napoleonic import store
from mapgen.napoleonic.armies import DEFAULT_ARMY, army_cost, default_army
from mapgen.napoleonic.board import AREAS, adjacent
from mapgen.napoleonic.ruleset import RULESET
from mapgen.rulebooks.nap_units import UNITS
from tests.cli_helpers import run, snapshot

SECRET_A = "a-left=A1,A2,A3,A4 a-centre=A5,A6 a-right=A7,A8,A9"


def new(tmp_path, capsys, *extra):
    folder = tmp_path / "battle"
    code, out, err = run(["campaign", "new", str(folder), "--rules", "napoleonic", "--seed", "5", *extra], capsys)
    assert code == 0, err
    return folder


def test_registered_as_the_third_rule_set():
    assert registry.named("napoleonic") is RULESET
    assert {"fantasy_warriors", "renaissance", "napoleonic"} <= {r.name for r in registry.rulesets()}


def test_default_armies_cost_the_same():
    """The default army [DEV]: 6 infantry, 2 cavalry, 1 artillery, 1 leader = 6x6 + 2x10 + 12 + 12 = 80 (NAP-1 costs)."""
    a, b = default_army("A")[1], default_army("B")[1]
    assert army_cost(a) == army_cost(b) == 80
    assert dict(DEFAULT_ARMY) == {"infantry": 6, "cavalry": 2, "artillery": 1, "leader": 1}


def test_hidden_deployment_never_leaks(tmp_path, capsys):
    folder = new(tmp_path, capsys)
    code, out, err = run(["campaign", "deploy", str(folder), "A", *SECRET_A.split()], capsys)
    assert code == 0, err
    assert "a-left A1 A2 A3 A4" in out  # the side itself reads its own placement
    for argv in (["campaign", "status", str(folder), "--side", "B"], ["campaign", "log", str(folder), "--side", "B"],
                 ["campaign", "actions", str(folder), "--side", "B"]):
        code, out, err = run(argv, capsys)
        assert code == 0, err
        for line in out.splitlines():  # no line names one of A's units and one of A's areas
            assert not (re.search(r"\bA\d+\b", line) and re.search(r"\ba-(left|centre|right|reserve)\b", line)), (argv, line)
    code, out, err = run(["campaign", "status", str(folder), "--side", "B", "--json"], capsys)
    assert {u["area"] for u in json.loads(out)["units"] if u["side"] == "A"} == {"hidden"}
    view = RULESET.view(session.load(folder).state, "B", session.load(folder).board)
    assert {u["area"] for u in view["units"] if u["side"] == "A"} == {"hidden"}
    svg = tmp_path / "b.svg"
    run(["campaign", "status", str(folder), "--side", "B", "--svg", str(svg)], capsys)
    assert ">A1<" not in svg.read_text()
    code, out, err = run(["campaign", "deploy", str(folder), "B", "b-right=B1,B2,B3", "b-centre=B4,B5,B6", "b-left=B7,B8,B9"], capsys)
    assert code == 0, err
    assert "the divider is lifted: side A a-reserve A10; a-left A1 A2 A3 A4" in out  # now both see both
    code, out, err = run(["campaign", "status", str(folder), "--side", "B"], capsys)
    assert "a-left     A1" in out


def test_refused_command_leaves_the_folder_byte_identical(tmp_path, capsys):
    folder = new(tmp_path, capsys)
    before = snapshot(folder)
    code, out, err = run(["campaign", "deploy", str(folder), "A", "a-left=A1,A2"], capsys)  # a-centre and a-right left empty
    assert code == 2 and err.startswith("Error:") and "NAP-2.1" in err and len(err.strip().splitlines()) == 1
    assert snapshot(folder) == before
    code, out, err = run(["campaign", "fire", str(folder), "A1", "B1"], capsys)
    assert code == 2 and "deploy first" in err
    assert snapshot(folder) == before


def test_undo_and_replay(tmp_path, capsys):
    folder = new(tmp_path, capsys)
    run(["campaign", "deploy", str(folder), "A", *SECRET_A.split()], capsys)
    run(["campaign", "deploy", str(folder), "B", "b-right=B1,B2,B3", "b-centre=B4,B5,B6", "b-left=B7,B8,B9"], capsys)
    text = (folder / "campaign.json").read_text()
    code, out, err = run(["campaign", "move", str(folder), "A7", "mid-2"], capsys)  # A's cavalry, turn 1
    assert code == 0, err
    assert run(["campaign", "undo", str(folder)], capsys)[0] == 0
    assert (folder / "campaign.json").read_text() == text
    assert run(["campaign", "move", str(folder), "A7", "mid-2"], capsys)[0] == 0
    code, out, err = run(["campaign", "replay", str(folder), "--check"], capsys)
    assert code == 0 and "match" in out


def test_rosters_and_tables(tmp_path, capsys):
    roster = tmp_path / "french.csv"
    roster.write_text("name,side,type,count\nLine,France,infantry,4\nGuard,France,elite_infantry,1\nHussars,France,cavalry,1\n"
                      "Guns,France,artillery,1\nNey,France,leader,1\n")
    tables = tmp_path / "t.json"
    tables.write_text(json.dumps({"schema": "mapgen/napoleonic-tables", "version": 1, "fire": {"infantry": 7}}))
    folder = new(tmp_path, capsys, "--roster", f"A={roster}", "--tables", str(tables), "--attacker", "B")
    state = session.load(folder).state
    assert [u.type for u in state.units if u.side == "A"] == ["infantry"] * 4 + ["elite_infantry", "cavalry", "artillery", "leader"]
    assert state.army("A").nation == "France" and state.attacker == "B"
    assert session.load(folder).board.tables.fire["infantry"] == 7


@pytest.mark.parametrize("text, words", [
    ("name,side,type\nX,France,dragoon\n", ["line 2", "'type'", "dragoon"]),
    ("name,side,type\nX,France,light_infantry\n", ["line 2", "'type'", "NAP-A.16"]),
    ("name,side,type,cost\nX,France,infantry,7\n", ["line 2", "'cost'", "NAP-1"]),
    ("name,side,type\nX,France,infantry\nY,Russia,infantry\n", ["'side'", "one nation"]),
])
def test_bad_roster_is_one_error_line(tmp_path, capsys, text, words):
    roster = tmp_path / "bad.csv"
    roster.write_text(text)
    code, out, err = run(["campaign", "new", str(tmp_path / "b"), "--rules", "napoleonic", "--roster", f"A={roster}"], capsys)
    assert code == 2 and err.startswith("Error:") and len(err.strip().splitlines()) == 1, err
    assert "bad.csv" in err and all(w in err for w in words), err
    assert not (tmp_path / "b").exists()


def test_bad_tables_file_is_one_error_line(tmp_path, capsys):
    tables = tmp_path / "t.json"
    tables.write_text(json.dumps({"schema": "mapgen/napoleonic-tables", "version": 1, "fire": {"infantry": 99}}))
    code, out, err = run(["campaign", "new", str(tmp_path / "b"), "--rules", "napoleonic", "--tables", str(tables)], capsys)
    assert code == 2 and err.startswith("Error:") and len(err.strip().splitlines()) == 1, err
    assert "t.json" in err and "fire.infantry" in err


def test_published_schema_is_the_states():
    assert schemas.text("campaign-napoleonic") == json.dumps(store.json_schema(), indent=1, ensure_ascii=False) + "\n"


def _start(seed: int):
    board = store.field_from_bytes(store.field_bytes(), "f")
    return store.new_state(seed, store.field_bytes(), "AB"[seed % 2], (default_army("A"), default_army("B"))), board


def _invariants(before, after, command, board):
    """No unit shares an area with enemies, moves only to an adjacent area, spends no more actions than its type has."""
    for u in after.units:
        assert u.used <= UNITS[u.type].actions, f"{u.id} spent {u.used} actions"
        if u.area in AREAS:
            assert not any(e.area == u.area and e.side != u.side for e in after.units), f"{u.id} shares {u.area} with enemies"
    if type(command).__name__ == "Move":
        was, now = before.unit(command.unit).area, after.unit(command.unit).area
        assert adjacent(was, now), f"{command.unit} moved {was} -> {now}"


def test_the_engines_fuzzer_plays_napoleonic_battles():
    for seed in range(12):
        state, board = _start(seed)
        game = fuzz.play(RULESET, state, board, random.Random(seed), RULESET.dice_for, max_commands=3000, invariants=_invariants)
        assert game.ended is not None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000))
def test_random_legal_play_keeps_the_board_rules(seed):
    state, board = _start(seed)
    fuzz.play(RULESET, state, board, random.Random(seed), RULESET.dice_for, max_commands=3000, invariants=_invariants,
              check_every_action=False)


def test_simulate_reports_winners_and_units(tmp_path, capsys):
    out = tmp_path / "sim"
    code, text, err = run(["campaign", "simulate", "--rules", "napoleonic", "--games", "6", "--seed", "3", "--out", str(out)], capsys)
    assert code == 0, err
    doc = json.loads((out / "balance-napoleonic.json").read_text())
    assert doc["games"] == 6 and sum(doc["wins"].values()) + doc["unfinished"] == 6
    for battle in doc["battles"]:
        assert battle["armies"]["A"]["cost"] == battle["armies"]["B"]["cost"]
        for side in "AB":
            army = battle["armies"][side]
            assert all(army["lost"].get(k, 0) <= n for k, n in army["units"].items())
