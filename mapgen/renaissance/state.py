"""The Renaissance campaign state: frozen dataclasses, one declaration for the engine, the file and its schema.

``campaign.json`` of a Renaissance campaign (schema ``mapgen/campaign-renaissance``,
version 1) is a public contract, as the Fantasy Warriors one is: fields may
be added, never renamed.  The same rules hold as in :mod:`mapgen.campaign.state`:
frozen classes and tuples, so the engine builds a new state with
:func:`~mapgen.campaign.state.evolve` and a stray mutation is an error;
pydantic's ``TypeAdapter`` reads the file and writes the JSON Schema from
these classes (:mod:`.store`), so the schema cannot drift from the code.

The map stays the source of every fixed fact (node kinds, roads, which
country a node lies in); the state holds only what play changes: who owns a
place and what stands in it, the armies, the money, the year.  Players are
seats ``P1``, ``P2`` ...; a neutral country is its country id (``D``), which
is letters only, so an owner is never ambiguous.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from annotated_types import Ge, Le, MaxLen, MinLen

from ..engine.records import MapRef, Modifier
from .rules import COMPANY_STRENGTH, MAX_ALLIED_ARMIES, MAX_ARMIES

SCHEMA = "mapgen/campaign-renaissance"
VERSION = 1

Season = Literal["spring", "summer", "winter"]
#: RC-2: the seasons of a campaign year, in order (autumn is absorbed by summer and winter).
SEASONS: tuple[str, ...] = ("spring", "summer", "winter")
#: RC-2, RC-4.1: ten two-week phases each summer.
SUMMER_PHASES = 10

Name = Annotated[str, MinLen(1), MaxLen(80)]
#: A node of the country map (``A-7``), a player seat (``P1``), a country (``D``), an army (``P1-2``).
Id = Annotated[str, MinLen(1), MaxLen(16)]
Ducats = Annotated[int, Ge(0), Le(100_000_000)]
Count = Annotated[int, Ge(0), Le(100_000)]

#: RC-3.5 Tabella 31: the company types, whose strength the table gives.
CompanyType = Literal["small", "small_cavalry", "medium", "medium_cavalry", "large", "large_cavalry", "rabble"]
#: RC-3.5: what kind of troops a company is.  Militia and rabble go home in winter (RC-5.1);
#: mercenaries count against the +2 siege modifier (RC-4.10); allied companies form the allied army (RC-3.6).
CompanyKind = Literal["regular", "mercenary", "militia", "rabble", "allied"]
SpecialistType = Literal["engineer", "diplomat", "spy", "assassin"]
WorkType = Literal["fortify", "repair", "improve"]
EventType = Literal["epidemic", "famine", "poor_harvest", "good_harvest", "papal_indulgence", "natural_disaster"]
#: RC-4.4: a side's secret choice when forces meet; ``shut_in`` only for the non-phasing side.
EngagementChoice = Literal["stand", "fall_back", "attack", "shut_in"]


@dataclass(frozen=True)
class Company:
    """One company (RC-3.5): never split, so losses remove whole companies (RC-3.7).

    ``strength`` is Tabella 31's value for ``type``, written out so a reader of the
    file need not know the table; :func:`company` fills it, the reader checks it.
    """

    id: Id
    type: CompanyType
    kind: CompanyKind
    strength: Annotated[int, Ge(0), Le(8)]
    #: RC-3.11, RC-A.23: the ducats it was recruited for, paid again as its upkeep; None (a file from
    #: before prices were kept) is mapgen's price for its type (:data:`~.spring.COMPANY_COST`).
    cost: Ducats | None = None


def company(id: str, type: str, kind: str = "regular", cost: int | None = None) -> Company:
    """A company with its Tabella 31 strength (RC-3.5).

    Examples
    --------
    >>> company("P1-c1", "medium_cavalry").strength
    4
    """
    return Company(id, type, kind, COMPANY_STRENGTH[type], cost)


@dataclass(frozen=True)
class Player:
    """A player seat and the country it rules (RC-1.1: each player has a country of their own)."""

    seat: Id
    name: Name
    country: Id
    treasury: Ducats = 0  # RC-A.6: an empty treasury on day one
    #: RC-3.4: the ducats borrowed this year, repaid next spring with 25 % interest (``resolve.repayment``); one loan at a time (RC-A.7).
    loan: Ducats = 0
    #: RC-3.4 Tabella 30 (a default), or every place lost.
    eliminated: bool = False


@dataclass(frozen=True)
class Place:
    """An urban node of the map (capital, city, fortress, village, walled village) and what play has done to it.

    Its kind and its walls from the map are in the country map; here is who holds it
    (a player seat or a neutral country), its garrison (RC-3.8, not an army) and its
    fortifications' state (RC-3.9, RC-A.9).
    """

    node: Id
    owner: Id
    garrison: tuple[Company, ...] = ()
    fortified: bool = False  # RC-3.9 ``fortify``: a village that was given walls
    advanced: bool = False  # RC-3.9 ``improve``: advanced fortifications (-1 in sieges), once
    damaged: bool = False  # RC-3.9, RC-4.10, RC-5.4: taken by siege or struck by a disaster, until repaired


@dataclass(frozen=True)
class Army:
    """An army token on a node (RC-3.6): at most three per player, plus one army of allied forces."""

    id: Id
    owner: Id
    node: Id
    companies: tuple[Company, ...]
    allied: bool = False
    #: RC-4.5 ``P_BACK``: the node it entered this one from, this phase (RC-A.26).
    came_from: Id | None = None
    moved: Annotated[int, Ge(0), Le(2)] = 0  # RC-4.3: road steps taken this phase, at most two
    #: RC-4.4, RC-A.27: the node where the force it met shut itself in, and the summer phase it did so; in its
    #: next move the army must leave that node or begin a siege there.
    shut_in_at: Id | None = None
    shut_in_phase: Annotated[int, Ge(0), Le(SUMMER_PHASES)] = 0

    @property
    def strength(self) -> int:
        return sum(c.strength for c in self.companies)


@dataclass(frozen=True)
class ArmyReport:
    """One army token as a spy's target reported it at the start of a summer phase (RC-3.10): its strength only.

    A diplomat's decoy is reported as an army of strength 0 under its counter id (RC-A.10).
    """

    army: Id
    node: Id
    strength: Count
    phase: Annotated[int, Ge(1), Le(SUMMER_PHASES)]


@dataclass(frozen=True)
class SpecialistState:
    """A hired specialist (RC-3.10, RC-A.10); hired for the year, gone at the end of winter (an assassin after one try)."""

    id: Id
    owner: Id
    type: SpecialistType
    year: Annotated[int, Ge(1)]
    #: Engineer: the army id or garrison node it serves.  Diplomat: the node of its decoy token.
    at: Id | None = None
    #: Spy: the player it watches.
    target: Id | None = None
    #: Diplomat: its decoy has met an enemy army and is known to all as a decoy (RC-A.10).
    revealed: bool = False
    #: Diplomat: the army id its decoy token shows the other players (numbered with its owner's armies, RC-3.6).
    counter: Id | None = None
    #: Diplomat: the summer phase its decoy last moved (it moves once a phase, as an army, RC-4.3); 0 not yet.
    moved_phase: Annotated[int, Ge(0), Le(SUMMER_PHASES)] = 0
    #: Spy: what its target reported at the start of the last summer phase (RC-3.10, RC-4.1 a).
    report: tuple[ArmyReport, ...] = ()


@dataclass(frozen=True)
class FortificationWork:
    """Fortification works paid in spring, finished in winter if the payer still holds the place (RC-3.9, RC-A.9)."""

    node: Id
    owner: Id
    work: WorkType
    year: Annotated[int, Ge(1)]


@dataclass(frozen=True)
class Siege:
    """An army besieging a place (RC-4.10): the phases so far give the +1 per phase (RC-A.17)."""

    node: Id
    army: Id
    phases: Count = 0
    #: RC-4.10 step 1: the phase the army arrived; the siege may begin the phase after.
    arrived: Annotated[int, Ge(1), Le(SUMMER_PHASES)] = 1
    #: RC-4.10 step 2: ducats spent on bribes this phase, before its roll (Tabella 35: +1 per 10); 0 after the roll.
    bribes: Ducats = 0
    #: RC-3.7, RC-A.31: the besieger's companies in the order its owner gives them up to attrition; the proposal covers the rest.
    lose: tuple[Id, ...] = ()


@dataclass(frozen=True)
class Prisoners:
    """Companies one player holds captive (RC-4.6), to exchange or ransom in winter (RC-3.3, RC-5.3)."""

    holder: Id
    owner: Id  # the seat (or neutral country) they were taken from
    companies: tuple[Company, ...]


@dataclass(frozen=True)
class PendingEngagement:
    """Two sides met at a node (RC-4.4, RC-A.11), waiting for their choices or a table battle's result.

    ``phasing`` is the seat that moved in; ``other`` a seat or a neutral
    country.  Each choice is secret until both are in; then ``result`` is
    Tabella 34's code, ``defender`` and ``rear_guard`` the seats it names
    (RC-4.5).  Only a ``BATTLE`` both seats asked to fight on the table
    (``on_table``, RC-A.33) stays here until its ``TableBattle``; every other
    engagement is resolved and dropped at once (:mod:`.engagements`).
    """

    node: Id
    phasing: Id
    other: Id
    phasing_choice: EngagementChoice | None = None
    other_choice: EngagementChoice | None = None
    phasing_rear_guard: tuple[Id, ...] = ()  # company ids, RC-4.8
    other_rear_guard: tuple[Id, ...] = ()
    phasing_retreat: Id | None = None  # the node the owner prefers to fall back to (RC-4.5 N_BACK)
    other_retreat: Id | None = None
    on_table: tuple[Id, ...] = ()  # seats that asked to fight a BATTLE on the table (RC-A.33)
    result: str | None = None  # Tabella 34: P_BACK, N_BACK, BOTH_BACK, BATTLE, SHUT_IN
    defender: Id | None = None
    rear_guard: Id | None = None
    #: RC-3.7, RC-A.31: each side's companies in the order its owner gives them up to the losses; the proposal covers the rest.
    phasing_lose: tuple[Id, ...] = ()
    other_lose: tuple[Id, ...] = ()


@dataclass(frozen=True)
class PendingEvent:
    """A winter event (RC-5.4) waiting for next spring (the epidemic: for next summer, RC-4.2)."""

    player: Id
    event: EventType
    year: Annotated[int, Ge(1)]  # the year whose spring (or summer) it strikes


@dataclass(frozen=True)
class Ends:
    """The end conditions the players agreed at the start (RC-6), checked after each winter and each successful siege (RC-A.34).

    Any one met ends the campaign: a player holds every other capital; ``years``
    campaign years have passed; one player holds every node in ``objectives``.
    """

    capitals: bool = False
    years: Annotated[int, Ge(1), Le(1000)] | None = None
    objectives: tuple[Id, ...] = ()


@dataclass(frozen=True)
class Options:
    """The optional rules and RC-A alternatives switched on at the start."""

    banks: bool = False  # RC-3.4: the banks and Tabella 30 are an optional rule
    loan_on_all_taxes: bool = False  # RC-A.7 option: half of every settlement's tax, not only the cities'
    rabble_disperses: bool = False  # RC-A.8 option
    redraw_order_each_phase: bool = False  # RC-A.20 option
    #: RC-4.4, RC-A.21: "a neutral force's choice is made by the referee or by a default rule": on, the referee
    #: enters it (``engage DIR D NODE CHOICE``, D the neutral country); off, RC-A.21's rule makes it at once.
    referee_neutrals: bool = False


@dataclass(frozen=True)
class LogEntry:
    """One line of the log: a roll (with its dice) or an event (without).

    The Fantasy Warriors :class:`~mapgen.campaign.state.LogEntry` with the
    Renaissance calendar (year, season, summer phase) in place of its day and
    phase, and a player seat in place of its side A/B; the other fields are the same.
    """

    year: Annotated[int, Ge(1)]
    season: Season
    phase: Annotated[int, Ge(0), Le(SUMMER_PHASES)]
    rule: str
    text: str
    dice: str | None = None
    faces: tuple[int, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    total: int | None = None
    outcome: str | None = None
    entered: bool = False  # the faces were entered by a player (``--roll``)
    player: Id | None = None  # whose roll or event; None for all (the moving order ...)
    secret: bool = False  # hidden from the other players' ``status --side``


@dataclass(frozen=True)
class RenaissanceState:
    seed: int | str
    map: MapRef
    ends: Ends
    players: tuple[Player, ...]
    #: Countries no player rules (RC-1.1); they hold their own places (RC-A.6).
    neutrals: tuple[Id, ...]
    #: Every urban node of the map, in the map's order.
    places: tuple[Place, ...]
    options: Options = Options()
    schema: Literal["mapgen/campaign-renaissance"] = SCHEMA
    version: Literal[1] = VERSION
    year: Annotated[int, Ge(1), Le(1000)] = 1
    season: Season = "spring"
    #: RC-4.1: the summer phase, 1-10; 0 outside the phases (spring, winter, and summer before phase 1).
    phase: Annotated[int, Ge(0), Le(SUMMER_PHASES)] = 0
    #: RC-4.3, RC-A.20: this summer's moving order, drawn by lot before phase 1.
    order: tuple[Id, ...] = ()
    #: RC-4.3, RC-A.20: the seat in ``order`` moving now in this summer phase; None outside the phases.
    turn: Id | None = None
    armies: tuple[Army, ...] = ()
    specialists: tuple[SpecialistState, ...] = ()
    works: tuple[FortificationWork, ...] = ()
    sieges: tuple[Siege, ...] = ()
    #: RC-4.4 to RC-4.9: the engagements the phasing player's moves made, in the order they are resolved (RC-A.11).
    engagements: tuple[PendingEngagement, ...] = ()
    prisoners: tuple[Prisoners, ...] = ()
    events: tuple[PendingEvent, ...] = ()
    #: RC-3.11: the companies kept under arms over the winter, whose upkeep is still unpaid this spring;
    #: set by the winter (RC-5.1), emptied by ``PayUpkeep``/``Disband``, and the rest disbanded when spring ends.
    upkeep: tuple[Id, ...] = ()
    log: tuple[LogEntry, ...] = ()
    winner: Id | None = None
    ended: str | None = None
    #: The seed of the campaign's dice, kept secret (the map seed is printed on the map); None in a campaign
    #: begun before there was one, whose dice come from ``seed`` (:meth:`mapgen.engine.RuleSet.dice_seed`).
    dice_seed: int | str | None = None

    # --- lookups (linear over players and armies: a campaign has a few of each) ---
    def player(self, seat: str) -> Player:
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    def place(self, node: str) -> Place | None:
        """The place at ``node``, or None.

        By a node -> place index kept on the state beside its fields (not one
        of them: the file and the schema never see it), made on first use for
        this ``places`` tuple: a bot's summer turn asks for places hundreds of
        times, and a new state shares its ``places`` until one changes.  A copy
        made by ``evolve`` carries the index along; it is used only while it
        was made for the very ``places`` tuple the state holds.
        """
        index = self.__dict__.get("_place_index")
        if index is None or index[0] is not self.places:
            index = (self.places, {p.node: p for p in reversed(self.places)})  # reversed: the first of a node wins, as a scan would
            object.__setattr__(self, "_place_index", index)
        return index[1].get(node)

    def owner(self, node: str) -> str | None:
        place = self.place(node)
        return place.owner if place else None

    def armies_of(self, seat: str) -> list[Army]:
        return [a for a in self.armies if a.owner == seat]

    def armies_at(self, node: str) -> list[Army]:
        return [a for a in self.armies if a.node == node]


def army_limit_broken(armies: list[Army]) -> str | None:
    """Why one player's armies break RC-3.6 (three armies plus one allied army), or None."""
    own = sum(not a.allied for a in armies)
    allied = sum(a.allied for a in armies)
    if own > MAX_ARMIES:
        return f"{own} armies, more than the {MAX_ARMIES} RC-3.6 allows"
    if allied > MAX_ALLIED_ARMIES:
        return f"{allied} allied armies, more than the {MAX_ALLIED_ARMIES} RC-3.6 allows"
    return None
