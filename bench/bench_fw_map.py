"""Benchmark: Fantasy Warriors map generation (no rendering), rendering of the medium map, and the names on a big one.

Run from the repository root: ``python bench/bench_fw_map.py`` (``--generate-only``
skips the rendering rows).  Each case uses a new seed per run, so the medians cover
many different maps; the generation rows are the sizes issue 27 measured (150 to
40,000 squares), and the growth between the two largest is printed after them.
"names" is the time the drawing of a 150 x 150 map spends on its river, chain and
region names (placing them, keeping the terrain glyphs off them and writing them:
``mapgen.render.fw_names``), timed inside whole renders of seeds 1-5.  The
machine's floor (a new ``python -c "import numpy"``) is measured in the same run.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_ms, print_floor, report  # noqa: E402

from mapgen.fw.generate import generate_map  # noqa: E402
from mapgen.fw.options import MapOptions  # noqa: E402


#: (label, squares, MapOptions fields, runs, quick runs, target): the sizes issue 27 measured.
SIZES = (
    ("generate small (12 x 8)", 96, {"size": "small"}, 41, 3, ""),
    ("generate medium (15 x 10)", 150, {"size": "medium"}, 41, 3, "< 5 ms"),
    ("generate large (21 x 14)", 294, {"size": "large"}, 21, 3, ""),
    ("generate 30 x 30", 900, {"width": 30, "height": 30}, 21, 3, ""),
    ("generate 50 x 50", 2500, {"width": 50, "height": 50}, 11, 1, ""),
    ("generate 100 x 100", 10000, {"width": 100, "height": 100}, 7, 1, ""),
    ("generate 200 x 200", 40000, {"width": 200, "height": 200}, 5, 1, "< 200 ms"),
)


def timed(fn, runs: int) -> tuple[float, float, float]:
    """Median wall and CPU milliseconds of ``fn(i)`` over ``runs`` calls (after one unmeasured), and the fastest wall.

    The CPU time is the process's own: on a machine shared with other work it moves far
    less than the wall time, and generation runs on one thread.
    """
    fn(-1)
    wall, cpu = [], []
    for i in range(runs):
        w, c = time.perf_counter(), time.process_time()
        fn(i)
        wall.append((time.perf_counter() - w) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return statistics.median(wall), statistics.median(cpu), min(wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    parser.add_argument("--generate-only", action="store_true", help="only the generation rows (no rendering)")
    args = parser.parse_args()
    runs = 3 if args.quick else 21
    print(f"| {'case':<26} | squares | wall median ms | CPU median ms | fastest ms | target |")
    print(f"|{'-' * 28}|--------:|---------------:|--------------:|-----------:|--------|")
    cpu_at = {}
    for label, squares, fields, n, quick_n, target in SIZES:
        wall, cpu, fastest = timed(lambda i: generate_map(MapOptions(seed=2000 + i, **fields)), quick_n if args.quick else n)
        cpu_at[squares] = cpu
        print(f"| {label:<26} | {squares:7,} | {wall:14.1f} | {cpu:13.1f} | {fastest:10.1f} | {target} |")
    # Growth: time ~ squares ** k between 10,000 and 40,000 squares (issue 27: k at most 1.0).
    k = math.log(cpu_at[40000] / cpu_at[10000]) / math.log(4)
    print(f"growth from 10,000 to 40,000 squares (CPU medians): n^{k:.2f}")
    if args.generate_only:
        return
    rows = []

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
    """The names' share of a 150 x 150 map's drawing, and the whole SVG, over ``seeds`` maps: wall time,
    and the names' CPU time in a row of its own (a shared machine stretches the wall time)."""
    from mapgen.render import fw_names
    from mapgen.render.fw_map import render_fw_map

    spent = [0.0, 0.0]  # wall, CPU
    for name in ("layout_names", "reserved_boxes", "draw_names"):  # the drawing looks them up when it runs
        real = getattr(fw_names, name)

        def timed(*args, real=real):
            t, c = time.perf_counter(), time.process_time()
            try:
                return real(*args)
            finally:
                spent[0] += time.perf_counter() - t
                spent[1] += time.process_time() - c

        setattr(fw_names, name, timed)
    maps = [generate_map(MapOptions(seed=s, width=150, height=150)) for s in range(1, seeds + 1)]
    names, names_cpu, whole = [], [], []
    for m in [maps[0], *maps]:  # the first map twice: its first drawing loads the styles and fonts
        spent[:] = [0.0, 0.0]
        t = time.perf_counter()
        render_fw_map(m).tostring()
        whole.append((time.perf_counter() - t) * 1000)
        names.append(spent[0] * 1000)
        names_cpu.append(spent[1] * 1000)
    names, names_cpu, whole = names[1:], names_cpu[1:], whole[1:]
    return [("names on a 150x150 drawing", statistics.median(names), min(names), max(names), "< 300 ms"),
            ("names on a 150x150 drawing, CPU", statistics.median(names_cpu), min(names_cpu), max(names_cpu), ""),
            ("render 150x150 SVG only", statistics.median(whole), min(whole), max(whole), "")]


if __name__ == "__main__":
    main()
