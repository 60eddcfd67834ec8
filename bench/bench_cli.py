"""Benchmark: whole commands as a player runs them, each in a new process (Python's start and imports included).

Run from the repository root: ``python bench/bench_cli.py``.  The package's
bytecode is compiled first, as ``pip install`` leaves it (with
``PYTHONDONTWRITEBYTECODE`` set, every run would compile mapgen again); each
run writes a new folder with a new seed.

Each command is timed in turn with the machine's floor, a new process that only
imports numpy (``python -c "import numpy"``, which every command needs), run for
run: command, floor, command, floor ...  The ratio is taken pair by pair and its
median reported, so it holds while the machine's speed drifts (a shared machine
does): issue 27 asks for ``fw-map --formats json`` at most 1.4 times the floor
and ``new`` at most 5 times.  The CPU time is the process's and its children's
(``new`` writes the battlefields in a forked child, :mod:`mapgen.kit.beside`):
on a loaded machine the wall time swings with the load, the CPU time far less.

``--one-process`` adds ``new`` with ``MAPGEN_ONE_PROCESS=1`` (everything in one
process: what the fork buys).  ``--before DIR`` times the same commands with the
mapgen of another checkout too (``git worktree add --detach DIR COMMIT``; it is
put first on ``PYTHONPATH``), round by round with this one, so that both see the
same load.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mapgen  # noqa: E402

#: The floor: a new Python that imports numpy and nothing else.
FLOOR = [sys.executable, "-c", "import numpy"]


def _command() -> list[str]:
    """The ``mapgen`` command as its console script runs it (``mapgen.cli.run``; ``main`` in a checkout from before
    ``run``), the same for this checkout and ``--before``'s, whichever the installed script names."""
    # -P: the current folder (the repository root) is not put first on sys.path, so --before's PYTHONPATH wins
    return [sys.executable, "-P", "-c", "import sys; from mapgen import cli; sys.exit(getattr(cli, 'run', cli.main)())"]


def _run(argv: list[str], env: dict) -> tuple[float, float]:
    """Wall and CPU seconds (user + system, its children included) of one new process running ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(argv, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _row(name: str, command: list[tuple], floor: list[tuple], target: str) -> str:
    row = []
    for k in (0, 1):  # wall, then CPU: medians, and the median of the pairs' ratios
        row += [statistics.median(c[k] for c in command) * 1000, statistics.median(f[k] for f in floor) * 1000,
                statistics.median(c[k] / f[k] for c, f in zip(command, floor))]
    return f"| {name:<32} | {row[0]:7.0f} | {row[1]:8.0f} | {row[2]:10.2f} | {row[3]:6.0f} | {row[4]:12.0f} | {row[5]:9.2f} | {target} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    parser.add_argument("--one-process", action="store_true", help="also new with MAPGEN_ONE_PROCESS=1 (no forked child)")
    parser.add_argument("--before", type=Path, help="a checkout of another commit, timed in the same rounds")
    args = parser.parse_args()
    compileall.compile_dir(Path(mapgen.__file__).parent, quiet=1)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    variants = [("", env)]
    if args.before is not None:
        compileall.compile_dir(args.before / "mapgen", quiet=1)
        variants.append((" (before)", {**env, "PYTHONPATH": os.pathsep.join(filter(None, [str(args.before.resolve()), env.get("PYTHONPATH")]))}))
    tmp = Path(tempfile.mkdtemp())
    mapgen_cmd = _command()
    cases = [
        ("fw-map --formats json", lambda i, tag: [*mapgen_cmd, "fw-map", "--seed", str(100 + i), "--formats", "json", "--out", str(tmp / f"j{tag}{i}")],
         5 if args.quick else 21, "<= 1.4 x floor", {}),
        ("new (the medium kit)", lambda i, tag: [*mapgen_cmd, "new", "--seed", str(200 + i), "--out", str(tmp / f"n{tag}{i}")],
         3 if args.quick else 11, "<= 5 x floor", {}),
    ]
    if args.one_process:
        cases.append(("new, one process", lambda i, tag: [*mapgen_cmd, "new", "--seed", str(200 + i), "--out", str(tmp / f"o{tag}{i}")],
                      3 if args.quick else 11, "", {"MAPGEN_ONE_PROCESS": "1"}))
    print(f"| {'command (a new process)':<32} | wall ms | floor ms | wall ratio | CPU ms | floor CPU ms | CPU ratio | target |")
    print(f"|{'-' * 34}|--------:|---------:|-----------:|-------:|-------------:|----------:|--------|")
    for name, make_argv, runs, target, extra in cases:
        timed = {label: ([], []) for label, _ in variants}
        for tag, (label, variant_env) in enumerate(variants):  # one unmeasured pair each
            _run(make_argv(-1, tag), {**variant_env, **extra})
            _run(FLOOR, env)
        for i in range(runs):  # round by round, the same seed: each variant, then the floor
            for tag, (label, variant_env) in enumerate(variants):
                timed[label][0].append(_run(make_argv(i, tag), {**variant_env, **extra}))
                timed[label][1].append(_run(FLOOR, env))
        for label, _ in variants:
            print(_row(name + label, *timed[label], target))
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
