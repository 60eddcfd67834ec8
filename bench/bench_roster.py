"""Benchmark: reading the largest campaign roster mapgen accepts, and refusing a 1 MB one.

Run from the repository root: ``python bench/bench_roster.py``.  The issue
measured a 1 MB roster at 5 minutes (a duplicate check quadratic in the
units).  Now a force holds at most ``MAX_UNITS`` units, duplicates are
counted in one pass, and a file over ``MAX_ROSTER_BYTES`` is refused by its
size before it is parsed.  Cases: six forces of ``MAX_UNITS`` units (YAML
and CSV, the most a roster may list), and a 1 MB CSV of one force.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_ms, report  # noqa: E402

from mapgen.campaign.roster import MAX_UNITS, CampaignRosterError, read_campaign_roster  # noqa: E402
from mapgen.campaign.setup import MAX_FORCES  # noqa: E402


def largest_yaml() -> str:
    lines = ["forces:"]
    for f in range(MAX_FORCES):
        lines += [f"  - leader: {{name: Leader {f}, cv: 4}}", "    units:"]
        lines += [f"      - {{id: U{k}, type: infantry, quality: average, figures: 10, points: 6}}" for k in range(MAX_UNITS)]
    return "\n".join(lines) + "\n"


def largest_csv() -> str:
    rows = ["force,leader,cv,unit,type,quality,figures,points"]
    rows += [f"F{f},Leader {f},4,U{k},infantry,average,10,6" for f in range(MAX_FORCES) for k in range(MAX_UNITS)]
    return "\n".join(rows) + "\n"


def megabyte_csv() -> str:
    rows = ["force,leader,cv,unit,type,quality,figures"]
    rows += [f"F1,Ragnar,4,U{k},infantry,average,10" for k in range(40_000)]
    return "\n".join(rows) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    args = parser.parse_args()
    runs = 3 if args.quick else 9
    tmp = Path(tempfile.mkdtemp())
    rows = []
    for name, text in (("largest.yaml", largest_yaml()), ("largest.csv", largest_csv()), ("megabyte.csv", megabyte_csv())):
        path = tmp / name
        path.write_text(text, encoding="utf-8")

        def read(_i, path=path):
            try:
                read_campaign_roster(path, "A")
            except CampaignRosterError:
                pass  # the megabyte one: refused by its size

        med, lo, hi = median_ms(read, runs)
        rows.append((f"{name} ({len(text.encode()) // 1024} kB)", med, lo, hi, "< 1 s"))
    report(rows)


if __name__ == "__main__":
    main()
