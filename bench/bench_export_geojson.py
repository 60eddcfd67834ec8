"""Benchmark: ``mapgen export geojson`` of campaign maps and a country map.

Run from the repository root: ``python bench/bench_export_geojson.py``.  Each
case times the whole export of a file as the command does it (reading and
checking the map, building the features, the text) and, apart, building the
features and the text from a map already read; it prints the file's size too,
and the machine's floor (a new ``python -c "import numpy"``) measured in the
same run.  The text is built as the command builds it (``build(...,
text=True)``: a campaign map's squares written straight as text).  Each row
gives the median wall time and the median CPU time of this process: on a
shared machine the wall time swings with the load, the CPU time far less.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_wall_cpu_ms, print_floor  # noqa: E402

from mapgen.country.generate import generate_countries  # noqa: E402
from mapgen.exports.geojson import build, geojson_text, read_source  # noqa: E402
from mapgen.fw.generate import generate_map  # noqa: E402
from mapgen.fw.options import MapOptions  # noqa: E402
from mapgen.jsonio import dumps  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs and no 200 x 200 map (for a smoke test)")
    args = parser.parse_args()
    runs = 3 if args.quick else 5
    tmp = Path(tempfile.mkdtemp())
    maps = [("medium 15 x 10", "fw-map-medium.json", generate_map(MapOptions(seed=7, size="medium")).to_json()),
            ("100 x 100", "fw-map-100.json", generate_map(MapOptions(seed=7, width=100, height=100, holdings=10)).to_json()),
            ("country, 3 + 1 sheets", "country.json", generate_countries(11, 3, 1).to_json())]  # fmt: skip
    if not args.quick:
        maps.insert(2, ("200 x 200", "fw-map-200.json", generate_map(MapOptions(seed=7, width=200, height=200, holdings=20)).to_json()))
    rows, sizes = [], []
    for name, file, data in maps:
        path = tmp / file
        path.write_text(dumps(data), encoding="utf-8")
        rows.append((f"{name}: file to text", *median_wall_cpu_ms(lambda i, path=path: geojson_text(build(read_source(path), text=True)), runs)))
        source = read_source(path)
        rows.append((f"{name}: map read, to text", *median_wall_cpu_ms(lambda i, source=source: geojson_text(build(source, text=True)), runs)))
        sizes.append(f"{name}: {len(geojson_text(build(source)).encode('utf-8')) / 1e6:.2f} MB (map file {path.stat().st_size / 1e6:.2f} MB)")
    print(f"| {'case':<40} | wall median ms | CPU median ms | wall min ms | wall max ms |")
    print(f"|{'-' * 42}|---------------:|--------------:|------------:|------------:|")
    for name, wall, cpu, lo, hi in rows:
        print(f"| {name:<40} | {wall:14.1f} | {cpu:13.1f} | {lo:11.1f} | {hi:11.1f} |")
    for line in sizes:
        print(line)
    print_floor()


if __name__ == "__main__":
    main()
