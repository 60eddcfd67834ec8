"""Stopping ``campaign simulate`` stops its workers (issue 22): Ctrl-C, SIGTERM, and a parent killed outright.

Measured before: killing ``simulate`` left its pool's workers playing on.
Each test starts a long run (far more games than it waits for) in its own
process group, waits until the pool's workers are playing, stops the parent
one way, and then looks in ``/proc`` for any worker left.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads processes from /proc (Linux)")

#: Long enough to find the workers playing (a small map plays about ten games a second a worker).
GAMES = 500_000
#: Bounds on waiting (not timings of anything): a loaded machine may be slow to start Python.
START_WAIT_S, STOP_WAIT_S = 60.0, 30.0


def _status(pid: int) -> dict[str, str]:
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    return dict(line.split(":\t", 1) for line in text.splitlines() if ":\t" in line)


def _alive(pid: int) -> bool:
    """Running, not only a zombie waiting to be reaped."""
    state = _status(pid).get("State", "")
    return bool(state) and not state.startswith(("Z", "X"))


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and _status(int(entry.name)).get("PPid", "").strip() == str(pid):
            out.append(int(entry.name))
    return out


def _wait(predicate, bound: float) -> bool:
    end = time.monotonic() + bound
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()


@pytest.fixture
def run(tmp_path):
    """The simulate command started with 2 workers; yields (process, its workers' pids); kills what is left after."""
    argv = [sys.executable, "-c", "from mapgen.cli import main; main()", "campaign", "simulate", "--seed", "3", "--size", "small",
            "--games", str(GAMES), "--workers", "2", "--out", str(tmp_path / "sim")]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, start_new_session=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    workers: list[int] = []
    try:
        assert _wait(lambda: len([c for c in _children(proc.pid) if _alive(c)]) >= 2, START_WAIT_S), "the pool never started"
        workers[:] = [c for c in _children(proc.pid) if _alive(c)]
        time.sleep(1.0)  # into their first games
        yield proc, workers
    finally:
        for pid in [proc.pid, *workers]:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.wait(timeout=STOP_WAIT_S)


def test_ctrl_c_stops_the_workers_and_exits_130(run):
    proc, workers = run
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole foreground group
    _, err = proc.communicate(timeout=STOP_WAIT_S)
    assert proc.returncode == 130
    assert err.decode().strip().splitlines()[-1] == "Interrupted."
    assert "Traceback" not in err.decode()
    assert _wait(lambda: not any(_alive(w) for w in workers), STOP_WAIT_S)
    assert not (Path(proc.args[-1])).exists()  # nothing half-written


def test_sigterm_stops_the_workers_and_says_terminated(run):
    proc, workers = run
    proc.send_signal(signal.SIGTERM)  # the parent only, as kill(1) or a process manager sends it
    _, err = proc.communicate(timeout=STOP_WAIT_S)
    assert proc.returncode == 128 + signal.SIGTERM
    assert err.decode().strip().splitlines()[-1] == "Terminated."
    assert "Traceback" not in err.decode()
    assert _wait(lambda: not any(_alive(w) for w in workers), STOP_WAIT_S)


def test_workers_exit_when_the_parent_is_killed_outright(run):
    proc, workers = run
    proc.kill()  # SIGKILL: the parent can do nothing, the workers must notice by themselves
    proc.communicate(timeout=STOP_WAIT_S)
    assert _wait(lambda: not any(_alive(w) for w in workers), STOP_WAIT_S), [_status(w).get("State") for w in workers]
