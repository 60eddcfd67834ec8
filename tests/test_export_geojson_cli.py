"""``mapgen export geojson`` as a player types it: campaign folders (who holds what, where the forces are, per side),
where the file goes, the same bytes twice, and one ``Error:`` line with exit 2 for bad input."""

import json
import shutil
from pathlib import Path

import geojson
import pytest

from mapgen import session
from mapgen.campaign.state import with_holding
from mapgen.jsonio import dumps

from .cli_helpers import run
from .fw_tiny import tiny


def mapgen(argv):
    from mapgen.cli import main

    try:
        main(argv)
    except SystemExit as exc:
        assert not exc.code, argv


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A Fantasy Warriors campaign after A2's forced march (the manual's first turn) and a Renaissance one with an army out."""
    root = tmp_path_factory.mktemp("campaigns")
    north, italy = root / "north", root / "italy"
    mapgen(["campaign", "new", str(north), "--seed", "42", "--dice-seed", "42", "--size", "small", "--races", "dwarves,orcs", "--formats", "json"])
    mapgen(["campaign", "order", str(north), "A2", "max_speed"])
    mapgen(["campaign", "turn", str(north)])
    mapgen(["campaign", "move", str(north), "A2", "K6", "J6"])
    mapgen(["campaign", "new", str(italy), "--rules", "renaissance", "--seed", "8", "--dice-seed", "8", "--players", "2", "--formats", "json"])
    mapgen(["campaign", "army", str(italy), "P1", "A-0", "--company", "medium", "--company", "small"])
    mapgen(["campaign", "turn", str(italy)])
    mapgen(["campaign", "move", str(italy), "P1-1", "A-1"])
    return root


@pytest.fixture
def camp(made, tmp_path):
    for name in ("north", "italy"):
        shutil.copytree(made / name, tmp_path / name)
    return tmp_path


def export(argv, capsys) -> tuple[int, str, str]:
    return run(["export", "geojson", *argv], capsys)


def read(path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def layer(data, name) -> dict:
    """The layer's features by their names in the map and state files (``A1`` for ``force:A1``)."""
    return {f["properties"]["id"].split(":", 1)[1]: f["properties"] for f in data["features"] if f["properties"]["layer"] == name}


def test_a_campaign_adds_the_forces_where_the_state_puts_them_and_who_holds_each_holding(camp, capsys):
    code, out, err = export([str(camp / "north")], capsys)
    assert code == 0 and not err
    assert out.splitlines()[0] == f"Wrote {camp / 'north' / 'campaign.geojson'}"
    data = read(camp / "north" / "campaign.geojson")
    assert geojson.loads(json.dumps(data)).is_valid
    state = json.loads((camp / "north" / "campaign.json").read_text(encoding="utf-8"))
    forces = layer(data, "force")
    assert {k: (p["square"], p["side"], p["order"], p["reaction"]) for k, p in forces.items()} == {
        f["id"]: (f["square"], f["side"], f["order"], f["reaction"]) for f in state["forces"]
    }
    assert forces["A2"]["square"] == "K6" and forces["A2"]["order"] == "max_speed"  # the move above
    assert forces["A2"]["leader"] == "Balin" and forces["B1"]["leader"] == "Azog"  # the referee sees every leader
    squares = layer(data, "square")
    assert "A2" in squares["K6"]["forces"] and squares["L6"]["forces"] == []
    holdings = layer(data, "holding")
    assert {k: p["owner"] for k, p in holdings.items()} == {h["square"]: h["owner"] for h in state["holdings"]}
    meta = data["mapgen"]["campaign"]
    assert (meta["day"], meta["phase"], meta["side"]) == (state["day"], "movement", None)


def test_a_holding_changes_hands_in_the_export_when_it_does_in_the_state(camp, capsys):
    loaded = session.load(camp / "north")
    lost = next(h for h in loaded.state.holdings if h.owner == "A" and not h.capital)
    session.save(loaded, with_holding(loaded.state, type(lost)(lost.square, "B", False, lost.feature, original_owner="A")), {"command": "test"})
    assert export([str(camp / "north")], capsys)[0] == 0
    data = read(camp / "north" / "campaign.geojson")
    assert layer(data, "holding")[lost.square]["owner"] == "B" and layer(data, "holding")[lost.square]["side"] == "A"
    assert layer(data, "square")[lost.square]["owner"] == "B"


def test_a_side_sees_the_enemy_as_counters_only(camp, capsys):
    code, _, _ = export([str(camp / "north"), "--side", "a"], capsys)
    assert code == 0
    data = read(camp / "north" / "campaign-A.geojson")
    forces = layer(data, "force")
    assert forces["A1"]["leader"] == "Thorin" and forces["A1"]["figures"] > 0
    assert all("leader" not in p and "figures" not in p for k, p in forces.items() if p["side"] == "B")
    assert {p["square"] for p in forces.values()} == {f.square for f in session.load(camp / "north").state.forces}
    assert data["mapgen"]["campaign"]["side"] == "A"


def test_a_renaissance_campaign_shows_holders_and_armies_and_hides_a_rivals_strength(camp, capsys):
    assert export([str(camp / "italy")], capsys)[0] == 0
    data = read(camp / "italy" / "campaign.geojson")
    state = json.loads((camp / "italy" / "campaign.json").read_text(encoding="utf-8"))
    nodes = layer(data, "node")
    assert {p["node"]: p["owner"] for p in state["places"]} == {k: nodes[k]["owner"] for k in (p["node"] for p in state["places"])}
    armies = layer(data, "army")
    assert armies["P1-1"]["node"] == "A-1" and armies["P1-1"]["strength"] == 3  # a medium company (2) and a small one (1), Tabella 31
    assert nodes["A-1"]["armies"] == ["P1-1"]
    countries = layer(data, "country")
    assert {k: p["owner"] for k, p in countries.items()} == {p["country"]: p["seat"] for p in state["players"]}
    assert export([str(camp / "italy"), "--side", "P2", "--out", str(camp / "p2.geojson")], capsys)[0] == 0
    rival = layer(read(camp / "p2.geojson"), "army")["P1-1"]
    assert rival["node"] == "A-1" and rival["strength"] is None and rival["companies"] is None


def test_the_same_campaign_gives_the_same_bytes(camp, capsys):
    first, second = camp / "one.geojson", camp / "two.geojson"
    assert export([str(camp / "north" / "campaign.json"), "--out", str(first)], capsys)[0] == 0
    assert export([str(camp / "north"), "--out", str(second)], capsys)[0] == 0
    assert first.read_bytes() == second.read_bytes()


def test_a_map_file_is_written_beside_itself_or_to_standard_output(tmp_path, capsys):
    path = tmp_path / "fw-map.json"
    path.write_text(dumps(tiny().to_json()), encoding="utf-8")
    code, out, _ = export([str(path)], capsys)
    assert code == 0 and out.startswith(f"Wrote {tmp_path / 'fw-map.geojson'}")
    assert "square: 54" in out  # 9 x 6 squares
    code, out, _ = export([str(path), "--out", "-"], capsys)
    assert code == 0 and out == (tmp_path / "fw-map.geojson").read_text(encoding="utf-8")
    assert json.loads(out)["type"] == "FeatureCollection"


@pytest.mark.parametrize(
    "argv, says",
    [
        (["{map}", "--side", "A"], "a map alone has none"),
        (["{north}", "--side", "C"], "this campaign's are A, B"),
        (["{italy}", "--side", "A"], "this campaign's are P1, P2"),
        (["{bad}"], "field 'schema' is \"mapgen/counters\""),
        (["{broken}"], "not valid JSON"),
        (["{empty}"], "no campaign.json, fw-map.json or country.json"),
        (["{tmp}/missing.json"], "does not exist"),
        (["{map}", "--out", "{tmp}"], "is a folder"),
        (["{map}", "--out", "{tmp}/no/such/folder/x.geojson"], "no such folder"),
        (["{map}", "--out", " "], "cannot be empty"),
        (["{map}", "--out", "{map}"], "is what the export reads"),
        (["{north}", "--out", "{north}/fw-map.json"], "is what the export reads"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(camp, capsys, argv, says):
    tmp = camp
    (tmp / "fw-map.json").write_text(dumps(tiny().to_json()), encoding="utf-8")
    (tmp / "counters.json").write_text('{"schema": "mapgen/counters", "version": 1}', encoding="utf-8")
    (tmp / "broken.json").write_text('{"schema": ', encoding="utf-8")
    (tmp / "empty").mkdir()
    names = {"map": tmp / "fw-map.json", "north": tmp / "north", "italy": tmp / "italy", "bad": tmp / "counters.json",
             "broken": tmp / "broken.json", "empty": tmp / "empty", "tmp": tmp}  # fmt: skip
    code, out, err = export([a.format(**names) for a in argv], capsys)
    errors = [line for line in err.splitlines() if line.startswith("Error:")]
    assert code == 2 and len(errors) == 1 and says in errors[0], err
    assert "Traceback" not in err and not out
    assert not list(tmp.glob("**/*.geojson"))


def test_the_same_bytes_whatever_the_hash_seed(camp):
    """Two processes with other string hashes (PYTHONHASHSEED): no set or dict order of theirs reaches the file."""
    import os
    import subprocess
    import sys

    texts = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        argv = [sys.executable, "-c", "from mapgen.cli import main; main()", "export", "geojson", str(camp / "italy"), "--out", "-"]
        texts.append(subprocess.run(argv, env=env, capture_output=True, check=True).stdout)
    assert texts[0] == texts[1] and texts[0].startswith(b'{"type":"FeatureCollection"')
