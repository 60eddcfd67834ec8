"""``mapgen campaign simulate``: many whole campaigns played by bots on one map, and its balance.

The command reads the options common to every rule set and hands the run to
the rule set ``--rules`` names (its ``RuleSet.cli`` module builds or reads
the map, plays the games and writes the report); the games are played on a
local pool or a Dask cluster (:func:`games_player`), the folder written by
:mod:`mapgen.kit` (staged and swapped in whole).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..kit.swap import TerminationGuard
from . import MAX_GAMES, _out, cpu_workers, workers_option
from .campaign import Refused, campaign, others_options, refusals
from .campaign_options import chosen_rules, rule_words
from .fw import map_options


def _bots(ctx, param, value):
    return tuple(v.strip().lower() for v in value.split(","))


@campaign.command("simulate")
@click.option("--map", "map_file", type=click.Path(dir_okay=False, path_type=Path), help="Play on this fw-map.json; default: generate one (--seed, --size ...).")
@click.option("--seed", help="Seed of the generated map and of the run (with --map: of the run only; default the map's seed).")
@map_options
@click.option("--games", type=click.IntRange(1, MAX_GAMES), required=True, help="Whole campaigns to play.")
@click.option("--bots", default="cautious,aggressive", show_default=True, callback=_bots,
              help="Side A's and side B's behaviour: cautious, aggressive (or plain); Renaissance: one per player, aggressive or cautious "
                   "(default: aggressive, cautious, aggressive ...).")
@click.option("--rules", callback=rule_words, help="A rule set's name for a run of it instead of Fantasy Warriors, with its optional rules: renaissance,banks.")
@click.option("--players", type=click.IntRange(1, 64), help="Renaissance: players (default: one per player country of the map).")
@click.option("--years", type=click.IntRange(1, 1000), default=5, show_default=True, help="Renaissance: years before a game nobody has won ends (RC-6).")
@click.option("--countries", type=click.IntRange(1, 64), help="Renaissance: player countries of the generated map (default: one per player).")
@click.option("--neutrals", type=click.IntRange(0, 64), default=0, show_default=True, help="Renaissance: neutral countries of the generated map.")
@click.option("--sheet", default="a4", show_default=True, help="Renaissance: paper of one country's sheet for the road procedure.")
@click.option("--scenario", type=click.Choice(["incursione"]), help="Play the Incursione campaign (FW-17).")
@click.option("--tables", type=click.Path(dir_okay=False, path_type=Path), help="Napoleonic: play with the Fire, Charge and Pursuit tables of this file.")
@click.option("--max-days", type=click.IntRange(1, 100_000), default=42, show_default=True, help="Days before a game with no winner is a stalemate.")
@workers_option
@click.option("--scheduler", metavar="ADDRESS", help="Play the games on a Dask cluster, e.g. tcp://10.0.0.5:8786 (pip install 'mapgen[cluster]'); the report is the same.")
@click.option("--out", callback=_out, help="Output folder. Default: output/simulate-<seed>/.")
@refusals
def simulate_cmd(rules, **params):
    """Play GAMES whole campaigns with bots on one map: balance.json, balance.md and balance.svg (win rates, 95 % intervals).

    Fantasy Warriors by default; '--rules renaissance' plays Renaissance campaigns on a country map.
    """
    try:
        ruleset, options = chosen_rules(rules)
    except click.BadParameter as exc:  # one line, as every refusal of a run
        raise Refused(exc.format_message()) from None
    wrong = others_options(ruleset, "SIM_OPTIONS", "run")
    if wrong:
        raise Refused(wrong)
    ruleset.command_line_module().simulate(params, options)


def games_player(simulate, map_bytes: bytes, options, run_seed, games: int, workers, scheduler, **cluster_kw):
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


def with_progress(play, games: int) -> list:
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
