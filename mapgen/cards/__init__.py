"""Quick-reference cards: one per supplement and one for the Fantasy Warriors campaign turn.

Each card module assembles a :class:`~.model.Card` from the rule modules'
declarations; :mod:`mapgen.render.cards_pdf` draws it.  ``CARDS`` is the
registry ``mapgen cards --system`` reads: a new card is one module and one line.
"""

from __future__ import annotations

from typing import Callable

from . import fw_campaign, medieval, napoleonic, skirmish
from .model import Card, Section

#: ``--system`` value -> the function that builds its card, in the order ``all`` prints them.
CARDS: dict[str, Callable[[], Card]] = {
    "fw-campaign": fw_campaign.card,
    "nap": napoleonic.card,
    "med": medieval.card,
    "sk": skirmish.card,
}

__all__ = ["CARDS", "Card", "Section"]
