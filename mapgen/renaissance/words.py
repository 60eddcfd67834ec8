"""What a Renaissance player types after ``mapgen campaign NAME DIR``, made into the command (a spec's ``parse``).

``move``, ``turn`` and ``battle`` are typed the same in every rule set; here
they mean an army's road nodes (RC-4.3), the calendar (RC-3 to RC-5) and a
battle fought on the table (RC-4.7).  Ids are taken in any case and written
as the engine writes them; a place may be typed by its name as the country map
prints it (``Castelcarpia`` for ``A-3``; ``options["board"]``, the folder's
board, holds the names), and the command keeps the id.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..engine import Turn
from ..engine.places import place_id
from .commands import MoveArmies, MoveArmy, TableBattle
from .core import RenaissanceBoard, seat_of

#: A company or specialist id, ``P1-c3`` or ``P2-s1``: the seat in capitals, the letter in lower case.
_OWNED_ID = re.compile(r"^(p\d{1,2})-([cs])(\d+)$", re.IGNORECASE)


def normal_id(value: str) -> str:
    """Any id as the engine writes it, whatever case the player typed: ``a-3`` -> ``A-3``, ``p1-C3`` -> ``P1-c3``."""
    value = value.strip()
    m = _OWNED_ID.match(value)
    return f"{m.group(1).upper()}-{m.group(2).lower()}{m.group(3)}" if m else value.upper()


def normal_ids(value: str | None) -> tuple[str, ...]:
    """``a,b,c`` as ids (empty parts dropped)."""
    return tuple(normal_id(v) for v in (value or "").split(",") if v.strip())


#: A node written as an id (``A-3``, ``B-0``): one that is no name and not on the map is left to the rules to refuse.
_NODE_WORD = re.compile(r"^[A-Za-z]{1,3}-[A-Za-z0-9]{1,4}$")


def node_id(word: str, options: Mapping[str, Any]) -> str:
    """The node ``word`` names: a node's id in any case, or a place's name (``castelcarpia`` -> ``A-3``)."""
    board = options.get("board")
    if not isinstance(board, RenaissanceBoard):  # none, or another rule set's folder: its command refuses the folder
        return word.strip().upper()
    return place_id(word, board.names, board.kinds, lambda w: bool(_NODE_WORD.match(w)))


def command_seat(command) -> str | None:
    """Whose command this is (its ``player``), so the lines it prints are what that player may know."""
    return getattr(command, "player", None)


def parse_move(words: list[str], options: Mapping[str, Any]) -> MoveArmy | MoveArmies:
    """``ARMY NODE...`` (up to two road steps), or several of one player's armies ``P1-1:A-1,A-5 P1-2:A-1`` (RC-4.3)."""
    if options.get("countermarch"):
        raise ValueError("--countermarch is a Fantasy Warriors movement option")
    if not words:
        raise ValueError("give the army and its nodes: move DIR ARMY NODE...")
    if not any(":" in w for w in words):
        army = words[0].upper()
        return MoveArmy(seat_of(army), army, tuple(node_id(n, options) for n in words[1:]))
    moves = []
    for word in words:
        army, sep, nodes = word.partition(":")
        path = tuple(node_id(n, options) for n in nodes.split(",") if n.strip())
        if not sep or not army.strip() or not path or len(path) != len(nodes.split(",")):
            raise ValueError(f"{word!r}: give ARMY:NODE[,NODE] for each army (e.g. P1-1:A-1,A-5)")
        moves.append((army.strip().upper(), path))
    seats = {seat_of(army) for army, _ in moves}
    if len(seats) != 1:
        raise ValueError(f"the armies of one player move in one command, not of {', '.join(sorted(seats))} (RC-4.3)")
    return MoveArmies(seats.pop(), tuple(moves))


def parse_turn(words: list[str], options: Mapping[str, Any]) -> Turn:
    if options.get("rest_stay"):
        raise ValueError("--rest-stay is a Fantasy Warriors option: a Renaissance army that does not move stays anyway")
    if words:
        raise ValueError(f"turn takes no words ({' '.join(words)})")
    return Turn()


def parse_battle(words: list[str], options: Mapping[str, Any]) -> TableBattle:
    """``--node N --winner SEAT --lost IDS``: a battle fought on the table (RC-4.7)."""
    wrong = [f"--{k.replace('_', '-')}" for k in ("report", "losses", "leaders_lost", "square", "scores", "loss_points", "army_points") if options.get(k)]
    if wrong:
        raise ValueError(f"{', '.join(wrong)}: Fantasy Warriors battle options; a Renaissance battle takes --node, --winner and --lost")
    node, winner = options.get("node"), options.get("winner")
    if node is None or winner is None:
        raise ValueError("a Renaissance battle needs --node and --winner (a seat or neutral country), and --lost company ids")
    return TableBattle(node_id(node, options), normal_id(winner), normal_ids(options.get("lost")))
