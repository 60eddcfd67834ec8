"""Loading a JSON file a player edited, or a hostile one: always exit 2 naming the file and the field, never a traceback.

Each case is a fault found by the fault tests of issue 8; run through ``mapgen validate``
(or ``counters --campaign``) as a player meets it.
"""

import copy
import json
import os
import tracemalloc
from pathlib import Path

import pytest

from mapgen import jsonio
from mapgen.errors import BadFileError
from mapgen.fw.model import FwMap

from .cli_helpers import run
from .conftest import cached_map


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def good():
    return json.loads(json.dumps(cached_map(7, "medium").to_json()))


def validate_text(text, capsys, name="fw-map.json"):
    Path(name).write_text(text, encoding="utf-8")
    code, out, err = run(["validate", name], capsys)
    assert "Traceback" not in out + err and "--debug" not in err, err
    return code, out, err


def validate_data(data, capsys, name="fw-map.json"):
    return validate_text(json.dumps(data), capsys, name)


def test_a_good_map_validates(good, capsys):
    code, out, _ = validate_data(good, capsys)
    assert code == 0 and "OK" in out


def test_nesting_100000_deep_is_exit_2(capsys):
    text = '{"schema": "mapgen/fw-map", "version": 1, "options": ' + "[" * 100_000 + "]" * 100_000 + "}"
    code, _, err = validate_text(text, capsys)
    assert code == 2 and "fw-map.json" in err and "nested more than 500 levels" in err and "line 1, column" in err


def test_a_5000_digit_integer_is_exit_2_naming_the_field(good, capsys):
    text = json.dumps(good).replace('"width": 15', '"width": ' + "9" * 5000, 1)
    code, _, err = validate_text(text, capsys)
    assert code == 2 and "fw-map.json: width: a whole number of 5000 digits" in err


@pytest.mark.parametrize(
    "where,literal",
    [
        (("rivers", 0, "elevations", 1), "NaN"),
        (("squares", 4, "elevation"), "Infinity"),
        (("squares", 4, "elevation"), "-Infinity"),
        (("square_mm",), "1e999"),
    ],
)
def test_nan_and_infinity_are_refused_at_their_field(good, capsys, where, literal):
    """Python's json reads NaN and Infinity; a river of NaN elevations passed "strictly downhill"."""
    data = copy.deepcopy(good)
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = "@@"
    text = json.dumps(data).replace('"@@"', literal)
    code, _, err = validate_text(text, capsys)
    path = ".".join(str(k) for k in where).replace(".0.", "[0].").replace(".4.", "[4].").replace(".1", "[1]")
    assert code == 2 and f"fw-map.json: {path}: " in err and literal.lstrip("-") in err


def test_a_whole_river_of_nan_is_refused(good, capsys):
    data = copy.deepcopy(good)
    data["rivers"][0]["elevations"] = ["@@"] * len(data["rivers"][0]["elevations"])
    code, _, err = validate_text(json.dumps(data).replace('"@@"', "NaN"), capsys)
    assert code == 2 and "rivers[0].elevations[0]: NaN is not a number JSON allows" in err


@pytest.mark.parametrize(
    "mutate,needle",
    [
        (lambda d: d.update(square_mm=0), "fw-map.json: square_mm: 0 is less than or equal to the minimum of 0"),
        (lambda d: d.update(square_mm=-50), "fw-map.json: square_mm: -50"),
        (lambda d: d.update(region="volcanic"), "fw-map.json: region: 'volcanic' is not one of"),
        (lambda d: d.update(seed={"a": 1}), "fw-map.json: seed: {'a': 1} is not of type 'integer'"),
        (lambda d: d["squares"][2].update(features=[7, {"x": 1}]), "fw-map.json: squares[2].features[0]: 7 is not of type 'string'"),
        (lambda d: d["squares"][2].update(features=["<b>wood</b>"]), "fw-map.json: squares[2].features[0]: '<b>wood</b>' does not match"),
        (lambda d: d["squares"][3].update(terrain="lava"), "fw-map.json: squares[3].terrain: 'lava' is not one of"),
    ],
)
def test_fields_validate_once_accepted_are_exit_2(good, capsys, mutate, needle):
    data = copy.deepcopy(good)
    mutate(data)
    code, _, err = validate_data(data, capsys)
    assert code == 2 and needle in err


def test_a_square_listed_twice_is_named(good, capsys):
    data = copy.deepcopy(good)
    data["squares"][9] = copy.deepcopy(data["squares"][2])
    code, _, err = validate_data(data, capsys)
    assert code == 2 and "fw-map.json: field 'squares[9]' repeats square C1 (first at squares[2])" in err


def test_the_grid_size_is_checked_before_any_array_is_made(good):
    """A 44 KB file claiming 2000 x 2000 squares took 376 MB before it was refused."""
    data = copy.deepcopy(good)
    data["width"] = data["height"] = 400  # the largest grid read back: still not made for 150 squares
    tracemalloc.start()
    try:
        with pytest.raises(BadFileError, match="field 'squares' has 150 entries; a 400x400 map has 160000"):
            FwMap.from_json(data)
        data["width"] = data["height"] = 2000
        with pytest.raises(BadFileError, match="width"):
            FwMap.from_json(data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000


def test_a_list_longer_than_its_schema_allows_is_named(monkeypatch):
    """The field-by-field check of long lists still applies the list's own length limit (maxItems)."""
    from jsonschema import Draft202012Validator

    from mapgen import schemas

    schema = copy.deepcopy(schemas.schema("fw-map"))
    schema["properties"]["squares"]["maxItems"] = 30  # as 160000 is for a 400 x 400 grid, at a test's size
    monkeypatch.setattr(schemas, "validator", lambda name: Draft202012Validator(schema))
    monkeypatch.setattr(schemas, "FIELDWISE_FROM", 10)
    square = {"id": "A1", "col": 0, "row": 0, "terrain": "plain", "river": False, "road": False, "territory": "A", "features": [], "elevation": 0}
    found = schemas.errors({"squares": [square] * 31}, "fw-map")
    assert any(e.startswith("squares: [{") and e.endswith("... is too long") for e in found), found
    assert not any(e.startswith("squares") for e in schemas.errors({"squares": [square] * 30}, "fw-map"))


def test_a_huge_claimed_grid_is_exit_2_quickly(good, capsys):
    data = copy.deepcopy(good)
    data["width"] = data["height"] = 2000
    code, _, err = validate_data(data, capsys)
    assert code == 2 and "fw-map.json: width: 2000 is greater than the maximum of 400" in err


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(capsys):
    with open("fw-map.json", "wb") as fh:  # sparse: no disk space, and no memory if never read
        fh.truncate(64 * 1024 * 1024 + 1)  # the cap the manual states
    tracemalloc.start()
    try:
        code, _, err = run(["validate", "fw-map.json"], capsys)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert code == 2 and "fw-map.json: 64.0 MB; mapgen reads a JSON file of at most 64 MB" in err
    assert peak < 5_000_000


def test_a_file_that_stat_cannot_size_is_read_only_up_to_the_cap(monkeypatch, tmp_path):
    """A pipe or a device (stat says 0 bytes) is read 1 MB at a time and no further than the cap."""
    asked = []

    class Endless:
        def read(self, n):
            asked.append(n)
            return b" " * n

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    path = tmp_path / "fw-map.json"
    path.write_text("{}")
    monkeypatch.setattr(jsonio, "MAX_FILE_BYTES", 3 * 1024 * 1024)
    real_stat = Path.stat
    monkeypatch.setattr(Path, "stat", lambda self, **kw: os.stat_result((0,) * 10) if self == path else real_stat(self, **kw))
    monkeypatch.setattr(Path, "open", lambda self, *a, **kw: Endless())
    with pytest.raises(BadFileError, match="fw-map.json: more than 3 MB"):
        jsonio.read_text(path)
    assert sum(asked) == 3 * 1024 * 1024 + 1 and max(asked) <= 1024 * 1024


def test_a_small_file_costs_little_memory(good, tmp_path):
    path = tmp_path / "fw-map.json"
    path.write_text(json.dumps(good))
    tracemalloc.start()
    try:
        jsonio.read_text(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * path.stat().st_size


@pytest.mark.parametrize(
    "mutate,needle",
    [
        (lambda d: d.update(square_mm=0), "field 'square_mm' should be a number greater than 0"),
        (lambda d: d.update(square_mm=float("nan")), "field 'square_mm' should be a finite number"),
        (lambda d: d.update(region="volcanic"), "field 'region' should be one of flat, hilly, mountainous"),
        (lambda d: d.update(seed={"a": 1}), "field 'seed' should be a whole number or text"),
        (lambda d: d.update(seed=True), "field 'seed' should be a whole number or text"),
        (lambda d: d["squares"][2].update(features=[7]), "field 'squares[2].features[0]' should be a feature name"),
        (lambda d: d["squares"][2].update(elevation=float("inf")), "field 'squares[2].elevation' should be a finite number"),
        (lambda d: d["rivers"][0].update(elevations=[float("nan")]), "field 'rivers[0].elevations' should be a list of finite numbers"),
        (lambda d: d["rivers"][0]["points"].append([99, 0]), "is [99, 0], off the grid's corners"),
        (lambda d: d["notes"].append({"x": 1}), "field 'notes[0]' should be text"),
        (lambda d: d.update(sides=[d["sides"][0], d["sides"][0]]), "names the same side twice"),
    ],
)
def test_from_json_on_its_own_refuses_what_the_schema_would(good, mutate, needle):
    """Data built in Python skips the schema; FwMap.from_json still names the field."""
    data = copy.deepcopy(good)
    mutate(data)
    with pytest.raises(BadFileError) as exc:
        FwMap.from_json(data)
    assert needle in str(exc.value)


def test_a_lone_surrogate_is_refused_at_its_field(good, capsys):
    data = copy.deepcopy(good)
    data["sides"][0]["name"] = "@@"
    code, _, err = validate_text(json.dumps(data).replace('"@@"', '"\\ud800x"'), capsys)
    assert code == 2 and "fw-map.json: sides[0].name: text with a lone surrogate" in err


def test_schema_is_checked_before_the_rules(good, capsys):
    """A file that breaks both is exit 2 for the schema; one that breaks only a rule is exit 1."""
    data = copy.deepcopy(good)
    caps = [h for h in data["holdings"] if h["side"] == "A"]
    caps[1]["square"] = caps[0]["square"]  # FW-3.2: two holdings on one square
    code, out, _ = validate_data(data, capsys)
    assert code == 1 and "FW-3.2" in out
    data["squares"][0]["elevation"] = "high"
    code, out, err = validate_data(data, capsys)
    assert code == 2 and "fw-map.json: squares[0].elevation: 'high' is not of type 'number'" in err and "FW-3.2" not in out


def test_counters_campaign_errors_name_the_file(good, capsys):
    folder = Path("campaign")
    folder.mkdir()
    data = copy.deepcopy(good)
    data["holdings"][0]["square"] = "Z99"
    (folder / "fw-map.json").write_text(json.dumps(data))
    code, out, err = run(["counters", "--campaign", str(folder), "--out", "k"], capsys)
    assert code == 2 and "Traceback" not in err
    assert f"{folder / 'fw-map.json'}: field 'holdings[0].square': square Z99 is outside the 15x10 map" in err
    (folder / "fw-map.json").write_text(json.dumps(good).replace('"square_mm": 50.0', '"square_mm": NaN'))
    code, _, err = run(["counters", "--campaign", str(folder), "--out", "k"], capsys)
    assert code == 2 and f"{folder / 'fw-map.json'}: square_mm: NaN is not a number JSON allows" in err
    assert not Path("k").exists()


def test_read_fw_map_round_trips_a_written_map(good, tmp_path):
    from mapgen.fw.model import read_fw_map

    path = tmp_path / "fw-map.json"
    path.write_text(jsonio.dumps(good), encoding="utf-8")
    assert read_fw_map(path).to_json() == good


def test_a_byte_order_mark_from_a_windows_editor_is_accepted(good, tmp_path):
    from mapgen.fw.model import read_fw_map

    path = tmp_path / "fw-map.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(good).encode())
    assert read_fw_map(path).width == good["width"]


def test_hand_edited_garbage_through_validate_never_crashes(good, capsys):
    """Any field replaced by a wrong value, through the command: exit 0, 1 or 2, one clean line, no traceback."""
    import random

    def paths(obj, prefix=()):
        if isinstance(obj, dict):
            for k, v in obj.items():
                yield prefix + (k,)
                yield from paths(v, prefix + (k,))
        elif isinstance(obj, list):
            for i, v in enumerate(obj[:2]):
                yield prefix + (i,)
                yield from paths(v, prefix + (i,))

    fields = list(paths(good))
    values = ["@NaN", "@1e400", "@" + "7" * 4400, None, -1, 0, 10**30, "", "Z99", [], {}, [[0, 0], [99, 99]], True, 1.5, "\u0000<x>"]
    rnd = random.Random(8)
    for _ in range(20):
        data = copy.deepcopy(good)
        path = rnd.choice(fields)
        target = data
        for key in path[:-1]:
            target = target[key]
        value = rnd.choice(values)
        target[path[-1]] = "@@" if isinstance(value, str) and value.startswith("@") else value
        text = json.dumps(data).replace('"@@"', value[1:] if isinstance(value, str) and value.startswith("@") else '"@@"')
        code, out, err = validate_text(text, capsys)
        assert code in (0, 1, 2), (path, value, err)
        if code == 2:
            assert err.startswith("Error: fw-map.json: ") and err.count("\n") == 1, err


# -- the parser on its own --------------------------------------------------------


@pytest.mark.parametrize(
    "text,needle",
    [
        ('{"a": [1, NaN]}', "a[1]: NaN is not a number JSON allows"),
        ('{"a": {"b": -Infinity}}', "a.b: -Infinity is not a number JSON allows"),
        ('[1e400]', "[0]: 1e400 is too large for a number"),
        ('{"a": ' + "1" * 4301 + "}", "a: a whole number of 4301 digits"),
        ('{"a": "\\udc00"}', "a: text with a lone surrogate"),
        ("[" * 2000 + "]" * 2000, "nested more than 500 levels deep (line 1, column 501)"),
        ('{"a": 1,}', "not valid JSON (line 1, column 9"),
    ],
)
def test_parse_names_the_bad_value(text, needle):
    with pytest.raises(BadFileError) as exc:
        jsonio.parse(text, "f.json")
    assert str(exc.value).startswith("f.json: ") and needle in str(exc.value)


@pytest.mark.parametrize("levels", [501, 950])
def test_parse_refuses_nesting_past_500_levels_as_it_says(levels):
    """950 levels are within Python's parser, but the limit mapgen states is 500."""
    lists = levels - 1  # inside the object
    with pytest.raises(BadFileError, match=r"f.json: not read: nested more than 500 levels deep \(line 1, column 506\)"):
        jsonio.parse('{"a": ' + "[" * lists + "]" * lists + "}", "f.json")


def test_parse_reads_500_levels_and_brackets_inside_text():
    words = ["[[{\\", '"[', "x\\", "]]"]  # brackets, escaped quotes and backslashes in strings do not nest
    text = '{"a": ' + "[" * 498 + json.dumps(words) + "]" * 498 + "}"  # 500 levels with the object
    data = jsonio.parse(text, "f.json")["a"]
    for _ in range(498):
        data = data[0]
    assert data == words
    assert jsonio.parse("[" * 500 + '"' + "[" * 600 + '"' + "]" * 500, "f.json")


def test_parse_keeps_what_json_allows():
    text = '{"a": [1, -2.5e3, 1e308, "\\ud83d\\ude00", ' + "9" * 4300 + "]}"
    assert jsonio.parse(text)["a"][:4] == [1, -2500.0, 1e308, "\U0001F600"]


# -- the other documents' from_json, on data built in Python -------------------------


def test_other_documents_refuse_non_finite_numbers_at_their_field():
    from mapgen.battlefield.generate import BattleOptions, generate_battlefield
    from mapgen.battlefield.model import Battlefield
    from mapgen.counters.build import build_sheet
    from mapgen.counters.layout import parse_size
    from mapgen.counters.model import sheet_from_json
    from mapgen.counters.sets import fw_set
    from mapgen.country.generate import generate_countries
    from mapgen.country.model import CountryMap
    from mapgen.paper import get_paper

    country = generate_countries(3, 1, 0).to_json()
    country["nodes"][1]["x_mm"] = float("nan")
    with pytest.raises(BadFileError, match=r"nodes\[1\]\.x_mm' should be a finite number"):
        CountryMap.from_json(country)
    country = generate_countries(3, 1, 0).to_json()
    country["grid"] = ["1", 1]
    with pytest.raises(BadFileError, match="field 'grid' should be two whole numbers"):
        CountryMap.from_json(country)
    bf = generate_battlefield(BattleOptions(seed=1, terrain="plain")).to_json()
    bf["table"]["depth_cm"] = float("inf")
    with pytest.raises(BadFileError, match="table.depth_cm"):
        Battlefield.from_json(bf)
    sheet = build_sheet(fw_set(), get_paper("a4-portrait"), parse_size("5/8in"), 0, 0, False, "t").to_json()
    sheet["size_mm"] = 0
    with pytest.raises(BadFileError, match="size_mm' should be a number greater than 0"):
        sheet_from_json(sheet)


# -- roster files, the counters' other input -------------------------------------------


@pytest.mark.parametrize(
    "name,content,needle",
    [
        ("deep.yaml", "units:\n  - name: " + "[" * 500 + "]" * 500 + "\n", "deep.yaml: nested too deeply"),
        ("many.csv", "name,side,type,count\n" + "".join(f"U{i},S,infantry,500\n" for i in range(11)), "many.csv: the roster asks for 5500 counters; mapgen prints at most 5000"),
    ],
)
def test_hostile_rosters_are_exit_2_naming_the_file(capsys, name, content, needle):
    Path(name).write_text(content)
    code, out, err = run(["counters", "--roster", name, "--formats", "json", "--out", "k"], capsys)
    assert code == 2 and needle in err and "Traceback" not in err and "--debug" not in err


def test_a_roster_over_4_mb_is_refused_before_it_is_read(capsys):
    with open("army.csv", "wb") as fh:
        fh.truncate(4 * 1024 * 1024 + 1)
    code, _, err = run(["counters", "--roster", "army.csv", "--formats", "json", "--out", "k"], capsys)
    assert code == 2 and "army.csv: 4.0 MB; mapgen reads a roster file of at most 4 MB" in err
