"""What colours an output uses: the hex codes of an SVG or page, the RGB colours a PDF sets."""

from __future__ import annotations

import base64
import re
import zlib

HEX = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")


def pdf_colours(pdf: bytes) -> set[tuple[float, float, float]]:
    """The RGB colours (``r g b rg`` and ``RG``) set in every content stream of a PDF from mapgen."""
    colours = set()
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", pdf, re.DOTALL):
        raw = m.group(1)
        # ASCII85 text (ReportLab's own streams), or binary Flate (the drawings'), whose last bytes may be
        # whitespace's codes: only the end-of-line before "endstream" is taken off, and what follows the data ignored
        for decode in (lambda b: zlib.decompress(base64.a85decode(b.strip().removesuffix(b"~>"))),
                       lambda b: zlib.decompressobj().decompress(b)):
            try:
                data = decode(raw)
                break
            except ValueError:  # zlib.error and binascii.Error are ValueErrors: not this filter
                continue
        else:
            continue  # an embedded font: no drawing
        for r, g, b in re.findall(rb"(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (?:rg|RG)\b", data):
            colours.add((float(r), float(g), float(b)))
    return colours


def hex_colours(text: str) -> set[str]:
    """Every ``#rrggbb`` (or ``#rgb``, written out) in ``text``, in lower case."""
    return {(c if len(c) == 6 else "".join(x * 2 for x in c)).lower() for c in HEX.findall(text)}


def not_grey(colours: set[str]) -> set[str]:
    """The hex colours that are neither black, white nor a grey (red, green and blue not all equal)."""
    return {c for c in colours if not c[0:2] == c[2:4] == c[4:6]}
