"""bench/mutation_runner.py puts a mutant in memory: whoever holds the function runs the mutant.

A runner that missed a holder (a from-import, a table of functions, a method) would let a mutant
survive that a new process would kill; these tests break the toy rule both ways and look.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"

TOY = '''\
def bonus(n):
    return n + 1


def tally(rolls):
    def add(total, roll):
        return total + bonus(roll)

    out = 0
    for r in rolls:
        out = add(out, r)
    return out


class Table:
    def modifier(self, n):
        return n * 2


HANDLERS = {"bonus": bonus}
'''


@pytest.fixture
def runner(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("bench_mutation_runner", BENCH / "mutation_runner.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    return module


def _load(path: Path, name: str, monkeypatch):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)
    spec.loader.exec_module(module)
    return module


def test_a_swapped_function_runs_the_mutant_wherever_it_is_held(runner, tmp_path, monkeypatch):
    path = tmp_path / "mapgen" / "toy_rules.py"
    path.parent.mkdir()
    path.write_text(TOY)
    toy = _load(path, "toy_rules_for_swap", monkeypatch)
    held, table, method = toy.bonus, toy.HANDLERS, toy.Table().modifier  # a from-import, a table, a bound method
    index = runner._Index(tmp_path)

    assert runner.swap_code(index, str(path), TOY.replace("n + 1", "n - 1"), 2) == 1
    assert (held(3), table["bonus"](3), toy.bonus(3)) == (2, 2, 2)
    assert toy.tally([1, 1]) == 0  # the inner function calls the module's name: the same object

    assert runner.swap_code(index, str(path), TOY.replace("n * 2", "n * 3"), 17) == 1
    assert method(2) == 6


def test_a_line_of_an_inner_function_changes_the_outer_one(runner, tmp_path, monkeypatch):
    # the inner function is made anew at each call from the outer function's code
    path = tmp_path / "mapgen" / "toy_inner.py"
    path.parent.mkdir()
    path.write_text(TOY)
    toy = _load(path, "toy_rules_for_inner", monkeypatch)
    index = runner._Index(tmp_path)
    assert toy.tally([1, 1]) == 4
    assert runner.swap_code(index, str(path), TOY.replace("total + bonus(roll)", "total - bonus(roll)"), 7) == 1
    assert toy.tally([1, 1]) == -4


def test_a_module_imported_again_reads_the_mutated_source(runner, tmp_path, monkeypatch):
    path = tmp_path / "toy_served.py"
    path.write_text(TOY)
    finder = runner._MutatedSource("toy_served", str(path), TOY.replace('"bonus": bonus', '"malus": bonus'))
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    monkeypatch.delitem(sys.modules, "toy_served", raising=False)
    toy = importlib.import_module("toy_served")
    assert list(toy.HANDLERS) == ["malus"] and toy.__file__ == str(path)
