"""``mapgen skirmish``: its files, the same bytes for the same seed, clean refusals, the schema and the PDFs."""

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from mapgen import schemas
from mapgen.battlefield.model import read_battlefield
from mapgen.render import skirmish_sheet as SS
from mapgen.skirmish import tables as T

from .cli_helpers import MANIFEST, files_in, run, snapshot

FILES = ["skirmish-setup.md", "skirmish-setup.pdf", "skirmish.json", "table-setup.md", "table.json", "table.pdf", "table.svg"]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_folder_holds_the_json_the_table_and_the_pdfs(capsys):
    code, out, err = run(["skirmish", "--seed", "7", "--points", "500", "--races", "dwarves,goblins", "--out", "sk"], capsys)
    assert code == 0, err
    assert [f for f in files_in("sk") if f != MANIFEST] == FILES
    data = json.loads(Path("sk/skirmish.json").read_text())
    assert Draft202012Validator(schemas.schema("skirmish")).is_valid(data)
    schemas.check(data, "skirmish")
    assert data["schema"] == "mapgen/skirmish" and data["version"] == 1
    assert sorted(data["files"]) == sorted(f for f in FILES if f != "skirmish.json")
    a, b = data["warbands"]
    assert (a["race"], b["race"]) == ("dwarves", "goblins")
    assert a["points"] == b["points"] == sum(f["count"] * f["vc"] * 10 for f in a["figures"]) == sum(f["count"] * f["vc"] * 10 for f in b["figures"])
    assert a["points"] <= 500
    table = read_battlefield(Path("sk/table.json"))  # the battlefield format, read back with its own schema
    assert (table.width_cm, table.depth_cm) == (90, 90)  # more than 400 points a side
    assert "side A: dwarves" in out and "skirmish-setup.pdf" in out


def test_same_seed_same_bytes(capsys):
    args = ["skirmish", "--seed", "winter skirmish", "--races", "undead,normans", "--morale", "inverted"]
    assert run([*args, "--out", "one"], capsys)[0] == 0
    assert run([*args, "--out", "two"], capsys)[0] == 0
    one, two = snapshot("one"), snapshot("two")
    one.pop(MANIFEST), two.pop(MANIFEST)
    assert one == two


def test_the_options_reach_the_files(capsys):
    assert run(["skirmish", "--seed", "3", "--table", "75x60", "--terrain", "forest", "--vc7-wounds", "2", "--races", "humans,undead",
                "--points", "900", "--formats", "json", "--out", "sk"], capsys)[0] == 0  # fmt: skip
    data = json.loads(Path("sk/skirmish.json").read_text())
    assert (data["table"]["width_cm"], data["table"]["depth_cm"], data["table"]["terrain"]) == (75, 60, "forest")
    assert {r["id"]: r["choice"] for r in data["rulings"]}["SK-A.5"] == "2"
    assert all(f["wounds"] == 2 for w in data["warbands"] for f in w["figures"] if f["vc"] == 7)
    assert data["files"] == ["table.json"]


@pytest.mark.parametrize("args,words", [
    (["--races", "elves,orcs"], "unknown race 'elves'"),
    (["--races", "orcs"], "give two races"),
    (["--points", "20"], "20 points buy no figure"),
    (["--points", "0"], "--points"),
    (["--points", "ten"], "--points"),
    (["--seed", ""], "the seed cannot be empty"),
    (["--seed", "a\nb"], "--seed"),
    (["--table", "120x60"], "60 x 60 to 90 x 90"),
    (["--table", "big"], "--table"),
    (["--terrain", "mountain"], "--terrain"),
    (["--morale", "sometimes"], "--morale"),
])  # fmt: skip
def test_bad_input_is_one_error_line_exit_2_and_nothing_written(capsys, args, words):
    code, _, err = run(["skirmish", *args, "--out", "sk"], capsys)
    assert code == 2
    assert len([line for line in err.splitlines() if line.startswith("Error:")]) == 1 and words in err
    assert "Traceback" not in err and not Path("sk").exists()


def test_a_refused_run_leaves_the_folder_byte_identical(capsys):
    assert run(["skirmish", "--seed", "1", "--out", "sk"], capsys)[0] == 0
    before = snapshot("sk")
    assert run(["skirmish", "--seed", "1", "--points", "10", "--out", "sk"], capsys)[0] == 2
    assert snapshot("sk") == before


def _media_boxes(pdf: bytes) -> list[tuple[float, float]]:
    return [(float(w), float(h)) for w, h in re.findall(rb"/MediaBox \[ ?0 0 ([\d.]+) ([\d.]+) ?\]", pdf)]


@pytest.mark.parametrize("paper,size_mm", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_setup_sheet_on_a4_and_letter_portrait_then_landscape_gauges(capsys, paper, size_mm):
    assert run(["skirmish", "--seed", "2", "--paper", paper, "--formats", "pdf", "--out", "sk"], capsys)[0] == 0
    boxes = _media_boxes(Path("sk/skirmish-setup.pdf").read_bytes())
    pt = 72 / 25.4
    w, h = size_mm[0] * pt, size_mm[1] * pt
    assert len(boxes) >= 2
    assert all(abs(bw - w) < 0.5 and abs(bh - h) < 0.5 for bw, bh in boxes[:-1])  # portrait sheets
    assert abs(boxes[-1][0] - h) < 0.5 and abs(boxes[-1][1] - w) < 0.5  # the gauges, landscape
    assert b"/PrintScaling /None" in Path("sk/skirmish-setup.pdf").read_bytes()


def test_the_sheet_prints_no_text_under_7_pt_and_gauges_from_the_tables():
    assert min(SS.TITLE_PT, SS.HEADING_PT, SS.TEXT_PT, SS.CELL_PT, 7.5) >= 7
    labels = SS.gauge_labels()
    assert set(labels) == {6, 9, 10, 15, 18, 24}
    for cm, types in T.MOVEMENT.items():
        assert any(types in label for label in labels[cm])
    assert any("Longbows and crossbows" in label for label in labels[24])
    assert not any("Muskets" in label for label in SS.gauge_labels(muskets=False)[24])


def test_the_setup_sheet_lists_every_figure_with_its_numbers(capsys):
    assert run(["skirmish", "--seed", "5", "--races", "wood_elves,orcs", "--formats", "json,md", "--out", "sk"], capsys)[0] == 0
    data = json.loads(Path("sk/skirmish.json").read_text())
    md = Path("sk/skirmish-setup.md").read_text()
    for w in data["warbands"]:
        for f in w["figures"]:
            rng = "-" if f["range_cm"] is None else f"{f['range_cm']} cm"
            assert re.search(rf"\| {re.escape(f['name'])} \| [^|]+ \| {f['count']} \| {f['vc']} \| {f['vc'] * 10} \| {f['wounds']} \| {f['move_cm']} cm \| [^|]+ \| {rng} \|", md), f
    for r in T.RULINGS:
        assert r.id in md


def test_the_plan_marks_sight_and_cover(capsys):
    assert run(["skirmish", "--seed", "11", "--formats", "json,svg", "--out", "sk"], capsys)[0] == 0
    svg = Path("sk/table.svg").read_text()
    data = json.loads(Path("sk/skirmish.json").read_text())
    assert "Skirmish: sight and cover" in svg and "blocks line of sight (SK-3)" in svg
    walls = len(data["table"]["sight_walls"])
    lines = svg.split('id="skirmish-sight-walls"', 1)[1].split("</g>", 1)[0]
    assert lines.count("<path") == walls
    assert svg.index('id="skirmish-sight-walls"') < svg.index('inkscape:label="Numbers"')  # the numbers stay readable
    layer = svg.split("Skirmish: sight and cover", 1)[1].split("Skirmish: key", 1)[0]
    assert layer.count(">-1<") == sum(f["cover"] for f in data["table"]["features"])


def test_the_sheet_states_the_rulings_chosen(capsys):
    args = ["skirmish", "--seed", "6", "--morale", "inverted", "--spell-effect", "panic", "--vc7-wounds", "2", "--formats", "md"]
    assert run([*args, "--out", "sk"], capsys)[0] == 0
    md = Path("sk/skirmish-setup.md").read_text()
    assert "1-3: the group panics: the game is lost" in md  # SK-A.6 inverted
    assert "a hit: Panic instead of a wound (SK-A.7)" in md
    assert "| 7 | 2 (SK-A.5) |" in md
    assert "| SK-A.6 | --morale | inverted |" in md
