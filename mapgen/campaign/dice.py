"""Dice derived from the campaign seed and the place in the game, and the faces players enter.

A roll's faces depend only on (seed, day, phase, place, n): the n-th die
thrown for that place.  Nothing random is saved, a replay of the same
commands gives the same game, and ``undo`` followed by the same command
brings up the same faces (undo is never a re-roll, as in boardgame.io).  A
refused command rolls the same faces when it is given again correctly.

The faces come from BLAKE2b keyed with the seed over the place, not from a
numpy Generator per place: seeding a Generator costs about 20 microseconds, a
hash one, and a campaign turn throws dozens of dice.  One hash gives 32
bytes, used in order by the place's next dice; bytes of 252 and above are
skipped so each face of a D6 is exactly equally likely.

Players who roll real dice at the table give the faces (``--roll 4,2``):
they are used in order, then the derived dice take over, and the log marks
each entered roll.
"""

from __future__ import annotations

import hashlib
from typing import Iterable

from ..dice import DiceExpr, seed_to_int
from ..tables import Band, Table
from .state import LogEntry, Modifier, evolve

#: DiceExpr.parse results, keyed by the text: the tables use a handful of expressions.
_EXPRS: dict[str, DiceExpr] = {}


class DiceEntryError(ValueError):
    """An entered face that cannot be on that die."""


def _expr(text: str) -> DiceExpr:
    e = _EXPRS.get(text)
    if e is None:
        e = _EXPRS[text] = DiceExpr.parse(text)
    return e


class GameDice:
    """The dice of one command: derived faces, after any faces the player entered.

    ``roll`` returns a :class:`LogEntry` and keeps it in :attr:`log` for the
    command to add to the campaign log.
    """

    def __init__(self, seed: int | str, entered: Iterable[int] = ()):
        self._hash = hashlib.blake2b(key=seed_to_int(seed).to_bytes(8, "big"), digest_size=32)
        self.entered = list(entered)
        self.used_entered = 0
        self.log: list[LogEntry] = []
        #: place -> [bytes of its stream not used yet, blocks hashed so far]
        self._streams: dict[str, list] = {}

    # --- faces -------------------------------------------------------------------------
    def _derived(self, place: str, sides: int) -> int:
        """The next face of ``place``'s stream: BLAKE2b(seed; place, block) bytes, in order."""
        stream = self._streams.get(place)
        if stream is None:
            stream = self._streams[place] = [b"", 0]
        limit = 256 - 256 % sides
        while True:
            if not stream[0]:
                h = self._hash.copy()
                h.update(f"{place}#{stream[1]}".encode())
                stream[0] = h.digest()
                stream[1] += 1
            data = stream[0]
            for i, byte in enumerate(data):
                if byte < limit:
                    stream[0] = data[i + 1 :]
                    return byte % sides + 1
            stream[0] = b""

    def faces(self, expr: DiceExpr, place: str) -> tuple[list[int], bool]:
        """The faces of one throw at ``place``; True when they were all entered by a player."""
        if self.used_entered >= len(self.entered):
            return [self._derived(place, expr.sides) for _ in range(expr.count)], False
        faces, entered = [], True
        for _ in range(expr.count):
            if self.used_entered < len(self.entered):
                face = self.entered[self.used_entered]
                if not 1 <= face <= expr.sides:
                    raise DiceEntryError(f"--roll: {face} cannot come up on a D{expr.sides}")
                self.used_entered += 1
                faces.append(face)
            else:
                faces.append(self._derived(place, expr.sides))
                entered = False
        return faces, entered

    @property
    def unused_entered(self) -> list[int]:
        return self.entered[self.used_entered :]

    # --- rolls -------------------------------------------------------------------------
    def roll(
        self,
        dice: str,
        *,
        day: int,
        phase: int | str,
        place: str,
        rule: str,
        text: str,
        modifiers: Iterable[Modifier] = (),
        side: str | None = None,
        secret: bool = False,
        outcome: str | None = None,
    ) -> LogEntry:
        expr = _expr(dice)
        faces, entered = self.faces(expr, f"{day}/{phase}/{place}")
        mods = tuple(modifiers)
        total = sum(faces) + expr.bonus + sum(m.value for m in mods)
        entry = object.__new__(LogEntry)  # a frozen dataclass's __init__ costs 2 us: see state.evolve
        entry.__dict__.update(
            day=day, phase=phase, rule=rule, text=text, dice=dice, faces=tuple(faces), modifiers=mods, total=total,
            outcome=outcome, entered=entered, side=side, secret=secret,
        )
        self.log.append(entry)
        return entry

    def roll_on(self, table: Table, *, modifiers: Iterable[Modifier] = (), **kw) -> tuple[LogEntry, Band]:
        """Roll a rule table and log its outcome; returns the entry and the band."""
        entry = self.roll(table.dice, rule=table.rule, modifiers=modifiers, **kw)
        band = table.lookup(entry.total)
        entry = self.set_outcome(entry, band.outcome)
        return entry, band

    def set_outcome(self, entry: LogEntry, outcome: str) -> LogEntry:
        """Record what a roll meant (replaces the logged entry; entries are frozen)."""
        new = evolve(entry, outcome=outcome)
        for i in range(len(self.log) - 1, -1, -1):
            if self.log[i] is entry:
                self.log[i] = new
                break
        return new

    def event(self, *, day: int, phase: int | str, rule: str, text: str, side: str | None = None, secret: bool = False) -> LogEntry:
        """A log line with no dice: a move made, a holding captured, a force removed."""
        entry = LogEntry(day, phase, rule, text, side=side, secret=secret)
        self.log.append(entry)
        return entry
