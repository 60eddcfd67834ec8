"""``mapgen schema``: the JSON Schemas of the files mapgen writes and reads, to check them with any tool."""

from __future__ import annotations

import click

from ..schemas import NAMES
from . import cli


@cli.command("schema")
@click.argument("name", required=False, metavar="[NAME]", type=click.Choice(list(NAMES)))
@click.option("--path", "show_path", is_flag=True, help="Print where the installed schema file is, not its text.")
def schema_cmd(name, show_path):
    """Print the JSON Schema (draft 2020-12) of fw-map.json, country.json, battlefield.json, counters.json, campaign.json (Fantasy Warriors or Renaissance), balance.json or skirmish.json.

    Without NAME, list the schemas and where they are installed.  For example:
    mapgen schema fw-map > fw-map.schema.json
    """
    from .. import schemas

    if name is None:
        for n in NAMES:
            s = schemas.schema(n)
            click.echo(f"{n:<20} {s['$id']:<34} {schemas.location(n)}")
        return
    click.echo(schemas.location(name) if show_path else schemas.text(name), nl=show_path)
