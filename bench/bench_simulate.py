"""Benchmark: whole campaigns played by bots, with 1 and 2 worker processes (issue 10's target).

Run from the repository root: ``python bench/bench_simulate.py``.  Each run is
``simulate`` on a medium map (default 42 days or until one side wins), the
pool's start included; the figure is full games per minute, the median of
the runs.  Target: 1,000 games in under 60 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as the CLI does: one thread, so the pool may fork
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mapgen.campaign.simulate import SimOptions, simulate  # noqa: E402
from mapgen.fw.generate import generate_map  # noqa: E402
from mapgen.fw.options import MapOptions  # noqa: E402
from mapgen.jsonio import dumps  # noqa: E402

PAIRINGS = (("cautious", "aggressive"), ("aggressive", "aggressive"), ("cautious", "cautious"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="100 games, 1 run (a smoke test)")
    args = parser.parse_args()
    games, runs = (100, 1) if args.quick else (args.games, args.runs)
    m = generate_map(MapOptions(seed=7, size="medium"))
    map_bytes = dumps(m.to_json()).encode("utf-8")
    print("| bots (A, B) | workers | games | median s | games a minute | mean days a game | target |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for bots in PAIRINGS:
        options = SimOptions(bots=bots)
        for workers in (1, 2):
            times, records = [], []
            for run in range(runs):
                t = time.perf_counter()
                records = simulate(map_bytes, options, 1000 + run, games, workers)
                times.append(time.perf_counter() - t)
            med = statistics.median(times)
            days = statistics.fmean(r.days for r in records)
            print(f"| {bots[0]}, {bots[1]} | {workers} | {games} | {med:.1f} | {games / med * 60:,.0f} | {days:.1f} | "
                  f"1,000 games < 60 s |")


if __name__ == "__main__":
    main()
