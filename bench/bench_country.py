"""Benchmark: Renaissance country maps (generation, no rendering), and rendering 16 countries.

Run from the repository root: ``python bench/bench_country.py``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_ms, report  # noqa: E402

from mapgen.country.generate import generate_countries  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    args = parser.parse_args()
    runs = 5 if args.quick else 31
    rows = []
    med, lo, hi = median_ms(lambda i: generate_countries(3000 + i, 1), runs)
    rows.append(("generate 1 country", med, lo, hi, "< 20 ms"))
    med, lo, hi = median_ms(lambda i: generate_countries(4000 + i, 16), max(3, runs // 3))
    rows.append(("generate 16 countries (4x4 sheets)", med, lo, hi, "< 500 ms"))
    try:
        from mapgen.render.country import render_country
    except ImportError:
        render_country = None
    if render_country is not None:
        cm = generate_countries(7, 16)
        med, lo, hi = median_ms(lambda i: render_country(cm).tostring(), 3 if args.quick else 7)
        rows.append(("render 16 countries SVG", med, lo, hi, ""))
    report(rows)


if __name__ == "__main__":
    main()
