"""A longer run of the random-play fuzzer than CI's (``tests/test_fuzz.py`` plays 200 games per rule set).

    python bench/fuzz.py --games 2000                      # both rule sets, games 0..1999 of each
    python bench/fuzz.py --games 500 --rules renaissance --first 10000 --out fuzz-failures

The same games as the tests (game ``i`` is seeded by ``i``: the map, the
campaign seed, the options, every pick), with the same checks: every listed
action accepted, no dead end, games ending within their bound, the property
tests' invariants.  A failing game is saved under ``--out`` as
``start.json`` + ``commands.jsonl`` and the run goes on; the exit status is 1
when any game failed.

Measured (CPU time, one process, on the shared 2-core development machine),
games 200..2199 of each: Fantasy Warriors 26.5 ms a game (six days, 64
commands a game, 76 of the 2000 ended by a surrender), Renaissance 66.8 ms a
game (one year, two every fifth game, 69 commands a game, all ended); no
failure.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' games and invariants, from the repository

from mapgen.engine.fuzz import FuzzFailure  # noqa: E402
from tests.test_fuzz import fw_game, ren_game  # noqa: E402

GAMES = {"fantasy_warriors": fw_game, "renaissance": ren_game}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1000, help="games per rule set")
    p.add_argument("--first", type=int, default=0, help="number of the first game (CI plays 0..199)")
    p.add_argument("--rules", choices=("both", *GAMES), default="both")
    p.add_argument("--out", type=Path, default=Path("fuzz-failures"), help="where a failing game is saved")
    args = p.parse_args(argv)
    failed = 0
    print("| rule set | games | commands | ended | ms a game | failures |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, game in GAMES.items():
        if args.rules not in ("both", name):
            continue
        tally: Counter = Counter()
        start = time.process_time()
        for i in range(args.first, args.first + args.games):
            try:
                g = game(i)
            except FuzzFailure as exc:
                where = exc.game.save(args.out / f"{name}-{i}")
                print(f"game {i}: {exc} (saved in {where})", file=sys.stderr)
                tally["failures"] += 1
                continue
            tally["commands"] += len(g.records)
            tally["ended"] += g.ended is not None
        ms = (time.process_time() - start) * 1000 / max(1, args.games)
        print(f"| {name} | {args.games} | {tally['commands']} | {tally['ended']} | {ms:.1f} | {tally['failures']} |")
        failed += tally["failures"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
