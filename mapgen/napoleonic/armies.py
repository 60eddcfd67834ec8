"""The two armies of a battle: read from the counters' roster files, or the default armies of equal cost.

A roster is the counters' CSV or YAML (:mod:`mapgen.counters.roster`,
``templates/counters/napoleonic-roster.csv``): one file per army, its
``side`` column the army's nation, its ``type`` a NAP-1 unit type.  The
light infantry and light cavalry of the advanced rules have no unit data in
the source (NAP-A.16), so a roster cannot list them.
"""

from __future__ import annotations

from pathlib import Path

from ..counters.roster import RosterError, read_roster
from .state import Army, Unit
from ..rulebooks.nap_units import UNITS

#: More units than this in one army is surely a typo (the board has seven areas per side to fill).
MAX_UNITS = 60

#: The default army of each side when no roster is given [DEV]: the same NAP-1 units on both sides, so both
#: cost the same (6 x 6 + 2 x 10 + 12 + 12 = 80 production points) and neither starts ahead; every arm is
#: there, so every phase, rule and table comes into play.
DEFAULT_ARMY = (("infantry", 6), ("cavalry", 2), ("artillery", 1), ("leader", 1))
DEFAULT_NATIONS = {"A": "Army A", "B": "Army B"}


def army_cost(units) -> int:
    """NAP-1 production cost of the units."""
    return sum(UNITS[u.type].cost for u in units)


def default_army(side: str) -> tuple[Army, tuple[Unit, ...]]:
    """The default army [DEV] (:data:`DEFAULT_ARMY`), units numbered ``A1``, ``A2`` ... in that order."""
    units, n = [], 0
    for kind, count in DEFAULT_ARMY:
        for k in range(1, count + 1):
            n += 1
            units.append(Unit(f"{side}{n}", side, kind, f"{UNITS[kind].label} {k}"))
    return Army(side, DEFAULT_NATIONS[side], "default army [DEV]"), tuple(units)


def roster_army(side: str, path: str | Path) -> tuple[Army, tuple[Unit, ...]]:
    """One army from a roster file; a RosterError names the file, the line and the column that are wrong."""
    path = Path(path)
    rows = read_roster(path)
    nations = sorted({r.side for r in rows})
    if len(nations) != 1:
        raise RosterError(f"{path.name}, column 'side': lists {', '.join(nations)}; a roster for one side holds one army (one nation)")
    units, n = [], 0
    for r in rows:
        where = f"{path.name} line {r.line}"
        kind = r.type.strip().lower().replace(" ", "_").replace("-", "_")
        if kind in ("light_infantry", "light_cavalry"):
            raise RosterError(f"{where}, column 'type': {r.type!r} belongs to the advanced rules, whose unit data the source lacks (NAP-A.16)")
        if kind not in UNITS:
            raise RosterError(f"{where}, column 'type': {r.type!r} is not a NAP-1 unit type ({', '.join(UNITS)})")
        rules = UNITS[kind]
        for col, value in r.stats:
            want = {"cost": rules.cost, "movement": rules.movement, "actions": rules.actions}.get(col)
            if want is not None and value != want:
                raise RosterError(f"{where}, column {col!r}: {value}, but NAP-1 gives {rules.label.lower()} {want}")
        for k in range(1, r.count + 1):
            n += 1
            if n > MAX_UNITS:
                raise RosterError(f"{path.name}, column 'count': more than {MAX_UNITS} units in one army")
            units.append(Unit(f"{side}{n}", side, kind, (r.name if r.count == 1 else f"{r.name} {k}")[:80]))
    return Army(side, nations[0], path.name[:80]), tuple(units)
