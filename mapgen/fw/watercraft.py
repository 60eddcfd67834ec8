"""The watercraft stage (``fw-map --watercraft``, FW-20 and FW-2.5 item 9): ports, navigable stretches, obstacles, reefs.

It runs last, on the finished map, and only adds: every roll it makes comes after the others in the
dice log, so the map is the same map as without the switch, with its waters marked.  What it decides
is read from the map's own rivers, crossings, terrain and holdings, by the [DEV] rulings declared in
:mod:`.rules` (section FW-20):

- a river edge is navigable from the river's size (the river edges that drain through it, its
  tributaries' included) and the ground on its banks; runs of edges of one craft are the stretches;
- the obstacles on them: a bridge where a bridge crosses, shallows at a ford, a waterfall or rapids
  where the river leaves mountains or hills or falls steeply; then one roll a stretch for locks,
  rocks and sandbanks;
- each side's port: one of its holdings on the coast, a lake shore or a navigable river (FW-20.2),
  never for a race that should have none unless the player asks (``--ports``);
- reefs, islands and atolls along the coast, a roll for each sea square beside land (FW-20.7).
"""

from __future__ import annotations

from dataclasses import replace

from ..dice import Dice
from ..grid import square_id
from ..tables import roll_on
from .model import FwMap, Holding, River
from .rules import (
    BOATS_FROM_EDGES,
    BOATS_ONLY_BANKS,
    LEAVING_HIGH_GROUND,
    NO_CRAFT_BANKS,
    PORT_WATERS,
    PORTLESS_RACES,
    RAPIDS_DROP,
    RIVER_PLACE,
    RIVER_WORKS,
    SEA_REEFS,
    SHIPS_FROM_EDGES,
    WATERFALL_DROP,
)
from .waterways import banks, coastal_sea, crossing_edge, drained_edges, edge_index, navigable_by_craft, port_water

Stretch = tuple[int, int, str]
Obstacle = tuple[int, str]


def bank_terrain(m: FwMap, river: River, i: int) -> set[str]:
    """The terrain of the squares on both banks of the river's edge ``i`` (those on the map)."""
    return {m.terrain_at(sq) for sq in banks(river.points, i) if m.in_bounds(sq)}


def edge_craft(drained: int, ground: set[str]) -> str | None:
    """What may sail a river edge that ``drained`` river edges run through, between banks of ``ground`` (FW-20.4 [DEV])."""
    if ground & NO_CRAFT_BANKS or drained < BOATS_FROM_EDGES:
        return None
    if drained >= SHIPS_FROM_EDGES and not ground & BOATS_ONLY_BANKS:
        return "ships"
    return "boats"


def river_stretches(m: FwMap, river: River, drained: list[int]) -> list[Stretch]:
    """The river's navigable stretches: runs of consecutive edges of one craft, as (first point, last point, craft).

    An edge is judged by what drains through its lower end (``drained[i + 1]``).
    """
    crafts = [edge_craft(drained[i + 1], bank_terrain(m, river, i)) for i in range(len(river.points) - 1)]
    out: list[Stretch] = []
    for i, craft in enumerate(crafts):
        if craft is None:
            continue
        if out and out[-1][1] == i and out[-1][2] == craft:
            out[-1] = (out[-1][0], i + 1, craft)
        else:
            out.append((i, i + 1, craft))
    return out


def on_stretch(stretches: list[Stretch], at: int) -> bool:
    return any(a <= at <= b for a, b, _ in stretches)


def edge_navigable(stretches: list[Stretch], i: int) -> bool:
    return any(a <= i < b for a, b, _ in stretches)


def fixed_obstacles(m: FwMap, river: River, stretches: list[Stretch], crossings: dict[frozenset, str]) -> list[Obstacle]:
    """What the map already says lies on the stretches (FW-20.4 [DEV]): a bridge where a bridge crosses a navigable
    edge and shallows at a ford, both at the edge's upper point; a waterfall or rapids where the river leaves
    mountains or hills, or falls :data:`~.rules.RAPIDS_DROP` or more over the two edges about a point.

    ``crossings``: the map's crossings by the river edge they stand on (:func:`.waterways.crossing_edge`).
    """
    found: dict[Obstacle, None] = {}
    for edge, i in edge_index(river).items():
        kind = crossings.get(edge)
        if kind is not None and edge_navigable(stretches, i):
            found[(i, "bridge" if kind == "bridge" else "shallows")] = None
    el = river.elevations
    for k in range(1, len(river.points) - 1):
        if not on_stretch(stretches, k):
            continue
        above, below = bank_terrain(m, river, k - 1), bank_terrain(m, river, k)
        left = [LEAVING_HIGH_GROUND[t] for t in LEAVING_HIGH_GROUND if t in above and t not in below]
        if left:
            found[(k, left[0])] = None  # the mountains' waterfall before the hills' rapids
        elif len(el) == len(river.points) and edge_navigable(stretches, k - 1) and edge_navigable(stretches, k):
            drop = el[k - 1] - el[k + 1]
            if drop >= WATERFALL_DROP:
                found[(k, "waterfall")] = None
            elif drop >= RAPIDS_DROP:
                found[(k, "rapids")] = None
    return list(found)


def rolled_obstacles(dice: Dice, river: River, label: str, stretches: list[Stretch], fixed: list[Obstacle]) -> list[Obstacle]:
    """One roll a stretch on :data:`~.rules.RIVER_WORKS`; an obstacle rolled lies at a point placed by a second die."""
    out: list[Obstacle] = []
    for a, b, craft in stretches:
        where = f"{label}, {craft} from point {a} to {b}"
        _, works = roll_on(dice, RIVER_WORKS, f"works and hazards on {where}")
        if works.outcome == "clear_water":
            continue
        taken = {at for at, _ in fixed + out}
        inner = [k for k in range(a + 1, b) if k not in taken] or list(range(a + 1, b)) or [a, b]
        place = dice.roll(RIVER_PLACE, RIVER_WORKS.rule, f"where the {works.outcome} lies on {where}")
        at = inner[(place.total - 1) * len(inner) // 6]
        dice.note(place, f"point {at} {tuple(river.points[at])}")
        if (at, works.outcome) not in fixed and (at, works.outcome) not in out:
            out.append((at, works.outcome))
    return out


def choose_ports(m: FwMap, mode: str, notes: list[str]) -> list[tuple[tuple[int, int], str]]:
    """Each side's port (FW-20.2), as ``mode`` (:data:`~.rules.PORT_CHOICES`) asks; a side left without one is noted.

    The port is the side's holding on the best water (:data:`~.rules.PORT_WATERS`), its capital first among equals.
    No holding is ever moved to make one.
    """
    ports = []
    navigable = navigable_by_craft(m)
    for side in m.sides:
        race_rule = PORTLESS_RACES.get(side.race)
        wanted = mode in ("both", side.id) or (mode == "auto" and race_rule is None)
        if not wanted:
            if mode == "auto":
                notes.append(f"Side {side.id} ({side.race.replace('_', ' ')}) has no port: as a rule its race gets none ({race_rule}); "
                             f"--ports both or --ports {side.id} gives it one")
            continue
        best: tuple[tuple, Holding] | None = None
        for n, h in enumerate(x for x in m.holdings if x.side == side.id):
            water = port_water(m, h.square, navigable)
            if water is not None:
                key = (PORT_WATERS.index(water), not h.capital, n)
                if best is None or key < best[0]:
                    best = (key, h)
        if best is None:
            notes.append(f"Side {side.id} has no port: none of its holdings borders the sea or a lake or lies on a navigable river "
                         "(FW-20.2); no holding is moved to make one")
            continue
        ports.append((best[1].square, side.id))
    return ports


def roll_reefs(dice: Dice, m: FwMap) -> list[tuple[int, int]]:
    """A roll on :data:`~.rules.SEA_REEFS` for each sea square beside land, in reading order."""
    out = []
    for sq in coastal_sea(m):
        _, found = roll_on(dice, SEA_REEFS, f"reefs, islands or atolls at {square_id(*sq)}")
        if found.outcome == "reefs":
            out.append(sq)
    return out


def add_watercraft(m: FwMap, dice: Dice, ports: str = "auto") -> FwMap:
    """The stage: ``m`` with its navigable stretches, obstacles, ports and reefs; ``dice`` rolls after every other roll."""
    drained = drained_edges(m.rivers)
    crossings = {crossing_edge(c): c.kind for c in m.crossings}
    rivers = []
    for n, (river, flow) in enumerate(zip(m.rivers, drained), start=1):
        stretches = river_stretches(m, river, flow)
        fixed = fixed_obstacles(m, river, stretches, crossings)
        label = river.name or f"river {n}"
        rolled = rolled_obstacles(dice, river, label, stretches, fixed)
        obstacles = sorted(fixed + rolled)
        rivers.append(replace(river, stretches=stretches, obstacles=obstacles))
    watered = replace(m, rivers=rivers)
    notes = list(m.notes)
    chosen = choose_ports(watered, ports, notes)
    reefs = roll_reefs(dice, watered)
    return replace(watered, ports=chosen, reefs=reefs, notes=notes, dice_log=dice.log)
