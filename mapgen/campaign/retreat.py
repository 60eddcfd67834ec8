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


def who_moves(state: CampaignState, contact: Contact, winner: str, before: dict[str, Force]) -> list[Force]:
    """The forces that leave the square, the side moving first first (FW-12.5 and its exceptions)."""
    here = [f for f in state.forces_at(contact.square) if f.id in before and f.figures > 0]
    if winner != "stalemate":
        return [f for f in here if f.side != winner]
    if before and all(f.order == "defend" for f in before.values()):
        return []  # exception 2: both sides were under Defend
    h = state.holding(contact.square)
    stays = {h.owner} if h is not None and not h.sacked else set()  # exception 1: on its own (or taken) holding
    mover = state.force(contact.mover) if contact.mover else None
    # [DEV] AMB-52 "the initiative loser moves first": the contacted side, then the side that made the contact
    first = other(mover.side) if mover is not None else "A"
    order = {first: 0, other(first): 1}
    return sorted((f for f in here if f.side not in stays), key=lambda f: order[f.side])


def _chebyshev(board: Board, a: str, b: str) -> int:
    sa, sb = board.squares[a], board.squares[b]
    return max(abs(sa.col - sb.col), abs(sa.row - sb.row))


def legal(state: CampaignState, f: Force, board: Board, placed: dict[str, list[str]], moved: set[str]) -> list[str]:
    """One legal step, not into a square an enemy force holds, counting the moves already made."""
    enemy = {g.square for g in state.forces if g.side != f.side and g.id not in moved} | set(placed[other(f.side)])
    return [sq for sq in board.steps.get(f.square, {}) if sq not in enemy]


def retreat_moves(
    state: CampaignState, contact: Contact, winner: str, before: dict[str, Force], chosen: dict[str, str], board: Board
) -> list[tuple[str, str | None]]:
    """(force, new square) for each force that must leave; None when no legal square exists (AMB-52).

    Raises ValueError for a square the report names that the rules do not allow.
    """
    movers = who_moves(state, contact, winner, before)
    ids = {f.id for f in movers}
    for fid in chosen:
        if fid not in ids:
            raise ValueError(f"retreat: {fid} does not leave the square after this battle (FW-12.5)")
    moved: set[str] = set()
    placed: dict[str, list[str]] = {"A": [], "B": []}
    moves = []
    for f in movers:
        options = legal(state, f, board, placed, moved)
        # the zones of control of enemy forces not in this battle (every square around it is in the winner's)
        enemy_zoc = {sq for g in state.forces if g.id not in before and g.side != f.side for sq in (g.square, *board.around.get(g.square, ()))}
        if f.id in chosen:
            if chosen[f.id] not in options:
                why = "not one legal step away" if chosen[f.id] not in board.steps.get(f.square, {}) else "held by the enemy"
                raise ValueError(f"retreat: {f.id} cannot fall back to {chosen[f.id]} ({why}); it may go to {', '.join(sorted(options)) or 'no square'}")
            square = chosen[f.id]
        elif options:
            near = placed[other(f.side)]
            square = min(
                options,
                key=lambda sq: (
                    sq in enemy_zoc,
                    any(_chebyshev(board, sq, e) < 2 for e in near),
                    TERRITORY_RANK[board.territory_for(sq, f.side)],
                    sq,
                ),
            )
        else:
            square = None
        moves.append((f.id, square))
        if square is not None:
            moved.add(f.id)
            placed[f.side].append(square)
    return moves
