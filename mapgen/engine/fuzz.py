"""Random play over a rule set's ``actions``: the fuzzer Rally the Troops runs on its modules, for ours.

One game starts from a state and takes, until the campaign is over or the
bound comes, one action picked at random (a seeded ``random.Random``) from
``actions(state, None, board)``, a random one of its ``choices`` where it
has some.  After every command it checks what every rule set must give:

* every action listed is accepted by the engine (``engine.apply`` raises no
  :class:`~.commands.CommandError`), and so is each choice played;
* a seat's own list holds only its own actions and those open to anyone;
* the game never waits with no action listed (a dead end);
* each state meets the rule set's own file checks (``check_state``) and
  comes back unchanged through its file (``read_state(dumps_state(...))``,
  every :data:`ROUND_TRIP_EVERY` commands and at the end);
* the ``invariants(before, after, command, board)`` the caller adds;
* the calendar moves: never more than ``max_commands_per_step`` commands
  without :func:`~.ruleset.RuleSet.when` changing, and the game ends (or
  reaches ``until``) within ``max_commands``.

A failure raises :class:`FuzzFailure` carrying the game as its
``commands.jsonl`` records, from the start state it names, so it replays.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .apply import apply
from .commands import CommandError
from .ruleset import Action, RuleSet

#: Check the state's trip through its file this often (every command would double a game's time).
ROUND_TRIP_EVERY = 25
#: [DEV] ``turn`` and ``end`` are picked this much less often than another action, so games explore.
TURN_WEIGHT = 0.25


class FuzzFailure(AssertionError):
    """A game broke a check; ``records`` are its commands (``commands.jsonl``), ``state`` where it stopped."""

    def __init__(self, message: str, game: "Game"):
        super().__init__(message)
        self.game = game


@dataclass
class Game:
    """One game: its start, its commands as records, and how it ended."""

    ruleset: RuleSet
    start: object
    records: list[dict] = field(default_factory=list)
    state: object = None
    ended: str | None = None

    def save(self, folder: str | Path) -> Path:
        """Write ``start.json`` (the state it began from) and ``commands.jsonl``: the game replays from them."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "start.json").write_text(self.ruleset.dumps_state(self.start), encoding="utf-8")
        (folder / "commands.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in self.records), encoding="utf-8")
        return folder


def replay(ruleset: RuleSet, start, records: list[dict], dice_for: Callable, board):
    """The state after ``records`` from ``start``: each record decoded and applied (the last may raise)."""
    state = start
    for record in records:
        state, _ = apply(ruleset, state, ruleset.decode(record), dice_for(state), board)
    return state


def _weight(action: Action) -> float:
    return TURN_WEIGHT if action.command in ("turn", "end_moves") else 1.0


def _with_choice(ruleset: RuleSet, state, action: Action, rng: random.Random, steer: Callable | None):
    """The action's command, with one of its ``choices`` in place of its args: ``steer``'s pick, or one at random."""
    args = dict(action.args)
    for name, values in action.choices.items():
        if values:
            value = steer(state, action, name, values, rng) if steer is not None else None
            value = rng.choice(values) if value is None else value
            args[name] = list(value) if isinstance(value, (list, tuple)) else value
    return ruleset.decode({**args, "command": action.command})


def play(
    ruleset: RuleSet,
    state,
    board,
    rng: random.Random,
    dice_for: Callable,
    *,
    max_commands: int = 5000,
    max_commands_per_step: int = 400,
    until: Callable[[object], bool] | None = None,
    invariants: Callable | None = None,
    check_every_action: bool = True,
    steer: Callable | None = None,
) -> Game:
    """Play one game of random legal actions from ``state``; :class:`FuzzFailure` at the first broken check.

    ``dice_for(state)`` gives the dice a command is applied with (the
    campaign's, derived from its seed).  ``until(state)`` ends the game early
    (a day limit for rules with no end of their own).  ``check_every_action``
    applies every listed action at every step (the main check, and most of
    the time).  ``steer(state, action, name, values, rng)`` may pick one of
    an action's choices (None: at random), e.g. towards the enemy so that
    random games meet in battle as often as real ones.
    """
    game = Game(ruleset, state)
    seats = ruleset.seats(state)
    since, when = 0, ruleset.when(state)

    def fail(why: str):
        game.state = state
        raise FuzzFailure(f"after {len(game.records)} command(s), {ruleset.when(state)}: {why}", game)

    for n in range(max_commands + 1):
        over = ruleset.over(state)
        if over is not None or (until is not None and until(state)):
            game.state, game.ended = state, over
            _round_trip(ruleset, state, fail)
            return game
        if n == max_commands:
            fail(f"the game did not end within {max_commands} commands")
        actions = ruleset.actions(state, None, board)
        if not actions:
            fail(f"no action is listed, and the game waits: {ruleset.awaiting(state, board)}")
        if check_every_action:
            for a in actions:
                try:
                    apply(ruleset, state, ruleset.command_of(a), dice_for(state), board)
                except CommandError as exc:
                    fail(f"listed action `{ruleset.command_line(a, '.')}` is refused: {exc}")
            for seat in seats:
                for a in ruleset.actions(state, seat, board):
                    if a.seat not in (None, seat):
                        fail(f"{seat}'s actions list {a.seat}'s `{ruleset.command_line(a, '.')}`")
        action = rng.choices(actions, weights=[_weight(a) for a in actions])[0]
        command = _with_choice(ruleset, state, action, rng, steer)
        try:
            new, _ = apply(ruleset, state, command, dice_for(state), board)
        except CommandError as exc:
            game.records.append(ruleset.encode(command))
            fail(f"the choice `{ruleset.encode(command)}` of a listed action is refused: {exc}")
        game.records.append(ruleset.encode(command))
        try:
            ruleset.check_state(new, board)
            if invariants is not None:
                invariants(state, new, command, board)
        except AssertionError as exc:
            state = new
            fail(str(exc))
        except Exception as exc:  # a file check names its field
            state = new
            fail(f"{type(exc).__name__}: {exc}")
        state = new
        if n % ROUND_TRIP_EVERY == 0:
            _round_trip(ruleset, state, fail)
        now = ruleset.when(state)
        since = 0 if now != when else since + 1
        when = now
        if since > max_commands_per_step:
            fail(f"more than {max_commands_per_step} commands without the calendar moving on")
    raise AssertionError("unreachable")


def _round_trip(ruleset: RuleSet, state, fail) -> None:
    back = ruleset.read_state(ruleset.dumps_state(state), "campaign.json")
    if back != state:
        fail("the state does not come back unchanged through its file")
