"""``fw-map.json`` read back: every field as written, optional fields as the manual has them,
and a bad field named in the error (on the hand-made map of ``fw_tiny``)."""

import json

import pytest

from mapgen.errors import BadFileError
from mapgen.fw.model import FwMap
from mapgen.fw.validate import validate

from .fw_tiny import tiny
from .test_fw_setup_sheet import busy_map


def test_every_field_survives_the_round_trip():
    data = json.loads(json.dumps(busy_map().to_json()))
    data["options"] = {"size": "small", "configurations": False}
    back = FwMap.from_json(data)
    assert back.to_json() == data
    # What the file says, not a default: a text seed, the square size, the region, notes.
    assert (back.seed, back.square_mm, back.region) == ("winter war", 37.5, "hilly")
    assert back.notes == ["B6: forest cleared into fields", "second note"]
    assert back.side("B").name == "Blue" and back.side("A").race == "dark_elves"
    assert [(s.id, s.name, s.race, s.color) for s in back.sides] == [("A", "Red", "dark_elves", "#c00"), ("B", "Blue", "humans", "#00c")]
    assert back.terrain.dtype.kind == "U" and back.river.dtype == bool and back.road.dtype == bool
    assert back.river.sum() == 10 and back.road.sum() == 13  # tiny: D2-D6 and E2-E6 by the river; 4 + 4 + 5 road squares
    assert back.holdings[1].detail == "sacred_magic_armour" and back.holdings[3].feature == ""
    assert [r.configuration for r in back.rivers] == [(3, 0), None]
    assert [(c.kind, c.squares) for c in back.crossings] == [("bridge", ((3, 1), (4, 1))), ("ford", ((5, 3), (5, 4)))]
    assert [c.watercourse for c in back.configs] == [None, "new", "second"]
    assert [r.rule for r in back.dice_log] == ["FW-7.2", "FW-3.2"]


def test_optional_fields_may_be_left_out():
    data = tiny().to_json()
    for key in ("configurations", "notes", "dice_log", "options", "region", "square_mm"):
        del data[key]
    for s in data["sides"]:
        del s["name"], s["color"]
    del data["holdings"][0]["feature"], data["holdings"][0]["detail"]
    del data["squares"][0]["features"], data["squares"][0]["elevation"]
    data["squares"][1]["elevation"] = 0.25
    m = FwMap.from_json(data)
    assert m.configs == [] and m.notes == [] and m.dice_log == [] and m.options == {}
    assert m.square_mm == 50.0  # the manual's default square
    assert m.region == "flat"  # AMB-73: unmarked ground is flat
    assert [s.name for s in m.sides] == ["A", "B"]  # a side without a name goes by its id
    assert [s.color for s in m.sides] == ["#000", "#000"]  # ... and one without a colour is drawn in black
    assert (m.holdings[0].feature, m.holdings[0].detail) == ("", None)  # FW-3.4 is optional
    assert m.elevation[0, 0] == 0.0 and m.elevation[0, 1] == 0.25
    assert validate(m) == []


def test_older_or_hand_written_files_may_leave_out_more():
    data = busy_map().to_json()
    del data["rivers"][0]["elevations"], data["rivers"][1]["configuration"]
    del data["configurations"][0]["watercourse"]
    del data["climate"]["precipitation_modifier"], data["climate"]["precipitation_kind"]
    data["options"] = "fast"  # not an object: read as no options
    data["holdings"][1]["square"] = "A5"  # column A is on the map
    m = FwMap.from_json(data)
    assert m.rivers[0].elevations == [] and m.rivers[1].configuration is None and m.configs[0].watercourse is None
    assert (m.climate.precipitation_modifier, m.climate.precipitation_kind) == (0, "")  # no modifier stated: none
    assert m.options == {} and m.holdings[1].square == (0, 4)


@pytest.mark.parametrize("width,height", [(1, 3), (3, 1)])
def test_a_map_one_square_wide_is_read(width, height):
    data = tiny().to_json()
    data.update(width=width, height=height, rivers=[], crossings=[], roads=[], holdings=[])
    data["squares"] = [sq for sq in data["squares"] if sq["col"] < width and sq["row"] < height]
    m = FwMap.from_json(data)
    assert (m.width, m.height, m.terrain.shape) == (width, height, (height, width))


def test_the_desert_fields_are_read_as_written():
    data = tiny().to_json()
    data["climate"]["desert_precipitation_modifier"] = 2
    data["climate"]["desert_precipitation_kind"] = "snow"
    m = FwMap.from_json(data)
    assert (m.climate.desert_precipitation_modifier, m.climate.desert_precipitation_kind) == (2, "snow")
    assert [v.rule for v in validate(m)] == ["FW-7.3.1"]  # summer: deserts follow the season, +0 (none)


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    "change,field",
    [
        (_set(("width",), 0), "'width'"),
        (_set(("width",), 2001), "'width'"),
        (_set(("height",), 0), "'height'"),
        (_set(("height",), 2001), "'height'"),
        (_set(("climate", "zone"), "arctic"), "'climate.zone'"),
        (_set(("squares", 4, "col"), 9), "'squares[4].col'"),
        (_set(("squares", 4, "row"), 6), "'squares[4].row'"),
        (_set(("squares", 4, "col"), -1), "'squares[4].col'"),
        (_set(("squares", 4, "row"), -1), "'squares[4].row'"),
        (_set(("squares", 4, "id"), "A1"), "'squares[4].id'"),
        (_set(("squares", 4, "territory"), "C"), "'squares[4].territory'"),
        (_set(("squares", 4, "elevation"), "high"), "'squares[4].elevation'"),
        # each of these stops the reading of all squares at once (model.squares_at_once), and square by square names it
        (_set(("squares", 4, "elevation"), True), "'squares[4].elevation'"),
        (_set(("squares", 4, "elevation"), 1.5), "'squares[4].elevation'"),
        (_set(("squares", 4, "elevation"), None), "'squares[4].elevation'"),
        (_set(("squares", 4, "river"), 1), "'squares[4].river'"),
        (_set(("squares", 4, "road"), None), "'squares[4].road'"),
        (_set(("squares", 4, "terrain"), "lava"), "'squares[4].terrain'"),
        (_set(("squares", 4, "terrain"), ["plain"]), "'squares[4].terrain'"),
        (_set(("squares", 4, "features"), None), "'squares[4].features'"),
        (_set(("squares", 4, "features"), ["Burial mound"]), "'squares[4].features[0]'"),
        (_set(("squares", 4, "col"), True), "'squares[4].col'"),
        (_set(("squares", 4, "id"), 5), "'squares[4].id'"),
        (_set(("squares", 5, "col"), 0), "repeats square"),
        (_set(("squares", 4), ["plain"]), "'squares[4]'"),
        (_set(("holdings", 0, "side"), "C"), "'holdings[0].side'"),
        (_set(("holdings", 0, "square"), "J1"), "'holdings[0].square'"),  # column 10 of 9
        (_set(("holdings", 0, "square"), "A7"), "'holdings[0].square'"),  # row 7 of 6
        (_set(("holdings", 0, "square"), "A1A"), "'holdings[0].square'"),
        (_set(("holdings", 0, "detail"), 5), "'holdings[0].detail'"),
        (_set(("crossings", 0, "kind"), "raft"), "'crossings[0].kind'"),
        (_set(("crossings", 0, "squares"), ["D2", "Z9"]), "'crossings[0].squares'"),
        (_set(("crossings", 0, "squares"), ["Z9", "D2"]), "'crossings[0].squares'"),
        (_set(("roads", 0, "squares"), ["B2", 5]), "'roads[0].squares'"),
        (_set(("rivers", 0, "points", 1), [4]), "'rivers[0].points[1]'"),
        (_set(("rivers", 0, "elevations"), [0.5, "x"]), "'rivers[0].elevations'"),
        (_set(("rivers", 0, "configuration"), 5), "'rivers[0].configuration'"),
        (_set(("rivers", 0, "configuration"), "Z99"), "'rivers[0].configuration'"),
    ],
)
def test_a_bad_field_is_named(change, field):
    data = json.loads(json.dumps(tiny().to_json()))
    change(data)
    with pytest.raises(BadFileError) as exc:
        FwMap.from_json(data)
    assert field in str(exc.value)


@pytest.mark.parametrize(
    "path,value,text",
    [
        (("rivers", 0, "configuration"), 5, "field 'rivers[0].configuration' should be a square name or null, not 5"),
        (("holdings", 0, "detail"), 5, "field 'holdings[0].detail' should be a string or null, not 5"),
        (("configurations", 1, "watercourse"), 5, """field 'configurations[1].watercourse' should be "new", "second" or null, not 5"""),
        (("roads", 0, "squares"), ["B2", 5], "field 'roads[0].squares': not a square name: '5'"),
        (("squares", 4, "elevation"), "high", """field 'squares[4].elevation' should be a number"""),
        (("square_mm",), "big", """field 'square_mm' should be a number"""),
    ],
)
def test_a_bad_field_says_what_it_should_be(path, value, text):
    data = busy_map().to_json()
    _set(path, value)(data)
    with pytest.raises(BadFileError) as exc:
        FwMap.from_json(data)
    assert text in str(exc.value)


def test_a_missing_square_is_named():
    data = tiny().to_json()
    del data["squares"][0]
    with pytest.raises(BadFileError, match="'squares'"):
        FwMap.from_json(data)


def test_squares_without_their_optional_fields_read_as_with_their_defaults():
    m = busy_map()
    data = json.loads(json.dumps(m.to_json()))
    for sq in data["squares"]:
        sq.pop("id", None)
        if not sq.get("features"):
            sq.pop("features", None)
        if sq.get("elevation") == 0:
            sq.pop("elevation")
    back = FwMap.from_json(data)
    assert back.features == FwMap.from_json(m.to_json()).features
    for grid in ("terrain", "territory", "river", "road", "elevation"):
        assert (getattr(back, grid) == getattr(FwMap.from_json(m.to_json()), grid)).all(), grid
    data["squares"].reverse()  # any order of squares
    assert (FwMap.from_json(data).terrain == back.terrain).all()


def test_a_bad_configuration_watercourse_is_named():
    data = busy_map().to_json()
    data["configurations"][1]["watercourse"] = 5
    with pytest.raises(BadFileError, match=r"'configurations\[1\]\.watercourse'"):
        FwMap.from_json(data)


def test_a_long_bad_note_is_shortened_as_every_file_error_is():
    """The map's field errors show a bad value as jsonio does (one helper, not a copy of it)."""
    from mapgen import jsonio
    from mapgen.fw import model

    assert model._short is jsonio._short
    data = tiny().to_json()
    data["notes"] = [list(range(40))]
    with pytest.raises(BadFileError) as exc:
        FwMap.from_json(data)
    # The value's first 57 characters, then "...".
    assert str(exc.value) == "field 'notes[0]' should be text, not [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16..."


def test_elevations_are_stored_as_the_validator_reads_them():
    """[DEV] high mountains are judged by the elevation the file stores, so validate agrees with the generator."""
    from mapgen.fw.terrain import high_mountains

    m = tiny()
    m.terrain[2, 3:6] = "mountain"
    m.elevation[2, 3:6] = [0.50004, 0.50001, 0.4]  # the first two tie once stored
    back = FwMap.from_json(json.loads(json.dumps(m.to_json())))
    assert back.elevation[2, 3] == back.elevation[2, 4] == 0.5
    assert (high_mountains(back.terrain, back.elevation) == high_mountains(m.terrain, m.elevation)).all()
    assert high_mountains(m.terrain, m.elevation)[2, 3:6].tolist() == [True, True, False]


def test_square_elevations_are_rounded_by_the_one_constant_high_mountains_uses():
    """The file's rounding and the high-mountain test's are one constant (written twice, they could drift)."""
    from mapgen.fw import model, terrain

    assert terrain.ELEVATION_DECIMALS is model.ELEVATION_DECIMALS
    m = tiny()
    m.elevation[0, 0] = 0.123456
    assert m.to_json()["squares"][0]["elevation"] == 0.1235  # four decimals


def test_river_elevations_are_stored_to_a_millionth():
    # Every step down a river drops 1e-4 at least: six decimals keep each point below the last.
    m = tiny()
    m.rivers[0].elevations = [0.5, 0.4999, 0.3, 0.2999999, 0.1234564, 0.1]
    assert m.to_json()["rivers"][0]["elevations"] == [0.5, 0.4999, 0.3, 0.3, 0.123456, 0.1]


def test_the_field_names_are_the_readmes():
    data = busy_map().to_json()
    assert list(data) == [
        "schema", "version", "generator", "seed", "width", "height", "square_mm", "region", "climate", "sides",
        "options", "squares", "rivers", "crossings", "roads", "holdings", "chains", "regions", "configurations", "notes",
        "dice_log",
    ]
    assert (data["schema"], data["version"], data["generator"]) == ("mapgen/fw-map", 1, "mapgen fw-map")
    assert list(data["squares"][0]) == ["id", "col", "row", "terrain", "river", "road", "territory", "features", "elevation"]
    assert data["squares"][2]["features"] == ["enchanted_wood"] and data["squares"][28]["features"] == ["ruins"]
    assert data["squares"][10] == {
        "id": "B2", "col": 1, "row": 1, "terrain": "plain", "river": False, "road": True, "territory": "A",
        "features": [], "elevation": 0.0,
    }
    assert list(data["climate"]) == [
        "zone", "season", "precipitation_modifier", "precipitation_kind", "desert_precipitation_modifier", "desert_precipitation_kind",
    ]
    assert data["rivers"][0] == {
        "points": [[4, y] for y in range(1, 7)], "mouth": "edge",
        "elevations": [0.5, 0.45, 0.4, 0.35, 0.3, 0.25], "configuration": "D1", "name": "",
    }
    assert data["crossings"][1] == {"squares": ["F4", "F5"], "kind": "ford"}
    assert data["roads"][0] == {"squares": ["B2", "B3", "B4", "B5"]}
    assert data["holdings"][1] == {"side": "A", "square": "B5", "capital": False, "feature": "burial_mound", "detail": "sacred_magic_armour",
                                   "name": ""}
    assert data["configurations"][1] == {
        "square": "D1", "name": "stream", "category": "hydrography", "rule": "FW-11.6", "rolled_by": "B", "territory": "N",
        "watercourse": "new",
    }
