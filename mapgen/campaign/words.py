"""What a Fantasy Warriors player types after ``mapgen campaign NAME DIR``, made into the command (a spec's ``parse``).

The CLI's ``move``, ``turn`` and ``battle`` serve every rule set: each hands
the words and options it read to the folder's rule set, so the same command
line means a force's squares here and an army's nodes in a Renaissance
campaign.  A square may be typed by its id or by the name of the holding on
it, as the map prints it (``options["board"]``, the folder's board, holds the
names); the command keeps the id.  A ValueError says what to type instead.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..engine import Turn
from ..engine.places import place_id
from .board import Board
from .commands import BattleReport, BuyCraft, ControlWeather, Disembark, Embark, Move, Moves, RestStay, Sail, Send

SIDES = ("A", "B")

#: A square written as an id (``K6``, ``AB12``): one that is no name and not on the map is left to the rules to refuse.
_SQUARE_WORD = re.compile(r"^[A-Za-z]{1,3}\d{1,3}$")


def square_id(word: str, options: Mapping[str, Any]) -> str:
    """The square ``word`` names: a square's id in any case, or a holding's name (``Oakford`` -> ``K6``)."""
    board = options.get("board")
    if not isinstance(board, Board):  # none, or another rule set's folder: its command refuses the folder
        return word.strip().upper()
    return place_id(word, board.names, board.squares, lambda w: bool(_SQUARE_WORD.match(w)), "holding")


def owner(force: str) -> str | None:
    """The side a force id belongs to (``A2`` -> A): its player sees what that side may know."""
    first = force.strip()[:1].upper()
    return first if first in SIDES else None


def command_seat(command) -> str | None:
    """Whose command this is, so the lines it prints are what that side may know."""
    if isinstance(command, Moves):
        sides = {owner(m.force) for m in command.moves}
        return sides.pop() if len(sides) == 1 else None
    if hasattr(command, "force"):
        return owner(command.force)
    return getattr(command, "side", None) if getattr(command, "side", None) in SIDES else None


def _one_move(word: str, options: Mapping[str, Any]) -> Move:
    """``A2:K6,J6`` -> the move of A2 along K6, J6 (``A2:`` stays)."""
    fid, sep, squares = word.partition(":")
    path = tuple(square_id(s, options) for s in squares.split(",") if s.strip())
    if not sep or not fid.strip() or (squares.strip() and len(path) != len(squares.split(","))):
        raise ValueError(f"{word!r}: give FORCE:SQUARE,SQUARE,... for each force (e.g. A2:K6,J6; A2: stays)")
    return Move(fid.strip().upper(), path)


def parse_move(words: list[str], options: Mapping[str, Any]) -> Move | Moves:
    """``FORCE SQUARE...`` (``--countermarch SQUARE``), or several forces ``A2:K6,J6 A3:I7`` (FW-9)."""
    if not words:
        raise ValueError("give the force and its squares: move DIR FORCE SQUARE...")
    countermarch = options.get("countermarch")
    if any(":" in w for w in words):
        if countermarch:
            raise ValueError("--countermarch goes with one force: move DIR FORCE SQUARE... --countermarch SQUARE")
        return Moves(tuple(_one_move(w, options) for w in words))
    return Move(words[0].upper(), tuple(square_id(s, options) for s in words[1:]),
                square_id(countermarch, options) if countermarch else None)


def parse_turn(words: list[str], options: Mapping[str, Any]) -> Turn | RestStay:
    if words:
        raise ValueError(f"turn takes no words ({' '.join(words)})")
    return RestStay() if options.get("rest_stay") else Turn()


def _side_values(text: str, option: str, shape: str, parts: int) -> tuple:
    """``A=10/14,B=10/11`` (``parts`` 2) or ``A=300,B=700`` (``parts`` 1) as ((side, n...), ...)."""
    out = []
    for word in text.split(","):
        side, sep, value = word.strip().partition("=")
        numbers = value.split("/")
        if not sep or side.strip().upper() not in SIDES or len(numbers) != parts or not all(re.fullmatch(r"-?\d{1,9}", n.strip()) for n in numbers):
            raise ValueError(f"{option} {text!r}: give {shape} (FW-10.3.1)")
        out.append((side.strip().upper(), *(int(n) for n in numbers)))
    return tuple(out)


def _draw_inputs(options: Mapping[str, Any]) -> dict:
    """FW-10.3.1: ``--scores A=10/14,B=10/11`` (English), ``--loss-points A=300,B=700`` and ``--army-points 2000`` (Italian)."""
    out: dict = {}
    if options.get("scores"):
        out["scores"] = _side_values(options["scores"], "--scores", "A=INITIAL/FINAL,B=INITIAL/FINAL", 2)
    if options.get("loss_points"):
        out["loss_points"] = _side_values(options["loss_points"], "--loss-points", "A=POINTS,B=POINTS", 1)
    if options.get("army_points") is not None:
        out["army_points"] = int(options["army_points"])
    return out


def parse_battle(words: list[str], options: Mapping[str, Any]) -> BattleReport:
    """``--report FILE`` (the filled form) or ``--winner A|B|stalemate`` with ``--losses``, ``--leaders-lost``, ``--square``.

    With a draw rule (FW-10.3.1) the report gives ``--scores`` or ``--loss-points`` (``--army-points``), and the
    winner may be left out: the method decides it.
    """
    if options.get("node") or options.get("lost"):
        raise ValueError("--node and --lost are for a Renaissance campaign's battle")
    report, winner = options.get("report"), options.get("winner")
    draw = _draw_inputs(options)
    if winner is not None and winner.lower() not in ("a", "b", "stalemate"):
        raise ValueError(f"--winner {winner!r} is not one of 'A', 'B', 'stalemate'")
    if report is not None and winner is not None:
        raise ValueError("give either --report FILE or --winner A|B|stalemate")
    if report is None and winner is None and not draw:
        raise ValueError("give either --report FILE or --winner A|B|stalemate (or, with a draw rule, --scores or --loss-points)")
    if report is not None:
        if options.get("losses") or options.get("leaders_lost") or draw:
            raise ValueError("--losses, --leaders-lost, --scores, --loss-points and --army-points go with --winner; a report lists its own")
        from .report import read_report  # PyYAML, for a battle report only: every other command starts faster

        return read_report(report)
    lost = tuple(x.strip().upper() for x in (options.get("leaders_lost") or "").split(",") if x.strip())
    square = options.get("square")
    result = "" if winner is None else winner.upper() if winner.lower() != "stalemate" else "stalemate"
    return BattleReport(result, options.get("losses") or (), lost, square=square_id(square, options) if square else None, **draw)


def parse_send(words: list[str], options: Mapping[str, Any]) -> Send:
    """``FORCE WHO --to FORCE`` (FW-22.3): WHO is the character's name or the unit's id, as the roster gives it."""
    to = options.get("to")
    if len(words) != 2 or not words[1].strip() or not to or not str(to).strip():
        raise ValueError("give the force, the character (or Special Unit) and the force it goes to: send DIR A1 'Conan' --to A2 (FW-22.3)")
    return Send(words[0].strip().upper(), words[1].strip(), str(to).strip().upper())


#: ``control-weather DIR FORCE worse|better [N]``: the way the Wizard moves the weather along FW-7.4.
WEATHER_WAYS = {"worse": 1, "better": -1}


def parse_control_weather(words: list[str], options: Mapping[str, Any]) -> ControlWeather:
    """``FORCE worse|better [STEPS]`` (one step when not given), FW-7.6."""
    if len(words) not in (2, 3) or words[1].lower() not in WEATHER_WAYS or (len(words) == 3 and not words[2].isdigit()):
        raise ValueError("give the force, worse or better, and the steps: control-weather DIR A1 worse 1 (FW-7.6)")
    steps = int(words[2]) if len(words) == 3 else 1
    return ControlWeather(words[0].upper(), WEATHER_WAYS[words[1].lower()] * steps)


#: ``embark``, ``sail`` and ``disembark`` (option ``watercraft``, FW-20.7): the commands their words make.
VOYAGES = {"embark": Embark, "sail": Sail, "disembark": Disembark}


def voyage_parser(word: str):
    """The parser of ``WORD DIR FORCE [SQUARE...]`` (``disembark``: the force lands on the last square, or where it is)."""
    kind = VOYAGES[word]

    def parse(words: list[str], options: Mapping[str, Any]):
        if not words:
            raise ValueError(f"give the force and its squares: {word} DIR FORCE SQUARE...")
        return kind(words[0].strip().upper(), tuple(square_id(s, options) for s in words[1:]))

    return parse


#: ``buy-craft DIR FORCE ships=N boats=N ...``: the names of the craft (FW-20.3, FW-20.4).
CRAFT_WORDS = ("ships", "carriers", "boats", "rafts")


def parse_buy_craft(words: list[str], options: Mapping[str, Any]) -> BuyCraft:
    """``FORCE ships=1 boats=4`` (each craft once; carriers are flyer-carriers)."""
    usage = ("give the force and the craft, each named once with how many (0 to 100): buy-craft DIR A1 ships=1 boats=4 "
             "(ships, carriers, boats, rafts)")
    if len(words) < 2:
        raise ValueError(usage)
    counts: dict[str, int] = {}
    for w in words[1:]:
        name, sep, n = w.partition("=")
        name = name.strip().lower()
        if not sep or name not in CRAFT_WORDS or name in counts or not n.strip().isdigit() or len(n.strip()) > 3:
            raise ValueError(f"{w!r}: {usage}")
        counts[name] = int(n)
    return BuyCraft(words[0].strip().upper(), **counts)
