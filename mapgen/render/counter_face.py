"""One counter face on its own: a piece's picture for a virtual tabletop or a VASSAL module.

The face is the printed one (:func:`.counters.face_items`: band, picture, title,
note, texture) on its body colour, cut exactly at its edge with a thin dark
outline, so a piece stands out on the map as a cut counter does on the table.
"""

from __future__ import annotations

from ..counters.model import Face
from ..sides import STYLE_BY_KEY
from .counters import DARK_BODY, FaceArt, Rect, _svg_item
from .svgdoc import SvgDoc
from .templates import Raw

#: The outline round a piece, mm at the counter's printed size.
OUTLINE_MM = 0.25
OUTLINE = "#1a1a1a"


def render_face(face: Face, size_mm: float) -> SvgDoc:
    """``face`` as a ``size_mm`` square drawing (1 unit = 1 mm)."""
    style = STYLE_BY_KEY[face.style]
    doc = SvgDoc(size_mm, size_mm, title=face.title)
    layer = doc.layer("Counter")
    half = OUTLINE_MM / 2
    for item in (
        Rect(0, 0, size_mm, size_mm, DARK_BODY if face.dark else style.color),
        FaceArt(face, 0, 0, size_mm),
        Rect(half, half, size_mm - OUTLINE_MM, size_mm - OUTLINE_MM, None, OUTLINE, OUTLINE_MM),
    ):
        layer.add(Raw(_svg_item(item)))
    return doc
