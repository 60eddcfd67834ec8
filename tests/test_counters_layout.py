"""Layout: counter sizes, every counter inside the printable area, mirrored backs, counters.json."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapgen.counters.layout import (
    fit_grid,
    CROP_GAP_MM,
    CROP_LEN_MM,
    MIN_MARGIN_MM,
    SizeError,
    back_x,
    lay_out,
    parse_size,
)
from mapgen.counters.model import Counter, Face, sheet_from_json
from mapgen.counters.sets import fw_set
from mapgen.errors import InfeasibleError
from mapgen.paper import get_paper, paper_names

EPS = 1e-6


@pytest.mark.parametrize(
    "text,mm",
    [("1/2in", 12.7), ("5/8in", 15.875), ("3/4in", 19.05), ("1in", 25.4), ("16mm", 16.0), ("22.5mm", 22.5), ("0.6in", 15.24), ("5/8 in", 15.875)],
)
def test_sizes(text, mm):
    assert parse_size(text) == pytest.approx(mm, abs=1e-9)


@pytest.mark.parametrize("text", ["huge", "16", "2cm", "5/8mm", "1/0in", "", "mm"])
def test_unknown_sizes(text):
    with pytest.raises(SizeError, match="unknown size"):
        parse_size(text)


def test_too_small_to_read():
    with pytest.raises(SizeError, match="not readable"):
        parse_size("5mm")


def dummy(n):
    face = Face("red", "X")
    return [Counter(f"c{i}", f"C {i}", "test", face, face) for i in range(n)]


@settings(max_examples=150, deadline=None)
@given(
    paper=st.sampled_from(paper_names()),
    size=st.floats(10, 60),
    bleed=st.floats(0, 3),
    gutter=st.one_of(st.just(0.0), st.floats(0, 10)),
    fold=st.booleans(),
    n=st.integers(1, 300),
)
def test_every_counter_inside_the_printable_area_and_backs_mirrored(paper, size, bleed, gutter, fold, n):
    p = get_paper(paper)
    try:
        sheet = lay_out(dummy(n), p, size, bleed, gutter, fold)
    except InfeasibleError:
        assert fold and size + 2 * (bleed + CROP_GAP_MM + CROP_LEN_MM) > p.width_mm / 2 - p.margin_mm
        return
    W, H, m = p.width_mm, p.height_mm, p.margin_mm
    assert m >= MIN_MARGIN_MM
    band = bleed + CROP_GAP_MM + CROP_LEN_MM  # crop marks must print too
    fronts = [pg for pg in sheet.pages if pg.side == "front"]
    backs = [pg for pg in sheet.pages if pg.side == "back"]
    assert len(fronts) == len(backs)
    assert [c.id for pg in fronts for c in (pl.counter for pl in pg.placements)] == [f"c{i}" for i in range(n)]
    for front, back in zip(fronts, backs):
        assert (back.pdf_page == front.pdf_page) if fold else (back.pdf_page == front.pdf_page + 1)
        assert [pl.counter.id for pl in front.placements] == [pl.counter.id for pl in back.placements]
        for f, b in zip(front.placements, back.placements):
            # The back of a front at x on a page of width W sits at W - x - size, same y.
            assert b.x_mm == pytest.approx(W - f.x_mm - size, abs=1e-9)
            assert b.y_mm == f.y_mm
            for pl in (f, b):
                assert m - EPS <= pl.x_mm - band and pl.x_mm + size + band <= W - m + EPS
                assert m - EPS <= pl.y_mm - band and pl.y_mm + size + band <= H - m + EPS
            if fold:
                assert f.x_mm + size + band <= W / 2 + EPS <= b.x_mm - band + 2 * EPS
        # No two counters overlap.
        spots = sorted((pl.y_mm, pl.x_mm) for pl in front.placements)
        for (y1, x1), (y2, x2) in zip(spots, spots[1:]):
            assert y2 - y1 >= size + gutter - EPS or (y1 == y2 and x2 - x1 >= size + gutter - EPS)


def test_back_formula():
    assert back_x(20.0, 210.0, 15.875) == pytest.approx(174.125)


def test_counter_too_large_for_the_paper():
    with pytest.raises(InfeasibleError, match="300 mm counter does not fit A4 portrait"):
        lay_out(dummy(3), get_paper("a4-portrait"), 300.0)
    with pytest.raises(InfeasibleError, match="does not fit half of"):
        lay_out(dummy(3), get_paper("a4-portrait"), 95.0, fold=True)


def test_counters_json_contract():
    sheet = lay_out(fw_set(), get_paper("a4-portrait"), 12.7, title="t")
    data = sheet.to_json()
    assert list(data) == ["schema", "version", "size_mm", "paper", "bleed_mm", "gutter_mm", "pages"]
    assert (data["bleed_mm"], data["gutter_mm"]) == (1.0, 1.0)  # the defaults (issue 11)
    assert (data["schema"], data["version"], data["size_mm"], data["paper"]) == ("mapgen/counters", 1, 12.7, "A4-portrait")
    assert [p["side"] for p in data["pages"]] == ["front", "back"] * (len(data["pages"]) // 2)
    for page in data["pages"]:
        assert list(page) == ["side", "counters"]
        for c in page["counters"]:
            assert list(c) == ["id", "label", "x_mm", "y_mm"]
    front, back = data["pages"][:2]
    assert front["counters"][0]["label"] == "Red Force 1" and back["counters"][0]["label"] == "Red"
    read = sheet_from_json(data)
    assert read.paper == get_paper("a4-portrait") and read.size_mm == 12.7 and len(read.pages) == len(data["pages"])


def test_many_counters_make_many_page_pairs():
    sheet = lay_out(dummy(500), get_paper("a4-portrait"), 15.875)
    per_page = fit_grid(get_paper("a4-portrait"), 15.875, sheet.bleed_mm, sheet.gutter_mm).per_page
    # 194 x 281 mm printable, less 6 mm of crop marks each side (1 mm default bleed, 1 mm gap, 4 mm mark),
    # an 8 mm header and a 6 mm footer; counters 15.875 mm with the default 1 mm gutter between them.
    assert per_page == int((194 - 12 + 1) // 16.875) * int((281 - 12 - 8 - 6 + 1) // 16.875) == 10 * 15
    assert sheet.pdf_pages == 2 * -(-500 // per_page)
