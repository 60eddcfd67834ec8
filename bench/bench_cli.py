"""Benchmark: whole commands as a player runs them, each in a new process (Python's start and imports included).

Run from the repository root: ``python bench/bench_cli.py``.  The package's
bytecode is compiled first, as ``pip install`` leaves it (with
``PYTHONDONTWRITEBYTECODE`` set, every run would compile mapgen again); each
run writes a new folder with a new seed.
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_ms, report  # noqa: E402

import mapgen  # noqa: E402


def _command() -> list[str]:
    script = Path(sys.executable).with_name("mapgen")
    return [str(script)] if script.is_file() else [sys.executable, "-c", "from mapgen.cli import main; main()"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    args = parser.parse_args()
    compileall.compile_dir(Path(mapgen.__file__).parent, quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    tmp = Path(tempfile.mkdtemp())
    mapgen_cmd = _command()

    def run(*argv: str) -> None:
        subprocess.run([*mapgen_cmd, *argv], check=True, env=env, stdout=subprocess.DEVNULL)

    rows = []
    med, lo, hi = median_ms(lambda i: run("fw-map", "--seed", str(100 + i), "--formats", "json", "--out", str(tmp / f"j{i}")),
                            5 if args.quick else 21)
    rows.append(("fw-map json only (new process)", med, lo, hi, "< 150 ms"))
    med, lo, hi = median_ms(lambda i: run("new", "--seed", str(200 + i), "--out", str(tmp / f"n{i}")), 3 if args.quick else 11)
    rows.append(("new, medium kit (new process)", med, lo, hi, "< 600 ms"))
    shutil.rmtree(tmp, ignore_errors=True)
    report(rows)


if __name__ == "__main__":
    main()
