"""The battlefield command, the auto scenario, the plan, the setup sheet and the campaign kit."""

import json
import re
from pathlib import Path

import pytest

import mapgen.cli.battlefield  # noqa: F401  (registers the command until the lead wires it in)
from mapgen.battlefield import scenarios as S
from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.battlefield.model import SCHEMA, Battlefield, edge_words
from mapgen.battlefield.setup_sheet import setup_sheet
from mapgen.errors import InfeasibleError
from mapgen.jsonio import dumps
from mapgen.kit import Outputs, battlefields_for_kit
from mapgen.render.battlefield import render_battlefield
from mapgen.paper import get_paper

from .conftest import cached_map
from .cli_helpers import MANIFEST, files_in
from .test_cli import run


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def fw_map_file(tmp_path_factory):
    m = cached_map(7, "medium")
    path = tmp_path_factory.mktemp("map") / "fw-map.json"
    path.write_text(dumps(m.to_json()))
    return path


def test_battlefield_writes_the_four_files(capsys):
    code, out, err = run(["battlefield", "--seed", "7", "--terrain", "forest", "--river", "--road", "--bridge"], capsys)
    assert code == 0, err
    folder = Path("output/battlefield-7")
    assert files_in(folder) == [MANIFEST, "battlefield-setup.md", "battlefield.json", "battlefield.pdf", "battlefield.svg"]
    data = json.loads((folder / "battlefield.json").read_text())
    assert data["schema"] == SCHEMA and data["version"] == 1 and data["seed"] == 7
    assert set(data) >= {"seed", "source", "table", "scenario", "features", "dice_log"}
    assert data["source"] == {"map": None, "square": None, "terrain": "forest", "river": True, "road": True, "bridge": True}
    assert data["table"] == {"width_cm": 180, "depth_cm": 120}
    assert set(data["scenario"]) >= {"name", "deploys_first", "orders", "zones"}
    f = data["features"][0]
    assert set(f) == {"kind", "polygon", "size_cm", "passable", "difficult", "on_top_of", "note", "rule", "levels", "steep"}
    assert "1 page on A4 landscape" in out  # the 1:10 plan of a standard table fits one A4 sheet


def test_same_seed_same_bytes(capsys):
    for out in ("a", "b"):
        assert run(["battlefield", "--seed", "winter", "--scenario", "raid", "--formats", "json,svg,md", "--out", out], capsys)[0] == 0
    for name in ("battlefield.json", "battlefield.svg", "battlefield-setup.md"):
        assert Path("a", name).read_bytes() == Path("b", name).read_bytes()


def test_from_a_campaign_square(capsys, fw_map_file):
    m = cached_map(7, "medium")
    sq = next(h for h in m.holdings if h.capital)
    from mapgen.grid import square_id

    sid = square_id(*sq.square)
    code, out, err = run(["battlefield", "--map", str(fw_map_file), "--square", sid, "--seed", "3", "--formats", "json,md", "--out", "sq"], capsys)
    assert code == 0, err
    data = json.loads(Path("sq/battlefield.json").read_text())
    assert data["source"]["square"] == sid and data["source"]["map"] == "fw-map.json"
    kinds = [f["kind"] for f in data["features"]]
    assert "stronghold" in kinds  # the holding is on its table
    assert data["source"]["river"] == bool(m.river[sq.square[1], sq.square[0]])


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["--map", "MAP", "--square", "Z99"], "outside the 15 x 10 map"),
        (["--map", "MAP", "--square", "7"], "not a square name"),
        (["--map", "MAP"], "--map needs --square"),
        (["--square", "B2"], "--square needs --map"),
        (["--map", "MAP", "--square", "B2", "--terrain", "hills"], "the campaign map decides"),
        (["--terrain", "mountain", "--scenario", "last_stand"], "needs a table of at least"),
        (["--scenario", "relief", "--table", "180x120"], "240x180"),
        (["--scenario", "siege"], "--scenario"),
        (["--terrain", "glacier"], "--terrain"),
        (["--table", "100"], "--table"),
        (["--table", "120x180"], "long edge first"),
        (["--bridge"], "--bridge needs --river"),
        (["--orders", "a=run"], "--orders"),
        (["--situation", "trapped=a"], "--situation"),
        (["--scale", "1:0"], "--scale"),
        (["--mark", "treasure"], "--mark"),
        (["--map", "nothere.json", "--square", "A1"], "no such file"),
    ],
)
def test_bad_input_is_a_clear_usage_error(capsys, fw_map_file, argv, needle):
    argv = [str(fw_map_file) if a == "MAP" else a for a in argv]
    code, out, err = run(["battlefield", *argv, "--out", "x"], capsys)
    assert code == 2 and needle in err and "Traceback" not in err
    assert not Path("x").exists()


def test_a_map_that_breaks_a_field_is_named_with_its_file(capsys, fw_map_file):
    # --map is read with read_fw_map, like validate: the file's name always heads the message,
    # even a short one that happens to occur in the message ("m" in "names the same").
    data = json.loads(fw_map_file.read_text())
    data["sides"][1]["id"] = data["sides"][0]["id"]
    Path("m").write_text(json.dumps(data))
    code, _, err = run(["battlefield", "--map", "m", "--square", "B2", "--out", "x"], capsys)
    assert code == 2 and "m: field 'sides' names the same side twice" in err, err
    assert not Path("x").exists()


def test_water_square_is_refused(capsys, fw_map_file):
    m = cached_map(7, "medium")
    water = [(c, r) for r in range(m.height) for c in range(m.width) if m.terrain[r, c] in ("lake", "sea")]
    if not water:
        pytest.skip("no water square on this map")
    from mapgen.grid import square_id

    code, _, err = run(["battlefield", "--map", str(fw_map_file), "--square", square_id(*water[0]), "--out", "x"], capsys)
    assert code == 2 and "no land battle" in err


@pytest.mark.parametrize(
    "orders,situation,expected",
    [
        ({}, None, "pitched"),
        ({"A": "max_speed", "B": "max_speed"}, None, "chance_encounter"),
        ({"A": "max_speed", "B": "defend"}, None, "ambush"),
        ({"A": "defend", "B": "max_speed"}, None, "ambush"),
        ({"A": "probe"}, S.Situation("counter_march", "A"), "flank_attack"),
        ({}, S.Situation("surrounded", "B"), "last_stand"),
        ({"A": "max_speed", "B": "max_speed"}, S.Situation("surrounded", "B"), "last_stand"),  # FW-23.0 order
        ({}, S.Situation("relief", "A"), "relief"),
        ({}, S.Situation("raid", "A"), "raid"),
        ({}, S.Situation("breakthrough", "B"), "breakthrough"),
    ],
)
def test_auto_chooses_the_scenario(orders, situation, expected):
    assert S.choose(orders, situation)[0] == expected


def test_auto_roles_follow_the_orders():
    b = generate_battlefield(BattleOptions(seed=2, terrain="plain", orders={"A": "defend", "B": "max_speed"}))
    assert b.scenario.name == "ambush"
    roles = {o.side: o.role for o in b.scenario.orders}
    assert roles == {"A": "ambusher", "B": "ambushed"} and b.scenario.deploys_first == "B"
    b = generate_battlefield(BattleOptions(seed=2, terrain="plain", situation=S.Situation("counter_march", "B")))
    assert {o.side: o.role for o in b.scenario.orders}["B"] == "counter-marching"


def test_auto_from_the_command_line(capsys):
    code, _, err = run(["battlefield", "--seed", "4", "--orders", "a=full_speed,b=full_speed", "--formats", "json", "--out", "c"], capsys)
    assert code == 0, err
    assert json.loads(Path("c/battlefield.json").read_text())["scenario"]["name"] == "chance_encounter"


@pytest.mark.parametrize("scenario", S.SCENARIOS)
def test_every_scenario_renders_and_reads_back(scenario):
    b = generate_battlefield(BattleOptions(seed=5, terrain="plain", river=True, road=True, scenario=scenario))
    again = Battlefield.from_json(json.loads(dumps(b.to_json())))
    assert dumps(again.to_json()) == dumps(b.to_json())
    svg = render_battlefield(b).tostring()
    assert "<pattern" not in svg and "Scale 1:10" in svg
    # one circled number per legend line: a feature's own, or a run of like parts ("8-20") (issue 11)
    named = [n for a, z in re.findall(r'class="number" data-feature="(\d+)" data-last="(\d+)"', svg) for n in range(int(a), int(z) + 1)]
    assert sorted(named) == list(range(1, len(b.features) + 1))
    sheet = setup_sheet(b)
    assert f"| {len(b.features)} |" in sheet and edge_words(scenario)[1] in sheet
    # a Renaissance side leaves the table instead; a skirmish's panicked figures flee (SK-A.10)
    assert ("General Retreat" in sheet) == (scenario not in (*S.RENAISSANCE, "skirmish"))


def test_too_small_tables_are_refused():
    with pytest.raises(InfeasibleError, match="FW-23.5"):
        generate_battlefield(BattleOptions(terrain="mountain", scenario="ambush"))
    generate_battlefield(BattleOptions(terrain="mountain", scenario="ambush", table=(180, 120)))  # AMB-29 reading


def test_kit_writes_one_battlefield_per_holding_square(tmp_path):
    m = cached_map(7, "medium")
    outputs = Outputs(tmp_path / "kit")
    squares = battlefields_for_kit(m, 7, outputs, ("json", "md"), get_paper("A4"))
    outputs.commit()
    assert squares and len(squares) == len({h.square for h in m.holdings})
    for sq in squares:
        data = json.loads((tmp_path / "kit" / "battlefields" / f"battlefield-{sq}.json").read_text())
        assert data["source"]["square"] == sq
        assert (tmp_path / "kit" / "battlefields" / f"battlefield-{sq}-setup.md").exists()
