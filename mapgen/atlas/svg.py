"""The drawings in the page: the map inline with a layer of squares (or places) to point at, plans and counters as images.

The map must be inline, so the page's script can find the square under the
pointer or the keyboard; the renderers draw it as they draw it for print,
and this module only adds, on top, one transparent shape per square or
node carrying its id, its tab stop and a short text alternative.  Plans
and counter sheets are shown as ``<img>`` of their SVG files (base64
``data:`` URLs): a picture needs no ids of its own in the page, carries an
``alt`` text, and loads nothing from outside the page.
"""

from __future__ import annotations

import base64
import re

from markupsafe import escape

from ..render.svgdoc import fmt

_XML_DECL = re.compile(r"^\s*<\?xml[^>]*\?>\s*")
_DOCTYPE = re.compile(r"^\s*<!DOCTYPE[^>]*>\s*", re.IGNORECASE)
_ROOT = re.compile(r"<svg\b([^>]*)>")
_SIZE = re.compile(r'\s(width|height)="[^"]*"')


def data_uri(svg_text: str) -> str:
    """An SVG file as a ``data:`` URL for an ``<img>``: nothing is fetched, from the network or the disk."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg_text.encode("utf-8")).decode("ascii")


def inline_map(svg_text: str, hits: str, label: str) -> str:
    """The map's SVG text for the page: no XML declaration, sized by the page, the hit layer on top.

    ``hits`` is the markup of :func:`square_hits` or :func:`node_hits`; ``label``
    the map's text alternative (escaped here).
    """
    text = _DOCTYPE.sub("", _XML_DECL.sub("", svg_text, count=1), count=1)
    m = _ROOT.search(text)
    if m is None:
        raise ValueError("not an SVG drawing: no <svg> element")
    attrs = _SIZE.sub("", m.group(1))
    root = f'<svg{attrs} id="atlas-map" width="100%" height="100%" role="group" aria-label="{escape(label)}">'
    end = text.rindex("</svg>")
    return text[: m.start()] + root + text[m.end() : end] + hits + "</svg>"


def square_hits(squares: list[dict], x0: float, y0: float, size: float) -> str:
    """One transparent square per map square, in reading order: ``data-id``, a tab stop, a text alternative.

    ``squares`` are dicts with ``id``, ``col``, ``row`` and ``label``; the first
    takes the page's tab stop (roving: the script moves it with the arrows).
    """
    out = ['<g id="atlas-hits" class="hits">']
    for n, sq in enumerate(squares):
        x, y = x0 + sq["col"] * size, y0 + sq["row"] * size
        out.append(
            f'<rect class="hit" x="{fmt(x)}" y="{fmt(y)}" width="{fmt(size)}" height="{fmt(size)}" data-id="{escape(sq["id"])}" '
            f'data-col="{sq["col"]}" data-row="{sq["row"]}" tabindex="{0 if n == 0 else -1}" role="button" '
            f'aria-label="{escape(sq["label"])}"/>'
        )
    out.append("</g>")
    return "".join(out)


def node_hits(nodes: list[dict], radius: float) -> str:
    """One transparent disc per place of the country map: ``data-id``, a tab stop, a text alternative.

    ``nodes`` are dicts with ``id``, ``x``, ``y`` (drawing mm) and ``label``, in reading order.
    """
    out = ['<g id="atlas-hits" class="hits">']
    for n, node in enumerate(nodes):
        out.append(
            f'<circle class="hit" cx="{fmt(node["x"])}" cy="{fmt(node["y"])}" r="{fmt(radius)}" data-id="{escape(node["id"])}" '
            f'tabindex="{0 if n == 0 else -1}" role="button" aria-label="{escape(node["label"])}"/>'
        )
    out.append("</g>")
    return "".join(out)
