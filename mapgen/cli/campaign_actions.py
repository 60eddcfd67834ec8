"""``mapgen campaign actions DIR [--side S] [--json]``, and the ``Now:``/``Next:`` lines after every command.

Both read the campaign's rule set's ``actions`` (:mod:`mapgen.engine.hints`):
what is printed is what the rules accept now, as commands that run as
printed from the current directory.
"""

from __future__ import annotations

from pathlib import Path

import click

from .campaign import Refused, campaign, folder_arg, refusals, side_option


def say_next(state, board, folder: Path, seat: str | None = None) -> None:
    """Print where the campaign is and the commands that may come next (``Now:``, ``Next:``).

    With ``seat`` (the player whose command it was), only that seat's actions
    and those open to anyone: what a side may do tells its secrets (banked
    points, a treasury), so a player's screen shows only its own.
    """
    from ..engine import of_state
    from ..engine.hints import say_lines

    for line in say_lines(of_state(state), state, board, folder, seat):
        click.echo(line)


@campaign.command("actions")
@folder_arg
@side_option
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list: seat, command line, its arguments, choices.")
@refusals
def actions_cmd(folder, side, as_json):
    """What SIDE (or every seat) may do now, each as a command that runs as printed."""
    from .. import session
    from ..engine import of_state
    from ..jsonio import dumps

    loaded = session.load(folder)
    ruleset = of_state(loaded.state)
    try:
        ruleset.check_seat(loaded.state, side)
    except ValueError as exc:
        raise Refused(f"--side {side}: {exc}") from None
    actions = ruleset.actions(loaded.state, side, loaded.board)
    if as_json:
        click.echo(dumps([_json(ruleset, a, folder) for a in actions]), nl=False)
        return
    for a in actions:
        click.echo(ruleset.command_line(a, folder) + (f"   # {a.label}" if a.label else ""))
        for name, values in a.choices.items():
            click.echo(f"#   {name}: " + " | ".join(" ".join(v) if isinstance(v, (list, tuple)) else str(v) for v in values))
    if not actions:
        over = ruleset.over(loaded.state)
        why = f"the campaign is over: {over}" if over else f"awaiting: {ruleset.awaiting(loaded.state, loaded.board)}"
        click.echo(f"(nothing for {f'side {side}' if side else 'anyone'} to do now; {why})")


def _json(ruleset, action, folder) -> dict:
    spec = ruleset.spec_named(action.command)
    return {
        "seat": action.seat,
        "command": ruleset.command_line(action, folder),
        "args": {"name": spec.cli_name, "folder": str(folder), "argv": spec.argv(action.args)},
        "record": {"command": action.command, **action.args},
        "choices": {k: [list(v) if isinstance(v, (list, tuple)) else v for v in vs] for k, vs in action.choices.items()},
        "label": action.label,
    }
