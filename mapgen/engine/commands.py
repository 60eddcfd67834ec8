"""What every rule set shares at the bottom: the refusal, a wrong entered die, and ``Turn``.

Apart from the rule sets so that each of them, and the engine that applies
their commands, can import these without importing one another.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


class CommandError(ValueError):
    """A command the rules or the state refuse; the message is one line saying why."""


class DiceEntryError(ValueError):
    """An entered face that cannot be on that die."""


@dataclass(frozen=True)
class Turn:
    """Move the game on to the next point where a player must act (every rule set has it)."""


def _tuples(value):
    """A record's lists as the tuples a frozen command holds (pairs inside a tuple stay pairs)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def record_decoder(kind: type) -> Callable[[Mapping[str, Any]], Any]:
    """The command ``kind`` from its ``commands.jsonl`` record; ValueError naming a field ``kind`` does not have."""
    names = {f.name for f in dataclasses.fields(kind)}

    def decode(record: Mapping[str, Any]):
        unknown = set(record) - names - {"command"}
        if unknown:
            raise ValueError(f"unknown field {min(unknown)!r} for {record.get('command')!r}")
        return kind(**{k: _tuples(v) for k, v in record.items() if k != "command"})

    return decode
