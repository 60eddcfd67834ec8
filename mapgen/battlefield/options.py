"""What a battle is fought on: the options a campaign square or the command line gives."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InfeasibleError
from . import rules as R
from . import scenarios as S

#: Optional markers a player may ask for: MED-2 ambush hiding places, MED-6 landing points.
MARKS = ("hiding_places", "landing_points")


@dataclass
class BattleOptions:
    seed: int | str = 0
    terrain: str | None = None  # one of rules.TERRAINS (or "jungle" from a map); None: roll it
    river: bool = False
    tributaries: int = 0  # more watercourses, each flowing into the first (FW-11.1: all are placed)
    road: bool = False
    bridge: bool = False
    ford: bool = False
    works: tuple[str, ...] = ()  # campaign-square features (works.MAP_WORKS keys)
    holding: str | None = None  # e.g. "capital of side A"
    holding_feature: str | None = None  # FW-3.4 outcome
    climate: str = "temperate"
    region: str | None = None  # the campaign's geographic type (FW-11.2, AMB-73)
    coast: bool = False  # the square touches the sea (FW-21.6 inlet)
    scenario: str = "auto"
    orders: dict = field(default_factory=dict)
    situation: S.Situation | None = None
    table: tuple[float, float] | None = None
    marks: frozenset = frozenset()
    map_name: str | None = None
    square: str | None = None
    #: The Renaissance scenarios' measuring unit (RC-0.2) in cm; None: :data:`.renaissance.UDM_CM` [DEV].
    udm_cm: float | None = None
    #: Who plays each side, e.g. ``{"A": "P1 Alfonso (Milan)"}``: added to the roles and the instructions.
    names: dict = field(default_factory=dict)
    #: FW-10.6 notes force by force for a side whose forces fight in different states, e.g.
    #: ``{"A": ("A2 is Confused (FW-10.6): ...",)}``: they replace the side-wide note of ``orders``.
    deployment: dict = field(default_factory=dict)
    #: ``rules.SCALES``: "army" (Fantasy Warriors' tables) or "skirmish" (SK, 60 x 60 to 90 x 90 cm, denser terrain).
    scale: str = "army"

    def check(self) -> None:
        if self.terrain is not None and self.terrain not in R.TERRAINS + ("jungle",):
            raise InfeasibleError("FW-10.5", f"unknown terrain {self.terrain!r}: choose from {', '.join(R.TERRAINS)}")
        if self.scenario != "auto" and self.scenario not in S.SCENARIOS:
            raise InfeasibleError("FW-23", f"unknown scenario {self.scenario!r}: choose from {', '.join(S.SCENARIOS)} or auto")
        if self.tributaries < 0 or (self.tributaries and not self.river):
            raise InfeasibleError("FW-11.1", f"{self.tributaries} tributaries need a river to flow into")
        if self.udm_cm is not None and not 0 < self.udm_cm <= 100:
            raise InfeasibleError("RC-0.2", f"a udm of {self.udm_cm:g} cm: give the tactical rules' unit, more than 0 and at most 100 cm")
        if self.scale not in R.SCALES:
            raise InfeasibleError("FW-0.2", f"unknown table scale {self.scale!r}: choose from {', '.join(R.SCALES)}")
        if self.table is not None:
            lo, hi = R.SCALES[self.scale].table_limits
            w, d = self.table
            if not (lo <= d <= w <= hi):
                raise InfeasibleError("FW-0.2", f"table {w:g} x {d:g} cm: give width x depth with the long edge first, each {lo:g} to {hi:g} cm{'' if self.scale == 'army' else f' at {self.scale} scale'}")
