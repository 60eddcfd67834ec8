"""The names stage: holdings, capitals, chains, rivers and regions get names that fit who lives there.

It runs last, on a generator of its own derived from the map's seed
(:func:`mapgen.naming.names_rng`): it throws no die for the log and draws nothing
from the dice's generator, so every other stage gives the same output with it or
without it, and a map read from an older file keeps its rolls.

Whose names: a holding (and a capital) bears its side's race's names; a chain, a
river or a region those of the territory most of it lies in (for a river, the
most of its edges; a tie goes to its mouth), and the neutral table's in the
neutral third.  A desert outside the torrid zone is a cursed wasteland (FW-2.2)
and is named as one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import numpy as np

from ..dice import seed_to_int
from ..naming import Namer, load_table, names_rng
from .model import Holding, River, Side
from .places import NEUTRAL, Place, chain_parts, region_parts, squares_of
from .rivers import river_edge_squares


@dataclass
class PlaceNames:
    """What the stage names: one name per holding and per river, in their order; the chains and regions."""

    holdings: list[str]
    rivers: list[str]
    chains: list[Place]
    regions: list[Place]


def _most(territories: list[str], tie: str | None = None) -> str:
    """The territory most squares are in; on a tie ``tie`` if it is one of the most, else the first met."""
    counts = Counter(territories)
    top = max(counts.values())
    best = [t for t in dict.fromkeys(territories) if counts[t] == top]
    return tie if tie in best else best[0]


def most_territory(parts: list[np.ndarray], territory: np.ndarray, tie: list[str | None] | None = None) -> list[str]:
    """For each part (flat indices of squares, in order; a square may come more than once), the territory
    most of its squares are in; on a tie, the part's ``tie`` territory if it is one of the most, else the
    one met first.  All parts at once: name_places asks for some 2,000 on a 200 x 200 map."""
    if not parts:
        return []
    flat = territory.ravel()
    kinds = sorted(set(flat.tolist()))
    code = np.searchsorted(np.array(kinds), flat)
    sizes = [p.size for p in parts]
    squares = np.concatenate(parts)
    part = np.repeat(np.arange(len(parts)), sizes)
    held = code[squares]
    counts = np.zeros((len(parts), len(kinds)), int)
    np.add.at(counts, (part, held), 1)
    top = counts.max(axis=1)
    # on a tie, the territory of the first square of the part whose territory has the top count
    hits = np.flatnonzero(counts[part, held] == top[part])
    first = np.full(len(parts), squares.size)
    np.minimum.at(first, part[hits], hits)
    out = [kinds[k] for k in held[first].tolist()]
    for i, t in enumerate(tie or ()):
        if t in kinds and counts[i, kinds.index(t)] == top[i]:
            out[i] = t
    return out


def river_squares(river: River, width: int, height: int) -> list[tuple[int, int]]:
    """The squares on either side of each edge of ``river``, source to mouth (a square once per edge)."""
    out = []
    for (x0, y0), (x1, y1) in river.edges():
        if y0 == y1:  # along a row of corners: the squares above and below
            pair = ((min(x0, x1), y0 - 1), (min(x0, x1), y0))
        else:
            pair = ((x0 - 1, min(y0, y1)), (x0, min(y0, y1)))
        out += [sq for sq in pair if 0 <= sq[0] < width and 0 <= sq[1] < height]
    return out


def banks(rivers: list[River], width: int, height: int) -> list[list[tuple[int, int]]]:
    """:func:`river_squares` of each of ``rivers``, every edge of every river worked out at once
    (edge by edge if a river leaves the square sides, as a hand-edited file may)."""
    try:
        pairs = river_edge_squares(rivers).reshape(-1, 2)  # each edge's square west or north, then east or south
    except ValueError:
        return [river_squares(r, width, height) for r in rivers]
    c, r = pairs[:, 0], pairs[:, 1]
    inside = ((c >= 0) & (c < width) & (r >= 0) & (r < height)).tolist()
    squares = list(zip(c.tolist(), r.tolist()))
    out, at = [], 0
    for river in rivers:
        end = at + 2 * max(len(river.points) - 1, 0)
        out.append([sq for sq, ok in zip(squares[at:end], inside[at:end]) if ok])
        at = end
    return out


def bank_parts(rivers: list[River], width: int, height: int) -> list[np.ndarray] | None:
    """:func:`banks` as flat square indices, one array a river; None if a river leaves the square sides."""
    try:
        pairs = river_edge_squares(rivers).reshape(-1, 2)
    except ValueError:
        return None
    c, r = pairs[:, 0], pairs[:, 1]
    inside = (c >= 0) & (c < width) & (r >= 0) & (r < height)
    river = np.repeat(np.arange(len(rivers)), [2 * max(len(x.points) - 1, 0) for x in rivers])[inside]
    flat = (r * width + c)[inside]
    ends = np.cumsum(np.bincount(river, minlength=len(rivers))).tolist()
    return [flat[a:b] for a, b in zip([0, *ends[:-1]], ends)]


def river_people(rivers: list[River], territory: np.ndarray, race: dict[str, str]) -> list[str]:
    """Whose names each river bears: the race of the territory most of its edges run by, a tie going to its mouth's.

    All rivers at once (:func:`most_territory`); square by square when a river leaves the square sides.
    """
    height, width = territory.shape
    flat = territory.ravel()
    parts = bank_parts(rivers, width, height)
    if parts is None:
        whose = flat.tolist()
        out = []
        for squares in banks(rivers, width, height):
            mouth = whose[squares[-1][1] * width + squares[-1][0]] if squares else None
            most = _most([whose[r * width + c] for c, r in squares], mouth) if squares else None
            out.append(race.get(most, NEUTRAL))
        return out
    flowing = [p for p in parts if p.size]
    most = iter(most_territory(flowing, territory, [str(flat[p[-1]]) for p in flowing]))
    return [race.get(next(most), NEUTRAL) if p.size else NEUTRAL for p in parts]


def name_places(
    seed: int | str,
    sides: list[Side],
    terrain: np.ndarray,
    territory: np.ndarray,
    holdings: list[Holding],
    rivers: list[River],
    zone: str,
) -> PlaceNames:
    """Name every holding, chain, river and region; no two alike on the map."""
    namer = Namer(names_rng(seed_to_int(seed)))
    height, width = terrain.shape
    race = {s.id: s.race for s in sides}

    held = [""] * len(holdings)
    for i in sorted(range(len(holdings)), key=lambda i: not holdings[i].capital):  # capitals choose first
        h = holdings[i]
        held[i] = namer.name(load_table(race[h.side]), "capital" if h.capital else "holding")
    chain_list, region_list = chain_parts(terrain), region_parts(terrain)
    chain_whose = [race.get(t, NEUTRAL) for t in most_territory([p for _, p in chain_list], territory)]
    region_whose = [race.get(t, NEUTRAL) for t in most_territory([p for _, p in region_list], territory)]
    chains = []
    for (kind, _), who, squares in zip(chain_list, chain_whose, squares_of([p for _, p in chain_list], width)):
        chains.append(Place(namer.name(load_table(who), kind), kind, who, squares))
    flowing = []
    for who in river_people(rivers, territory, race):
        flowing.append(namer.name(load_table(who), "river"))
    regions = []
    for (kind, _), who, squares in zip(region_list, region_whose, squares_of([p for _, p in region_list], width)):
        named_as = "wasteland" if kind == "desert" and zone != "torrid" else kind
        regions.append(Place(namer.name(load_table(who), named_as), kind, who, squares))
    return PlaceNames(held, flowing, chains, regions)
