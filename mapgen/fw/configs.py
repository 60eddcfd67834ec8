"""Particular terrain configurations (FW-2.5 item 5, FW-11.5 to FW-11.8, AMB-31, AMB-44).

Each side rolls six in its own territory and three in the neutral one.  A
slot first rolls which table to use (AMB-31), then that table, then any
sub-table; the result goes on a fitting square of that territory.  Results
that need roads or passes (road, bridge, barrier) wait until the roads are
built.  A result with no fitting square is rolled again (AMB-44), a bounded
number of times.  A stream, river or wadi draws its own river where its
square has none.  No configuration's square changes terrain afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain

import numpy as np

from ..dice import Dice
from ..grid import shared_edge, square_id
from ..tables import roll_on
from .model import Config, Crossing
from .rivers import Drainage, river_edge_squares, river_squares, watercourse_from
from .terrain import high_mountains, neighbour_count
from .rules import (
    CONFIG_CATEGORY,
    CONFIG_TABLES,
    CONFIGS_NEUTRAL_PER_SIDE,
    CONFIGS_PER_SIDE,
    SUB_TABLES,
    WATER,
    of_kind,
    watercourse_name,
)

#: A slot is rolled again at most this many times when nothing fits.
MAX_REROLLS = 12
#: Results placed only after the roads exist.
AFTER_ROADS = frozenset({"road", "bridge", "barrier"})
OPEN = ("plain", "uncultivated")


@dataclass
class Slot:
    """One rolled configuration slot, waiting for a square (see :func:`roll_slot`)."""

    side: str  # who rolled
    territory: str  # "A", "N" or "B"
    category: str
    outcome: str
    rule: str
    roll_index: int  # index in the dice log of the deciding roll
    number: int  # slot number within the roller's list


def roll_slot(dice: Dice, side: str, territory: str, n: int) -> Slot:
    where = "own territory" if territory == side else "neutral territory"
    _, cat = roll_on(dice, CONFIG_CATEGORY, f"configuration {n}: side {side}, {where}: which table")
    table = CONFIG_TABLES[cat.outcome]
    _, res = roll_on(dice, table, f"configuration {n}: side {side}, {where}")
    outcome, rule = res.outcome, table.rule
    if outcome in SUB_TABLES:
        sub = SUB_TABLES[outcome]
        _, res = roll_on(dice, sub, f"configuration {n}: side {side}: {res.label.lower()}")
        outcome, rule = res.outcome, sub.rule
    return Slot(side, territory, cat.outcome, outcome, rule, len(dice.log) - 1, n)


def _columns_rows(points: set) -> tuple[np.ndarray, np.ndarray]:
    """A set of (x, y) pairs as two index arrays, in one pass (a big map's river corners are some 7,000)."""
    xy = np.fromiter(chain.from_iterable(points), dtype=np.int64, count=2 * len(points)).reshape(-1, 2)
    return xy[:, 0], xy[:, 1]


class Placer:
    """Places configuration results on the map arrays it is given (and edits them).

    Once a configuration stands on a square, that square's terrain never changes
    again: a later configuration that would change terrain goes elsewhere (or on a
    square that already has the terrain it gives), and the holdings stage leaves
    configuration squares alone (see :meth:`kept`).
    """

    def __init__(self, dice, terrain, elevation, territory, usable, river, climate, rivers, features, configs, drainage=None):
        self.dice = dice
        self.rng = dice.rng
        self.terrain = terrain
        self.elevation = elevation
        self.territory = territory
        self.usable = usable
        self.river = river
        self.climate = climate
        self.rivers = rivers
        self.features = features
        self.configs: list[Config] = configs
        self.crossings: list[Crossing] = []
        self.holdings: set = set()
        self.road: set = set()
        self.builder = None
        self.passes: set = set()
        #: Every point of every river, kept up to date as watercourses are drawn (a new one ends there).
        self.river_corners = {tuple(p) for r in rivers for p in r.points}
        #: Crossings already on the map (road bridges), so a rolled bridge goes elsewhere.
        self.existing_crossings: set = set()
        #: The drainage of the terrain's water as it is now (the rivers stage's, until a lake is rolled).
        self._drainage: Drainage | None = drainage
        self._water_changed = False  # squares became water since the drainage was worked out

    # -- square choice ---------------------------------------------------
    def kept(self) -> np.ndarray:
        """Squares with a configuration: no later stage may change their terrain."""
        keep = np.zeros(self.terrain.shape, bool)
        for c in self.configs:
            keep[c.square[1], c.square[0]] = True
        return keep

    def _occupied(self) -> np.ndarray:
        """Squares with a holding or a road: their terrain must not change."""
        occ = np.zeros(self.terrain.shape, bool)
        cols, rows = _columns_rows(self.holdings | self.road)
        occ[rows, cols] = True
        return occ

    def _terrain(self, *names: str, free: bool = False) -> np.ndarray:
        mask = of_kind(self.terrain, names)
        return mask & ~self._occupied() if free else mask

    def _becomes(self, new: str, mask: np.ndarray) -> np.ndarray:
        """Where a result that turns its square into ``new`` may go: never changing a configuration's square."""
        return mask & (~self.kept() | (self.terrain == new))

    def _pick(self, territory: str, mask: np.ndarray) -> tuple[int, int] | None:
        """A random fitting square of the territory, preferring one with no configuration yet."""
        mask = mask & (self.territory == territory) & self.usable
        if not mask.any():
            return None
        fresh = mask & ~self.kept()
        rows, cols = np.nonzero(fresh if fresh.any() else mask)  # row order, as np.argwhere lists them
        k = int(self.rng.integers(len(rows)))
        return int(cols[k]), int(rows[k])

    def _lake_mask(self) -> np.ndarray:
        """Open ground away from the edge, water, rivers and other configurations: a lake there cuts nothing off."""
        h, w = self.terrain.shape
        mask = self._terrain(*OPEN, "cultivated", free=True) & ~self.kept()
        mask[0, :] = mask[-1, :] = False
        mask[:, 0] = mask[:, -1] = False
        mask &= neighbour_count(of_kind(self.terrain, WATER)) == 0
        corners = np.zeros((h + 1, w + 1), bool)
        xs, ys = _columns_rows(self.river_corners)
        corners[ys, xs] = True
        mask &= ~(corners[:-1, :-1] | corners[:-1, 1:] | corners[1:, :-1] | corners[1:, 1:])
        return mask

    def _set(self, sq, terrain: str) -> None:
        self.terrain[sq[1], sq[0]] = terrain
        if terrain in WATER:
            self._water_changed = True  # a lake is a new outlet: drain again when next needed

    # -- placement -------------------------------------------------------
    def place(self, slot: Slot) -> bool:
        """Place one result; False when nothing fits (the caller rolls again)."""
        name, t = slot.outcome, slot.territory
        forest = "jungle" if self.climate == "torrid" else "forest"
        anywhere = np.ones(self.terrain.shape, bool)
        label = name
        if name in ("uncultivated", "cultivated"):
            sq = self._pick(t, self._becomes(name, self._terrain(*OPEN, free=True)))
            if sq:
                self._set(sq, name)
        elif name in ("farm", "village"):
            # Farms and villages stand in fields (FW-11.8 result 3): on open ground that
            # may become a field, or on a field already there.
            fields = self._terrain(*OPEN, free=True) | self._terrain("cultivated")
            sq = self._pick(t, self._becomes("cultivated", fields))
            if sq:
                self._set(sq, "cultivated")
        elif name in ("wood", "enchanted_wood", "forest"):
            # Only on open ground: a wood on a hill would break the hill's chain.  A wood
            # (result 4) is forest terrain in every zone; only a forest (result 5) is a
            # jungle in a torrid zone (FW-11.5), with the jungle rules of FW-19.
            grows = forest if name == "forest" else "forest"
            sq = self._pick(t, self._becomes(grows, self._terrain(*OPEN, free=True)))
            if sq:
                self._set(sq, grows)
                label = forest if name == "forest" else name
        elif name == "desert":
            sq = self._pick(t, self._becomes("desert", self._terrain(*OPEN, free=True)))
            if sq:
                self._set(sq, "desert")
                label = "desert" if self.climate == "torrid" else "wasteland"
        elif name == "river":
            return self._place_watercourse(slot)
        elif name == "marsh":
            sq = self._pick(t, self._terrain(*OPEN, "cultivated", "swamp"))
        elif name == "lake":
            sq = self._pick(t, self._lake_mask())
            if sq:
                self._set(sq, "lake")
        elif name == "swamp":
            sq = self._pick(t, self._becomes("swamp", self._terrain(*OPEN, "forest", "jungle", free=True)))
            if sq:
                self._set(sq, "swamp")
        elif name == "volcano":
            sq = self._pick(t, self._terrain("mountain", "hills"))
        elif name == "dunes":
            sq = self._pick(t, self._terrain("desert"))
        elif name == "boulders":
            sq = self._pick(t, self._terrain("desert", "mountain", "hills")) or self._pick(t, anywhere)
        elif name == "isolated_mountain":
            sq = self._pick(t, ~self._terrain("mountain"))
        elif name == "glacier_or_chasm":
            # [DEV] FW-11.7 result 5-6: a glacier "only for high mountain zones", in any
            # climate (see terrain.high_mountains); otherwise a chasm.
            sq = self._pick(t, high_mountains(self.terrain, self.elevation))
            label = "glacier"
            if not sq:
                sq = self._pick(t, self._terrain("hills", "mountain")) or self._pick(t, anywhere)
                label = "chasm"
        elif name == "mine":
            sq = self._pick(t, self._terrain("mountain", "hills"))
        elif name in ("ruins", "cemetery", "temple", "tower", "sanctuary", "burial_mound"):
            sq = self._pick(t, anywhere)
        elif name == "pass":
            sq = self._pick(t, self._terrain("mountain"))
            if sq:
                self.passes.add(sq)
        elif name == "road":
            off_road = anywhere.copy()
            for c, r in self.road:
                off_road[r, c] = False
            sq = self._pick(t, off_road)
            if sq and not (self.builder and self.builder.spur(sq)):
                sq = None
            elif sq:
                self.road.update(self.builder.roads[-1].squares)
        elif name == "bridge":
            return self._place_bridge(slot)
        elif name == "barrier":
            at_pass = np.zeros(self.terrain.shape, bool)
            for c, r in self.passes:
                at_pass[r, c] = True
            sq = self._pick(t, at_pass)
        else:  # pragma: no cover - every table outcome is handled above
            raise AssertionError(f"unhandled configuration {name}")
        if sq is None:
            return False
        self._record(slot, sq, label)
        return True

    def _t(self, c, r) -> str:
        return str(self.terrain[r, c])

    def _crosses_road(self, path) -> bool:
        """Would a watercourse drawn after the roads cut one (a road crossing a river needs a bridge)?"""
        if self.builder is None:
            return False
        points = set(path)
        edges = {frozenset(e) for e in zip(path, path[1:])}
        for road in self.builder.roads:
            for a, b in zip(road.squares, road.squares[1:]):
                if a[0] != b[0] and a[1] != b[1]:
                    if (max(a[0], b[0]), max(a[1], b[1])) in points:
                        return True
                elif frozenset(shared_edge(a, b)) in edges:
                    return True
        return False

    def _place_watercourse(self, slot: Slot) -> bool:
        """FW-11.6 result 1-2: a stream (mountains, hills), wadi (desert) or river (elsewhere).

        On a square with a river it is a second watercourse there, which the battlefield
        draws flowing into the first (FW-11.1); on a square without one it draws its own
        river on the map, from the square's edge downhill to an outlet or another river.
        """
        # _pick keeps to the territory and the mainland; on a lake every corner is an outlet, so
        # no watercourse rises there and the square is dropped like any other without a way down.
        candidates = self.usable.copy()
        while True:
            sq = self._pick(slot.territory, candidates)
            if sq is None:
                return False
            c, r = sq
            if self.river[r, c]:
                kind = "second"
                break
            if self._drainage is None:
                self._drainage = Drainage(self.terrain, self.elevation)
            elif self._water_changed:
                self._drainage = self._drainage.after_new_water(self.terrain, self.elevation)
            self._water_changed = False
            river = watercourse_from(sq, self._drainage, self.river_corners, self._crosses_road)
            if river is not None:
                self.rivers.append(river)
                self.river |= river_squares([river], *self.terrain.shape[::-1])
                self.river_corners.update(river.points)
                kind = "new"
                break
            candidates[r, c] = False  # no way down from here: another square
        self._record(slot, sq, watercourse_name(self._t(c, r)), kind)
        return True

    def _place_bridge(self, slot: Slot) -> bool:
        """A bridge on a river edge of the territory with no crossing yet, chosen at random among them
        in row order (every edge of every river at once: a big map's rivers have thousands)."""
        have = {frozenset(c.squares) for c in self.crossings} | self.existing_crossings
        edges = river_edge_squares(self.rivers)
        if not len(edges):
            return False
        (ac, ar), (bc, br) = edges[:, 0].T, edges[:, 1].T
        ok = (self.territory[ar, ac] == slot.territory) & self.usable[ar, ac] & self.usable[br, bc]
        fitting = np.flatnonzero(ok)
        taken = [frozenset(((a, b), (c, d))) in have for a, b, c, d in edges[fitting].reshape(-1, 4).tolist()]
        edges = edges[fitting[~np.array(taken, bool).reshape(-1)]]
        if not len(edges):
            return False
        # each edge once, in order of its first square's row and column, then its second's
        edges = edges[np.lexsort((edges[:, 1, 0], edges[:, 1, 1], edges[:, 0, 0], edges[:, 0, 1]))]
        edges = edges[np.r_[True, (edges[1:] != edges[:-1]).any(axis=(1, 2))]]
        (a, b) = (tuple(sq) for sq in edges[int(self.rng.integers(len(edges)))].tolist())
        self.crossings.append(Crossing((a, b), "bridge"))
        self._record(slot, a, "bridge")
        return True

    def _record(self, slot: Slot, sq, label: str, watercourse: str | None = None) -> None:
        self.configs.append(Config(sq, label, slot.category, slot.rule, slot.side, slot.territory, watercourse))
        self.features.setdefault(sq, []).append(label)
        where = f" ({watercourse} watercourse)" if watercourse else ""
        self.dice.log[slot.roll_index].result = f"{slot.outcome} -> {label} at {_sq(sq)}{where}"


def _sq(sq) -> str:
    return square_id(*sq)


def slot_plan(sides) -> list[tuple[str, str, int]]:
    """(who rolls, territory, slot number): six own each, then three neutral each."""
    plan = []
    for s in sides:
        plan += [(s.id, s.id, i + 1) for i in range(CONFIGS_PER_SIDE)]
    for i in range(CONFIGS_NEUTRAL_PER_SIDE):
        for s in sides:
            plan.append((s.id, "N", CONFIGS_PER_SIDE + 1 + i))
    return plan


def run_slot(dice: Dice, placer: Placer, side: str, territory: str, n: int, deferred: list | None) -> None:
    """Roll a slot and place it (or defer it); roll again when nothing fits."""
    for attempt in range(MAX_REROLLS + 1):
        slot = roll_slot(dice, side, territory, n)
        if deferred is not None and slot.outcome in AFTER_ROADS:
            deferred.append(slot)
            dice.log[slot.roll_index].result = f"{slot.outcome}: placed after the roads are built"
            return
        if placer.place(slot):
            return
        dice.log[slot.roll_index].result = f"{slot.outcome}: no fitting square here, roll again (AMB-44)"
    # Bounded: after MAX_REROLLS the slot stays empty, and the log says so.
    dice.log[-1].result = (dice.log[-1].result or "") + "; slot left empty after the last re-roll"


def place_deferred(dice: Dice, placer: Placer, deferred: list[Slot]) -> None:
    for slot in deferred:
        if placer.place(slot):
            continue
        dice.log[slot.roll_index].result = f"{slot.outcome}: no fitting square here, roll again (AMB-44)"
        # The re-roll happens now, with roads in place; anything may be placed at once.
        run_slot(dice, placer, slot.side, slot.territory, slot.number, None)
