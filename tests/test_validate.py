"""The validator catches each broken rule, naming its rule ID."""

import copy
import json

import numpy as np
import pytest

from mapgen.errors import BadFileError
from mapgen.fw.model import FwMap
from mapgen.fw.validate import validate

from .conftest import cached_map


@pytest.fixture
def m():
    return copy.deepcopy(cached_map(11, "large"))


def rules_of(m):
    return {v.rule for v in validate(m)}


def messages(m):
    return " / ".join(str(v) for v in validate(m))


def test_clean_map(m):
    assert validate(m) == []


def test_holdings_too_close(m):
    a = [h for h in m.holdings if h.side == "A"]
    a[1].square = (a[0].square[0], a[0].square[1] + 1 if a[0].square[1] + 1 < m.height else a[0].square[1] - 1)
    m.terrain[a[1].square[1], a[1].square[0]] = "plain"
    assert "1 square(s) apart" in messages(m)


def test_holding_on_forbidden_terrain(m):
    h = m.holdings[0]
    m.terrain[h.square[1], h.square[0]] = "swamp"
    assert "may not place a holding on swamp" in messages(m)
    m.sides[[s.id for s in m.sides].index(h.side)].race = "orcs"
    assert "may not place a holding on swamp" not in messages(m)


def test_holding_in_enemy_territory(m):
    h = m.holdings[0]
    m.territory[h.square[1], h.square[0]] = "B" if h.side == "A" else "A"
    assert "not its own" in messages(m)


def test_two_capitals(m):
    for h in m.holdings:
        if h.side == "A":
            h.capital = True
    assert "has 4" in messages(m) or "capitals" in messages(m)


def test_territory_must_be_thirds(m):
    m.territory[0, m.width // 2] = "A"
    assert "FW-2.3" in rules_of(m)


def test_isolated_hill(m):
    m.terrain[:] = np.where(np.isin(m.terrain, ["hills", "mountain"]), "plain", m.terrain)
    m.terrain[5, 5] = "hills"
    assert "hills at F6 is isolated" in messages(m)


def test_river_running_uphill_and_looping(m):
    r = m.rivers[0]
    r.elevations = list(reversed(r.elevations))
    assert "strictly downhill" in messages(m)
    r.points = r.points + [r.points[-2]]
    r.elevations = []
    assert "loop" in messages(m)


def test_river_with_a_bad_mouth(m):
    r = next(r for r in m.rivers if r.mouth == "edge")
    r.mouth = "lake"
    assert "not a valid 'lake' mouth" in messages(m)


def test_river_flags_must_match(m):
    r, c = np.argwhere(~m.river)[0]
    m.river[r, c] = True
    assert "has the river flag" in messages(m)


def test_crossing_off_the_river(m):
    cr = m.crossings[0]
    away = next((c, r) for r in range(m.height) for c in range(m.width - 1) if not m.river[r, c] and not m.river[r, c + 1])
    cr.squares = (away, (away[0] + 1, away[1]))
    assert "is not on a river edge" in messages(m)


def test_removing_every_crossing_cuts_the_map_or_the_roads(m):
    m.crossings = []
    text = messages(m)
    assert "without a bridge" in text or "cannot be reached by land" in text


def test_road_broken(m):
    road = m.roads[0]
    road.squares = road.squares[:1] + road.squares[2:]
    assert "jumps from" in messages(m) or "no road joins" in messages(m)


def test_desert_outside_a_torrid_zone(m):
    m.climate.zone, m.climate.season = "cold", "winter"
    m.terrain[m.terrain == "jungle"] = "forest"
    m.terrain[0, 0] = "desert"
    m.features.pop((0, 0), None)
    assert "desert at A1 in a cold zone" in messages(m)


def test_json_round_trip_is_exact(m):
    data = m.to_json()
    again = FwMap.from_json(json.loads(json.dumps(data))).to_json()
    assert again == data


@pytest.mark.parametrize(
    "mutate,field",
    [
        (lambda d: d.pop("width"), "width"),
        (lambda d: d["squares"][3].update(terrain="lava"), "squares[3].terrain"),
        (lambda d: d["holdings"][0].update(square="ZZ99"), "holdings[0].square"),
        (lambda d: d["rivers"][0].update(mouth="ocean"), "rivers[0].mouth"),
        (lambda d: d["crossings"].append({"squares": ["A1"], "kind": "ford"}), "crossings"),
        (lambda d: d["squares"].pop(), "squares"),
        (lambda d: d["sides"][0].update(race="elves"), "sides[0].race"),
    ],
)
def test_bad_fields_are_named(m, mutate, field):
    data = m.to_json()
    mutate(data)
    with pytest.raises(BadFileError) as exc:
        FwMap.from_json(data)
    assert field in str(exc.value)


def _paths(obj, prefix=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:3]):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


def test_hand_edited_garbage_never_gives_a_traceback():
    """Any field replaced by a wrong value: either a named BadFileError or a validation report."""
    import random

    base = cached_map(3, "small").to_json()
    fields = list(_paths(base))
    values = [None, -1, 0, 10**9, "", "Z99", "A1", [], {}, [1], [[0, 0], [5, 5]], True, 1.5, "lake", ["A1", "A2"], [[3, 3], [3, 4], [3, 3]]]
    rnd = random.Random(0)
    for _ in range(400):
        data = copy.deepcopy(base)
        path = rnd.choice(fields)
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = rnd.choice(values)
        try:
            validate(FwMap.from_json(data))
        except BadFileError:
            pass
