"""The Fantasy Warriors dice: the engine's game dice, logged by day, phase and side.

A roll's place in the game is its day and phase (``"{day}/{phase}/{place}"``,
the key every campaign since the first has used, so old folders replay to
the same faces); each roll becomes a :class:`~.state.LogEntry` kept in
:attr:`GameDice.log` for the command to add to the campaign log.
"""

from __future__ import annotations

from typing import Iterable

from ..engine.commands import DiceEntryError  # noqa: F401 - re-exported: the refusal of a face that cannot be
from ..engine.dice import GameDice as EngineDice
from ..engine.dice import band_for  # noqa: F401 - re-exported for the after-battle tables
from ..tables import Band, Table
from .state import LogEntry, Modifier, evolve

_new, _set = object.__new__, object.__setattr__


def log_entry(day, phase, rule, text, dice=None, faces=(), modifiers=(), total=None, outcome=None, entered=False, side=None, secret=False) -> LogEntry:
    """A :class:`LogEntry` without its ``__init__``, which costs 2 us for a frozen class (see ``state.evolve``)."""
    entry = _new(LogEntry)
    _set(entry, "__dict__", {
        "day": day, "phase": phase, "rule": rule, "text": text, "dice": dice, "faces": faces, "modifiers": modifiers,
        "total": total, "outcome": outcome, "entered": entered, "side": side, "secret": secret,
    })  # fmt: skip
    return entry


class GameDice(EngineDice):
    """The dice of one Fantasy Warriors command: ``roll`` returns a :class:`LogEntry` and keeps it in :attr:`log`."""

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
        t = self.throw(dice, f"{day}/{phase}/{place}", modifiers, table)
        band = t.band
        if band is not None:
            outcome = band.outcome
        entry = _new(LogEntry)
        _set(entry, "__dict__", {
            "day": day, "phase": phase, "rule": rule, "text": text, "dice": dice, "faces": t.faces, "modifiers": t.modifiers,
            "total": t.total, "outcome": outcome, "entered": t.entered, "side": side, "secret": secret,
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
