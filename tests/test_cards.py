"""Quick-reference cards: every value printed is the declared one, nothing under 7 pt, two pages at most, inside the margins.

The expected rows are built here straight from the rule modules (the tables
the engines roll), not from :mod:`mapgen.cards`; a few anchors are typed
from the rule digests (``shared/rules/``) to catch a declaration and a card
that drifted together.
"""

from __future__ import annotations

import base64
import re
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

import mapgen.cli.cards  # noqa: F401 - registers the commands
from mapgen.battlefield import medieval as MED
from mapgen.campaign import after_battle, events, march, orders, will
from mapgen.campaign.core import PHASE_NAMES
from mapgen.cards import CARDS
from mapgen.dice import DiceExpr
from mapgen.fw.rules import PRECIPITATION
from mapgen.napoleonic import board as NB
from mapgen.napoleonic import tables as NT
from mapgen.rulebooks import nap_units as NAP1
from mapgen.paper import PRINT_MARGIN_MM, get_paper
from mapgen.render.cards_pdf import MIN_TEXT_PT, draw_card
from mapgen.skirmish import tables as ST
from mapgen.tables import Table, band
from tests.test_pdf import read_pdf

from .cli_helpers import MANIFEST, files_in, run, snapshot

PT = 72 / 25.4
PAPERS = ("a4-portrait", "letter-portrait")


@pytest.fixture(scope="module")
def drawn():
    """Every card on both papers, drawn once."""
    return {(key, p): draw_card(make(), get_paper(p)) for key, make in CARDS.items() for p in PAPERS}


def rows(result, title: str) -> list[tuple[str, ...]]:
    """The cells of the section called ``title`` (its continuation included), as drawn, row by row."""
    cells: dict[tuple[int, int], dict[int, str]] = {}
    sections = {d.section for d in result.drawn if d.row == -2 and d.col == 0 and d.cell == title}
    assert sections, f"no section {title!r} on the card"
    for d in result.drawn:
        if d.section in sections and d.row is not None and d.row >= 0:
            cells.setdefault((d.section, d.row), {})[d.col] = d.cell
    return [tuple(c[i] for i in sorted(c)) for _, c in sorted(cells.items())]


def rule_of(result, title: str) -> str:
    return next(d.cell for d in result.drawn if d.row == -2 and d.col == 1 and
                any(e.section == d.section and e.row == -2 and e.col == 0 and e.cell == title for e in result.drawn))


def totals(table: Table, b) -> str:
    """A band's totals as a player expects them: end bands beyond the dice read 'N or less' / 'N or more'."""
    expr = DiceExpr.parse(table.dice)  # Table.lookup clamps modified totals to the end bands only
    if b is table.bands[0] and b.low < expr.low:
        return f"{b.high} or less"
    if b is table.bands[-1] and b.high > expr.high:
        return f"{b.low} or more"
    return str(b.low) if b.low == b.high else f"{b.low}-{b.high}"


def check_table(result, table: Table, title: str | None = None) -> None:
    got = rows(result, title or table.name)
    assert [(r[0], r[1]) for r in got] == [(totals(table, b), b.label) for b in table.bands]
    assert rule_of(result, title or table.name) == table.rule


def sign(v: int) -> str:
    return f"{v:+d}" if v else "0"


def check_fw(result) -> None:
    """The turn card against the campaign engine's declarations."""
    assert [r[1].lower() for r in rows(result, "The campaign turn")] == list(PHASE_NAMES)
    check_table(result, PRECIPITATION)
    check_table(result, orders.FORCE_TEST)
    check_table(result, march.MOVE_TABLE)
    check_table(result, will.WILL_TO_FIGHT)
    check_table(result, after_battle.WOUNDED, "Wounded check (each killed model)")
    check_table(result, after_battle.DESERTERS, "Deserter check (each fled model)")
    check_table(result, events.GENERAL)
    check_table(result, events.CATASTROPHE)
    check_table(result, events.DISASTER)
    mods = dict(rows(result, "Force Test modifiers"))
    for k, v in orders.REACTION_TEST.items():
        assert mods[k.capitalize()] == sign(v)
    for k, v in orders.TERRITORY_TEST.items():
        assert mods[f"{k.capitalize()} territory"] == sign(v)
    assert mods["On a mountain"] == sign(orders.MOUNTAIN_TEST)
    moves = dict(rows(result, "Movement modifiers (start square)"))
    for k, row in march.START_TERRAIN.items():
        assert moves[k.capitalize() + (" [NT]" if row.naran else "")] == sign(row.value)
    for k, v in {**march.TERRITORY_MOVE}.items():
        assert moves[f"{k.capitalize()} territory"] == sign(v)
    for k, v in {**march.STATE_MOVE, **march.WEATHER_MOVE}.items():
        assert moves[k.replace("_", " ").capitalize()] == sign(v)
    after = dict(rows(result, "Wounded and deserter modifiers"))
    for k, v in after_battle.QUALITY.items():
        assert after[f"{k.capitalize()} quality (deserters)"] == sign(v)
    for k, v in after_battle.TERRITORY.items():
        assert after[f"{k.capitalize()} territory (wounded)"] == sign(v)
    wills = dict(rows(result, "Will to Fight modifiers"))
    assert (wills["Each battle won"], wills["Own capital lost"]) == (sign(will.BATTLE_WON), sign(will.CAPITAL_LOST))


def check_nap(result) -> None:
    units = {r[0]: r for r in rows(result, "Unit types")}
    numbers = {r[0]: r for r in rows(result, "Each unit's numbers")}
    assert list(units) == [u.label for u in NAP1.UNITS.values()]
    for u in NAP1.UNITS.values():
        assert units[u.label][1:4] == (str(u.cost), str(u.movement), str(u.actions))
        assert numbers[u.label][3:6] == (f"{u.rally}+", f"1-{u.destroyed_by_fire_up_to}", f"{u.destroyed_by_charge_from}+")
        assert numbers[u.label][1] == (sign(u.fire_modifier) if u.fire_modifier else "-")
        assert numbers[u.label][2] == (sign(u.charge_modifier) if u.charge_modifier else "-")
    fire = rows(result, "Fire Table [DEV]")
    assert [r[1] for r in fire] == [f"{v}+" for v in NT.DEFAULT_TABLES.fire.values()]
    assert [r[1] for r in rows(result, "Charge Table [DEV]")] == [sign(v) for v in NT.DEFAULT_TABLES.charge.values()]
    assert [r[1] for r in rows(result, "Pursuit [DEV]")] == [f"{v}+" for v in NT.DEFAULT_TABLES.pursuit.values()]
    assert [(r[0], r[1]) for r in rows(result, "Fire modifiers")] == [(m.label, sign(m.value)) for m in NT.FIRE_MODIFIERS]
    assert [(r[0], r[1]) for r in rows(result, "Charge modifiers")] == [(m.label, sign(m.value)) for m in NT.CHARGE_MODIFIERS]
    areas = rows(result, "Areas as the commands name them")
    assert [r[0] for r in areas] == list(NB.AREAS)
    for name, label, adjacent in areas:
        assert label == NB.AREAS[name].label
        assert set(adjacent.split(", ")) == set(NB.neighbours(name)) or not NB.neighbours(name)


def check_med(result) -> None:
    check_table(result, MED.LANDING, "Landing roll, each manoeuvre phase")
    check_table(result, MED.LANDING_PLACE)
    assert dict(rows(result, "Extra dice by quality")) == {q.capitalize(): f"{sign(n)}D6" for q, n in MED.QUALITY_DICE.items()}
    assert rows(result, "Dismounted cavalry") == [(d.mounted, d.foot, d.lost, d.gained, d.kept) for d in MED.DISMOUNTED]
    ambush = dict(rows(result, "Ambushes"))
    assert ambush["Hiding place: own half, from the own long edge at most"] == f"{MED.HIDING_EDGE_IN}\u00a0in"
    assert ambush["Revealed by an enemy unit within (MED-2.2)"] == f"{MED.DETECTION_IN}\u00a0in"


def check_sk(result) -> None:
    """The skirmish card against mapgen.skirmish.tables."""
    got = rows(result, "Combat value, points and wounds")
    assert [int(r[0]) for r in got] == sorted(ST.TROOP_VC, reverse=True)
    for vc, types, points, wounds in got:
        assert points == str(int(vc) * ST.POINTS_PER_VC)
        assert wounds == str(ST.WOUNDS[int(vc)])
        assert types.split(", ") == [t.replace("_", " ") for t in ST.TROOP_VC[int(vc)]]
    assert [(r[1], r[2]) for r in rows(result, "Game turn")] == list(ST.TURN)
    check_table(result, ST.SHOOTING)
    check_table(result, ST.QUARTER)
    check_table(result, ST.MORALE)
    assert rows(result, ST.MOVEMENT.name) == [(f"{cm}\u00a0cm", who) for cm, who in ST.MOVEMENT.items()]
    assert rows(result, ST.RANGES.name) == [(what, f"{cm}\u00a0cm") for what, cm in ST.RANGES.items()]
    assert rows(result, "Shooting modifiers") == [(m.condition, sign(m.value)) for m in ST.SHOOTING_MODIFIERS]


CHECKS = {"fw-campaign": check_fw, "nap": check_nap, "med": check_med, "sk": check_sk}


def test_every_system_has_a_check():
    assert set(CHECKS) == set(CARDS)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("key", list(CARDS))
def test_card_values_are_the_declared_tables(drawn, key, paper):
    CHECKS[key](drawn[key, paper])


def test_anchors_from_the_digests(drawn):
    """A few values typed from shared/rules, so a declaration and its card cannot drift together."""
    nap = drawn["nap", "a4-portrait"]
    assert rows(nap, "Unit types")[0][:4] == ("Infantry", "6", "1", "1")  # NAP-1
    assert {r[0]: r[3] for r in rows(nap, "Each unit's numbers")}["Elite infantry"] == "7+"  # NAP-11.2
    sk = drawn["sk", "a4-portrait"]
    assert rows(sk, "Combat value, points and wounds")[0][2:] == ("90", "4")  # SK-1: VC 9, 90 points; SK-8: 4 wounds
    assert ("Longbows and crossbows", "24\u00a0cm") in rows(sk, "Shooting ranges (cm)")  # SK-4
    check_table(sk, ST.SHOOTING)
    assert rows(sk, "Shooting")[-1][0] == "5-6"  # SK-3: 5 or more hits
    med = drawn["med", "a4-portrait"]
    assert rows(med, "Landing roll, each manoeuvre phase")[-1][0] == "9-12"  # MED-6: 9+
    fw = drawn["fw-campaign", "a4-portrait"]
    assert rows(fw, "General random events")[0][0] == "3-4"  # FW-16.1 read by AMB-24


def test_a_broken_declaration_fails_the_check_and_the_card_follows_it(monkeypatch):
    """Change a declared value: the card drawn before no longer passes; the card drawn after shows the new value."""
    paper = get_paper("a4-portrait")
    before = draw_card(CARDS["fw-campaign"](), paper)
    check_fw(before)
    bands = list(orders.FORCE_TEST.bands)
    bands[-1] = band(6, 99, "new_order", "OK, changed")
    monkeypatch.setattr(orders, "FORCE_TEST", Table("FW-8.2", "Force Test", "1D6", tuple(bands)))
    with pytest.raises(AssertionError):
        check_fw(before)
    check_fw(draw_card(CARDS["fw-campaign"](), paper))

    nap_before = draw_card(CARDS["nap"](), paper)
    monkeypatch.setitem(NAP1.UNITS, "infantry", replace(NAP1.UNITS["infantry"], cost=7))
    with pytest.raises(AssertionError):
        check_nap(nap_before)
    check_nap(draw_card(CARDS["nap"](), paper))

    sk_before = draw_card(CARDS["sk"](), paper)
    monkeypatch.setattr(ST, "WOUNDS", type(ST.WOUNDS)(ST.WOUNDS.rule, ST.WOUNDS.name, {**ST.WOUNDS.values, 8: 2}))
    with pytest.raises(AssertionError):
        check_sk(sk_before)
    check_sk(draw_card(CARDS["sk"](), paper))

    med_before = draw_card(CARDS["med"](), paper)
    monkeypatch.setitem(MED.QUALITY_DICE, "levy", -2)
    with pytest.raises(AssertionError):
        check_med(med_before)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("key", list(CARDS))
def test_two_pages_at_most_no_text_under_7pt_inside_the_margins(drawn, key, paper):
    result = drawn[key, paper]
    sheet = get_paper(paper)
    assert 1 <= result.pages <= 2
    assert min(d.size for d in result.drawn) >= MIN_TEXT_PT
    lo = PRINT_MARGIN_MM * PT
    w, h = sheet.width_mm * PT, sheet.height_mm * PT
    for d in result.drawn:
        assert lo <= d.x0 and d.x1 <= w - lo and lo <= d.y0 and d.y1 <= h - lo, d


@pytest.mark.parametrize("key", list(CARDS))
def test_cells_stay_in_their_columns(drawn, key):
    """A wrapped cell's lines stay left of the next column's start: no text runs into its neighbour."""
    result = drawn[key, "a4-portrait"]
    starts: dict[tuple, float] = {}
    for d in result.drawn:
        if d.row is not None and d.row >= -1:
            starts[(d.page, d.section, d.row, d.col)] = min(starts.get((d.page, d.section, d.row, d.col), d.x0), d.x0)
    for d in result.drawn:
        nxt = starts.get((d.page, d.section, d.row, (d.col or 0) + 1)) if d.row is not None and d.row >= -1 else None
        if nxt is not None:
            assert d.x1 <= nxt + 0.01, d


def _font_sizes(pdf: bytes) -> list[float]:
    """Every size a ``Tf`` operator sets in the PDF's (compressed) content streams."""
    sizes = []
    for body in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        if body.strip().endswith(b"~>"):  # ReportLab's own streams: ASCII85, then Flate (the drawings': binary Flate,
            body = base64.a85decode(body.strip()[:-2])  # whose last bytes may be whitespace's codes: not stripped)
        try:
            text = zlib.decompressobj().decompress(body)
        except zlib.error:
            continue
        sizes += [float(s) for s in re.findall(rb"/\S+ ([\d.]+) Tf", text)]
    return sizes


@pytest.mark.parametrize("key", list(CARDS))
def test_the_pdf_holds_what_was_recorded(drawn, key):
    """The records are the PDF's: its text lines are the recorded ones, its font sizes none under 7 pt."""
    result = drawn[key, "letter-portrait"]
    pages = read_pdf(result.data)
    assert len(pages) == result.pages
    for n, page in enumerate(pages, start=1):
        assert page.media == pytest.approx((215.9, 279.4), abs=0.01)
        # a no-break space (between a number and its unit) reads back as the space it shows
        assert page.text.replace("\xa0", " ").splitlines() == [d.text.replace("\xa0", " ") for d in result.drawn if d.page == n]
    sizes = _font_sizes(result.data)
    assert sizes and min(sizes) >= MIN_TEXT_PT


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_cards_command_writes_one_pdf_per_system_and_paper(in_tmp, capsys):
    code, out, err = run(["cards", "--system", "nap", "--paper", "letter"], capsys)
    assert code == 0, err
    assert files_in("output/cards") == [MANIFEST, "cards-nap-letter.pdf"]
    code, out, err = run(["cards", "--out", "all"], capsys)
    assert code == 0, err
    assert files_in("all") == sorted([MANIFEST] + [f"cards-{k}-{p}.pdf" for k in CARDS for p in ("a4", "letter")])


def test_cards_bad_option_is_a_usage_error_and_leaves_the_folder(in_tmp, capsys):
    assert run(["cards", "--system", "sk", "--out", "c"], capsys)[0] == 0
    before = snapshot("c")
    code, out, err = run(["cards", "--system", "chess", "--out", "c"], capsys)
    assert code == 2 and "Traceback" not in err and "--system" in err
    code, out, err = run(["cards", "--paper", "a5", "--out", "c"], capsys)
    assert code == 2 and "--paper" in err
    assert snapshot("c") == before
    assert Path("c/cards-sk-a4.pdf").exists()


def test_cards_nap_with_a_groups_own_tables(in_tmp, capsys):
    """NAP-A.2: a group's Fire Table from a file is what its card prints, without the [DEV] mark."""
    Path("t.json").write_text(
        '{"schema": "mapgen/napoleonic-tables", "version": 1, "fire": {"infantry": 9}, "pursuit": {"cavalry": 3, "infantry": 7}}'
    )
    code, out, err = run(["cards", "--system", "nap", "--paper", "a4", "--tables", "t.json", "--out", "c"], capsys)
    assert code == 0, err
    text = "\n".join(p.text for p in read_pdf(Path("c/cards-nap-a4.pdf").read_bytes()))
    assert "Fire Table\n" in text and "Fire Table [DEV]" not in text and "Pursuit [DEV]" not in text
    lines = text.splitlines()
    assert lines[lines.index("Infantry (every kind)") + 1] == "9+"
    assert lines[lines.index("Artillery, 1 area") + 1] == f"{NT.DEFAULT_TABLES.fire['artillery']}+"
    # NAP-15: "a roll at or above the table value destroys": 3 means 3 to 6; 7 cannot be rolled on 1D6
    assert lines[lines.index("Pursuing cavalry") + 1] == "3+"
    assert lines[lines.index("Pursuing infantry") + 1] == "never"
    Path("bad.json").write_text('{"schema": "mapgen/napoleonic-tables", "version": 1, "fire": {"infantry": 99}}')
    before = snapshot("c")
    for argv in (["--system", "nap", "--tables", "bad.json"], ["--system", "med", "--tables", "t.json"]):
        code, out, err = run(["cards", *argv, "--out", "c"], capsys)
        assert code == 2 and "Traceback" not in err and "--tables" in err
    assert snapshot("c") == before


def test_the_disaster_location_card_table_reads_as_the_rulebook_prints_it(drawn):
    # FW-16.3.1 (1D6, no modifier): 1-4 nothing happens, 5 a square with a force, 6 a square with a holding
    for p in PAPERS:
        got = rows(drawn[("fw-campaign", p)], events.DISASTER.name)
        assert [r[0] for r in got] == ["1-4", "5", "6"]
