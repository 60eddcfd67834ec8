"""``mapgen counters``: printable counter sheets with mirrored backs, cut lines and crop marks."""

from __future__ import annotations

import math
from pathlib import Path

import click

from .. import kit
from ..counters.sets import SET_NAMES
from ..errors import BadFileError
from . import FiniteFloatRange, _run, cli, common_options

#: Counters print on home printers: A4 portrait unless asked otherwise (the shared option says A3).
COUNTERS_PAPER = "A4-portrait"


def counter_size(ctx, param, value: str) -> float:
    """A counter size option (``--size``, ``--counter-size``): ``5/8in``, ``16mm`` ... -> millimetres."""
    from ..counters.layout import SizeError, parse_size

    try:
        size = parse_size(value)
    except SizeError as exc:
        raise click.BadParameter(str(exc)) from None
    if not math.isfinite(size):
        raise click.BadParameter(f"{value!r} is not a finite size")
    return size


@cli.command("counters")
@click.option(
    "--set",
    "counter_set",
    type=click.Choice(SET_NAMES),
    help="fw: Fantasy Warriors (FW-1.1); renaissance: Il Gran Capitano (RC-3); roster: units from --roster. "
    "Default: roster with --roster, else fw.",
)
@click.option(
    "--campaign",
    type=click.Path(exists=True, path_type=Path),
    help="A campaign folder from 'mapgen new' (or its fw-map.json): holdings matching its map.",
)
@click.option("--roster", type=click.Path(path_type=Path), help="Unit roster, CSV or YAML (see templates/counters/).")
@click.option("--size", "size_mm", default="5/8in", show_default=True, callback=counter_size, help="1/2in, 5/8in, 3/4in, 1in, or millimetres such as 16mm.")
@click.option("--fold", is_flag=True, help="Fronts and backs side by side on one page, to fold and glue (no duplex).")
@click.option("--bleed", type=FiniteFloatRange(0, 3), default=1.0, show_default=True, help="Colour past the cut lines, mm (0-3).")
@click.option("--gutter", type=FiniteFloatRange(0, 20), default=1.0, show_default=True, help="Space between counters, mm (0: shared cut lines).")
@common_options("counters", paper=COUNTERS_PAPER, formats=kit.COUNTER_FORMATS)
def counters_cmd(counter_set, campaign, roster, size_mm, fold, bleed, gutter, seed, out, paper, formats):
    """Printable counter sheets: each front page followed by its mirrored back page.

    No dice are rolled: --seed only names the output folder.
    """
    from ..counters.build import build_sheet, load_campaign_map
    from ..counters.roster import RosterError, read_roster
    from ..counters.sets import choose_set

    counter_set = counter_set or ("roster" if roster else "fw")
    if roster and counter_set != "roster":
        raise click.UsageError(f"--roster prints the roster set; drop --set {counter_set} or the roster")
    if campaign and counter_set != "fw":
        raise click.UsageError("--campaign gives the Fantasy Warriors set of that campaign; it does not go with --set " + counter_set)
    if counter_set == "roster" and not roster:
        raise click.UsageError("--set roster needs --roster FILE (CSV or YAML)")
    fw_map = units = None
    if campaign:
        kit.check_input_outside(campaign, out, "--campaign")
        try:
            fw_map = load_campaign_map(campaign)
        except BadFileError as exc:
            raise click.BadParameter(str(exc), param_hint="--campaign") from None
    if roster:
        try:
            units = read_roster(roster)
        except RosterError as exc:
            raise click.BadParameter(str(exc), param_hint="--roster") from None
    counters, title = choose_set(counter_set, fw_map=fw_map, units=units, roster_name=roster.name if roster else "")
    if campaign:
        from ..kit.fw_campaign import campaign_set

        try:  # a campaign folder: the counters of its forces, as 'mapgen new' printed them
            counters, title = campaign_set(campaign) or (counters, title)
        except BadFileError as exc:
            raise click.BadParameter(str(exc), param_hint="--campaign") from None
    sheet = build_sheet(counters, paper, size_mm, bleed, gutter, fold, title)
    _run(out, lambda outputs: kit.write_counter_files(sheet, outputs, formats))

