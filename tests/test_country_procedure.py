"""The road procedure (RC-1.5) with injected dice: every table result, the distance modifier, and what
decides each road end.

Tabella 27, Tabella 28 and the modifier are typed here from the rulebook (the digest's RC-1.2 to RC-1.4,
checked against the Italian original), never read from ``mapgen/country/rules.py``.  The geometry is
replaced by a stand-in that says how each new road ends, so every roll is the test's to choose.
"""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapgen.country import procedure
from mapgen.country.generate import generate_countries
from mapgen.country.geometry import step
from mapgen.country.procedure import _Drawing, _new_road, draw_country
from mapgen.dice import Dice, ScriptedDice

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Tabella 27 (Urban Area Table), 2D6 + M; totals above 12 are a border (RC-0.1, RC-A.34).
TABELLA_27 = {
    2: "walled_village", 3: "fortress", 4: "village", 5: "village", 6: "village", 7: "city", 8: "village",
    9: "fortress", 10: "border", 11: "border", 12: "border",
}
#: Tabella 28 (Roads Table), 2D6: how many new roads leave an urban area.
TABELLA_28 = {2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 2, 10: 2, 11: 2, 12: 3}
URBAN = {"city", "walled_village", "village", "fortress"}


def t27(total: int) -> str:
    return TABELLA_27[min(total, 12)]


def faces_for(total: int) -> list[int]:
    """Two dice showing ``total``."""
    return [1, total - 1] if total <= 7 else [total - 6, 6]


VILLAGE = faces_for(4)
ONE_ROAD = faces_for(2)


def _draw(monkeypatch, faces, hows):
    """Draw one country with these faces; the n-th new road (beyond the first four) ends as ``hows[n]``
    says: 'open' (its end rolls Tabella 27), 'edge' (the sheet edge) or 'blocked' (no clear direction)."""
    hows = list(hows)

    def fake(d, dice, x, capital, ideal):
        return step(x.pos, ideal, 30.0), hows.pop(0)

    monkeypatch.setattr(procedure, "_new_road", fake)
    dice = ScriptedDice(faces, seed=3)
    sheet = draw_country(dice, "A", 297.0, 210.0)
    assert dice.remaining == 0 and not hows
    return sheet, dice.log


# --------------------------------------------------------------------------
# step 1b: the first ring (Tabella 27, no modifier; a border is rolled again)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("total", range(2, 13))
def test_the_east_road_rolls_tabella_27_and_a_border_is_rolled_again(monkeypatch, total):
    faces = faces_for(total)
    if TABELLA_27[total] == "border":
        faces += faces_for(7)  # rolled again: a city
    faces += VILLAGE * 3 + ONE_ROAD * 4
    sheet, log = _draw(monkeypatch, faces, ["edge"] * 4)
    east = sheet.places["A-1"]
    assert east.side == "E" and east.depth == 1 and east.parent == "A-0"
    assert log[0].rule == "RC-1.2" and log[0].dice == "2D6" and log[0].modifiers == [] and log[0].total == total
    assert log[0].purpose == "1b: what lies at the end of the E road"
    if TABELLA_27[total] == "border":
        assert log[0].result == "border: rolled again (step 1b)"
        assert east.kind == "city" and east.roll == 2 and log[1].result == "city (A-1)"
    else:
        assert east.kind == TABELLA_27[total] and east.roll == 1 and log[0].result == f"{TABELLA_27[total]} (A-1)"
    assert east.rule == "RC-1.2"


def test_the_first_roads_are_resolved_east_south_west_north(monkeypatch):
    faces = faces_for(2) + faces_for(3) + faces_for(7) + faces_for(9) + ONE_ROAD * 4
    sheet, log = _draw(monkeypatch, faces, ["edge"] * 4)
    ring = {p.side: (p.id, p.kind) for p in sheet.places.values() if p.depth == 1}
    assert ring == {"E": ("A-1", "walled_village"), "S": ("A-2", "fortress"), "W": ("A-3", "city"), "N": ("A-4", "fortress")}
    assert [r.purpose for r in log[:4]] == [f"1b: what lies at the end of the {d} road" for d in "ESWN"]
    cap = sheet.places["A-0"]
    assert cap.kind == "capital" and cap.depth == 0 and cap.pos == (148.5, 105.0) and cap.rule is None
    for p in sheet.places.values():
        if p.depth == 1:
            assert math.dist(p.pos, cap.pos) == pytest.approx(30.0, abs=30.0 * 0.121)  # about 3 cm (RC-1.6)


# --------------------------------------------------------------------------
# step 1c: Tabella 28
# --------------------------------------------------------------------------


@pytest.mark.parametrize("total", range(2, 13))
def test_tabella_28_gives_the_number_of_new_roads(monkeypatch, total):
    n = TABELLA_28[total]
    faces = VILLAGE * 4 + faces_for(total) + ONE_ROAD * 3
    sheet, log = _draw(monkeypatch, faces, ["edge"] * (n + 3))
    east = sheet.places["A-1"]
    assert len(east.roads) == 1 + n
    roll = log[4]
    assert roll.rule == "RC-1.4" and roll.dice == "2D6" and roll.modifiers == [] and roll.total == total
    assert roll.purpose == "1c: roads leaving A-1 (village, depth 1)" and roll.result == str(n)
    assert [r.rule for r in log[4:]] == ["RC-1.4"] * 4  # the roads reached the sheet edge: no Tabella 27


# --------------------------------------------------------------------------
# step 1d: Tabella 27 with +1 for each urban area between the capital and the point (RC-1.3)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("total", range(2, 13))
def test_a_road_from_the_first_ring_rolls_with_plus_one(monkeypatch, total):
    kind = t27(total + 1)
    faces = VILLAGE * 4 + ONE_ROAD + faces_for(total) + ONE_ROAD * 3
    hows = ["open", "edge", "edge", "edge"]
    if kind != "border":
        faces += ONE_ROAD  # the new urban area reached by one road rolls Tabella 28 in turn (step 1e)
        hows += ["edge"]
    sheet, log = _draw(monkeypatch, faces, hows)
    end = sheet.places["A-5"]
    assert end.kind == kind and end.depth == 2 and end.parent == "A-1" and end.side == "E"
    roll = log[5]
    assert roll.rule == "RC-1.2" and roll.purpose == "1d: end of road 1 from A-1"
    assert [(m.name, m.value) for m in roll.modifiers] == [("urban areas between the capital and here (RC-1.3)", 1)]
    assert roll.total == total + 1 and roll.result == f"{kind} (A-5)"
    assert end.roll == roll.seq == 6 and end.rule == "RC-1.2"
    if kind != "border":
        assert log[-1].purpose == "1c: roads leaving A-5 (" + kind.replace("_", " ") + ", depth 2)"


def test_each_urban_area_on_the_way_adds_one(monkeypatch):
    """A chain of villages: the modifier is the parent's depth, 1, 2, 3, ... (RC-1.3, RC-A.1)."""
    faces = VILLAGE * 4 + ONE_ROAD + [1, 1] + ONE_ROAD * 3  # 2 + 1 = 3: a fortress at depth 2
    hows = ["open", "edge", "edge", "edge"]
    for depth in range(2, 7):  # each new place rolls one road; the end rolls 2 + depth
        faces += ONE_ROAD + [1, 1]
        hows += ["open"]
    faces += ONE_ROAD  # the village at depth 7 sends its road to the sheet edge
    hows += ["edge"]
    sheet, log = _draw(monkeypatch, faces, hows)
    ends = [r for r in log if r.purpose.startswith("1d")]
    assert [r.modifiers[0].value for r in ends] == [1, 2, 3, 4, 5, 6]
    assert [r.total for r in ends] == [3, 4, 5, 6, 7, 8]
    chain = _chain(sheet, "A-1")
    assert [p.kind for p in chain] == ["village", "fortress", "village", "village", "village", "city", "village", "border"]
    assert [p.depth for p in chain] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [p.roll for p in chain[1:-1]] == [r.seq for r in ends]


def _chain(sheet, start: str) -> list:
    """Places from ``start`` outwards, each the only child of the one before."""
    out = [sheet.places[start]]
    while True:
        children = [p for p in sheet.places.values() if p.parent == out[-1].id]
        if not children:
            return out
        assert len(children) == 1
        out.append(children[0])


@pytest.mark.parametrize("parent_depth,kind", [(7, "fortress"), (8, "border")])
def test_from_depth_eight_every_end_is_a_border(monkeypatch, parent_depth, kind):
    """I4: at M >= 8 even the lowest roll, 2 + 8, is a border; at M = 7 it is 9, a fortress."""
    faces = VILLAGE * 4 + ONE_ROAD + faces_for(5) + ONE_ROAD * 3  # 5 + 1 = 6: a village at depth 2
    hows = ["open", "edge", "edge", "edge"]
    for m in range(2, parent_depth + 1):  # snake eyes all the way: 2 + m, urban up to m = 7
        faces += ONE_ROAD + [1, 1]
        hows += ["open"]
    if kind != "border":
        faces += ONE_ROAD
        hows += ["edge"]
    sheet, log = _draw(monkeypatch, faces, hows)
    chain = _chain(sheet, "A-1")
    last = chain[parent_depth]
    assert last.depth == parent_depth + 1 and last.kind == kind
    assert len(chain) == parent_depth + (1 if kind == "border" else 2)
    roll = log[last.roll - 1]
    assert roll.total == 2 + parent_depth and roll.modifiers[0].value == parent_depth


# --------------------------------------------------------------------------
# what decides a road end: a Tabella 27 roll, or a rule that makes a border point without one
# --------------------------------------------------------------------------


def test_road_ends_without_a_roll_are_noted_with_the_rule_that_made_them(monkeypatch):
    faces = VILLAGE * 4 + ONE_ROAD + ONE_ROAD + ONE_ROAD + faces_for(12) + ONE_ROAD + faces_for(5)
    faces += ONE_ROAD  # N's village at depth 2 rolls its roads
    hows = ["edge", "blocked", "open", "open", "edge"]
    sheet, log = _draw(monkeypatch, faces, hows)
    p = sheet.places
    assert (p["A-5"].kind, p["A-5"].rule, p["A-5"].roll) == ("border", "RC-1.5 step 1e", None)
    assert (p["A-6"].kind, p["A-6"].rule, p["A-6"].roll) == ("border", "RC-1.6", None)
    assert (p["A-7"].kind, p["A-7"].rule, p["A-7"].roll) == ("border", "RC-1.2", 8)
    assert (p["A-8"].kind, p["A-8"].rule, p["A-8"].roll) == ("village", "RC-1.2", 10)
    assert (p["A-9"].kind, p["A-9"].rule, p["A-9"].roll) == ("border", "RC-1.5 step 1e", None)
    assert log[7].result == "border (A-7)" and log[7].total == 13 and log[9].result == "village (A-8)"
    assert sheet.notes == [
        "A: road 1 from A-2 found no clear direction on the sheet and ends early at border point A-6, "
        "with no Tabella 27 roll (RC-1.6, geometric mode: our rule, RC-A.4)",
        "A: A-5 and A-9 are border points where their roads reach the sheet edge, with no Tabella 27 roll "
        "(RC-1.5 step 1e: a sheet edge always counts as a border)",
    ]


def test_a_blocked_road_is_a_border_point_of_its_side_one_deeper_and_the_next_road_is_still_drawn(monkeypatch):
    faces = VILLAGE * 4 + faces_for(9) + ONE_ROAD * 3  # the east village sends out two roads
    sheet, log = _draw(monkeypatch, faces, ["blocked", "edge", "edge", "edge", "edge"])
    p = sheet.places
    assert (p["A-5"].kind, p["A-5"].depth, p["A-5"].side, p["A-5"].parent, p["A-5"].rule) == ("border", 2, "E", "A-1", "RC-1.6")
    assert (p["A-6"].kind, p["A-6"].depth, p["A-6"].side, p["A-6"].parent, p["A-6"].rule) == ("border", 2, "E", "A-1", "RC-1.5 step 1e")
    assert sheet.notes[0].startswith("A: road 1 from A-1 found no clear direction")


def test_roads_to_the_sheet_edge_are_noted_together(monkeypatch):
    sheet, log = _draw(monkeypatch, VILLAGE * 4 + ONE_ROAD * 4, ["edge"] * 4)
    assert [r.rule for r in log] == ["RC-1.2"] * 4 + ["RC-1.4"] * 4
    assert sheet.notes == [
        "A: A-5, A-6, A-7 and A-8 are border points where their roads reach the sheet edge, with no Tabella 27 roll "
        "(RC-1.5 step 1e: a sheet edge always counts as a border)"
    ]


def test_a_single_sheet_edge_end_reads_in_the_singular(monkeypatch):
    f12 = faces_for(12)
    faces = VILLAGE * 4 + ONE_ROAD + f12 + ONE_ROAD + ONE_ROAD + f12 + ONE_ROAD + f12
    sheet, _ = _draw(monkeypatch, faces, ["open", "edge", "open", "open"])
    assert sheet.notes == [
        "A: A-6 is a border point where its road reaches the sheet edge, with no Tabella 27 roll "
        "(RC-1.5 step 1e: a sheet edge always counts as a border)"
    ]


def _clear_sheet(monkeypatch):
    monkeypatch.setattr(procedure, "ROAD_JITTER", 0.0)  # every road exactly 30 mm
    d = _Drawing("A", 297.0, 210.0)
    cap = d.add("capital", 0, (148.5, 105.0), None, None)
    return d, cap


def test_a_road_that_would_end_just_short_of_the_sheet_edge_reaches_it(monkeypatch):
    """RC-1.5 step 1e: a road ending 2 mm short of the sheet edge (12 mm inside the paper) goes on to it,
    so no settlement sits where its own roads could not be drawn."""
    d, cap = _clear_sheet(monkeypatch)
    x = d.add("village", 1, (253.0, 105.0), cap.id, "E")
    end, how = _new_road(d, Dice(1), x, cap, 0.0)
    assert how == "edge" and end == pytest.approx((285.0, 105.0))


def test_a_road_ending_well_inside_the_sheet_is_rolled(monkeypatch):
    d, cap = _clear_sheet(monkeypatch)
    x = d.add("village", 1, (250.0, 105.0), cap.id, "E")
    end, how = _new_road(d, Dice(1), x, cap, 0.0)
    assert how == "open" and end == pytest.approx((280.0, 105.0))


def test_a_road_with_no_room_for_3_cm_is_drawn_shorter_and_rolled(monkeypatch):
    d, cap = _clear_sheet(monkeypatch)
    x = d.add("village", 1, (200.0, 105.0), cap.id, "E")
    for k in range(-110, 111, 10):  # a ring of places 27 mm out: no room for 30 mm or 22.5 mm, room for 15
        d.add("village", 2, step(x.pos, k, 27.0), None, "E")
    end, how = _new_road(d, Dice(1), x, cap, 0.0)
    assert how == "open" and end == pytest.approx((215.0, 105.0))


def test_a_road_with_no_clear_direction_ends_early_without_a_roll(monkeypatch):
    d, cap = _clear_sheet(monkeypatch)
    x = d.add("village", 1, (200.0, 105.0), cap.id, "E")
    for k in range(0, 360, 20):  # places all round, 9 mm out
        if abs(((k - 180) + 180) % 360 - 180) > 25:
            d.add("village", 2, step(x.pos, k, 9.0), None, "E")
    end, how = _new_road(d, Dice(1), x, cap, 0.0)
    assert how == "blocked" and 4.0 <= math.dist(end, x.pos) < 9.0
    # nothing keeps 3.5 mm clear, so it is a 4 mm stub back the way it came, where the ring is open
    assert end == pytest.approx((196.0, 105.0))


# --------------------------------------------------------------------------
# over many maps: every road end is rolled, or the rule that made it is named
# --------------------------------------------------------------------------

_ROLLED = re.compile(r"^(\w+) \(([A-Z]+-\d+)\)$")
_AT_EDGE = re.compile(r"^[A-Z]+: (.+?) (?:is a border point|are border points) where .* with no Tabella 27 roll \(RC-1\.5 step 1e:")
_NO_ROOM = re.compile(r"ends early at border point ([A-Z]+-\d+), with no Tabella 27 roll \(RC-1\.6,")


def check_road_ends(nodes: dict[str, dict], log, notes) -> None:
    """Every node but a capital was decided by a logged Tabella 27 roll naming it, or is a border point
    named in a note with the rule that made it without a roll; never both, never neither.
    ``nodes`` maps ids to their ``kind``, ``depth``, ``rule`` and ``roll``."""
    rolled = {}
    for r in log:
        m = _ROLLED.match(r.result or "")
        if r.rule == "RC-1.2" and m:
            assert m.group(2) not in rolled
            rolled[m.group(2)] = (r, m.group(1))
    noted = {}
    for note in notes:
        m = _AT_EDGE.match(note)
        for n in re.findall(r"[A-Z]+-\d+", m.group(1)) if m else []:
            noted.setdefault(n, []).append("RC-1.5 step 1e")
        m = _NO_ROOM.search(note)
        if m:
            noted.setdefault(m.group(1), []).append("RC-1.6")
    for n, d in nodes.items():
        if d["kind"] == "capital":
            assert n not in rolled and n not in noted and d["rule"] is None and d["roll"] is None
            continue
        if n in rolled:
            roll, kind = rolled[n]
            assert n not in noted
            assert kind == (d["kind"] if d["kind"] != "crossing" else "border")
            assert d["rule"] == "RC-1.2" and d["roll"] == roll.seq and log[roll.seq - 1] is roll
            if d["depth"] > 1:
                assert [m.value for m in roll.modifiers] == [d["depth"] - 1]
                assert kind == t27(roll.total)
        else:
            assert d["kind"] in ("border", "crossing") and d["roll"] is None, n
            assert noted.get(n) == [d["rule"]], n
    assert set(noted) <= set(nodes)


@SETTINGS
@given(seed=st.integers(0, 10**6), sheet=st.sampled_from([(297.0, 210.0), (420.0, 297.0), (279.4, 215.9), (431.8, 279.4)]))
def test_every_road_end_is_rolled_or_its_rule_is_named(seed, sheet):
    dice = Dice(seed)
    drawn = draw_country(dice, "A", *sheet)
    nodes = {p.id: {"kind": p.kind, "depth": p.depth, "rule": p.rule, "roll": p.roll} for p in drawn.places.values()}
    check_road_ends(nodes, dice.log, drawn.notes)


def check_no_silent_border_points(log, notes, nodes) -> None:
    """Read from what every version of the map has (kinds, depths, the dice log, the notes): a border point
    beyond the first ring either has its Tabella 27 roll in the log or is named in a note with a rule."""
    rolled = {m.group(2) for r in log if r.rule == "RC-1.2" and (m := _ROLLED.match(r.result or ""))}
    named = set()
    for note in notes:
        m = _AT_EDGE.match(note)
        named |= set(re.findall(r"[A-Z]+-\d+", m.group(1))) if m else set()
        m = _NO_ROOM.search(note)
        named |= {m.group(1)} if m else set()
    silent = [n for n, kind, depth in nodes if kind in ("border", "crossing") and depth > 1 and n not in rolled | named]
    assert not silent, f"border points with no roll and no rule: {silent}"


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_no_border_point_is_made_silently(seed):
    dice = Dice(seed)
    drawn = draw_country(dice, "A", 297.0, 210.0)
    check_no_silent_border_points(dice.log, drawn.notes, [(p.id, p.kind, p.depth) for p in drawn.places.values()])


@pytest.mark.parametrize("seed", [11, 425, 1032])
def test_road_ends_on_fixed_seeds(seed):
    """The same check on whole maps, read from the JSON (crossing points were border points)."""
    cm = generate_countries(seed, 3, 1)
    data = cm.to_json()
    check_road_ends({n["id"]: n for n in data["nodes"]}, cm.dice_log, data["notes"])


def test_the_json_says_what_decided_each_node():
    cm = generate_countries(11, 1)
    nodes = {n["id"]: n for n in cm.to_json()["nodes"]}
    assert nodes["A-0"]["rule"] is None and nodes["A-0"]["roll"] is None
    assert {n["rule"] for n in nodes.values() if n["id"] != "A-0"} <= {"RC-1.2", "RC-1.5 step 1e", "RC-1.6"}
    for n in nodes.values():
        if n["roll"] is not None:
            assert cm.dice_log[n["roll"] - 1].rule == "RC-1.2"
