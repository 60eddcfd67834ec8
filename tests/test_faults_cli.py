"""Options that used to slip through: each is now exit 2 with one clear line, before anything is written.

the manual, "Commands" and "Errors and exit codes": usage errors exit 2 with one line;
a PDF of more than 200 pages is refused before it is drawn, naming the page count
and what to change.
"""

from pathlib import Path

import pytest

from mapgen.paper import get_paper
from mapgen.render.pdf import MAX_PDF_PAGES, PdfTooLargeError, write_pdf

from .cli_helpers import run

#: the manual: "a PDF of more than 200 pages is refused".
README_PAGE_LIMIT = 200


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _refused(capsys, argv, *needles):
    code, out, err = run([*argv, "--out", "x"], capsys)
    assert code == 2, (out, err)
    errors = [line for line in err.splitlines() if line.startswith("Error:")]
    assert "Traceback" not in err and len(errors) == 1, err  # one line (click puts the usage above it)
    for needle in needles:
        assert needle in err, (needle, err)
    assert not Path("x").exists() and not Path("output").exists()
    return err


FLOAT_OPTIONS = [
    (["counters", "--gutter"], "--gutter"),
    (["counters", "--bleed"], "--bleed"),
    (["fw-map", "--square-mm"], "--square-mm"),
    (["new", "--square-mm"], "--square-mm"),
    (["battlefield", "--scale"], "--scale"),
]


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "NaN", "1e400"])
@pytest.mark.parametrize("argv,option", FLOAT_OPTIONS)
def test_float_options_refuse_nan_and_infinity(capsys, argv, option, value):
    _refused(capsys, [*argv, value], option)


@pytest.mark.parametrize("value", ["nanmm", "infmm", "1" + "0" * 400 + "mm", "nan/8in"])
def test_counter_size_refuses_nan_and_infinity(capsys, value):
    _refused(capsys, ["counters", "--size", value], "--size")


@pytest.mark.parametrize("value", ["nanxnan", "infx120", "1e400x120", "180xinf"])
def test_table_size_refuses_nan_and_infinity(capsys, value):
    _refused(capsys, ["battlefield", "--table", value], "--table")


@pytest.mark.parametrize(
    "extra,named",
    [
        (["--countries", "1000"], "--countries"),
        (["--countries", "2"], "--countries"),
        (["--neutrals", "1"], "--neutrals"),
        (["--sheet", "a3"], "--sheet"),
    ],
)
def test_renaissance_options_on_a_fantasy_warriors_new_are_refused(capsys, extra, named):
    err = _refused(capsys, ["new", "--seed", "1", *extra], named, "Renaissance")
    assert "--campaign" in err


@pytest.mark.parametrize("extra,named", [(["--width", "20"], "--width"), (["--races", "orcs,undead"], "--races"), (["--square-mm", "40"], "--square-mm")])
def test_fantasy_warriors_options_on_a_renaissance_new_are_refused(capsys, extra, named):
    _refused(capsys, ["new", "--campaign", "renaissance", "--seed", "1", *extra], named, "Fantasy Warriors")


def test_defaults_given_explicitly_are_still_the_wrong_campaigns(capsys):
    _refused(capsys, ["new", "--seed", "1", "--countries", "1"], "--countries")


def test_counters_refuse_a_format_they_do_not_have(capsys):
    _refused(capsys, ["counters", "--formats", "json,md"], "--formats", "md", "json, svg, pdf")


def test_new_with_md_only_says_the_counters_are_left_out(capsys):
    code, out, err = run(["new", "--seed", "1", "--size", "small", "--formats", "md", "--out", "k"], capsys)
    assert code == 0, err
    assert "counters: left out" in out and not list(Path("k").glob("counters*"))


@pytest.mark.parametrize("orders", ["a=defend,a=probe", "A=defend,a=defend", "b=probe, B=max_speed"])
def test_an_order_given_twice_for_a_side_is_refused(capsys, orders):
    _refused(capsys, ["battlefield", "--orders", orders], "--orders", "given twice")


# --------------------------------------------------------------------------- big PDFs


def test_the_page_limit_is_the_readmes():
    assert MAX_PDF_PAGES == README_PAGE_LIMIT


def test_the_largest_map_with_a_pdf_is_refused_at_once(capsys):
    # 400 x 400 squares of 50 mm: 20 x 20 m, 51 x 74 sheets of A3 plus the index.
    err = _refused(capsys, ["fw-map", "--width", "400", "--height", "400"], "3775 pages", "A3 landscape", "--formats json,svg,md", "--square-mm", "--paper")
    assert f"limit of {README_PAGE_LIMIT}" in err


def test_new_refuses_it_too(capsys):
    _refused(capsys, ["new", "--width", "200", "--height", "200", "--square-mm", "40", "--paper", "a4"], "pages of A4 landscape")


def test_a_drawing_over_the_limit_is_refused_before_its_pdf_is_converted(tmp_path):
    # Every kit file goes through write_kit: the drawing's size decides, before the SVG text is made.
    from mapgen import kit

    class Huge:
        width_mm, height_mm = 6000.0, 6000.0

        def tostring(self):
            raise AssertionError("the SVG of a refused PDF is never made")

    with pytest.raises(PdfTooLargeError, match=r"plan\.pdf would take \d+ pages of A4 landscape.*--scale"):
        with kit.Outputs(tmp_path / "k") as outputs:
            kit.write_kit(outputs, "plan", ("svg", "pdf"), get_paper("A4"), {}, Huge, None, "t", change="--scale")
    assert list(tmp_path.iterdir()) == []


def test_the_limit_is_checked_before_converting(tmp_path):
    # Three pages (an index and two tiles) against a limit of two: refused, no file.
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400mm" height="100mm" viewBox="0 0 400 100"><rect width="400" height="100"/></svg>'
    with pytest.raises(PdfTooLargeError, match="3 pages"):
        write_pdf(svg, tmp_path / "m.pdf", get_paper("A4"), max_pages=2)
    assert list(tmp_path.iterdir()) == []
    assert write_pdf(svg, tmp_path / "m.pdf", get_paper("A4"), max_pages=3).pages == 3


@pytest.mark.parametrize(
    "seed, named",
    [
        ("\udcff", "not valid UTF-8"),  # the byte 0xff on a command line reaches Python as a lone surrogate
        ("9" * 5000, "5000 characters"),  # int() would stop at 4300 digits
    ],
)
def test_seeds_no_file_can_hold_are_refused(capsys, seed, named):
    _refused(capsys, ["fw-map", "--seed", seed, "--formats", "json"], named)


@pytest.mark.parametrize("seed, stored", [("²", "²"), ("-12", -12), ("0012", 12)])
def test_a_seed_of_digits_is_a_number_only_when_its_digits_are_ascii(capsys, in_tmp, seed, stored):
    import json

    code, out, err = run(["fw-map", "--seed", seed, "--formats", "json", "--out", "m"], capsys)
    assert code == 0, err
    assert json.loads((in_tmp / "m" / "fw-map.json").read_text(encoding="utf-8"))["seed"] == stored
