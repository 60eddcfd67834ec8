"""The Renaissance log: each line dated by the campaign calendar, and where each roll is thrown.

Fantasy Warriors dates a line by day and phase and gives it to a side; a
Renaissance line carries the state's year, season and summer phase and
belongs to a player seat.  The engine's dice throw at a place named by the
moment of the game (``"{year}/summer {phase}/{what}"``, ``"{year}/winter/{what}"``:
the keys every campaign so far has used, so old folders replay to the same faces).
"""

from __future__ import annotations

from typing import Iterable

from ..engine.dice import GameDice, Throw
from ..engine.records import Modifier
from ..tables import Table
from .state import LogEntry, RenaissanceState


def moment(state: RenaissanceState) -> str:
    """The season, and in summer its phase: the middle of a roll's place."""
    return f"summer {state.phase}" if state.season == "summer" else state.season


def throw(dice: GameDice, state: RenaissanceState, what: str, roll: str | Table, modifiers: Iterable = (), at: str | None = None) -> Throw:
    """Roll ``roll`` (dice like ``"1D6"``, or a rule table) for ``what`` now; ``at`` names another moment (a season)."""
    table = roll if isinstance(roll, Table) else None
    return dice.throw(table.dice if table else roll, f"{state.year}/{at or moment(state)}/{what}", modifiers, table)


def line(state: RenaissanceState, rule: str, text: str, player: str | None = None, thrown: Throw | None = None,
         outcome: str | None = None, secret: bool = False, modifiers: bool = False) -> LogEntry:
    """A log line at the state's moment; with ``thrown``, the roll's dice, faces, total and (unless given) outcome.

    ``modifiers`` writes the roll's modifiers into the line too (the siege roll's; the others have none).
    """
    if thrown is None:
        return LogEntry(state.year, state.season, state.phase, rule, text, player=player, outcome=outcome, secret=secret)
    mods = tuple(Modifier(m.name, m.value) for m in thrown.modifiers) if modifiers else ()
    return LogEntry(state.year, state.season, state.phase, rule, text, dice=thrown.dice, faces=thrown.faces, modifiers=mods,
                    total=thrown.total, outcome=outcome if outcome is not None else thrown.outcome, entered=thrown.entered,
                    player=player, secret=secret)  # fmt: skip
