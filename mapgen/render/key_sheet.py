"""A map's key (title and legend) on one sheet of its own: the legend's columns flowed to the sheet, and the sheet's drawing.

Shared by the campaign map's and the country map's keys (:mod:`.fw_map_key`,
:mod:`.country_key`): only what they draw differs.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Callable

from .svgdoc import SvgDoc, fmt
from .templates import Raw, balanced_columns, column_height, flow_columns

#: The key shrinks in these steps until it fits its sheet (a legend is read at arm's length: 60 % is the least).
KEY_SCALES = (1.0, 0.9, 0.8, 0.7, 0.6)


def key_columns(blocks, printable: tuple[float, float], pad: float, gap: float, column_w: float, top: float = 0.0,
                min_w: float = 0.0) -> tuple[list, float, float, float]:
    """(columns, width, height, scale): the legend flowed into columns under a ``top`` band (the title), at the
    largest of :data:`KEY_SCALES` that fits (the last one if none does).

    The key is laid out for its page: of the column counts that fit, from as few as the sheet's height
    needs to as many as its width holds, the one whose shape is nearest the sheet's, so a landscape
    sheet is not given one tall column in its middle and wide empty margins (issue 25).
    """
    pw, ph = printable
    for k in KEY_SCALES:
        fewest = len(flow_columns(blocks, ph / k - 2 * pad - top))
        most = max(fewest, int((pw / k - 2 * pad + gap) // (column_w + gap)))
        best = None
        for n in range(fewest, most + 1):
            cols = balanced_columns(blocks, n)
            width = max(len(cols) * column_w + (len(cols) - 1) * gap, min_w) + 2 * pad
            height = 2 * pad + top + column_height(blocks, cols)
            if width > pw / k + 1e-6 or height > ph / k + 1e-6:
                continue
            misfit = abs(math.log((width / height) / (pw / ph)))
            if best is None or misfit < best[0] - 1e-9:
                best = (misfit, cols, width, height)
        if best is not None:
            return best[1], best[2], best[3], k
    cols = balanced_columns(blocks, len(flow_columns(blocks, ph / k - 2 * pad - top)))
    width = max(len(cols) * column_w + (len(cols) - 1) * gap, min_w) + 2 * pad
    return cols, width, 2 * pad + top + column_height(blocks, cols), k


def key_doc(width: float, height: float, k: float, title: str, paper_colour: str, draw: Callable[[ET.Element], None]) -> SvgDoc:
    """The key's drawing: ``width`` x ``height`` units shown at scale ``k`` on a ``paper_colour`` ground, ``draw(root)`` on it."""
    doc = SvgDoc(width * k, height * k, title=title)
    doc.drawing.attribs["viewBox"] = f"0 0 {fmt(width)} {fmt(height)}"
    root = ET.Element("g")
    ET.SubElement(root, "rect", x="0", y="0", width=fmt(width), height=fmt(height), fill=paper_colour, stroke="none")
    draw(root)
    layer = doc.layer("Legend")
    for child in root:
        layer.add(Raw(child))
    return doc
