"""The Renaissance rule set as the engine sees it: one :class:`~mapgen.engine.RuleSet`, ``RULESET``.

Its commands' records are their dataclass fields under the command's name
in snake case (:func:`.commands.command_record`), so one codec serves them
all; the season modules keep their own checks, and here is only what the
layers above need to find them.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from ... import engine
from ...engine import CommandSpec, RuleSet, Turn
from ...errors import BadFileError
from ...jsonio import read_bytes_as
from . import commands as c
from . import store, view
from .core import RenaissanceBoard, awaiting, begin, board_for_map, turn
from .specialists import apply_specialist
from .spring import apply_spring
from .state import RenaissanceState
from .summer import apply_summer
from .winter import transfer


def _tuples(value):
    """A record's lists as the tuples the commands hold (``companies``: pairs inside a tuple)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _decoder(kind: type):
    names = {f.name for f in dataclasses.fields(kind)}

    def decode(record: Mapping[str, Any]):
        unknown = set(record) - names - {"command"}
        if unknown:
            raise ValueError(f"unknown field {sorted(unknown)[0]!r} for {record.get('command')!r}")
        return kind(**{k: _tuples(v) for k, v in record.items() if k != "command"})

    return decode


def _spec(kind: type, handler) -> CommandSpec:
    name = c.command_record_name(kind)
    return CommandSpec(name, kind, handler, c.command_record, _decoder(kind))


def _spring(state, cmd, dice, board: RenaissanceBoard):
    return apply_spring(state, cmd, dice, board.kinds)[0]


def _summer(state, cmd, dice, board: RenaissanceBoard):
    return apply_summer(state, cmd, dice, board.kinds, board.steps)[0]


_SPRING = (c.TakeLoan, c.Recruit, c.FormArmy, c.Garrison, c.OrderWorks, c.HireSpecialist, c.PayUpkeep, c.Disband)
_SUMMER = (c.MoveArmy, c.EndMoves, c.BeginSiege, c.Bribe, c.MoveDiplomat, c.ChooseEngagement, c.TableBattle)

COMMANDS = (
    CommandSpec("turn", Turn, lambda s, cmd, dice, b: turn(s, cmd, dice, b)[0], c.command_record, lambda r: Turn()),
    *(_spec(k, _spring) for k in _SPRING),
    *(_spec(k, _summer) for k in _SUMMER),
    _spec(c.Assassinate, lambda s, cmd, dice, b: apply_specialist(s, cmd, dice, b.kinds)[0]),
    _spec(c.Transfer, lambda s, cmd, dice, b: transfer(s, cmd)[0]),
)


def _board_from_map(data: bytes, where: str) -> RenaissanceBoard:
    from ...country.model import SCHEMA, CountryMap

    return board_for_map(read_bytes_as(data, where, SCHEMA, CountryMap.from_json))


def _check_state(state: RenaissanceState, board: RenaissanceBoard) -> None:
    missing = [p.node for p in state.places if board.kinds.get(p.node) is None]
    if missing:
        raise BadFileError(f"field 'places': {missing[0]} is not a node of {store.MAP_FILE}")


def _when(state: RenaissanceState) -> str:
    phase = f", phase {state.phase}" if state.season == "summer" and state.phase else ""
    return f"year {state.year}, {state.season}{phase}"


RULESET = RuleSet(
    name="renaissance",
    title="Renaissance",
    schema=store.SCHEMA,
    version=store.VERSION,
    state_type=RenaissanceState,
    map_file=store.MAP_FILE,
    commands=COMMANDS,
    read_state=store.from_json_text,
    dumps_state=store.dumps_state,
    json_schema=store.json_schema,
    board_from_map=_board_from_map,
    check_state=_check_state,
    begin=begin,
    awaiting=lambda state, board: awaiting(state),
    over=lambda state: state.ended or None,
    settle=lambda state, dice, board, start: state,
    seats=lambda state: tuple(p.seat for p in state.players),
    view=lambda state, seat, board: view.side_view(state, seat, board.kinds),
    visible=view.visible,
    entry_words=view.entry_words,
    status_lines=lambda state, seat, board: view.status_lines(state, seat, board.kinds, awaiting(state)),
    when=_when,
    presenter="mapgen.campaign.renaissance.presenter",
)


def apply(state: RenaissanceState, command, dice, board: RenaissanceBoard) -> tuple[RenaissanceState, list]:
    """:func:`mapgen.engine.apply` with these rules."""
    return engine.apply(RULESET, state, command, dice, board)
