"""The Fantasy Warriors turn: its phases in order, ``turn``, ``begin``, ``awaiting`` and the end checks.

Commands are applied by the engine's one reducer (:func:`mapgen.engine.apply`,
with :data:`mapgen.campaign.ruleset.RULESET`).  A command is a small frozen
dataclass; its handler checks it against the rules and the state and either
raises :class:`CommandError` (the state is untouched) or returns a new state.

The turn is the list :data:`PHASES` (FW-6).  Each phase module has
``start(state, dice, board)``, the work done when the phase begins, and
``awaiting(state, board)``, what a player must still do before the turn can
go on (None when nothing).  Only :class:`Turn` moves from one phase to the
next, and it stops at the first phase that waits for a player.
"""

from __future__ import annotations

from typing import Callable

from .board import Board
from .commands import (  # noqa: F401 - re-exported: the core is where callers find them
    BattleReport,
    Command,
    CommandError,
    GiveOrder,
    Move,
    Reinforce,
    Turn,
    UnitLosses,
)
from .dice import GameDice
from .features import grant_free_characters
from .state import CampaignState, LogEntry, evolve

Handler = Callable[[CampaignState, object, GameDice, Board], CampaignState]


# --- the turn ------------------------------------------------------------------------------


_PHASES: tuple = ()


def _phases() -> tuple:
    """The phase modules in turn order, imported on first use (they import the core's commands)."""
    global _PHASES
    if not _PHASES:
        from . import (
            after_battle,
            battle,
            days,
            events,
            movement,
            orders,
            reinforcements,
            weather,
            will,
        )

        _PHASES = (weather, orders, movement, battle, after_battle, will, days, reinforcements, events)
    return _PHASES


PHASE_NAMES = (
    "weather",  # 0, FW-7
    "orders",  # 1, FW-8
    "movement",  # 2, FW-9
    "battle",  # 3, FW-10
    "after the battle",  # 4, FW-12
    "will to fight",  # 5, FW-13
    "time",  # 6, FW-14
    "reinforcements",  # 7, FW-15
    "random events",  # 8, FW-16
)
#: FW-6: the rule of each phase of :data:`PHASE_NAMES` (the turn card and the log read it).
PHASE_RULES = ("FW-7", "FW-8", "FW-9", "FW-10", "FW-12", "FW-13", "FW-14", "FW-15", "FW-16")
#: Safety stop for :func:`turn`: never more phases than this in one command.
MAX_PHASES_PER_TURN = 64


def phase_index(state: CampaignState) -> int:
    return 3 if state.phase == "battle" else int(state.phase)


def awaiting(state: CampaignState, board: Board) -> str | None:
    """What the campaign waits for, in words; None when ``turn`` can go on."""
    if state.winner is not None:
        return None
    return _phases()[phase_index(state)].awaiting(state, board)


def turn(state: CampaignState, cmd: Turn, dice: GameDice, board: Board) -> CampaignState:
    """Close the current phase and run the next ones until one waits for a player.

    Phase 1 always waits (orders are optional, FW-8.1): ``turn`` there means
    "no more orders".  In any other phase that waits, ``turn`` is refused
    with what is awaited.
    """
    phases = _phases()
    i = phase_index(state)
    wait = phases[i].awaiting(state, board)
    if wait and i != 1:
        raise CommandError(f"nothing to run yet: {wait}")
    for _ in range(MAX_PHASES_PER_TURN):
        nxt = (phase_index(state) + 1) % len(phases)
        if nxt == 0:
            state = phases[6].next_day(state)
        state = evolve(state, phase=nxt)
        state = phases[nxt].start(state, dice, board)
        state = check_end(state, dice, board)
        if state.winner is not None or phases[nxt].awaiting(state, board):
            return state
    raise CommandError("the turn did not stop: a phase never waits (this is a bug in mapgen)")


def begin(state: CampaignState, dice: GameDice, board: Board) -> tuple[CampaignState, list[LogEntry]]:
    """Day 1 of a new campaign: Phase 0 (weather), then Phase 1, where the players give orders."""
    phases = _phases()
    grant_free_characters(state, dice, 0)  # FW-3.4.2: once, before the campaign (option featured_holdings)
    state = phases[0].start(evolve(state, phase=0), dice, board)
    state = phases[1].start(evolve(state, phase=1), dice, board)
    return evolve(state, log=state.log + tuple(dice.log)), list(dice.log)


# --- endings -------------------------------------------------------------------------------


def check_end(state: CampaignState, dice: GameDice, board: Board) -> CampaignState:
    """FW-13 (a side whose Will to Fight failed surrenders) and the scenario's own endings."""
    if state.winner is not None:
        return state
    failed = [s.id for s in state.sides if s.will_to_fight == "failed"]
    if not failed and state.options.scenario is None:  # the usual case, after every command and phase
        return state
    if len(failed) == 2:
        return evolve(state, winner="draw", ended="both sides' Will to Fight failed (FW-13)")
    if failed:
        win = "B" if failed[0] == "A" else "A"
        return evolve(state, winner=win, ended=f"side {failed[0]}'s Will to Fight failed: it surrenders (FW-13)")
    if state.options.scenario == "incursione":
        from .incursione import check_victory

        return check_victory(state, dice, board)
    return state
