"""From a campaign-map square to the battlefield options (FW-10.5, FW-11.1 campaign precedence).

The square's terrain, river, road, crossings (a bridge or ford on one of its
edges), particular configurations and holding are all compulsory on the table;
dice are rolled only for what the map does not define.
"""

from __future__ import annotations

from ..errors import InfeasibleError
from ..fw.model import FwMap
from ..fw.rules import WATER
from ..grid import KING_STEPS, parse_square, square_id
from .options import BattleOptions
from .rules import MAP_TERRAIN


def options_from_map(m: FwMap, square: str, map_name: str, **kw) -> BattleOptions:
    """Options for the battle in ``square``; unknown or unusable squares raise InfeasibleError (exit 2)."""
    try:
        col, row = parse_square(square)
    except ValueError as exc:
        raise InfeasibleError("FW-10.5", str(exc)) from None
    if not m.in_bounds((col, row)):
        last = square_id(m.width - 1, m.height - 1)
        raise InfeasibleError("FW-10.5", f"square {square} is outside the {m.width} x {m.height} map (A1 to {last})")
    sq = (col, row)
    terrain = m.terrain_at(sq)
    if terrain in WATER:
        raise InfeasibleError("FW-10.5", f"square {square} is {terrain}: no land battle can be fought there")
    crossings = [c.kind for c in m.crossings if sq in c.squares]
    holding = next((h for h in m.holdings if h.square == sq), None)
    coast = any(m.in_bounds((col + dx, row + dy)) and m.terrain_at((col + dx, row + dy)) == "sea" for dx, dy in KING_STEPS)
    works = tuple(m.features.get(sq, ()))
    road = bool(m.road[row, col]) or "road" in works
    rivers = watercourses(m, sq)
    opts = BattleOptions(
        terrain=MAP_TERRAIN[terrain],
        river=rivers > 0,
        tributaries=max(0, rivers - 1),
        road=road,
        bridge="bridge" in crossings,
        ford="ford" in crossings and "bridge" not in crossings,
        works=works,
        holding=(f"{'capital' if holding.capital else 'holding'} of side {holding.side} ({m.side(holding.side).name})" if holding else None),
        holding_feature=holding.feature if holding else None,
        climate=m.climate.zone,
        region=m.region,
        coast=coast,
        map_name=map_name,
        square=square_id(col, row),
        **kw,
    )
    return opts


def watercourses(m: FwMap, sq: tuple[int, int]) -> int:
    """Watercourses on the square's table: its river, plus every configuration that is a second watercourse.

    A hydrography configuration (FW-11.6 result 1-2) says on the map whether it
    drew a new river (``"watercourse": "new"``, already in the square's river)
    or is a second watercourse flowing into the square's river (``"second"``):
    FW-11.1 wants both placed.  Maps written before that field read as neither.
    """
    col, row = sq
    second = sum(1 for c in m.configs if c.square == sq and c.watercourse == "second")
    return int(bool(m.river[row, col])) + second

