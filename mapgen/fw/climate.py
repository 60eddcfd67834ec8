"""Climate zone and season (FW-7.2, FW-7.3), rolled once when the map is drawn."""

from __future__ import annotations

from ..dice import Dice
from ..tables import roll_on
from .model import Climate
from .rules import (
    CLIMATE,
    COLD_SEASON,
    SEASON_TEMPERATE,
    SEASON_TORRID,
    TORRID_DESERT_KIND,
    TORRID_DESERT_PRECIPITATION,
)


def roll_climate(dice: Dice) -> Climate:
    """Zone by FW-7.2; cold zones are always winter (AMB-09), the others roll their season table.

    In a torrid zone the season leaves the deserts out (FW-7.3.2, AMB-48): they keep
    modifier 0 and their own kind of weather; elsewhere deserts (cursed wastelands,
    FW-11.5.6) follow the season like any square.
    """
    _, zone = roll_on(dice, CLIMATE, "climate zone")
    if zone.outcome == "cold":
        season = COLD_SEASON
    else:
        table = SEASON_TORRID if zone.outcome == "torrid" else SEASON_TEMPERATE
        _, season = roll_on(dice, table, f"season ({zone.outcome} zone)")
    modifier, kind = season.data["precipitation"], season.data["kind"]
    if zone.outcome == "torrid":
        desert_modifier, desert_kind = TORRID_DESERT_PRECIPITATION, TORRID_DESERT_KIND
    else:
        desert_modifier, desert_kind = modifier, kind
    return Climate(zone.outcome, season.outcome, modifier, kind, desert_modifier, desert_kind)
