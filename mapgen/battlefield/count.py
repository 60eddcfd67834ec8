"""Filling the table up to the base-rules count of terrain features (FW-10.5, AMB-28).

Features already placed (the square's, the relief, the rolled ones) count
towards it.  A forest or jungle square doubles the count and a swamp square
alternates swamps with the rest; the mountain square places its 1D6 peaks.
"""

from __future__ import annotations

import math

from . import rules as R
from .features import mains, place
from .relief import mountain_piece
from .state import TableState


def base_count(st: TableState) -> int:
    """FW-10.5 [DEV]: 1 feature per 30 cm of width, doubled on a forest or jungle square (AMB-28)."""
    n = R.FEATURES_PER_30CM * int(st.width // 30)
    return 2 * n if st.ground.terrain in ("forest", "jungle") else n


def fill_to_count(st: TableState) -> None:
    terrain = st.ground.terrain
    if terrain == "mountain":
        n = st.mountain_count
        tries = 0
        while len(mains(st)) < n and tries < n + 3:
            tries += 1
            mountain_piece(st)
        if len(mains(st)) > n:
            st.notes.append(f"The mountain table rolled {n} terrain features (FW-10.5) but the campaign square requires {len(mains(st))}: all are placed.")
        return
    n = base_count(st)
    pool = list(R.FILLERS.get(terrain, R.FILLERS["plain"]))
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
