"""Check a campaign map (generated or edited by hand) against every placement rule.

Each check yields :class:`Violation` objects naming the rule ID, so a player
who moved a holding by hand learns exactly which rule the move breaks.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx
import numpy as np

from ..grid import chebyshev, edge_squares, shared_edge, square_id
from .model import FwMap
from .movement import movement_graph
from .rivers import corner_touches, river_squares
from .rules import (
    COLD_SEASON,
    CONFIG_TERRAIN,
    CONFIGS_NEUTRAL_PER_SIDE,
    CONFIGS_PER_SIDE,
    HIGH_GROUND,
    HOLDING_MIN_DISTANCE,
    RACE_EXCEPTIONS,
    SEASON_TEMPERATE,
    SEASON_TORRID,
    TORRID_DESERT_KIND,
    TORRID_DESERT_PRECIPITATION,
    WATER,
    WATERCOURSE_KINDS,
    WATERCOURSE_NAMES,
    WOOD_NAMES,
    holding_terrain_allowed,
    watercourse_name,
)
from .terrain import high_mountains
from .territory import band_sizes
from .waterways import crossing_edge, edge_index, port_water


@dataclass(frozen=True)
class Violation:
    """A placement rule the map breaks: its rule ID and what is wrong."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


def _sq(sq) -> str:
    return square_id(*sq)


def check_territory(m: FwMap):
    long_x = m.long_axis() == "x"
    length = m.width if long_x else m.height
    try:
        outer, centre, _ = band_sizes(length)
    except ValueError as exc:
        yield Violation("FW-2.3", str(exc))
        return
    ids = [s.id for s in m.sides]
    first = m.territory[:, :outer] if long_x else m.territory[:outer, :]
    mid = m.territory[:, outer : outer + centre] if long_x else m.territory[outer : outer + centre, :]
    last = m.territory[:, length - outer :] if long_x else m.territory[length - outer :, :]
    ends = []
    for name, part in (("first", first), ("last", last)):
        values = set(np.unique(part).tolist())
        owner = values.pop() if len(values) == 1 else None
        if owner not in ids:
            yield Violation("FW-2.3", f"the {name} outer third ({outer} squares deep) must belong wholly to one side")
        else:
            ends.append(owner)
    if len(ends) == 2 and ends[0] == ends[1]:
        yield Violation("FW-2.3", "both outer thirds belong to the same side")
    if not (mid == "N").all():
        yield Violation("FW-2.3", f"the central third ({centre} squares) must be neutral ('N')")


def check_holdings(m: FwMap):
    races = {s.id: s.race for s in m.sides}
    for side in races:
        caps = [h for h in m.holdings if h.side == side and h.capital]
        if len(caps) != 1:
            yield Violation("FW-3.1", f"side {side} has {len(caps)} capitals; it must have exactly one")
    seen = set()
    for h in m.holdings:
        if not m.in_bounds(h.square):
            yield Violation("FW-3.2", f"holding at {_sq(h.square)} is outside the map")
            continue
        if h.square in seen:
            yield Violation("FW-3.2", f"two holdings on {_sq(h.square)}")
        seen.add(h.square)
        where = str(m.territory[h.square[1], h.square[0]])
        if where != h.side:
            yield Violation("FW-3.2", f"side {h.side}'s holding at {_sq(h.square)} is in territory {where}, not its own")
        t = m.terrain_at(h.square)
        race = races.get(h.side)
        if not holding_terrain_allowed(t, race):
            if t in WATER:
                yield Violation("FW-3.2", f"holding at {_sq(h.square)} stands on {t}")
            else:
                # Today every forbidden land terrain has a race that may hold it (FW-3.2.a-d); a default
                # keeps a terrain added without one a violation, not a StopIteration in this generator.
                rule = next((rid for terr, rid in RACE_EXCEPTIONS.values() if t in terr), None)
                who = f"only the race of {rule} may" if rule else "no race may, FW-3.2 item 4"
                yield Violation("FW-3.2", f"side {h.side} ({race}) may not place a holding on {t} at {_sq(h.square)} ({who})")
    same = [(a, b) for i, a in enumerate(m.holdings) for b in m.holdings[i + 1 :] if a.side == b.side]
    for a, b in same:
        d = chebyshev(a.square, b.square)
        if d < HOLDING_MIN_DISTANCE:
            yield Violation(
                "FW-3.2",
                f"side {a.side}'s holdings at {_sq(a.square)} and {_sq(b.square)} are {d} square(s) apart; "
                f"they must be at least {HOLDING_MIN_DISTANCE} apart (AMB-07)",
            )


def check_chains(m: FwMap):
    high = np.isin(m.terrain, list(HIGH_GROUND))
    padded = np.pad(high, 1)
    for r, c in np.argwhere(high):
        block = padded[r : r + 3, c : c + 3]
        if block.sum() < 2:
            yield Violation("FW-2.5", f"{m.terrain[r, c]} at {_sq((c, r))} is isolated; hills and mountains form chains")


def check_rivers(m: FwMap):
    w, h = m.width, m.height
    water = np.isin(m.terrain, list(WATER))
    high_corner = corner_touches(np.isin(m.terrain, list(HIGH_GROUND)))
    sea_corner = corner_touches(m.terrain == "sea")
    lake_corner = corner_touches(m.terrain == "lake")
    all_points: list[set] = [set(map(tuple, r.points)) for r in m.rivers]
    for i, river in enumerate(m.rivers):
        name = f"river {i + 1}"
        pts = [tuple(p) for p in river.points]
        if len(pts) < 2:
            yield Violation("FW-2.5", f"{name} has fewer than two points")
            continue
        if any(not (0 <= x <= w and 0 <= y <= h) for x, y in pts):
            yield Violation("FW-2.5", f"{name} leaves the map")
            continue
        if len(set(pts)) != len(pts):
            yield Violation("FW-2.5", f"{name} visits a point twice (a loop)")
        for a, b in zip(pts, pts[1:]):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                yield Violation("FW-2.5", f"{name} jumps from {a} to {b}; rivers follow square edges")
                break
            faults = []
            for c, r in edge_squares(a, b):
                if not (0 <= c < w and 0 <= r < h):
                    faults.append(Violation("FW-2.5", f"{name} runs along the map border at {a}-{b}"))
                elif water[r, c]:
                    faults.append(Violation("FW-2.5", f"{name} runs along {m.terrain[r, c]} at {_sq((c, r))}"))
            yield from faults
            if faults:
                break  # its first faulty edge is enough to name the river
        if river.elevations:
            el = river.elevations
            if len(el) != len(pts) or any(b >= a for a, b in zip(el, el[1:])):
                yield Violation("FW-2.5", f"{name} does not flow strictly downhill")
        x0, y0 = pts[0]
        made = river.configuration
        if made is not None:
            # A watercourse a configuration drew (FW-11.6 result 1-2) rises on its square's edge.
            ring = {(made[0] + dx, made[1] + dy) for dx in (0, 1) for dy in (0, 1)}
            if pts[0] not in ring or pts[1] not in ring:
                yield Violation("FW-11.6", f"{name} was drawn by the configuration at {_sq(made)} but does not rise along an edge of that square")
            if not any(c.square == made and c.watercourse == "new" for c in m.configs):
                yield Violation("FW-11.6", f"{name} names the configuration at {_sq(made)}, which drew no new watercourse")
        elif not high_corner[y0, x0]:
            yield Violation("FW-2.5", f"{name} is not born beside hills or mountains (source {pts[0]})")
        xe, ye = pts[-1]
        mouth_ok = {
            "edge": xe in (0, w) or ye in (0, h),
            "sea": bool(sea_corner[ye, xe]),
            "lake": bool(lake_corner[ye, xe]),
            "river": any(pts[-1] in other for j, other in enumerate(all_points) if j != i),
        }.get(river.mouth)  # None for a mouth of no known kind
        if not mouth_ok:
            yield Violation("FW-2.5", f"{name} ends at {pts[-1]}, which is not a valid '{river.mouth}' mouth")
    if all(len(r.points) >= 2 for r in m.rivers):
        try:
            expected = river_squares(m.rivers, w, h)
        except ValueError:
            return
        for r, c in np.argwhere(expected != m.river):
            has = "has" if m.river[r, c] else "lacks"
            yield Violation("FW-2.5", f"square {_sq((c, r))} {has} the river flag but {'does not touch' if m.river[r, c] else 'touches'} a river edge")


def river_edges(m: FwMap) -> set[frozenset]:
    return {frozenset((tuple(a), tuple(b))) for r in m.rivers for a, b in zip(r.points, r.points[1:])}


def check_crossings(m: FwMap):
    edges = river_edges(m)
    seen = set()
    for cr in m.crossings:
        a, b = cr.squares
        key = frozenset((a, b))
        if key in seen:
            yield Violation("AMB-06", f"two crossings on the edge {_sq(a)}|{_sq(b)}")
        seen.add(key)
        try:
            edge = frozenset(shared_edge(a, b))
        except ValueError:
            yield Violation("AMB-06", f"{cr.kind} between {_sq(a)} and {_sq(b)}: the squares do not share an edge")
            continue
        if edge not in edges:
            yield Violation("AMB-06", f"{cr.kind} between {_sq(a)} and {_sq(b)} is not on a river edge")


def check_roads(m: FwMap):
    edges = river_edges(m)
    points = {tuple(p) for r in m.rivers for p in r.points}
    bridges = {frozenset(c.squares) for c in m.crossings if c.kind == "bridge"}
    expected = np.zeros_like(m.road)
    for i, road in enumerate(m.roads):
        for sq in road.squares:
            if not m.in_bounds(sq):
                yield Violation("FW-2.5", f"road {i + 1} leaves the map at {sq}")
                return
            expected[sq[1], sq[0]] = True
            t = m.terrain_at(sq)
            if t in WATER:
                yield Violation("FW-2.5", f"road {i + 1} runs over {t} at {_sq(sq)}")
            if t == "mountain" and "pass" not in m.features.get(sq, []):
                yield Violation("FW-2.6", f"road {i + 1} crosses the mountain at {_sq(sq)} without a pass")
        for a, b in zip(road.squares, road.squares[1:]):
            if chebyshev(a, b) != 1:
                yield Violation("FW-2.5", f"road {i + 1} jumps from {_sq(a)} to {_sq(b)}")
                continue
            if a[0] != b[0] and a[1] != b[1]:
                corner = (max(a[0], b[0]), max(a[1], b[1]))
                if corner in points:
                    yield Violation("AMB-06", f"road {i + 1} slips diagonally through a river point between {_sq(a)} and {_sq(b)}")
            elif frozenset(shared_edge(a, b)) in edges and frozenset((a, b)) not in bridges:
                yield Violation("AMB-06", f"road {i + 1} crosses a river between {_sq(a)} and {_sq(b)} without a bridge")
    for r, c in np.argwhere(expected != m.road):
        yield Violation("FW-2.5", f"square {_sq((c, r))}: its road flag does not match the roads list")
    # Roads join each capital to its holdings and the capitals to each other.
    g = nx.Graph()
    for road in m.roads:
        g.add_nodes_from(road.squares)
        g.add_edges_from(zip(road.squares, road.squares[1:]))
    caps = {h.side: h.square for h in m.holdings if h.capital}
    for h in m.holdings:
        cap = caps.get(h.side)
        if cap and not h.capital and not (cap in g and h.square in g and nx.has_path(g, cap, h.square)):
            yield Violation("FW-2.5", f"no road joins side {h.side}'s capital {_sq(cap)} to its holding at {_sq(h.square)}")
    capitals = list(caps.values())
    for a, b in zip(capitals, capitals[1:]):
        if not (a in g and b in g and nx.has_path(g, a, b)):
            yield Violation("FW-2.5", f"no road joins the capitals {_sq(a)} and {_sq(b)}")


def check_reachability(m: FwMap):
    g = movement_graph(m.terrain, m.rivers, m.crossings)
    squares = [h.square for h in m.holdings if h.square in g]
    if not squares:
        return
    comp = nx.node_connected_component(g, squares[0])
    for sq in squares[1:]:
        if sq not in comp:
            yield Violation(
                "AMB-06",
                f"holding at {_sq(sq)} cannot be reached by land from {_sq(squares[0])} (rivers are crossed only at bridges and fords)",
            )


def _season_band(zone: str, season: str):
    """The FW-7.3 band for a zone's season (cold: always winter, AMB-09), or None."""
    if zone == "cold":
        return (COLD_SEASON, "FW-7.3") if season == COLD_SEASON.outcome else None
    table = {"temperate": SEASON_TEMPERATE, "torrid": SEASON_TORRID}.get(zone)
    if table is None:
        return None
    b = next((b for b in table.bands if b.outcome == season), None)
    return (b, table.rule) if b else None


def check_climate(m: FwMap):
    c = m.climate
    found = _season_band(c.zone, c.season)
    if found is None:
        yield Violation("FW-7.3", f"season {c.season!r} does not exist in a {c.zone} zone")
    else:
        b, rule = found
        if (c.precipitation_modifier, c.precipitation_kind) != (b.data["precipitation"], b.data["kind"]):
            yield Violation(
                rule,
                f"{c.season} gives precipitation modifier {b.data['precipitation']:+d} ({b.data['kind']}), "
                f"not {c.precipitation_modifier:+d} ({c.precipitation_kind})",
            )
        if c.zone == "torrid":
            desert = (TORRID_DESERT_PRECIPITATION, TORRID_DESERT_KIND)
            why = "deserts are left out of the torrid season (AMB-48)"
        else:
            desert = (b.data["precipitation"], b.data["kind"])
            why = f"deserts of a {c.zone} zone follow its season"
        if (c.desert_precipitation_modifier, c.desert_precipitation_kind) != desert:
            yield Violation(
                rule,
                f"desert precipitation modifier {c.desert_precipitation_modifier:+d} ({c.desert_precipitation_kind}): "
                f"{why}, so {desert[0]:+d} ({desert[1]})",
            )
    if c.zone != "torrid":
        for r, col in np.argwhere(m.terrain == "desert"):
            if "wasteland" not in m.features.get((int(col), int(r)), []):
                yield Violation("FW-2.2", f"desert at {_sq((col, r))} in a {c.zone} zone (only a cursed wasteland may be)")
    if c.zone == "torrid":
        # A rolled wood (FW-11.5 result 4) stays a wood in a torrid zone; only result 5 is a jungle.
        for r, col in np.argwhere(m.terrain == "forest"):
            names = set(m.features.get((int(col), int(r)), []))
            if not names & WOOD_NAMES:
                yield Violation("FW-11.5", f"forest at {_sq((col, r))} in a torrid zone: forests are jungles there, only a rolled wood is not")
    if c.zone != "torrid":
        for r, col in np.argwhere(m.terrain == "jungle"):
            yield Violation("FW-11.5", f"jungle at {_sq((col, r))} outside a torrid zone")


def _check_watercourse(m: FwMap, cf, terrain: str):
    """FW-11.6 result 1-2: named for its ground, on a river square, and its own river when new."""
    named = watercourse_name(terrain)
    if cf.name != named:
        yield Violation("FW-11.6", f"{cf.name} at {_sq(cf.square)} on {terrain}: there it is a {named}")
    if not m.river[cf.square[1], cf.square[0]]:
        yield Violation("FW-11.6", f"{cf.name} at {_sq(cf.square)}: the square has no river on the map")
    if cf.watercourse not in WATERCOURSE_KINDS:
        yield Violation("FW-11.6", f"{cf.name} at {_sq(cf.square)}: watercourse {cf.watercourse!r} is neither 'new' nor 'second'")
    elif cf.watercourse == "new" and not any(r.configuration == cf.square for r in m.rivers):
        yield Violation("FW-11.6", f"{cf.name} at {_sq(cf.square)} says it drew a new watercourse, but no river rises there")


def check_configs(m: FwMap):
    high = high_mountains(m.terrain, m.elevation)
    counts: dict[tuple[str, str], int] = {}
    for cf in m.configs:
        counts[(cf.rolled_by, cf.territory)] = counts.get((cf.rolled_by, cf.territory), 0) + 1
        if not m.in_bounds(cf.square):
            yield Violation("FW-2.5", f"configuration {cf.name} is outside the map")
            continue
        where = str(m.territory[cf.square[1], cf.square[0]])
        if where != cf.territory:
            yield Violation("FW-2.5", f"{cf.name} at {_sq(cf.square)} lies in territory {where}, not {cf.territory}")
        t = m.terrain_at(cf.square)
        feats = m.features.get(cf.square, [])
        if cf.name == "pass" and t != "mountain":
            yield Violation("AMB-44", f"pass at {_sq(cf.square)} is not on a mountain square")
        if cf.name == "barrier" and "pass" not in feats and not any(c.name == "pass" and c.square == cf.square for c in m.configs):
            yield Violation("AMB-44", f"barrier at {_sq(cf.square)} is not on a pass")
        if cf.name == "bridge" and not m.river[cf.square[1], cf.square[0]]:
            yield Violation("AMB-44", f"bridge at {_sq(cf.square)} is not on a river square")
        want = CONFIG_TERRAIN.get(cf.name)
        if want is not None and t != want:
            yield Violation(cf.rule, f"{cf.name} at {_sq(cf.square)} lies on {t}: a rolled configuration keeps its {want} square")
        if cf.name == "glacier" and not high[cf.square[1], cf.square[0]]:
            yield Violation("FW-11.7", f"glacier at {_sq(cf.square)} is not on a high mountain (the upper half of a chain)")
        if cf.name in WATERCOURSE_NAMES:
            yield from _check_watercourse(m, cf, t)
    for (side, terr), n in counts.items():
        limit = CONFIGS_PER_SIDE if terr == side else CONFIGS_NEUTRAL_PER_SIDE if terr == "N" else 0
        if n > limit:
            yield Violation("FW-2.5", f"side {side} has {n} configurations in territory {terr}; at most {limit}")


def check_ports(m: FwMap):
    """FW-20.2: a port is a holding of its side on the coast, a lake shore or a navigable river."""
    holdings = {(h.square, h.side) for h in m.holdings}
    seen = set()
    for sq, side in m.ports or ():
        where = f"side {side}'s port at {_sq(sq)}"
        if (sq, side) in seen:
            yield Violation("FW-20.2", f"{where} is listed twice")
        seen.add((sq, side))
        if (sq, side) not in holdings:
            yield Violation("FW-20.2", f"{where} is not one of that side's holdings")
        if not m.in_bounds(sq) or port_water(m, sq) is None:
            yield Violation("FW-20.2", f"{where} borders no sea or lake and touches no navigable river stretch")


def check_stretches(m: FwMap):
    """FW-20.4: each stretch runs along its river's own points, source to mouth, and no two of one river overlap."""
    for n, river in enumerate(m.rivers, start=1):
        last = len(river.points) - 1
        runs = sorted(river.stretches or ())
        for a, b, craft in runs:
            if not 0 <= a < b <= last:
                yield Violation("FW-20.4", f"river {n}: the {craft} stretch from point {a} to {b} is not along its points 0 to {last}, source first")
        for (a, b, _), (c, d, _) in zip(runs, runs[1:]):
            if c < b:
                yield Violation("FW-20.4", f"river {n}: the stretches from point {a} to {b} and from {c} to {d} overlap")


def check_obstacles(m: FwMap):
    """FW-20.4: each obstacle lies on a navigable stretch of its river; a bridge obstacle stands where a bridge
    crosses one of the two river edges at its point, and every bridge over a navigable edge is marked."""
    bridges = [crossing_edge(c) for c in m.crossings if c.kind == "bridge"]
    for n, river in enumerate(m.rivers, start=1):
        if river.stretches is None and river.obstacles is None:
            continue
        stretches = river.stretches or []
        edges = edge_index(river)
        bridged = {edges[e] for e in bridges if e in edges}
        marked = set()
        for at, kind in river.obstacles or ():
            if not any(a <= at <= b for a, b, _ in stretches):
                yield Violation("FW-20.4", f"river {n}: the {kind} at point {at} lies on none of its navigable stretches")
            if kind == "bridge":
                if not bridged & {at - 1, at}:
                    yield Violation("FW-20.4", f"river {n}: a bridge obstacle at point {at}, where no bridge crosses the river")
                marked |= bridged & {at - 1, at}
        for i in sorted(bridged - marked):
            if any(a <= i < b for a, b, _ in stretches):
                p, q = river.points[i], river.points[i + 1]
                yield Violation("FW-20.4", f"river {n}: the bridge over its navigable edge {tuple(p)}-{tuple(q)} is not marked as an obstacle")


def check_reefs(m: FwMap):
    """FW-20.7: reefs, islands and atolls lie at sea."""
    for sq in m.reefs or ():
        if not m.in_bounds(sq) or m.terrain_at(sq) != "sea":
            yield Violation("FW-20.7", f"reefs at {_sq(sq)}, which is not a sea square")


CHECKS = (
    check_territory,
    check_holdings,
    check_chains,
    check_rivers,
    check_crossings,
    check_roads,
    check_reachability,
    check_climate,
    check_configs,
    check_ports,
    check_stretches,
    check_obstacles,
    check_reefs,
)


def validate(m: FwMap) -> list[Violation]:
    out: list[Violation] = []
    for check in CHECKS:
        out.extend(check(m))
    return out
