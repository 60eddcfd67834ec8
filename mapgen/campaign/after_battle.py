"""Phase 4: after the battle (FW-12).  [stub]"""

from __future__ import annotations


def start(state, dice, board):
    return state


def awaiting(state, board):
    return None


def report(state, cmd, dice, board):
    from .core import CommandError

    raise CommandError("battle reports are not written yet")
