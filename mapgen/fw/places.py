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
    return labelled_groups(mask.ravel().astype(np.int8), mask.shape, 1)[0][1]


def groups_by_kind(terrain: np.ndarray, kinds) -> dict[str, list[np.ndarray]]:
    """:func:`groups` of ``terrain == kind`` for each of ``kinds``, from one labelling of the grid
    (squares of the same kind side by side are joined): one pass instead of one per kind."""
    by_code, _, _ = labelled_groups(kind_codes(terrain, kinds), terrain.shape, len(kinds))
    return {kind: by_code[i] for i, kind in enumerate(kinds, 1)}


def kind_codes(terrain: np.ndarray, kinds) -> np.ndarray:
    """Each square's kind as its place in ``kinds`` from 1 (flat), 0 for any other kind."""
    flat = terrain.ravel()
    code = np.zeros(flat.size, np.int8)
    for i, kind in enumerate(kinds, 1):
        code[flat == kind] = i
    return code


def labelled_groups(code: np.ndarray, shape: tuple[int, int], kinds: int) -> tuple[dict[int, list[np.ndarray]], np.ndarray, np.ndarray]:
    """The groups of each code 1..``kinds`` of ``code`` (flat, 0 for no group), and the king steps
    (flat indices ``a``, ``b``) that join two squares of one group: :func:`split_all` cuts along them."""
    w = shape[1]
    a, b, _ = king_pairs((code > 0).reshape(shape))
    a, b = flat_index(a, w), flat_index(b, w)
    same = code[a] == code[b]
    a, b = a[same], b[same]
    labels = component_labels(code.size, a, b)
    return {i: _by_label(np.flatnonzero(code == i), labels) for i in range(1, kinds + 1)}, a, b


def _by_label(idx: np.ndarray, labels: np.ndarray) -> list[np.ndarray]:
    """The squares ``idx`` (ascending flat indices) grouped by their component label, in the order of each group's first square.

    A label is the smallest square of its group (:func:`component_labels`), so sorting by label sorts the
    groups by their first square, and a stable sort keeps each group's squares ascending.
    """
    if not idx.size:
        return []
    labels = labels[idx]
    order = np.argsort(labels, kind="stable")
    return _cut(idx[order], labels[order])


def _cut(items: np.ndarray, keys: np.ndarray) -> list[np.ndarray]:
    """``items`` cut where ``keys`` (sorted alike) change: np.split's pieces, sliced without its per-piece cost."""
    ends = [*(np.flatnonzero(np.diff(keys)) + 1).tolist(), items.size]
    return [items[a:b] for a, b in zip([0, *ends[:-1]], ends)]


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
    label = _join_crumbs(label, a, b, smallest)
    parts = [group[label == v] for v in np.flatnonzero(np.bincount(label))]  # np.unique would import numpy.ma
    return sorted(parts, key=lambda g: int(g[0]))


def split_all(groups: list[np.ndarray], a: np.ndarray, b: np.ndarray, width: int, part: int, smallest: int) -> list[list[np.ndarray]]:
    """:func:`split` of each of ``groups``: the same parts, worked out for all groups at once.

    ``a``, ``b``: the king steps (flat indices) between squares of one group (:func:`labelled_groups`).
    A 200 x 200 map cuts some 140 groups: one by one, numpy's cost per call was most of the time.
    The seeds are spread in every group together, one round per seed (the groups sorted by how many
    seeds they take, so the groups still seeding are a prefix of the arrays); the parts are labelled
    in one pass over the steps; only a group left with crumbs goes through :func:`_join_crumbs` alone.
    """
    parts = [[g] for g in groups]
    big = sorted((i for i, g in enumerate(groups) if g.size > part), key=lambda i: -groups[i].size)
    if not big:
        return parts
    sizes = np.array([groups[i].size for i in big])
    seeds = -(-sizes // part)  # ceil(size / part): non-increasing along ``big``
    ends = np.cumsum(sizes)
    starts = ends - sizes
    flat = np.concatenate([groups[i] for i in big])
    seg = np.repeat(np.arange(len(big)), sizes)
    x, y = flat % width, flat // width
    # np.hypot of the column and row distances, looked up: the same floats, a gather instead of a hypot per square
    span = np.arange(max(int(x.max()), int(y.max())) + 1, dtype=float)
    hypot = np.hypot(span[None, :], span[:, None])  # [rows apart, columns apart]
    dist = hypot[np.abs(y - y[starts][seg]), np.abs(x - x[starts][seg])]  # each group's first seed is its first square
    near = np.zeros(flat.size, int)  # the seed nearest each square, the first of equals (np.argmin's)
    for k in range(1, int(seeds[0])):
        n_groups = int(np.count_nonzero(seeds > k))
        end = int(ends[n_groups - 1])
        d, s = dist[:end], seg[:end]
        top = np.maximum.reduceat(d, starts[:n_groups])
        hit = np.flatnonzero(d == top[s])
        seed = hit[np.r_[True, s[hit[1:]] != s[hit[:-1]]]]  # each group's first square at its top (np.argmax's)
        away = hypot[np.abs(y[:end] - y[seed][s]), np.abs(x[:end] - x[seed][s])]
        near[:end][away < d] = k
        dist[:end] = np.minimum(d, away)
    # a part the nearest-seed rule cut in two becomes two parts: label the grid along steps within one seed's share
    n = int(max(a.max(initial=0), b.max(initial=0), flat.max())) + 1
    near_of = np.zeros(n, int)
    near_of[flat] = near
    same = near_of[a] == near_of[b]
    label = component_labels(n, a[same], b[same])
    position = np.zeros(n, int)  # each square's place in its group
    position[flat] = np.arange(flat.size) - starts[seg]
    size_of = np.bincount(label[flat], minlength=n)
    crumbs = np.zeros(len(big), bool)
    crumbs[seg[size_of[label[flat]] < smallest]] = True
    group_of = np.full(n, -1)
    group_of[flat] = seg
    step_group = group_of[a]
    for j, i in enumerate(big):
        g = flat[starts[j] : ends[j]]
        local = position[label[g]]  # as split labels it: the group's first square of each part
        if crumbs[j]:
            steps = np.flatnonzero(step_group == j)
            local = _join_crumbs(local, position[a[steps]], position[b[steps]], smallest)
        order = np.argsort(local, kind="stable")
        parts[i] = sorted(_cut(g[order], local[order]), key=lambda p: int(p[0]))
    return parts


def _join_crumbs(label: np.ndarray, a: np.ndarray, b: np.ndarray, smallest: int) -> np.ndarray:
    """Parts under ``smallest`` squares joined to a part they touch (steps ``a``-``b``), one round at a time, until none is left."""
    n = label.size
    while True:
        small = np.bincount(label, minlength=n)[label] < smallest
        cross = (label[a] != label[b]) & (small[a] | small[b])
        if not cross.any():
            return label
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
    high = of_kind(terrain, ("hills", "mountain")).ravel().astype(np.int8)
    by_code, a, b = labelled_groups(high, terrain.shape, 1)
    parts = [p for ps in split_all(by_code[1], a, b, width, CHAIN_PART, smallest=3) for p in ps]
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
    by_code, a, b = labelled_groups(kind_codes(terrain, REGION_KINDS), terrain.shape, len(REGION_KINDS))
    named = [(kind, g) for i, kind in enumerate(REGION_KINDS, 1) for g in by_code[i] if g.size >= REGION_MIN]
    parts = split_all([g for _, g in named], a, b, width, REGION_PART, REGION_MIN)
    return [(kind, p) for (kind, _), ps in zip(named, parts) for p in ps]


def find_chains(terrain: np.ndarray) -> list[tuple[str, list[tuple[int, int]]]]:
    """Every chain or range of high ground as (kind, squares), west to east along the first row it reaches."""
    parts = chain_parts(terrain)
    return list(zip([k for k, _ in parts], squares_of([p for _, p in parts], terrain.shape[1])))


def find_regions(terrain: np.ndarray) -> list[tuple[str, list[tuple[int, int]]]]:
    """Every region of one ground of at least REGION_MIN squares as (kind, squares)."""
    parts = region_parts(terrain)
    return list(zip([k for k, _ in parts], squares_of([p for _, p in parts], terrain.shape[1])))
