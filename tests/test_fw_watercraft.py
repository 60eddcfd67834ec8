"""``fw-map --watercraft`` (FW-20, FW-2.5 item 9): ports, navigable stretches, obstacles and reefs.

Expected values come from the [DEV] rulings as docs/explanation/rulings.md words them, typed here:
boats from 3 river edges drained, ships from 7, no craft beside mountains, boats only beside hills;
a bridge at a bridge, shallows at a ford, a waterfall leaving mountains and rapids leaving hills;
dwarves get no port unless asked (FW-20.2); a port is a holding of its side by sea, lake or a stretch.
"""

import json
import math
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from mapgen.cli import cli
from mapgen.dice import Dice
from mapgen.fw.model import Crossing, FwMap, Holding, River
from mapgen.fw.validate import validate
from mapgen.fw.watercraft import add_watercraft
from mapgen.fw.waterways import drained_edges
from mapgen.grid import KING_STEPS, edge_squares
from mapgen.fw.rivers import river_squares

from mapgen.atlas.fw import map_facts
from mapgen.fw.setup_sheet import setup_sheet
from mapgen.render.fw_layout import _content as fw_layout_content
from mapgen.render.fw_map import _river_points, fw_map_layout, load_style, render_fw_map
from mapgen.render.fw_water import obstacle_marks, port_marks, stretch_lines

from .fw_tiny import cached_map, tiny

RACES = ("barbarians", "dark_elves", "dwarves", "goblins", "humans", "normans", "orcs", "undead", "wood_elves")


def with_tributary(m: FwMap) -> FwMap:
    """The tiny map (a river down x = 4 from corner (4, 1) to the south edge, 5 edges) with a 3-edge tributary
    along y = 3 from corner (1, 3) joining it at its point 2, corner (4, 3)."""
    trib = River([(1, 3), (2, 3), (3, 3), (4, 3)], "river", [0.4, 0.3, 0.2, 0.1])
    m.rivers.append(trib)
    m.river = river_squares(m.rivers, m.width, m.height)
    return m


def test_a_river_drains_its_own_edges_and_its_tributaries():
    m = with_tributary(tiny())
    # Own edges above each point; the tributary's 3 edges from its junction (point 2) down.
    assert drained_edges(m.rivers) == [[0, 1, 2 + 3, 3 + 3, 4 + 3, 5 + 3], [0, 1, 2, 3]]


def test_craft_by_size_boats_from_three_edges_ships_from_seven():
    m = add_watercraft(tiny(), Dice(1))
    # Edge i is judged by the edges drained at its lower end, i + 1: boats from edge 2 (3 drained) to the edge.
    assert m.rivers[0].stretches == [(2, 5, "boats")]
    m = add_watercraft(with_tributary(tiny()), Dice(1))
    # Drained at the lower ends of edges 0..4: 1, 5, 6, 7, 8.
    assert m.rivers[0].stretches == [(1, 3, "boats"), (3, 5, "ships")]
    assert m.rivers[1].stretches == [(2, 3, "boats")]


def test_hills_take_boats_only_and_mountains_no_craft():
    m = with_tributary(tiny())
    m.terrain[5, 3] = "hills"  # D6, beside edge 4 (points 4-5): edge i runs between D and E on row i + 2
    assert add_watercraft(m, Dice(1)).rivers[0].stretches == [(1, 3, "boats"), (3, 4, "ships"), (4, 5, "boats")]
    m = with_tributary(tiny())
    m.terrain[4, 4] = "mountain"  # E5, beside edge 3 (points 3-4)
    assert add_watercraft(m, Dice(1)).rivers[0].stretches == [(1, 3, "boats"), (4, 5, "ships")]


def test_bridges_fords_and_leaving_high_ground_are_obstacles():
    m = with_tributary(tiny())
    m.crossings = [Crossing(((3, 3), (4, 3)), "bridge"), Crossing(((3, 4), (4, 4)), "ford"), Crossing(((3, 1), (4, 1)), "bridge")]
    m.terrain[2, 4] = "hills"  # E3, beside edge 1 only: the river leaves the hills at point 2
    fixed = {o for o in add_watercraft(m, Dice(1)).rivers[0].obstacles if o[1] in ("bridge", "shallows", "rapids", "waterfall")}
    # The bridge over edge 2 at its upper point 2; the ford over edge 3 at point 3; the bridge over edge 0, above
    # the navigable water, is no obstacle; rapids where the river leaves the hills.
    assert {(2, "bridge"), (3, "shallows"), (2, "rapids")} <= fixed
    assert (0, "bridge") not in fixed
    m.terrain[2, 4] = "mountain"  # now a mountain: edge 1 carries nothing, the river falls from it at point 2
    water = add_watercraft(m, Dice(1)).rivers[0]
    assert water.stretches[0][0] == 2 and (2, "waterfall") in water.obstacles


def coastal_tiny(race_a="humans", race_b="humans") -> FwMap:
    """The tiny map with sea along its south-west corner (A6, B6): side A's holding B5 is on the coast."""
    m = tiny()
    m.terrain[5, 0:2] = "sea"
    m.sides[0].race, m.sides[1].race = race_a, race_b
    return m


def test_a_port_for_each_side_with_a_holding_on_the_water():
    m = add_watercraft(coastal_tiny(), Dice(1))
    # B5 (1, 4) borders the sea; no holding of side B touches water or the river's stretch (columns D-E).
    assert m.ports == [((1, 4), "A")]
    assert any(n.startswith("Side B has no port") for n in m.notes)


def test_the_capital_comes_first_among_holdings_on_the_same_water():
    m = coastal_tiny()
    m.terrain[0, 0:2] = "sea"  # now the capital B2 is on the coast too
    assert add_watercraft(m, Dice(1)).ports == [((1, 1), "A")]


def test_a_river_port_touches_a_navigable_stretch():
    m = tiny()
    m.holdings[3] = Holding("B", (4, 4), False, "sanctuary")  # E5, on the river's east bank, on its boats' stretch
    assert add_watercraft(m, Dice(1)).ports == [((4, 4), "B")]
    m.holdings[3] = Holding("B", (4, 1), False, "sanctuary")  # E2, on the river above the navigable water
    assert add_watercraft(m, Dice(1)).ports == []


@pytest.mark.parametrize("mode, ports", [("auto", []), ("both", [((1, 4), "A")]), ("A", [((1, 4), "A")]), ("B", []), ("none", [])])
def test_dwarves_get_a_port_only_when_asked(mode, ports):
    m = add_watercraft(coastal_tiny("dwarves"), Dice(1), mode)
    assert m.ports == ports
    assert any("dwarves" in n and "FW-20.2" in n for n in m.notes) == (mode == "auto")


def test_a_holding_is_never_moved_to_make_a_port():
    before = tiny()
    after = add_watercraft(tiny(), Dice(1), "both")
    assert after.ports == [] and [h.square for h in after.holdings] == [h.square for h in before.holdings]


@pytest.mark.parametrize("kw", [dict(seed=4), dict(seed=5, size="large", races=("dwarves", "orcs")), dict(seed=11, size="small")])
def test_the_switch_adds_and_changes_nothing_else(kw):
    plain = cached_map(**kw).to_json()
    wet = cached_map(**kw, watercraft=True).to_json()
    assert wet["options"] == {**plain["options"], "watercraft": True, "ports": "auto"}
    assert wet["dice_log"][: len(plain["dice_log"])] == plain["dice_log"]
    assert all(r["rule"] in ("FW-20.4", "FW-20.7") for r in wet["dice_log"][len(plain["dice_log"]):])
    assert wet["notes"][: len(plain["notes"])] == plain["notes"]
    for r in wet["rivers"]:
        r.pop("stretches"), r.pop("obstacles")
    new = {"ports", "reefs"}
    assert {k: v for k, v in wet.items() if k not in new | {"options", "dice_log", "notes"}} == {
        k: v for k, v in plain.items() if k not in {"options", "dice_log", "notes"}
    }
    assert set(wet) - set(plain) == new


# -- validate names each broken rule ---------------------------------------------------------------


def watered() -> FwMap:
    """The coastal tiny map with a bridge over the navigable edge 3 (E4|D4 ... points 3-4), watered."""
    m = coastal_tiny()
    m.crossings.append(Crossing(((3, 4), (4, 4)), "bridge"))
    return add_watercraft(m, Dice(1))


def test_the_watered_tiny_map_keeps_every_rule():
    m = watered()
    assert (3, "bridge") in m.rivers[0].obstacles
    assert validate(m) == []


@pytest.mark.parametrize(
    "breaks, rule, words",
    [
        (lambda m: setattr(m, "ports", [((2, 4), "A")]), "FW-20.2", "is not one of that side's holdings"),
        (lambda m: setattr(m, "ports", [((1, 4), "B")]), "FW-20.2", "is not one of that side's holdings"),
        (lambda m: setattr(m, "ports", [((1, 1), "A")]), "FW-20.2", "borders no sea or lake"),
        (lambda m: m.rivers[0].stretches.append((3, 4, "ships")), "FW-20.4", "overlap"),
        (lambda m: m.rivers[0].stretches.append((4, 7, "ships")), "FW-20.4", "not along its points"),
        (lambda m: m.rivers[0].obstacles.append((1, "rapids")), "FW-20.4", "lies on none of its navigable stretches"),
        (lambda m: m.rivers[0].obstacles.append((5, "bridge")), "FW-20.4", "where no bridge crosses"),
        (lambda m: m.rivers[0].obstacles.remove((3, "bridge")), "FW-20.4", "is not marked as an obstacle"),
        (lambda m: setattr(m, "reefs", [(2, 2)]), "FW-20.7", "not a sea square"),
    ],
)
def test_validate_names_each_broken_watercraft_rule(breaks, rule, words):
    m = watered()
    breaks(m)
    found = [v for v in validate(m) if v.rule == rule and words in v.message]
    assert found, validate(m)


def test_mapgen_validate_reports_a_port_off_the_water(tmp_path):
    m = watered()
    m.ports = [((1, 1), "A")]
    path = tmp_path / "fw-map.json"
    path.write_text(json.dumps(m.to_json()), encoding="utf-8")
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code == 1 and "FW-20.2: side A's port at B2 borders no sea or lake" in result.output


def test_ports_without_watercraft_is_a_usage_error_and_writes_nothing(tmp_path):
    result = CliRunner().invoke(cli, ["fw-map", "--seed", "1", "--ports", "both", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "--ports" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


# -- over many maps ----------------------------------------------------------------------------------


def touches_stretch(m: FwMap, sq, craft=None) -> bool:
    for r in m.rivers:
        for a, b, c in r.stretches:
            if craft in (None, c) and any(sq in edge_squares(r.points[i], r.points[i + 1]) for i in range(a, b)):
                return True
    return False


@given(seed=st.integers(0, 10**6), size=st.sampled_from(["small", "medium", "large"]), races=st.tuples(st.sampled_from(RACES), st.sampled_from(RACES)))
def test_watered_maps_keep_every_rule(seed, size, races):
    m = cached_map(seed, size, races, watercraft=True)
    assert validate(m) == []
    assert validate(FwMap.from_json(json.loads(json.dumps(m.to_json())))) == []
    sides = {s.id: s.race for s in m.sides}
    holdings = {(h.square, h.side) for h in m.holdings}
    assert len({side for _, side in m.ports}) == len(m.ports)  # one port a side at most
    for sq, side in m.ports:
        assert (sq, side) in holdings and sides[side] != "dwarves"
        near = {str(m.terrain[sq[1] + dr, sq[0] + dc]) for dc, dr in KING_STEPS if m.in_bounds((sq[0] + dc, sq[1] + dr))}
        assert near & {"sea", "lake"} or touches_stretch(m, sq)
    for r in m.rivers:
        edges = len(r.points) - 1
        runs = sorted(r.stretches)
        assert all(0 <= a < b <= edges for a, b, _ in runs)
        assert all(b <= c for (_, b, _), (c, _, _) in zip(runs, runs[1:]))
        assert all(any(a <= at <= b for a, b, _ in runs) for at, _ in r.obstacles)
    assert all(m.terrain_at(sq) == "sea" for sq in m.reefs)


def test_a_big_map_keeps_every_rule():
    m = cached_map(31, "medium", width=60, height=40, watercraft=True)
    assert validate(m) == []
    assert any(r.stretches for r in m.rivers) and any(c == "ships" for r in m.rivers for _, _, c in r.stretches)


# -- drawn, listed and shown: read from the map ------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def _svg(m: FwMap, look: str = "colour") -> ET.Element:
    return ET.fromstring(render_fw_map(m, look).tostring().split("\n", 1)[1])


def _texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def test_a_map_without_watercraft_draws_and_lists_none_of_it():
    m = tiny()
    texts = _texts(_svg(m))
    assert not any("Watercraft" in t or "Navigable" in t for t in texts)
    assert "Watercraft" not in setup_sheet(m)
    assert all("water" not in c for c in map_facts(m)["cells"])


def test_the_map_draws_each_stretch_obstacle_and_port_where_the_map_says():
    m = watered()
    lay = fw_map_layout(m)
    style = load_style(m)
    # The stretch follows the river from point 2 (corner (4, 3)) to point 5 (corner (4, 6)), the mouth at the edge.
    (craft, line), = stretch_lines(m, lay, m.rivers[0], _river_points)
    s = m.square_mm
    assert craft == "boats"
    assert line[0] == pytest.approx((lay.grid_x + 4 * s, lay.grid_y + 3 * s)) and line[-1] == pytest.approx((lay.grid_x + 4 * s, lay.grid_y + 6 * s))
    # One mark per obstacle, each within half a square of its point; the anchor inside the port's square B5.
    marks = obstacle_marks(m, lay, style)
    assert len(marks) == len(m.rivers[0].obstacles)
    for (cx, cy, _, symbol), (at, kind) in zip(marks, sorted(m.rivers[0].obstacles)):
        px, py = m.rivers[0].points[at]
        assert symbol == f"water-{kind}" and math.hypot(cx - lay.grid_x - px * s, cy - lay.grid_y - py * s) < s / 2
    (cx, cy, size, symbol), = port_marks(m, lay, fw_layout_content(m)[0], style)
    assert symbol == "water-port" and lay.grid_x + s <= cx - size / 2 and cx + size / 2 <= lay.grid_x + 2 * s
    assert lay.grid_y + 4 * s <= cy - size / 2 and cy + size / 2 <= lay.grid_y + 5 * s


def test_the_key_lists_only_the_watercraft_marks_on_this_map():
    m = watered()
    texts = _texts(_svg(m))
    assert {"Watercraft (FW-20)", "Navigable by boats and rafts only", "Port", "Bridge"} <= set(texts)
    assert "Navigable by ships" not in texts  # no ships' stretch on this map
    assert ("Reefs, islands or atolls" in texts) == bool(m.reefs)
    m.reefs = []
    assert "Reefs, islands or atolls" not in _texts(_svg(m))
    kinds = {k for _, k in m.rivers[0].obstacles}
    assert {t for t in ("Lock", "Rocks", "Shallows", "Rapids", "Waterfall") if t in texts} == {
        w for k, w in (("lock", "Lock"), ("reef", "Rocks"), ("shallows", "Shallows"), ("rapids", "Rapids"), ("waterfall", "Waterfall")) if k in kinds}


def test_in_black_and_white_every_watercraft_ink_is_grey_and_the_crafts_differ_by_dash():
    m = watered()
    m.rivers[0].stretches = [(2, 4, "boats"), (4, 5, "ships")]
    root = _svg(m, "bw")
    inks = {v for el in root.iter() for a in ("fill", "stroke") if (v := el.get(a)) and v.startswith("#")}
    assert all(v[1:3] == v[3:5] == v[5:7] for v in inks)
    lines = [p for p in root.iter(f"{SVG}polyline") if p.get("stroke") == "#000000" and p.get("stroke-linejoin") == "round"
             and float(p.get("stroke-width")) < 1.0]
    assert sorted(p.get("stroke-dasharray") is None for p in lines) == [False, True]  # boats dashed, ships solid


def test_the_setup_sheet_lists_ports_by_side_stretches_and_obstacles_with_squares():
    m = watered()
    sheet = setup_sheet(m)
    assert "## Watercraft (FW-20" in sheet
    assert "| A | B5 |" in sheet and "on the sea coast" in sheet
    assert "| B | no port |" in sheet and "Side B has no port" in sheet
    # The boats' stretch from corner (4, 3) to (4, 6) runs between columns D and E (x = 4), rows 4 to 6
    # (corner (x, y) is the north-west corner of the square in column x + 1, row y + 1).
    assert "boats and rafts only from (4, 3) to (4, 6), along D4, E4, D5, E5, D6, E6" in sheet
    # The bridge at point 3, corner (4, 4): the squares beside the two edges meeting there, rows 4 and 5.
    assert "| 1 | bridge | (4, 4) | D4, E4, D5, E5 |" in sheet


def test_the_atlas_square_shows_its_waters():
    m = watered()
    cells = {c["id"]: c for c in map_facts(m)["cells"]}
    assert "port of side A (FW-20.2)" in cells["B5"]["water"]
    assert any("navigable by boats and rafts only" in w for w in cells["E4"]["water"])
    assert any(w.startswith("bridge on the") for w in cells["D4"]["water"])
    assert cells["A1"]["water"] == []


def test_fw_map_watercraft_writes_the_fields_and_validate_passes(tmp_path):
    out = tmp_path / "map"
    result = CliRunner().invoke(cli, ["fw-map", "--seed", "5", "--watercraft", "--ports", "b", "--races", "dwarves,dwarves",
                                      "--formats", "json", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads((out / "fw-map.json").read_text(encoding="utf-8"))
    assert data["options"]["watercraft"] is True and data["options"]["ports"] == "B"
    assert all(p["side"] == "B" for p in data["ports"]) and "reefs" in data
    assert all({"stretches", "obstacles"} <= set(r) for r in data["rivers"])
    checked = CliRunner().invoke(cli, ["validate", str(out / "fw-map.json")])
    assert checked.exit_code == 0, checked.output
