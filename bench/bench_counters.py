"""Benchmark: counter sheets to PDF.

Run from the repository root: ``python bench/bench_counters.py``.  Cases:
a 500-counter set made of the shipped sets (the FW-1.1 list, the Renaissance
set, the two example rosters, repeated), and a 500-counter roster where every
counter is different (the worst case: no face can be reused).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_ms, report  # noqa: E402

from mapgen.counters.layout import lay_out  # noqa: E402
from mapgen.counters.roster import RosterUnit, read_roster  # noqa: E402
from mapgen.counters.sets import fw_set, renaissance_set, roster_set  # noqa: E402
from mapgen.render.counters import forget_faces, render_pages  # noqa: E402
from mapgen.render.counters_pdf import write_counters_pdf  # noqa: E402
from mapgen.render.fw_map import template_path  # noqa: E402
from mapgen.paper import get_paper  # noqa: E402

N = 500


def mixed_set() -> list:
    pool = (
        fw_set()
        + renaissance_set()
        + roster_set(read_roster(template_path("counters", "napoleonic-roster.csv")))
        + roster_set(read_roster(template_path("counters", "skirmish-roster.yaml")))
    )
    return (pool * (N // len(pool) + 1))[:N]


def distinct_set() -> list:
    sides = ("France", "Austria", "Prussia", "Russia")
    kinds = ("infantry", "cavalry", "artillery", "leader")
    units = [
        RosterUnit(f"Regiment {i}", sides[i % 4], kinds[(i // 4) % 4], 1, (("cost", 6 + i % 7), ("movement", 1), ("actions", 1)), i + 2)
        for i in range(N)
    ]
    return roster_set(units)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    args = parser.parse_args()
    runs = 3 if args.quick else 9
    tmp = Path(tempfile.mkdtemp())
    paper = get_paper("A4-portrait")
    rows = []
    for name, counters in (("mixed", mixed_set()), ("all different", distinct_set())):
        assert len(counters) == N

        def pdf(i: int, counters=counters) -> None:
            # A new sheet each run, and the faces forgotten, so nothing is reused between runs.
            forget_faces()
            sheet = lay_out(counters, paper, 15.875, title="bench")
            write_counters_pdf(sheet, tmp / "counters.pdf")

        def pages(i: int, sheet=lay_out(counters, paper, 15.875, title="bench")) -> None:
            forget_faces()  # as the PDF's runs: each run draws its faces anew
            render_pages(sheet)

        med, lo, hi = median_ms(pdf, runs)
        rows.append((f"{N} counters to PDF ({name})", med, lo, hi, "< 3000 ms"))
        med, lo, hi = median_ms(pages, runs)
        rows.append((f"{N} counters to SVG pages ({name})", med, lo, hi, ""))
    report(rows)


if __name__ == "__main__":
    main()
