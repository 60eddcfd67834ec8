"""Benchmark: whole Renaissance campaigns played by bots, with 1 and 2 worker processes (issue 12's target).

Run from the repository root: ``python bench/bench_simulate_renaissance.py``.
Each run is ``simulate`` of ``--rules renaissance`` on a generated country
map (seed 7, one country a player, no neutral, as ``mapgen campaign
simulate --rules renaissance`` makes it), 5 years or until a player holds
every player's capital, the pool's start included; the figures are the
median of the runs: seconds, games a minute, and summer phases a second
(every phase played, by every game, over the wall time).  Target: 200 games
of 5 years in under 30 s on a 2-core machine.  Paste the table into
bench/RESULTS.md.
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

from mapgen.renaissance.simulate import SimOptions, simulate  # noqa: E402
from mapgen.country.generate import generate_countries  # noqa: E402
from mapgen.jsonio import dumps  # noqa: E402

#: Players of a run.
PLAYERS = (2, 3, 4)
#: The seats' bots: the command's default (aggressive, cautious, aggressive ...), and cautious all round,
#: whose games all run the five years (the slowest case: nobody sweeps the capitals).
BOTS = ("default", "cautious")
MAP_SEED = 7


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--years", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="20 games, 1 run (a smoke test)")
    args = parser.parse_args()
    games, runs = (20, 1) if args.quick else (args.games, args.runs)
    print("| players | bots | workers | games | median s | games a minute | summer phases a second | mean years a game | target |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---|")
    for players, bots in ((p, b) for p in PLAYERS for b in BOTS):
        cm = generate_countries(MAP_SEED, players, 0, "a4")
        map_bytes = dumps(cm.to_json()).encode("utf-8")
        options = SimOptions(players=players, years=args.years, bots=("cautious",) * players if bots == "cautious" else ())
        for workers in (1, 2):
            times, records = [], []
            for run in range(runs):
                t = time.perf_counter()
                records = simulate(map_bytes, options, 1000 + run, games, workers)
                times.append(time.perf_counter() - t)
            med = statistics.median(times)
            phases = sum(r.phases for r in records)
            years = statistics.fmean(r.years for r in records)
            print(f"| {players} | {', '.join(options.seat_bots) if bots == 'default' else 'cautious'} | {workers} | {games} | {med:.1f} | {games / med * 60:,.0f} | {phases / med:,.0f} | {years:.2f} | "
                  f"200 games of {args.years} years < 30 s |")


if __name__ == "__main__":
    main()
