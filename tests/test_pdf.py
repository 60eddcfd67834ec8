"""True-scale PDF output: measured from the PDF bytes themselves.

The PDF is read with a tiny reader below (objects, Flate/ASCII85 streams, form XObjects)
and a content-stream interpreter that tracks the CTM, the clip and the fill colour, so
sizes are what a PDF viewer would put on paper.  No third-party PDF library needed.
"""

from __future__ import annotations

import base64
import math
import re
import zlib
from dataclasses import dataclass, field

import pytest

from mapgen.errors import MapgenError
from mapgen.paper import Paper, get_paper, paper_names
from mapgen.render.pdf import _mark_points, tile_counts, tile_grid, write_pdf

PT = 72 / 25.4  # points per mm
TOL_MM = 0.2
SQUARE_RGB = (0.2, 0.4, 0.6)


# --------------------------------------------------------------------------- tiny PDF reader

def _objects(data: bytes) -> dict[int, tuple[bytes, bytes | None]]:
    objs = {}
    for m in re.finditer(rb"(\d+) 0 obj\s*(.*?)endobj", data, re.S):
        body = m.group(2)
        stream = None
        s = re.search(rb"stream\r?\n", body)
        if s:
            head = body[: s.start()]
            length = int(re.search(rb"/Length (\d+)", head).group(1))
            raw = body[s.end() : s.end() + length]
            filters = re.search(rb"/Filter\s*(\[[^\]]*\]|/\w+)", head)
            for name in re.findall(rb"/(\w+)", filters.group(1)) if filters else []:
                if name == b"ASCII85Decode":
                    raw = base64.a85decode(raw.strip(), adobe=True)
                elif name == b"FlateDecode":
                    raw = zlib.decompress(raw)
                else:  # pragma: no cover - would be a new reportlab behaviour
                    raise AssertionError(f"unknown filter {name!r}")
            body, stream = head, raw
        objs[int(m.group(1))] = (body, stream)
    return objs


def _numbers(text: bytes) -> list[float]:
    return [float(x) for x in re.findall(rb"-?\d*\.?\d+", text)]


@dataclass
class Form:
    bbox: tuple[float, float, float, float]
    matrix: tuple[float, ...]
    stream: bytes
    xobjects: dict[str, int]


@dataclass
class Page:
    number: int
    media: tuple[float, float]  # mm
    shapes: list = field(default_factory=list)  # (fill rgb, bbox mm, clip mm) painted by fill ops
    forms: list = field(default_factory=list)  # (ctm, clip mm) for every form XObject drawn
    form_boxes: list = field(default_factory=list)  # what shows of each form drawn: its BBox on the page, clipped (mm)
    text: str = ""
    cmaps: dict = field(default_factory=dict, repr=False)  # font resource name -> {code: character}


def _xobjects(head: bytes) -> dict[str, int]:
    m = re.search(rb"/XObject\s*<<(.*?)>>", head, re.S)
    return {k.decode(): int(v) for k, v in re.findall(rb"/(\S+) (\d+) 0 R", m.group(1))} if m else {}


def _to_unicode(objs) -> dict[str, dict[int, str]]:
    """Font resource name -> code -> character, from each embedded font subset's ToUnicode map."""
    maps = {}
    for head, _ in objs.values():
        if b"/Type /Font" in head and b"/ToUnicode" in head:
            name = re.search(rb"/Name /(\S+)", head).group(1).decode()
            cmap = objs[int(re.search(rb"/ToUnicode (\d+) 0 R", head).group(1))][1]
            maps[name] = {int(a, 16): chr(int(b, 16)) for a, b in re.findall(rb"<([0-9A-Fa-f]{2})> <([0-9A-Fa-f]{4})>", cmap)}
    return maps


def read_pdf(data: bytes) -> list[Page]:
    objs = _objects(data)
    cmaps = _to_unicode(objs)
    root = int(re.search(rb"/Root (\d+) 0 R", data).group(1))
    pages_ref = int(re.search(rb"/Pages (\d+) 0 R", objs[root][0]).group(1))
    kids = re.search(rb"/Kids \[(.*?)\]", objs[pages_ref][0], re.S).group(1)
    pages = []
    for n, ref in enumerate(re.findall(rb"(\d+) 0 R", kids), start=1):
        head = objs[int(ref)][0]
        media = _numbers(re.search(rb"/MediaBox \[(.*?)\]", head).group(1))
        contents = int(re.search(rb"/Contents (\d+) 0 R", head).group(1))
        page = Page(n, ((media[2] - media[0]) / PT, (media[3] - media[1]) / PT), cmaps=cmaps)
        _run(objs[contents][1], _xobjects(head), objs, page, (1, 0, 0, 1, 0, 0), None)
        pages.append(page)
    return pages


def _mul(m, n):  # m then n (PDF row-vector convention: m x n)
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _bbox(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs) / PT, min(ys) / PT, max(xs) / PT, max(ys) / PT


def _intersect(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


_TOKEN = re.compile(rb"\((?:\\.|[^\\)])*\)|<<|>>|\[|\]|<[0-9a-fA-F\s]*>|/[^\s/\[\]()<>]+|[^\s/\[\]()<>]+")


def _run(stream: bytes, xobjects, objs, page: Page, ctm, clip) -> None:
    stack = []
    fill = (0.0, 0.0, 0.0)
    path: list = []
    pending_clip = False
    operands: list = []
    font = None
    for tok in _TOKEN.findall(stream):
        if tok[:1] in b"(<[]/" or re.fullmatch(rb"[-+]?\d*\.?\d+", tok):
            operands.append(tok)
            continue
        op = tok.decode("latin-1")
        nums = []
        for o in operands:
            try:
                nums.append(float(o))
            except ValueError:
                pass
        if op == "q":
            stack.append((ctm, clip, fill))
        elif op == "Q":
            ctm, clip, fill = stack.pop()
        elif op == "cm":
            ctm = _mul(tuple(nums[-6:]), ctm)
        elif op == "rg":
            fill = tuple(nums[-3:])
        elif op == "g":
            fill = (nums[-1],) * 3
        elif op == "re":
            x, y, w, h = nums[-4:]
            path += [_apply(ctm, x, y), _apply(ctm, x + w, y), _apply(ctm, x, y + h), _apply(ctm, x + w, y + h)]
        elif op in ("m", "l"):
            path.append(_apply(ctm, *nums[-2:]))
        elif op in ("c", "v", "y"):
            path += [_apply(ctm, nums[i], nums[i + 1]) for i in range(len(nums) - 2, -1, -2)][:1]
        elif op in ("W", "W*"):
            pending_clip = True
        elif op in ("f", "f*", "F", "B", "B*", "b", "b*", "S", "s", "n"):
            if path:
                box = _bbox(path)
                if op not in ("S", "s", "n"):
                    page.shapes.append((fill, box, clip))
                if pending_clip:
                    clip = _intersect(clip, box)
            path, pending_clip = [], False
        elif op == "Do":
            name = operands[-1].decode()[1:]
            head, body = objs[xobjects[name]]
            bbox = _numbers(re.search(rb"/BBox \[(.*?)\]", head).group(1))
            matrix = tuple(_numbers(re.search(rb"/Matrix \[(.*?)\]", head).group(1)))
            inner = _mul(matrix, ctm)
            corners = [_apply(inner, bbox[0], bbox[1]), _apply(inner, bbox[2], bbox[3])]
            form_clip = _intersect(clip, _bbox(corners))
            page.forms.append((inner, clip))
            page.form_boxes.append(form_clip)
            _run(body, _xobjects(head) or xobjects, objs, page, inner, form_clip)
        elif op == "Tf":
            font = operands[-2].decode()[1:]
        elif op in ("Tj", "'", '"'):
            page.text += _pdf_string(operands[-1], page.cmaps.get(font)) + "\n"
        elif op == "TJ":
            page.text += "".join(_pdf_string(o, page.cmaps.get(font)) for o in operands if o.startswith(b"(")) + "\n"
        operands = []


def _pdf_string(tok: bytes, cmap: dict[int, str] | None = None) -> str:
    body = tok[1:-1]
    body = re.sub(rb"\\([()\\])", rb"\1", body)
    body = re.sub(rb"\\(\d{3})", lambda m: bytes([int(m.group(1), 8)]), body)
    return "".join(cmap.get(b, chr(b)) for b in body) if cmap else body.decode("cp1252")


def squares(page: Page) -> list[tuple[float, float, float, float]]:
    """Visible (clipped) bounding boxes, mm from the sheet's bottom left, of shapes filled with the test colour."""
    found = []
    for rgb, box, clip in page.shapes:
        if all(abs(a - b) < 0.01 for a, b in zip(rgb, SQUARE_RGB)):
            seen = _intersect(box, clip)
            if seen[2] - seen[0] > 1e-6 and seen[3] - seen[1] > 1e-6:
                found.append(seen)
    return found


# --------------------------------------------------------------------------- drawings

def svg(width: float, height: float, square_at=(10.0, 10.0), size=50.0, extra: str = "") -> str:
    x, y = square_at
    r, g, b = (int(round(c * 100)) for c in SQUARE_RGB)
    return (
        '<?xml version="1.0" encoding="utf-8" ?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">'
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#eeeecc" stroke="#333" stroke-width="0.5"/>'
        f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="rgb({r}%,{g}%,{b}%)"/>'
        f"{extra}</svg>\n"
    )


def expected_count(size: float, printable: float, overlap: float) -> int:
    """Fewest sheets n with n sheets of `printable` overlapping by `overlap` covering `size` (brute force)."""
    n = 1
    while n * printable - (n - 1) * overlap < size - 1e-9:
        n += 1
    return n


A4 = get_paper("A4")  # landscape: 297 x 210, printable 281 x 194


# --------------------------------------------------------------------------- tests

def test_a_50mm_square_measures_50mm_on_a_single_centred_page(tmp_path):
    report = write_pdf(svg(120, 90, square_at=(10, 20)), tmp_path / "m.pdf", A4, title="Test")
    assert (report.pages, report.tiles, report.scale) == (1, (1, 1), 1.0)
    assert report.path == tmp_path / "m.pdf"
    (page,) = read_pdf((tmp_path / "m.pdf").read_bytes())
    assert page.media == pytest.approx((297, 210), abs=0.01)
    (box,) = squares(page)
    assert box[2] - box[0] == pytest.approx(50, abs=TOL_MM)
    assert box[3] - box[1] == pytest.approx(50, abs=TOL_MM)
    # Centred: the drawing's left edge is (297 - 120) / 2 from the sheet edge, its top (210 - 90) / 2.
    assert box[0] == pytest.approx((297 - 120) / 2 + 10, abs=TOL_MM)
    assert 210 - box[3] == pytest.approx((210 - 90) / 2 + 20, abs=TOL_MM)
    assert "print at 100 %" in page.text and "page 1 of 1" in page.text
    assert "50 mm" in page.text


def test_tiled_drawing_has_index_then_true_scale_tiles(tmp_path):
    # 600 x 400 on A4 landscape: step 271 x 184 -> 3 columns x 3 rows.
    report = write_pdf(svg(600, 400, square_at=(300, 200)), tmp_path / "t.pdf", A4, title="Big")
    assert report.tiles == (3, 3)
    assert report.pages == 10
    assert report.scale == 1.0
    assert 0 < report.index_scale < 1
    pages = read_pdf((tmp_path / "t.pdf").read_bytes())
    assert len(pages) == 10

    index = pages[0]
    assert "Index, not to scale" in index.text and "pages 2\u201310 print at 100 %" in index.text
    assert "align the + marks" in index.text
    for n in range(2, 11):
        assert str(n) in index.text.split()
    (small,) = squares(index)
    assert small[2] - small[0] == pytest.approx(50 * report.index_scale, abs=TOL_MM)
    assert small[2] - small[0] < 45  # the index is NOT true scale

    # The square (map x 300-350, y 200-250) lies wholly in row 2, column 2: page 1 + 3 + 2 = 6.
    tile_page = pages[5]
    assert "page 6 of 10" in tile_page.text and "row 2, column 2 of 3x3" in tile_page.text
    (box,) = squares(tile_page)
    assert box[2] - box[0] == pytest.approx(50, abs=TOL_MM)
    assert box[3] - box[1] == pytest.approx(50, abs=TOL_MM)
    # Placed from the printable area's top left (8 mm margin): map x 300 is 29 mm into tile x 271.
    assert box[0] == pytest.approx(8 + (300 - 271), abs=TOL_MM)
    assert 210 - box[3] == pytest.approx(8 + (200 - 184), abs=TOL_MM)
    # Neighbour sheets: the square is not on sheets that do not cover it.
    assert squares(pages[1]) == [] and squares(pages[9]) == []


def test_tiles_are_clipped_to_the_printable_area(tmp_path):
    write_pdf(svg(600, 400), tmp_path / "t.pdf", A4)
    pages = read_pdf((tmp_path / "t.pdf").read_bytes())
    for page in pages[1:]:
        assert page.forms, "the drawing is shown on every tile"
        for _, clip in page.forms:
            assert clip is not None, "tile drawn without a clip"
            x0, y0, x1, y1 = clip
            assert x0 >= 8 - 0.01 and y0 >= 8 - 0.01
            assert x1 <= 297 - 8 + 0.01 and y1 <= 210 - 8 + 0.01
    # The last column holds 600 - 2 * 271 = 58 mm of map: its clip is that narrow.
    (_, clip), = pages[3].forms
    assert clip[2] - clip[0] == pytest.approx(58, abs=0.01)


def test_each_piece_is_stored_once_and_a_tile_draws_only_what_meets_it(tmp_path):
    # 72 squares of 20 mm, 100 mm apart, on a 2400 x 400 mm drawing (9 x 3 tiles of A4): each is
    # converted and stored once however many pages show it, and a tile page draws the stored
    # chunks that meet it, not the whole drawing (memory follows a page, not the drawing).
    spots = [(40 + 100 * i, 40 + 100 * j) for i in range(24) for j in range(3)]
    extra = "".join(f'<rect x="{x}" y="{y}" width="20" height="20" fill="#123456"/>' for x, y in spots)
    report = write_pdf(svg(2400, 400, square_at=(500, 150), extra=extra), tmp_path / "a.pdf", A4)
    data = (tmp_path / "a.pdf").read_bytes()
    forms = [stream for head, stream in _objects(data).values() if b"/Subtype /Form" in head]
    assert report.tiles == (9, 3)
    for x, y in spots:
        op = re.compile(rf"(?<![\d.]){x} {y} 20 20 re".encode())
        assert sum(bool(op.search(form)) for form in forms) == 1, (x, y)
    pages = read_pdf(data)
    assert len(pages[0].forms) == len(forms)  # the index shows everything
    tiles = tile_grid(2400, 400, A4)
    for page, tile in zip(pages[1:], tiles):
        for seen in page.form_boxes:  # nothing drawn that does not show on this sheet
            assert seen[2] - seen[0] > 1e-6 and seen[3] - seen[1] > 1e-6, (tile, seen)
        # Every square that lies on the tile is on its page.
        shown = sum(
            1 for rgb, box, clip in page.shapes
            if all(abs(a - b) < 0.01 for a, b in zip(rgb, (0x12 / 255, 0x34 / 255, 0x56 / 255)))
            and _intersect(box, clip)[2] - _intersect(box, clip)[0] > 1e-6 and _intersect(box, clip)[3] - _intersect(box, clip)[1] > 1e-6
        )
        on_tile = sum(
            1 for x, y in spots
            if x < tile.x_mm + tile.width_mm and x + 20 > tile.x_mm and y < tile.y_mm + tile.height_mm and y + 20 > tile.y_mm
        )
        assert shown == on_tile, (tile, shown, on_tile)
    assert max(len(page.forms) for page in pages[1:]) < len(forms)


@pytest.mark.parametrize(
    "width, cols",
    [(281, 1), (281.5, 2), (552, 2), (552.5, 3), (813, 3), (823, 3), (823.5, 4)],
)
def test_tile_count_boundaries(width, cols):
    # A4 landscape printable 281 mm wide; with 10 mm overlap n sheets cover 271 n + 10 mm.
    assert tile_counts(width, 100, A4) == (cols, 1)
    assert expected_count(width, 281, 10) == cols


def test_small_drawing_makes_one_page_and_one_step_larger_makes_three(tmp_path):
    fit = write_pdf(svg(281, 194), tmp_path / "fit.pdf", A4)
    assert (fit.pages, fit.tiles) == (1, (1, 1))
    assert len(read_pdf((tmp_path / "fit.pdf").read_bytes())) == 1
    over = write_pdf(svg(282, 194), tmp_path / "over.pdf", A4)
    assert (over.pages, over.tiles) == (3, (2, 1))
    assert len(read_pdf((tmp_path / "over.pdf").read_bytes())) == 3


@pytest.mark.parametrize("spec", paper_names())
def test_every_paper_and_orientation(tmp_path, spec):
    paper = get_paper(spec)
    width, height = 500.0, 350.0
    report = write_pdf(svg(width, height, square_at=(20, 20)), tmp_path / "p.pdf", paper)
    pw, ph = paper.printable_mm
    cols, rows = expected_count(width, pw, 10), expected_count(height, ph, 10)
    assert report.tiles == (cols, rows)
    assert report.pages == 1 + cols * rows
    pages = read_pdf((tmp_path / "p.pdf").read_bytes())
    assert len(pages) == report.pages
    for page in pages:
        assert page.media == pytest.approx((paper.width_mm, paper.height_mm), abs=0.01)
    if paper.orientation == "landscape":
        assert paper.width_mm > paper.height_mm
    # The square at map (20, 20) is on the first tile, true size, at margin + 20 mm.
    (box,) = squares(pages[1])
    assert box[2] - box[0] == pytest.approx(50, abs=TOL_MM)
    assert box[0] == pytest.approx(paper.margin_mm + 20, abs=TOL_MM)
    assert paper.height_mm - box[3] == pytest.approx(paper.margin_mm + 20, abs=TOL_MM)


def test_paper_knows_whether_its_orientation_was_named():
    """A bare size ("A4") may be turned to fit a drawing; a named orientation is kept."""
    a4 = get_paper("A4")
    assert a4.orientation == "landscape" and not a4.orientation_named
    assert get_paper("a4-landscape").orientation_named and get_paper("A3-portrait").orientation_named
    assert a4 == get_paper("a4-landscape")  # same sheet either way
    turned = a4.turned()
    assert (turned.orientation, turned.width_mm, turned.height_mm) == ("portrait", 210.0, 297.0)
    assert turned.printable_mm == (194.0, 281.0) and turned.turned() == a4


def test_tiles_cover_the_map_with_the_requested_overlap():
    for spec in ("a4", "a3-portrait", "letter", "tabloid-portrait"):
        paper = get_paper(spec)
        tiles = tile_grid(850, 600, paper, 10)
        cols, rows = tile_counts(850, 600, paper, 10)
        assert len(tiles) == cols * rows
        assert max(t.x_mm + t.width_mm for t in tiles) == pytest.approx(850)
        assert max(t.y_mm + t.height_mm for t in tiles) == pytest.approx(600)
        row1 = [t for t in tiles if t.row == 1]
        for left, right in zip(row1, row1[1:]):
            assert left.x_mm + left.width_mm - right.x_mm == pytest.approx(10)


def test_neighbouring_sheets_share_at_least_two_registration_marks():
    paper = A4
    w, h, ov = 850.0, 600.0, 10.0
    tiles = tile_grid(w, h, paper, ov)
    cols, rows = tile_counts(w, h, paper, ov)
    pw, ph = paper.printable_mm
    marks = _mark_points(w, h, cols, rows, pw - ov, ph - ov, ov)

    def on(t):
        return {(x, y) for x, y in marks if t.x_mm <= x <= t.x_mm + t.width_mm and t.y_mm <= y <= t.y_mm + t.height_mm}

    by_pos = {(t.column, t.row): t for t in tiles}
    pairs = 0
    for (c, r), t in by_pos.items():
        for nb in ((c + 1, r), (c, r + 1)):
            if nb in by_pos:
                shared = on(t) & on(by_pos[nb])
                assert len(shared) >= 2, f"sheets {(c, r)} and {nb} share {len(shared)} marks"
                pairs += 1
    assert pairs == (cols - 1) * rows + cols * (rows - 1)


def test_same_input_same_bytes_and_different_input_different_bytes(tmp_path):
    text = svg(600, 400, extra='<text x="20" y="300" font-size="8">Hill 12</text>')
    write_pdf(text, tmp_path / "a.pdf", A4, title="Same")
    write_pdf(text, tmp_path / "b.pdf", A4, title="Same")
    a, b = (tmp_path / "a.pdf").read_bytes(), (tmp_path / "b.pdf").read_bytes()
    assert a == b
    write_pdf(text, tmp_path / "c.pdf", A4, title="Other")
    assert (tmp_path / "c.pdf").read_bytes() != a


def test_every_family_is_drawn_in_an_embedded_face(tmp_path):
    # Issue 11: one open font embedded in every PDF, bold and italic from the SVG, no standard-14 font left.
    extra = (
        '<text x="20" y="30" font-family="DejaVu Sans" font-size="6">DejaVu</text>'
        '<text x="20" y="40" font-family="Arial" font-weight="bold" font-size="6">Arial</text>'
        '<text x="20" y="50" font-family="Liberation Serif" font-style="italic" font-size="6">Serif</text>'
        '<text x="20" y="60" font-family="monospace" font-size="6">Mono \u4e2d</text>'
    )
    write_pdf(svg(600, 400, extra=extra), tmp_path / "f.pdf", A4, title="Fonts \u00e9 \u4e2d")
    data = (tmp_path / "f.pdf").read_bytes()
    fonts = {re.sub(rb"^[A-Z]{6}\+", b"", name) for name in re.findall(rb"/BaseFont /([\w+-]+)", data)}
    assert fonts == {b"BitstreamVeraSans-Roman", b"BitstreamVeraSans-Bold", b"DejaVuSerif-Italic"}
    assert data.count(b"/FontFile2") == len(fonts)
    text = " ".join(page.text for page in read_pdf(data))
    assert "Mono ?" in text and "Fonts \u00e9 ?" in text  # no glyph for a CJK character: '?', not an empty box


def test_missing_folder_is_a_clear_error_and_leaves_nothing(tmp_path):
    target = tmp_path / "no" / "such" / "map.pdf"
    with pytest.raises(MapgenError, match="does not exist"):
        write_pdf(svg(100, 100), target, A4)
    assert not (tmp_path / "no").exists()
    assert list(tmp_path.iterdir()) == []


def test_a_failure_leaves_no_file(tmp_path):
    with pytest.raises(MapgenError, match="SVG"):
        write_pdf("this is not an svg", tmp_path / "bad.pdf", A4)
    whole = svg(600, 400)
    with pytest.raises(MapgenError, match="SVG"):
        write_pdf(whole[: len(whole) // 2], tmp_path / "bad.pdf", A4)  # truncated file
    with pytest.raises(MapgenError, match="overlap"):
        write_pdf(svg(600, 400), tmp_path / "bad.pdf", A4, overlap_mm=150)
    assert list(tmp_path.iterdir()) == []


def test_an_existing_file_is_replaced_whole(tmp_path):
    target = tmp_path / "m.pdf"
    target.write_bytes(b"old")
    write_pdf(svg(100, 100), target, A4)
    assert target.read_bytes().startswith(b"%PDF-")
    assert target.read_bytes().rstrip().endswith(b"%%EOF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.pdf"]


def test_zero_overlap_and_a_custom_margin(tmp_path):
    paper = Paper("A4", "landscape", 297.0, 210.0, margin_mm=12.0)
    report = write_pdf(svg(546, 186, square_at=(273, 10)), tmp_path / "z.pdf", paper, overlap_mm=0)
    assert report.tiles == (2, 1)  # 273 + 273 with no overlap
    pages = read_pdf((tmp_path / "z.pdf").read_bytes())
    (box,) = squares(pages[2])  # exactly at the start of tile 2
    assert box[0] == pytest.approx(12, abs=TOL_MM)
    assert box[2] - box[0] == pytest.approx(50, abs=TOL_MM)
    assert squares(pages[1]) == []  # clipped away: it starts exactly where tile 1 ends


# --------------------------------------------------------------------------- pieces of a drawing

from mapgen.render.svgbounds import parse_transform, path_box  # noqa: E402
from mapgen.render.svgpieces import PieceStream  # noqa: E402


@pytest.mark.parametrize(
    "d,holds",
    [
        ("M 0 0 L 10 5", [(0, 0), (10, 5)]),
        ("M 0 0 A 10 10 0 0 1 20 0", [(10, -10), (10, 10)]),  # a half circle bulges past its ends
        ("M 5 5 a 2 2 0 1 0 0 4", [(3, 7), (7, 7)]),
        ("m 1 1 l 2 0 2 2 h -10 v -5 z m 3 3 l 1 1", [(1, 1), (5, 3), (-5, 3), (-5, -2), (5, 5)]),
        ("M 0 0 Q 10 20 20 0 C 30 -30 40 30 50 0", [(10, 10), (35, -22), (35, 22)]),
        ("M 0 0 H 30 V -7 L 0 0 Z", [(30, -7)]),
        # three half circles of radius 1 in one relative segment, each from the end of the one before
        ("M 0 0 a 1 1 0 0 1 2 0 1 1 0 0 1 2 0 1 1 0 0 1 2 0", [(1, -1), (1, 1), (5, -1), (5, 1), (6, 0)]),
        ("M 0 0 L 4 0 Z l 1 1", [(0, 0), (1, 1)]),  # a close returns to the subpath's start
    ],
)
def test_piece_bounds_of_a_path_hold_every_point_it_draws(d, holds):
    x0, y0, x1, y1 = path_box(d)
    for x, y in holds:
        assert x0 - 1e-9 <= x <= x1 + 1e-9 and y0 - 1e-9 <= y <= y1 + 1e-9, (d, (x, y), (x0, y0, x1, y1))


def test_piece_bounds_of_a_text_hold_each_letter_placed_on_its_own():
    # A letter-spaced name: one x per letter, the last at 90; each letter at most one em (font-size 4) wide.
    (piece,) = PieceStream(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="100mm" viewBox="0 0 100 100">'
        '<text x="10 50 90" y="20" font-size="4">abc</text></svg>'
    )
    x0, y0, x1, y1 = piece.box
    assert x0 <= 10 and x1 >= 90 + 4 and y0 <= 20 - 4 and y1 >= 20


def test_piece_bounds_follow_transforms():
    a, b, c, d, e, f = parse_transform("translate(10,20) rotate(90) scale(2)")
    assert (a * 1 + c * 0 + e, b * 1 + d * 0 + f) == pytest.approx((10, 22))  # (1, 0) -> scaled, turned, moved


def test_pieces_that_cannot_be_measured_are_on_every_page():
    pieces = list(PieceStream(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="100mm" viewBox="0 0 100 100"><g>'
        + '<rect x="1" y="1" width="2" height="2"/>' * 9
        + '<rect x="10mm" y="1" width="2" height="2"/><text x="5" y="5" dx="3">a</text></g></svg>'
    ))
    assert len(pieces) == 11
    everywhere = [n for n, p in enumerate(pieces) if p.box[0] <= 50 and p.box[2] >= 60 and p.box[1] <= 50 and p.box[3] >= 60]
    assert everywhere == [9, 10]  # only the two it cannot measure


def test_a_drawing_with_use_elements_is_read_whole(tmp_path):
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100mm" height="100mm" viewBox="0 0 100 100">'
        '<g><rect id="r" x="1" y="1" width="2" height="2"/><use xlink:href="#r" x="50"/><rect x="5" y="5" width="2" height="2"/></g></svg>'
    )
    (piece,) = list(PieceStream(svg))  # the layer is one piece, on every page
    assert piece.box[0] == -math.inf
    # A <use> may point into another top-level group: such a drawing is converted in one go.
    two_groups = svg.replace('<use', '</g><g><use')
    write_pdf(two_groups, tmp_path / "u.pdf", A4)
    (form,) = [s for h, s in _objects((tmp_path / "u.pdf").read_bytes()).values() if b"/Subtype /Form" in h]
    assert len(re.findall(rb" re\s+f", form)) == 3  # the rect, its copy, the other rect


def test_a_truncated_drawing_is_refused(tmp_path):
    with pytest.raises(MapgenError, match="cannot read the SVG drawing"):
        write_pdf(svg(600, 400)[:-40], tmp_path / "t.pdf", A4)
    assert list(tmp_path.iterdir()) == []


def test_piece_bounds_hold_the_stroke_inherited_or_not():
    # A 6 units wide stroke reaches 3 units past the line each way (more at a miter corner).
    pieces = PieceStream(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="100mm" viewBox="0 0 100 100">'
        '<line x1="0" y1="10" x2="100" y2="10" stroke="#000" stroke-width="6"/>'
        '<g stroke-width="6"><polyline points="0,50 100,50" stroke="#000"/></g></svg>'
    )
    for (x0, y0, x1, y1), y in zip((p.box for p in pieces), (10, 50)):
        assert y0 <= y - 3 and y1 >= y + 3


def test_the_parsed_drawing_is_not_kept_once_its_pieces_are_read():
    stream = PieceStream(svg(600, 400, extra="<g>" + '<rect x="1" y="1" width="2" height="2"/>' * 50 + "</g>"))
    assert len(list(stream)) == 2 + 50
    assert [len(child) for child in stream.root] == [0]  # the layer's children went with their pieces


def test_pages_and_forms_are_compressed_as_soon_as_they_are_finished():
    # ReportLab keeps a page's text until save(); we compress it at once.  If ReportLab's
    # internals change, this fails: the PDF stays right, but big maps take far more memory.
    import io

    from reportlab.pdfgen.canvas import Canvas

    from mapgen.render import pdf

    c = Canvas(io.BytesIO(), pageCompression=1)
    c.beginForm("f")
    c.rect(0, 0, 10, 10)
    c.endForm()
    pdf._compress_now(pdf._form_object(c, "f"))
    c.doForm("f")
    pdf.show_page(c, "Page 1")
    for obj in (pdf._form_object(c, "f"), pdf._last_page(c)):
        assert obj is not None and obj.stream is None and obj.Contents is not None


@pytest.mark.parametrize("literal", ["0 0 10 10 re f", "BT (caf\\351) Tj ET", "% città", "% \x18 refused"])
def test_a_form_ended_here_holds_the_bytes_reportlabs_own_end_would_give_it(literal):
    # end_form encodes ASCII content itself (ReportLab's PDFDocEncoding codec is slow); PDFDocEncoding maps
    # ASCII to itself but for 0x18-0x1f, which it refuses: the content must be the codec's, or the same error.
    import io

    from reportlab.pdfgen.canvas import Canvas

    from mapgen.render import pdf_source

    def ended(mine: bool):
        c = Canvas(io.BytesIO(), pageCompression=1, invariant=1)
        c.beginForm("f")
        c.setFillAlpha(0.5)
        c.addLiteral(literal)
        try:
            if mine:
                pdf_source.end_form(c, "f")
            else:
                c.endForm()
                pdf_source._compress_now(pdf_source._form_object(c, "f"))
        except UnicodeEncodeError:
            return "refused"
        return zlib.decompress(pdf_source._form_object(c, "f").Contents.content)

    theirs = ended(False)
    assert ended(True) == theirs
    assert (theirs == "refused") == ("\x18" in literal)
    if theirs != "refused":
        assert theirs.endswith(literal.encode("latin-1"))


from hypothesis import given, settings, strategies as st  # noqa: E402

from mapgen.render.pdf_paths import path as pdf_path  # noqa: E402
from mapgen.render.svgbounds import plain_segments  # noqa: E402

_COORD = st.integers(-9999, 9999).map(lambda n: f"{n / 100:g}")
_SEGMENTS = st.lists(st.one_of(
    st.tuples(st.sampled_from("MLml"), _COORD, _COORD).map(lambda t: f"{t[0]}{t[1]} {t[2]}"),
    st.tuples(st.sampled_from("Aa"), _COORD, _COORD, _COORD, _COORD).map(
        lambda t: f"{t[0]}{t[1].lstrip('-')} {t[2].lstrip('-')} 0 1 0 {t[3]},{t[4]}"),
    st.just("Z"),
), max_size=8)


@settings(max_examples=60, deadline=None)
@given(_SEGMENTS)
def test_plain_path_data_is_read_as_the_pattern_reads_it(segments):
    # Plain data (what the renderers write) is split rather than matched number by number: the same numbers.
    d = "M0 0 " + " ".join(segments)
    assert plain_segments(d) is not None
    spelled = re.sub(r"(\d)(?=[\s,]|$)", r"\1e0", d)  # the same numbers with an exponent: read by the pattern
    assert plain_segments(spelled) is None
    assert path_box.__wrapped__(d) == path_box.__wrapped__(spelled)


def test_numbers_not_set_apart_are_read_one_by_one():
    assert plain_segments("M1-2L.5.5") is None
    assert path_box.__wrapped__("M1-2L.5.5") == (0.5, -2.0, 1.0, 0.5)
    assert pdf_path("M1-2L3 4") == "1.000 -2.000 m\n3 4 l"
    assert pdf_path("M 1,2 L3 4 Z") == "1 2 m\n3 4 l\nh"


@pytest.mark.parametrize("literal", ["0 0 10 10 re f", "BT (caf\\351) Tj ET", "% citt\u00e0"])
def test_pages_and_forms_compressed_at_once_hold_what_reportlab_writes_at_save(literal):
    # Compressed as soon as they are finished, not at save (binary Flate at level 4, where ReportLab writes level 6
    # under ASCII85): the same objects, each stream holding the same operators, and a smaller file.
    import io

    from reportlab.pdfgen.canvas import Canvas

    from mapgen.render import pdf_source

    def made(now: bool) -> bytes:
        buf = io.BytesIO()
        c = Canvas(buf, pageCompression=1, invariant=1)
        c.beginForm("f")
        c.addLiteral(literal)
        if now:
            pdf_source.end_form(c, "f")
        else:
            c.endForm()
            pdf_source._give_form_its_resources(pdf_source._form_object(c, "f"))
        c.doForm("f")
        c.addLiteral(literal * 40)
        c.showPage()
        if now:
            pdf_source._compress_now(pdf_source._last_page(c))
        c.save()
        return buf.getvalue()

    mine, theirs = made(True), made(False)
    ours, rls = _objects(mine), _objects(theirs)
    assert ours.keys() == rls.keys()
    for number, (head, stream) in rls.items():
        assert ours[number][1] == stream, number
        if stream is not None and b"/Length1" not in head:  # a page's or form's content: no ASCII85 over it any more
            assert b"ASCII85Decode" in head and b"ASCII85Decode" not in ours[number][0]
    assert len(mine) < len(theirs)


@pytest.mark.parametrize("value, text", [(1.23456, "1.235"), (2.0, "2"), (-0.0004, "0"), (-0.0, "0"), (-12.5, "-12.5"),
                                         (0.1 + 0.2, "0.3"), (1e6, "1000000")])
def test_a_computed_coordinate_has_three_decimals_at_most_and_no_minus_zero(value, text):
    from mapgen.render.pdf_paths import num

    assert num(value) == text
    assert num(value) == text  # the second time remembered


NS = "http://www.w3.org/2000/svg"


def _read(pieces) -> list:
    return [(p.element.tag, dict(p.element.attrib), [w.get("id") for w in p.wrappers]) for p in pieces]


def test_a_drawing_on_one_sheet_read_in_one_go_has_the_pieces_read_one_by_one():
    # Layers split into their children, a layer with opacity whole, definitions kept aside, a group's own
    # definitions left out; empty pieces before the first that draws are dropped (as reading one by one drops
    # them), later ones kept (on one sheet nothing is measured).
    drawing = svg(300, 200, extra=(
        '<defs><path id="d" d="M0 0 L1 1"/></defs>'
        '<g id="a" transform="translate(5,5)" stroke-width="2"><g/><circle cx="1" cy="1" r="1"/><g/><title>x</title>'
        '<text x="3" y="4">A</text></g>'
        '<g id="b" opacity="0.5"><rect x="1" y="1" width="1" height="1"/></g>'
        '<line x1="0" y1="0" x2="5" y2="5" stroke="#000"/>'))
    drawing = drawing.replace('<rect x="0" y="0"', '<g id="e"><g/></g><rect x="0" y="0"', 1)
    one_by_one = PieceStream(drawing)
    one_by_one_pieces = list(one_by_one)
    at_once = PieceStream(drawing)
    pieces = at_once.unmeasured()
    assert _read(pieces)[0][0] == f"{{{NS}}}rect"  # the empty layer's empty group: dropped
    kept_empty = [p for p in _read(pieces) if p[0].endswith("}g") and not p[1]]
    assert len(kept_empty) == 2  # the empty groups inside layer a, after the first piece that draws
    assert [p for p in _read(pieces) if p not in kept_empty] == _read(one_by_one_pieces)
    assert [c.tag for c in at_once.context] == [c.tag for c in one_by_one.context] == [f"{{{NS}}}path", f"{{{NS}}}defs"]


def test_a_drawing_parsed_in_one_go_has_the_pieces_and_boxes_read_as_the_parser_goes(monkeypatch):
    # Drawings up to svgpieces.IN_ONE_GO characters are parsed whole; larger ones (a 400 x 400 map) are read
    # a piece at a time: both give the same pieces, boxes, groups and definitions, and leave the same tree.
    from mapgen.render import svgpieces

    drawing = svg(300, 200, extra=(
        '<defs><path id="d" d="M0 0 L1 1"/></defs><g id="e"><g/></g>'
        '<g id="a" transform="translate(5,5) scale(2)" stroke-width="2"><g/><circle cx="1" cy="1" r="1"/>'
        '<title>x</title><text x="3" y="4" font-size="3">A</text><path d="M 1 1 a 1 1 0 1 0 2 0"/></g>'
        '<g id="b" opacity="0.5"><rect x="1" y="1" width="1" height="1"/></g>'
        '<g id="c" transform="rotate(30)"><line x1="0" y1="0" x2="5" y2="5" stroke="#000"/></g>'
        '<line x1="0" y1="0" x2="5" y2="5" stroke="#000" stroke-width="3"/>'))

    def read(one_go: int):
        monkeypatch.setattr(svgpieces, "IN_ONE_GO", one_go)
        stream = PieceStream(drawing)
        pieces = list(stream)
        return ([(*piece, p.box) for piece, p in zip(_read(pieces), pieces)], [c.tag for c in stream.context],
                [(child.tag, len(child)) for child in stream.root])

    walked, streamed = read(10**9), read(0)
    assert walked == streamed
    assert len(walked[0]) == 8  # background, square; circle, text, path of a; b whole; the line of c; the line
