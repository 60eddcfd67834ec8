"""SvgDoc's text is svgwrite's own, character for character, whatever the text in the drawing holds."""

from __future__ import annotations

import pytest

from mapgen.render.svgdoc import INKSCAPE_NS, XML_DECLARATION, SvgDoc, layer_attrs, xml_text

svgwrite = pytest.importorskip("svgwrite")  # the oracle: what mapgen's drawings were written with before

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
    theirs = svgwrite.Drawing(size=("100mm", "50mm"), viewBox="0 0 100 50", debug=False, profile="full")
    theirs.attribs["xmlns:inkscape"] = INKSCAPE_NS
    theirs.set_desc(title=text)
    attrs = layer_attrs(text)
    layer = theirs.add(theirs.g(id=attrs.pop("id")))
    layer.attribs.update(attrs)
    layer.add(theirs.text(text, insert=(1, 2), **{"class": text}))
    expected = XML_DECLARATION + xml_text(theirs.tostring()) + "\n"  # svgwrite's serialiser, as before
    assert doc.tostring() == expected
    doc.tostring().encode("utf-8")  # always writable


import xml.etree.ElementTree as ET  # noqa: E402

from hypothesis import given, settings, strategies as st  # noqa: E402

from mapgen.render.svgdoc import CDATA_TAG, serialize  # noqa: E402

_TEXT = st.one_of(st.none(), st.text(alphabet=st.sampled_from('ab &<>"\'\r\n\t\x85é\U0001f3f0]'), max_size=6))


@st.composite
def _trees(draw, depth=0):
    if depth and draw(st.integers(0, 5)) == 0:
        e = ET.Element(CDATA_TAG)
        e.text = draw(st.text(max_size=5))
        e.tail = draw(_TEXT)
        return e
    e = ET.Element(draw(st.sampled_from(["g", "path", "text", "svg", "inkscape:x", "{http://x}y" if depth > 2 else "tspan"])))
    for k in draw(st.lists(st.sampled_from(["d", "class", "xml:space", "inkscape:label", "style"]), unique=True, max_size=3)):
        e.set(k, draw(st.text(alphabet=st.sampled_from('a1 &<>"\r\n\t'), max_size=5)))
    e.text, e.tail = draw(_TEXT), draw(_TEXT)
    if depth < 3:
        e.extend(draw(st.lists(_trees(depth + 1), max_size=3)))
    return e


@settings(max_examples=300, deadline=None)
@given(_trees())
def test_serialize_writes_what_elementtree_writes(root):
    assert serialize(root) == ET.tostring(root, encoding="unicode")


def test_serialize_leaves_a_comment_to_elementtree():
    root = ET.Element("g")
    root.append(ET.Comment(" a & b "))
    assert serialize(root) == ET.tostring(root, encoding="unicode") == "<g><!-- a & b --></g>"


from mapgen.render.svgdoc import fmt  # noqa: E402


@pytest.mark.parametrize("value, text", [(2.5, "2.5"), (3.0, "3"), (3, "3"), (-0.0, "0"), (-0.0004, "0"), (0.0006, "0.001"),
                                         (12.3456789, "12.346"), (-7.1, "-7.1"), (1e6, "1000000")])
def test_fmt_writes_at_most_three_decimals_and_the_same_text_every_time(value, text):
    assert fmt(value) == text
    assert fmt(value) == text  # the second time from the memo


def test_fmt_of_equal_values_is_the_same_text_whichever_comes_first():
    assert fmt(0.0) == fmt(-0.0) == fmt(0) == "0"
    assert fmt(-0.0) == "0"
