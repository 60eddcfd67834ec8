"""Benchmark: the drawings ``mapgen new`` makes in its parent process, each at its first call.

Run from the repository root: ``python bench/bench_new_drawings.py`` (``--quick``: fewer runs).
``new`` (medium Fantasy Warriors kit, seed 5) draws the campaign's counter sheets (the SVG pages,
``render_pages``, and the PDF, ``write_counters_pdf``) and the campaign map
(``render_fw_map_and_room``) once each, so each is timed at that one call, in a new process per
run, with the fonts loaded first as ``new`` loads them before it forks.  CPU and wall milliseconds,
medians over the runs, beside the floor (a new ``python -c "import numpy"``); and the CPU time less
the garbage collector's during the drawing, since where a collection falls moves with every change
in what the command allocated before.

``--against DIR`` times a second source tree too (e.g. ``git archive edc580c | tar -x -C DIR``),
its runs interleaved with this tree's, and prints the CPU ratio of this tree to it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import print_floor  # noqa: E402

#: (module, function) of each drawing timed, and its label.
DRAWINGS = (
    ("mapgen.render.counters", "render_pages", "counter sheets: SVG pages"),
    ("mapgen.render.counters_pdf", "write_counters_pdf", "counter sheets: PDF"),
    ("mapgen.render.fw_map", "render_fw_map_and_room", "campaign map: drawing"),
)


def one_run(tree: Path | None) -> None:
    """In a new process: ``mapgen new`` in one process, printing each drawing's first-call (CPU, wall) ms as JSON.

    ``tree``: the source tree to import mapgen from (None: the one installed).
    """
    import contextlib
    import gc
    import importlib
    import io

    if tree is not None:
        sys.path.insert(0, str(tree))
    os.environ["MAPGEN_ONE_PROCESS"] = "1"  # everything in this process, so that every drawing is timed
    from mapgen import cli
    from mapgen.render import fonts, pdf, svgdoc  # noqa: F401 - loaded before the fork in a real run

    fonts.pdf_font()
    fonts.pdf_font(bold=True)
    collecting = [0.0, 0.0]  # CPU seconds spent in the garbage collector, and when the current collection began

    def collector(phase, _info):
        if phase == "start":
            collecting[1] = time.process_time()
        else:
            collecting[0] += time.process_time() - collecting[1]

    gc.callbacks.append(collector)
    first: dict[str, tuple[float, float, float]] = {}
    for module, name, _label in DRAWINGS:
        mod = importlib.import_module(module)
        drawing = getattr(mod, name)

        def timed(*args, _drawing=drawing, _name=name, **kwargs):
            c, w, g = time.process_time(), time.perf_counter(), collecting[0]
            try:
                return _drawing(*args, **kwargs)
            finally:
                first.setdefault(_name, ((time.process_time() - c) * 1000, (time.perf_counter() - w) * 1000, (collecting[0] - g) * 1000))

        setattr(mod, name, timed)  # the kit imports each when it draws, so it finds this one
    with tempfile.TemporaryDirectory() as tmp, contextlib.redirect_stdout(io.StringIO()):
        cli.main(["new", "--out", str(Path(tmp) / "kit"), "--seed", "5"])
    print(json.dumps(first))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    parser.add_argument("--against", type=Path, help="another source tree to time beside this one")
    parser.add_argument("--one-run", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_run:
        one_run(args.against)
        return
    runs = 3 if args.quick else 9
    trees = {"this tree": None} | ({"against": args.against.resolve()} if args.against else {})
    got: dict[str, list[dict]] = {tree: [] for tree in trees}
    for _ in range(runs):
        for tree, path in trees.items():
            tree_args = [] if path is None else ["--against", str(path)]
            out = subprocess.run([sys.executable, __file__, "--one-run", *tree_args], capture_output=True, text=True, check=True)
            got[tree].append(json.loads(out.stdout.splitlines()[-1]))
    print_floor()
    print(f"| {'drawing (first call in mapgen new, seed 5)':<44} | tree      | CPU median ms | wall median ms | CPU less GC ms |")
    print(f"|{'-' * 46}|-----------|--------------:|---------------:|---------------:|")
    counters = ("render_pages", "write_counters_pdf")
    rows = [(name, label, (name,)) for _module, name, label in DRAWINGS]
    rows.insert(2, ("counters", "counter sheets: SVG pages + PDF", counters))
    for _name, label, parts in rows:
        cpu, own = {}, {}
        for tree in trees:
            cpu[tree] = statistics.median(sum(r[p][0] for p in parts) for r in got[tree])
            wall = statistics.median(sum(r[p][1] for p in parts) for r in got[tree])
            own[tree] = statistics.median(sum(r[p][0] - r[p][2] for p in parts) for r in got[tree])
            print(f"| {label:<44} | {tree:<9} | {cpu[tree]:13.1f} | {wall:14.1f} | {own[tree]:14.1f} |")
        if args.against:
            print(f"| {'':<44} | ratio     | {cpu['this tree'] / cpu['against']:13.2f} | {'':14} | {own['this tree'] / own['against']:14.2f} |")


if __name__ == "__main__":
    main()
