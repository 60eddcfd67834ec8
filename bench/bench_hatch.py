"""Benchmark: counters' side textures cut away around their texts (mapgen.render.hatch).

Run from the repository root: ``python bench/bench_hatch.py``.  A ``mapgen new`` cuts 248
textures (124 counters, for the SVG pages and again for the PDF): half line textures of a
dozen segments, half dot textures of about thirty dots, each around one to three text boxes.
This cuts 1000 such textures of each kind, 16 mm counters with the counters' own spacing and
gaps, and gives wall and CPU time (the CPU time swings far less on a shared machine), with
the machine's floor beside them.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_wall_cpu_ms, print_floor  # noqa: E402

from mapgen.render.counter_patterns import CLEAR, DOT, LINE, SPACING  # noqa: E402
from mapgen.render.hatch import hatch_cut_out, hatch_dots, hatch_dots_out, hatch_lines  # noqa: E402

N = 1000
SIZE = 15.875  # a 5/8 inch counter, in mm
TOP = 0.2 * SIZE  # below the side band


def text_boxes(rng: random.Random) -> list[tuple[float, float, float, float]]:
    """One to three centred lines of text, as on a counter: title, big number, note."""
    boxes, y = [], TOP + rng.uniform(0.5, 2.0)
    for _ in range(rng.choice((1, 1, 2, 3))):
        half, h = rng.uniform(2.0, 6.0), rng.uniform(1.5, 4.0)
        boxes.append((SIZE / 2 - half, y, SIZE / 2 + half, y + h))
        y += h + rng.uniform(0.2, 1.0)
    return boxes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    args = parser.parse_args()
    runs = 3 if args.quick else 15
    rng = random.Random(5)
    kinds = ("diagonal", "backdiagonal", "cross", "horizontal", "vertical", "grid")
    lines = [(hatch_lines(rng.choice(kinds), 0.0, TOP, SIZE, SIZE - TOP, SPACING * SIZE), text_boxes(rng)) for _ in range(N)]
    dots = [(hatch_dots("dots", 0.0, TOP, SIZE, SIZE - TOP, SPACING * SIZE, DOT * SIZE), text_boxes(rng)) for _ in range(N)]
    line_gap, dot_gap = (LINE / 2 + CLEAR) * SIZE, (DOT + CLEAR) * SIZE

    def cut_lines(i: int) -> None:
        for segments, holes in lines:
            hatch_cut_out(segments, holes, line_gap)

    def cut_dots(i: int) -> None:
        for centres, holes in dots:
            hatch_dots_out(centres, holes, dot_gap)

    print_floor(3 if args.quick else 5)
    print(f"| {'case':<40} | wall ms | CPU ms |")
    print(f"|{'-' * 42}|--------:|-------:|")
    for name, fn in ((f"{N} line textures cut (hatch_cut_out)", cut_lines), (f"{N} dot textures cut (hatch_dots_out)", cut_dots)):
        wall, cpu, _, _ = median_wall_cpu_ms(fn, runs)
        print(f"| {name:<40} | {wall:7.1f} | {cpu:6.1f} |")


if __name__ == "__main__":
    main()
