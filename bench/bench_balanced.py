"""Benchmark: ``--balanced`` on medium maps, seed by seed (issue 27).

Run from the repository root: ``python bench/bench_balanced.py`` (seeds 1-20
and seed 7 again, the manual's example; ``--seeds 1-5`` for fewer).  Each
seed is balanced once, in this process, as ``mapgen fw-map --seed S
--balanced`` does it (the campaign engine already imported, workers = the
CPUs unless ``--workers``): the time from the first map's generation to the
map kept, how many maps were tried and how many games they played.  An
unbalanced seed (no map in ten) counts with the time it took.  The
machine's floor (a new ``python -c "import numpy"``) is measured in the
same run.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import print_floor  # noqa: E402

from mapgen import balancing  # noqa: E402
from mapgen.campaign import simulate  # noqa: E402,F401  (the engine's import is not the run's)
from mapgen.fw.options import MapOptions  # noqa: E402


def seeds_arg(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def cpu_seconds() -> float:
    """CPU seconds of this process and of its workers that have ended (a pool's are joined after each attempt)."""
    own, ended = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + ended.ru_utime + ended.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=seeds_arg, default=seeds_arg("1-20"), help="a seed or a range, e.g. 1-20")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--size", default="medium")
    args = parser.parse_args()
    times, cpus = [], []
    print("| seed | wall s | CPU s | maps tried | games played | kept |")
    print("|---:|---:|---:|---:|---:|---|")
    for seed in args.seeds:
        t, c = time.perf_counter(), cpu_seconds()
        try:
            result = balancing.balance_map(MapOptions(seed=seed, size=args.size), workers=args.workers)
            attempts, kept = result.attempts, str(result.attempts[-1].seed)
        except balancing.UnbalancedError:
            attempts, kept = [], "none"
        took, used = time.perf_counter() - t, cpu_seconds() - c
        times.append(took)
        cpus.append(used)
        games = sum(a.report["games"] for a in attempts if a.report) if attempts else "-"
        print(f"| {seed} | {took:.2f} | {used:.2f} | {len(attempts) or '10'} | {games} | {kept} |")
    print(f"median {statistics.median(times):.2f} s wall, {statistics.median(cpus):.2f} s CPU over {len(times)} seeds "
          f"(wall min {min(times):.2f}, max {max(times):.2f}), {args.workers} workers")
    print_floor()


if __name__ == "__main__":
    main()
