"""Small hand-built campaign states for the calendar tests (weather, reinforcements, events, Incursione).

The phases under test read no map (the board argument is unused), so the
states need no generated map: the numbers stay those of the rulebook.
Side A: 2000 points, capital B2 and holdings B5, C3, A1 (FW-15: 200 + 3 x 40).
Side B: 2000 points (4000 in Incursione, FW-17.2), capital H2.
"""

from __future__ import annotations

from dataclasses import replace

from mapgen.campaign.dice import GameDice
from mapgen.campaign.state import CampaignState, Force, HoldingState, Leader, MapRef, Options, SideState, Unit, Weather

#: The phases under test take a board and never read it.
NO_BOARD = None


def unit(uid: str, figures: int = 20, points: int = 6, quality: str = "average", kind: str = "infantry") -> Unit:
    return Unit(uid, kind, quality, figures, points)


def force(fid: str, square: str, *units: Unit, cv: int = 3, order: str | None = "probe", reaction: str | None = None,
          loot: str | None = None) -> Force:
    units = units or (unit(f"{fid}-U1"),)
    return Force(fid, fid[0], square, None if reaction else order, reaction, Leader(f"Leader {fid}", cv), tuple(units), loot=loot)


def holding(square: str, side: str, capital: bool = False, sacked: bool = False, owner: str | None = None) -> HoldingState:
    return HoldingState(square, owner or side, capital, "village", sacked, side)


def state(
    *forces: Force,
    day: int = 7,
    phase: int = 7,
    holdings: tuple[HoldingState, ...] | None = None,
    options: Options | None = None,
    weather: Weather | None = None,
    points: tuple[int, int] = (2000, 2000),
    banked: tuple[int, int] = (0, 0),
) -> CampaignState:
    if holdings is None:
        holdings = (
            holding("B2", "A", capital=True),
            holding("B5", "A"),
            holding("C3", "A"),
            holding("A1", "A"),
            holding("H2", "B", capital=True),
        )
    if not forces:
        forces = (force("A1", "B2"), force("B1", "H2"))
    sides = (
        SideState("A", "humans", "Defenders", points[0], banked[0]),
        SideState("B", "orcs", "Raiders", points[1], banked[1]),
    )
    return CampaignState(
        seed=1,
        map=MapRef("fw-map.json", "0" * 64),
        options=options or Options(),
        weather=weather or Weather("temperate", "summer"),
        sides=sides,
        forces=tuple(forces),
        holdings=tuple(holdings),
        day=day,
        phase=phase,
    )


def incursione(*forces: Force, day: int = 7, phase: int = 7, **kw) -> CampaignState:
    """FW-17.2: the defenders (A) hold a capital and four villages; the raiders (B), with 4000 points, their village."""
    holdings = kw.pop("holdings", None) or (
        holding("B2", "A", capital=True),
        holding("B5", "A"),
        holding("C3", "A"),
        holding("A1", "A"),
        holding("D5", "A"),
        holding("H2", "B", capital=True),
    )
    opts = kw.pop("options", None) or Options(scenario="incursione")
    s = state(*forces, day=day, phase=phase, holdings=holdings, options=opts, points=(2000, 4000), **kw)
    return replace(s, weather=Weather("temperate", "autumn"))


def dice(*faces: int) -> GameDice:
    return GameDice(1, entered=faces)


def rolled(d: GameDice) -> list:
    """The rolls (not the plain events) a command made."""
    return [e for e in d.log if e.dice is not None]
