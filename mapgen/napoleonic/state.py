"""The Napoleonic battle's state: frozen dataclasses, one declaration for the engine, the file and its schema.

``campaign.json`` of a Napoleonic battle (schema ``mapgen/campaign-napoleonic``,
version 1) is a public contract like the two campaigns' files: fields may be
added, never renamed.  The board and the tables in play are fixed for the
battle, so they live in the field file beside it (:mod:`.store`), whose
SHA-256 the state records; the state holds only what play changes: where
each unit stands, what it has done this turn, whose phase it is, the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from annotated_types import Ge, Le, MaxLen, MinLen

from ..engine.records import MapRef
from .board import AREAS
from ..rulebooks.nap_units import UNITS

SCHEMA = "mapgen/campaign-napoleonic"
VERSION = 1

Side = Literal["A", "B"]
Name = Annotated[str, MinLen(1), MaxLen(80)]
#: A unit's id as commands type it: its side's letter and a number (``A7``).
UnitId = Annotated[str, MinLen(2), MaxLen(8)]
AreaName = Literal[tuple(AREAS)]  # type: ignore[valid-type]
UnitType = Literal[tuple(UNITS)]  # type: ignore[valid-type]
Small = Annotated[int, Ge(0), Le(1_000_000)]

#: Where the battle is: the secret deployment (NAP-2.1), the battle turns (NAP-3), the winner's pursuit (NAP-15), the end.
Stage = Literal["deployment", "battle", "pursuit", "over"]
Phase = Literal["cavalry", "artillery", "infantry", "leader"]
#: NAP-3.1: the four phases of a battle turn, in order; each is the phase of the units of that arm.
PHASE_ORDER: tuple[str, ...] = ("cavalry", "artillery", "infantry", "leader")
#: Where a unit is when it is off the board: not yet deployed, or destroyed (removed from play).
UNPLACED = "unplaced"
DESTROYED = "destroyed"
Place = Literal[tuple(AREAS) + (UNPLACED, DESTROYED)]  # type: ignore[valid-type]


@dataclass(frozen=True)
class Unit:
    """One piece on the board: a NAP-1 unit type, where it is and what it has done this battle turn."""

    id: UnitId
    side: Side
    type: UnitType
    name: Name
    area: Place = UNPLACED
    #: NAP-10: turned sideways, in square.
    in_square: bool = False
    #: Battle actions spent this battle turn (NAP-3.2); none may be spent beyond the type's.
    used: Annotated[int, Ge(0), Le(2)] = 0


@dataclass(frozen=True)
class Army:
    """One side's army: its nation (NAP-7.3's "own nation"; the counters print it) and where its roster came from."""

    side: Side
    nation: Name
    roster: Name


@dataclass(frozen=True)
class Pending:
    """A charge that waits for one side's choice before its dice are thrown.

    ``square``: cavalry declared a charge on infantry now in square (NAP-10):
    the charging side presses on or calls it off.  ``evade``: infantry
    charged cavalry (NAP-8): the charged side evades or stands.
    """

    kind: Literal["square", "evade"]
    charger: UnitId
    target: UnitId

    @property
    def chooser(self) -> str:
        """The side whose choice it is."""
        return (self.charger if self.kind == "square" else self.target)[0]


@dataclass(frozen=True)
class Entry:
    """One line of the battle's log; ``seat`` set: only that side may read it (its secret deployment)."""

    turn: Small
    rule: str
    text: str
    seat: Side | None = None
    dice: str | None = None
    faces: tuple[int, ...] = ()
    total: int | None = None
    entered: bool = False


@dataclass(frozen=True)
class Result:
    """How the battle ended (NAP-12): who won, why, and the strategic retreat the loser owes (NAP-13, off the board)."""

    winner: Side
    reason: str
    retreat: str = ""


@dataclass(frozen=True)
class NapoleonicState:
    schema: Literal["mapgen/campaign-napoleonic"]
    version: Literal[1]
    seed: int | Annotated[str, MinLen(1), MaxLen(64)]
    #: The field file (board and tables in play) beside ``campaign.json``.
    map: MapRef
    #: NAP-3.1, NAP-A.17: the side that entered the region; it acts first in every phase.
    attacker: Side
    armies: tuple[Army, Army]
    units: tuple[Unit, ...]
    stage: Stage = "deployment"
    #: NAP-2.1: the sides whose secret placement is in.
    deployed: tuple[Side, ...] = ()
    turn: Annotated[int, Ge(0), Le(100_000)] = 0
    phase: Phase = "cavalry"
    #: Whose half of the phase it is (the attacker's first).
    acting: Side = "A"
    #: NAP-14: the acting side has spent an action this phase (it may retreat only before its first).
    acted: bool = False
    pending: Pending | None = None
    #: NAP-12 stalemate: full battle turns in a row with no fire and no move into the central zone, and
    #: whether this turn has had one.
    quiet_turns: Annotated[int, Ge(0), Le(2)] = 0
    stirred: bool = False
    result: Result | None = None
    log: tuple[Entry, ...] = ()
    #: The secret the dice come from (drawn at ``campaign new``, or ``--dice-seed``); None in a battle whose
    #: dice come from ``seed`` (the simulations'), see :meth:`mapgen.engine.RuleSet.dice_seed`.
    dice_seed: int | str | None = None

    @property
    def defender(self) -> str:
        return "B" if self.attacker == "A" else "A"

    def unit(self, uid: str) -> Unit | None:
        return next((u for u in self.units if u.id == uid), None)

    def army(self, side: str) -> Army:
        return self.armies[0] if self.armies[0].side == side else self.armies[1]

    @property
    def winner(self) -> str | None:
        return self.result.winner if self.result else None
