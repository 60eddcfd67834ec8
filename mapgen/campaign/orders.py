"""Phase 1: orders and reconfiguration by the Force Test (FW-8).  [stub: to be written]"""

from __future__ import annotations


def start(state, dice, board):
    return state


def awaiting(state, board):
    return "orders: either side may give its forces new orders (`order`), then `turn`"


def give_order(state, cmd, dice, board):
    from .core import CommandError

    raise CommandError("orders are not written yet")
