"""The one seeded source of randomness, and the record of every roll.

Every die a generator throws goes through :class:`Dice`, which keeps a log a
player can check against the rulebook (rule ID, purpose, faces, modifiers,
total, outcome).  Non-dice randomness (noise fields, jitter) draws from the
same numpy Generator through :attr:`Dice.rng`, so one seed fixes everything.
"""

from __future__ import annotations

import hashlib
import numbers
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

_EXPR = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")


class DiceError(ValueError):
    """A dice expression mapgen cannot read."""


@dataclass(frozen=True)
class DiceExpr:
    """A parsed dice expression such as ``2D6`` or ``1D6+2``."""

    count: int
    sides: int
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> "DiceExpr":
        m = _EXPR.match(text)
        if not m:
            raise DiceError(f"not a dice expression: {text!r} (expected e.g. 1D6, 2D6, 1D6+2)")
        count = int(m.group(1) or 1)
        sides = int(m.group(2))
        bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        if count < 1 or sides < 2:
            raise DiceError(f"not a dice expression: {text!r}")
        return cls(count, sides, bonus)

    @property
    def low(self) -> int:
        return self.count + self.bonus

    @property
    def high(self) -> int:
        return self.count * self.sides + self.bonus

    def __str__(self) -> str:
        text = f"{self.count}D{self.sides}"
        if self.bonus:
            text += f"{self.bonus:+d}"
        return text


@dataclass(frozen=True)
class Modifier:
    """A named modifier applied to a roll, e.g. ``("depth", +2)``."""

    name: str
    value: int


@dataclass
class Roll:
    """One logged roll: what was thrown, why, and what it meant."""

    seq: int
    rule: str
    purpose: str
    dice: str
    faces: list[int]
    modifiers: list[Modifier] = field(default_factory=list)
    total: int = 0
    result: str | None = None

    def to_json(self) -> dict:
        # Field by field, in their order: dataclasses.asdict deep-copied every value, for a log of ints and strings
        return {"seq": self.seq, "rule": self.rule, "purpose": self.purpose, "dice": self.dice, "faces": list(self.faces),
                "modifiers": [{"name": m.name, "value": m.value} for m in self.modifiers], "total": self.total,
                "result": self.result}

    @classmethod
    def from_json(cls, data: dict) -> "Roll":
        mods = [Modifier(m["name"], int(m["value"])) for m in data.get("modifiers", [])]
        return cls(
            seq=int(data["seq"]),
            rule=str(data["rule"]),
            purpose=str(data["purpose"]),
            dice=str(data["dice"]),
            faces=[int(f) for f in data["faces"]],
            modifiers=mods,
            total=int(data["total"]),
            result=data.get("result"),
        )


@lru_cache(maxsize=256)
def _parsed(text: str) -> DiceExpr:
    """A table's dice, read once: the same few expressions are rolled thousands of times."""
    return DiceExpr.parse(text)


def seed_to_int(seed: int | str) -> int:
    """Turn an int or a free-text seed into the integer numpy wants.

    Strings are hashed (not Python's salted ``hash``) so ``--seed winter`` gives
    the same campaign on every machine.  Digit-only strings count as ints, so
    ``--seed 7`` and ``seed=7`` agree.
    """
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        return int(seed) % (2**64)
    text = str(seed).strip()
    if re.fullmatch(r"-?\d+", text):
        return int(text) % (2**64)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class Dice:
    """Seeded dice that log every roll.

    Examples
    --------
    >>> d = Dice(7)
    >>> r = d.roll("2D6", rule="FW-3.4", purpose="holding feature at C4")
    >>> 2 <= r.total <= 12 and d.log[-1] is r
    True
    """

    def __init__(self, seed: int | str = 0):
        # numpy is imported here, not with the module: the campaign engine reads DiceExpr and
        # seed_to_int from this module, and a campaign command that never builds a Dice should not
        # pay numpy's 40-60 ms start-up.
        import numpy as np

        self.seed = seed
        self.rng = np.random.default_rng(seed_to_int(seed))
        self.log: list[Roll] = []

    def _faces(self, expr: DiceExpr) -> list[int]:
        if expr.count == 1:  # the same draw as size=1, without building an array (most rolls are one die)
            return [int(self.rng.integers(1, expr.sides + 1))]
        return [int(f) for f in self.rng.integers(1, expr.sides + 1, size=expr.count)]

    def roll(
        self,
        dice: str | DiceExpr,
        rule: str,
        purpose: str,
        modifiers: Iterable[Modifier] = (),
    ) -> Roll:
        expr = dice if isinstance(dice, DiceExpr) else _parsed(dice)
        mods = list(modifiers)
        faces = self._faces(expr)
        total = sum(faces) + expr.bonus + sum(m.value for m in mods)
        roll = Roll(len(self.log) + 1, rule, purpose, str(expr), faces, mods, total)
        self.log.append(roll)
        return roll

    def note(self, roll: Roll, result: str) -> Roll:
        """Record what a roll meant (the table outcome or the decision)."""
        roll.result = result
        return roll

    def contest(self, rule: str, purpose: str, names: Sequence[str]) -> tuple[str, str]:
        """Both players roll 1D6, re-rolling ties; returns (winner, loser)."""
        a, b = names
        while True:
            ra = self.roll("1D6", rule, f"{purpose}: {a}")
            rb = self.roll("1D6", rule, f"{purpose}: {b}")
            if ra.total == rb.total:
                self.note(ra, "tie, roll again")
                self.note(rb, "tie, roll again")
                continue
            winner, loser = (a, b) if ra.total > rb.total else (b, a)
            self.note(ra, f"{winner} wins")
            self.note(rb, f"{winner} wins")
            return winner, loser


class ScriptedDice(Dice):
    """Dice whose faces are given in advance: tables are tested with these.

    The noise generator is still seeded, so a stage can be tested with fixed
    faces and deterministic non-dice randomness.
    """

    def __init__(self, faces: Iterable[int], seed: int | str = 0):
        super().__init__(seed)
        self._queue = list(faces)

    def _faces(self, expr: DiceExpr) -> list[int]:
        if len(self._queue) < expr.count:
            raise AssertionError(f"scripted dice ran out rolling {expr}")
        faces, self._queue = self._queue[: expr.count], self._queue[expr.count :]
        for f in faces:
            if not 1 <= f <= expr.sides:
                raise AssertionError(f"scripted face {f} impossible on a D{expr.sides}")
        return faces

    @property
    def remaining(self) -> int:
        return len(self._queue)


def rolls_from_json(items) -> list[Roll]:
    """A saved ``dice_log``; a malformed entry raises BadFileError naming it."""
    from .errors import BadFileError

    if not isinstance(items, list):
        raise BadFileError("field 'dice_log' should be a list")
    rolls = []
    for i, item in enumerate(items):
        try:
            rolls.append(Roll.from_json(item))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise BadFileError(f"field 'dice_log[{i}]' is malformed ({exc})") from None
    return rolls
