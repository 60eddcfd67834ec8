"""Benchmark: Fantasy Warriors map generation (no rendering), rendering of the medium map, and the names on a big one.

Run from the repository root: ``python bench/bench_fw_map.py``.  Each
generation case uses a new seed per run, so the medians cover many
different maps.  "names" is the time the drawing of a 150 x 150 map
spends on its river, chain and region names (placing them, keeping the
terrain glyphs off them and writing them: ``mapgen.render.fw_names``),
timed inside whole renders of seeds 1-5.  The machine's floor (a new
``python -c "import numpy"``) is measured in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_ms, print_floor, report  # noqa: E402

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
    rows += names_rows(1 if args.quick else 5)
    report(rows)
    print_floor()


def names_rows(seeds: int) -> list[tuple[str, float, float, float, str]]:
    """The names' share of a 150 x 150 map's drawing, and the whole SVG, over ``seeds`` maps."""
    from mapgen.render import fw_names
    from mapgen.render.fw_map import render_fw_map

    spent = [0.0]
    for name in ("layout_names", "reserved_boxes", "draw_names"):  # the drawing looks them up when it runs
        real = getattr(fw_names, name)

        def timed(*args, real=real):
            t = time.perf_counter()
            try:
                return real(*args)
            finally:
                spent[0] += time.perf_counter() - t

        setattr(fw_names, name, timed)
    maps = [generate_map(MapOptions(seed=s, width=150, height=150)) for s in range(1, seeds + 1)]
    names, whole = [], []
    for m in [maps[0], *maps]:  # the first map twice: its first drawing loads the styles and fonts
        spent[0] = 0.0
        t = time.perf_counter()
        render_fw_map(m).tostring()
        whole.append((time.perf_counter() - t) * 1000)
        names.append(spent[0] * 1000)
    names, whole = names[1:], whole[1:]
    return [("names on a 150x150 drawing", statistics.median(names), min(names), max(names), "< 300 ms"),
            ("render 150x150 SVG only", statistics.median(whole), min(whole), max(whole), "")]


if __name__ == "__main__":
    main()
