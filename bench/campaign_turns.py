"""Benchmark: campaign turns per second, bots deciding, on a medium map with 6 forces a side.

Run from the repository root: ``python bench/campaign_turns.py [--turns N]``.
One campaign turn is one day (FW-6, phases 0 to 8): the bots give orders,
move every force towards the nearest enemy holding, report each battle, and
call ``turn``, all through ``engine.apply`` with the campaign's derived dice,
in memory (no files: saving is a few milliseconds of disk and is not the
engine).  Campaigns are restarted after ``--days`` days, as real ones end
(the Incursione lasts 42 days, FW-17), so the log stays campaign-sized.

Two figures: one process playing alone, and the whole machine, one process
per CPU (``--workers``), each playing its own campaigns, as a balance
simulation does; the machine's figure is the turns of all of them over the
wall-clock time from the first start to the last finish.
Target: at least 5,000 turns per second on the machine.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mapgen.campaign.bots import Bot, play_day  # noqa: E402
from mapgen.campaign.setup import start_campaign  # noqa: E402
from mapgen.campaign.state import Options  # noqa: E402
from mapgen.campaign.store import board_for  # noqa: E402
from mapgen.fw.generate import generate_map  # noqa: E402
from mapgen.fw.options import MapOptions  # noqa: E402
from mapgen.jsonio import dumps  # noqa: E402

TARGET = 5000
FORCES = 6


def start(seed: int, options: Options):
    m = generate_map(MapOptions(seed=seed, size="medium"))
    state = start_campaign(m, dumps(m.to_json()).encode("utf-8"), "fw-map.json", seed, options, forces_per_side=FORCES)
    return state, board_for(state)


def run(turns: int, days: int, options: Options, seed: int) -> dict:
    first, board = start(seed, options)
    bots = {"A": Bot("A"), "B": Bot("B")}
    state, done, commands, campaigns = first, 0, 0, 1
    t = time.perf_counter()
    while done < turns:
        if state.winner is not None or state.day > days:
            state, campaigns = first, campaigns + 1
        state, n = play_day(state, board, bots)
        commands += n
        done += 1
    seconds = time.perf_counter() - t
    return {"turns": done, "seconds": seconds, "turns_per_s": done / seconds, "commands": commands, "campaigns": campaigns,
            "log_entries": len(state.log)}


def _worker(job: tuple) -> tuple[int, float, float]:
    """One process of the machine figure: set up, wait for the others, then play; returns (turns, start, end)."""
    turns, days, options, seed = job
    first, board = start(seed, options)
    _BARRIER.wait()
    t = time.perf_counter()  # CLOCK_MONOTONIC on Linux: the same clock in every process
    state, done = first, 0
    bots = {"A": Bot("A"), "B": Bot("B")}
    while done < turns:
        if state.winner is not None or state.day > days:
            state = first
        state, _ = play_day(state, board, bots)
        done += 1
    return done, t, time.perf_counter()


_BARRIER = None


def _init(barrier) -> None:
    global _BARRIER
    _BARRIER = barrier


def run_machine(turns: int, days: int, options: Options, seed: int, workers: int) -> float:
    """Turns per second of ``workers`` processes playing at once (each ``turns`` turns, its own seed)."""
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(workers)
    with ctx.Pool(workers, initializer=_init, initargs=(barrier,)) as pool:
        results = pool.map(_worker, [(turns, days, options, seed + 100 * i) for i in range(workers)], chunksize=1)
    return sum(r[0] for r in results) / (max(r[2] for r in results) - min(r[1] for r in results))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=5000, help="campaign turns (days) per run (default 5000)")
    parser.add_argument("--days", type=int, default=42, help="days before a campaign is started again (default 42)")
    parser.add_argument("--runs", type=int, default=3, help="runs; the median is reported (default 3)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes for the machine figure (default: the CPUs)")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 200 turns, 1 run")
    args = parser.parse_args()
    turns, runs = (200, 1) if args.quick else (args.turns, args.runs)
    cases = [
        ("core rules", Options()),
        ("all optional rules", Options(weather=True, random_events=True, naran_movement=True, capital_requires_siege=True)),
    ]
    print(f"Campaign turns per second: medium map, {FORCES} forces a side, bots deciding, {turns} turns a run, median of {runs}")
    print(f"| {'case':<20} | one process | machine ({args.workers} processes) | commands/turn | ms/turn (one process) | target |")
    print(f"|{'-' * 22}|------------:|{'-' * (len(str(args.workers)) + 23)}:|--------------:|----------------------:|--------|")
    for name, options in cases:
        results = [run(turns, args.days, options, seed=7 + i) for i in range(runs)]
        med = statistics.median(r["turns_per_s"] for r in results)
        per_turn = statistics.median(r["commands"] / r["turns"] for r in results)
        machine = statistics.median(run_machine(turns, args.days, options, 7 + i, args.workers) for i in range(runs))
        width = len(str(args.workers)) + 22
        print(f"| {name:<20} | {med:11.0f} | {machine:{width}.0f} | {per_turn:13.1f} | {1000 / med:21.3f} | >= {TARGET} |")


if __name__ == "__main__":
    main()
