"""The PDF writer's own SVG converter (issue 11): what it draws, and that it draws all mapgen makes.

Every kind of SVG the project writes is checked element by element, attribute by
attribute and value by value against the converter's set
(:func:`mapgen.render.pdf_paint.unsupported`): a renderer that starts writing
something new fails here, not as a blank in a printed map.  A hand-made drawing
with every supported element is drawn and its PDF operators read back (with the
reader of :mod:`tests.test_pdf`): sizes, colours, fonts, anchors, transforms,
dashes, caps, opacities.  None of it needs svglib.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from mapgen.cli import main
from mapgen.errors import MapgenError
from mapgen.render import fonts
from mapgen.paper import get_paper
from mapgen.render.pdf import write_pdf
from mapgen.render.pdf_draw import Frame, Painter, draw_svg, parse_svg
from mapgen.render.pdf_paint import unsupported
from mapgen.render.pdf_paths import path
from mapgen.render.svgpieces import PieceStream

from .test_pdf import PT, _objects, read_pdf

SVG = "http://www.w3.org/2000/svg"


def _page(svg: str) -> tuple[str, bytes]:
    """The uncompressed page content of ``svg`` drawn by the converter, and the whole PDF."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(600, 600), pageCompression=0, invariant=1, initialFontName=fonts.pdf_font())
    draw_svg(c, parse_svg(svg))
    c.showPage()
    c.save()
    data = buf.getvalue()
    (page,) = [s for h, s in _objects(data).values() if s is not None and b" cm" in s and b"/Length1" not in h]
    return page.decode("latin-1"), data


def _doc(body: str, w: float = 200, h: float = 200) -> str:
    return f'<svg xmlns="{SVG}" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">{body}</svg>'


# --------------------------------------------------------------------------- every SVG mapgen makes


@pytest.fixture(scope="module")
def every_svg(tmp_path_factory) -> dict[str, ET.Element]:
    """One of every kind of drawing: campaign kit (map, battlefields, counters), status map, country maps,
    the other counter sets, battlefields of every terrain, a map key, each counter symbol."""
    root = tmp_path_factory.mktemp("svgs")
    templates = "templates/counters/"
    runs = [
        ["new", "--seed", "5", "--formats", "json,svg", "--out", str(root / "kit")],
        ["campaign", "status", str(root / "kit"), "--svg", str(root / "status.svg")],
        ["new", "--campaign", "renaissance", "--seed", "4", "--countries", "3", "--neutrals", "1", "--formats", "svg",
         "--out", str(root / "ren")],
        ["fw-map", "--seed", "21", "--size", "large", "--races", "undead,wood_elves", "--formats", "svg", "--out", str(root / "fwl")],
        ["counters", "--set", "renaissance", "--formats", "svg", "--seed", "1", "--out", str(root / "rc")],
        ["counters", "--set", "fw", "--fold", "--bleed", "1", "--gutter", "2", "--formats", "svg", "--seed", "1", "--out", str(root / "fold")],
        ["counters", "--roster", templates + "napoleonic-roster.csv", "--formats", "svg", "--seed", "1", "--out", str(root / "nap")],
        ["counters", "--roster", templates + "skirmish-roster.yaml", "--size", "1in", "--formats", "svg", "--seed", "1",
         "--out", str(root / "sk")],
    ]
    scenarios = ["pitched", "raid", "breakthrough", "chance_encounter", "flank_attack", "ambush", "last_stand", "relief"]
    terrains = ["plain", "hills", "forest", "swamp", "desert", "cultivated", "uncultivated", "mountain"]
    for n, (terrain, scenario) in enumerate(zip(terrains, scenarios)):
        extra = ["--river", "--bridge", "--road", "--mark", "hiding_places,landing_points"] if n % 2 else []
        if terrain == "mountain":
            scenario = "pitched"
        runs.append(["battlefield", "--terrain", terrain, "--scenario", scenario, *extra, "--seed", str(n),
                     "--formats", "svg", "--out", str(root / f"bf-{terrain}")])
    for argv in runs:
        try:
            main(argv)
        except SystemExit as exc:
            assert not exc.code, argv
    drawings = {str(p.relative_to(root)): ET.parse(p).getroot() for p in sorted(root.rglob("*.svg"))}

    from mapgen.render.counters import load_counter_symbols
    from mapgen.render.counters_pdf import _symbol_svg
    from mapgen.render.fw_map_key import render_fw_map_key
    from tests.conftest import cached_map

    drawings["fw-map key"] = parse_svg(render_fw_map_key(cached_map(7, "medium"), get_paper("A4")).tostring())
    for symbol in load_counter_symbols():
        drawings[f"counter symbol {symbol}"] = _symbol_svg(symbol, "#111111")
    return drawings


def test_every_svg_mapgen_makes_is_in_the_set_the_pdf_writer_draws(every_svg):
    kinds = {re.split(r"[/ -]", name)[0] for name in every_svg}
    assert {"kit", "status.svg", "ren", "fwl", "rc", "fold", "nap", "sk", "bf", "fw", "counter"} == kinds
    problems = {name: found for name, root in every_svg.items() if (found := unsupported(root))}
    assert problems == {}
    tags = {el.tag.rsplit("}", 1)[-1] for root in every_svg.values() for el in root.iter()}
    # The elements drawn today; a new one must be added to the writer (pdf_paint.SHAPES) and here.
    assert tags <= {"svg", "title", "defs", "g", "rect", "circle", "line", "polyline", "polygon", "path", "text"}


def test_unsupported_lists_what_would_not_be_drawn():
    root = parse_svg(_doc(
        '<g opacity="0.5"><rect width="1" height="1" style="fill:red"/></g><image/><tspan/>'
        '<text x="1" y="1">a<tspan>b</tspan></text><rect width="1" height="1" fill="url(#p)"/>'
        '<path d="M 0 0 X 1"/><circle r="1" stroke-linecap="wide"/><rect x="1mm" width="1" height="1"/>'
    ))
    found = unsupported(root)
    for expected in ("<g> attribute opacity", "<rect> attribute style", "<image>", "<tspan>", "<text> with child elements",
                     "<rect> fill: colour 'url(#p)'", "<path> d:", "<circle> stroke-linecap", "<rect> x:"):
        assert any(f.startswith(expected) for f in found), (expected, found)


@pytest.mark.parametrize("body", [
    "<image/>", '<g opacity="0.5"><rect width="1" height="1"/></g>', '<text x="1" y="1">a<tspan>b</tspan></text>',
    '<rect width="1" height="1" fill="currentColor"/>',
    '<path d="M 0 0 L 1"/>', '<text x="1 2" y="1" text-anchor="middle">ab</text>', '<use href="#nowhere"/>', '<rect width="-1" height="1"/>',
    '<rect width="1" height="1" stroke="#000" stroke-linejoin="arcs"/>', '<rect width="1e999" height="1"/>',
    '<path d="M 0 0 Q 1e999 0 1 1"/>', '<polygon points="0,0 1,nan 2,2"/>',
])
def test_what_it_cannot_draw_is_an_error_not_a_blank(body, tmp_path):
    with pytest.raises(MapgenError, match="cannot draw the SVG drawing in a PDF"):
        _page(_doc(body))
    with pytest.raises(MapgenError, match="cannot draw the SVG drawing in a PDF"):
        write_pdf(_doc(body), tmp_path / "x.pdf", get_paper("A4"))
    assert not (tmp_path / "x.pdf").exists()


# --------------------------------------------------------------------------- what it draws


def test_the_drawing_is_placed_at_true_scale_with_y_upwards():
    frame = Frame(parse_svg(_doc("", 100, 50)))
    assert (frame.width / PT, frame.height / PT) == pytest.approx((100, 50))
    assert frame.cm == f"{PT:.6f} 0 0 {-PT:.6f} 0 {50 * PT:.3f}".rstrip("0") + " cm"
    # a viewBox of another aspect is fitted as SVG fits it: uniformly, centred
    frame = Frame(parse_svg(f'<svg xmlns="{SVG}" width="100mm" height="50mm" viewBox="0 0 10 10"/>'))
    assert frame.units == pytest.approx((-5.0, 0.0, 0.2))
    assert Frame(parse_svg(f'<svg xmlns="{SVG}" width="96" height="1in"/>')).width == pytest.approx(72)
    for bad in ('width="1e999mm" height="1mm"', 'width="10mm" height="10mm" viewBox="0 0 0 10"', 'width="10%" height="1mm"',
                'width="10mm" height="10mm" viewBox="0 0 nan 10"'):
        with pytest.raises(MapgenError, match="cannot read the SVG drawing"):
            Frame(parse_svg(f'<svg xmlns="{SVG}" {bad}/>'))


def test_shapes_fill_where_and_in_the_colour_the_svg_says():
    svg = _doc(
        '<g fill="#336699">'
        '<rect x="10" y="10" width="50" height="20"/>'  # inherited fill
        '<rect x="100" y="10" width="40" height="40" rx="5" fill="rgb(100%,0%,0%)"/>'
        '<circle cx="50" cy="100" r="20" fill="#0f0"/>'
        '<ellipse cx="150" cy="100" rx="30" ry="10" fill="black"/>'
        '<polygon points="10,150 60,150 35,190" fill="#808080"/>'
        '</g><g transform="translate(100,150) scale(2)"><rect x="0" y="0" width="10" height="5" fill="#ffff00"/></g>'
    )
    page, data = _page(svg)
    (p,) = read_pdf(data)
    shapes = {tuple(round(c, 2) for c in rgb): box for rgb, box, _ in p.shapes}
    h = 200  # mm: y from the bottom of the drawing = 200 - y
    expected = {
        (0.2, 0.4, 0.6): (10, h - 30, 60, h - 10),
        (1.0, 0.0, 0.0): (100, h - 50, 140, h - 10),
        (0.0, 1.0, 0.0): (30, h - 120, 70, h - 80),
        (0.0, 0.0, 0.0): (120, h - 110, 180, h - 90),
        (0.5, 0.5, 0.5): (10, h - 190, 60, h - 150),
        (1.0, 1.0, 0.0): (100, h - 160, 120, h - 150),  # translated, then scaled
    }
    for rgb, box in expected.items():
        assert shapes[rgb] == pytest.approx(box, abs=0.01), rgb
    assert page.count(" re\n") == 2 and "\nf\n" in page  # plain rectangles are re, filled with f
    assert len(re.findall(r" c\n", page)) == 4 + 4 + 4  # rounded corners, circle, ellipse: quarter arcs


def test_strokes_dashes_caps_joins_and_opacities():
    svg = _doc(
        '<g stroke="#ff0000" stroke-width="0.5" fill="none">'
        '<line x1="0" y1="0" x2="10" y2="0" stroke-dasharray="2 1" stroke-linecap="round"/>'
        '<polyline points="0,10 5,15 10,10" stroke-linejoin="bevel" stroke-linecap="square"/>'
        '<path d="M 0 20 L 10 20" stroke-width="0"/>'  # a zero width draws no stroke
        '<rect x="0" y="30" width="5" height="5" fill="#0000ff" fill-opacity="0.25" stroke-opacity="0.5"/>'
        '<path d="M 0 0 L 9 0 L 9 9 Z M 3 3 L 6 3 L 6 6 Z" fill="#000" stroke="none" fill-rule="evenodd"/>'
        '</g>'
    )
    page, data = _page(svg)
    assert "1 0 0 RG" in page and ".5 w" in page
    assert "[2 1] 0 d" in page and "1 J" in page and "2 J" in page and "2 j" in page
    assert page.count("\nS") == 2  # the line and the polyline; not the zero-width path
    assert "\nB\n" in page and "\nf*" in page  # fill and stroke; even-odd fill
    states = re.findall(rb"/(gRLs\d+) gs", data)
    assert len(states) == 2 and b"/ca .25" in data and b"/CA .5" in data
    assert "4 M" in page  # SVG's miter limit


def test_paths_every_command_absolute_and_relative():
    assert path("M 0 0 L 10 5") == "0 0 m\n10 5 l"
    assert path("m 1 1 l 2 0 h -3 v 4 z").split("\n") == ["1.000 1.000 m", "3.000 1.000 l", "0.000 1.000 l", "0.000 5.000 l", "h"]
    assert path("M 0 0 Q 30 30 60 0 T 120 0").split("\n")[1:] == [
        "20.000 20.000 40.000 20.000 60.000 0.000 c", "80.000 -20.000 100.000 -20.000 120.000 0.000 c"]
    assert path("M 0 0 C 1 2 3 4 5 6 S 9 9 10 10").split("\n")[1:] == [
        "1.000 2.000 3.000 4.000 5.000 6.000 c", "7.000 8.000 9.000 9.000 10.000 10.000 c"]
    half = path("M 0 0 A 10 10 0 0 1 20 0").split("\n")  # the upper half (y down): through (10, -10)
    assert half[0] == "0 0 m" and len(half) == 3 and half[1].endswith("10.000 -10.000 c") and half[2].endswith("20.000 0.000 c")
    assert len(path("M 0 0 a 5 5 0 1 0 0.01 0").split("\n")) == 5  # nearly a whole circle: four quarter arcs
    assert path("M 0 0 A 0 5 0 0 0 10 0") == "0 0 m\n10.000 0.000 l"  # no radius: a line
    # Several arcs after one letter: each from where the one before ended (two half circles, ending at x 2 and 4).
    two = path("M 0 0 a 1 1 0 0 1 2 0 1 1 0 0 1 2 0").split("\n")
    assert len(two) == 5 and two[2].endswith(" 2.000 0.000 c") and two[4].endswith(" 4.000 0.000 c")
    assert path("M 1 0 A 0 5 0 0 0 -0 0") == "1 0 m\n0.000 0.000 l"  # at 0 (no sign on an absolute zero)


def test_text_in_the_embedded_faces_anchored_with_baseline_at_y():
    svg = _doc(
        '<g font-family="\'Bitstream Vera Sans\', sans-serif" font-size="5" fill="#111">'
        '<text x="100" y="50">Start</text>'
        '<text x="100" y="60" text-anchor="middle" font-weight="bold">Middle</text>'
        '<text x="100" y="70" text-anchor="end" font-style="italic">End</text>'
        '<text x="100" y="80" font-family="\'DejaVu Serif\', serif" transform="rotate(-90,100,80)">  Two   words\n</text>'
        '</g>'
    )
    page, data = _page(svg)
    texts = re.findall(r"BT 1 0 0 -1 (\S+) (\S+) Tm (/\S+) (\S+) Tf \((.*?)\) Tj ET", page)
    assert [(float(y), float(size)) for _, y, _, size, _ in texts] == [(50, 5), (60, 5), (70, 5), (80, 5)]
    middle = pdfmetrics.stringWidth("Middle", fonts.pdf_font(bold=True), 5)
    end = pdfmetrics.stringWidth("End", fonts.pdf_font(italic=True), 5)
    assert [float(x) for x, *_ in texts] == pytest.approx([100, 100 - middle / 2, 100 - end, 100], abs=1e-3)
    assert len({font for _, _, font, _, _ in texts}) == 4  # regular, bold, oblique, serif
    faces = {re.sub(rb"^[A-Z]{6}\+", b"", n) for n in re.findall(rb"/BaseFont /([\w+-]+)", data)}
    assert faces == {b"BitstreamVeraSans-Roman", b"BitstreamVeraSans-Bold", b"BitstreamVeraSans-Oblique", b"DejaVuSerif"}
    assert "0.0667 0.0667 0.0667 rg" in page
    assert "q 0 -1 1 0 20 180 cm" in page  # rotate(-90) about (100, 80)
    assert read_pdf(data)[0].text.split("\n")[:4] == ["Start", "Middle", "End", "Two words"]  # white space collapsed


def test_a_letter_spaced_name_sets_each_letter_at_its_own_x():
    """SVG gives a <text> one x per letter (the map's chain and region names are spaced out); the rest run on."""
    page, _ = _page(_doc('<text x="10 20 35" y="50" font-size="5" fill="#000">Peaks</text>'))
    placed = re.findall(r"BT 1 0 0 -1 (\S+) (\S+) Tm /\S+ \S+ Tf \((.*?)\) Tj ET", page)
    assert [(float(x), float(y), t) for x, y, t in placed] == [(10, 50, "P"), (20, 50, "e"), (35, 50, "aks")]


def test_use_draws_what_it_points_at_moved():
    svg = _doc('<defs><rect id="r" width="5" height="5"/></defs><use href="#r" x="10" y="20" fill="#f00"/>'
               '<use xlink:href="#r" xmlns:xlink="http://www.w3.org/1999/xlink" transform="translate(50,0)"/>')
    page, data = _page(svg)
    assert page.count("0 0 5 5 re") == 2 and "q 1 0 0 1 10 20 cm" in page and "q 1 0 0 1 50 0 cm" in page
    assert "1 0 0 rg" in page  # the use's fill is inherited by what it shows


def test_state_is_set_only_when_it_changes():
    page, _ = _page(_doc("".join(f'<rect x="{i}" y="0" width="1" height="1" fill="#123456"/>' for i in range(20))))
    assert page.count(" rg") == 1 and page.count(" re") == 20


# --------------------------------------------------------------------------- pieces


def _drawn_box(stream: str, font_size_em: float = 1.0):
    """Box (PDF points) of everything a content stream paints: path points, half the stroke width around
    stroked paths, and text one em per character from where it starts, an em above and 0.3 em below y."""
    ctm, stack = (1, 0, 0, 1, 0, 0), []
    width, points, boxes, operands = 1.0, [], [], []
    text_at, text_size = None, 0.0

    def apply(m, x, y):
        return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]

    def mul(m, n):  # m then n
        a, b, c, d, e, f = m
        A, B, C, D, E, F = n
        return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)

    def add(xs, ys, m):
        boxes.extend(apply(m, x, y) for x in xs for y in ys)

    for tok in re.findall(r"\((?:\\.|[^\\)])*\)|\[[^\]]*\]|/\S+|[^\s\[\]()/]+", stream):
        if re.fullmatch(r"[-+]?\d*\.?\d+", tok) or tok[0] in "([/":
            operands.append(tok)
            continue
        nums = [float(o) for o in operands if re.fullmatch(r"[-+]?\d*\.?\d+", o)]
        if tok == "q":
            stack.append((ctm, width))
        elif tok == "Q":
            ctm, width = stack.pop()
        elif tok == "cm":
            ctm = mul(tuple(nums[-6:]), ctm)
        elif tok == "w":
            width = nums[-1]
        elif tok in ("m", "l"):
            points.append(nums[-2:])
        elif tok == "c":
            points += [nums[i:i + 2] for i in (0, 2, 4)]
        elif tok == "re":
            x, y, w, h = nums[-4:]
            points += [[x, y], [x + w, y + h]]
        elif tok in ("S", "s", "B", "B*", "b", "b*", "f", "f*", "F"):
            if points:
                xs, ys = [p[0] for p in points], [p[1] for p in points]
                grow = width / 2 if tok not in ("f", "f*", "F") else 0.0
                add((min(xs) - grow, max(xs) + grow), (min(ys) - grow, max(ys) + grow), ctm)
            points = []
        elif tok == "n":
            points = []
        elif tok == "Tm":
            text_at = tuple(nums[-6:])
        elif tok == "Tf":
            text_size = nums[-1]
        elif tok == "Tj":
            chars = len(re.sub(r"\\(\d{3}|.)", "x", operands[-1][1:-1]))
            m = mul(text_at, ctm)
            add((0, chars * text_size * font_size_em), (-0.3 * text_size, text_size), m)  # text space: y up
        operands = []
    if not boxes:
        return None
    xs, ys = [p[0] for p in boxes], [p[1] for p in boxes]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("kind", ["fw-map", "country", "battlefield"])
def test_piece_bounds_hold_what_is_drawn(kind):
    # Each piece alone, drawn as the PDF draws it: what it paints lies within the piece's box
    # (a piece left out of a page where it shows would be a hole in the print).
    if kind == "fw-map":
        from mapgen.render.fw_map import render_fw_map
        from tests.conftest import cached_map

        svg = render_fw_map(cached_map(7, "small")).tostring()
    elif kind == "country":
        from mapgen.country.generate import generate_countries
        from mapgen.render.country import render_country

        svg = render_country(generate_countries(11, 2, 0, "a4")).tostring()
    else:
        from mapgen.battlefield.generate import BattleOptions, generate_battlefield
        from mapgen.render.battlefield import render_battlefield

        svg = render_battlefield(generate_battlefield(BattleOptions(seed=5, terrain="forest", river=True, road=True))).tostring()
    stream = PieceStream(svg)
    frame = Frame(stream.root)
    vx, vy, u = frame.units
    pieces = list(stream)
    step = max(1, len(pieces) // 80)  # a sample of every kind of piece, for speed
    checked = 0
    for i in range(0, len(pieces), step):
        buf = io.BytesIO()
        c = Canvas(buf, pageCompression=0, initialFontName=fonts.pdf_font())
        painter = Painter(c)
        painter.begin(frame)
        painter.pieces([pieces[i]], frame.style)
        painter.end()
        drawn = _drawn_box(" ".join(c._code))
        if drawn is None:
            continue
        bx0, by0, bx1, by1 = drawn
        x0, y0, x1, y1 = pieces[i].box
        # page points (y up) -> user units (y down)
        ux0, ux1 = vx + bx0 / PT * u, vx + bx1 / PT * u
        uy0, uy1 = vy + (frame.height - by1) / PT * u, vy + (frame.height - by0) / PT * u
        tol = 0.01
        assert x0 - tol <= ux0 and ux1 <= x1 + tol and y0 - tol <= uy0 and uy1 <= y1 + tol, (kind, i, (x0, y0, x1, y1), (ux0, uy0, ux1, uy1))
        checked += 1
    assert checked >= 30


def test_a_repeated_group_is_stored_once_and_drawn_where_each_copy_is(tmp_path):
    # A texture drawn in many squares (a transformed group of the same paths) becomes one form XObject.
    from .test_pdf import SQUARE_RGB, squares

    r, g, b = (int(round(c * 255)) for c in SQUARE_RGB)
    square = "M 0 0 L 10 0 L 10 10 L 0 10 Z " + "M 2 2 L 3 2 L 3 3 Z " * 12  # long enough to be worth a form
    groups = "".join(f'<g transform="translate({x},{y})"><path d="{square}" fill="#{r:02x}{g:02x}{b:02x}"/></g>'
                     for x, y in ((10, 10), (50, 10), (10, 60)))
    write_pdf(_doc(f"<g>{groups}</g>", 100, 100), tmp_path / "s.pdf", get_paper("A4"))  # in a layer, as a map has them
    data = (tmp_path / "s.pdf").read_bytes()
    objs = _objects(data)
    forms = [s for h, s in objs.values() if s is not None and b"/Subtype /Form" in h]
    assert len(forms) == 2  # the drawing, and the group stored once
    assert sum(f.count(b"10 0 l") for f in forms) == 2  # drawn in place the first time, then stored
    assert sorted(f.count(b" Do") for f in forms) == [0, 2]  # the drawing shows the stored group twice
    (page,) = read_pdf(data)
    left, bottom = (297 - 100) / 2, (210 - 100) / 2  # the drawing is centred on the sheet
    found = sorted((round(x0 - left, 2), round(y1 - bottom, 2)) for x0, _, _, y1 in squares(page))
    assert found == [(10, 40), (10, 90), (50, 90)]  # top-left corners, y from the drawing's bottom


@pytest.mark.parametrize("transform", ["translate(10,20)", "translate(1.5 -2)", " translate( -3 , .5 ) ",
                                       "translate(10,20) scale(0.25)", "translate(-7.5,0)scale(3)", "translate(.5,.25) scale(2)"])
def test_a_translation_read_on_the_fast_path_is_what_the_general_parser_reads(transform):
    from mapgen.render.pdf_paint import matrix
    from mapgen.render.svgbounds import parse_transform

    general = parse_transform(transform + " rotate(0)")  # the trailing no-op keeps it off the fast path
    assert parse_transform(transform) == pytest.approx(general)
    assert [float(v) for v in matrix(transform).split()] == pytest.approx(general)
