"""Benchmark: Fantasy Warriors map generation (no rendering) and rendering of the medium map.

Run from the repository root: ``python bench/bench_fw_map.py``.  Each case
uses a new seed per run, so the medians cover many different maps.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_ms, report  # noqa: E402

from mapgen.fw.generate import generate_map  # noqa: E402
from mapgen.fw.options import MapOptions  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    args = parser.parse_args()
    runs = 3 if args.quick else 21
    big_runs = 1 if args.quick else 5
    rows = []
    for size, target in (("small", ""), ("medium", "< 50 ms"), ("large", "")):
        med, lo, hi = median_ms(lambda i: generate_map(MapOptions(seed=1000 + i, size=size)), runs)
        rows.append((f"generate {size}", med, lo, hi, target))
    for n, target in ((100, ""), (200, "< 2000 ms")):
        med, lo, hi = median_ms(lambda i: generate_map(MapOptions(seed=2000 + i, width=n, height=n)), big_runs)
        rows.append((f"generate {n}x{n}", med, lo, hi, target))

    from mapgen.render.fw_map import render_fw_map
    from mapgen.paper import get_paper
    from mapgen.render.pdf import write_pdf

    m = generate_map(MapOptions(seed=7, size="medium"))
    tmp = Path(tempfile.mkdtemp())

    def render(i: int) -> None:
        svg = render_fw_map(m).tostring()
        write_pdf(svg, tmp / "fw-map.pdf", get_paper("A3"))

    med, lo, hi = median_ms(render, 3 if args.quick else 7)
    rows.append(("render medium SVG + PDF (A3, tiled)", med, lo, hi, "< 150 ms"))
    med, lo, hi = median_ms(lambda i: render_fw_map(m).tostring(), runs)
    rows.append(("render medium SVG only", med, lo, hi, ""))
    report(rows)


if __name__ == "__main__":
    main()
