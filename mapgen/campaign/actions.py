"""What a side may do now in a Fantasy Warriors campaign: :func:`actions`, the rule set's ``actions``.

Every action is a command the engine accepts as it stands (the random-play
fuzzer in ``tests/test_fuzz.py`` applies each one to check it), with its
record fields as ``args``, so ``RULESET.command_of(action)`` is the command
and ``RULESET.command_line(action, folder)`` the line a player types.  The
hints mapgen prints, ``campaign actions`` and the bots read this list.

Where a command takes free values the list holds representative choices, so
a game can always go on: a battle's result is offered as each winner with
no losses entered (the players enter theirs); a reinforcement as one unit of
average infantry the banked points pay for.  A move is offered once per
force, staying where it is (or, under Max Speed, one step: it must move,
FW-9.4.e), with every square it may reach today in ``choices["path"]``,
each as a path of at most :data:`~.march.MAX_ALLOWANCE` steps.
"""

from __future__ import annotations

from typing import Callable

from ..engine.ruleset import Action
from .after_battle import refusal as report_refusal
from .commands import BattleReport, BuyCraft, CommandError, Disembark, Embark, Reinforce, Sail, Send
from .core import awaiting, phase_index
from .dice import GameDice
from .draws import method
from .incursione import refusal as sack_refusal
from .march import MAX_ALLOWANCE, enemy_squares
from .movement import movable, must_move
from .orders import refusal as order_refusal
from .orders import test_group
from .reinforcements import REINFORCE_PHASES, own_capital, reinforce
from .state import ORDERS, CampaignState, Leader, Unit
from .transmission import route
from .travel import refusal as send_refusal
from .voyage import buy_refusal, voyage_paths
from .voyage import refusal as voyage_refusal
from .weather import control_refusal, has_wizard

SIDES = ("A", "B")
#: [DEV] The representative reinforcement: average infantry at this many points a figure (FW-4.1 lists 5 to 8 for most).
REINFORCEMENT_POINTS_PER_FIGURE = 5
#: [DEV] ... and at most this many figures (a unit of the default rosters).
REINFORCEMENT_FIGURES = 20
#: [DEV] The General named for a new force the representative reinforcement forms (FW-15.d: CV 1 to 6).
NEW_GENERAL = Leader("General", 2)
RESULTS = ("A", "B", "stalemate")
#: FW-10.3.1: with a draw rule the result comes from the report's scores: representative ones for each result
#: ([DEV] English: 5 points gained is above a minor victory; Italian: 100 points of losses against none, of 100 army points).
DRAW_INPUTS = {
    ("english", "A"): {"winner": "", "scores": [["A", 0, 5], ["B", 0, 0]]},
    ("english", "B"): {"winner": "", "scores": [["A", 0, 0], ["B", 0, 5]]},
    ("english", "stalemate"): {"winner": "", "scores": [["A", 0, 0], ["B", 0, 0]]},
    ("italian", "A"): {"winner": "", "loss_points": [["A", 0], ["B", 100]], "army_points": 100},
    ("italian", "B"): {"winner": "", "loss_points": [["A", 100], ["B", 0]], "army_points": 100},
    ("italian", "stalemate"): {"winner": "", "loss_points": [["A", 0], ["B", 0]], "army_points": 100},
}


def actions(state: CampaignState, seat: str | None, board, dice_for: Callable[[CampaignState], GameDice]) -> list[Action]:
    """The actions open now to ``seat`` (A or B; None: to both sides and the referee), in the order a player thinks of them.

    ``dice_for(state)``: the campaign's dice (the rule set's, from its dice seed), for the commands tried here.
    """
    if state.winner is not None:
        return []
    sides = (seat,) if seat in SIDES else SIDES if seat is None else ()
    i = phase_index(state)
    out: list[Action] = []
    if i == 1:
        for side in sides:
            out += _orders(state, board, side)
            out += _reinforcement(state, board, side, dice_for)
            out += _weather_control(state, side)
            out += _sends(state, side)
            if state.options.watercraft:
                out += _craft(state, board, side)
        out.append(Action(None, "turn", {}, label="no more orders: on to the initiative and the movement (FW-9)"))
    elif i == 2:
        for side in sides:
            out += _sacks(state, side)
        if state.initiative:
            if state.initiative[0] in sides:
                out += _moves(state, board, state.initiative[0])
                if state.options.watercraft:
                    out += _voyages(state, board, state.initiative[0])
            if not must_move(state, board):
                out.append(Action(None, "turn", {"rest_stay": True}, label="every force that has not moved stays; then the turn goes on"))
        else:
            out.append(Action(None, "turn", {}, label="the movement is over: on to the battles and the next day"))
    elif state.phase == "battle" and awaiting(state, board):
        out += _battles(state, board)
    elif awaiting(state, board) is None:
        out.append(Action(None, "turn", {}, label="run the phases that need no decision"))
    return out


def _orders(state: CampaignState, board, side: str) -> list[Action]:
    """FW-8: each order a force may be tested for, the forces in the FW-8.1.a sequence (in action first)."""
    forces = sorted(state.side_forces(side), key=lambda f: (test_group(state, board, f), f.id))
    out = []
    for f in forces:
        for order in ORDERS:
            if order_refusal(state, board, f.id, order) is None:
                how = route(state, board, f)
                label = (f"{f.id} ({f.state}) tested for {order.replace('_', ' ')} (FW-8.2)" if how is None else
                         f"a {how[0]} messenger takes {order.replace('_', ' ')} to {f.id}, tested on day {state.day + how[1]} (FW-8.5)")
                out.append(Action(side, "order", {"force": f.id, "order": order}, label=label))
    return out


def _sends(state: CampaignState, side: str) -> list[Action]:
    """FW-22.3 (option ``army_composition``): each named special character or Special Unit to each other Force of the side."""
    if not state.options.army_composition or state.phase != 1:
        return []
    out = []
    for f in state.side_forces(side):
        for who in f.specials:
            for to in state.side_forces(side):
                cmd = Send(f.id, who, to.id)
                if send_refusal(state, cmd) is None:
                    label = f"{who} leaves {f.id} at {f.square} to join {to.id} at {to.square}, travelling at Max Speed (FW-22.3)"
                    out.append(Action(side, "send", {"force": f.id, "who": who, "to": to.id}, label=label))
    return out


def _weather_control(state: CampaignState, side: str) -> list[Action]:
    """FW-7.6: the first of the side's forces with a Wizard may move the weather one step, worse or better."""
    wizard = next((f for f in state.side_forces(side) if has_wizard(f)), None)
    if wizard is None:
        return []
    out = []
    for steps, way in ((1, "worse"), (-1, "better")):
        if control_refusal(state, wizard.id, steps) is None:
            label = f"{wizard.id}'s Wizard moves the weather one step {way} (FW-7.6)"
            out.append(Action(side, "weather_control", {"force": wizard.id, "steps": steps}, label=label))
    return out


def _reinforcement(state: CampaignState, board, side: str, dice_for) -> list[Action]:
    """FW-15: one unit of average infantry the banked points pay for, joining the force in the capital or forming one."""
    banked = state.side(side).reinforcement_points
    figures = min(REINFORCEMENT_FIGURES, banked // REINFORCEMENT_POINTS_PER_FIGURE)
    capital = own_capital(state, side)
    if state.phase not in REINFORCE_PHASES or capital is None or figures < 1:
        return []
    unit = Unit("R1", "infantry", "average", figures, REINFORCEMENT_POINTS_PER_FIGURE)
    joins = any(f.side == side for f in state.forces_at(capital.square))
    leader = None if joins else NEW_GENERAL
    try:  # the same checks as the command (an enemy in the capital, six forces already): it rolls no die
        reinforce(state, Reinforce(side, (unit,), leader), dice_for(state), board)
    except CommandError:
        return []
    args = {"side": side, "units": [[unit.type, unit.quality, unit.figures, unit.points]]}
    if leader is not None:
        args["leader"] = [leader.name, leader.cv]
    return [Action(side, "reinforce", args, label=f"{figures} average infantry for {figures * unit.points} of {banked} banked points (FW-15)")]


def _sacks(state: CampaignState, side: str) -> list[Action]:
    """FW-17.7: an Incursione raider on an enemy holding may sack it before it moves."""
    return [
        Action(side, "sack", {"force": f.id}, label=f"{f.id} sacks the holding at {f.square} (FW-17.7)")
        for f in state.side_forces(side) if sack_refusal(state, f.id) is None
    ]


def reachable(state: CampaignState, board, force_id: str) -> dict[str, tuple[str, ...]]:
    """Every square ``force_id`` may set out for today, with the shortest path to it (FW-9.4).

    The steps of the board (no river off a crossing), at most
    :data:`MAX_ALLOWANCE` of them, none past an enemy's square; the roll and
    the enemy zones of control decide on the way how far it gets.
    """
    force = state.force(force_id)
    enemies = enemy_squares(state, force.side)
    paths: dict[str, tuple[str, ...]] = {}
    frontier = [(force.square, ())]
    for _ in range(MAX_ALLOWANCE):
        nxt = []
        for here, path in frontier:
            if here in enemies:
                continue  # entering an enemy's square ends the path there (FW-9.8)
            for sq in board.steps[here]:
                if sq != force.square and sq not in paths:
                    paths[sq] = path + (sq,)
                    nxt.append((sq, paths[sq]))
        frontier = nxt
    return paths


def _moves(state: CampaignState, board, side: str) -> list[Action]:
    """FW-9: the side heading the initiative moves one of its forces (one action a force, its paths as choices)."""
    out = []
    for fid in movable(state, side):
        f = state.force(fid)
        paths = reachable(state, board, fid) if not f.afloat else {}  # afloat: it stays, or sails (:func:`.voyage.actions`)
        hurried = f.order == "max_speed" and bool(board.steps[f.square]) and not f.afloat
        path = next((p for p in paths.values() if len(p) == 1), ()) if hurried else ()
        where = f"steps to {path[0]} (under Max Speed it must move, FW-9.4.e)" if path else "stays"
        label = f"{fid} at {f.square} {where}; {len(paths)} square(s) within reach today"
        out.append(Action(side, "move", {"force": fid, "path": list(path)}, {"path": tuple(paths.values())}, label))
    return out


def _voyages(state: CampaignState, board, side: str) -> list[Action]:
    """FW-20.7: a force ashore beside navigable water may embark, a force afloat sail or disembark (staying, its squares as choices)."""
    out = []
    for fid in movable(state, side):
        f = state.force(fid)
        kinds = ((Sail, "sail"), (Disembark, "disembark")) if f.afloat else ((Embark, "embark"),)
        for kind, word in kinds:
            if voyage_refusal(state, board, kind(fid, ())) is not None:
                continue
            paths = voyage_paths(state, board, kind, fid)
            where = "lands where it lies" if word == "disembark" else "boards its craft" if word == "embark" else "stays afloat"
            label = f"{fid} at {f.square} {word}s: {where}; {len(paths)} square(s) within reach afloat today (FW-20.7)"
            out.append(Action(side, word, {"force": fid, "path": []}, {"path": tuple(paths.values())}, label))
    return out


def _craft(state: CampaignState, board, side: str) -> list[Action]:
    """FW-20.3, FW-20.4: one ship, or two boats, bought for a force ashore with the side's banked points."""
    out = []
    for f in state.side_forces(side):
        for what, n in (("ships", 1), ("boats", 2)):
            cmd = BuyCraft(f.id, **{what: n})
            if buy_refusal(state, board, cmd) is None:
                out.append(Action(side, "buy_craft", {"force": f.id, what: n}, label=f"{f.id} buys {n} {what} (FW-20.3, FW-20.4)"))
    return out


def _battles(state: CampaignState, board) -> list[Action]:
    """FW-10.3: today's battles in contact order, each result (the losses are the players' to enter)."""
    out = []
    for c in state.pending:
        if c.day > state.day:
            continue
        for winner in RESULTS:
            args = {"winner": winner, "losses": [], "square": c.square, **DRAW_INPUTS.get((method(state.options), winner), {})}
            report = BattleReport(args["winner"], square=c.square, scores=tuple(map(tuple, args.get("scores", ()))),
                                  loss_points=tuple(map(tuple, args.get("loss_points", ()))), army_points=args.get("army_points"))
            if report_refusal(state, board, report) is None:
                who = "a stalemate" if winner == "stalemate" else f"won by side {winner}"
                out.append(Action(None, "battle", args, label=f"the battle at {c.square} ({', '.join(c.forces)}) {who}, no losses entered"))
    return out
