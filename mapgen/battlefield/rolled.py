"""Each player's rolled configuration when no campaign map defines the square (FW-11.1, AMB-31 [DEV])."""

from __future__ import annotations

from ..tables import roll_on
from . import rules as R
from .count import features
from .features import mains
from .state import TableState
from .works import place_work

#: AMB-31 category -> the table rolled for it.
CATEGORY_TABLES = {"vegetation": R.VEGETATION, "hydrography": R.HYDROGRAPHY, "special": R.SPECIAL_CONFIG, "artificial": R.ARTIFICIAL}
#: Results resolved by a second roll (FW-11.5 result 4, FW-11.8 results 2 and 3).
SUB_TABLES = {"wood": R.WOOD_KIND, "mine_ruins_cemetery": R.ARTIFICIAL_2, "farm_or_village": R.ARTIFICIAL_3}
#: Table result -> the work placed for it.
RESULT_WORKS = {
    "uncultivated": "wood",
    "cultivated": "farm",
    "forest": "forest_section",
    "desert": "sand",
    "isolated_mountain": "isolated_mountain",
}


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
        place_work(st, RESULT_WORKS.get(outcome, outcome), f"rolled by side {side}")
