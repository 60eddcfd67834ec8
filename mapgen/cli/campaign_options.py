"""The options that start a campaign, shared by ``campaign new`` and ``mapgen new``: which rules, which scenario, what armies.

A leaf module (click and the registry only), so both commands declare them
the same way: ``mapgen new`` builds the kit, ``campaign new`` a folder, and
each hands the rule set chosen its optional rules.
"""

from __future__ import annotations

from pathlib import Path

import click

from . import _seed

#: The sides a roster may be given for (FW-1.1).
SIDES = ("A", "B")


class Refused(click.ClickException):
    """A command the campaign refuses: ``Error: <reason>`` on one line, exit 2."""

    exit_code = 2


def rule_words(ctx, param, value) -> tuple[str, ...]:
    """``--rules``: comma-separated words, a rule set's name and its optional rules (checked by :func:`chosen_rules`)."""
    if not value:
        return ()
    return tuple(v.strip().lower().replace("-", "_") for v in value.split(",") if v.strip())


def chosen_rules(words: tuple[str, ...], param: str = "--rules"):
    """The rule set ``--rules`` names (the default when none) and its optional rules; exit 2 naming a wrong word."""
    from ..engine import registry  # the registry on first use: 'mapgen --help' imports no rule set

    try:
        ruleset, options = registry.chosen_by(words)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint=f"'{param}'") from None
    if not ruleset.cli:
        raise click.BadParameter(f"{ruleset.name}: the {ruleset.title} rule set starts nothing from the command line", param_hint=f"'{param}'")
    return ruleset, options


def chosen_command_line(words: tuple[str, ...], param: str = "--rules"):
    """The name and command-line module of the rule set ``--rules`` names, and its optional rules, as :func:`chosen_rules`
    checks them; the rule set itself is imported only to check optional rules, when some are named."""
    from ..engine import registry

    try:
        name, optional = registry.chosen_name(words)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint=f"'{param}'") from None
    if optional:
        ruleset, optional = chosen_rules(words, param)
        return ruleset.name, ruleset.command_line_module(), optional
    module = registry.command_line_module(name)
    if module is None:
        chosen_rules(words, param)  # refused there, as every command refuses a rule set with no command line
    return name, module, optional


def roster_files(ctx, param, value) -> dict[str, Path]:
    """``--roster A=north.yaml,B=south.csv``: each side's roster file."""
    if not value:
        return {}
    out = {}
    for part in value.split(","):
        side, eq, path = part.partition("=")
        if not eq or side.strip().upper() not in SIDES or not path.strip():
            raise click.BadParameter(f"{part!r}: give SIDE=FILE, e.g. A=north.yaml,B=south.csv")
        out[side.strip().upper()] = Path(path.strip())
    return out


def army_options(fn):
    """``--points``, ``--roster`` and ``--scenario``: the armies and the scenario of a Fantasy Warriors campaign (FW-4.1, FW-17)."""
    fn = click.option("--scenario", type=click.Choice(["incursione"]), help="The Incursione campaign (FW-17).")(fn)
    fn = click.option("--roster", callback=roster_files, help="Rosters as SIDE=FILE,... (.yaml or .csv); a side without one gets the default forces.")(fn)
    return click.option("--points", type=click.IntRange(1, 1_000_000), default=2000, show_default=True,
                        help="Each side's army points (FW-4.1; Incursione: the defenders', raiders double).")(fn)


#: ``--dice-seed``, of ``campaign new`` and ``mapgen new``: the campaign's dice seed given rather than drawn.
dice_seed_option = click.option(
    "--dice-seed", callback=lambda ctx, param, value: None if value is None else _seed(ctx, param, value),
    help="Seed of the campaign's dice, for a game to play again as it went (tests, tournaments); "
         "default: a secret drawn at random, kept in campaign.json and shown to no side.")


def chosen_dice_seed(params: dict) -> int | str:
    """The campaign's dice seed: ``--dice-seed`` when given, else a secret drawn now (the map seed is printed on every map)."""
    from ..engine.dice import draw_dice_seed  # the engine on first use, as the registry above: 'mapgen --help' imports none

    return draw_dice_seed() if params["dice_seed"] is None else params["dice_seed"]
