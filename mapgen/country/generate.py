"""Several countries side by side on a grid of sheets, joined at border crossings (RC-1.7).

Each sheet marks two or three crossing points (a logged roll) on every edge
it shares with another sheet, taken from the border points of that side
(RC-A.36: the side of the first-ring road they descend from), nearest the
shared edge first.  Facing crossing points are paired in order along the
edge; when one side has three and the other two, one point takes two
crossings, so every shared edge carries two or three crossings.  This
replaces the all-to-all linking the digest's RC-1.7 offers.
"""

from __future__ import annotations

import math
from itertools import combinations

import networkx as nx
from shapely.geometry import LineString, Polygon

from ..dice import Dice
from ..errors import MapgenError
from ..grid import col_letters
from ..tables import roll_on
from .model import Country, CountryMap
from .geometry import point_segment_distance, segments_cross
from .procedure import Sheet, draw_country
from .rules import CROSSING_POINTS, DEFAULT_SHEET, SHEETS, TAX, WALLS

MAX_COUNTRIES = 64

#: Period names for generated countries; the dice's generator deals them out.
COUNTRY_NAMES = (
    "Duchy of Valdarno", "Republic of Serravalle", "Marquisate of Montefeltro", "County of Roccalta",
    "Duchy of Belcastro", "Lordship of Pietrasanta", "Republic of Portovecchio", "Marquisate of Castelmonte",
    "County of Valfonda", "Duchy of Aurigo", "Signoria of Torrechiara", "Principality of Salvarosa",
    "Duchy of Montebruno", "Republic of Lagomare", "County of Fiorenzuola", "Marquisate of Ventimonti",
    "Lordship of Casalbordino", "Duchy of Orsara", "County of Bellagrande", "Republic of Acquaviva",
    "Duchy of Altavilla", "Marquisate of Rivalta", "County of Castrocaro", "Principality of Monterosso",
)
#: Which edge of a sheet faces each neighbour, and the side a border point there belongs to.
FACING = {"E": "W", "W": "E", "S": "N", "N": "S"}


class CountryOptionError(ValueError):
    """A bad --countries / --neutrals / --sheet value (a usage error)."""


def check_options(countries: int, neutrals: int, sheet: str) -> None:
    if countries < 1:
        raise CountryOptionError(f"--countries must be at least 1, not {countries}")
    if countries > MAX_COUNTRIES:
        raise CountryOptionError(f"--countries must be at most {MAX_COUNTRIES}, not {countries}")
    if neutrals < 0:
        raise CountryOptionError(f"--neutrals cannot be negative ({neutrals})")
    if countries + neutrals > MAX_COUNTRIES:
        raise CountryOptionError(f"--countries plus --neutrals must be at most {MAX_COUNTRIES}, not {countries + neutrals}")
    if sheet.lower() not in SHEETS:
        raise CountryOptionError(f"unknown --sheet {sheet!r}: use one of {', '.join(SHEETS)}")


def sheet_grid(total: int) -> tuple[int, int]:
    """Columns and rows of sheets: as square as possible, filled row by row."""
    cols = math.ceil(math.sqrt(total))
    return cols, math.ceil(total / cols)


def generate_countries(seed: int | str, countries: int = 1, neutrals: int = 0, sheet: str = DEFAULT_SHEET) -> CountryMap:
    check_options(countries, neutrals, sheet)
    dice = Dice(seed)
    sw, sh = SHEETS[sheet.lower()]
    total = countries + neutrals
    cols, rows = sheet_grid(total)
    order = dice.rng.permutation(len(COUNTRY_NAMES)).tolist()
    g = nx.Graph()
    result: list[Country] = []
    sheets: dict[tuple[int, int], tuple[Country, Sheet]] = {}
    notes: list[str] = []
    for i in range(total):
        cid = col_letters(i)
        col, row = i % cols, i // cols
        origin = (col * sw, row * sh)
        drawing = draw_country(dice, cid, sw, sh)
        name = COUNTRY_NAMES[order[i % len(COUNTRY_NAMES)]]
        if i >= len(COUNTRY_NAMES):
            name += f" {i // len(COUNTRY_NAMES) + 1}"
        country = Country(
            cid,
            name,
            i >= countries,
            (col, row),
            origin,
            [(x + origin[0], y + origin[1]) for x, y in drawing.border],
            drawing.capital,
        )
        for p in drawing.places.values():
            g.add_node(
                p.id,
                kind=p.kind,
                country=cid,
                pos=(p.pos[0] + origin[0], p.pos[1] + origin[1]),
                walls=WALLS[p.kind],
                income=TAX[p.kind],
                depth=p.depth,
                side=p.side,
            )
        for a, b in drawing.roads:
            g.add_edge(a, b, length_mm=math.dist(drawing.places[a].pos, drawing.places[b].pos), country=cid, crossing=False)
        notes += drawing.notes
        result.append(country)
        sheets[(col, row)] = (country, drawing)
    cm = CountryMap(seed, (sw, sh), (cols, rows), result, g, dice.log, notes)
    join(dice, cm, sheets)
    cm.options = {"countries": countries, "neutrals": neutrals, "sheet": sheet.lower(), "mode": "geometric (RC-1.6)"}
    if not nx.is_connected(g):  # pragma: no cover - every shared edge gets crossings
        raise MapgenError("the countries' road networks did not join into one")
    return cm


def join(dice: Dice, cm: CountryMap, sheets) -> None:
    """Mark crossing points on every shared edge and pair them across it."""
    used: set[str] = set()
    for (col, row), (country, _) in sorted(sheets.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        for side, (dc, dr) in (("E", (1, 0)), ("S", (0, 1))):
            other = sheets.get((col + dc, row + dr))
            if other is not None:
                _cross_edge(dice, cm, country, side, other[0], used)


#: Border points considered for one shared edge, per side (nearest the edge first).
CANDIDATES = 6
#: A crossing keeps this far from places other than its two ends.
CROSSING_CLEARANCE_MM = 3.0


def _cross_edge(dice: Dice, cm: CountryMap, a: Country, side: str, b: Country, used: set[str]) -> None:
    """Both sheets roll their crossing points on the shared edge; pair them without crossing any road."""
    g = cm.graph
    want = {}
    for c, s_, other in ((a, side, b), (b, FACING[side], a)):
        _, band = roll_on(dice, CROSSING_POINTS, f"crossing points of {c.id} on its {s_} edge, towards {other.id}")
        want[c.id] = band.data["points"]
    along = 1 if side in ("E", "W") else 0
    line = _shared_line(cm, a, side)
    cand_a = _candidates(cm, a, side, line, used)
    cand_b = _candidates(cm, b, FACING[side], line, used)
    # Everything drawn on the two sheets, including crossings already made towards third countries.
    nearby = [(u, v) for u, v in g.edges if g.nodes[u]["country"] in (a.id, b.id) or g.nodes[v]["country"] in (a.id, b.id)]
    places = [n for n in g.nodes if g.nodes[n]["country"] in (a.id, b.id)]
    inside = [Polygon(c.border).buffer(-0.5) for c in (a, b) if len(c.border) >= 3]
    clear = {(u, v): _clear(g, u, v, nearby, places, inside) for u in cand_a for v in cand_b}
    rank = {n: i for i, n in enumerate(cand_a)} | {n: i for i, n in enumerate(cand_b)}
    best = None
    for na in range(want[a.id], 0, -1):
        for nb in range(want[b.id], 0, -1):
            if max(na, nb) < 2:
                continue
            for sa in combinations(cand_a, na):
                for sb in combinations(cand_b, nb):
                    pairs = _pairs(g, sa, sb, along)
                    if all(clear[p] for p in pairs) and _untangled(g, pairs):
                        score = (na != want[a.id]) + (nb != want[b.id]), _cost(g, sa, rank) + _cost(g, sb, rank)
                        if best is None or score < best[0]:
                            best = (score, sa, sb, pairs)
            if best is not None:
                break
        if best is not None:
            break
    if best is None:
        # Nothing clear: the nearest points in order, noted so players can see why a line crosses a road.
        sa, sb = tuple(cand_a[: want[a.id]]), tuple(cand_b[: want[b.id]])
        pairs = _pairs(g, sa, sb, along)
        cm.notes.append(f"{a.id}|{b.id}: no crossing line clear of every road was found; the nearest border points are used")
    else:
        _, sa, sb, pairs = best
        if (len(sa), len(sb)) != (want[a.id], want[b.id]):
            cm.notes.append(
                f"{a.id}|{b.id}: {len(sa)} and {len(sb)} crossing points instead of {want[a.id]} and {want[b.id]}: "
                "no more border points reach the shared edge without crossing a road"
            )
    for n in sa + sb:
        g.nodes[n]["kind"] = "crossing"
        used.add(n)
    for u, v in pairs:
        g.add_edge(u, v, length_mm=math.dist(g.nodes[u]["pos"], g.nodes[v]["pos"]), country=None, crossing=True)


def _shared_line(cm: CountryMap, a: Country, side: str) -> tuple[str, float]:
    ox, oy = a.origin
    sw, sh = cm.sheet_mm
    return {"E": ("x", ox + sw), "W": ("x", ox), "S": ("y", oy + sh), "N": ("y", oy)}[side]


def _candidates(cm: CountryMap, c: Country, side: str, line, used: set[str]) -> list[str]:
    """Border points of a country for one shared edge: free ones of its own side first (RC-A.36),
    then other free ones, nearest the shared edge first; crossing points already serving
    another neighbour come last, for a country with few border points and many neighbours."""
    g = cm.graph

    def gap(n: str) -> float:
        x, y = g.nodes[n]["pos"]
        return abs((x if line[0] == "x" else y) - line[1])

    points = [n for n in cm.nodes_of(c.id) if g.nodes[n]["kind"] in ("border", "crossing")]
    return sorted(points, key=lambda n: (n in used, g.nodes[n]["side"] != side, gap(n), n))[:CANDIDATES]


def _cost(g, chosen, rank: dict[str, int]) -> int:
    """Prefer the candidates ranked first (free, own side, nearest the edge)."""
    return sum(rank[n] for n in chosen)


def _pairs(g, sa, sb, along: int) -> list[tuple[str, str]]:
    """Pair in order along the edge; the shorter list repeats a point (one point takes two crossings)."""
    a = sorted(sa, key=lambda n: (g.nodes[n]["pos"][along], n))
    b = sorted(sb, key=lambda n: (g.nodes[n]["pos"][along], n))
    k = max(len(a), len(b))
    return [(a[i * len(a) // k], b[i * len(b) // k]) for i in range(k)]


def _clear(g, u: str, v: str, edges, places, inside) -> bool:
    """A crossing line cuts no road, keeps off other places, and leaves each country only at its end."""
    pu, pv = g.nodes[u]["pos"], g.nodes[v]["pos"]
    line = LineString([pu, pv])
    if any(line.intersects(core) for core in inside):
        return False
    for p, q in edges:
        if u in (p, q) or v in (p, q):
            continue
        if segments_cross(pu, pv, g.nodes[p]["pos"], g.nodes[q]["pos"]):
            return False
    return all(n in (u, v) or point_segment_distance(g.nodes[n]["pos"], pu, pv) >= CROSSING_CLEARANCE_MM for n in places)


def _untangled(g, pairs) -> bool:
    for i, (u, v) in enumerate(pairs):
        for x, y in pairs[i + 1 :]:
            if {u, v} & {x, y}:
                continue
            if segments_cross(g.nodes[u]["pos"], g.nodes[v]["pos"], g.nodes[x]["pos"], g.nodes[y]["pos"]):
                return False
    return True
