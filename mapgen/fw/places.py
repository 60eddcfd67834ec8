"""The named parts of a campaign map besides holdings and rivers: chains and regions.

A chain is a group of 8-connected hill and mountain squares (high ground lies in
chains, FW-2.5 item 7): ``mountains`` when a good share of it is mountain, else
``hills``.  A region is a group of 8-connected squares of one ground (forest,
jungle, swamp, desert, uncultivated) of at least :data:`REGION_MIN` squares.

Chains that the terrain stage's walks ran together can fill a third of a
mountainous map (70 squares on a large one, across all three territories), and one
name over all of it names none of it well, so a group larger than a part is cut
into parts of about that size: seeds spread by farthest-point sampling, each
square to its nearest seed, each part kept connected, and crumbs too small to
name joined to a neighbouring part.  Plain numpy over flat square indices, so a
400 x 400 map takes well under a second.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..grid import square_id
from .connectivity import component_labels
from .movement import flat_index, king_pairs
from .rules import RACES, of_kind

CHAIN_KINDS = ("mountains", "hills")
#: Region kinds are the terrain they are made of.
REGION_KINDS = ("forest", "jungle", "swamp", "desert", "uncultivated")
#: The smallest region that gets a name (issue 11: "at least 3 squares").
REGION_MIN = 3
#: About the most squares one chain name covers, and one region name.
CHAIN_PART = 20
REGION_PART = 40
#: A chain is ``mountains`` when at least this share of its squares is mountain.
MOUNTAIN_SHARE = 0.25
#: The naming table of the neutral third (``templates/names/neutral.yaml``).
NEUTRAL = "neutral"


@dataclass
class Place:
    """A named chain or region: its kind, whose names it bears (a race, or ``neutral``), its squares."""

    name: str
    kind: str
    race: str
    squares: list[tuple[int, int]]

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "race": self.race, "squares": [square_id(*s) for s in self.squares]}

    @classmethod
    def read(cls, r, kinds, square) -> "Place":
        """One chain or region of ``fw-map.json`` from its Reader; ``square(reader, key, text)`` reads a square."""
        return cls(
            r.str("name"),
            r.str("kind", set(kinds)),
            r.str("race", set(RACES) | {NEUTRAL}),
            [square(r, "squares", s if isinstance(s, str) else repr(s)) for s in r.list("squares")],
        )


def groups(mask: np.ndarray) -> list[np.ndarray]:
    """The 8-connected groups of True squares, each as sorted flat indices, in the order of their first square."""
    w = mask.shape[1]
    a, b, _ = king_pairs(mask)
    labels = component_labels(mask.size, flat_index(a, w), flat_index(b, w))
    return _by_label(np.flatnonzero(mask.ravel()), labels)


def groups_by_kind(terrain: np.ndarray, kinds) -> dict[str, list[np.ndarray]]:
    """:func:`groups` of ``terrain == kind`` for each of ``kinds``, from one labelling of the grid
    (squares of the same kind side by side are joined): one pass instead of one per kind."""
    w = terrain.shape[1]
    flat = terrain.ravel()
    code = np.zeros(flat.size, np.int8)
    for i, kind in enumerate(kinds, 1):
        code[flat == kind] = i
    a, b, _ = king_pairs((code > 0).reshape(terrain.shape))
    a, b = flat_index(a, w), flat_index(b, w)
    same = code[a] == code[b]
    labels = component_labels(flat.size, a[same], b[same])
    return {kind: _by_label(np.flatnonzero(code == i), labels) for i, kind in enumerate(kinds, 1)}


def _by_label(idx: np.ndarray, labels: np.ndarray) -> list[np.ndarray]:
    """The squares ``idx`` (ascending flat indices) grouped by their component label, in the order of each group's first square."""
    if not idx.size:
        return []
    labels = labels[idx]
    order = np.argsort(labels, kind="stable")
    cuts = np.flatnonzero(np.diff(labels[order])) + 1
    found = [np.sort(idx[part]) for part in np.split(order, cuts)]
    return sorted(found, key=lambda g: int(g[0]))


def split(group: np.ndarray, width: int, part: int, smallest: int) -> list[np.ndarray]:
    """``group`` (flat indices) cut into connected parts of about ``part`` squares, none under ``smallest``."""
    n = group.size
    k = -(-n // part)  # ceil(n / part)
    if k <= 1:
        return [group]
    cols, rows = group % width, group // width
    x, y = cols.astype(float), rows.astype(float)
    away = [np.hypot(x - x[0], y - y[0])]  # each seed's distance to every square; the first seed is square 0
    dist = away[0]
    for _ in range(k - 1):
        seed = int(np.argmax(dist))
        away.append(np.hypot(x - x[seed], y - y[seed]))
        dist = np.minimum(dist, away[-1])
    near = np.argmin(np.stack(away), axis=0)
    # the group's steps, as positions in ``group``, on a grid just round it
    c0, r0 = int(cols.min()), int(rows.min())
    local = np.zeros((int(rows.max()) - r0 + 1, int(cols.max()) - c0 + 1), bool)
    local[rows - r0, cols - c0] = True
    pos = np.full(local.size, -1)
    pos[(rows - r0) * local.shape[1] + (cols - c0)] = np.arange(n)
    a, b, _ = king_pairs(local)
    a, b = pos[flat_index(a, local.shape[1])], pos[flat_index(b, local.shape[1])]
    # a part the nearest-seed rule cut in two becomes two parts
    same = near[a] == near[b]
    label = component_labels(n, a[same], b[same])
    # crumbs join a part they touch, one round at a time, until none is left
    while True:
        small = np.bincount(label, minlength=n)[label] < smallest
        cross = (label[a] != label[b]) & (small[a] | small[b])
        if not cross.any():
            break
        first_small = small[a[cross]]
        src = np.where(first_small, label[a[cross]], label[b[cross]]).tolist()
        dst = np.where(first_small, label[b[cross]], label[a[cross]]).tolist()
        move: dict[int, int] = {}
        for s, d in zip(src, dst):
            move.setdefault(s, d)
        # never move a crumb onto one that moves too (two crumbs would swap for ever)
        settled = {s: d for s, d in move.items() if d not in move}
        move = settled or {min(move): move[min(move)]}
        onto = np.arange(n)
        onto[list(move)] = list(move.values())
        label = onto[label]
    parts = [group[label == v] for v in np.flatnonzero(np.bincount(label))]  # np.unique would import numpy.ma
    return sorted(parts, key=lambda g: int(g[0]))


def squares_of(parts: list[np.ndarray], width: int) -> list[list[tuple[int, int]]]:
    """Each part's flat indices as (col, row) squares, all parts converted at once."""
    if not parts:
        return []
    flat = np.concatenate(parts)
    squares = list(zip((flat % width).tolist(), (flat // width).tolist()))
    ends = np.cumsum([p.size for p in parts]).tolist()
    return [squares[a:b] for a, b in zip([0, *ends[:-1]], ends)]


def chain_parts(terrain: np.ndarray) -> list[tuple[str, np.ndarray]]:
    """:func:`find_chains` with each chain's squares as sorted flat indices."""
    width = terrain.shape[1]
    high = of_kind(terrain, ("hills", "mountain"))
    parts = [part for g in groups(high) for part in split(g, width, CHAIN_PART, smallest=3)]
    if not parts:
        return []
    # each part's share of mountain squares, as np.mean of the part's mountain flags gives it
    mountain = (terrain == "mountain").ravel()
    sizes = np.array([p.size for p in parts])
    share = np.add.reduceat(mountain[np.concatenate(parts)], np.r_[0, np.cumsum(sizes)[:-1]]).astype(float) / sizes
    return [("mountains" if s >= MOUNTAIN_SHARE else "hills", part) for s, part in zip(share.tolist(), parts)]


def region_parts(terrain: np.ndarray) -> list[tuple[str, np.ndarray]]:
    """:func:`find_regions` with each region's squares as sorted flat indices."""
    width = terrain.shape[1]
    out = []
    by_kind = groups_by_kind(terrain, REGION_KINDS)
    for kind in REGION_KINDS:
        for g in by_kind[kind]:
            if g.size >= REGION_MIN:
                out += [(kind, part) for part in split(g, width, REGION_PART, REGION_MIN)]
    return out


def find_chains(terrain: np.ndarray) -> list[tuple[str, list[tuple[int, int]]]]:
    """Every chain or range of high ground as (kind, squares), west to east along the first row it reaches."""
    parts = chain_parts(terrain)
    return list(zip([k for k, _ in parts], squares_of([p for _, p in parts], terrain.shape[1])))


def find_regions(terrain: np.ndarray) -> list[tuple[str, list[tuple[int, int]]]]:
    """Every region of one ground of at least REGION_MIN squares as (kind, squares)."""
    parts = region_parts(terrain)
    return list(zip([k for k, _ in parts], squares_of([p for _, p in parts], terrain.shape[1])))
