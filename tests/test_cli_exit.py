"""The ``mapgen`` command ends without the interpreter's teardown (issue 27), and nothing of what it says or does is lost."""

from __future__ import annotations

import json
import subprocess
import sys

RUN = "import sys; from mapgen.cli import run; sys.exit(run())"  # what the console script does

#: An exit function registered while the command runs (as multiprocessing, logging or a temporary folder do).
LATE_EXIT_FUNCTION = """
import atexit, sys
from mapgen import cli
plain = cli.main
def main():
    atexit.register(lambda: print("exit function ran", flush=True))
    return plain()
cli.main = main
sys.exit(cli.run())
"""


def _mapgen(code: str, *argv: str):
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True)


def test_a_command_that_succeeds_exits_0_with_all_it_printed(tmp_path):
    done = _mapgen(RUN, "fw-map", "--seed", "3", "--formats", "json", "--out", str(tmp_path / "m"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"Wrote {tmp_path / 'm'}/", f"  {tmp_path / 'm' / 'fw-map.json'}"]
    assert json.loads((tmp_path / "m" / "fw-map.json").read_text(encoding="utf-8"))["seed"] == 3


def test_a_usage_error_still_exits_2_with_its_message(tmp_path):
    done = _mapgen(RUN, "fw-map", "--formats", "jsn", "--out", str(tmp_path / "m"))
    assert done.returncode == 2
    assert "Error: Invalid value for '--formats'" in done.stderr
    assert not (tmp_path / "m").exists()


def test_a_refused_run_exits_as_main_does(tmp_path):
    # the same command through main(), which exits as Python always does, gives the same status and words
    argv = ("fw-map", "--seed", "5", "--width", "3", "--height", "3", "--holdings", "60", "--formats", "json", "--out", str(tmp_path / "m"))
    fast = _mapgen(RUN, *argv)
    plain = _mapgen("from mapgen.cli import main; main()", *argv)
    assert (fast.returncode, fast.stdout, fast.stderr) == (plain.returncode, plain.stdout, plain.stderr)
    assert fast.returncode != 0


def test_an_exit_function_registered_during_the_command_still_runs(tmp_path):
    done = _mapgen(LATE_EXIT_FUNCTION, "fw-map", "--seed", "4", "--formats", "json", "--out", str(tmp_path / "m"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "exit function ran"
