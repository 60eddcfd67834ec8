"""What a player asks of the map generator, checked before any die is rolled."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..sides import fw_side_style
from .rules import CAMPAIGN_SIZES, PORT_CHOICES, RACES

#: Default grid per campaign size (columns x rows), sized so the holdings
#: rules fit with room to spare: each outer third holds the capital and the
#: holdings three squares apart even where forests and mountains take ground.
DEFAULT_GRID = {"small": (12, 8), "medium": (15, 10), "large": (21, 14)}
MIN_SIDE, MAX_SIDE = 3, 400
MAX_HOLDINGS = 60
#: Each side's name and colour on the map, the table's (:mod:`mapgen.sides`, FW-1.1: A red, B blue).
SIDE_COLOURS = {side: (fw_side_style(side).name, fw_side_style(side).color) for side in ("A", "B")}


class OptionError(ValueError):
    """A bad option: the CLI reports it as a usage error (exit 2)."""


@dataclass(frozen=True)
class MapOptions:
    """What the player asked of a campaign map (the CLI's options), checked by :meth:`check`."""

    seed: int | str = 0
    size: str = "medium"
    width: int | None = None
    height: int | None = None
    holdings: int | None = None  # minor holdings per side (besides the capital)
    races: tuple[str, ...] = ("humans", "humans")
    square_mm: float = 50.0
    configurations: bool = True
    #: ``--watercraft`` (FW-20, FW-2.5 item 9): mark ports, navigable stretches, obstacles and reefs.
    watercraft: bool = False
    #: ``--ports`` (FW-20.2), with ``watercraft`` only: one of :data:`~.rules.PORT_CHOICES`.
    ports: str = "auto"
    extra: dict = field(default_factory=dict)

    def grid(self) -> tuple[int, int]:
        w, h = DEFAULT_GRID[self.size]
        return self.width or w, self.height or h

    def minor_holdings(self) -> int:
        return CAMPAIGN_SIZES[self.size] if self.holdings is None else self.holdings

    def check(self) -> "MapOptions":
        if self.size not in CAMPAIGN_SIZES:
            raise OptionError(f"unknown campaign size {self.size!r}: use one of {', '.join(CAMPAIGN_SIZES)}")
        w, h = self.grid()
        for name, v in (("width", w), ("height", h)):
            if not MIN_SIDE <= v <= MAX_SIDE:
                raise OptionError(f"--{name} must be from {MIN_SIDE} to {MAX_SIDE} squares, not {v}")
        if not 0 <= self.minor_holdings() <= MAX_HOLDINGS:
            raise OptionError(f"--holdings must be from 0 to {MAX_HOLDINGS}, not {self.minor_holdings()}")
        if len(self.races) != 2:
            raise OptionError(f"--races needs two races, one per side (got {len(self.races)}): e.g. dwarves,orcs")
        for race in self.races:
            if race not in RACES:
                raise OptionError(f"unknown race {race!r}; known races: {', '.join(RACES)}")
        if self.ports not in PORT_CHOICES:
            raise OptionError(f"--ports must be one of {', '.join(PORT_CHOICES)}, not {self.ports!r}")
        if not 5 <= self.square_mm <= 200:
            raise OptionError(f"--square-mm must be from 5 to 200, not {self.square_mm}")
        return self
