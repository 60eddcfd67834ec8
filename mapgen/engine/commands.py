"""What every rule set shares at the bottom: the refusal, a wrong entered die, and ``Turn``.

Apart from the rule sets so that each of them, and the engine that applies
their commands, can import these without importing one another.
"""

from __future__ import annotations

from dataclasses import dataclass


class CommandError(ValueError):
    """A command the rules or the state refuse; the message is one line saying why."""


class DiceEntryError(ValueError):
    """An entered face that cannot be on that die."""


@dataclass(frozen=True)
class Turn:
    """Move the game on to the next point where a player must act (every rule set has it)."""
