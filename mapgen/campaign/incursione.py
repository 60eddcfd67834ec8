"""The Incursione campaign (FW-17): snow, key days, loot and its victory conditions.  [stub]"""

from __future__ import annotations


def check_victory(state, dice, board):
    return state
