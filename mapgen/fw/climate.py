"""Climate zone and season (FW-7.2, FW-7.3), rolled once when the map is drawn."""

from __future__ import annotations

from ..dice import Dice
from ..tables import roll_on
from .model import Climate
from .rules import CLIMATE, COLD_SEASON, SEASON_TEMPERATE, SEASON_TORRID


def roll_climate(dice: Dice) -> Climate:
    """Zone by FW-7.2; cold zones are always winter (AMB-09), the others roll their season table."""
    _, zone = roll_on(dice, CLIMATE, "climate zone")
    if zone.outcome == "cold":
        season = COLD_SEASON
    else:
        table = SEASON_TORRID if zone.outcome == "torrid" else SEASON_TEMPERATE
        _, season = roll_on(dice, table, f"season ({zone.outcome} zone)")
    return Climate(zone.outcome, season.outcome, season.data["precipitation"], season.data["kind"])
