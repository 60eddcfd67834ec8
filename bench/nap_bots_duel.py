"""Do the Napoleonic bots play better than the first ones?  The live bots (:mod:`mapgen.napoleonic.bots`) against
the first bots (``bench/nap_bots_first.py``, frozen at commit da79917) over many seeded battles.

Each battle number draws the attacker, the two sides' behaviours (aggressive or cautious) and two random armies of
the same cost (:func:`mapgen.napoleonic.simulate.random_army`, 140 production points) under the default tables, and
is played twice, the live bots on side A, then on side B: the same armies, behaviours and dice seed, so that what
differs between the two plays is the bots (common random numbers).  A pair scores 1 when the live bots win both,
0.5 when they win one, 0 when none; the report gives the mean score with its 95 % interval (normal, over the
pairs), and the win counts.  0.5 is a draw between the bots.

Run (the figures in bench/RESULTS.md)::

    python bench/nap_bots_duel.py --battles 150 --workers 2 --seed 1

Seeded and reproducible: the same arguments give the same result, whatever ``--workers``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402

import nap_bots_first  # noqa: E402
from mapgen import engine  # noqa: E402
from mapgen.napoleonic import bots  # noqa: E402
from mapgen.napoleonic.board import SIDES  # noqa: E402
from mapgen.napoleonic.ruleset import RULESET  # noqa: E402
from mapgen.napoleonic.simulate import BUDGET, MAX_COMMANDS, random_army, seat_to_act  # noqa: E402
from mapgen.napoleonic.store import Field, field_bytes, new_state  # noqa: E402
from mapgen.napoleonic.tables import DEFAULT_TABLES  # noqa: E402
from mapgen.workers import map_in_order  # noqa: E402

PLAYERS = {"live": bots.choose, "first": nap_bots_first.choose}


def play(seed: str, game: int, live_side: str) -> dict:
    """One battle: the live bots on ``live_side``, the first bots on the other; who won and in how many turns."""
    rng = random.Random(f"{seed}/{game}")
    attacker = rng.choice(SIDES)
    behaviour = {s: rng.choice(bots.BEHAVIOURS) for s in SIDES}
    armies = tuple(random_army(s, rng, BUDGET) for s in SIDES)
    player = {s: PLAYERS["live" if s == live_side else "first"] for s in SIDES}
    board = Field(DEFAULT_TABLES)
    state = new_state(f"{seed}/{game}", field_bytes(DEFAULT_TABLES), attacker, armies)
    for _n in range(MAX_COMMANDS):
        if RULESET.over(state) is not None:
            break
        seat = seat_to_act(state)
        name, args = player[seat](state, seat, board, behaviour[seat])
        state, _ = engine.apply(RULESET, state, RULESET.decode({"command": name, **args}), RULESET.dice_for(state), board)
    return {"winner": state.winner, "live": live_side, "attacker": attacker, "turns": state.turn,
            "reason": state.result.reason if state.result else "unfinished"}


def pair(seed: str, game: int) -> list[dict]:
    return [play(seed, game, side) for side in SIDES]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--battles", type=int, default=150, help="battle numbers, each played twice (sides swapped)")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--out", type=Path, default=None, help="write the battles' records here as JSON")
    a = ap.parse_args(argv)
    started = time.perf_counter(), time.process_time()
    fn = partial(pair, f"{a.seed}/duel")
    jobs = list(range(a.battles))
    pairs = map_in_order(fn, jobs, a.workers) if a.workers > 1 else [fn(g) for g in jobs]
    score = np.array([sum(r["winner"] == r["live"] for r in p) / 2 for p in pairs])
    mean, half = float(score.mean()), float(1.96 * score.std(ddof=1) / np.sqrt(len(score)))
    games = [r for p in pairs for r in p]
    live_won = sum(r["winner"] == r["live"] for r in games)
    unfinished = sum(r["winner"] is None for r in games)
    live_as_attacker = [r for r in games if r["attacker"] == r["live"]]
    print(f"Seed {a.seed}: {len(games)} battles ({a.battles} pairs, sides swapped). The live bots won {live_won}, "
          f"the first bots {len(games) - live_won - unfinished}, unfinished {unfinished}.")
    print(f"Mean pair score of the live bots: {mean:.3f} (95 % {mean - half:.3f} to {mean + half:.3f}); 0.5 is a draw.")
    print(f"As attacker the live bots won {sum(r['winner'] == r['live'] for r in live_as_attacker)} of {len(live_as_attacker)}; "
          f"as defender {sum(r['winner'] == r['live'] for r in games if r not in live_as_attacker)} of {len(games) - len(live_as_attacker)}. "
          f"Median {np.median([r['turns'] for r in games]):.0f} battle turns.")
    print(f"({time.perf_counter() - started[0]:.0f} s wall, parent CPU {time.process_time() - started[1]:.0f} s)")
    if a.out:
        a.out.parent.mkdir(parents=True, exist_ok=True)
        a.out.write_text(json.dumps({"seed": a.seed, "score": mean, "half_width": half, "pairs": pairs}, indent=1) + "\n",
                         encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
