"""The skirmish table: the battlefield generator at skirmish scale, then what SK-3 needs marked on it.

The table is an ordinary battlefield (:func:`mapgen.battlefield.generate.generate_battlefield`
with ``scale="skirmish"`` and the ``skirmish`` scenario), so its features obey the same placement
rules and pass the same checks; it is written as ``table.json`` in the battlefield's own format.
This stage adds the skirmish's reading of each feature: cover (SK-3, -1 to hit a target in it),
what blocks line of sight (SK-3: a shot needs a line clear of terrain obstacles; the walls are
the battlefield's own, :mod:`mapgen.battlefield.sight`) and what halves movement (SK-6).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..battlefield.checks import left_to_players
from ..battlefield.generate import BattleOptions, generate_battlefield
from ..battlefield.model import Battlefield, ring
from ..battlefield.rules import KINDS
from ..battlefield.sight import SightWall, sight_walls, why_blocks
from ..dice import Dice
from . import tables as T
from .options import SkirmishOptions

#: [DEV] Layouts tried for one skirmish table before one that leaves a feature to the players is kept.
TABLE_TRIES = 6


@dataclass(frozen=True)
class TableFeature:
    """A feature as a skirmisher reads it; ``number`` is the plan's (1-based, in the battlefield's order)."""

    number: int
    kind: str
    label: str
    cover: bool  # SK-3: -1 to hit a figure in it or behind it [DEV]
    blocks_sight: str | None  # why it blocks line of sight (SK-3), or None
    halves_movement: bool  # SK-6: difficult ground, obstacles and slopes halve movement
    passable: bool

    def to_json(self, b: Battlefield) -> dict:
        f = b.features[self.number - 1]
        return {"number": self.number, "kind": self.kind, "label": self.label, "cover": self.cover,
                "blocks_sight": self.blocks_sight, "halves_movement": self.halves_movement,
                "passable": self.passable, "polygon": ring(f.polygon)}


def table_seeds(seed: int | str) -> list[int | str]:
    """The seeds a table is laid with, in turn: the skirmish's own, then ``SEED-table-2`` and on."""
    return [seed, *(f"{seed}-table-{n}" for n in range(2, TABLE_TRIES + 1))]


def lay_table(opts: SkirmishOptions, dice: Dice | None = None) -> Battlefield:
    """The battlefield generator's table at skirmish scale (it raises InfeasibleError as it does for any table).

    On a 60 cm table a rolled mountain or hill can leave no room for a wood the rules require; rather
    than hand the players a "place it by hand" note, the next seed of :func:`table_seeds` is tried, and
    the first layout that leaves nothing to the players is kept (else the one that leaves the least).
    The seed kept is the table's own (``table.json``), so ``mapgen battlefield`` could lay it again.
    ``dice``: injected dice (tests) lay one table with them, no retry."""
    def options(seed):
        return BattleOptions(seed=seed, terrain=opts.terrain, scenario="skirmish", table=opts.table_size(), scale="skirmish")

    if dice is not None:
        return generate_battlefield(options(opts.seed), dice)
    best = None
    for seed in table_seeds(opts.seed):
        b = generate_battlefield(options(seed))
        if best is None or len(left_to_players(b.notes)) < len(left_to_players(best.notes)):
            best = b
        if not left_to_players(best.notes):
            break
    return best


def read_table(b: Battlefield) -> tuple[tuple[TableFeature, ...], tuple[SightWall, ...]]:
    """Every feature's cover, sight and movement (SK-3, SK-6), and the walls that block sight."""
    features = tuple(
        TableFeature(
            i, f.kind, KINDS[f.kind].label, f.kind in T.COVER_KINDS, why_blocks(f), f.difficult or not f.passable, f.passable
        )
        for i, f in enumerate(b.features, start=1)
    )
    return features, tuple(sight_walls(b))


def wall_json(w: SightWall) -> dict:
    """A sight wall as ``skirmish.json`` records it: the plan's feature number, why, and the line in table cm."""
    return {"feature": w.feature, "kind": w.kind, "why": w.why, "blocks_movement": w.blocks_movement,
            "line": [[round(float(x), 1), round(float(y), 1)] for x, y in w.line.coords]}
