"""The campaign state: plain frozen dataclasses, one declaration for the engine, the file and its schema.

``campaign.json`` (schema ``mapgen/campaign``, version 1) is the public contract:
the field names below are kept exactly.  The engine core never mutates a
state; it builds a new one with :func:`evolve`, a fast ``dataclasses.replace`` (frozen classes
and tuples make a stray mutation an error), which is cheap because unchanged
forces, sides and log entries are shared between the old and the new state.

Reading a file goes through pydantic's ``TypeAdapter`` over these same
dataclasses: it checks every field's type and range and names the field that
is wrong (``forces[2].leader.cv``), and it writes the published JSON Schema,
so the schema can never drift from the code.  The engine itself runs on the
plain dataclasses, with no validation cost per command.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal, Union

from annotated_types import Ge, Le, MaxLen, MinLen

from ..engine.records import MapRef, Modifier, evolve, modifier  # noqa: F401 - part of the state, re-exported

SCHEMA = "mapgen/campaign"
VERSION = 1

Side = Literal["A", "B"]
Order = Literal["max_speed", "probe", "defend"]
Reaction = Literal["confused", "unsteady", "shattered"]
Quality = Literal["poor", "average", "veteran", "elite"]
Phase = Union[Annotated[int, Ge(0), Le(8)], Literal["battle"]]
Name = Annotated[str, MinLen(1), MaxLen(80)]
#: A square of the campaign map as printed on it, e.g. ``C4``.
SquareId = Annotated[str, MinLen(2), MaxLen(8)]
Count = Annotated[int, Ge(0), Le(100_000)]

ORDERS: tuple[str, ...] = ("max_speed", "probe", "defend")
REACTIONS: tuple[str, ...] = ("confused", "unsteady", "shattered")
QUALITIES: tuple[str, ...] = ("poor", "average", "veteran", "elite")


@dataclass(frozen=True)
class Options:
    """The optional rules switched on at ``campaign new``."""

    weather: bool = False  # FW-7
    random_events: bool = False  # FW-16
    naran_movement: bool = False  # the [NT] rows of FW-9.2
    capital_requires_siege: bool = False  # FW-9.10.1, AMB-43
    scenario: Literal["incursione"] | None = None  # FW-17
    points: Annotated[int, Ge(1), Le(1_000_000)] = 2000  # FW-4.1, each side's army (Incursione: the defenders')
    reinforcement_interval: Annotated[int, Ge(1), Le(365)] = 7  # AMB-22
    random_event_interval: Annotated[int, Ge(1), Le(365)] = 7  # AMB-24
    deserter_rout_penalty: bool = True  # AMB-21
    raid_loot_required: Annotated[int, Ge(1), Le(6)] = 1  # AMB-56: loot the raiders must bring home (FW-17.5)
    weather_control: bool = False  # FW-7.6: a force's Wizard shifts the day's weather
    initiative_by_army: bool = False  # FW-9.1.1: one roll a side, each side moves all its forces in turn
    specialty_recovery: bool = False  # FW-12.3: recovered models buy models of their specialty
    special_sites: bool = False  # FW-12.4: a battle won at an Ars Arcana site of the enemy gives its objects
    ambush_on_zoc_entry: bool = False  # AMB-68: Max Speed into a Defend force's zone of control is an ambush
    # issue 29, featured holdings and the last optional rules (left out of campaign.json while at their default: store.LATER_OPTIONS)
    featured_holdings: bool = False  # FW-3.4.2: a featured holding's benefits go to its owner, and pass with it when captured
    feature_grants_on_capture: bool = True  # AMB-74: a captor may use Village/City recruits and Mine points as the first owner could
    order_transmission: bool = False  # FW-8.5 [DEV]: orders reach a distant force by messenger from the supreme command
    draw_english: bool = False  # FW-10.3.1: the English method (final score against initial score) decides a draw
    draw_italian: bool = False  # FW-10.3.1: the Italian method (losses inflicted against suffered, 20 %) decides a draw
    army_composition: bool = False  # FW-22 (FW-4.4): who may Probe, named characters sent between Forces
    # --- watercraft (issue 29) ---
    watercraft: bool = False  # FW-20, FW-16.4: ships, minor craft, naval movement; left out of the file while off


@dataclass(frozen=True)
class Weather:
    zone: Literal["cold", "temperate", "torrid"]
    season: str
    today: Literal["fine", "light_rain", "heavy", "storm"] | None = None
    snow_level: Count = 0
    #: FW-7.5, AMB-13: snow levels lying on mountain squares only (snow that fell in autumn), on top of ``snow_level``.
    mountain_snow: Count = 0
    #: FW-7.5 [DEV]: heavy rain or desert wind in a torrid zone soaks the ground, -1 movement for that day only.
    soaked: bool = False
    #: FW-7.6: the sides whose Wizard has moved today's weather (once a side a day [DEV]).
    controlled: tuple[Side, ...] = ()


def auxiliaries_only(units) -> bool:
    """FW-4.2.f: "allies and mercenaries cannot form a Force on their own": true when every unit is one."""
    return bool(units) and all(u.mercenary or u.ally for u in units)


def sea_folk_only(units) -> bool:
    """FW-20.5: every unit is a sea-folk mercenary (pirates, corsairs ...), the one exception to FW-4.2.f."""
    return bool(units) and all(u.mercenary and u.sea_folk for u in units)


def snow_at(weather: Weather, terrain: str) -> int:
    """The snow levels lying on a square of ``terrain``: the map-wide ones, and on a mountain the autumn ones (AMB-13)."""
    return weather.snow_level + (weather.mountain_snow if terrain == "mountain" else 0)


@dataclass(frozen=True)
class SideState:
    id: Side
    race: Name
    name: Name
    points: Annotated[int, Ge(0), Le(10_000_000)]  # the initial army total (FW-4.1, FW-15)
    reinforcement_points: Annotated[int, Ge(0), Le(10_000_000)] = 0  # banked (FW-15.h)
    battles_won: Count = 0
    battles_lost: Count = 0
    holdings_taken: Count = 0
    holdings_lost: Count = 0
    capitals_lost: Count = 0
    will_to_fight: Literal["ok", "failed"] = "ok"
    #: The FW-13 triggers met this turn (test in Phase 5, AMB-67); cleared after the test.
    will_to_fight_due: tuple[str, ...] = ()


@dataclass(frozen=True)
class Leader:
    name: Name
    cv: Annotated[int, Ge(1), Le(6)]  # Command Value; at most 6 (FW-16.1 result 13)


@dataclass(frozen=True)
class Unit:
    id: Name
    #: infantry, missile, cavalry (light_, medium_, heavy_cavalry), chariot, light_chariot, air_cavalry, artillery,
    #: war_machine, terrible_creature ... (FW-22.1 reads the weights: :data:`mapgen.campaign.army.SCOUTING_TYPES`)
    type: Name
    quality: Quality
    figures: Count
    points: Annotated[int, Ge(0), Le(100_000)] = 0  # army points of one figure (FW-12.3, FW-16.3)
    mercenary: bool = False  # FW-12.2: a beaten mercenary unit deserts whole
    ally: bool = False  # an allied contingent (FW-4.2.f)
    #: FW-20.5: sea-folk (pirates, corsairs, buccaneers); left out of the file when false.
    sea_folk: bool = False
    #: FW-20.3 [DEV]: the models' base ("25x25", "25x50", "40x40", "50x50", "large"); None: by the unit's type
    #: (:data:`mapgen.campaign.craft.BASE_BY_TYPE`).  Left out of the file when None.
    base: Literal["25x25", "25x50", "40x40", "50x50", "large"] | None = None


@dataclass(frozen=True)
class ArmyCommand:
    """A Command of the army list (FW-4.2.b, FW-22.2): a named General and the units he leads, by their ids.

    Called so beside the player's commands (``order``, ``move`` ...).  Its
    units are the Force's own (``Force.units``), named here by id so that
    losses, reinforcements and every other rule keep working on the Force.
    """

    general: Leader
    units: tuple[Name, ...]
    #: Other individual characters of the Command, named (FW-22.2.1); they are also in the Force's ``individuals``.
    characters: tuple[Name, ...] = ()


@dataclass(frozen=True)
class Force:
    id: Annotated[str, MinLen(2), MaxLen(8)]  # side letter and number, e.g. "A1"
    side: Side
    square: SquareId
    order: Order | None
    reaction: Reaction | None
    leader: Leader
    units: tuple[Unit, ...]
    individuals: tuple[Name, ...] = ()
    moved_today: bool = False
    loot: SquareId | None = None  # the square of the holding it sacked (FW-17.7)
    tested_today: bool = False  # FW-8.1.c
    #: The square it counter-marched from this turn, while in an enemy zone of control (FW-23.4).
    countermarched_from: SquareId | None = None
    #: The squares it started, ended or passed through this turn (FW-19.9 jungle losses).
    path_today: tuple[SquareId, ...] = ()
    #: FW-5.2.1: the points of field works it built under Defend before its first battle in this square
    #: (1 per model then); not cumulative, lost when it leaves the square.  0: none.
    field_works: Count = 0
    # --- FW-22 (option ``army_composition``): left out of the file while empty, so older files keep their bytes
    #: The Commands the Force is assembled from (FW-22.2); empty: the Force is one Command, its Leader's.
    commands: tuple[ArmyCommand, ...] = ()
    #: Its named special characters and Special Units (names, unit ids) that may be sent to another Force (FW-22.3).
    specials: tuple[Name, ...] = ()
    #: A special character or unit travelling alone at Max Speed (FW-22.3): the Force it goes to join.
    joining: Annotated[str, MinLen(2), MaxLen(8)] | None = None

    @property
    def travelling(self) -> bool:
        """A named character or Special Unit on its way to another Force (FW-22.3)."""
        return self.joining is not None
    #: FW-20 (option ``watercraft``): the craft the force holds, and whether it is afloat on them.  A force
    #: afloat stands on a waterside land square (:mod:`.voyage`).  Each left out of the file at its default.
    afloat: bool = False
    ships: Count = 0
    carriers: Count = 0  # flyer-carrier ships (FW-20.3)
    boats: Count = 0  # boats, canoes, pirogues (FW-20.4)
    rafts: Count = 0  # rafts and barges (FW-20.4)

    @property
    def figures(self) -> int:
        return sum(u.figures for u in self.units)

    @property
    def army_points(self) -> int:
        return sum(u.figures * u.points for u in self.units)

    @property
    def state(self) -> str:
        """The order or reaction on its counter."""
        return self.reaction or self.order or "none"


@dataclass(frozen=True)
class HoldingState:
    square: SquareId
    owner: Side
    capital: bool
    feature: str
    sacked: bool = False
    #: The side the map gave it to (FW-13: a holding lost or captured counts against that side).
    original_owner: Side | None = None
    #: FW-3.4.2 (option ``featured_holdings``): the side whose the feature's benefits are since it took the holding
    #: after a defeat in battle there; None: the first owner's.  Left out of the file while None.
    benefits: Side | None = None


@dataclass(frozen=True)
class Contact:
    """A battle waiting to be fought (FW-9.8): contacts are fought in the order they happened."""

    square: SquareId
    forces: tuple[str, ...]
    scenario: str = "pitched"
    why: str = ""
    day: Annotated[int, Ge(1)] = 1
    #: The battle folder, relative to the campaign folder (``battles/day-03-C4``).
    folder: str = ""
    #: The force whose move made the contact, and its state then (FW-23 triggers).
    mover: str | None = None
    #: The surrounded forces of a Last stand fought here (FW-23.6); carried into a later day while it
    #: is interrupted, so a newcomer of their side makes it a Relief (FW-23.7).
    defenders: tuple[str, ...] = ()
    #: AMB-68 option ``ambush_on_zoc_entry``: forces under Defend that fight from the bordering square
    #: whose zone of control the mover entered; the battle is fought in the entered square.
    ambushers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Messenger:
    """FW-8.5 (option ``order_transmission``): a new order on its way from the supreme command to a distant force.

    Its side's own: the other side's view never shows it.
    """

    force: Annotated[str, MinLen(2), MaxLen(8)]
    order: Order
    side: Side
    kind: Literal["foot", "mounted", "flying"]
    sent: Annotated[int, Ge(1)]
    #: The day whose Phase 1 it reaches the force: the Force Test for ``order`` is taken then.
    arrives: Annotated[int, Ge(1)]


@dataclass(frozen=True)
class LogEntry:
    """One line of the campaign log: a roll (with its dice) or an event (without)."""

    day: Annotated[int, Ge(1)]
    phase: Phase
    rule: str
    text: str
    dice: str | None = None
    faces: tuple[int, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    total: int | None = None
    outcome: str | None = None
    #: The faces were entered by a player (``--roll``), not drawn by the engine.
    entered: bool = False
    #: Whose roll or event it is; None for both sides (weather, initiative ...).
    side: Side | None = None
    #: Hidden from the other side's view (``status --side``): movement rolls, losses ...
    secret: bool = False


@dataclass(frozen=True)
class CampaignState:
    seed: int | str
    map: MapRef
    options: Options
    weather: Weather
    sides: tuple[SideState, ...]
    forces: tuple[Force, ...]
    holdings: tuple[HoldingState, ...]
    schema: Literal["mapgen/campaign"] = SCHEMA
    version: Literal[1] = VERSION
    day: Annotated[int, Ge(1), Le(100_000)] = 1
    phase: Phase = 1
    pending: tuple[Contact, ...] = ()
    #: Phase 2: the sides in the order of the initiative counters still to be used (FW-9.1.2).
    initiative: tuple[Side, ...] = ()
    log: tuple[LogEntry, ...] = ()
    #: "A", "B", "draw" (Incursione day 42) once the campaign is over.
    winner: Literal["A", "B", "draw"] | None = None
    ended: str | None = None
    #: Forces lost this turn (FW-13.a checks, jungle losses): not needed across turns.
    removed: tuple[str, ...] = field(default=())
    #: The seed of the campaign's dice, kept secret (the map seed is printed on the map); None in a campaign
    #: begun before there was one, whose dice come from ``seed`` (:meth:`mapgen.engine.RuleSet.dice_seed`).
    dice_seed: int | str | None = None
    #: FW-8.5 (option ``order_transmission``): the orders on their way; left out of the file while empty.
    messengers: tuple[Messenger, ...] = ()
    #: How the kit that started the campaign prints (``mapgen new --style``): ``bw`` keeps every later drawing of
    #: it (counters, status map, atlas, VASSAL module) in black and white, as the map and counters it printed first.
    look: Literal["colour", "bw"] = "colour"

    # --- lookups (linear: a campaign has a dozen forces) -----------------------------------
    def force(self, force_id: str) -> Force | None:
        for f in self.forces:
            if f.id == force_id:
                return f
        return None

    def side(self, side_id: str) -> SideState:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)

    def holding(self, square: str) -> HoldingState | None:
        for h in self.holdings:
            if h.square == square:
                return h
        return None

    def forces_at(self, square: str) -> list[Force]:
        return [f for f in self.forces if f.square == square]

    def side_forces(self, side_id: str) -> list[Force]:
        return [f for f in self.forces if f.side == side_id]


def other(side: str) -> str:
    return "B" if side == "A" else "A"


# --- copy-on-write helpers: each returns a new state -----------------------------------------

def with_force(state: CampaignState, force: Force) -> CampaignState:
    fid = force.id
    return evolve(state, forces=tuple([force if f.id == fid else f for f in state.forces]))


def without_force(state: CampaignState, force_id: str) -> CampaignState:
    return evolve(
        state,
        forces=tuple(f for f in state.forces if f.id != force_id),
        removed=state.removed + (force_id,),
    )


def with_side(state: CampaignState, side: SideState) -> CampaignState:
    return evolve(state, sides=tuple(side if s.id == side.id else s for s in state.sides))


def with_holding(state: CampaignState, holding: HoldingState) -> CampaignState:
    return evolve(state, holdings=tuple(holding if h.square == holding.square else h for h in state.holdings))


def bump(state: CampaignState, side_id: str, **counts: int) -> CampaignState:
    """Add to a side's counters: ``bump(state, "A", battles_won=1)``."""
    s = state.side(side_id)
    return with_side(state, evolve(s, **{k: getattr(s, k) + v for k, v in counts.items()}))


def tallied(state: CampaignState, gainer: str, gains: dict[str, int], loser: str, losses: dict[str, int], trigger: str) -> tuple:
    """One new sides tuple: ``bump`` both sides' counters and ``due`` the loser's Will to Fight ``trigger`` (a battle, a capture)."""
    sides = []
    for s in state.sides:
        if s.id == gainer:
            s = evolve(s, **{k: getattr(s, k) + v for k, v in gains.items()})
        elif s.id == loser:
            tests = s.will_to_fight_due
            counts = {k: getattr(s, k) + v for k, v in losses.items()}
            s = evolve(s, **counts, will_to_fight_due=tests if trigger in tests else tests + (trigger,))
        sides.append(s)
    return tuple(sides)


def due(state: CampaignState, side_id: str, trigger: str) -> CampaignState:
    """Note a Will to Fight trigger (FW-13.a-d) for Phase 5."""
    s = state.side(side_id)
    if trigger in s.will_to_fight_due:
        return state
    return with_side(state, evolve(s, will_to_fight_due=s.will_to_fight_due + (trigger,)))
