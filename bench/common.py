"""Timing helpers for the benchmarks: medians over repeated runs."""

from __future__ import annotations

import statistics
import subprocess
import sys
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


def median_wall_cpu_ms(fn: Callable[[int], object], runs: int, warmup: int = 1) -> tuple[float, float, float, float]:
    """Median wall and median CPU milliseconds (this process) of ``fn(i)`` over ``runs`` calls, and the min and
    max wall: on a shared machine the wall time swings with the load, the CPU time far less."""
    for i in range(warmup):
        fn(-1 - i)
    wall, cpu = [], []
    for i in range(runs):
        t, c = time.perf_counter(), time.process_time()
        fn(i)
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return statistics.median(wall), statistics.median(cpu), min(wall), max(wall)


def report(rows: list[tuple[str, float, float, float, str]]) -> None:
    print(f"| {'case':<34} | median ms | min ms | max ms | target |")
    print(f"|{'-' * 36}|----------:|-------:|-------:|--------|")
    for name, med, lo, hi, target in rows:
        print(f"| {name:<34} | {med:9.1f} | {lo:6.1f} | {hi:6.1f} | {target} |")


def floor_ms(runs: int = 5) -> tuple[float, float, float]:
    """The machine's floor: median, min and max wall time in ms of a new ``python -c "import numpy"`` process.

    Printed beside a run's figures, so that a figure taken on a busy machine reads against what the same
    machine did for a bare start at the same time.
    """
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import numpy"], check=True)
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), min(times), max(times)


def print_floor(runs: int = 5) -> None:
    med, lo, hi = floor_ms(runs)
    print(f"floor: python -c \"import numpy\" in a new process, median {med:.0f} ms (min {lo:.0f}, max {hi:.0f}) over {runs} runs")
