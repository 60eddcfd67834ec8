"""Many games (or drawings) at once: a process pool that plays a list of seeds and stops with its parent.

A game is a pure function of (the map file's bytes, the run's options, the
game's seed); each rule set gives its own (``run_game``) and this module
plays a run of them.  The game seeds are spawned from the run seed with
numpy's ``SeedSequence.spawn`` (independent streams, whatever their number),
and the games come back in seed order, so a run's report is the same
whether it ran in one process, in a local pool or on any other executor.

The pool is the standard library's ``concurrent.futures.ProcessPoolExecutor``
over a fork context: it keeps results in submission order (``map``), loads
the map once per process (``initializer``), and needs no extra dependency
for what is one function over a list of seeds (joblib would add its own
process management for nothing here).  Stopping the run stops its workers:
Ctrl-C or SIGTERM in the parent terminates them before the parent exits, and
a worker whose parent died (killed outright) exits by itself (:func:`_die_with`).
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import deque
from contextlib import contextmanager
from concurrent.futures import ProcessPoolExecutor
from itertools import islice
from typing import Callable, Iterable

import numpy as np

from .dice import seed_to_int

#: Games handed to a worker at once: enough to keep the pool busy, few enough for a smooth progress bar.
CHUNKS_PER_WORKER = 8
#: The game function, the map and the options of this worker process (set by :func:`_init_worker`).
_WORKER: dict = {}


def game_seeds(run_seed: int | str, games: int) -> list[int]:
    """The seeds of a run's games: ``SeedSequence(run seed).spawn(games)``, each child's first 63 bits.

    Examples
    --------
    >>> game_seeds(7, 3) == game_seeds("7", 3) and game_seeds(7, 2) == game_seeds(7, 3)[:2]
    True
    """
    children = np.random.SeedSequence(seed_to_int(run_seed)).spawn(games)
    return [int(c.generate_state(1, np.uint64)[0]) & (2**63 - 1) for c in children]


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
    if hasattr(signal, "pthread_sigmask"):  # held while this worker was forked (_signals_held)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        watched = hasattr(libc, "prctl") and sys.platform.startswith("linux") and libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) == 0
    except (OSError, TypeError, AttributeError):  # no C library to ask (not a POSIX system)
        watched = False
    if os.getppid() != parent:  # the parent died before the kernel was asked to watch it
        os._exit(1)
    if not watched:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="orphan-check").start()


#: The signals a worker must not take before :func:`_die_with` has set its own handling.
_HELD = {signal.SIGINT, signal.SIGTERM} | ({signal.SIGHUP} if hasattr(signal, "SIGHUP") else set())


@contextmanager
def _signals_held():
    """Hold Ctrl-C and SIGTERM while workers are forked: delivered to the parent once they are all started.

    A worker inherits the held mask, so a Ctrl-C that comes while it is being
    forked cannot interrupt it halfway (Python's at-fork hooks then printed
    "Exception ignored" tracebacks); :func:`_die_with` lets them through once
    the worker ignores Ctrl-C.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


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
    with _stopping_pool(workers, _init_worker, (game, map_bytes, options, warm, os.getpid())) as pool:
        if stop is None:
            # Chunks submitted by hand, not pool.map: map's iterator cancels what is left when it is
            # interrupted, which the executor of Python 3.11 cannot take with its workers stopped.
            with _signals_held():  # the workers are forked on submit: a Ctrl-C then waits until they ignore it
                batches = [pool.submit(_worker_games, seeds[i:i + chunk]) for i in range(0, len(seeds), chunk)]
            return _collect((record for batch in batches for record in batch.result()), progress)
        played = _collect(_in_order(pool, seeds, workers * STOP_AHEAD), progress, stop)
        pool.shutdown(cancel_futures=True)  # the games queued past the stop are not played
        return played


@contextmanager
def _stopping_pool(workers: int, initializer: Callable, initargs: tuple):
    """A pool of forked workers, shut down on the way out; stopped at once when the block fails.

    Ctrl-C, SIGTERM (Terminated) or a job's error: no worker goes on with its jobs.
    """
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=initializer, initargs=initargs)
    try:
        yield pool
    except BaseException:
        _stop_workers(pool)
        raise
    finally:
        pool.shutdown(wait=True)


def map_in_order(fn: Callable, jobs: list, workers: int, done: Callable[[], None] = lambda: None) -> list:
    """``[fn(job) for job in jobs]`` on ``workers`` forked processes, in the jobs' order, ``done()`` after each.

    The workers ignore the terminal's Ctrl-C and die with the parent
    (:func:`_die_with`); Ctrl-C or SIGTERM in the parent stops them at once.
    Jobs are submitted by hand, not with ``pool.map``, whose iterator cancels
    what is left when it is interrupted: Python 3.11's executor cannot take
    that with its workers stopped, and the command hung instead of exiting.
    """
    with _stopping_pool(workers, _die_with, (os.getpid(),)) as pool:
        with _signals_held():  # the workers are forked on submit: a Ctrl-C then waits until they ignore it
            futures = [pool.submit(fn, job) for job in jobs]
        out = []
        for future in futures:
            out.append(future.result())
            done()
        return out


#: Games queued per worker, ahead of the one the sequential test reads: enough to keep each busy, few to waste.
STOP_AHEAD = 2


def _in_order(pool, seeds: list[int], ahead: int):
    """Each seed's record in seed order, at most ``ahead`` games queued and not yet read."""
    queued: deque = deque()
    rest = iter(seeds)
    with _signals_held():  # the workers are forked on the first submits
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


def _collect(records: Iterable, progress, stop=None) -> list:
    out = []
    for r in records:
        out.append(r)
        if progress is not None:
            progress(r)
        if stop is not None and stop(out):
            break
    return out
