"""The relief of the geographic type (FW-11.2); a mountain square's peaks (FW-10.5) are laid by the count.

Hills and mountains are laid after the compulsory works and after the
configurations the players rolled: the square's features must find room, and
a desert configuration (FW-11.5 result 6) must already have made the table a
desert, so that its hills are laid as dunes (FW-11.2).
"""

from __future__ import annotations

from ..tables import Band, roll_on
from . import rules as R
from .features import place, size_of
from .state import TableState

#: Mountains rolled at most for a mountainous table: six of the smallest reach FW-11.2's weight of 1.
MOUNTAIN_TRIES = 12


def relief(st: TableState) -> None:
    geo = st.ground.geo
    # A skirmish table holds its share of the relief of a 180 x 120 one (rules.TableScale) [DEV].
    share = R.SCALES[st.opts.scale].relief_share(st.width, st.depth)
    if geo == "hilly":
        # FW-11.2 result 3-4: at least 4 hills, 2 passable and 2 impassable; in a desert they are dunes.
        hill = "dune" if st.ground.terrain == "desert" else "hill"
        hills = max(1, round((R.HILLS_PASSABLE + R.HILLS_IMPASSABLE) * share))
        passable_hills = max(1, round(R.HILLS_PASSABLE * share))
        for i in range(hills):
            passable = i < passable_hills
            note = "passable: at least one gentle side" if passable else "impassable: steep on every side"
            place(st, hill, size=size_of(st, "hill"), passable=passable, difficult=(hill == "dune"), note=note, rule="FW-11.2")
    elif geo == "mountainous":
        # FW-11.2 result 5-6: mountains until their weights reach 1 (AMB-32), or the table's share of 1.
        # A piece that finds no room on a skirmish table is rolled again, a bounded number of times.
        weight, tries = 0.0, 0
        while weight < share - 1e-9 and tries < MOUNTAIN_TRIES:
            tries += 1
            idx, size = mountain_piece(st, quiet=share < 1)
            if idx is not None or share >= 1:
                weight += size.data["weight"]
        if weight < share - 1e-9:
            st.notes.append("Mountain (FW-11.2) could not be placed after a bounded search: place one by hand where the rules allow.")


def mountain_piece(st: TableState, quiet: bool = False) -> tuple[int | None, Band]:
    """One more mountain: a peak among a mountain square's 1D6 features (FW-10.5), on its base when there
    is one, or a mountain of a mountainous region (FW-11.2); each size is logged under its own rule.

    Returns the mountain's index (None when it found no room, which its log line says) and the size rolled."""
    square = st.ground.geo == "mountain"
    table, rule = (R.PEAK_SIZE, "FW-10.5") if square else (R.MOUNTAIN_SIZE, "FW-11.2")
    roll, b = roll_on(st.dice, table, "size of the next peak" if square else "size of the next mountain")
    s = b.data["size"]
    base = next((i for i, it in enumerate(st.items) if it.feature.kind == "mountain_base"), None)
    note = f"impassable peak, {s} x {s} cm" if square else f"impassable, {s} x {s} cm"
    idx = place(st, "mountain", size=(s, s), host=base, note=note, rule=rule, quiet=quiet)
    if idx is None:
        st.dice.note(roll, f"{b.outcome}: no room left for it")
    return idx, b
