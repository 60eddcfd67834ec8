"""The counter PDF measured from its own bytes: exact sizes, places, standard fonts, same bytes every time."""

import re

import pytest

from mapgen.counters.layout import lay_out
from mapgen.counters.sets import fw_set, renaissance_set
from mapgen.render.counters import MIN_TEXT_MM, Text, page_items, render_pages
from mapgen.render.counters_pdf import write_counters_pdf
from mapgen.paper import get_paper
from tests.test_pdf import read_pdf

TOL_MM = 0.1


def counter_squares(page, size):
    """Filled shapes the size of a counter (the counter grounds), as (left, bottom, right, top) mm."""
    return sorted(
        (box for _, box, _ in page.shapes if abs(box[2] - box[0] - size) < 0.5 and abs(box[3] - box[1] - size) < 0.5),
        key=lambda b: (-b[3], b[0]),
    )


@pytest.mark.parametrize("size,paper", [(12.7, "a4-portrait"), (15.875, "letter-portrait"), (16.0, "a3"), (25.4, "a4")])
def test_counters_are_exact_size_where_the_json_says(tmp_path, size, paper):
    p = get_paper(paper)
    sheet = lay_out(fw_set(), p, size, bleed_mm=0.0, gutter_mm=0.0, title="FW")  # grounds exactly the counters
    write_counters_pdf(sheet, tmp_path / "c.pdf")
    pages = read_pdf((tmp_path / "c.pdf").read_bytes())
    assert len(pages) == sheet.pdf_pages
    data = sheet.to_json()
    for pdf_page, entry in zip(pages, data["pages"]):
        assert pdf_page.media == pytest.approx((p.width_mm, p.height_mm), abs=0.01)
        found = counter_squares(pdf_page, size)
        assert len(found) == len(entry["counters"])
        for box in found:
            assert box[2] - box[0] == pytest.approx(size, abs=TOL_MM)
            assert box[3] - box[1] == pytest.approx(size, abs=TOL_MM)
        # Each counter where counters.json puts it: x from the left, y from the top of the page.
        expected = sorted(((c["x_mm"], p.height_mm - c["y_mm"]) for c in entry["counters"]), key=lambda t: (-t[1], t[0]))
        for (x, top), box in zip(expected, found):
            assert box[0] == pytest.approx(x, abs=TOL_MM)
            assert box[3] == pytest.approx(top, abs=TOL_MM)


def test_back_page_mirrors_the_front_page_in_the_pdf(tmp_path):
    p = get_paper("a4-portrait")
    size = 15.875
    sheet = lay_out(renaissance_set(), p, size, bleed_mm=0.0, gutter_mm=0.0)
    write_counters_pdf(sheet, tmp_path / "c.pdf")
    front, back = read_pdf((tmp_path / "c.pdf").read_bytes())[:2]
    fronts = {(round(b[0], 2), round(b[3], 2)) for b in counter_squares(front, size)}
    backs = {(round(p.width_mm - b[0] - size, 2), round(b[3], 2)) for b in counter_squares(back, size)}
    assert fronts and fronts == backs
    assert "FRONTS" in front.text and "BACKS of page 1" in back.text


def test_bleed_grows_the_outer_grounds(tmp_path):
    p = get_paper("a4-portrait")
    sheet = lay_out(fw_set()[:3], p, 20.0, bleed_mm=2.0, gutter_mm=0.0)
    write_counters_pdf(sheet, tmp_path / "c.pdf")
    page = read_pdf((tmp_path / "c.pdf").read_bytes())[0]
    widths = sorted(round(b[2] - b[0], 3) for _, b, _ in page.shapes if abs(b[3] - b[1] - 24.0) < 0.01)
    # Three counters in a row: the outer two bleed 2 mm outwards, the middle one only up and down.
    assert widths == [20.0, 22.0, 22.0]


def test_vera_is_embedded_and_text_is_there(tmp_path):
    sheet = lay_out(fw_set(), get_paper("a4-portrait"), 12.7, title="Fantasy Warriors counters")
    write_counters_pdf(sheet, tmp_path / "c.pdf")
    data = (tmp_path / "c.pdf").read_bytes()
    fonts = set(re.findall(rb"/BaseFont /[A-Z]{6}\+([\w-]+)", data))
    assert fonts == {b"BitstreamVeraSans-Roman", b"BitstreamVeraSans-Bold"}
    assert data.count(b"/FontFile2") == len(fonts) == data.count(b"/BaseFont")
    text = " ".join(page.text for page in read_pdf(data))
    for word in ("Max Speed", "Probe", "Defend", "Confused", "Unsteady", "Shattered", "Holding", "Capital", "Sacked", "Withdraw"):
        assert word in text


def test_smallest_text_is_at_least_the_minimum_on_half_inch_counters():
    sheet = lay_out(fw_set(), get_paper("a4-portrait"), 12.7)
    from mapgen.render.counters import face_items

    sizes = []
    for c in sheet.counters():
        for face in (c.front, c.back):
            sizes += [i.size for i in face_items(face, 12.7) if isinstance(i, Text)]
    assert min(sizes) >= MIN_TEXT_MM - 1e-9
    captions = [i for _, items in page_items(sheet, 1) for i in items if isinstance(i, Text)]
    assert captions and min(t.size for t in captions) >= 1.4


def test_same_sheet_same_bytes(tmp_path):
    for name in ("a", "b"):
        sheet = lay_out(fw_set(), get_paper("letter"), 15.875, title="same")
        write_counters_pdf(sheet, tmp_path / f"{name}.pdf")
        (tmp_path / f"{name}.svg").write_text("".join(render_pages(sheet)))
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert (tmp_path / "a.svg").read_text() == (tmp_path / "b.svg").read_text()


def test_each_symbol_and_texture_is_stored_once(tmp_path):
    from mapgen.render.counters import Symbol, Texture, face_items

    sheet = lay_out(fw_set(), get_paper("a4-portrait"), 15.875)
    write_counters_pdf(sheet, tmp_path / "c.pdf")
    faces = {c.front for c in sheet.counters()} | {c.back for c in sheet.counters()}
    symbols = {(i.id, i.ink) for f in faces for i in face_items(f, 15.875) if isinstance(i, Symbol)}
    textures = {i for f in faces for i in face_items(f, 15.875) if isinstance(i, Texture)}
    assert len(textures) >= 3  # red, blue and a turned-over face's
    assert (tmp_path / "c.pdf").read_bytes().count(b"/Subtype /Form") == len(symbols) + len(textures)
