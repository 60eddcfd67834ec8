"""The small frozen records every rule set's state is built from, and :func:`evolve`, the fast copy with changes.

A state is plain frozen dataclasses (the file, its schema and the engine
read the same declaration); the engine core never mutates one, it builds a
new one with :func:`evolve`, sharing every unchanged part with the old.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Annotated

from annotated_types import MaxLen, MinLen

_new, _set = object.__new__, object.__setattr__


@dataclass(frozen=True)
class MapRef:
    """The map the campaign was started from; a copy sits in the campaign folder (``fw-map.json``, ``country.json``)."""

    path: str
    sha256: Annotated[str, MinLen(64), MaxLen(64)]


@dataclass(frozen=True)
class Modifier:
    name: str
    value: int


def evolve(obj, **changes):
    """``dataclasses.replace`` for the engine's hot paths, about ten times faster.

    ``replace`` goes through ``__init__``, which for a frozen class sets every
    field with ``object.__setattr__`` (4.5 microseconds for a force, where a
    campaign turn moves a dozen forces several times).  The new object shares
    the old one's field values, which are immutable.  An unknown field name is
    still refused, as ``replace`` would: it would add a key to the copy's dict.
    """
    d = obj.__dict__.copy()
    n = len(d)
    d.update(changes)
    if len(d) != n:
        unknown = sorted(set(changes) - {f.name for f in fields(obj)})
        raise TypeError(f"{obj.__class__.__name__} has no field {', '.join(unknown)}")
    new = _new(obj.__class__)
    _set(new, "__dict__", d)
    return new


#: Shared modifiers: a few dozen (name, value) pairs recur all campaign long, and they are frozen.
_MODIFIERS: dict[tuple[str, int], Modifier] = {}


def modifier(name: str, value: int) -> Modifier:
    """``Modifier(name, value)``, one shared instance per pair (a frozen dataclass's ``__init__`` costs 0.7 us)."""
    m = _MODIFIERS.get((name, value))
    if m is None:
        m = _MODIFIERS[(name, value)] = Modifier(name, value)
    return m
