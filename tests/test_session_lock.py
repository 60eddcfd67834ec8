"""One command at a time in a folder: commands fired at once are each applied or refused as busy, none is lost.

Before the lock, two players' ``order`` at the same moment lost one of them
in 8 of 8 tries while both printed success.  These tests fire real
``mapgen`` processes at one folder at once.
"""

from __future__ import annotations

import json
import shutil

import pytest

from mapgen.session import lock

from .cli_helpers import run, snapshot
from .session_helpers import fw_campaign, lines, renaissance_campaign, start

BUSY = "campaign busy, try again"


@pytest.fixture(scope="module")
def made_fw(tmp_path_factory):
    return fw_campaign(tmp_path_factory.mktemp("lock") / "fw")


@pytest.fixture(scope="module")
def made_ren(tmp_path_factory):
    return renaissance_campaign(tmp_path_factory.mktemp("lock") / "ren")


def copy(made, tmp_path):
    folder = tmp_path / made.name
    shutil.copytree(made, folder)
    return folder


def state(folder) -> dict:
    return json.loads((folder / "campaign.json").read_text(encoding="utf-8"))


def fire(argvs):
    """Start every command at once, then wait for all: [(argv, exit code, stdout, stderr)]."""
    procs = [(argv, start(*argv)) for argv in argvs]
    out = []
    for argv, p in procs:
        stdout, stderr = p.communicate(timeout=300)
        out.append((argv, p.returncode, stdout, stderr))
    return out


def check_applied_or_busy(results):
    for argv, code, stdout, stderr in results:
        assert code == 0 or (code == 2 and BUSY in stderr), (argv, code, stderr)
        assert "Traceback" not in stderr


def test_a_command_waits_for_the_one_in_the_folder_then_is_refused_as_busy(made_fw, tmp_path, capsys, monkeypatch):
    camp = copy(made_fw, tmp_path)
    before = snapshot(camp)
    monkeypatch.setattr(lock, "WAIT_S", 0.2)
    with lock.held(camp):  # another command holds the folder
        code, out, err = run(["campaign", "turn", str(camp)], capsys)
    assert code == 2 and err.strip().startswith("Error:") and BUSY in err
    assert snapshot(camp) == before  # nothing changed, not even a lock file
    code, out, err = run(["campaign", "turn", str(camp)], capsys)
    assert code == 0, err


def test_two_players_ordering_every_force_at_once_lose_none(made_fw, tmp_path, capsys):
    camp = copy(made_fw, tmp_path)
    forces = state(camp)["forces"]
    # a new order for every force of both sides, each different from its order now (AMB-19), all fired together
    new = {f["id"]: ("defend" if f["order"] != "defend" else "probe") for f in forces}
    results = fire([("campaign", "order", str(camp), fid, order) for fid, order in new.items()])
    check_applied_or_busy(results)
    applied = {argv[3] for argv, code, *_ in results if code == 0}
    assert applied, "no command got the folder"
    recorded = [json.loads(line) for line in lines(camp)]
    assert sorted(r["force"] for r in recorded) == sorted(applied)  # one line per success, none lost, none twice
    assert len(list((camp / "history").iterdir())) == len(applied)
    code, out, err = run(["campaign", "replay", str(camp), "--check"], capsys)
    assert code == 0, err


def test_sixteen_transfers_from_two_seats_at_once_add_up(made_ren, tmp_path, capsys):
    camp = copy(made_ren, tmp_path)
    treasury = {p["seat"]: p["treasury"] for p in state(camp)["players"]}
    argvs = [("campaign", "transfer", str(camp), a, b, "--ducats", "1", "--agreed") for a, b in (("P1", "P2"), ("P2", "P1")) for _ in range(8)]
    results = fire(argvs)
    check_applied_or_busy(results)
    paid = {"P1": 0, "P2": 0}
    for argv, code, stdout, _ in results:
        if code == 0:
            assert f"{argv[3]} pays 1 ducats to {argv[4]}" in stdout
            paid[argv[3]] += 1
    assert sum(paid.values()) == len(lines(camp)) > 0
    # RC-3.3: each applied transfer moves one ducat from its payer to the other seat, and no other
    after = {p["seat"]: p["treasury"] for p in state(camp)["players"]}
    assert after == {"P1": treasury["P1"] - paid["P1"] + paid["P2"], "P2": treasury["P2"] - paid["P2"] + paid["P1"]}
    code, out, err = run(["campaign", "replay", str(camp), "--check"], capsys)
    assert code == 0, err
