"""Last stand (FW-23.6) and relief (FW-23.7): the surrounded force in the central square, the besiegers round it."""

from __future__ import annotations

from shapely.geometry import Polygon, box

from ..dice import Dice
from ..errors import InfeasibleError
from .model import Scenario, SideOrders, Zone
from .scenarios import (
    FIELD_BAND_CM,
    LAST_STAND_DISTANCE_CM,
    LAST_STAND_SQUARE_CM,
    LAST_STAND_SQUARE_MAX_CM,
    MIN_GAP_CM,
    MIN_STRIP_CM,
    SCOUT_BAND_CM,
    ScenarioPlan,
    band,
    other,
    own_edge,
)


def _centre_square(width: float, depth: float) -> Polygon:
    cx, cy, h = width / 2, depth / 2, LAST_STAND_SQUARE_CM / 2
    return box(cx - h, cy - h, cx + h, cy + h)


def _besieger_strips(side: str, width: float, depth: float, clear: Polygon | None = None, why: str = "") -> list[Zone]:
    """The attackers' strips along the edges, at least 30 cm from the central square (FW-23.6), each
    cut back to keep out of ``clear``; a strip narrower than 10 cm is dropped."""
    cx, cy = width / 2, depth / 2
    reach = LAST_STAND_SQUARE_CM / 2 + LAST_STAND_DISTANCE_CM
    strips = [
        ("left", box(0, 0, cx - reach, depth)),
        ("right", box(cx + reach, 0, width, depth)),
        ("edge_a", box(0, 0, width, cy - reach)),
        ("edge_b", box(0, cy + reach, width, depth)),
    ]
    zones = []
    for edge, b in strips:
        cut = clear is not None and b.intersects(clear)
        if cut:
            b = b.difference(clear)
            if b.is_empty or b.geom_type != "Polygon":
                continue
        x0, y0, x1, y1 = b.bounds
        if min(x1 - x0, y1 - y0) >= MIN_STRIP_CM:
            zones.append(Zone(side, b, f"side {side}: along {edge.replace('_', ' ')}, at least {LAST_STAND_DISTANCE_CM} cm from the defenders" + (why if cut else "")))
    if len(zones) < 2:
        raise InfeasibleError("FW-23.6", f"attackers need at least two edges {LAST_STAND_DISTANCE_CM} cm from the central square: use a larger --table")
    return zones


LAST_STAND_DEFENDER = [
    f"Deploys first, inside the central {LAST_STAND_SQUARE_CM} cm square (up to {LAST_STAND_SQUARE_MAX_CM} cm with many models: keep the attackers {LAST_STAND_DISTANCE_CM} cm from it).",
    "Chooses the terrain (a height, river, village, oasis with ruins) compatible with the square; field defences and a ditch; a river, swamp or lake on one side only.",
    "General Retreat forbidden. At the end of every turn each Command takes a Command Test: flight or rout means it surrenders.",
]


def last_stand(dice: Dice, width: float, depth: float, first: str) -> ScenarioPlan:
    defender, attackers = first, other(first)
    square = _centre_square(width, depth)
    zones = [Zone(defender, square, f"side {defender}: inside the central {LAST_STAND_SQUARE_CM} cm square")] + _besieger_strips(attackers, width, depth)
    orders = [
        SideOrders(defender, "surrounded", "Defend (every unit), Orders by Unit (FW-18)", [], list(LAST_STAND_DEFENDER)),
        SideOrders(
            attackers,
            "besiegers",
            "Attack (every Command)",
            [],
            ["Deploy second, on at least two edges. One Leader is the Supreme Commander and chooses the time of day.", "General Retreat forbidden. The battle ends only with the defenders' annihilation."],
        ),
    ]
    sc = Scenario("last_stand", defender, orders, zones, instructions=["No scouting (FW-10.4)."])
    return ScenarioPlan(sc, line_keepout=[square.buffer(5)], clear=[square], winner=defender)


def relief(dice: Dice, width: float, depth: float, first: str) -> ScenarioPlan:
    defender, besiegers = first, other(first)
    square = _centre_square(width, depth)
    zones = [Zone(defender, square, f"side {defender}: the surrounded force, inside the central square")]
    # The relief force deploys as in a field battle and falls on the besiegers' flank or rear (FW-23.7):
    # the besiegers keep a no-man's land between their strips and its band [DEV].
    clear = band(defender, 0, FIELD_BAND_CM + MIN_GAP_CM, width, depth)
    zones += _besieger_strips(besiegers, width, depth, clear, f" and {MIN_GAP_CM} cm clear of the relief force's band")
    zones.append(Zone(defender, band(defender, 0, FIELD_BAND_CM, width, depth), f"side {defender}: relief force, Commands within {FIELD_BAND_CM} cm of the edge"))
    zones.append(Zone(defender, band(defender, 0, SCOUT_BAND_CM, width, depth), f"side {defender}: relief force, scouting Commands within {SCOUT_BAND_CM} cm"))
    orders = [
        SideOrders(
            defender,
            "surrounded and relief",
            "surrounded: Defend, Orders by Unit; relief: Attack (every Command)",
            [own_edge(defender)],
            LAST_STAND_DEFENDER[:2]
            + [
                f"The relief force deploys last along any edge of its choice, as in a field battle: drawn on side {defender}'s long edge, where the besiegers keep {MIN_GAP_CM} cm clear of its band ([DEV]). To come by another edge, name it before the besiegers deploy and turn the zones with it.",
                "The surrounded survivors may take General Retreat: they are safe on reaching the relief force's deployment zone; then the relief may retreat to its own edge.",
            ],
        ),
        SideOrders(
            besiegers,
            "besiegers",
            "Attack (every Command)",
            [],
            ["Deploy as for a new Last stand, after the surrounded force. Commands attacked from behind may turn to face automatically."],
        ),
    ]
    sc = Scenario("relief", defender, orders, zones, instructions=["Two 180 x 120 tables joined along a long edge (FW-23.7). No scouting."])
    return ScenarioPlan(sc, line_keepout=[square.buffer(5)], clear=[square], winner=defender)
