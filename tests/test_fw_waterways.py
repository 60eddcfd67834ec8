"""Navigable water on the map file (FW-20.2, FW-20.4): the fields ``--watercraft`` adds, read back and checked,
and the squares a stretch touches (on the hand-made map of ``fw_tiny``: a river along x = 4, rows 1 to 6)."""

import json

import pytest

from mapgen.errors import BadFileError
from mapgen.fw.model import FwMap
from mapgen.fw.waterways import navigable_squares, point_squares, stretch_squares

from .fw_tiny import tiny


def watered() -> dict:
    data = json.loads(json.dumps(tiny().to_json()))
    data["rivers"][0]["stretches"] = [{"from": 0, "to": 2, "craft": "boats"}, {"from": 2, "to": 5, "craft": "ships"}]
    data["rivers"][0]["obstacles"] = [{"at": 3, "kind": "rapids"}]
    data["ports"] = [{"square": "B2", "side": "A"}]
    return data


def test_a_map_without_watercraft_writes_none_of_its_keys():
    data = tiny().to_json()
    assert "ports" not in data and "reefs" not in data
    assert not {"stretches", "obstacles"} & set(data["rivers"][0])


def test_the_watercraft_fields_survive_the_round_trip():
    data = watered()
    back = FwMap.from_json(data)
    assert back.to_json() == data
    assert back.rivers[0].stretches == [(0, 2, "boats"), (2, 5, "ships")]
    assert back.ports == [((1, 1), "A")]
    assert list(back.to_json()).index("ports") == list(back.to_json()).index("holdings") + 1


def test_a_stretch_touches_the_squares_on_both_banks():
    m = FwMap.from_json(watered())
    # Point i is corner (4, 1 + i); edge i, from point i to i + 1, lies between columns D (3) and E (4) on row 1 + i.
    assert stretch_squares(m.rivers[0], 0, 2, m.width, m.height) == [(3, 1), (4, 1), (3, 2), (4, 2)]
    assert navigable_squares(m, "ships") == {(c, r) for c in (3, 4) for r in (3, 4, 5)}
    assert navigable_squares(m, "boats") == {(c, r) for c in (3, 4) for r in range(1, 6)}
    # Corner (4, 4) joins edges 2 and 3: rows 3 and 4.
    assert point_squares(m.rivers[0], 3, m.width, m.height) == [(3, 3), (4, 3), (3, 4), (4, 4)]


@pytest.mark.parametrize(
    "change, text",
    [
        (lambda d: d["rivers"][0]["stretches"].append({"from": 4, "to": 1, "craft": "ships"}), "'from' (4) should come before 'to' (1)"),
        (lambda d: d["rivers"][0]["stretches"].append({"from": 0, "to": 9, "craft": "ships"}), "rivers[0].stretches[2].to"),
        (lambda d: d["rivers"][0]["stretches"].append({"from": 0, "to": 1, "craft": "canoes"}), "rivers[0].stretches[2].craft"),
        (lambda d: d["rivers"][0]["obstacles"].append({"at": 1, "kind": "whirlpool"}), "rivers[0].obstacles[1].kind"),
        (lambda d: d["ports"].append({"square": "Z9", "side": "A"}), "ports[1].square"),
        (lambda d: d["ports"].append({"square": "H2", "side": "C"}), "ports[1].side"),
    ],
)
def test_a_bad_watercraft_field_is_named(change, text):
    data = watered()
    change(data)
    with pytest.raises(BadFileError, match=text.replace("[", r"\[").replace("]", r"\]").replace("(", r"\(").replace(")", r"\)")):
        FwMap.from_json(data)
