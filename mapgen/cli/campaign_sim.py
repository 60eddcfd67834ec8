"""``mapgen campaign simulate``: many whole campaigns played by bots on one map, and its balance.

The command only reads options, builds or reads the map and prints; the
games are :mod:`mapgen.campaign.simulate` (Fantasy Warriors) or
:mod:`mapgen.renaissance.simulate` (``--rules renaissance``), the
reports :mod:`mapgen.campaign.balance` and :mod:`mapgen.renaissance.balance`,
the folder :mod:`mapgen.kit` (staged and swapped in whole).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..kit.swap import TerminationGuard
from . import MAX_GAMES, _out, _run, cpu_workers, given, workers_option
from .campaign import RENAISSANCE_RULES, Refused, campaign, refusals
from .fw import map_options

#: Options of a Fantasy Warriors run only, and of a Renaissance run only.
FW_SIM_ONLY = ("size", "width", "height", "holdings", "races", "square_mm", "scenario", "max_days")
#: The Renaissance options bots can play: with ``referee_neutrals`` a referee would have to choose for the neutrals.
SIM_RULES = tuple(r for r in RENAISSANCE_RULES if r != "referee_neutrals")
RENAISSANCE_SIM_ONLY = ("players", "years", "countries", "neutrals", "sheet")


def _bots(ctx, param, value):
    return tuple(v.strip().lower() for v in value.split(","))


def _fw_bots(names: tuple[str, ...]) -> tuple[str, str]:
    from ..campaign.bots import BEHAVIOURS

    if len(names) != 2 or any(n not in BEHAVIOURS for n in names):
        raise Refused(f"--bots {','.join(names)!r}: give side A's and side B's behaviour, e.g. cautious,aggressive (behaviours: {', '.join(sorted(BEHAVIOURS))})")
    return names


def _sim_rules(ctx, param, value):
    """``--rules renaissance[,OPTION...]``: a Renaissance run and its optional rules; a Fantasy Warriors run takes none."""
    if not value:
        return ()
    names = tuple(v.strip().lower().replace("-", "_") for v in value.split(",") if v.strip())
    bad = [n for n in names if n not in SIM_RULES + ("renaissance",)]
    if bad or "renaissance" not in names:
        raise Refused(f"--rules {value!r}: give renaissance, with its optional rules if any ({', '.join(SIM_RULES)}; bots play no referee); "
                      "a Fantasy Warriors run plays the standard rules")  # fmt: skip
    return names


@campaign.command("simulate")
@click.option("--map", "map_file", type=click.Path(dir_okay=False, path_type=Path), help="Play on this fw-map.json; default: generate one (--seed, --size ...).")
@click.option("--seed", help="Seed of the generated map and of the run (with --map: of the run only; default the map's seed).")
@map_options
@click.option("--games", type=click.IntRange(1, MAX_GAMES), required=True, help="Whole campaigns to play.")
@click.option("--bots", default="cautious,aggressive", show_default=True, callback=_bots,
              help="Side A's and side B's behaviour: cautious, aggressive (or plain); Renaissance: one per player, aggressive or cautious "
                   "(default: aggressive, cautious, aggressive ...).")
@click.option("--rules", callback=_sim_rules, help=f"'renaissance' for a Renaissance run, with its optional rules: {', '.join(SIM_RULES)}.")
@click.option("--players", type=click.IntRange(1, 64), help="Renaissance: players (default: one per player country of the map).")
@click.option("--years", type=click.IntRange(1, 1000), default=5, show_default=True, help="Renaissance: years before a game nobody has won ends (RC-6).")
@click.option("--countries", type=click.IntRange(1, 64), help="Renaissance: player countries of the generated map (default: one per player).")
@click.option("--neutrals", type=click.IntRange(0, 64), default=0, show_default=True, help="Renaissance: neutral countries of the generated map.")
@click.option("--sheet", default="a4", show_default=True, help="Renaissance: paper of one country's sheet for the road procedure.")
@click.option("--scenario", type=click.Choice(["incursione"]), help="Play the Incursione campaign (FW-17).")
@click.option("--max-days", type=click.IntRange(1, 100_000), default=42, show_default=True, help="Days before a game with no winner is a stalemate.")
@workers_option
@click.option("--scheduler", metavar="ADDRESS", help="Play the games on a Dask cluster, e.g. tcp://10.0.0.5:8786 (pip install 'mapgen[cluster]'); the report is the same.")
@click.option("--out", callback=_out, help="Output folder. Default: output/simulate-<seed>/.")
@refusals
def simulate_cmd(map_file, seed, size, width, height, holdings, races, square_mm, games, bots, rules, players, years, countries, neutrals,
                 sheet, scenario, max_days, workers, scheduler, out):
    """Play GAMES whole campaigns with bots on one map: balance.json, balance.md and balance.svg (win rates, 95 % intervals).

    Fantasy Warriors by default; '--rules renaissance' plays Renaissance campaigns on a country map.
    """
    if rules:
        wrong = given(*FW_SIM_ONLY)
        if wrong:
            raise Refused(f"{', '.join(wrong)}: options of a Fantasy Warriors run; a Renaissance run takes --players, --years, --countries, --neutrals")
        bots = bots if given("bots") else ()
        return simulate_renaissance(map_file, seed, games, bots, rules, players, years, countries, neutrals, sheet, workers, out, scheduler)
    wrong = given(*RENAISSANCE_SIM_ONLY)
    if wrong:
        raise Refused(f"{', '.join(wrong)}: options of a Renaissance run; add --rules renaissance")
    bots = _fw_bots(bots)
    from ..campaign import balance
    from ..campaign.simulate import SimOptions, simulate
    from ..jsonio import dumps
    from ..kit import check_input_outside, default_folder_name
    from . import _seed

    notes: list[str] = []
    if map_file is not None:
        from ..fw.model import read_fw_map

        wrong = given("size", "width", "height", "holdings", "races", "square_mm")
        if wrong:
            raise Refused(f"{', '.join(wrong)}: options of a generated map; with --map the map is given")
        m = read_fw_map(map_file)
        map_bytes = map_file.read_bytes()
        run_seed = m.seed if seed is None else _seed(None, None, seed)
    else:
        from ..campaign.setup import INCURSIONE_MIN_HOLDINGS
        from ..fw.rules import CAMPAIGN_SIZES
        from .fw import _build_map

        run_seed = _seed(None, None, seed)
        if scenario == "incursione" and holdings is None and CAMPAIGN_SIZES[size] < INCURSIONE_MIN_HOLDINGS - 1:
            # FW-17.2: the defenders hold 4 or more holdings; a generated map is given them, as a player would set it up.
            holdings = INCURSIONE_MIN_HOLDINGS - 1
            notes.append(f"the Incursione's defenders hold {INCURSIONE_MIN_HOLDINGS} or more holdings (FW-17.2): "
                         f"the {size} map was made with {holdings} a side besides the capital (--holdings {holdings})")
        m = _build_map(run_seed, size, width, height, holdings, races, square_mm, None, ())
        map_bytes = dumps(m.to_json()).encode("utf-8")
    if out is None:
        out = Path("output") / default_folder_name("simulate", run_seed)
    if map_file is not None:
        check_input_outside(map_file, out, "--map")
    options = SimOptions(bots=bots, scenario=scenario, max_days=max_days)
    records = _with_progress(_player(simulate, map_bytes, options, run_seed, games, workers, scheduler), games)
    doc = balance.report(records, options, run_seed, balance.map_info(m, map_bytes))

    def produce(outputs):
        outputs.notes.extend(notes)
        balance.write(outputs, doc)

    _run(out, produce)


def _player(simulate, map_bytes: bytes, options, run_seed, games: int, workers, scheduler, **cluster_kw):
    """``play(progress)``: the games on the local pool (``workers``), or on the Dask cluster at ``scheduler``."""
    if scheduler is None:
        workers = cpu_workers(workers)
        return lambda progress=None: simulate(map_bytes, options, run_seed, games, workers, progress)
    if workers is not None:
        raise Refused("--workers: with --scheduler the cluster's workers play the games; give one or the other")
    from ..campaign.cluster import ClusterError, simulate_on_cluster

    def play(progress=None):
        try:
            return simulate_on_cluster(map_bytes, options, run_seed, games, scheduler, progress, **cluster_kw)
        except ClusterError as exc:
            raise Refused(str(exc)) from None

    return play


def _with_progress(play, games: int) -> list:
    """``play(progress)``'s records, with a progress bar on a terminal only.

    SIGTERM and SIGHUP raise :class:`~mapgen.kit.Terminated` meanwhile (Ctrl-C raises
    KeyboardInterrupt), so the pool stops its workers on the way out and the
    command ends with its one line, not with workers playing on.
    """
    guard = TerminationGuard()
    guard.install()
    try:
        if sys.stderr.isatty():
            with click.progressbar(length=games, label=f"Playing {games} games", file=sys.stderr) as bar:
                return play(progress=lambda _r: bar.update(1))
        return play()
    finally:
        guard.restore()


def simulate_renaissance(map_file, seed, games, bots, rules, players, years, countries, neutrals, sheet, workers, out, scheduler=None) -> None:
    """``campaign simulate --rules renaissance``: the country map (given or generated), the games, the report."""
    from ..renaissance import balance
    from ..renaissance.simulate import SimOptions, run_game, simulate, start
    from ..jsonio import dumps
    from ..kit import check_input_outside, default_folder_name
    from . import _seed

    if map_file is not None:
        from ..country.model import read_country_map

        wrong = given("countries", "neutrals", "sheet")
        if wrong:
            raise Refused(f"{', '.join(wrong)}: options of a generated country map; with --map the map is given")
        cm = read_country_map(map_file)
        map_bytes = map_file.read_bytes()
        run_seed = cm.seed if seed is None else _seed(None, None, seed)
    else:
        from .country import build_country_map

        run_seed = _seed(None, None, seed)
        cm = build_country_map(run_seed, countries or players or 2, neutrals, sheet)
        map_bytes = dumps(cm.to_json()).encode("utf-8")
    if players is None:
        players = sum(not c.neutral for c in cm.countries)
    options = SimOptions(players=players, bots=bots, years=years, rules=tuple(r for r in rules if r != "renaissance"))
    try:
        options.check()
    except ValueError as exc:
        raise Refused(str(exc)) from None
    if out is None:
        out = Path("output") / default_folder_name("simulate", run_seed)
    if map_file is not None:
        check_input_outside(map_file, out, "--map")
    records = _with_progress(_player(simulate, map_bytes, options, run_seed, games, workers, scheduler, game=run_game, check=start), games)
    doc = balance.report(records, options, run_seed, balance.map_info(cm, map_bytes))
    _run(out, lambda outputs: balance.write(outputs, doc))
