"""``mapgen counters`` as a player meets it: files, the campaign folder, clean errors with exit 2."""

import json
from pathlib import Path

import pytest

import mapgen.cli.counters  # noqa: F401 - registers the command
from mapgen.kit import Outputs, counters_for_kit
from mapgen.render.templates import template_path
from mapgen.paper import get_paper
from tests.conftest import cached_map
from tests.test_pdf import read_pdf

from .cli_helpers import MANIFEST, files_in, run


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_default_run_writes_pdf_svgs_and_json(capsys):
    code, out, err = run(["counters", "--seed", "1"], capsys)
    assert code == 0, err
    folder = Path("output/counters-1")
    # Each side's 9 rows of 10 (a type a row) and the General Retreat's one: two sheets of 15 rows, fronts and backs.
    assert files_in(folder) == [MANIFEST, "counters-01.svg", "counters-02.svg", "counters-03.svg", "counters-04.svg", "counters.json", "counters.pdf"]
    data = json.loads((folder / "counters.json").read_text())
    assert data["schema"] == "mapgen/counters" and data["paper"] == "A4-portrait" and data["size_mm"] == 15.875
    assert len(read_pdf((folder / "counters.pdf").read_bytes())) == 4
    assert "113 counters" in out


def test_campaign_folder_from_mapgen_new(capsys):
    assert run(["new", "--seed", "7", "--formats", "json", "--out", "camp"], capsys)[0] == 0
    code, _, err = run(["counters", "--campaign", "camp", "--formats", "json", "--out", "c"], capsys)
    assert code == 0, err
    fronts = [p for p in json.loads(Path("c/counters.json").read_text())["pages"] if p["side"] == "front"]
    ids = [c["id"] for p in fronts for c in p["counters"]]
    holdings = json.loads(Path("camp/fw-map.json").read_text())["holdings"]
    for side in ("A", "B"):
        printed = sorted(i.rsplit("-", 1)[1] for i in ids if i.startswith(f"fw-{side}-") and ("holding" in i or "capital" in i))
        assert printed == sorted(h["square"] for h in holdings)
        # the campaign's own forces (campaign.json), not the rulebook's six a side
        forces = [f for f in json.loads(Path("camp/campaign.json").read_text())["forces"] if f["side"] == side]
        assert sum(i.startswith(f"fw-{side}-force-") for i in ids) == len(forces)


@pytest.mark.parametrize("roster", ["napoleonic-roster.csv", "skirmish-roster.yaml"])
def test_example_rosters(capsys, roster):
    code, out, err = run(["counters", "--roster", str(template_path("counters", roster)), "--size", "1/2in", "--fold", "--out", "r"], capsys)
    assert code == 0, err
    data = json.loads(Path("r/counters.json").read_text())
    assert [p["side"] for p in data["pages"]] == ["front", "back"]
    assert len(read_pdf(Path("r/counters.pdf").read_bytes())) == 1


@pytest.mark.parametrize(
    "argv,needles",
    [
        (["--size", "huge"], ["--size", "unknown size 'huge'"]),
        (["--size", "300mm"], ["300 mm counter does not fit A4 portrait"]),
        (["--size", "90mm", "--fold"], ["does not fit half of A4 portrait", "drop --fold"]),
        (["--bleed", "4"], ["--bleed"]),
        (["--paper", "A9"], ["unknown paper"]),
        (["--set", "roster"], ["--set roster needs --roster"]),
        (["--set", "renaissance", "--campaign", "."], ["--campaign"]),
        (["--campaign", "nowhere"], ["nowhere"]),
        (["--campaign", "."], ["fw-map.json", "no such file"]),
        (["--formats", "md"], ["--formats", "md: choose from json, svg, pdf"]),
    ],
)
def test_bad_options_exit_2(capsys, argv, needles):
    code, out, err = run(["counters", "--out", "x", *argv], capsys)
    assert code == 2, (out, err)
    for needle in needles:
        assert needle in err
    assert "Traceback" not in err and not Path("x").exists()


def test_roster_missing_column_names_the_line(capsys, tmp_path):
    (tmp_path / "army.csv").write_text("name,side\nGuard,France\n")
    code, _, err = run(["counters", "--roster", "army.csv", "--out", "x"], capsys)
    assert code == 2 and "army.csv line 1: no column 'type'" in err and "--roster" in err
    (tmp_path / "army.yaml").write_text("units:\n  - {name: Guard, side: France, type: infantry}\n  - {name: Hussars, side: France}\n")
    code, _, err = run(["counters", "--roster", "army.yaml", "--out", "x"], capsys)
    assert code == 2 and "army.yaml line 3" in err and "'type'" in err


def test_counters_for_kit_writes_into_staged_outputs(tmp_path):
    outputs = Outputs(tmp_path / "kit")
    try:
        sheet = counters_for_kit(cached_map(7, "medium"), outputs, ("json", "pdf"), get_paper("A3"))
        outputs.commit()
    finally:
        outputs.discard()
    assert files_in(tmp_path / "kit") == [MANIFEST, "counters.json", "counters.pdf"]
    assert sheet.paper.label() == "A3 landscape"
    assert any("counters:" in n for n in outputs.notes)


def test_counters_campaign_prints_the_same_sheets_as_the_kit(capsys):
    # One choice of set and title (counters.sets.choose_set) for `counters --campaign` and `new`.
    assert run(["new", "--seed", "7", "--size", "small", "--formats", "json,svg", "--out", "camp"], capsys)[0] == 0
    code, _, err = run(["counters", "--campaign", "camp", "--formats", "svg", "--out", "c"], capsys)
    assert code == 0, err
    pages = [n for n in files_in("c") if n.startswith("counters-")]
    assert pages and all(Path("c", n).read_bytes() == Path("camp", "counters", n).read_bytes() for n in pages)
    assert "Fantasy Warriors counters (FW-1.1), campaign seed 7" in Path("c", pages[0]).read_text()


def test_choose_set_names_each_set():
    from mapgen.counters.sets import SET_NAMES, choose_set
    from mapgen.counters.roster import RosterUnit

    m = cached_map(7, "medium")
    assert choose_set("fw")[1] == "Fantasy Warriors counters (FW-1.1)"
    assert choose_set("fw", fw_map=m)[1] == "Fantasy Warriors counters (FW-1.1), campaign seed 7"
    assert "RC-2" in choose_set("renaissance")[1]
    unit = RosterUnit(line=2, name="Guard", side="France", type="infantry", stats=(), count=1)
    counters, title = choose_set("roster", units=[unit], roster_name="army.csv")
    assert title == "Unit counters: army.csv" and len(counters) == 1
    with pytest.raises(ValueError):
        choose_set("roster")
    assert SET_NAMES == ("fw", "renaissance", "roster")
