"""One identity per side (issue 25): each side and each Renaissance seat has one colour and one emblem, the same in
every output, declared once (mapgen/sides.py), and a black-and-white print never names a colour."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from mapgen.cli import main

from .cli_helpers import run
from .colour_helpers import hex_colours, not_grey, pdf_colours
from mapgen.render.templates import load_style_sheet, template_path
from mapgen.sides import NEUTRAL, RC_SEAT_STYLES, SIDE_STYLES, colour_names, fw_side_style, rc_seat_style

HEX = re.compile(r"#[0-9a-fA-F]{6}\b")
#: Every side or seat colour the table knows: an output showing a side may use its own and no other.
ALL_SIDE_COLOURS = {s.color.lower() for s in (*SIDE_STYLES, *RC_SEAT_STYLES)} | {s.tint.lower() for s in (*SIDE_STYLES, *RC_SEAT_STYLES)}
#: Palettes the outputs had before the sides were declared once: none may come back.
OLD_PALETTES = {"#c0392b", "#2c5aa0", "#ecd3a9", "#cfdcb1"}


def _colours(text: str) -> set[str]:
    return {c.lower() for c in HEX.findall(text)}


def _page_marks() -> set[str]:
    """The atlas's own marks (links and focus, hover, rolls: the Okabe-Ito palette), which are no side's."""
    css = template_path("atlas", "atlas.css").read_text(encoding="utf-8")
    return {m.lower() for m in re.findall(r"--(?:accent|hover|roll):\s*(#[0-9a-fA-F]{6})", css)}


def test_no_style_sheet_declares_a_side_colour_of_its_own():
    # The style sheets and the atlas's CSS carry no side colour: mapgen/sides.py is the one declaration.
    for path in ("fw-map/style.json", "fw-map/style-bw.json", "battlefield/style.json", "country/style.json"):
        text = template_path(*path.split("/")).read_text(encoding="utf-8")
        assert not (_colours(text) & (ALL_SIDE_COLOURS | OLD_PALETTES)), path
    css = template_path("atlas", "atlas.css").read_text(encoding="utf-8")
    assert not re.search(r"--side-[ab]\s*:", css) and not re.search(r"\.swatch\.(side|seat)-\w+\s*\{[^}]*#", css)
    for folder, variant in (("fw-map", None), ("battlefield", None)):
        assert load_style_sheet(folder, variant)["sides"] == {"A": fw_side_style("A").color, "B": fw_side_style("B").color}
    assert load_style_sheet("fw-map", "bw")["sides"] == {"A": fw_side_style("A").grey, "B": fw_side_style("B").grey}


def test_the_sides_tell_apart_without_colour():
    # FW-1.1 red A and blue B print as one grey: emblems and textures must differ, side by side and seat by seat.
    assert fw_side_style("A").color != fw_side_style("B").color
    for styles in (SIDE_STYLES, RC_SEAT_STYLES):
        assert len({s.emblem for s in styles}) == len(styles) and len({s.pattern for s in styles}) == len(styles)
    assert fw_side_style("A").grey != fw_side_style("B").grey
    assert NEUTRAL.emblem not in {s.emblem for s in (*SIDE_STYLES, *RC_SEAT_STYLES)}


def _mapgen(*argv: str) -> None:
    try:
        main(list(argv))
    except SystemExit as exc:
        assert not exc.code, argv


@pytest.fixture(scope="module")
def fw_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("fw") / "kit"
    _mapgen("new", "--seed", "3", "--size", "small", "--out", str(out), "--formats", "json,svg")
    _mapgen("campaign", "status", str(out), "--svg", str(out / "status.svg"))
    return out


def test_every_fantasy_warriors_output_shows_each_side_in_its_one_colour(fw_kit):
    a, b = fw_side_style("A").color.lower(), fw_side_style("B").color.lower()
    outputs = {"map": fw_kit / "fw-map.svg", "status": fw_kit / "status.svg", "atlas": fw_kit / "index.html",
               "counters": fw_kit / "counters"}
    for name, path in outputs.items():
        text = "".join(p.read_text(encoding="utf-8") for p in sorted(path.glob("*.svg"))) if path.is_dir() else path.read_text(encoding="utf-8")
        used = _colours(text) - (_page_marks() if name == "atlas" else set())
        assert {a, b} <= used, name
        # No other side's or seat's colour, and none of the old palettes.
        others = ALL_SIDE_COLOURS - {a, b, fw_side_style("A").tint.lower(), fw_side_style("B").tint.lower()}
        assert not (used & (others | OLD_PALETTES)), (name, used & (others | OLD_PALETTES))


@pytest.fixture(scope="module")
def ren_kit(tmp_path_factory):
    out = tmp_path_factory.mktemp("ren") / "kit"
    _mapgen("new", "--campaign", "renaissance", "--seed", "11", "--countries", "2", "--out", str(out))
    _mapgen("campaign", "status", str(out), "--svg", str(out / "status.svg"))
    return out


def test_every_renaissance_output_shows_each_seat_in_its_one_colour(ren_kit):
    seats = [rc_seat_style(i) for i in range(2)]
    country = json.loads((ren_kit / "country.json").read_text(encoding="utf-8"))
    players = [c["id"] for c in country["countries"] if not c.get("neutral")]
    svg = (ren_kit / "country.svg").read_text(encoding="utf-8")
    for cid, seat in zip(players, seats):  # seat P1 takes the first player country (RC-2)
        group = re.search(rf'<g id="country-{cid}">(.*?)</g>', svg, re.S).group(1)
        assert f'fill="{seat.tint}"' in group
    for name in ("country.svg", "status.svg", "index.html", "counters/counters-01.svg"):
        used = _colours((ren_kit / name).read_text(encoding="utf-8"))
        own = {c for s in seats for c in (s.color.lower(), s.tint.lower())}
        assert used & own, name
        assert not (used & ((ALL_SIDE_COLOURS - own) | OLD_PALETTES)), (name, used & ((ALL_SIDE_COLOURS - own) | OLD_PALETTES))


def test_the_renaissance_counter_set_is_in_the_seats_colours(tmp_path, capsys):
    assert run(["counters", "--set", "renaissance", "--out", str(tmp_path / "set"), "--formats", "svg"], capsys)[0] == 0
    used = set().union(*(_colours(p.read_text(encoding="utf-8")) for p in (tmp_path / "set").glob("*.svg")))
    assert {s.color.lower() for s in RC_SEAT_STYLES[:4]} <= used
    assert not (used & {s.color.lower() for s in SIDE_STYLES[:4]})


def test_black_and_white_never_names_a_colour(tmp_path, capsys):
    assert run(["fw-map", "--seed", "7", "--style", "bw", "--out", str(tmp_path / "bw"), "--formats", "svg"], capsys)[0] == 0
    texts = re.findall(r">([^<>]+)<", (tmp_path / "bw" / "fw-map.svg").read_text(encoding="utf-8"))
    words = " ".join(t for t in texts if "Side" in t)  # the sides' words: bands, title, legend (not a place's name)
    assert "Side A" in words
    named = {w for w in colour_names() if re.search(rf"\b{w}\b", words)}
    assert named == set()
    assert not HEX.search(words)  # nor a colour's code


#: Markup that is no output's words: the page's style sheet and scripts (CSS says ``fill: black``).
_NOT_WORDS = re.compile(r"<(style|script)\b.*?</\1>", re.S | re.I)


def _kit_words(folder: Path) -> dict[str, str]:
    """Every file of a kit as the words a player meets in it: a PDF's text, any other file's text less its style sheets."""
    words = {}
    for p in sorted(folder.rglob("*")):
        if p.suffix == ".pdf":
            words[str(p)] = subprocess.run(["pdftotext", str(p), "-"], capture_output=True, text=True, check=True).stdout
        elif p.is_file():
            words[str(p)] = _NOT_WORDS.sub("", p.read_text(encoding="utf-8"))
    return words


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
def test_a_black_and_white_kit_never_names_a_colour(tmp_path, capsys):
    # Issue 25: the map said "Side A" but the counters were red and blue with RED/BLUE on their bands, and the
    # setup sheet said "Sides: A Red, B Blue".  Every text and every PDF of a bw kit is searched for a colour's name.
    out = tmp_path / "bw"
    assert run(["new", "--seed", "1", "--size", "small", "--style", "bw", "--paper", "A4", "--out", str(out)], capsys)[0] == 0
    words = _kit_words(out)
    assert any(p.endswith("counters.pdf") for p in words) and any(p.endswith("fw-map-setup.md") for p in words)
    colour = re.compile(rf"\b({'|'.join(sorted(colour_names()))})\b", re.I)
    named = {p: sorted({m.group(0) for m in colour.finditer(text)}) for p, text in words.items() if colour.search(text)}
    assert named == {}
    # The sides go by their emblems instead, as the counters show them.
    assert "Sides: A Disc (humans), B Diamond (humans)" in words[str(out / "fw-map-setup.md")]


def test_a_black_and_white_kit_prints_its_counters_in_greys(tmp_path, capsys):
    # The counters of a bw kit are each side's grey with its texture and emblem: no side colour on them.
    out = tmp_path / "bw"
    assert run(["new", "--seed", "1", "--size", "small", "--style", "bw", "--formats", "json,svg", "--out", str(out)], capsys)[0] == 0
    used = set().union(*(_colours(p.read_text(encoding="utf-8")) for p in (out / "counters").glob("*.svg")))
    assert not (used & ALL_SIDE_COLOURS), used & ALL_SIDE_COLOURS
    assert {fw_side_style("A", "bw").color, fw_side_style("B", "bw").color} <= used
    assert fw_side_style("A", "bw").pattern != fw_side_style("B", "bw").pattern
    assert fw_side_style("A", "bw").emblem != fw_side_style("B", "bw").emblem


def _inks(path: Path) -> set[str]:
    """The colours an output prints with: a PDF's RGB colours as hex, a drawing's or a page's own (less its style
    sheet and scripts: the page's links and focus marks are the screen's, not the campaign's look)."""
    if path.suffix == ".pdf":
        return {"".join(f"{round(v * 255):02x}" for v in rgb) for rgb in pdf_colours(path.read_bytes())}
    return hex_colours(_NOT_WORDS.sub("", path.read_text(encoding="utf-8")))


def test_every_later_output_of_a_black_and_white_campaign_is_in_greys(tmp_path, capsys, monkeypatch):
    # Issue 25's leftover: the kit's look was not kept, so 'counters --campaign', the VASSAL module, the status map
    # and the atlas of a --style bw kit printed the sides in red and blue again.  The kit now records its look in
    # campaign.json and each of them draws in it: black, white and greys only, and no colour's name.
    from mapgen.exports import vassal

    kit = tmp_path / "bw"
    assert run(["new", "--seed", "1", "--size", "small", "--style", "bw", "--paper", "A4", "--formats", "json,svg,pdf",
                "--out", str(kit)], capsys)[0] == 0
    assert json.loads((kit / "campaign.json").read_text(encoding="utf-8"))["look"] == "bw"
    pictures: list[str] = []  # what the VASSAL module's images are drawn from (the board and every counter face)
    drawn = vassal.png
    monkeypatch.setattr(vassal, "png", lambda svg: pictures.append(svg) or drawn(svg))
    for argv in (["counters", "--campaign", str(kit), "--out", str(tmp_path / "counters")],
                 ["campaign", "status", str(kit), "--svg", str(tmp_path / "status.svg")],
                 ["atlas", str(kit)], ["atlas", str(kit), "--side", "A"],
                 ["export", "vassal", str(kit), "--ppi", "25", "--out", str(tmp_path / "vassal")]):
        assert run(argv, capsys)[0] == 0, argv
    outputs = [*sorted((tmp_path / "counters").glob("counters*.[sp][vd][gf]")), tmp_path / "status.svg", kit / "index.html", kit / "index-A.html"]
    assert len(outputs) > 4 and any(p.suffix == ".pdf" for p in outputs) and len(pictures) > 10
    inks = {p.name: _inks(p) for p in outputs} | {f"vassal image {n}": hex_colours(svg) for n, svg in enumerate(pictures)}
    assert all(inks.values())
    assert {name: not_grey(used) for name, used in inks.items() if not_grey(used)} == {}
    colour = re.compile(rf"\b({'|'.join(sorted(colour_names()))})\b", re.I)
    words = _kit_words(tmp_path / "counters") | {p.name: _NOT_WORDS.sub("", p.read_text(encoding="utf-8")) for p in outputs[-3:]}
    assert {p: colour.findall(text) for p, text in words.items() if colour.search(text)} == {}


def test_the_two_capitals_differ_by_emblem(tmp_path, capsys):
    # In greyscale the two capitals were the same castle: each now carries its side's emblem.
    assert run(["fw-map", "--seed", "7", "--style", "bw", "--out", str(tmp_path / "bw"), "--formats", "svg"], capsys)[0] == 0
    svg = (tmp_path / "bw" / "fw-map.svg").read_text(encoding="utf-8")
    holdings = svg[svg.index('inkscape:label="Holdings"'):]
    assert "<circle cx=\"5\" cy=\"5\" r=\"4.2\" fill=\"#ffffff\"" in holdings  # side A's disc
    assert "<polygon points=\"5,0.5 9.5,5 5,9.5 0.5,5\" fill=\"#ffffff\"" in holdings  # side B's diamond


def test_each_seat_carries_its_emblem_on_the_status_map(ren_kit):
    # P1's disc and P2's diamond, white on the seat's colour beside its name: the seats' colours print as one grey.
    svg = (ren_kit / "status.svg").read_text(encoding="utf-8")
    assert '<circle cx="5" cy="5" r="4.2" fill="#ffffff"' in svg
    assert '<polygon points="5,0.5 9.5,5 5,9.5 0.5,5" fill="#ffffff"' in svg
    assert rc_seat_style(0).emblem == "emblem-disc" and rc_seat_style(1).emblem == "emblem-diamond"


def _chart_colours(svg: str) -> set[str]:
    """The colours of a balance chart's lines and bars (its grid is grey, never a side's)."""
    return {c.lower() for c in re.findall(r'(?:stroke|fill)="(#[0-9a-fA-F]{3,6})"', svg)}


def test_the_fantasy_warriors_balance_chart_draws_each_side_in_its_own_colour():
    from mapgen.balance_report import NO_WINNER
    from mapgen.campaign import balance
    from mapgen.campaign.simulate import GameRecord, SimOptions

    records = [GameRecord(1, "A", 10, 3, {"A": 0, "B": 2}), GameRecord(2, "B", 12, 4, {"A": 3, "B": 0}),
               GameRecord(3, None, 42, 0, {"A": 0, "B": 0})]
    doc = balance.report(records, SimOptions(), 9, {"seed": 1, "sha256": "0" * 64, "width": 9, "height": 6})
    used = _chart_colours(balance.chart_svg(doc))
    own = {fw_side_style("A").color.lower(), fw_side_style("B").color.lower()}
    assert own <= used
    assert not (used & ((ALL_SIDE_COLOURS - own) | OLD_PALETTES)), used
    assert NO_WINNER.lower() not in ALL_SIDE_COLOURS


def test_the_renaissance_balance_chart_draws_each_seat_in_its_own_colour():
    from mapgen.renaissance import balance
    from mapgen.renaissance.simulate import GameRecord, SimOptions

    records = [GameRecord(1, "P1", 2, "capitals", {"P1": 9, "P2": 3, "P3": 1}, 1, 4, 3),
               GameRecord(2, "P3", 1, "capitals", {"P1": 8, "P2": 8, "P3": 9}, 0, 2, 2)]
    doc = balance.report(records, SimOptions(players=3), 9, {"seed": 1, "sha256": "0" * 64, "countries": 3, "neutrals": 0, "places": 20})
    used = _chart_colours(balance.chart_svg(doc))
    own = {rc_seat_style(i).color.lower() for i in range(3)}
    assert own <= used
    assert not (used & ((ALL_SIDE_COLOURS - own) | OLD_PALETTES)), used


@pytest.mark.parametrize("scenario,sacked", [(None, False), ("incursione", True)])
def test_only_the_incursione_sheet_has_sacked_backs(scenario, sacked):
    # FW-17.7: only the Incursione's raiders sack holdings; a standard campaign's holding counters have plain backs.
    from mapgen.campaign.counters import campaign_counters
    from mapgen.campaign.state import Options

    from .cal_state import state

    counters = campaign_counters(state(options=Options(scenario=scenario)))
    backs = [c.back.title for c in counters if c.back is not None]
    assert ("Sacked" in backs) is sacked
    holdings = [c for c in counters if "-holding-" in c.id or "-capital-" in c.id]
    assert holdings and all((c.back.title == "Sacked") is sacked for c in holdings)
