"""Benchmark: ``mapgen skirmish``, the generation in process and the whole command in a new process.

Run from the repository root: ``python bench/bench_skirmish.py``.  Each run uses a new seed.  The
command is timed in turn with the machine's floor (``python -c "import numpy"``): command, floor,
command, floor ...; the median of the pairs' ratios is reported for the wall time and for the CPU
time (the process's and its children's), which swings far less with the load of a shared machine.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_wall_cpu_ms, print_floor  # noqa: E402

from mapgen.skirmish.generate import generate_skirmish  # noqa: E402
from mapgen.skirmish.options import SkirmishOptions  # noqa: E402

FLOOR = [sys.executable, "-c", "import numpy"]
COMMAND = [sys.executable, "-c", "from mapgen.cli import main; main()", "skirmish"]


def _run(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one new process running ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    args = parser.parse_args()
    runs = 5 if args.quick else 31
    print_floor(3 if args.quick else 5)
    print(f"| {'case (in process)':<40} | wall ms | CPU ms |")
    print(f"|{'-' * 42}|--------:|-------:|")
    cases = [("400 points, 60 x 60 cm, rolled terrain", 400, None), ("1200 points, 90 x 90 cm, rolled terrain", 1200, None),
             ("2000 points, 90 x 90 cm, forest", 2000, "forest")]  # fmt: skip
    for name, points, terrain in cases:
        def run(i, points=points, terrain=terrain):
            return generate_skirmish(SkirmishOptions(seed=9000 + abs(i), points=points, terrain=terrain))

        wall, cpu, _, _ = median_wall_cpu_ms(run, runs)
        print(f"| {name:<40} | {wall:7.1f} | {cpu:6.1f} |")
    rounds = 3 if args.quick else 11
    command, floor = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(rounds):
            command.append(_run([*COMMAND, "--seed", str(i), "--out", str(Path(tmp) / f"s{i}")]))
            floor.append(_run(FLOOR))
    print()
    print("| whole command, new process | wall ms | floor wall ms | wall ratio | CPU ms | floor CPU ms | CPU ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    cells = []
    for k in (0, 1):
        cells += [statistics.median(c[k] for c in command) * 1000, statistics.median(f[k] for f in floor) * 1000,
                  statistics.median(c[k] / f[k] for c, f in zip(command, floor))]  # fmt: skip
    print(f"| mapgen skirmish (all formats) | {cells[0]:.0f} | {cells[1]:.0f} | {cells[2]:.2f} | {cells[3]:.0f} | {cells[4]:.0f} | {cells[5]:.2f} |")


if __name__ == "__main__":
    main()
