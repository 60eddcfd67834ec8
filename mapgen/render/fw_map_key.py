"""The campaign map's printed sheets: where its PDF may be cut, and its key (title and legend) as a sheet of its own.

The SVG is one poster: title, map, legend.  On paper the map is cut into
sheets on its grid lines (:mod:`.cuts`) and the title and legend, which must
never be split, go on a key sheet drawn here from the same legend blocks,
flowed into as many columns as the sheet needs.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..fw.model import FwMap
from .cuts import GridCut
from .fw_map import (
    FwMapLayout,
    _content,
    _draw_legend,
    _draw_title,
    _in_inks,
    _in_look,
    _legend_blocks,
    _title_min_width,
    fw_map_layout,
    load_style,
)
from ..paper import Paper
from .svgdoc import SvgDoc
from .key_sheet import key_columns, key_doc
from .templates import column_height

def fw_map_cut(m: FwMap) -> GridCut:
    """The map block (grid, label bands, territory strips) of the poster, and its grid."""
    lay = fw_map_layout(m)
    x, y = lay.grid_x - lay.margin, lay.grid_y - lay.margin
    return GridCut(x, y, lay.grid_w + 2 * lay.margin, lay.grid_h + 2 * lay.margin, lay.grid_x, lay.grid_y,
                   m.square_mm, m.width, m.height)


def render_fw_map_key(m: FwMap, paper: Paper, look: str = "colour", naran: bool | None = None) -> SvgDoc:
    """Title and legend on one sheet of ``paper``: columns flowed to its height, shrunk only if they cannot fit."""
    style = load_style(m, look)
    m = _in_look(m, style)
    ls = style["layout"]
    pad, title_h, gap, colw = ls["pad"], ls["title_height"], ls["legend_gap"], ls["legend_column_width"]
    blocks = _legend_blocks(m, _content(m)[1], look, naran)
    cols, width, height, k = key_columns(blocks, paper.printable_mm, pad, gap, colw, top=title_h,
                                         min_w=_title_min_width() - 2 * pad)
    legend_w = len(cols) * colw + (len(cols) - 1) * gap
    lay = FwMapLayout(width, height, pad, pad, legend_w, 0.0, 0.0, pad, "below", pad, pad + title_h, tuple(cols),
                      legend_w, column_height(blocks, cols))

    def draw(root):
        drawn = ET.Element("g")
        _draw_title(drawn, m, lay, style)
        _draw_legend(drawn, lay, blocks, style)
        root.extend(list(_in_inks(drawn, style)))

    return key_doc(width, height, k, f"Fantasy Warriors campaign map, seed {m.seed}: key", style["paper"], draw)
