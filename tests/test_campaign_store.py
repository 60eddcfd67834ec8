"""The campaign folder: its schema, the files ``campaign new`` writes, rosters, and the counters of its forces."""

import json
from dataclasses import replace
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from mapgen import schemas
from mapgen import session
from mapgen.campaign import store
from mapgen.campaign import counters as campaign_counters_module, setup
from mapgen.campaign_files import check_new_folder
from mapgen.errors import CampaignFolderError
from mapgen.kit import fw_campaign as files
from mapgen.engine import boards
from mapgen.campaign.roster import CampaignRosterError, read_campaign_roster
from mapgen.campaign.state import Options
from mapgen.errors import BadFileError
from mapgen.jsonio import dumps

from .cli_helpers import run
from .conftest import cached_map


@pytest.fixture(scope="module")
def fw():
    m = cached_map(7, "small")
    return m, dumps(m.to_json()).encode("utf-8")


@pytest.fixture(scope="module")
def state(fw):
    m, raw = fw
    return setup.start_campaign(m, raw, "fw-map.json", 7, Options())


# --------------------------------------------------------------------------- schema


def test_the_shipped_schema_is_the_one_the_state_generates():
    shipped = (Path(schemas.location("campaign"))).read_text(encoding="utf-8")
    # after changing the state's dataclasses, regenerate it with: python bench/campaign_schema.py
    assert shipped == json.dumps(store.json_schema(), indent=1, ensure_ascii=False) + "\n"
    assert schemas.NAMES["campaign"] == "mapgen/campaign"


def test_schema_command_prints_it(capsys):
    code, out, _ = run(["schema", "campaign"], capsys)
    assert code == 0 and json.loads(out)["$id"] == "urn:mapgen:schema:campaign:1"


def test_a_saved_state_meets_the_published_schema_and_round_trips(state):
    text = store.dumps_state(state)
    data = json.loads(text)
    assert list(data)[:2] == ["schema", "version"]
    assert list(Draft202012Validator(schemas.schema("campaign")).iter_errors(data)) == []
    assert store.from_json_text(text, "x") == state


def test_the_published_schema_refuses_what_load_refuses(state):
    data = json.loads(store.dumps_state(state))
    data["forces"][0]["order"] = "charge"
    assert list(Draft202012Validator(schemas.schema("campaign")).iter_errors(data))
    with pytest.raises(BadFileError, match=r"forces\[0\]\.order"):
        store.from_json_text(json.dumps(data), "campaign.json")


# --------------------------------------------------------------------------- the folder


def test_start_campaign_is_day_1_phase_1_with_the_maps_sha(state, fw):
    import hashlib

    assert (state.day, state.phase) == (1, 1)
    assert state.map.sha256 == hashlib.sha256(fw[1]).hexdigest()


def test_write_campaign_writes_all_or_nothing(tmp_path, state, fw, monkeypatch):
    from mapgen import kit

    def broken(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(files, "write_campaign_counters", broken)
    with pytest.raises(OSError):
        kit.write(tmp_path / "c", lambda o: files.write_campaign(o, state, fw[1], ("json",), None))
    assert not (tmp_path / "c").exists()


def test_a_written_folder_loads(tmp_path, state, fw):
    from mapgen import kit

    kit.write(tmp_path / "c", lambda o: files.write_campaign(o, state, fw[1], ("json",), None))
    loaded = session.load(tmp_path / "c")
    assert loaded.state == state
    with pytest.raises(CampaignFolderError, match="already holds a campaign"):
        check_new_folder(tmp_path / "c")
    check_new_folder(tmp_path / "elsewhere")  # a new folder is fine


def test_counters_are_one_per_force_with_its_leader_and_holdings_for_both_owners(state):
    counters = campaign_counters_module.campaign_counters(state)
    forces = [c for c in counters if "-force-" in c.id]
    assert [c.id for c in forces] == [f"fw-{f.side}-force-{f.id[1:]}" for f in state.forces]
    for c, f in zip(forces, state.forces):
        assert c.front.big == f.id[1:] and c.front.note == f.leader.name
    for side in "AB":
        squares = sorted(c.id.rsplit("-", 1)[1] for c in counters if c.id.startswith(f"fw-{side}-") and ("-holding-" in c.id or "-capital-" in c.id))
        assert squares == sorted(h.square for h in state.holdings)
    # FW-1.1.b-g: six of each order and reaction a side
    for key in ("max-speed", "probe", "defend", "confused", "unsteady", "shattered"):
        assert sum(c.id.startswith(f"fw-A-{key}-") for c in counters) == 6


def test_a_force_that_is_gone_has_no_counter(state):
    fewer = replace(state, forces=state.forces[1:])
    assert sum("-force-" in c.id for c in campaign_counters_module.campaign_counters(fewer)) == len(state.forces) - 1


# --------------------------------------------------------------------------- rosters


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_yaml_roster(tmp_path):
    path = write(tmp_path, "n.yaml", """\
forces:
  - leader: {name: Ragnar, cv: 4}
    order: max-speed
    square: c4
    individuals: [Hero]
    units:
      - {type: Infantry, quality: Veteran, figures: 20, points: 9}
      - {id: Giant, type: terrible creature, quality: average, figures: 1, points: 200, mercenary: true}
""")
    (spec,) = read_campaign_roster(path, "B")
    assert spec.leader.name == "Ragnar" and spec.leader.cv == 4 and spec.order == "max_speed" and spec.square == "C4"
    assert spec.individuals == ("Hero",) and spec.line == 2
    assert [(u.id, u.type, u.quality, u.figures, u.points, u.mercenary) for u in spec.units] == [
        ("B1-U1", "infantry", "veteran", 20, 9, False),
        ("Giant", "terrible_creature", "average", 1, 200, True),
    ]


def test_csv_roster_groups_rows_by_force(tmp_path):
    path = write(tmp_path, "n.csv", """\
force,leader,cv,order,square,unit,type,quality,figures,points,mercenary
North,Ragnar,4,defend,,,infantry,average,20,6,
South,Brann,3,,,Riders,cavalry,veteran,8,16,yes
North,,,,,,missile,average,10,8,no
South,,,,,,infantry,poor,10,5,
""")
    north, south = read_campaign_roster(path, "A")
    assert north.leader.name == "Ragnar" and north.order == "defend" and [u.id for u in north.units] == ["A1-U1", "A1-U2"]
    assert south.order is None and south.units[0].id == "Riders" and south.units[0].mercenary  # beside regular units (FW-4.2.f)
    assert [u.mercenary for u in south.units] == [True, False]


def test_a_csv_row_may_stop_before_its_last_columns_which_read_as_blank(tmp_path):
    # a spreadsheet drops the empty cells at a row's end: the missing points are not given (0), the flags off
    path = write(tmp_path, "short.csv", "force,leader,cv,type,quality,figures,points,mercenary\nNorth,Ragnar,4,infantry,average,20\n")
    (north,) = read_campaign_roster(path, "A")
    assert [(u.type, u.quality, u.figures, u.points, u.mercenary) for u in north.units] == [("infantry", "average", 20, 0, False)]


@pytest.mark.parametrize(
    "name,text,needle",
    [
        ("r.yaml", "forces:\n  - leader: {name: A, cv: 3}\n", "r.yaml line 2, field 'units': a force needs at least one unit"),
        ("r.yaml", "forces:\n  - units: [{type: x, quality: poor, figures: 1}]\n", "r.yaml line 2, field 'leader': missing"),
        ("r.yaml", "forces:\n  - leader: {name: A, cv: 3}\n    units: [{type: x, quality: poor, figures: 0}]\n", "r.yaml line 3, field 'figures': 0 is outside"),
        ("r.yaml", "forces:\n  - leader: {name: A, cv: 3}\n    individuals: [a, b]\n    units: [{type: x, quality: poor, figures: 1}]\n", "field 'individuals'"),
        ("r.yaml", "forces:\n  - leader: {name: A, cv: 3}\n    units:\n      - {id: U, type: x, quality: poor, figures: 1}\n      - {id: U, type: x, quality: poor, figures: 1}\n", "unit id 'U' appears twice"),
        ("r.yaml", "forces:\n  - leader: {name: A, cv: 3}\n    units: [{type: x, quality: poor, figures: 1, mercenary: maybe}]\n", "field 'mercenary'"),
        ("r.yaml", "forces:\n" + "  - leader: {name: A, cv: 3}\n    units: [{type: x, quality: poor, figures: 1}]\n" * 7, "7 forces; a side has at most 6"),
        ("r.yaml", "", "r.yaml line 1: the file is empty"),
        ("r.yaml", "units: []\n", "r.yaml line 1, field 'units': unknown"),
        ("r.csv", "force,leader,cv,type,quality,figures\n1,A,3,x,poor,1\n1,B,3,x,poor,1\n", "r.csv line 3, field 'leader': 'B' differs from line 2"),
        ("r.csv", "force,leader,type\n", "r.csv line 1, field 'cv': no such column"),
        ("r.csv", "force,leader,cv,type,quality,figures,colour\n", "r.csv line 1, field 'colour': unknown column"),
        ("r.csv", "force,leader,cv,type,quality,figures\n1,A,three,x,poor,1\n", "r.csv line 2, field 'cv': 'three' is not a whole number"),
        ("r.txt", "x", "a campaign roster is a .yaml, .yml or .csv file"),
    ],
)
def test_roster_errors_name_file_line_and_field(tmp_path, name, text, needle):
    with pytest.raises(CampaignRosterError) as exc:
        read_campaign_roster(write(tmp_path, name, text), "A")
    assert needle in str(exc.value)


@pytest.mark.parametrize("field", ["figures", "points"])
def test_a_unit_of_ten_thousand_is_read_and_one_more_refused(tmp_path, field):
    # [DEV] an input limit, no rule: a unit of more than 10 000 figures or points is a typing slip
    # (survivors of bench/mutation_score.py: the limit one higher or lower went unnoticed)
    def roster(n):
        unit = {"figures": 1, "points": 1} | {field: n}
        return "forces:\n  - leader: {name: A, cv: 3}\n    units: [{type: x, quality: poor, figures: %d, points: %d}]\n" % (unit["figures"], unit["points"])

    (spec,) = read_campaign_roster(write(tmp_path, "r.yaml", roster(10_000)), "A")
    assert getattr(spec.units[0], field) == 10_000
    with pytest.raises(CampaignRosterError, match="10001 is outside"):
        read_campaign_roster(write(tmp_path, "r.yaml", roster(10_001)), "A")


def test_six_forces_a_side_are_read(tmp_path):
    # FW-1.1.a: Force counters numbered 1-6, "six Forces per side": six is the limit, not past it
    # (a survivor of bench/mutation_score.py: refusing at six went unnoticed)
    text = "forces:\n" + "  - leader: {name: A, cv: 3}\n    units: [{type: x, quality: poor, figures: 1}]\n" * 6
    specs = read_campaign_roster(write(tmp_path, "r.yaml", text), "A")
    assert len(specs) == 6


def test_a_missing_roster(tmp_path):
    with pytest.raises(CampaignRosterError, match="no such roster file"):
        read_campaign_roster(tmp_path / "none.yaml", "A")


def test_a_folder_loads_its_board_from_its_map_copy_when_none_is_registered(tmp_path, state, fw, monkeypatch):
    # a fresh process has no board registered: load builds it from fw-map.json
    from mapgen import kit

    kit.write(tmp_path / "c", lambda o: files.write_campaign(o, state, fw[1], ("json",), None))
    monkeypatch.setattr(boards, "_BOARDS", {})
    loaded = session.load(tmp_path / "c")
    assert loaded.board is not None and set(loaded.board.squares) >= {f.square for f in state.forces}


def test_a_list_where_one_value_belongs_names_its_line(tmp_path):
    text = "forces:\n  - leader: {name: A, cv: 3}\n    units:\n      - {type: [x, y], quality: poor, figures: 1}\n"
    with pytest.raises(CampaignRosterError, match=r"r.yaml line 4: expected a single value"):
        read_campaign_roster(write(tmp_path, "r.yaml", text), "A")


def test_side_b_leaders_come_from_the_middle_of_the_list():
    # templates/campaign/default-forces.yaml: twelve barbarian names, side B starting at the seventh (Hakon)
    from mapgen.campaign.setup import default_roster

    assert [f.leader.name for f in default_roster("barbarians", 2000, 2, "A")] == ["Ragnar", "Ulfhild"]
    assert [f.leader.name for f in default_roster("barbarians", 2000, 2, "B")] == ["Hakon", "Freydis"]


def test_own_holding_counters_cite_the_counter_rule_of_their_kind(state):
    # FW-1.1.i the capital, FW-1.1.h a minor holding (the counter-mix table)
    counters = {c.id: c for c in campaign_counters_module.campaign_counters(state)}
    for h in state.holdings:
        kind = "capital" if h.capital else "holding"
        assert counters[f"fw-{h.owner}-{kind}-{h.square}"].rule == ("FW-1.1.i" if h.capital else "FW-1.1.h")
    assert any(h.capital for h in state.holdings)
