"""The counters of one Renaissance campaign: each seat's armies, specialists and siege markers, in its colour.

The rulebook's generic set (:func:`mapgen.counters.sets.renaissance_set`)
prints four anonymous colours; a campaign knows its seats, so each player
gets counters named with the seat and the country, in the seat's colour on
the status map (:data:`~mapgen.counters.rules.RC_SEAT_STYLES`).  Army
counters carry the ids the engine gives: ``form_army`` numbers a seat's
armies ``P1-1``, ``P1-2`` ... from the lowest number free, the allied army
among them (RC-3.6), so with three armies and the allied one at most, the ids
``P1-1`` to ``P1-4`` are every one a seat can raise; an allied marker goes
with whichever of them is allied.  Every army and the diplomat show the same
back, what the enemy sees on the map (RC-3.10: the diplomat is shown like an
army).
"""

from __future__ import annotations

from ..counters import rules as R
from ..counters.model import Counter, Face
from .rules import MAX_ALLIED_ARMIES, MAX_ARMIES, SIEGE_TARGET, SPECIALISTS
from .state import RenaissanceState

#: RC-3.6: army tokens a seat may have on the map at once, its own and the allied one.
ARMY_TOKENS = MAX_ARMIES + MAX_ALLIED_ARMIES
#: [DEV] RC-4.10 names no supply of siege markers: one for every army that may besiege at once.
SIEGE_MARKERS = ARMY_TOKENS
#: [DEV] Tabella 33 sets no limit on specialists of one kind: the sheet prints one of each kind per seat
#: (a second hire borrows a counter from the generic set, ``mapgen counters --set renaissance``).
SPECIALISTS_PER_KIND = 1


def army_ids(seat: str) -> list[str]:
    """Every army id a seat can raise (RC-3.6), in the scheme of ``spring.form_army``: ``P1-1`` ... ``P1-4``."""
    return [f"{seat}-{n}" for n in range(1, ARMY_TOKENS + 1)]


def _short(name: str) -> str:
    """A country's proper name, short enough for a counter: ``Marquisate of Ventimonti`` -> ``Ventimonti``."""
    return name.rsplit(" of ", 1)[-1]


def campaign_counters(state: RenaissanceState, country_map=None) -> list[Counter]:
    """Per seat still in the game: its army counters, an allied marker, one per specialist kind, its siege markers.

    Parameters
    ----------
    state : RenaissanceState
        The campaign; its players give the seats, their order the colours.
    country_map : CountryMap, optional
        Gives the countries' names; without it a counter names the country by its letter.
    """
    counters: list[Counter] = []
    for i, p in enumerate(state.players):
        if p.eliminated:
            continue
        style = R.rc_seat_style(i)
        key, seat = style.key, p.seat
        country = country_map.country(p.country).name if country_map is not None else f"country {p.country}"
        short = _short(country) if country_map is not None else p.country
        who = f"{seat} {country}"
        # What the enemy sees on the map: every army and the diplomat alike (RC-3.10).
        on_map = Face(key, "Army", icon="army", band=seat)
        back = Face(key, seat, icon=style.emblem, note=short, band=seat)  # a plain back: the seat's emblem
        for aid in army_ids(seat):
            counters.append(Counter(f"rc-{seat.lower()}-army-{aid.rsplit('-', 1)[1]}", f"{who}: army {aid}", "RC-3.6",
                                    Face(key, "Army", big=aid, note=short, band=seat), on_map))
        for n in range(1, MAX_ALLIED_ARMIES + 1):
            counters.append(Counter(f"rc-{seat.lower()}-allied-{n}", f"{who}: allied army marker", "RC-3.6",
                                    Face(key, "Allied", icon="army-allied", note="with its army", band=seat), back))
        for spec in R.SPECIALISTS:
            cost = SPECIALISTS[spec.key].cost
            for n in range(1, SPECIALISTS_PER_KIND + 1):
                counters.append(Counter(f"rc-{seat.lower()}-{spec.key}-{n}", f"{who}: {spec.label.lower()}", "RC-3.10",
                                        Face(key, spec.label, icon=spec.icon, note=f"{cost} ducats", band=seat),
                                        on_map if spec.key == R.DECOY_SPECIALIST else back))
        for n in range(1, SIEGE_MARKERS + 1):
            counters.append(Counter(f"rc-{seat.lower()}-siege-{n}", f"{who}: siege marker", "RC-4.10",
                                    Face(key, "Siege", icon="siege", note=f"{SIEGE_TARGET}+ takes it", band=seat), back))
    return counters


def counters_title(state: RenaissanceState) -> str:
    """The title printed on the campaign's counter sheets: the seed and who plays."""
    seats = ", ".join(f"{p.seat} {p.name}" for p in state.players if not p.eliminated)
    return f"Renaissance campaign counters (RC-3.6, RC-3.10, RC-4.10), campaign seed {state.seed}: {seats}"
