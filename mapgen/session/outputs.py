"""After a commit: the files made from the state alone (battle folders), through the rule set's presenter.

The rule set names its presenter module (``RuleSet.presenter``, a dotted
path) and this imports it on first use, so neither the rules nor the
session branch on which rules are played, and the rules never import the
writers.  A crash after the commit loses nothing: these files can always be
written again from the state (``mapgen campaign refresh DIR``).
"""

from __future__ import annotations

from pathlib import Path

from ..engine.ruleset import RuleSet


def new_outputs(ruleset: RuleSet, folder: Path, state) -> list[str]:
    """The folders the state needs that are not written yet (a command's record lists them, so ``undo`` removes them)."""
    p = ruleset.present()
    return list(p.new_outputs(folder, state)) if p else []


def write_outputs(ruleset: RuleSet, folder: Path, state, board) -> list[Path]:
    p = ruleset.present()
    return list(p.write_outputs(folder, state, board) or []) if p else []


def output_lines(ruleset: RuleSet, folder: Path, state) -> list[str]:
    """Where the files for the players are, in words."""
    p = ruleset.present()
    return list(p.output_lines(folder, state)) if p else []
