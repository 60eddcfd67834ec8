"""Mutation score of the campaign engines: the share of deliberately broken rules the tests catch.

    python bench/mutation_score.py --mutants 60           # a quick check
    python bench/mutation_score.py                        # 300 mutants, seed 23
    python bench/mutation_score.py --mutants 300 --seed 5 --workers 2 --package mapgen/engine

The engine core (``mapgen/engine/``) and both rule sets (``mapgen/campaign/``,
``mapgen/renaissance/``) are parsed with ``ast``; each mutant changes one
thing: a comparison (``<`` -> ``<=``, ``==`` -> ``!=``, ``in`` -> ``not in``),
an arithmetic operator (``+`` -> ``-``), a number (+1, -1), ``and`` <-> ``or``,
a ``not`` dropped, a non-trivial ``return x`` -> ``return None``, an ``if``
condition dropped (``if True:``).  Strings are never mutated, and nothing
inside docstrings, f-strings and formatted log text, type annotations,
``raise``/``assert`` statements or ``pragma: no cover`` lines is: such
mutants say nothing about the rules.  A seeded random sample of them runs.

Each mutant runs only the tests that execute its line.  Those are found once,
by one coverage run with per-test contexts over the test files that name the
engine (cached by the hash of the sources and tests), and run fastest first
with ``pytest -x``: the first failure kills the mutant.  A mutant whose tests
outlive the timeout (three times their measured time, plus a margin) counts as
killed by timeout, reported apart; a mutated line no test executes survives,
and is reported as *not covered*.

The mutant is written into a scratch copy of the tracked files (one per
worker, its own pytest rootdir), never into the checkout.  The score is
killed / mutants, with its 95 % Wilson interval, overall and per module; the
survivors (file:line, operator, the line before and after) go to
``bench/mutation_report.json`` and ``bench/mutation_report.md``.

Why not mutmut (it installs from the mirror): mutmut 3 selects tests per
*function*, so a mutant in a typical engine function reruns every test that
reaches that function (78 s); it also mutates every string, log text
included, so its survivors are mostly wording.  Line coverage selects fewer
tests, and the operators here are the ones that change a rule.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapgen.balance_report import wilson  # noqa: E402

PACKAGES = ("mapgen/engine", "mapgen/campaign", "mapgen/renaissance")
#: A test file takes part in the coverage run when it names one of these (the rest cannot reach the engines).
REACHES = re.compile(r"campaign|renaissance|engine|session|ruleset")
DEFAULT_SEED = 23
#: Test files left out of every mutant's run (found flaky: a browser's timing once "killed" an equivalent mutant).
FLAKY = re.compile(r"browser")
COMPARE_FLIPS = {
    ast.Lt: ("<", "<="), ast.LtE: ("<=", "<"), ast.Gt: (">", ">="), ast.GtE: (">=", ">"),
    ast.Eq: ("==", "!="), ast.NotEq: ("!=", "=="), ast.Is: ("is", "is not"), ast.IsNot: ("is not", "is"),
    ast.In: ("in", "not in"), ast.NotIn: ("not in", "in"),
}
ARITH_FLIPS = {ast.Add: ("+", "-"), ast.Sub: ("-", "+"), ast.Mult: ("*", "//"), ast.FloorDiv: ("//", "*"), ast.Div: ("/", "*")}
#: Calls whose arguments are text for people (log lines, messages): not rules.
TEXT_CALLS = {"format", "debug", "info", "warning", "warn", "error", "exception", "critical", "print", "echo", "secho"}
TIMEOUT_FACTOR, TIMEOUT_MARGIN = 3.0, 30.0


@dataclass(frozen=True)
class Mutant:
    path: str          # relative to the repository root
    line: int
    col: int
    end_line: int
    end_col: int
    operator: str
    replacement: str   # the text that replaces source[line:col .. end_line:end_col]
    before: str        # the source line(s) before
    after: str         # and after


# --- generating mutants ------------------------------------------------------------------------


def _offsets(source: str) -> list[int]:
    starts, pos = [0], 0
    for line in source.splitlines(keepends=True):
        pos += len(line)
        starts.append(pos)
    return starts


class _Mutator(ast.NodeVisitor):
    """Collects the mutants of one module as text splices, so every other byte stays as it is."""

    def __init__(self, path: str, source: str):
        self.path, self.source = path, source
        self.lines = source.splitlines(keepends=True)
        self.starts = _offsets(source)
        self.found: list[Mutant] = []

    # positions ---------------------------------------------------------------
    def _pos(self, line: int, col: int) -> int:
        # ast columns are UTF-8 byte offsets
        return self.starts[line - 1] + len(self.lines[line - 1].encode()[:col].decode())

    def _splice(self, line: int, col: int, end_line: int, end_col: int, text: str, operator: str) -> None:
        a, b = self._pos(line, col), self._pos(end_line, end_col)
        mutated = self.source[:a] + text + self.source[b:]
        first, last = line - 1, end_line
        before = "".join(self.lines[first:last]).rstrip("\n")
        after_lines = mutated.splitlines(keepends=True)
        shift = len(mutated.splitlines()) - len(self.source.splitlines())
        after = "".join(after_lines[first:last + shift]).rstrip("\n")
        if before == after:
            return
        self.found.append(Mutant(self.path, line, col, end_line, end_col, operator, text, before, after))

    def _gap_token(self, left: ast.AST, right: ast.AST, token: str, new: str, operator: str) -> None:
        """Replace the operator ``token`` between two operands (the text between their ends)."""
        a = self._pos(left.end_lineno, left.end_col_offset)
        b = self._pos(right.lineno, right.col_offset)
        gap = self.source[a:b]
        word = token[0].isalpha()
        pattern = (r"(?<![\w])" + re.escape(token).replace(r"\ ", r"\s+") + r"(?![\w])") if word else re.escape(token) + r"(?![=/*<>])"
        if not word:
            pattern = r"(?<![=!<>/*])" + pattern
        m = re.search(pattern, gap)
        if not m:
            return
        start, end = a + m.start(), a + m.end()
        line = self.source.count("\n", 0, start) + 1
        end_line = self.source.count("\n", 0, end) + 1
        col = len(self.source[self.starts[line - 1]:start].encode())
        end_col = len(self.source[self.starts[end_line - 1]:end].encode())
        self._splice(line, col, end_line, end_col, new, operator)

    def _segment(self, node: ast.AST) -> str:
        return ast.get_source_segment(self.source, node) or ""

    # skipped subtrees ----------------------------------------------------------
    def _skipped_line(self, node: ast.stmt) -> bool:
        return "pragma: no cover" in self.lines[node.lineno - 1]

    def generic_visit(self, node: ast.AST) -> None:
        if isinstance(node, ast.stmt) and self._skipped_line(node):
            return
        super().generic_visit(node)

    def visit_Raise(self, node):  # the message of a refusal; the test that leads here is mutated
        pass

    def visit_Assert(self, node):
        pass

    def visit_JoinedStr(self, node):
        pass

    def visit_Expr(self, node):  # a docstring or a bare call: strings are never mutated anyway
        self.generic_visit(node)

    def visit_FunctionDef(self, node):
        for d in node.decorator_list:
            self.visit(d)
        for default in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            self.visit(default)
        for stmt in node.body:
            self.visit(stmt)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node):
        if node.value is not None:
            self.visit(node.value)

    def visit_arg(self, node):
        pass

    def visit_Call(self, node):
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        self.visit(node.func)
        if name in TEXT_CALLS:
            return
        for a in node.args:
            self.visit(a)
        for k in node.keywords:
            self.visit(k.value)

    # operators -----------------------------------------------------------------
    def visit_If(self, node):
        test = node.test
        text = self._segment(test)
        guard = text.replace(" ", "")
        if guard in ("TYPE_CHECKING", "__name__=='__main__'", '__name__=="__main__"'):
            return
        if not (isinstance(test, ast.Constant) and test.value is True):
            self._splice(test.lineno, test.col_offset, test.end_lineno, test.end_col_offset, "True", "if condition dropped")
        self.generic_visit(node)

    def visit_Compare(self, node):
        left = node.left
        for op, right in zip(node.ops, node.comparators):
            flip = COMPARE_FLIPS.get(type(op))
            if flip:
                token, new = flip
                self._gap_token(left, right, token, new, f"{token} -> {new}")
            left = right
        self.generic_visit(node)

    def visit_BinOp(self, node):
        if isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
            return  # "..." % args: text
        flip = ARITH_FLIPS.get(type(node.op))
        if flip:
            self._gap_token(node.left, node.right, flip[0], flip[1], f"{flip[0]} -> {flip[1]}")
        self.generic_visit(node)

    def visit_AugAssign(self, node):
        flip = ARITH_FLIPS.get(type(node.op))
        if flip:
            self._gap_token(node.target, node.value, flip[0] + "=", flip[1] + "=", f"{flip[0]}= -> {flip[1]}=")
        self.generic_visit(node)

    def visit_BoolOp(self, node):
        token, new = ("and", "or") if isinstance(node.op, ast.And) else ("or", "and")
        self._gap_token(node.values[0], node.values[1], token, new, f"{token} -> {new}")
        self.generic_visit(node)

    def visit_UnaryOp(self, node):
        if isinstance(node.op, ast.Not):
            inner = self._segment(node.operand)
            self._splice(node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, f"({inner})", "not removed")
        self.generic_visit(node)

    def visit_Constant(self, node):
        v = node.value
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            return
        for delta, label in ((1, "+1"), (-1, "-1")):
            new = v + delta
            self._splice(node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, repr(new), f"constant {label}")

    def visit_Return(self, node):
        value = node.value
        if value is not None and not (isinstance(value, ast.Constant) and value.value is None):
            self._splice(value.lineno, value.col_offset, value.end_lineno, value.end_col_offset, "None", "return None")
        self.generic_visit(node)


def source_files(packages: list[str]) -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for pkg in packages for p in (ROOT / pkg).rglob("*.py"))


def mutants_of(path: str) -> list[Mutant]:
    source = (ROOT / path).read_text(encoding="utf-8")
    m = _Mutator(path, source)
    m.visit(ast.parse(source))
    seen, unique = set(), []
    for mut in m.found:
        key = (mut.line, mut.col, mut.end_line, mut.end_col, mut.replacement)
        if key not in seen:
            seen.add(key)
            unique.append(mut)
    return unique


def apply_mutant(source: str, mut: Mutant) -> str:
    lines = source.splitlines(keepends=True)
    starts = _offsets(source)

    def pos(line, col):
        return starts[line - 1] + len(lines[line - 1].encode()[:col].decode())

    return source[:pos(mut.line, mut.col)] + mut.replacement + source[pos(mut.end_line, mut.end_col):]


# --- which tests run which lines ------------------------------------------------------------


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout
    return [r.decode() for r in out.split(b"\0") if r and (ROOT / r.decode()).is_file()]


def scratch_copy(dest: Path, files: list[str]) -> None:
    """The tracked files only, as they are in the working tree: no venv, no outputs."""
    for rel in files:
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, dest / rel)


def test_files() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_*.py") if REACHES.search(p.read_text(encoding="utf-8")))


def coverage_key(packages: list[str], tests: list[str]) -> str:
    """The code measured and the test files that take part: a test added to a file already there is
    run by the mutants of the lines it reaches only once the map is made again (``--fresh``)."""
    h = hashlib.sha256()
    for rel in tracked_files():
        if rel.startswith("mapgen/"):
            h.update(rel.encode() + b"\0" + (ROOT / rel).read_bytes())
    h.update(json.dumps([packages, tests]).encode())
    return h.hexdigest()[:16]


DURATION = re.compile(r"^\s*([\d.]+)s\s+(setup|call|teardown)\s+(\S.*?)\s*$")
FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)")


def coverage_map(packages: list[str], workers: int, cache: Path, fresh: bool = False) -> dict:
    """Source line -> the test ids that execute it, and each test's time: one coverage run, cached."""
    tests = test_files()
    key = coverage_key(packages, tests)
    cached = cache / f"coverage-{key}.json"
    if cached.exists() and not fresh:
        return json.loads(cached.read_text(encoding="utf-8"))
    from coverage import CoverageData  # only this phase needs coverage.py

    work = Path(tempfile.mkdtemp(prefix="mapgen-mutation-cov-"))
    try:
        scratch_copy(work, tracked_files())
        cov = [f"--cov={p.replace('/', '.')}" for p in packages]
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", str(workers), *cov, "--cov-context=test",
               "--cov-report=", "--durations=0", "--durations-min=0", "-rfE", *tests]
        t0 = time.monotonic()
        run = subprocess.run(cmd, cwd=work, env=_env(), capture_output=True, text=True)
        took = time.monotonic() - t0
        if run.returncode not in (0, 1):
            sys.stderr.write(run.stdout[-3000:] + run.stderr[-3000:])
            raise SystemExit(f"Error: the coverage run failed (pytest exit {run.returncode})")
        durations: dict[str, float] = defaultdict(float)
        failing: set[str] = set()
        for line in run.stdout.splitlines():
            if m := DURATION.match(line):
                durations[m.group(3)] += float(m.group(1))
            elif m := FAILED.match(line):
                failing.add(m.group(1))
        data = CoverageData(basename=str(work / ".coverage"))
        data.read()
        lines: dict[str, dict[str, list[str]]] = {}
        for measured in data.measured_files():
            rel = str(Path(measured).resolve().relative_to(work.resolve()))
            by_line = data.contexts_by_lineno(measured)
            lines[rel] = {}
            for lineno, contexts in by_line.items():
                ids = sorted({c.rsplit("|", 1)[0] for c in contexts if c} - failing)
                if ids:
                    lines[rel][str(lineno)] = ids
        result = {"key": key, "tests": tests, "seconds": round(took, 1), "failing": sorted(failing),
                  "durations": {k: round(v, 4) for k, v in durations.items()}, "lines": lines}
        cache.mkdir(parents=True, exist_ok=True)
        cached.write_text(json.dumps(result), encoding="utf-8")
        return result
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _mutant_id(mut: Mutant) -> str:
    return f"{mut.path}:{mut.line}:{mut.col}:{mut.end_line}:{mut.end_col}:{mut.replacement}"


def _tests_digest(tests: list[str]) -> str:
    """The text of the test files a mutant runs: a survivor is judged again once one of them changes."""
    h = hashlib.sha256()
    for rel in sorted({t.split("::")[0] for t in tests}):
        h.update((ROOT / rel).read_bytes() if (ROOT / rel).exists() else b"")
    return h.hexdigest()[:12]


def _env() -> dict:
    # CI=1: property tests derandomised, so two runs of the same tree give the same verdicts.
    env = dict(os.environ, CI="1")
    env.pop("PYTHONPATH", None)
    return env


def tests_for(mut: Mutant, cover: dict) -> list[str]:
    """The tests that execute the mutated line; for a line run only at import (a module's constants,
    which no test context sees), every test that reaches the module."""
    by_line = cover["lines"].get(mut.path, {})
    ids: set[str] = set()
    for line in range(mut.line, mut.end_line + 1):
        ids.update(by_line.get(str(line), []))
    if not ids and _at_import(mut):
        ids = {t for tests in by_line.values() for t in tests}
        if not ids:  # a module of tables only: the tests of the modules that import it
            for other in _importers(mut.path):
                ids.update(t for tests in cover["lines"].get(other, {}).values() for t in tests)
    durations = cover["durations"]
    # Browser tests fail now and then for reasons of their own (a page's timing), which would count as a kill.
    ids = {t for t in ids if not FLAKY.search(t.split("::")[0])}
    return sorted(ids, key=lambda t: (durations.get(t, 1.0), t))


def _at_import(mut: Mutant) -> bool:
    """Whether the mutated line is in module-level code (not inside a function body)."""
    tree = _trees.get(mut.path)
    if tree is None:
        tree = _trees[mut.path] = ast.parse((ROOT / mut.path).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            body = node.body if isinstance(node.body, list) else [node.body]
            if body[0].lineno <= mut.line <= node.end_lineno:
                return False
    return True


_trees: dict[str, ast.Module] = {}


def _importers(path: str) -> list[str]:
    """The modules of the same package that import ``path`` (``from .rules import ...``)."""
    module = Path(path)
    found = []
    for other in sorted(p.relative_to(ROOT) for p in (ROOT / module.parent).rglob("*.py")):
        text = (ROOT / other).read_text(encoding="utf-8")
        if other != module and re.search(rf"from \.+{re.escape(module.stem)} import|import .*\b{re.escape(module.stem)}\b", text):
            found.append(str(other))
    return found


# --- running mutants --------------------------------------------------------------------------


def run_mutant(mut: Mutant, tests: list[str], cover: dict, work: Path) -> dict:
    target = work / mut.path
    original = target.read_text(encoding="utf-8")  # the snapshot, not the working tree: it may change meanwhile
    verdict: dict = {"tests": len(tests)}
    if not tests:
        return verdict | {"status": "survived", "not_covered": True, "seconds": 0.0}
    expected = sum(cover["durations"].get(t, 1.0) for t in tests)
    timeout = TIMEOUT_MARGIN + TIMEOUT_FACTOR * expected
    pycache = target.parent / "__pycache__"

    def drop_bytecode():
        for pyc in pycache.glob(target.stem + ".*.pyc"):
            pyc.unlink(missing_ok=True)

    target.write_text(apply_mutant(original, mut), encoding="utf-8")
    drop_bytecode()
    t0 = time.monotonic()
    try:
        run = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:cov", *tests],
                             cwd=work, env=_env(), capture_output=True, text=True, timeout=timeout, start_new_session=True)
        code = run.returncode
        status = {0: "survived", 1: "killed", 2: "killed"}.get(code, "error")
        detail = "" if status != "error" else (run.stdout[-800:] + run.stderr[-800:])
        status = _classified(mut, status, detail)
        if status == "killed":
            failed = [ln for ln in run.stdout.splitlines() if ln.startswith(("FAILED", "ERROR"))]
            detail = failed[0] if failed else f"pytest exit {code}"
    except subprocess.TimeoutExpired as exc:
        status, detail = "timeout", f"over {timeout:.0f} s"
        _kill_group(exc)
    finally:
        target.write_text(original, encoding="utf-8")
        drop_bytecode()
    return verdict | {"status": status, "detail": detail, "seconds": round(time.monotonic() - t0, 2)}


def _classified(mut: Mutant, status: str, detail: str) -> str:
    """pytest's usage error (exit 4) when a conftest or helper cannot import the mutated module: its
    own checks refused the mutant (a table whose bands no longer meet, say), which kills it."""
    if status == "error" and (Path(mut.path).name in detail or "while loading conftest" in detail or "found no collectors" in detail):
        return "killed"
    return status


def _kill_group(exc: subprocess.TimeoutExpired) -> None:
    # subprocess.run already killed the child; its pytest children (if any) share its session.
    pass


def score_line(c: Counter) -> dict:
    n = c["killed"] + c["timeout"] + c["survived"] + c["error"]
    killed = c["killed"] + c["timeout"]
    lo, hi = wilson(killed, n)
    return {"mutants": n, "killed": c["killed"], "timeout": c["timeout"], "survived": c["survived"], "error": c["error"],
            "not_covered": c["not_covered"], "score": round(100 * killed / n, 1) if n else None,
            "wilson95": [round(100 * lo, 1), round(100 * hi, 1)]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mutants", type=int, default=300, metavar="N", help="how many mutants to draw (default 300)")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"the seed of the draw (default {DEFAULT_SEED})")
    ap.add_argument("--workers", type=int, default=2, help="mutants run in parallel (default 2)")
    ap.add_argument("--package", action="append", help="a package folder to mutate (repeatable; default the engine and both rule sets)")
    ap.add_argument("--out", default="bench/mutation_report", help="report path without extension (.json and .md are written)")
    ap.add_argument("--cache", default=str(Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mapgen-mutation"))
    ap.add_argument("--deadline", help="stop drawing new mutants at this UTC time (HH:MM); the report says how many ran")
    ap.add_argument("--list", action="store_true", help="print the sampled mutants and stop")
    ap.add_argument("--fresh", action="store_true", help="make the coverage map again and judge every mutant again")
    args = ap.parse_args(argv)
    packages = args.package or list(PACKAGES)
    for p in packages:
        if not (ROOT / p).is_dir():
            print(f"Error: no package folder {p}", file=sys.stderr)
            return 2
    if args.mutants < 1 or args.workers < 1:
        print("Error: --mutants and --workers must be at least 1", file=sys.stderr)
        return 2

    every = [m for path in source_files(packages) for m in mutants_of(path)]
    rng = random.Random(args.seed)
    sample = rng.sample(every, min(args.mutants, len(every)))
    if args.list:
        for m in sample:
            print(f"{m.path}:{m.line} {m.operator}: {m.before.strip()} -> {m.after.strip()}")
        return 0
    t0 = time.monotonic()
    cover = coverage_map(packages, args.workers, Path(args.cache), fresh=args.fresh)
    cover_seconds = time.monotonic() - t0
    print(f"{len(every)} mutants in {len(source_files(packages))} modules; {len(sample)} drawn (seed {args.seed}); "
          f"coverage map in {cover_seconds:.0f} s ({len(cover['tests'])} test files)", flush=True)

    deadline = None
    if args.deadline:
        hh, mm = map(int, args.deadline.split(":"))
        now = time.gmtime()
        deadline = time.time() + ((hh * 60 + mm) - (now.tm_hour * 60 + now.tm_min)) * 60 - now.tm_sec

    files = tracked_files()
    pool: list[Path] = []
    for _ in range(args.workers):
        d = Path(tempfile.mkdtemp(prefix="mapgen-mutation-"))
        scratch_copy(d, files)
        pool.append(d)
    free = list(pool)
    lock = threading.Lock()
    results: list[tuple[Mutant, dict]] = []

    # Verdicts already reached with the same tests and the same code are kept, so a run stopped by
    # --deadline goes on where it stopped. A killed mutant stays killed; a survivor is judged again
    # once one of its test files changes, or, past the deadline, keeps its last verdict (marked stale).
    judged_file = Path(args.cache) / f"verdicts-{cover['key']}.jsonl"
    records = [] if args.fresh or not judged_file.exists() else [json.loads(r) for r in judged_file.read_text(encoding="utf-8").splitlines()]

    def one(mut: Mutant):
        tests = tests_for(mut, cover)
        key = f"{_mutant_id(mut)} {hashlib.sha256(json.dumps(tests).encode()).hexdigest()[:12]}"
        digest = _tests_digest(tests)
        mine = [r for r in records if r["mutant"] == key]
        current = [r["verdict"] for r in mine if r["verdict"]["status"] != "survived" or r["tests_digest"] == digest]
        v = current[-1] if current else None
        if v is None and mine and deadline and time.time() > deadline:
            v = mine[-1]["verdict"] | {"stale": True}
        if v is not None:
            v = v | {"status": _classified(mut, v["status"], v.get("detail", ""))}
        if v is None:
            if deadline and time.time() > deadline:
                return None
            with lock:
                work = free.pop()
            try:
                v = run_mutant(mut, tests, cover, work)
            finally:
                with lock:
                    free.append(work)
            with lock:
                with open(judged_file, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps({"mutant": key, "tests_digest": digest, "verdict": v}) + "\n")
        with lock:
            results.append((mut, v))
            print(f"[{len(results)}/{len(sample)}] {v['status']:8} {v['seconds']:6.1f} s {v['tests']:4} tests  {mut.path}:{mut.line} {mut.operator}", flush=True)
        return v

    t1 = time.monotonic()
    try:
        with concurrent.futures.ThreadPoolExecutor(args.workers) as ex:
            list(ex.map(one, sample))
    finally:
        for d in pool:
            shutil.rmtree(d, ignore_errors=True)
    run_seconds = time.monotonic() - t1
    order = {id(m): i for i, m in enumerate(sample)}
    results.sort(key=lambda r: order[id(r[0])])
    write_report(args, packages, every, sample, results, cover, cover_seconds, run_seconds)
    return 0


def write_report(args, packages, every, sample, results, cover, cover_seconds, run_seconds) -> None:
    total, by_module = Counter(), defaultdict(Counter)
    for mut, v in results:
        status = v["status"]
        total[status] += 1
        by_module[mut.path][status] += 1
        if v.get("not_covered"):
            total["not_covered"] += 1
            by_module[mut.path]["not_covered"] += 1
    ran = len(results)
    # each verdict keeps the seconds its run took, also when it comes from an earlier run
    per_mutant = sum(v["seconds"] for _, v in results) / ran / args.workers if ran else 0.0
    report = {
        "seed": args.seed, "drawn": len(sample), "ran": ran, "mutants_in_total": len(every), "packages": packages,
        "workers": args.workers, "coverage_seconds": round(cover_seconds, 1), "coverage_run_seconds": cover.get("seconds"),
        "run_seconds": round(run_seconds, 1),
        "stale": sum(1 for _, v in results if v.get("stale")),
        "mutant_seconds": round(sum(v["seconds"] for _, v in results) / args.workers, 1),
        "seconds_for_300": round(300 * per_mutant + cover.get("seconds", 0), 0),
        "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip(),
        "all": score_line(total),
        "modules": {p: score_line(c) for p, c in sorted(by_module.items())},
        "operators": {op: score_line(c) for op, c in sorted(_by_operator(results).items())},
        "survivors": [asdict(m) | v for m, v in results if v["status"] == "survived"],
        "errors": [asdict(m) | v for m, v in results if v["status"] == "error"],
    }
    out = ROOT / args.out
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    out.with_suffix(".md").write_text(markdown(report), encoding="utf-8")
    a = report["all"]
    print(f"\n{ran} mutants: {a['killed']} killed, {a['timeout']} timeouts, {a['survived']} survived "
          f"({a['not_covered']} not covered), {a['error']} errors; score {a['score']} % "
          f"(95 % Wilson {a['wilson95'][0]}-{a['wilson95'][1]} %); {run_seconds / 60:.1f} min on {args.workers} workers")
    print(f"Reports: {out.with_suffix('.md')}, {out.with_suffix('.json')}")


def _by_operator(results):
    c = defaultdict(Counter)
    for m, v in results:
        c[m.operator][v["status"]] += 1
    return c


def markdown(r: dict) -> str:
    def row(label, s):
        return (f"| {label} | {s['mutants']} | {s['killed']} | {s['timeout']} | {s['survived']} | {s['not_covered']} | "
                f"{s['score']} % | {s['wilson95'][0]}-{s['wilson95'][1]} % |")

    head = "| | mutants | killed | timeouts | survived | not covered | score | 95 % Wilson |\n|---|---:|---:|---:|---:|---:|---:|---|"
    out = [
        "# Mutation score of the campaign engines",
        "",
        f"`python bench/mutation_score.py --mutants {r['drawn']} --seed {r['seed']}` on commit {r['commit']}: "
        f"{r['ran']} of {r['mutants_in_total']} mutants of {', '.join(f'`{p}/`' for p in r['packages'])}, "
        f"{r['workers']} workers; coverage map {r['coverage_run_seconds']} s (made once, then cached), mutants {r['mutant_seconds']} s of {r['workers']} workers' time (each verdict's own run; this run {r['run_seconds']} s) "
        f"(300 mutants and the coverage run: about {r['seconds_for_300'] / 60:.0f} min at this rate)."
        + (f" {r['stale']} survivors keep the verdict of an earlier run (their tests changed since; not run again before the deadline)." if r["stale"] else ""),
        "",
        head,
        row("**all**", r["all"]),
        *(row(f"`{p}`", s) for p, s in r["modules"].items()),
        "",
        "## By operator",
        "",
        head,
        *(row(op, s) for op, s in r["operators"].items()),
        "",
        "## Survivors",
        "",
    ]
    for s in r["survivors"]:
        note = " (no test runs this line)" if s.get("not_covered") else f" ({s['tests']} tests)"
        out += [f"- `{s['path']}:{s['line']}` {s['operator']}{note}", "  ```", *("  - " + ln for ln in s["before"].splitlines()),
                *("  + " + ln for ln in s["after"].splitlines()), "  ```"]
    if r["errors"]:
        out += ["", "## Errors (the run, not the tests)", ""]
        out += [f"- `{e['path']}:{e['line']}` {e['operator']}" for e in r["errors"]]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(main())
