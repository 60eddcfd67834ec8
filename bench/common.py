"""Timing helpers for the benchmarks: medians over repeated runs."""

from __future__ import annotations

import statistics
import time
from typing import Callable


def median_ms(fn: Callable[[int], object], runs: int, warmup: int = 1) -> tuple[float, float, float]:
    """Median, min and max wall time in milliseconds of ``fn(i)`` over ``runs`` calls."""
    for i in range(warmup):
        fn(-1 - i)
    times = []
    for i in range(runs):
        t = time.perf_counter()
        fn(i)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), min(times), max(times)


def report(rows: list[tuple[str, float, float, float, str]]) -> None:
    print(f"| {'case':<34} | median ms | min ms | max ms | target |")
    print(f"|{'-' * 36}|----------:|-------:|-------:|--------|")
    for name, med, lo, hi, target in rows:
        print(f"| {name:<34} | {med:9.1f} | {lo:6.1f} | {hi:6.1f} | {target} |")
