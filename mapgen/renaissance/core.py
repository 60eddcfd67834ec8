"""The Renaissance calendar: ``begin``, ``turn`` and ``awaiting``, and the board the rules read.

One engine, two rule sets: the command list, the dice derived from the
campaign seed and the place in the game, ``--roll``, the store with its
history and undo are the Fantasy Warriors engine's (:mod:`mapgen.campaign.core`,
:mod:`mapgen.campaign.store`); what differs is the calendar.  A Renaissance
year is spring (the players' spring commands, RC-3), summer in ten phases
(each player moves in the order drawn by lot, then the engagements, then the
sieges, RC-4) and winter (the engine's, RC-5), so the one command that moves
the calendar on is the same :class:`~mapgen.campaign.commands.Turn`:

* in spring, once every player has done their spring commands: the spring
  ends (unpaid upkeep disbands, RC-3.11) and the summer starts (epidemics,
  the moving order, RC-4.2, RC-4.3);
* in a summer phase: the player whose turn it is ends their moves, exactly
  as ``EndMoves`` (the engagements their moves made come next);
* in winter: the winter is played (RC-5, the end check RC-6) and, unless
  the campaign ended, the next spring collects its taxes (RC-3.1 steps 1-3).

Each season module checks its own commands; the engine's one reducer
(:func:`mapgen.engine.apply`, with :data:`.ruleset.RULESET`) applies them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..engine.commands import CommandError, Turn
from ..engine.dice import GameDice
from ..engine.records import evolve
from . import commands as c
from .state import SUMMER_PHASES, RenaissanceState


@dataclass(frozen=True)
class RenaissanceBoard:
    """The country map's fixed facts the rules read: every node's kind and its road steps (RC-1.7, RC-4.3).

    ``names``: a settlement's name by node, as the country map prints it, so a
    player may type ``Castelcarpia`` for ``A-3`` (:func:`.words.place_id`).
    """

    kinds: Mapping[str, str]
    steps: Mapping[str, tuple[str, ...]]
    names: Mapping[str, str] = field(default_factory=dict)


def board_for_map(country_map) -> RenaissanceBoard:
    from .roads import road_steps
    from .spring import place_kinds

    names = {n: d["name"] for n, d in country_map.graph.nodes(data=True) if d.get("name")}
    return RenaissanceBoard(place_kinds(country_map), road_steps(country_map), names)


def begin(state: RenaissanceState, dice: GameDice, board: RenaissanceBoard) -> RenaissanceState:
    """Day one: the first spring collects its taxes (RC-3.1 steps 1-3); the players' spring commands come next."""
    from .spring import start_spring

    return start_spring(state, dice, board.kinds)


def turn(state: RenaissanceState, cmd: Turn, dice: GameDice, board: RenaissanceBoard) -> tuple[RenaissanceState, list]:
    """Move the calendar on to the next point where players act (see the module docstring)."""
    from .spring import start_spring
    from .summer import start_summer
    from .winter import end_spring, start_winter

    before = len(state.log)
    if state.season == "spring":
        state = start_summer(end_spring(state), dice, board.kinds)
    elif state.season == "summer":
        if not 1 <= state.phase <= SUMMER_PHASES or state.turn is None:
            raise CommandError(f"the summer is at phase {state.phase} with nobody to move (RC-4.1)")
        from .summer import apply_summer

        return apply_summer(state, c.EndMoves(state.turn), dice, board.kinds, board.steps)
    else:
        state = start_winter(state, dice, board.kinds)
        if not state.ended:
            state = start_spring(state, dice, board.kinds)
    return state, list(state.log[before:])


def awaiting(state: RenaissanceState) -> str | None:
    """What the campaign waits for, in words; None once it has ended."""
    if state.ended:
        return None
    if state.season == "spring":
        return "spring commands (loan, recruit, army, garrison, shift, works, hire, upkeep, disband), then 'turn' to end the spring (RC-3.1)"
    if state.season == "winter":
        return "ransoms and prisoner exchanges (transfer), then 'turn' to play the winter and open the next spring (RC-5)"
    from .engagements import awaiting_engagements

    wait = awaiting_engagements(state)
    if wait:
        return wait
    return f"{state.turn} to move in summer phase {state.phase} (move, garrison, shift, siege, bribe), then 'turn' to end their moves (RC-4.3)"


def seat_of(army_or_token: str) -> str:
    """The seat an army or specialist id belongs to: ``P2-1`` -> ``P2`` (ids are ``<seat>-<n>``)."""
    return army_or_token.rsplit("-", 1)[0] if "-" in army_or_token else army_or_token


__all__ = ["RenaissanceBoard", "awaiting", "begin", "board_for_map", "evolve", "turn", "seat_of"]
