"""Renaissance country-map command: ``country`` (and the options ``new --campaign renaissance`` shares)."""

from __future__ import annotations

import click

from .. import kit
from . import _run, cli, common_options


#: RC-1.7, RC-A.5: the joining of the countries, an option of ``country``, ``new`` and ``campaign new``.
TOPOLOGY_HELP = "How the countries join (RC-1.7, RC-A.5): abstract, every crossing point one step from every other country's; grid, only the facing edges of neighbouring sheets."


def topology_option(fn):
    return click.option("--topology", type=click.Choice(["abstract", "grid"]), default="abstract", show_default=True, help=TOPOLOGY_HELP)(fn)


def country_options(fn):
    """--countries, --neutrals, --sheet and --topology, shared by ``country`` and ``new``."""
    fn = topology_option(fn)
    fn = click.option(
        "--sheet",
        default="a4",
        show_default=True,
        help="Paper of one country's sheet for the road procedure (landscape): a4, a3, letter or tabloid.",
    )(fn)
    fn = click.option("--neutrals", type=int, default=0, show_default=True, help="Neutral countries (run by no player).")(fn)
    fn = click.option("--countries", type=int, default=1, show_default=True, help="Players' countries (1 to 64).")(fn)
    return fn


def build_country_map(seed, countries: int, neutrals: int, sheet: str, topology: str = "abstract"):
    from ..country.generate import CountryOptionError, generate_countries

    try:
        return generate_countries(seed, countries, neutrals, sheet, topology)
    except CountryOptionError as exc:
        raise click.UsageError(str(exc)) from None


@cli.command("country")
@common_options("country")
@country_options
def country(seed, out, paper, formats, countries, neutrals, sheet, topology):
    """Generate Renaissance country maps by the road-node procedure (RC-1), joined at border crossings."""
    cm = build_country_map(seed, countries, neutrals, sheet, topology)
    _run(out, lambda o: kit.write_country_kit(cm, o, formats, paper))
