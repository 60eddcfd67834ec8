"""Watercourses (FW-10.5, FW-11.1, FW-11.6): every one rolled or on the square is placed, a second one
flowing into the first.

The map marks a hydrography configuration with ``"watercourse": "new"`` (it drew the
square's river) or ``"second"`` (a second watercourse flowing into the square's river).
"""

import copy

import pytest

from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.battlefield.square import options_from_map
from mapgen.errors import InfeasibleError
from mapgen.fw.model import Config
from mapgen.grid import square_id

from .conftest import cached_map
from .test_battlefield_tables import PITCHED, forced

WATER = ("river", "stream", "wadi")


def river_square(m, terrain):
    for r in range(m.height):
        for c in range(m.width):
            if m.river[r, c] and m.terrain_at((c, r)) == terrain and not m.features.get((c, r)) and not any(h.square == (c, r) for h in m.holdings):
                return (c, r)
    raise LookupError(terrain)


def with_configs(m, sq, *marks):
    """The map with hydrography configurations on ``sq``, each marked as the map marks it."""
    m = copy.copy(m)
    m.configs = list(m.configs)
    for mark in marks:
        c = Config(sq, "river", "hydrography", "FW-11.6", "A", "A")
        if mark is not None:
            c.watercourse = mark
        m.configs.append(c)
    return m


def water(b):
    return [f for f in b.features if f.kind in WATER]


@pytest.fixture(scope="module")
def plain_river():
    m = cached_map(7, "medium")
    return m, river_square(m, "uncultivated")


def battle(m, sq, seed=4):
    b = generate_battlefield(options_from_map(m, square_id(*sq), "fw-map.json", seed=seed, scenario="pitched"))
    assert not any("could not" in n for n in b.notes), b.notes
    return b


@pytest.mark.parametrize("marks,expected", [((), 1), ((None,), 1), (("new",), 1), (("second",), 2), (("second", "second"), 3), (("new", "second"), 2)])
def test_a_square_places_its_river_and_each_second_watercourse(plain_river, marks, expected):
    m, sq = plain_river
    b = battle(with_configs(m, sq, *marks), sq)
    ws = water(b)
    assert len(ws) == expected and b.source.river
    main, *tributaries = ws
    assert main.rule == "FW-10.5"
    for t in tributaries:
        assert t.rule == "FW-11.6" and "the campaign square's second watercourse" in t.note
        assert "a tributary: it flows into the river" in t.note
        assert t.polygon.distance(main.polygon) <= 0.5 and t.polygon.intersection(main.polygon).area < 0.05


def test_options_count_the_square_watercourses(plain_river):
    m, sq = plain_river
    o = options_from_map(with_configs(m, sq, "second", "new", None, "second"), square_id(*sq), "fw-map.json")
    assert (o.river, o.tributaries) == (True, 2)
    o = options_from_map(m, square_id(*sq), "fw-map.json")
    assert (o.river, o.tributaries) == (True, 0)


@pytest.mark.parametrize("terrain,kind", [("desert", "wadi"), ("mountain", "stream"), ("plain", "river")])
def test_a_second_watercourse_is_of_the_square_kind(terrain, kind):
    faces = [6] if terrain == "mountain" else []  # six features on a mountain table: room for both
    b = forced(faces + PITCHED, terrain=terrain, river=True, tributaries=1, map_name="m.json")
    assert [f.kind for f in water(b)] == [kind, kind]


def test_a_rolled_river_on_a_table_with_a_river_is_a_tributary():
    # side A rolls hydrography (3) river (1): the table already has one, so it flows into it (FW-11.1)
    b = forced(PITCHED + [3, 1, 1, 1], terrain="plain", river=True)
    main, second = water(b)
    assert "rolled by side A" in second.note and "a tributary: it flows into the river" in second.note
    assert second.polygon.distance(main.polygon) <= 0.5


def test_tributaries_need_a_river():
    with pytest.raises(InfeasibleError):
        generate_battlefield(BattleOptions(terrain="plain", tributaries=1))
