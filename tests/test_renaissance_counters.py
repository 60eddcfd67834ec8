"""The counters of one Renaissance campaign: every army a seat can raise, its specialists and siege markers.

Expected values are typed from the digest: three armies and one allied army
per player (RC-3.6), Tabella 33's four specialists with their costs, a
diplomat shown on the map like an army (RC-3.10), a siege taken on 7 or more
(Tabella 35).  The army ids are the ones the spring actually gives
(``FormArmy``), so a change of the id scheme shows here.
"""

from __future__ import annotations

import functools

import pytest

from mapgen.renaissance.commands import FormArmy
from mapgen.renaissance.counters import army_ids, campaign_counters, counters_title
from mapgen.renaissance.setup import start_campaign
from mapgen.campaign.state import evolve
from mapgen.counters.build import build_sheet
from mapgen.counters.layout import DEFAULT_SIZE, parse_size
from mapgen.counters.rules import RC_SEAT_STYLES, STYLE_BY_KEY
from mapgen.country.generate import generate_countries
from mapgen.jsonio import dumps
from mapgen.paper import get_paper
from mapgen.render.counters import render_pages
from mapgen.render.counters_pdf import write_counters_pdf
from tests.test_renaissance_spring import do, spring, state


@functools.cache
def campaign():
    m = generate_countries(21, 3, 1)
    return m, start_campaign(m, dumps(m.to_json()).encode(), "country.json", 21, names=["Anna", "Bianca", "Carlo"])


def of_seat(counters, seat):
    return [c for c in counters if c.front.band == seat]


# --- RC-3.6 armies ----------------------------------------------------------------------------------


def test_the_ids_are_three_armies_and_the_allied_one():
    assert army_ids("P2") == ["P2-1", "P2-2", "P2-3", "P2-4"]  # RC-3.6: 3 armies + 1 allied army, at most 4 tokens


@pytest.mark.parametrize("allied_at", [0, 1, 3])
def test_every_army_the_spring_raises_has_a_counter(allied_at):
    """Raise the three armies and the allied one in any order: each id the engine gives is on a counter."""
    s = spring(treasury=1000)
    kinds = [("small", "regular")] * 3
    kinds.insert(allied_at, ("small", "allied"))
    for kind in kinds:
        s, _ = do(s, FormArmy("P1", "A-1", (kind,)))
    raised = [a.id for a in s.armies]
    assert len(raised) == 4
    fronts = {c.front.big: c for c in campaign_counters(s)}
    for aid in raised:
        assert aid in fronts and aid in fronts[aid].label and fronts[aid].rule == "RC-3.6"


def test_an_army_raised_again_after_one_is_gone_keeps_an_id_with_a_counter():
    s = spring(treasury=1000)
    for node in ("A-0", "A-1", "A-2"):
        s, _ = do(s, FormArmy("P1", node, (("small", "regular"),)))
    s = evolve(s, armies=tuple(a for a in s.armies if a.id != "P1-2"))  # lost in the field
    s, _ = do(s, FormArmy("P1", "A-1", (("small", "allied"),)))
    s, _ = do(s, FormArmy("P1", "A-1", (("small", "regular"),)))
    fronts = {c.front.big for c in campaign_counters(s)}
    assert {a.id for a in s.armies} <= fronts


# --- what a seat gets ----------------------------------------------------------------------------------


def test_each_seat_gets_its_armies_an_allied_marker_four_specialists_and_siege_markers():
    m, s = campaign()
    counters = campaign_counters(s, m)
    for p in s.players:
        mine = of_seat(counters, p.seat)
        armies = [c for c in mine if c.front.title == "Army"]
        assert [c.front.big for c in armies] == [f"{p.seat}-1", f"{p.seat}-2", f"{p.seat}-3", f"{p.seat}-4"]
        assert sum(c.front.title == "Allied" for c in mine) == 1  # RC-3.6: one allied army
        specialists = {c.front.title: c.front.note for c in mine if c.rule == "RC-3.10"}
        assert specialists == {"Engineer": "20 ducats", "Diplomat": "50 ducats", "Spy": "30 ducats", "Assassin": "25 ducats"}
        sieges = [c for c in mine if c.rule == "RC-4.10"]
        assert len(sieges) == 4 and {c.front.note for c in sieges} == {"7+ takes it"}  # one per army; Tabella 35
        assert len(mine) == 4 + 1 + 4 + 4
    assert len({c.id for c in counters}) == len(counters)


def test_counters_are_named_with_the_seat_and_country_in_the_seats_colour():
    m, s = campaign()
    counters = campaign_counters(s, m)
    styles = []
    for i, p in enumerate(s.players):
        mine = of_seat(counters, p.seat)
        country = m.country(p.country).name
        assert all(c.label.startswith(f"{p.seat} {country}") for c in mine)
        assert {c.front.style for c in mine} == {c.back.style for c in mine} == {RC_SEAT_STYLES[i].key}
        styles.append(RC_SEAT_STYLES[i].key)
    assert len(set(styles)) == len(s.players)
    assert all(k in STYLE_BY_KEY for k in styles)  # the counter renderer knows them
    plain = campaign_counters(s)  # without the map: the country's letter
    assert plain[0].label.startswith("P1 country A")


def test_the_diplomat_looks_like_an_army_from_the_back():
    m, s = campaign()
    mine = of_seat(campaign_counters(s, m), "P2")
    army_backs = {c.back for c in mine if c.front.title == "Army"}
    diplomat = next(c for c in mine if c.front.title == "Diplomat")
    assert len(army_backs) == 1 and diplomat.back in army_backs  # RC-3.10: shown on the map like an army
    assert next(c for c in mine if c.front.title == "Spy").back not in army_backs


def test_an_eliminated_seat_gets_no_counters():
    s = state()
    s = evolve(s, players=(s.players[0], evolve(s.players[1], eliminated=True)))
    counters = campaign_counters(s)
    assert of_seat(counters, "P2") == [] and of_seat(counters, "P1")
    assert "P2" not in counters_title(s) and "P1 Alfonso" in counters_title(s)


# --- the sheet -----------------------------------------------------------------------------------------


def test_the_sheet_builds_with_every_counter_and_prints(tmp_path):
    m, s = campaign()
    counters = campaign_counters(s, m)
    title = counters_title(s)
    assert "seed 21" in title and "P3 Carlo" in title
    sheet = build_sheet(counters, get_paper("a4-portrait"), parse_size(DEFAULT_SIZE), title=title)
    assert sorted(c.id for c in sheet.counters()) == sorted(c.id for c in counters)
    pages = render_pages(sheet)
    assert len(pages) == sheet.pdf_pages and all(aid in "".join(pages) for aid in army_ids("P3"))
    write_counters_pdf(sheet, tmp_path / "counters.pdf")
    assert (tmp_path / "counters.pdf").read_bytes().startswith(b"%PDF")
