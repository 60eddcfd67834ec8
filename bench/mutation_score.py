"""Mutation score of the rule code: the share of deliberately broken rules the tests catch.

    python bench/mutation_score.py                       # fw, battlefield, country, tables, campaign
    python bench/mutation_score.py --only tables country # a subset, while working on its tests
    python bench/mutation_score.py --survivors           # also list every surviving mutant
    python bench/mutation_score.py --sample 300          # 300 mutants a part, drawn at random

mutmut (https://github.com/boxed/mutmut) changes one thing at a time in the code
(a number, a comparison, a constant string, a dropped argument) and runs the
tests that reach the changed function; a mutant the tests do not notice
*survived*.  The score is killed (a test failed, or it timed out) over every
mutant that some test reaches.

The run happens in a scratch copy of the tracked files, so the checkout is
never touched; property tests are derandomised (``CI=1``) so two runs of the
same tree give the same score.  Not part of CI: it takes tens of minutes.
``mutmut`` must be installed (``pip install mutmut``).

Every mutant of the five parts takes hours on two cores (the slow mutants
are those reached by many generation tests, and mutmut runs them last), so
``--sample N`` runs N mutants of each part drawn with a fixed seed and gives
each part's score with its 95 % Wilson interval: an estimate of the whole
score that is as honest as the full run, and repeatable.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The rule code scored, by short name: what issue 8 asks for, and the campaign engine (issue 9).
TARGETS = {
    "fw": "mapgen/fw/*",
    "battlefield": "mapgen/battlefield/*",
    "country": "mapgen/country/*",
    "tables": "mapgen/tables.py",
    "campaign": "mapgen/campaign/*",
}
KILLED = {"killed", "timeout"}
#: Verdicts that say nothing about the tests (the mutant could not be run or reached).
IGNORED = {"skipped", "not checked"}
RESULT_LINE = re.compile(r"^\s*(?P<name>\S+): (?P<status>.+?)\s*$")
#: The seed the sample is drawn with: the same tree gives the same sample.
SAMPLE_SEED = 8
#: mutmut stops here when a filter matches no mutant: by then the mutants and the test stats exist.
NOTHING_MATCHES = "nothing matches"


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
    ap.add_argument("--sample", type=int, metavar="N", help="run only N mutants of each part, drawn at random (seeded)")
    args = ap.parse_args()
    if shutil.which("mutmut") is None:
        print("mutmut is not installed: pip install mutmut", file=sys.stderr)
        return 2

    work = Path(tempfile.mkdtemp(prefix="mapgen-mutation-"))
    try:
        scratch_copy(work)
        configure(work, args.only)
        env = dict(os.environ, CI="1", PYTHONDONTWRITEBYTECODE="1")
        names: list[str] = []
        if args.sample:
            names = sample_of(work, env, args.sample)
            if names is None:
                args.keep = True
                return 1
        run = subprocess.run(["mutmut", "run", "--max-children", str(args.max_children), *names], cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if run.returncode != 0:
            print(run.stderr[-4000:], file=sys.stderr)
            print(f"mutmut run failed (exit {run.returncode}); the scratch copy is {work}", file=sys.stderr)
            args.keep = True
            return 1
        listing = subprocess.run(["mutmut", "results", "--all", "true"], cwd=work, env=env, check=True, capture_output=True, text=True).stdout
        verdicts = {m["name"]: m["status"] for m in map(RESULT_LINE.match, listing.splitlines()) if m}
        if args.sample:
            verdicts = {n: v for n, v in verdicts.items() if n in set(names)}
        report(verdicts, args.survivors, sampled=bool(args.sample))
        if args.keep:
            print(f"\nScratch copy kept: {work} (cd there and run `mutmut show NAME`)")
        return 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def sample_of(work: Path, env: dict, n: int) -> list[str] | None:
    """Generate every mutant (mutmut does it before it filters), then draw ``n`` of each part."""
    probe = subprocess.run(["mutmut", "run", "no-such-mutant"], cwd=work, env=env, capture_output=True, text=True)
    if NOTHING_MATCHES not in probe.stdout + probe.stderr:
        print((probe.stdout + probe.stderr)[-4000:], file=sys.stderr)
        print(f"mutmut could not generate the mutants; the scratch copy is {work}", file=sys.stderr)
        return None
    every: dict[str, list[str]] = defaultdict(list)
    for meta in sorted((work / "mutants").rglob("*.meta")):
        for name in json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]:
            every[package_of(name)].append(name)
    rng = random.Random(SAMPLE_SEED)
    return [name for part in sorted(every) for name in sorted(rng.sample(sorted(every[part]), min(n, len(every[part]))))]


def wilson(killed: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (in %): what a sample says of the whole."""
    if n == 0:
        return 0.0, 100.0
    p = killed / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * (mid - half), 100 * (mid + half)


def report(verdicts: dict[str, str], survivors: bool, sampled: bool = False) -> None:
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
        ci = " | {:.1f}-{:.1f} %".format(*wilson(killed, counted)) if sampled else ""
        return f"| {label} | {counted} | {killed} | {c['survived']} | {score:.1f} %{ci} |" + (f" {other}" if other else "")

    total = sum(by_package.values(), Counter())
    head = " | 95 % interval" if sampled else ""
    print(f"| part | mutants | killed | survived | score{head} |")
    print("|---|---:|---:|---:|---:|" + ("---|" if sampled else ""))
    for pkg in sorted(by_package):
        print(line(pkg, by_package[pkg]))
    print(line("**all**", total))
    print(f"\n| module | mutants | killed | survived | score{head} |")
    print("|---|---:|---:|---:|---:|" + ("---|" if sampled else ""))
    for mod in sorted(by_module):
        print(line(mod, by_module[mod]))
    if survivors:
        print("\nSurvivors:")
        for name, status in sorted(verdicts.items()):
            if status == "survived":
                print(f"  {name}")


if __name__ == "__main__":
    sys.exit(main())
