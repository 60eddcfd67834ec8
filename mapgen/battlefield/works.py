"""Works on the table: what the campaign square requires (FW-10.5, FW-11.4) and the one place every work goes through.

A campaign square's features are compulsory, so they are placed before the
relief and the filler features take the room.  Large and constrained works
go first, so that the small ones fill the gaps.
"""

from __future__ import annotations

from typing import Callable

from . import artificial, lines, natural, villages
from . import rules as R
from .features import mains, place
from .state import TableState

#: Campaign-map feature labels (FW-2.5 configurations) -> the work placed on the table.
MAP_WORKS = {
    "wood": "wood",
    "enchanted_wood": "enchanted_wood",
    "marsh": "marsh",
    "lake": "lake",
    "volcano": "volcano",
    "dunes": "dunes",
    "boulders": "boulders",
    "isolated_mountain": "isolated_mountain",
    "glacier": "glacier",
    "chasm": "chasm",
    "mine": "mine",
    "ruins": "ruins",
    "cemetery": "cemetery",
    "temple": "temple",
    "tower": "tower",
    "sanctuary": "sanctuary",
    "burial_mound": "burial_mound",
    "farm": "farm",
    "village": "village",
    "barrier": "barrier",
}
#: FW-3.4 holding features -> the work that shows it on the table.
HOLDING_WORKS = {
    "sacred_grove": ("enchanted_wood", "Sacred Grove (FW-3.4)"),
    "tower_of_magic": ("tower", "Tower of Magic of the Enchanted Wood (FW-3.4)"),
    "stonehenge_temple": ("temple", "Stonehenge Temple (FW-3.4)"),
    "sanctuary": ("sanctuary", "Sanctuary (FW-3.4)"),
    "burial_mound": ("burial_mound", "Burial Mound (FW-3.4)"),
    "village": ("village", "Village (FW-3.4)"),
    "city": ("village", "City (FW-3.4): a large village"),
    "precious_metal_mine": ("mine", "Precious-metal mine (FW-3.4)"),
}
#: Works that bring more than one feature, or depend on what is already there.
HANDLERS: dict[str, Callable[[TableState, str | None], None]] = {
    "stronghold": artificial.work_stronghold,
    "mine": artificial.work_mine,
    "barrier": artificial.work_barrier,
    "farm": villages.work_farm,
    "village": villages.work_village,
    "river": lines.work_river,
    "bridge": lines.work_bridge,
    "road": lines.work_road,
    "pass": lines.work_pass,
    "jungle_dangers": natural.work_jungle_dangers,
    "dunes": natural.work_dunes,
    "boulders": natural.work_boulders,
    "isolated_mountain": natural.work_isolated_mountain,
    "glacier": natural.work_glacier,
    "chasm": natural.work_chasm,
    "glacier_or_chasm": natural.work_glacier_or_chasm,
    "volcano": natural.work_volcano,
}
#: Placed first, largest and most constrained first.
BULK_FIRST = ("village", "glacier", "farm", "chasm", "volcano", "isolated_mountain", "mine", "stronghold")


def place_work(st: TableState, kind: str, note: str | None) -> None:
    """Place one rolled or required work (FW-11.5 to FW-11.8) and everything it brings."""
    handler = HANDLERS.get(kind)
    if handler is not None:
        handler(st, note)
        return
    if kind in R.KINDS:
        place(st, kind, note=f"{R.KINDS[kind].note}; {note}" if note else None)
        return
    raise AssertionError(f"unhandled work {kind}")


def required_works(st: TableState) -> list[tuple[str, str | None]]:
    """(work, note) the square requires: its features, its holding, cultivated fields, a jungle's dangers.

    A desert's oases are not here: tied to the edge bands, they go down with the ground pieces."""
    o = st.opts
    raid = st.plan.scenario.name == "raid"
    works: list[tuple[str, str | None]] = []
    for w in o.works:
        if w in MAP_WORKS:
            if MAP_WORKS[w] == "village" and raid:
                continue  # the raid's village is the square's village
            works.append((MAP_WORKS[w], None))
    if o.holding:
        works.append(("stronghold", o.holding))
    if o.holding_feature in HOLDING_WORKS:
        work, note = HOLDING_WORKS[o.holding_feature]
        if not (work == "village" and raid):
            works.append((work, note))
    if st.ground.terrain == "cultivated":
        works.append(("cultivated_fields", None))  # FW-11.5 result 3: movement slowed by walls and fences
    if st.ground.terrain == "jungle":
        works.append(("jungle_dangers", None))
    return works


def bulk_first(work: tuple[str, str | None]) -> int:
    """Large and constrained works first, so the small ones fill the gaps."""
    kind = work[0]
    return BULK_FIRST.index(kind) if kind in BULK_FIRST else len(BULK_FIRST) + (5 if kind == "jungle_dangers" else 0)


def compulsory_works(st: TableState) -> None:
    """FW-10.5, FW-11.4: everything the square (or the options) defines is placed."""
    for kind, note in sorted(required_works(st), key=bulk_first):
        place_work(st, kind, note)
    st.required_count = len(mains(st))
