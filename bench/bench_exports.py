"""Benchmark: the exports that draw pixels.

Run from the repository root: ``python bench/bench_exports.py``.  Cases: one
180 x 120 cm battlefield as a Universal VTT file at 50 and 100 pixels per inch
(the plan's SVG, then the PNG, then the JSON), and the VASSAL module of a new
medium campaign (seed 7) at 100 ppi.  Nearly all of it is resvg drawing and
encoding the PNGs: a 100 ppi table is a 7100 x 4800 picture.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import median_ms, report  # noqa: E402

from mapgen.battlefield.generate import BattleOptions, generate_battlefield  # noqa: E402
from mapgen.exports.dd2vtt import to_dd2vtt  # noqa: E402
from mapgen.exports.raster import png  # noqa: E402
from mapgen.exports.vassal import load_module  # noqa: E402
from mapgen.exports.vassal_build import vmod_bytes  # noqa: E402
from mapgen.jsonio import dumps  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer runs (for a smoke test)")
    args = parser.parse_args()
    runs = 1 if args.quick else 5
    b = generate_battlefield(BattleOptions(seed=7, terrain="forest", river=True, road=True))
    rows = []
    for ppi in (50, 100):
        med, lo, hi = median_ms(lambda i, ppi=ppi: dumps(to_dd2vtt(b, ppi)), runs)
        rows.append((f"dd2vtt, 180 x 120 cm at {ppi} ppi", med, lo, hi, ""))
    camp = Path(tempfile.mkdtemp()) / "camp"
    import contextlib
    import io

    from mapgen.cli import main as mapgen

    with contextlib.redirect_stdout(io.StringIO()):
        mapgen(["new", "--seed", "7", "--formats", "json", "--out", str(camp)])
    med, lo, hi = median_ms(lambda i: vmod_bytes(load_module(camp, 100), png), runs)
    rows.append(("vmod, medium campaign at 100 ppi", med, lo, hi, ""))
    report(rows)


if __name__ == "__main__":
    main()
