"""Rule tables as data: a dice expression, result bands, outcomes, a rule ID.

A table is declared once (in ``mapgen/fw/rules.py`` for Fantasy Warriors) and
used by the generators, the setup sheets and the tests alike.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Iterable

from .dice import Dice, DiceExpr, Modifier, Roll


@dataclass(frozen=True)
class Band:
    """Totals ``low..high`` (inclusive) give ``outcome``; ``data`` carries its numbers."""

    low: int
    high: int
    outcome: str
    label: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    def span(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class Table:
    """A rule table rolled with ``dice``: its bands, sorted and checked to cover every total when declared."""

    rule: str
    name: str
    dice: str
    bands: tuple[Band, ...]

    def __post_init__(self):
        expr = DiceExpr.parse(self.dice)
        # Keep the bands in order of their totals: lookup walks them and takes the
        # first and last as the clamping ends, so a table declared out of order
        # must be stored sorted, not only checked sorted.
        bands = tuple(sorted(self.bands, key=lambda b: b.low))
        object.__setattr__(self, "bands", bands)
        for a, b in zip(bands, bands[1:]):
            if b.low != a.high + 1:
                raise ValueError(f"{self.rule} {self.name}: bands {a.span()} and {b.span()} do not meet")
        if bands[0].low > expr.low or bands[-1].high < expr.high:
            raise ValueError(f"{self.rule} {self.name}: bands do not cover {self.dice}")

    def lookup(self, total: int) -> Band:
        """The band for a modified total; totals beyond the bands clamp to the end bands."""
        total = min(max(total, self.bands[0].low), self.bands[-1].high)
        # the bands are sorted and contiguous (checked when the table is declared): exactly one holds it
        return next(band for band in self.bands if band.low <= total <= band.high)

    def outcomes(self) -> list[str]:
        return [b.outcome for b in self.bands]

    def probabilities(self) -> dict[str, float]:
        """Exact chance of each outcome on an unmodified roll."""
        expr = DiceExpr.parse(self.dice)
        dist = {0: 1}
        for _ in range(expr.count):
            nxt: dict[int, int] = {}
            for total, ways in dist.items():
                for face in range(1, expr.sides + 1):
                    nxt[total + face] = nxt.get(total + face, 0) + ways
            dist = nxt
        n = expr.sides**expr.count
        probs: dict[str, float] = {}
        for total, ways in dist.items():
            band = self.lookup(total + expr.bonus)
            probs[band.outcome] = probs.get(band.outcome, 0) + ways / n
        return probs


def band(low: int, high: int | None, outcome: str, label: str = "", **data) -> Band:
    return Band(low, low if high is None else high, outcome, label or outcome.replace("_", " "), data)


def roll_on(
    dice: Dice,
    table: Table,
    purpose: str,
    modifiers: Iterable[Modifier] = (),
) -> tuple[Roll, Band]:
    """Roll a table, log the outcome, return the roll and its band."""
    roll = dice.roll(table.dice, table.rule, purpose, modifiers)
    result = table.lookup(roll.total)
    dice.note(roll, result.outcome)
    return roll, result


@dataclass(frozen=True)
class RuleMap(Mapping):
    """A rule table without dice (costs, strengths, a choice matrix): a read-only mapping with its rule ID.

    Examples
    --------
    >>> m = RuleMap("RC-3.9", "Fortifications (Tabella 32)", {"fortify": 50})
    >>> m["fortify"], m.rule
    (50, 'RC-3.9')
    """

    rule: str
    name: str
    values: Mapping[Any, Any]

    def __getitem__(self, key):
        return self.values[key]

    def __iter__(self) -> Iterator:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)
