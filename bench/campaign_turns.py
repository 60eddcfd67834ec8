"""Benchmark: campaign turns per second, bots deciding, on a medium map with 6 forces a side.

Run from the repository root: ``python bench/campaign_turns.py [--turns N]``.
One campaign turn is one day (FW-6, phases 0 to 8): the bots give orders,
move every force towards the nearest enemy holding, report each battle, and
call ``turn``, all through ``core.apply`` with the campaign's derived dice,
in memory (no files: saving is a few milliseconds of disk and is not the
engine).  Campaigns are restarted after ``--days`` days, as real ones end
(the Incursione lasts 42 days, FW-17), so the log stays campaign-sized.
Target: at least 5,000 turns per second.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mapgen.campaign.bots import Bot, play_day  # noqa: E402
from mapgen.campaign.files import start_campaign  # noqa: E402
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=5000, help="campaign turns (days) per run (default 5000)")
    parser.add_argument("--days", type=int, default=42, help="days before a campaign is started again (default 42)")
    parser.add_argument("--runs", type=int, default=3, help="runs; the median is reported (default 3)")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 200 turns, 1 run")
    args = parser.parse_args()
    turns, runs = (200, 1) if args.quick else (args.turns, args.runs)
    cases = [
        ("core rules", Options()),
        ("all optional rules", Options(weather=True, random_events=True, naran_movement=True, capital_requires_siege=True)),
    ]
    print(f"Campaign turns per second: medium map, {FORCES} forces a side, bots deciding, {turns} turns a run, median of {runs}")
    print(f"| {'case':<20} | turns/s | commands/turn | ms/turn | target |")
    print(f"|{'-' * 22}|--------:|--------------:|--------:|--------|")
    for name, options in cases:
        results = [run(turns, args.days, options, seed=7 + i) for i in range(runs)]
        med = statistics.median(r["turns_per_s"] for r in results)
        per_turn = statistics.median(r["commands"] / r["turns"] for r in results)
        print(f"| {name:<20} | {med:7.0f} | {per_turn:13.1f} | {1000 / med:7.3f} | >= {TARGET} |")


if __name__ == "__main__":
    main()
