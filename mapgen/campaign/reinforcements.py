"""Phase 7: reinforcements (FW-15), and the ``reinforce`` command that spends them.

Every ``reinforcement_interval`` days (7, AMB-22) each side banks points
worked out from its *initial* army total: 10 % for its own capital, 2 % for
each other holding it holds.  A side that does not hold its capital gets
nothing; a sacked holding yields nothing to anybody (AMB-55).  The points
are banked (FW-15.h) and spent with :class:`~mapgen.campaign.core.Reinforce`
on Poor, Average or Veteran units (FW-15.b) that appear in the capital
(FW-15.a): they join the friendly force there (FW-15.c, AMB-23) or form a
new one under the General the command names (FW-15.d).

The Incursione campaign replaces the schedule by its key days (FW-17.8).
"""

from __future__ import annotations

from .commands import CommandError
from .army import probe_refusal
from .setup import MAX_FORCES
from .state import (
    CampaignState,
    auxiliaries_only,
    Force,
    HoldingState,
    Leader,
    Unit,
    evolve,
    with_force,
    with_side,
)

#: FW-15 "Points available for reinforcements": percent of the side's initial points (AMB-22).
SHARE_PERCENT = {"capital": 10, "holding": 2}
#: FW-15.b: reinforcements are never Elite.
QUALITIES = ("poor", "average", "veteran")
#: [DEV] Phases where banked points may be spent: when the campaign waits for orders (Phase 1), or Phase 7.
REINFORCE_PHASES = (1, 7)
#: [DEV] A new force's order: it musters in the capital, so it defends it, as the capital's force does at set-up.
NEW_FORCE_ORDER = "defend"


def home(h: HoldingState) -> str:
    """The side the map gave the holding to (older states have no ``original_owner``)."""
    return h.original_owner or h.owner


def own_capital(state: CampaignState, side: str) -> HoldingState | None:
    """The side's own capital while it still holds it unsacked; a captured enemy capital is not "your capital"."""
    for h in state.holdings:
        if h.capital and home(h) == side and h.owner == side and not h.sacked:
            return h
    return None


def points_due(state: CampaignState, side: str) -> int:
    """FW-15 points for one reinforcement day: capital 10 % (not also 2 %), 2 % per other holding."""
    capital = own_capital(state, side)
    if capital is None:
        return 0
    initial = state.side(side).points
    others = sum(1 for h in state.holdings if h.owner == side and not h.sacked and h is not capital)
    return initial * SHARE_PERCENT["capital"] // 100 + others * (initial * SHARE_PERCENT["holding"] // 100)


def bank(state: CampaignState, side: str, points: int) -> CampaignState:
    """Add to (or, negative, take from) a side's banked points; never below zero."""
    s = state.side(side)
    return with_side(state, evolve(s, reinforcement_points=max(0, s.reinforcement_points + points)))


def grant(state: CampaignState, dice, side: str, points: int, rule: str, why: str, phase: int = 7) -> CampaignState:
    """Bank ``points`` for ``side`` and say so in the log, to that side only (FW-15.h: the bank is its own)."""
    if points <= 0:
        dice.event(day=state.day, phase=phase, rule=rule, text=f"side {side}: no reinforcement points ({why})", side=side, secret=True)
        return state
    state = bank(state, side, points)
    total = state.side(side).reinforcement_points
    dice.event(day=state.day, phase=phase, rule=rule, text=f"side {side}: +{points} reinforcement points ({why}); banked {total}", side=side, secret=True)
    return state


def start(state: CampaignState, dice, board) -> CampaignState:
    if state.options.scenario == "incursione":
        from .incursione import key_day_reinforcements

        return key_day_reinforcements(state, dice, board)
    if state.day % state.options.reinforcement_interval:
        return state
    for s in state.sides:
        due = points_due(state, s.id)
        why = "capital 10 %, other holdings 2 % each" if due else "its capital is not in its hands"
        state = grant(state, dice, s.id, due, "FW-15", why)
    return state


def awaiting(state, board):
    return None


def next_force_id(state: CampaignState, side: str) -> str | None:
    """FW-1.1: the lowest force counter number the side is not using, up to six."""
    used = {f.id for f in state.forces if f.side == side}
    return next((f"{side}{n}" for n in range(1, MAX_FORCES + 1) if f"{side}{n}" not in used), None)


def _check_units(units: tuple, points: int) -> str | None:
    if not units:
        return "name at least one unit to send"
    for u in units:
        if not isinstance(u, Unit):
            return "each reinforcement must be a unit"
        if u.quality not in QUALITIES:
            return f"unit {u.id} is {u.quality}: reinforcements are only poor, average or veteran (FW-15.b)"
        if u.figures < 1:
            return f"unit {u.id} has no figures"
        if u.points < 1:
            return f"unit {u.id} has no points per figure: its cost cannot be counted"
    cost = sum(u.figures * u.points for u in units)
    if cost > points:
        return f"the units cost {cost} points but only {points} are banked (FW-15.h)"
    return None


def reinforce(state: CampaignState, cmd, dice, board) -> CampaignState:
    """Spend banked points: the units join the friendly force in the capital, or form a new force there."""

    if cmd.side not in ("A", "B"):
        raise CommandError(f"no side {cmd.side!r}: sides are A and B")
    if state.phase not in REINFORCE_PHASES:
        raise CommandError("reinforcements are sent while the campaign waits for orders (Phase 1) or in Phase 7")
    side = state.side(cmd.side)
    capital = own_capital(state, cmd.side)
    if capital is None:
        raise CommandError(f"side {cmd.side} does not hold its capital: reinforcements come only from there (FW-15.a)")
    if not isinstance(cmd.units, (tuple, list)):
        raise CommandError("name the units to send as a list")
    units = tuple(cmd.units)
    problem = _check_units(units, side.reinforcement_points)
    if problem:
        raise CommandError(problem)
    here = state.forces_at(capital.square)
    if any(f.side != cmd.side for f in here):
        raise CommandError(f"an enemy force is in the capital {capital.square}: no reinforcements can muster there")
    # FW-22.3 [DEV]: a special character or unit travelling through the capital takes no reinforcements
    friends = sorted((f for f in here if f.side == cmd.side and not f.travelling), key=lambda f: f.id)
    if friends:
        if cmd.leader is not None:
            raise CommandError(f"force {friends[0].id} is in the capital: the reinforcements must join it (FW-15.c), without a new leader")
        force = friends[0]  # AMB-23: the owner chooses; [DEV] the first by number
        joined = evolve(force, units=force.units + _renumber(force, units))
        if state.options.army_composition and joined.order == "probe" and (why := probe_refusal(joined)):
            raise CommandError(f"the reinforcements would join {force.id} under Probe: {why}")
        state = with_force(state, joined)
        what = f"join force {force.id} in the capital {capital.square} (FW-15.c)"
    else:
        if not isinstance(cmd.leader, Leader):
            raise CommandError(f"no force is in the capital {capital.square}: a new force needs a General to lead it (FW-15.d)")
        fid = next_force_id(state, cmd.side)
        if fid is None:
            raise CommandError(f"side {cmd.side} already has {MAX_FORCES} forces, one per counter (FW-1.1)")
        if auxiliaries_only(units):
            raise CommandError(
                f"the new force {fid} would hold only allied or mercenary units: allies and mercenaries cannot "
                "form a Force on their own (FW-4.2.f); send regular units with them"
            )
        new = Force(fid, cmd.side, capital.square, NEW_FORCE_ORDER, None, cmd.leader, ())
        new = evolve(new, units=_renumber(new, units))
        state = evolve(state, forces=state.forces + (new,))
        what = f"form the new force {fid} under {cmd.leader.name} (CV {cmd.leader.cv}) in the capital {capital.square} (FW-15.d)"
    cost = sum(u.figures * u.points for u in units)
    state = bank(state, cmd.side, -cost)
    left = state.side(cmd.side).reinforcement_points
    names = ", ".join(f"{u.figures} {u.quality} {u.type}" for u in units)
    text = f"side {cmd.side} sends {names} ({cost} points, {left} left banked): they {what}"
    dice.event(day=state.day, phase=state.phase, rule="FW-15", text=text, side=cmd.side, secret=True)
    return state


def _renumber(force: Force, units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """[DEV] New units take the force's next unit numbers (``A1-U4`` ...), so ids never clash."""
    n = len(force.units)
    used = {u.id for u in force.units}
    out = []
    for u in units:
        n += 1
        while f"{force.id}-U{n}" in used:
            n += 1
        out.append(evolve(u, id=f"{force.id}-U{n}"))
    return tuple(out)
