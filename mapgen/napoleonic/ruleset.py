"""The Napoleonic battle as the engine sees it: one :class:`~mapgen.engine.RuleSet`, ``RULESET``.

A battle plays through the same engine, session, ``actions``, views,
``undo`` and ``replay`` as the campaigns.  Each command's record is its
dataclass fields under its name (``{"command": "fire", "unit": "A3",
"target": "B5"}``); its command line is ``mapgen campaign NAME DIR WORDS``.
"""

from __future__ import annotations

import dataclasses

from .. import engine
from ..engine import CommandSpec, RuleSet, Turn
from ..engine.registry import builtin_cli
from ..engine.commands import record_decoder
from ..errors import BadFileError
from . import battle as b
from . import store, view
from .actions import actions
from .board import LINE_AREAS, RESERVE, area_named
from .state import NapoleonicState

#: Record name, dataclass, handler, command line name, the words after the folder (from the record's fields).
_COMMANDS = (
    ("deploy", b.Deploy, b.deploy, None, lambda a: [a["side"], *a["placements"]]),
    ("move", b.Move, b.move, None, lambda a: [a["unit"], a["to"]]),
    ("fire", b.Fire, b.fire, None, lambda a: [a["unit"], a["target"]]),
    ("charge", b.Charge, b.charge, None, lambda a: [a["unit"], a["target"]]),
    ("form_square", b.FormSquare, b.form_square, "square", lambda a: [a["unit"]]),
    ("leave_square", b.LeaveSquare, b.leave_square, "unsquare", lambda a: [a["unit"]]),
    ("press", b.Press, b.press, None, lambda a: [a["unit"]]),
    ("call_off", b.CallOff, b.call_off, "cancel", lambda a: [a["unit"]]),
    ("evade", b.Evade, b.evade, None, lambda a: [a["unit"]]),
    ("stand", b.Stand, b.stand, None, lambda a: [a["unit"]]),
    ("rally", b.Rally, b.rally, None, lambda a: [a["leader"], a["unit"]]),
    ("retreat", b.Retreat, b.retreat, None, lambda a: [a["side"]]),
    ("pursue", b.Pursue, b.pursue, None, lambda a: [a["side"], *a.get("losses", ())]),
)


#: What ``mapgen campaign NAME --help`` says of each command (after "Napoleonic battle, "): when it is played, its
#: words, its rule.
_HELP = {
    "deploy": "Deployment: deploy DIR SIDE AREA=UNIT,UNIT...: SIDE's secret placement, at least one unit in every "
              "battle-line area, the rest in reserve; hidden until both sides are in (NAP-2.1).",
    "move": "The unit's own arm's phase: move DIR UNIT AREA: the unit steps to a neighbouring area, never diagonally, "
            "never into enemies; a zone of control stops it (NAP-4).",
    "fire": "Artillery or infantry phase: fire DIR UNIT TARGET: the unit fires at an enemy it may target (NAP-5, NAP-6).",
    "charge": "Cavalry phase: charge DIR UNIT TARGET: the cavalry declares a charge; the target may evade or form "
              "square, the charger then presses or calls it off (NAP-7, NAP-8, NAP-10).",
    "form_square": "Infantry phase: square DIR UNIT: the infantry forms square as an action (NAP-10); charged "
                   "infantry forms square at once without a command.",
    "leave_square": "Infantry phase: unsquare DIR UNIT: the infantry leaves its square (NAP-10).",
    "press": "After the target's answer: press DIR UNIT: the cavalry carries its charge home (NAP-7).",
    "call_off": "After the target formed square: cancel DIR UNIT: the cavalry calls its charge off (NAP-10).",
    "evade": "When charged: evade DIR UNIT: the charged cavalry evades (NAP-8).",
    "stand": "When charged: stand DIR UNIT: the charged cavalry stands and receives the charge (NAP-8).",
    "rally": "Leader phase: rally DIR LEADER UNIT: a leader in its Reserve Area tries (2D6) to bring the unit back "
             "from the Retreat Area (NAP-11.2).",
    "retreat": "One of SIDE's own phases, after the first full turn, before its first action: retreat DIR SIDE: the "
               "side leaves the field and loses the battle (NAP-14).",
    "pursue": "After the battle: pursue DIR SIDE [UNIT...]: the winner SIDE pursues, the loser's units named taking "
              "the hits in that order (NAP-15).",
}


def _encoder(name: str):
    def encode(cmd) -> dict:
        return {"command": name, **{k: list(v) if isinstance(v, tuple) else v for k, v in dataclasses.asdict(cmd).items()}}

    return encode


def _unit_word(word: str) -> str:
    uid = word.strip().upper()
    if len(uid) < 2 or uid[0] not in "AB" or not uid[1:].isdigit():
        raise ValueError(f"{word!r} is not a unit id; units are named by side and number, like A3 or B12 (see 'mapgen campaign status DIR')")
    return uid


def _side_word(word: str) -> str:
    side = word.strip().upper()
    if side not in ("A", "B"):
        raise ValueError(f"{word!r}: the sides are A and B")
    return side


def _words(words: list[str], count: int, what: str) -> list[str]:
    if len(words) != count:
        raise ValueError(f"give {what}")
    return words


def _parse_deploy(words: list[str], options) -> b.Deploy:
    if not words:
        raise ValueError("give the side, then AREA=UNIT,UNIT... for each area, e.g. A a-left=A1,A2 a-centre=A3 a-right=A4")
    side = _side_word(words[0])
    pairs = []
    for word in words[1:]:
        area, eq, units = word.partition("=")
        if not eq or not units.strip():
            raise ValueError(f"{word!r}: give AREA=UNIT,UNIT..., e.g. {LINE_AREAS[side][0]}=A1,A2")
        name = area_named(area)
        if name not in (*LINE_AREAS[side], RESERVE[side]):
            raise ValueError(f"{area!r}: side {side} deploys in {', '.join(LINE_AREAS[side])} or {RESERVE[side]}")
        pairs.append(f"{name}={','.join(_unit_word(u) for u in units.split(',') if u.strip())}")
    return b.Deploy(side, tuple(pairs))


_PARSE = {
    "deploy": _parse_deploy,
    "move": lambda w, o: b.Move(*(f(x) for f, x in zip((_unit_word, area_named), _words(w, 2, "the unit and the area, e.g. A3 mid-0")))),
    "fire": lambda w, o: b.Fire(*map(_unit_word, _words(w, 2, "the firing unit and its target, e.g. A3 B5"))),
    "charge": lambda w, o: b.Charge(*map(_unit_word, _words(w, 2, "the charging unit and its target, e.g. A7 B5"))),
    "form_square": lambda w, o: b.FormSquare(_unit_word(_words(w, 1, "the infantry unit, e.g. A3")[0])),
    "leave_square": lambda w, o: b.LeaveSquare(_unit_word(_words(w, 1, "the infantry unit, e.g. A3")[0])),
    "press": lambda w, o: b.Press(_unit_word(_words(w, 1, "the charging cavalry, e.g. A7")[0])),
    "call_off": lambda w, o: b.CallOff(_unit_word(_words(w, 1, "the charging cavalry, e.g. A7")[0])),
    "evade": lambda w, o: b.Evade(_unit_word(_words(w, 1, "the charged cavalry, e.g. B7")[0])),
    "stand": lambda w, o: b.Stand(_unit_word(_words(w, 1, "the charged cavalry, e.g. B7")[0])),
    "rally": lambda w, o: b.Rally(*map(_unit_word, _words(w, 2, "the leader and the unit to rally, e.g. A10 A3"))),
    "retreat": lambda w, o: b.Retreat(_side_word(_words(w, 1, "the side that retreats, A or B")[0])),
    "pursue": lambda w, o: b.Pursue(_side_word(w[0]), tuple(map(_unit_word, w[1:]))) if w else _no_side(),
}


def _no_side():
    raise ValueError("give the side that pursues, then (optional) the enemy units in the order hits take them")


def _parse_turn(words: list[str], options) -> Turn:
    if words:
        raise ValueError("'turn' takes no words")
    return Turn()


COMMANDS = (
    CommandSpec("turn", Turn, b.end_half, lambda c: {"command": "turn"}, record_decoder(Turn), lambda a: [], parse=_parse_turn),
    *(CommandSpec(name, kind, handler, _encoder(name), record_decoder(kind), argv, cli, _PARSE[name],
                  help=f"Napoleonic battle, {_HELP[name][0].lower()}{_HELP[name][1:]}")
      for name, kind, handler, cli, argv in _COMMANDS),
)


def command_seat(command) -> str | None:
    """The side whose command it is: named, or the first letter of the unit it moves (ids start with the side)."""
    for field in ("side", "unit", "leader"):
        value = getattr(command, field, None)
        if isinstance(value, str) and value[:1] in ("A", "B"):
            if field == "unit" and isinstance(command, b.Rally):
                continue
            return value[0]
    return None


def _check_state(state: NapoleonicState, board) -> None:
    if state.map.path != store.FIELD_FILE:
        raise BadFileError(f"field 'map.path': {state.map.path!r}, expected {store.FIELD_FILE!r}")


RULESET = RuleSet(
    name="napoleonic",
    title="Napoleonic battle",
    schema=store.SCHEMA,
    version=store.VERSION,
    state_type=NapoleonicState,
    map_file=store.FIELD_FILE,
    commands=COMMANDS,
    read_state=store.read_state,
    dumps_state=store.dumps_state,
    json_schema=store.json_schema,
    board_from_map=store.field_from_bytes,
    check_state=_check_state,
    begin=lambda state, dice, board: state,
    awaiting=view.awaiting,
    over=view.over,
    settle=b.settle,
    seats=lambda state: ("A", "B"),
    view=view.side_view,
    visible=view.visible,
    entry_words=view.entry_words,
    status_lines=view.status_lines,
    log_lines=view.log_lines,
    log_when="in battle turn",
    seat_word="side",
    presenter="mapgen.presenters.napoleonic",
    cli=builtin_cli("napoleonic"),
    command_seat=command_seat,
    actions=actions,
    when=view.when,
    secret_seed=lambda state: state.dice_seed,
)


def apply(state: NapoleonicState, command, dice, board) -> tuple[NapoleonicState, list]:
    """:func:`mapgen.engine.apply` with these rules."""
    return engine.apply(RULESET, state, command, dice, board)
