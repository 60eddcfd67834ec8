"""FW-12.5 and AMB-52: where the forces go when a battle is over, and reactions that worsen.

Movement modifiers are ignored (FW-12.5): one legal step (:attr:`Board.steps`,
so rivers only at crossings), never into a square an enemy force holds, never
off the map (AMB-63).  The engine picks the square unless the report names
one: outside the zone of control of enemy forces that were not in the battle
where it can, after a stalemate two steps from the enemy's new square where
it can (AMB-52), then friendly before neutral before enemy territory, then by
square id, so the same battle always ends the same way.
"""

from __future__ import annotations

from .board import Board
from .state import CampaignState, Contact, Force, other

#: FW-12.6 / FW-9.6 (AMB-04, AMB-05): any order -> Confused -> Unsteady -> Shattered.
WORSE = {None: "confused", "confused": "unsteady", "unsteady": "shattered", "shattered": "shattered"}
TERRITORY_RANK = {"friendly": 0, "neutral": 1, "enemy": 2}


def worse(reaction: str | None) -> str:
    return WORSE[reaction]


def who_moves(state: CampaignState, contact: Contact, winner: str, before: dict[str, Force], after: dict[str, Force] | None = None) -> list[Force]:
    """The forces that leave the square, the side moving first first (FW-12.5 and its exceptions).

    ``after``: the battle's forces after the checks, by id, when ``state`` still has them as ``before``
    (the battle report builds one new state, not one to find the movers and another to move them).
    """
    square = contact.square
    here = []
    for f in state.forces:
        if f.square == square and f.id in before:
            if after is not None:
                f = after.get(f.id, f)
            for u in f.units:
                if u.figures:  # figures > 0, without summing them
                    here.append(f)
                    break
    if winner != "stalemate":
        return [f for f in here if f.side != winner]
    if contact.defenders:
        return []  # FW-23.6: an interrupted Last stand is fought again, nobody leaves the square
    if before:
        for f in before.values():
            if f.order != "defend":
                break
        else:
            return []  # exception 2: both sides were under Defend
    h = state.holding(square)
    stays = h.owner if h is not None and not h.sacked else None  # exception 1: on its own (or taken) holding
    mover = state.force(contact.mover) if contact.mover else None
    # [DEV] AMB-52 "the initiative loser moves first": the contacted side, then the side that made the contact
    first = other(mover.side) if mover is not None else "A"
    return [f for f in here if f.side == first and f.side != stays] + [f for f in here if f.side != first and f.side != stays]


def _chebyshev(board: Board, a: str, b: str) -> int:
    sa, sb = board.squares[a], board.squares[b]
    return max(abs(sa.col - sb.col), abs(sa.row - sb.row))


def legal(state: CampaignState, f: Force, board: Board, placed: dict[str, list[str]], moved: set[str]) -> list[str]:
    """One legal step, not into a square an enemy force holds, counting the moves already made."""
    enemy = _enemy_squares(state, f.side, placed, moved)
    return [sq for sq in board.steps.get(f.square, {}) if sq not in enemy]


def _enemy_squares(state: CampaignState, side: str, placed: dict[str, list[str]], moved: set[str]) -> set[str]:
    """The squares ``side`` may not step into: its enemies' (those that moved off: where they were placed)."""
    enemy = set(placed[other(side)])
    for g in state.forces:
        if g.side != side and g.id not in moved:
            enemy.add(g.square)
    return enemy


def _ranks(board: Board) -> dict[str, dict[str, int]]:
    """Side -> square -> TERRITORY_RANK, worked out once per board (``territory_for`` is a method call and two lookups)."""
    ranks = board.cache.get("retreat ranks")
    if ranks is None:
        ranks = board.cache["retreat ranks"] = {
            side: {sq: TERRITORY_RANK[board.territory_for(sq, side)] for sq in board.squares} for side in ("A", "B")
        }
    return ranks


def _zoc(state: CampaignState, board: Board, side: str, before: dict[str, Force]) -> set[str]:
    """The zones of control of the enemy forces not in this battle (every square around it is in the winner's)."""
    zones = board.cache.get("retreat zones")
    if zones is None:
        zones = board.cache["retreat zones"] = {}
    zoc: set[str] = set()
    for g in state.forces:
        if g.side != side and g.id not in before:
            zone = zones.get(g.square)
            if zone is None:
                zone = zones[g.square] = frozenset((g.square, *board.around.get(g.square, ())))
            zoc |= zone
    return zoc


def _best(options: list[str], zoc: set[str], near: list[str], rank: dict[str, int], board: Board, side: str) -> str:
    """The first of the options by (outside the zoc, two steps from where the enemy went, territory, square id)."""

    def key(sq: str) -> tuple:
        r = rank.get(sq)
        if r is None:  # not a land square: the board's own lookup, as it would fail
            r = TERRITORY_RANK[board.territory_for(sq, side)]
        return (sq in zoc, any(_chebyshev(board, sq, e) < 2 for e in near), r, sq)

    return min(options, key=key)


def retreat_moves(
    state: CampaignState, contact: Contact, winner: str, before: dict[str, Force], chosen: dict[str, str], board: Board,
    after: dict[str, Force] | None = None,
) -> list[tuple[str, str | None]]:
    """(force, new square) for each force that must leave; None when no legal square exists (AMB-52).

    ``after``: as for :func:`who_moves` (the checks change figures, never squares, sides or ids).
    Raises ValueError for a square the report names that the rules do not allow.
    """
    movers = who_moves(state, contact, winner, before, after)
    if chosen:
        ids = {f.id for f in movers}
        for fid in chosen:
            if fid not in ids:
                raise ValueError(f"retreat: {fid} does not leave the square after this battle (FW-12.5)")
    moved: set[str] = set()
    placed: dict[str, list[str]] = {"A": [], "B": []}
    # by side and the enemy moves made so far: a side's movers come together (who_moves), so each set is built once
    enemies: dict[tuple[str, int], set[str]] = {}
    zocs: dict[str, set[str]] = {}  # by side: the state does not change while the forces are placed
    moves = []
    for f in movers:
        key = (f.side, len(placed[other(f.side)]))
        enemy = enemies.get(key)
        if enemy is None:
            enemy = enemies[key] = _enemy_squares(state, f.side, placed, moved)
        options = [sq for sq in board.steps.get(f.square, {}) if sq not in enemy]  # legal()
        if f.id in chosen:
            if chosen[f.id] not in options:
                why = "not one legal step away" if chosen[f.id] not in board.steps.get(f.square, {}) else "held by the enemy"
                raise ValueError(f"retreat: {f.id} cannot fall back to {chosen[f.id]} ({why}); it may go to {', '.join(sorted(options)) or 'no square'}")
            square = chosen[f.id]
        elif len(options) > 1:
            zoc = zocs.get(f.side)
            if zoc is None:
                zoc = zocs[f.side] = _zoc(state, board, f.side, before)
            square = _best(options, zoc, placed[other(f.side)], _ranks(board)[f.side], board, f.side)
        else:
            square = options[0] if options else None
        moves.append((f.id, square))
        if square is not None:
            moved.add(f.id)
            placed[f.side].append(square)
    return moves
