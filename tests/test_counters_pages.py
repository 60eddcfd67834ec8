"""The SVG pages of a counter sheet: each face's shapes written once, the same text as written in place."""

import xml.etree.ElementTree as ET

import pytest

from mapgen.counters.layout import lay_out
from mapgen.counters.roster import RosterUnit
from mapgen.counters.sets import fw_set, roster_set
from mapgen.paper import get_paper
from mapgen.render import counters
from mapgen.render.counters import render_pages

SVG = "{http://www.w3.org/2000/svg}"

#: Names a roster may hold: markup, a control character, a lone surrogate, a character reference's look-alike.
ODD_NAMES = ("Plain", "Amp & <Co>", "Ctl\x01x", "Sur\ud800g", "Ref &#65; x", 'Quote "q" \u00e9', "Tab\tname")


def odd_sheet(fold: bool):
    units = [RosterUnit(n, ("France", "Austria")[i % 2], "infantry", 1, (("cost", 6),), i + 2) for i, n in enumerate(ODD_NAMES)]
    return lay_out(roster_set(units) + fw_set(), get_paper("A4-portrait"), 15.875, title="odd \x02 &#66; title", fold=fold)


@pytest.mark.parametrize("fold", [False, True])
def test_faces_written_once_give_the_pages_written_face_by_face(monkeypatch, fold):
    sheet = odd_sheet(fold)
    once = render_pages(sheet)
    monkeypatch.setattr(counters, "_face_text", lambda *face: None)  # every face as elements, in place
    assert once == render_pages(sheet)


def test_pages_are_whole_xml_with_every_face_drawn():
    sheet = odd_sheet(False)
    placed = sum(len(half.placements) for half in sheet.pages)
    faces = 0
    for page in render_pages(sheet):
        assert "mapgen-counter-face" not in page  # no stand-in left
        assert "\x01" not in page and "\x02" not in page
        layer = next(g for g in ET.fromstring(page.encode()).iter(f"{SVG}g") if g.get("id") == "layer-counters")
        for g in layer.findall(f"{SVG}g"):
            assert len(g) > 0  # a face group holds its band, picture and words
            faces += 1
    assert faces == placed


def test_a_sheet_drawn_again_after_forgetting_its_faces_is_the_same():
    sheet = odd_sheet(False)
    first = render_pages(sheet)
    counters.forget_faces()
    assert render_pages(sheet) == first
