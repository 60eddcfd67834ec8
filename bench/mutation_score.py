"""Mutation score of the campaign engines: the share of deliberately broken rules the tests catch.

    python bench/mutation_score.py                        # the accepted measure: 300 mutants, seed 23, 2 workers
    python bench/mutation_score.py --mutants 60           # a quick check
    python bench/mutation_score.py --mutants 300 --seed 5 --package mapgen/engine
    python bench/mutation_score.py --runner subprocess    # the old way, one pytest process per mutant

The engine core (``mapgen/engine/``) and both rule sets (``mapgen/campaign/``,
``mapgen/renaissance/``) are parsed with ``ast``; each mutant changes one
thing: a comparison (``<`` -> ``<=``, ``==`` -> ``!=``, ``in`` -> ``not in``),
an arithmetic operator (``+`` -> ``-``), a number (+1, -1), ``and`` <-> ``or``,
a ``not`` dropped, a non-trivial ``return x`` -> ``return None``, an ``if``
condition dropped (``if True:``).  Strings are never mutated, and nothing
inside docstrings, f-strings and formatted log text, type annotations,
``raise``/``assert`` statements or ``pragma: no cover`` lines is: such
mutants say nothing about the rules.  A seeded random sample of them runs.

Each mutant runs only the tests that execute its line, fastest first, and the
first failure kills it.  Those tests come from one coverage run with a context
per test (cached under the hash of the sources and the tests); a line that runs
only at import (a table, a constant) runs every test that reaches its module.
The run is ``bench/mutation_runner.py``'s: one process imports mapgen and the
test modules once and forks a child per mutant, which changes the module in
memory (see that module for how), so a mutant costs its tests' time and not a
pytest start.  A mutant whose tests outlive the timeout (three times their
measured time, plus a margin) counts as killed by timeout, reported apart; a
mutated line no test executes survives, and is reported as *not covered*.

Nothing is written into the checkout but the reports: the runner works in a
scratch copy of the tracked files.  The score is killed / mutants, with its
95 % Wilson interval, overall and per module; the survivors (file:line,
operator, the line before and after) go to ``bench/mutation_report.json`` and
``bench/mutation_report.md`` with the wall time, the CPU time and the machine's
load during the run (the machine may be shared: CPU time / workers is what a
quiet machine would take).

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
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = Path(__file__).resolve().parent / "mutation_runner.py"
sys.path.insert(0, str(ROOT))

from mapgen.balance_report import wilson  # noqa: E402

PACKAGES = ("mapgen/engine", "mapgen/campaign", "mapgen/renaissance")
#: A test file takes part in the coverage run when it names one of these (the rest cannot reach the engines).
REACHES = re.compile(r"campaign|renaissance|engine|session|ruleset")
DEFAULT_SEED = 23
#: Test files left out of every mutant's run (found flaky: a browser's timing once "killed" an equivalent mutant).
FLAKY = re.compile(r"browser")
#: Test files that run the engine in other Python processes that import it from disk (a Dask cluster's
#: workers) and compare with a run in the test's own: a mutant in memory only differs between the two,
#: a false kill (seen on bots/seat.py, which the file-writing runner let survive). Left out of the fork runner's runs.
ELSEWHERE = re.compile(r"cluster")
COMPARE_FLIPS = {
    ast.Lt: ("<", "<="), ast.LtE: ("<=", "<"), ast.Gt: (">", ">="), ast.GtE: (">=", ">"),
    ast.Eq: ("==", "!="), ast.NotEq: ("!=", "=="), ast.Is: ("is", "is not"), ast.IsNot: ("is not", "is"),
    ast.In: ("in", "not in"), ast.NotIn: ("not in", "in"),
}
ARITH_FLIPS = {ast.Add: ("+", "-"), ast.Sub: ("-", "+"), ast.Mult: ("*", "//"), ast.FloorDiv: ("//", "*"), ast.Div: ("/", "*")}
#: Calls whose arguments are text for people (log lines, messages): not rules.
TEXT_CALLS = {"format", "debug", "info", "warning", "warn", "error", "exception", "critical", "print", "echo", "secho"}
TIMEOUT_FACTOR, TIMEOUT_MARGIN = 3.0, 30.0
#: A forked child starts in milliseconds: a smaller margin over its tests' time.
FORK_TIMEOUT_MARGIN = 20.0
DEFAULT_MUTANTS = 300


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

    def visit_IfExp(self, node):
        # ``"s" if n > 1 else ""``: a condition that only picks one of two texts chooses wording, not a rule
        if all(isinstance(b, ast.JoinedStr) or (isinstance(b, ast.Constant) and isinstance(b.value, str)) for b in (node.body, node.orelse)):
            return
        self.generic_visit(node)

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
    """The test files of the coverage map: those that name the engines, less the flaky ones no mutant runs."""
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_*.py")
                  if REACHES.search(p.read_text(encoding="utf-8")) and not FLAKY.search(p.name))


def code_key() -> str:
    """The mutated code: the coverage maps and the verdicts are kept under it."""
    h = hashlib.sha256()
    for rel in tracked_files():
        if rel.startswith("mapgen/"):
            h.update(rel.encode() + b"\0" + (ROOT / rel).read_bytes())
    return h.hexdigest()[:16]


HELPER_IMPORT = re.compile(r"^\s*from (?:\.|tests\.)(\w+) import|^\s*import tests\.(\w+)", re.M)


def test_file_key(rel: str) -> str:
    """A test file's text with the test helpers it imports (and theirs), conftest.py and the fixtures:
    its part of the coverage map is kept while this is the same."""
    h = hashlib.sha256()
    seen, todo = set(), [rel, "tests/conftest.py"]
    while todo:
        f = todo.pop()
        if f in seen or not (ROOT / f).is_file():
            continue
        seen.add(f)
        text = (ROOT / f).read_text(encoding="utf-8")
        h.update(f.encode() + b"\0" + text.encode())
        todo += [f"tests/{a or b}.py" for a, b in HELPER_IMPORT.findall(text)]
    for p in sorted((ROOT / "tests" / "fixtures").rglob("*")):
        if p.is_file():
            h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes())
    return h.hexdigest()[:16]


def coverage_map(packages: list[str], workers: int, cache: Path, fresh: bool = False) -> dict:
    """Source line -> the test ids that execute it, each test's time, and the lines an import runs.

    Made by the persistent runner (``bench/mutation_runner.py coverage``), one test file at a time;
    each file's part is kept under the code's hash and the file's own key, so a test added or changed
    re-measures its file only (a minute, not the whole suite's quarter of an hour).
    """
    tests = test_files()
    folder = cache / f"map-{code_key()}-{hashlib.sha256(json.dumps(packages).encode()).hexdigest()[:8]}"
    keys = {f: test_file_key(f) for f in tests}
    part = {f: folder / f"{f.replace('/', '.')}-{keys[f]}.json" for f in tests}
    key = hashlib.sha256(json.dumps([packages, sorted(keys.items())]).encode()).hexdigest()[:16]
    imports = folder / f"import-lines-{key}.json"
    missing = [f for f in tests if fresh or not part[f].exists()]
    made = None
    if missing or not imports.exists():
        made = _measure(packages, workers, tests, missing)
        folder.mkdir(parents=True, exist_ok=True)
        for f, data in made["files"].items():
            part[f].write_text(json.dumps(data), encoding="utf-8")
        imports.write_text(json.dumps(made["import_lines"]), encoding="utf-8")
    cover = {"key": key, "tests": tests, "lines": defaultdict(dict), "durations": {}, "failing": [],
             "import_lines": json.loads(imports.read_text(encoding="utf-8")), "measured": len(missing),
             "seconds": made["seconds"] if made else 0.0, "cpu_seconds": made["cpu_seconds"] if made else 0.0, "made": bool(missing)}
    for f in tests:
        if not part[f].exists():  # a file with no test of its own (only helpers)
            continue
        data = json.loads(part[f].read_text(encoding="utf-8"))
        for path, by in data["lines"].items():
            mine = cover["lines"][path]
            for ln, ids in by.items():
                mine[ln] = sorted(set(mine.get(ln, ())) | set(ids))
        cover["durations"].update(data["durations"])
        cover["failing"] += data["failing"]
    cover["lines"] = dict(cover["lines"])
    return cover


def _measure(packages: list[str], workers: int, tests: list[str], only: list[str]) -> dict:
    work = Path(tempfile.mkdtemp(prefix="mapgen-mutation-cov-"))
    try:
        scratch_copy(work, tracked_files())
        out = work / ".tmp" / "coverage.json"
        cmd = [sys.executable, str(RUNNER), "coverage", str(work), str(out), "--workers", str(workers),
               *(f"--package={p}" for p in packages), *(f"--only={f}" for f in only or [""]), *tests]
        run = subprocess.run(cmd, cwd=work, env=_env(), capture_output=True, text=True)
        if run.returncode != 0 or not out.exists():
            sys.stderr.write(run.stdout[-3000:] + run.stderr[-3000:])
            raise SystemExit(f"Error: the coverage run failed (exit {run.returncode})")
        return json.loads(out.read_text(encoding="utf-8"))
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


def tests_for(mut: Mutant, cover: dict, runner: str = "fork") -> list[str]:
    """The tests that execute the mutated line; for a line run only at import (a module's constants,
    which no test context sees), the tests that can see it (:func:`_readers`), else every test that
    reaches the module.  A constant that nothing reads is seen by no test: not covered."""
    by_line = cover["lines"].get(mut.path, {})
    ids: set[str] = set()
    for line in range(mut.line, mut.end_line + 1):
        ids.update(by_line.get(str(line), []))
    if not ids and _at_import(mut):
        readers = _readers(mut, cover)
        if readers is not None:  # a constant read nowhere (dead) is seen by no test: not covered
            ids = readers
        else:  # a class body, a registration: every test that reaches the module
            ids = {t for tests in by_line.values() for t in tests}
        if readers is None and not ids:  # a module of tables only: the tests of the modules that import it
            for other in _importers(mut.path):
                ids.update(t for tests in cover["lines"].get(other, {}).values() for t in tests)
    durations = cover["durations"]
    # Browser tests fail now and then for reasons of their own (a page's timing), which would count as a kill.
    ids = {t for t in ids if not FLAKY.search(t.split("::")[0]) and not (runner == "fork" and ELSEWHERE.search(t.split("::")[0]))}
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


def _tree(path: str) -> ast.Module:
    if path not in _trees:
        _trees[path] = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return _trees[path]


def _readers(mut: Mutant, cover: dict) -> set[str] | None:
    """The tests that can see a mutant run at import, or None when that cannot be told from names.

    A function's default or decorator: the tests that run the function's body.  A module constant
    (``NAME = ...``): the tests that run a line reading ``NAME`` (a name or an attribute of that
    name, in any measured module), the tests that read it themselves (a table a test rolls on; every
    test of the file when a helper or a fixture reads it), and the same for every constant computed
    from it at import.
    Nothing else reads the value, so no other test can see the change; a class body (a field's
    default reaches every instance, read or written out whole) gets None.
    """
    top = next((n for n in _tree(mut.path).body if n.lineno <= mut.line <= n.end_lineno), None)
    by_line = cover["lines"].get(mut.path, {})
    if isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef)):
        first = top.body[0].lineno
        return {t for ln, tests in by_line.items() if first <= int(ln) <= top.end_lineno for t in tests}
    if not isinstance(top, (ast.Assign, ast.AnnAssign)):
        return None
    names = _bound(top)
    if not names:
        return None
    readers = _name_readers(cover)
    grown = True
    while grown:  # constants (and class attributes) computed from the mutated one at import
        grown = False
        for derived, reads in readers["at_import"]:
            if reads & names and derived is None:
                return None  # handed to a call at import (a registration): cannot be followed by name
            if reads & names and not derived <= names:
                names |= derived
                grown = True
    if names & readers["elsewhere"]:
        return None  # read in a mapgen module the map does not measure (the command line, a presenter)
    ids: set[str] = set()
    for name in names:
        for path, line in readers["lines"].get(name, ()):
            ids.update(cover["lines"].get(path, {}).get(str(line), []))
        for test_file, function in readers["tests"].get(name, ()):
            ids.update(readers["ids"][test_file] if function is None else readers["ids"][test_file, function])
    return ids


def _import_statements(body: list[ast.stmt], in_class: bool = False):
    """The statements an import runs that may read a value, and whether each is in a class body:
    assignments and bare calls (not in functions, whose lines the coverage map sees)."""
    for stmt in body:
        if isinstance(stmt, ast.ClassDef):
            yield from _import_statements(stmt.body, True)
            for d in stmt.decorator_list + stmt.bases:
                yield ast.Expr(d), True
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.Expr)):
            yield stmt, in_class
        elif isinstance(stmt, (ast.If, ast.For, ast.With, ast.Try)):
            yield ast.Expr(stmt), in_class  # read as a whole: a name it reads can go anywhere


def _bound(stmt: ast.stmt) -> set[str]:
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


_readers_index: dict = {}


def _name_readers(cover: dict) -> dict:
    """Where each name is read in the measured modules, and which module constants read which names."""
    if _readers_index.get("key") == cover.get("key"):
        return _readers_index
    lines: dict[str, set[tuple[str, int]]] = defaultdict(set)
    at_import: list[tuple[set[str], set[str]]] = []
    for path in cover["lines"]:
        if not (ROOT / path).is_file():
            continue
        tree = _tree(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                lines[node.id].add((path, node.lineno))
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
                lines[node.attr].add((path, node.lineno))
        for stmt, in_class in _import_statements(tree.body):
            parts = [stmt.value] if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else [stmt]
            if isinstance(stmt, ast.AnnAssign):
                parts.append(stmt.annotation)  # a type alias's constraints, checked where the field is
            reads = {n.id for part in parts if part is not None for n in ast.walk(part) if isinstance(n, ast.Name)}
            reads |= {n.attr for part in parts if part is not None for n in ast.walk(part) if isinstance(n, ast.Attribute)}
            # a class field's default or type reaches every instance made, read or written out whole: not
            # to be followed by name
            derived = _bound(stmt) if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and not in_class else None
            at_import.append((derived, reads))
    # A test that reads the name itself (rolls a table it passes in): its own ids; a helper or a fixture
    # of the file that reads it: every test of the file.
    tests: dict[str, set[tuple[str, str | None]]] = defaultdict(set)
    ids: dict = defaultdict(set)
    for t in cover["durations"]:
        test_file, _, rest = t.partition("::")
        ids[test_file].add(t)
        ids[test_file, rest.split("::")[-1].split("[")[0]].add(t)
    for test_file in cover["tests"]:
        for top in _tree(test_file).body:
            functions = [top] if isinstance(top, (ast.FunctionDef, ast.AsyncFunctionDef)) else \
                [f for f in top.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))] if isinstance(top, ast.ClassDef) else []
            for node in [top] if not functions else functions:
                function = node.name if getattr(node, "name", "").startswith("test") else None
                for n in ast.walk(node):
                    if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load):
                        tests[n.id if isinstance(n, ast.Name) else n.attr].add((test_file, function))
    elsewhere: set[str] = set()
    for p in sorted((ROOT / "mapgen").rglob("*.py")):
        rel = str(p.relative_to(ROOT))
        if rel not in cover["lines"]:
            for n in ast.walk(_tree(rel)):
                if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load):
                    elsewhere.add(n.id if isinstance(n, ast.Name) else n.attr)
    _readers_index.clear()
    _readers_index.update(key=cover.get("key"), lines=lines, at_import=at_import, tests=tests, ids=ids, elsewhere=elsewhere)
    return _readers_index


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
            if detail.startswith("FAILED "):
                verdict["killer"] = detail.removeprefix("FAILED ").split(" - ")[0]
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


def patch_mode(mut: Mutant, cover: dict) -> str:
    """``code`` when the line is in a function body that no import ran (the function's code is swapped in
    memory), else ``fresh`` (the child imports mapgen and the tests again with the mutated source)."""
    ran = set(cover.get("import_lines", {}).get(mut.path, []))
    if _at_import(mut) or any(line in ran for line in range(mut.line, mut.end_line + 1)):
        return "fresh"
    return "code"


def fork_verdict(mut: Mutant, r: dict) -> dict:
    """The runner's report of one child -> the verdict, classified as ``run_mutant`` does."""
    base = {"seconds": r["seconds"], "cpu_seconds": r["cpu_seconds"], "mode": r["mode"]}
    if r["status"] == "timeout":
        return base | {"status": "timeout", "detail": r["detail"]}
    if r["status"] == "crash":
        return base | {"status": "error", "detail": f"the child ended with {r['exit']}: {r['log_tail'][-600:]}"}
    code = r["exit"]
    status = {0: "survived", 1: "killed", 2: "killed"}.get(code, "error")
    detail = r["log_tail"][-800:] if status == "error" else ""
    status = _classified(mut, status, detail)
    if status == "killed":
        detail = r["first_failure"] or f"pytest exit {code}"
        if detail.startswith("FAILED "):
            base["killer"] = detail.removeprefix("FAILED ")
    return base | {"status": status, "detail": detail}


class LoadWatch:
    """The machine's 1-minute load average every 15 s during the run (the machine is shared)."""

    def __init__(self):
        self.samples: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self):
        while True:
            try:
                self.samples.append(float(Path("/proc/loadavg").read_text().split()[0]))
            except OSError:
                return
            if self._stop.wait(15):
                return

    def stop(self) -> dict:
        self._stop.set()
        x = self.samples or [0.0]
        return {"min": min(x), "mean": round(sum(x) / len(x), 2), "max": max(x), "samples": len(self.samples)}


def _cpu() -> float:
    """CPU seconds of this process and every child it has waited for (the runner and its forks)."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mutants", type=int, default=DEFAULT_MUTANTS, metavar="N", help=f"how many mutants to draw (default {DEFAULT_MUTANTS})")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"the seed of the draw (default {DEFAULT_SEED})")
    ap.add_argument("--workers", type=int, default=2, help="mutants run in parallel (default 2)")
    ap.add_argument("--package", action="append", help="a package folder to mutate (repeatable; default the engine and both rule sets)")
    ap.add_argument("--out", default="bench/mutation_report", help="report path without extension (.json and .md are written)")
    ap.add_argument("--cache", default=str(Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mapgen-mutation"))
    ap.add_argument("--deadline", help="stop drawing new mutants at this UTC time (HH:MM); the report says how many ran")
    ap.add_argument("--list", action="store_true", help="print the sampled mutants and stop")
    ap.add_argument("--fresh", action="store_true", help="make the coverage map again and judge every mutant again")
    ap.add_argument("--runner", choices=("fork", "subprocess"), default="fork",
                    help="fork: one process imports everything once and forks a child per mutant (default); "
                         "subprocess: the old way, the mutant written into a scratch copy and one pytest per mutant")
    ap.add_argument("--patch", choices=("auto", "fresh"), default="auto",
                    help="fork runner: auto swaps a function's code where it can; fresh re-imports mapgen for every mutant")
    args = ap.parse_args(argv)
    packages = args.package or list(PACKAGES)
    for p in packages:
        if not (ROOT / p).is_dir():
            print(f"Error: no package folder {p}", file=sys.stderr)
            return 2
    if args.mutants < 1 or args.workers < 1:
        print("Error: --mutants and --workers must be at least 1", file=sys.stderr)
        return 2
    deadline = None
    if args.deadline:
        if not re.fullmatch(r"\d{1,2}:\d{2}", args.deadline):
            print("Error: --deadline takes a UTC time as HH:MM", file=sys.stderr)
            return 2
        hh, mm = map(int, args.deadline.split(":"))
        now = time.gmtime()
        deadline = time.time() + ((hh * 60 + mm) - (now.tm_hour * 60 + now.tm_min)) * 60 - now.tm_sec

    every = [m for path in source_files(packages) for m in mutants_of(path)]
    rng = random.Random(args.seed)
    sample = rng.sample(every, min(args.mutants, len(every)))
    if args.list:
        for m in sample:
            print(f"{m.path}:{m.line} {m.operator}: {m.before.strip()} -> {m.after.strip()}")
        return 0
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    # A kill stops the runner and its children too (the finally clauses run), as Ctrl-C does.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    load = LoadWatch()
    t0, c0 = time.monotonic(), _cpu()
    cover = coverage_map(packages, args.workers, Path(args.cache), fresh=args.fresh)
    cover_seconds, cover_cpu = time.monotonic() - t0, _cpu() - c0
    print(f"{len(every)} mutants in {len(source_files(packages))} modules; {len(sample)} drawn (seed {args.seed}); "
          f"coverage map: {cover['measured']} of {len(cover['tests'])} test files measured in {cover_seconds:.0f} s", flush=True)

    # Verdicts already reached on the same code are kept, so a run stopped by --deadline goes on where it
    # stopped: a kill while its killing test's file is unchanged, any verdict while the mutant's tests and
    # their files are unchanged.
    judged_file = Path(args.cache) / f"verdicts-{code_key()}.jsonl"
    records = [] if args.fresh or not judged_file.exists() else [json.loads(r) for r in judged_file.read_text(encoding="utf-8").splitlines()]
    results: dict[int, dict] = {}
    todo: list[tuple[int, Mutant, list[str]]] = []
    for i, mut in enumerate(sample):
        tests = tests_for(mut, cover, args.runner)
        v = _kept_verdict(_mutant_id(mut), tests, records)
        if v is not None:
            results[i] = v | {"reused": True}
        elif not tests:
            results[i] = {"status": "survived", "not_covered": True, "seconds": 0.0, "cpu_seconds": 0.0, "tests": 0}
        else:
            todo.append((i, mut, tests))
    print(f"{len(results)} verdicts kept from earlier runs or not covered; {len(todo)} mutants to run", flush=True)

    lock = threading.Lock()

    def record(i: int, mut: Mutant, tests: list[str], v: dict) -> None:
        v = v | {"tests": len(tests)}
        with lock:
            results[i] = v
            judged_file.parent.mkdir(parents=True, exist_ok=True)
            with open(judged_file, "a", encoding="utf-8") as fh:
                fh.write(json.dumps({"mutant": _mutant_id(mut), "tests": _ids_digest(tests), "tests_digest": _tests_digest(tests),
                                     "killer_digest": _tests_digest([v["killer"]]) if v.get("killer") else None,
                                     "verdict": v}) + "\n")
            print(f"[{len(results)}/{len(sample)}] {v['status']:8} {v['seconds']:6.1f} s {v.get('cpu_seconds', 0):6.1f} cpu {len(tests):4} tests "
                  f"{v.get('mode', ''):6} {mut.path}:{mut.line} {mut.operator}", flush=True)

    t1, c1 = time.monotonic(), _cpu()
    if args.runner == "fork":
        run_forked(todo, cover, args, deadline, record)
    else:
        run_subprocesses(todo, cover, args, deadline, record)
    run_seconds, run_cpu = time.monotonic() - t1, _cpu() - c1
    ordered = [(mut, results[i]) for i, mut in enumerate(sample) if i in results]
    timing = {"coverage_seconds": round(cover_seconds, 1), "coverage_cpu_seconds": round(cover_cpu, 1), "coverage_files_measured": cover["measured"], "coverage_files": len(cover["tests"]),
              "run_seconds": round(run_seconds, 1), "run_cpu_seconds": round(run_cpu, 1), "load": load.stop(),
              "runner": args.runner, "patch": args.patch, "commit": commit}
    write_report(args, packages, every, sample, ordered, cover, timing)
    return 0


def _ids_digest(tests: list[str]) -> str:
    return hashlib.sha256(json.dumps(tests).encode()).hexdigest()[:12]


def _kept_verdict(mutant: str, tests: list[str], records: list[dict]) -> dict | None:
    ids, digest = _ids_digest(tests), None
    for r in reversed(records):
        if r["mutant"] != mutant:
            continue
        v = r["verdict"]
        if v["status"] == "killed" and r.get("killer_digest"):
            killer = v["killer"]
            if killer in tests and _tests_digest([killer]) == r["killer_digest"]:
                return v
        if r["tests"] == ids:
            digest = digest or _tests_digest(tests)
            if r["tests_digest"] == digest:
                return v
    return None


def run_forked(todo, cover, args, deadline, record) -> None:
    """All mutants through one persistent runner process (``bench/mutation_runner.py mutants``)."""
    work = Path(tempfile.mkdtemp(prefix="mapgen-mutation-"))
    try:
        scratch_copy(work, tracked_files())
        jobs = work / ".tmp" / "jobs.jsonl"
        jobs.parent.mkdir(parents=True)
        by_id = {}
        with open(jobs, "w", encoding="utf-8") as fh:
            for i, mut, tests in todo:
                expected = sum(cover["durations"].get(t, 1.0) for t in tests)
                source = apply_mutant((work / mut.path).read_text(encoding="utf-8"), mut)
                mode = "fresh" if args.patch == "fresh" else patch_mode(mut, cover)
                fh.write(json.dumps({"id": i, "path": mut.path, "line": mut.line, "source": source, "mode": mode, "tests": tests,
                                     "timeout": FORK_TIMEOUT_MARGIN + TIMEOUT_FACTOR * expected}) + "\n")
                by_id[i] = (mut, tests)
        cmd = [sys.executable, str(RUNNER), "mutants", str(work), str(jobs), "--workers", str(args.workers)]
        if deadline:
            cmd += ["--deadline", str(deadline)]
        log = work / ".tmp" / "runner.log"
        with open(log, "w") as err, subprocess.Popen(cmd, cwd=work, env=_env(), stdout=subprocess.PIPE, stderr=err, text=True) as runner:
            try:
                for line in runner.stdout:
                    r = json.loads(line)
                    mut, tests = by_id[r["id"]]
                    record(r["id"], mut, tests, fork_verdict(mut, r))
            except BaseException:
                runner.terminate()  # the runner kills its children on SIGTERM
                raise
            # its stdout closed: the runner is exiting; Popen's exit waits for it (a SIGTERM here, while a big
            # process tears down, was what stopped earlier runs with exit 143 after the last verdict)
        if runner.returncode != 0:
            sys.stderr.write(log.read_text(errors="replace")[-3000:])
            raise SystemExit(f"Error: the mutant runner failed (exit {runner.returncode})")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_subprocesses(todo, cover, args, deadline, record) -> None:
    """The old way: each mutant written into a scratch copy (one per worker), one pytest process each."""
    files = tracked_files()
    pool: list[Path] = []
    for _ in range(args.workers):
        d = Path(tempfile.mkdtemp(prefix="mapgen-mutation-"))
        scratch_copy(d, files)
        pool.append(d)
    free = list(pool)
    lock = threading.Lock()

    def one(job):
        i, mut, tests = job
        if deadline and time.time() > deadline:
            return
        with lock:
            work = free.pop()
        try:
            v = run_mutant(mut, tests, cover, work)
        finally:
            with lock:
                free.append(work)
        record(i, mut, tests, v | {"mode": "file"})

    try:
        with concurrent.futures.ThreadPoolExecutor(args.workers) as ex:
            list(ex.map(one, todo))
    finally:
        for d in pool:
            shutil.rmtree(d, ignore_errors=True)


def write_report(args, packages, every, sample, results, cover, timing) -> None:
    total, by_module, modes = Counter(), defaultdict(Counter), Counter()
    for mut, v in results:
        status = v["status"]
        total[status] += 1
        by_module[mut.path][status] += 1
        modes[v.get("mode") or "none"] += 1
        if v.get("not_covered"):
            total["not_covered"] += 1
            by_module[mut.path]["not_covered"] += 1
    ran = len(results)
    report = {
        "seed": args.seed, "drawn": len(sample), "ran": ran, "mutants_in_total": len(every), "packages": packages,
        "workers": args.workers, **timing,
        "coverage_map_seconds": cover.get("seconds"), "coverage_map_cpu_seconds": cover.get("cpu_seconds"),
        "reused": sum(1 for _, v in results if v.get("reused")),
        # each verdict keeps the time its own run took, also when it comes from an earlier run
        "mutant_seconds": round(sum(v["seconds"] for _, v in results), 1),
        "mutant_cpu_seconds": round(sum(v.get("cpu_seconds", 0.0) for _, v in results), 1),
        "modes": dict(modes),
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
    wall = timing["coverage_seconds"] + timing["run_seconds"]
    cpu = timing["coverage_cpu_seconds"] + timing["run_cpu_seconds"]
    print(f"\n{ran} mutants: {a['killed']} killed, {a['timeout']} timeouts, {a['survived']} survived "
          f"({a['not_covered']} not covered), {a['error']} errors; score {a['score']} % "
          f"(95 % Wilson {a['wilson95'][0]}-{a['wilson95'][1]} %); {wall / 60:.1f} min wall, {cpu / 60:.1f} min CPU "
          f"on {args.workers} workers (load {timing['load']['min']}-{timing['load']['max']}, mean {timing['load']['mean']})")
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
    wall = r["coverage_seconds"] + r["run_seconds"]
    cpu = r["coverage_cpu_seconds"] + r["run_cpu_seconds"]
    out = [
        "# Mutation score of the campaign engines",
        "",
        f"`python bench/mutation_score.py --mutants {r['drawn']} --seed {r['seed']}` on commit {r['commit']}: "
        f"{r['ran']} of {r['mutants_in_total']} mutants of {', '.join(f'`{p}/`' for p in r['packages'])}, "
        f"{r['workers']} workers, runner `{r['runner']}`.",
        "",
        f"- Time: {wall / 60:.1f} min wall, {cpu / 60:.1f} min CPU (a quiet {r['workers']}-core machine: about "
        f"{cpu / r['workers'] / 60:.1f} min); the coverage map ({r['coverage_files_measured']} of {r['coverage_files']} test files "
        f"measured, the others' parts kept from an earlier run) in "
        f"{r['coverage_seconds']:.0f} s ({r['coverage_cpu_seconds']:.0f} s CPU), the mutants {r['run_seconds']:.0f} s "
        f"({r['run_cpu_seconds']:.0f} s CPU).",
        f"- Load average (1 min) during the run: {r['load']['min']} to {r['load']['max']}, mean {r['load']['mean']}.",
        f"- Verdicts kept from earlier runs: {r['reused']}; each verdict's own run: {r['mutant_seconds']:.0f} s, "
        f"{r['mutant_cpu_seconds']:.0f} s CPU. How the mutant was put in: "
        + ", ".join(f"{k} {n}" for k, n in sorted(r["modes"].items())) + ".",
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
