"""``mapgen skirmish``: two warbands of equal points on a skirmish table, with their setup sheet (SK)."""

from __future__ import annotations

import re

import click

from ..skirmish import tables as T
from ..skirmish.options import DEFAULT_POINTS, DEFAULT_RACES, MAX_POINTS, TERRAINS
from . import _run, cli, common_options

_TABLE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX*]\s*(\d+(?:\.\d+)?)\s*(cm|ft)?\s*$")
#: A setup sheet goes to a home printer: A4 portrait unless asked otherwise (Letter with --paper letter).
SHEET_PAPER = "A4-portrait"


def _races(ctx, param, value: str) -> tuple[str, ...]:
    races = tuple(v.strip().lower().replace("-", "_").replace(" ", "_") for v in value.split(","))
    if len(races) != 2:
        raise click.BadParameter(f"give two races, one per warband, e.g. dwarves,orcs (got {len(races)})")
    for r in races:
        if r not in T.RACES:
            raise click.BadParameter(f"unknown race {r!r}; known races: {', '.join(T.RACES)}")
    return races


def _table(ctx, param, value):
    if value is None:
        return None
    m = _TABLE.match(value)
    if not m:
        raise click.BadParameter(f"{value!r}: give width x depth in cm (60x60) or feet (3x3ft)")
    w, d = float(m.group(1)), float(m.group(2))
    if m.group(3) == "ft":
        w, d = w * 30, d * 30  # FW-0.2 counts a foot as 30 cm
    return (w, d)


def ruling_options(fn):
    """One option per SK-A ruling (``tables.RULINGS``), its first choice the digest's."""
    for r in reversed(T.RULINGS):
        values = [v for v, _ in r.choices]
        meanings = "; ".join(f"{v}: {m}" for v, m in r.choices)
        fn = click.option(f"--{r.key.replace('_', '-')}", r.key, type=click.Choice(values), default=r.default, show_default=True,
                          help=f"{r.id}, {r.question}: {meanings}.")(fn)  # fmt: skip
    return fn


@cli.command("skirmish")
@click.option("--points", type=click.IntRange(1, MAX_POINTS), default=DEFAULT_POINTS, show_default=True,
              help="Points a warband (SK-1: VC x 10 a figure); both get the largest total up to it they can field alike.")
@click.option("--races", default=",".join(DEFAULT_RACES), show_default=True, callback=_races,
              help=f"Races of warbands A and B: {', '.join(T.RACES)}.")
@click.option("--table", callback=_table, help="Table width x depth, 60x60 to 90x90 cm (or 2x2ft to 3x3ft). Default: 60x60 up to 400 points, else 90x90.")
@click.option("--terrain", type=click.Choice(TERRAINS), help="The table's terrain. Default: rolled (FW-11.2, FW-11.5).")
@ruling_options
@common_options("skirmish", paper=SHEET_PAPER)
def skirmish_cmd(points, races, table, terrain, seed, out, paper, formats, **rulings):
    """Two warbands of equal points (SK-1), a skirmish table with cover and line of sight marked, and a setup sheet.

    The setup sheet gives every figure's VC (SK-1), wounds (SK-8), move (SK-6), weapon and range (SK-4),
    and the rules in force; the SK-A options choose how the source's gaps are read.
    """
    from ..kit.skirmish import write_skirmish_kit
    from ..skirmish.generate import generate_skirmish
    from ..skirmish.options import SkirmishOptions

    opts = SkirmishOptions(seed=seed, points=points, races=races, table=table, terrain=terrain, rulings=rulings)
    s = generate_skirmish(opts)
    _run(out, lambda outputs: write_skirmish_kit(s, outputs, formats, paper))
