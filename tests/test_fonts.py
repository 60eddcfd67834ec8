"""Issue 11, "the same in every viewer and on every printer": one open font, embedded.

Every PDF the kit writes embeds every font it uses and names no standard-14 font;
every SVG names the embedded family first, then fallbacks of the same widths (DejaVu
Sans has Vera's widths); labels are measured with the embedded face's own metrics,
so "Max Speed" stays inside its counter.  Fonts are read from the PDF objects with
regular expressions: no system tool needed.
"""

import contextlib
import io
import re
from pathlib import Path

import pytest
import reportlab
from reportlab.pdfbase.ttfonts import TTFontFile

from mapgen.cli import main
from mapgen.counters.layout import lay_out
from mapgen.counters.sets import fw_set
from mapgen.render import fonts
from mapgen.render.counters import Text, face_items
from mapgen.paper import get_paper
from mapgen.render.templates import template_path

from .test_pdf import _objects

STANDARD_14 = {
    "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
    "Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic",
    "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique",
    "Symbol", "ZapfDingbats",
}
VERA = {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold", "BitstreamVeraSans-Oblique", "BitstreamVeraSans-BoldOblique"}
DEJAVU_SERIF = {"DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic"}
SANS = "'Bitstream Vera Sans', 'DejaVu Sans', sans-serif"
SERIF = "'DejaVu Serif', 'Bitstream Vera Serif', serif"


def pdf_fonts(data: bytes) -> dict[str, bool]:
    """Each font a PDF names (subset tag dropped) -> whether its font program is embedded."""
    objs = _objects(data)
    found = {}
    for head, _ in objs.values():
        if re.search(rb"/Type /Font(?![A-Za-z])", head):
            name = re.search(rb"/BaseFont /([^\s/<>\[\]]+)", head).group(1).decode()
            desc = re.search(rb"/FontDescriptor (\d+) 0 R", head)
            program = desc and re.search(rb"/FontFile[23]? \d+ 0 R", objs[int(desc.group(1))][0])
            found[re.sub(r"^[A-Z]{6}\+", "", name)] = bool(program)
    return found


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> Path:
    """A small Fantasy Warriors kit (map, battlefields, counters) and a Renaissance kit, PDFs and all."""
    root = tmp_path_factory.mktemp("kits")
    for argv in (["new", "--seed", "11", "--size", "small", "--out", str(root / "fw")],
                 ["new", "--campaign", "renaissance", "--seed", "4", "--countries", "2", "--neutrals", "1",
                  "--out", str(root / "renaissance")]):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            try:
                main(argv)
            except SystemExit as exc:
                assert not exc.code, argv
    return root


def test_every_pdf_the_kit_writes_embeds_all_its_fonts_and_no_standard_one(kits):
    pdfs = sorted(kits.rglob("*.pdf"))
    kinds = {re.sub(r"-[A-Z]+\d+$", "", p.stem) for p in pdfs}
    assert kinds == {"fw-map", "battlefield", "counters", "country"}
    for pdf in pdfs:
        found = pdf_fonts(pdf.read_bytes())
        assert found, pdf
        assert not set(found) & STANDARD_14, (pdf, found)
        assert all(found.values()), (pdf, found)
        assert set(found) <= VERA | DEJAVU_SERIF, (pdf, found)


def test_the_country_map_embeds_its_serif_lettering(kits):
    found = pdf_fonts((kits / "renaissance" / "country.pdf").read_bytes())
    assert {"DejaVuSerif-Bold", "DejaVuSerif-Italic", "BitstreamVeraSans-Roman"} <= set(found)


def test_every_svg_names_the_embedded_family_first_then_same_width_fallbacks(kits):
    svgs = sorted(kits.rglob("*.svg"))
    assert len(svgs) >= 4
    for svg in svgs:
        families = set(re.findall(r'font-family="([^"]*)"', svg.read_text(encoding="utf-8")))
        assert SANS in families, svg
        assert families <= {SANS, SERIF}, (svg, families)
    country = (kits / "renaissance" / "country.svg").read_text(encoding="utf-8")
    assert f'font-family="{SERIF}"' in country


def _own_width(path, text: str, size: float) -> float:
    """Width from the font file's own advance widths, read without mapgen."""
    face = TTFontFile(str(path))
    return sum(face.charWidths.get(ord(c), face.defaultWidth) for c in text) * size / 1000


def test_labels_are_measured_with_the_embedded_faces_own_widths():
    vera = Path(reportlab.__file__).parent / "fonts"
    assert fonts.width("Max Speed", 10, bold=True) == pytest.approx(_own_width(vera / "VeraBd.ttf", "Max Speed", 10))
    assert fonts.width("Confused", 3, bold=False) == pytest.approx(_own_width(vera / "Vera.ttf", "Confused", 3))
    italic = template_path("fonts", "DejaVuSerif-Italic.ttf")
    assert fonts.width("Duchy of Belcastro", 5, italic=True, serif=True) == pytest.approx(
        _own_width(italic, "Duchy of Belcastro", 5))


@pytest.mark.parametrize("size_mm", [12.7, 15.875])  # 1/2 in, the smallest size offered, and 5/8 in, the default
def test_max_speed_and_confused_fit_inside_their_counters(size_mm):
    # Issue 11: in a wider font "Max Speed" and "Confused" reached the counter edges.  Measured with the
    # embedded face, each stays whole and at least 0.5 mm clear of both edges (a hand cut wanders that much).
    sheet = lay_out(fw_set(), get_paper("a4-portrait"), size_mm)
    seen = set()
    for counter in sheet.counters():
        for face in (counter.front, counter.back):
            for item in face_items(face, size_mm):
                if isinstance(item, Text) and item.text in ("Max Speed", "Confused"):
                    half = fonts.width(item.text, item.size, item.bold) / 2
                    assert item.x - half >= 0.5 and item.x + half <= size_mm - 0.5, (item, half)
                    seen.add(item.text)
    assert seen == {"Max Speed", "Confused"}


def test_a_character_the_font_lacks_prints_as_a_question_mark_not_a_box():
    assert fonts.printable("Z\u00fcrich \u2014 \u4e2d\tx") == "Z\u00fcrich \u2014 ? x"
    assert fonts.printable("plain") == "plain"


def test_a_long_label_is_cut_to_the_width_with_an_ellipsis():
    cut = fonts.cut("A (ambushed): Oppose (every Command; no Secret Orders)", 40, 2.0)
    assert cut.endswith("\u2026") and fonts.width(cut, 2.0) <= 40
    assert fonts.cut("Short", 40, 2.0) == "Short"


def test_a_kept_font_subset_is_the_bytes_reportlab_makes():
    """Subsets are made and compressed once a process (mapgen new embeds the same one in nine PDFs): the
    bytes must be those a fresh ReportLab face makes and Flate gives, the first time and from the store."""
    import zlib

    from reportlab.pdfbase import pdfdoc, pdfmetrics

    face = pdfmetrics.getFont(fonts.pdf_font()).face
    fresh = TTFontFile(face.filename)
    subset = list(range(32, 127)) + [0xE9, 0x2026]
    expected = fresh.makeSubset(subset)
    flate = fonts.KeptFlate(pdfdoc.PDFZCompress)
    for _ in range(2):
        assert face.makeSubset(subset) == expected
        assert flate.encode(expected) == zlib.compress(expected)
    assert flate.pdfname == "FlateDecode"
