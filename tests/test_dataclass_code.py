"""The code dataclasses compile, kept between processes (mapgen.dataclass_code).

A class declared with kept code must be the class compiling would give (the
same methods, the same behaviour: frozen, equal, hashed, shown), the second
process must compile nothing, and a broken or foreign file must only mean
compiling again.
"""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys

import pytest

#: A process declaring two dataclasses the way mapgen's modules do, then saying what they do and whether it compiled.
PROBE = """from __future__ import annotations
import dataclasses, json, sys
import mapgen.cli  # the command installs the kept code (a plain "import mapgen" does not)
from mapgen import dataclass_code

@dataclasses.dataclass(frozen=True)
class Band:
    low: int
    high: int
    outcome: str = "plain"

@dataclasses.dataclass
class Holding:
    side: str
    square: tuple = (0, 0)
    names: list = dataclasses.field(default_factory=list)

b = Band(1, 3)
try:
    b.low = 2
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
h = Holding("A")
h.names.append("Ragnar")
report = {
    "compiled": bool(dataclass_code._COMPILED),
    "repr": [repr(b), repr(h)],
    "eq": [b == Band(1, 3), b == Band(1, 4), h == Holding("A", (0, 0), ["Ragnar"])],
    "hash": hash(b) == hash((1, 3, "plain")),
    "frozen": frozen,
    "fresh_list": Holding("B").names,
    "init_annotations": {k: str(v) for k, v in Holding.__init__.__annotations__.items()},
}
dataclass_code.keep()
print(json.dumps(report))
"""


def _probe(cache) -> dict:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, env=env)
    return json.loads(done.stdout)


def _kept_file(cache):
    """The file of the probe's own classes (declared in ``__main__``)."""
    return cache / "mapgen" / "dataclass-code" / f"__main__-{sys.implementation.cache_tag}.marshal"


@pytest.fixture
def cache(tmp_path):
    return tmp_path / "cache"


def test_the_second_process_compiles_nothing_and_gets_the_same_classes(cache):
    first = _probe(cache)
    assert first["compiled"] is True  # nothing kept yet
    assert _kept_file(cache).is_file()
    second = _probe(cache)
    assert second["compiled"] is False
    assert second == {**first, "compiled": False}
    # what a dataclass does, from first principles
    assert second["repr"] == ["Band(low=1, high=3, outcome='plain')", "Holding(side='A', square=(0, 0), names=['Ragnar'])"]
    assert second["eq"] == [True, False, True]
    assert second["hash"] is True and second["frozen"] is True
    assert second["fresh_list"] == []  # default_factory: a new list each time
    assert second["init_annotations"]["side"] == "str" and second["init_annotations"]["return"] == "None"


def test_a_broken_file_means_compiling_again(cache):
    kept = _kept_file(cache)
    kept.parent.mkdir(parents=True)
    kept.write_bytes(b"not marshal data at all")
    report = _probe(cache)
    assert report["compiled"] is True and report["eq"] == [True, False, True]
    assert _probe(cache)["compiled"] is False  # written again, whole


def test_a_file_of_another_bytecode_version_is_not_used(cache):
    _probe(cache)
    kept = _kept_file(cache)
    magic, code = marshal.loads(kept.read_bytes())
    kept.write_bytes(marshal.dumps((b"\0\0\r\n", code)))
    assert _probe(cache)["compiled"] is True


def test_a_cache_folder_that_cannot_be_written_only_means_compiling(tmp_path):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("x")  # XDG_CACHE_HOME is a file: no folder can be made under it
    report = _probe(blocked)
    assert report["compiled"] is True and report["frozen"] is True


def test_importing_the_library_leaves_the_standard_library_alone():
    """Only the ``mapgen`` command, which owns its process, keeps compiled code: a program that imports mapgen's
    library gets the standard library's dataclasses as they are."""
    code = "import dataclasses, mapgen, mapgen.fw.model, mapgen.campaign.state; print('exec' in vars(dataclasses))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"
