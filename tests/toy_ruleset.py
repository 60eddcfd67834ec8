"""A toy third rule set, "Dash", that lives only in the tests: proof that a rule set joins by registering.

Two sides take turns; on its turn a side may ``dash`` (roll a D6 and add it
to its score) or ``turn`` (pass).  The first to the map's goal wins.  Its
"map" is a tiny JSON file with the goal.  Nothing outside this file knows
Dash: the tests register it and play it through the engine, the session,
the CLI, undo, replay, actions and the fuzzer.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass

from mapgen import engine
from mapgen.dice import DiceExpr
from mapgen.engine import Action, CommandError, CommandSpec, RuleSet, Turn
from mapgen.errors import BadFileError

SCHEMA = "mapgen/toy-dash"
MAP_SCHEMA = "mapgen/toy-dash-map"
MAP_FILE = "dash-map.json"
SIDES = ("A", "B")
D6 = DiceExpr.parse("1d6")


@dataclass(frozen=True)
class Entry:
    text: str
    side: str | None = None
    faces: tuple[int, ...] = ()
    entered: bool = False


@dataclass(frozen=True)
class MapRef:
    path: str
    sha256: str


@dataclass(frozen=True)
class DashState:
    seed: int | str
    map: MapRef
    to_move: str = "A"
    scores: tuple[int, int] = (0, 0)
    throws: int = 0
    winner: str | None = None
    log: tuple[Entry, ...] = ()


@dataclass(frozen=True)
class Dash:
    side: str


@dataclass(frozen=True)
class Board:
    goal: int


def _side(words: list[str]) -> str:
    if len(words) != 1 or words[0].upper() not in SIDES:
        raise ValueError("give the side that dashes, A or B")
    return words[0].upper()


def _other(side: str) -> str:
    return "B" if side == "A" else "A"


def dash(state: DashState, cmd: Dash, dice, board: Board) -> DashState:
    if cmd.side != state.to_move:
        raise CommandError(f"it is side {state.to_move}'s turn, not {cmd.side}'s")
    faces, entered = dice.faces(D6, f"dash/{state.throws}")
    i = SIDES.index(cmd.side)
    scores = list(state.scores)
    scores[i] += faces[0]
    winner = cmd.side if scores[i] >= board.goal else None
    entry = Entry(f"{cmd.side} dashes {faces[0]} to {scores[i]}" + (" and wins" if winner else ""), cmd.side, tuple(faces), entered)
    return dataclasses.replace(state, to_move=_other(cmd.side), scores=tuple(scores), throws=state.throws + 1, winner=winner,
                               log=state.log + (entry,))


def pass_turn(state: DashState, cmd: Turn, dice, board: Board) -> DashState:
    return dataclasses.replace(state, to_move=_other(state.to_move), log=state.log + (Entry(f"{state.to_move} passes", state.to_move),))


def read_state(text: str, where: str) -> DashState:
    try:
        data = json.loads(text)
        if data.get("schema") != SCHEMA or data.get("version") != 1:
            raise BadFileError(f"{where}: field 'schema' is {data.get('schema')!r}, expected {SCHEMA!r}")
        return DashState(
            data["seed"], MapRef(**data["map"]), data["to_move"], tuple(data["scores"]), data["throws"], data["winner"],
            tuple(Entry(e["text"], e["side"], tuple(e["faces"]), e["entered"]) for e in data["log"]),
        )
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise BadFileError(f"{where}: not a Dash state ({exc})") from None


def dumps_state(state: DashState) -> str:
    return json.dumps({"schema": SCHEMA, "version": 1, **dataclasses.asdict(state)}, indent=1) + "\n"


def board_from_map(data: bytes, where: str) -> Board:
    try:
        m = json.loads(data)
        return Board(int(m["goal"]))
    except (ValueError, KeyError, TypeError) as exc:
        raise BadFileError(f"{where}: not a Dash map ({exc})") from None


def actions(state: DashState, seat: str | None, board: Board) -> list[Action]:
    if state.winner is not None:
        return []
    side = state.to_move
    if seat is not None and seat != side:
        return []
    return [Action(side, "dash", {"side": side}, label=f"{side} dashes"), Action(side, "turn", {}, label=f"{side} passes")]


def view(state: DashState, seat: str | None, board: Board) -> dict:
    return {"to_move": state.to_move, "scores": dict(zip(SIDES, state.scores)), "goal": board.goal, "winner": state.winner}


RULESET = RuleSet(
    name="toy_dash",
    title="Dash",
    schema=SCHEMA,
    version=1,
    state_type=DashState,
    map_file=MAP_FILE,
    commands=(
        CommandSpec("turn", Turn, pass_turn, lambda c: {"command": "turn"}, lambda r: Turn(), lambda a: [], parse=lambda words, options: Turn()),
        CommandSpec("dash", Dash, dash, lambda c: {"command": "dash", "side": c.side}, lambda r: Dash(str(r["side"])), lambda a: [a["side"]],
                    parse=lambda words, options: Dash(_side(words))),
    ),
    read_state=read_state,
    dumps_state=dumps_state,
    json_schema=lambda: {"title": "Dash"},
    board_from_map=board_from_map,
    check_state=lambda state, board: None,
    begin=lambda state, dice, board: state,
    awaiting=lambda state, board: None if state.winner else f"side {state.to_move} to dash or pass",
    over=lambda state: f"side {state.winner} reached the goal" if state.winner else None,
    settle=lambda state, dice, board, start: state,
    seats=lambda state: SIDES,
    view=view,
    visible=lambda entries, seat: list(entries),
    entry_words=lambda e: e.text,
    status_lines=lambda state, seat, board: [f"{s}: {v} of {board.goal}" for s, v in zip(SIDES, state.scores)],
    actions=actions,
    log_lines=lambda state, seat, when: [e.text for e in state.log],
    when=lambda state: f"throw {state.throws + 1}",
)


def map_bytes(goal: int = 12) -> bytes:
    return (json.dumps({"schema": MAP_SCHEMA, "version": 1, "goal": goal}) + "\n").encode()


def start(seed: int | str = 1, goal: int = 12) -> tuple[DashState, bytes]:
    """A new game's state and its map file's bytes."""
    data = map_bytes(goal)
    return DashState(seed, MapRef(MAP_FILE, hashlib.sha256(data).hexdigest())), data


def install() -> RuleSet:
    return engine.register(RULESET)


def new_folder(folder, seed: int | str = 1, goal: int = 12):
    """What ``campaign new`` would write for Dash: the state and the map copy (plain files: Dash has no kit)."""
    from pathlib import Path

    folder = Path(folder)
    folder.mkdir(parents=True)
    state, data = start(seed, goal)
    (folder / MAP_FILE).write_bytes(data)
    (folder / "campaign.json").write_text(dumps_state(state), encoding="utf-8")
    return folder
