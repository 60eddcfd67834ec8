"""The Napoleonic board sheet (NAP-2.2): every area once by its command name, true scale, fitting the paper."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import mapgen.cli.cards  # noqa: F401 - registers the commands
from mapgen.napoleonic import board as NB
from mapgen.paper import get_paper
from mapgen.render.nap_board import BOX_GAP_MM, SLOTS, draw_board, write_board_pdf
from mapgen.sides import fw_side_style
from tests.test_pdf import read_pdf

from .cli_helpers import MANIFEST, files_in, run, snapshot

SVG = "{http://www.w3.org/2000/svg}"
FIVE_EIGHTHS_IN = 5 / 8 * 25.4  # mapgen counters' default size


def texts(svg: str) -> list[str]:
    return [t.text for t in ET.fromstring(svg.split("\n", 1)[1]).iter(f"{SVG}text")]


def test_every_area_appears_once_by_its_command_name():
    sheet = draw_board(get_paper("a4"))
    words = texts(sheet.svg)
    for name, area in NB.AREAS.items():
        assert words.count(name) == 1, name
        assert any(w.startswith(area.label) for w in words), area.label
    assert sorted(b.area for b in sheet.boxes) == sorted(NB.AREAS)
    assert len(NB.AREAS) == 13  # NAP-2.2: 3 x 3 grid, two reserves, two retreats


def test_default_counters_fit_one_sheet_of_a4_and_letter():
    for paper in ("a4", "letter"):
        sheet = draw_board(get_paper(paper))
        pw, ph = sheet.paper.printable_mm
        assert sheet.counter_mm == pytest.approx(FIVE_EIGHTHS_IN)
        assert sheet.width_mm <= pw and sheet.height_mm <= ph
        assert sheet.sheets == (1, 1)
        for b in sheet.boxes:
            assert 0 <= b.x and b.x + b.w <= sheet.width_mm + 1e-9 and 0 <= b.y and b.y + b.h <= sheet.height_mm + 1e-9


def test_big_counters_tile_over_two_sheets_with_registration_marks(tmp_path):
    sheet = draw_board(get_paper("a4"), 25.4)
    assert sheet.sheets == (1, 2) and sheet.paper.orientation == "landscape"
    report = write_board_pdf(sheet, tmp_path / "board.pdf")
    assert report.pages == 3  # the index and two sheets at 100 %


@pytest.mark.parametrize("size", [12.7, FIVE_EIGHTHS_IN, 19.05, 25.4])
def test_true_scale_each_box_holds_its_counters(size):
    """1 SVG unit is 1 mm; each slot is a counter's size; each box holds SLOTS counters side by side."""
    sheet = draw_board(get_paper("a4"), size)
    root = ET.fromstring(sheet.svg.split("\n", 1)[1])
    w_attr, h_attr = root.get("width"), root.get("height")
    view = [float(v) for v in root.get("viewBox").split()]
    assert (float(w_attr.removesuffix("mm")), float(h_attr.removesuffix("mm"))) == pytest.approx(tuple(view[2:]))
    slots = [r for r in root.iter(f"{SVG}rect") if r.get("stroke-dasharray") == "1,1"]
    assert slots and all(float(r.get("width")) == pytest.approx(size) and float(r.get("height")) == pytest.approx(size) for r in slots)
    for b in sheet.boxes:
        assert b.w * 72 / 25.4 >= SLOTS[0] * size * 72 / 25.4  # in points, as printed
        assert b.h >= SLOTS[1] * size
    assert len(slots) >= len(NB.AREAS) * SLOTS[0] * SLOTS[1]


def test_adjacent_areas_are_drawn_side_by_side_and_no_others():
    """NAP-2.2: line and central areas touch across a row or a column; the drawing keeps that (never diagonal)."""
    boxes = {b.area: b for b in draw_board(get_paper("a4")).boxes}
    grid = [n for n, a in NB.AREAS.items() if a.kind in ("line", "mid")]
    for a in grid:
        for b in grid:
            if a == b:
                continue
            p, q = boxes[a], boxes[b]
            beside = p.y == q.y and abs(abs(p.x - q.x) - (p.w + BOX_GAP_MM)) < 1e-6
            above = p.x == q.x and abs(abs(p.y - q.y) - (p.h + BOX_GAP_MM)) < 1e-6
            assert (beside or above) == NB.adjacent(a, b), (a, b)


def test_each_sides_boxes_in_its_colour_and_its_own_rows():
    sheet = draw_board(get_paper("a4"))
    svg = sheet.svg
    for side in ("A", "B"):
        assert fw_side_style(side).color in svg
    ys = {b.area: b.y for b in sheet.boxes}
    assert ys["a-reserve"] == ys["a-retreat"] < ys["a-left"] < ys["mid-0"] < ys["b-left"] < ys["b-reserve"] == ys["b-retreat"]


def test_pdf_is_the_papers_size(tmp_path):
    sheet = draw_board(get_paper("letter"))
    write_board_pdf(sheet, tmp_path / "b.pdf")
    pages = read_pdf((tmp_path / "b.pdf").read_bytes())
    assert len(pages) == 1 and sorted(pages[0].media) == pytest.approx(sorted((215.9, 279.4)), abs=0.01)
    for name in NB.AREAS:
        assert name in pages[0].text.split()


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_nap_board_command(in_tmp, capsys):
    code, out, err = run(["nap-board"], capsys)
    assert code == 0, err
    assert files_in("output/nap-board") == [MANIFEST, "nap-board.pdf", "nap-board.svg"]
    before = snapshot("output/nap-board")
    for bad in (["--counter-size", "2mm"], ["--counter-size", "big"], ["--paper", "A5"], ["--formats", "png"]):
        code, out, err = run(["nap-board", *bad], capsys)
        assert code == 2 and "Traceback" not in err and "Error" in err, bad
    assert snapshot("output/nap-board") == before
    code, out, err = run(["nap-board", "--counter-size", "3/4in", "--formats", "pdf", "--out", "big"], capsys)
    assert code == 0 and files_in("big") == [MANIFEST, "nap-board.pdf"] and "1 x 2 sheets" in out
