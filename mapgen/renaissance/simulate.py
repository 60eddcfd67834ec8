"""Whole Renaissance campaigns played by bots, many at once: a balance run of ``--rules renaissance``.

One engine, two rule sets: the game seeds (``SeedSequence.spawn``), the
process pool and its ordering are the Fantasy Warriors run's
(:func:`mapgen.campaign.simulate.game_seeds`, :func:`~mapgen.campaign.simulate.play_seeds`);
what is the Renaissance's own is one game, :func:`run_game` of (the
``country.json`` bytes, :class:`SimOptions`, the game's seed) ->
:class:`GameRecord`, a pure function any executor may run.  A game starts
as ``campaign new --rules renaissance`` does (day one after the first
spring's taxes, RC-2, RC-3.1) with the dice seeded by the game seed, and the
bots (:mod:`.bots`) play it year after year until it ends (RC-6): one player
holds every opponent's capital, or the agreed years have passed.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Callable

from ..workers import play_run
from .bots import BEHAVIOURS, Routes, make_bots, play_campaign
from .setup import BANKS_FROM_PLAYERS
from .state import SUMMER_PHASES, Ends, Options

#: [DEV] The issue's default length of a simulated campaign, in years (RC-6 lets the players agree it).
DEFAULT_YEARS = 5
#: [DEV] Seats take these behaviours in turn when ``--bots`` is not given: P1 aggressive, P2 cautious, P3 aggressive ...
DEFAULT_BOTS = ("aggressive", "cautious")
#: The fewest players of a balance run: the capitals condition needs an opponent (RC-6).
MIN_PLAYERS = 2
#: The optional rules a run may switch on (:class:`~.state.Options`' fields).
OPTIONAL_RULES = ("banks", "loan_on_all_taxes", "rabble_disperses", "redraw_order_each_phase")
#: A battle is an engagement whose Tabella 34 result (logged under RC-4.5) is BATTLE, fought on the table or auto-resolved.
BATTLE = ("RC-4.5", "BATTLE")


@dataclass(frozen=True)
class SimOptions:
    """What every game of a Renaissance run shares besides the map."""

    players: int = 2
    #: One behaviour per seat (:data:`.bots.BEHAVIOURS`); empty: :data:`DEFAULT_BOTS` in turn.
    bots: tuple[str, ...] = ()
    years: int = DEFAULT_YEARS
    #: Optional rules switched on (:data:`OPTIONAL_RULES`); the banks are on from three players anyway (RC-3.4).
    rules: tuple[str, ...] = ()

    @property
    def seat_bots(self) -> tuple[str, ...]:
        return self.bots or tuple(DEFAULT_BOTS[i % len(DEFAULT_BOTS)] for i in range(self.players))

    def check(self) -> None:
        """Raise ValueError, in one line, for options no game can be played with."""
        if self.players < MIN_PLAYERS:
            raise ValueError(f"--players {self.players}: a balance run needs {MIN_PLAYERS} or more players (RC-6: capitals are taken from opponents)")
        if self.bots and len(self.bots) != self.players:
            raise ValueError(f"--bots: give one behaviour per player, {self.players} in all (got {len(self.bots)})")
        for name in self.bots:
            if name not in BEHAVIOURS:
                raise ValueError(f"unknown bot behaviour {name!r}; behaviours: {', '.join(sorted(BEHAVIOURS))}")
        for rule in self.rules:
            if rule not in OPTIONAL_RULES:
                raise ValueError(f"unknown optional rule {rule!r}; the Renaissance's: {', '.join(OPTIONAL_RULES)}")
        if self.years < 1:
            raise ValueError(f"--years {self.years}: give 1 or more")

    def campaign_options(self) -> Options:
        """The campaign's optional rules, as ``campaign new --rules renaissance,...`` chooses them."""
        return Options(**({"banks": self.players >= BANKS_FROM_PLAYERS} | {r: True for r in self.rules}))

    def ends(self) -> Ends:
        """RC-6: every opponent's capital, or the years run out."""
        return Ends(capitals=True, years=self.years)


@dataclass(frozen=True)
class GameRecord:
    """One game: its seed, the winner seat (None when the years ran out), its length, and what happened."""

    seed: int
    winner: str | None
    years: int
    ended: str
    #: seat -> places it held at the end
    places: dict = field(default_factory=dict)
    battles: int = 0
    #: sieges begun, and places taken by siege (RC-4.10)
    sieges: int = 0
    taken: int = 0
    #: summer phases played and commands given: what the benchmark counts
    phases: int = 0
    commands: int = 0

    def to_json(self) -> dict:
        return asdict(self)


def record(state, tally: Counter) -> GameRecord:
    """The record of a finished game, from its final state and its commands counted by name."""
    held = Counter(p.owner for p in state.places)
    battles = sum(1 for e in state.log if (e.rule, e.outcome) == BATTLE)
    taken = sum(1 for e in state.log if e.rule == "RC-4.10" and e.outcome == "taken")
    phases = (state.year - 1) * SUMMER_PHASES + state.phase if state.season == "summer" else state.year * SUMMER_PHASES
    return GameRecord(
        state.seed, state.winner, state.year, state.ended or "", {p.seat: held.get(p.seat, 0) for p in state.players},
        battles, tally.get("BeginSiege", 0), taken, phases, sum(tally.values()),
    )  # fmt: skip


# --- one game from the map's bytes: the unit of work of every executor -------------------------

#: Country maps this process has read, by the SHA-256 of their file: (CountryMap, board, routes).
_MAPS: dict[str, tuple] = {}


def load_map(map_bytes: bytes):
    """The country map in ``map_bytes``, its board and the bots' routes, read once per process."""
    from ..engine.boards import sha256_bytes

    sha = sha256_bytes(map_bytes)
    kept = _MAPS.get(sha)
    if kept is None:
        from ..country.model import CountryMap
        from .setup import board

        cm = CountryMap.from_json(json.loads(map_bytes))
        b = board(cm, map_bytes)
        kept = _MAPS[sha] = (cm, b, Routes(b))
    return kept


def start(map_bytes: bytes, options: SimOptions, seed: int):
    """Day one of the game's campaign (``InfeasibleError`` naming the rule when the map cannot hold it, e.g. RC-1.1)."""
    from .setup import new_campaign

    cm, _, _ = load_map(map_bytes)
    return new_campaign(cm, map_bytes, seed, options.players, options.ends(), None, options.campaign_options())


def run_game(map_bytes: bytes, options: SimOptions, seed: int) -> GameRecord:
    """One whole game on the map in ``map_bytes`` (a ``country.json``): pure, so any executor may run it."""
    _, board, routes = load_map(map_bytes)
    state = start(map_bytes, options, seed)
    bots = make_bots(options.seat_bots, [p.seat for p in state.players], board, routes)
    state, tally = play_campaign(state, board, bots)
    return record(state, tally)


def simulate(
    map_bytes: bytes,
    options: SimOptions,
    run_seed: int | str,
    games: int,
    workers: int = 1,
    progress: Callable[[GameRecord], None] | None = None,
) -> list[GameRecord]:
    """Play ``games`` games, in seed order whatever ``workers`` is; ``progress`` is called after each."""
    return play_run(run_game, start, load_map, map_bytes, options, run_seed, games, workers, progress)
