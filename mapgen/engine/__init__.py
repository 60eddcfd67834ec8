"""The engine core, on the lowest floor of the campaign code: rule sets register here, one reducer applies commands.

* :mod:`.ruleset`: :class:`RuleSet` (what a rule set registers), :class:`CommandSpec`, :class:`Action`;
* :mod:`.registry`: the rule sets mapgen plays, found by name or by a ``campaign.json``'s schema;
* :mod:`.apply`: ``apply(ruleset, state, command, dice, board) -> (state, events)``;
* :mod:`.commands`: :class:`CommandError`, :class:`DiceEntryError` and the ``Turn`` every rule set has;
* :mod:`.boards`: the boards worked out from map files, kept by the file's SHA-256;
* :mod:`.kept`: what a command keeps between processes (a board, the state's validator: :mod:`.validators`).

Nothing here imports a rule set, the files, the renderers or the CLI: they
sit above and ask.
"""

from .apply import apply
from .commands import CommandError, DiceEntryError, Turn
from .registry import named, of_schema, of_state, of_text, register, rulesets, unregister
from .ruleset import Action, CommandSpec, RuleSet, command_line

__all__ = [
    "Action", "CommandError", "CommandSpec", "DiceEntryError", "RuleSet", "Turn", "command_line",
    "apply", "named", "of_schema", "of_state", "of_text", "register", "rulesets", "unregister",
]
