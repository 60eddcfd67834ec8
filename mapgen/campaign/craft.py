"""Watercraft as data (FW-20.3, FW-20.4, AMB-77): what craft cost, what they carry, and whether a force fits.

Option ``watercraft``.  The rulebook gives a ship's load by the models' base
(10 on 2.5 x 2.5 cm, 5 on 2.5 x 5, 2 on 4 x 4, 1 on 5 x 5); AMB-77 makes that
10 capacity units a ship, a model costing 1, 2, 5 or 10.  Units carry no base
in a roster today, so [DEV] :data:`BASE_BY_TYPE` gives one by the unit's type,
and a roster may name it (``base: 40x40``).  The loading is worked out when a
force sails, from its units and the craft it holds: nothing about it is kept
in the state but the craft counts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .state import CampaignState, Force, Unit, evolve

#: AMB-77 / FW-20.3: capacity units a model takes on a ship, by base (mm); "large" is bigger than 50 x 50.
BASE_UNITS = {"25x25": 1, "25x50": 2, "40x40": 5, "50x50": 10, "large": 10}
BASES = tuple(BASE_UNITS)
#: [DEV] The base of a unit's models when its roster names none, by its type; any other type is foot (25x25).
BASE_BY_TYPE = {
    "infantry": "25x25", "missile": "25x25", "light_infantry": "25x25", "skirmishers": "25x25",
    "cavalry": "25x50", "light_cavalry": "25x50", "medium_cavalry": "25x50", "heavy_cavalry": "25x50",
    "chariot": "50x50", "light_chariot": "50x50",
    "air_cavalry": "40x40", "flyer": "40x40", "flyers": "40x40",
    "artillery": "50x50", "war_machine": "50x50",
    "terrible_creature": "50x50", "creature": "40x40", "monster": "50x50",
}
#: FW-20.3: flyers (at most one a ship, or two on a flyer-carrier).
FLYER_TYPES = frozenset({"air_cavalry", "flyer", "flyers"})
#: FW-20.3, FW-20.4: war machines (none on a base larger than 5 x 5 cm embarks).
ARTILLERY_TYPES = frozenset({"artillery", "war_machine"})
#: FW-20.4: mounts on 2.5 x 5 cm bases, which minor craft carry on rafts only.
MOUNTED_BASE = "25x50"

#: FW-20.3: capacity units of one ship (AMB-77); flyers a ship or a flyer-carrier takes.
SHIP_UNITS = 10
FLYERS_PER_SHIP = 1
FLYERS_PER_CARRIER = 2
#: FW-20.4: a boat takes two foot models; a raft two mounted models, or one war machine or creature up to 5 x 5 cm.
BOAT_MODELS = 2
RAFT_MOUNTED = 2
#: [DEV] a raft also takes two foot models (it takes two bigger ones).
RAFT_FOOT = 2

#: FW-20.3, FW-20.4: what each craft costs (army points); the flyer-carrier never goes up a river.
CRAFT_COST = {"ships": 100, "carriers": 200, "boats": 10, "rafts": 20}
CRAFTS = tuple(CRAFT_COST)
CRAFT_RULE = {"ships": "FW-20.3", "carriers": "FW-20.3", "boats": "FW-20.4", "rafts": "FW-20.4"}
#: FW-20.3: free ships each turn at a port; FW-20.4, AMB-35: free boats and rafts every two turns in a forest on a river.
FREE_SHIPS = 2
FREE_BOATS = 4
FREE_RAFTS = 2
FREE_MINOR_EVERY = 2
#: FW-20.5: a sea-folk force may hold cavalry and artillery (by points) up to this share.
SEA_FOLK_MOUNTED_SHARE = (1, 3)


def base_of(unit: Unit) -> str:
    """The base of a unit's models: its roster's, else by its type (:data:`BASE_BY_TYPE`, [DEV])."""
    return unit.base or BASE_BY_TYPE.get(unit.type, "25x25")


def is_flyer(unit: Unit) -> bool:
    return unit.type in FLYER_TYPES


def is_foot(unit: Unit) -> bool:
    return not is_flyer(unit) and unit.type not in ARTILLERY_TYPES and base_of(unit) == "25x25"


@dataclass(frozen=True)
class Loading:
    """How a force goes afloat: on ships (with minor craft to help) or on its minor craft alone."""

    fleet: str  # "ships" or "boats"
    mounts_on_rafts: bool  # FW-20.7: -1 when rafts carry mounts
    carriers: bool  # a flyer-carrier sails with it: never up a river (FW-20.3)


def sea_folk(force: Force) -> bool:
    """FW-20.5: a force of sea-folk mercenaries only, which has every craft it needs free."""
    return bool(force.units) and all(u.mercenary and u.sea_folk for u in force.units)


def loading(force: Force, fleet: str) -> Loading | str:
    """The force's loading on ``fleet`` ("ships" or "boats"), or why its craft cannot carry it (FW-20.3, FW-20.4)."""
    big_guns = [u.id for u in force.units if u.type in ARTILLERY_TYPES and base_of(u) == "large"]
    if big_guns:
        return f"artillery on bases larger than 5 x 5 cm cannot embark ({', '.join(big_guns)}, FW-20.3)"
    free = sea_folk(force)
    if fleet == "boats":
        return _on_minor(force, free)
    return _on_ships(force, free)


def _on_minor(force: Force, free: bool) -> Loading | str:
    foot = mounted = single = 0
    for u in force.units:
        b = base_of(u)
        if is_flyer(u) or b == "large":
            return f"{u.id} ({u.type}, {b}) cannot go on boats or rafts: minor craft carry foot, mounts and 5 x 5 cm models only (FW-20.4)"
        if b == "25x25" and u.type not in ARTILLERY_TYPES:
            foot += u.figures
        elif b == MOUNTED_BASE:
            mounted += u.figures
        else:
            single += u.figures  # a war machine or creature up to 5 x 5 cm: one to a raft
    if free:
        return Loading("boats", mounted > 0, False)
    rafts = force.rafts - single - math.ceil(mounted / RAFT_MOUNTED)
    if rafts < 0:
        return f"{force.id} needs {single + math.ceil(mounted / RAFT_MOUNTED)} rafts for its mounts and war machines and holds {force.rafts} (FW-20.4)"
    room = force.boats * BOAT_MODELS + rafts * RAFT_FOOT
    if foot > room:
        return f"{force.id}'s {foot} foot models need more boats: {force.boats} boats and {rafts} spare rafts take {room} (FW-20.4)"
    return Loading("boats", mounted > 0, False)


def _on_ships(force: Force, free: bool) -> Loading | str:
    if not free and force.ships + force.carriers == 0:
        return f"{force.id} holds no ships (FW-20.3)"
    flyers = sum(u.figures for u in force.units if is_flyer(u))
    if free:
        return Loading("ships", False, flyers > 0)
    carried = min(flyers, force.carriers * FLYERS_PER_CARRIER)
    on_ships = flyers - carried
    if on_ships > force.ships * FLYERS_PER_SHIP:
        return f"{force.id}'s {flyers} flyers need a flyer-carrier or a ship each: {force.ships} ships, {force.carriers} carriers (FW-20.3)"
    foot = mounted = 0  # models a boat or raft may take off the ships
    big: list[int] = []  # capacity units of each war machine or creature a raft may take (one a raft)
    need = 0
    for u in force.units:
        b = base_of(u)
        if is_flyer(u):
            continue  # counted below: the ones not on a carrier
        need += BASE_UNITS[b] * u.figures
        if b == "25x25" and u.type not in ARTILLERY_TYPES:
            foot += u.figures
        elif b == MOUNTED_BASE:
            mounted += u.figures
        elif b != "large":
            big += [BASE_UNITS[b]] * u.figures
    flyer_units = [BASE_UNITS[base_of(u)] for u in force.units if is_flyer(u) for _ in range(u.figures)]
    need += sum(sorted(flyer_units)[:on_ships])
    room = force.ships * SHIP_UNITS
    if need <= room:
        return Loading("ships", False, force.carriers > 0 and flyers > 0)
    # the minor craft take what the ships cannot: foot on boats, then the biggest models on rafts
    on_boats = min(foot, force.boats * BOAT_MODELS)
    foot -= on_boats
    need -= on_boats * BASE_UNITS["25x25"]
    big.sort()
    mounts = False
    for _ in range(force.rafts):
        if need <= room:
            break
        if big:
            need -= big.pop()
        elif mounted:
            n = min(RAFT_MOUNTED, mounted)
            mounted -= n
            need -= n * BASE_UNITS[MOUNTED_BASE]
            mounts = True
        elif foot:
            n = min(RAFT_FOOT, foot)
            foot -= n
            need -= n * BASE_UNITS["25x25"]
    if need > room:
        return f"{force.id} needs {need} capacity units more than its {force.ships} ships take ({room}, 10 a ship, AMB-77)"
    return Loading("ships", mounts, force.carriers > 0 and flyers > 0)


def sea_folk_problem(units) -> str | None:
    """FW-20.5: a sea-folk force is foot, or holds at most 1/3 cavalry and artillery by points; None when it is."""
    total = sum(u.figures * u.points for u in units)
    other = sum(u.figures * u.points for u in units if not is_foot(u))
    num, den = SEA_FOLK_MOUNTED_SHARE
    if other * den > total * num:
        return (f"a sea-folk force holds infantry, or at most {num}/{den} cavalry and artillery by points (FW-20.5): "
                f"{other} of {total} points")
    return None


def craft_word(force: Force) -> str:
    """The craft a force holds, for status and counters: ``2 ships, 4 boats``; "" with none."""
    parts = [f"{getattr(force, k)} {k if getattr(force, k) != 1 else k[:-1]}" for k in CRAFTS if getattr(force, k)]
    return ", ".join(parts).replace("carriers", "flyer-carriers").replace("carrier", "flyer-carrier")


def with_craft(force: Force, **more: int) -> Force:
    return evolve(force, **{k: getattr(force, k) + v for k, v in more.items()})


def ashore(state: CampaignState, ids) -> CampaignState:
    """Forces brought to battle land first (a [DEV] ruling: every battle is fought ashore); the state unchanged when none is afloat."""
    if not any(f.afloat and f.id in ids for f in state.forces):
        return state
    return evolve(state, forces=tuple(evolve(f, afloat=False) if f.afloat and f.id in ids else f for f in state.forces))
