"""A command killed at any step of its commit: the folder loads, replays, and undo gives back the bytes before it.

Each run is a real ``mapgen`` process stopped by the session's crash hook
(``MAPGEN_CRASH_AT=STEP``: ``os._exit`` as ``kill -9`` would, or the signal
``MAPGEN_CRASH_WITH`` names).  The steps are those of the commit in
:mod:`mapgen.session.journal`: the journal, ``campaign.json`` (the commit),
then history and ``commands.jsonl``, then the journal's removal; each file
first as its temporary (``-tmp``), then renamed in.
"""

from __future__ import annotations

import json
import shutil

import pytest

from mapgen.session import durable

from .cli_helpers import run, snapshot
from .session_helpers import fw_campaign, lines, mapgen, temporaries

COMMAND_STEPS = ("journal-tmp", "journal", "state-tmp", "state", "history-tmp", "history", "commands-tmp", "commands", "end")
UNDO_STEPS = ("journal-tmp", "journal", "state-tmp", "state", "commands-tmp", "commands", "history", "end")
#: The steps before campaign.json is replaced: a kill there leaves the command undone.
BEFORE_THE_COMMIT = ("journal-tmp", "journal", "state-tmp")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    return fw_campaign(tmp_path_factory.mktemp("crash") / "camp")


@pytest.fixture
def camp(made, tmp_path):
    folder = tmp_path / "camp"
    shutil.copytree(made, folder)
    return folder


def crash(folder, step, *argv, how=None):
    env = {durable.CRASH_ENV: step, **({durable.CRASH_WITH_ENV: how} if how else {})}
    return mapgen("campaign", *argv, str(folder), env=env)


def assert_whole(folder, capsys):
    """The folder after a kill: it replays to its campaign.json, and the journal and temporaries are gone."""
    code, out, err = run(["campaign", "replay", str(folder), "--check"], capsys)
    assert code == 0, err
    assert not (folder / "campaign.journal").exists()
    assert temporaries(folder) == []
    code, out, err = run(["campaign", "status", str(folder)], capsys)
    assert code == 0, err


@pytest.mark.parametrize("step", COMMAND_STEPS)
def test_a_command_killed_at_any_step_is_all_there_or_not_at_all(camp, step, capsys):
    before = (camp / "campaign.json").read_bytes()
    done = crash(camp, step, "turn")
    assert done.returncode == durable.CRASH_EXIT, done.stderr
    assert_whole(camp, capsys)
    if step in BEFORE_THE_COMMIT:
        assert lines(camp) == [] and (camp / "campaign.json").read_bytes() == before
        assert not (camp / "history").exists() or list((camp / "history").iterdir()) == []
        return
    # campaign.json was replaced: the command stands, with its history and its line
    assert [line for line in lines(camp)] == ['{"command": "turn"}']
    assert (camp / "history" / "0001.json").read_bytes() == before
    code, out, err = run(["campaign", "undo", str(camp)], capsys)
    assert code == 0, err
    assert (camp / "campaign.json").read_bytes() == before and lines(camp) == []


@pytest.mark.parametrize("step", UNDO_STEPS)
def test_an_undo_killed_at_any_step_is_all_there_or_not_at_all(camp, step, capsys):
    before = (camp / "campaign.json").read_bytes()
    code, out, err = run(["campaign", "turn", str(camp)], capsys)
    assert code == 0, err
    after = (camp / "campaign.json").read_bytes()
    done = crash(camp, step, "undo")
    assert done.returncode == durable.CRASH_EXIT, done.stderr
    assert_whole(camp, capsys)
    if step in BEFORE_THE_COMMIT:
        assert (camp / "campaign.json").read_bytes() == after and len(lines(camp)) == 1
        code, out, err = run(["campaign", "undo", str(camp)], capsys)
        assert code == 0, err
    assert (camp / "campaign.json").read_bytes() == before
    assert lines(camp) == [] and not (camp / "history" / "0001.json").exists()


def test_a_kill_while_a_killed_commit_is_put_right_is_put_right_next_time(camp, capsys):
    before = (camp / "campaign.json").read_bytes()
    assert crash(camp, "state", "turn").returncode == durable.CRASH_EXIT
    # the next command completes the commit first: killed there too
    assert crash(camp, "commands", "status").returncode != durable.CRASH_EXIT  # a reader takes no lock, changes nothing
    assert crash(camp, "commands-tmp", "refresh").returncode == durable.CRASH_EXIT
    assert_whole(camp, capsys)
    assert lines(camp) == ['{"command": "turn"}'] and (camp / "history" / "0001.json").read_bytes() == before


def test_sigterm_during_the_commit_waits_for_it_and_leaves_no_temporary_file(camp, capsys):
    before = (camp / "campaign.json").read_bytes()
    done = crash(camp, "state-tmp", "turn", how="SIGTERM")
    assert done.returncode == 143, done.stderr  # 128 + SIGTERM, once the commit is whole
    assert "Traceback" not in done.stderr
    assert temporaries(camp) == []
    assert lines(camp) == ['{"command": "turn"}'] and (camp / "history" / "0001.json").read_bytes() == before
    assert_whole(camp, capsys)


def test_sigterm_while_a_killed_commit_is_put_right_removes_its_temporary_file(camp, capsys):
    assert crash(camp, "state", "turn").returncode == durable.CRASH_EXIT
    done = crash(camp, "history-tmp", "replay", how="SIGTERM")  # outside a commit: SIGTERM ends the command at once
    assert done.returncode == 143, done.stderr
    assert temporaries(camp) == []
    assert (camp / "campaign.journal").exists()  # still to be put right, by the next command
    assert_whole(camp, capsys)


def test_ctrl_c_during_the_commit_says_the_command_stands(camp, capsys):
    done = crash(camp, "history", "turn", how="SIGINT")
    assert done.returncode == 130, done.stderr
    assert "the command was saved" in done.stderr and "Aborted" not in done.stderr
    assert lines(camp) == ['{"command": "turn"}']
    assert_whole(camp, capsys)


def _face_off(folder, capsys):
    """A2 (probe) steps next to B2 while every other force defends; returns after the move, one ``turn`` before the battle."""
    from mapgen import session

    data = json.loads((folder / "campaign.json").read_text())
    board = session.load(folder).board
    a2 = next(f for f in data["forces"] if f["id"] == "A2")
    near = next(sq for sq in board.steps[a2["square"]] if not any(f["square"] == sq for f in data["forces"]))
    for f in data["forces"]:
        f["order"], f["reaction"] = ("probe" if f["id"] == "A2" else "defend"), None
        if f["id"] == "B2":
            f["square"] = near
    (folder / "campaign.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for argv in (["turn"], ["move", "A2", near, "--roll", "6"]):
        code, out, err = run(["campaign", argv[0], str(folder), *argv[1:]], capsys)
        assert code == 0, err


def test_a_kill_after_the_commit_loses_nothing_refresh_writes_the_battle_folder(camp, tmp_path, capsys):
    _face_off(camp, capsys)
    whole = tmp_path / "whole"
    shutil.copytree(camp, whole)
    code, out, err = run(["campaign", "turn", str(whole)], capsys)  # to the battle (FW-10), uninterrupted
    assert code == 0, err
    (battle,) = [p.name for p in (whole / "battles").iterdir()]
    assert crash(camp, "end", "turn").returncode == durable.CRASH_EXIT  # killed once saved, before its battle folder
    assert not (camp / "battles" / battle).exists()
    assert lines(camp) == lines(whole)  # the record names the folder, for undo
    code, out, err = run(["campaign", "refresh", str(camp)], capsys)
    assert code == 0, err
    # the same files, each naming its own campaign folder in the command that enters the result
    mine = {k: v.replace(str(camp).encode(), str(whole).encode()) for k, v in snapshot(camp / "battles").items()}
    assert mine == snapshot(whole / "battles")
    code, out, err = run(["campaign", "undo", str(camp)], capsys)
    assert code == 0 and not (camp / "battles" / battle).exists()
