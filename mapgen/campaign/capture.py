"""Holdings changing hands (FW-9.10): after a move, and after a battle won on the holding.

One function for both, so a capture counts the same however it happens: the
captor's holdings taken, the loser's holdings lost (and its capital lost only
when the capital was its own), and the loser's Will to Fight test (FW-13.c).
It runs after most moves and battles, so it looks for the holding first and
writes the holding and both sides' counters in one new state.  A featured
holding's benefits follow its owner (:mod:`.features`): the capture logs what
passed (FW-3.4.2).
"""

from __future__ import annotations

from .board import Board
from .features import pass_benefits
from .state import CampaignState, evolve, tallied


def capture(state: CampaignState, square: str, side: str, dice, phase, by: str | None = None, board: Board | None = None,
            after_battle: bool = False) -> CampaignState:
    """``side`` takes the enemy holding at ``square`` if no enemy force stands there (``by``: the force, for the log;
    ``board``: the map's, which names what a featured holding holds; ``after_battle``: the enemy was beaten in battle
    there, which passes a featured holding's benefits, FW-3.4.2)."""
    for h in state.holdings:
        if h.square == square:
            break
    else:
        return state
    if h.owner == side or h.sacked:
        return state
    for f in state.forces:
        if f.square == square and f.side != side:
            return state
    who = by or f"side {side}"
    if h.capital and state.options.capital_requires_siege:
        dice.event(day=state.day, phase=phase, rule="FW-9.10.1", text=f"{who} stands on side {h.owner}'s capital at {square}: only a siege takes it", side=side)
        return state
    loser = h.owner
    kind = "capital" if h.capital else "holding"
    dice.event(day=state.day, phase=phase, rule="FW-9.10", text=f"{who} captures side {loser}'s {kind} at {square}; side {loser} tests its Will (FW-13.c)")
    taken = pass_benefits(state, h, side, dice, phase, board, after_battle)  # FW-3.4.2 (option featured_holdings)
    if not state.options.featured_holdings:
        taken = evolve(h, owner=side)  # the holding as before the option: its file keeps its bytes
    holdings = tuple([taken if g.square == square else g for g in state.holdings])
    own_capital = h.capital and (h.original_owner or loser) == loser  # its own capital, not one it had taken
    sides = tallied(state, side, {"holdings_taken": 1}, loser, {"holdings_lost": 1, "capitals_lost": own_capital}, "FW-13.c")
    return evolve(state, holdings=holdings, sides=sides)
