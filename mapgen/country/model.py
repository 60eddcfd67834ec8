"""The Renaissance country map as plain data: a ``networkx.Graph`` plus the countries.

Nodes carry ``kind``, ``country``, ``pos`` (millimetres on the combined
drawing, y southwards), ``walls``, ``income`` (ducats a year, RC-3.2),
``depth`` (RC-1.3), ``side`` (the compass side of the first-ring road a
node descends from, RC-A.36), and ``rule`` and ``roll``: what decided the
node's kind (the Tabella 27 roll's ``seq`` in the dice log, or the rule that
made a border point without a roll), and ``name`` (a settlement's, from the
names stage; None for border and crossing points and in older files).  Edges carry ``length_mm``, ``country``
(None for a border crossing) and ``crossing``; a crossing also carries its
drawn ``path``.  Exits (crossing points on a sheet edge with no neighbour
yet, RC-1.7) are listed apart.  ``country.json`` (schema ``mapgen/country``,
version 1) is the public contract.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import networkx as nx

from ..dice import Roll, rolls_from_json
from ..errors import BadFileError
from ..jsonio import Reader, read
from .rules import NODE_KINDS

SCHEMA = "mapgen/country"
VERSION = 1
#: RC-1.7, RC-A.5: how the countries join; ``abstract`` (the default) every crossing point to every other
#: country's, ``grid`` only the facing edges of neighbouring sheets.
TOPOLOGIES = ("abstract", "grid")


@dataclass
class Country:
    id: str
    name: str
    neutral: bool
    sheet: tuple[int, int]  # (column, row) in the grid of sheets
    origin: tuple[float, float]  # top-left corner of its sheet on the combined drawing, mm
    border: list[tuple[float, float]]  # closed outline (first point not repeated), mm
    capital: str  # node id
    #: RC-1.7 per sheet edge (E, S, W, N): {"rolled": 2|3, "toward": country id or None, "nodes": [...]},
    #: the nodes in order along the edge (west to east, north to south).
    crossing_points: dict[str, dict] = field(default_factory=dict)


@dataclass
class Exit:
    """A crossing point on a sheet edge with no neighbouring sheet: the way to a country added later."""

    node: str
    country: str
    edge: str  # N, E, S or W: the sheet edge it leads off
    path: list[tuple[float, float]]  # from the node to just inside that edge, mm


@dataclass
class CountryMap:
    seed: int | str
    sheet_mm: tuple[float, float]
    grid: tuple[int, int]  # (columns, rows) of sheets
    countries: list[Country]
    graph: nx.Graph
    dice_log: list[Roll] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    options: dict = field(default_factory=dict)
    exits: list[Exit] = field(default_factory=list)

    @property
    def topology(self) -> str:
        """How the countries join (RC-1.7, RC-A.5): ``abstract`` or ``grid``; a file that does not say is ``grid``, as every map was before."""
        return self.options.get("topology", "grid")

    def crossing_links(self) -> dict[str, tuple[str, ...]]:
        """Crossing point -> the crossing points one step away that the graph's edges do not give (RC-1.7, RC-A.5).

        ``grid``: none, the drawn crossings (edges) are all the links.  ``abstract``:
        every crossing point of every other country, kept out of the graph and the
        file (all to all is thousands of edges on a large map) and made here instead.
        """
        if self.topology != "abstract":
            return {}
        g = self.graph
        points = [(n, d["country"]) for n, d in g.nodes(data=True) if d["kind"] == "crossing"]
        return {n: tuple(sorted(m for m, mc in points if mc != c and not g.has_edge(n, m))) for n, c in points}

    @property
    def size_mm(self) -> tuple[float, float]:
        return self.grid[0] * self.sheet_mm[0], self.grid[1] * self.sheet_mm[1]

    def country(self, cid: str) -> Country:
        return next(c for c in self.countries if c.id == cid)

    def nodes_of(self, cid: str) -> list[str]:
        return [n for n, d in self.graph.nodes(data=True) if d["country"] == cid]

    def summary(self) -> list[dict]:
        """Per country: how many of each kind of node, and the yearly tax income."""
        out = []
        for c in self.countries:
            counts: dict[str, int] = {}
            income = 0
            for n in self.nodes_of(c.id):
                d = self.graph.nodes[n]
                counts[d["kind"]] = counts.get(d["kind"], 0) + 1
                income += d["income"]
            out.append({"country": c.id, "name": c.name, "neutral": c.neutral, "counts": counts, "income": income})
        return out

    # -- JSON -------------------------------------------------------------
    def to_json(self) -> dict:
        g = self.graph
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "generator": "mapgen country",
            "seed": self.seed,
            "sheet_mm": list(self.sheet_mm),
            "grid": list(self.grid),
            "options": self.options,
            "countries": [
                {
                    "id": c.id,
                    "name": c.name,
                    "neutral": c.neutral,
                    "sheet": list(c.sheet),
                    "origin_mm": [round(c.origin[0], 2), round(c.origin[1], 2)],
                    "border": [[round(x, 2), round(y, 2)] for x, y in c.border],
                    "capital": c.capital,
                    "crossing_points": {
                        side: {"rolled": e["rolled"], "toward": e["toward"], "nodes": list(e["nodes"])}
                        for side, e in c.crossing_points.items()
                    },
                }
                for c in self.countries
            ],
            "nodes": [
                {
                    "id": n,
                    "kind": d["kind"],
                    "country": d["country"],
                    "x_mm": round(d["pos"][0], 2),
                    "y_mm": round(d["pos"][1], 2),
                    "walls": d["walls"],
                    "income": d["income"],
                    "depth": d["depth"],
                    "side": d.get("side"),
                    "rule": d.get("rule"),
                    "roll": d.get("roll"),
                    "name": d.get("name"),
                }
                for n, d in g.nodes(data=True)
            ],
            "edges": [
                {
                    "a": a,
                    "b": b,
                    "length_mm": round(d["length_mm"], 2),
                    "crossing": d["crossing"],
                    "country": d["country"],
                    **({"path": _points(d["path"])} if d.get("path") else {}),
                }
                for a, b, d in g.edges(data=True)
            ],
            "exits": [{"node": x.node, "country": x.country, "edge": x.edge, "path": _points(x.path)} for x in self.exits],
            "summary": self.summary(),
            "notes": list(self.notes),
            "dice_log": [r.to_json() for r in self.dice_log],
        }

    @classmethod
    def from_json(cls, data: dict) -> "CountryMap":  # noqa: C901 - one reader per field
        top = Reader(data, "")
        countries = []
        ids = set()
        for c in top.items("countries"):
            border = c.list("border")
            if not all(_is_pair(p, (int, float)) for p in border):
                raise BadFileError(f"field '{c.where}.border' should be a list of [x_mm, y_mm]")
            sheet = _pair(c, "sheet", WHOLE, [0, 0])
            origin = _pair(c, "origin_mm", NUMBER, [0, 0])
            country = Country(
                c.str("id"),
                c.str("name", default=c.str("id")),
                c.bool("neutral"),
                (int(sheet[0]), int(sheet[1])),
                (float(origin[0]), float(origin[1])),
                [(float(x), float(y)) for x, y in border],
                c.str("capital"),
                _crossing_points(c),
            )
            countries.append(country)
            ids.add(country.id)
        g = nx.Graph()
        for n in top.items("nodes"):
            nid = n.str("id")
            g.add_node(
                nid,
                kind=n.str("kind", set(NODE_KINDS)),
                country=n.str("country", ids),
                pos=(n.number("x_mm"), n.number("y_mm")),
                walls=n.bool("walls"),
                income=n.int("income", 0),
                depth=n.int("depth", 0),
                side=n.get("side", (str, type(None)), "a compass side or null", None),
                rule=n.get("rule", (str, type(None)), "a rule ID or null", None),
                roll=n.get("roll", (int, type(None)), "a roll's seq or null", None),
            )
            name = n.get("name", (str, type(None)), "a place name or null", None)
            if name is not None:  # only settlements have one, and none in a file from before names
                g.nodes[nid]["name"] = name
        for e in top.items("edges"):
            a, b = e.str("a"), e.str("b")
            for end in (a, b):
                if end not in g:
                    raise BadFileError(f"field '{e.where}' names node {end!r}, which is not in 'nodes'")
            pa, pb = g.nodes[a]["pos"], g.nodes[b]["pos"]
            g.add_edge(
                a,
                b,
                length_mm=e.number("length_mm", 0, default=math.dist(pa, pb)),
                crossing=e.bool("crossing"),
                country=e.get("country", (str, type(None)), "a country id or null", None),
            )
            if "path" in e.data:
                g.edges[a, b]["path"] = _read_points(e.list("path"), f"{e.where}.path")
        exits = []
        for x in top.items("exits") if "exits" in data else []:
            node = x.str("node")
            if node not in g:
                raise BadFileError(f"field '{x.where}.node' names node {node!r}, which is not in 'nodes'")
            exits.append(Exit(node, x.str("country", ids), x.str("edge", {"N", "E", "S", "W"}), _read_points(x.list("path"), f"{x.where}.path")))
        for c in countries:
            if c.capital not in g:
                raise BadFileError(f"country {c.id}: capital {c.capital!r} is not in 'nodes'")
        log = rolls_from_json(top.list("dice_log", default=[]))
        options = data.get("options")
        if isinstance(options, dict) and options.get("topology", "grid") not in TOPOLOGIES:
            raise BadFileError(f"field 'options.topology' is {options['topology']!r}, expected one of {', '.join(TOPOLOGIES)}")
        sheet_mm = _pair(top, "sheet_mm", NUMBER, [297, 210])
        grid = _pair(top, "grid", WHOLE, [1, 1])
        return cls(
            seed=data.get("seed", 0),
            sheet_mm=(float(sheet_mm[0]), float(sheet_mm[1])),
            grid=(int(grid[0]), int(grid[1])),
            countries=countries,
            graph=g,
            dice_log=log,
            notes=[str(n) for n in top.list("notes", default=[])],
            options=options if isinstance(options, dict) else {},
            exits=exits,
        )


def _is_pair(value, kind) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, kind) and not isinstance(v, bool) and math.isfinite(v) for v in value)
    )


#: What ``_pair`` accepts: whole numbers, or any numbers.
WHOLE, NUMBER = (int,), (int, float)


def _pair(reader: Reader, key: str, kinds: tuple, default: list) -> list:
    """Two finite numbers of ``kinds`` (WHOLE or NUMBER), e.g. ``sheet_mm``; a bad value raises BadFileError
    naming the field."""
    value = reader.list(key, default=default)
    if not _is_pair(value, kinds):
        field = f"{reader.where}.{key}" if reader.where else key
        raise BadFileError(f"field '{field}' should be two {'whole numbers' if kinds == WHOLE else 'numbers'}")
    return value


def read_country_map(path):
    """The ``country.json`` at ``path``: JSON Schema, then fields; every error names the file and the field."""
    return read(path, SCHEMA, CountryMap.from_json)


def _points(path) -> list[list[float]]:
    return [[round(x, 2), round(y, 2)] for x, y in path]


def _read_points(items, where: str) -> list[tuple[float, float]]:
    if not all(isinstance(p, list) and len(p) == 2 and all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in p) for p in items):
        raise BadFileError(f"field '{where}' should be a list of [x_mm, y_mm] finite numbers")
    return [(float(x), float(y)) for x, y in items]


def _crossing_points(c) -> dict[str, dict]:
    raw = c.data.get("crossing_points", {})
    if not isinstance(raw, dict) or not all(
        side in ("N", "E", "S", "W") and isinstance(e, dict) and isinstance(e.get("nodes"), list) for side, e in raw.items()
    ):
        raise BadFileError(f"field '{c.where}.crossing_points' should map N, E, S, W to {{rolled, toward, nodes}}")
    return {side: {"rolled": e.get("rolled"), "toward": e.get("toward"), "nodes": [str(n) for n in e["nodes"]]} for side, e in raw.items()}
