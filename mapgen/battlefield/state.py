"""The table being set up: every fact a stage hands to a later one, declared here.

A stage reads and extends this one object; nothing is attached to it on the
fly, so what a stage may rely on is visible from this file alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from shapely.geometry import LineString, Point

from ..dice import Dice
from .options import BattleOptions
from .placement import Item, Layout
from .scenarios import ScenarioPlan


@dataclass
class Ground:
    """What the table is: its terrain word, its geographic type and what the dice said about it."""

    terrain: str  # plain, hills, mountain, mountainous, forest, jungle, swamp, desert, cultivated, uncultivated
    geo: str  # flat, hilly, mountainous, or mountain (the FW-10.5 mountain square)
    rolled: bool  # no campaign map: each player rolls a configuration too (AMB-31)
    forced_wood: str | None = None  # the wood of FW-11.5 result 4: "wood" or "enchanted_wood"
    mountain_features: int | None = None  # FW-10.5: a mountain square's table holds 1D6 terrain features

    @property
    def mountains(self) -> bool:
        """A mountain square or a mountainous region: streams, passes and glaciers belong here."""
        return self.geo in ("mountain", "mountainous")


@dataclass
class TableState:
    opts: BattleOptions
    dice: Dice
    ground: Ground
    plan: ScenarioPlan
    layout: Layout
    notes: list[str] = field(default_factory=list)
    # the lines: the first watercourse, the road or the mountain pass, and the crossings on them
    river: int | None = None
    river_line: LineString | None = None
    river_axis: str = "y"  # "y": from side A's edge to side B's; "x": from short edge to short edge
    road: int | None = None
    road_line: LineString | None = None
    road_axis: str = "x"
    mountain_pass: int | None = None
    crossings: list[int] = field(default_factory=list)
    crossing_point: Point | None = None
    #: Terrain features the scenario brings (FW-23.1 the raid's village, FW-23.5 the ambusher's cover),
    #: so a mountain square's note can name the scenario, not the square, when they pass its 1D6.
    scenario_count: int = 0
    #: Terrain features on the table once the scenario's and the square's own are placed (FW-10.5 counts them first).
    required_count: int = 0
    #: Farms and villages whose cultivated ground (FW-11.8) is laid once everything else stands.
    fields_for: list[tuple[str, int]] = field(default_factory=list)

    @property
    def rng(self) -> np.random.Generator:
        return self.dice.rng

    @property
    def width(self) -> float:
        return self.layout.width

    @property
    def depth(self) -> float:
        return self.layout.depth

    @property
    def items(self) -> list[Item]:
        return self.layout.items
