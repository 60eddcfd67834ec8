"""How a counter looks (issue 11, "Counters"): the side's colour fills the body, a texture per side for
black-and-white prints, the square is a holding counter's largest text, no text under 1.6 mm at any
size, and 1 mm of bleed and gutter by default."""

from __future__ import annotations

import pytest

from mapgen.counters.layout import MIN_SIZE_MM, NAMED_SIZES, lay_out
from mapgen.counters.rules import SIDE_STYLES, STYLE_BY_KEY
from mapgen.counters.sets import fw_campaign_set, fw_set, renaissance_set
from mapgen.render.counters import Line, Rect, Text, Texture, face_items, page_items
from mapgen.paper import get_paper

from .cli_helpers import run
from .conftest import cached_map

#: Issue 11: "no text under 1.6 mm at any size (shrink the content, not the minimum)".
MIN_TEXT = 1.6


def _grey(hex_colour: str) -> float:
    """Luminance 0..255 as a greyscale print renders it (ITU-R BT.601)."""
    r, g, b = (int(hex_colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def test_the_sides_colour_fills_the_counter_body():
    sheet = lay_out(fw_set()[:40], get_paper("a4-portrait"), 15.875)
    grounds = [i for i in page_items(sheet, 1)[0][1] if isinstance(i, Rect) and i.h > 15.875]
    fronts = [pl.counter.front for pl in sheet.pages[0].placements]
    assert len(grounds) == len(fronts)
    for ground, face in zip(grounds, fronts):
        assert ground.fill == ("#2b2b2b" if face.dark else STYLE_BY_KEY[face.style].color)


def test_red_and_blue_print_as_the_same_grey_so_each_side_has_its_own_texture():
    red, blue = STYLE_BY_KEY["red"], STYLE_BY_KEY["blue"]
    assert abs(_grey(red.color) - _grey(blue.color)) < 15  # why a texture is needed at all
    patterns = [s.pattern for s in SIDE_STYLES]
    assert len(set(patterns)) == len(patterns) and "none" not in patterns
    def texture(face):
        return {type(p).__name__ for i in face_items(face, 15.875) if isinstance(i, Texture) for p in i.parts()}
    red_face = next(c.front for c in fw_set() if c.front.style == "red" and c.front.title == "Probe")
    blue_face = next(c.front for c in fw_set() if c.front.style == "blue" and c.front.title == "Probe")
    assert texture(red_face) == {"Line"} and texture(blue_face) == {"Circle"}  # stripes against dots


def test_the_square_is_the_largest_text_on_a_holding_counter():
    m = cached_map(7, "medium")
    holdings = [c for c in fw_campaign_set(m) if "holding" in c.id or "capital" in c.id]
    assert holdings
    for counter in holdings:
        for face in (counter.front, counter.back):
            texts = [i for i in face_items(face, 12.7) if isinstance(i, Text)]
            biggest = max(texts, key=lambda t: t.size)
            assert biggest.text == face.big and len(face.big) >= 2 and face.big[0].isalpha(), face


@pytest.mark.parametrize("size", sorted({MIN_SIZE_MM, 11.0, *NAMED_SIZES.values()}))
def test_no_text_under_1_6_mm_at_any_size(size):
    faces = [f for c in fw_set() + renaissance_set() + fw_campaign_set(cached_map(5, "medium")) for f in (c.front, c.back)]
    for face in faces:
        sizes = [i.size for i in face_items(face, size) if isinstance(i, Text)]
        assert sizes and min(sizes) >= MIN_TEXT - 1e-9, (size, face)
        assert all(i.text for i in face_items(face, size) if isinstance(i, Text))  # nothing empty drawn


def test_one_mm_of_bleed_and_gutter_by_default(tmp_path, capsys):
    sheet = lay_out(fw_set(), get_paper("a4-portrait"), 15.875)
    assert (sheet.bleed_mm, sheet.gutter_mm) == (1.0, 1.0)
    code, _, _ = run(["counters", "--out", str(tmp_path / "c"), "--formats", "json"], capsys)
    assert code == 0
    import json

    data = json.loads((tmp_path / "c" / "counters.json").read_text())
    assert (data["bleed_mm"], data["gutter_mm"]) == (1.0, 1.0)


def _text_box(t: Text) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a caption on the page, y down: from its ascent to its descent."""
    from mapgen.render import fonts

    w = fonts.width(t.text, t.size, t.bold)
    x0 = {"start": t.x, "middle": t.x - w / 2, "end": t.x - w}[t.anchor]
    return x0, t.y - 0.76 * t.size, x0 + w, t.y + 0.24 * t.size


def test_the_fold_line_crosses_no_caption():
    """Issue 11, the 300 dpi look: with --fold the dashed fold line ran through the footer's
    "page 1 of 2: fronts left, ..." caption; it is a line to fold on, never a strike through words."""
    sheet = lay_out(fw_set()[:40], get_paper("a4-portrait"), 15.875, fold=True)
    for page in range(1, sheet.pdf_pages + 1):
        furniture = dict(page_items(sheet, page))["Furniture"]
        folds = [i for i in furniture if isinstance(i, Line) and i.dash]
        assert len(folds) == 1
        fold = folds[0]
        captions = [i for i in furniture if isinstance(i, Text) and i.text != "fold"]
        assert captions
        for t in captions:
            x0, y0, x1, y1 = _text_box(t)
            crosses = x0 <= fold.x1 <= x1 and min(fold.y1, fold.y2) <= y1 and max(fold.y1, fold.y2) >= y0
            assert not crosses, (t.text, fold)


#: The clear ground a player needs between a letter and the nearest texture mark to read it at a glance (0.2 mm is
#: a couple of dots of a 300 dpi print), and the room a line of text keeps from either cut line: a cut by hand strays
#: by up to a millimetre, so a tenth of the side (1.3 mm on the smallest named size).
CLEAR_GROUND_MM = 0.2
CUT_ROOM = 0.1


def _all_faces():
    sets = fw_set() + renaissance_set() + fw_campaign_set(cached_map(5, "medium"))
    return list({f: None for c in sets for f in (c.front, c.back)})


@pytest.mark.parametrize("size", sorted({MIN_SIZE_MM, *NAMED_SIZES.values()}))
def test_text_sits_on_a_clear_ground_at_every_size(size):
    """The 300 dpi look, K1: at 3/4in side B's dots ran into "Force" and "Max Speed"; no stripe or dot of a
    side's texture may touch a text's box, whatever the side and the counter size."""
    from shapely.geometry import LineString, Point, box

    checked = 0
    for face in _all_faces():
        items = face_items(face, size)
        marks = []
        for texture in (i for i in items if isinstance(i, Texture)):
            for p in texture.parts():
                if isinstance(p, Line):
                    marks.append(LineString([(p.x1, p.y1), (p.x2, p.y2)]).buffer(p.width / 2, cap_style="flat"))
                else:
                    marks.append(Point(p.cx, p.cy).buffer(p.r))
        band = next(i for i in items if isinstance(i, Rect))  # the side band, drawn over the texture
        for t in (i for i in items if isinstance(i, Text)):
            x0, y0, x1, y1 = _text_box(t)
            if y1 <= band.y + band.h:
                continue  # on the band, which hides the texture
            ground = box(x0, y0, x1, y1).buffer(CLEAR_GROUND_MM, join_style="mitre")
            touching = [m for m in marks if m.difference(box(0, 0, size, band.h)).intersects(ground)]
            assert not touching, (size, face.style, t.text)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("size", sorted({MIN_SIZE_MM, *NAMED_SIZES.values()}))
def test_lines_of_text_keep_room_to_the_cut_lines(size):
    """K1: "Max Speed" nearly filled a 3/4in counter's width, a millimetre from each cut line."""
    for face in _all_faces():
        items = face_items(face, size)
        for t in (i for i in items if isinstance(i, Text) and i.y > 0.3 * size):
            x0, _, x1, _ = _text_box(t)
            assert x0 >= CUT_ROOM * size - 1e-6 and x1 <= (1 - CUT_ROOM) * size + 1e-6, (size, t.text)
