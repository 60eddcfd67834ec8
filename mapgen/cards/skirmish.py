"""The fantasy skirmish card (SK): what mapgen declares of it, read from the rule modules.

Today that is SK-1, the combat values and points of :mod:`mapgen.counters.rules`
(the counter sheets print the same numbers).  The shooting ranges (SK-4),
movement rates (SK-6) and wounds (SK-8) join the card when the skirmish
generator declares them.
"""

from __future__ import annotations

from ..counters.rules import SK_POINTS_PER_VC, SK_RULE, SK_TROOP_VC
from .model import Card, Section, words


def vc_section() -> Section:
    rows = tuple(
        (str(vc), ", ".join(words(t) for t in types), str(vc * SK_POINTS_PER_VC))
        for vc, types in sorted(SK_TROOP_VC.items(), reverse=True)
    )
    return Section("Combat value and points", SK_RULE, ("VC", "Troop types", "Points"), rows,
                   f"Points = VC x {SK_POINTS_PER_VC}. A type not listed takes the VC of the most similar one.")


def card() -> Card:
    return Card("sk", "Fantasy skirmish", (vc_section(),), "The skirmish rules' tables as mapgen declares them.")
