"""Phase 6: time (FW-14): the day ends; the next begins when the turn wraps to Phase 0."""

from __future__ import annotations

from dataclasses import replace


def start(state, dice, board):
    dice.event(day=state.day, phase=6, rule="FW-14", text=f"day {state.day} ends")
    return state


def awaiting(state, board):
    return None


def next_day(state):
    """A new campaign day: nothing of the last day's orders, moves and losses carries over."""
    forces = tuple(
        replace(f, moved_today=False, tested_today=False, countermarched_from=None, path_today=())
        if (f.moved_today or f.tested_today or f.countermarched_from or f.path_today)
        else f
        for f in state.forces
    )
    return replace(state, day=state.day + 1, forces=forces, removed=(), weather=replace(state.weather, today=None))
