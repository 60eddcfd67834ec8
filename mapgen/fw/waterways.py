"""Navigable water on the campaign map (FW-20): the square-level geometry of rivers' stretches, ports and sea.

The map records navigability along a river's own corner points (``River.stretches``: first and
last point index and the craft; ``River.obstacles``: point index and kind) because a river runs
along square edges: that is what the map draws and what the file can check against the river.
The engine and the validator think in squares; this module turns one into the other, once, so
that the map's stages, the validator, the renderers and the campaign engine agree on which
squares a stretch touches.

A river edge from point ``i`` to point ``i + 1`` lies between two squares (its banks,
:func:`mapgen.grid.edge_squares`); a stretch from point ``a`` to point ``b`` is the edges
``a .. b - 1``; an obstacle at point ``i`` touches the squares around that corner that border
the river's edges meeting there.
"""

from __future__ import annotations

from ..grid import edge_squares, neighbours, shared_edge

Square = tuple[int, int]
#: Terrain a ship sails on without a river (FW-20.1: lakes and coastal sea).
OPEN_WATER = ("sea", "lake")


def banks(points: list[Square], i: int) -> tuple[Square, Square]:
    """The two squares on either side of the river edge from ``points[i]`` to ``points[i + 1]``."""
    return edge_squares(points[i], points[i + 1])


def stretch_edges(first: int, last: int) -> range:
    """The edge indices of a stretch between point indices ``first`` and ``last`` (edge ``i`` joins points ``i`` and ``i + 1``)."""
    return range(first, last)


def stretch_squares(river, first: int, last: int, width: int, height: int) -> list[Square]:
    """Every square on the map touching the stretch, in the river's order (source first), each once."""
    seen: dict[Square, None] = {}
    for i in stretch_edges(first, last):
        for c, r in banks(river.points, i):
            if 0 <= c < width and 0 <= r < height:
                seen.setdefault((c, r), None)
    return list(seen)


def point_squares(river, at: int, width: int, height: int) -> list[Square]:
    """The squares beside the river's edges that meet at point ``at`` (where an obstacle sits), each once."""
    seen: dict[Square, None] = {}
    for i in (at - 1, at):
        if 0 <= i < len(river.points) - 1:
            for c, r in banks(river.points, i):
                if 0 <= c < width and 0 <= r < height:
                    seen.setdefault((c, r), None)
    return list(seen)


def navigable_squares(fw_map, craft: str = "boats") -> set[Square]:
    """The squares touching a river stretch that ``craft`` may sail ("boats": every stretch; "ships": ships' stretches only)."""
    out: set[Square] = set()
    for river in fw_map.rivers:
        for first, last, allowed in river.stretches or ():
            if craft == "boats" or allowed == "ships":
                out.update(stretch_squares(river, first, last, fw_map.width, fw_map.height))
    return out


def open_water(fw_map) -> set[Square]:
    """Sea and lake squares (FW-20.1)."""
    return {(c, r) for r in range(fw_map.height) for c in range(fw_map.width) if str(fw_map.terrain[r, c]) in OPEN_WATER}


# -- what the watercraft stage and the validator both ask of the map --------------------------------


def edge_index(river) -> dict[frozenset, int]:
    """Each of the river's edges (the frozenset of its two corner points) -> its index (edge ``i`` joins points ``i`` and ``i + 1``)."""
    return {frozenset((tuple(a), tuple(b))): i for i, (a, b) in enumerate(zip(river.points, river.points[1:]))}


def crossing_edge(crossing) -> frozenset | None:
    """The river edge a crossing (a bridge or a ford between two squares) stands on; None when its squares share no edge."""
    try:
        return frozenset(shared_edge(*crossing.squares))
    except ValueError:
        return None


def drained_edges(rivers) -> list[list[int]]:
    """For each river and each of its points, how many river edges drain through that point: the river's own
    edges above it and every edge of the tributaries that joined it there or above (FW-2.5 item 2: rivers end
    in another river).  A day's march to a square's side, it is the river's size as the map knows it.

    A tributary ends on a point of the river it joins; it is counted at that point and below.
    """
    where: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for k, r in enumerate(rivers):
        for i, p in enumerate(r.points[:-1]):  # a river's own mouth is no junction on it
            where.setdefault(tuple(p), []).append((k, i))
    joins: dict[int, list[tuple[int, int]]] = {}  # river -> (point index, tributary)
    for t, r in enumerate(rivers):
        if r.mouth == "river" and r.points:
            into = [(k, i) for k, i in where.get(tuple(r.points[-1]), []) if k != t]
            if into:
                k, i = into[0]
                joins.setdefault(k, []).append((i, t))
    totals: dict[int, int] = {}

    def total(k: int, seen: frozenset) -> int:
        if k not in totals:
            own = max(0, len(rivers[k].points) - 1)
            totals[k] = own + sum(total(t, seen | {k}) for _, t in joins.get(k, []) if t not in seen | {k})
        return totals[k]

    out = []
    for k, r in enumerate(rivers):
        extra = [0] * len(r.points)
        for i, t in joins.get(k, []):
            extra[i] += total(t, frozenset({k}))
        flow, added = [], 0
        for i in range(len(r.points)):
            added += extra[i]
            flow.append(i + added)
        out.append(flow)
    return out


def borders_open_water(fw_map, sq: Square) -> str | None:
    """``"sea"`` or ``"lake"`` when the square borders one (8-neighbourhood, as the map's adjacency, AMB-02; the sea
    first), else None: a port's coast or shore (FW-20.2)."""
    near = {str(fw_map.terrain[r, c]) for c, r in neighbours(sq[0], sq[1], fw_map.width, fw_map.height)}
    return next((w for w in OPEN_WATER if w in near), None)


def port_water(fw_map, sq: Square, navigable: dict[str, set[Square]] | None = None) -> str | None:
    """The best water a port on ``sq`` opens on: ``"sea"``, ``"lake"``, a ``"ships"`` or a ``"boats"`` river stretch
    the square touches, or None when it lies on none of them (FW-20.2, the contract's port).

    ``navigable``: :func:`navigable_squares` by craft, when the caller asks about many squares of one map.
    """
    coast = borders_open_water(fw_map, sq)
    if coast:
        return coast
    for craft in ("ships", "boats"):
        if sq in (navigable[craft] if navigable is not None else navigable_squares(fw_map, craft)):
            return craft
    return None


def navigable_by_craft(fw_map) -> dict[str, set[Square]]:
    """:func:`navigable_squares` for each craft, worked out once."""
    return {craft: navigable_squares(fw_map, craft) for craft in ("ships", "boats")}


def coastal_sea(fw_map) -> list[Square]:
    """Sea squares beside land (8-neighbourhood), in reading order: where reefs, islands and atolls lie along a route."""
    out = []
    for r in range(fw_map.height):
        for c in range(fw_map.width):
            if str(fw_map.terrain[r, c]) == "sea" and any(
                str(fw_map.terrain[rr, cc]) not in OPEN_WATER for cc, rr in neighbours(c, r, fw_map.width, fw_map.height)
            ):
                out.append((c, r))
    return out


# --- the engine's sailing graph (FW-20.7): appended by the engine branch ------------------------------

#: One step afloat: the water it crosses ("sea", "lake" or "river"), the least craft that may take it
#: ("ships": every craft; "boats": minor craft only), and its flow (+1 downstream, -1 upstream, 0 none).
Step = tuple[str, str, int]


def _king(a: Square, b: Square) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def _river_links(fw_map):
    """Each river step of :func:`sailing_steps`, in its order: (square, square, step, step back, the river, the point
    index the craft sails past or None).

    Crossing over an edge passes no point of the river; going on from edge ``i`` into edge ``i + 1`` passes
    point ``i + 1``, where the two edges meet, and with it any obstacle the map puts there.
    """
    w, h = fw_map.width, fw_map.height
    for river in fw_map.rivers:
        craft_of: dict[int, str] = {}  # edge index -> the craft of the stretch holding it
        for first, last, craft in river.stretches or ():
            for i in stretch_edges(first, last):
                craft_of[i] = craft
        sides = {i: [sq for sq in banks(river.points, i) if 0 <= sq[0] < w and 0 <= sq[1] < h] for i in sorted(craft_of)}
        for i, here in sides.items():
            if len(here) == 2:
                yield here[0], here[1], ("river", craft_of[i], 0), ("river", craft_of[i], 0), river, None
            if i + 1 in sides:  # on into the next edge, of this stretch or the one that follows it
                craft = "ships" if craft_of[i] == craft_of[i + 1] == "ships" else "boats"
                for a in here:
                    for b in sides[i + 1]:
                        if _king(a, b):
                            yield a, b, ("river", craft, 1), ("river", craft, -1), river, i + 1


def sailing_steps(fw_map) -> dict[Square, dict[Square, Step]]:
    """Every step a craft may take, square to bordering square (FW-20.1: rivers, lakes, coastal sea).

    River steps join the banks of one stretch's consecutive edges (downstream: towards the
    mouth, the river's later points) and the two banks of an edge (crossing over); open water
    joins sea and lake squares, the land squares that border them, and two shore squares that
    border the same open water square (coasting).  A river step is kept where a pair is both,
    so a river's flow is never lost to the coast that it runs beside.
    """
    w, h = fw_map.width, fw_map.height
    steps: dict[Square, dict[Square, Step]] = {}

    def add(a: Square, b: Square, step: Step, back: Step) -> None:
        steps.setdefault(a, {}).setdefault(b, step)
        steps.setdefault(b, {}).setdefault(a, back)

    for a, b, step, back, _river, _point in _river_links(fw_map):
        add(a, b, step, back)
    water = {sq: str(fw_map.terrain[sq[1], sq[0]]) for sq in open_water(fw_map)}
    for (c, r), kind in water.items():
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                nb = (c + dc, r + dr)
                if nb == (c, r) or not (0 <= nb[0] < w and 0 <= nb[1] < h):
                    continue
                there = "sea" if "sea" in (kind, water.get(nb, kind)) else "lake"
                add((c, r), nb, (there, "ships", 0), (there, "ships", 0))
    for sq, kind in water.items():  # coasting: two shore squares beside the same open water square
        shore = [nb for nb in steps.get(sq, {}) if nb not in water]
        for i, a in enumerate(shore):
            for b in shore[i + 1:]:
                if _king(a, b):
                    add(a, b, (kind, "ships", 0), (kind, "ships", 0))
    return steps


def passed_obstacles(fw_map) -> dict[frozenset, tuple[str, ...]]:
    """The obstacles (FW-20.4) each river step of :func:`sailing_steps` sails past, by the step's pair of squares
    (only steps that pass one): those at the point of its own river where its two edges meet.

    Where several links join one pair, the one :func:`sailing_steps` keeps (the first) says what is passed.
    """
    out: dict[frozenset, tuple[str, ...]] = {}
    seen: set[frozenset] = set()
    for a, b, _step, _back, river, point in _river_links(fw_map):
        pair = frozenset((a, b))
        if pair in seen:
            continue
        seen.add(pair)
        kinds = tuple(dict.fromkeys(kind for at, kind in river.obstacles or () if at == point)) if point is not None else ()
        if kinds:
            out[pair] = kinds
    return out


def obstacle_squares(fw_map) -> dict[Square, tuple[str, ...]]:
    """The obstacles (FW-20.4) touching each square, by kind, each kind once."""
    out: dict[Square, tuple[str, ...]] = {}
    for river in fw_map.rivers:
        for at, kind in river.obstacles or ():
            for sq in point_squares(river, at, fw_map.width, fw_map.height):
                if kind not in out.get(sq, ()):
                    out[sq] = out.get(sq, ()) + (kind,)
    return out
