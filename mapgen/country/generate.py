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
                rule=p.rule,
                roll=p.roll,
            )
        for a, b in drawing.roads:
            g.add_edge(a, b, length_mm=math.dist(drawing.places[a].pos, drawing.places[b].pos), country=cid, crossing=False)
        notes += drawing.notes
        result.append(country)
        sheets[(col, row)] = (country, drawing)
    cm = CountryMap(seed, (sw, sh), (cols, rows), result, g, dice.log, notes)
    join(dice, cm, sheets)
    cm.options = {"countries": countries, "neutrals": neutrals, "sheet": sheet.lower(), "mode": "geometric (RC-1.6)"}
    if not nx.is_connected(cm.graph):  # pragma: no cover - every shared edge gets crossings
        raise MapgenError("the countries' road networks did not join into one")
    return cm


def join(dice: Dice, cm: CountryMap, sheets) -> None:
    """Mark crossing points on every shared edge and pair them across it.

    The rolls come first, edge by edge in reading order.  Then the lines are
    laid; a line laid early can shut a later edge's points off from their
    neighbour, so when some edge finds no clear pairing the lines are laid
    again in other orders (the rolls stay as they are) and the cleanest
    result is kept.
    """
    edges = []
    for (col, row), (country, _) in sorted(sheets.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        for side, (dc, dr) in (("E", (1, 0)), ("S", (0, 1))):
            other = sheets.get((col + dc, row + dr))
            if other is not None:
                edges.append((country, side, other[0]))
    wants = {}
    for a, side, b in edges:
        for c, s_, other in ((a, side, b), (b, FACING[side], a)):
            _, band = roll_on(dice, CROSSING_POINTS, f"crossing points of {c.id} on its {s_} edge, towards {other.id}")
            wants[(c.id, other.id)] = band.data["points"]
    orders = (edges, edges[::-1], sorted(edges, key=lambda e: e[1] != "S"), sorted(edges, key=lambda e: e[1] != "E"))
    best = None
    for order in orders:
        trial = CountryMap(cm.seed, cm.sheet_mm, cm.grid, cm.countries, cm.graph.copy())
        used: set[str] = set()
        failed = sum(not _cross_edge(trial, a, side, b, wants, used) for a, side, b in order)
        if best is None or failed < best[0]:
            best = (failed, trial)
        if not failed:
            break
    cm.graph = best[1].graph
    cm.notes += best[1].notes


#: Border points considered for one shared edge, per side (nearest the edge first),
#: and how far the search widens when none of those can be paired cleanly.
CANDIDATES = 6
MORE_CANDIDATES = 10
#: A crossing keeps this far from places other than its two ends.
CROSSING_CLEARANCE_MM = 3.0


def _cross_edge(cm: CountryMap, a: Country, side: str, b: Country, wants, used: set[str]) -> bool:
    """Pair the crossing points rolled for one shared edge without crossing any road; False if it had to."""
    g = cm.graph
    want = {a.id: wants[(a.id, b.id)], b.id: wants[(b.id, a.id)]}
    along = 1 if side in ("E", "W") else 0
    line = _shared_line(cm, a, side)
    # Everything drawn on the two sheets, including crossings already made towards third countries.
    nearby = [(u, v) for u, v in g.edges if g.nodes[u]["country"] in (a.id, b.id) or g.nodes[v]["country"] in (a.id, b.id)]
    places = [n for n in g.nodes if g.nodes[n]["country"] in (a.id, b.id)]
    cores = [Polygon(c.border).buffer(-0.5) for c in (a, b) if len(c.border) >= 3]
    # Widen the search step by step: the nearest points with every constraint first, then
    # more points, then lines that may clip a country's corner (but never cut a road).
    best = None
    for limit, inside in ((CANDIDATES, cores), (MORE_CANDIDATES, cores), (MORE_CANDIDATES, [])):
        cand_a = _candidates(cm, a, side, line, used)[:limit]
        cand_b = _candidates(cm, b, FACING[side], line, used)[:limit]
        best = _best_pairing(g, cand_a, cand_b, want[a.id], want[b.id], along, nearby, places, inside, (side, FACING[side]))
        if best is not None:
            break
    if best is None:
        # Nothing clear: the nearest points in order, noted so players can see why a line crosses a road.
        sa, sb = tuple(cand_a[: want[a.id]]), tuple(cand_b[: want[b.id]])
        pairs = _pairs(g, sa, sb, along)
        cm.notes.append(f"{a.id}|{b.id}: no crossing line clear of every road was found; the nearest border points are used")
        ok = False
    else:
        ok = True
        sa, sb, pairs = best
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
    return ok


def _best_pairing(g, cand_a, cand_b, want_a: int, want_b: int, along: int, nearby, places, inside, sides):
    """The chosen points of each side and their pairs, or None: as many points as rolled where
    possible, then the candidates ranked first; every line clear and no two lines crossing."""
    clear = {(u, v): _clear(g, u, v, nearby, places, inside) for u in cand_a for v in cand_b}
    for na in range(want_a, 0, -1):
        for nb in range(want_b, 0, -1):
            if max(na, nb) < 2:
                continue
            best = None
            for sa in combinations(cand_a, na):
                for sb in combinations(cand_b, nb):
                    pairs = _pairs(g, sa, sb, along)
                    if all(clear[p] for p in pairs) and _untangled(g, pairs):
                        score = _cost(g, sa, sb, pairs, sides)
                        if best is None or score < best[0]:
                            best = (score, sa, sb, pairs)
            if best is not None:
                return best[1:]
    return None


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


#: Cost, in millimetres of crossing line, of taking a point from another side than the shared one.
OTHER_SIDE_MM = 40.0


def _cost(g, sa, sb, pairs, sides) -> float:
    """Short crossings first (a long line would block the next edge's), points of the shared side first (RC-A.36)."""
    length = sum(math.dist(g.nodes[u]["pos"], g.nodes[v]["pos"]) for u, v in pairs)
    off = sum(g.nodes[n]["side"] != sides[0] for n in sa) + sum(g.nodes[n]["side"] != sides[1] for n in sb)
    return length + OTHER_SIDE_MM * off


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
