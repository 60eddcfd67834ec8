"""Dice derived from the campaign seed and the place in the game, and the faces players enter.

A roll's faces depend only on (seed, place, n): the n-th die thrown at that
place, where the rule set's place names the moment of the game too (a
Fantasy Warriors day and phase, a Renaissance year and season).  Nothing random is saved, a replay of the same
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

The engine knows faces, totals and table bands; each rule set turns a
:class:`Throw` into its own log line (a day and a side, or a year, a season
and a player seat) and keeps the lines it writes in :attr:`GameDice.log`.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Iterable

from ..dice import DiceExpr, seed_to_int
from ..tables import Band, Table
from .commands import DiceEntryError

#: DiceExpr.parse results, keyed by the text: the tables use a handful of expressions.
_EXPRS: dict[str, DiceExpr] = {}
#: The BLAKE2b keyed with each seed: every command's dice copy it rather than key a new one.
_KEYED: dict = {}
#: Each table's bands by modified total, filled as totals come up (``Table.lookup`` walks the bands).
_BANDS: dict[int, tuple[Table, dict[int, Band]]] = {}


#: Random bits of a new campaign's secret dice seed: as many as the BLAKE2b key it becomes can use.
DICE_SEED_BITS = 128


def draw_dice_seed() -> str:
    """A new campaign's secret dice seed (hex text, so every JSON reader keeps it exact), from the system's secure source."""
    return secrets.token_hex(DICE_SEED_BITS // 8)


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


class Throw:
    """One roll as the dice saw it: the dice, their faces, the modifiers and the total, and the table's band.

    A plain slotted class, not a dataclass: a campaign day throws dozens.
    """

    __slots__ = ("dice", "faces", "modifiers", "total", "band", "entered")

    def __init__(self, dice: str, faces: tuple[int, ...], modifiers: tuple, total: int, band: Band | None, entered: bool):
        self.dice, self.faces, self.modifiers, self.total, self.band, self.entered = dice, faces, modifiers, total, band, entered

    @property
    def outcome(self) -> str | None:
        return self.band.outcome if self.band is not None else None


class GameDice:
    """The dice of one command: derived faces, after any faces the player entered.

    :meth:`throw` gives a :class:`Throw`; the rule set's subclass or its
    handlers write the log line, and keep the lines of rolls and events in
    :attr:`log` for the command to add to the campaign log.
    """

    def __init__(self, seed: int | str, entered: Iterable[int] = ()):
        keyed = _KEYED.get(seed)
        if keyed is None:
            keyed = _KEYED[seed] = hashlib.blake2b(key=seed_to_int(seed).to_bytes(8, "big"), digest_size=32)
        self._hash = keyed
        self.entered = list(entered)
        self.used_entered = 0
        self.log: list = []
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

    # --- throws ------------------------------------------------------------------------
    def throw(self, dice: str, place: str, modifiers: Iterable = (), table: Table | None = None) -> Throw:
        """Roll ``dice`` at ``place``, add the modifiers (anything with a ``value``) and look up ``table``."""
        expr = _EXPRS.get(dice) or _expr(dice)
        if self.used_entered < len(self.entered):
            faces, entered = self.faces(expr, place)
            faces = tuple(faces)
        else:
            entered, sides = False, expr.sides
            stream = self._streams.get(place)
            faces = None
            if expr.count == 1:  # one die (most rolls): _derived inlined for its first byte and the next one
                if stream is None:  # most places throw once
                    h = self._hash.copy()
                    h.update(f"{place}#0".encode())
                    data = h.digest()
                    b = data[0]
                    if b < 256 - 256 % sides:
                        self._streams[place] = [data, 1, 1]
                        faces = (b % sides + 1,)
                elif stream[1] < len(stream[0]):  # a re-roll at the same place (initiative ties)
                    b = stream[0][stream[1]]
                    if b < 256 - 256 % sides:
                        stream[1] += 1
                        faces = (b % sides + 1,)
            if faces is None:
                faces = tuple(self._derived(place, sides, expr.count))
        total = expr.bonus
        for f in faces:
            total += f
        mods = tuple(modifiers)
        for m in mods:
            total += m.value
        return Throw(dice, faces, mods, total, band_for(table, total) if table is not None else None, entered)
