"""The country map's printed sheets: one country per sheet when it fits, and the key on a sheet of its own.

A country is drawn on a sheet of its own size (``--sheet``, A4 by default,
RC-1), so the map is a grid of sheets: its PDF is cut on the sheets' edges
(:mod:`.cuts`), a country to a page when the paper holds one with its glue
flap, and the title cartouche and legend go on a key sheet, never split.
"""

from __future__ import annotations


from ..country.model import CountryMap
from .country import _draw_legend, _legend_blocks, country_layout
from .cuts import GridCut
from .key_sheet import key_columns, key_doc
from ..paper import Paper
from .svgdoc import SvgDoc
from .templates import load_style_sheet

def country_cut(cm: CountryMap) -> GridCut:
    """The grid of country sheets in the drawing: the cells the PDF may be cut between."""
    lay = country_layout(cm)
    sw, sh = cm.sheet_mm
    cols, rows = cm.grid
    return GridCut(lay.map_x, lay.map_y, lay.map_w, lay.map_h, lay.map_x, lay.map_y, sw, cols, rows, cell_h=sh)


def render_country_key(cm: CountryMap, paper: Paper) -> SvgDoc:
    """The title cartouche and the legend on one sheet of ``paper``, in as many columns as it needs."""
    from .country import CountryLayout

    style = load_style_sheet("country")
    ls = style["layout"]
    pad, gap, colw = ls["pad"], ls["gap"], ls["panel_width"]
    blocks = _legend_blocks(cm, colw)
    cols, width, height, k = key_columns(blocks, paper.printable_mm, pad, gap, colw)
    lay = CountryLayout(width, height, pad, pad, 0.0, 0.0, "right", pad, pad, tuple(cols), colw)
    return key_doc(width, height, k, f"Renaissance campaign map, seed {cm.seed}: key", style["paper"],
                   lambda root: _draw_legend(root, lay, blocks))
