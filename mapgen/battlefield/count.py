"""Filling the table up to the base-rules count of terrain features (FW-10.5, AMB-28).

Features already placed (the scenario's, the square's, the relief, the rolled ones) count
towards it.  A forest or jungle square doubles the count and a swamp square
alternates swamps with the rest; the mountain square places its 1D6 peaks.
"""

from __future__ import annotations

import math

from . import rules as R
from .features import mains, place
from .relief import mountain_piece
from .scenarios import SCENARIO_LABELS
from .state import TableState

#: Extra tries for a mountain square's peaks, beyond two per feature, when rolled sizes find no room.
PEAK_RETRIES = 4


def base_count(st: TableState) -> int:
    """FW-10.5 [DEV]: 1 feature per 30 cm of width, doubled on a forest or jungle square (AMB-28).

    At another scale (``rules.SCALES``), one feature per so much table area instead, not doubled."""
    per_area = R.SCALES[st.opts.scale].cm2_per_feature
    if per_area:
        return int(st.width * st.depth // per_area)
    n = R.FEATURES_PER_30CM * int(st.width // 30)
    return 2 * n if st.ground.terrain in ("forest", "jungle") else n


def fill_to_count(st: TableState) -> None:
    terrain = st.ground.terrain
    if st.ground.mountain_features is not None:
        mountain_peaks(st, st.ground.mountain_features)
        return
    n = base_count(st)
    pool = list(filler_pool(st))
    if R.SCALES[st.opts.scale].fillers is not None:
        # a skirmish table's first filler blocks sight (rules.SCALES): one goes down before the draw
        place(st, pool[0], quiet=True, note=R.KINDS[pool[0]].note + " (a skirmish table's cover)")
    if st.ground.forced_wood:
        wood = st.ground.forced_wood
        place(st, wood, rule="FW-11.5", note=R.KINDS[wood].note + "; the rolled wood (FW-11.5 result 4)")
    alt = R.ALTERNATE.get(terrain)
    if alt:
        alt_kind = "swamp" if terrain == "swamp" else "wood"

        def others() -> list[int]:
            return [i for i in mains(st) if st.items[i].feature.kind not in alt]

        fill(st, pool, lambda: len(others()) < n // 2)
        target = max(math.ceil(n / 2), len(others()))

        def have() -> int:
            return len(mains(st)) - len(others())

        tries = 0
        while have() < target and tries < target * 2:
            tries += 1
            place(st, alt_kind, quiet=True, rule="FW-10.5", note=R.KINDS[alt_kind].note + "; every other feature (FW-10.5)")
        if have() < target:
            st.notes.append(f"Only {have()} of the {target} {alt_kind}s the alternation asks for (FW-10.5) fit the table: add the rest by hand.")
    else:
        fill(st, pool, lambda: len(mains(st)) < n)


def mountain_peaks(st: TableState, n: int) -> None:
    """FW-10.5: peaks until the mountain square's table holds exactly its 1D6 = ``n`` features.

    What the square requires counts first; a peak whose rolled size finds no
    room is rolled again, a bounded number of times.  The note names what made
    the count differ: the square (or the options standing in for it), the
    scenario's own features (FW-23), the players' configurations, or a
    placement that failed.
    """
    tries = 0
    while len(mains(st)) < n and tries < 2 * n + PEAK_RETRIES:
        tries += 1
        mountain_piece(st, quiet=True)
    have = len(mains(st))
    rolled = f"The mountain table rolled {features(n)} (FW-10.5)"
    if have < n:
        st.notes.append(f"{rolled} but placement failed for {n - have}: no room for another peak after {tries} tries; add the rest by hand.")
    elif st.required_count > n:
        st.notes.append(f"{rolled} but {required_by(st)}: all are placed.")
    elif have > n:
        st.notes.append(f"{rolled}; the configurations the players rolled (FW-11.1) bring {have - st.required_count} of the {have}: every rolled item is placed.")


def required_by(st: TableState) -> str:
    """Who placed the features counted first: the square (or the options standing in for it), the scenario, or both."""
    own = st.required_count - st.scenario_count
    who = []
    if own:
        square = "the campaign square requires" if st.opts.map_name else "the options (river, road, works, holding) require"
        who.append(f"{square} {own}")
    if st.scenario_count:
        sc = st.plan.scenario
        who.append(f"the {SCENARIO_LABELS[sc.name].lower()} scenario ({sc.rule}) brings {st.scenario_count}")
    return " and ".join(who)


def features(n: int) -> str:
    return f"{n} terrain feature" + ("" if n == 1 else "s")


def filler_pool(st: TableState) -> tuple[str, ...]:
    """[DEV] the kinds the count is filled with: by the ground on a flat table, by the relief otherwise;
    at another scale, that scale's own by terrain."""
    geo, terrain = st.ground.geo, st.ground.terrain
    fillers = R.SCALES[st.opts.scale].fillers
    if fillers is not None:
        return fillers.get(terrain, fillers["plain"])
    if geo == "hilly" and terrain == "desert":
        return R.DESERT_HILL_FILLERS  # FW-11.2: hills in a desert are dunes
    if geo in R.RELIEF_FILLERS:
        return R.RELIEF_FILLERS[geo]
    return R.FILLERS.get(terrain, R.FILLERS["plain"])


def fill(st: TableState, pool, more) -> None:
    """Random features from the ground's pool while ``more()``, with a bounded number of tries."""
    tries = 0
    while more() and tries < 3 * len(pool) + 12:
        tries += 1
        choices = [k for k in pool if not at_max(st, k)]
        if not choices:
            break
        kind = str(choices[int(st.rng.integers(len(choices)))])
        if kind == "mountain":
            mountain_piece(st)
        else:
            place(st, kind, quiet=True, note=R.KINDS[kind].note + " (a base-rules feature)")


def at_max(st: TableState, kind: str) -> bool:
    """FW-11.2 flat: at most 2 hillocks and 1 raised flat area."""
    if st.ground.geo != "flat":
        return False
    return (kind == "hillock" and st.layout.count("hillock") >= R.HILLOCKS_MAX) or (kind == "raised_area" and st.layout.count("raised_area") >= R.RAISED_AREAS_MAX)
