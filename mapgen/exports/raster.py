"""Our SVG drawings as PNG images, for the formats that want pixels (Universal VTT, VASSAL).

The drawings are the renderers' own SVG (the plan, the campaign map, a counter
face), so a picture exported for a virtual tabletop is the one printed on paper.
They are rasterised by resvg through the ``resvg-py`` wheel (MIT; resvg and its
crates are MIT or Apache-2.0): a self-contained binary wheel for Linux, macOS and
Windows that needs no system library.  Pillow, which reportlab already brings,
was the other candidate: it would need a second renderer of every plan symbol,
texture and label (or an SVG interpreter of our own), and its polygons are not
anti-aliased, so edges come out stepped unless drawn at four times the size.

resvg sees only mapgen's own fonts (:func:`mapgen.render.fonts.face_files`), never
the system's, so the same drawing gives the same bytes on every machine.
"""

from __future__ import annotations

import struct

from ..errors import MapgenError
from ..render.svgdoc import fmt

#: The largest side of an image we make: what WebGL tabletops (Foundry) load as one texture,
#: and about 1 GB of pixels while it is drawn.
MAX_SIDE_PX = 16384


class ImageTooLargeError(MapgenError):
    """An image over :data:`MAX_SIDE_PX` on a side, refused before it is drawn (the options must change)."""


def check_size(what: str, width_px: int, height_px: int, fix: str) -> None:
    """Refuse an image over :data:`MAX_SIDE_PX`; ``fix`` says which option makes it smaller."""
    if max(width_px, height_px) > MAX_SIDE_PX:
        raise ImageTooLargeError(
            f"{what} would be {width_px} x {height_px} pixels, over the limit of {MAX_SIDE_PX} on a side: {fix}"
        )


def reframe(doc, view_mm: tuple[float, float, float, float], width_px: int, height_px: int) -> None:
    """Make ``doc`` (an :class:`~mapgen.render.svgdoc.SvgDoc`) show only ``view_mm`` (x, y, w, h in its
    millimetres) on a ``width_px`` x ``height_px`` image.  The axes scale apart
    (``preserveAspectRatio="none"``), so a view rounded to whole pixels still fills the image exactly."""
    x, y, w, h = view_mm
    attrs = doc.drawing.attribs
    attrs["width"] = str(width_px)
    attrs["height"] = str(height_px)
    attrs["viewBox"] = f"{fmt(x)} {fmt(y)} {fmt(w)} {fmt(h)}"
    attrs["preserveAspectRatio"] = "none"


def png(svg: str) -> bytes:
    """The PNG of an SVG text whose root gives its ``width`` and ``height`` in pixels."""
    try:
        import resvg_py
    except ImportError:  # pragma: no cover - a dependency of mapgen; only a broken install lacks it
        raise MapgenError("drawing PNG images needs the resvg-py package: pip install resvg-py") from None
    from ..render.fonts import face_files, SANS_FAMILY, SERIF_FAMILY

    data = resvg_py.svg_to_bytes(
        svg_string=svg,
        skip_system_fonts=True,
        font_files=[str(p) for p in face_files()],
        sans_serif_family=_first(SANS_FAMILY),
        serif_family=_first(SERIF_FAMILY),
    )
    return bytes(data)


def _first(family: str) -> str:
    """The first name of a CSS font-family list: ``'Bitstream Vera Sans', ...`` -> ``Bitstream Vera Sans``."""
    return family.split(",")[0].strip().strip("'\"")


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk (PNG specification, 11.2.2)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise MapgenError("not a PNG image")
    return struct.unpack(">II", data[16:24])
