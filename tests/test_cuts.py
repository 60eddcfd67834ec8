"""A tiled campaign map is cut on grid lines, with one glue flap per pair of sheets (issue 11, "Paper").

Expected sheets are worked out by hand from the paper sizes: A3 is 297 x 420 mm,
with the 8 mm home-printer margin its printable area is 404 x 281 mm landscape;
A4 gives 281 x 194 mm.  The map's label band and territory strip add 18 mm on
each side of the grid (templates/fw-map/style.json: label_band 10 + strip_band 8).
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions
from mapgen.render.cuts import GridCut, fewest_sheets, grid_sheets
from mapgen.render.fw_map_key import fw_map_cut, render_fw_map_key
from mapgen.paper import get_paper, paper_names

BAND = 18.0
FLAP = 10.0


def block(cols: int, rows: int, square: float = 50.0, band: float = BAND) -> GridCut:
    return GridCut(6.0, 30.0, cols * square + 2 * band, rows * square + 2 * band, 6.0 + band, 30.0 + band, square, cols, rows)


def test_a_15_by_10_map_on_a3_landscape_is_three_by_two_sheets_of_five_by_five_squares():
    # Across: 18 + 15 x 50 + 18 = 786 mm > 404.  A sheet holds at most 7 columns (18 + 7 x 50 + 10 = 378 <= 404),
    # so 3 sheets; spread evenly, 5 + 5 + 5.  Down: 18 + 10 x 50 + 18 = 536 > 281; 5 rows (18 + 250 + 10 = 278): 2 sheets.
    sheets = grid_sheets(block(15, 10), get_paper("A3"), FLAP)
    assert [(s.column, s.row) for s in sheets] == [(1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2)]
    assert [s.squares for s in sheets[:3]] == [(0, 5, 0, 5), (5, 10, 0, 5), (10, 15, 0, 5)]
    assert [s.squares[2:] for s in sheets[3:]] == [(5, 10)] * 3
    first, middle, last = sheets[:3]
    assert (first.x_mm, first.width_mm, first.flap_right) == (6.0, 18 + 250, FLAP)
    assert (middle.x_mm, middle.width_mm, middle.flap_right) == (6.0 + 18 + 250, 250, FLAP)
    assert (last.x_mm, last.width_mm, last.flap_right) == (6.0 + 18 + 500, 250 + 18, 0.0)
    assert [s.flap_bottom for s in sheets] == [FLAP] * 3 + [0.0] * 3


def test_a_map_that_fits_one_sheet_is_one_sheet_without_flaps():
    # 18 + 6 x 50 + 18 = 336 <= 404 and 18 + 4 x 50 + 18 = 236 <= 281.
    assert [(s.squares, s.flap_right, s.flap_bottom) for s in grid_sheets(block(6, 4), get_paper("A3"), FLAP)] == [
        ((0, 6, 0, 4), 0.0, 0.0)
    ]


def test_a_square_too_big_for_a_sheet_cannot_be_cut_on_grid_lines():
    # 200 mm squares on A4 portrait (194 mm wide): not one square fits across.
    assert grid_sheets(block(3, 3, square=200.0), get_paper("A4-portrait"), FLAP) is None


def test_the_orientation_that_needs_fewer_sheets_unless_the_player_named_one():
    # 4 columns x 12 rows: landscape A3 takes 18 + 200 + 18 = 236 across (1 sheet) and 12 rows in 5s: 3 sheets;
    # portrait (281 x 404): across 236 <= 281, 1 sheet; down 7 rows a sheet (18 + 350 + 10 = 378): 2 sheets.
    tall = block(4, 12)
    assert len(grid_sheets(tall, get_paper("A3"), FLAP)) == 3
    assert fewest_sheets(tall, get_paper("A3"), FLAP).orientation == "portrait"
    assert fewest_sheets(tall, get_paper("A3-landscape"), FLAP).orientation == "landscape"
    # A tie keeps landscape, the default.
    assert fewest_sheets(block(15, 10), get_paper("A3"), FLAP).orientation == "landscape"


@settings(max_examples=300, deadline=None)
@given(
    cols=st.integers(1, 60),
    rows=st.integers(1, 60),
    square=st.sampled_from([20.0, 35.0, 50.0, 75.0, 100.0]),
    paper=st.sampled_from(paper_names()),
)
def test_every_sheet_holds_whole_squares_and_the_sheets_cover_the_map_once(cols, rows, square, paper):
    cut = block(cols, rows, square)
    p = get_paper(paper)
    sheets = grid_sheets(cut, p, FLAP)
    pw, ph = p.printable_mm
    def cuttable(n: int, room: float) -> bool:  # whole on one sheet, or one square with its band and a flap fits
        return BAND + n * square + BAND <= room or (n >= 2 and BAND + square + FLAP <= room and square + BAND <= room)

    assert (sheets is None) == (not (cuttable(cols, pw) and cuttable(rows, ph)))
    if sheets is None:
        return
    area = 0.0
    for s in sheets:
        assert s.width_mm + s.flap_right <= pw + 1e-6 and s.height_mm + s.flap_bottom <= ph + 1e-6
        a, b, r0, r1 = s.squares
        assert b - a >= 1 and r1 - r0 >= 1  # no sheet without a square: no sliver, no blank sheet
        for edge in (s.x_mm, s.x_mm + s.width_mm):  # cut lines are grid lines (or the block's own edge)
            assert edge in (cut.x, cut.x + cut.width) or abs((edge - cut.grid_x) / square - round((edge - cut.grid_x) / square)) < 1e-9
        for edge in (s.y_mm, s.y_mm + s.height_mm):
            assert edge in (cut.y, cut.y + cut.height) or abs((edge - cut.grid_y) / square - round((edge - cut.grid_y) / square)) < 1e-9
        area += s.width_mm * s.height_mm
    assert area == pytest.approx(cut.width * cut.height)
    ncols, nrows = max(s.column for s in sheets), max(s.row for s in sheets)
    assert len(sheets) == ncols * nrows
    for s in sheets:  # one flap per pair of neighbours: on the left or upper sheet
        assert (s.flap_right > 0) == (s.column < ncols) and (s.flap_bottom > 0) == (s.row < nrows)


@pytest.mark.parametrize("size", ["small", "medium", "large"])
@pytest.mark.parametrize("paper", ["A4", "A3", "Letter", "Tabloid-portrait"])
def test_generated_maps_split_no_square_and_their_key_fits_one_sheet(size, paper):
    m = generate_map(MapOptions(seed=21, size=size))
    p = get_paper(paper)
    cut = fw_map_cut(m)
    assert (cut.cols, cut.rows, cut.square) == (m.width, m.height, m.square_mm)
    p = fewest_sheets(cut, p, FLAP)
    sheets = grid_sheets(cut, p, FLAP)
    assert sheets is not None
    covered = sorted((c, r) for s in sheets for c in range(s.squares[0], s.squares[1]) for r in range(s.squares[2], s.squares[3]))
    assert covered == sorted((c, r) for c in range(m.width) for r in range(m.height))  # each square on exactly one sheet
    key = render_fw_map_key(m, p)
    pw, ph = p.printable_mm
    assert key.width_mm <= pw + 1e-6 and key.height_mm <= ph + 1e-6
    text = key.tostring()
    for heading in ("Fantasy Warriors", "Terrain", "Rivers, roads and crossings", "Sides and holdings", "Campaign"):
        assert heading in text


def _poster(cols: int, rows: int) -> tuple[str, GridCut]:
    """A poster like the map's: a 40 mm title above, the block (bands and a grid of 50 mm squares), a legend to the right."""
    cut = GridCut(6.0, 40.0, cols * 50 + 2 * BAND, rows * 50 + 2 * BAND, 6.0 + BAND, 40.0 + BAND, 50.0, cols, rows)
    width, height = cut.x + cut.width + 120, cut.y + cut.height + 6
    squares = "".join(
        f'<rect x="{cut.grid_x + c * 50 + 1}" y="{cut.grid_y + r * 50 + 1}" width="48" height="48" fill="#{0x10 + c:02x}{0x10 + r:02x}80"/>'
        for c in range(cols) for r in range(rows)
    )
    legend = f'<rect x="{cut.x + cut.width + 10}" y="40" width="100" height="150" fill="#ff00ff"/>'
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">'
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>{squares}{legend}</svg>')
    return svg, cut


def test_the_pdf_shows_every_square_whole_on_one_sheet_and_the_legend_only_on_the_key(tmp_path):
    from mapgen.render.pdf import write_pdf

    from .test_pdf import read_pdf

    svg, cut = _poster(15, 10)
    key = ('<svg xmlns="http://www.w3.org/2000/svg" width="150mm" height="100mm" viewBox="0 0 150 100">'
           '<rect x="0" y="0" width="150" height="100" fill="#00ff00"/></svg>')
    report = write_pdf(svg, tmp_path / "m.pdf", get_paper("A3"), overlap_mm=FLAP, cut=cut, key_svg=key)
    pages = read_pdf((tmp_path / "m.pdf").read_bytes())
    assert report.pages == len(pages) == 1 + 1 + 6 and report.tiles == (3, 2)  # index, key, 3 x 2 sheets

    def colours(page, whole=False):
        out = []
        for rgb, (x0, y0, x1, y1), clip in page.shapes:
            cx0, cy0, cx1, cy1 = clip if clip else (x0, y0, x1, y1)
            if whole and not (cx0 - 1e-3 <= x0 and x1 <= cx1 + 1e-3 and cy0 - 1e-3 <= y0 and y1 <= cy1 + 1e-3):
                continue
            if min(x1, cx1) - max(x0, cx0) > 1e-3 and min(y1, cy1) - max(y0, cy0) > 1e-3:
                out.append(tuple(round(v * 255) for v in rgb))
        return out

    assert (0, 255, 0) in colours(pages[1]) and (255, 0, 255) not in colours(pages[1])  # the key sheet
    for page in pages[2:]:
        assert (255, 0, 255) not in colours(page) and (0, 255, 0) not in colours(page)  # no legend on the sheets
    whole = [c for page in pages[2:] for c in colours(page, whole=True) if c[2] == 0x80]
    expected = sorted((0x10 + c, 0x10 + r, 0x80) for c in range(15) for r in range(10))
    assert sorted(whole) == expected  # every square whole on exactly one sheet


def test_no_crop_mark_or_cut_line_runs_through_a_caption(tmp_path, monkeypatch):
    """Issue 11, the 300 dpi look: on A3 landscape a sheet of 5 rows (278 of 281 mm) reaches the top of the
    printable area, and the crop mark above its top left corner (1 to 6 mm above) ran through the page's
    caption ("squa|res F1-J5 ..."). A crop mark is a line to cut on, never a strike through words."""
    from reportlab.pdfgen.canvas import Canvas

    from mapgen.render import fonts
    from mapgen.render.pdf import write_pdf

    pages: list[tuple[list, list]] = [([], [])]
    line, draw, show = Canvas.line, Canvas.drawString, Canvas.showPage

    def spy_line(self, x1, y1, x2, y2):
        pages[-1][0].append((x1, y1, x2, y2))
        return line(self, x1, y1, x2, y2)

    def spy_draw(self, x, y, text, *args, **kwargs):
        size = self._fontsize
        pages[-1][1].append((text, x, y - 0.24 * size, x + fonts.width(text, size), y + 0.76 * size))
        return draw(self, x, y, text, *args, **kwargs)

    def spy_show(self):
        pages.append(([], []))
        return show(self)

    monkeypatch.setattr(Canvas, "line", spy_line)
    monkeypatch.setattr(Canvas, "drawString", spy_draw)
    monkeypatch.setattr(Canvas, "showPage", spy_show)
    svg, cut = _poster(15, 10)
    write_pdf(svg, tmp_path / "m.pdf", get_paper("A3"), overlap_mm=FLAP, cut=cut)
    checked = 0
    for lines, texts in pages:
        for text, tx0, ty0, tx1, ty1 in texts:
            for x1, y1, x2, y2 in lines:
                checked += 1
                crosses = min(x1, x2) <= tx1 and max(x1, x2) >= tx0 and min(y1, y2) <= ty1 and max(y1, y2) >= ty0
                assert not crosses, (text, (x1, y1, x2, y2))
    assert checked


def test_a_country_map_prints_one_country_per_sheet_when_it_fits(tmp_path, capsys):
    """Issue 11: country sheets are A4 landscape (297 x 210 mm, RC-1); A3's printable 404 x 281 mm holds one
    with its 10 mm flap (307 x 220), but not two (604); A4's 281 x 194 mm cannot hold one at all."""
    from mapgen.render.country_key import country_cut, render_country_key

    from .cli_helpers import run

    code, _, _ = run(["country", "--seed", "3", "--countries", "3", "--neutrals", "1", "--formats", "json", "--out",
                      str(tmp_path / "c")], capsys)
    assert code == 0
    from mapgen.country.model import read_country_map

    cm = read_country_map(tmp_path / "c" / "country.json")
    cut = country_cut(cm)
    cols, rows = cm.grid
    assert (cut.square, cut.cell_h) == tuple(cm.sheet_mm) == (297.0, 210.0)
    sheets = grid_sheets(cut, get_paper("A3"), FLAP)
    assert sorted(s.squares for s in sheets) == sorted((c, c + 1, r, r + 1) for c in range(cols) for r in range(rows))
    # A4 cannot hold a whole country: each is cut in two side by side, which A4 portrait holds one to a page
    # with its flap (at most 184 + 10 within 194 x 281); landscape would need quarters. The capital stands at
    # the sheet's centre with a straight road each way (RC-1.5): the cut keeps 20 mm off it, 128.5 + 168.5 mm.
    paper = fewest_sheets(cut, get_paper("A4"), FLAP)
    halves = grid_sheets(cut, paper, FLAP)
    assert paper.orientation == "portrait" and {s.parts for s in halves} == {(2, 1)}
    assert len(halves) == 2 * cols * rows
    assert sorted({round(s.width_mm, 6) for s in halves}) == [128.5, 168.5]  # no sliver
    assert all(abs(s.height_mm - 210.0) < 1e-6 for s in halves)
    centres = [cut.grid_x + (c + 0.5) * 297.0 for c in range(cols)]
    cuts = {round(s.x_mm + s.width_mm, 6) for s in halves}
    assert all(abs(x - centre) >= 20.0 - 1e-6 for x in cuts for centre in centres)
    landscape = paper.turned()
    assert landscape.orientation == "landscape" and grid_sheets(cut, landscape, FLAP)[0].parts == (2, 2)
    key = render_country_key(cm, get_paper("A3"))
    assert key.width_mm <= 404 + 1e-6 and key.height_mm <= 281 + 1e-6
    assert "Places (RC-1.1)" in key.tostring()


def test_the_glue_flap_words_stand_on_a_white_plate(tmp_path, monkeypatch):
    """Issue 11, the 300 dpi look: on a tiled map the words "glue flap: sheet N goes over this" were printed over
    the neighbour's squares shown on the flap, through their names ("C4", "E2") and symbols. Each now stands on a
    white plate as wide as the words, drawn under them, on the right flaps (words turned up) and the bottom ones."""
    from reportlab.pdfgen.canvas import Canvas

    from mapgen.render import fonts
    from mapgen.render.pdf import write_pdf

    def on_page(c, x, y):
        a, b, cc, d, e, f = c._currentMatrix
        return a * x + cc * y + e, b * x + d * y + f

    def page_box(c, x0, y0, x1, y1):
        xs, ys = zip(*(on_page(c, x, y) for x in (x0, x1) for y in (y0, y1)))
        return min(xs), min(ys), max(xs), max(ys)

    plates, words = [], []
    rect, centred = Canvas.rect, Canvas.drawCentredString

    def spy_rect(self, x, y, width, height, stroke=1, fill=0):
        ink = self._fillColorObj
        if fill and not stroke and tuple(ink.rgb() if hasattr(ink, "rgb") else ink) == (1, 1, 1):
            plates.append(page_box(self, x, y, x + width, y + height))
        return rect(self, x, y, width, height, stroke=stroke, fill=fill)

    def spy_centred(self, x, y, text, *args, **kwargs):
        if text.startswith("glue flap") or text.startswith("sheet ") or text.startswith("under sheet"):  # pdf_sheets.FLAP_WORDS
            size, half = self._fontsize, fonts.width(text, self._fontsize) / 2
            words.append((text, page_box(self, x - half, y - 0.24 * size, x + half, y + 0.76 * size), len(plates)))
        return centred(self, x, y, text, *args, **kwargs)

    monkeypatch.setattr(Canvas, "rect", spy_rect)
    monkeypatch.setattr(Canvas, "drawCentredString", spy_centred)
    svg, cut = _poster(15, 10)
    write_pdf(svg, tmp_path / "m.pdf", get_paper("A3"), overlap_mm=FLAP, cut=cut)
    assert len(words) == 7  # 3 x 2 sheets: 4 right flaps and 3 bottom ones
    turned = 0
    for text, (x0, y0, x1, y1), drawn_before in words:
        turned += y1 - y0 > x1 - x0
        assert any(px0 <= x0 and py0 <= y0 and px1 >= x1 and py1 >= y1 for px0, py0, px1, py1 in plates[:drawn_before]), text
    assert turned == 4


def test_every_sheet_knows_the_grids_frame_where_its_flap_shading_stops():
    # Issue 25: a bottom flap's shading ran over the row numbers left of the frame.  Each sheet carries the
    # grid's frame (the grid's own corners, not the label bands round it), which the PDF clips the flaps to.
    cut = block(15, 10)
    for s in grid_sheets(cut, get_paper("A4"), FLAP):
        assert s.frame == pytest.approx((cut.grid_x, cut.grid_y, cut.grid_x + 15 * cut.square, cut.grid_y + 10 * cut.square))
        assert s.frame[0] > cut.x and s.frame[2] < cut.x + cut.width  # inside the label bands


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="no pdftotext (poppler-utils) on the PATH")
def test_no_glue_flap_word_covers_a_square_id_on_the_printed_tiles(tmp_path, capsys):
    """Issue 25: on a right flap the words, centred on the flap, covered the id of a square of the neighbour's
    first column ("G13" under "sheet", on the A4 tiles of a large map).  Read from the PDF as a reader finds
    the words (poppler's boxes): no word of a flap's label meets a square id on any tile."""
    from .cli_helpers import run

    code, _out, err = run(["fw-map", "--seed", "4", "--size", "large", "--paper", "A4", "--formats", "pdf", "--out", str(tmp_path)], capsys)
    assert code == 0, err
    bbox = tmp_path / "words.html"
    subprocess.run(["pdftotext", "-bbox", str(tmp_path / "fw-map.pdf"), str(bbox)], check=True)
    word = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
    flap_words, checked = {"glue", "flap:", "sheet", "goes", "over", "this", "under"}, 0
    for page in bbox.read_text(encoding="utf-8").split("<page ")[2:]:  # the tiles: the index page is the first
        words = [(*map(float, m.groups()[:4]), m.group(5)) for m in word.finditer(page)]
        ids = [w for w in words if re.fullmatch(r"[A-Z]{1,2}\d{1,3}", w[4])]
        label = [w for w in words if w[4] in flap_words]
        checked += bool(label)
        for a in label:
            for b in ids:
                assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
    assert checked >= 20  # 23 pages: the index, the key and 21 tiles, all but the last with a flap
