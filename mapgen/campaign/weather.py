"""Phase 0: weather (FW-7), when the ``weather`` option is on.  [stub: to be written]"""

from __future__ import annotations


def start(state, dice, board):
    return state


def awaiting(state, board):
    return None
