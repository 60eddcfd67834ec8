"""The one way a command plays in a campaign folder, for both rule sets; and ``campaign replay``, ``campaign refresh``.

:func:`play` opens the folder's session (its lock; a commit a killed command
left half done is put right), applies the command with the campaign's dice
(``--roll`` faces first), commits the new state with the command's record,
then says what happened as the player's seat may know it, writes the
battle folders and the atlas (from the state: ``campaign refresh`` writes
them again), and says what is awaited next.  Which rules play is the
folder's ``campaign.json``'s business: every step asks its rule set.
"""

from __future__ import annotations

from pathlib import Path

import click

from .. import engine, safefs, session
from ..errors import MapgenError
from ..session import outputs
from ..text import printable
from .campaign import Refused, campaign, folder_arg, parse_faces, refusals
from . import campaign_actions  # the module, not its names: campaign_actions and campaign import each other
from .pages import refresh_after

#: The exit status after Ctrl-C, as a shell reports it (128 + SIGINT).
INTERRUPTED_EXIT = 130


def _wrong_rules(folder: Path, ruleset, command) -> str:
    """A command of the other rules: say whose it is (``'recruit' is a Renaissance command; ...``)."""
    other = next((r for r in engine.rulesets() if r.spec(command) is not None), None)
    if other is None:
        return f"{type(command).__name__} is not a command of a {ruleset.title} campaign"
    name = other.encode(command)["command"].replace("_", " ")
    return f"'{name}' is a {other.title} command; {folder} holds a {ruleset.title} campaign (see mapgen campaign --help)"


def _reason(exc: Exception) -> str:
    return f"{exc.strerror}: {exc.filename}" if isinstance(exc, OSError) and exc.strerror else str(exc)


def _write_outputs(ruleset, folder: Path, state, board, loaded=None) -> None:
    """The battle folders, then the atlas; a failure is said and the command stands."""
    try:
        outputs.write_outputs(ruleset, folder, state, board)
    except (OSError, MapgenError) as exc:
        click.echo(f"Warning: battle folders not written ({_reason(exc)}); the command stands: "
                   f"run 'mapgen campaign refresh {folder}' to try again", err=True)
    refresh_after(folder, loaded)  # the campaign as just committed: the pages need not load it again


def play(folder: Path, command, roll: str | None = None, seat: str | None = None, extra: dict | None = None) -> None:
    """Lock the folder and :func:`run` ``command`` in it."""
    with session.open_folder(folder) as s:
        run(s, folder, command, roll, seat, extra)


def play_made(folder: Path, make, roll: str | None = None, seat: str | None = None) -> None:
    """Lock the folder and :func:`run` the command ``make(board)`` builds from the folder's board.

    For a command line that names places: a place typed by its name is looked
    up on the board (a ValueError saying what to type is a usage error).
    """
    with session.open_folder(folder) as s:
        try:
            command = make(s.board)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        run(s, folder, command, roll, seat, None)


def play_words(folder: Path, name: str, words: list[str], options: dict, roll: str | None = None, side: str | None = None,
               extra: dict | None = None) -> None:
    """``mapgen campaign NAME DIR WORDS... OPTIONS``: the folder's rule set makes the command from them, then :func:`run`.

    ``move``, ``turn`` and ``battle`` are typed alike in every rule set; what
    the words mean is the rule set's (:attr:`~mapgen.engine.CommandSpec.parse`),
    read under the same lock as the command runs, with the folder's board under
    ``options["board"]`` (a place typed by its name is looked up there).  ``side``, when given, must be
    one of the campaign's seats; otherwise the command's own seat
    (:attr:`~mapgen.engine.RuleSet.command_seat`) says what it prints.
    """
    with session.open_folder(folder) as s:
        ruleset = s.ruleset
        spec = ruleset.cli_spec(name)
        if spec is None:
            raise Refused(f"'{name}' is not a command of a {ruleset.title} campaign (see mapgen campaign actions {folder})")
        try:
            side = ruleset.check_seat(s.state, side)
            command = spec.parse(list(words), {**options, "board": s.board})
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
        run(s, folder, command, roll, side or ruleset.command_seat(command), extra)


def run(s, folder: Path, command, roll: str | None, seat: str | None, extra: dict | None) -> None:
    """Apply, commit; say what happened (as ``seat`` may know it), where the battles are, what is awaited.

    ``s`` is the folder's open session; ``extra``: keys of this command line's record the rules do
    not encode (``battle --report``'s path).
    """
    faces = parse_faces(roll)
    ruleset = s.ruleset
    if ruleset.spec(command) is None:
        raise Refused(_wrong_rules(folder, ruleset, command))
    state, events = engine.apply(ruleset, s.state, command, ruleset.dice_for(s.state, faces), s.board)
    record = {**ruleset.encode(command), **(extra or {})}
    if faces:
        record["roll"] = faces
    new = outputs.new_outputs(ruleset, folder, state)
    if new:
        for name in new:  # a linked battles/ is refused now, before the commit, not after it
            safefs.inside(folder, name)
        record["battles"] = new  # undo removes them with the state that made them
    try:
        s.commit(state, record)
        for e in ruleset.visible(events, seat):
            click.echo(printable(ruleset.entry_words(e)))
        _write_outputs(ruleset, folder, state, s.board, s.loaded)
        for line in outputs.output_lines(ruleset, folder, state):
            click.echo(printable(line))
        campaign_actions.say_next(state, s.board, folder, seat)
    except KeyboardInterrupt:
        if not s.commits:
            raise
        click.echo(f"Interrupted: the command was saved; 'mapgen campaign refresh {folder}' writes its battle folders "
                   f"and pages again", err=True)
        raise SystemExit(INTERRUPTED_EXIT) from None


def rule_set_command_names() -> list[str]:
    """The names of the commands registered rule sets parse from their words (some have a click command of their own)."""
    return sorted({s.cli_name for r in engine.rulesets() for s in r.commands if s.parse} - set(campaign.commands))


def rule_set_command(name: str) -> click.Command | None:
    """``mapgen campaign NAME DIR WORDS...`` for a command some registered rule set parses from its words and no click command has."""
    specs = [(r, s) for r in engine.rulesets() for s in r.commands if s.cli_name == name and s.parse]
    if not specs:
        return None
    helps = [f"{r.title}: {s.help}" if len({r for r, _ in specs}) > 1 else s.help for r, s in specs if s.help]
    titles = " or ".join(dict.fromkeys(r.title for r, _ in specs))
    text = "\n\n".join(dict.fromkeys(helps)) or f"A {titles} command: {name} DIR WORDS..."

    @refusals
    def run(folder: Path, words: tuple[str, ...], roll: str | None, side: str | None) -> None:
        play_words(folder, name, list(words), {}, roll, side.strip().upper() if side else None)

    return click.Command(name, callback=run, help=f"{text} (See 'mapgen campaign actions DIR'.)",
                         params=[click.Argument(["folder"], metavar="DIR", type=click.Path(file_okay=False, path_type=Path)),
                                 click.Argument(["words"], nargs=-1),
                                 click.Option(["--roll"], metavar="N[,N...]", help="Faces rolled at the table, used in order."),
                                 click.Option(["--side"], metavar="SEAT", help="Say only what this seat may know.")])


campaign.fallback = rule_set_command
campaign.fallback_names = rule_set_command_names


@campaign.command("replay")
@folder_arg
@click.option("--check", is_flag=True, help="Compare every step with history/ and the end with campaign.json; name the first command that differs.")
@refusals
def replay_cmd(folder: Path, check: bool) -> None:
    """Rebuild the state from the start state and commands.jsonl (printed as campaign.json text; --check: compare instead)."""
    with session.open_folder(folder):
        result = session.replay(folder, check)
    if not check:
        click.echo(result.text, nl=False)
        return
    if result.difference is not None:
        raise click.ClickException(result.difference.words(folder))
    click.echo(f"Replayed {result.commands} command(s) from the start state: history/ and campaign.json match")


@campaign.command("refresh")
@folder_arg
@refusals
def refresh_cmd(folder: Path) -> None:
    """Write again what the state gives: the battle folders of pending battles not written yet, and the atlas pages."""
    with session.open_folder(folder) as s:
        written = outputs.write_outputs(s.ruleset, folder, s.state, s.board)
        for path in written:
            click.echo(f"Wrote {path}")
        refresh_after(folder, redraw=True)
        click.echo(f"Refreshed {folder}")
