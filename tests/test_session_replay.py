"""``campaign replay``: the state follows from the start state and ``commands.jsonl``; a broken list is named by line.

Also what the session checks before a commit (a state that would not read
back is refused) and that a good state is read once, by one validator.
"""

from __future__ import annotations

import json
import shutil

import pytest

from mapgen import session
from mapgen.campaign import store
from mapgen.engine import statefile
from mapgen.campaign.state import Unit, evolve
from mapgen.errors import BadFileError

from .cli_helpers import run, snapshot
from .session_helpers import fw_campaign, lines, renaissance_campaign


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A Fantasy Warriors campaign with four commands: an order, turn, a move with a face entered, a move."""
    folder = fw_campaign(tmp_path_factory.mktemp("replay") / "camp")
    from mapgen.cli import main

    for argv in (["order", "A2", "defend"], ["turn"], ["move", "A3", "--roll", "5"], ["move", "B2"]):
        try:
            main(["campaign", argv[0], str(folder), *argv[1:]])
        except SystemExit as exc:
            assert not exc.code, argv
    return folder


@pytest.fixture
def camp(played, tmp_path):
    folder = tmp_path / "camp"
    shutil.copytree(played, folder)
    return folder


def test_the_records_keep_their_public_keys(played):
    records = [json.loads(line) for line in lines(played)]
    assert records[0] == {"command": "order", "force": "A2", "order": "defend"}
    assert records[1] == {"command": "turn"}
    assert records[2] == {"command": "move", "force": "A3", "path": [], "roll": [5]}
    assert records[3] == {"command": "move", "force": "B2", "path": []}


def test_replay_rebuilds_campaign_json_byte_for_byte(camp, capsys):
    code, out, err = run(["campaign", "replay", str(camp)], capsys)
    assert code == 0, err
    assert out == (camp / "campaign.json").read_text(encoding="utf-8")
    code, out, err = run(["campaign", "replay", str(camp), "--check"], capsys)
    assert code == 0 and "Replayed 4 command(s)" in out


def test_a_folder_with_no_command_replays_to_itself(tmp_path, capsys):
    camp = fw_campaign(tmp_path / "new")
    code, out, err = run(["campaign", "replay", str(camp), "--check"], capsys)
    assert code == 0 and "Replayed 0 command(s)" in out


def test_check_names_the_first_command_whose_result_differs(camp, capsys):
    # history/0003.json is the state after command 2: change a field there, and the state at the end too
    for name, edit in (("history/0003.json", "day"), ("campaign.json", "day")):
        path = camp / name
        data = json.loads(path.read_text())
        data[edit] += 5
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    code, out, err = run(["campaign", "replay", str(camp), "--check"], capsys)
    assert code == 1
    assert "command 2 (commands.jsonl line 2" in err and "history/0003.json at day" in err


def test_check_names_the_last_command_when_only_campaign_json_differs(camp, capsys):
    path = camp / "campaign.json"
    data = json.loads(path.read_text())
    data["sides"][1]["reinforcement_points"] += 7
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    code, out, err = run(["campaign", "replay", str(camp), "--check"], capsys)
    assert code == 1 and "command 4 (commands.jsonl line 4" in err and "campaign.json at sides[1].reinforcement_points" in err


@pytest.mark.parametrize("argv", [["move", "B3"], ["undo"], ["replay", "--check"], ["order", "A3", "defend"]])
def test_a_corrupt_command_list_is_exit_2_naming_the_line(camp, capsys, argv):
    path = camp / "commands.jsonl"
    path.write_text(path.read_text() + '{"command": "turn"\n')
    before = snapshot(camp)
    code, out, err = run(["campaign", argv[0], str(camp), *argv[1:]], capsys)
    assert code == 2 and "Traceback" not in err
    if argv[0] != "order":  # order is refused by the rules first (phase 2): either way, nothing changes
        assert "commands.jsonl line 5: not valid JSON" in err
    assert snapshot(camp) == before


def test_a_record_that_is_no_command_is_named_on_replay(camp, capsys):
    path = camp / "commands.jsonl"
    records = path.read_text().splitlines()
    records[1] = json.dumps({"command": "charge"})
    path.write_text("\n".join(records) + "\n")
    code, out, err = run(["campaign", "replay", str(camp), "--check"], capsys)
    assert code == 2 and "commands.jsonl line 2: not a Fantasy Warriors command" in err


def test_a_renaissance_campaign_replays(tmp_path, capsys):
    camp = renaissance_campaign(tmp_path / "ren")
    for argv in (["transfer", "P1", "P2", "--ducats", "5", "--agreed"], ["turn"], ["turn"]):
        code, out, err = run(["campaign", argv[0], str(camp), *argv[1:]], capsys)
        assert code == 0, err
    code, out, err = run(["campaign", "replay", str(camp), "--check"], capsys)
    assert code == 0 and "Replayed 3 command(s)" in out, err


def test_a_state_that_would_not_read_back_is_refused_before_the_commit(tmp_path, capsys):
    camp = fw_campaign(tmp_path / "camp")
    path = camp / "campaign.json"
    data = json.loads(path.read_text())
    data["sides"][0]["reinforcement_points"] = 500  # enough to send reinforcements (FW-15)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    before = snapshot(camp)
    limit = store.adapter().json_schema()["$defs"]["Unit"]["properties"]["type"]["maxLength"]
    name = "x" * (limit + 1)
    # typed on the command line, the name is refused where it enters ...
    code, out, err = run(["campaign", "reinforce", str(camp), "A", "--unit", f"{name}:average:10:5"], capsys)
    assert code == 2 and "--unit" in err
    assert snapshot(camp) == before
    # ... and a state that got one some other way is refused by the commit itself, nothing written
    with session.open_folder(camp) as s:
        unit = Unit("R1", name, "average", 10, 5)
        bad = evolve(s.state, forces=(evolve(s.state.forces[0], units=s.state.forces[0].units + (unit,)),) + s.state.forces[1:])
        with pytest.raises(BadFileError, match="would not read back.*units\\["):
            s.commit(bad, {"command": "reinforce", "side": "A", "units": [[name, "average", 10, 5]]})
    assert snapshot(camp) == before
    code, out, err = run(["campaign", "reinforce", str(camp), "A", "--unit", f"{name[:-1]}:average:10:5"], capsys)
    assert code == 0, err


def test_a_good_state_is_read_once_by_one_validator(played, monkeypatch):
    # the JSON parser that names a broken file's problem runs only when pydantic refused it
    def second_read(*a, **k):
        raise AssertionError("campaign.json read twice")

    monkeypatch.setattr(statefile, "parse", second_read)
    assert session.load(played).text == (played / "campaign.json").read_text(encoding="utf-8")


def test_refresh_writes_the_atlas_again(camp, capsys):
    (camp / "index.html").unlink()
    code, out, err = run(["campaign", "refresh", str(camp)], capsys)
    assert code == 0, err
    assert (camp / "index.html").exists() and "Refreshed" in out


def test_a_command_of_the_other_rules_is_refused_naming_both(played, capsys):
    before = snapshot(played)
    code, out, err = run(["campaign", "loan", str(played), "P1", "100"], capsys)
    assert code == 2
    assert f"'take loan' is a Renaissance command; {played} holds a Fantasy Warriors campaign" in err
    assert snapshot(played) == before
