"""Bots playing days of a campaign through :func:`~mapgen.engine.apply`, and only legal commands.

Every command a bot proposes is checked with the engine's own refusal checks
(:func:`refusal`: the same functions ``apply`` runs first) before it is
given, and a bot proposes only what those checks allow.  A command that is
refused all the same, by the checks or by ``apply`` itself, is a bug in the
bot: the game stops with :class:`IllegalCommand`, naming the command as a
player would type it.  Nothing is retried, so a game is its commands and a
bug cannot hide behind a fallback.
"""

from __future__ import annotations

from ..after_battle import refusal as report_refusal
from ..autobattle import battle_report
from ..battle import awaiting as battle_awaiting
from ..commands import BattleReport, BuyCraft, CommandError, Disembark, Embark, GiveOrder, Move, Sail, Turn
from ..core import awaiting, phase_index
from ..craft import CRAFTS
from ..ruleset import RULESET, apply
from ..incursione import Sack
from ..incursione import refusal as sack_refusal
from ..movement import countermarch_squares
from ..movement import refusal as move_refusal
from ..orders import refusal as order_refusal
from ..orders import test_group
from ...engine.bots import BotStuck, IllegalCommand
from ..state import CampaignState
from ..voyage import buy_refusal
from ..voyage import refusal as voyage_refusal
from .plain import traveller_move
from .sailing import craft_purchase, naval_move, sailing_orders

#: Commands one campaign day may take before the bots give up (a bug in a phase, or a decision they cannot make).
MAX_COMMANDS_PER_DAY = 400


def command_words(command) -> str:
    """The command as a player types it: ``move A2 K6 J6 --countermarch J5``."""
    if isinstance(command, GiveOrder):
        return f"order {command.force} {command.order}"
    if isinstance(command, Move):
        cm = f" --countermarch {command.countermarch}" if command.countermarch else ""
        return " ".join(["move", command.force, *command.path]) + cm
    if isinstance(command, Sack):
        return f"sack {command.force}"
    if isinstance(command, (Embark, Sail, Disembark)):
        return " ".join([type(command).__name__.lower(), command.force, *command.path])
    if isinstance(command, BuyCraft):
        return " ".join(["buy-craft", command.force, *(f"{k}={getattr(command, k)}" for k in CRAFTS if getattr(command, k))])
    if isinstance(command, BattleReport):
        losses = ",".join(f"{x.unit}={x.killed}/{x.fled}/{x.withdrawn}" for x in command.losses)
        return f"battle --winner {command.winner}" + (f" --square {command.square}" if command.square else "") + (f" --losses {losses}" if losses else "")
    if isinstance(command, Turn):
        return "turn"
    return repr(command)


def refusal(state: CampaignState, board, command) -> str | None:
    """Why the engine refuses ``command`` now, whatever the dice say; None when it may be given.

    Two refusals of a ``move`` depend on the movement roll: a Max Speed force
    given no path (it must move, FW-9.4.e) and a counter-march from where the
    roll stops the force.  Both are refused here unless they cannot happen: a
    Max Speed force with nowhere to step, a counter-march with no path (taken
    from the square the force stands on).
    """
    if isinstance(command, GiveOrder):
        return order_refusal(state, board, command.force, command.order)
    if isinstance(command, Move):
        why = move_refusal(state, board, command)
        if why:
            return why
        force = state.force(command.force)
        if force.order == "max_speed" and not command.path and board.steps[force.square]:
            return f"{force.id} is under Max Speed and must move at least one square if its roll allows (FW-9.4.e, AMB-17)"
        if command.countermarch is not None:
            if command.path:
                return "a counter-march after a path starts where the roll stops the force: the bots counter-march only from where they stand"
            if command.countermarch not in countermarch_squares(state, board, force):
                return f"{force.id} may not counter-march from {force.square} to {command.countermarch} (FW-9.6, AMB-06, AMB-57)"
        return None
    if isinstance(command, Sack):
        return sack_refusal(state, command.force)
    if isinstance(command, (Embark, Sail, Disembark)):
        return voyage_refusal(state, board, command)
    if isinstance(command, BuyCraft):
        return buy_refusal(state, board, command)
    if isinstance(command, BattleReport):
        return report_refusal(state, board, command)
    if isinstance(command, Turn):
        wait = awaiting(state, board)
        return f"nothing to run yet: {wait}" if wait and phase_index(state) != 1 else None
    return f"the bots do not give {type(command).__name__} commands"


def give(state: CampaignState, board, command, who: str) -> CampaignState:
    """Check ``command`` (:func:`refusal`), then apply it; :class:`IllegalCommand` naming it if either refuses."""
    why = refusal(state, board, command)
    if why is None:
        try:
            return apply(state, command, RULESET.dice_for(state), board)[0]
        except CommandError as exc:
            why = str(exc)
    where = f"day {state.day}, phase {phase_index(state)}"
    raise IllegalCommand(f"{where}: {who} gave an illegal command, `{command_words(command)}`: {why}", command, state)


def _in_test_order(state: CampaignState, board, orders: list[GiveOrder]) -> list[GiveOrder]:
    """A side's orders in the FW-8.1.a sequence: forces in action, then in enemy, neutral, friendly territory."""
    return sorted(orders, key=lambda c: test_group(state, board, state.force(c.force)))


def _with_sailing(state: CampaignState, board, side: str, orders: list[GiveOrder]) -> list[GiveOrder]:
    """The bot's orders and, with the watercraft option, a port's force setting out on its ships (:func:`.sailing.sailing_orders`)."""
    named = {c.force for c in orders}
    return orders + [c for c in sailing_orders(state, board, side) if c.force not in named]


def play_day(state: CampaignState, board, bots: dict) -> tuple[CampaignState, int]:
    """Drive the campaign to the next day (or its end); returns the state and the commands applied.

    Phase 1: each side's orders, A's then B's, each list in the FW-8.1.a
    sequence.  Phase 2: the Incursione sacks (before anyone moves), then the
    first move the side at the head of the initiative proposes.  The battle
    phase: each battle's report, decided by the strength comparison.  Then
    ``turn``.
    """
    day, applied = state.day, 0
    orders: list | None = None
    for _ in range(MAX_COMMANDS_PER_DAY):
        if state.winner is not None or state.day != day:
            return state, applied
        i = phase_index(state)
        command, who = None, "the engine's turn"
        if i == 1:
            if orders is None:
                orders = [(c, s) for s in bots for c in _in_test_order(state, board, _with_sailing(state, board, s, bots[s].orders(state, board)))]
            if orders:
                command, side = orders.pop(0)
                who = f"side {side}'s bot ({bots[side].name})"
        elif i == 2:
            for s in bots:
                command = next(iter(bots[s].sacks(state, board)), None)
                if command is not None:
                    who = f"side {s}'s bot ({bots[s].name})"
                    break
            if command is None and state.initiative:
                head = state.initiative[0]  # only the side at the head of the initiative may move (FW-9.1.2)
                who = f"side {head}'s bot ({bots[head].name})"
                # afloat first (FW-20), craft bought for a voyage first of all: None without the watercraft option
                command = craft_purchase(state, board, head) or naval_move(state, board, head)
                # FW-22.3: a character travelling alone goes to the Force it joins, whatever the behaviour
                command = command or next((traveller_move(state, board, f) for f in bots[head].movers(state) if f.travelling), None)
                command = command or next(bots[head].moves(state, board), None)
        elif state.phase == "battle" and battle_awaiting(state, board) is not None:
            command, who = battle_report(state, board), "the battle resolver"
        if command is None:
            if i != 1 and awaiting(state, board):
                raise BotStuck(f"day {state.day}, phase {i}: the bots cannot give what is awaited: {awaiting(state, board)}", state)
            command = Turn()
        state, applied = give(state, board, command, who), applied + 1
    raise BotStuck(f"day {day}: more than {MAX_COMMANDS_PER_DAY} commands without reaching the next day", state)
