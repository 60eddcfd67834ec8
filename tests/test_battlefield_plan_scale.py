"""Battlefield plans take the largest standard scale that fits one sheet, and say it (issue 11, "Paper").

The expected scales are worked out by hand.  A sheet's printable area is the paper less
8 mm all round: A4 landscape 297 x 210 -> 281 x 194 mm, A4 portrait 194 x 281 mm,
A3 landscape 420 x 297 -> 404 x 281 mm.  Around the table a plan has 95 mm across
(4 mm margin, 7 mm left ruler and 4 mm to the table; a 14 mm gap, the 62 mm legend and a
4 mm margin) and 45 mm down (4 + 20 mm of margin, title and retreat arrows above; 7 + 10 mm of ruler and
edge name and a 4 mm margin below).  At 1:N a table of W cm is 10 W / N mm wide, so a plan
is 10 W / N + 95 mm wide and 10 D / N + 45 mm high (or its legend's height, if taller).
"""

import re

import pytest

import mapgen.cli.battlefield  # noqa: F401  (registers the command)
from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.kit import Outputs, battlefields_for_kit
from mapgen.kit.files import plan_scales_note
from mapgen.render.battlefield import plan_size_floor_mm, plan_size_mm, render_battlefield
from mapgen.paper import get_paper
from mapgen.render.pdf import write_pdf
from mapgen.render.plan_scale import PLAN_SCALES, PlanScale, choose_plan_scale
from mapgen.render.scale_bar import bar_marks

from .cli_helpers import run
from .conftest import cached_map
from .test_pdf import read_pdf


def table(w, d, seed=3, **kw):
    return generate_battlefield(BattleOptions(seed=seed, terrain="plain", table=(w, d), **kw))


def svg_size(svg: str) -> tuple[float, float]:
    """The drawing's size in mm, as the SVG itself states it."""
    head = svg[: svg.index(">", svg.index("<svg"))]
    return float(re.search(r'width="([\d.]+)mm"', head).group(1)), float(re.search(r'height="([\d.]+)mm"', head).group(1))


def test_six_by_four_feet_on_a4_is_drawn_at_1_10():
    # 183 x 122 cm at 1:10: 183 + 95 = 278 <= 281 mm across, 122 + 45 = 167 <= 194 mm down.
    plan = choose_plan_scale(table(183, 122), get_paper("A4"))
    assert (plan.scale, plan.paper.orientation, plan.pages, plan.chosen) == (10, "landscape", 1, True)


@pytest.mark.parametrize(
    "w,d,paper,scale,orientation",
    [
        # 1:10 is 210 + 95 = 305 mm across (> 281, and > 194 turned); 1:12 is 175 + 95 = 270.
        (210, 120, "A4", 12, "landscape"),
        # the relief table: 1:12 is 200 + 95 = 295 > 281; 1:15 is 160 + 95 = 255, 120 + 45 = 165 down.
        (240, 180, "A4", 15, "landscape"),
        # 1:15 is 200 + 95 = 295 > 281; 1:20 is 150 + 95 = 245.
        (300, 180, "A4", 20, "landscape"),
        # A3: 1:8 is 300 + 95 = 395 <= 404 across, 225 + 45 = 270 <= 281 down (1:5: 480 + 95, too wide either way).
        (240, 180, "A3", 8, "landscape"),
        # A named orientation is kept: 194 mm across takes 1:20 (90 + 95 = 185; 1:15 is 215).
        (180, 120, "A4-portrait", 20, "portrait"),
        # Letter landscape prints 263.4 x 199.9 mm: 1:8 is 150 + 95 = 245 across (1:5: 240 + 95 = 335, too wide).
        (120, 60, "Letter", 8, "landscape"),
        # Issue 25: a 60 x 60 cm skirmish table filled a corner of A4 at 1:10; 1:5 is 120 + 95 = 215 <= 281 across,
        # 120 + 45 = 165 <= 194 down.
        (60, 60, "A4", 5, "landscape"),
    ],
)
def test_the_scale_is_worked_out_from_the_paper(w, d, paper, scale, orientation):
    plan = choose_plan_scale(table(w, d), get_paper(paper))
    assert (plan.scale, plan.paper.orientation, plan.pages) == (scale, orientation, 1)
    assert "the largest of 1:5, 1:8, 1:10, 1:12, 1:15, 1:20 that fits one sheet" in plan.note()


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


@pytest.mark.parametrize("w,d,scenario", [(180, 120, "pitched"), (60, 60, "auto"), (240, 180, "raid"), (600, 400, "auto")])
def test_the_chooser_rules_a_scale_out_by_the_table_and_one_legend_column_alone(w, d, scenario):
    """The chooser skips laying out the legend where the plan's floor (10 W / N + 95 mm across, 10 D / N + 45 mm
    down: the table with its rulers, title and one legend column) already overflows every sheet: that floor must
    never exceed the drawing."""
    b = table(w, d, scenario=scenario, river=True, road=True)
    for n in PLAN_SCALES:
        floor = plan_size_floor_mm(b, n)
        assert floor == pytest.approx((10 * w / n + 95, 10 * d / n + 45))
        width, height = plan_size_mm(b, n)
        assert floor[0] <= width and floor[1] <= height


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
    monkeypatch.setattr(bf, "plan_size_floor_mm", lambda b, n: (0.0, 0.0))  # a floor that rules no scale out
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


# --------------------------------------------------------------------------- the command and the kit


def test_the_command_chooses_the_scale_and_says_which(tmp_path, capsys):
    # 210 x 120 cm on A4: 1:12 (see above), one page.
    code, out, err = run(["battlefield", "--seed", "3", "--terrain", "plain", "--table", "210x120", "--out", str(tmp_path / "p")], capsys)
    assert code == 0, err
    assert "battlefield.pdf: 1 page on A4 landscape, plan at 1:12, the largest of 1:5, 1:8, 1:10, 1:12, 1:15, 1:20" in out
    assert "Scale 1:12 (1 cm = 12 cm on the table)" in (tmp_path / "p" / "battlefield.svg").read_text()
    assert len(read_pdf((tmp_path / "p" / "battlefield.pdf").read_bytes())) == 1


def test_auto_is_the_default_scale(tmp_path, capsys):
    for name, extra in (("default", []), ("auto", ["--scale", "AUTO"])):
        argv = ["battlefield", "--seed", "3", "--terrain", "plain", "--formats", "svg", "--out", str(tmp_path / name), *extra]
        assert run(argv, capsys)[0] == 0
    assert (tmp_path / "default" / "battlefield.svg").read_bytes() == (tmp_path / "auto" / "battlefield.svg").read_bytes()


def test_a_given_scale_still_forces_the_scale(tmp_path, capsys):
    # 210 x 120 cm at 1:10 is 305 x 159 mm: 2 x 1 tiles of A4 landscape (271 mm a step) and an index page.
    argv = ["battlefield", "--seed", "3", "--terrain", "plain", "--table", "210x120", "--scale", "1:10", "--out", str(tmp_path / "p")]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert "battlefield.pdf: 3 pages: an index, then 2x1 tiles on A4 landscape, plan at 1:10" in out
    assert "Scale 1:10 (1 cm = 10 cm on the table)" in (tmp_path / "p" / "battlefield.svg").read_text()
    assert len(read_pdf((tmp_path / "p" / "battlefield.pdf").read_bytes())) == 3


def test_a_named_orientation_is_kept(tmp_path, capsys):
    # A4 portrait prints 194 mm across: a 180 cm table takes 1:20 (90 + 95 = 185 mm).
    argv = ["battlefield", "--seed", "3", "--terrain", "plain", "--paper", "a4-portrait", "--formats", "pdf", "--out", str(tmp_path / "p")]
    code, out, err = run(argv, capsys)
    assert code == 0, err
    assert "battlefield.pdf: 1 page on A4 portrait, plan at 1:20" in out


@pytest.mark.parametrize("value", ["0", "1:0", "1:101", "1:", "abc", "auto10", "1:-5", "1:nan", " ", "1:10:2"])
def test_a_bad_scale_is_one_clear_line(tmp_path, capsys, value):
    code, out, err = run(["battlefield", "--scale", value, "--out", str(tmp_path / "x")], capsys)
    errors = [line for line in err.splitlines() if line.startswith("Error")]
    assert code == 2 and len(errors) == 1 and "--scale" in errors[0] and "auto, 1:10 or 10" in errors[0]
    assert "Traceback" not in err and not (tmp_path / "x").exists()


def test_the_kit_says_which_scale_each_plan_took(tmp_path):
    # Every holding's table is 180 x 120 cm (120 x 60 on a mountain): 1:10 on A4, 275 mm across at most.
    m = cached_map(7, "medium")
    outputs = Outputs(tmp_path / "kit")
    squares = battlefields_for_kit(m, 7, outputs, ("svg",), get_paper("A4"))
    outputs.commit()
    assert outputs.notes == [f"battlefields/: a table for each holding square ({', '.join(squares)}), plans at 1:10 on A4 landscape"]
    for sq in squares:
        assert "Scale 1:10 (1 cm = 10 cm on the table)" in (tmp_path / "kit" / "battlefields" / f"battlefield-{sq}.svg").read_text()


def test_plans_of_different_scales_are_listed_by_scale():
    a4, a4p = get_paper("A4"), get_paper("A4").turned()
    plans = {"B2": PlanScale(10.0, a4, 1, True), "C5": PlanScale(15.0, a4, 1, True), "D4": PlanScale(10.0, a4, 1, True), "E1": PlanScale(20.0, a4p, 4, True)}
    assert plan_scales_note(plans) == "plans at 1:10 on A4 landscape (B2, D4); 1:15 on A4 landscape (C5); 1:20 on A4 portrait, tiled (E1)"


#: 7 pt in mm (1 pt = 25.4 / 72 mm): the smallest type a plan prints, read at arm's length beside the table.
MIN_PLAN_TEXT_MM = 7 * 25.4 / 72


@pytest.mark.parametrize("scale", PLAN_SCALES)
@pytest.mark.parametrize("terrain", ["plain", "hills", "mountain", "forest", "swamp"])
def test_no_text_on_a_plan_is_under_7_pt(scale, terrain):
    # Issue 25: the plans are drawn at true size (1 unit = 1 mm), so a font size in the SVG is the printed one.
    svg = render_battlefield(generate_battlefield(BattleOptions(seed=3, terrain=terrain)), scale).tostring()
    sizes = [float(v) for v in re.findall(r'font-size[=:]"?\s*([\d.]+)', svg)]
    assert sizes and min(sizes) >= MIN_PLAN_TEXT_MM - 1e-9, min(sizes)
