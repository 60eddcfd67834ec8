"""The counter sets the rulebooks ask for, as data with their rule IDs.

Every number that decides how many counters are printed, what a counter's
back shows, or which stats a unit carries lives here, once, with the digest
section it comes from; ``sets.py`` turns these tables into counters, and the
tests check the printed sheets against them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..skirmish import tables as SK_TABLES

# --------------------------------------------------------------------------- sides

#: The sides' colours, emblems and textures are the table's, declared once in :mod:`mapgen.sides`.
from ..sides import (  # noqa: E402,F401 - the counter sets name them from here
    FW_SIDES,
    NEUTRAL,
    RC_SEAT_STYLES,
    SIDE_STYLES,
    STYLE_BY_KEY,
    SideStyle,
    rc_seat_style,
)
from ..rulebooks import nap_units as NAP1  # NAP-1, which the Napoleonic rule set reads too

# --------------------------------------------------------------------------- abbreviations

#: The set's fixed abbreviations, for words a counter cannot hold whole (never an ellipsis: "Muskete..."
#: names no unit).  A word not listed keeps its first ABBREVIATION_LETTERS letters and a full stop.
ABBREVIATIONS = {
    "infantry": "Inf.", "cavalry": "Cav.", "artillery": "Art.", "light": "Lt.", "heavy": "Hvy.", "elite": "El.",
    "irregular": "Irr.", "musketeers": "Musk.", "grenadiers": "Gren.", "dragoons": "Drag.", "hussars": "Huss.",
    "cuirassiers": "Cuir.", "lancers": "Lanc.", "chasseurs": "Chass.", "fusiliers": "Fus.", "voltigeurs": "Volt.",
    "skirmishers": "Skirm.", "guard": "Gd.", "regiment": "Regt.", "battalion": "Bn.", "company": "Coy.",
    "militia": "Mil.", "crossbow": "Xbow", "crossbowmen": "Xbows", "warriors": "Wars.", "warrior": "War.",
    "archers": "Arch.", "archer": "Arch.", "spearmen": "Spear.", "champion": "Champ.", "assassin": "Assn.",
    "diplomat": "Dipl.", "engineer": "Eng.",
}
ABBREVIATION_LETTERS = 4

# --------------------------------------------------------------------------- Fantasy Warriors

#: FW-1.1: "two opposing armies of six Forces per side", one numbered counter each.
FW_FORCES_PER_SIDE = 6


@dataclass(frozen=True)
class State:
    """A Force order or reaction (FW-5)."""

    key: str
    label: str
    rule: str
    icon: str
    per_side: int  # FW-1.1 supply per colour


#: FW-5.2 orders, FW-1.1.b-d: six of each per colour.
ORDERS = (
    State("max_speed", "Max Speed", "FW-1.1.b", "order-max-speed", 6),
    State("probe", "Probe", "FW-1.1.c", "order-probe", 6),
    State("defend", "Defend", "FW-1.1.d", "order-defend", 6),
)
#: FW-5.3 reactions, FW-1.1.e-g: six of each per colour.
REACTIONS = (
    State("confused", "Confused", "FW-1.1.e", "reaction-confused", 6),
    State("unsteady", "Unsteady", "FW-1.1.f", "reaction-unsteady", 6),
    State("shattered", "Shattered", "FW-1.1.g", "reaction-shattered", 6),
)
STATES = {s.key: s for s in (*ORDERS, *REACTIONS)}

#: What an order or reaction becomes at the Force's next reaction, printed on the counter's back so
#: the player flips it instead of hunting for a new one.  FW-9.6 (counter-march) and FW-12.6 (lost
#: battle): any order -> Confused -> Unsteady -> Shattered.  A Shattered Force has nothing worse
#: (engaged, it is removed, FW-5.3), so its back shows the side.
NEXT_REACTION = {
    "max_speed": "confused",
    "probe": "confused",
    "defend": "confused",
    "confused": "unsteady",
    "unsteady": "shattered",
    "shattered": None,
}
NEXT_REACTION_RULE = "FW-9.6"

#: FW-1.1.h/i: eight holdings and two capital holdings per colour (one capital is a spare, FW-3.1).
FW_HOLDINGS_PER_SIDE = 8
FW_CAPITALS_PER_SIDE = 2
#: FW-17.7: a sacked holding's counter is turned over and carried by the Force as loot.
SACKED_RULE = "FW-17.7"
#: FW-9.10: a captured holding's counter is replaced by one of the captor's colour, so a campaign
#: sheet gives each side a counter for every enemy holding too.
CAPTURE_RULE = "FW-9.10"

#: FW-1.1.j: "Ordine per i Generali: 9 segnalini per gli ordini di ripiegamento" (source L48-L49).
#: Read from the Italian: orders for *Generals* are battle orders, and "ripiegamento" here is the
#: General Retreat (withdraw) order of FW-10.7, not the campaign counter-march, which is shown with
#: reaction counters (AMB-27).  Nine, no colour given: neutral.
FW_WITHDRAW_MARKERS = 9
WITHDRAW_RULE = "FW-1.1.j"

# --------------------------------------------------------------------------- Renaissance (Il Gran Capitano)

#: The Renaissance campaign is for two or more players (RC-3.4 banks advise more than two); the set
#: prints four colours and the players cut the ones they use.  (interpretation: no player count is
#: fixed by the rules)
RC_PLAYERS = 4
#: RC-3.6: at most three armies per player, plus one army of allied forces.
RC_ARMIES_PER_PLAYER = 3
RC_ALLIED_ARMIES = 1
ARMY_NUMERALS = ("I", "II", "III")


@dataclass(frozen=True)
class Specialist:
    key: str
    label: str
    cost_ducats: int
    note: str
    icon: str


#: RC-3.10, Tabella 33.  One counter each per player.
SPECIALISTS = (
    Specialist("engineer", "Engineer", 20, "+1 siege", "spec-engineer"),
    Specialist("diplomat", "Diplomat", 50, "decoy", "spec-diplomat"),
    Specialist("spy", "Spy", 30, "1 year", "spec-spy"),
    Specialist("assassin", "Assassin", 25, "5-6 kills", "spec-assassin"),
)
#: RC-3.10: the diplomat "is shown on the map like an army" to confuse the enemy, so its map-facing
#: side must be the same as an army's.
DECOY_SPECIALIST = "diplomat"

#: RC-4.10: one siege marker for every army that may besiege (three armies and the allied one).
RC_SIEGE_MARKERS_PER_PLAYER = RC_ARMIES_PER_PLAYER + RC_ALLIED_ARMIES
#: RC-3.8: garrisons sit in fortified places; the number of places depends on the country map
#: (RC-1), so the set gives a supply.  (interpretation: six per player)
RC_GARRISON_MARKERS_PER_PLAYER = 6


@dataclass(frozen=True)
class Fortification:
    key: str
    label: str
    back_label: str
    rule: str
    icon: str
    per_player: int


#: RC-3.9 (Tabella 32) fortification levels; the back shows the place damaged by a successful siege
#: (RC-4.10) or a natural disaster (RC-5.4), until repaired (30 ducats).  (interpretation: supply of
#: three each per player)
FORTIFICATIONS = (
    Fortification("walls", "Walls", "Walls damaged", "RC-3.9", "fort-walls", 3),
    Fortification("advanced", "Advanced", "Adv. damaged", "RC-3.9", "fort-advanced", 3),
)

#: RC-2: a year is spring, ten two-week summer phases, winter.
RC_SUMMER_PHASES = 10
RC_TRACK_BOXES = ("Spring", *(f"Summer {i}" for i in range(1, RC_SUMMER_PHASES + 1)), "Winter")
#: Year markers: front year n, back year n + RC_YEAR_MARKERS, so the supply counts 2 x 6 years.
RC_YEAR_MARKERS = 6

# --------------------------------------------------------------------------- supplements


@dataclass(frozen=True)
class NapUnit:
    key: str
    label: str
    cost: int
    movement: int
    actions: int
    frame: str  # NATO-style frame symbol id


#: The NATO-style frame each Napoleonic arm is drawn in.
NAP_FRAMES = {"infantry": "nato-infantry", "cavalry": "nato-cavalry", "artillery": "nato-artillery", "leader": "nato-leader"}

#: NAP-1 unit types (declared in :mod:`mapgen.rulebooks.nap_units`): production cost, strategic movement
#: (regions), battle actions, and the frame a counter shows.
NAP_UNITS = {
    u.key: NapUnit(u.key, u.label, u.cost, u.movement, u.actions, NAP_FRAMES[u.arm]) for u in NAP1.UNITS.values()
}
NAP_RULE = "NAP-1"

#: SK-1 (declared once in :mod:`mapgen.skirmish.tables`): points = VC x 10, troop types by VC.
SK_POINTS_PER_VC = SK_TABLES.POINTS_PER_VC
SK_RULE = SK_TABLES.TROOP_VC.rule
SK_TROOP_VC = SK_TABLES.TROOP_VC
SK_VC_BY_TYPE = {t: vc for vc, types in SK_TROOP_VC.items() for t in types}

#: Roster stat columns we know, with the short tag printed before the value (order = print order).
#: NAP-1: cost, movement, battle actions.  SK-1: combat value, points.
STAT_TAGS = {"cost": "C", "movement": "M", "actions": "A", "vc": "VC", "points": "pts"}

#: Which frame a roster type is drawn in: NATO-style frames for the arms, a plain frame otherwise.
FRAME_BY_WORD = (
    ("artillery", "nato-artillery"),
    ("cavalry", "nato-cavalry"),
    ("knight", "nato-cavalry"),
    ("chariot", "nato-cavalry"),
    ("leader", "nato-leader"),
    ("hero", "nato-leader"),
    ("champion", "nato-leader"),
    ("wizard", "nato-magic"),
    ("druid", "nato-magic"),
    ("priest", "nato-magic"),
    ("cleric", "nato-magic"),
    ("machine", "nato-artillery"),
    ("dragon", "nato-monster"),
    ("god", "nato-monster"),
    ("creature", "nato-monster"),
    ("ogre", "nato-monster"),
    ("vampire", "nato-monster"),
    ("animal", "nato-monster"),
    ("infantry", "nato-infantry"),
    ("foot", "nato-infantry"),
    ("militia", "nato-infantry"),
)
DEFAULT_FRAME = "nato-infantry"


def frame_for(unit_type: str) -> str:
    """The frame symbol for a roster type: the NAP-1 table first, then words in the type's name."""
    key = unit_type.strip().lower().replace(" ", "_").replace("-", "_")
    if key in NAP_UNITS:
        return NAP_UNITS[key].frame
    for word, frame in FRAME_BY_WORD:
        if word in key:
            return frame
    return DEFAULT_FRAME
