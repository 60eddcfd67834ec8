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

from ..battlefield.generate import BattleOptions, generate_battlefield
from ..battlefield.model import Battlefield, ring
from ..battlefield.rules import KINDS
from ..battlefield.sight import SightWall, sight_walls, why_blocks
from ..dice import Dice
from . import tables as T
from .options import SkirmishOptions


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


def lay_table(opts: SkirmishOptions, dice: Dice) -> Battlefield:
    """The battlefield generator's table at skirmish scale (it raises InfeasibleError as it does for any table)."""
    bo = BattleOptions(seed=opts.seed, terrain=opts.terrain, scenario="skirmish", table=opts.table_size(), scale="skirmish")
    return generate_battlefield(bo, dice)


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
