"""The ground and the table: the square's terrain, or the FW-11.2 and FW-11.5 rolls when no map gives it."""

from __future__ import annotations

from ..dice import Dice
from ..tables import roll_on
from . import rules as R
from .features import roll_count
from .options import BattleOptions
from .state import Ground


def roll_ground(opts: BattleOptions, dice: Dice) -> Ground:
    """The ground from the options, or rolled on FW-11.2 (geographic type) and FW-11.5 (vegetation)."""
    t = opts.terrain
    if t is not None:
        geo = {"hills": "hilly", "mountain": "mountain"}.get(t, "flat")
        ground = Ground(t, geo, opts.map_name is None)
        if geo == "mountain":
            ground.mountain_features = roll_count(dice, "FW-10.5", "terrain features on the mountain table")
        return ground
    _, region = roll_on(dice, R.REGION, "geographic type of the battlefield")
    _, veg = roll_on(dice, R.VEGETATION, "vegetation of the battlefield")
    forced_wood = None
    if veg.outcome == "wood":
        _, kind = roll_on(dice, R.WOOD_KIND, "the wood: sacred or enchanted?")
        forced_wood = kind.outcome
    if region.outcome == "mountainous":
        return Ground("mountainous", "mountainous", True, veg.outcome, forced_wood)
    if veg.outcome == "forest":
        terrain = "jungle" if opts.climate == "torrid" else "forest"
    elif region.outcome == "hilly":
        terrain = "hills"
    else:
        terrain = R.VEGETATION_TERRAIN[veg.outcome]
    return Ground(terrain, region.outcome, True, veg.outcome, forced_wood)


def table_size(opts: BattleOptions, ground: Ground, scenario: str) -> tuple[float, float]:
    """``--table`` if given; else 240 x 180 for a relief (FW-23.7), 120 x 60 for a mountain square (FW-10.5), 180 x 120."""
    if opts.table is not None:
        return opts.table
    if scenario == "relief":
        return R.RELIEF_TABLE
    if ground.terrain == "mountain":
        return R.MOUNTAIN_TABLE
    return R.STANDARD_TABLE
