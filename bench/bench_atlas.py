"""Benchmark: the campaign atlas of a large campaign (a 40 x 30 map, 20 battles), its size and load time in headless Chromium.

Run from the repository root: ``python bench/bench_atlas.py``.  The campaign is
the tests' (``tests/atlas_helpers.py``): a ``mapgen new`` kit, without PDFs,
played by bots until 20 battle folders are written (a bot campaign rarely lasts
20 battles, a side's Will to Fight fails first: further games are played on the
same map into the same folder until there are 20).  Measured: making the
page (``mapgen.atlas.build_atlas``) with nothing kept, as the first command
after ``mapgen new`` does, and with its static parts kept in
``.atlas-cache/``, as every later command does; its size; and loading it from ``file://``
in Debian's Chromium, headless, at 1280 x 800: from the navigation's start to
the second frame after the load event, when svg-pan-zoom has fitted the map
(issue 13's target: under 2 s).  Needs ``chromium`` on the PATH and Playwright.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.atlas_helpers import fw_kit, play_until_battles  # noqa: E402 - the tests' campaign, played the same way

#: The issue's large campaign.
WIDTH, HEIGHT, BATTLES = 40, 30, 20


def _load_times(url: str, runs: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), headless=True)
        for _ in range(runs + 1):  # the first warms Chromium's own caches up, and is not counted
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            t = time.perf_counter()
            page.goto(url, wait_until="load")
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            times.append(time.perf_counter() - t)
            page.close()
        browser.close()
    return times[1:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a 15 x 10 map with 2 battles, 2 loads (a smoke test)")
    parser.add_argument("--seed", default="7")
    args = parser.parse_args()
    from mapgen.atlas import build_atlas, write_atlas
    from mapgen.atlas.cache import Fragments

    width, height, battles, runs = (15, 10, 2, 2) if args.quick else (WIDTH, HEIGHT, BATTLES, 7)
    tmp = Path(tempfile.mkdtemp())
    folder = tmp / "camp"
    t = time.perf_counter()
    m = fw_kit(folder, seed=args.seed, size="large", width=width, height=height)
    fought = play_until_battles(folder, m, battles, again=True)
    print(f"campaign: {width} x {height}, {len(m.holdings)} holdings, {fought} battle folders, made in {time.perf_counter() - t:.1f} s")
    fresh, kept = [], []
    for _ in range(3):
        t = time.perf_counter()
        build_atlas(folder, cache=Fragments(folder, write=False))  # everything drawn, as the first command after mapgen new
        fresh.append(time.perf_counter() - t)
    build_atlas(folder)  # keeps the static parts in .atlas-cache/
    for _ in range(3):
        t = time.perf_counter()
        build_atlas(folder)  # as every later command: only what changes is drawn
        kept.append(time.perf_counter() - t)
    page = write_atlas(folder)
    size = page.stat().st_size
    loads = _load_times(page.as_uri(), runs)
    print(f"| page size | {size / 1e6:.2f} MB ({size:,} bytes) |")
    print(f"| making the page, nothing kept (median of 3) | {statistics.median(fresh):.2f} s |")
    print(f"| making the page, static parts kept (median of 3) | {statistics.median(kept):.2f} s |")
    print(f"| loading it in headless Chromium (median of {runs}; min-max) | {statistics.median(loads):.2f} s "
          f"({min(loads):.2f}-{max(loads):.2f}) |")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
