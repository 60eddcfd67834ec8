"""Phase 6: time (FW-14): the day ends; the next begins when the turn wraps to Phase 0."""

from __future__ import annotations

from .jungle import jungle_losses
from .state import evolve


def start(state, dice, board):
    """End of the campaign turn: jungle losses (FW-19.9) are taken now, then the day ends."""
    state = jungle_losses(state, dice, board)
    dice.event(day=state.day, phase=6, rule="FW-14", text=f"day {state.day} ends")
    return state


def awaiting(state, board):
    return None


#: What a force forgets overnight.
_RESET = {"moved_today": False, "tested_today": False, "countermarched_from": None, "path_today": ()}


def next_day(state):
    """A new campaign day: nothing of the last day's orders, moves, losses and weather carries over.

    Snow levels do carry over (FW-7.5: no melting rule); soaked ground lasts one day.
    """
    forces = tuple([
        evolve(f, **_RESET) if (f.moved_today or f.tested_today or f.countermarched_from or f.path_today) else f
        for f in state.forces
    ])
    w = state.weather
    weather = w if w.today is None and not w.soaked and not w.controlled else evolve(w, today=None, soaked=False, controlled=())
    return evolve(state, day=state.day + 1, forces=forces, removed=(), weather=weather)
