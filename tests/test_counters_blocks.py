"""Counter sheets as a player cuts them (issue 25): each side's counters on rows of their own, no sheet
more than the counters need, no ellipsis in a name, no text under 1.6 mm."""

from __future__ import annotations

import math

import pytest

from mapgen.counters.layout import fit_grid, lay_out, parse_size, side_of
from mapgen.counters.roster import read_roster
from mapgen.counters.sets import fw_set, renaissance_set, roster_set
from mapgen.paper import get_paper
from mapgen.render.counters import Text, face_items
from mapgen.render.templates import template_path

SIZES = ("1/2in", "5/8in", "3/4in", "1in")


def _sets():
    return {
        "fw": fw_set(),
        "renaissance": renaissance_set(),
        "napoleonic": roster_set(read_roster(template_path("counters", "napoleonic-roster.csv"))),
        "skirmish": roster_set(read_roster(template_path("counters", "skirmish-roster.yaml"))),
    }


SETS = _sets()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", sorted(SETS))
def test_each_side_has_rows_of_its_own_and_no_sheet_is_spare(name, size):
    counters, paper = SETS[name], get_paper("a4-portrait")
    sheet = lay_out(counters, paper, parse_size(size))
    grid = fit_grid(paper, parse_size(size), sheet.bleed_mm, sheet.gutter_mm)
    fronts = [p for p in sheet.pages if p.side == "front"]
    placed = [pl.counter.id for p in fronts for pl in p.placements]
    assert sorted(placed) == sorted(c.id for c in counters)  # every counter once
    for page in fronts:
        rows: dict[float, set[str]] = {}
        for pl in page.placements:
            rows.setdefault(round(pl.y_mm, 6), set()).add(side_of(pl.counter))
        assert all(len(sides) == 1 for sides in rows.values()), (page.number, rows)
    # Rows of their own cost no sheet: as many sheets as the counters need packed edge to edge.
    assert len(fronts) == math.ceil(len(counters) / grid.per_page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", sorted(SETS))
def test_no_name_is_cut_with_an_ellipsis_and_no_text_is_under_1_6_mm(name, size):
    s = parse_size(size)
    for c in SETS[name]:
        for face in (c.front, c.back):
            for t in face_items(face, s):
                if isinstance(t, Text):
                    assert "\u2026" not in t.text, (c.id, t.text)
                    assert t.size >= 1.6 - 1e-9, (c.id, t.text, t.size)


def test_a_long_name_takes_its_fixed_abbreviation():
    from mapgen.render.counters import abbreviate
    from mapgen.render.text import text_width

    # The set's abbreviation where it has one, the first four letters and a stop where it has none.
    assert abbreviate("Musketeers", 8.0, 2.0) == "Musk."
    assert abbreviate("Light Infantry", text_width("Light Inf.", 2.0, bold=True), 2.0) == "Light Inf."
    assert abbreviate("Zzyzxwvutsrq", text_width("Zzyz.", 2.0, bold=True), 2.0) == "Zzyz."


@pytest.mark.parametrize("size", SIZES)
def test_every_units_frame_is_one_size_on_a_sheet(size):
    # Issue 25: "Old Guard" (one line) had a bigger frame than "Line Infantry" (two lines) beside it.
    from mapgen.render.counters import Symbol

    for name in ("napoleonic", "skirmish"):
        frames = {round(t.size, 6) for c in SETS[name] for t in face_items(c.front, parse_size(size))
                  if isinstance(t, Symbol) and t.id.startswith("nato-")}
        assert len(frames) == 1, (name, frames)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", sorted(SETS))
def test_one_type_size_per_field_on_a_sheet(name, size):
    # Issue 25: "Probe" was set larger than "Max Speed" beside it, each title shrunk to its own width.
    from mapgen.render.counters import FaceArt, page_items
    from mapgen.render.text import text_width

    sheet = lay_out(SETS[name], get_paper("a4-portrait"), parse_size(size))
    sizes: dict[str, set[float]] = {}
    for n in range(1, sheet.pdf_pages + 1):
        for _layer, items in page_items(sheet, n):
            for art in (i for i in items if isinstance(i, FaceArt)):
                for t in face_items(art.face, art.size, art.fields):
                    if isinstance(t, Text):
                        assert t.field, t
                        sizes.setdefault(t.field, set()).add(round(t.size, 6))
                        assert t.size >= 1.6 - 1e-9, (t.text, t.size)
                        assert text_width(t.text, t.size, bold=t.bold) <= art.size, (t.text, t.size)
    assert {"band", "title"} <= set(sizes)
    assert all(len(v) == 1 for v in sizes.values()), sizes


@pytest.fixture(scope="module")
def campaign_counters(tmp_path_factory):
    """A new campaign's counters as 'mapgen new' and 'counters --campaign' print them (its forces, its holdings)."""
    from mapgen.kit.fw_campaign import campaign_set

    from .atlas_helpers import fw_kit

    folder = tmp_path_factory.mktemp("kit") / "camp"
    fw_kit(folder, seed=11, size="medium", formats=("json",))
    return campaign_set(folder)


@pytest.mark.parametrize("size", SIZES)
def test_each_side_keeps_to_its_own_sheet_the_general_markers_filling_the_rows_left(size, campaign_counters):
    """Issue 25: at 1 in, blue's forces began on red's page; the nine General Retreat markers, which belong to no
    side, now fill the rows the sides leave, so each side's block is whole on one sheet where it fits one."""
    from mapgen.counters.build import build_sheet
    from mapgen.counters.layout import DEFAULT_BLEED_MM, DEFAULT_GUTTER_MM
    from mapgen.sides import NEUTRAL

    counters, title = campaign_counters
    paper = get_paper("a4-portrait")
    sheet = build_sheet(counters, paper, parse_size(size), title=title)
    grid = fit_grid(paper, parse_size(size), DEFAULT_BLEED_MM, DEFAULT_GUTTER_MM)
    fronts = [p for p in sheet.pages if p.side == "front"]
    pages: dict[str, set[int]] = {}
    for page in fronts:
        for pl in page.placements:
            pages.setdefault(side_of(pl.counter), set()).add(page.pdf_page)
    rows = {side: math.ceil(sum(side_of(c) == side for c in counters) / grid.cols) for side in pages}
    for side, on in pages.items():
        if side != NEUTRAL.key and rows[side] <= grid.rows:
            assert len(on) == 1, (side, sorted(on))
    assert len(fronts) == math.ceil(sum(rows.values()) / grid.rows)  # and no sheet more than rows of their own need
