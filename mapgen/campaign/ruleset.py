"""The Fantasy Warriors rule set as the engine sees it: one :class:`~mapgen.engine.RuleSet`, ``RULESET``.

Everything the layers above need of these rules is named here: the state
file, the map and its board, each command with its handler, its line in
``commands.jsonl`` (the records ``campaign`` has always written, kept as
they are: they are a public file format) and its command line, the turn
flow, and what a side may see.
"""

from __future__ import annotations

from typing import Any, Mapping

from .. import engine
from ..engine import CommandSpec, RuleSet, Turn
from ..engine.registry import builtin_cli
from ..jsonio import read_bytes_as
from . import after_battle, incursione, movement, orders, reinforcements, store, travel, view, voyage, weather, words
from .board import Board, build_board, kept_board
from .checks import check_state
from .actions import actions
from .commands import BattleReport, BuyCraft, ControlWeather, GiveOrder, Move, Moves, Reinforce, RestStay, Send, UnitLosses
from .dice import GameDice
from .core import PHASE_NAMES, awaiting, begin, check_end, phase_index, turn
from .state import CampaignState, Leader, Unit, evolve


def _seat_argv(args: Mapping[str, Any]) -> list[str]:
    return [f"--side={args['side']}"] if args.get("side") else []


# --- the commands and their records -----------------------------------------------------------------


def _turn_decode(r: Mapping[str, Any]):
    return RestStay() if r.get("rest_stay") else Turn()


def _turn_argv(a: Mapping[str, Any]) -> list[str]:
    return ["--rest-stay"] if a.get("rest_stay") else []


def _turn_specs() -> tuple[CommandSpec, CommandSpec]:
    """``turn``, and ``turn --rest-stay`` (its record ``{"command": "turn", "rest_stay": true}``): one record name, two commands."""
    return (
        CommandSpec("turn", Turn, turn, lambda c: {"command": "turn"}, _turn_decode, _turn_argv, parse=words.parse_turn),
        CommandSpec("turn", RestStay, lambda *a: movement.rest_stay(*a), lambda c: {"command": "turn", "rest_stay": True}, _turn_decode, _turn_argv),
    )


def _order_spec() -> CommandSpec:
    return CommandSpec(
        "order", GiveOrder,
        lambda *a: orders.give_order(*a),
        lambda c: {"command": "order", "force": c.force, "order": c.order},
        lambda r: GiveOrder(str(r["force"]), str(r["order"])),
        lambda a: [a["force"], a["order"]],
    )


def _move_record(c: Move) -> dict:
    record = {"command": "move", "force": c.force, "path": list(c.path)}
    if c.countermarch:
        record["countermarch"] = c.countermarch
    return record


def _one_move(r: Mapping[str, Any]) -> Move:
    return Move(str(r["force"]), tuple(map(str, r.get("path", ()))), r.get("countermarch"))


def _move_decode(r: Mapping[str, Any]):
    if "moves" in r:
        return Moves(tuple(_one_move(m) for m in r["moves"]))
    return _one_move(r)


def _move_argv(a: Mapping[str, Any]) -> list[str]:
    if "moves" in a:  # ``move DIR A2:K6,J6 A3:I7``
        return [f"{m['force']}:{','.join(m.get('path', ()))}" for m in a["moves"]]
    return [a["force"], *a.get("path", ()), *([f"--countermarch={a['countermarch']}"] if a.get("countermarch") else [])]


def _moves_record(c: Moves) -> dict:
    return {"command": "move", "moves": [{k: v for k, v in _move_record(m).items() if k != "command"} for m in c.moves]}


def _move_specs() -> tuple[CommandSpec, CommandSpec]:
    """``move`` one force (``force``, ``path``), or several (``moves``: a list of those): one record name, two commands."""
    return (
        CommandSpec("move", Move, lambda *a: movement.move(*a), _move_record, _move_decode, _move_argv, parse=words.parse_move),
        CommandSpec("move", Moves, lambda *a: movement.moves(*a), _moves_record, _move_decode, _move_argv),
    )


def _battle_record(c: BattleReport) -> dict:
    record = {"command": "battle", "winner": c.winner, "losses": [[x.unit, x.killed, x.fled, x.withdrawn] for x in c.losses]}
    if c.leaders_lost:
        record["leaders_lost"] = list(c.leaders_lost)
    if c.retreats:
        record["retreats"] = [list(r) for r in c.retreats]
    if c.length is not None:
        record["length"] = c.length
    if c.square:
        record["square"] = c.square
    if c.scores:  # FW-10.3.1: written only when given, so every other record keeps its bytes
        record["scores"] = [list(x) for x in c.scores]
    if c.loss_points:
        record["loss_points"] = [list(x) for x in c.loss_points]
    if c.army_points is not None:
        record["army_points"] = c.army_points
    return record


def _battle_decode(r: Mapping[str, Any]) -> BattleReport:
    return BattleReport(
        str(r["winner"]),
        tuple(UnitLosses(str(u), int(k), int(f), int(w)) for u, k, f, w in r.get("losses", ())),
        tuple(map(str, r.get("leaders_lost", ()))),
        r.get("length"),
        tuple((str(a), str(b)) for a, b in r.get("retreats", ())),
        r.get("square"),
        tuple((str(s), int(i), int(f)) for s, i, f in r.get("scores", ())),
        tuple((str(s), int(p)) for s, p in r.get("loss_points", ())),
        r.get("army_points"),
    )


def _battle_argv(a: Mapping[str, Any]) -> list[str]:
    if a.get("report"):
        return [f"--report={a['report']}"]
    out = [f"--winner={a.get('winner', 'A')}"] if a.get("winner", "A") else []
    if a.get("scores"):
        out.append("--scores=" + ",".join(f"{s}={i}/{f}" for s, i, f in a["scores"]))
    if a.get("loss_points"):
        out.append("--loss-points=" + ",".join(f"{s}={p}" for s, p in a["loss_points"]))
    if a.get("army_points") is not None:
        out.append(f"--army-points={a['army_points']}")
    if a.get("losses"):
        out.append("--losses=" + ",".join(f"{u}={k}/{f}/{w}" for u, k, f, w in a["losses"]))
    if a.get("leaders_lost"):
        out.append(f"--leaders-lost={','.join(a['leaders_lost'])}")
    if a.get("square"):
        out.append(f"--square={a['square']}")
    return out


def _battle_spec() -> CommandSpec:
    return CommandSpec("battle", BattleReport, lambda *a: after_battle.report(*a), _battle_record, _battle_decode, _battle_argv,
                       parse=words.parse_battle)


def _sack_spec() -> CommandSpec:
    return CommandSpec(
        "sack", incursione.Sack,
        lambda *a: incursione.sack_command(*a),
        lambda c: {"command": "sack", "force": c.force},
        lambda r: incursione.Sack(str(r["force"])),
        lambda a: [a["force"]],
    )


def _unit_record(u: Unit) -> list:
    """A reinforcement unit in ``commands.jsonl``: [type, quality, figures, points], and "mercenary" or "ally" (FW-4.2.f) when it is one."""
    hired = ["mercenary"] if u.mercenary else ["ally"] if u.ally else []
    return [u.type, u.quality, u.figures, u.points, *hired]


def _unit_decode(n: int, fields) -> Unit:
    t, q, f, p, *hired = fields
    kind = str(hired[0]) if hired else ""
    if len(hired) > 1 or kind not in ("", "mercenary", "ally"):
        raise ValueError(f"reinforcement unit {n}: {fields!r} is not [type, quality, figures, points] with \"mercenary\" or \"ally\"")
    return Unit(f"R{n}", str(t), str(q), int(f), int(p), kind == "mercenary", kind == "ally")


def _reinforce_record(c: Reinforce) -> dict:
    record = {"command": "reinforce", "side": c.side, "units": [_unit_record(u) for u in c.units]}
    if c.leader is not None:
        record["leader"] = [c.leader.name, c.leader.cv]
    return record


def _reinforce_decode(r: Mapping[str, Any]) -> Reinforce:
    units = tuple(_unit_decode(n, u) for n, u in enumerate(r["units"], start=1))
    leader = Leader(str(r["leader"][0]), int(r["leader"][1])) if r.get("leader") else None
    return Reinforce(str(r["side"]), units, leader)


def _reinforce_argv(a: Mapping[str, Any]) -> list[str]:
    leader = [f"--leader={a['leader'][0]}:{a['leader'][1]}"] if a.get("leader") else []
    return [a["side"], *(f"--unit={':'.join(map(str, u))}" for u in a.get("units", ())), *leader]


def _reinforce_spec() -> CommandSpec:
    return CommandSpec("reinforce", Reinforce, lambda *a: reinforcements.reinforce(*a), _reinforce_record, _reinforce_decode, _reinforce_argv)


def _control_weather_argv(a: Mapping[str, Any]) -> list[str]:
    steps = int(a["steps"])
    return [a["force"], "worse" if steps > 0 else "better", str(abs(steps))]


def _control_weather_spec() -> CommandSpec:
    """FW-7.6 (option ``weather_control``), typed ``mapgen campaign control-weather DIR FORCE worse|better [N]``."""
    return CommandSpec(
        "weather_control", ControlWeather,
        lambda *a: weather.control(*a),
        lambda c: {"command": "weather_control", "force": c.force, "steps": c.steps},
        lambda r: ControlWeather(str(r["force"]), int(r["steps"])),
        _control_weather_argv,
        cli="control-weather",
        parse=words.parse_control_weather,
        help="Phase 0, option weather_control: control-weather DIR FORCE worse|better [N]: a Wizard of FORCE moves "
             "today's weather N steps (FW-7.6).",
    )


def _send_spec() -> CommandSpec:
    """FW-22.3 (option ``army_composition``), typed ``mapgen campaign send DIR FORCE WHO --to FORCE``."""
    return CommandSpec(
        "send", Send,
        lambda *a: travel.send(*a),
        lambda c: {"command": "send", "force": c.force, "who": c.who, "to": c.to},
        lambda r: Send(str(r["force"]), str(r["who"]), str(r["to"])),
        lambda a: [a["force"], a["who"], f"--to={a['to']}"],
        parse=words.parse_send,
    )


#: What ``--help`` says of each voyage command (option ``watercraft``).
VOYAGE_HELP = {
    "embark": "Phase 2, option watercraft: embark DIR FORCE [SQUARE...]: FORCE boards its craft where it stands and sails "
              "along SQUARES, as far as the wind test (FW-20.6) and the naval roll (FW-20.7) allow, one square less for "
              "embarking; with no square it boards and stays.",
    "sail": "Phase 2, option watercraft: sail DIR FORCE SQUARE...: FORCE, afloat, sails along SQUARES as far as the wind "
            "test (FW-20.6) and the naval roll (FW-20.7) allow, and stays afloat.",
    "disembark": "Phase 2, option watercraft: disembark DIR FORCE [SQUARE...]: FORCE, afloat, sails along SQUARES and lands "
                 "on the last one if its roll reaches it, one square less for landing (FW-20.7); with no square it lands "
                 "where it lies.",
}


def _voyage_specs() -> tuple[CommandSpec, ...]:
    """``embark``, ``sail``, ``disembark`` (option ``watercraft``, FW-20.7): ``{"command": "sail", "force": "A1", "path": [...]}``."""
    return tuple(
        CommandSpec(
            word, kind,
            lambda *a: voyage.voyage(*a),
            lambda c, word=word: {"command": word, "force": c.force, "path": list(c.path)},
            lambda r, kind=kind: kind(str(r["force"]), tuple(map(str, r.get("path", ())))),
            lambda a: [a["force"], *a.get("path", ())],
            parse=words.voyage_parser(word),
            help=VOYAGE_HELP[word],
        )
        for word, kind in words.VOYAGES.items()
    )


def _buy_craft_spec() -> CommandSpec:
    """``buy-craft DIR FORCE ships=N ...`` (FW-20.3, FW-20.4): the record names only the craft bought."""
    return CommandSpec(
        "buy_craft", BuyCraft,
        lambda *a: voyage.buy(*a),
        lambda c: {"command": "buy_craft", "force": c.force, **{k: getattr(c, k) for k in words.CRAFT_WORDS if getattr(c, k)}},
        lambda r: BuyCraft(str(r["force"]), **{k: int(r[k]) for k in words.CRAFT_WORDS if k in r}),
        lambda a: [a["force"], *(f"{k}={a[k]}" for k in words.CRAFT_WORDS if a.get(k))],
        cli="buy-craft",
        parse=words.parse_buy_craft,
        help="Phase 1 or 2, option watercraft: buy-craft DIR FORCE ships=N carriers=N boats=N rafts=N: craft for FORCE, "
             "ashore before it moves, from its side's banked points: ships (100) and flyer-carriers (200) at its side's "
             "port, boats (10) and rafts (20) on any waterside square (FW-20.3, FW-20.4).",
    )


# --- the turn and what a side sees ----------------------------------------------------------------


def _settle(state: CampaignState, dice, board, start: int) -> CampaignState:
    """After a command: the end checks (FW-13, the scenario's), then every roll it made into the log."""
    state = check_end(state, dice, board)
    events = dice.log[start:]
    return evolve(state, log=state.log + tuple(events)) if events else state


def _board_from_map(data: bytes, where: str):
    # the session calls this only once the file's SHA-256 matched the one the campaign began on, whose
    # JSON Schema was checked then: its fields are still read and checked when it is built, the schema not again
    def build() -> Board:
        from ..fw.model import SCHEMA, FwMap  # the map's model and numpy: only to build a board

        return build_board(read_bytes_as(data, where, SCHEMA, FwMap.from_json, check_schema=False))

    return kept_board(data, build)


def _when(state: CampaignState) -> str:
    i = phase_index(state)
    return f"day {state.day}, phase {i} ({PHASE_NAMES[i]})"


#: The optional rules of ``campaign new --rules`` (FW-7, FW-16, the [NT] rows of FW-9.2, FW-9.10.1; FW-7.6, FW-9.1.1,
#: FW-12.3, FW-12.4, AMB-68; issue 29: FW-3.4.2, FW-8.5, FW-10.3.1, FW-22).
OPTION_WORDS = (
    "weather", "random_events", "naran_movement", "capital_requires_siege",
    "weather_control", "initiative_by_army", "specialty_recovery", "special_sites", "ambush_on_zoc_entry",
    # issue 29: featured holdings and the last optional rules, army composition
    "featured_holdings", "order_transmission", "draw_english", "draw_italian", "army_composition",
    # --- watercraft (issue 29): FW-20, FW-16.4 ---
    "watercraft",
)

RULESET = RuleSet(
    name="fantasy_warriors",
    title="Fantasy Warriors",
    schema=store.SCHEMA,
    version=store.VERSION,
    state_type=CampaignState,
    map_file=store.MAP_FILE,
    commands=(*_turn_specs(), _order_spec(), *_move_specs(), _battle_spec(), _sack_spec(), _reinforce_spec(), _control_weather_spec(),
              _send_spec(), *_voyage_specs(), _buy_craft_spec()),
    read_state=store.from_json_text,
    dumps_state=store.dumps_state,
    json_schema=store.json_schema,
    board_from_map=_board_from_map,
    check_state=check_state,
    begin=lambda state, dice, board: begin(state, dice, board)[0],
    awaiting=awaiting,
    over=lambda state: state.ended if state.winner is not None else None,
    settle=_settle,
    seats=lambda state: ("A", "B"),
    view=lambda state, seat, board: view.side_view(state, seat, board),
    visible=view.visible,
    entry_words=view.entry_words,
    status_lines=lambda state, seat, board: view.status_lines(state, board, seat),
    actions=lambda state, seat, board: actions(state, seat, board, RULESET.dice_for),
    when=_when,
    log_lines=lambda state, seat, day: view.log_lines(state, seat, day),
    presenter="mapgen.presenters.fantasy_warriors",
    cli=builtin_cli("fantasy_warriors"),
    dice=GameDice,
    secret_seed=lambda state: state.dice_seed,
    option_words=OPTION_WORDS,
    command_seat=words.command_seat,
)


def apply(state: CampaignState, command, dice, board=None) -> tuple[CampaignState, list]:
    """:func:`mapgen.engine.apply` with these rules (``board``: the state's map's, when not given)."""
    return engine.apply(RULESET, state, command, dice, board if board is not None else store.board_for(state))
