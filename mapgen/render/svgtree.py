"""The few SVG elements mapgen's drawings are built from, written as svgwrite 1.4 wrote them.

mapgen used svgwrite for ``<g>``, ``<rect>``, ``<path>``, ``<circle>``, ``<line>``, ``<polygon>`` and
``<text>``, never its validator, its other elements or its file writing.  Importing it cost about
40 ms of every drawing command (its validator compiles large patterns at import even with
``debug=False``, and its containers import :mod:`urllib.request`, :mod:`http.client`, :mod:`email`
and :mod:`ssl`), a twentieth of ``mapgen new``.  These classes keep its interface for what
mapgen calls and its rules for the text, so every drawing is the same bytes:

- a keyword's trailing ``_`` is dropped and its inner ``_`` become ``-`` (``class_``, ``stroke_width``);
- attributes are written sorted by name, a ``None`` or empty value not at all, any other value
  as ``str(value)``;
- a polygon's points are ``"x,y"`` pairs joined by spaces, a path's ``d`` its commands joined by
  spaces (``None`` left out), a text's ``x`` and ``y`` the insertion point's;
- the drawing carries svgwrite's namespaces, ``baseProfile="full"``, ``version="1.1"``, an empty
  ``<defs />`` first and, when given, a ``<title>`` before it.

``tests/test_svgtree.py`` compares the text with svgwrite's own for every element made here.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET


def _flat(values):
    """``values`` with nested lists and tuples spread out (a string stays whole)."""
    for value in values:
        if hasattr(value, "__iter__") and not isinstance(value, str):
            yield from _flat(value)
        else:
            yield value


def _joined(values) -> str:
    """``values`` (a string, or a nesting of lists) as text separated by spaces, ``None`` left out."""
    if isinstance(values, str):
        return values
    return " ".join(str(v) for v in _flat(values) if v is not None)


class Element:
    """An SVG element: ``attribs`` by SVG name, child ``elements`` in drawing order."""

    elementname = "g"

    def __init__(self, **extra):
        self.attribs: dict = {}
        self.elements: list = []
        self.update(extra)

    def update(self, attribs: dict) -> None:
        """Set the attributes in ``attribs``, keyword spelling (``stroke_width``) turned into SVG's (``stroke-width``)."""
        own = self.attribs
        for key, value in attribs.items():
            own[key.rstrip("_").replace("_", "-")] = value

    def __getitem__(self, key: str):
        return self.attribs[key]

    def __setitem__(self, key: str, value) -> None:
        self.attribs[key] = value

    def add(self, element):
        """Put ``element`` on top of this one's children; returns it."""
        self.elements.append(element)
        return element

    def get_xml(self) -> ET.Element:
        """This element and its children as an ElementTree element."""
        xml = ET.Element(self.elementname)
        for name, value in sorted(self.attribs.items()):
            if value is not None:
                value = str(value)
                if value:
                    xml.set(name, value)
        for element in self.elements:
            xml.append(element.get_xml())
        return xml


class Group(Element):
    elementname = "g"


class Defs(Element):
    elementname = "defs"


class Rect(Element):
    elementname = "rect"

    def __init__(self, insert=(0, 0), size=(1, 1), rx=None, ry=None, **extra):
        super().__init__(**extra)
        own = self.attribs
        own["x"], own["y"] = insert
        own["width"], own["height"] = size
        if rx is not None:
            own["rx"] = rx
        if ry is not None:
            own["ry"] = ry


class Circle(Element):
    elementname = "circle"

    def __init__(self, center=(0, 0), r=1, **extra):
        super().__init__(**extra)
        self.attribs["cx"], self.attribs["cy"] = center
        self.attribs["r"] = r


class Line(Element):
    elementname = "line"

    def __init__(self, start=(0, 0), end=(0, 0), **extra):
        super().__init__(**extra)
        own = self.attribs
        own["x1"], own["y1"] = start
        own["x2"], own["y2"] = end


class Polygon(Element):
    elementname = "polygon"

    def __init__(self, points=(), **extra):
        super().__init__(**extra)
        self.points = list(points)

    def get_xml(self) -> ET.Element:
        self.attribs["points"] = " ".join("%s,%s" % tuple(p) for p in self.points)
        return super().get_xml()


class Path(Element):
    elementname = "path"

    def __init__(self, d=None, **extra):
        super().__init__(**extra)
        self.commands = [d]

    def get_xml(self) -> ET.Element:
        self.attribs["d"] = _joined(self.commands)
        return super().get_xml()


class Text(Element):
    elementname = "text"

    def __init__(self, text, insert=None, **extra):
        super().__init__(**extra)
        self.text = text
        if insert is not None:
            self.attribs["x"] = _joined([insert[0]])
            self.attribs["y"] = _joined([insert[1]])

    def get_xml(self) -> ET.Element:
        xml = super().get_xml()
        xml.text = str(self.text)
        return xml


class _Title:
    """A ``<title>`` (text only)."""

    elementname = "title"

    def __init__(self, text):
        self.xml = ET.Element("title")
        self.xml.text = str(text)

    def get_xml(self) -> ET.Element:
        return self.xml


class Drawing(Element):
    """The ``<svg>`` root, with the element makers mapgen draws with (``drawing.rect(...)``)."""

    elementname = "svg"

    def __init__(self, size=("100%", "100%"), **extra):
        super().__init__(**extra)
        self.attribs["width"], self.attribs["height"] = size
        self.defs = self.add(Defs())

    def set_desc(self, title=None) -> None:
        """Make ``title`` the drawing's first child."""
        if title is not None:
            self.elements.insert(0, _Title(title))

    def get_xml(self) -> ET.Element:
        own = self.attribs
        own["xmlns"] = "http://www.w3.org/2000/svg"
        own["xmlns:xlink"] = "http://www.w3.org/1999/xlink"
        own["xmlns:ev"] = "http://www.w3.org/2001/xml-events"
        own["baseProfile"] = "full"
        own["version"] = "1.1"
        return super().get_xml()

    g = staticmethod(Group)
    rect = staticmethod(Rect)
    circle = staticmethod(Circle)
    line = staticmethod(Line)
    polygon = staticmethod(Polygon)
    path = staticmethod(Path)
    text = staticmethod(Text)
