"""A campaign's own counters: one per force that exists (its id and leader on it), its orders and holdings.

Made from the state, not the rulebook's generic set (FW-1.1), for the
counter sheets of ``campaign new`` and ``mapgen new``, the atlas and the
VASSAL module.  Counters are data (:mod:`mapgen.counters.model`); drawing
them is the kit's.
"""

from __future__ import annotations

from ..sides import in_look
from .state import CampaignState


def counters_title(state: CampaignState) -> str:
    return f"Fantasy Warriors counters (FW-1.1), campaign seed {state.seed}"  # as the map-only set's title


def campaign_counters(state: CampaignState, look: str = "colour") -> list:
    """Per side: its forces (id and leader), the order and reaction counters, its holdings and the enemy's (for captures).

    ``look``: ``colour``, or ``bw`` for a black-and-white kit (each side in its grey, texture and emblem, named for it).

    A holding's back is the sacked holding in an Incursione only (FW-17.7), else the side's plain back.
    """
    from ..counters import rules as R
    from ..counters.model import Counter, Face
    from ..counters.sets import (
        _fw_state_counters,
        _fw_withdraw_counters,
        _holding_counter,
        side_face,
    )

    styles = dict(R.FW_SIDES)
    # FW-17.7: only the Incursione's raiders sack a holding; a standard campaign's holdings have plain backs.
    sackable = state.options.scenario == "incursione"
    counters = []
    for side in state.sides:
        style = in_look(R.STYLE_BY_KEY[styles.get(side.id, "neutral")], look)
        for f in state.side_forces(side.id):
            number = f.id[len(side.id):] or f.id
            front = Face(style.key, "Force", big=number, note=f.leader.name)
            back = side_face(style, note=f"Force {f.id}")
            if state.options.watercraft:  # FW-20: the back is the force afloat; a force afloat now lies back up
                back = Face(style.key, "Afloat", big=number, note=f.leader.name, dark=True)
                if f.afloat:
                    front, back = back, front
            counters.append(Counter(f"fw-{side.id}-force-{number}", f"{style.name} Force {f.id}: {f.leader.name}", "FW-1.1.a", front, back))
        counters += _fw_state_counters(side.id, style)
        own = [h for h in state.holdings if h.owner == side.id]
        enemy = [h for h in state.holdings if h.owner != side.id]
        for h in sorted(own, key=lambda h: not h.capital) + sorted(enemy, key=lambda h: not h.capital):
            rule = ("FW-1.1.i" if h.capital else "FW-1.1.h") if h.owner == side.id else R.CAPTURE_RULE
            kind = "capital" if h.capital else "holding"
            counters.append(_holding_counter(f"fw-{side.id}-{kind}-{h.square}", style, h.capital, h.square, rule, sacked=sackable))
    return counters + _fw_withdraw_counters()
