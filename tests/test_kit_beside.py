"""A part of a kit written in a forked child: same files, same list, errors raised here, nothing left running."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from mapgen.errors import InfeasibleError, MapgenError
from mapgen.kit import Outputs
from mapgen.kit import beside as beside_module
from mapgen.kit.beside import Beside, Shares

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the fork path is Linux only")


@pytest.fixture(params=["fork", "here"])
def mode(request, monkeypatch):
    monkeypatch.setattr(beside_module, "can_fork", lambda: request.param == "fork")
    return request.param


def _battlefields(outputs):
    outputs.write_text("battlefields/b.txt", "b\n")
    outputs.notes.append("battlefields/: one")
    return ["B2"]


def test_the_part_files_land_between_the_parents_files_in_either_mode(tmp_path, mode):
    with Outputs(tmp_path / "kit") as outputs:
        with Beside(outputs, _battlefields) as part:
            assert (part.pid is not None) == (mode == "fork")
            outputs.write_text("a.txt", "a\n")
            outputs.notes.append("a: first")
            at = part.mark()
            outputs.write_text("c.txt", "c\n")
            outputs.notes.append("c: last")
            assert part.join(at) == ["B2"]
    assert outputs.files == ["a.txt", "battlefields/b.txt", "c.txt"]
    assert outputs.notes == ["a: first", "battlefields/: one", "c: last"]
    assert (tmp_path / "kit" / "battlefields" / "b.txt").read_text() == "b\n"


def _infeasible(outputs):
    outputs.write_text("battlefields/half.txt", "half")
    raise InfeasibleError("BF-4.2", "no room for the river on this table")


def test_an_error_in_the_part_is_raised_here_as_itself_and_the_folder_keeps_its_old_set(tmp_path, mode):
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "old.txt").write_text("old")
    with pytest.raises(InfeasibleError, match="no room for the river"):
        with Outputs(tmp_path / "kit") as outputs, Beside(outputs, _infeasible) as part:
            part.join(part.mark())
    assert sorted(p.name for p in (tmp_path / "kit").iterdir()) == ["old.txt"]


def _killed(outputs):
    os.kill(os.getpid(), 9)


def test_a_child_that_dies_is_one_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(beside_module, "can_fork", lambda: True)
    with pytest.raises(MapgenError, match="killed by signal 9"):
        with Outputs(tmp_path / "kit") as outputs, Beside(outputs, _killed) as part:
            part.join(part.mark())
    assert not (tmp_path / "kit").exists()


def _slow(outputs):
    time.sleep(60)


def test_a_failure_here_stops_the_child_before_the_staging_folder_goes(tmp_path, monkeypatch):
    monkeypatch.setattr(beside_module, "can_fork", lambda: True)
    with pytest.raises(RuntimeError, match="the map failed"):
        with Outputs(tmp_path / "kit") as outputs, Beside(outputs, _slow) as part:
            pid = part.pid
            raise RuntimeError("the map failed")
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)  # already reaped: nothing of it is left running
    assert not (tmp_path / "kit").exists()
    assert [p.name for p in tmp_path.iterdir()] == []  # no staging folder left beside it


def _quick(outputs):
    outputs.write_text("part.txt", "written beside")
    return "done"


def test_a_child_that_sent_its_result_is_reaped_when_the_block_ends(tmp_path, monkeypatch):
    # join returns as soon as the whole result has come (the child's exit takes a few milliseconds more): the
    # child is waited for when the block ends, so none is left behind as a zombie.
    monkeypatch.setattr(beside_module, "can_fork", lambda: True)
    with Outputs(tmp_path / "kit") as outputs, Beside(outputs, _quick) as part:
        pid = part.pid
        assert part.join(part.mark()) == "done"
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, os.WNOHANG)
    assert (tmp_path / "kit" / "part.txt").read_text() == "written beside"


def test_no_fork_with_threads_running_or_when_asked(monkeypatch):
    monkeypatch.setattr(os, "listdir", lambda path: ["1", "2"])
    assert beside_module.can_fork() is False
    monkeypatch.undo()
    monkeypatch.setenv(beside_module.ONE_PROCESS, "1")
    assert beside_module.can_fork() is False


def _take_slowly(shares, pause: float) -> list[int]:
    taken = []
    for item in shares.take():
        taken.append(item)
        time.sleep(pause)
    return taken


@pytest.mark.parametrize("n", [0, 1, 9, 1024, 3000])
def test_shared_items_are_each_taken_once_by_one_of_the_two_processes(tmp_path, monkeypatch, n):
    monkeypatch.setattr(beside_module, "can_fork", lambda: True)
    with Outputs(tmp_path / "kit") as outputs, Shares(n) as shares:
        with Beside(outputs, lambda o: _take_slowly(shares, 0.002 if n < 100 else 0.0)) as part:
            assert part.pid is not None  # the test needs the fork
            mine = _take_slowly(shares, 0.001 if n < 100 else 0.0)
            theirs = part.join(part.mark())
    assert sorted(mine + theirs) == list(range(n))  # none lost, none taken twice
    assert mine == sorted(mine) and theirs == sorted(theirs)  # each in order


def test_in_one_process_the_first_to_ask_takes_everything(tmp_path, monkeypatch):
    monkeypatch.setattr(beside_module, "can_fork", lambda: False)
    with Outputs(tmp_path / "kit") as outputs, Shares(5) as shares:
        with Beside(outputs, lambda o: list(shares.take())) as part:
            mine = list(shares.take())
            assert part.join(part.mark()) == []
    assert mine == list(range(5))


_NEW_SAYING_IF_IT_FORKED = """
import sys
from mapgen.kit import beside
start = beside.Beside._start
def _start(self):
    start(self)
    if self.pid:
        print("forked", file=sys.stderr)
beside.Beside._start = _start
from mapgen.cli import main
main()
"""


def test_new_writes_the_same_bytes_and_list_in_one_process_and_in_two(tmp_path):
    """The command as players run it (one thread, so it forks) against MAPGEN_ONE_PROCESS=1."""
    runs = {}
    for name, one in (("two", "0"), ("one", "1")):
        env = {**os.environ, beside_module.ONE_PROCESS: one, "OPENBLAS_NUM_THREADS": "1"}
        out = tmp_path / name
        # the dice seed given: without it each run's campaign draws a secret one of its own
        done = subprocess.run([sys.executable, "-c", _NEW_SAYING_IF_IT_FORKED, "new", "--seed", "7", "--dice-seed", "7", "--out", str(out)],
                              env=env, capture_output=True, text=True, check=True)
        assert ("forked" in done.stderr) == (name == "two")
        files = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
        runs[name] = (done.stdout.replace(str(out), "OUT"), files)
    assert runs["two"] == runs["one"]
    assert "battlefields/battlefield-" in "".join(runs["two"][1])
