"""``mapgen new``: the kit of a new campaign, for whichever rule set ``--campaign`` (or ``--rules``) names.

Its own module, apart from ``fw-map``'s: ``new`` takes every rule set's kit options (the Renaissance
country's among them), which ``fw-map`` need not build nor import.
"""

from __future__ import annotations

import click

from . import cli, common_options, given
from .campaign_options import army_options, chosen_command_line, dice_seed_option, rule_words
from .country import country_options
from .fw import balance_options, map_options, rules_ports_option, style_option

#: The options of ``mapgen new`` that every rule set's kit takes; each of the others is one rule set's (its ``KIT_OPTIONS``).
SHARED_KIT_OPTIONS = ("campaign", "seed", "dice_seed", "out", "paper", "formats")


def _campaign(ctx, param, value: str) -> str:
    """``--campaign``: a rule set's name (``fantasy-warriors``, ``renaissance``), as the registry knows it."""
    return value.strip().lower().replace("-", "_")


class KitCommand(click.Command):
    """``new``'s help: the options every kit takes, then one section per rule set of the options only its
    kit takes (each rule set's command line lists them as KIT_OPTIONS), as ``new`` refuses them."""

    def format_options(self, ctx, formatter):
        # The registry (and each rule set's command line) is imported for --help only: 'new' itself
        # imports it when it runs, and 'fw-map', in this module, never needs it.
        from ..engine import registry

        records = {p.name: p.get_help_record(ctx) for p in self.get_params(ctx)}
        sections = []
        for ruleset in registry.rulesets():
            if ruleset.cli:
                names = getattr(ruleset.command_line_module(), "KIT_OPTIONS", ())
                sections.append((f"{ruleset.title} options", [n for n in names if records.get(n)]))
        taken = {n for _, names in sections for n in names}
        common = [n for n in records if records[n] and n not in taken]
        for title, names in [("Options", common), *sections]:
            if names:
                with formatter.section(title):
                    formatter.write_dl([records[n] for n in names])


@cli.command("new", cls=KitCommand)
@click.option("--campaign", default="fantasy-warriors", show_default=True, callback=_campaign,
              help="Which campaign rules to set up: fantasy-warriors or renaissance.")
@common_options("new")
@map_options
@rules_ports_option
@style_option
@balance_options
@army_options
@dice_seed_option
@click.option("--rules", callback=rule_words, help="Optional rules of the kit's campaign, comma-separated, as for 'campaign new' "
              "(weather, naran_movement ...; a wrong word lists them all); a rule set's name may stand for --campaign: renaissance,banks.")
@country_options
@click.option("--players", type=click.IntRange(1, 64), help="Renaissance: players (default: one per player country).")
@click.option("--ends", default="capitals", show_default=True, help="Renaissance: when the campaign ends (RC-6): capitals, years=N, objectives=NODE,...; several joined by ';'.")
def new(campaign, out, rules, **params):
    """Write the kit for a new campaign.

    Fantasy Warriors (default): the campaign map, a battlefield for each holding square, and a
    ready-to-play campaign (campaign.json, counters for its forces; play it with 'mapgen campaign'),
    started with the options of 'campaign new' (--rules, --scenario, --points, --roster); the map's
    key prints the movement rows of the rules in play.
    Renaissance: the country maps (--countries, --neutrals, --sheet), joined at border crossings, and a
    ready-to-play campaign on them (--players, --ends, --rules renaissance,banks ...; campaign.json, counters).
    """
    from ..campaign_files import check_not_in_play
    from ..engine import registry
    from ..errors import CampaignFolderError

    if not registry.known(campaign):
        names = ", ".join(r.name.replace("_", "-") for r in registry.rulesets() if r.cli)
        raise click.BadParameter(f"{campaign.replace('_', '-')!r} is no rule set mapgen plays: {names}", param_hint="'--campaign'")
    # --rules may name the rule set itself, as in 'campaign new'; with --campaign too, both must name the same one.
    words = ((campaign,) if given("campaign") or not rules else ()) + tuple(w for w in rules if w != campaign or not given("campaign"))
    # The rule set's kit imports its rules where it needs them (a Fantasy Warriors kit after its battlefields' process is forked).
    name, module, optional = chosen_command_line(words)
    own = set(getattr(module, "KIT_OPTIONS", ()))
    # Another rule set's options can only be among those typed that are neither shared nor this one's own:
    # when none is (the usual case), the other rule sets are not even imported (Renaissance and networkx, 80 ms).
    if given(*(p.name for p in click.get_current_context().command.params if p.name not in own | set(SHARED_KIT_OPTIONS))):
        for other in registry.rulesets():
            if other.name != name and other.cli:
                wrong = given(*(n for n in getattr(other.command_line_module(), "KIT_OPTIONS", ()) if n not in own))
                if wrong:
                    raise click.UsageError(f"{', '.join(wrong)}: {other.title} options, not for a --campaign {name.replace('_', '-')} kit; drop them")
    try:
        check_not_in_play(out)
    except CampaignFolderError as exc:
        raise click.UsageError(str(exc)) from None
    module.new_kit(out, params, optional)
