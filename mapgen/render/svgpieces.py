"""An SVG drawing cut into pieces with known extents, so a PDF page draws only what it shows.

A whole 400 x 400 campaign map is a million elements (gigabytes as a parsed
tree); a printed page shows a few thousand of them.  :class:`PieceStream` reads the drawing with an
incremental parser and hands out the children of its layers (the top-level
groups) one by one, each with a conservative bounding box (a box that may be
too big, never too small: a piece drawn on a page where it does not show
costs time, one left out would be a hole in the print), in runs that are
drawn one after the other, in document order so that what is on top stays
on top.  A large drawing is never held whole as a tree (one of up to
:data:`IN_ONE_GO` characters is: parsed in one go and walked, half the work of
the parser's events).  The parser is the standard library's (expat): it reads
an SVG as fast as lxml and loads in a fifth of the time.

Anything it cannot measure (``<use>``, units or percentages inside the
drawing, ``dx``/``dy`` text offsets, unknown elements) counts as everywhere.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections import deque
from dataclasses import dataclass

from ..errors import MapgenError
from .svgbounds import (
    Box,
    box_through,
    CONTEXT_ELEMENTS,
    DEFAULT_FONT,
    element_box,
    EVERYWHERE,
    IDENTITY,
    local_name,
    mul,
    parse_transform,
    plain_length,
    style_of,
    Unknown,
    UNSPLITTABLE,
)

@dataclass
class Piece:
    """One piece of the drawing: an element, the groups it sits in, and its extent in root user units."""

    element: object  # an ElementTree element, detached from the parsed document
    wrappers: tuple  # the groups it sits in below the root, outermost first (copied without children)
    box: Box


def _ends_in_order(el) -> list:
    """``el`` and everything in it, in the order of their end tags."""
    inside = [e for child in el for e in _ends_in_order(child)]
    inside.append(el)
    return inside


#: A drawing of up to this many characters is parsed in one go (a tree of a few tens of MB at most); a larger
#: one (a 400 x 400 map is a million elements, gigabytes as a tree) is read as the parser goes, a piece at a time.
IN_ONE_GO = 4_000_000
_USE = re.compile(r"<(?:[A-Za-z_][\w.-]*:)?use[\s/>]")


class _Utf8Reader:
    """A text read as UTF-8 bytes a slice at a time: the SVG text is not copied whole to bytes."""

    def __init__(self, text: str):
        self.text, self.pos = text, 0

    def read(self, size: int = -1) -> bytes:
        end = len(self.text) if size is None or size < 0 else self.pos + max(1, size // 4)  # at most 4 bytes a character
        part = self.text[self.pos:end]
        self.pos += len(part)
        return part.encode("utf-8")


class PieceStream:
    """The pieces of an SVG document, read as the XML parser reaches them.

    Of a large drawing only the chunk being drawn is held, not the whole parsed drawing: each
    piece is taken out of the parsed tree when its end tag is read.  The root's groups (layers) are
    split into their children; anything else at the root is a piece of its own.  A drawing
    with ``<use>`` elements, which may point at any piece, is read as one piece per root
    child, each counted as everywhere, and drawn in one go.  Definitions (``<defs>``...)
    must come at the root, before what uses them, as mapgen's renderers write them.
    """

    #: True for a drawing with ``<use>``: its pieces must be drawn together.
    whole: bool

    def __init__(self, svg: str | bytes):
        text = svg if isinstance(svg, str) else svg.decode("utf-8", "replace")
        # (the substring test first: the pattern alone takes 9 ms over a medium map)
        self.whole = ("use" in text) and ("<use" in text or ":use" in text) and _USE.search(text) is not None
        self._svg = svg
        source = _Utf8Reader(svg) if isinstance(svg, str) else io.BytesIO(svg)
        self._events = ET.iterparse(source, events=("start", "end"))  # comments are dropped
        self.root = None
        self.context: list = []
        self._pending: deque[Piece] = deque()
        # per open element: (element, role, user-space matrix, font size, stroke width)
        self._stack: list[tuple] = []
        self._read_until(1, until_root=True)

    # -------------------------------------------------------------- reading
    def _read_until(self, wanted: float, until_root: bool = False) -> None:
        """Read on until ``wanted`` pieces wait (or the document ends), or ``until_root`` the root is met."""
        pending, events, start, end = self._pending, self._events, self._start, self._end
        while len(pending) < wanted and not (until_root and self.root is not None):
            try:
                event, el = next(events)
            except StopIteration:
                return
            except ET.ParseError as exc:  # a truncated or broken drawing is refused, not half printed
                raise MapgenError(f"cannot read the SVG drawing: {exc}") from None
            if event == "start":
                start(el)
            else:
                end(el)

    def _start(self, el) -> None:
        if not self._stack:
            self.root = el
            self._stack.append((el, "root", IDENTITY, DEFAULT_FONT, 1.0))
            return
        parent, role, matrix, font, stroke = self._stack[-1]
        if role in ("piece", "inside", "context", "skip"):
            self._stack.append((el, "inside" if role == "piece" else role, matrix, font, stroke))
            return
        kind = local_name(el.tag)
        if kind in CONTEXT_ELEMENTS or not kind:
            self._stack.append((el, "context" if role == "root" else "skip", matrix, font, stroke))
            return
        inner = self._wrapper(el, kind, matrix, font, stroke) if role == "root" else None
        if inner is not None:
            self._stack.append((el, "wrapper", *inner))
            return
        self._stack.append((el, "piece", matrix, font, stroke))

    def _wrapper(self, el, kind: str, matrix, font: float, stroke: float) -> tuple | None:
        """For a group at the root that is split into its children: (user-space matrix, font size, stroke width)
        inside it; else None (it is a piece itself)."""
        if kind != "g" or self.whole or any(style_of(el, a) for a in UNSPLITTABLE):
            return None
        try:
            local = parse_transform(el.get("transform"))
            sw, fs = style_of(el, "stroke-width"), style_of(el, "font-size")
            return (mul(matrix, local), plain_length(fs) if fs is not None else font,
                    abs(plain_length(sw)) if sw is not None else stroke)
        except Unknown:
            return None

    def _end(self, el) -> None:
        _, role, matrix, font, stroke = self._stack.pop()
        if role == "context":
            self.context.append(el)
        elif role == "piece":
            # A piece sits at the root or in one of its groups (a wrapper): deeper elements are inside a piece.
            wrappers = (self._stack[1][0],) if len(self._stack) == 2 else ()
            if self.whole:
                box = EVERYWHERE
            else:
                try:
                    box = element_box(el, font, stroke)
                except Unknown:
                    box = EVERYWHERE
                if box is not None and box != EVERYWHERE:
                    box = box_through(matrix, box)
            self._stack[-1][0].remove(el)  # from now on only this piece holds it
            if box is not None:
                self._pending.append(Piece(el, wrappers, box))

    def unmeasured(self) -> list[Piece]:
        """Every piece, none measured but those before the first piece that draws anything (which are dropped
        when they draw nothing, as reading them one by one drops them): for a drawing that goes on one sheet.

        The drawing is parsed in one go (:meth:`_walk`).  Call it before reading any piece.
        """
        if len(self._stack) != 1 or self._pending:
            raise RuntimeError("unmeasured() reads a drawing of which no piece has been read")
        return list(self._walk(measure=False))

    def _walk(self, measure: bool):
        """The pieces of the drawing parsed in one go and walked a piece at a time, without a parser event for each
        element inside a piece (half the time of reading the events); measured, those that draw nothing left out,
        or not (see :meth:`unmeasured`).  As the reading one by one leaves it, the parsed drawing keeps no piece
        once every piece has been handed out.
        """
        try:
            root = ET.fromstring(self._svg)
        except ET.ParseError as exc:  # a truncated or broken drawing is refused, not half printed
            raise MapgenError(f"cannot read the SVG drawing: {exc}") from None
        self._stack.clear()
        self.root, self.context = root, []
        stay = []  # what the root keeps: definitions, and the groups split into their pieces (emptied of them)
        leading = not self.whole  # unmeasured, the pieces before the first that draws are measured all the same
        for child in list(root):
            kind = local_name(child.tag)
            if kind in CONTEXT_ELEMENTS or not kind:
                self.context += _ends_in_order(child)  # as the reading one by one keeps them: each at its end tag
                stay.append(child)
                continue
            inner = self._wrapper(child, kind, IDENTITY, DEFAULT_FONT, 1.0)
            if inner is None:
                members, wrappers, (matrix, font, stroke) = (child,), (), (IDENTITY, DEFAULT_FONT, 1.0)
            else:
                members, wrappers, (matrix, font, stroke) = list(child), (child,), inner
                stay.append(child)
            skipped = []
            for el in members:
                if inner is not None and (local_name(el.tag) in CONTEXT_ELEMENTS or not local_name(el.tag)):
                    skipped.append(el)  # definitions inside a group: not drawn
                    continue
                box = EVERYWHERE
                if (measure or leading) and not self.whole:
                    try:
                        box = element_box(el, font, stroke)
                    except Unknown:
                        box = EVERYWHERE
                    if box is None:
                        continue
                    leading = False
                    if not measure:
                        box = EVERYWHERE
                    elif box != EVERYWHERE:
                        box = box_through(matrix, box)
                yield Piece(el, wrappers, box)
            if inner is not None:
                child[:] = skipped
        root[:] = stay

    # -------------------------------------------------------------- pieces
    def __iter__(self):
        if len(self._stack) == 1 and not self._pending and len(self._svg) <= IN_ONE_GO:
            yield from self._walk(measure=True)
            return
        while True:
            self._read_until(1)
            if not self._pending:
                return
            yield self._pending.popleft()

    def chunks(self, max_pieces: float, max_width: float, max_height: float):
        """Runs of consecutive pieces (lists), each of at most ``max_pieces`` and, unless a single
        piece is bigger, at most ``max_width`` x ``max_height`` user units across.

        Drawn one after the other they keep the document's order; small in extent, each one
        meets few pages.
        """
        chunk: list[Piece] = []
        bx0 = by0 = bx1 = by1 = 0.0  # the chunk's box
        for piece in self:
            x0, y0, x1, y1 = piece.box
            if chunk:
                # (min and max written out: the same comparisons, a fifth of the time)
                gx0, gy0 = (x0 if x0 < bx0 else bx0), (y0 if y0 < by0 else by0)
                gx1, gy1 = (x1 if x1 > bx1 else bx1), (y1 if y1 > by1 else by1)
                if len(chunk) >= max_pieces or gx1 - gx0 > max_width or gy1 - gy0 > max_height:
                    yield chunk
                    chunk = []
                else:
                    bx0, by0, bx1, by1 = gx0, gy0, gx1, gy1
            if not chunk:
                bx0, by0, bx1, by1 = x0, y0, x1, y1
            chunk.append(piece)
        if chunk:
            yield chunk
