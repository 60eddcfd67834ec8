"""The shipped JSON Schemas: valid draft 2020-12, met by every generated file, and failing a broken one at its field.

Generated documents are checked with ``jsonschema`` itself (the reference), not only through
``mapgen.schemas.check``; the field-by-field shortcut for long lists is checked against it.
"""

import copy
import functools
import json
import re
from importlib import resources

import pytest
from jsonschema import Draft202012Validator

from mapgen import schemas
from mapgen.battlefield import rules as BR
from mapgen.battlefield import scenarios as BS
from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.battlefield.model import EDGES
from mapgen.counters.build import build_sheet
from mapgen.counters.layout import parse_size
from mapgen.counters.roster import RosterUnit
from mapgen.counters.sets import fw_campaign_set, fw_set, renaissance_set, roster_set
from mapgen.country.generate import generate_countries
from mapgen.country.rules import COMPASS, NODE_KINDS
from mapgen.errors import BadFileError
from mapgen.fw import rules as FR
from mapgen.fw.model import MAX_SIDE, REGIONS, TERRITORIES
from mapgen.napoleonic.tables import DEFAULT_TABLES
from mapgen.paper import get_paper

from .cli_helpers import run
from .conftest import cached_map


@functools.cache
def reference(name):
    return Draft202012Validator(json.loads(schemas.text(name)))


def reference_errors(data, name):
    """What jsonschema itself finds, as ``path: message`` strings."""
    v = reference(name)
    return [f"{schemas.field_path(e.absolute_path)}: {e.message}" for e in v.iter_errors(data)]


# -- the schema files ------------------------------------------------------------


@pytest.mark.parametrize("name", list(schemas.NAMES))
def test_schema_is_valid_draft_2020_12_and_shipped(name):
    text = resources.files("mapgen.schemas").joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    s = json.loads(text)
    Draft202012Validator.check_schema(s)
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert s["$id"] == f"urn:mapgen:schema:{name}:1"
    assert s["properties"]["schema"] == {"const": schemas.NAMES[name]}
    assert s["properties"]["version"] == {"const": 1}


def test_dice_log_is_described_alike_in_every_schema():
    rolls = [schemas.schema(n)["$defs"]["roll"] for n in ("fw-map", "country", "battlefield")]
    assert rolls[0] == rolls[1] == rolls[2]


def test_enumerations_match_the_rules():
    fw = schemas.schema("fw-map")
    sq = fw["properties"]["squares"]["items"]["properties"]
    assert set(sq["terrain"]["enum"]) == set(FR.TERRAIN)
    assert set(sq["territory"]["enum"]) == set(TERRITORIES)
    assert set(fw["properties"]["region"]["enum"]) == set(REGIONS)
    assert set(fw["properties"]["sides"]["items"]["properties"]["race"]["enum"]) == set(FR.RACES)
    seasons = {b.outcome for t in (FR.SEASON_TEMPERATE, FR.SEASON_TORRID) for b in t.bands}
    assert set(fw["properties"]["climate"]["properties"]["season"]["enum"]) == seasons
    assert set(fw["properties"]["climate"]["properties"]["zone"]["enum"]) == {b.outcome for b in FR.CLIMATE.bands}
    assert fw["properties"]["width"]["maximum"] == fw["properties"]["height"]["maximum"] == MAX_SIDE
    assert fw["properties"]["squares"]["maxItems"] == MAX_SIDE**2
    country = schemas.schema("country")["properties"]["nodes"]["items"]["properties"]
    assert set(country["kind"]["enum"]) == set(NODE_KINDS)
    assert set(country["side"]["enum"]) == set(COMPASS) | {None}
    bf = schemas.schema("battlefield")["properties"]["scenario"]["properties"]
    assert set(bf["name"]["enum"]) == set(BS.SCENARIOS)
    assert set(bf["orders"]["items"]["properties"]["escape_edges"]["items"]["enum"]) == set(EDGES)
    assert set(BR.TERRAINS) <= {t for t in FR.TERRAIN}  # battlefield terrains are campaign terrain names


# -- generated documents meet their schema ------------------------------------------


def _fw_maps():
    return [
        cached_map(3, "small"),
        cached_map(7, "medium"),
        cached_map(11, "large", races=("dwarves", "orcs")),
        cached_map("winter war", "small", races=("wood_elves", "goblins")),
        cached_map(5, "medium", width=9, height=24, holdings=2),
    ]


def test_generated_campaign_maps_meet_the_schema():
    for m in _fw_maps():
        data = json.loads(json.dumps(m.to_json()))
        assert reference_errors(data, "fw-map") == [], m.seed
        schemas.check(data, "fw-map")


def test_generated_country_maps_meet_the_schema():
    for seed, countries, neutrals, sheet in ((11, 3, 1, "a4"), ("x", 1, 0, "a3"), (4, 2, 0, "letter")):
        data = json.loads(json.dumps(generate_countries(seed, countries, neutrals, sheet).to_json()))
        assert reference_errors(data, "country") == [], seed


def test_country_node_rule_and_roll_are_described_as_written():
    # the manual, country.json: `rule` and `roll` are "RC-1.2" and the Tabella 27 roll's `seq`, or a
    # border point's rule and null; the schema must not call `roll` a total or name other rules.
    from mapgen.country.procedure import NO_ROOM_RULE, SHEET_EDGE_RULE
    from mapgen.country.rules import URBAN_AREA

    node = json.loads(schemas.text("country"))["properties"]["nodes"]["items"]["properties"]
    named = set(re.findall(r'"(RC-[^"]+)"', node["rule"]["description"]))
    assert named == {URBAN_AREA.rule, SHEET_EDGE_RULE, NO_ROOM_RULE}
    assert "seq" in node["roll"]["description"] and "total" not in node["roll"]["description"]
    data = generate_countries(11, 3, 1).to_json()
    log = {e["seq"]: e for e in data["dice_log"]}
    for n in data["nodes"]:
        assert n["rule"] is None or n["rule"] in named
        if n["roll"] is not None:
            assert n["rule"] == URBAN_AREA.rule and log[n["roll"]]["rule"] == URBAN_AREA.rule


def test_generated_battlefields_meet_the_schema():
    m = cached_map(7, "medium")
    holding = m.holdings[0].square
    from mapgen.battlefield.square import options_from_map
    from mapgen.grid import square_id

    cases = [
        BattleOptions(seed=1),
        BattleOptions(seed=2, terrain="forest", river=True, road=True, bridge=True, scenario="ambush"),
        BattleOptions(seed=3, terrain="mountain"),
        BattleOptions(seed=4, terrain="desert", scenario="relief", marks=("hiding_places", "landing_points")),
        BattleOptions(seed=5, terrain="swamp", scenario="last_stand"),
        options_from_map(m, square_id(*holding), "fw-map.json", seed="7-x", scenario="raid"),
    ]
    for opts in cases:
        data = json.loads(json.dumps(generate_battlefield(opts).to_json()))
        assert reference_errors(data, "battlefield") == [], opts


def test_generated_counter_sheets_meet_the_schema():
    a4 = get_paper("a4-portrait")
    units = [RosterUnit("Hussars", "France", "cavalry", 3, (("cost", 7),), 2), RosterUnit("Guard", "Russia", "infantry", 2, (), 3)]
    sets = [
        (fw_set(), a4, "5/8in", False),
        (renaissance_set(), get_paper("letter"), "3/4in", True),
        (roster_set(units), a4, "1/2in", False),
        (fw_campaign_set(cached_map(7, "medium")), a4, "16mm", False),
    ]
    for counters, paper, size, fold in sets:
        sheet = build_sheet(counters, paper, parse_size(size), 0, 2, fold, "t")
        data = json.loads(json.dumps(sheet.to_json()))
        assert reference_errors(data, "counters") == [], size


# -- broken documents fail at the field ----------------------------------------------


@pytest.fixture(scope="module")
def docs():
    bf = generate_battlefield(BattleOptions(seed=2, terrain="forest", river=True, road=True, bridge=True)).to_json()
    sheet = build_sheet(fw_set(), get_paper("a4-portrait"), parse_size("5/8in"), 0, 0, False, "t")
    return {
        "fw-map": json.loads(json.dumps(cached_map(3, "small").to_json())),
        "country": json.loads(json.dumps(generate_countries(11, 2, 0).to_json())),
        "battlefield": json.loads(json.dumps(bf)),
        "counters": json.loads(json.dumps(sheet.to_json())),
        "campaign": json.loads(_campaign_text()),
        "campaign-renaissance": json.loads(_renaissance_text()),
        "balance": json.loads(_balance_text()),
        "balance-renaissance": json.loads(_renaissance_balance_text()),
        "napoleonic-tables": DEFAULT_TABLES.to_json(),
        "campaign-napoleonic": json.loads(_napoleonic_text()),
        "skirmish": json.loads(json.dumps(_skirmish_json())),
    }


def _napoleonic_text() -> str:
    """A Napoleonic battle before deployment, as ``campaign new --rules napoleonic`` saves it."""
    from mapgen.napoleonic import store
    from mapgen.napoleonic.armies import default_army

    return store.dumps_state(store.new_state(3, store.field_bytes(), "A", (default_army("A"), default_army("B"))))


def _skirmish_json() -> dict:
    """A skirmish on a hilly table (crests block sight), as ``mapgen skirmish`` writes it."""
    from mapgen.kit.skirmish import skirmish_files
    from mapgen.skirmish.generate import generate_skirmish
    from mapgen.skirmish.options import SkirmishOptions

    s = generate_skirmish(SkirmishOptions(seed=3, points=900, races=("dwarves", "wood_elves"), terrain="hills"))
    return s.to_json(skirmish_files(("json", "svg", "pdf", "md")))


def _renaissance_balance_text() -> str:
    """A small Renaissance run's report as ``mapgen campaign simulate --rules renaissance`` writes it."""
    from mapgen.jsonio import dumps
    from mapgen.renaissance import balance
    from mapgen.renaissance.simulate import SimOptions, simulate

    cm = generate_countries(11, 3, 1)
    raw = dumps(cm.to_json()).encode()
    options = SimOptions(players=3, years=2)
    return dumps(balance.report(simulate(raw, options, 3, 3), options, 3, balance.map_info(cm, raw)))


def _balance_text() -> str:
    """A small run's report as ``mapgen campaign simulate`` writes it."""
    from mapgen.campaign import balance
    from mapgen.campaign.simulate import SimOptions, simulate
    from mapgen.jsonio import dumps

    m = cached_map(3, "small")
    raw = dumps(m.to_json()).encode()
    options = SimOptions()
    return dumps(balance.report(simulate(raw, options, 3, 3), options, 3, balance.map_info(m, raw)))


def _campaign_text() -> str:
    """A campaign on day 1 as ``mapgen campaign new`` saves it."""
    from mapgen.campaign.setup import start_campaign
    from mapgen.campaign.state import Options
    from mapgen.campaign.store import dumps_state
    from mapgen.jsonio import dumps

    m = cached_map(3, "small")
    return dumps_state(start_campaign(m, dumps(m.to_json()).encode(), "fw-map.json", 3, Options()))


def _renaissance_text() -> str:
    """A Renaissance campaign on day one, with an army so that companies are described too."""
    from mapgen.campaign.state import evolve
    from mapgen.jsonio import dumps
    from mapgen.renaissance.setup import start_campaign
    from mapgen.renaissance.state import Army, company
    from mapgen.renaissance.store import dumps_state

    m = generate_countries(11, 2, 1)
    state = start_campaign(m, dumps(m.to_json()).encode(), "country.json", 11, ends="years=3")
    army = Army("P1-1", "P1", m.country("A").capital, (company("P1-c1", "large"), company("P1-c2", "rabble", "rabble")))
    return dumps_state(evolve(state, armies=(army,)))


BROKEN = [
    ("fw-map", lambda d: d["squares"][3].update(terrain="lava"), "squares[3].terrain: 'lava' is not one of"),
    ("fw-map", lambda d: d.update(square_mm=0), "square_mm:"),
    ("fw-map", lambda d: d.update(square_mm=-5), "square_mm:"),
    ("fw-map", lambda d: d.update(region="swampy"), "region: 'swampy' is not one of"),
    ("fw-map", lambda d: d.update(seed={"a": 1}), "seed:"),
    ("fw-map", lambda d: d.update(width=2000, height=2000), "width: 2000 is greater than the maximum of 400"),
    ("fw-map", lambda d: d["squares"][0].update(features=[1]), "squares[0].features[0]: 1 is not of type 'string'"),
    ("fw-map", lambda d: d["squares"][0].update(features=["Burial Mound"]), "squares[0].features[0]:"),
    ("fw-map", lambda d: d["squares"][5].update(elevation=2), "squares[5].elevation: 2 is greater than the maximum of 1"),
    ("fw-map", lambda d: d["squares"][5].pop("river"), "field 'squares[5].river' is missing"),
    ("fw-map", lambda d: d["sides"][1].update(color="red; x"), "sides[1].color:"),
    ("fw-map", lambda d: d["holdings"][0].update(square="C 4"), "holdings[0].square:"),
    ("fw-map", lambda d: d["rivers"][0]["points"][0].append(3), "rivers[0].points[0]:"),
    ("fw-map", lambda d: d["dice_log"][0].update(faces=["6"]), "dice_log[0].faces[0]:"),
    ("fw-map", lambda d: d.pop("climate"), "field 'climate' is missing"),
    ("country", lambda d: d["nodes"][2].update(kind="castle"), "nodes[2].kind: 'castle' is not one of"),
    ("country", lambda d: d.update(grid=[2, "1"]), "grid[1]:"),
    ("country", lambda d: d["countries"][0].update(border=[[0, 0]]), "countries[0].border:"),
    ("country", lambda d: d["edges"][0].update(crossing="no"), "edges[0].crossing: 'no' is not of type 'boolean'"),
    ("battlefield", lambda d: d["table"].update(width_cm=0), "table.width_cm:"),
    ("battlefield", lambda d: d["scenario"].update(deploys_first="C"), "scenario.deploys_first: 'C' is not one of"),
    ("battlefield", lambda d: d["features"][0].update(polygon=[[0, 0], [1, 1]]), "features[0].polygon:"),
    ("battlefield", lambda d: d["scenario"]["orders"][0].update(escape_edges=["north"]), "scenario.orders[0].escape_edges[0]:"),
    ("counters", lambda d: d["pages"][1].update(side="middle"), "pages[1].side: 'middle' is not one of"),
    ("counters", lambda d: d.update(size_mm=-1), "size_mm:"),
    ("counters", lambda d: d["pages"][0]["counters"][4].pop("x_mm"), "field 'pages[0].counters[4].x_mm' is missing"),
    ("campaign-renaissance", lambda d: d["places"][0].update(damaged="no"), "places[0].damaged: 'no' is not of type 'boolean'"),
    ("campaign-renaissance", lambda d: d["armies"][0]["companies"][0].update(type="huge"), "armies[0].companies[0].type: 'huge' is not one of"),
    ("campaign-renaissance", lambda d: d.update(season="autumn"), "season: 'autumn' is not one of"),
    ("balance", lambda d: d["win_rate"]["A"].update(low=1.5), "win_rate.A.low: 1.5 is greater than the maximum of 1"),
    ("balance", lambda d: d["per_game"][1].update(winner="C"), "per_game[1].winner: 'C' is not one of"),
    ("balance", lambda d: d["bots"].update(B="reckless"), "bots.B: 'reckless' is not one of"),
    ("balance-renaissance", lambda d: d["win_rate"]["P2"].update(high=1.5), "win_rate.P2.high: 1.5 is greater than the maximum of 1"),
    ("balance-renaissance", lambda d: d["bots"].update(P3="reckless"), "bots.P3: 'reckless' is not one of"),
    ("balance-renaissance", lambda d: d["per_game"][0].update(years=0), "per_game[0].years: 0 is less than the minimum of 1"),
]


@pytest.mark.parametrize("name,mutate,needle", BROKEN, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(BROKEN)])
def test_a_broken_document_fails_at_its_field(docs, name, mutate, needle):
    data = copy.deepcopy(docs[name])
    mutate(data)
    assert reference_errors(data, name), "jsonschema itself must refuse it"
    with pytest.raises(BadFileError) as exc:
        schemas.check(data, name)
    assert needle in str(exc.value)


NEW_FIELDS = [
    ("fw-map", lambda d: d["configurations"][0].update(ford={"points": [[0, 0], [1, 0]]})),
    ("fw-map", lambda d: d["climate"].update(desert_wind=True, hours_of_light=9)),
    ("fw-map", lambda d: d["squares"][0].update(notes=["added later"])),
    ("fw-map", lambda d: d.update(campaign={"turn": 3})),
    ("country", lambda d: d.update(trade_routes=[{"country": "A", "side": "N", "x_mm": 1, "y_mm": 2}])),
    ("country", lambda d: d["nodes"][0].update(name="Firenze")),
    ("battlefield", lambda d: d["features"][0].update(notes=["x"])),
    ("counters", lambda d: d.update(notes=["x"], bleed_mm=2)),
]


@pytest.mark.parametrize("name,mutate", NEW_FIELDS)
def test_fields_added_later_are_allowed(docs, name, mutate):
    data = copy.deepcopy(docs[name])
    mutate(data)
    assert reference_errors(data, name) == []
    schemas.check(data, name)


def test_long_lists_are_judged_as_jsonschema_judges_them(docs, monkeypatch):
    """The field-by-field check of long lists finds a broken document exactly when jsonschema does."""
    monkeypatch.setattr(schemas, "FIELDWISE_FROM", 3)  # the 12 squares below take that path
    full = docs["fw-map"]
    base = {**full, "squares": full["squares"][:12], "rivers": [], "crossings": [], "roads": [], "holdings": [], "configurations": [], "dice_log": []}
    values = [None, True, 1.0, -1, 0.5, "", "A1", "lava", ["wood"], [1], {}]
    keys = ["id", "col", "row", "terrain", "river", "road", "territory", "features", "elevation", "extra"]
    for i, key in enumerate(keys):
        for j, value in enumerate(values):
            data = dict(base)
            data["squares"] = copy.deepcopy(base["squares"])
            data["squares"][(5 * i + j) % len(base["squares"])][key] = value
            assert bool(reference_errors(data, "fw-map")) == bool(schemas.errors(data, "fw-map")), (key, value)
    data = dict(base)
    data["squares"] = base["squares"] + [{}]  # more than maxItems is not needed: a record with nothing
    assert schemas.errors(data, "fw-map") and reference_errors(data, "fw-map")


def test_each_bad_record_of_a_long_list_is_named_once(docs):
    """Past FIELDWISE_FROM records the list is judged record by record; the first is judged with the
    rest of the document and must not be named again."""
    full = docs["fw-map"]
    squares = [dict(full["squares"][i % len(full["squares"])], terrain="lava") for i in range(201)]
    errors = schemas.errors({**full, "squares": squares}, "fw-map")
    assert len(errors) == 201
    assert [e.split(":")[0] for e in errors[:2]] == ["squares[0].terrain", "squares[1].terrain"]


# -- mapgen schema ----------------------------------------------------------------


def test_schema_command_prints_the_shipped_schema(capsys):
    code, out, _ = run(["schema", "fw-map"], capsys)
    assert code == 0 and json.loads(out) == schemas.schema("fw-map")
    code, out, _ = run(["schema"], capsys)
    assert code == 0 and all(f"{n}.schema.json" in out for n in schemas.NAMES)
    code, out, _ = run(["schema", "counters", "--path"], capsys)
    assert code == 0 and out.strip().endswith("counters.schema.json")
    code, _, err = run(["schema", "lava"], capsys)
    assert code == 2 and "fw-map" in err


def test_each_missing_field_is_named():
    assert schemas.errors({"schema": "mapgen/counters", "version": 1, "pages": []}, "counters") == [
        "field 'size_mm' is missing",
        "field 'paper' is missing",
    ]


def _undescribed(data, node, root, path="") -> set[str]:
    """Field paths in ``data`` that the schema ``node`` does not name (free-form objects excepted)."""
    while "$ref" in node:
        target = root
        for part in node["$ref"][2:].split("/"):
            target = target[part]
        node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    out: set[str] = set()
    for sub in node.get("anyOf", []) + node.get("allOf", []) + node.get("oneOf", []):
        if isinstance(data, dict) or isinstance(data, list):
            out |= _undescribed(data, sub, root, path)
    if isinstance(data, dict) and "properties" in node:
        for key, value in data.items():
            if key in node["properties"]:
                out |= _undescribed(value, node["properties"][key], root, f"{path}.{key}")
            elif isinstance(node.get("additionalProperties"), dict):
                out |= _undescribed(value, node["additionalProperties"], root, f"{path}.*")
            else:
                out.add(f"{path}.{key}")
    elif isinstance(data, dict) and isinstance(node.get("additionalProperties"), dict):
        for value in data.values():
            out |= _undescribed(value, node["additionalProperties"], root, f"{path}.*")
    elif isinstance(data, list) and isinstance(node.get("items"), dict):
        for value in data:
            out |= _undescribed(value, node["items"], root, f"{path}[]")
    return out


@pytest.mark.parametrize("name", list(schemas.NAMES))
def test_every_field_mapgen_writes_is_described_in_its_schema(docs, name):
    """The schema is the published contract: a field written but not described would be a secret one."""
    root = json.loads(schemas.text(name))
    assert _undescribed(docs[name], root, root) == set()
