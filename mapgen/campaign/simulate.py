"""Whole campaigns played by bots, many at once: what a balance run is made of.

One game is a pure function of (the map file's bytes, :class:`SimOptions`,
the game's seed) -> :class:`GameRecord` (:func:`run_game`): the campaign
starts on the map with the game seed as its dice seed, and the bots play
it through ``engine.apply`` until a side wins (FW-13 surrender, or the
Incursione's own ending, FW-17.5) or the day limit comes, a stalemate.

The game seeds are spawned from the run seed with numpy's
``SeedSequence.spawn`` (independent streams, whatever their number), and
the games come back in seed order, so a run's report is the same whether it
ran in one process, in a local pool (:func:`simulate`) or on any other
executor given :func:`run_game` and :func:`game_seeds`.

The pool is the standard library's ``concurrent.futures.ProcessPoolExecutor``
over a fork context: it keeps results in submission order (``map``), loads
the map once per process (``initializer``), and needs no extra dependency
for what is one function over a list of seeds (joblib would add its own
process management for nothing here).  Each worker keeps the boards it has
built (by the map's SHA-256), so the routes the bots work out are shared by
all the games a worker plays.  Stopping the run stops its workers: Ctrl-C
or SIGTERM in the parent terminates them before the parent exits, and a
worker whose parent died (killed outright) exits by itself (:func:`_die_with`).
"""

from __future__ import annotations

import ctypes
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from itertools import islice
from typing import Callable, Iterable

import numpy as np

from ..dice import seed_to_int
from .bots import BEHAVIOURS, make_bots, play_day
from .state import Options

#: FW-17.5 / the issue: a campaign's default length in days (the Incursione ends on day 42 itself).
DEFAULT_MAX_DAYS = 42
#: The map copy's name in the campaign state of a simulated game (no file is written).
MAP_NAME = "fw-map.json"
#: Games handed to a worker at once: enough to keep the pool busy, few enough for a smooth progress bar.
CHUNKS_PER_WORKER = 8


@dataclass(frozen=True)
class SimOptions:
    """What every game of a run shares besides the map."""

    #: Side A's and side B's behaviour (:data:`mapgen.campaign.bots.BEHAVIOURS`).
    bots: tuple[str, str] = ("cautious", "aggressive")
    scenario: str | None = None
    max_days: int = DEFAULT_MAX_DAYS

    def check(self) -> None:
        """Raise ValueError, in one line, for options no game can be played with."""
        if len(self.bots) != 2:
            raise ValueError(f"give one behaviour per side, e.g. cautious,aggressive (got {len(self.bots)})")
        for name in self.bots:
            if name not in BEHAVIOURS:
                raise ValueError(f"unknown bot behaviour {name!r}; behaviours: {', '.join(sorted(BEHAVIOURS))}")
        if self.scenario not in (None, "incursione"):
            raise ValueError(f"unknown scenario {self.scenario!r}: give incursione or none")
        if self.max_days < 1:
            raise ValueError(f"--max-days {self.max_days}: give 1 or more")

    def campaign_options(self) -> Options:
        return Options(scenario=self.scenario)


@dataclass(frozen=True)
class GameRecord:
    """One game: its seed, the winner (``"A"``, ``"B"``, ``"draw"``, or None at the day limit), its length and battles."""

    seed: int
    winner: str | None
    days: int
    battles: int
    holdings_lost: dict = field(default_factory=dict)  # side -> holdings it lost (FW-13.c counts)
    ended: str = ""

    def to_json(self) -> dict:
        return asdict(self)


def game_seeds(run_seed: int | str, games: int) -> list[int]:
    """The seeds of a run's games: ``SeedSequence(run seed).spawn(games)``, each child's first 63 bits.

    Examples
    --------
    >>> game_seeds(7, 3) == game_seeds("7", 3) and game_seeds(7, 2) == game_seeds(7, 3)[:2]
    True
    """
    children = np.random.SeedSequence(seed_to_int(run_seed)).spawn(games)
    return [int(c.generate_state(1, np.uint64)[0]) & (2**63 - 1) for c in children]


def play_game(state, board, bots: dict, max_days: int = DEFAULT_MAX_DAYS) -> GameRecord:
    """Play from ``state`` (a new campaign) to a win or a stalemate after ``max_days`` days."""
    while state.winner is None and state.day <= max_days:
        state, _ = play_day(state, board, bots)
    winner = state.winner
    days = state.day if winner is not None else max_days
    battles = sum(1 for e in state.log if e.rule == "FW-10.3")
    ended = state.ended or f"day {max_days} ended with no winner: a stalemate"
    return GameRecord(state.seed, winner, days, battles, {s.id: s.holdings_lost for s in state.sides}, ended)


# --- one game from the map's bytes: the unit of work of every executor -------------------------

#: Maps this process has read, by the SHA-256 of their file: (FwMap, bytes).
_MAPS: dict[str, tuple] = {}


def _map(map_bytes: bytes):
    from .store import sha256_bytes

    sha = sha256_bytes(map_bytes)
    kept = _MAPS.get(sha)
    if kept is None:
        from ..fw.model import FwMap

        kept = _MAPS[sha] = (FwMap.from_json(json.loads(map_bytes)), map_bytes)
    return kept


def run_game(map_bytes: bytes, options: SimOptions, seed: int) -> GameRecord:
    """One whole game on the map in ``map_bytes`` (an ``fw-map.json``): pure, so any executor may run it."""
    from .store import board_for

    state = _start(map_bytes, options, seed)
    return play_game(state, board_for(state), make_bots(options.bots), options.max_days)


def check_start(map_bytes: bytes, options: SimOptions, seed: int) -> None:
    """Refuse (``InfeasibleError``) a map no game of the run can start on, before any worker plays."""
    _start(map_bytes, options, seed)


def _start(map_bytes: bytes, options: SimOptions, seed: int):
    """Day 1 of the game's campaign (``InfeasibleError`` when the map cannot hold it, e.g. FW-17.2)."""
    from .setup import start_campaign

    fw_map, raw = _map(map_bytes)
    return start_campaign(fw_map, raw, MAP_NAME, seed, options.campaign_options())


# --- a local pool, for either rule set -----------------------------------------------------------

_WORKER: dict = {}
#: ``prctl`` option: the signal a process gets when its parent dies (Linux, ``<linux/prctl.h>``).
PR_SET_PDEATHSIG = 1
#: How often a worker with no ``prctl`` looks whether its parent is still there, s.
ORPHAN_CHECK_S = 1.0


def _init_worker(game: Callable, map_bytes: bytes, options, warm: Callable | None, parent: int) -> None:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    _die_with(parent)
    _WORKER.update(game=game, map_bytes=map_bytes, options=options)
    if warm is not None:
        warm(map_bytes)


def _die_with(parent: int) -> None:
    """Make this worker stop when the run does: on the parent's death, on the pool's SIGTERM, never on the terminal's Ctrl-C.

    Ctrl-C reaches the whole foreground process group: the parent alone
    handles it (it stops the pool and says so), so a worker ignores SIGINT
    and takes SIGTERM, whatever handler the parent had, as the default: die.
    A parent killed outright (SIGKILL, a crash) cannot stop its pool, so the
    kernel is asked to send SIGTERM when the parent goes (Linux
    ``PR_SET_PDEATHSIG``); elsewhere a thread checks every second whether
    the worker was orphaned.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        watched = hasattr(libc, "prctl") and sys.platform.startswith("linux") and libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) == 0
    except (OSError, TypeError, AttributeError):  # no C library to ask (not a POSIX system)
        watched = False
    if os.getppid() != parent:  # the parent died before the kernel was asked to watch it
        os._exit(1)
    if not watched:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="orphan-check").start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(ORPHAN_CHECK_S)
    os._exit(1)


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Terminate the pool's workers now, their games unfinished.

    The executor then finds its pool broken and fails every game not played
    (BrokenProcessPool, never seen: the run is already stopping) and closes
    its queues itself.  No future may be cancelled first: Python 3.11's
    executor fails a cancelled future again and its thread dies, leaving
    the process unable to exit.
    """
    stop = getattr(pool, "terminate_workers", None)  # Python 3.14
    if stop is not None:
        stop()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):  # the executor's own list, before 3.14
        process.terminate()


def _worker_games(seeds: list[int]) -> list:
    return [_WORKER["game"](_WORKER["map_bytes"], _WORKER["options"], seed) for seed in seeds]


def play_seeds(
    game: Callable,
    map_bytes: bytes,
    options,
    seeds: list[int],
    workers: int = 1,
    progress: Callable | None = None,
    warm: Callable[[bytes], object] | None = None,
    stop: Callable[[list], bool] | None = None,
) -> list:
    """``game(map_bytes, options, seed)`` for every seed, in seed order whatever ``workers`` is.

    The pool both rule sets share: ``game`` is a module-level function (the
    Fantasy Warriors :func:`run_game` or the Renaissance one), ``warm`` reads
    the map once in each worker before its first game; ``progress`` is
    called with each record, in seed order.  ``stop`` (a sequential test) is
    asked after each record with the records so far, in seed order: True ends
    the run there, so the records are the same prefix whatever ``workers`` is
    (a pool queues :data:`STOP_AHEAD` games a worker ahead, and no more).
    """
    if workers <= 1 or len(seeds) <= 1:
        return _collect((game(map_bytes, options, s) for s in seeds), progress, stop)
    chunk = max(1, len(seeds) // (workers * CHUNKS_PER_WORKER))
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker, initargs=(game, map_bytes, options, warm, os.getpid()))
    try:
        if stop is None:
            # Chunks submitted by hand, not pool.map: map's iterator cancels what is left when it is
            # interrupted, which the executor of Python 3.11 cannot take with its workers stopped.
            batches = [pool.submit(_worker_games, seeds[i:i + chunk]) for i in range(0, len(seeds), chunk)]
            return _collect((record for batch in batches for record in batch.result()), progress)
        played = _collect(_in_order(pool, seeds, workers * STOP_AHEAD), progress, stop)
        pool.shutdown(cancel_futures=True)  # the games queued past the stop are not played
        return played
    except BaseException:  # Ctrl-C, SIGTERM (Terminated), a game's error: no worker plays on
        _stop_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True)


#: Games queued per worker, ahead of the one the sequential test reads: enough to keep each busy, few to waste.
STOP_AHEAD = 2


def _in_order(pool, seeds: list[int], ahead: int):
    """Each seed's record in seed order, at most ``ahead`` games queued and not yet read."""
    queued: deque = deque()
    rest = iter(seeds)
    for seed in islice(rest, ahead):
        queued.append(pool.submit(_worker_games, [seed]))
    while queued:
        (record,) = queued.popleft().result()
        for seed in islice(rest, 1):
            queued.append(pool.submit(_worker_games, [seed]))
        yield record


def play_run(game: Callable, check: Callable, warm: Callable, map_bytes: bytes, options, run_seed: int | str, games: int,
             workers: int = 1, progress: Callable | None = None, stop: Callable[[list], bool] | None = None) -> list:
    """A whole run of either rule set: its options checked, the run's seeds, the first game's start checked here
    (a map the campaign cannot start on is refused in this process, not in a worker), then :func:`play_seeds`."""
    options.check()
    seeds = game_seeds(run_seed, games)
    check(map_bytes, options, seeds[0])
    return play_seeds(game, map_bytes, options, seeds, workers, progress, warm=warm, stop=stop)


def simulate(
    map_bytes: bytes,
    options: SimOptions,
    run_seed: int | str,
    games: int,
    workers: int = 1,
    progress: Callable[[GameRecord], None] | None = None,
    stop: Callable[[list[GameRecord]], bool] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games, in seed order whatever ``workers`` is; ``progress`` is called after each, and
    ``stop`` may end the run early (see :func:`play_seeds`)."""
    return play_run(run_game, check_start, _map, map_bytes, options, run_seed, games, workers, progress, stop)


def _collect(records: Iterable, progress, stop=None) -> list:
    out = []
    for r in records:
        out.append(r)
        if progress is not None:
            progress(r)
        if stop is not None and stop(out):
            break
    return out
