"""Benchmark: what ``fw-map --watercraft`` adds to making a map (the watercraft stage alone, no rendering).

Run from the repository root: ``python bench/bench_watercraft.py`` (``--quick``: fewer runs).  For each size
the stage (:func:`mapgen.fw.watercraft.add_watercraft`) runs on maps already generated, one new seed a run,
and its median wall and CPU times are printed beside the generation's own, with their ratio: the figure to
read on a shared machine is the CPU ratio.  The machine's floor (a new ``python -c "import numpy"``) is
measured in the same run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import print_floor  # noqa: E402

from mapgen.dice import Dice  # noqa: E402
from mapgen.fw.generate import generate_map  # noqa: E402
from mapgen.fw.options import MapOptions  # noqa: E402
from mapgen.fw.watercraft import add_watercraft  # noqa: E402

#: (label, MapOptions fields, runs, quick runs)
SIZES = (
    ("medium (15 x 10)", {"size": "medium"}, 21, 3),
    ("100 x 100", {"width": 100, "height": 100}, 5, 1),
    ("200 x 200", {"width": 200, "height": 200}, 5, 1),
)


def clock(fn) -> tuple[float, float]:
    w, c = time.perf_counter(), time.process_time()
    fn()
    return (time.perf_counter() - w) * 1000, (time.process_time() - c) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    args = parser.parse_args()
    print(f"| {'map':<18} | generate wall / CPU ms | stage wall / CPU ms | stage / generate (CPU) |")
    print(f"|{'-' * 20}|-----------------------:|-------------------:|-----------------------:|")
    for label, fields, runs, quick in SIZES:
        gen, stage = [], []
        for i in range(quick if args.quick else runs):
            opts = MapOptions(seed=3000 + i, **fields)
            out: list = []
            gen.append(clock(lambda: out.append(generate_map(opts))))
            stage.append(clock(lambda: add_watercraft(out[0], Dice(opts.seed))))
        gw, gc = (statistics.median(v[k] for v in gen) for k in (0, 1))
        sw, sc = (statistics.median(v[k] for v in stage) for k in (0, 1))
        print(f"| {label:<18} | {gw:10.1f} / {gc:9.1f} | {sw:8.1f} / {sc:7.1f} | {sc / gc:22.2f} |")
    print_floor()


if __name__ == "__main__":
    main()
