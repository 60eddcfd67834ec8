"""Benchmark: campaign commands end to end, against a bare ``python -c "import numpy"`` on the same machine, and ``apply`` in process.

Run from the repository root: ``python bench/bench_commands.py`` (``--quick``
for a smoke test).  Issue 22's targets: a campaign command at most 2.5 times
the floor, ``status`` at most 1.5 times, the in-process ``apply`` of a move
under 1 ms median.

The floor is measured in the same run, paired: each round starts
``python -c "import numpy"`` with the same interpreter, then each command
once, and a command's ratio is taken against that round's floor, so a
machine that slows down during the run (other users, a hot CPU) moves both.
The figures quoted are the medians of the rounds; the CPU time (user +
system, the kernel's count for the reaped process) is printed beside the
wall time, as it moves less on a shared machine.  Each command is a new
process, Python's start and imports included, its output thrown away, as a
player runs it.  The campaign is a medium ``mapgen new`` kit (12 x 9,
8 forces, 8 holdings' battlefields, counters); ``order`` and ``move`` are
each taken back by ``undo`` in the same round, so every round plays the
same command on the same state (and the atlas's kept parts are warm after
the first round, as in play; the row "order, atlas not kept" empties
``.atlas-cache/`` first, as the first command after ``mapgen new`` finds it).

What a command keeps in the user's cache (:mod:`mapgen.engine.kept`: the
state's validator, the map's board) is kept in a cache folder of this run's
own (``XDG_CACHE_HOME``), warm after the first round as in play; the row
"status, nothing kept" starts each time from an empty one, as the first
command after installing or changing mapgen finds it.
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import mapgen

#: The issue's bounds, as multiples of the floor.
COMMAND_BOUND, STATUS_BOUND = 2.5, 1.5
#: The issue's bound on the in-process apply of a move, ms.
APPLY_BOUND_MS = 1.0


def _mapgen() -> list[str]:
    script = Path(sys.executable).with_name("mapgen")
    return [str(script)] if script.is_file() else [sys.executable, "-c", "from mapgen.cli import main; main()"]


def _timed(argv: list[str], env: dict) -> tuple[float, float]:
    """Wall seconds from the start to the reaping of ``argv``, and the CPU seconds (user + system) it used."""
    t = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed (exit {proc.returncode})")
    return wall, usage.ru_utime + usage.ru_stime


def a_legal_move(folder: Path) -> tuple[str, str]:
    """A force of the side to move and a square one step away it may enter, found by the engine itself."""
    from mapgen import session
    from mapgen.campaign.core import Move
    from mapgen.campaign.dice import GameDice
    from mapgen.engine import apply
    from mapgen.engine.commands import CommandError
    from mapgen.engine.registry import of_state

    loaded = session.load(folder)
    rules = of_state(loaded.state)
    for force in loaded.state.forces:
        for square in loaded.board.steps.get(force.square, {}):
            try:
                apply(rules, loaded.state, Move(force.id, (square,), None), GameDice(loaded.state.seed, []), loaded.board)
            except CommandError:
                continue
            return force.id, square
    raise SystemExit(f"no force may move in {folder}: the benchmark's campaign is not in its movement phase")


def a_force(folder: Path, side: str) -> str:
    """The first force of ``side`` in the campaign, to give an order to."""
    from mapgen import session

    return next(f.id for f in session.load(folder).state.forces if f.side == side)


def apply_ms(folder: Path, force: str, square: str, runs: int) -> list[float]:
    """``engine.apply`` of one move on the loaded state, ``runs`` times (the dice made anew each time, as a command does)."""
    from mapgen import session
    from mapgen.campaign.core import Move
    from mapgen.campaign.dice import GameDice
    from mapgen.engine import apply
    from mapgen.engine.registry import of_state

    loaded = session.load(folder)
    rules, state, board = of_state(loaded.state), loaded.state, loaded.board
    move = Move(force, (square,), None)
    apply(rules, state, move, GameDice(state.seed, []), board)  # warm: the board's own caches, as in a command
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        apply(rules, state, move, GameDice(state.seed, []), board)
        times.append((time.perf_counter() - t) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="3 rounds instead of 15 (a smoke test)")
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--seed", default="5")
    args = parser.parse_args()
    rounds = args.rounds or (3 if args.quick else 15)
    compileall.compile_dir(Path(mapgen.__file__).parent, quiet=1)  # as pip leaves an installed package
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    tmp = Path(tempfile.mkdtemp())
    kept_cache = env["XDG_CACHE_HOME"] = str(tmp / "cache")  # the run's own: what a command keeps, warm after round 0
    cmd = _mapgen()
    try:
        kit, moving = tmp / "kit", tmp / "moving"
        subprocess.run([*cmd, "new", "--seed", args.seed, "--out", str(kit)], check=True, env=env, stdout=subprocess.DEVNULL)
        shutil.copytree(kit, moving)
        subprocess.run([*cmd, "campaign", "turn", str(moving)], check=True, env=env, stdout=subprocess.DEVNULL)
        force, square = a_legal_move(moving)
        order_force = a_force(kit, "A")

        def cold_order() -> list[str]:
            shutil.rmtree(kit / ".atlas-cache", ignore_errors=True)
            return [*cmd, "campaign", "order", str(kit), order_force, "max_speed"]

        fresh_caches = iter(range(10**6))

        def status_nothing_kept() -> list[str]:
            env["XDG_CACHE_HOME"] = str(tmp / f"cache-{next(fresh_caches)}")  # reset after the run, below
            return [*cmd, "campaign", "status", str(kit)]

        cases = [  # name, argv (or a function giving it), bound
            ("order (then undone)", lambda: [*cmd, "campaign", "order", str(kit), order_force, "max_speed"], COMMAND_BOUND),
            ("undo (of the order)", lambda: [*cmd, "campaign", "undo", str(kit)], COMMAND_BOUND),
            ("move (then undone)", lambda: [*cmd, "campaign", "move", str(moving), force, square], COMMAND_BOUND),
            ("undo (of the move)", lambda: [*cmd, "campaign", "undo", str(moving)], COMMAND_BOUND),
            ("status", lambda: [*cmd, "campaign", "status", str(kit)], STATUS_BOUND),
            ("order, atlas not kept", cold_order, COMMAND_BOUND),
            ("undo (of that order)", lambda: [*cmd, "campaign", "undo", str(kit)], COMMAND_BOUND),
            ("status, nothing kept", status_nothing_kept, STATUS_BOUND),
        ]
        floor_argv = [sys.executable, "-c", "import numpy"]
        floors: list[tuple[float, float]] = []
        times: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in cases}
        ratios: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in cases}
        for n in range(rounds + 1):  # the first round warms the disk cache and the atlas's kept parts, and is not counted
            floor = _timed(floor_argv, env)
            for name, argv, _ in cases:
                t = _timed(argv(), env)
                env["XDG_CACHE_HOME"] = kept_cache
                if n:
                    times[name].append(t)
                    ratios[name].append((t[0] / floor[0], t[1] / floor[1]))
            if n:
                floors.append(floor)
        applies = apply_ms(moving, force, square, 50 if args.quick else 500)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def med(values, i):
        return statistics.median(v[i] for v in values)

    wall = [f[0] for f in floors]
    print(f"{rounds} rounds; the floor, python -c 'import numpy': wall median {med(floors, 0) * 1000:.0f} ms "
          f"({min(wall) * 1000:.0f}-{max(wall) * 1000:.0f}), CPU median {med(floors, 1) * 1000:.0f} ms")
    print(f"| {'command (new process)':<24} | wall ms (min-max) | x floor | CPU ms | x floor | bound |")
    print(f"|{'-' * 26}|------------------:|--------:|-------:|--------:|------:|")
    for name, _, bound in cases:
        t, r = times[name], ratios[name]
        spread = f"{med(t, 0) * 1000:.0f} ({min(x[0] for x in t) * 1000:.0f}-{max(x[0] for x in t) * 1000:.0f})"
        print(f"| {name:<24} | {spread:>17} | {med(r, 0):7.2f} | {med(t, 1) * 1000:6.0f} | {med(r, 1):7.2f} | {bound:5.1f} |")
    print(f"| apply of a move (in process, {len(applies)} runs) | median {statistics.median(applies):.3f} ms, "
          f"min {min(applies):.3f}, max {max(applies):.3f} | bound {APPLY_BOUND_MS} ms |")


if __name__ == "__main__":
    main()
