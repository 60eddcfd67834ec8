"""Phase 1: new orders and reconfiguration, each resolved by the Force Test (FW-8).

A player who wants a force under another order (or out of its reaction:
reconfiguration is the only way to end one, FW-8.3) gives the ``order``
command; the force takes the Force Test at once and its counter changes by
the result.  The test is ``1D6 + the Leader's CV`` with the modifiers of
:data:`REACTION_TEST`, :data:`TERRITORY_TEST` and the mountain, looked up on
:data:`FORCE_TEST`.

FW-8.1.a says who is tested first: forces in action, then those in enemy,
neutral and friendly territory.  Each order is its own command, so the
engine cannot see the player's whole declaration; [DEV] it enforces the
sequence it can see: once a side has tested a force of a later group this
turn, it may not test one of an earlier group (AMB-46: within a group the
player chooses).  The faces do not depend on the order (each force rolls at
its own place), so this only keeps the table's sequence for entered dice.

[DEV] Heavy weather: FW-7.4 lists "-1 to the Change-Orders test" in its
*battle* column (the battle rules' order change, beside the command-zone
radius and light signals); its campaign column names only the movement roll,
and FW-8.2 lists no weather modifier.  So the Force Test takes no weather
modifier; only the Incursione snow levels count (FW-17.6, AMB-72).

With option ``order_transmission`` (FW-8.5, :mod:`.transmission`) an order
for a Force away from the supreme command goes by messenger: the command
sends it, and the Force takes its test when it arrives, at the start of that
day's Phase 1.  [DEV] Such a test is not the player's declaration: it does
not bar the player's own tests of earlier FW-8.1.a groups that day.
"""

from __future__ import annotations

from ..fw.rules import TERRAIN
from ..tables import Table, band
from .army import probe_refusal
from .commands import CommandError
from .state import (
    ORDERS,
    CampaignState,
    Force,
    Modifier,
    due,
    evolve,
    modifier,
    snow_at,
    with_force,
    without_force,
)
from .transmission import arriving, delivered_today, route, send, underway
from .will import test as will_to_fight

#: FW-8.2: the Force Test, 1D6 + CV + modifiers.  Totals beyond the printed bands clamp to the end bands.
FORCE_TEST = Table(
    "FW-8.2",
    "Force Test",
    "1D6",
    (
        band(-99, 0, "disaster", "complete disaster: the force is removed; Will to Fight test (FW-13.d)"),
        band(1, 1, "shattered", "Shattered"),
        band(2, 2, "unsteady", "Unsteady"),
        band(3, 3, "confused", "Confused"),
        band(4, 5, "defend", "operates under Defend (reaction removed)"),
        band(6, 99, "new_order", "OK: the new order (reaction removed)"),
    ),
)
#: FW-8.2: the force's reaction.
REACTION_TEST = {"confused": -1, "unsteady": -2, "shattered": -3}
#: FW-8.2: where the force stands (FW-2.3).
TERRITORY_TEST = {"friendly": +2, "enemy": -1, "neutral": 0}
#: FW-8.2 / FW-2.6: a force on a mountain.
MOUNTAIN_TEST = TERRAIN["mountain"].force_test
#: FW-17.6 / AMB-72: Incursione only, -1 per snow level.
SNOW_TEST = -1
#: FW-8.1.a, AMB-46: the groups in test order.
TEST_GROUPS = ("in action", "in enemy territory", "in neutral territory", "in friendly territory")
_GROUP_OF_TERRITORY = {"enemy": 1, "neutral": 2, "friendly": 3}


def start(state, dice, board):
    """FW-8.5 (option ``order_transmission``): the messengers arriving today bring their orders, tested now."""
    state, arrivals = arriving(state)
    for m in sorted(arrivals, key=lambda m: (test_group(state, board, state.force(m.force)) if state.force(m.force) else 0, m.force)):
        why, force, group = _checked(state, board, m.force, m.order)
        if why:
            text = f"the {m.kind} messenger sent on day {m.sent} with the order {m.order.replace('_', ' ')} for {m.force} arrives, but {why}"
            dice.event(day=state.day, phase=1, rule="FW-8.5", text=text, side=m.side, secret=True)
            continue
        dice.event(day=state.day, phase=1, rule="FW-8.5", text=f"the {m.kind} messenger sent on day {m.sent} reaches {m.force}",
                   side=m.side, secret=True)
        state = _force_test(state, force, m.order, group, dice, board)
    return state


def awaiting(state, board):
    return "orders: either side may give its forces new orders, then turn"


def in_action(state: CampaignState, force: Force) -> bool:
    """FW-8.1.a [DEV]: in a battle waiting to be fought, or sharing its square with an enemy force."""
    fid = force.id
    for c in state.pending:
        if fid in c.forces:
            return True
    square, side = force.square, force.side
    for f in state.forces:  # a plain loop: any() over a generator costs twice as much here
        if f.square == square and f.side != side:
            return True
    return False


def test_group(state: CampaignState, board, force: Force) -> int:
    """The force's place in the FW-8.1.a sequence: an index into :data:`TEST_GROUPS`."""
    if in_action(state, force):
        return 0
    return _GROUP_OF_TERRITORY[board.territory_for(force.square, force.side)]


def force_test_modifiers(state: CampaignState, board, force: Force) -> list[Modifier]:
    """Every FW-8.2 modifier that applies to ``force`` where it stands, the Leader's CV first."""
    mods = [modifier("leader's CV", force.leader.cv)]
    if force.reaction:
        mods.append(modifier(force.reaction, REACTION_TEST[force.reaction]))
    if board.squares[force.square].terrain == "mountain":
        mods.append(modifier("mountain", MOUNTAIN_TEST))
    territory = board.territory_for(force.square, force.side)
    if TERRITORY_TEST[territory]:
        mods.append(modifier(f"{territory} territory", TERRITORY_TEST[territory]))
    snow = snow_at(state.weather, board.squares[force.square].terrain)
    if snow and state.options.scenario == "incursione":
        mods.append(modifier(f"snow level x{snow}", SNOW_TEST * snow))
    return mods


def refusal(state: CampaignState, board, force_id: str, order: str) -> str | None:
    """Why the ``order`` command is refused, in one line; None when it may be given."""
    return _checked(state, board, force_id, order)[0]


def _checked(state: CampaignState, board, force_id: str, order: str) -> tuple[str | None, Force | None, int]:
    """(why refused or None, the force, its FW-8.1.a group): ``give_order`` uses the force and group found here."""
    force = state.force(force_id)
    if force is None:
        return f"no force {force_id!r} (forces: {', '.join(f.id for f in state.forces) or 'none'})", None, 0
    if state.phase != 1:
        return f"orders are given in Phase 1 (FW-8); the campaign is in Phase {state.phase}", force, 0
    if order not in ORDERS:
        return f"unknown order {order!r}: give max_speed, probe or defend (FW-5.2)", force, 0
    if force.travelling:
        return f"{force.id} ({force.leader.name}) is travelling to {force.joining} at Max Speed and takes no other order (FW-22.3)", force, 0
    if force.tested_today:
        return f"{force.id} has already taken its Force Test today (FW-8.1.b, FW-8.1.c)", force, 0
    on_way = underway(state, force.id)
    if on_way is not None:
        return f"a messenger carries the order {on_way.order.replace('_', ' ')} to {force.id}, arriving on day {on_way.arrives} (FW-8.5, FW-8.1.b)", force, 0
    if order == force.order and force.reaction is None:
        return f"{force.id} is already under {order}: a test to the same order is not allowed (AMB-19)", force, 0
    if order == "max_speed" and force.loot is not None:
        return f"{force.id} carries loot and may not receive Max Speed (FW-17.7 step 5)", force, 0
    if order == "probe" and state.options.army_composition:
        why = probe_refusal(force)
        if why:
            return why, force, 0
    group = test_group(state, board, force)
    if group < len(TEST_GROUPS) - 1:  # no group comes after the last: nothing to look up
        side = force.side
        for f in state.forces:
            if f.side == side and f.tested_today and test_group(state, board, f) > group and not delivered_today(state, f.id):
                return (
                    f"{force.id} is {TEST_GROUPS[group]} but {f.id} ({TEST_GROUPS[test_group(state, board, f)]}) "
                    "was tested before it: test forces in action, then in enemy, neutral, friendly territory (FW-8.1.a)"
                ), force, group
    return None, force, group


def give_order(state: CampaignState, cmd, dice, board) -> CampaignState:
    """The ``order`` command: the Force Test, and the force's counter changed by its result (FW-8.2)."""

    why, force, group_index = _checked(state, board, cmd.force, cmd.order)
    if why:
        raise CommandError(why)
    how = route(state, board, force)
    if how is not None:  # FW-8.5: a distant force hears its order when the messenger arrives
        return send(state, force, cmd.order, how, dice)
    return _force_test(state, force, cmd.order, group_index, dice, board)


def _force_test(state: CampaignState, force: Force, order: str, group_index: int, dice, board) -> CampaignState:
    """FW-8.2: ``force`` tested for ``order``, its counter changed by the result."""
    group = TEST_GROUPS[group_index]
    entry, result = dice.roll_on(
        FORCE_TEST,
        modifiers=force_test_modifiers(state, board, force),
        day=state.day,
        phase=1,
        place=f"{force.id}/force-test",
        text=f"{force.id} ({force.state}, {group}) tested for {order}",
        side=force.side,
        secret=True,  # the leader's CV and the roll are the side's own; the new counter shows the outcome
    )
    outcome = result.outcome
    if outcome == "disaster":
        text = f"{force.id} is totally routed and removed from play; side {force.side} tests its Will to Fight (FW-13.d)"
        dice.event(day=state.day, phase=1, rule="FW-8.2", text=text)
        state = due(without_force(state, force.id), force.side, "FW-13.d")
        if not state.side_forces(force.side):
            state = due(state, force.side, "FW-13.a")
        return will_to_fight(state, force.side, dice, board, phase=1)  # AMB-67: at once, not in Phase 5
    if outcome == "new_order":
        force = evolve(force, order=order, reaction=None, tested_today=True)
    elif outcome == "defend":
        force = evolve(force, order="defend", reaction=None, tested_today=True)
    else:  # AMB-19: results 1-3 set the reaction directly, better or worse
        force = evolve(force, order=None, reaction=outcome, tested_today=True)
    return with_force(state, force)
