"""mapgen's SVG elements write what svgwrite 1.4 wrote for the same calls (svgwrite is the oracle here, a test dependency only)."""

from __future__ import annotations

import pytest

svgwrite = pytest.importorskip("svgwrite")

from mapgen.render import svgtree  # noqa: E402
from mapgen.render.svgdoc import serialize  # noqa: E402


def _both(build):
    """The text of the drawing ``build`` makes, with svgwrite and with :mod:`mapgen.render.svgtree`."""
    theirs = svgwrite.Drawing(size=("210mm", "297mm"), viewBox="0 0 210 297", debug=False, profile="full")
    ours = svgtree.Drawing(size=("210mm", "297mm"), viewBox="0 0 210 297")
    for d in (theirs, ours):
        d.attribs["xmlns:inkscape"] = "http://www.inkscape.org/namespaces/inkscape"
        d.set_desc(title="Map & <key>")
        build(d)
    return serialize(theirs.get_xml()), serialize(ours.get_xml())


CALLS = {
    "group": lambda d: d.add(d.g(id="layer-x", class_="symbol marker", **{"data-kind": "wood", "inkscape:label": "X"})),
    "nested": lambda d: d.add(d.g(transform="translate(1,2)")).add(d.g()).add(d.rect((0, 0), (1, 1))),
    "rect": lambda d: d.add(d.rect(("1.5", "2"), ("3", "4.25"), rx="0.4", ry=None, fill="#fff", stroke_width="0.3", stroke_dasharray="1.2,0.6")),
    "rect numbers": lambda d: d.add(d.rect((0, 0.5), (10, 2.25), fill=None, stroke="")),
    "circle": lambda d: d.add(d.circle(("3", "4"), "0.45", fill="#000", stroke="#111", stroke_width="0.3")),
    "line": lambda d: d.add(d.line((1.0, 2.5), (3.0, 4.0), stroke="#000", stroke_width="0.2", stroke_linecap="round")),
    "polygon": lambda d: d.add(d.polygon([(1.0, 2.0), (3.5, 4.0), (5, 6)], fill="#abc", stroke="none", stroke_width="0.1", fill_rule="evenodd")),
    "path": lambda d: d.add(d.path(d="M 0 0 L 1 1 Z", fill="none", stroke_linejoin="round")),
    "path without d": lambda d: d.add(d.path(fill="none")),
    "text": lambda d: d.add(d.text("Città & <Co> \"x\"", insert=("1.5", "2"), font_size="3", text_anchor="middle", **{"class": "name"})),
    "text numbers": lambda d: d.add(d.text(12, insert=(0, 2.5))),
    "updated": lambda d: d.add(d.text("x")).update({"font_family": "serif", "x": "1", "y": "2", "xml:space": "preserve"}),
    "set item": lambda d: d.add(d.g()).__setitem__("style", "display:none"),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_each_element_is_written_as_svgwrite_wrote_it(name):
    theirs, ours = _both(CALLS[name])
    assert ours == theirs


def test_a_drawing_resized_and_reordered_is_written_as_svgwrite_wrote_it():
    def build(d):
        a, b = d.add(d.g(id="a")), d.add(d.g(id="b"))
        d.elements.remove(b)
        d.elements.insert(d.elements.index(a), b)
        d.attribs["width"], d.attribs["viewBox"] = "100", "0 0 100 50"

    theirs, ours = _both(build)
    assert ours == theirs
