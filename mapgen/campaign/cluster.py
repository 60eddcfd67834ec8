"""A balance run on a Dask cluster: the same games as the local pool, on as many machines as the cluster has (either rule set).

Each game is :func:`~mapgen.campaign.simulate.run_game` of (the map file's bytes,
the options, the game's seed), a pure function, and the seeds are the local
run's (:func:`~mapgen.campaign.simulate.game_seeds`): the cluster plays the same
games and the records come back in seed order, so ``balance.json`` is
byte-identical to a local run's.  The map is sent to every worker once
(``scatter``), not with each game.

``dask.distributed`` is an optional extra (``pip install 'mapgen[cluster]'``):
it is imported here only, when ``--scheduler`` is given.
"""

from __future__ import annotations

from typing import Callable

from ..errors import MapgenError
from .simulate import GameRecord, SimOptions, check_start, game_seeds, run_game

#: How long to wait for the scheduler to answer before giving up (seconds).
CONNECT_TIMEOUT_S = 20
#: Games sent to the cluster as one task: fewer round trips for short games.
GAMES_PER_TASK = 25


class ClusterError(MapgenError):
    """The cluster cannot be used: dask.distributed missing, or the scheduler unreachable (a usage error)."""


def _client(scheduler):
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(
            "--scheduler needs dask.distributed, an optional extra: pip install 'mapgen[cluster]'"
        ) from None
    if not isinstance(scheduler, str):  # a LocalCluster or Client given by a program
        return Client(scheduler), True
    try:
        return Client(scheduler, timeout=f"{CONNECT_TIMEOUT_S}s"), True
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({exc})") from None


def play_games(map_bytes: bytes, options, seeds: list[int], game: Callable = run_game) -> list:
    """Several games on one worker, in the order of ``seeds`` (``game``: either rule set's ``run_game``)."""
    return [game(map_bytes, options, s) for s in seeds]


def simulate_on_cluster(
    map_bytes: bytes,
    options: SimOptions,
    run_seed: int | str,
    games: int,
    scheduler,
    progress: Callable[[GameRecord], None] | None = None,
    game: Callable = run_game,
    check: Callable = check_start,
) -> list:
    """Play ``games`` games on the Dask cluster at ``scheduler`` (an address such as ``tcp://host:8786``).

    Returns the records in seed order, as :func:`~mapgen.campaign.simulate.simulate` does.
    ``game`` and ``check`` are the rule set's ``run_game`` and start check
    (Fantasy Warriors by default; :mod:`mapgen.renaissance.simulate` for a Renaissance run).
    """
    options.check()
    seeds = game_seeds(run_seed, games)
    check(map_bytes, options, seeds[0])  # a map the campaign cannot start on is refused here, not on the cluster
    client, close = _client(scheduler)
    try:
        from distributed import as_completed

        shared_map = client.scatter(map_bytes, broadcast=True)
        batches = [seeds[i:i + GAMES_PER_TASK] for i in range(0, len(seeds), GAMES_PER_TASK)]
        futures = [client.submit(play_games, shared_map, options, batch, game, pure=False) for batch in batches]
        try:
            if progress is not None:
                for done in as_completed(futures):
                    for record in done.result():
                        progress(record)
            return [record for batch in client.gather(futures) for record in batch]
        except BaseException:  # Ctrl-C, SIGTERM, a failed game: the cluster stops playing this run's games
            client.cancel(futures)
            raise
    finally:
        if close:
            client.close()
