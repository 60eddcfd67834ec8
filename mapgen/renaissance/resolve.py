"""Small pure functions that apply the Renaissance rule tables (:mod:`.rules`).

Each takes plain values and, where the rules throw a die, a
:class:`mapgen.dice.Dice`, so every roll is logged with its rule ID, purpose,
faces, modifiers, total and outcome, and tests inject the faces
(:class:`mapgen.dice.ScriptedDice`).  The engine phases will call these; they
hold no state of their own.
"""

from __future__ import annotations

import math
from typing import Iterable

from ..dice import Dice, Modifier, Roll
from ..tables import Band, roll_on
from .rules import (
    ASSASSIN,
    BANK_DEFAULT,
    BRIBE_DUCATS,
    CITY_KINDS,
    COMPANY_STRENGTH,
    ENGAGEMENT,
    EVENT_CHECK,
    EVENTS,
    LOAN_INTEREST_PERCENT,
    LOAN_SHARE,
    NON_PHASING_CHOICES,
    PHASING_CHOICES,
    REAR_GUARD_SHARE,
    SIEGE,
    SIEGE_MODIFIERS,
    TAXES,
    Engagement,
)

# --- RC-3.2 taxes ----------------------------------------------------------


def tax_rates(event: str | None = None) -> dict[str, int]:
    """Tax per node kind this spring (RC-3.2), after last winter's event (RC-5.4).

    Examples
    --------
    >>> tax_rates("famine")["city"], tax_rates()["village"]
    (20, 10)
    """
    rates = dict(TAXES)
    if event is None:
        return rates
    effect = next((b for b in EVENTS.bands if b.outcome == event), None)
    if effect is None:
        raise ValueError(f"unknown event {event!r} (expected one of {', '.join(EVENTS.outcomes())})")
    for kind in effect.data.get("tax_kinds", ()):
        rates[kind] = effect.data.get("tax", rates[kind] * effect.data.get("tax_factor", 1))
    return rates


def tax_income(kinds: Iterable[str], event: str | None = None) -> int:
    """Ducats from the nodes of these kinds a player holds (RC-3.2)."""
    rates = tax_rates(event)
    return sum(rates[k] for k in kinds)


def city_tax(kinds: Iterable[str], event: str | None = None) -> int:
    """The part of :func:`tax_income` that comes from cities, the capital included (RC-A.7)."""
    return tax_income((k for k in kinds if k in CITY_KINDS), event)


# --- RC-3.4 banks ----------------------------------------------------------


def loan_limit(city_tax: int) -> int:
    """The most a bank lends: half the city tax income (RC-3.4), in whole ducats."""
    return math.floor(city_tax * LOAN_SHARE)


def repayment(loan: int) -> int:
    """What is owed next spring: the loan plus 25 % of it, rounded up to a ducat (RC-3.4, RC-A.7)."""
    return loan + -(-loan * LOAN_INTEREST_PERCENT // 100)


def default_result(dice: Dice, player: str = "") -> Band:
    """Tabella 30 for a player who cannot repay; every result removes them (RC-3.4)."""
    _, result = roll_on(dice, BANK_DEFAULT, f"bank default{': ' + player if player else ''}")
    return result


# --- RC-3.5 strength, RC-4.5 rear guards ---------------------------------


def army_strength(companies: Iterable[str]) -> int:
    """Sum of Tabella 31 over company types (RC-3.5)."""
    return sum(COMPANY_STRENGTH[c] for c in companies)


def rear_guard_limit(strength: int) -> int:
    """The largest rear guard, in strength points: at most a third of the army (RC-4.5, RC-4.8)."""
    return math.floor(strength * REAR_GUARD_SHARE)


# --- RC-3.10 specialists ----------------------------------------------------


def assassination(dice: Dice, target: str = "") -> tuple[Roll, bool]:
    """The assassin's one attempt: 1D6, success on 5 or 6 (RC-3.10, Tabella 33)."""
    roll, result = roll_on(dice, ASSASSIN, f"assassin{': ' + target if target else ''}")
    return roll, result.outcome == "succeeds"


# --- RC-4.5 engagements -----------------------------------------------------


def engagement_result(phasing: str, non_phasing: str) -> Engagement:
    """Tabella 34 for the two sides' secret choices (no die: the choices decide).

    Examples
    --------
    >>> engagement_result("attack", "fall_back").rear_guard
    'non_phasing'
    """
    if phasing not in PHASING_CHOICES:
        raise ValueError(f"the phasing side cannot choose {phasing!r} (expected one of {', '.join(PHASING_CHOICES)})")
    if non_phasing not in NON_PHASING_CHOICES:
        raise ValueError(f"the non-phasing side cannot choose {non_phasing!r} (expected one of {', '.join(NON_PHASING_CHOICES)})")
    return ENGAGEMENT[phasing, non_phasing]


# --- RC-4.10 sieges -------------------------------------------------------


def siege_modifiers(
    phases: int,
    *,
    besieger_engineer: bool = False,
    bribes: int = 0,
    non_mercenary: bool = False,
    defender_engineer: bool = False,
    place: str = "city",
    walls: bool = True,
    advanced: bool = False,
    damaged: bool = False,
) -> list[Modifier]:
    """Tabella 35 modifiers for one siege roll.

    ``phases`` counts the siege phases including this one (RC-A.17); ``bribes``
    is the ducats spent this phase; ``place`` is the node kind and ``walls``
    whether it is walled (a fortified village is).  A fortress's -2 replaces
    the walled -1 (RC-A.19); a damaged place loses its walls, fortress and
    advanced-fortification modifiers (RC-3.9).
    """
    wanted = {
        "phases": phases,
        "besieger_engineer": besieger_engineer,
        "bribes": bribes // BRIBE_DUCATS,
        "non_mercenary": non_mercenary,
        "defender_engineer": defender_engineer,
        "fortress": not damaged and place == "fortress",
        "walled": not damaged and place != "fortress" and walls,
        "advanced_fortifications": not damaged and advanced,
    }
    return [Modifier(name, SIEGE_MODIFIERS[name].value * int(times)) for name, times in wanted.items() if times]


def siege_roll(modifiers: Iterable[Modifier], dice: Dice, place: str = "") -> tuple[Roll, bool]:
    """The end-of-phase siege roll: 1D6 + modifiers, 7 or more takes the place (RC-4.10)."""
    roll, result = roll_on(dice, SIEGE, f"siege{' of ' + place if place else ''}", modifiers)
    return roll, result.outcome == "taken"


# --- RC-5.4 events ---------------------------------------------------------


def event(dice: Dice, player: str = "") -> Band | None:
    """The winter events roll: 1D6, and only on a 6 a second 1D6 on Tabella 36 (RC-5.4)."""
    who = f": {player}" if player else ""
    _, check = roll_on(dice, EVENT_CHECK, f"event check{who}")
    if check.outcome != "event":
        return None
    _, result = roll_on(dice, EVENTS, f"event{who}")
    return result
