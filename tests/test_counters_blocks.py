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


#: The sizes a kit prints its counters at, and its papers (issue 25's acceptance).
KIT_SIZES = ("5/8in", "3/4in", "1in")
KIT_PAPERS = ("a4-portrait", "letter-portrait")
#: A sheet holding fewer counters than this share of its room is spent on a handful of markers.
HANDFUL = 0.25


def _rows(page) -> list[list]:
    """A front page's counters by row, top to bottom, each row left to right."""
    rows: dict[float, list] = {}
    for pl in sorted(page.placements, key=lambda pl: (pl.y_mm, pl.x_mm)):
        rows.setdefault(round(pl.y_mm, 6), []).append(pl.counter)
    return [rows[y] for y in sorted(rows)]


def check_counter_sheet(counters, paper_name: str, size: str) -> None:
    """Issue 25: each side on rows of its own, each type (an entry of the rules' counter list: one rule) starting
    a row, no sheet spent on a handful of markers (a sheet under a quarter full holds a side's whole block);
    a side that fits a sheet on one sheet, and a side longer than a sheet sharing none of its sheets with
    another side."""
    from mapgen.sides import NEUTRAL

    paper = get_paper(paper_name)
    sheet = lay_out(counters, paper, parse_size(size))
    grid = fit_grid(paper, parse_size(size), sheet.bleed_mm, sheet.gutter_mm)
    fronts = [p for p in sheet.pages if p.side == "front"]
    assert sorted(pl.counter.id for p in fronts for pl in p.placements) == sorted(c.id for c in counters)  # each once
    seen: set[tuple[str, str]] = set()  # (side, rule) of every type met so far, row by row through the sheets
    sheets_of: dict[str, set[int]] = {}
    for n, page in enumerate(fronts):
        for row in _rows(page):
            assert len({side_of(c) for c in row}) == 1, (paper_name, size, n, [c.id for c in row])
            sheets_of.setdefault(side_of(row[0]), set()).add(n)
            # A row holds one type, and a type met before continues only at the start of the next row.
            assert len({c.rule for c in row}) == 1, (paper_name, size, n, [c.id for c in row])
            key = (side_of(row[0]), row[0].rule)
            assert key not in seen or last == key, (paper_name, size, key)
            seen.add(key)
            last = key
    for n, page in enumerate(fronts):
        # A sheet under a quarter full is a sheet spent on a handful of markers, unless it is a side's own sheet:
        # every counter of some side on it (24 counters of a seat are no handful, and cutting the seat is worse).
        whole = any(side != NEUTRAL.key and on == {n} for side, on in sheets_of.items())
        if len(fronts) > 1 and not whole:
            assert len(page.placements) >= HANDFUL * grid.per_page, (paper_name, size, n, len(page.placements), grid.per_page)
    for side, on in sheets_of.items():
        if side == NEUTRAL.key:
            continue
        rows = sum(math.ceil(sum(1 for c in counters if side_of(c) == side and c.rule == rule) / grid.cols)
                   for rule in {c.rule for c in counters if side_of(c) == side})
        if rows <= grid.rows:
            assert len(on) == 1, (paper_name, size, side, sorted(on))
        else:
            others = {s for s, o in sheets_of.items() if s not in (side, NEUTRAL.key) and o & on}
            assert not others, (paper_name, size, side, others)


@pytest.mark.parametrize("paper", KIT_PAPERS)
@pytest.mark.parametrize("size", KIT_SIZES)
@pytest.mark.parametrize("name", sorted(SETS))
def test_each_side_has_rows_of_its_own_each_type_a_row_and_no_sheet_a_handful(name, size, paper):
    check_counter_sheet(SETS[name], paper, size)


@pytest.mark.parametrize("paper", ("a4-portrait", "a4", "letter-portrait", "letter"))
@pytest.mark.parametrize("size", SIZES)
def test_no_renaissance_seat_is_cut_over_two_sheets(size, paper):
    # The four seats (five rows each) and the track (three rows) on 11-row Letter sheets at 3/4 in: filled one
    # after the other, the last sheet held the track alone; filled alike, two seats ran over two sheets. Now two
    # seats share a sheet and the track runs from the foot of the second sheet to the head of the third.
    check_counter_sheet(SETS["renaissance"], paper, size)


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


@pytest.mark.parametrize("paper", KIT_PAPERS)
@pytest.mark.parametrize("size", KIT_SIZES)
def test_a_new_campaigns_sheet_keeps_each_side_to_its_rows_and_spends_no_sheet_on_markers(size, paper, campaign_counters):
    """Issue 25: at 1 in, blue's forces began on red's page; at 3/4 in a medium campaign's second sheet held its
    nine General Retreat markers; at 5/8 in types shared rows."""
    check_counter_sheet(campaign_counters[0], paper, size)
