"""The map key's movement modifiers are the rules in play (issue 25): the [NT] rows of FW-9.2 are optional.

The campaign engine counts hills -2, cultivated -1, desert -1 and the road's +1 only with the
``naran_movement`` option; a key that printed them always told players the wrong modifier.  Each row
the key prints is checked against what the engine applies (``march.square_modifiers``) with the option on
and off, and a map alone (no campaign: either way) marks those rows optional.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from mapgen.campaign.board import Square
from mapgen.campaign.march import START_TERRAIN, square_modifiers
from mapgen.fw.rules import TERRAIN
from mapgen.render.fw_map import render_fw_map

from .conftest import cached_map

SVG = "{http://www.w3.org/2000/svg}"
INK = "{http://www.inkscape.org/namespaces/inkscape}"


def key_rows(m, naran) -> dict[str, tuple[str, str]]:
    """Each key row's label -> (its value, its note), as printed."""
    return rows_in(render_fw_map(m, naran=naran).tostring())


def rows_in(svg: str) -> dict[str, tuple[str, str]]:
    """Each row of the key of a campaign map's SVG text: label -> (its value, its note)."""
    root = ET.fromstring(svg.split("\n", 1)[1])
    legend = next(g for g in root if g.get(f"{INK}label") == "Legend")
    texts = [(float(t.get("x")), float(t.get("y")), t.text or "", t.get("text-anchor"), t.get("font-weight")) for t in legend.iter(f"{SVG}text") if t.get("x")]
    rows = {}
    for x, y, words, anchor, weight in texts:
        if anchor is not None:
            continue
        value = next((w for vx, vy, w, a, b in texts if a == "end" and b == "bold" and vx > x and abs(vy - y) < 2.2), None)
        lines, at = [], y  # the note: the lines below the label, each close under the one before (a long one wraps)
        while (line := next(((vy, w) for vx, vy, w, a, b in texts if a is None and abs(vx - x) < 0.01 and 0 < vy - at < 4.5), None)):
            at = line[0]
            lines.append(line[1])
        note = " ".join(lines)
        if value is not None:
            rows.setdefault(words, (value, note))
    return rows


def engine_value(terrain: str, naran: bool, road: bool = False) -> int:
    """What the engine adds for a force starting on this ground (no river, no territory, no order)."""
    sq = Square("Z1", 0, 0, terrain, "N", river=False, road=road, bridge=False, ford=False, mountain_pass=False, features=())
    return sum(mod.value for mod in square_modifiers(sq, naran))


def _signed(v: int) -> str:
    return "0" if v == 0 else f"{v:+d}".replace("-", "\u2013")


@pytest.mark.parametrize("naran", [True, False])
def test_every_movement_row_of_the_key_is_what_the_engine_applies(naran):
    m = cached_map(7, "medium")
    rows = key_rows(m, naran)
    checked = 0
    for t, info in TERRAIN.items():
        if info.movement is None or info.label not in rows:
            continue
        value, note = rows[info.label]
        assert value == _signed(engine_value(t, naran)), (t, value, note)
        optional = t in START_TERRAIN and START_TERRAIN[t].naran
        assert ("not in play" in note) == (optional and not naran), (t, note)
        checked += optional
    assert checked, "the map has no [NT] row to check: pick another"
    if "Road or caravan track" in rows:
        assert rows["Road or caravan track"][0] == _signed(engine_value("plain", naran, road=True))


def test_a_map_alone_marks_the_optional_rows():
    m = cached_map(7, "medium")
    rows = key_rows(m, None)
    for t, info in TERRAIN.items():
        if info.movement is None or info.label not in rows:
            continue
        optional = START_TERRAIN.get(t) is not None and START_TERRAIN[t].naran
        assert ("optional [NT]" in rows[info.label][1]) == optional, (t, rows[info.label])
        assert info.optional_movement == optional  # the map's table and the engine's agree on which rows are [NT]


@pytest.mark.parametrize("size,races,paper", [("large", ("dark_elves", "wood_elves"), "A4"), ("small", ("barbarians", "undead"), "A4-portrait"),
                                              ("small", ("dark_elves", "wood_elves"), "A4-portrait"), ("large", ("dwarves", "orcs"), "Letter")])
def test_the_key_pages_subtitle_breaks_only_between_its_parts(size, races, paper):
    # Issue 25: the key page printed "21 x 14" on one line and "squares" on the next (these maps did).
    from mapgen.paper import get_paper
    from mapgen.render.fw_map_key import render_fw_map_key

    m = cached_map(11, size, races=races)
    root = ET.fromstring(render_fw_map_key(m, get_paper(paper)).tostring().split("\n", 1)[1])
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    title = next(i for i, t in enumerate(texts) if "campaign map" in t)
    texts = texts[title + 1 : title + 3]  # the subtitle's lines (the legend says "21 x 14 squares" too)
    a, b = (r.replace("_", " ") for r in races)
    for part in (f"{m.width} \u00d7 {m.height} squares", f"seed {m.seed}", f"Side A: Red, {a}", f"Side B: Blue, {b}"):
        assert any(part in t for t in texts), (part, [t for t in texts if "squares" in t or "seed" in t])


@pytest.mark.parametrize("naran", [None, False, True])
def test_a_row_s_note_stays_clear_of_its_value(naran):
    # The cursed wasteland's two notes ran on under its value (seed 12): a note wraps within the room the value leaves.
    from mapgen.render.text import text_width

    root = ET.fromstring(render_fw_map(cached_map(12, "medium"), naran=naran).tostring().split("\n", 1)[1])
    legend = next(g for g in root if g.get(f"{INK}label") == "Legend")
    texts = [(float(t.get("x")), float(t.get("y")), t.text or "", float(t.get("font-size")), t.get("text-anchor"), t.get("font-weight"))
             for t in legend.iter(f"{SVG}text") if t.get("x")]
    values = [(x - text_width(w, size, bold=True), y) for x, y, w, size, a, b in texts if a == "end" and b == "bold"]
    assert "Cursed wasteland" in {t[2] for t in texts}
    for x, y, words, size, anchor, _ in texts:
        if anchor is None:
            right = x + text_width(words, size)
            assert all(right < left for left, vy in values if left > x and abs(vy - y) < 6), (words, naran)
