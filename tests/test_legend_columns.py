"""A legend's blocks keep their heading across a column break (issue 25).

The key's columns used to break wherever the height ran out, so "Territory boundary" could open a column
while its heading, "Rivers, roads and crossings", stayed at the foot of the one before.  A column now
opens only at a heading, unless one section alone is taller than a column.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from mapgen.country.generate import generate_countries
from mapgen.paper import get_paper
from mapgen.render.country_key import render_country_key
from mapgen.render.templates import Block, balanced_columns, flow_columns

sections = st.lists(st.lists(st.floats(1.0, 12.0), min_size=0, max_size=6), min_size=1, max_size=7)


def _blocks(heights: list[list[float]]) -> list[Block]:
    out = []
    for rows in heights:
        out.append(Block(4.0, None, heading=True))
        out += [Block(h, None) for h in rows]
    return out


def _section_heights(blocks: list[Block]) -> list[float]:
    starts = [i for i, b in enumerate(blocks) if b.heading] + [len(blocks)]
    return [sum(b.height for b in blocks[a:e]) for a, e in zip(starts, starts[1:])]


@settings(max_examples=200, deadline=None)
@given(sections, st.floats(10.0, 80.0))
def test_a_column_opens_at_a_heading_when_every_section_fits_one(heights, max_h):
    blocks = _blocks(heights)
    cols = flow_columns(blocks, max_h)
    assert [i for a, e in cols for i in range(a, e)] == list(range(len(blocks)))  # every block once, in order
    if max(_section_heights(blocks)) <= max_h:
        assert all(blocks[a].heading for a, _e in cols)
        assert all(sum(b.height for b in blocks[a:e]) <= max_h + 1e-9 for a, e in cols)


@settings(max_examples=200, deadline=None)
@given(sections, st.floats(10.0, 80.0))
def test_a_heading_never_ends_a_column_apart_from_its_rows(heights, max_h):
    blocks = _blocks(heights)
    n = len(blocks)
    for _a, e in flow_columns(blocks, max_h):
        assert not (blocks[e - 1].heading and e < n and not blocks[e].heading), e


@settings(max_examples=100, deadline=None)
@given(sections, st.integers(1, 4))
def test_balanced_columns_keep_the_headings_too(heights, ncols):
    blocks = _blocks(heights)
    cols = balanced_columns(blocks, ncols)
    assert all(blocks[a].heading for a, _e in cols) or max(_section_heights(blocks)) > max(
        sum(b.height for b in blocks[a:e]) for a, e in cols)


def test_the_country_key_is_laid_out_for_a_landscape_sheet():
    # Issue 25: the Renaissance key stood as one tall column in the middle of a landscape A3 sheet.
    paper = get_paper("A3")
    pw, ph = paper.printable_mm
    svg = render_country_key(generate_countries(4, 3, 0), paper).tostring()
    head = svg[: svg.index(">", svg.index("<svg"))]
    w, h = (float(re.search(rf'{k}="([\d.]+)mm"', head).group(1)) for k in ("width", "height"))
    assert w <= pw + 1e-6 and h <= ph + 1e-6
    assert pw > ph and w > h  # landscape sheet, landscape key
