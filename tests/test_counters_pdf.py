"""The counter PDF measured from its own bytes: exact sizes, places, standard fonts, same bytes every time."""

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from mapgen.counters.layout import lay_out
from mapgen.counters.sets import fw_set, renaissance_set
from mapgen.render import counters_pdf, fonts
from mapgen.render.counters import (
    MIN_TEXT_MM,
    SYMBOL_BOX,
    Circle,
    FaceArt,
    Line,
    Rect,
    Symbol,
    Text,
    Texture,
    face_items,
    page_items,
    render_pages,
)
from mapgen.render.counters_pdf import write_counters_pdf
from mapgen.render.pdf import PT_PER_MM, _pdf_text
from mapgen.render.pdf_draw import draw_svg
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


class CanvasPainter:
    """The counters drawn through ReportLab's canvas, call by call: the operators the PDF must hold.

    The sheet's writer hands the canvas the same operators as text; these are the canvas's own.
    """

    def __init__(self, canvas, page_h_mm):
        self.c, self.h, self.forms = canvas, page_h_mm, {}

    def flush(self):
        pass

    def _pt(self, x_mm, y_mm):
        return x_mm * PT_PER_MM, (self.h - y_mm) * PT_PER_MM

    def form(self, symbol_id, ink):
        if (symbol_id, ink) not in self.forms:
            name = f"sym{len(self.forms)}"
            self.c.beginForm(name, 0, 0, SYMBOL_BOX * PT_PER_MM, SYMBOL_BOX * PT_PER_MM)
            draw_svg(self.c, counters_pdf._symbol_svg(symbol_id, ink))
            self.c.endForm()
            self.forms[(symbol_id, ink)] = name
        return self.forms[(symbol_id, ink)]

    def texture(self, item):
        if item not in self.forms:
            name = f"tex{len(self.forms)}"
            self.c.beginForm(name, 0, 0, item.size * PT_PER_MM, item.size * PT_PER_MM)
            inner = CanvasPainter(self.c, item.size)
            for part in item.parts():
                inner.draw(part)
            self.c.endForm()
            self.forms[item] = name
        return self.forms[item]

    def draw(self, item, dx=0.0, dy=0.0):
        c, mm = self.c, PT_PER_MM
        rgb = lambda hex_colour: [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]  # noqa: E731
        if isinstance(item, Rect):
            x, y = self._pt(dx + item.x, dy + item.y + item.h)
            if item.fill:
                c.setFillColorRGB(*rgb(item.fill))
            if item.stroke:
                c.setStrokeColorRGB(*rgb(item.stroke))
                c.setLineWidth(item.width * mm)
            c.rect(x, y, item.w * mm, item.h * mm, stroke=1 if item.stroke else 0, fill=1 if item.fill else 0)
        elif isinstance(item, Line):
            c.setStrokeColorRGB(*rgb(item.stroke))
            c.setLineWidth(item.width * mm)
            c.setDash([d * mm for d in item.dash] if item.dash else [])
            c.line(*self._pt(dx + item.x1, dy + item.y1), *self._pt(dx + item.x2, dy + item.y2))
            if item.dash:
                c.setDash([])
        elif isinstance(item, Circle):
            if item.stroke:
                c.setStrokeColorRGB(*rgb(item.stroke))
                c.setLineWidth(item.width * mm)
            if item.fill:
                c.setFillColorRGB(*rgb(item.fill))
            c.circle(*self._pt(dx + item.cx, dy + item.cy), item.r * mm, stroke=1 if item.stroke else 0, fill=1 if item.fill else 0)
        elif isinstance(item, Text):
            c.setFillColorRGB(*rgb(item.fill))
            c.setFont(fonts.pdf_font(item.bold), item.size * mm)
            show = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[item.anchor]
            show(*self._pt(dx + item.x, dy + item.y), _pdf_text(item.text))
        elif isinstance(item, Symbol):
            name = self.form(item.id, item.ink)
            c.saveState()
            c.translate(*self._pt(dx + item.x, dy + item.y + item.size))
            c.scale(item.size / SYMBOL_BOX, item.size / SYMBOL_BOX)
            c.doForm(name)
            c.restoreState()
        elif isinstance(item, Texture):
            name = self.texture(item)
            c.saveState()
            c.translate(*self._pt(dx, dy + item.size))
            c.doForm(name)
            c.restoreState()
        elif isinstance(item, FaceArt):
            for part in face_items(item.face, item.size, item.fields):
                self.draw(part, dx + item.x, dy + item.y)


def _both_ways(monkeypatch, tmp_path, sheet) -> tuple[bytes, bytes]:
    """The sheet's PDF as written, and as the canvas's own calls write it."""
    write_counters_pdf(sheet, tmp_path / "written.pdf")
    with monkeypatch.context() as m:
        m.setattr(counters_pdf, "_PdfPainter", CanvasPainter)
        write_counters_pdf(sheet, tmp_path / "canvas.pdf")
    return (tmp_path / "written.pdf").read_bytes(), (tmp_path / "canvas.pdf").read_bytes()


@pytest.mark.parametrize("sets,size,fold", [("fw", 15.875, False), ("renaissance", 12.7, True), ("fw", 25.4, True)])
def test_the_sheet_holds_the_operators_the_canvas_writes(monkeypatch, tmp_path, sets, size, fold):
    # Grounds, bands, cut lines (stroked squares), crop marks, the dashed fold, registration circles, textures
    # of lines and of dots, symbols, and captions at each anchor, with letters to escape and past ASCII.
    counters = fw_set() if sets == "fw" else renaissance_set()
    sheet = lay_out(counters, get_paper("a4-portrait"), size, fold=fold, title="Warriors (of the) \\ Marches, Été")
    written, canvas = _both_ways(monkeypatch, tmp_path, sheet)
    assert written == canvas


def _page_ops(items, painter_class) -> bytes:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 200), invariant=1, pageCompression=0, initialFontName=fonts.pdf_font())
    painter = painter_class(c, 70.0)
    for item in items:
        painter.draw(item)
    painter.flush()
    c.save()
    return buf.getvalue()


@settings(max_examples=60, deadline=None)
@given(
    st.floats(-50, 120, allow_nan=False),
    st.floats(-50, 120, allow_nan=False),
    st.floats(0.0, 40.0, allow_nan=False),
    st.sampled_from(["start", "middle", "end"]),
    st.text(alphabet="AZaz09 ()\\é\u00e6\u2014", max_size=12),
)
def test_any_circle_rectangle_line_and_text_is_written_as_the_canvas_writes_it(x, y, r, anchor, words):
    items = [
        Circle(x, y, r, "#102030", 0.3),
        Circle(y, x, r / 3, None, 0.0, "#fedcba"),
        Circle(x, x, r, "#000000", 0.1, "#ffffff"),
        Text(x, y, words, max(r, 0.5), anchor, bool(len(words) % 2), "#abcdef"),
        Text(y, x, words, max(r, 0.5) * 2, anchor, bool(len(words) % 2), "#abcdef"),  # the same words larger,
        Text(x, x, words, max(r, 0.5), anchor, not len(words) % 2, "#abcdef"),  # in the other face,
        Text(y, y, words, max(r, 0.5), anchor, bool(len(words) % 2), "#abcdef"),  # and again
        Rect(x, y, r, r / 2, "#123456", "#654321", 0.25),
        Line(x, y, y, x, "#777777", 0.25, (2.0, 1.5)),
    ]
    assert _page_ops(items, counters_pdf._PdfPainter) == _page_ops(items, CanvasPainter)
