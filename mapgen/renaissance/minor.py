"""Minor engagements (RC-4.9): a battle auto-resolved from the two sides' strengths, and its rear guards (RC-4.8).

The arithmetic is :func:`minor_result`, plain numbers in and out, so a test
types Tabella 34's defender and the strengths and reads the losses.
:func:`fight` applies it to the state: the companies taking part (a rear
guard's only, RC-A.14), the losses as whole companies by
:func:`~.sieges.cover` (RC-3.7, RC-A.31), and on a tie the defender holds or a
1D6 roll-off decides (RC-4.9 step 7).  Who retreats afterwards is
:mod:`.engagements`'s, the same for a battle fought on the table (RC-4.7).
Values stay :class:`~fractions.Fraction` until a loss is covered, so the x1.5
never rounds: ``D = 1.5`` asks for 2 strength points, ``D/2 = 0.75`` for 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..engine.dice import GameDice
from ..engine.records import evolve
from .companies import remove_companies
from .log import line, throw
from .resolve import rear_guard_limit
from .rules import DEFENDER_FACTOR
from .sieges import cover
from .state import Company, PendingEngagement, RenaissanceState

#: RC-4.9 step 5 (RC-A.15): the winner's loss is this share of the difference, the loser's all of it.
WINNER_SHARE = Fraction(1, 2)



def num(value: Fraction) -> str:
    """``18`` or ``4.5``: a strength for the log."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


@dataclass(frozen=True)
class MinorResult:
    """RC-4.9 steps 1-5 for two sides, ``phasing`` and ``other``: their modified values, D, the winner and the losses."""

    phasing: Fraction  # A', after the defender's x1.5
    other: Fraction  # B'
    difference: Fraction  # D = |A' - B'|
    winner: str | None  # "phasing", "other", or None on a tie (step 7)
    loser_loss: int  # strength points the loser's whole companies must reach: D, rounded up
    winner_loss: int  # D/2, rounded up


def minor_result(phasing: int, other: int, defender: str | None) -> MinorResult:
    """RC-4.9: the side Tabella 34 names defender (``"phasing"``, ``"other"`` or None) counts x1.5; the higher wins.

    Examples
    --------
    >>> r = minor_result(12, 15, "phasing")
    >>> (num(r.phasing), num(r.difference), r.winner, r.loser_loss, r.winner_loss)
    ('18', '3', 'phasing', 3, 2)
    """
    a = Fraction(phasing) * (DEFENDER_FACTOR if defender == "phasing" else 1)
    b = Fraction(other) * (DEFENDER_FACTOR if defender == "other" else 1)
    d = abs(a - b)
    winner = None if d == 0 else "phasing" if a > b else "other"
    return MinorResult(a, b, d, winner, math.ceil(d), math.ceil(d * WINNER_SHARE))


def strongest_within(companies: Iterable[Company], limit: int) -> list[Company]:
    """The default rear guard (RC-4.8): the companies with the largest total strength not above ``limit``, ties to the fewest.

    [DEV] The source lets the withdrawing player pick the rear guard; a side
    that names none gets the strongest it may have, since a weaker one only
    loses the auto-resolve by more.  Rabble (strength 0) adds nothing and is
    left out (RC-A.8); between equal sets, the companies first in the army's order.
    """
    best: dict[int, list[Company]] = {0: []}
    for c in companies:
        if c.strength <= 0:
            continue
        for total, chosen in sorted(best.items(), reverse=True):
            new = total + c.strength
            if new <= limit and (new not in best or len(chosen) + 1 < len(best[new])):
                best[new] = chosen + [c]
    return best[max(best)]


def rear_guard_problem(side: list[Company], ids: tuple[str, ...]) -> str | None:
    """Why ``ids`` is not a rear guard of this side (RC-4.8: its own companies, at most a third of its strength), or None."""
    mine = {c.id: c for c in side}
    if len(set(ids)) != len(ids):
        return "name each rear-guard company once (RC-4.8)"
    missing = [i for i in ids if i not in mine]
    if missing:
        return f"{', '.join(missing)}: not a company of the side's armies here (RC-4.8)"
    total, limit = sum(mine[i].strength for i in ids), rear_guard_limit(sum(c.strength for c in side))
    if total > limit:
        return f"a rear guard of strength {total} is more than a third of the side's {sum(c.strength for c in side)} (at most {limit}) (RC-4.8)"
    return None


def fight(state: RenaissanceState, eng: PendingEngagement, sides: dict[str, list[Company]], dice: GameDice, log: list) -> tuple[RenaissanceState, str]:
    """RC-4.9: auto-resolve the battle between the companies in ``sides`` (seat -> the companies taking part); the winning seat.

    Losses are removed (destroyed, not captured); on a tie nobody loses and the
    defender holds, or the higher of a 1D6 roll-off, re-rolled while tied (step 7).
    """
    p, o = eng.phasing, eng.other
    role = {p: "phasing", o: "other"}.get(eng.defender)
    a, b = (sum(c.strength for c in sides[s]) for s in (p, o))
    r = minor_result(a, b, role)
    times = {p: " x1.5" if role == "phasing" else "", o: " x1.5" if role == "other" else ""}
    text = f"Minor engagement at {eng.node}: {p} {a}{times[p]} = {num(r.phasing)} against {o} {b}{times[o]} = {num(r.other)}, D = {num(r.difference)}"
    if r.winner is None:
        winner = eng.defender or _roll_off(state, eng, dice, log, text)
        if eng.defender:
            log.append(line(state, "RC-4.9", f"{text}: a tie, nobody loses; {winner}, the defender, wins it (RC-4.9 step 7).", None))
        return state, winner
    winner = p if r.winner == "phasing" else o
    loser = o if winner == p else p
    first = {p: eng.phasing_lose, o: eng.other_lose}  # the owners' own order (RC-3.7, RC-A.31)
    lost = {loser: cover(tuple(sides[loser]), r.loser_loss, first[loser]), winner: cover(tuple(sides[winner]), r.winner_loss, first[winner])}
    text += f": {winner} wins; {loser} loses at least {r.loser_loss}, {winner} at least {r.winner_loss} (RC-3.7)."
    log.append(line(state, "RC-4.9", text, None, outcome=winner))
    for seat in (loser, winner):
        gone = ", ".join(f"{c.id} ({c.strength})" for c in lost[seat]) or "no company with strength to lose (RC-A.8)"
        log.append(line(state, "RC-3.7", f"{seat} loses {gone} at {eng.node}.", seat))
    state = remove_companies(state, [c.id for cs in lost.values() for c in cs])
    return _disperse(state, sides, log), winner


def _roll_off(state: RenaissanceState, eng: PendingEngagement, dice: GameDice, log: list, text: str) -> str:
    """RC-4.9 step 7 (RC-A.15): a tie with no defender; each side rolls 1D6, ties re-rolled, the higher holds."""
    log.append(line(state, "RC-4.9", f"{text}: a tie, nobody loses; no defender, so a 1D6 roll-off.", None))
    while True:
        rolls = {}
        for seat in (eng.phasing, eng.other):
            roll = throw(dice, state, f"roll-off {eng.node} {eng.phasing}-{eng.other} {seat}", "1D6")
            rolls[seat] = roll
            log.append(line(state, "RC-4.9", f"Roll-off at {eng.node}: {seat} rolls {roll.total}.", seat, roll))
        a, b = rolls[eng.phasing].total, rolls[eng.other].total
        if a != b:
            winner = eng.phasing if a > b else eng.other
            log[-1] = evolve(log[-1], outcome=winner)
            return winner


def _disperse(state: RenaissanceState, sides: dict[str, list[Company]], log: list) -> RenaissanceState:
    """RC-A.8 option: an army in the fight left with rabble only disperses."""
    if not state.options.rabble_disperses:
        return state
    ids = {c.id for cs in sides.values() for c in cs}
    gone = [a for a in state.armies if any(c.id in ids for c in a.companies) and not any(c.strength for c in a.companies)]
    for a in gone:
        log.append(line(state, "RC-A.8", f"{a.id} has only rabble left: it disperses.", a.owner))
    return remove_companies(state, [c.id for a in gone for c in a.companies])
