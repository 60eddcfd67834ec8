"""The shared lettering helper (mapgen/render/text.py): measuring, wrapping, <text> attributes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from mapgen.render import fonts
from mapgen.render.text import INK, draw_text, text_attrs, text_width, wrap_text


def test_width_is_the_embedded_face_and_spacing_adds_per_gap():
    assert text_width("Arno", 3.0, italic=True) == fonts.width("Arno", 3.0, False, True)
    plain = sum(fonts.width(ch, 3.0) for ch in "Arno")
    assert abs(text_width("Arno", 3.0, spacing=0.5) - (plain + 1.5)) < 1e-9


def test_wrap_keeps_lines_in_room_and_a_long_word_whole_unless_broken():
    words = "one two three four five six seven"
    lines = wrap_text(words, 12.0, 3.0)
    assert " ".join(lines) == words
    assert all(text_width(line, 3.0) <= 12.0 for line in lines if " " in line)
    assert wrap_text("Supercalifragilistic", 5.0, 3.0) == ["Supercalifragilistic"]
    broken = wrap_text("Supercalifragilistic", 5.0, 3.0, break_words=True)
    assert "".join(broken) == "Supercalifragilistic" and all(text_width(p, 3.0) <= 5.0 for p in broken)
    assert wrap_text("", 5.0, 3.0) == []


def test_hanging_indent_gives_later_lines_their_own_room():
    words = "aa bb cc dd ee ff gg hh"
    lines = wrap_text(words, 14.0, 3.0, rest=8.0)
    assert " ".join(lines) == words
    assert text_width(lines[0], 3.0) <= 14.0 and text_width(lines[0], 3.0) > 8.0
    assert all(text_width(line, 3.0) <= 8.0 for line in lines[1:])


def test_attrs_leave_svg_defaults_out_and_take_family_and_ink_from_a_style():
    a = text_attrs(1, 2.5, 3)
    assert a == {"x": "1", "y": "2.5", "font-family": fonts.SANS_FAMILY, "font-size": "3", "fill": INK}
    style = {"font_family": "A", "serif_family": "B", "ink": "#123456"}
    b = text_attrs(0, 0, 2, style=style, serif=True, bold=True, italic=True, anchor="end", transform="rotate(9)")
    assert list(b) == ["x", "y", "font-family", "font-size", "font-weight", "font-style", "text-anchor", "fill", "transform"]
    assert b["font-family"] == "B" and b["fill"] == "#123456"
    assert text_attrs(0, 0, 2, style=style, fill="#ff0000")["fill"] == "#ff0000"


def test_draw_text_appends_under_its_parent():
    g = ET.Element("g")
    el = draw_text(g, 1, 2, "Roma", 4, anchor="middle", serif=True)
    assert g[0] is el and el.text == "Roma" and el.get("font-family") == fonts.SERIF_FAMILY


def test_wrap_never_breaks_at_a_no_break_space():
    """C2, the 300 dpi look: "... sheets of 279.4 x 215.9 mm" wrapped leaving "mm" alone on a line. A number and
    its unit joined by a no-break space (U+00A0, or the narrow U+202F) stay on one line, and keep their space."""
    for nbsp in ("\u00a0", "\u202f"):
        words = f"on 2 x 2 sheets of 279.4 x 215.9{nbsp}mm"
        for room in (10.0, 20.0, 30.0, 40.0, 50.0, 60.0):
            lines = wrap_text(words, room, 3.0, serif=True)
            assert " ".join(lines) == words, (room, lines)
            assert "mm" not in lines and any(line.endswith(f"215.9{nbsp}mm") for line in lines), (room, lines)
    # The unit goes to the next line with its number, not past the room: the pair is one word.
    lines = wrap_text("sheets of 215.9\u00a0mm", text_width("sheets of 215.9", 3.0) + 0.1, 3.0)
    assert lines == ["sheets of", "215.9\u00a0mm"]
