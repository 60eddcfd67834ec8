"""Particular terrain configurations (FW-2.5 item 5, FW-11.5 to FW-11.8, AMB-31, AMB-44).

Each side rolls six in its own territory and three in the neutral one.  A
slot first rolls which table to use (AMB-31), then that table, then any
sub-table; the result goes on a fitting square of that territory.  Results
that need roads or passes (road, bridge, barrier) wait until the roads are
built.  A result with no fitting square is rolled again (AMB-44), a bounded
number of times.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dice import Dice
from ..grid import KING_STEPS, edge_squares, square_id
from ..tables import roll_on
from .model import Config, Crossing
from .rules import (
    CONFIG_CATEGORY,
    CONFIG_TABLES,
    CONFIGS_NEUTRAL_PER_SIDE,
    CONFIGS_PER_SIDE,
    SUB_TABLES,
    WATER,
)

#: A slot is rolled again at most this many times when nothing fits.
MAX_REROLLS = 12
#: Results placed only after the roads exist.
AFTER_ROADS = frozenset({"road", "bridge", "barrier"})
OPEN = ("plain", "uncultivated")


@dataclass
class Slot:
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


class Placer:
    """Places configuration results on the map arrays it is given (and edits them)."""

    def __init__(self, dice, terrain, territory, usable, river, climate, rivers, features, configs):
        self.dice = dice
        self.rng = dice.rng
        self.terrain = terrain
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
        self.river_corners = {tuple(p) for r in rivers for p in r.points}
        #: Crossings already on the map (road bridges), so a rolled bridge goes elsewhere.
        self.existing_crossings: set = set()

    # -- square choice ---------------------------------------------------
    def _pick(self, territory: str, fits) -> tuple[int, int] | None:
        h, w = self.terrain.shape
        cands = [
            (int(c), int(r))
            for r, c in np.argwhere((self.territory == territory) & self.usable)
            if fits(int(c), int(r))
        ]
        if not cands:
            return None
        taken = {c.square for c in self.configs}
        fresh = [sq for sq in cands if sq not in taken]
        pool = fresh or cands
        return pool[int(self.rng.integers(len(pool)))]

    def _t(self, c, r) -> str:
        return str(self.terrain[r, c])

    def _free(self, c, r) -> bool:
        """No holding or road on it: its terrain may change."""
        return (c, r) not in self.holdings and (c, r) not in self.road

    def _lake_ok(self, c, r) -> bool:
        h, w = self.terrain.shape
        if not (0 < c < w - 1 and 0 < r < h - 1) or not self._free(c, r):
            return False
        if self._t(c, r) not in OPEN + ("cultivated",):
            return False
        if any(self.terrain[r + dr, c + dc] in WATER for dc, dr in KING_STEPS):
            return False
        return not any((c + dx, r + dy) in self.river_corners for dx in (0, 1) for dy in (0, 1))

    # -- placement -------------------------------------------------------
    def place(self, slot: Slot) -> bool:
        """Place one result; False when nothing fits (the caller rolls again)."""
        name, t = slot.outcome, slot.territory
        forest = "jungle" if self.climate == "torrid" else "forest"
        sq = None
        label = name
        if name in ("uncultivated", "cultivated"):
            sq = self._pick(t, lambda c, r: self._t(c, r) in OPEN and self._free(c, r))
            if sq:
                self.terrain[sq[1], sq[0]] = name
        elif name in ("farm", "village"):
            # Farms and villages stand in fields (FW-11.8 result 3).
            sq = self._pick(t, lambda c, r: self._t(c, r) in OPEN + ("cultivated",))
            if sq and self._free(*sq):
                self.terrain[sq[1], sq[0]] = "cultivated"
        elif name in ("wood", "enchanted_wood", "forest"):
            sq = self._pick(t, lambda c, r: self._t(c, r) in OPEN and self._free(c, r))
            if sq:
                self.terrain[sq[1], sq[0]] = forest
                label = forest if name == "forest" else name
        elif name == "desert":
            sq = self._pick(t, lambda c, r: self._t(c, r) in OPEN and self._free(c, r))
            if sq:
                self.terrain[sq[1], sq[0]] = "desert"
                label = "desert" if self.climate == "torrid" else "wasteland"
        elif name == "river":
            sq = self._pick(t, lambda c, r: bool(self.river[r, c]))
            if sq:
                here = self._t(*sq)
                label = "stream" if here in ("mountain", "hills") else "wadi" if here == "desert" else "river"
        elif name == "marsh":
            sq = self._pick(t, lambda c, r: self._t(c, r) in OPEN + ("cultivated", "swamp"))
        elif name == "lake":
            sq = self._pick(t, self._lake_ok)
            if sq:
                self.terrain[sq[1], sq[0]] = "lake"
        elif name == "swamp":
            sq = self._pick(t, lambda c, r: self._t(c, r) in OPEN + ("forest", "jungle") and self._free(c, r))
            if sq:
                self.terrain[sq[1], sq[0]] = "swamp"
        elif name == "volcano":
            sq = self._pick(t, lambda c, r: self._t(c, r) in ("mountain", "hills"))
        elif name == "dunes":
            sq = self._pick(t, lambda c, r: self._t(c, r) == "desert")
        elif name == "boulders":
            sq = self._pick(t, lambda c, r: self._t(c, r) in ("desert", "mountain", "hills")) or self._pick(
                t, lambda c, r: True
            )
        elif name == "isolated_mountain":
            sq = self._pick(t, lambda c, r: self._t(c, r) not in ("mountain",))
        elif name == "glacier_or_chasm":
            if self.climate == "cold":
                sq = self._pick(t, lambda c, r: self._t(c, r) == "mountain")
                label = "glacier"
            if not sq:
                sq = self._pick(t, lambda c, r: self._t(c, r) in ("hills", "mountain")) or self._pick(t, lambda c, r: True)
                label = "chasm"
        elif name == "mine":
            sq = self._pick(t, lambda c, r: self._t(c, r) in ("mountain", "hills"))
        elif name in ("ruins", "cemetery", "temple", "tower", "sanctuary", "burial_mound"):
            sq = self._pick(t, lambda c, r: True)
        elif name == "pass":
            sq = self._pick(t, lambda c, r: self._t(c, r) == "mountain")
            if sq:
                self.passes.add(sq)
        elif name == "road":
            sq = self._pick(t, lambda c, r: (c, r) not in self.road)
            if sq and not (self.builder and self.builder.spur(sq)):
                sq = None
            elif sq:
                self.road.update(self.builder.roads[-1].squares)
        elif name == "bridge":
            return self._place_bridge(slot)
        elif name == "barrier":
            sq = self._pick(t, lambda c, r: (c, r) in self.passes)
        else:  # pragma: no cover - every table outcome is handled above
            raise AssertionError(f"unhandled configuration {name}")
        if sq is None:
            return False
        self._record(slot, sq, label)
        return True

    def _place_bridge(self, slot: Slot) -> bool:
        have = {frozenset(c.squares) for c in self.crossings} | self.existing_crossings
        edges = []
        for river in self.rivers:
            for p, q in river.edges():
                a, b = edge_squares(p, q)
                if self.territory[a[1], a[0]] == slot.territory and frozenset((a, b)) not in have:
                    if self.usable[a[1], a[0]] and self.usable[b[1], b[0]]:
                        edges.append(tuple(sorted((a, b))))
        if not edges:
            return False
        edges = sorted(set(edges), key=lambda e: (e[0][1], e[0][0], e[1][1], e[1][0]))
        a, b = edges[int(self.rng.integers(len(edges)))]
        self.crossings.append(Crossing((a, b), "bridge"))
        self._record(slot, a, "bridge")
        return True

    def _record(self, slot: Slot, sq, label: str) -> None:
        self.configs.append(Config(sq, label, slot.category, slot.rule, slot.side, slot.territory))
        self.features.setdefault(sq, []).append(label)
        self.dice.log[slot.roll_index].result = f"{slot.outcome} -> {label} at {_sq(sq)}"


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
