"""The persistent runner behind ``bench/mutation_score.py``: mapgen and the tests are imported once, each mutant in a fork.

    python bench/mutation_runner.py coverage WORK OUT.json --package P... [--only TESTFILE...] TESTFILE...
    python bench/mutation_runner.py mutants WORK JOBS.jsonl --workers 2 [--deadline EPOCH]

WORK is a scratch copy of the tracked files; everything is imported from it, so the checkout may change
while a run goes on.  Starting pytest cost a killed mutant most of its time (about 1.5 s of CPU to import
numpy, shapely, pydantic, hypothesis and pytest's plugins, and up to 7 s to import and collect the test
modules), so this process pays for that once: it collects every test file (``--collect-only``), then
forks.  A fork shares the parent's imports and costs milliseconds.

``coverage``: a child per test file (two at a time) runs it under coverage.py, one dynamic context per
test, and records each test's time and outcome; the parent records which lines ran while importing
and collecting.  Each file's map depends on that file only (a fork of the freshly collected parent),
so the score script keeps it until the file changes.  The maps are written to OUT.json.

``mutants``: each job names the mutated module, its mutated source, the test ids to run and a timeout.
The child changes the module in memory, runs ``pytest.main`` on the ids (``-x``: the first failure kills
the mutant; the test modules are already imported, so pytest only walks them), and reports.  Two ways of
changing the module:

* ``code``: a line inside a function body that no import ran.  The mutated module is compiled and the
  function objects whose code holds the line get the mutated code (``f.__code__ = ...``).  The function
  object stays the same, so every ``from x import name``, every method, registry entry and decorator
  that holds it runs the mutant; nothing else is re-created, so no ``isinstance`` breaks.
* ``fresh``: a line that runs at import (a table, a constant, a class body, a default, a decorator) or
  that an import ran.  The child forgets every ``mapgen`` and ``tests`` module, and a finder serves the
  mutated source when the module is imported again: the same as a new process whose file holds the
  mutant, without re-importing the third-party libraries.

What neither reaches: a test that starts another Python (``subprocess``, a spawned worker) imports the
file from disk, which is unmutated.  ``--runner subprocess`` in ``mutation_score.py`` is the old way
(the mutant written into its own scratch copy, one pytest per mutant) for comparison.

Each child runs in its own process group with its own ``--basetemp``; past its timeout the group is
killed.  Results go to stdout, one JSON line a mutant, with the child's CPU time (``wait4``).
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib.abc
import importlib.util
import inspect
import json
import os
import resource
import shutil
import signal
import sys
import time
import types
from collections import defaultdict
from pathlib import Path

import coverage
import pytest

#: pytest options of every run: no cache folder written into the copy, no pytest-cov if it is installed.
PYTEST_OPTIONS = ["-q", "-p", "no:cacheprovider", "-p", "no:cov"]
#: How often the parent looks at its children (a killed mutant's child ends in well under a second).
POLL_SECONDS = 0.05


def _prepare(work: Path) -> None:
    """Import from the scratch copy, not from the checkout (mapgen is installed editable from it)."""
    if any(name == "mapgen" or name.startswith("mapgen.") for name in sys.modules):
        raise SystemExit("Error: mapgen was imported before the runner chose its copy")
    os.chdir(work)
    (work / ".tmp").mkdir(exist_ok=True)
    sys.path.insert(0, str(work))
    # CI=1: property tests derandomised (tests/conftest.py), so two runs of one tree give the same verdicts.
    os.environ["CI"] = "1"
    os.environ.pop("PYTHONPATH", None)


class _Collected:
    """Keeps the items of the parent's ``--collect-only`` run."""

    def __init__(self):
        self.items = []

    def pytest_collection_finish(self, session):
        self.items = list(session.items)


def _collect(work: Path, files: list[str]) -> list:
    """Import and collect every test file once; the children inherit the modules."""
    grab = _Collected()
    code = pytest.main([*PYTEST_OPTIONS, "--collect-only", f"--basetemp={work / '.tmp' / 'collect'}", *files], plugins=[grab])
    if code != 0:
        raise SystemExit(f"Error: collecting the tests failed (pytest exit {code}) before any mutant ran")
    return grab.items


# --- the coverage map -------------------------------------------------------------------------


class _Contexts:
    """One coverage context per test, its time (setup + call + teardown) and whether it failed."""

    def __init__(self, cov):
        self.cov = cov
        self.durations: dict[str, float] = defaultdict(float)
        self.failing: set[str] = set()

    def pytest_runtest_protocol(self, item, nextitem):
        self.cov.switch_context(item.nodeid)

    def pytest_runtest_logreport(self, report):
        self.durations[report.nodeid] += report.duration
        if report.failed:
            self.failing.add(report.nodeid)


def coverage_map(work: Path, out: Path, packages: list[str], files: list[str], only: list[str] | None, workers: int) -> None:
    """Collect ``files`` (the lines an import runs), then measure each of ``only`` (default all) in a fork
    of its own: a file's map then depends on that file alone, so it can be kept until the file changes."""
    sources = [str(work / p) for p in packages]
    t0, c0 = time.monotonic(), time.process_time()
    at_import = coverage.Coverage(data_file=None, source=sources, config_file=False)
    at_import.start()
    items = _collect(work, files)
    at_import.stop()
    imported = at_import.get_data()
    import_lines = {_rel(work, f): sorted(imported.lines(f) or []) for f in imported.measured_files()}

    per_file: dict[str, int] = defaultdict(int)
    for item in items:
        per_file[item.nodeid.split("::")[0]] += 1
    measure = [f for f in (files if only is None else only) if f in per_file]
    # Biggest files first, so the last file to finish is a short one.
    pending = sorted(measure, key=lambda f: per_file[f])
    parts = out.parent / (out.stem + ".parts")
    shutil.rmtree(parts, ignore_errors=True)
    parts.mkdir(parents=True)
    gc.freeze()
    running: dict[int, tuple[str, Path]] = {}
    results: dict[str, dict] = {}
    while pending or running:
        while pending and len(running) < workers:
            f = pending.pop()
            part = parts / str(len(pending))
            part.mkdir()
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                try:
                    _measure_file(work, sources, f, part)
                finally:
                    os._exit(3)
            running[pid] = (f, part)
        pid, status = os.wait()
        f, part = running.pop(pid)
        if not (part / "times.json").exists():
            raise SystemExit(f"Error: measuring {f} ended with {os.waitstatus_to_exitcode(status)} (log in {part})")
        results[f] = _read_part(work, part)
    out.write_text(json.dumps({
        "seconds": round(time.monotonic() - t0, 1),
        "cpu_seconds": round(time.process_time() - c0 + _children_cpu(), 1),
        "collected": len(items), "import_lines": import_lines, "files": results,
    }))
    shutil.rmtree(parts, ignore_errors=True)


def _measure_file(work: Path, sources: list[str], test_file: str, part: Path) -> None:
    _quiet(part / "log.txt")
    cov = coverage.Coverage(data_file=str(part / "cov"), source=sources, config_file=False)
    contexts = _Contexts(cov)
    cov.start()
    pytest.main([*PYTEST_OPTIONS, f"--basetemp={part / 'tmp'}", test_file], plugins=[contexts])
    cov.stop()
    cov.save()
    (part / "times.json").write_text(json.dumps({"durations": contexts.durations, "failing": sorted(contexts.failing)}))
    os._exit(0)


def _read_part(work: Path, part: Path) -> dict:
    """One test file's map: source line -> its tests that ran it (failing tests left out), and their times."""
    times = json.loads((part / "times.json").read_text())
    failing = set(times["failing"])
    data = coverage.CoverageData(basename=str(part / "cov"))
    data.read()
    lines: dict[str, dict[str, list[str]]] = {}
    for measured in data.measured_files():
        by = {}
        for lineno, contexts in data.contexts_by_lineno(measured).items():
            ids = sorted({c for c in contexts if c} - failing)
            if ids:
                by[str(lineno)] = ids
        if by:
            lines[_rel(work, measured)] = by
    return {"lines": lines, "durations": {k: round(v, 4) for k, v in times["durations"].items()}, "failing": sorted(failing)}


def _rel(work: Path, measured: str) -> str:
    return str(Path(measured).resolve().relative_to(work.resolve()))


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


# --- changing a module in memory -----------------------------------------------------------


class _Index:
    """The live function objects of mapgen, by (file, qualified name, first line), and the caches around them."""

    def __init__(self, work: Path):
        prefix = str(work / "mapgen")
        self.functions: dict[tuple, list[types.FunctionType]] = defaultdict(list)
        self.caches: dict[int, list] = defaultdict(list)
        cache_type = type(functools.lru_cache(maxsize=None)(lambda: None))
        for obj in gc.get_objects():
            if isinstance(obj, types.FunctionType) and obj.__code__.co_filename.startswith(prefix):
                c = obj.__code__
                self.functions[(c.co_filename, c.co_qualname, c.co_firstlineno)].append(obj)
            elif isinstance(obj, cache_type) and isinstance(getattr(obj, "__wrapped__", None), types.FunctionType):
                self.caches[id(obj.__wrapped__)].append(obj)


def _code_objects(code: types.CodeType):
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _code_objects(const)


def _holds(code: types.CodeType, line: int) -> bool:
    lines = [ln for _, _, ln in code.co_lines() if ln is not None]
    return bool(code.co_flags & inspect.CO_OPTIMIZED) and code.co_firstlineno <= line <= max(lines, default=0)


def swap_code(index: _Index, filename: str, source: str, line: int) -> int:
    """Give every live function whose code holds ``line`` the mutated code; how many were changed.

    The enclosing functions are all changed (an inner function made at import, a decorator's wrapper,
    already exists as an object of its own); a ValueError when a closure's free variables differ.
    """
    mutated = compile(source, filename, "exec", dont_inherit=True)
    changed = 0
    for code in _code_objects(mutated):
        if not _holds(code, line):
            continue
        for f in index.functions.get((filename, code.co_qualname, code.co_firstlineno), []):
            f.__code__ = code
            for cache in index.caches.get(id(f), []):
                cache.cache_clear()
            changed += 1
    return changed


class _MutatedSource(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves the mutated text of one module when it is imported again."""

    def __init__(self, name: str, filename: str, source: str):
        self.name, self.filename, self.source = name, filename, source

    def find_spec(self, fullname, path, target=None):
        if fullname != self.name:
            return None
        package = self.filename.endswith("__init__.py")
        return importlib.util.spec_from_file_location(fullname, self.filename, loader=self,
                                                      submodule_search_locations=[str(Path(self.filename).parent)] if package else None)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        exec(compile(self.source, self.filename, "exec", dont_inherit=True), module.__dict__)


def forget_and_serve(path: str, filename: str, source: str) -> None:
    """Drop every mapgen and test module; the next import of ``path`` reads the mutated source."""
    for name in list(sys.modules):
        if name.split(".")[0] in ("mapgen", "tests", "conftest"):
            del sys.modules[name]
    parts = Path(path).with_suffix("").parts
    name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    sys.meta_path.insert(0, _MutatedSource(name, filename, source))


# --- running the mutants -----------------------------------------------------------------------


class _FirstFailure:
    def __init__(self):
        self.failed: str | None = None

    def pytest_runtest_logreport(self, report):
        if report.failed and self.failed is None:
            self.failed = f"FAILED {report.nodeid}"

    def pytest_collectreport(self, report):
        if report.failed and self.failed is None:
            self.failed = f"ERROR collecting {report.nodeid}"


def _quiet(log: Path) -> None:
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)


def _child(work: Path, index: _Index, job: dict, scratch: Path) -> None:
    """The forked child: change the module, run the tests, write the verdict, exit without cleanup."""
    os.setpgid(0, 0)
    _quiet(scratch / "log.txt")
    filename = str(work / job["path"])
    mode = job["mode"]
    if mode == "code":
        try:
            if swap_code(index, filename, job["source"], job["line"]) == 0:
                mode = "fresh (no live function)"
        except ValueError:
            mode = "fresh (closure differs)"
    if mode != "code":
        forget_and_serve(job["path"], filename, job["source"])
    first = _FirstFailure()
    code = pytest.main([*PYTEST_OPTIONS, "-x", f"--basetemp={scratch / 'tmp'}", *job["tests"]], plugins=[first])
    (scratch / "verdict.json").write_text(json.dumps({"exit": int(code), "first_failure": first.failed, "mode": mode}))
    sys.stdout.flush()
    os._exit(0)


def run_mutants(work: Path, jobs_file: Path, workers: int, deadline: float | None) -> None:
    jobs = [json.loads(line) for line in jobs_file.read_text(encoding="utf-8").splitlines()]
    # stdout carries the verdicts only: what pytest prints goes to stderr.
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    files = sorted({t.split("::")[0] for job in jobs for t in job["tests"]})
    _collect(work, files)
    index = _Index(work)
    gc.freeze()  # the children's reference counts then leave the parent's pages alone
    pending = list(reversed(jobs))
    running: dict[int, tuple[dict, float, Path]] = {}
    timed_out: set[int] = set()

    def stop(signum, frame):  # the score script stopped (Ctrl-C, a kill): take the children along
        for pid in running:
            _kill(pid)
        os._exit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    while pending or running:
        while pending and len(running) < workers and not (deadline and time.time() > deadline):
            job = pending.pop()
            scratch = work / ".tmp" / f"mutant-{job['id']}"
            shutil.rmtree(scratch, ignore_errors=True)
            scratch.mkdir(parents=True)
            out.flush()
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                try:
                    _child(work, index, job, scratch)
                finally:
                    os._exit(3)
            running[pid] = (job, time.monotonic(), scratch)
        if not running:
            break
        pid, status, usage = os.wait4(-1, os.WNOHANG)
        if pid == 0:
            now = time.monotonic()
            for pid, (job, start, _) in running.items():
                if pid not in timed_out and now - start > job["timeout"]:
                    _kill(pid)  # reaped by a later wait4
                    timed_out.add(pid)
            time.sleep(POLL_SECONDS)
            continue
        job, start, scratch = running.pop(pid)
        seconds = time.monotonic() - start
        verdict = {"id": job["id"], "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 2)}
        result = scratch / "verdict.json"
        if pid in timed_out:
            timed_out.discard(pid)
            verdict |= {"status": "timeout", "detail": f"over {job['timeout']:.0f} s", "seconds": round(job["timeout"], 2), "mode": job["mode"]}
        elif result.exists():
            r = json.loads(result.read_text())
            log = (scratch / "log.txt").read_text(errors="replace")
            verdict |= {"status": "result", "exit": r["exit"], "first_failure": r["first_failure"], "mode": r["mode"],
                        "log_tail": log[-1500:], "seconds": round(seconds, 2)}
        else:
            log = (scratch / "log.txt").read_text(errors="replace") if (scratch / "log.txt").exists() else ""
            verdict |= {"status": "crash", "exit": os.waitstatus_to_exitcode(status), "log_tail": log[-1500:],
                        "seconds": round(seconds, 2), "mode": job["mode"]}
        shutil.rmtree(scratch, ignore_errors=True)
        out.write(json.dumps(verdict) + "\n")
        out.flush()


def _kill(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="phase", required=True)
    c = sub.add_parser("coverage")
    c.add_argument("work", type=Path)
    c.add_argument("out", type=Path)
    c.add_argument("--workers", type=int, default=2)
    c.add_argument("--package", action="append", required=True)
    c.add_argument("--only", action="append", help="measure only this test file (repeatable; all are collected); --only= measures none")
    c.add_argument("tests", nargs="+")
    m = sub.add_parser("mutants")
    m.add_argument("work", type=Path)
    m.add_argument("jobs", type=Path)
    m.add_argument("--workers", type=int, default=2)
    m.add_argument("--deadline", type=float)
    args = ap.parse_args(argv)
    work = args.work.resolve()
    _prepare(work)
    if args.phase == "coverage":
        coverage_map(work, args.out.resolve(), args.package, args.tests, args.only, args.workers)
    else:
        run_mutants(work, args.jobs.resolve(), args.workers, args.deadline)
    return 0


if __name__ == "__main__":
    sys.exit(main())
