"""Text a player types (seeds, names, a roster, a hand-edited map) shows as text in every output.

In a Markdown setup sheet it keeps every table's shape, adds no line, heading, link, code
or HTML; in an SVG it stays character data of a well-formed document; a PDF is still made.
"""

import copy
import os
import re
import xml.etree.ElementTree as ET

import pytest

from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.battlefield.setup_sheet import setup_sheet as battlefield_sheet
from mapgen.counters.build import build_sheet
from mapgen.counters.layout import parse_size
from mapgen.counters.roster import RosterError, RosterUnit, read_roster
from mapgen.counters.sets import roster_set
from mapgen.country.generate import generate_countries
from mapgen.country.setup_sheet import setup_sheet as country_sheet
from mapgen.fw.setup_sheet import setup_sheet as fw_sheet
from mapgen.render.battlefield import render_battlefield
from mapgen.render.country import render_country
from mapgen.render.counters import render_pages
from mapgen.render.counters_pdf import write_counters_pdf
from mapgen.render.fw_map import render_fw_map
from mapgen.paper import get_paper
from mapgen.render.pdf import write_pdf

from .cli_helpers import run
from .conftest import cached_map

SCRIPT = "<script>alert(1)</script>"
#: Each piece breaks Markdown or XML in its own way; together in one value.
HOSTILE = SCRIPT + " | cell | \n# heading\r\n## another ](javascript:alert(1)) [x](javascript:y) `code` *em* _u_ ~~s~~ &amp; \\ \x01\x1b\x7f\n- item\n1. item\n> quote\n===\n    indented"
PIECES = [SCRIPT, "|", "\n# heading", "](javascript:alert(1))", "a\rb", "\x00\x08\x0b", "`", "- list", "1) x", "  # h", "a\\", "&lt;", "\u2028# x", "\udcff"]
UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


def shape(sheet: str) -> list[str]:
    """What Markdown builds from the sheet, line by line: heading levels, list and quote markers, table cell counts."""
    out = []
    for line in sheet.split("\n"):
        if line.startswith("|"):
            out.append(f"table {len(UNESCAPED_PIPE.findall(line))}")
        elif m := re.match(r"(#+) ", line):
            out.append(f"h{len(m.group(1))}")
        elif m := re.match(r"\s*((?:(?:[-*+>]|\d+[.)])(?: +|$))+)(#*)", line):
            out.append(" ".join(m.group(1).split()) + m.group(2))  # "- - x" is a list in a list, "- # x" a heading in one
        else:
            out.append("text" if line.strip() else "")
    return out


def assert_safe(hostile_sheet: str, clean_sheet: str) -> None:
    assert shape(hostile_sheet) == shape(clean_sheet)
    for bad in ("<", "\r", "\x01", "\x1b", "\u2028"):
        assert hostile_sheet.count(bad) == clean_sheet.count(bad), repr(bad)
    for pattern in (r"(?<!\\)\]\(", r"(?<!\\)`", r"(?<!\\)\*em", r"(?<!\\)\[x"):
        assert not re.search(pattern, hostile_sheet), pattern


@pytest.mark.parametrize("text", PIECES + [HOSTILE])
def test_md_text_keeps_a_value_on_its_line_as_text(text):
    from mapgen.setup_sheet import md_text

    line = f"| {md_text(text)} | b |"
    line.encode("utf-8")  # a lone surrogate (a command line in a broken locale) can still be written
    assert shape(line) == ["table 3"]
    assert shape(f"- {md_text(text)}") == ["-"]  # a note: no list, heading or quote inside the item
    assert "<" not in line and "\n" not in line and "\r" not in line
    assert not re.search(r"(?<!\\)[`*_\[\]~#]", line)


def test_fw_setup_sheet():
    m = copy.deepcopy(cached_map(7, "medium"))
    m.seed = HOSTILE
    for s in m.sides:
        s.name = HOSTILE
    m.notes = [HOSTILE, "- a list", "1. a list", "# a heading", "> a quote", "==="]
    m.climate.season = HOSTILE
    m.holdings[0].feature = HOSTILE
    m.holdings[0].detail = HOSTILE
    m.configs[0].name = m.configs[0].rule = HOSTILE
    m.dice_log[0].purpose = m.dice_log[0].result = m.dice_log[0].rule = HOSTILE
    m2 = copy.deepcopy(m)
    m2.seed, m2.notes = 7, ["a", "b", "c", "d", "e", "f"]
    for s in m2.sides:
        s.name = "Red"
    m2.climate.season = "dry"
    m2.holdings[0].feature, m2.holdings[0].detail = "sanctuary", "x"
    m2.configs[0].name = m2.configs[0].rule = "wood"
    m2.dice_log[0].purpose = m2.dice_log[0].result = m2.dice_log[0].rule = "r"
    assert_safe(fw_sheet(m), fw_sheet(m2))
    # Every "<" is an entity, so no tag opens; a ">" opens nothing and reads as typed ("A2 -> B3").
    assert "&lt;script>alert(1)&lt;/script>" in fw_sheet(m)


def test_country_setup_sheet():
    cm = generate_countries(11, 2, 0)
    cm.seed = HOSTILE
    for c in cm.countries:
        c.name = HOSTILE
    cm.dice_log[0].purpose = HOSTILE
    notes = list(cm.notes)
    cm.notes = notes + [HOSTILE]
    clean_cm = generate_countries(11, 2, 0)
    clean_cm.notes = notes + ["x"]
    assert_safe(country_sheet(cm), country_sheet(clean_cm))


def test_battlefield_setup_sheet():
    b = generate_battlefield(BattleOptions(seed=2, terrain="forest", river=True, road=True, bridge=True))
    clean = copy.deepcopy(b)
    clean.source.map, clean.source.square = "fw-map.json", "D5"
    b.seed = HOSTILE
    b.source.map, b.source.square = HOSTILE, HOSTILE
    b.notes = [HOSTILE]
    clean.notes = ["x"]
    b.features[0].note = HOSTILE
    b.scenario.zones[0].label = HOSTILE
    b.scenario.orders[0].instructions = [HOSTILE]
    clean.scenario.orders[0].instructions = ["x"]
    b.scenario.instructions = [HOSTILE]
    clean.scenario.instructions = ["x"]
    assert_safe(battlefield_sheet(b), battlefield_sheet(clean))


def test_setup_sheet_through_the_command(capsys):
    """mapgen fw-map --seed '<script>|x...' as a player would type it.

    A seed with line breaks or control characters is refused where it is typed
    (exit 2 naming --seed, nothing written); the same text on one line is a
    seed, and every sheet shows it escaped.
    """
    code, _, err = run(["fw-map", "--seed", HOSTILE, "--size", "small", "--formats", "md,svg", "--out", "x"], capsys)
    assert code == 2 and "--seed" in err and "line break" in err and not os.path.exists("x")
    one_line = re.sub(r"[\x00-\x1f\x7f]+", " ", HOSTILE)
    code, _, err = run(["fw-map", "--seed", one_line, "--size", "small", "--formats", "md,svg", "--out", "x"], capsys)
    assert code == 0, err
    sheet = open("x/fw-map-setup.md", encoding="utf-8").read()
    first, rest = sheet.split("\n", 1)
    assert first.startswith("# Fantasy Warriors campaign map — seed &lt;script>") and "<" not in sheet
    assert not any(line.startswith("#") and "heading" in line for line in rest.split("\n"))
    root = ET.parse("x/fw-map.svg").getroot()
    assert "alert(1)" in "".join(root.itertext())


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def svg_text(svg: str) -> str:
    root = ET.fromstring(svg.encode("utf-8"))  # a well-formed document, or this raises
    assert not any(el.tag.endswith("script") for el in root.iter())
    return " ".join(root.itertext())


def test_campaign_map_svg():
    m = copy.deepcopy(cached_map(3, "small"))
    m.seed = HOSTILE + "\udcff"
    for s in m.sides:
        s.name = HOSTILE
    text = svg_text(render_fw_map(m).tostring())
    assert SCRIPT in text and "\x01" not in text


def test_pdf_captions_and_titles_show_control_characters_as_spaces():
    from mapgen.render.pdf import _pdf_text

    assert _pdf_text("seed a\nb\x01c\u20ac\u4e00") == "seed a b c\u20ac?"


def test_country_svg():
    cm = generate_countries(5, 1, 0)
    cm.seed = HOSTILE
    cm.countries[0].name = HOSTILE
    text = svg_text(render_country(cm).tostring())
    assert "alert(1)" in text


def test_battlefield_svg_and_pdf(tmp_path):
    b = generate_battlefield(BattleOptions(seed=3, terrain="plain"))
    b.seed = HOSTILE
    svg = render_battlefield(b).tostring()
    assert "alert(1)" in svg_text(svg)
    report = write_pdf(svg, tmp_path / "b.pdf", get_paper("a4"), title=f"mapgen battlefield seed {HOSTILE}")
    assert report.pages == 1 and (tmp_path / "b.pdf").read_bytes().startswith(b"%PDF")


def test_counters_from_a_hostile_roster(tmp_path):
    roster = tmp_path / "army.csv"
    roster.write_text('name,side,type\n"<script>x</script> \x01 | [a](javascript:b)",Fr\x1bance,infantry\n', encoding="utf-8")
    with pytest.raises(RosterError, match=r"army.csv line 2, column 'name': holds a control character \(U\+0001\)"):
        read_roster(roster)
    roster.write_text('name,side,type\n"<script>x</script> | [a](javascript:b)",France,infantry\n', encoding="utf-8")
    units = read_roster(roster)
    units.append(RosterUnit(HOSTILE, HOSTILE, "cavalry", 1, (), 3))
    sheet = build_sheet(roster_set(units), get_paper("a4-portrait"), parse_size("3/4in"), 0, 0, False, f"Unit counters: {HOSTILE}")
    for page in render_pages(sheet):
        svg_text(page)
    assert write_counters_pdf(sheet, tmp_path / "c.pdf") >= 2


def test_a_leading_marker_is_escaped_in_a_list_item_but_not_in_a_table_cell():
    """After "- " a leading "-" or "1." would open a nested list; a table cell starts no block."""
    from mapgen.setup_sheet import cell, md_text

    assert md_text("- x") == "\\- x"
    assert md_text("1. x") == "1\\. x"
    assert md_text("- x", in_cell=True) == "- x"
    assert cell("-") == "-"


def test_the_raw_sheet_reads_as_typed():
    # Issue 25: a raw sheet said "cultivated -&gt; cultivated" and "\+5 cm"; only what would open markup is escaped.
    from mapgen.setup_sheet import md_text

    assert md_text("A2 -> B3, +5 cm, R&D") == "A2 -> B3, +5 cm, R&D"
    assert md_text("+ item") == "\\+ item" and md_text("1. item") == "1\\. item" and md_text("> quote") == "\\> quote"
    assert md_text("a <b> &amp; c") == "a &lt;b> &amp;amp; c"  # a tag and an entity stay text
    sheet = fw_sheet(cached_map(42, "small"))
    assert "->" in sheet and "-&gt;" not in sheet and "\\+" not in sheet


def test_every_character_the_patterns_catch_is_one_isprintable_refuses():
    """mapgen.text skips its patterns for printable text (issue 27): that is only right if no printable
    character is one they catch, over every code point."""
    import re

    from mapgen import text

    for characters in (text.FORBIDDEN_CLASS, text.YAML_ODD_CLASS, text.XML_ILLEGAL_CLASS):
        pattern = re.compile(characters)
        caught = [c for c in range(0x110000) if chr(c).isprintable() and pattern.match(chr(c))]
        assert caught == ([ord('"'), ord("\\")] if characters == text.YAML_ODD_CLASS else [])


def test_a_name_is_refused_for_exactly_the_characters_the_rule_names():
    """C0 and C1 controls, DEL, U+2028/2029, the bidi controls, surrogates, U+FEFF, U+FFFE/FFFF: nothing else."""
    from mapgen.text import BIDI, printable, text_problem

    named = {*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF, *range(0xD800, 0xE000), *map(ord, BIDI)}
    refused = {c for c in range(0x110000) if text_problem(f"a{chr(c)}b") is not None}
    assert refused == named
    assert {c for c in range(0x110000) if printable(chr(c)) != chr(c)} == named
