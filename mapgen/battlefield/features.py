"""Making a feature and putting it on the table: the helpers every stage shares.

A placement that fails writes a note for the players and returns None: the
rules make every rolled feature compulsory (FW-11.1), so the players must be
told to place it by hand rather than have it silently vanish.
"""

from __future__ import annotations

from shapely.geometry import Polygon, box

from ..dice import Dice
from . import rules as R
from .model import SIDES, Feature
from .placement import Item, blob
from .state import TableState


def make(kind: str, poly: Polygon, size, *, passable=None, difficult=None, on=None, note=None, rule=None, steep=None) -> Feature:
    """A feature of ``kind`` with the kind's own rule, note, play and levels unless told otherwise.

    Raised ground that cannot be crossed is steep on every side (FW-21.3: a hill is passable only
    where a side is gentle), unless ``steep`` names the sides."""
    k = R.KINDS[kind]
    passable = k.passable if passable is None else passable
    if steep is None:
        steep = SIDES if k.layer == "relief" and not passable else ()
    return Feature(
        kind,
        poly,
        (float(size[0]), float(size[1])),
        passable,
        k.difficult if difficult is None else difficult,
        on,
        k.note if note is None else note,
        rule or k.rule,
        k.levels,
        tuple(steep),
    )


def size_of(st: TableState, kind: str) -> tuple[int, int]:
    """A size within the kind's range, in steps of 5 cm when the range allows (easy to cut and measure)."""
    lo_w, hi_w, lo_d, hi_d = R.KINDS[kind].size

    def pick(lo: int, hi: int) -> int:
        if hi - lo >= 5:
            return int(st.rng.choice(list(range(lo, hi + 1, 5)) or [lo]))
        return int(st.rng.integers(lo, hi + 1))

    return pick(lo_w, hi_w), pick(lo_d, hi_d)


def place(
    st: TableState,
    kind: str,
    *,
    size=None,
    region=None,
    host: int | None = None,
    owner: int | None = None,
    note: str | None = None,
    rule: str | None = None,
    passable=None,
    difficult=None,
    group=None,
    group_gap=0.0,
    pad: float = 0.0,
    avoid=(),
    why: str = "",
    quiet: bool = False,
    rounds: int = R.ROUNDS,
) -> int | None:
    """Place one feature of ``kind``; on failure write a note (unless ``quiet``) and return None.

    The kind's random size is tried first, then its smallest size, so a crowded
    table still gets the feature whenever it fits at all.
    """
    k = R.KINDS[kind]
    if kind == "boulders":  # FW-11.7: every boulder field keeps 20 cm from the others, however it came
        group, group_gap = "boulders", R.BOULDER_GAP_CM
    sizes = [size] if size else [size_of(st, kind), (k.size[0], k.size[2])]
    for w, d in sizes:
        hit = st.layout.find_box(w + 2 * pad, d + 2 * pad, region, host=host, group=group, group_gap=group_gap, avoid=tuple(avoid), rounds=rounds)
        if hit:
            (x0, y0, x1, y1), stand = hit
            inner = (x0 + pad, y0 + pad, x1 - pad, y1 - pad)
            poly = blob(st.rng, inner) if k.shape == "blob" else box(*inner)
            on_idx = host if host is not None else stand
            on = st.items[on_idx].feature.kind if on_idx is not None else None
            f = make(kind, poly, (w, d), passable=passable, difficult=difficult, on=on, note=note, rule=rule)
            item = Item(f, (x0, y0, x1, y1), host=on_idx, owner=owner, group=group)
            return st.layout.add(item)
    if not quiet:
        st.notes.append(f"{k.label} ({rule or k.rule}){' ' + why if why else ''} could not be placed after a bounded search: place it by hand where the rules allow.")
    return None


def with_note(text: str, note: str | None) -> str:
    """A feature's note followed by where it came from (e.g. "rolled by side A"), if given."""
    return f"{text}; {note}" if note else text


def ground_under(st: TableState, poly) -> str | None:
    """The plateau or mountain base a line feature climbs onto, if any (it then counts as on it)."""
    for it in st.items:
        if it.ground and poly.intersects(it.feature.polygon):
            return it.feature.kind
    return None


def add_part(st: TableState, kind: str, poly: Polygon, size, owner: int, beside: bool = False, **kw) -> int:
    """A part of another feature (a house, a crevasse) at an exact spot: no search.  It stands on its
    owner, or ``beside`` it (a farm's walls) on whatever the owner stands on."""
    host = st.items[owner].host if beside else owner
    f = make(kind, poly, size, on=st.items[host].feature.kind if host is not None else None, **kw)
    return st.layout.add(Item(f, host=host, owner=owner))


def roll_count(dice: Dice, rule: str, purpose: str) -> int:
    """A 1D6 count (walls, dunes, crevasses...) logged with its rule and its total as the result."""
    r = dice.roll("1D6", rule, purpose)
    dice.note(r, str(r.total))
    return r.total


def mains(st: TableState) -> list[int]:
    """The terrain features that count towards FW-10.5's numbers: no parts, markers or ground pieces."""
    return [i for i, it in enumerate(st.items) if not R.KINDS[it.feature.kind].accessory and not it.ground]
