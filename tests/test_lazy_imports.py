"""A campaign command imports only what it uses (issue 22): no drawing library once the atlas's static parts are kept.

Each import below cost a campaign command 5 to 30 ms and bought it nothing:
reportlab draws the printed map and the counter sheets (kept in
``.atlas-cache/``), cmark-gfm turns the setup sheets into HTML (kept too),
svgwrite drew the SVG before mapgen had its own builder (``mapgen.render.svgtree``,
which imports nothing ``svgdoc`` does not),
shapely draws a battlefield's zones, PyYAML reads rosters and writes report
forms.  The command runs in a new interpreter, so what it imports is all
that its ``sys.modules`` holds.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from mapgen.atlas import refresh

from .atlas_helpers import fw_kit

#: Libraries no campaign command that writes no battle folder needs.
DRAWING = ("svgwrite", "reportlab", "cmarkgfm", "markdown_it", "shapely", "yaml")

PROBE = """
import json, sys
from mapgen.cli import main
code = 0
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lazy") / "kit"
    fw_kit(folder, seed=13, size="small")
    refresh(folder)  # the static parts kept, as after a first command
    return folder


def _imported(*argv: str, env: dict | None = None) -> set[str]:
    """The packages the command imported (``mapgen.renaissance``'s modules as ``mapgen.renaissance``, the rest by their top)."""
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, check=True, env=env)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["code"] in (0, None), done.stderr
    return {".".join(m.split(".")[:2]) if m.startswith("mapgen.") else m.split(".")[0] for m in report["modules"]}


@pytest.mark.parametrize("command", [["status"], ["order", "{force}", "max_speed"], ["undo"]])
def test_a_campaign_command_imports_no_drawing_library(kit, tmp_path, command):
    camp = tmp_path / "camp"
    shutil.copytree(kit, camp)
    force = next(f["id"] for f in json.loads((camp / "campaign.json").read_text())["forces"] if f["side"] == "A")
    if command == ["undo"]:
        _imported("campaign", "order", str(camp), force, "max_speed")
    modules = _imported("campaign", command[0], str(camp), *[w.format(force=force) for w in command[1:]])
    assert not modules & set(DRAWING), sorted(modules & set(DRAWING))


def test_the_page_still_has_its_drawings(kit, tmp_path):
    # the same command with nothing kept draws them all (so the probe above can see an import)
    camp = tmp_path / "camp"
    shutil.copytree(kit, camp)
    shutil.rmtree(camp / ".atlas-cache")
    force = next(f["id"] for f in json.loads((camp / "campaign.json").read_text())["forces"] if f["side"] == "A")
    modules = _imported("campaign", "order", str(camp), force, "max_speed")
    assert {"cmarkgfm", "reportlab"} <= modules


def test_status_imports_neither_numpy_nor_pydantic_once_its_board_and_validator_are_kept(kit, tmp_path):
    # numpy (50 ms) was for the board, pydantic's schema generator (25 ms, and 30-70 ms to build) for the
    # validator: both are kept by the first command (mapgen.engine.kept), in a cache folder of this test's own
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    first = _imported("campaign", "status", str(kit), env=env)
    assert {"numpy", "pydantic"} <= first  # nothing kept yet: built, as before
    modules = _imported("campaign", "status", str(kit), env=env)
    assert not modules & {"numpy", "pydantic"}, sorted(modules & {"numpy", "pydantic"})
    assert "pydantic_core" in modules  # the same validator reads the state


@pytest.mark.parametrize("command", [["status"], ["order", "{force}", "max_speed"]])
def test_a_fantasy_warriors_command_imports_no_renaissance_module(kit, tmp_path, command):
    camp = tmp_path / "camp"
    shutil.copytree(kit, camp)
    force = next(f["id"] for f in json.loads((camp / "campaign.json").read_text())["forces"] if f["side"] == "A")
    modules = _imported("campaign", command[0], str(camp), *[w.format(force=force) for w in command[1:]])
    assert "mapgen.renaissance" not in modules
    assert "mapgen.campaign" in modules


def test_every_lazily_imported_campaign_command_is_listed():
    # a command campaign_ren, campaign_sim or serve registers but LAZY_COMMANDS does not name would be missing from the CLI
    probe = """
import json
from mapgen.cli.campaign import LAZY_COMMANDS, campaign
before = set(campaign.commands)
from mapgen.cli import campaign_ren, campaign_sim, serve
print(json.dumps({"lazy": sorted(LAZY_COMMANDS), "registered": sorted(set(campaign.commands) - before)}))
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    report = json.loads(done.stdout)
    assert report["lazy"] == report["registered"]


def test_every_command_line_module_imports_on_its_own():
    # campaign.py and the modules that register its commands import each other: a module that took a
    # sibling's names at import time failed when it was the first one imported (the server, a test)
    import pkgutil

    import mapgen.cli

    names = [f"mapgen.cli.{m.name}" for m in pkgutil.iter_modules(mapgen.cli.__path__)]
    probe = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"
    for name in names:
        done = subprocess.run([sys.executable, "-c", probe, name], capture_output=True, text=True)
        assert done.returncode == 0, f"{name}: {done.stderr.strip().splitlines()[-1:]}"


def test_a_json_map_imports_no_yaml_and_no_drawing_library_once_its_name_tables_are_kept(tmp_path):
    # PyYAML and its patterns were a fifth of fw-map --formats json (issue 27): the name tables are kept as JSON
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    first = _imported("fw-map", "--seed", "3", "--formats", "json", "--out", str(tmp_path / "a"), env=env)
    assert "yaml" in first  # nothing kept yet: read with PyYAML, as before
    modules = _imported("fw-map", "--seed", "4", "--formats", "json", "--out", str(tmp_path / "b"), env=env)
    assert not modules & {*DRAWING, "xml"}, sorted(modules & {*DRAWING, "xml"})


def test_a_process_that_takes_no_battlefield_never_loads_the_generator():
    # mapgen new's parent asks for battlefields once its own part is written: when the other process has taken them all,
    # it finds none and must not pay for the generator's two dozen modules (issue 27).
    probe = """
import sys
from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions
from mapgen.kit import files
m = generate_map(MapOptions(seed=3, size="small"))
print(files.battlefield_squares(m) != [], files.write_battlefields(m, 3, None, ("json",), None, iter(())),
      "mapgen.battlefield.generate" in sys.modules)
"""
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "{}", "False"], done.stderr
