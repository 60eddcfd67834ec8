"""The skirmish pipeline: options -> warbands -> table -> its reading -> Skirmish.

Two seeded streams: the table rolls on ``Dice(seed)``, as ``mapgen battlefield`` would with the same
seed (or on the next seed of :func:`.table.table_seeds` when that layout leaves a feature to the
players), and the warband draft draws from ``Dice(f"{seed}-warbands")``, so more points or other races
change the warbands and never the table (unless the table's size follows the points).
"""

from __future__ import annotations

from ..dice import Dice
from . import tables as T
from .model import Skirmish
from .options import SkirmishOptions
from .table import lay_table, read_table
from .warbands import warbands


def generate_skirmish(opts: SkirmishOptions, dice: Dice | None = None) -> Skirmish:
    """Check the options, draft both warbands, lay the table and read it; raises InfeasibleError on bad options.

    ``dice`` replaces the table's seeded dice (tests inject faces with ScriptedDice)."""
    opts.check()
    bands = warbands(opts, Dice(f"{opts.seed}-warbands").rng)
    b = lay_table(opts, dice)
    features, walls = read_table(b)
    rulings = {r.key: opts.ruling(r.key) for r in T.RULINGS}
    return Skirmish(opts.seed, opts.points, rulings, bands, b, features, walls)
