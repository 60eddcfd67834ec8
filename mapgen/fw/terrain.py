"""Terrain: an elevation field with mountain chains, then terrain by height, wetness and climate.

Small pure functions over numpy arrays indexed ``[row, col]``, in the manner of
O'Leary's terrain.js, but every random draw comes from the one seeded
generator and every constant has a name.
"""

from __future__ import annotations

import math

import numpy as np

from .model import ELEVATION_DECIMALS
from .rules import HIGH_GROUND, of_kind

# Chains per 100 squares, by region type (FW-11.2 rolled for the region, AMB-73).
CHAINS_PER_100 = {"flat": 0.6, "hilly": 1.4, "mountainous": 1.6}
# A chain runs at most this many squares (about 700 km at a day's march a square).
CHAIN_MAX = 14
# Share of a chain's core that rises to mountain (the rest stays hills).
MOUNTAIN_SHARE = {"flat": 0.0, "hilly": 0.35, "mountainous": 0.85}
# Chance that a square beside a mountain is a hill flanking it.
FLANK_HILLS = 0.7
# Climate shifts (cold: more forest, swamp and mountain; torrid: desert and jungle).
FOREST_SHARE = {"cold": 0.26, "temperate": 0.18, "torrid": 0.16}
SWAMP_SHARE = {"cold": 0.07, "temperate": 0.04, "torrid": 0.04}
DESERT_SHARE = {"cold": 0.0, "temperate": 0.0, "torrid": 0.22}
UNCULTIVATED_SHARE = {"cold": 0.22, "temperate": 0.18, "torrid": 0.14}
MOUNTAIN_BONUS = {"cold": 0.15, "temperate": 0.0, "torrid": 0.0}
# [DEV] FW-11.7 result 5-6, a glacier "only for high mountain zones": a mountain square is
# high mountain when its elevation is in the upper half of its chain (this share of the
# chain's mountain squares, by the elevation the map stores, rounded as in fw-map.json).
HIGH_MOUNTAIN_SHARE = 0.5
# Chance of a sea coast along one long edge, and of inland lakes per 100 squares.
SEA_CHANCE = 0.4
LAKES_PER_100 = 0.5


def value_noise(rng: np.random.Generator, height: int, width: int, cell: float) -> np.ndarray:
    """Smooth noise in 0..1: random values on a coarse lattice, bilinearly interpolated."""
    gh = int(np.ceil(height / cell)) + 2
    gw = int(np.ceil(width / cell)) + 2
    lattice = rng.random((gh, gw))
    ys = (np.arange(height) + 0.5) / cell
    xs = (np.arange(width) + 0.5) / cell
    y0 = np.floor(ys).astype(int)
    x0 = np.floor(xs).astype(int)
    ty = (ys - y0)[:, None]
    tx = (xs - x0)[None, :]
    ty = ty * ty * (3 - 2 * ty)
    tx = tx * tx * (3 - 2 * tx)
    upper, lower = lattice[y0], lattice[y0 + 1]
    a, b = upper[:, x0], upper[:, x0 + 1]
    c, d = lower[:, x0], lower[:, x0 + 1]
    return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty


def fbm(rng: np.random.Generator, height: int, width: int, base_cell: float, octaves: int = 3) -> np.ndarray:
    """Fractal noise: a few octaves of value noise, normalised to 0..1."""
    total = np.zeros((height, width))
    amp, cell = 1.0, base_cell
    for _ in range(octaves):
        total += amp * value_noise(rng, height, width, max(cell, 1.0))
        amp *= 0.5
        cell /= 2
    return normalize(total)


def normalize(a: np.ndarray) -> np.ndarray:
    lo, hi = float(a.min()), float(a.max())
    return np.zeros_like(a) if hi - lo < 1e-12 else (a - lo) / (hi - lo)


def dilate(mask: np.ndarray) -> np.ndarray:
    """Grow a boolean mask by one square in all eight directions."""
    out = mask.copy()
    out[1:, :] |= mask[:-1, :]
    out[:-1, :] |= mask[1:, :]
    out[:, 1:] |= out[:, :-1].copy()
    out[:, :-1] |= out[:, 1:].copy()
    return out


def neighbour_count(mask: np.ndarray) -> np.ndarray:
    """How many of each square's eight neighbours are set."""
    h, w = mask.shape
    padded = np.zeros((h + 2, w + 2), np.int16)  # np.pad(mask, 1) without np.pad's setup
    padded[1:-1, 1:-1] = mask
    total = np.zeros((h, w), np.int16)
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr or dc:
                total += padded[1 + dr : 1 + dr + h, 1 + dc : 1 + dc + w]
    return total


def chain_ridges(rng: np.random.Generator, height: int, width: int, region: str) -> np.ndarray:
    """Mountain chains and hill ranges as random walks with momentum.

    A walk keeps its heading with small turns, so chains come out as ridges,
    not blobs; each chain is at least three squares long, so no mountain
    starts out isolated (FW-2.5 item 7).
    """
    ridge = np.zeros((height, width), bool)
    count = max(1, int(round(CHAINS_PER_100[region] * height * width / 100)))
    longest = max(3, min(CHAIN_MAX, int(0.6 * max(width, height))))
    for _ in range(count):
        r, c = rng.uniform(0, height), rng.uniform(0, width)
        heading = rng.uniform(0, 2 * np.pi)
        length = int(rng.integers(3, max(4, longest) + 1))
        for _ in range(length):
            ri, ci = int(r), int(c)
            if not (0 <= ri < height and 0 <= ci < width):
                break
            ridge[ri, ci] = True
            heading += rng.normal(0, 0.35)
            r += np.sin(heading)
            c += np.cos(heading)
    return ridge


def base_elevation(rng: np.random.Generator, height: int, width: int, ridge: np.ndarray) -> np.ndarray:
    """Rolling noise plus the chains and their foothills."""
    noise = fbm(rng, height, width, base_cell=max(3.0, min(width, height) / 2.5))
    near = dilate(ridge)
    far = dilate(near)
    return normalize(0.45 * noise + 0.35 * ridge + 0.12 * near + 0.08 * far)


def add_sea(rng: np.random.Generator, terrain: np.ndarray, elevation: np.ndarray) -> None:
    """Maybe a coast along one long edge, its depth wavering between 1 and 2 squares."""
    height, width = terrain.shape
    if rng.random() >= SEA_CHANCE or min(width, height) < 6:
        return
    wobble = value_noise(rng, 1, max(width, height), 3.0)[0]
    depth = 1 + (wobble > 0.6).astype(int)
    long_x = width >= height
    far_edge = rng.random() < 0.5
    for i, d in enumerate(depth):
        for k in range(d):
            if long_x:
                r = height - 1 - k if far_edge else k
                terrain[r, i] = "sea"
            else:
                cc = width - 1 - k if far_edge else k
                terrain[i, cc] = "sea"
    elevation[terrain == "sea"] = 0.0


def add_lakes(rng: np.random.Generator, terrain: np.ndarray, elevation: np.ndarray, wet: np.ndarray) -> None:
    """A few lakes in low, wet ground, never on high ground or the map edge."""
    height, width = terrain.shape
    count = int(rng.poisson(LAKES_PER_100 * height * width / 100))
    low = (elevation < linear_quantile(elevation, 0.35)) & (terrain == "plain")
    low[0, :] = low[-1, :] = False
    low[:, 0] = low[:, -1] = False
    low &= neighbour_count(terrain == "sea") == 0
    cands = np.argwhere(low)
    if not len(cands) or not count:
        return
    order = np.argsort(-(wet[low] + 0.3 * rng.random(len(cands))), kind="stable")
    for idx in order[:count]:
        r, c = cands[idx]
        terrain[r, c] = "lake"
        elevation[r, c] = min(elevation[r, c], 0.05)


def classify(
    rng: np.random.Generator,
    elevation: np.ndarray,
    ridge: np.ndarray,
    region: str,
    climate: str,
) -> tuple[np.ndarray, np.ndarray]:
    """Terrain per square from chains, height, wetness and climate.

    Returns (terrain, wetness).  Water is added later by add_sea / add_lakes.
    """
    height, width = elevation.shape
    terrain = np.full((height, width), "plain", dtype="<U12")
    jitter = rng.random((height, width))
    share = MOUNTAIN_SHARE[region] + MOUNTAIN_BONUS[climate]
    mountain = ridge & (jitter < share) if share else np.zeros_like(ridge)
    hills = ridge & ~mountain
    flank = dilate(mountain) & ~mountain & (rng.random((height, width)) < FLANK_HILLS)
    hills |= flank
    terrain[hills] = "hills"
    terrain[mountain] = "mountain"

    wet = fbm(rng, height, width, base_cell=max(2.5, min(width, height) / 3))
    wet = normalize(wet + 0.25 * (1 - elevation))
    low = ~(hills | mountain)
    lowland = np.flatnonzero(low.ravel())

    def take(share: float, score: np.ndarray, name: str) -> None:
        n = int(round(share * lowland.size))
        if n <= 0:
            return
        free = lowland[terrain.ravel()[lowland] == "plain"]
        if not free.size:
            return
        terrain.ravel()[free[lowest(-score.ravel()[free], n)]] = name

    # Swamps in the lowest, wettest ground; forests where moist; desert where dry and hot.
    take(SWAMP_SHARE[climate], wet * (1 - elevation) ** 2, "swamp")
    take(FOREST_SHARE[climate], wet + 0.15 * jitter, "jungle" if climate == "torrid" else "forest")
    take(DESERT_SHARE[climate], (1 - wet) + 0.1 * jitter, "desert")
    take(UNCULTIVATED_SHARE[climate], jitter, "uncultivated")
    return terrain, wet


def lowest(values: np.ndarray, n: int) -> np.ndarray:
    """Which of ``values`` the first ``n`` of a stable ascending sort would be (a mask), without sorting them all.

    The n-th smallest value is found by partition; every smaller value is in, and of the values
    equal to it the first ones by position, as a stable sort keeps them.
    """
    chosen = np.ones(values.size, bool)
    if n >= values.size:
        return chosen
    cut = np.partition(values, n - 1)[n - 1]
    chosen = values < cut
    chosen[np.flatnonzero(values == cut)[: n - int(chosen.sum())]] = True
    return chosen


def remove_isolated_high_ground(terrain: np.ndarray) -> None:
    """FW-2.5 item 7: hills and mountains belong to chains; a lone one becomes plain."""
    high = of_kind(terrain, HIGH_GROUND)
    lone = high & (neighbour_count(high) == 0)
    terrain[lone] = "plain"


def final_elevation(elevation: np.ndarray, terrain: np.ndarray) -> np.ndarray:
    """Lift high ground so mountains stand above hills and hills above the lowland."""
    lift = np.where(terrain == "mountain", 0.5, np.where(terrain == "hills", 0.25, 0.0))
    out = normalize(elevation + lift)
    out[of_kind(terrain, ("sea", "lake"))] = 0.0
    return out


def high_mountains(terrain: np.ndarray, elevation: np.ndarray) -> np.ndarray:
    """[DEV] High-mountain squares: the upper half of each mountain chain by elevation.

    A chain is a group of 8-connected mountain squares; its high squares are those at or
    above the chain's median elevation, so every chain has a high part, whatever the
    climate (FW-11.7: glaciers belong to high mountains, not to a climate zone).
    Elevations are rounded as ``fw-map.json`` stores them, so the validator agrees.
    """
    from .connectivity import component_labels  # here to keep terrain free of graph code at import

    mountain = terrain == "mountain"
    high = np.zeros_like(mountain)
    if not mountain.any():
        return high
    h, w = mountain.shape
    rows, cols = np.nonzero(mountain)
    idx = rows * w + cols
    a, b = [], []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        r2, c2 = rows + dr, cols + dc
        ok = (r2 < h) & (c2 >= 0) & (c2 < w)
        ok[ok] = mountain[r2[ok], c2[ok]]
        a.append(idx[ok])
        b.append(r2[ok] * w + c2[ok])
    labels = component_labels(h * w, np.concatenate(a), np.concatenate(b))[idx]
    elev = np.array([round(float(v), ELEVATION_DECIMALS) for v in elevation[rows, cols]])
    # Each chain's cut is np.quantile(its elevations, 1 - HIGH_MOUNTAIN_SHARE, method="higher"):
    # the value at rank ceil((n - 1) * q) of its sorted elevations, found for all chains at once.
    order = np.lexsort((elev, labels))
    chain_of, sorted_elev = labels[order], elev[order]
    starts = np.flatnonzero(np.r_[True, chain_of[1:] != chain_of[:-1]])
    sizes = np.diff(np.r_[starts, chain_of.size])
    cut = sorted_elev[starts + np.ceil((sizes - 1) * (1 - HIGH_MOUNTAIN_SHARE)).astype(np.intp)]
    pick = elev >= cut[np.searchsorted(chain_of[starts], labels)]
    high[rows[pick], cols[pick]] = True
    return high


def linear_quantile(values: np.ndarray, q: float) -> float:
    """``np.quantile(values, q)`` (its default "linear" method), to the last bit.

    numpy's own calls np.unique, which imports numpy.ma (a tenth of ``fw-map --formats
    json``'s whole run) for this one number; this takes the same two order statistics
    and interpolates between them with numpy's own arithmetic.
    """
    flat = values.ravel()
    n = flat.size
    virtual = (n - 1) * q
    if virtual >= n - 1:
        below = above = n - 1
        t = virtual + 1  # numpy's weight here; both values are the largest, so it changes nothing
    elif virtual < 0:
        below = above = 0
        t = virtual
    else:
        below = math.floor(virtual)
        above = below + 1
        t = virtual - below
    part = np.partition(flat, sorted({below, above}))
    a, b = part[below], part[above]
    diff = b - a
    return b - diff * (1 - t) if t >= 0.5 else a + diff * t


def generate_terrain(rng: np.random.Generator, width: int, height: int, region: str, climate: str):
    """The terrain stage: returns (terrain, elevation, wetness) arrays."""
    ridge = chain_ridges(rng, height, width, region)
    elevation = base_elevation(rng, height, width, ridge)
    terrain, wet = classify(rng, elevation, ridge, region, climate)
    add_sea(rng, terrain, elevation)
    add_lakes(rng, terrain, elevation, wet)
    remove_isolated_high_ground(terrain)
    return terrain, final_elevation(elevation, terrain), wet
