"""Benchmark: battlefield layouts (generation only, no rendering), one by one and in a batch of 1000.

Run from the repository root: ``python bench/bench_battlefield.py``.  Each run
uses a new seed and cycles through every terrain and scenario.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_ms, report  # noqa: E402

from mapgen.battlefield import rules as R  # noqa: E402
from mapgen.battlefield import scenarios as S  # noqa: E402
from mapgen.battlefield.generate import BattleOptions, generate_battlefield  # noqa: E402

TERRAINS = R.TERRAINS + (None,)


def options(i: int) -> BattleOptions:
    terrain = TERRAINS[i % len(TERRAINS)]
    scenario = S.SCENARIOS[(i // len(TERRAINS)) % len(S.SCENARIOS)]
    table = (180, 120) if terrain == "mountain" and scenario in ("raid", "ambush", "last_stand") else None
    return BattleOptions(seed=5000 + i, terrain=terrain, river=i % 2 == 0, road=i % 3 == 0, bridge=i % 4 == 0, scenario=scenario, table=table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    args = parser.parse_args()
    runs = 30 if args.quick else 301
    batch = 100 if args.quick else 1000
    rows = []
    med, lo, hi = median_ms(lambda i: generate_battlefield(options(abs(i))), runs)
    rows.append(("one layout (all terrains, scenarios)", med, lo, hi, "< 30 ms"))
    med, lo, hi = median_ms(lambda i: generate_battlefield(BattleOptions(seed=100 + abs(i), terrain="plain")), runs)
    rows.append(("one layout, plain pitched battle", med, lo, hi, ""))
    from mapgen.render.battlefield import render_battlefield

    b = generate_battlefield(BattleOptions(seed=7, terrain="forest", river=True, road=True, bridge=True))
    med, lo, hi = median_ms(lambda i: render_battlefield(b).tostring(), 21)
    rows.append(("render plan SVG (forest)", med, lo, hi, ""))
    report(rows)
    t = time.perf_counter()
    for i in range(batch):
        generate_battlefield(options(10_000 + i))
    total = time.perf_counter() - t
    print(f"\n{batch} layouts in a batch: {total:.1f} s (target < {30 * batch / 1000:.0f} s)")


if __name__ == "__main__":
    main()
