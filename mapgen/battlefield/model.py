"""A battlefield layout as plain data, and its JSON form (schema ``mapgen/battlefield``, version 1).

Coordinates are centimetres with the origin at the bottom-left corner as seen
from side A's long edge: x runs along the width (0 at the left short edge),
y into the depth (0 at side A's long edge, ``depth_cm`` at side B's).
Polygons are kept as shapely geometry while generating and written as one
outer ring ``[[x, y], ...]``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..dice import Roll
from ..errors import BadFileError
from ..jsonio import Reader, read

if TYPE_CHECKING:
    from shapely.geometry import Polygon

SCHEMA = "mapgen/battlefield"
VERSION = 1
#: Table edges, named as a player at side A's long edge sees them.
EDGES = ("edge_a", "edge_b", "left", "right")
EDGE_LABELS = {
    "edge_a": "side A's long edge",
    "edge_b": "side B's long edge",
    "left": "the left short edge",
    "right": "the right short edge",
}

#: What a side's escape edges mean (the plan's arrows, the setup sheet's line): (legend heading, the
#: sheet's words before the edges, the legend's).  FW-10.7's General Retreat unless the scenario is named here.
EDGE_WORDS = {
    "fw": ("Orders; arrows: General Retreat edges", "General Retreat (FW-10.7) towards", "retreat"),
    "battle": ("Orders; arrows: each side's exit edge", "Leaves the table by", "leaves by"),
    "rear_guard": ("Orders; arrows: each side's exit edge", "Leaves the table by", "leaves by"),
    "skirmish": ("Orders; arrows: where panicked figures flee", "Panicked figures (SK-A.10) flee towards", "flee"),
}


def edge_words(name: str) -> tuple[str, str, str]:
    """(legend heading, setup-sheet words, legend words) for the escape edges of scenario ``name``."""
    return EDGE_WORDS.get(name, EDGE_WORDS["fw"])


#: A feature's sides, as a player at side A's long edge sees them (``Feature.steep``).
SIDES = ("near", "right", "far", "left")
#: Levels a file may give a feature: more would not stand on any table.
MAX_LEVELS = 20


def ring(poly: Polygon) -> list[list[float]]:
    """The outer ring, rounded to a millimetre, without the closing point."""
    pts = list(poly.exterior.coords)[:-1]
    return [[_r(x), _r(y)] for x, y in pts]


def _r(v: float) -> float:
    v = round(float(v), 1)
    return 0.0 if v == 0 else (int(v) if v == int(v) else v)


@dataclass
class Source:
    """What the table was generated from."""

    map: str | None
    square: str | None
    terrain: str
    river: bool
    road: bool
    bridge: bool

    def where(self) -> str:
        """Where the table comes from: a campaign square (``D5``), a Renaissance country-map node
        (``A-7``: its ids hold a hyphen, a square's never do), or no map."""
        if not self.map:
            return "no campaign map"
        return f"{'node' if self.square and '-' in self.square else 'square'} {self.square} of {self.map}"

    def to_json(self) -> dict:
        return {"map": self.map, "square": self.square, "terrain": self.terrain, "river": self.river, "road": self.road, "bridge": self.bridge}


@dataclass
class Feature:
    kind: str
    polygon: Polygon
    size_cm: tuple[float, float]  # width (x) and depth (y) of its box; length and width for a line
    passable: bool
    difficult: bool
    on_top_of: str | None
    note: str
    rule: str
    levels: int = 0  # how many levels high it is built (0: flat, or a massif whose height does not play)
    steep: tuple[str, ...] = ()  # SIDES that are steep: neither up nor down (FW-21.3)

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "polygon": ring(self.polygon),
            "size_cm": [_r(self.size_cm[0]), _r(self.size_cm[1])],
            "passable": self.passable,
            "difficult": self.difficult,
            "on_top_of": self.on_top_of,
            "note": self.note,
            "rule": self.rule,
            "levels": self.levels,
            "steep": list(self.steep),
        }


@dataclass
class Zone:
    side: str
    polygon: Polygon
    label: str  # what the zone is for (e.g. "scouting commands within 15 cm")

    def to_json(self) -> dict:
        return {"side": self.side, "polygon": ring(self.polygon), "label": self.label}


@dataclass
class SideOrders:
    """One side's role, starting orders and General Retreat edge (FW-10.7, FW-23)."""

    side: str
    role: str
    order: str
    escape_edges: list[str]  # EDGES its units flee towards under General Retreat; empty when forbidden
    instructions: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"side": self.side, "role": self.role, "order": self.order, "escape_edges": list(self.escape_edges), "instructions": list(self.instructions)}


@dataclass
class Scenario:
    name: str
    deploys_first: str  # "A" or "B"
    orders: list[SideOrders]
    zones: list[Zone]
    rule: str = ""
    instructions: list[str] = field(default_factory=list)

    def side_orders(self, side: str) -> SideOrders:
        return next(o for o in self.orders if o.side == side)

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "rule": self.rule,
            "deploys_first": self.deploys_first,
            "orders": [o.to_json() for o in self.orders],
            "zones": [z.to_json() for z in self.zones],
            "instructions": list(self.instructions),
        }


@dataclass
class Battlefield:
    seed: int | str
    source: Source
    width_cm: float
    depth_cm: float
    scenario: Scenario
    features: list[Feature]
    dice_log: list[Roll]
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "generator": "mapgen battlefield",
            "seed": self.seed,
            "source": self.source.to_json(),
            "table": {"width_cm": _r(self.width_cm), "depth_cm": _r(self.depth_cm)},
            "scenario": self.scenario.to_json(),
            "features": [f.to_json() for f in self.features],
            "notes": list(self.notes),
            "dice_log": [r.to_json() for r in self.dice_log],
        }

    @classmethod
    def from_json(cls, data: dict) -> "Battlefield":
        """Rebuild a layout from ``battlefield.json``; a bad field raises BadFileError naming it."""
        top = Reader(data, "")
        src = top.obj("source")
        nullable = (str, type(None))
        source = Source(
            src.get("map", nullable, "a string or null"),
            src.get("square", nullable, "a string or null"),
            src.str("terrain"),
            src.bool("river"),
            src.bool("road"),
            src.bool("bridge"),
        )
        table = top.obj("table")
        width = table.number("width_cm", above=0)
        depth = table.number("depth_cm", above=0)
        sc = top.obj("scenario")
        orders = [
            SideOrders(o.str("side"), o.str("role"), o.str("order"), [str(e) for e in o.list("escape_edges")], [str(i) for i in o.list("instructions", default=[])])
            for o in sc.items("orders")
        ]
        zones = [Zone(z.str("side"), _poly(z), z.str("label", default="")) for z in sc.items("zones")]
        scenario = Scenario(sc.str("name"), sc.str("deploys_first"), orders, zones, sc.str("rule", default=""), [str(i) for i in sc.list("instructions", default=[])])
        features = []
        for f in top.items("features"):
            size = f.list("size_cm")
            if len(size) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in size):
                raise BadFileError(f"field '{f.where}.size_cm' should be [width, depth]")
            features.append(
                Feature(
                    f.str("kind"),
                    _poly(f),
                    (float(size[0]), float(size[1])),
                    f.bool("passable"),
                    f.bool("difficult"),
                    f.get("on_top_of", nullable, "a kind or null"),
                    f.str("note", default=""),
                    f.str("rule", default=""),
                    f.int("levels", low=0, high=MAX_LEVELS, default=0),
                    _steep(f),
                )
            )
        dice_log = []
        for i, r in enumerate(top.list("dice_log", default=[])):
            try:
                dice_log.append(Roll.from_json(r))
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise BadFileError(f"field 'dice_log[{i}]' is malformed ({exc})") from None
        return cls(data.get("seed", 0), source, width, depth, scenario, features, dice_log, [str(n) for n in top.list("notes", default=[])])


def _steep(reader: Reader) -> tuple[str, ...]:
    """The steep sides, in SIDES order; a file older than the field has none."""
    sides = reader.list("steep", default=[])
    if not all(isinstance(s, str) and s in SIDES for s in sides):
        raise BadFileError(f"field '{reader.where}.steep' should list sides among {', '.join(SIDES)}")
    return tuple(s for s in SIDES if s in sides)


def _poly(reader: Reader) -> Polygon:
    pts = reader.list("polygon")
    ok = len(pts) >= 3 and all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in p)
        for p in pts
    )
    if not ok:
        raise BadFileError(f"field '{reader.where}.polygon' should be a list of at least three [x_cm, y_cm] points")
    from shapely.geometry import Polygon  # here: a campaign command imports this module and reads no battlefield

    return Polygon(pts)


def read_battlefield(path):
    """The ``battlefield.json`` at ``path``: JSON Schema, then fields; every error names the file and the field."""
    return read(path, SCHEMA, Battlefield.from_json)
