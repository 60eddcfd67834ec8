"""Benchmark: the battlefield plans of ``mapgen new`` (issue 27): CPU milliseconds per table, generation and drawing.

Seed 5's medium map has 8 holding squares, so ``mapgen new`` lays out and draws 8 tables (in a
forked child, beside the map kit).  Two measures, both in CPU time (the machine is shared, and
wall time swings with the load), medians, with the floor ``python -c "import numpy"`` beside them:

- *once*: a new process lays out, scales and draws each table once, as the kit's child does
  (the drawing tools loaded first, as ``mapgen new`` loads them before its fork);
- *warm*: the 8 tables drawn again and again in one process.

``--against DIR`` runs the same rounds, alternately, with the package in ``DIR`` (e.g. an older
commit unpacked with ``git archive``), for a before/after ratio taken under the same load.
Run from the repository root: ``python bench/bench_battlefield_plans.py [--runs 9] [--against DIR]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import floor_ms  # noqa: E402

SEED = 5


def child(mode: str, rounds: int) -> None:
    """Print generate and draw CPU ms per table (mode ``once``: each table once; ``warm``: ``rounds`` rounds)."""
    from mapgen import cli  # noqa: F401  (as in mapgen new: compiled dataclass code from the cache folder)
    from mapgen.battlefield.generate import generate_battlefield
    from mapgen.battlefield.square import holding_squares, options_from_map
    from mapgen.fw.generate import generate_map
    from mapgen.fw.options import MapOptions
    from mapgen.paper import get_paper
    from mapgen.render import fonts, pdf, svgdoc  # noqa: F401  (loaded before the fork in mapgen new)

    fonts.pdf_font()
    fonts.pdf_font(bold=True)
    m = generate_map(MapOptions(seed=SEED))
    paper = get_paper("a4-landscape")
    squares = holding_squares(m)
    from mapgen.render.battlefield import render_battlefield
    from mapgen.render.plan_scale import choose_plan_scale

    def one_round() -> tuple[float, float]:
        made = drawn = 0.0
        for sq in squares:
            t = time.process_time()
            b = generate_battlefield(options_from_map(m, sq, "fw-map.json", seed=f"{SEED}-{sq}"))
            made += time.process_time() - t
            t = time.process_time()
            render_battlefield(b, choose_plan_scale(b, paper, None).scale)
            drawn += time.process_time() - t
        return made * 1000 / len(squares), drawn * 1000 / len(squares)

    if mode == "once":
        made, drawn = one_round()
    else:
        one_round()
        runs = [one_round() for _ in range(rounds)]
        made, drawn = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    print(f"{made:.3f} {drawn:.3f}")


def measure(mode: str, rounds: int, package_dir: str | None) -> tuple[float, float]:
    env = dict(os.environ)
    if package_dir:
        env["PYTHONPATH"] = package_dir
    out = subprocess.run([sys.executable, __file__, "--child", mode, "--rounds", str(rounds)], env=env, check=True, capture_output=True, text=True)
    made, drawn = map(float, out.stdout.split())
    return made, drawn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=9, help="new processes per measure (default 9)")
    parser.add_argument("--rounds", type=int, default=10, help="rounds of the warm measure (default 10)")
    parser.add_argument("--against", metavar="DIR", help="also measure the mapgen package found in DIR, alternately")
    parser.add_argument("--child", choices=("once", "warm"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.rounds)
        return
    trees = {"this tree": None} | ({f"{args.against}": args.against} if args.against else {})
    results: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for _ in range(args.runs):
        for mode in ("once", "warm"):
            for name, where in trees.items():
                results.setdefault((name, mode), []).append(measure(mode, args.rounds, where))
    floor, _, _ = floor_ms()
    print(f"Seed {SEED}'s 8 tables, CPU ms per table, medians of {args.runs} processes; floor (import numpy, wall): {floor:.0f} ms")
    print(f"| {'code':<28} | measure | generate | draw (scale + render) | sum |")
    print(f"|{'-' * 30}|---------|---------:|----------------------:|----:|")
    for (name, mode), rows in results.items():
        made, drawn = statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows)
        print(f"| {name:<28} | {mode:<7} | {made:8.2f} | {drawn:21.2f} | {made + drawn:.2f} |")


if __name__ == "__main__":
    main()
