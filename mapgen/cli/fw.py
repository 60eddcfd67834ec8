"""Fantasy Warriors campaign-map commands, ``fw-map`` and ``validate``, and the map options ``new`` and ``campaign new`` share."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .. import balancing, kit
from ..errors import BadFileError
from . import MAX_GAMES, FiniteFloatRange, _run, cli, common_options, cpu_workers, given, workers_option

#: The options of ``--balanced``, which mean nothing without it.
BALANCE_ONLY = ("games", "attempts", "workers")


def _races(ctx, param, value: str) -> tuple[str, ...]:
    from ..fw.rules import RACES

    races = tuple(v.strip().lower().replace("-", "_").replace(" ", "_") for v in value.split(","))
    if len(races) != 2:
        raise click.BadParameter(f"give two races, one per side, e.g. dwarves,orcs (got {len(races)})")
    for r in races:
        if r not in RACES:
            raise click.BadParameter(f"unknown race {r!r}; known races: {', '.join(RACES)}")
    return races


def style_option(fn):
    """``--style``: how the campaign map is drawn (``fw-map`` and ``new``, which draw it)."""
    return click.option("--style", type=click.Choice(["colour", "bw"]), default="colour", show_default=True,
                        help="colour, or bw: black and white with hatching instead of fills, for photocopies.")(fn)


def map_options(fn):
    """The campaign-map options shared by ``fw-map``, ``new`` and ``campaign new``."""
    fn = click.option("--races", default="humans,humans", show_default=True, callback=_races, help="Races of sides A and B.")(fn)
    fn = click.option("--square-mm", type=FiniteFloatRange(5, 200), default=50.0, show_default=True, help="Printed size of one square.")(fn)
    fn = click.option("--holdings", type=click.IntRange(0, 60), help="Minor holdings per side (besides the capital).")(fn)
    fn = click.option("--height", type=click.IntRange(3, 400), help="Rows (default by --size).")(fn)
    fn = click.option("--width", type=click.IntRange(3, 400), help="Columns (default by --size).")(fn)
    fn = click.option(
        "--size",
        type=click.Choice(["small", "medium", "large"]),
        default="medium",
        show_default=True,
        help="Campaign size (FW-3.3): capital + 2, 3 or 6 holdings per side.",
    )(fn)
    return fn


def balance_options(fn):
    """``--balanced`` and its options (``fw-map`` and ``new``): :mod:`mapgen.balancing`."""
    fn = workers_option(fn)
    fn = click.option("--attempts", type=click.IntRange(1, 100), default=balancing.MAX_ATTEMPTS, show_default=True,
                      help="With --balanced: the most maps tried, the seed's own included.")(fn)
    fn = click.option("--games", type=click.IntRange(balancing.MIN_GAMES, MAX_GAMES), default=balancing.DEFAULT_GAMES,
                      show_default=True, help="With --balanced: whole campaigns played by bots on each map tried.")(fn)
    fn = click.option("--balanced", is_flag=True,
                      help="Keep the first map (the seed's, then SEED-balanced-1, -2 ...) on which bots win 40-60 % a side "
                           "(95 % interval including 50 %); logged in the setup sheet and balance.json.")(fn)
    return fn


def _map_options(seed, size, width, height, holdings, races, square_mm, paper, formats, watercraft=False, ports="auto"):
    """Check the options (a PDF over the page limit is refused before generating): the MapOptions."""
    from ..fw.options import MapOptions, OptionError

    opts = MapOptions(seed=seed, size=size, width=width, height=height, holdings=holdings, races=races, square_mm=square_mm,
                      watercraft=watercraft, ports=ports)
    try:
        opts.check()
    except OptionError as exc:
        raise click.UsageError(str(exc)) from None
    if "pdf" in formats:
        kit.check_fw_map_pdf(*opts.grid(), square_mm, paper)
    return opts


def build_map(seed, size, width, height, holdings, races, square_mm, paper, formats, watercraft=False, ports="auto"):
    """Check the options, then generate (``watercraft``, ``ports``: :class:`~mapgen.fw.options.MapOptions`'s)."""
    from ..fw.generate import generate_map

    return generate_map(_map_options(seed, size, width, height, holdings, races, square_mm, paper, formats, watercraft, ports))


class _Bars(balancing.Progress):
    """A progress bar per map tried and a line per result, on a terminal only."""

    def __init__(self, attempts: int):
        self.attempts, self.bar = attempts, None

    def attempt(self, number, seed, games):
        label = f"Map {number} of at most {self.attempts} (seed {seed}): up to {games} games"
        self.bar = click.progressbar(length=games, label=label, file=sys.stderr)
        self.bar.__enter__()
        return lambda _record: self.bar.update(1)

    def done(self, attempt):
        self.bar.__exit__(None, None, None)
        rates = f"side A {balancing.rate_text(attempt.report, 'A')}, side B {balancing.rate_text(attempt.report, 'B')}: " if attempt.report else ""
        click.echo(f"  {rates}{balancing.attempt_result(attempt)}", err=True)


def sides_in_look(m, look: str):
    """``m`` with its sides named for ``look`` (a black-and-white kit names no colour)."""
    from ..fw.generate import sides_in_look as named

    return named(m, look)


def map_and_balance(balanced, games, attempts, workers, *map_args, **water):
    """The map (the first balanced one with ``--balanced``) and the :class:`~mapgen.balancing.Balanced` record or None.

    ``water``: ``watercraft`` and ``ports`` for :func:`build_map`."""
    if not balanced:
        wrong = given(*BALANCE_ONLY)
        if wrong:
            raise click.UsageError(f"{', '.join(wrong)}: options of --balanced; add --balanced or drop them")
        return build_map(*map_args, **water), None
    opts = _map_options(*map_args, **water)
    settings = balancing.BalanceSettings(games=games, attempts=attempts)
    progress = _Bars(attempts) if sys.stderr.isatty() else None
    result = balancing.balance_map(opts, settings, cpu_workers(workers), progress)
    return result.map, result


def ports_option(fn, flag: str = "--watercraft"):
    """``--ports`` (FW-20.2): which sides' holdings get a port, on a map made with the watercraft waters (``flag``)."""
    from ..fw.rules import PORT_CHOICES

    return click.option("--ports", type=click.Choice(PORT_CHOICES, case_sensitive=False), default="auto", show_default=True,
                        help=f"With {flag} (FW-20.2): auto, one port for each side whose race may have one (dwarves get "
                             "none); both; none; or A or B, that side only.")(fn)


def rules_ports_option(fn):
    """``--ports`` of ``new`` and ``campaign new``: for the map their ``--rules watercraft`` generates."""
    return ports_option(fn, "--rules watercraft")


def watercraft_options(fn):
    """``--watercraft`` and ``--ports`` (FW-20): ports, navigable stretches, obstacles and reefs on the map."""
    fn = ports_option(fn)
    fn = click.option("--watercraft", is_flag=True,
                      help="Mark the watercraft rules' waters (FW-20, [NT], optional): each side's port, which river stretches "
                           "ships or only boats can sail, their obstacles, reefs off the coast.")(fn)
    return fn


@cli.command("fw-map")
@common_options("fw-map")
@map_options
@style_option
@balance_options
@watercraft_options
def fw_map(seed, out, paper, formats, size, width, height, holdings, races, square_mm, style, balanced, games, attempts, workers,
           watercraft, ports):
    """Generate a Fantasy Warriors campaign map (--balanced: one the bots find fair; --watercraft: ports and navigable waters)."""
    if not watercraft and given("ports"):
        raise click.UsageError("--ports: an option of --watercraft; add --watercraft or drop it")
    m, record = map_and_balance(balanced, games, attempts, workers, seed, size, width, height, holdings, races, square_mm, paper, formats,
                                watercraft=watercraft, ports=ports)
    m = sides_in_look(m, style)
    _run(out, lambda o: kit.write_map_kit(m, o, formats, paper, style, record))


@cli.command("validate")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def validate_cmd(file):
    """Check a campaign map (generated or edited by hand) against every placement rule.

    The file is checked against the JSON Schema ('mapgen schema fw-map') first, then
    against the rules.  Exit 0 when it holds, 1 when it breaks a rule (each violation
    listed with its rule ID), 2 when the file cannot be read or breaks the schema (the
    message names the file and the field).
    """
    from ..fw.model import read_fw_map
    from ..fw.validate import validate

    try:
        m = read_fw_map(file)  # the JSON Schema first, then the fields' meaning
    except BadFileError as exc:
        error = click.ClickException(str(exc))  # the file is wrong, not the command line: no usage text
        error.exit_code = 2
        raise error from None
    violations = validate(m)
    if not violations:
        click.echo(f"{file}: OK, every placement rule holds ({len(m.holdings)} holdings, {len(m.rivers)} rivers, {len(m.crossings)} crossings)")
        return
    click.echo(f"{file}: {len(violations)} violation(s)")
    for v in violations:
        click.echo(f"  {v}")
    sys.exit(1)
