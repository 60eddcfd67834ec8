"""The setup and battle sheets as the page's HTML: cmark-gfm writes what markdown-it-py wrote (issue 27).

``mapgen.atlas.page.markdown_html`` turns a sheet with cmark-gfm (GitHub's C CommonMark) and, when the
sheet holds a ``<``, with markdown-it-py and raw HTML off.  The two must write the same HTML for every sheet
mapgen writes, so that the page shows the same whichever turned it; a typed ``<`` shows as typed.
"""

from __future__ import annotations

import pytest

from mapgen.atlas import page
from mapgen.battlefield.generate import generate_battlefield
from mapgen.battlefield.setup_sheet import setup_sheet
from mapgen.battlefield.square import options_from_map
from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions
from mapgen.fw.setup_sheet import setup_sheet as map_sheet

from .atlas_helpers import fw_kit, play_until_battles


def _both(text: str) -> tuple[str, str]:
    return page._markdown().render(text), page._cmark(text)


@pytest.mark.parametrize("seed,size", [(1, "small"), (5, "medium"), (12, "large"), (40, "medium")])
def test_the_sheets_of_a_kit_turn_the_same_with_either(seed, size):
    m = generate_map(MapOptions(seed=seed, size=size))
    texts = [map_sheet(m)] + [setup_sheet(generate_battlefield(options_from_map(m, sq, "fw-map.json", seed=f"{seed}-{sq}")))
                              for sq in m.holding_squares()]
    for text in texts:
        assert "<" not in text  # mapgen's own sheets go to cmark-gfm
        markdown_it, cmark = _both(text)
        assert cmark == markdown_it
        assert "<table>" in cmark and "<strong>" in cmark  # tables and bold, as the sheets use them


def test_the_battle_sheets_of_a_played_campaign_turn_the_same_with_either(tmp_path):
    folder = tmp_path / "camp"
    m = fw_kit(folder, seed=7)
    assert play_until_battles(folder, m, 1) >= 1
    briefs = [p.read_text(encoding="utf-8") for p in sorted((folder / "battles").glob("*/*.md"))]
    assert briefs
    for text in briefs:
        markdown_it, cmark = _both(text)
        assert cmark == markdown_it


def test_a_typed_tag_shows_as_typed():
    html = page.markdown_html("# Sheet\n\n- Holding: **<script>alert(1)</script> & Co**\n")
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co" in html and "<script>" not in html
    assert "<h3>Sheet</h3>" in html  # a sheet's heading sits below the page's sections
