"""The engine's commands and its refusal: small frozen dataclasses, and :class:`CommandError`.

Apart from :mod:`.core` so that every phase module can import them at the
top (the core imports the phases).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.commands import CommandError, Turn  # noqa: F401 - the engine's, shared by every rule set


# --- commands ----------------------------------------------------------------------------


@dataclass(frozen=True)
class GiveOrder:
    """Phase 1: a new order or a reconfiguration, resolved by the Force Test (FW-8)."""

    force: str
    order: str


@dataclass(frozen=True)
class Move:
    """Phase 2: a path of squares (empty: the force stays), then an optional counter-march (FW-9)."""

    force: str
    path: tuple[str, ...] = ()
    countermarch: str | None = None


@dataclass(frozen=True)
class Moves:
    """Phase 2: several forces' moves in one command, each taken in its side's next initiative slot (FW-9.1.2).

    The same as the ``move`` commands one by one, in slot order; one refused
    refuses them all.
    """

    moves: tuple[Move, ...]


@dataclass(frozen=True)
class RestStay:
    """Phase 2: every force that has not moved stays where it is (FW-9.4: a move without a square), then ``turn``."""


@dataclass(frozen=True)
class UnitLosses:
    """One unit's models removed during a battle (FW-10.1)."""

    unit: str
    killed: int = 0
    fled: int = 0  # left the table by routing
    withdrawn: int = 0  # left under another order (Oppose, General Retreat; AMB-01)


@dataclass(frozen=True)
class BattleReport:
    """Phase 3 result entered by the players; Phase 4 runs on it (FW-10.3, FW-12)."""

    winner: str  # "A", "B" or "stalemate"; "" when a draw rule decides it from the scores below (FW-10.3.1)
    losses: tuple[UnitLosses, ...] = ()
    #: Forces whose Leader and every General fell (FW-12.7).
    leaders_lost: tuple[str, ...] = ()
    #: Battle length in turns, as the report gives it (kept in the log).
    length: int | None = None
    #: Where a beaten or stalemated force goes (FW-12.5); the engine chooses when not given.
    retreats: tuple[tuple[str, str], ...] = ()
    #: Which pending battle (its square); the first one when not given.
    square: str | None = None
    #: FW-10.3.1 English method (option ``draw_english``): (side, initial score, final score) for A and B.
    scores: tuple[tuple[str, int, int], ...] = ()
    #: FW-10.3.1 Italian method (option ``draw_italian``): (side, points of the losses it suffered) for A and B,
    #: Ars Arcana points excluded; ``army_points``: the army points 20 % is taken of (default: the smaller side's in the battle).
    loss_points: tuple[tuple[str, int], ...] = ()
    army_points: int | None = None


@dataclass(frozen=True)
class Reinforce:
    """FW-15: spend banked reinforcement points on units joining the force in the capital (or a new force)."""

    side: str
    units: tuple  # of state.Unit
    leader: object | None = None  # state.Leader for a new force


@dataclass(frozen=True)
class ControlWeather:
    """FW-7.6 (option ``weather_control``): a force's Wizard moves the day's weather ``steps`` along FW-7.4 (+ worse, - better)."""

    force: str
    steps: int


@dataclass(frozen=True)
class Send:
    """FW-22.3 (option ``army_composition``): a named special character or Special Unit of ``force`` travels to join ``to``."""

    force: str
    who: str  # the character's name, or the unit's id
    to: str


@dataclass(frozen=True)
class Embark:
    """Phase 2 (option ``watercraft``): the force boards its craft where it stands and sails along ``path`` (FW-20.7)."""

    force: str
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sail:
    """Phase 2: a force afloat sails along ``path``, ending off a waterside land square (FW-20.7)."""

    force: str
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class Disembark:
    """Phase 2: a force afloat sails along ``path`` and lands on its last square (its own square when empty)."""

    force: str
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class BuyCraft:
    """Phases 1-2 (option ``watercraft``): craft bought for a force with its side's banked points (FW-20.3, FW-20.4)."""

    force: str
    ships: int = 0
    carriers: int = 0
    boats: int = 0
    rafts: int = 0


Command = Turn | GiveOrder | Move | Moves | RestStay | BattleReport | Reinforce | ControlWeather | Send | Embark | Sail | Disembark | BuyCraft
