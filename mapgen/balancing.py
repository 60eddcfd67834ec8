"""Balanced campaign maps: generate, let bots play the map many times, and try the next seed until it is fair.

Issue 10's ``--balanced``.  Attempt 0 is the map of the seed given; attempt
``k >= 1`` is the map of the text seed ``"<seed>-balanced-<k>"``
(:func:`attempt_seed`).  The derivation depends only on the seed and ``k``,
so the same command gives the same map, and the map kept records its own
seed: ``mapgen fw-map --seed 7-balanced-4`` draws it again without
balancing.

Each attempt's map plays up to :data:`DEFAULT_GAMES` whole campaigns
(:func:`mapgen.campaign.simulate.simulate`) with the same behaviour on both
sides, ``aggressive``: with equal bots a difference in win rates is the
map's doing, and aggressive bots decide their games (on a medium map 200
games of ``aggressive,aggressive`` end with no stalemate, while 30 of
``cautious,cautious`` on seed 7 all reach the day limit: a stalemate is
neither side's win, so every map would stay out of the band).  The run seed of an
attempt is its map's seed, as for ``mapgen campaign simulate --map``, so the
kept map's ``balance.json`` is byte for byte what ``mapgen campaign simulate
--map fw-map.json --games N --bots aggressive,aggressive`` writes, N the
games it played.

Issue 27: the games stop as soon as the evidence decides (:func:`verdict`).
Wald's sequential probability ratio test, per side, of "it wins 50 %"
against "it wins 35 %" and against "65 %" (:data:`LOPSIDED`), alpha 2.5 %
each way and beta 5 %: lopsided as soon as one of the four one-sided tests
says so, fair once all of them do, and at :data:`DEFAULT_GAMES` undecided
the 200 games are judged as before.  A fair verdict needs 64 games at
least, a lopsided one 14.  A map is kept (:attr:`Attempt.accepted`) when
the test does not call it lopsided and, on the games played, each side's
win rate lies in :data:`BAND` and its 95 % Wilson interval contains
:data:`EVEN` (:func:`in_band`): the same check as before, which the fair
verdict implies.  Its error rates, exact for a map whose side A wins with
probability p and no game a stalemate (worked out over every sequence of
results; "before" is 200 games and :func:`in_band`)::

    p (side A)     50 %   45 %   42 %   40 %   38 %   35 %   30 %   20 %
    kept, before   94.4   68.9   35.9   17.4    6.4    0.8    0.0    0.0 %
    kept, now      93.3   72.3   43.3   24.9   12.0    2.9    0.1    0.0 %
    games, mean      99    113    118    112     99     77     49     27

(the same for 1 - p).  Over maps whose rates spread 15.6 points about
50 % (what the measurements below give once a run's own noise is taken
off), a run plays about 240 games before it keeps a map instead of about
610, and 8 % of the maps kept are 10 points or more off even, against 5 %
before.  So the map kept may differ from the one 200 games a map kept:
an attempt that was kept before may now stop as lopsided, or one rejected
before be kept.

After :data:`MAX_ATTEMPTS` maps without one, :class:`UnbalancedError`
names the attempts and the closest.

What puts a map out of the band is its ground, not which side is called A.
Measured with 200 games of ``aggressive,aggressive`` per map: side A won
50.5 % on average over medium seeds 1-100 (35 of them accepted) and 50.7 %
over large seeds 1-40, with a map-to-map spread of 16-18 points.  Playing
the same maps with the two sides' territories and holdings swapped gave the
side on a given ground the same rate within about 1 point, whichever label
it had (also ``plain,plain`` and ``cautious,aggressive``).  The ground that
wins is mostly the one whose holdings lie fewer legal steps from the enemy
capital (correlation -0.64 over the medium maps).  So a mean over a few seeds
moves by 16 / sqrt(n) points: 16 maps, about 4 points, and medium seeds
17-32 average 62 % for side A by chance.

This module imports the campaign engine only when it balances a map:
``mapgen fw-map`` without ``--balanced`` reads its defaults and need not
pay the engine's third of a second.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable

from .errors import MapgenError

if TYPE_CHECKING:  # pragma: no cover
    from .fw.model import FwMap
    from .fw.options import MapOptions

#: Issue 10's band: each side wins 40-60 % of the games ...
BAND = (0.40, 0.60)
#: ... and its 95 % confidence interval overlaps 50 % (an interval is one range: it contains 0.5).
EVEN = 0.5
#: Maps tried before giving up, the given seed's included (see the module's note on the odds).
MAX_ATTEMPTS = 10
#: The most games played on an attempt's map: the interval's half-width is then about 7 points.
DEFAULT_GAMES = 200
#: Fewer games than this and the interval is wider than 50 % +- 30 points: the test would say next to nothing.
MIN_GAMES = 10
#: Both sides play the same behaviour, so that only the map differs (see the module's note).
BOTS = ("aggressive", "aggressive")
#: The sequential test's lopsided map: a side wins 50 % +- this or further (35 % or 65 %: well outside the band).
LOPSIDED = 0.15
#: Wald's alpha, for each of a side's two one-sided tests: the chance a fair map is called lopsided that way.
ALPHA = 0.025
#: Wald's beta: the chance a map lopsided by :data:`LOPSIDED` is called fair.
BETA = 0.05
#: Wald's boundaries on the log-likelihood ratio: at or above ``UPPER``, lopsided; at or below ``LOWER``, fair.
UPPER = math.log((1 - BETA) / ALPHA)
LOWER = math.log(BETA / (1 - ALPHA))


class UnbalancedError(MapgenError):
    """No attempt gave a map inside the band (exit code 1): the message names the attempts and the closest."""


def attempt_seed(seed: int | str, k: int) -> int | str:
    """The seed of attempt ``k``: the seed itself first, then ``"<seed>-balanced-<k>"``.

    Examples
    --------
    >>> [attempt_seed(7, k) for k in range(3)]
    [7, '7-balanced-1', '7-balanced-2']
    """
    return seed if k == 0 else f"{seed}-balanced-{k}"


@dataclass(frozen=True)
class BalanceSettings:
    """How maps are tried: games per map, the most maps and the bots (the campaign is the standard one, 42 days)."""

    games: int = DEFAULT_GAMES
    attempts: int = MAX_ATTEMPTS
    bots: tuple[str, str] = BOTS

    def sim_options(self):
        from .campaign.simulate import SimOptions

        return SimOptions(bots=self.bots)


@dataclass(frozen=True)
class Attempt:
    """One map tried: its seed and balance report (``balance.json``), or why no map could be made of that seed."""

    number: int  # 1 for the given seed
    seed: int | str
    report: dict | None
    refused: str = ""
    verdict: str | None = None  # the sequential test's: "fair", "lopsided", or None when it played every game

    @property
    def accepted(self) -> bool:
        return self.report is not None and self.verdict != "lopsided" and in_band(self.report)

    @property
    def games(self) -> int:
        """Games played on this map (0 when no map was made)."""
        return self.report["games"] if self.report is not None else 0

    def distance(self) -> float:
        """How far the further side's rate is from :data:`EVEN` (1 when no map was made)."""
        if self.report is None:
            return 1.0
        return max(abs(r["rate"] - EVEN) for r in self.report["win_rate"].values())


@dataclass(frozen=True)
class Balanced:
    """The map kept (the last attempt's), its file's bytes and every attempt in order."""

    map: "FwMap"
    map_bytes: bytes
    attempts: list[Attempt]
    settings: BalanceSettings

    @property
    def report(self) -> dict:
        return self.attempts[-1].report


def in_band(report: dict) -> bool:
    """Each side's recorded win rate within :data:`BAND` and its interval containing :data:`EVEN`."""
    lo, hi = BAND
    return all(lo <= r["rate"] <= hi and r["low"] <= EVEN <= r["high"] for r in report["win_rate"].values())


def side_verdict(wins: int, games: int) -> str | None:
    """Wald's sequential probability ratio test on one side's wins: "lopsided", "fair" or None (play on).

    Two one-sided tests of "the side wins 50 %" against "it wins 65 %" and against "it wins 35 %"
    (:data:`LOPSIDED`), on the log-likelihood ratio of ``wins`` in ``games``: lopsided as soon as either
    reaches :data:`UPPER`, fair once both are at or below :data:`LOWER`.

    Examples
    --------
    >>> side_verdict(14, 14), side_verdict(50, 100), side_verdict(10, 20)
    ('lopsided', 'fair', None)
    """
    up, down = math.log((EVEN + LOPSIDED) / EVEN), math.log((EVEN - LOPSIDED) / EVEN)
    losses = games - wins
    towards_more = wins * up + losses * down  # evidence the side wins 65 % rather than 50 %
    towards_less = wins * down + losses * up  # ... 35 % rather than 50 %
    if max(towards_more, towards_less) >= UPPER:
        return "lopsided"
    if max(towards_more, towards_less) <= LOWER:
        return "fair"
    return None


def verdict(wins: dict[str, int], games: int) -> str | None:
    """Both sides' :func:`side_verdict`: lopsided when either is, fair when both are (a stalemate is no side's win,
    so a map of many stalemates is lopsided for both)."""
    each = [side_verdict(wins.get(side, 0), games) for side in ("A", "B")]
    if "lopsided" in each:
        return "lopsided"
    return "fair" if all(v == "fair" for v in each) else None


def _wins(records) -> dict[str, int]:
    out = {"A": 0, "B": 0}
    for r in records:
        if r.winner in out:
            out[r.winner] += 1
    return out


class Progress:
    """What a caller hears of a balancing run; this one says nothing (the CLI draws a bar on a terminal)."""

    def attempt(self, number: int, seed: int | str, games: int) -> Callable | None:
        """An attempt begins; the callable returned (if any) is called after each of its games."""
        return None

    def done(self, attempt: Attempt) -> None:
        """An attempt ended, accepted or not."""


def balance_map(opts: "MapOptions", settings: BalanceSettings = BalanceSettings(), workers: int = 1,
                progress: Progress | None = None) -> Balanced:
    """The first map, in the order of :func:`attempt_seed`, whose games put both sides in the band.

    The given seed's map must be possible (its ``InfeasibleError`` is raised:
    the options are at fault); a derived seed's impossible map is logged as an
    attempt and the next is tried.  Raises :class:`UnbalancedError` when no
    attempt is accepted.
    """
    from .errors import InfeasibleError
    from .fw.generate import generate_map
    from .jsonio import dumps

    progress = progress or Progress()
    attempts: list[Attempt] = []
    for k in range(settings.attempts):
        seed = attempt_seed(opts.seed, k)
        on_game = progress.attempt(k + 1, seed, settings.games)
        try:
            m = generate_map(replace(opts, seed=seed))
            map_bytes = dumps(m.to_json()).encode("utf-8")
            report = play(m, map_bytes, settings, workers, on_game)
        except InfeasibleError as exc:
            if k == 0:
                raise
            attempt = Attempt(k + 1, seed, None, str(exc))
        else:
            attempt = Attempt(k + 1, seed, report, verdict=verdict(report["wins"], report["games"]))
        attempts.append(attempt)
        progress.done(attempt)
        if attempt.accepted:
            return Balanced(m, map_bytes, attempts, settings)
    raise UnbalancedError(failure_message(attempts, settings))


def play(m: "FwMap", map_bytes: bytes, settings: BalanceSettings, workers: int = 1, on_game=None) -> dict:
    """The ``balance.json`` document of the games played on the map, run seed the map's seed: games in seed
    order until the sequential test (:func:`verdict`) decides, at most ``settings.games``."""
    from .campaign import balance
    from .campaign.simulate import simulate

    options = settings.sim_options()
    records = simulate(map_bytes, options, m.seed, settings.games, workers, on_game,
                       stop=lambda played: verdict(_wins(played), len(played)) is not None)
    return balance.report(records, options, m.seed, balance.map_info(m, map_bytes))


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def rate_text(report: dict, side: str) -> str:
    """``44.0 % (37.3-50.9 %)``: a side's win rate and its 95 % interval."""
    r = report["win_rate"][side]
    return f"{_pct(r['rate'])} ({100 * r['low']:.1f}-{100 * r['high']:.1f} %)"


def _seeds_text(attempts: list[Attempt]) -> str:
    seeds = [str(a.seed) for a in attempts]
    if len(seeds) == 1:
        return f"seed {seeds[0]}"
    return f"seeds {seeds[0]} and {seeds[1]}" + (f" to {seeds[-1]}" if len(seeds) > 2 else "")


def failure_message(attempts: list[Attempt], settings: BalanceSettings) -> str:
    """One line: no map in the band, the seeds tried, the closest attempt and what to change."""
    lo, hi = BAND
    head = (f"no balanced map in {len(attempts)} attempt(s) ({_seeds_text(attempts)}; "
            f"up to {settings.games} games each, bots {','.join(settings.bots)}): no map had each side win "
            f"{100 * lo:.0f}-{100 * hi:.0f} % with its 95 % interval including 50 %")
    played = [a for a in attempts if a.report is not None]
    if played:
        best = min(played, key=Attempt.distance)
        head += (f"; the closest was seed {best.seed}, side A {rate_text(best.report, 'A')}, "
                 f"side B {rate_text(best.report, 'B')}")
    return head + "; try another --seed or more --attempts"


def attempt_result(a: Attempt) -> str:
    """How an attempt ended, in a few words."""
    if a.report is None:
        return f"no map: {a.refused}"
    if a.accepted:
        return "accepted: this map"
    return "lopsided (sequential test)" if a.verdict == "lopsided" else "outside the band"


def setup_section(b: Balanced) -> list[str]:
    """The setup sheet's "Balance" section: how maps were tried, and every attempt."""
    from .setup_sheet import md_text

    s = b.settings
    a, b_ = s.bots
    bots = f"the {a} bot on both sides (so that only the map differs)" if a == b_ else f"the {a} bot for side A and the {b_} bot for side B"
    lo, hi = BAND
    lines = [
        "## Balance (--balanced)",
        "",
        f"This map was chosen by simulation: each map tried played up to {s.games} whole campaigns of at most "
        f"{b.report['max_days']} days with {md_text(bots)}, battles decided by the strength comparison of "
        f"`mapgen.campaign.autobattle`. A map's games stop as soon as a sequential test (Wald's, per side: wins 50 % "
        f"against {100 * (EVEN - LOPSIDED):.0f} % or {100 * (EVEN + LOPSIDED):.0f} %) calls it fair or lopsided. "
        f"A map is kept when the test does not call it lopsided, each side wins {100 * lo:.0f}-{100 * hi:.0f} % of "
        f"the games played and its 95 % (Wilson) interval includes 50 %. After the seed's own map come the seeds "
        f"{md_text(attempt_seed(b.attempts[0].seed, 1))}, {md_text(attempt_seed(b.attempts[0].seed, 2))} and so on, "
        f"at most {s.attempts} maps. `balance.json` holds the kept map's games.",
        "",
        "| Attempt | Seed | Games | Side A wins (95 % interval) | Side B wins (95 % interval) | Result |",
        "|---:|---|---:|---|---|---|",
    ]
    for a in b.attempts:
        rates = [rate_text(a.report, side) if a.report else "-" for side in ("A", "B")]
        lines.append(f"| {a.number} | {md_text(a.seed, in_cell=True)} | {a.games} | {rates[0]} | {rates[1]} | "
                     f"{md_text(attempt_result(a), in_cell=True)} |")
    return lines + [""]


def summary_lines(b: Balanced) -> list[str]:
    """What the command prints of the balancing: the kept attempt and how many were tried."""
    a = b.attempts[-1]
    return [
        f"Balanced on attempt {a.number} of at most {b.settings.attempts}, seed {a.seed}: side A wins "
        f"{rate_text(a.report, 'A')}, side B {rate_text(a.report, 'B')} of {a.games} games "
        f"({','.join(b.settings.bots)} bots)"
    ]
