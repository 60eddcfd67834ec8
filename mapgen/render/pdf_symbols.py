"""Groups a drawing repeats, each stored once in the PDF as a form XObject.

A map draws the same terrain texture in every square of that terrain, a
``<g transform="translate(...)">`` around the same paths: on the medium map
56 different paths make 409 path elements, 94 % of their text.  The first
time such a group is met it is drawn in place; the second time its content is
stored as a form, and from then on each copy is one ``Do`` under its
transform.  The PDF's content shrinks about sixfold, and so do the time to
encode and compress it and the work of a viewer or printer.

A group qualifies when it has a transform and only childless elements, holding
at least :data:`MIN_WEIGHT` characters of geometry; two copies are the same when
their children's attributes and text and the style they inherit are.
"""

from __future__ import annotations

import math

from .svgbounds import Unknown, element_box, plain_length

#: Smaller groups are drawn in place: a form and its ``Do`` cost about as much.
MIN_WEIGHT = 200
#: At most this many characters of keys are kept (memory stays bounded on a 400 x 400 map).
MAX_KEPT = 8_000_000
#: Far enough to hold any drawing (user units), for a group whose extent cannot be measured.
_FAR = 1e6


class Symbols:
    """The repeated groups of one drawing and the forms they are stored as (named ``prefix1``, ``prefix2``...).

    ``end(canvas, name)`` ends a stored form being recorded and completes it (its resources, compression);
    without it the canvas's ``endForm`` ends it.
    """

    def __init__(self, prefix: str, end=None):
        self.prefix = prefix
        self.end = end
        self.seen: dict[tuple, str | None] = {}  # key -> form name, None until met twice
        self.kept = 0
        self.stored = 0

    def draw(self, painter, el, style: dict) -> bool:
        """Draw a transformed group ``el`` as a stored form if it repeats; False when it is drawn in place."""
        key = _key(el, style)
        if key is None:
            return False
        name = self.seen.get(key, False)
        if name is False:  # first met: remember it, draw it in place
            if self.kept < MAX_KEPT:
                self.seen[key] = None
                self.kept += key[0]
            return False
        if name is None:
            name = self.seen[key] = self._store(painter, el, style)
        painter.flush()
        painter.c.doForm(name)
        return True

    def _store(self, painter, el, style: dict) -> str:
        from .pdf_draw import Painter

        c = painter.c
        painter.flush()  # the open group's transform goes before the form is begun
        self.stored += 1
        name = f"{self.prefix}{self.stored}"
        c.beginForm(name, *_extent(el, style))
        inner = Painter(c, lookup=painter.lookup, symbols=self)
        for child in el:
            inner.element(child, style)
        inner.flush()
        if self.end is not None:
            self.end(c, name)
        else:
            c.endForm()
        return name


def _key(el, style: dict):
    """(weight, style, children) of a group that may be stored once, else None."""
    children = []
    weight = 0
    for child in el:
        if len(child):
            return None
        a = child.attrib
        weight += len(a.get("d") or a.get("points") or "")
        children.append((child.tag, tuple(a.items()), child.text))
    if weight < MIN_WEIGHT:
        return None
    return (weight, tuple(style.items()), tuple(children))


def _extent(el, style: dict) -> tuple[float, float, float, float]:
    """The form's bounding box: what the group's children draw, in its own units (y downwards: PDF does not mind)."""
    try:
        stroke, font = abs(plain_length(style["stroke-width"])), plain_length(style["font-size"])
        boxes = [b for b in (element_box(child, font, stroke) for child in el) if b is not None]
    except Unknown:
        boxes = []
    if not boxes or not all(math.isfinite(v) for b in boxes for v in b):
        return -_FAR, -_FAR, _FAR, _FAR
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
