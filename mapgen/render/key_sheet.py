"""A map's key (title and legend) on one sheet of its own: the legend's columns flowed to the sheet, and the sheet's drawing.

Shared by the campaign map's and the country map's keys (:mod:`.fw_map_key`,
:mod:`.country_key`): only what they draw differs.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Callable

from .svgdoc import SvgDoc, fmt
from .templates import Raw, balanced_columns, column_height, flow_columns

#: The key shrinks in these steps until it fits its sheet (a legend is read at arm's length: 60 % is the least).
KEY_SCALES = (1.0, 0.9, 0.8, 0.7, 0.6)


def key_columns(blocks, printable: tuple[float, float], pad: float, gap: float, column_w: float, top: float = 0.0,
                min_w: float = 0.0) -> tuple[list, float, float, float]:
    """(columns, width, height, scale): the legend in as many columns as the sheet's height needs, under a
    ``top`` band (the title), at the largest of :data:`KEY_SCALES` that fits (the last one if none does)."""
    pw, ph = printable
    for k in KEY_SCALES:
        cols = balanced_columns(blocks, len(flow_columns(blocks, ph / k - 2 * pad - top)))
        width = max(len(cols) * column_w + (len(cols) - 1) * gap, min_w) + 2 * pad
        height = 2 * pad + top + column_height(blocks, cols)
        if width <= pw / k + 1e-6 and height <= ph / k + 1e-6:
            break
    return cols, width, height, k


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
