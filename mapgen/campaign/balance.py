"""The balance report of a simulation: ``balance.json`` (schema ``mapgen/balance``), ``balance.md`` and a chart.

Each side's win rate comes with its 95 % Wilson score interval: unlike the
normal approximation (p +- 1.96 sqrt(p(1-p)/n)) it stays inside 0-1 and
keeps close to its nominal coverage for a few dozen games or a rate near 0
or 1, which is where a lopsided map puts it.  Draws (FW-13: both sides
surrender; the Incursione's day 42, FW-17.5) and stalemates (the day limit)
are wins for neither side.

The report holds nothing of the run itself (no time, no worker count), so
the same command gives the same bytes however it ran.  Rates are rounded to
4 decimals, means to 2.
"""

from __future__ import annotations

import statistics

from ..balance_report import NO_WINNER, pct, r2, r4, rate_chart, wilson, write_report
from ..sides import fw_side_style
from .simulate import GameRecord, SimOptions

SCHEMA = "mapgen/balance"
VERSION = 1
SIDES = ("A", "B")
#: Each side's colour on the chart: the one it has on the map and the counters (mapgen.sides; FW-1.1 A red, B blue).
SIDE_COLOURS = {s: fw_side_style(s).color for s in SIDES}


def report(records: list[GameRecord], options: SimOptions, run_seed: int | str, map_info: dict) -> dict:
    """The ``balance.json`` document of a run."""
    n = len(records)
    wins = {s: sum(1 for r in records if r.winner == s) for s in SIDES}
    rates = {}
    for s in SIDES:
        lo, hi = wilson(wins[s], n)
        rates[s] = {"rate": r4(wins[s] / n if n else 0.0), "low": r4(lo), "high": r4(hi)}
    days = [r.days for r in records]
    battles = [r.battles for r in records]
    lost = {s: [r.holdings_lost.get(s, 0) for r in records] for s in SIDES}
    doc = {
        "schema": SCHEMA,
        "version": VERSION,
        "seed": run_seed,
        "map": map_info,
        "bots": dict(zip(SIDES, options.bots)),
        "scenario": options.scenario,
        "max_days": options.max_days,
        "games": n,
        "wins": wins,
        "draws": sum(1 for r in records if r.winner == "draw"),
        "stalemates": sum(1 for r in records if r.winner is None),
        "confidence": 0.95,
        "win_rate": rates,
        "length_days": {"mean": r2(statistics.fmean(days)), "median": r2(statistics.median(days))},
        "battles_per_game": {"mean": r2(statistics.fmean(battles)), "median": r2(statistics.median(battles))},
        "holdings_lost": {s: {"total": sum(lost[s]), "per_game": r2(statistics.fmean(lost[s]))} for s in SIDES},
        "per_game": [
            {"seed": r.seed, "winner": r.winner, "days": r.days, "battles": r.battles, "holdings_lost": {s: r.holdings_lost.get(s, 0) for s in SIDES}}
            for r in records
        ],
    }
    if options.rules:  # written only when given, so a run of the standard rules keeps its bytes
        doc["rules"] = list(options.rules)
    return doc

def verdict(doc: dict) -> str:
    """One sentence: which side wins more than chance explains (the map's bias, or the bots'), or that none does."""
    for s in SIDES:
        if doc["win_rate"][s]["low"] > 0.5:
            return f"Side {s} wins more games than chance explains (its whole 95 % interval lies above 50 %): with these bots, the map favours it."
    decided = doc["wins"]["A"] + doc["wins"]["B"]
    if decided and doc["win_rate"]["A"]["high"] < 0.5 and doc["win_rate"]["B"]["high"] < 0.5:
        return "Neither side wins most games: most end in a draw or a stalemate."
    return "No side is favoured beyond chance: no win rate's 95 % interval lies wholly above 50 %."


def markdown(doc: dict) -> str:
    """``balance.md``: the report in words."""
    m = doc["map"]
    scen = "the Incursione (FW-17)" if doc["scenario"] == "incursione" else "the standard campaign"
    lines = [
        "# Campaign balance",
        "",
        f"{doc['games']} games of {scen} on map seed {m['seed']} ({m['width']} x {m['height']} squares), "
        f"run seed {doc['seed']}, at most {doc['max_days']} days each.",
        f"Side A played {doc['bots']['A']}, side B {doc['bots']['B']}; battles were decided by the strength comparison of "
        "`mapgen.campaign.autobattle`.",
        "",
        verdict(doc),
        "",
        "| side | bot | wins | win rate | 95 % interval (Wilson) | holdings lost per game |",
        "|---|---|---:|---:|---|---:|",
    ]
    for s in SIDES:
        r = doc["win_rate"][s]
        lines.append(
            f"| {s} | {doc['bots'][s]} | {doc['wins'][s]} | {pct(r['rate'])} | {pct(r['low'])} - {pct(r['high'])} "
            f"| {doc['holdings_lost'][s]['per_game']} |"
        )
    ld, bp = doc["length_days"], doc["battles_per_game"]
    lines += [
        "",
        f"Draws: {doc['draws']}. Stalemates (day {doc['max_days']} reached with no winner): {doc['stalemates']}.",
        f"A game lasted {ld['mean']} days on average (median {ld['median']}) and saw {bp['mean']} battles (median {bp['median']}).",
        "",
        "![Win rate over the games and game length](balance.svg)",
        "",
        "Every game's seed, winner, length and battles are in `balance.json` (`mapgen schema balance`).",
        "",
    ]
    return "\n".join(lines)


def chart_svg(doc: dict) -> str:
    """``balance.svg``: each side's win rate after each game (with its final interval), and each game's length."""
    games = doc["per_game"]
    series = [(s, doc["win_rate"][s], SIDE_COLOURS[s], f"side {s} ({doc['bots'][s]}): {pct(doc['win_rate'][s]['rate'])}") for s in SIDES]
    bars = [(g["days"], SIDE_COLOURS.get(g["winner"], NO_WINNER)) for g in games]
    longest = max([doc["max_days"]] + [g["days"] for g in games])
    return rate_chart([g["winner"] for g in games], series, bars, longest, "Game length in days (grey: no winner)")


def write(outputs, doc: dict) -> None:
    """``balance.json``, ``balance.md`` and ``balance.svg`` into a :class:`mapgen.kit.Outputs` (staged, swapped in whole)."""
    summary = []
    for s in SIDES:
        r = doc["win_rate"][s]
        summary.append(
            f"Side {s} ({doc['bots'][s]}): {doc['wins'][s]} of {doc['games']} games won, "
            f"{pct(r['rate'])} (95 % interval {pct(r['low'])} - {pct(r['high'])})"
        )
    summary.append(f"Draws {doc['draws']}, stalemates {doc['stalemates']}; {doc['length_days']['mean']} days a game on average")
    summary.append(verdict(doc))
    write_report(outputs, doc, markdown(doc), chart_svg(doc), summary)


def map_info(fw_map, map_bytes: bytes) -> dict:
    """The ``map`` field: the map's seed, its file's SHA-256 and its size."""
    from .store import sha256_bytes

    return {"seed": fw_map.seed, "sha256": sha256_bytes(map_bytes), "width": fw_map.width, "height": fw_map.height}
