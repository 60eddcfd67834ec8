"""The hints mapgen prints after a command (``Now:`` and ``Next:``), built from the rule set's ``actions``.

A hint is only ever a command the rules accept now, printed as it runs
(:meth:`~.ruleset.RuleSet.command_line`: the real folder, shell-quoted), so
it can be pasted; what is awaited is said in words.  One line per kind of
command (the first of its actions, with how many more there are), ``turn``
last, and where there are more the command that lists them all.  Pure text
over the state: the CLI and a new campaign's summary print these lines.
"""

from __future__ import annotations

from .ruleset import Action, RuleSet, command_line

#: Kinds of command the ``Next:`` lines show before they point at ``campaign actions``.
MAX_NEXT_LINES = 5
INDENT = "      "


def now_line(ruleset: RuleSet, state, board) -> str:
    """``Now: day 1, phase 1 (orders); awaiting: ...``, or how the campaign ended."""
    over = ruleset.over(state)
    if over is not None:
        winner = getattr(state, "winner", None)
        return f"The campaign is over: {over}" + (f" (winner: {winner})" if winner else "")
    wait = ruleset.awaiting(state, board)
    return f"Now: {ruleset.when(state)}; awaiting: {wait or 'nothing, turn goes on'}"


def _kind(action: Action) -> tuple:
    """Actions of one kind: the same command with the same fields (``turn`` and ``turn --rest-stay`` differ)."""
    return (action.command, tuple(sorted(action.args)))


def next_lines(ruleset: RuleSet, state, board, folder, seat: str | None = None) -> list[str]:
    """``Next:`` and one command line per kind of action open now (none once the campaign is over)."""
    groups: dict[tuple, list[Action]] = {}
    for a in ruleset.actions(state, seat, board):
        spec = ruleset.spec_named(a.command)
        if spec is not None and spec.argv is not None:  # a command with no command line (a toy rule set's) is no hint
            groups.setdefault(_kind(a), []).append(a)
    if not groups:
        return []
    kinds = sorted(groups.values(), key=lambda g: g[0].command == "turn")  # stable: turn last
    turns = [g for g in kinds if g[0].command == "turn"]
    shown = [g for g in kinds if g[0].command != "turn"][: MAX_NEXT_LINES - len(turns)] + turns  # turn always shows
    lines = []
    for group in shown:
        first = group[0]
        note = first.label + (f" ({len(group) - 1} more like it)" if len(group) > 1 else "")
        lines.append(ruleset.command_line(first, folder) + (f"   # {note}" if note else ""))
    if len(shown) < len(kinds) or any(len(g) > 1 for g in shown):
        total = sum(len(g) for g in kinds)
        every = command_line("actions", folder, [f"--side={seat}"] if seat in ruleset.seats(state) else [])
        lines.append(f"{every}   # all {total} actions")
    return [("Next: " if i == 0 else INDENT) + line for i, line in enumerate(lines)]


def say_lines(ruleset: RuleSet, state, board, folder, seat: str | None = None) -> list[str]:
    """What is printed after every command: the ``Now:`` line and the ``Next:`` lines."""
    return [now_line(ruleset, state, board), *next_lines(ruleset, state, board, folder, seat)]
