"""Two warbands of equal points (SK-1): the common total, then a seeded draft that lands on it exactly.

SK-1 prices every figure at VC x 10 points, so every total is a multiple of ten and the search
runs in tens.  Which totals a race can field is a bounded knapsack over its recruits (a leader,
a caster, a few monsters at most; rank and file without limit), kept as the bits of one Python
integer: shifting the integer by a figure's cost adds that figure to every total at once, so the
whole search is a few hundred integer operations, not a table.  The warbands are drawn to the
largest total up to ``--points`` that *both* races can field, so their points are equal, not only
close: the issue asks for "equal within the smallest figure's cost", and zero is within it.
The draft then picks figures at random (each recruit's ``weight``), never one after which the
total can no longer be reached, so it ends on the total without backtracking.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from ..errors import InfeasibleError
from . import tables as T
from .options import SkirmishOptions

#: Totals and costs are counted in this many points (SK-1: VC x 10, so every cost is a multiple).
UNIT = T.POINTS_PER_VC


@dataclass(frozen=True)
class FigureGroup:
    """Figures of one recruit in a warband, with everything the setup sheet prints about them."""

    name: str
    type: str  # the SK-1 troop type
    vc: int
    count: int
    wounds: int  # SK-8 (VC 7: SK-A.5)
    move_cm: int  # SK-6 (SK-A.9)
    weapon: str  # tables.WEAPONS key
    range_cm: int | None  # SK-4; None for a hand weapon
    moves_as: str  # the SK-6 line it moves by
    move_rule: str  # SK-6 when that line names its type, SK-A.9 when it is the closest listed

    @property
    def points(self) -> int:
        """SK-1: one figure's points."""
        return T.points(self.vc)

    @property
    def attacks(self) -> int:
        return T.TROOPS[self.type].attacks

    def to_json(self) -> dict:
        weapon = T.WEAPONS[self.weapon]
        return {
            "name": self.name,
            "type": self.type,
            "vc": self.vc,
            "count": self.count,
            "points": self.points,
            "wounds": self.wounds,
            "move_cm": self.move_cm,
            "weapon": self.weapon,
            "range_cm": self.range_cm,
            "attacks": self.attacks,
            "reloads": weapon.reloads,
            "moves_as": self.moves_as,
            "move_rule": self.move_rule,
        }


@dataclass(frozen=True)
class Warband:
    side: str
    race: str
    figures: tuple[FigureGroup, ...]

    @property
    def points(self) -> int:
        return sum(g.points * g.count for g in self.figures)

    @property
    def figure_count(self) -> int:
        return sum(g.count for g in self.figures)

    def to_json(self) -> dict:
        return {"side": self.side, "race": self.race, "points": self.points, "figure_count": self.figure_count,
                "figures": [g.to_json() for g in self.figures]}


def recruits(race: str, opts: SkirmishOptions) -> tuple[T.Recruit, ...]:
    """What ``race`` may field under the rulings: no muskets when their range is missing (SK-A.1)."""
    musket = opts.ruling("musket_range") != "missing"
    return tuple(r for r in T.RACES[race] if musket or r.weapon != "musket")


def totals(options: tuple[T.Recruit, ...], taken: Counter, limit: int) -> int:
    """The totals (in :data:`UNIT`) up to ``limit`` the recruits can still add, as the bits of an int."""
    mask, full = 1, (1 << (limit + 1)) - 1
    for r in options:
        cost = r.vc
        copies = limit // cost if r.most is None else min(r.most - taken[r.name], limit // cost)
        for _ in range(copies):
            grown = (mask | (mask << cost)) & full
            if grown == mask:
                break
            mask = grown
    return mask


def common_total(opts: SkirmishOptions) -> int:
    """SK-1: the largest total in points, at most ``opts.points``, that both warbands can field exactly.

    Raises InfeasibleError when the points buy no figure of a race, or no total is open to both."""
    limit = opts.points // UNIT
    masks = []
    for race in opts.races:
        options = recruits(race, opts)
        cheapest = min(r.points for r in options)
        if opts.points < cheapest:
            raise InfeasibleError("SK-1", f"{opts.points} points buy no figure of the {race}: the cheapest costs {cheapest} points (VC x 10); give --points {cheapest} or more")
        masks.append(totals(options, Counter(), limit))
    both = masks[0] & masks[1] & ~1
    if not both:
        raise InfeasibleError("SK-1", f"no total up to {opts.points} points can be fielded by both the {opts.races[0]} and the {opts.races[1]}: give more --points")
    return (both.bit_length() - 1) * UNIT


def draft(side: str, race: str, total: int, opts: SkirmishOptions, rng: np.random.Generator) -> Warband:
    """A warband of ``race`` worth exactly ``total`` points: its leader first when the total allows, then at random."""
    options = recruits(race, opts)
    taken: Counter = Counter()
    left = total // UNIT

    def open_after(r: T.Recruit) -> bool:
        if r.vc > left or (r.most is not None and taken[r.name] >= r.most):
            return False
        taken[r.name] += 1
        ok = bool(totals(options, taken, left - r.vc) >> (left - r.vc) & 1)
        taken[r.name] -= 1
        return ok

    leader = next((r for r in options if r.leader), None)
    if leader is not None and open_after(leader):
        taken[leader.name] += 1
        left -= leader.vc
    while left:
        choices = [r for r in options if open_after(r)]
        pick = int(rng.integers(sum(r.weight for r in choices)))
        for r in choices:
            pick -= r.weight
            if pick < 0:
                break
        taken[r.name] += 1
        left -= r.vc
    return Warband(side, race, tuple(group(r, taken[r.name], opts) for r in options if taken[r.name]))


def group(r: T.Recruit, count: int, opts: SkirmishOptions) -> FigureGroup:
    """``count`` figures of recruit ``r``: VC (SK-1), wounds (SK-8), move (SK-6), range (SK-4)."""
    vc, move = T.TROOPS[r.troop].vc, r.movement
    wounds = T.wounds(vc, opts.ruling("vc7_wounds"))
    return FigureGroup(r.name, r.troop, vc, count, wounds, move.move_cm, r.weapon, T.WEAPONS[r.weapon].range_cm, move.moves_as, move.move_rule)


def warbands(opts: SkirmishOptions, rng: np.random.Generator) -> tuple[Warband, Warband]:
    """Side A's and side B's warbands, each worth the common total (SK-1)."""
    total = common_total(opts)
    return draft("A", opts.races[0], total, opts, rng), draft("B", opts.races[1], total, opts, rng)
