"""The ground and the table: the square's terrain, or the FW-11.2 and FW-11.5 rolls when no map gives it."""

from __future__ import annotations

from ..dice import Dice
from ..tables import roll_on
from . import rules as R
from .features import roll_count
from .options import BattleOptions
from .state import Ground

#: The relief of a terrain word given by the options or the map (FW-10.5: hills use the hilly type).
RELIEF_OF_TERRAIN = {"hills": "hilly", "mountain": "mountain", "mountainous": "mountainous"}
#: FW-11.5 results that cover the whole table, so they name it whatever its relief.
COVERING = ("cultivated", "desert")


def roll_ground(opts: BattleOptions, dice: Dice) -> Ground:
    """The ground from the options, or rolled on FW-11.2 (geographic type) and FW-11.5 (vegetation).

    Both rolls shape a rolled table: the geographic type gives its relief, the
    vegetation what covers it.  The terrain word is the vegetation's when it
    covers the ground (cultivated fields, forest or jungle, desert) and the
    relief's when it does not (grassland, a single wood): a hilly grassland is
    "hills", as on the campaign map, and a mountainous forest is "forest" with
    woods between its mountains.
    """
    t = opts.terrain
    configurations = opts.map_name is None and R.SCALES[opts.scale].configurations
    if t is not None:
        ground = Ground(t, RELIEF_OF_TERRAIN.get(t, "flat"), configurations)
        if ground.geo == "mountain":
            ground.mountain_features = roll_count(dice, "FW-10.5", "terrain features on the mountain table")
        return ground
    _, region = roll_on(dice, R.REGION, "geographic type of the battlefield")
    _, veg = roll_on(dice, R.VEGETATION, "vegetation of the battlefield")
    forced_wood = None
    if veg.outcome == "wood":
        _, kind = roll_on(dice, R.WOOD_KIND, "the wood: sacred or enchanted?")
        forced_wood = kind.outcome
    return Ground(rolled_terrain(region.outcome, veg.outcome, opts.climate), region.outcome, configurations, forced_wood)


def rolled_terrain(region: str, vegetation: str, climate: str) -> str:
    """The terrain word of a table rolled as ``region`` (FW-11.2) covered by ``vegetation`` (FW-11.5)."""
    if vegetation == "forest":
        return "jungle" if climate == "torrid" else "forest"  # FW-11.5 result 5: jungle in a hot zone
    if vegetation in COVERING:
        return vegetation
    return {"flat": R.VEGETATION_TERRAIN[vegetation], "hilly": "hills", "mountainous": "mountainous"}[region]


def table_size(opts: BattleOptions, ground: Ground, scenario: str) -> tuple[float, float]:
    """``--table`` if given; else 240 x 180 for a relief (FW-23.7), 120 x 60 for a mountain square (FW-10.5), 180 x 120;
    a skirmish's own table at skirmish scale."""
    if opts.table is not None:
        return opts.table
    if opts.scale != "army":
        return R.SCALES[opts.scale].default_table
    if scenario == "relief":
        return R.RELIEF_TABLE
    if ground.geo == "mountain":
        return R.MOUNTAIN_TABLE
    return R.STANDARD_TABLE
