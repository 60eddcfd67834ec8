"""Bots playing a Renaissance campaign through :func:`~mapgen.engine.apply`, and only legal commands.

The Fantasy Warriors bots' contract (:mod:`mapgen.campaign.bots.play`), with
the same two errors: a command the engine refuses is a bug in the bot and
stops the game with :class:`IllegalCommand` naming it (nothing is retried,
so a game is its commands); a campaign waiting for something no bot gives
is :class:`BotStuck`.  The Renaissance engine refuses a command without
touching the state, so the bots check what the rules check (money, the army
limit, roads, sieges) before proposing it, and the engine's refusal is the
last word.

One command at a time: each bot proposes its next command from the state
as it is now (spring: upkeep, then what to buy; summer, on its turn: for
each army a siege, a bribe or a move; an engagement: its choice), the
first is applied, and the bots are asked again.  When no bot has anything
to give, ``Turn`` moves the calendar on.
"""

from __future__ import annotations

from collections import Counter

from ...engine.bots import BotStuck, IllegalCommand
from ...engine.commands import CommandError, Turn
from .. import commands as c
from ..ruleset import RULESET, apply

#: Commands one campaign year may take before the bots give up (a bug in a season, or a decision they cannot make).
MAX_COMMANDS_PER_YEAR = 5000


def command_words(command) -> str:
    """The command as a player types it at ``mapgen campaign``: ``move P1-1 A-3 A-5``."""
    if isinstance(command, Turn):
        return "turn"
    if isinstance(command, c.MoveArmy):
        return " ".join(["move", command.army, *command.path])
    if isinstance(command, c.FormArmy):
        return f"army {command.player} {command.node} " + ",".join(t for t, _ in command.companies)
    if isinstance(command, c.Recruit):
        return f"recruit {command.player} {command.army_or_place} {command.company_type} --kind {command.kind}"
    if isinstance(command, c.PayUpkeep):
        return f"upkeep {command.army_or_place} {','.join(command.company_ids)} --player {command.player}"
    if isinstance(command, c.BeginSiege):
        return f"siege {command.army} {command.node}"
    if isinstance(command, c.Bribe):
        return f"bribe {command.player} {command.node} {command.ducats}"
    if isinstance(command, c.HireSpecialist):
        return f"hire {command.player} {command.kind}" + (f" --at {command.at}" if command.at else "")
    if isinstance(command, c.ChooseEngagement):
        return (f"engagement {command.player} {command.node} {command.choice}" + (f" --retreat-to {command.retreat_to}" if command.retreat_to else "")
                + (f" --rear-guard {','.join(command.rear_guard)}" if command.rear_guard else ""))  # fmt: skip
    if isinstance(command, c.OrderWorks):
        return f"works {command.player} {command.node} {command.work}"
    return repr(command)


def give(state, board, command, who: str):
    """Apply ``command``; :class:`IllegalCommand` naming it when the engine refuses it."""
    try:
        return apply(state, command, RULESET.dice_for(state), board)[0]
    except CommandError as exc:
        where = f"year {state.year}, {state.season}" + (f" phase {state.phase}" if state.season == "summer" else "")
        raise IllegalCommand(f"{where}: {who} gave an illegal command, `{command_words(command)}`: {exc}", command, state) from None


def _who(bot) -> str:
    return f"{bot.seat}'s bot ({bot.name})"


def next_command(state, bots: dict, done: set):
    """The next command of the campaign and who gives it; ``done`` holds the seats finished with this spring."""
    if state.season == "spring":
        for p in state.players:
            bot = bots.get(p.seat)
            if bot is None or p.seat in done:
                continue
            command = next(bot.spring(state), None)
            if command is not None:
                return command, _who(bot)
            done.add(p.seat)
    elif state.season == "summer":
        answer = engagement_answer(state, bots) if state.engagements else None
        if answer is not None:
            return answer
        bot = bots.get(state.turn)
        if bot is not None:
            command = next(bot.summer(state), None)
            if command is not None:
                return command, _who(bot)
    return Turn(), "the calendar"


def engagement_answer(state, bots: dict):
    """A bot's choice for an open engagement still waiting for one of its seats (RC-4.4), and who gives it; or None.

    An engagement is open when it is the first at its node: a second pair at
    the same node opens once the first is resolved (RC-A.11).
    """
    seen = set()
    for e in state.engagements:
        if e.node in seen:
            continue
        seen.add(e.node)
        for seat, phasing, chosen in ((e.phasing, True, e.phasing_choice), (e.other, False, e.other_choice)):
            bot = bots.get(seat)
            if chosen is None and bot is not None:
                return bot.engagement(state, e, phasing), _who(bot)
    return None


def play_year(state, board, bots: dict, tally: Counter | None = None):
    """Play from ``state`` to the next spring's commands (or the campaign's end); the new state and the commands given.

    ``tally``, when given, counts the commands by name (``BeginSiege``, ``MoveArmy`` ...).
    """
    year, given, done = state.year, 0, set()
    for _ in range(MAX_COMMANDS_PER_YEAR):
        if state.ended or state.year != year:
            return state, given
        command, who = next_command(state, bots, done)
        state, given = give(state, board, command, who), given + 1
        if tally is not None:
            tally[type(command).__name__] += 1
    raise BotStuck(f"year {year}: more than {MAX_COMMANDS_PER_YEAR} commands without reaching the next year", state)


def play_campaign(state, board, bots: dict) -> tuple[object, Counter]:
    """Play from ``state`` until the campaign ends (RC-6); the final state and the commands given, counted by name."""
    tally: Counter = Counter()
    while not state.ended:
        state, _ = play_year(state, board, bots, tally)
    return state, tally
