"""``apply(ruleset, state, command, dice, board) -> (state, events)``: the one reducer of every rule set.

It owns what all rule sets share: a finished campaign refuses everything, a
command of another rule set is refused, a face entered with ``--roll`` that
cannot be on the die or is left unused refuses the whole command, and the
events are the log entries the command added.  A refusal raises
:class:`~mapgen.engine.commands.CommandError` and the caller keeps the old
state, untouched (states are immutable).
"""

from __future__ import annotations

from .commands import CommandError, DiceEntryError
from .ruleset import RuleSet


def apply(ruleset: RuleSet, state, command, dice, board) -> tuple[object, list]:
    over = ruleset.over(state)
    if over is not None:
        raise CommandError(f"the campaign is over: {over}")
    spec = ruleset.spec(command)
    if spec is None:
        raise CommandError(f"{type(command).__name__} is not a command of a {ruleset.title} campaign")
    start = len(dice.log)
    try:
        new = ruleset.settle(spec.handler(state, command, dice, board), dice, board, start)
    except DiceEntryError as exc:
        raise CommandError(str(exc)) from None
    if dice.used_entered < len(dice.entered):
        raise CommandError(
            f"--roll gave {len(dice.entered)} face(s) but this command rolled only {dice.used_entered} "
            f"(unused: {','.join(map(str, dice.unused_entered))}); nothing was changed"
        )
    return new, list(new.log[len(state.log):])
