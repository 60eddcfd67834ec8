"""Phase 3: battles for the contacts, in the order they happened (FW-10, FW-23).  [stub]"""

from __future__ import annotations


def start(state, dice, board):
    return state


def awaiting(state, board):
    return None
