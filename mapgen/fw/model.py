"""The Fantasy Warriors campaign map as plain data, and its JSON form.

Grid quantities are numpy arrays indexed ``[row, col]``; everything else is a
small dataclass.  ``fw-map.json`` (schema ``mapgen/fw-map``, version 1) is the
public contract: the field names below are kept exactly.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np

from ..dice import Roll, rolls_from_json
from ..errors import BadFileError
from ..grid import col_letters, parse_square, square_id
from ..jsonio import Reader, _short, read
from .places import CHAIN_KINDS, REGION_KINDS, Place
from .rules import RACES, REGION, TERRAIN, TORRID_DESERT_KIND, TORRID_DESERT_PRECIPITATION

SCHEMA = "mapgen/fw-map"
VERSION = 1
MOUTHS = ("edge", "lake", "sea", "river")
#: What can sail a navigable stretch (FW-20.4): "ships" (and every minor craft), or "boats" (boats and rafts only).
CRAFTS = ("ships", "boats")
#: The obstacles along navigable water that FW-20.4 names.
OBSTACLE_KINDS = ("bridge", "lock", "reef", "shallows", "rapids", "waterfall")
CROSSING_KINDS = ("bridge", "ford")
TERRITORIES = ("A", "N", "B")
REGIONS = tuple(b.outcome for b in REGION.bands)  # FW-11.2
#: The largest grid read back, in squares per side: the largest the generator makes (``--width``/``--height``).
MAX_SIDE = 400
#: The largest printed square read back, mm (``--square-mm``).
MAX_SQUARE_MM = 200.0
#: A feature is named like ``burial_mound``.
FEATURE_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")
#: Decimals of a square's elevation in ``fw-map.json``.  ``terrain.high_mountains`` rounds the
#: same way, so a glacier the generator placed is on a high mountain for the validator too.
ELEVATION_DECIMALS = 4
RIVER_ELEVATION_DECIMALS = 6


@dataclass
class Side:
    """A side of the campaign: its id (A or B), name, race and map colour."""

    id: str
    name: str
    race: str
    color: str


@dataclass
class Climate:
    """The climatic zone and season rolled for the campaign (FW-7.2), with their precipitation."""

    zone: str
    season: str
    precipitation_modifier: int
    precipitation_kind: str
    #: The modifier and kind on desert squares: in a torrid zone deserts are left out
    #: of the season (FW-7.3.2, AMB-48); elsewhere the same as the season's.  No default:
    #: none is right for every zone and season (``climate.roll_climate`` works them out).
    desert_precipitation_modifier: int
    desert_precipitation_kind: str


@dataclass
class River:
    """A river along square edges: grid corner points from source to mouth."""

    points: list[tuple[int, int]]
    mouth: str
    #: Filled corner elevation at each point (strictly decreasing, source first).
    elevations: list[float] = field(default_factory=list)
    #: The square of the configuration (FW-11.6 result 1-2) that drew this watercourse;
    #: None for a river of the rivers stage.
    configuration: tuple[int, int] | None = None
    name: str = ""  # the names stage's; "" in a file from before names
    #: With ``--watercraft`` (FW-20.4): the navigable reaches as (first, last, craft) point indices, craft
    #: "ships" or "boats"; None on a map made without it (the file then has no such key).
    stretches: list[tuple[int, int, str]] | None = None
    #: With ``--watercraft`` (FW-20.4): (point index, kind) of each obstacle on a navigable reach.
    obstacles: list[tuple[int, str]] | None = None

    def edges(self):
        return list(zip(self.points, self.points[1:]))


@dataclass
class Crossing:
    """A bridge or a ford: where a road or a force crosses the river edge between two squares."""

    squares: tuple[tuple[int, int], tuple[int, int]]
    kind: str  # "bridge" or "ford"


@dataclass
class Road:
    """A road through its squares, in order."""

    squares: list[tuple[int, int]]


@dataclass
class Holding:
    """A holding of a side (FW-3): the capital or a minor holding, its feature and name."""

    side: str
    square: tuple[int, int]
    capital: bool
    feature: str
    detail: str | None = None  # e.g. the burial mound's object (FW-3.4.1)
    name: str = ""  # the names stage's; "" in a file from before names


@dataclass
class Config:
    """A particular terrain configuration (FW-2.5 item 5) placed on a square."""

    square: tuple[int, int]
    name: str
    category: str
    rule: str
    rolled_by: str
    territory: str
    #: For a stream, river or wadi (FW-11.6 result 1-2): "new" when it drew its own
    #: watercourse on the map, "second" when the square already had a river (the
    #: battlefield then places a second one flowing into the first, FW-11.1).
    watercourse: str | None = None


@dataclass
class FwMap:
    """A whole campaign map: the grid arrays, the placed things and every roll that made them."""

    seed: int | str
    width: int
    height: int
    square_mm: float
    climate: Climate
    region: str
    sides: list[Side]
    terrain: np.ndarray  # [row, col] terrain id
    elevation: np.ndarray  # [row, col] 0..1
    territory: np.ndarray  # [row, col] "A", "N" or "B"
    river: np.ndarray  # [row, col] bool: the square touches a river edge
    road: np.ndarray  # [row, col] bool
    features: dict[tuple[int, int], list[str]]
    rivers: list[River]
    crossings: list[Crossing]
    roads: list[Road]
    holdings: list[Holding]
    configs: list[Config]
    dice_log: list[Roll]
    notes: list[str] = field(default_factory=list)
    options: dict = field(default_factory=dict)
    chains: list[Place] = field(default_factory=list)  # mountain chains and hill ranges, named
    regions: list[Place] = field(default_factory=list)  # forests, swamps, deserts..., named
    #: With ``--watercraft`` (FW-20.2): (square, side) of each port; None on a map made without it.
    ports: list[tuple[tuple[int, int], str]] | None = None
    #: With ``--watercraft`` (FW-20.7): sea squares with reefs, islands or atolls; None without it.
    reefs: list[tuple[int, int]] | None = None

    # -- convenience ------------------------------------------------------
    def side(self, side_id: str) -> Side:
        return next(s for s in self.sides if s.id == side_id)

    def terrain_at(self, sq: tuple[int, int]) -> str:
        return str(self.terrain[sq[1], sq[0]])

    def holding_squares(self) -> list[str]:
        """Squares holding a capital or holding, in map order (the first tables players will need)."""
        seen = []
        for h in sorted(self.holdings, key=lambda h: (h.square[1], h.square[0])):
            sid = square_id(*h.square)
            if sid not in seen:
                seen.append(sid)
        return seen

    def in_bounds(self, sq: tuple[int, int]) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def long_axis(self) -> str:
        """Territory bands run across the long axis (AMB-08): 'x' when the map is wider than tall."""
        return "x" if self.width >= self.height else "y"

    # -- JSON -------------------------------------------------------------
    def to_json(self) -> dict:
        squares = []
        # The grids as Python lists first: indexing a numpy array square by square cost a tenth of fw-map's JSON
        terrain, river, road = self.terrain.tolist(), self.river.tolist(), self.road.tolist()
        territory, elevation = self.territory.tolist(), self.elevation.tolist()
        for row in range(self.height):
            for col in range(self.width):
                squares.append(
                    {
                        "id": square_id(col, row),
                        "col": col,
                        "row": row,
                        "terrain": str(terrain[row][col]),
                        "river": bool(river[row][col]),
                        "road": bool(road[row][col]),
                        "territory": str(territory[row][col]),
                        "features": list(self.features.get((col, row), [])),
                        "elevation": round(float(elevation[row][col]), ELEVATION_DECIMALS),
                    }
                )
        doc = {
            "schema": SCHEMA,
            "version": VERSION,
            "generator": "mapgen fw-map",
            "seed": self.seed,
            "width": self.width,
            "height": self.height,
            "square_mm": self.square_mm,
            "region": self.region,
            "climate": {
                "zone": self.climate.zone,
                "season": self.climate.season,
                "precipitation_modifier": self.climate.precipitation_modifier,
                "precipitation_kind": self.climate.precipitation_kind,
                "desert_precipitation_modifier": self.climate.desert_precipitation_modifier,
                "desert_precipitation_kind": self.climate.desert_precipitation_kind,
            },
            "sides": [{"id": s.id, "name": s.name, "race": s.race, "color": s.color} for s in self.sides],
            "options": self.options,
            "squares": squares,
            "rivers": [
                {
                    "points": [list(p) for p in r.points],
                    "mouth": r.mouth,
                    # Six decimals: every step down a river drops at least rivers.EPSILON
                    # (1e-4), so rounding never makes two points level in the file.
                    "elevations": [round(e, RIVER_ELEVATION_DECIMALS) for e in r.elevations],
                    "configuration": square_id(*r.configuration) if r.configuration else None,
                    "name": r.name,
                    **waterway_json(r),
                }
                for r in self.rivers
            ],
            "crossings": [
                {"squares": [square_id(*c.squares[0]), square_id(*c.squares[1])], "kind": c.kind}
                for c in self.crossings
            ],
            "roads": [{"squares": [square_id(*s) for s in r.squares]} for r in self.roads],
            "holdings": [
                {
                    "side": h.side,
                    "square": square_id(*h.square),
                    "capital": h.capital,
                    "feature": h.feature,
                    "detail": h.detail,
                    "name": h.name,
                }
                for h in self.holdings
            ],
            "chains": [p.to_json() for p in self.chains],
            "regions": [p.to_json() for p in self.regions],
            "configurations": [
                {
                    "square": square_id(*c.square),
                    "name": c.name,
                    "category": c.category,
                    "rule": c.rule,
                    "rolled_by": c.rolled_by,
                    "territory": c.territory,
                    "watercourse": c.watercourse,
                }
                for c in self.configs
            ],
            "notes": list(self.notes),
            "dice_log": [r.to_json() for r in self.dice_log],
        }
        if self.ports is None and self.reefs is None:  # a map made without --watercraft keeps its bytes
            return doc
        water = {}
        if self.ports is not None:
            water["ports"] = [{"square": square_id(*sq), "side": side} for sq, side in self.ports]
        if self.reefs is not None:
            water["reefs"] = [square_id(*sq) for sq in self.reefs]
        keys = list(doc)
        at = keys.index("holdings") + 1  # beside the holdings they belong to
        return {**{k: doc[k] for k in keys[:at]}, **water, **{k: doc[k] for k in keys[at:]}}

    @classmethod
    def from_json(cls, data: dict) -> "FwMap":
        """Rebuild a map from ``fw-map.json``; a bad field raises BadFileError naming it.

        ``jsonio.load`` checks the file against the JSON Schema first; this also stands on its own
        for data built in Python: the grid's size is checked against the number of squares before
        any array is made, and every square must appear exactly once.
        """
        top = Reader(data, "")
        width = top.int("width", 1, MAX_SIDE)
        height = top.int("height", 1, MAX_SIDE)
        entries = top.list("squares")
        if len(entries) != width * height:
            raise BadFileError(f"field 'squares' has {len(entries)} entries; a {width}x{height} map has {width * height}")
        clim = top.obj("climate")
        zone = clim.str("zone", {"cold", "temperate", "torrid"})
        modifier, kind = clim.int("precipitation_modifier", default=0), clim.str("precipitation_kind", default="")
        # A file from before the desert fields: deserts as the rules have them (FW-7.3.2, AMB-48).
        desert = (TORRID_DESERT_PRECIPITATION, TORRID_DESERT_KIND) if zone == "torrid" else (modifier, kind)
        climate = Climate(
            zone,
            clim.str("season"),
            modifier,
            kind,
            clim.int("desert_precipitation_modifier", default=desert[0]),
            clim.str("desert_precipitation_kind", default=desert[1]),
        )
        sides = []
        for s in top.items("sides"):
            sides.append(Side(s.str("id"), s.str("name", default=s.str("id")), s.str("race", set(RACES)), s.str("color", default="#000")))
        side_ids = {s.id for s in sides}
        if len(side_ids) != len(sides):
            raise BadFileError("field 'sides' names the same side twice")

        # Every square of the grid by its name: the chains, regions and roads name some 30,000 squares on a
        # 200 x 200 map, and parsing each name was half of reading the map.  Any other text is parsed.
        letters = [col_letters(c) for c in range(width)]
        named = {f"{letters[c]}{r + 1}": (c, r) for r in range(height) for c in range(width)}

        def square(reader: Reader, key: str, value=None) -> tuple[int, int]:
            text = value if value is not None else reader.str(key)
            sq = named.get(text) if type(text) is str else None
            if sq is not None:
                return sq
            try:
                sq = parse_square(text)
            except ValueError as exc:
                raise BadFileError(f"field '{reader.where}.{key}': {exc}") from None
            if not (0 <= sq[0] < width and 0 <= sq[1] < height):
                raise BadFileError(f"field '{reader.where}.{key}': square {text} is outside the {width}x{height} map")
            return sq

        grids = squares_at_once(entries, width, height)
        if grids is not None:
            terrain, elevation, territory, river, road, features = grids
        else:  # square by square, so the first wrong field is the one named
            # Every square is filled in below (or the file is refused), so no fill value is ever read.
            terrain = np.empty((height, width), dtype="<U12")
            elevation = np.zeros((height, width))
            territory = np.empty((height, width), dtype="<U1")
            river = np.zeros((height, width), bool)
            road = np.zeros((height, width), bool)
            features: dict[tuple[int, int], list[str]] = {}
            first = np.full((height, width), -1)
            for i, sq in enumerate(top.items("squares")):
                col = sq.int("col", 0, width - 1)
                row = sq.int("row", 0, height - 1)
                if first[row, col] >= 0:
                    raise BadFileError(f"field '{sq.where}' repeats square {square_id(col, row)} (first at squares[{first[row, col]}])")
                first[row, col] = i
                if sq.data.get("id") is not None and sq.str("id") != square_id(col, row):
                    raise BadFileError(f"field '{sq.where}.id' is {sq.data['id']!r} but col/row say {square_id(col, row)}")
                terrain[row, col] = sq.str("terrain", set(TERRAIN))
                territory[row, col] = sq.str("territory", set(TERRITORIES))
                river[row, col] = sq.bool("river")
                road[row, col] = sq.bool("road")
                elevation[row, col] = sq.number("elevation", 0.0, 1.0, default=0.0)
                feats = sq.list("features", default=[])
                for j, f in enumerate(feats):
                    if not (isinstance(f, str) and FEATURE_NAME.fullmatch(f)):
                        raise BadFileError(f"field '{sq.where}.features[{j}]' should be a feature name such as burial_mound, not {_short(f)}")
                if feats:
                    features[(col, row)] = list(feats)

        rivers = []
        for r in top.items("rivers"):
            pts = []
            for i, p in enumerate(r.list("points")):
                if not (isinstance(p, list) and len(p) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in p)):
                    raise BadFileError(f"field '{r.where}.points[{i}]' should be [x, y] whole numbers")
                if not (0 <= p[0] <= width and 0 <= p[1] <= height):
                    raise BadFileError(f"field '{r.where}.points[{i}]' is {p}, off the grid's corners (x 0..{width}, y 0..{height})")
                pts.append((p[0], p[1]))
            elev = r.list("elevations", default=[])
            if not all(isinstance(e, (int, float)) and not isinstance(e, bool) and math.isfinite(e) for e in elev):
                raise BadFileError(f"field '{r.where}.elevations' should be a list of finite numbers")
            elev = [float(e) for e in elev]
            made_by = r.get("configuration", (str, type(None)), "a square name or null", None)
            made_by = square(r, "configuration") if made_by is not None else None
            line = River(pts, r.str("mouth", set(MOUTHS)), elev, made_by, r.str("name", default=""))
            if "stretches" in r.data or "obstacles" in r.data:
                line.stretches, line.obstacles = read_waterway(r, len(pts))
            rivers.append(line)
        crossings = []
        for c in top.items("crossings"):
            ids = c.list("squares")
            if len(ids) != 2 or not all(isinstance(i, str) for i in ids):
                raise BadFileError(f"field '{c.where}.squares' should be two square names")
            crossings.append(Crossing((square(c, "squares", ids[0]), square(c, "squares", ids[1])), c.str("kind", set(CROSSING_KINDS))))
        roads = []
        for r in top.items("roads"):
            ids = r.list("squares")
            roads.append(Road([square(r, "squares", i if isinstance(i, str) else repr(i)) for i in ids]))
        holdings = []
        for h in top.items("holdings"):
            holdings.append(
                Holding(
                    h.str("side", side_ids),
                    square(h, "square"),
                    h.bool("capital"),
                    h.str("feature", default=""),
                    h.get("detail", (str, type(None)), "a string or null", None),
                    h.str("name", default=""),
                )
            )
        configs = []
        for c in top.items("configurations") if "configurations" in data else []:
            configs.append(
                Config(
                    square(c, "square"),
                    c.str("name"),
                    c.str("category"),
                    c.str("rule"),
                    c.str("rolled_by"),
                    c.str("territory"),
                    c.get("watercourse", (str, type(None)), '"new", "second" or null', None),
                )
            )
        def places(key: str, kinds) -> list[Place]:  # chains and regions: none in a file from before names
            return [Place.read(p, kinds, square) for p in top.items(key)] if key in data else []

        ports = None
        if "ports" in data:
            ports = [(square(p, "square"), p.str("side", side_ids)) for p in top.items("ports")]
        reefs = None
        if "reefs" in data:
            reefs = [square(top, "reefs", v if isinstance(v, str) else repr(v)) for v in top.list("reefs")]
        dice_log = rolls_from_json(top.list("dice_log", default=[]))
        seed = top.get("seed", (int, str), "a whole number or text", 0)
        if isinstance(seed, bool):
            raise BadFileError("field 'seed' should be a whole number or text, not true/false")
        notes = top.list("notes", default=[])
        for i, n in enumerate(notes):
            if not isinstance(n, str):
                raise BadFileError(f"field 'notes[{i}]' should be text, not {_short(n)}")
        return cls(
            seed=seed,
            width=width,
            height=height,
            square_mm=top.number("square_mm", above=0, high=MAX_SQUARE_MM, default=50.0),
            climate=climate,
            region=top.str("region", set(REGIONS), default="flat"),
            sides=sides,
            terrain=terrain,
            elevation=elevation,
            territory=territory,
            river=river,
            road=road,
            features=features,
            rivers=rivers,
            crossings=crossings,
            roads=roads,
            holdings=holdings,
            configs=configs,
            dice_log=dice_log,
            notes=list(notes),
            options=data.get("options", {}) if isinstance(data.get("options"), dict) else {},
            chains=places("chains", CHAIN_KINDS),
            regions=places("regions", REGION_KINDS),
            ports=ports,
            reefs=reefs,
        )


def waterway_json(river: River) -> dict:
    """A river's ``stretches`` and ``obstacles`` keys: none on a map made without ``--watercraft``."""
    if river.stretches is None and river.obstacles is None:
        return {}
    return {
        "stretches": [{"from": a, "to": b, "craft": craft} for a, b, craft in river.stretches or []],
        "obstacles": [{"at": at, "kind": kind} for at, kind in river.obstacles or []],
    }


def read_waterway(r: Reader, n_points: int) -> tuple[list[tuple[int, int, str]], list[tuple[int, str]]]:
    """A river's navigable stretches and obstacles (FW-20.4), each index checked against its ``n_points`` points."""
    stretches = []
    for s in r.items("stretches") if "stretches" in r.data else []:
        first, last = s.int("from", 0, n_points - 1), s.int("to", 0, n_points - 1)
        if first >= last:
            raise BadFileError(f"field '{s.where}': 'from' ({first}) should come before 'to' ({last}) along the river")
        stretches.append((first, last, s.str("craft", set(CRAFTS))))
    obstacles = [(o.int("at", 0, n_points - 1), o.str("kind", set(OBSTACLE_KINDS))) for o in (r.items("obstacles") if "obstacles" in r.data else [])]
    return stretches, obstacles


def squares_at_once(entries: list, width: int, height: int):
    """The squares of ``fw-map.json`` as (terrain, elevation, territory, river, road, features), read field by
    field over all squares at once; None as soon as any square is not plainly right, and then
    :meth:`FwMap.from_json` reads them one by one, so that its error names the square and the field.

    Reading 40,000 squares through a Reader, one field after another, was a third of a 200 x 200
    map's GeoJSON export.  The checks are the same: every square once, its fields of the right type
    and in range, its ``id`` (if any) its own name.
    """
    if not all(type(e) is dict for e in entries):
        return None
    none: list = []  # a square without features (a square with "features": null is refused)
    try:
        cols, rows = [e["col"] for e in entries], [e["row"] for e in entries]
        kinds, thirds = [e["terrain"] for e in entries], [e["territory"] for e in entries]
        rivers, roads = [e["river"] for e in entries], [e["road"] for e in entries]
        heights = [e.get("elevation", 0.0) for e in entries]
        feats = [e.get("features", none) for e in entries]
        if not (
            set(map(type, cols + rows)) <= {int}
            and set(map(type, rivers + roads)) <= {bool}
            and set(map(type, heights)) <= {int, float}
            and set(map(type, feats)) <= {list}
            and set(kinds) <= TERRAIN.keys()
            and set(thirds) <= set(TERRITORIES)
        ):
            return None
    except (KeyError, TypeError):  # a field missing, or a value that is no JSON scalar
        return None
    col, row = np.array(cols), np.array(rows)
    if len(entries) and not (col.min() >= 0 and col.max() < width and row.min() >= 0 and row.max() < height):
        return None
    if len(entries) and np.bincount(row * width + col, minlength=width * height).max() > 1:
        return None
    try:
        elevation_of = np.array(heights, dtype=float)
    except OverflowError:
        return None
    if not (np.isfinite(elevation_of).all() and (elevation_of >= 0.0).all() and (elevation_of <= 1.0).all()):
        return None
    letters = [col_letters(c) for c in range(width)]
    for e, c, r in zip(entries, cols, rows):
        if e.get("id") is not None and e["id"] != f"{letters[c]}{r + 1}":
            return None
    features: dict[tuple[int, int], list[str]] = {}
    for f, c, r in zip(feats, cols, rows):
        if f:
            if not all(isinstance(x, str) and FEATURE_NAME.fullmatch(x) for x in f):
                return None
            features[(c, r)] = list(f)
    terrain = np.empty((height, width), dtype="<U12")
    elevation = np.zeros((height, width))
    territory = np.empty((height, width), dtype="<U1")
    river = np.zeros((height, width), bool)
    road = np.zeros((height, width), bool)
    terrain[row, col] = kinds
    elevation[row, col] = elevation_of
    territory[row, col] = thirds
    river[row, col] = rivers
    road[row, col] = roads
    return terrain, elevation, territory, river, road, features


def read_fw_map(path) -> FwMap:
    """The map in an ``fw-map.json`` file: JSON Schema, then fields; every error names the file and the field."""
    return read(path, SCHEMA, FwMap.from_json)
