"""From a campaign square to the battlefield options (FW-10.5, FW-11.1 campaign precedence).

Each option is checked against the map itself, square by square: the square's terrain, river,
road, crossing, configurations, holding, the campaign's climate and region, and the sea beside it
(FW-21.6 inlet, 8-neighbourhood as everywhere on the map, AMB-02).
"""

import copy

import pytest

from mapgen.battlefield.square import options_from_map
from mapgen.errors import InfeasibleError

from .conftest import cached_map

KING = [(dc, dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dc, dr) != (0, 0)]


def letters(col):
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[col]


@pytest.fixture(scope="module")
def seaside_map():
    """Map 7 (medium, 15 x 10) with its last column turned to sea, so squares beside it touch the sea."""
    m = copy.copy(cached_map(7, "medium"))
    m.terrain = m.terrain.copy()
    m.terrain[:, m.width - 1] = "sea"
    return m


def test_every_land_square_gives_what_the_map_says(seaside_map):
    m = seaside_map
    for row in range(m.height):
        for col in range(m.width - 1):
            terrain = str(m.terrain[row, col])
            if terrain in ("lake", "sea"):
                continue
            sid = f"{letters(col)}{row + 1}"
            o = options_from_map(m, sid, "fw-map.json", seed=3, scenario="pitched")
            assert (o.map_name, o.square, o.seed, o.scenario) == ("fw-map.json", sid, 3, "pitched")
            assert o.terrain == terrain  # every land terrain of the map is a battlefield terrain (jungle included)
            assert o.river == bool(m.river[row, col])
            features = list(m.features.get((col, row), ()))
            assert list(o.works) == features
            assert o.road == (bool(m.road[row, col]) or "road" in features)
            kinds = [c.kind for c in m.crossings if (col, row) in c.squares]
            assert o.bridge == ("bridge" in kinds) and o.ford == ("ford" in kinds and "bridge" not in kinds)
            holding = [h for h in m.holdings if h.square == (col, row)]
            if holding:
                h = holding[0]
                name = next(s.name for s in m.sides if s.id == h.side)
                assert o.holding == f"{'capital' if h.capital else 'holding'} of side {h.side} ({name})"
                assert o.holding_feature == h.feature
            else:
                assert o.holding is None and o.holding_feature is None
            assert (o.climate, o.region) == (m.climate.zone, m.region)
            assert o.coast == (col == m.width - 2), sid  # beside the sea column, never through the map's west edge


def test_crossings_holdings_and_roads_occur_on_this_map(seaside_map):
    """The property above meets each case at least once."""
    m = seaside_map
    opts = [options_from_map(m, f"{letters(c)}{r + 1}", "m") for r in range(m.height) for c in range(m.width - 1) if str(m.terrain[r, c]) not in ("lake", "sea")]
    assert any(o.bridge for o in opts) and any(o.holding and o.holding.startswith("capital") for o in opts)
    assert any(o.holding and o.holding.startswith("holding") for o in opts) and any(o.road for o in opts)
    assert any(o.works for o in opts) and any(o.coast for o in opts) and any(not o.coast for o in opts)


def test_a_ford_and_a_road_configuration():
    m = copy.copy(cached_map(7, "medium"))
    m.crossings = list(m.crossings)
    m.features = dict(m.features)
    (col, row) = next((c, r) for r in range(m.height) for c in range(m.width) if not m.road[r, c] and str(m.terrain[r, c]) == "plain")
    from mapgen.fw.model import Crossing

    m.crossings.append(Crossing(((col, row), (col + 1, row)), "ford"))
    m.features[(col, row)] = ["road"]
    o = options_from_map(m, f"{letters(col)}{row + 1}", "m")
    assert o.ford and not o.bridge and o.road and o.works == ("road",)
    m.crossings.append(Crossing(((col, row - 1), (col, row)), "bridge"))
    o = options_from_map(m, f"{letters(col)}{row + 1}", "m")
    assert o.bridge and not o.ford  # the bridge carries the road; the ford is not drawn beside it


@pytest.mark.parametrize(
    "square,message",
    [
        ("P1", "FW-10.5: square P1 is outside the 15 x 10 map (A1 to O10)"),
        ("A11", "FW-10.5: square A11 is outside the 15 x 10 map (A1 to O10)"),
        ("7", "FW-10.5: "),
    ],
)
def test_squares_off_the_map_are_refused_under_fw_10_5(square, message):
    with pytest.raises(InfeasibleError) as err:
        options_from_map(cached_map(7, "medium"), square, "m")
    assert str(err.value).startswith(message) and err.value.rule == "FW-10.5"


def test_a_water_square_is_refused_under_fw_10_5(seaside_map):
    with pytest.raises(InfeasibleError) as err:
        options_from_map(seaside_map, "O3", "m")
    assert err.value.rule == "FW-10.5" and str(err.value) == "FW-10.5: square O3 is sea: no land battle can be fought there"


def test_holding_squares_row_by_row_each_once():
    m = copy.copy(cached_map(7, "medium"))
    from mapgen.fw.model import Holding

    m.holdings = [Holding("B", (4, 2), False, "village"), Holding("A", (2, 7), True, "city"), Holding("A", (9, 2), False, "village"), Holding("B", (4, 2), False, "village")]
    assert m.holding_squares() == ["E3", "J3", "C8"]
