"""``mapgen campaign ...``: play a campaign, Fantasy Warriors or Renaissance, kept in a folder.

Every command that changes the campaign goes through the session
(:func:`mapgen.cli.campaign_session.play`, :mod:`mapgen.session`): lock the
folder, load and check ``DIR/campaign.json`` once (a broken file is reported
and never overwritten), build the command and the dice (``--roll`` faces
first), ``engine.apply`` it, and commit only what the rules accepted, whole.
A refusal prints one ``Error:`` line and exits 2 with the folder byte for
byte as it was.  The rules live in the rule sets; this module only reads
options and prints.
"""

from __future__ import annotations

import functools
import importlib
import json
from pathlib import Path

import click

from ..errors import BadFileError, InfeasibleError
from ..kit import OutputFolderError
from ..text import BadTextError, check_state_text, printable
from . import cli, given
from .campaign_options import Refused, army_options, chosen_rules, dice_seed_option, rule_words
from .fw import map_options, rules_ports_option

SIDES = ("A", "B")
#: A die face a player may type; the dice check the face against the die rolled.
MAX_FACE = 100


def refusals(fn):
    """Turn the engine's refusals and a broken campaign folder into exit 2 with one line."""
    from ..engine.commands import CommandError
    from ..errors import CampaignFolderError

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (BadFileError, CommandError, CampaignFolderError, OutputFolderError, InfeasibleError) as exc:
            raise Refused(printable(" ".join(str(exc).split()))) from None  # it may quote a name from the state

    return wrapper


def saveable(state) -> None:
    """Refuse a new state whose names (from a hand-edited ``--map``) could not be saved and read back, with exit 2."""
    try:
        check_state_text(state)
    except BadTextError as exc:
        raise click.UsageError(f"the campaign's names cannot be kept: {exc}") from None


def parse_faces(text: str | None) -> list[int]:
    """``--roll 4`` or ``--roll 4,2,6``: the faces, in order."""
    if text is None:
        return []
    faces = []
    for part in text.split(","):
        part = part.strip()
        if not (part.isascii() and part.isdigit()) or not 1 <= int(part) <= MAX_FACE:
            raise Refused(f"--roll {text!r}: {part!r} is not a die face; give whole numbers like 4 or 4,2,6")
        faces.append(int(part))
    return faces


def _side(ctx, param, value):
    """A Fantasy Warriors side (A, B) or a Renaissance player seat (P1, P2 ...); the campaign checks which it has."""
    if value is None:
        return None
    side = value.strip().upper()
    if side not in SIDES and not (side[:1] == "P" and side[1:].isdigit() and len(side) <= 3):
        raise click.BadParameter(f"{value!r}: a side is A or B (Fantasy Warriors) or a player seat P1, P2 ... (Renaissance)")
    return side


side_option = click.option("--side", metavar="A|B|P1...", callback=_side, help="Only what this side (or Renaissance player) may know.")


def fw_side(side: str | None) -> str | None:
    """Refuse a Renaissance seat given to a Fantasy Warriors campaign."""
    if side is not None and side not in SIDES:
        raise Refused(f"--side {side}: a Fantasy Warriors campaign has sides A and B")
    return side
roll_option = click.option("--roll", metavar="N[,N...]", help="Faces rolled at the table, used in order; then the engine's dice take over.")
folder_arg = click.argument("folder", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))


#: ``campaign`` commands whose module is imported only when one of them runs (or for ``--help``): the
#: Renaissance commands' words pull in that rule set (40 ms), which a Fantasy Warriors command need not pay.
LAZY_COMMANDS = {
    **{name: "campaign_ren" for name in ("army", "assassinate", "bribe", "diplomat", "disband", "end", "engage",
                                         "garrison", "hire", "loan", "recruit", "shift", "siege", "transfer", "upkeep", "works")},
    "simulate": "campaign_sim",
    "export": "serve",
}


class CampaignGroup(click.Group):
    """The ``campaign`` commands, and any a registered rule set declares with a parser and no click command of its own.

    :data:`fallback` (set by :mod:`.campaign_session`) makes such a command
    (``mapgen campaign dash DIR A``), so a rule set joins the CLI by registering;
    :data:`fallback_names` (set there too) names them for ``--help``, so a player
    finds ``embark`` or ``fire`` where the other commands are.
    """

    fallback = None
    fallback_names = None

    def list_commands(self, ctx) -> list[str]:
        own = set(self.fallback_names()) if self.fallback_names is not None else set()
        return sorted(set(LAZY_COMMANDS) | set(self.commands) | own)

    def get_command(self, ctx, name):
        if name not in self.commands and name in LAZY_COMMANDS:
            importlib.import_module(f"{__package__}.{LAZY_COMMANDS[name]}")
        cmd = super().get_command(ctx, name)
        if cmd is None and self.fallback is not None:
            cmd = self.fallback(name)
            if cmd is not None:  # made once: the manual's reference documents it with the group's other commands
                self.add_command(cmd, name)
        return cmd


@cli.group("campaign", cls=CampaignGroup)
def campaign():
    """Play a campaign, Fantasy Warriors or Renaissance: one folder per campaign (campaign.json, its map, history)."""


# --- new ---------------------------------------------------------------------------------------


def others_options(ruleset, kind: str, noun: str = "campaign") -> str | None:
    """Why options given belong to another rule set's ``kind`` (``NEW_OPTIONS`` ...) and not to ``ruleset``'s; None when none do."""
    from ..engine import registry

    own = set(getattr(ruleset.command_line_module(), kind, ()))
    for other in registry.rulesets():
        if other is ruleset or not other.cli:
            continue
        wrong = given(*(n for n in getattr(other.command_line_module(), kind, ()) if n not in own))
        if wrong:
            hint = f"; add --rules {other.name}" if other is not registry.default() else f", not of a {ruleset.title} one"
            return f"{', '.join(wrong)}: options of a {other.title} {noun}{hint}"
    return None


@campaign.command("new")
@folder_arg
@click.option("--map", "map_file", type=click.Path(dir_okay=False, path_type=Path), help="Start from this fw-map.json (copied into DIR); default: generate one.")
@click.option("--seed", help="Seed of the generated map and of the campaign (with --map: the campaign's only; default the map's seed); "
              "the dice have their own, --dice-seed.")
@dice_seed_option
@map_options
@rules_ports_option
@army_options
@click.option("--rules", callback=rule_words, help="Optional rules, comma-separated (weather, random_events ...; a wrong word lists them all); "
              "a rule set's name plays it instead of Fantasy Warriors, with its own: renaissance,banks.")
@click.option("--forces", type=click.IntRange(1, 6), help="Forces per side with the default roster (default: one per holding, at most 6).")
@roll_option
@click.option("--formats", default="json,svg,pdf", show_default=True, help="Counter sheet formats: json, svg, pdf (comma-separated; empty: none).")
@click.option("--countries", type=click.IntRange(1, 64), help="Renaissance: players' countries of the generated map (default: one per player).")
@click.option("--neutrals", type=click.IntRange(0, 64), default=0, help="Renaissance: neutral countries of the generated map.")
@click.option("--sheet", default="a4", help="Renaissance: paper of one country's sheet for the road procedure (a4, a3, letter, tabloid).")
@click.option("--topology", type=click.Choice(["abstract", "grid"]), default="abstract",
              help="Renaissance: how the generated map's countries join (RC-1.7, RC-A.5): abstract (every crossing point to every other country's) or grid.")
@click.option("--players", type=click.IntRange(1, 64), help="Renaissance: players (default: one per player country; the rest are neutral).")
@click.option("--ends", default="capitals", help="Renaissance: when the campaign ends (RC-6): capitals, years=N, objectives=NODE,...; several joined by ';'.")
@click.option("--names", help="Renaissance: the players' names, comma-separated, in seat order.")
@click.option("--tables", type=click.Path(dir_okay=False, path_type=Path),
              help="Napoleonic: the Fire, Charge and Pursuit tables the source lost (NAP-A.2, A.3, A.8) from this file; default: mapgen's [DEV] ones.")
@click.option("--attacker", type=click.Choice(["A", "B"], case_sensitive=False),
              help="Napoleonic: the side that entered the region; it acts first in every phase (NAP-3.1, NAP-A.17; default A).")
@refusals
def new_cmd(folder, rules, **params):
    """Start a campaign in DIR: the map, campaign.json, and counters for exactly its forces.

    Fantasy Warriors by default; '--rules renaissance' starts a Renaissance campaign
    on a country map (--map country.json, or one generated with --countries and --neutrals).
    """
    ruleset, options = chosen_rules(rules)
    wrong = others_options(ruleset, "NEW_OPTIONS")
    if wrong:
        raise click.UsageError(wrong)
    ruleset.command_line_module().new(folder, params, options)


@campaign.command("undo")
@folder_arg
@refusals
def undo_cmd(folder):
    """Put back campaign.json as it was before the last command, byte for byte."""
    from .. import session
    from .pages import refresh_after

    with session.open_folder(folder) as s:
        done = s.undo()
        click.echo(printable(f"Undone: {json.dumps(done, ensure_ascii=False)}"))
        loaded = s.loaded
        refresh_after(folder, loaded)
    campaign_actions.say_next(loaded.state, loaded.board, folder)


# --- reading ------------------------------------------------------------------------------------


def _seat_of(ruleset, state, side: str | None) -> str | None:
    """``--side`` checked against the campaign's own seats (exit 2 naming them)."""
    try:
        return ruleset.check_seat(state, side)
    except ValueError as exc:
        raise click.UsageError(f"--side {side}: {exc}") from None


@campaign.command("status")
@folder_arg
@side_option
@click.option("--json", "as_json", is_flag=True, help="Print the view as JSON.")
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, path_type=Path), help="Also draw the map with the force counters into this SVG file.")
@refusals
def status_cmd(folder, side, as_json, svg_file):
    """Where the campaign stands, as SIDE may know it: what is awaited, every force or army, holdings, battles."""
    from .. import session
    from ..engine import of_state
    from ..jsonio import dumps, write_atomic

    loaded = session.load(folder)
    ruleset = of_state(loaded.state)
    side = _seat_of(ruleset, loaded.state, side)
    if svg_file is not None:
        write_atomic(svg_file, ruleset.present().status_svg(folder, loaded.state, loaded.board, side))
    if as_json:
        click.echo(dumps(ruleset.view(loaded.state, side, loaded.board)), nl=False)
        return
    for line in ruleset.status_lines(loaded.state, side, loaded.board):
        click.echo(line)
    presenter = ruleset.present()
    for line in presenter.place_lines(folder, loaded.state, loaded.board, side) if presenter else ():
        click.echo(line)
    if svg_file is not None:
        click.echo(f"Wrote {svg_file}")


@campaign.command("log")
@folder_arg
@click.option("--day", type=click.IntRange(1, 100_000), help="Only this day (Renaissance: this year).")
@side_option
@refusals
def log_cmd(folder, day, side):
    """The campaign's history in words: every roll with its rule, dice, modifiers, total and outcome."""
    from .. import session
    from ..engine import of_state

    loaded = session.load(folder)
    ruleset = of_state(loaded.state)
    lines = ruleset.log_lines(loaded.state, _seat_of(ruleset, loaded.state, side), day)
    for line in lines:
        click.echo(line)
    if not lines:
        click.echo(f"(nothing logged{f' {ruleset.log_when} {day}' if day else ''})")


# The commands every campaign plays are registered on the ``campaign`` group by these modules: import them
# here, so any import of this module finds them (the others, :data:`LAZY_COMMANDS`, when first asked for).
from . import campaign_actions, campaign_play, campaign_session  # noqa: E402,F401
