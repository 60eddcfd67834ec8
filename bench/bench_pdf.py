"""CPU time of the drawing infrastructure in one ``mapgen new`` (issue 27): the PDFs by kind, SvgDoc.tostring, fmt.

Each run is a fresh process writing ``mapgen new --seed 5`` in one process (MAPGEN_ONE_PROCESS=1), so the
first battlefield PDF and the map's PDF pay what they pay in a real run (paths met the first time, fonts).
``fmt`` is timed by replaying the numbers the run formatted through an empty memo.  CPU time
(``time.process_time``), medians of the runs, beside the floor ``python -c "import numpy"``: the machine is
shared, wall time is not worth reading.

    python bench/bench_pdf.py [RUNS] [--tree OTHER_CHECKOUT] [--no-gc]

``--no-gc``: the cyclic collector off in the runs (its few long passes, 4 ms each, land in whichever step is
running then, and move when the steps before allocate more or less).

``--tree`` takes a checkout's folder (its ``mapgen`` and ``templates``) and runs it in place of the installed one,
alternating with it run by run, so that before and after are measured under the same load.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def _child(out: str) -> None:
    os.environ["MAPGEN_ONE_PROCESS"] = "1"
    tree = os.environ.get("BENCH_TREE")
    if tree:  # run another checkout: the installed (editable) mapgen out of the way
        sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
        sys.path.insert(0, tree)
    from mapgen import cli
    from mapgen.render import pdf, svgdoc

    if os.environ.get("BENCH_NO_GC"):  # the collector's few passes land in whichever step runs then: left out
        import gc

        gc.disable()
        cli.gc = type("NoGc", (), {"set_threshold": staticmethod(lambda *a: None), "get_threshold": gc.get_threshold,
                                   "freeze": gc.freeze})

    got = {"battlefield PDF, first": 0.0, "battlefield PDF, each further": [], "map PDF (cut, with key)": 0.0,
           "SvgDoc.tostring, all": 0.0}
    numbers: list = []

    def write_pdf(svg, path, *a, _write=pdf.write_pdf, **k):
        t = time.process_time()
        try:
            return _write(svg, path, *a, **k)
        finally:
            spent = (time.process_time() - t) * 1000
            if k.get("cut") is not None:
                got["map PDF (cut, with key)"] += spent
            elif not got["battlefield PDF, first"]:
                got["battlefield PDF, first"] = spent
            else:
                got["battlefield PDF, each further"].append(spent)

    def tostring(self, _tostring=svgdoc.SvgDoc.tostring):
        t = time.process_time()
        try:
            return _tostring(self)
        finally:
            got["SvgDoc.tostring, all"] += (time.process_time() - t) * 1000

    fmt = svgdoc.fmt

    def recording_fmt(value):
        numbers.append(value)
        return fmt(value)

    pdf.write_pdf = write_pdf
    svgdoc.SvgDoc.tostring = tostring
    for module in list(sys.modules.values()):
        if module is not None and getattr(module, "fmt", None) is fmt:
            module.fmt = recording_fmt
    sys.argv = ["mapgen", "new", "--out", out, "--seed", "5"]
    try:
        cli.run()
    except SystemExit:
        pass
    further = got["battlefield PDF, each further"]
    got["battlefield PDF, each further"] = sum(further) / max(1, len(further))
    got["battlefield PDFs, all"] = got["battlefield PDF, first"] + sum(further)
    getattr(svgdoc, "_FMT_MEMO", {}).clear()
    t = time.process_time()
    for value in numbers:
        fmt(value)
    got[f"fmt, {len(numbers)} calls"] = (time.process_time() - t) * 1000
    got["all of the above"] = (got["battlefield PDFs, all"] + got["map PDF (cut, with key)"]
                               + got["SvgDoc.tostring, all"] + got[f"fmt, {len(numbers)} calls"])
    print(json.dumps(got))


def _floor() -> float:
    r = subprocess.run([sys.executable, "-c", "import numpy, time; print(time.process_time())"],
                       capture_output=True, text=True, check=True)
    return float(r.stdout) * 1000


def main() -> None:
    args = sys.argv[1:]
    other = None
    if "--tree" in args:
        i = args.index("--tree")
        other = os.path.abspath(args[i + 1])
        del args[i:i + 2]
    no_gc = "--no-gc" in args
    if no_gc:
        args.remove("--no-gc")
    runs = int(args[0]) if args else 7
    trees = {"this checkout": ""} | ({f"--tree {other}": other} if other else {})
    rows: dict[str, list[dict]] = {name: [] for name in trees}
    floors = []
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            floors.append(_floor())
            for name, tree in trees.items():
                out = os.path.join(tmp, f"kit{i}")
                r = subprocess.run([sys.executable, __file__, "--child", out], capture_output=True, text=True,
                                   env=env | {"BENCH_TREE": tree} | ({"BENCH_NO_GC": "1"} if no_gc else {}), check=True)
                rows[name].append(json.loads(r.stdout.strip().splitlines()[-1]))
                shutil.rmtree(out, ignore_errors=True)
    print(f"CPU ms, medians of {runs} fresh `mapgen new --seed 5` runs (one process); "
          f"floor `python -c \"import numpy\"` {statistics.median(floors):.0f} ms CPU" + (", collector off" if no_gc else ""))
    names = list(trees)
    print("| what | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for key in rows[names[0]][0]:
        cells = [f"{statistics.median(r[key] for r in rows[n]):.1f}" for n in names]
        print(f"| {key} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2])
    else:
        main()
