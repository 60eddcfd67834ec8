"""The country map's printed sheets: one country per sheet when it fits, and the key on a sheet of its own.

A country is drawn on a sheet of its own size (``--sheet``, A4 by default,
RC-1), so the map is a grid of sheets: its PDF is cut on the sheets' edges
(:mod:`.cuts`), a country to a page when the paper holds one with its glue
flap, and the title cartouche and legend go on a key sheet, never split.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..country.model import CountryMap
from .country import _draw_legend, _legend_blocks, country_layout, load_country_style
from .cuts import GridCut
from ..paper import Paper
from .svgdoc import SvgDoc, fmt
from .templates import Raw as _Raw, balanced_columns, column_height, flow_columns

#: The key shrinks in these steps until it fits its sheet.
KEY_SCALES = (1.0, 0.9, 0.8, 0.7, 0.6)


def country_cut(cm: CountryMap) -> GridCut:
    """The grid of country sheets in the drawing: the cells the PDF may be cut between."""
    lay = country_layout(cm)
    sw, sh = cm.sheet_mm
    cols, rows = cm.grid
    return GridCut(lay.map_x, lay.map_y, lay.map_w, lay.map_h, lay.map_x, lay.map_y, sw, cols, rows, cell_h=sh)


def render_country_key(cm: CountryMap, paper: Paper) -> SvgDoc:
    """The title cartouche and the legend on one sheet of ``paper``, in as many columns as it needs."""
    from .country import CountryLayout

    style = load_country_style()
    ls = style["layout"]
    pad, gap, colw = ls["pad"], ls["gap"], ls["panel_width"]
    blocks = _legend_blocks(cm, colw)
    pw, ph = paper.printable_mm
    for k in KEY_SCALES:
        cols = balanced_columns(blocks, len(flow_columns(blocks, ph / k - 2 * pad)))
        width = len(cols) * colw + (len(cols) - 1) * gap + 2 * pad
        height = column_height(blocks, cols) + 2 * pad
        if width <= pw / k + 1e-6 and height <= ph / k + 1e-6:
            break
    lay = CountryLayout(width, height, pad, pad, 0.0, 0.0, "right", pad, pad, tuple(cols), colw)
    doc = SvgDoc(width * k, height * k, title=f"Renaissance campaign map, seed {cm.seed}: key")
    doc.drawing.attribs["viewBox"] = f"0 0 {fmt(width)} {fmt(height)}"
    root = ET.Element("g")
    ET.SubElement(root, "rect", x="0", y="0", width=fmt(width), height=fmt(height), fill=style["paper"], stroke="none")
    _draw_legend(root, lay, blocks)
    layer = doc.layer("Legend")
    for child in root:
        layer.add(_Raw(child))
    return doc
