"""Phase 7: reinforcements (FW-15).  [stub]"""

from __future__ import annotations


def start(state, dice, board):
    return state


def awaiting(state, board):
    return None


def reinforce(state, cmd, dice, board):
    from .core import CommandError

    raise CommandError("reinforcements are not written yet")
