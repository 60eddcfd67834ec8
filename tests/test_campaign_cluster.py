"""A balance run on a Dask cluster gives the local run's report, byte for byte; a cluster that cannot be used is one line."""

from __future__ import annotations

import sys

import pytest

from mapgen.campaign import cluster

from .cli_helpers import run

distributed = pytest.importorskip("distributed")

SIM = ["campaign", "simulate", "--seed", "7", "--size", "small", "--games", "30", "--bots", "aggressive,cautious"]


@pytest.fixture(scope="module")
def local_cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        yield c


def test_the_cluster_plays_the_same_games_as_the_local_pool(tmp_path, capsys, local_cluster, monkeypatch):
    monkeypatch.setattr(cluster, "GAMES_PER_TASK", 4)  # several tasks, finishing in any order
    assert run([*SIM, "--workers", "1", "--out", str(tmp_path / "here")], capsys)[0] == 0
    code, out, err = run([*SIM, "--scheduler", local_cluster.scheduler_address, "--out", str(tmp_path / "there")], capsys)
    assert code == 0, err
    for name in ("balance.json", "balance.md", "balance.svg"):
        assert (tmp_path / "there" / name).read_bytes() == (tmp_path / "here" / name).read_bytes()


def test_a_renaissance_run_on_the_cluster_is_the_local_runs_report(tmp_path, capsys, local_cluster, monkeypatch):
    monkeypatch.setattr(cluster, "GAMES_PER_TASK", 3)
    ren = ["campaign", "simulate", "--rules", "renaissance", "--seed", "7", "--players", "3", "--games", "9"]
    assert run([*ren, "--workers", "1", "--out", str(tmp_path / "here")], capsys)[0] == 0
    code, out, err = run([*ren, "--scheduler", local_cluster.scheduler_address, "--out", str(tmp_path / "there")], capsys)
    assert code == 0, err
    for name in ("balance.json", "balance.md", "balance.svg"):
        assert (tmp_path / "there" / name).read_bytes() == (tmp_path / "here" / name).read_bytes()


def test_a_scheduler_nobody_answers_at_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT_S", 1)
    code, out, err = run([*SIM, "--scheduler", "tcp://127.0.0.1:9", "--out", str(tmp_path / "x")], capsys)
    assert code == 2 and "cannot reach the Dask scheduler" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists()


def test_workers_and_a_scheduler_together_are_refused(tmp_path, capsys):
    code, _, err = run([*SIM, "--workers", "2", "--scheduler", "tcp://127.0.0.1:9", "--out", str(tmp_path / "x")], capsys)
    assert code == 2 and "--workers" in err and len(err.strip().splitlines()) == 1


def test_without_dask_the_message_says_how_to_install_it(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now raises ImportError
    code, _, err = run([*SIM, "--scheduler", "tcp://127.0.0.1:9", "--out", str(tmp_path / "x")], capsys)
    assert code == 2 and "pip install 'mapgen[cluster]'" in err
