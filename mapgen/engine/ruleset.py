"""What a rule set registers: one :class:`RuleSet` object, the only place that knows which rules are played.

The model is boardgame.io's ``Game`` object and Rally the Troops' rules
module: a rule set is data plus functions (its state type and file, its
map and board, its commands with their handlers and their line in
``commands.jsonl``, its turn flow, what a seat may see and do).  The store,
the session, the CLI, the atlas, the exports, the bots and ``simulate`` ask
the rule set of a campaign for these, and never branch on its name.

A rule set's functions are pure over the state: no file is read or written
here, so the session (above) owns the folder and its safety.
"""

from __future__ import annotations

import importlib
import shlex
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .dice import GameDice

#: A state, a board and a command are each rule set's own types.
State = Any
Board = Any


@dataclass(frozen=True)
class Action:
    """One thing a seat may do now, as structured data (what ``campaign actions --json`` prints).

    ``command`` is the record name (``move``, ``recruit``); ``args`` the
    record's fields; ``choices`` lists, where a field may take several values,
    each one the rules allow now (the squares a force may reach, the nodes an
    army may march to), so a page can offer them as buttons.
    """

    seat: str | None
    command: str
    args: Mapping[str, Any] = field(default_factory=dict)
    choices: Mapping[str, tuple] = field(default_factory=dict)
    #: A few words for people ("move A2 (Max Speed)").
    label: str = ""


@dataclass(frozen=True)
class CommandSpec:
    """One command of a rule set: its record name, dataclass, handler and codecs.

    ``handler(state, command, dice, board) -> state`` raises
    :class:`~mapgen.engine.commands.CommandError` to refuse; ``encode`` turns
    the command into its ``commands.jsonl`` record (``{"command": name, ...}``)
    and ``decode`` turns the record back, so a campaign replays from its
    command list.  ``argv(args)`` gives the command line's words after the
    folder (``["A2", "probe"]``), so every hint mapgen prints runs as shown.
    ``cli`` is the command's name on the command line when it is not the
    record's (``move_army`` is typed ``move``, ``end_moves`` ``end``).
    ``parse(words, options)``, the other way round from ``argv``, makes the
    command from the words typed after the folder and the options the CLI
    read, the folder's board among them as ``options["board"]`` so a place may
    be typed by its name (ValueError saying what to type when they are not one): the CLI's
    ``move``, ``turn`` and ``battle`` serve every rule set through it, and a
    rule set's own command with no click command is played as
    ``mapgen campaign NAME DIR WORDS...``.
    """

    name: str
    type: type
    handler: Callable[[State, Any, Any, Board], State]
    encode: Callable[[Any], dict]
    decode: Callable[[Mapping[str, Any]], Any]
    argv: Callable[[Mapping[str, Any]], list[str]] | None = None
    cli: str | None = None
    parse: Callable[[list[str], Mapping[str, Any]], Any] | None = None
    #: What ``mapgen campaign NAME --help`` says of a command the CLI makes from ``parse`` (its words after
    #: DIR and the rule it plays); "" for a generic line.
    help: str = ""

    @property
    def cli_name(self) -> str:
        return self.cli or self.name


@dataclass(frozen=True)
class RuleSet:
    """Everything the engine and the layers above it need to know of one rule set."""

    name: str
    title: str
    #: ``campaign.json``'s ``schema`` field: the first field of the file says which rule set reads it.
    schema: str
    version: int
    state_type: type
    #: The campaign's copy of its map, beside ``campaign.json``.
    map_file: str
    commands: tuple[CommandSpec, ...]
    # --- the file ---
    read_state: Callable[[str, str], State]  # (text, where) -> checked state; BadFileError names the field
    dumps_state: Callable[[State], str]
    json_schema: Callable[[], dict]
    #: (map file bytes, where) -> the board the rules read; the session checks the SHA-256 first.
    board_from_map: Callable[[bytes, str], Board]
    #: The rules a typed state must also meet against its board (raises BadFileError naming the field).
    check_state: Callable[[State, Board], None]
    # --- the turn ---
    begin: Callable[[State, Any, Board], State]
    awaiting: Callable[[State, Board], str | None]
    #: Why the campaign is over, or None while it goes on.
    over: Callable[[State], str | None]
    #: What the handler's result still needs (end checks, the dice's log entries added to the state).
    settle: Callable[[State, Any, Board, int], State]
    # --- seats and what they see ---
    seats: Callable[[State], tuple[str, ...]]
    view: Callable[[State, str | None, Board], dict]
    visible: Callable[[list, str | None], list]
    entry_words: Callable[[Any], str]
    status_lines: Callable[[State, str | None, Board], list[str]]
    #: (state, seat, ``when``) -> the log in words as ``seat`` may read it; only ``when``'s entries when given.
    log_lines: Callable[[State, str | None, int | None], list[str]] = lambda state, seat, when: []
    #: How ``campaign log --day N`` says N in this rule set's calendar ("on day 3", "in year 3").
    log_when: str = "on day"
    #: What a seat is called to a player ("side", "player").
    seat_word: str = "side"
    #: The module (dotted path) of this rule set's presenter, above the renderers and the kit: it draws the
    #: status map, builds the atlas page's context and writes battle folders.  A string, so the rule set
    #: itself never imports what draws it.
    presenter: str = ""
    #: The module (dotted path) of this rule set's own part of the command line, on the top floor: its
    #: ``NEW_OPTIONS``/``SIM_OPTIONS``/``KIT_OPTIONS`` and ``new(folder, params, rules)`` for ``campaign new``,
    #: ``simulate(params, rules)`` for ``campaign simulate``, ``new_kit(out, params, rules)`` for ``mapgen new``.
    #: A string, as :attr:`presenter` is, so the rule set never imports the CLI.
    cli: str = ""
    #: The optional rules ``campaign new --rules`` takes for this rule set (``weather``, ``banks`` ...).
    option_words: tuple[str, ...] = ()
    #: Whose command this is (None: nobody's in particular), so what it prints is what that seat may know.
    command_seat: Callable[[Any], str | None] = lambda command: None
    #: (state, seat, board) -> the legal actions now.
    actions: Callable[[State, str | None, Board], list[Action]] = lambda state, seat, board: []
    #: (seed, entered faces) -> the dice of one command: the engine's, or the rule set's subclass that logs its rolls.
    dice: Callable[[Any, Any], Any] = GameDice
    #: The campaign's secret dice seed, or None (a campaign begun before there was one, or a rule set without it).
    secret_seed: Callable[[State], int | str | None] = lambda state: None
    #: Where in the game the state is, in words ("day 3, phase 2 (movement)").
    when: Callable[[State], str] = lambda state: ""

    def spec(self, command) -> CommandSpec | None:
        """The spec of a command object (None: not a command of this rule set)."""
        for s in self.commands:
            if type(command) is s.type:
                return s
        return None

    def cli_spec(self, name: str) -> CommandSpec | None:
        """The spec whose command line is ``mapgen campaign NAME`` and that parses its words (None: no such command here)."""
        return next((s for s in self.commands if s.cli_name == name and s.parse is not None), None)

    def spec_named(self, name: str) -> CommandSpec | None:
        for s in self.commands:
            if s.name == name:
                return s
        return None

    def encode(self, command) -> dict:
        s = self.spec(command)
        if s is None:
            raise ValueError(f"{type(command).__name__} is not a command of a {self.title} campaign")
        return s.encode(command)

    def decode(self, record: Mapping[str, Any]):
        """A ``commands.jsonl`` record as the command it was; KeyError/TypeError/ValueError when it is not one."""
        s = self.spec_named(str(record.get("command")))
        if s is None:
            raise ValueError(f"{record.get('command')!r} is not a command of a {self.title} campaign")
        return s.decode(record)

    def seed(self, state) -> int | str:
        return state.seed

    def dice_seed(self, state) -> int | str:
        """The seed the campaign's dice come from: its secret dice seed, drawn when it began (``campaign new``, ``mapgen new``).

        The map seed is printed on the map, so dice derived from it could be
        foreseen by any player.  A campaign begun before the dice seed existed
        has none, and keeps its map seed for its dice: it replays to the same faces.
        """
        secret = self.secret_seed(state)
        return self.seed(state) if secret is None else secret

    def dice_for(self, state, entered=()):
        """The dice of one command on ``state``: derived from its dice seed, after the faces a player entered."""
        return self.dice(self.dice_seed(state), entered)

    def check_seat(self, state, seat: str | None) -> str | None:
        """``seat`` when the campaign has it (None: the referee, everything); ValueError naming the seats otherwise."""
        seats = self.seats(state)
        if seat is not None and seat not in seats:
            raise ValueError(f"this {self.title} campaign's {self.seat_word}s are {', '.join(seats)}")
        return seat

    def command_line_module(self):
        """The module of :attr:`cli` (imported on first use); None for a rule set that has none."""
        return importlib.import_module(self.cli) if self.cli else None

    def present(self):
        """The presenter module (imported on first use); None for a rule set that has none."""
        return importlib.import_module(self.presenter) if self.presenter else None
    def command_of(self, action: Action):
        """The command object an action stands for (its args are the command's record fields)."""
        return self.decode({**action.args, "command": action.command})

    def command_line(self, action: Action, folder) -> str:
        """The action as a shell command that runs as printed: ``mapgen campaign move north A2 K6``.

        ``folder`` is the campaign folder as the user gave it (relative to the
        current directory); every word is shell-quoted.
        """
        spec = self.spec_named(action.command)
        if spec is None or spec.argv is None:
            raise ValueError(f"{action.command!r} has no command line in a {self.title} campaign")
        return command_line(spec.cli_name, folder, spec.argv(action.args))


def command_line(name: str, folder, argv: list[str]) -> str:
    """``mapgen campaign NAME FOLDER ARGV...``, each word shell-quoted."""
    return " ".join(["mapgen", "campaign", *(shlex.quote(str(w)) for w in (name, folder, *argv))])
