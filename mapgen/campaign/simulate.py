"""Whole campaigns played by bots, many at once: what a balance run is made of.

One game is a pure function of (the map file's bytes, :class:`SimOptions`,
the game's seed) -> :class:`GameRecord` (:func:`run_game`): the campaign
starts on the map with the game seed as its dice seed, and the bots play
it through ``engine.apply`` until a side wins (FW-13 surrender, or the
Incursione's own ending, FW-17.5) or the day limit comes, a stalemate.

The games of a run are played by :mod:`mapgen.workers` (seed order, a
process pool that stops with its parent).  Each worker keeps the boards it
has built (by the map's SHA-256), so the routes the bots work out are shared
by all the games a worker plays.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Callable

from ..workers import game_seeds, play_run  # noqa: F401 - game_seeds re-exported for the cluster
from .bots import BEHAVIOURS, make_bots, play_day
from .state import Options

#: FW-17.5 / the issue: a campaign's default length in days (the Incursione ends on day 42 itself).
DEFAULT_MAX_DAYS = 42
#: The optional rules the bots play (FW-20): the others need decisions the bots do not make.
SIM_RULES = ("watercraft",)
#: The map copy's name in the campaign state of a simulated game (no file is written).
MAP_NAME = "fw-map.json"


@dataclass(frozen=True)
class SimOptions:
    """What every game of a run shares besides the map."""

    #: Side A's and side B's behaviour (:data:`mapgen.campaign.bots.BEHAVIOURS`).
    bots: tuple[str, str] = ("cautious", "aggressive")
    scenario: str | None = None
    max_days: int = DEFAULT_MAX_DAYS
    #: Optional rules the games are played with (``--rules watercraft``): words of :data:`SIM_RULES`.
    rules: tuple[str, ...] = ()

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
        wrong = [r for r in self.rules if r not in SIM_RULES]
        if wrong:
            raise ValueError(f"--rules {','.join(wrong)}: a Fantasy Warriors run plays the standard rules, or with {', '.join(SIM_RULES)}")

    def campaign_options(self) -> Options:
        return Options(scenario=self.scenario, **{r: True for r in self.rules})


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
