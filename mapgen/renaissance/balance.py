"""The balance report of a Renaissance run: ``balance.json`` (schema ``mapgen/balance-renaissance``), ``balance.md``, ``balance.svg``.

The Fantasy Warriors report (:mod:`mapgen.campaign.balance`) per seat rather
than per side: each seat's win rate with its 95 % Wilson interval (the same
:func:`~mapgen.balance_report.wilson`), written by the same
:func:`~mapgen.campaign.balance.write_report` and drawn by the same
:func:`~mapgen.balance_report.rate_chart`.  A game is won only by taking
every opponent's capital (RC-6); when the agreed years run out nobody wins,
so the report also counts the games each seat ended holding the most
places alone (``leads``), with its interval too.

Nothing of the run itself (time, workers) is in it: the same command gives
the same bytes however it ran.  Rates are rounded to 4 decimals, means to 2.
"""

from __future__ import annotations

import statistics

from ..balance_report import NO_WINNER, pct, r2, r4, rate_chart, wilson, write_report
from ..sides import rc_seat_style
from .simulate import GameRecord, SimOptions

SCHEMA = "mapgen/balance-renaissance"
VERSION = 1
#: The chart's legend: one seat's label every so many pixels.
LEGEND_STEP = 150


def seat_colour(i: int) -> str:
    """The ``i``-th seat's colour (from 0), the one it has on the country map, the status map and its counters."""
    return rc_seat_style(i).color


def _rate(k: int, n: int) -> dict:
    lo, hi = wilson(k, n)
    return {"rate": r4(k / n if n else 0.0), "low": r4(lo), "high": r4(hi)}


def _mean_median(values: list) -> dict:
    return {"mean": r2(statistics.fmean(values)), "median": r2(statistics.median(values))}


def leader(r: GameRecord) -> str | None:
    """The seat that ended the game holding the most places, alone; None on a tie."""
    if not r.places:
        return None
    most = max(r.places.values())
    top = [s for s, n in r.places.items() if n == most]
    return top[0] if len(top) == 1 else None


def report(records: list[GameRecord], options: SimOptions, run_seed: int | str, map_info: dict) -> dict:
    """The ``balance.json`` document of a Renaissance run."""
    n = len(records)
    seats = [f"P{i}" for i in range(1, options.players + 1)]
    wins = {s: sum(1 for r in records if r.winner == s) for s in seats}
    leads = {s: sum(1 for r in records if leader(r) == s) for s in seats}
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "seed": run_seed,
        "map": map_info,
        "players": options.players,
        "bots": dict(zip(seats, options.seat_bots)),
        "rules": sorted(options.rules),
        "years": options.years,
        "games": n,
        "wins": wins,
        "no_winner": sum(1 for r in records if r.winner is None),
        "confidence": 0.95,
        "win_rate": {s: _rate(wins[s], n) for s in seats},
        "leads": leads,
        "lead_rate": {s: _rate(leads[s], n) for s in seats},
        "length_years": _mean_median([r.years for r in records]),
        "battles_per_game": _mean_median([r.battles for r in records]),
        "sieges_per_game": _mean_median([r.sieges for r in records]),
        "taken_per_game": _mean_median([r.taken for r in records]),
        "places_held": {s: _mean_median([r.places.get(s, 0) for r in records]) for s in seats},
        "per_game": [
            {"seed": r.seed, "winner": r.winner, "years": r.years, "ended": r.ended, "battles": r.battles, "sieges": r.sieges,
             "taken": r.taken, "places": {s: r.places.get(s, 0) for s in seats}}
            for r in records
        ],  # fmt: skip
    }


def map_info(country_map, map_bytes: bytes) -> dict:
    """The ``map`` field: the map's seed, its file's SHA-256, its countries and its places."""
    from ..engine.boards import sha256_bytes
    from .setup import PLACE_KINDS

    kinds = [d["kind"] for _, d in country_map.graph.nodes(data=True)]
    return {
        "seed": country_map.seed,
        "sha256": sha256_bytes(map_bytes),
        "countries": sum(not c.neutral for c in country_map.countries),
        "neutrals": sum(c.neutral for c in country_map.countries),
        "places": sum(k in PLACE_KINDS for k in kinds),
    }


def verdict(doc: dict) -> str:
    """One sentence: which seat wins more than an even share explains, or that none does."""
    share = 1 / doc["players"]
    for s, r in doc["win_rate"].items():
        if r["low"] > share:
            return (f"{s} wins more games than its even share ({pct(share)}) explains (its whole 95 % interval lies above it): "
                    "with these bots, the map favours it.")  # fmt: skip
    if doc["no_winner"] * 2 > doc["games"]:
        return f"Most games end with no winner after {doc['years']} years: see the places held and who leads at the end."
    return f"No seat is favoured beyond chance: no win rate's 95 % interval lies wholly above an even share ({pct(share)})."


def markdown(doc: dict) -> str:
    """``balance.md``: the report in words."""
    m = doc["map"]
    rules = f" with the optional rules {', '.join(doc['rules'])}" if doc["rules"] else ""
    lines = [
        "# Campaign balance (Renaissance)",
        "",
        f"{doc['games']} games of {doc['players']} players{rules} on country map seed {m['seed']} ({m['countries']} player "
        f"countries, {m['neutrals']} neutral, {m['places']} places), run seed {doc['seed']}, at most {doc['years']} years each; "
        "a game is won by holding every opponent's capital (RC-6).",
        "",
        verdict(doc),
        "",
        "| seat | bot | wins | win rate | 95 % interval (Wilson) | leads at the end | places held at the end (mean) |",
        "|---|---|---:|---:|---|---:|---:|",
    ]
    for s, bot in doc["bots"].items():
        r = doc["win_rate"][s]
        lines.append(f"| {s} | {bot} | {doc['wins'][s]} | {pct(r['rate'])} | {pct(r['low'])} - {pct(r['high'])} "
                     f"| {doc['leads'][s]} | {doc['places_held'][s]['mean']} |")  # fmt: skip
    ly, bp, sp, tp = doc["length_years"], doc["battles_per_game"], doc["sieges_per_game"], doc["taken_per_game"]
    lines += [
        "",
        f"No winner (the years ran out): {doc['no_winner']}. A seat leads when it ends holding the most places, alone.",
        f"A game lasted {ly['mean']} years on average (median {ly['median']}), with {bp['mean']} battles, "
        f"{sp['mean']} sieges begun and {tp['mean']} places taken by siege.",
        "",
        "![Win rate over the games and game length](balance.svg)",
        "",
        "Every game's seed, winner, length and places held are in `balance.json` (`mapgen schema balance-renaissance`).",
        "",
    ]
    return "\n".join(lines)


def chart_svg(doc: dict) -> str:
    """``balance.svg``: each seat's win rate after each game (with its final interval), and each game's length in years."""
    seats = list(doc["bots"])
    colour = {s: seat_colour(i) for i, s in enumerate(seats)}
    series = [(s, doc["win_rate"][s], colour[s], f"{s} ({doc['bots'][s]}): {pct(doc['win_rate'][s]['rate'])}") for s in seats]
    games = doc["per_game"]
    bars = [(g["years"], colour.get(g["winner"], NO_WINNER)) for g in games]
    longest = max([doc["years"]] + [g["years"] for g in games])
    return rate_chart([g["winner"] for g in games], series, bars, longest, "Game length in years (grey: no winner)", LEGEND_STEP)


def summary_lines(doc: dict) -> list[str]:
    lines = []
    for s, bot in doc["bots"].items():
        r = doc["win_rate"][s]
        lines.append(f"{s} ({bot}): {doc['wins'][s]} of {doc['games']} games won, {pct(r['rate'])} "
                     f"(95 % interval {pct(r['low'])} - {pct(r['high'])}); led at the end in {doc['leads'][s]}")  # fmt: skip
    lines.append(f"No winner in {doc['no_winner']}; {doc['length_years']['mean']} years a game on average")
    lines.append(verdict(doc))
    return lines


def write(outputs, doc: dict) -> None:
    """``balance.json``, ``balance.md`` and ``balance.svg`` into a :class:`mapgen.kit.Outputs`."""
    write_report(outputs, doc, markdown(doc), chart_svg(doc), summary_lines(doc))
