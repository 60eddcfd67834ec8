"""The package as a user meets it: ``python -m mapgen``, Ctrl-C, and CI checking the built wheel.

The wheel itself is checked by ``.ci/wheel_check`` (built, installed in a fresh virtual environment
outside the source tree, every family of commands run from it), which CI runs after this suite.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from mapgen import __version__

ROOT = Path(__file__).resolve().parent.parent


def test_python_dash_m_mapgen_is_the_mapgen_command():
    done = subprocess.run([sys.executable, "-m", "mapgen", "--version"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == f"mapgen, version {__version__}"


def test_ci_runs_the_readmes_test_command_and_it_checks_the_wheel():
    """.ci/run runs exactly the README's test command: the docs extra installed, the manual built strictly
    after the tests, and the wheel check last."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (line,) = [ln for ln in readme.splitlines() if ln.startswith("python3 -m venv .venv") and "pytest" in ln]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().splitlines()[-1]
    assert ci == line
    assert "pip install -e '.[test,docs]'" in line
    assert "&& mkdocs build --strict &&" in line
    assert line.endswith("&& .ci/wheel_check")
    assert os.access(ROOT / ".ci" / "wheel_check", os.X_OK)


def test_the_wheel_ships_the_licence_and_the_typing_marker():
    """pyproject.toml names both (the wheel check reads them from an installed wheel)."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert re.search(r'^license-files = \["LICENSE"\]', pyproject, re.M)
    assert (ROOT / "mapgen" / "py.typed").exists() and re.search(r'^"mapgen" = \["py.typed"\]', pyproject, re.M)


def test_ctrl_c_during_a_long_export_exits_130_and_writes_nothing(tmp_path):
    """A terminal's Ctrl-C reaches the whole foreground group (the forked drawing workers too): one line,
    exit 128 + SIGINT as shells expect, no traceback from any worker, and no output folder."""
    from mapgen.battlefield.generate import BattleOptions, generate_battlefield
    from mapgen.jsonio import dumps

    camp = tmp_path / "camp" / "battlefields"
    camp.mkdir(parents=True)
    for n, seed in enumerate((3, 4, 5)):
        (camp / f"battlefield-C{n}.json").write_text(dumps(generate_battlefield(BattleOptions(seed=seed)).to_json()), encoding="utf-8")
    out = tmp_path / "vtt"
    proc = subprocess.Popen([sys.executable, "-m", "mapgen", "export", "dd2vtt", str(camp.parent), "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    staging = tmp_path.glob(".vtt.mapgen-new-*")
    deadline = time.monotonic() + 120
    while not any(staging) and proc.poll() is None and time.monotonic() < deadline:  # drawing has begun
        time.sleep(0.05)
        staging = tmp_path.glob(".vtt.mapgen-new-*")
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert err.decode().strip().splitlines() == ["Interrupted."]
    assert not out.exists() and not list(tmp_path.glob(".vtt.*"))
