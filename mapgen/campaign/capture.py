"""Holdings changing hands (FW-9.10): after a move, and after a battle won on the holding.

One function for both, so a capture counts the same however it happens: the
captor's holdings taken, the loser's holdings lost (and its capital lost only
when the capital was its own), and the loser's Will to Fight test (FW-13.c).
"""

from __future__ import annotations

from .state import CampaignState, bump, due, evolve, with_holding


def capture(state: CampaignState, square: str, side: str, dice, phase, by: str | None = None) -> CampaignState:
    """``side`` takes the enemy holding at ``square`` if no enemy force stands there (``by``: the force, for the log)."""
    h = state.holding(square)
    if h is None or h.owner == side or h.sacked:
        return state
    if any(f.side != side for f in state.forces_at(square)):
        return state
    who = by or f"side {side}"
    if h.capital and state.options.capital_requires_siege:
        dice.event(day=state.day, phase=phase, rule="FW-9.10.1", text=f"{who} stands on side {h.owner}'s capital at {square}: only a siege takes it", side=side)
        return state
    loser = h.owner
    kind = "capital" if h.capital else "holding"
    dice.event(day=state.day, phase=phase, rule="FW-9.10", text=f"{who} captures side {loser}'s {kind} at {square}; side {loser} tests its Will (FW-13.c)")
    state = with_holding(state, evolve(h, owner=side))
    state = bump(bump(state, side, holdings_taken=1), loser, holdings_lost=1)
    if h.capital and (h.original_owner or loser) == loser:  # its own capital, not one it had taken
        state = bump(state, loser, capitals_lost=1)
    return due(state, loser, "FW-13.c")
