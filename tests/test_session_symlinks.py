"""No file of the session is read or written through a symbolic link planted in the campaign folder.

Before the session, a symlinked ``history/`` made a command write the state
outside the folder.  Now ``history/``, ``commands.jsonl``, ``campaign.json``
and the journal are refused when they are links (exit 2, one line, nothing
written anywhere), and ``undo`` removes only real folders under ``battles/``.
"""

from __future__ import annotations

import json
import os
import shutil

import pytest

from mapgen import session

from .cli_helpers import run, snapshot
from .session_helpers import fw_campaign

LINK = "a symbolic link"


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    folder = fw_campaign(tmp_path_factory.mktemp("links") / "camp")
    return folder


@pytest.fixture
def camp(made, tmp_path):
    folder = tmp_path / "camp"
    shutil.copytree(made, folder)
    return folder


@pytest.fixture
def outside(tmp_path):
    """A folder of the player's that the campaign folder must never touch."""
    place = tmp_path / "elsewhere"
    place.mkdir()
    (place / "precious.txt").write_text("mine\n")
    return place


def refused(camp, outside, capsys, *argv):
    before, theirs = snapshot(camp), snapshot(outside)
    code, out, err = run(["campaign", *argv], capsys)
    assert code == 2 and LINK in err and "Traceback" not in err, (code, err)
    assert snapshot(camp) == before and snapshot(outside) == theirs
    return err


def test_a_linked_history_folder_is_refused_and_nothing_is_written_through_it(camp, outside, capsys):
    os.symlink(outside, camp / "history")
    err = refused(camp, outside, capsys, "turn", str(camp))
    assert "history" in err


def test_a_linked_history_file_is_never_restored_by_undo(camp, outside, capsys):
    code, out, err = run(["campaign", "turn", str(camp)], capsys)
    assert code == 0, err
    real = camp / "history" / "0001.json"
    shutil.move(real, outside / "0001.json")
    os.symlink(outside / "0001.json", real)
    refused(camp, outside, capsys, "undo", str(camp))


@pytest.mark.parametrize("name", ["commands.jsonl", "campaign.journal"])
def test_a_linked_command_list_or_journal_is_refused(camp, outside, capsys, name):
    target = outside / "precious.txt"
    os.symlink(target, camp / name)
    for argv in (("turn", str(camp)), ("undo", str(camp)), ("replay", str(camp), "--check")):
        refused(camp, outside, capsys, *argv)
    assert target.read_text() == "mine\n"


def test_a_linked_campaign_json_is_refused(camp, outside, capsys):
    shutil.move(camp / "campaign.json", outside / "campaign.json")
    os.symlink(outside / "campaign.json", camp / "campaign.json")
    refused(camp, outside, capsys, "turn", str(camp))


def test_undo_removes_only_real_battle_folders_under_battles(camp, outside):
    battles = camp / "battles"
    (battles / "day-01-C4").mkdir(parents=True)
    (battles / "day-01-C4" / "report.yaml").write_text("x")
    os.symlink(outside, battles / "day-01-D5")  # a planted link named like a battle
    (camp / "history").mkdir(exist_ok=True)
    names = ["battles/day-01-C4", "battles/day-01-D5", "../elsewhere", "battles/../../elsewhere", "history", "battles", "/tmp"]
    assert session.remove_battles(camp, names) == ["battles/day-01-C4"]
    assert not (battles / "day-01-C4").exists()
    assert (battles / "day-01-D5").is_symlink() and (outside / "precious.txt").read_text() == "mine\n"
    assert (camp / "history").is_dir()


def test_undo_follows_no_linked_battles_folder(camp, outside, capsys):
    code, out, err = run(["campaign", "turn", str(camp)], capsys)
    assert code == 0, err
    (outside / "day-01-C4").mkdir()
    os.symlink(outside, camp / "battles")
    # the record says the command wrote a battle folder; the folder named is reached through a link
    path = camp / "commands.jsonl"
    record = json.loads(path.read_text())
    path.write_text(json.dumps({**record, "battles": ["battles/day-01-C4"]}) + "\n")
    code, out, err = run(["campaign", "undo", str(camp)], capsys)
    assert code == 0, err
    assert (outside / "day-01-C4").is_dir() and (outside / "precious.txt").exists()


def test_a_command_that_would_write_a_battle_through_a_linked_battles_folder_is_refused_before_its_commit(tmp_path, capsys, monkeypatch):
    """The battle folders come after the commit: a linked ``battles/`` must stop the command before it, not after."""
    from mapgen.session import outputs

    from .cli_helpers import run, snapshot
    from .session_helpers import fw_campaign

    camp = fw_campaign(tmp_path / "camp")
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, camp / "battles")
    before = snapshot(camp)
    monkeypatch.setattr(outputs, "new_outputs", lambda ruleset, folder, state: ["battles/day-01-B2"])
    code, out, err = run(["campaign", "turn", str(camp)], capsys)
    assert code == 2 and "battles: a symbolic link" in err
    assert snapshot(camp) == before and list(outside.iterdir()) == []
