"""What the balance reports of every rule set share: win rates with their Wilson intervals, rounding, the chart, the files.

A win rate comes with its 95 % Wilson score interval: unlike the normal
approximation (p +- 1.96 sqrt(p(1-p)/n)) it stays inside 0-1 and keeps
close to its nominal coverage for a few dozen games or a rate near 0 or 1,
which is where a lopsided map puts it.
"""

from __future__ import annotations

import math
from html import escape

from .jsonio import dumps

#: A game no side won, on the length panel: a grey that is no side's or seat's colour (mapgen.sides).
NO_WINNER = "#aaaaaa"
#: The two-sided 95 % normal quantile, Phi^-1(0.975).
Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` successes in ``games`` trials.

    Examples
    --------
    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def r4(x: float) -> float:
    return round(x, 4)


def r2(x: float) -> float:
    return round(float(x), 2)


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def rate_chart(winners: list, series: list[tuple], bars: list[tuple], longest: int, length_title: str, legend_step: int = 200) -> str:
    """The balance chart of either rule set: win rates after each game over game lengths.

    ``winners`` is each game's winner in seed order; ``series`` one
    ``(winner key, rate dict, colour, legend)`` per side or seat, drawn as its
    running win rate with its final 95 % interval as a band; ``bars`` one
    ``(length, colour)`` per game, scaled to ``longest``.
    """
    w, h, left, right = 640, 400, 50, 20
    top1, h1 = 30, 170  # win rate panel
    top2, h2 = 250, 110  # game length panel
    n = max(1, len(winners))
    pw = w - left - right

    def x(i: float) -> float:
        return left + pw * i / n

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        'font-family="DejaVu Sans, Bitstream Vera Sans, sans-serif" font-size="11">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<text x="{left}" y="18" font-size="13">Win rate after each game (band: the final 95 % interval)</text>',
    ]
    for frac in (0.0, 0.5, 1.0):
        y = top1 + h1 * (1 - frac)
        dash = ' stroke-dasharray="4 3"' if frac == 0.5 else ""
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{w - right}" y2="{y:.1f}" stroke="#999"{dash}/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{int(frac * 100)} %</text>')
    for k, (key, r, colour, legend) in enumerate(series):
        y_lo, y_hi = top1 + h1 * (1 - r["low"]), top1 + h1 * (1 - r["high"])
        out.append(f'<rect x="{w - right - 8}" y="{y_hi:.1f}" width="8" height="{y_lo - y_hi:.1f}" fill="{colour}" fill-opacity="0.3"/>')
        wins, points = 0, []
        for i, winner in enumerate(winners, 1):
            wins += winner == key
            points.append(f"{x(i):.1f},{top1 + h1 * (1 - wins / i):.1f}")
        if points:
            out.append(f'<polyline points="{" ".join(points)}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
        out.append(f'<text x="{left + 8 + legend_step * k}" y="{top1 + h1 + 16}" fill="{colour}">{escape(legend)}</text>')
    out.append(f'<text x="{left}" y="{top2 - 10}" font-size="13">{escape(length_title)}</text>')
    out.append(f'<line x1="{left}" y1="{top2 + h2}" x2="{w - right}" y2="{top2 + h2}" stroke="#999"/>')
    out.append(f'<text x="{left - 6}" y="{top2 + 4}" text-anchor="end">{longest}</text>')
    out.append(f'<text x="{left - 6}" y="{top2 + h2 + 4}" text-anchor="end">0</text>')
    bar = max(pw / n, 0.5)
    for i, (length, colour) in enumerate(bars):
        bh = h2 * length / longest
        out.append(f'<rect x="{x(i):.2f}" y="{top2 + h2 - bh:.1f}" width="{bar:.2f}" height="{bh:.1f}" fill="{colour}"/>')
    out.append(f'<text x="{w - right}" y="{h - 12}" text-anchor="end">game (in seed order), 1 to {len(winners)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def write_report(outputs, doc: dict, md: str, svg: str, summary: list[str]) -> None:
    """The three files of a balance report, whichever rule set made it, and its summary lines."""
    outputs.write_text("balance.json", dumps(doc))
    outputs.write_text("balance.md", md)
    outputs.write_text("balance.svg", svg)
    outputs.summary.extend(summary)
