"""The medieval optional rules (MED-1 to MED-8) as data, declared once with their rule IDs.

The battlefield's markers read MED-2.1 and MED-6 from here (``marks.py``:
where ambushers may hide, the landing-point placement roll), and the
quick-reference card reads all of them.  Distances are in inches, as in the
source; the base game's rules (movement, evasion, flank charges) are not in
it, so what rests on them is named, not numbered.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tables import Table, band

INCH_CM = 2.54

# --- MED-1 dismounted cavalry -----------------------------------------------


@dataclass(frozen=True)
class Dismount:
    """One MED-1 row: a mounted unit and the foot it fights as, with the abilities it loses, gains and keeps."""

    mounted: str
    foot: str
    lost: str
    gained: str
    kept: str


#: MED-1: chosen at deployment for the whole battle; the unit keeps its number of bases.
DISMOUNTED = (
    Dismount("KN (any)", "FP with axe/shield", "Impetus", "none", "Sword, if it had it (others: MED-A.1)"),
    Dismount("CP with lance/shield", "FP with spear/shield", "Impetus", "Shield wall", "all others"),
    Dismount("CP with lance/bow/shield, or bow/shield", "FP with bow/shield", "Impetus (if it had it)", "none", "all others"),
    Dismount("CP with javelin/shield, or short weapons/shield", "FP with short weapons/shield", "all but Sword", "none",
             "only Sword, if it had it"),
)

# --- MED-2 ambushes -----------------------------------------------------------

#: MED-2.1: the troop types that may be placed in ambush, in difficult terrain.
AMBUSH_TYPES = ("FM", "FL", "CL")
#: MED-2.1: the types that may also hide in impassable terrain.
AMBUSH_IMPASSABLE_TYPES = ("FL",)
#: MED-2.1: a hiding place lies in the own half, at most this far from the own long edge.
HIDING_EDGE_IN = 12
#: MED-2.1: the side band ambushers may ignore.
SIDE_BAND_IN = 6
#: MED-2.2: an enemy unit this close reveals a hidden unit.
DETECTION_IN = 2
#: MED-2.3: to hit when shooting from ambush (once a turn, MED-A.2).
AMBUSH_SHOT_BONUS = +1

# --- MED-3 extra dice by quality ----------------------------------------------

#: MED-3: dice added to (or taken from) a unit's melee and shooting dice.
QUALITY_DICE = {"elite": +2, "veteran": +1, "levy": -1}
#: MED-A.9: a unit never rolls fewer dice than this.
MIN_DICE = 1

# --- MED-4 cavalry break-off ------------------------------------------------------

#: MED-4: who may break off, from melee with whom (not disordered), at the end of the recovery phase.
BREAK_OFF_TYPES = ("KN", "CP")
BREAK_OFF_FROM = ("FP", "FM")
#: MED-4: straight back, at least this share of its move and at most all of it.
BREAK_OFF_MIN_MOVE = "1/2"

# --- MED-5 and MED-8 fire and flee --------------------------------------------------

#: MED-5: the feigned charge moves toward the target between these shares of the move ...
FEIGNED_CHARGE_SHARE = ("1/3", "2/3")
#: ... printed for light cavalry as these inches (a 9 in move).
FEIGNED_CHARGE_IN = (3, 6)
#: MED-8.2: the inches printed for bow-armed CP; MED-A.3 plays 1/3 and 2/3 of the actual move instead.
BOW_CP_FEIGNED_IN = (2.5, 4.5)
#: MED-5: targets that must pursue the light cavalry that shot them.
MUST_PURSUE = ("KN", "CP with Impetus")
#: MED-8.3: bow-armed CP may evade only a charger slower than itself, never these.
NEVER_EVADES = ("CP", "CL")

# --- MED-6 landing from ships -------------------------------------------------------

#: MED-6: each landing point bought costs this many points ...
LANDING_POINT_COST = 10
#: ... and lands at most this many Viking units.
UNITS_PER_LANDING_POINT = 3
#: MED-6: rolled at the start of each manoeuvre phase, for each landing point not yet used (MED-A.5).
LANDING = Table("MED-6", "Landing roll", "2D6", (band(2, 8, "not_yet", "No landing this phase"), band(9, 12, "lands", "The landing takes place")))
#: MED-6: where the landing point is, after a landing; a 7 is missing in the source and re-rolled (MED-A.5).
LANDING_PLACE = Table(
    "MED-6",
    "Landing point placement",
    "2D6",
    (
        band(2, 6, "own", "Anywhere on the river in the player's own half"),
        band(7, 7, "reroll", "Roll again (missing in the source, MED-A.5)"),
        band(8, 12, "enemy", "Anywhere on the river in the enemy's half"),
    ),
)


def landing_totals(where: str) -> str:
    """The placement totals that put a landing point in ``where`` (``own`` or ``enemy``): ``2-6``."""
    return next(b.span() for b in LANDING_PLACE.bands if b.outcome == where)
