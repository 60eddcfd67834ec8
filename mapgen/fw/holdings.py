"""Holdings (FW-3): capital and minor holdings placed by the rules.

Only in the owner's territory, same-side holdings at Chebyshev distance >= 3
(AMB-07), never on mountain, forest or swamp except for the races that may
(FW-3.2.a-d), never on water.  Squares are chosen by a score in the manner of
O'Leary's cityScore (good ground, a river nearby, the capital central), with
seeded jitter.  When the rules cannot be met we say which and stop: the
search is a few bounded greedy passes, never an endless retry.
"""

from __future__ import annotations

import numpy as np

from ..dice import Dice
from ..errors import InfeasibleError
from ..grid import chebyshev, col_letters, square_id
from ..tables import roll_on
from .model import Holding
from .rules import BURIAL_OBJECT, HOLDING_FEATURE, HOLDING_FORBIDDEN, HOLDING_MIN_DISTANCE, WATER, holding_terrain_allowed, of_kind

#: How much a holding likes each terrain (unlisted allowed terrain: 0.6).
GROUND_PREFERENCE = {"plain": 1.0, "cultivated": 1.0, "uncultivated": 0.9, "hills": 0.8, "desert": 0.4}
RIVER_BONUS = 0.3
JITTER = 0.35
#: Terrain the generator may clear into fields when a territory lacks open ground.
CLEARABLE = frozenset({"forest", "jungle", "swamp"})
CLEARING_PENALTY = 2.0


def allowed_mask(terrain: np.ndarray, race: str) -> np.ndarray:
    """Where ``race`` may hold a square: any ground but water and the forbidden kinds it has no exception for.

    Only water and the forbidden kinds can be refused, so only they are looked for (listing the
    map's own kinds with np.unique cost more than the rest of the mask on a big map).
    """
    refused = sorted(t for t in WATER | HOLDING_FORBIDDEN if not holding_terrain_allowed(t, race))
    return ~of_kind(terrain, refused)


def describe_band(mask: np.ndarray) -> str:
    rows, cols = np.nonzero(mask)
    return (
        f"columns {col_letters(int(cols.min()))}-{col_letters(int(cols.max()))}, "
        f"rows {int(rows.min()) + 1}-{int(rows.max()) + 1}"
    )


def greedy(order: list[tuple[int, int]], need: int) -> list[tuple[int, int]]:
    picked: list[tuple[int, int]] = []
    for sq in order:
        if all(chebyshev(sq, p) >= HOLDING_MIN_DISTANCE for p in picked):
            picked.append(sq)
            if len(picked) == need:
                break
    return picked


def pack(cands, need: int, capital_key, key, centre) -> list[tuple[int, int]]:
    """Bounded search for ``need`` squares at spacing >= 3, the capital first.

    A scored greedy pass, then dense raster packings from each of the nine
    lattice offsets; nothing more, so it always ends.
    """
    if not cands:
        return []
    capital = max(cands, key=capital_key)
    rest = sorted(cands, key=key)
    rest.remove(capital)  # the keys are distinct: the same order as sorting the others
    picked = greedy([capital] + rest, need)
    if len(picked) == need:
        return picked
    best = picked
    for dr in range(HOLDING_MIN_DISTANCE):
        for dc in range(HOLDING_MIN_DISTANCE):
            order = sorted(cands, key=lambda sq: ((sq[1] - dr) % 3 != 0 or (sq[0] - dc) % 3 != 0, key(sq)))
            picked = greedy(order, need)
            if len(picked) == need:
                cap = min(picked, key=lambda sq: (max(abs(sq[0] - centre[0]), abs(sq[1] - centre[1])), sq[1], sq[0]))
                return [cap] + [p for p in picked if p != cap]
            best = max(best, picked, key=len)
    return best


def place_side(
    rng: np.random.Generator,
    side,
    minor: int,
    terrain: np.ndarray,
    territory: np.ndarray,
    usable: np.ndarray,
    river: np.ndarray,
    keep: np.ndarray | None = None,
) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The capital first, then the minor holdings.

    Returns (squares, cleared): when the territory's open ground cannot take
    every holding, forest or swamp squares are cleared into fields for them
    (the map's terrain is the generator's to make; the rules are not).  Squares
    in ``keep`` (rolled configurations) are never cleared.
    """
    own = territory == side.id
    ok = own & usable & allowed_mask(terrain, side.race)
    clearable = own & usable & of_kind(terrain, sorted(CLEARABLE)) & ~ok
    if keep is not None:
        clearable &= ~keep
    need = minor + 1
    rows, cols = np.nonzero(own)
    centre = ((cols.min() + cols.max()) / 2, (rows.min() + rows.max()) / 2)
    span = max(1.0, float(max(cols.max() - cols.min(), rows.max() - rows.min())))
    jitter = rng.random(terrain.shape)

    # The score of every square at once (good ground, a river, jitter, less for clearing), and
    # each square's place in the two orders pack() sorts by, as ranks: sorting thousands of
    # squares by tuples built square by square was most of a big map's holdings stage.
    h, w = terrain.shape
    anywhere = ok | clearable
    rows_, cols_ = np.nonzero(anywhere)
    preference = np.full(rows_.size, 0.6)
    ground = terrain[rows_, cols_]
    for t, v in GROUND_PREFERENCE.items():
        preference[ground == t] = v
    score = (
        preference
        + RIVER_BONUS * river[rows_, cols_].astype(bool)
        + JITTER * jitter[rows_, cols_]
        - CLEARING_PENALTY * clearable[rows_, cols_]
    )
    far = np.maximum(np.abs(cols_ - centre[0]), np.abs(rows_ - centre[1])) / span
    flat = rows_ * w + cols_  # row, then column, as one key
    # central: highest (score - 1.5 * distance from the centre), then northmost, then westmost
    central = _ranks(-flat, score - 1.5 * far)
    # order: best score first, then row, then column
    order = _ranks(flat, -score)

    # Most maps: pack()'s first greedy pass over the allowed squares places every holding.  It is run
    # here on the rank arrays, reading the squares in order only as far as it needs, instead of first
    # turning all of them into tuples and dicts (most of a big map's holdings stage).
    first = _first_pass(cols_, rows_, central, order, ok[rows_, cols_], need)
    if len(first) == need:
        return first, []  # only allowed squares: nothing cleared
    squares = list(zip(cols_.tolist(), rows_.tolist()))
    central_of = dict(zip(squares, central.tolist()))
    order_of = dict(zip(squares, order.tolist()))
    picked: list = []
    for pool in (ok, anywhere):
        r, c = np.nonzero(pool)
        cands = list(zip(c.tolist(), r.tolist()))
        picked = pack(cands, need, central_of.__getitem__, order_of.__getitem__, centre)
        if len(picked) == need:
            return picked, [sq for sq in picked if clearable[sq[1], sq[0]]]
    land = int((own & usable).sum())
    raise InfeasibleError(
        "FW-3.2",
        f"side {side.id} ({side.race}) needs {need} holdings at least {HOLDING_MIN_DISTANCE} squares apart "
        f"(AMB-07), but its territory ({describe_band(own)}, {land} land squares where holdings may stand"
        f" or be cleared) fits only {len(picked)}. "
        "Use a larger map (--width/--height), fewer holdings (--holdings) or another --seed.",
    )


def _ranks(*keys: np.ndarray) -> np.ndarray:
    """Each item's place when all are sorted by ``keys`` (the last the first key)."""
    rank = np.empty(keys[0].size, int)
    rank[np.lexsort(keys)] = np.arange(keys[0].size)
    return rank


def _first_pass(cols: np.ndarray, rows: np.ndarray, central: np.ndarray, order: np.ndarray, pool: np.ndarray,
                need: int) -> list[tuple[int, int]]:
    """pack()'s scored greedy pass over the squares in ``pool``: the most central first, then the rest
    by ``order`` (both ranks, all distinct, as pack's keys give them)."""
    inside = np.flatnonzero(pool)
    if not inside.size:
        return []
    capital = int(inside[np.argmax(central[inside])])
    rest = inside[np.argsort(order[inside])]
    rest = rest[rest != capital]
    seq = np.concatenate(([capital], rest))
    picked: list[tuple[int, int]] = []
    chunk = 256
    for at in range(0, seq.size, chunk):
        part = seq[at : at + chunk]
        for sq in zip(cols[part].tolist(), rows[part].tolist()):
            if all(chebyshev(sq, p) >= HOLDING_MIN_DISTANCE for p in picked):
                picked.append(sq)
                if len(picked) == need:
                    return picked
    return picked


def place_holdings(
    dice: Dice,
    sides,
    minor: int,
    terrain: np.ndarray,
    territory: np.ndarray,
    usable: np.ndarray,
    river: np.ndarray,
    notes: list[str],
    keep: np.ndarray | None = None,
) -> list[Holding]:
    """The loser of a roll places all his holdings first (FW-3.2 item 1); each rolls FW-3.4.

    ``keep``: squares whose terrain must stay (rolled configurations).
    """
    winner, loser = dice.contest("FW-3.2", "holdings: the loser places first", [s.id for s in sides])
    dice.log[-1].result = f"{loser} places first"
    by_id = {s.id: s for s in sides}
    holdings: list[Holding] = []
    for sid in (loser, winner):
        squares, cleared = place_side(dice.rng, by_id[sid], minor, terrain, territory, usable, river, keep)
        for c, r in cleared:
            notes.append(
                f"{square_id(c, r)}: {terrain[r, c]} cleared into fields for side {sid}'s holding "
                "(FW-3.2: the territory had too little open ground)"
            )
            terrain[r, c] = "cultivated"
        for i, sq in enumerate(squares):
            kind = "capital" if i == 0 else "holding"
            _, feat = roll_on(dice, HOLDING_FEATURE, f"holding feature: side {sid} {kind} at {square_id(*sq)}")
            detail = None
            if feat.outcome == "burial_mound":
                _, obj = roll_on(dice, BURIAL_OBJECT, f"burial mound object at {square_id(*sq)}")
                detail = obj.outcome
            holdings.append(Holding(sid, sq, i == 0, feat.outcome, detail))
    return holdings


#: Chance that open ground next to a holding is fields.
FIELDS_CHANCE = 0.55


def cultivate_around(
    rng: np.random.Generator, terrain: np.ndarray, holdings, keep: np.ndarray | None = None, chance: float = FIELDS_CHANCE
) -> None:
    """Fields around holdings: open ground next to a holding may be cultivated.

    Squares in ``keep`` (rolled configurations, e.g. a natural grassland of FW-11.5
    result 1-2) keep their terrain; the die is still thrown for them, so the fields
    elsewhere do not depend on where the configurations lie.
    """
    h, w = terrain.shape
    for hd in holdings:
        c0, r0 = hd.square
        for r in range(max(0, r0 - 1), min(h, r0 + 2)):
            for c in range(max(0, c0 - 1), min(w, c0 + 2)):
                if terrain[r, c] in ("plain", "uncultivated") and rng.random() < chance:
                    if keep is None or not keep[r, c]:
                        terrain[r, c] = "cultivated"
