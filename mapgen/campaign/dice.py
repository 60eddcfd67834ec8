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
from ..engine.commands import DiceEntryError
from ..tables import Band, Table
from .state import LogEntry, Modifier, evolve

#: DiceExpr.parse results, keyed by the text: the tables use a handful of expressions.
_EXPRS: dict[str, DiceExpr] = {}
#: The BLAKE2b keyed with each seed: every command's dice copy it rather than key a new one.
_KEYED: dict = {}
#: Each table's bands by modified total, filled as totals come up (``Table.lookup`` walks the bands).
_BANDS: dict[int, tuple[Table, dict[int, Band]]] = {}
_new, _set = object.__new__, object.__setattr__


def _expr(text: str) -> DiceExpr:
    e = _EXPRS.get(text)
    if e is None:
        e = _EXPRS[text] = DiceExpr.parse(text)
    return e


_FACES: dict[int, tuple[bytes, bytes]] = {}


def _faces_table(sides: int) -> tuple[bytes, bytes]:
    """For ``bytes.translate``: each byte's face on a D``sides``, and the bytes skipped (of ``256 - 256 % sides`` and above)."""
    t = _FACES.get(sides)
    if t is None:
        limit = 256 - 256 % sides
        t = _FACES[sides] = (bytes(b % sides + 1 if b < limit else 0 for b in range(256)), bytes(range(limit, 256)))
    return t


def band_for(table: Table, total: int) -> Band:
    """``table.lookup(total)``, remembered: a campaign turn looks up the same few totals hundreds of times."""
    kept = _BANDS.get(id(table))
    if kept is None or kept[0] is not table:
        kept = _BANDS[id(table)] = (table, {})
    b = kept[1].get(total)
    if b is None:
        b = kept[1][total] = table.lookup(total)
    return b


def log_entry(day, phase, rule, text, dice=None, faces=(), modifiers=(), total=None, outcome=None, entered=False, side=None, secret=False) -> LogEntry:
    """A :class:`LogEntry` without its ``__init__``, which costs 2 us for a frozen class (see ``state.evolve``)."""
    entry = _new(LogEntry)
    _set(entry, "__dict__", {
        "day": day, "phase": phase, "rule": rule, "text": text, "dice": dice, "faces": faces, "modifiers": modifiers,
        "total": total, "outcome": outcome, "entered": entered, "side": side, "secret": secret,
    })  # fmt: skip
    return entry


class GameDice:
    """The dice of one command: derived faces, after any faces the player entered.

    ``roll`` returns a :class:`LogEntry` and keeps it in :attr:`log` for the
    command to add to the campaign log.
    """

    def __init__(self, seed: int | str, entered: Iterable[int] = ()):
        keyed = _KEYED.get(seed)
        if keyed is None:
            keyed = _KEYED[seed] = hashlib.blake2b(key=seed_to_int(seed).to_bytes(8, "big"), digest_size=32)
        self._hash = keyed
        self.entered = list(entered)
        self.used_entered = 0
        self.log: list[LogEntry] = []
        #: place -> [its last 32 bytes, the next byte to use, blocks hashed so far]
        self._streams: dict[str, list] = {}

    # --- faces -------------------------------------------------------------------------
    def _derived(self, place: str, sides: int, count: int = 1) -> list[int]:
        """The next ``count`` faces of ``place``'s stream: BLAKE2b(seed; place, block) bytes, in order.

        Bytes of ``256 - 256 % sides`` and above are skipped, so each face is
        exactly as likely; ``bytes.translate`` turns a whole block into faces
        at once (a battle's wounded check throws a die per model).
        """
        stream = self._streams.get(place)
        if stream is None:
            h = self._hash.copy()
            h.update(f"{place}#0".encode())
            data = h.digest()
            if count == 1 and data[0] < 256 - 256 % sides:  # most places throw one die, once: its first byte
                self._streams[place] = [data, 1, 1]
                return [data[0] % sides + 1]
            stream = self._streams[place] = [data, 0, 1]
        data, i = stream[0], stream[1]
        faces_of, skipped = _faces_table(sides)
        out: list[int] = []
        while len(out) < count:
            if i >= len(data):
                h = self._hash.copy()
                h.update(f"{place}#{stream[2]}".encode())
                data, i = h.digest(), 0
                stream[2] += 1
            faces = data[i:].translate(faces_of, skipped)
            need = count - len(out)
            if len(faces) <= need:
                out += faces
                i = len(data)
            elif len(faces) == len(data) - i:  # nothing skipped: the next byte is the one after them
                out += faces[:need]
                i += need
            else:
                limit = 256 - 256 % sides
                while need:
                    need -= data[i] < limit
                    i += 1
                out += faces[: count - len(out)]
        stream[0], stream[1] = data, i
        return out

    def faces(self, expr: DiceExpr, place: str) -> tuple[list[int], bool]:
        """The faces of one throw at ``place``; True when they were all entered by a player."""
        if self.used_entered >= len(self.entered):
            return self._derived(place, expr.sides, expr.count), False
        faces, entered = [], True
        for _ in range(expr.count):
            if self.used_entered < len(self.entered):
                face = self.entered[self.used_entered]
                if not 1 <= face <= expr.sides:
                    raise DiceEntryError(f"--roll: {face} cannot come up on a D{expr.sides}")
                self.used_entered += 1
                faces.append(face)
            else:
                faces += self._derived(place, expr.sides)
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
        return self._roll(dice, day, phase, place, rule, text, modifiers, side, secret, outcome, None)[0]

    def roll_on(
        self, table: Table, *, modifiers: Iterable[Modifier] = (), day: int, phase: int | str, place: str, text: str,
        side: str | None = None, secret: bool = False,
    ) -> tuple[LogEntry, Band]:
        """Roll a rule table and log its outcome; returns the entry and the band."""
        return self._roll(table.dice, day, phase, place, table.rule, text, modifiers, side, secret, None, table)

    def _roll(self, dice, day, phase, place, rule, text, modifiers, side, secret, outcome, table) -> tuple[LogEntry, Band | None]:
        expr = _EXPRS.get(dice) or _expr(dice)
        key = f"{day}/{phase}/{place}"
        if self.used_entered < len(self.entered):
            faces, entered = self.faces(expr, key)
            faces = tuple(faces)
        else:
            entered, sides = False, expr.sides
            stream = self._streams.get(key)
            faces = None
            if expr.count == 1:  # one die (most rolls): _derived inlined for its first byte and the next one
                if stream is None:  # most places throw once
                    h = self._hash.copy()
                    h.update(f"{key}#0".encode())
                    data = h.digest()
                    b = data[0]
                    if b < 256 - 256 % sides:
                        self._streams[key] = [data, 1, 1]
                        faces = (b % sides + 1,)
                elif stream[1] < len(stream[0]):  # a re-roll at the same place (initiative ties)
                    b = stream[0][stream[1]]
                    if b < 256 - 256 % sides:
                        stream[1] += 1
                        faces = (b % sides + 1,)
            if faces is None:
                faces = tuple(self._derived(key, sides, expr.count))
        total = expr.bonus
        for f in faces:
            total += f
        mods = tuple(modifiers)
        for m in mods:
            total += m.value
        band = None
        if table is not None:
            band = band_for(table, total)
            outcome = band.outcome
        entry = _new(LogEntry)
        _set(entry, "__dict__", {
            "day": day, "phase": phase, "rule": rule, "text": text, "dice": dice, "faces": faces, "modifiers": mods,
            "total": total, "outcome": outcome, "entered": entered, "side": side, "secret": secret,
        })  # fmt: skip  (log_entry inlined: a campaign day logs dozens of rolls)
        self.log.append(entry)
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
        entry = log_entry(day, phase, rule, text, side=side, secret=secret)
        self.log.append(entry)
        return entry
