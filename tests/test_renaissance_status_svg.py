"""The Renaissance campaign's status map (``status --svg``): the country map with holders, counters and the key.

Views are built by hand to the per-player view contract
(``mapgen/campaign-renaissance-view``): what a seat may know.  The checks are
the ones a player makes of a printed map: every army's counter is there with
its id, a strength the viewer may not know is a ``?`` and nowhere a number,
counters at one node never cover one another, the drawing is well-formed and
drawable as a PDF, and the same view gives the same bytes.
"""

from __future__ import annotations

import functools
import io
import itertools
import xml.etree.ElementTree as ET

import pytest
from reportlab.pdfgen.canvas import Canvas

from mapgen.renaissance.setup import start_campaign
from mapgen.country.generate import generate_countries
from mapgen.counters.rules import NEUTRAL, rc_seat_style
from mapgen.errors import MapgenError
from mapgen.jsonio import dumps
from mapgen.render import renaissance_marks as M
from mapgen.render.pdf_draw import draw_svg
from mapgen.render.renaissance_campaign import LAYERS, counter_boxes, render_renaissance_campaign

SVG = "{http://www.w3.org/2000/svg}"
INK = "{http://www.inkscape.org/namespaces/inkscape}"
#: The country map's drawing starts this far from the page's corner (templates/country/style.json ``layout.pad``).
MARGIN = 4.0


@functools.cache
def country_map():
    m = generate_countries(21, 3, 1)
    return m, start_campaign(m, dumps(m.to_json()).encode(), "country.json", 21, names=["Anna", "Bianca", "Carlo"])


def nodes_of(country: str, *kinds: str) -> list[str]:
    m, _ = country_map()
    return [n for n in m.nodes_of(country) if m.graph.nodes[n]["kind"] in kinds]


def army(id, node, strength, allied=False, decoy=False, owner=None):
    return {"id": id, "owner": owner or id.split("-")[0], "node": node, "allied": allied, "strength": strength,
            "companies": None if strength is None else [], "decoy": decoy}


def view(viewer="P1", armies=(), places=None, sieges=(), engagements=(), **kw) -> dict:
    """A view to the contract: day-one places (every settlement its own country's) unless given."""
    m, s = country_map()
    kinds = {n: d["kind"] for n, d in m.graph.nodes(data=True)}
    base = {p.node: {"node": p.node, "kind": kinds[p.node], "owner": p.owner, "fortified": False, "damaged": False,
                     "advanced": False, "garrison_strength": None, "garrison": None} for p in s.places}
    for node, changes in (places or {}).items():
        base[node] = {**base[node], **changes}
    out = {
        "schema": "mapgen/campaign-renaissance-view", "viewer": viewer, "year": 2, "season": "summer", "phase": 4,
        "turn": "P2", "order": ["P2", "P1", "P3"],
        "players": [{"seat": p.seat, "name": p.name, "country": p.country, "eliminated": False,
                     "treasury": 120 if viewer in (None, p.seat) else None, "loan": 0 if viewer in (None, p.seat) else None}
                    for p in s.players],
        "places": list(base.values()), "armies": list(armies), "specialists": [], "sieges": list(sieges),
        "engagements": list(engagements), "prisoners": [], "ended": None, "winner": None,
    }
    return out | kw


@functools.cache
def _drawn(key: str) -> str:
    m, _ = country_map()
    return render_renaissance_campaign(m, VIEWS[key]()).tostring()


def capital(c):
    return country_map()[0].country(c).capital


def busy_view(viewer="P1"):
    """Five armies at P1's capital, an enemy at a taken city under siege, a decoy, an engagement, a garrison."""
    a_city, b_city = nodes_of("A", "city")[0], nodes_of("B", "city", "fortress")[0]
    hidden = None if viewer == "P1" else 37
    return view(
        viewer,
        armies=[
            army("P1-1", capital("A"), 14), army("P1-2", capital("A"), 6), army("P1-3", capital("A"), 8, allied=True),
            army("P1-4", capital("A"), 2), army("P2-3", capital("A"), hidden),
            army("P2-1", a_city, hidden), army("P1-9", a_city, 5),
            army("P3-1", nodes_of("C", "city")[0], None, decoy=True),
            army("P2-2", b_city, hidden), army("P1-5", b_city, 4),
        ],
        places={a_city: {"owner": "P2", "damaged": True, "garrison_strength": 3 if viewer is None else None},
                capital("A"): {"garrison_strength": 6, "garrison": [{"id": "P1-c9", "type": "large", "kind": "regular", "strength": 4}]},
                nodes_of("A", "fortress")[0]: {"advanced": True}, nodes_of("C", "village")[0]: {"fortified": True}},
        sieges=[{"node": a_city, "army": "P1-9", "phases": 3}],
        engagements=[{"node": b_city, "phasing": "P1", "other": "P2", "result": None, "defender": None, "rear_guard": None,
                      "chosen": ["P1"], "phasing_choice": "attack" if viewer == "P1" else None, "other_choice": None}],
    )


VIEWS = {"p1": busy_view, "referee": lambda: busy_view(None), "quiet": lambda: view("P2")}


def drawn(key="p1") -> ET.Element:
    return ET.fromstring(_drawn(key))


def texts(root) -> list[str]:
    return [t.text for t in root.iter(f"{SVG}text") if t.text]


def layer(root, label: str) -> ET.Element:
    return next(g for g in root if g.get(f"{INK}label") == label)


def counter(root, army_id: str) -> ET.Element:
    return next(g for g in layer(root, "Armies").iter(f"{SVG}g") if g.get("data-army") == army_id)


def counter_texts(root, army_id: str) -> list[str]:
    g = counter(root, army_id)
    return [t.text for t in g.iter(f"{SVG}text")]


# --- what the map shows ----------------------------------------------------------------------------


def test_the_drawing_is_xml_with_the_country_map_and_the_campaign_layers():
    root = drawn()
    labels = [g.get(f"{INK}label") for g in root if g.get(f"{INK}groupmode") == "layer"]
    assert {"Background", "Borders", "Roads", "Settlements", "Labels", "Legend"} <= set(labels)
    assert set(LAYERS) | {"Campaign key"} <= set(labels)
    assert labels.index("Holders") < labels.index("Labels") < labels.index("Armies")  # rings under the names, counters on top


@pytest.mark.parametrize("key", ["p1", "referee", "quiet"])
def test_every_army_of_the_view_has_a_counter_with_its_id(key):
    root = drawn(key)
    ids = [a["id"] for a in VIEWS[key]()["armies"]]
    assert sorted(counter_boxes(_drawn(key))) == sorted(ids)
    for aid in ids:
        assert aid in counter_texts(root, aid)


def test_a_strength_the_viewer_does_not_know_is_a_question_mark_and_never_a_number():
    p1, referee = drawn("p1"), drawn("referee")
    for enemy in ("P2-1", "P2-2", "P2-3"):
        assert counter_texts(p1, enemy) == [enemy, "?"]
        assert counter_texts(referee, enemy) == [enemy, "37"]
    assert "37" not in texts(p1) and "37" in texts(referee)
    assert counter_texts(p1, "P1-1") == ["P1-1", "14"]


def test_a_hidden_garrison_shows_no_strength_and_a_known_one_does():
    p1, referee = texts(drawn("p1")), texts(drawn("referee"))
    assert "G6" in p1 and "G6" in referee  # P1's own capital
    assert "G3" not in p1 and "G3" in referee  # the city P2 took: only the referee knows its garrison


def test_allied_armies_and_decoys_are_marked():
    root = drawn()
    assert counter_texts(root, "P1-3") == ["P1-3", "8", "allied"]  # RC-3.6
    assert counter_texts(root, "P3-1") == ["P3-1", "decoy"]  # RC-3.10: a diplomat shown as a decoy
    decoy = counter(root, "P3-1")
    assert next(decoy.iter(f"{SVG}rect")).get("stroke-dasharray")


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1e-6 and min(a[3], b[3]) - max(a[1], b[1]) > 1e-6


@pytest.mark.parametrize("key", ["p1", "referee"])
def test_counters_never_overlap_even_five_at_one_node(key):
    boxes = counter_boxes(_drawn(key))
    at_capital = [a["id"] for a in VIEWS[key]()["armies"] if a["node"] == capital("A")]
    assert len(at_capital) == 5
    for a, b in itertools.combinations(sorted(boxes), 2):
        assert not _overlap(boxes[a], boxes[b]), (a, b)
    side = {round(b[2] - b[0], 6) for b in boxes.values()}
    assert side == {M.COUNTER_MM}


def test_holders_are_ringed_in_their_colour_and_a_taken_place_bears_its_holders_label():
    root = drawn()
    holders = layer(root, "Holders")
    strokes = {c.get("stroke") for c in holders.iter(f"{SVG}circle")}
    p1, p2 = rc_seat_style(0).color, rc_seat_style(1).color
    assert {p1, p2, M.NEUTRAL_COLOR} <= strokes  # P1's places, the city P2 took, the neutral country's
    assert len({p1, p2, rc_seat_style(2).color, M.NEUTRAL_COLOR, NEUTRAL.color}) == 5
    badges = texts(layer(root, "Badges"))
    assert badges.count("P2") == 1  # only the city P2 took: every other place is its own ruler's
    assert "damaged" in badges and "walled" in badges


def test_a_damaged_place_has_a_broken_ring_and_an_improved_one_two():
    m, _ = country_map()
    root = drawn()
    holders = layer(root, "Holders")
    dashed = [c for c in holders.iter(f"{SVG}circle") if c.get("stroke-dasharray") == M.DAMAGED_DASH]
    assert len(dashed) == 1
    def at(node):
        x, y = m.graph.nodes[node]["pos"]
        return (round(x, 1), round(y, 1))

    def centre(c):  # the map is drawn from the drawing's margin: the same offset both ways
        return (round(float(c.get("cx")) - MARGIN, 1), round(float(c.get("cy")) - MARGIN, 1))

    assert centre(dashed[0]) == at(nodes_of("A", "city")[0])  # on the taken city
    p1 = rc_seat_style(0).color
    rings = [centre(c) for c in holders.iter(f"{SVG}circle") if c.get("stroke") == p1]
    assert rings.count(at(nodes_of("A", "fortress")[0])) == 2  # RC-3.9 improved: two rings
    assert rings.count(at(capital("A"))) == 1


def test_sieges_and_engagements_are_marked_at_their_node():
    root = drawn()
    badges = texts(layer(root, "Badges"))
    assert "Siege 3" in badges  # RC-4.10, RC-A.17: the phases it has lasted
    assert "P1 v P2: 1/2 chosen" in badges  # RC-4.4: still waiting for P2's choice
    rings = list(layer(root, "Engagements").iter(f"{SVG}circle"))
    assert rings and all(c.get("stroke-dasharray") in (None, M.ENGAGEMENT_DASH) for c in rings)


def test_a_settled_engagement_names_its_result():
    b_city = nodes_of("B", "city", "fortress")[0]
    e = {"node": b_city, "phasing": "P1", "other": "P2", "result": "BATTLE", "defender": "P2", "rear_guard": None,
         "chosen": ["P1", "P2"], "phasing_choice": "attack", "other_choice": "stand"}
    m, _ = country_map()
    root = ET.fromstring(render_renaissance_campaign(m, view(engagements=[e])).tostring())
    assert "P1 v P2: battle" in texts(root)


def test_the_title_block_gives_year_season_phase_and_whose_turn():
    words = texts(drawn())
    assert "Year 2, summer, phase 4 of 10" in words
    assert "To move: P2 Bianca" in words
    assert any(w.startswith("Seen by P1 Anna") for w in words)
    assert "The referee's view: everything" in texts(drawn("referee"))
    assert any("treasury 120 ducats" in w for w in words)  # P1's own, and only P1's
    assert sum("treasury" in w for w in words) == 1


def test_spring_has_no_phase_and_the_end_is_told():
    m, _ = country_map()
    v = view(None, season="spring", phase=0, turn=None, order=[], ended="capitals", winner="P1")
    words = texts(ET.fromstring(render_renaissance_campaign(m, v).tostring()))
    assert "Year 2, spring" in words
    assert not any(w.startswith("To move") for w in words)
    assert any(w.startswith("The campaign is over: capitals.") and "P1 Anna" in w for w in words)


def test_the_key_names_every_player_and_neutral_country():
    m, s = country_map()
    words = texts(drawn())
    for p in s.players:
        assert f"{p.seat} {p.name}" in words
    for c in m.countries:
        if c.neutral:
            assert f"{c.id} {c.name}" in words


def test_the_same_view_gives_the_same_bytes_and_the_drawing_fits_the_page():
    m, _ = country_map()
    v = busy_view()
    assert render_renaissance_campaign(m, v).tostring() == render_renaissance_campaign(m, busy_view()).tostring() == _drawn("p1")
    root = drawn()
    _, _, w, h = (float(v) for v in root.get("viewBox").split())
    for box in counter_boxes(_drawn("p1")).values():
        assert 0 <= box[0] and box[2] <= w and 0 <= box[1] and box[3] <= h


def test_the_pdf_writer_draws_it():
    canvas = Canvas(io.BytesIO())
    draw_svg(canvas, ET.fromstring(_drawn("p1")))  # raises on anything outside the drawable subset


def test_a_view_of_another_map_is_refused_rather_than_drawn_without_its_army():
    m, _ = country_map()
    with pytest.raises(MapgenError, match="P1-1 at 'Z-99'"):
        render_renaissance_campaign(m, view(armies=[army("P1-1", "Z-99", 4)]))


@pytest.mark.parametrize("key", sorted(VIEWS))
def test_the_map_laid_on_a_kept_country_map_is_the_map_drawn_whole(key):
    # issue 22: the atlas keeps the country map and lays each command's layers and key on it
    from mapgen.render.renaissance_campaign import PrintedMap, campaign_on, printed_map, ruler_tints

    m, _ = country_map()
    v = VIEWS[key]()
    kept = PrintedMap.from_json(printed_map(m, ruler_tints(m, v)).to_json())
    assert campaign_on(kept, m, v) == _drawn(key)
