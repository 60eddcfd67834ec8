"""Benchmark: do the bots use watercraft on generated maps?  Counts over seeded kits, then the time it took.

Run from the repository root: ``python bench/bench_water_bots.py`` (``--seeds 1-8``, ``--days 30``,
``--bots aggressive,cautious``).  For each seed N the kit is made as a player makes it,
``mapgen new --seed N --rules watercraft --formats json --dice-seed 1`` (in a temporary folder), loaded with
:func:`mapgen.session.folder.load`, and played by the bots (:func:`mapgen.campaign.bots.play_day`) day
after day until a side wins or ``--days`` have passed.  Everything is seeded: the same arguments print the
same counts, which do not depend on the machine's load.  Counted from each game's log:

* sailing rolls: FW-20.7 naval movement rolls (embark, sail and disembark with a path);
* embarked / landed: forces that went afloat, forces that landed (``lands at``);
* bought: craft bought with banked points (``buy-craft``); free: free ships, boats and rafts received.

The time of the play (not of making the kits) is printed last, wall and CPU, beside the machine's floor
(a new ``python -c "import numpy"``) measured in the same run: on a shared machine read the CPU figure.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import print_floor  # noqa: E402

from mapgen.campaign.bots import make_bots, play_day  # noqa: E402
from mapgen.session.folder import load  # noqa: E402

COLUMNS = ("sailing rolls", "embarked", "landed", "bought", "free craft")


def seeds(text: str) -> list[int]:
    """``1-8`` or ``1,3,5``."""
    out: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        out += range(int(first), int(last or first) + 1)
    return out


def make_kit(seed: int, where: Path) -> Path:
    folder = where / f"kit{seed}"
    subprocess.run([sys.executable, "-m", "mapgen", "new", "--seed", str(seed), "--rules", "watercraft", "--formats", "json",
                    "--dice-seed", "1", "--out", str(folder)], check=True, capture_output=True)
    return folder


def counts(log) -> dict[str, int]:
    """The watercraft counts of one game's log (see the module)."""
    naval = [e for e in log if e.rule == "FW-20.7"]
    return {
        "sailing rolls": sum(1 for e in naval if e.dice),
        "embarked": sum(1 for e in naval if e.dice and " embarks at " in e.text),
        "landed": sum(1 for e in naval if not e.dice and " lands at " in e.text),
        "bought": sum(1 for e in log if " buys " in e.text and e.rule.startswith("FW-20")),
        "free craft": sum(1 for e in log if e.text.endswith(" free") and e.rule in ("FW-20.3", "FW-20.4")),
    }


def play(folder: Path, bots: tuple[str, str], days: int) -> tuple[dict[str, int], str, int]:
    loaded = load(folder)
    state, board = loaded.state, loaded.board
    players = make_bots(bots)
    while state.winner is None and state.day <= days:
        state, _ = play_day(state, board, players)
    return counts(state.log), state.winner or "-", min(state.day, days)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", default="1-16", help="kit seeds: 1-16 or 1,3,5 (default 1-16)")
    parser.add_argument("--days", type=int, default=30, help="days played at most (default 30)")
    parser.add_argument("--bots", default="aggressive,cautious", help="sides A and B (default aggressive,cautious)")
    args = parser.parse_args()
    bots = tuple(args.bots.split(","))
    total = dict.fromkeys(COLUMNS, 0)
    wins = {"A": 0, "B": 0, "-": 0}
    wall = cpu = 0.0
    sailed = 0
    print(f"| seed | {' | '.join(COLUMNS)} | winner | days |")
    print(f"|-----:|{'|'.join('-' * (len(c) + 1) + ':' for c in COLUMNS)}|-------:|-----:|")
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds(args.seeds):
            folder = make_kit(seed, Path(tmp))
            w, c = time.perf_counter(), time.process_time()
            got, winner, days = play(folder, bots, args.days)
            wall, cpu = wall + time.perf_counter() - w, cpu + time.process_time() - c
            wins[winner] += 1
            sailed += got["sailing rolls"] > 0
            for k in COLUMNS:
                total[k] += got[k]
            print(f"| {seed:>4} | {' | '.join(f'{got[k]:>{len(k)}}' for k in COLUMNS)} | {winner:>6} | {days:>4} |")
    print(f"| all  | {' | '.join(f'{total[k]:>{len(k)}}' for k in COLUMNS)} | A {wins['A']}, B {wins['B']}, none {wins['-']} | |")
    print(f"games with a sailing roll: {sailed} of {len(seeds(args.seeds))}; play took {wall * 1000:.0f} ms wall, {cpu * 1000:.0f} ms CPU in all")
    print_floor()


if __name__ == "__main__":
    main()
