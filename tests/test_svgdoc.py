"""SvgDoc's text is svgwrite's own, character for character, whatever the text in the drawing holds."""

from __future__ import annotations

import pytest

from mapgen.render.svgdoc import XML_DECLARATION, SvgDoc, xml_text

AWKWARD = [
    "plain",
    "a & b < c > d \" e ' f",
    "lone \udcff surrogate",
    "pair \ud83c\udff0 of surrogates",
    "control \x01 and \x0b and \ufffe",
    "astral \U0001f3f0 castle, accents: città",
    "]]> and <![CDATA[",
]


@pytest.mark.parametrize("text", AWKWARD)
def test_the_text_is_what_svgwrite_writes(text):
    doc = SvgDoc(100, 50, title=text)
    group = doc.layer(text)
    group.add(doc.drawing.text(text, insert=(1, 2), **{"class": text}))
    expected = XML_DECLARATION + xml_text(doc.drawing.tostring()) + "\n"  # svgwrite's serialiser, as before
    assert doc.tostring() == expected
    doc.tostring().encode("utf-8")  # always writable
