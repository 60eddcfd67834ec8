"""Battlefield plans take the largest standard scale that fits one sheet, and say it (issue 11, "Paper").

The expected scales are worked out by hand.  A sheet's printable area is the paper less
8 mm all round: A4 landscape 297 x 210 -> 281 x 194 mm, A4 portrait 194 x 281 mm,
A3 landscape 420 x 297 -> 404 x 281 mm.  Around the table a plan has 95 mm across
(4 mm margin, 7 mm left ruler and 4 mm to the table; a 14 mm gap, the 62 mm legend and a
4 mm margin) and 39 mm down (4 + 14 mm of margin and title above; 7 + 10 mm of ruler and
edge name and a 4 mm margin below).  At 1:N a table of W cm is 10 W / N mm wide, so a plan
is 10 W / N + 95 mm wide and 10 D / N + 39 mm high (or its legend's height, if taller).
"""

import re

import pytest

from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.render.battlefield import render_battlefield
from mapgen.render.paper import get_paper
from mapgen.render.pdf import write_pdf
from mapgen.render.plan_scale import PLAN_SCALES, choose_plan_scale
from mapgen.render.scale_bar import bar_marks

from .test_pdf import read_pdf


def table(w, d, seed=3, **kw):
    return generate_battlefield(BattleOptions(seed=seed, terrain="plain", table=(w, d), **kw))


def svg_size(svg: str) -> tuple[float, float]:
    """The drawing's size in mm, as the SVG itself states it."""
    head = svg[: svg.index(">", svg.index("<svg"))]
    return float(re.search(r'width="([\d.]+)mm"', head).group(1)), float(re.search(r'height="([\d.]+)mm"', head).group(1))


def test_six_by_four_feet_on_a4_is_drawn_at_1_10():
    # 183 x 122 cm at 1:10: 183 + 95 = 278 <= 281 mm across, 122 + 39 = 161 <= 194 mm down.
    plan = choose_plan_scale(table(183, 122), get_paper("A4"))
    assert (plan.scale, plan.paper.orientation, plan.pages, plan.chosen) == (10, "landscape", 1, True)


@pytest.mark.parametrize(
    "w,d,paper,scale,orientation",
    [
        # 1:10 is 210 + 95 = 305 mm across (> 281, and > 194 turned); 1:12 is 175 + 95 = 270.
        (210, 120, "A4", 12, "landscape"),
        # the relief table: 1:12 is 200 + 95 = 295 > 281; 1:15 is 160 + 95 = 255, 120 + 39 = 159 down.
        (240, 180, "A4", 15, "landscape"),
        # 1:15 is 200 + 95 = 295 > 281; 1:20 is 150 + 95 = 245.
        (300, 180, "A4", 20, "landscape"),
        # A3: 240 + 95 = 335 <= 404 across, 180 + 39 = 219 <= 281 down.
        (240, 180, "A3", 10, "landscape"),
        # A named orientation is kept: 194 mm across takes 1:20 (90 + 95 = 185; 1:15 is 215).
        (180, 120, "A4-portrait", 20, "portrait"),
        # Letter landscape prints 263.4 x 199.9 mm: 120 + 95 = 215 across.
        (120, 60, "Letter", 10, "landscape"),
    ],
)
def test_the_scale_is_worked_out_from_the_paper(w, d, paper, scale, orientation):
    plan = choose_plan_scale(table(w, d), get_paper(paper))
    assert (plan.scale, plan.paper.orientation, plan.pages) == (scale, orientation, 1)
    assert "the largest of 1:10, 1:12, 1:15, 1:20 that fits one sheet" in plan.note()


@pytest.mark.parametrize("w,d,paper", [(183, 122, "A4"), (240, 180, "A4"), (300, 200, "A4"), (360, 240, "A3"), (150, 120, "Letter")])
def test_the_chosen_scale_is_the_largest_whose_drawing_fits_and_its_pdf_has_one_page(tmp_path, w, d, paper):
    """Judged on the rendered SVG's own size and the PDF's own pages, not on the chooser's sums."""
    b = table(w, d)
    sheet = get_paper(paper)
    sheets = [sheet.printable_mm, sheet.turned().printable_mm]
    fits = [n for n in PLAN_SCALES if any(sw <= pw and sh <= ph for sw, sh in [svg_size(render_battlefield(b, n).tostring())] for pw, ph in sheets)]
    plan = choose_plan_scale(b, sheet)
    assert fits and plan.scale == min(fits)  # the largest scale is the smallest N
    report = write_pdf(render_battlefield(b, plan.scale).tostring(), tmp_path / "plan.pdf", plan.paper)
    assert report.pages == 1 and len(read_pdf((tmp_path / "plan.pdf").read_bytes())) == 1


def test_a_table_too_big_for_any_standard_scale_is_tiled_at_1_20():
    # 600 x 400 cm at 1:20 is 300 + 95 = 395 mm across: more than A4's 281 (or 194 turned), within A3's 404.
    b = table(600, 400)
    plan = choose_plan_scale(b, get_paper("A4"))
    assert plan.scale == 20 and plan.pages > 1 and "tiled" in plan.note()
    on_a3 = choose_plan_scale(b, get_paper("A3"))
    assert (on_a3.scale, on_a3.pages) == (20, 1)


def test_a_given_scale_is_kept_even_when_tiled():
    # 240 x 180 cm at 1:10 on A4 landscape: 335 x 219 mm, 2 x 2 tiles of 271 x 184 mm (10 mm overlap) + an index.
    plan = choose_plan_scale(table(240, 180), get_paper("A4"), 10)
    assert (plan.scale, plan.pages, plan.chosen, plan.paper.orientation) == (10, 5, False, "landscape")
    assert plan.note() == "plan at 1:10"


def test_a_bare_paper_size_is_turned_when_only_the_other_way_fits(monkeypatch):
    """A drawing taller than A4 landscape's 194 mm fits A4 portrait (194 x 281 mm) at 1:10."""
    import mapgen.render.battlefield as bf

    monkeypatch.setattr(bf, "plan_size_mm", lambda b, n: (1800 / n, 250.0))  # 180 mm across at 1:10
    plan = choose_plan_scale(None, get_paper("A4"))
    assert (plan.scale, plan.paper.orientation, plan.pages) == (10, "portrait", 1)
    named = choose_plan_scale(None, get_paper("A4-landscape"))
    assert named.scale == 20 and named.paper.orientation == "landscape" and named.pages > 1


@pytest.mark.parametrize(
    "scale,bar",
    [
        (10, (50, 10, 1)),  # 1 mm a cm: 50 cm is 50 mm, 10 cm segments of 10 mm
        (12, (60, 10, 1)),  # 60 cm is 50 mm; 10 cm is 8.3 mm
        (15, (60, 10, 2)),  # 100 cm would be 66.7 mm; 60 cm is 40 mm; 10 cm is 6.7 mm, numbered every 20 cm
        (20, (100, 20, 1)),  # 100 cm is 50 mm; 10 cm would be 5 mm, 20 cm is 10 mm
    ],
)
def test_the_scale_bar_is_a_round_length_of_table(scale, bar):
    assert bar_marks(10 / scale) == bar


def test_the_sheet_says_its_scale():
    svg = render_battlefield(table(210, 120), 12).tostring()
    assert "Scale 1:12 (1 cm = 12 cm on the table)" in svg
    assert all(f">{n}<" in svg for n in (0, 10, 20, 30, 40, 50, 60)) and ">cm<" in svg
