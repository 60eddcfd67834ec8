"""Phase 5: the Will to Fight test (FW-13).  [stub]"""

from __future__ import annotations


def start(state, dice, board):
    return state


def awaiting(state, board):
    return None
