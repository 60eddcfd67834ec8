"""Hand-made campaign boards and states for the orders and movement tests.

A board of ``width`` x ``height`` plain squares, side A's territory the west
columns, neutral the middle, side B's the east (FW-2.3), with the terrain,
rivers and features a test names; the expected values then follow from the
rulebook alone.
"""

from __future__ import annotations

from mapgen.campaign.board import Board, Square
from mapgen.campaign.state import CampaignState, Force, HoldingState, Leader, MapRef, Options, SideState, Unit, Weather
from mapgen.grid import KING_STEPS, parse_square, square_id


def tiny_board(
    width: int = 7,
    height: int = 5,
    terrain: dict[str, str] | None = None,
    territory: dict[str, str] | None = None,
    walls: tuple[tuple[str, str], ...] = (),
    water: tuple[str, ...] = (),
    flags: dict[str, dict] | None = None,
    holdings: dict[str, tuple[str, bool, str]] | None = None,
) -> Board:
    """``walls``: pairs of bordering squares with a river between them and no crossing (AMB-06 strict)."""
    terrain, territory, flags = terrain or {}, territory or {}, flags or {}
    third = width // 3
    blocked = {frozenset(w) for w in walls}
    on_river = {sq for w in walls for sq in w}
    squares = {}
    for row in range(height):
        for col in range(width):
            sid = square_id(col, row)
            if sid in water:
                continue
            side = "A" if col < third else "B" if col >= width - third else "N"
            f = {"river": sid in on_river, "road": False, "bridge": False, "ford": False, "mountain_pass": False, **flags.get(sid, {})}
            squares[sid] = Square(sid, col, row, terrain.get(sid, "plain"), territory.get(sid, side), features=(), **f)
    around, steps = {}, {}
    for sid, s in squares.items():
        near = [square_id(s.col + dc, s.row + dr) for dc, dr in KING_STEPS if s.col + dc >= 0 and s.row + dr >= 0]
        around[sid] = tuple(n for n in near if n in squares)
        steps[sid] = {n: None for n in around[sid] if frozenset((sid, n)) not in blocked}
    return Board(width, height, squares, steps, around, holdings or {})


def force(fid: str, square: str, order: str | None = "probe", reaction: str | None = None, cv: int = 3, figures: int = 10, **kw) -> Force:
    """Side from the id's letter; one unit of ``figures`` models unless ``units`` is given; a reaction replaces Probe."""
    quality = kw.pop("quality", "average")
    if reaction is not None and order == "probe":
        order = None
    units = kw.pop("units", None) or (Unit(f"{fid}-U1", "infantry", quality, figures, 5),)
    return Force(fid, fid[0], square, order, reaction, Leader(f"Leader {fid}", cv), units, **kw)


def tiny_state(
    forces: list[Force],
    phase=1,
    holdings: tuple[HoldingState, ...] = (),
    options: Options = Options(),
    today: str | None = None,
    snow: int = 0,
    initiative: tuple[str, ...] = (),
    pending=(),
) -> CampaignState:
    return CampaignState(
        seed=11,
        map=MapRef("tiny.json", "0" * 64),
        options=options,
        weather=Weather("temperate", "summer", today, snow),
        sides=(SideState("A", "humans", "West", 1000), SideState("B", "orcs", "East", 1000)),
        forces=tuple(forces),
        holdings=tuple(holdings),
        phase=phase,
        initiative=initiative,
        pending=tuple(pending),
    )


def bordering(a: str, b: str) -> bool:
    (ca, ra), (cb, rb) = parse_square(a), parse_square(b)
    return a != b and abs(ca - cb) <= 1 and abs(ra - rb) <= 1
