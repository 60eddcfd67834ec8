"""Mutation score of the rule code: the share of deliberately broken rules the tests catch.

    python bench/mutation_score.py                       # fw, battlefield, country, tables
    python bench/mutation_score.py --only tables country # a subset, while working on its tests
    python bench/mutation_score.py --survivors           # also list every surviving mutant

mutmut (https://github.com/boxed/mutmut) changes one thing at a time in the code
(a number, a comparison, a constant string, a dropped argument) and runs the
tests that reach the changed function; a mutant the tests do not notice
*survived*.  The score is killed (a test failed, or it timed out) over every
mutant that some test reaches.

The run happens in a scratch copy of the tracked files, so the checkout is
never touched; property tests are derandomised (``CI=1``) so two runs of the
same tree give the same score.  Not part of CI: it takes tens of minutes.
``mutmut`` must be installed (``pip install mutmut``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: What issue 8 asks the score of, by short name.
TARGETS = {
    "fw": "mapgen/fw/*",
    "battlefield": "mapgen/battlefield/*",
    "country": "mapgen/country/*",
    "tables": "mapgen/tables.py",
}
KILLED = {"killed", "timeout"}
#: Verdicts that say nothing about the tests (the mutant could not be run or reached).
IGNORED = {"skipped", "not checked"}
RESULT_LINE = re.compile(r"^\s*(?P<name>\S+): (?P<status>.+?)\s*$")


def scratch_copy(dest: Path) -> None:
    """The tracked files only: no venv, no old ``mutants/``, no output folders."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout.split(b"\0")
    for raw in filter(None, files):
        rel = raw.decode()
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)


def configure(dest: Path, only: list[str]) -> None:
    patterns = ", ".join(json.dumps(TARGETS[name]) for name in only)
    with open(dest / "pyproject.toml", "a", encoding="utf-8") as fh:
        fh.write(
            "\n[tool.mutmut]\n"
            'source_paths = ["mapgen/"]\n'
            f"only_mutate = [{patterns}]\n"
            # The package reads its symbols and styles from templates/ beside mapgen/.
            'also_copy = ["templates/"]\n'
        )


def package_of(mutant: str) -> str:
    """``mapgen.fw.terrain.x_grow__mutmut_3`` -> ``fw``; ``mapgen.tables...`` -> ``tables``."""
    return mutant.split(".")[1]


def module_of(mutant: str) -> str:
    return ".".join(p for p in mutant.split(".") if not p.startswith("x"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="+", choices=sorted(TARGETS), default=sorted(TARGETS), help="which parts to mutate")
    ap.add_argument("--max-children", type=int, default=os.cpu_count() or 1, help="parallel mutant runs")
    ap.add_argument("--survivors", action="store_true", help="list every surviving mutant")
    ap.add_argument("--keep", action="store_true", help="keep the scratch copy (to run `mutmut show NAME` there)")
    args = ap.parse_args()
    if shutil.which("mutmut") is None:
        print("mutmut is not installed: pip install mutmut", file=sys.stderr)
        return 2

    work = Path(tempfile.mkdtemp(prefix="mapgen-mutation-"))
    try:
        scratch_copy(work)
        configure(work, args.only)
        env = dict(os.environ, CI="1", PYTHONDONTWRITEBYTECODE="1")
        run = subprocess.run(["mutmut", "run", "--max-children", str(args.max_children)], cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            print(run.stderr[-4000:], file=sys.stderr)
            print(f"mutmut run failed (exit {run.returncode}); the scratch copy is {work}", file=sys.stderr)
            args.keep = True
            return 1
        listing = subprocess.run(["mutmut", "results", "--all", "true"], cwd=work, env=env, check=True, capture_output=True, text=True).stdout
        verdicts = {m["name"]: m["status"] for m in map(RESULT_LINE.match, listing.splitlines()) if m}
        report(verdicts, args.survivors)
        if args.keep:
            print(f"\nScratch copy kept: {work} (cd there and run `mutmut show NAME`)")
        return 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def report(verdicts: dict[str, str], survivors: bool) -> None:
    by_package: dict[str, Counter] = defaultdict(Counter)
    by_module: dict[str, Counter] = defaultdict(Counter)
    for name, status in verdicts.items():
        by_package[package_of(name)][status] += 1
        by_module[module_of(name)][status] += 1

    def line(label: str, c: Counter) -> str:
        counted = sum(n for s, n in c.items() if s not in IGNORED)
        killed = sum(c[s] for s in KILLED)
        score = 100 * killed / counted if counted else 100.0
        other = ", ".join(f"{n} {s}" for s, n in sorted(c.items()) if s not in KILLED | {"survived"})
        return f"| {label} | {counted} | {killed} | {c['survived']} | {score:.1f} % |" + (f" {other}" if other else "")

    total = sum(by_package.values(), Counter())
    print("| part | mutants | killed | survived | score |")
    print("|---|---:|---:|---:|---:|")
    for pkg in sorted(by_package):
        print(line(pkg, by_package[pkg]))
    print(line("**all**", total))
    print("\n| module | mutants | killed | survived | score |")
    print("|---|---:|---:|---:|---:|")
    for mod in sorted(by_module):
        print(line(mod, by_module[mod]))
    if survivors:
        print("\nSurvivors:")
        for name, status in sorted(verdicts.items()):
            if status == "survived":
                print(f"  {name}")


if __name__ == "__main__":
    sys.exit(main())
