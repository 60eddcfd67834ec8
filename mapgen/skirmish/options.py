"""What a skirmish is made from: the options the command line gives, checked before any die is rolled."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..battlefield import rules as BR
from ..errors import InfeasibleError
from . import tables as T

#: [DEV] Points per warband when none are given: about ten figures a side on a 60 x 60 cm table.
DEFAULT_POINTS = 400
#: The most points a warband may have: some forty figures a side already crowd a 90 x 90 cm table.
MAX_POINTS = 2000
DEFAULT_RACES = ("humans", "orcs")
#: [DEV] The table when none is given: 60 x 60 cm (2 ft) up to this many points a side, else 90 x 90 cm (3 ft).
SMALL_TABLE_POINTS = 400
SMALL_TABLE, LARGE_TABLE = (60, 60), (90, 90)
#: Terrains a skirmish table takes: the battlefield's, less the mountain square (a 120 x 60 cm table of its own, FW-10.5).
TERRAINS = tuple(t for t in BR.TERRAINS if t != "mountain")


@dataclass(frozen=True)
class SkirmishOptions:
    seed: int | str = 0
    points: int = DEFAULT_POINTS
    races: tuple[str, str] = DEFAULT_RACES
    table: tuple[float, float] | None = None  # width x depth in cm; None: by the points
    terrain: str | None = None  # None: rolled (FW-11.2, FW-11.5)
    #: SK-A choices by ruling key (``tables.RULINGS``); a key left out takes the digest's choice.
    rulings: dict[str, str] = field(default_factory=dict)

    def ruling(self, key: str) -> str:
        return self.rulings.get(key, T.RULING_BY_KEY[key].default)

    def table_size(self) -> tuple[float, float]:
        if self.table is not None:
            return self.table
        return SMALL_TABLE if self.points <= SMALL_TABLE_POINTS else LARGE_TABLE

    def check(self) -> None:
        """Raise InfeasibleError (a usage error: exit 2) naming the rule an option breaks."""
        if len(self.races) != 2:
            raise InfeasibleError("SK-1", f"give two races, one per warband (got {len(self.races)})")
        for race in self.races:
            if race not in T.RACES:
                raise InfeasibleError("SK-1", f"unknown race {race!r}; known races: {', '.join(T.RACES)}")
        if isinstance(self.points, bool) or not isinstance(self.points, int) or not 1 <= self.points <= MAX_POINTS:
            raise InfeasibleError("SK-1", f"{self.points!r} points: give a whole number from 1 to {MAX_POINTS}")
        for key, value in self.rulings.items():
            ruling = T.RULING_BY_KEY.get(key)
            if ruling is None:
                raise InfeasibleError("SK-A", f"unknown ruling {key!r}; the rulings are {', '.join(T.RULING_BY_KEY)}")
            if value not in dict(ruling.choices):
                raise InfeasibleError(ruling.id, f"{key}={value!r}: choose from {', '.join(v for v, _ in ruling.choices)}")
        if self.terrain is not None and self.terrain not in TERRAINS:
            raise InfeasibleError("FW-10.5", f"unknown skirmish terrain {self.terrain!r}: choose from {', '.join(TERRAINS)}")
        lo, hi = BR.SCALES["skirmish"].table_limits
        w, d = self.table_size()
        if not lo <= d <= w <= hi:
            raise InfeasibleError("SK", f"table {w:g} x {d:g} cm: a skirmish table is {lo:g} x {lo:g} to {hi:g} x {hi:g} cm, the long edge first")
