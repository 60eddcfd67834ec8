"""Phase 2: initiative, movement, counter-march, zones of control, contact, capture (FW-9).  [stub]"""

from __future__ import annotations


def start(state, dice, board):
    return state


def awaiting(state, board):
    return None


def move(state, cmd, dice, board):
    from .core import CommandError

    raise CommandError("movement is not written yet")
