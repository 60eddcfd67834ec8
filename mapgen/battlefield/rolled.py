"""Each player's rolled configuration when no campaign map defines the square (FW-11.1, AMB-31 [DEV]).

A result places what its own table says, logged under that table's rule:
natural grassland places nothing (FW-11.5 result 1-2: no obstacles), cultivated
fields a block of fields (result 3), a wood a wood (result 4), a forest a
forest section (result 5), and a desert makes the battle a desert battle with
its two oases (result 6, FW-11.5.6).  The configurations go down before the
relief, so that hills on ground a configuration turned into desert are dunes.
"""

from __future__ import annotations

from ..tables import roll_on
from . import rules as R
from .count import features
from .features import mains, place
from .natural import work_oases
from .state import TableState
from .works import place_work

#: AMB-31 category -> the table rolled for it.
CATEGORY_TABLES = {"vegetation": R.VEGETATION, "hydrography": R.HYDROGRAPHY, "special": R.SPECIAL_CONFIG, "artificial": R.ARTIFICIAL}
#: Results resolved by a second roll (FW-11.5 result 4, FW-11.8 results 2 and 3).
SUB_TABLES = {"wood": R.WOOD_KIND, "mine_ruins_cemetery": R.ARTIFICIAL_2, "farm_or_village": R.ARTIFICIAL_3}
#: Open ground a desert configuration turns into desert; fields, forests, swamps and a mountain square stay.
DESERT_OVER = ("plain", "uncultivated", "hills", "mountainous")


def rolled_works(st: TableState) -> None:
    """With no campaign map, each player rolls one configuration and places it (FW-11.1)."""
    if not st.ground.rolled:
        return
    n = st.ground.mountain_features
    for side in ("A", "B"):
        if n is not None and len(mains(st)) >= n:
            # FW-10.5 fixes a mountain square's features at 1D6: a configuration only fills a free place [DEV].
            st.notes.append(f"Side {side} rolls no configuration: the mountain table's {features(n)} (FW-10.5) are all on it.")
            continue
        _, cat = roll_on(st.dice, R.CONFIG_CATEGORY, f"side {side}: which table for its configuration")
        _, res = roll_on(st.dice, CATEGORY_TABLES[cat.outcome], f"side {side}: its configuration")
        outcome = res.outcome
        sub = SUB_TABLES.get(outcome)
        if sub is not None:
            _, res = roll_on(st.dice, sub, f"side {side}: {res.label.lower()}")
            outcome = res.outcome
        place_rolled(st, side, outcome)


def place_rolled(st: TableState, side: str, outcome: str) -> None:
    by = f"rolled by side {side}"
    if outcome == "uncultivated":
        st.notes.append(f"Side {side} rolled natural grassland (FW-11.5 result 1-2): open ground with no obstacles, nothing to place.")
    elif outcome == "cultivated":
        place(st, "cultivated_fields", note=f"{R.KINDS['cultivated_fields'].note}; {by}", rule="FW-11.5")
    elif outcome in ("wood", "enchanted_wood"):
        rule = "FW-11.5" if outcome == "wood" else R.KINDS[outcome].rule
        place(st, outcome, note=f"{R.KINDS[outcome].note}; {by} (FW-11.5 result 4)", rule=rule)
    elif outcome == "forest":
        jungle = "a stretch of jungle (FW-11.5 result 5, hot zone)" if st.opts.climate == "torrid" else "a stretch of forest (FW-11.5 result 5)"
        size = (35, 25) if st.rng.random() < 0.5 else (25, 35)
        place(st, "forest_section", size=size, note=f"{R.KINDS['forest_section'].note}; {jungle}, {by}", rule="FW-11.5")
    elif outcome == "desert":
        desert(st, side)
    else:
        place_work(st, outcome, by)


def desert(st: TableState, side: str) -> None:
    """FW-11.5 result 6: the battle is fought in a desert, so two oases stand one on each side (FW-11.5.6)."""
    what = f"Side {side} rolled desert or wasteland (FW-11.5 result 6)"
    ground = st.ground
    if ground.terrain == "desert":
        st.notes.append(f"{what}: the table is a desert already, with its two oases (FW-11.5.6).")
        return
    if ground.terrain in DESERT_OVER:
        st.notes.append(f"{what}: the {ground.terrain} table becomes a desert: two oases (FW-11.5.6); hills are dunes, watercourses wadis.")
        ground.terrain = "desert"
        dry_watercourses(st)
    else:
        st.notes.append(f"{what}: a wasteland beside the {ground.terrain}; its two oases (FW-11.5.6) are placed, the {ground.terrain} stays.")
    work_oases(st, None)


def dry_watercourses(st: TableState) -> None:
    """FW-11.6: in a desert a watercourse is a wadi, so the rivers and streams already laid become wadis.

    A river's bed is as wide as a wadi's; a stream keeps its narrower bed [DEV]
    rather than be redrawn through the crossings and features laid beside it,
    and its note gives the width it is built at."""
    wet = {i: it.feature.kind for i, it in enumerate(st.items) if it.feature.kind in R.WATER_LINES - {"wadi"}}
    for i, it in enumerate(st.items):
        f = it.feature
        if i in wet:
            was = wet[i]
            bed = "" if f.size_cm[1] == R.RIVER_WIDTH_CM["wadi"] else f"; the dry bed of a {R.KINDS[was].label.lower()}, {f.size_cm[1]:g} cm wide"
            f.kind, f.difficult = "wadi", True
            f.note = f.note.replace(R.KINDS[was].note, R.KINDS["wadi"].note + bed)
        for was in set(wet.values()):  # a tributary names what it flows into
            f.note = f.note.replace(f"it flows into the {was} at", "it flows into the wadi at")
        if it.host in wet:  # a bridge or ford stands on the wadi now
            f.on_top_of = "wadi"
