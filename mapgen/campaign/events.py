"""Phase 8: random events (FW-16), when the ``random_events`` option is on.  [stub]"""

from __future__ import annotations


def start(state, dice, board):
    return state


def awaiting(state, board):
    return None
