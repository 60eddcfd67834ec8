"""The Renaissance rule set as the engine sees it: one :class:`~mapgen.engine.RuleSet`, ``RULESET``.

Its commands' records are their dataclass fields under the command's name
in snake case (:func:`.commands.command_record`), so one codec serves them
all; the season modules keep their own checks, and here is only what the
layers above need to find them.
"""

from __future__ import annotations

from .. import engine
from ..engine import CommandSpec, RuleSet, Turn
from ..engine.registry import builtin_cli
from ..engine.commands import record_decoder
from ..errors import BadFileError
from ..jsonio import read_bytes_as
from . import commands as c
from . import store, view, words
from .actions import actions
from .core import RenaissanceBoard, awaiting, begin, board_for_map, turn
from .specialists import apply_specialist
from .spring import apply_spring
from .state import RenaissanceState
from .summer import apply_summer
from .winter import transfer


def _opt(flag: str, value) -> list[str]:
    """``--flag=value`` when the value is given (a list: comma-separated; True: the bare flag)."""
    if value is None or value is False or value == [] or value == ():
        return []
    if value is True:
        return [f"--{flag}"]
    if isinstance(value, (list, tuple)):
        value = ",".join(map(str, value))
    return [f"--{flag}={value}"]


def _ids(value) -> str:
    return ",".join(value)


#: Each command's line after ``mapgen campaign NAME DIR`` (the words of :mod:`mapgen.cli.campaign_ren`), from its record's fields.
ARGV = {
    c.TakeLoan: lambda a: [a["player"], str(a["ducats"])],
    c.Recruit: lambda a: [a["player"], a["army_or_place"], a["company_type"],
                          *_opt("kind", a.get("kind") if a.get("kind", "regular") != "regular" else None), *_opt("cost", a.get("cost"))],
    c.FormArmy: lambda a: [a["player"], a["node"], *(f"--company={t}:{k}" for t, k in a["companies"]), *_opt("cost", a.get("costs"))],
    c.Garrison: lambda a: [a["army"], _ids(a["companies"]), *_opt("at", a.get("at"))],
    c.ShiftCompanies: lambda a: [a["from_army"], a["to_army"], _ids(a["companies"])],
    c.OrderWorks: lambda a: [a["player"], a["node"], a["work"]],
    c.HireSpecialist: lambda a: [a["player"], a["kind"], *_opt("at", a.get("at")), *_opt("target", a.get("target"))],
    c.PayUpkeep: lambda a: [a["army_or_place"], _ids(a["company_ids"]), f"--player={a['player']}"],
    c.Disband: lambda a: [a["player"], _ids(a["company_ids"])],
    c.MoveArmy: lambda a: [a["army"], *a["path"]],
    c.MoveArmies: lambda a: [f"{army}:{','.join(path)}" for army, path in a["moves"]],
    c.EndMoves: lambda a: [a["player"]],
    c.BeginSiege: lambda a: [a["army"], f"--node={a['node']}", *_opt("lose", a.get("lose"))],
    c.Bribe: lambda a: [a["player"], a["node"], str(a["ducats"])],
    c.MoveDiplomat: lambda a: [a["diplomat"], *a["path"]],
    c.ChooseEngagement: lambda a: [a["player"], a["node"], a["choice"], *_opt("rear-guard", a.get("rear_guard")),
                                   *_opt("retreat-to", a.get("retreat_to")), *_opt("on-table", a.get("on_table")), *_opt("lose", a.get("lose"))],
    c.TableBattle: lambda a: [f"--node={a['node']}", f"--winner={a['winner']}", *_opt("lost", a.get("lost"))],
    c.Assassinate: lambda a: [a["assassin"], a["target"]],
    c.Transfer: lambda a: [a["from_player"], a["to_player"], *_opt("ducats", a.get("ducats") or None),
                           *_opt("prisoners", a.get("prisoners")), *_opt("agreed", a.get("agreed"))],
}
#: The command line's name where it is not the record's.
CLI_NAME = {
    c.TakeLoan: "loan", c.FormArmy: "army", c.OrderWorks: "works", c.HireSpecialist: "hire", c.PayUpkeep: "upkeep",
    c.MoveArmy: "move", c.MoveArmies: "move", c.EndMoves: "end", c.BeginSiege: "siege", c.MoveDiplomat: "diplomat", c.ChooseEngagement: "engage",
    c.TableBattle: "battle", c.ShiftCompanies: "shift",
}


#: The commands the CLI's shared ``move`` and ``battle`` make from their words (:mod:`.words`).
PARSE = {c.MoveArmy: words.parse_move, c.TableBattle: words.parse_battle}


def _spec(kind: type, handler) -> CommandSpec:
    name = c.command_record_name(kind)
    return CommandSpec(name, kind, handler, c.command_record, record_decoder(kind), ARGV[kind], CLI_NAME.get(kind), PARSE.get(kind))


def _spring(state, cmd, dice, board: RenaissanceBoard):
    return apply_spring(state, cmd, dice, board.kinds)[0]


def _summer(state, cmd, dice, board: RenaissanceBoard):
    return apply_summer(state, cmd, dice, board.kinds, board.steps)[0]


def _spring_or_summer(state, cmd, dice, board: RenaissanceBoard):
    """A command of both seasons (RC-3.8's garrison, RC-3.6's companies between armies): the summer's rules in summer, the spring's otherwise."""
    if state.season == "winter":
        raise engine.CommandError(f"it is winter: {type(cmd).__name__} is a spring or summer command (RC-2)")
    return (_summer if state.season == "summer" else _spring)(state, cmd, dice, board)


def _move_armies(state, cmd: c.MoveArmies, dice, board: RenaissanceBoard):
    """Each army's move in turn, as its own ``move``; a refusal names the army and refuses them all."""
    if not cmd.moves:
        raise engine.CommandError("name at least one army to move (RC-4.3)")
    for army, path in cmd.moves:
        try:
            state = _summer(state, c.MoveArmy(cmd.player, army, tuple(path)), dice, board)
        except engine.CommandError as exc:
            raise engine.CommandError(f"{army}: {exc}") from None
    return state


_SPRING = (c.TakeLoan, c.Recruit, c.FormArmy, c.OrderWorks, c.HireSpecialist, c.PayUpkeep, c.Disband)
_SUMMER = (c.MoveArmy, c.EndMoves, c.BeginSiege, c.Bribe, c.MoveDiplomat, c.ChooseEngagement, c.TableBattle)

COMMANDS = (
    CommandSpec("turn", Turn, lambda s, cmd, dice, b: turn(s, cmd, dice, b)[0], c.command_record, record_decoder(Turn), lambda a: [],
                parse=words.parse_turn),
    *(_spec(k, _spring) for k in _SPRING),
    *(_spec(k, _summer) for k in _SUMMER),
    _spec(c.Garrison, _spring_or_summer),
    _spec(c.ShiftCompanies, _spring_or_summer),
    _spec(c.MoveArmies, _move_armies),
    _spec(c.Assassinate, lambda s, cmd, dice, b: apply_specialist(s, cmd, dice, b.kinds)[0]),
    _spec(c.Transfer, lambda s, cmd, dice, b: transfer(s, cmd)[0]),
)


def _board_from_map(data: bytes, where: str) -> RenaissanceBoard:
    from ..country.model import SCHEMA, CountryMap

    # the session calls this only once the file's SHA-256 matched the one the campaign began on, whose
    # JSON Schema was checked then: its fields are still read and checked, the schema not again
    return board_for_map(read_bytes_as(data, where, SCHEMA, CountryMap.from_json, check_schema=False))


def _check_state(state: RenaissanceState, board: RenaissanceBoard) -> None:
    missing = [p.node for p in state.places if board.kinds.get(p.node) is None]
    if missing:
        raise BadFileError(f"field 'places': {missing[0]} is not a node of {store.MAP_FILE}")


def _accepts(state: RenaissanceState, command, board: RenaissanceBoard) -> bool:
    """Whether the engine accepts ``command`` now (applied to the immutable state; the result is thrown away)."""
    try:
        engine.apply(RULESET, state, command, RULESET.dice_for(state), board)
    except engine.CommandError:
        return False
    return True


def _when(state: RenaissanceState) -> str:
    phase = f", phase {state.phase}" if state.season == "summer" and state.phase else ""
    return f"year {state.year}, {state.season}{phase}"


#: The optional rules of ``campaign new --rules renaissance,...`` (RC-3.4, RC-A.7, RC-A.8, RC-A.20, RC-A.21).
OPTION_WORDS = ("banks", "loan_on_all_taxes", "rabble_disperses", "redraw_order_each_phase", "referee_neutrals")

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
    secret_seed=lambda state: state.dice_seed,
    view=lambda state, seat, board: view.side_view(state, seat, board.kinds),
    visible=view.visible,
    entry_words=view.entry_words,
    status_lines=lambda state, seat, board: view.status_lines(state, seat, board.kinds, awaiting(state)),
    actions=lambda state, seat, board: actions(state, seat, board, lambda s, command: _accepts(s, command, board)),
    when=_when,
    log_lines=lambda state, seat, year: view.log_lines(state, seat, year),
    log_when="in year",
    seat_word="player",
    presenter="mapgen.presenters.renaissance",
    cli=builtin_cli("renaissance"),
    option_words=OPTION_WORDS,
    command_seat=words.command_seat,
)


def apply(state: RenaissanceState, command, dice, board: RenaissanceBoard) -> tuple[RenaissanceState, list]:
    """:func:`mapgen.engine.apply` with these rules."""
    return engine.apply(RULESET, state, command, dice, board)
