"""Scenarios: deployment zones, who deploys first, starting orders and General Retreat edges.

FW-0.2 (standard bands of a field battle), FW-10.7 (General Retreat towards
the own deployment line) and FW-23 (special scenarios); the Renaissance
campaign's battle and rear-guard action (RC-4.7, RC-4.8) are built in
:mod:`.renaissance`.  Zones are exact
polygons in table centimetres; a side's "own long edge" is y = 0 for side A
and y = depth for side B.  ``choose`` implements the ``auto`` choice from the
forces' campaign orders and situation (FW-23.0 and its [DEV] trigger order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..dice import Dice
from ..errors import InfeasibleError
from .model import Scenario, SideOrders, Zone

if TYPE_CHECKING:
    from shapely.geometry import Polygon

SCENARIOS = ("pitched", "raid", "breakthrough", "chance_encounter", "flank_attack", "ambush", "last_stand", "relief", "battle", "rear_guard", "skirmish")
#: The Renaissance campaign's scenarios (:mod:`.renaissance`): distances in the tactical rules' udm.
RENAISSANCE = ("battle", "rear_guard")
SCENARIO_RULES = {
    "pitched": "FW-10",
    "raid": "FW-23.1",
    "breakthrough": "FW-23.2",
    "chance_encounter": "FW-23.3",
    "flank_attack": "FW-23.4",
    "ambush": "FW-23.5",
    "last_stand": "FW-23.6",
    "relief": "FW-23.7",
    "battle": "RC-4.7",
    "rear_guard": "RC-4.8",
    "skirmish": "SK [DEV]",
}
SCENARIO_LABELS = {
    "pitched": "Pitched battle",
    "raid": "Raid",
    "breakthrough": "Breakthrough",
    "chance_encounter": "Chance encounter",
    "flank_attack": "Flank attack",
    "ambush": "Ambush",
    "last_stand": "Last stand",
    "relief": "Relief",
    "battle": "Renaissance battle",
    "rear_guard": "Rear-guard action",
    "skirmish": "Skirmish",
}
#: Campaign orders and reactions a force may be under (FW-5.2, FW-5.3); ``full_speed`` means max_speed.
FORCE_STATES = ("max_speed", "probe", "defend", "confused", "unsteady")
STATE_ALIASES = {"full_speed": "max_speed", "max-speed": "max_speed", "forced_march": "max_speed"}
#: Situations ``auto`` understands (FW-23.0): ``KIND=SIDE`` names the force it is about.
SITUATIONS = {
    "relief": "a Last stand goes on in the square and a new force of SIDE (the surrounded side) arrives (FW-23.7)",
    "surrounded": "SIDE's force is engaged by at least two enemy forces with at least twice its points (FW-23.6)",
    "counter_march": "SIDE's force counter-marched out of the enemy's zone of control and was engaged (FW-23.4)",
    "breakthrough": "SIDE's probing force finds its way home blocked by a stronger enemy force (FW-23.2, AMB-69)",
    "raid": "SIDE's probing force raids an enemy village held only by a garrison (FW-23.1, AMB-70)",
    "defender": "a Renaissance battle in which Tabella 34 names SIDE the defender (RC-4.5, RC-4.7)",
    "rear_guard": "SIDE withdraws and fights a rear-guard action (RC-4.5, RC-4.8)",
}

# --- distances fixed by the rules ----------------------------------------
FIELD_BAND_CM = 30  # FW-0.2: commands within 30 cm of the own edge
SCOUT_BAND_CM = 15  # FW-0.2: scouting commands within 15 cm
RAID_VILLAGE_CM = 30  # [DEV] size of the central village of a raid
RAID_DISTANCE_CM = 60  # FW-23.1: attackers at least 60 cm from the houses
BREAK_DEFENDER_BAND = (20, 40)  # FW-23.2
BREAK_ATTACKER_BAND_CM = 15  # FW-23.2
#: [DEV] FW-23.2 puts the breaking force "in column at the centre of the table": a box this wide, centred on
#: its long edge (the middle third of a 180 cm edge), room for about six units nose to tail along the edge.
BREAK_COLUMN_CM = 60
CHANCE_HEAD_CM = 30  # FW-23.3: the column's first unit 30 cm from the short edge
COLUMN_WIDTH_CM = 20  # [DEV] room across a march column (infantry at most 4 models wide)
FLANK_ATTACKER_BAND_CM = 40  # FW-23.4
FLANK_DEFENDER_BAND_CM = 30  # FW-23.4
AMBUSH_BAND = (20, 60)  # FW-23.5: ambusher 20 to 60 cm from the short edge
AMBUSH_ROUTE_CM = 30  # FW-23.5: the ambushed column as the flank-attack defender, within 30 cm
LAST_STAND_SQUARE_CM = 40  # FW-23.6
LAST_STAND_SQUARE_MAX_CM = 60  # FW-23.6: may be enlarged with many models
LAST_STAND_DISTANCE_CM = 30  # FW-23.6: attackers at least 30 cm from the defenders
MIN_STRIP_CM = 10  # [DEV] narrowest strip of table worth calling a deployment zone
MIN_GAP_CM = 10  # [DEV] no-man's land kept between opposing zones where the rules fix no distance
#: The rule logged for the pitched battle's roll-off: a [DEV] stand-in for the base-rules scouting test
#: (FW-10.4), whose scouting values mapgen does not know.  Not FW-10.4 itself: that test was not rolled.
SCOUTING_STAND_IN = "FW-10.4 stand-in [DEV]"
#: [DEV] A skirmish (SK) has no deployment rule: each warband within this distance of its own long edge, a
#: move and a bow shot (SK-4, SK-6) from the enemy on the smallest table.
SKIRMISH_BAND_CM = 15
#: The rule logged for a skirmish's deployment roll-off: SK-6's initiative roll (ties re-rolled, SK-A.9) stands in.
SKIRMISH_STAND_IN = "SK-6 stand-in [DEV]"


@dataclass(frozen=True)
class Situation:
    kind: str
    side: str


@dataclass
class ScenarioPlan:
    """A scenario with what it asks of the terrain generator."""

    scenario: Scenario
    #: Areas no line feature (river, road) may cross, e.g. the central square of a last stand.
    line_keepout: list[Polygon] = field(default_factory=list)
    #: Areas kept clear of every feature the scenario does not ask for.
    clear: list[Polygon] = field(default_factory=list)
    #: Features the scenario places: (kind, box polygon, note).
    required: list[tuple[str, Polygon, str]] = field(default_factory=list)
    #: The side that "won scouting" or the deploy-first test (FW-21.2 plateau).
    winner: str = "A"


def other(side: str) -> str:
    return "B" if side == "A" else "A"


def own_edge(side: str) -> str:
    return "edge_a" if side == "A" else "edge_b"


def box(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    """shapely's rectangle, shapely imported on first use: a campaign choosing a scenario (FW-10) draws no zone."""
    from shapely.geometry import box as rectangle

    return rectangle(x0, y0, x1, y1)


def band(side: str, near: float, far: float, width: float, depth: float, x0: float = 0, x1: float | None = None) -> Polygon:
    """The strip ``near``..``far`` cm from ``side``'s own long edge (x from ``x0`` to ``x1``)."""
    x1 = width if x1 is None else x1
    if side == "A":
        return box(x0, near, x1, far)
    return box(x0, depth - far, x1, depth - near)


def min_table(name: str, udm_cm: float | None = None) -> tuple[float, float]:
    """Smallest table (width, depth) on which the scenario's zones exist as the rules draw them.

    ``udm_cm``: the Renaissance scenarios' measuring unit (:data:`.renaissance.UDM_CM` if None)."""
    if name in RENAISSANCE:
        from .renaissance import min_table as renaissance_min

        return renaissance_min(name, udm_cm)
    return {
        "pitched": (60, 2 * FIELD_BAND_CM),
        "raid": (RAID_VILLAGE_CM + 2 * RAID_DISTANCE_CM + MIN_STRIP_CM * 2, 60),
        "breakthrough": (60, BREAK_DEFENDER_BAND[1] + BREAK_ATTACKER_BAND_CM + 5),
        "chance_encounter": (2 * CHANCE_HEAD_CM + MIN_GAP_CM * 2, COLUMN_WIDTH_CM + 10),
        "flank_attack": (FLANK_ATTACKER_BAND_CM + 2 * MIN_GAP_CM + 20, FLANK_DEFENDER_BAND_CM + MIN_GAP_CM),
        "ambush": (2 * AMBUSH_BAND[1] + 40, AMBUSH_ROUTE_CM + 42),
        "last_stand": (LAST_STAND_SQUARE_CM + 2 * (LAST_STAND_DISTANCE_CM + MIN_STRIP_CM),) * 2,
        "relief": (240, 180),
        "skirmish": (60, 2 * SKIRMISH_BAND_CM + MIN_GAP_CM),
    }[name]


def check_table(name: str, width: float, depth: float, udm_cm: float | None = None) -> None:
    w, d = min_table(name, udm_cm)
    if width < w or depth < d:
        rule = SCENARIO_RULES[name]
        if name == "relief":
            msg = f"the relief scenario is fought on two 180 x 120 tables joined along a long edge: --table 240x180 (got {width:g} x {depth:g})"
        else:
            msg = f"a {SCENARIO_LABELS[name].lower()} needs a table of at least {w:g} x {d:g} cm (got {width:g} x {depth:g}); use a larger --table"
        raise InfeasibleError(rule, msg)


# --- the auto choice -------------------------------------------------------


def choose(orders: dict[str, str], situation: Situation | None) -> tuple[str, str]:
    """FW-23.0 [DEV] trigger order, first match wins; returns (scenario, why)."""
    kind = situation.kind if situation else None
    if kind == "relief":
        return "relief", f"a force of side {situation.side} arrives at an ongoing last stand (FW-23.7)"
    if kind == "surrounded":
        return "last_stand", f"side {situation.side}'s force is surrounded by at least twice its points (FW-23.6)"
    states = [orders.get("A"), orders.get("B")]
    if states == ["max_speed", "max_speed"]:
        return "chance_encounter", "both forces under Max Speed (FW-23.3)"
    for mover in ("A", "B"):
        if orders.get(mover) == "max_speed" and orders.get(other(mover)) == "defend":
            return "ambush", f"side {mover}'s force at Max Speed entered the zone of side {other(mover)}'s force under Defend (FW-23.5, AMB-68)"
    if kind == "counter_march":
        return "flank_attack", f"side {situation.side}'s force counter-marched out of the enemy zone of control (FW-23.4)"
    if kind == "breakthrough":
        return "breakthrough", f"side {situation.side}'s probing force finds its way home blocked (FW-23.2)"
    if kind == "raid":
        return "raid", f"side {situation.side}'s probing force raids a garrisoned village (FW-23.1)"
    if kind == "rear_guard":
        return "rear_guard", f"side {situation.side} withdraws behind a rear guard (RC-4.8)"
    if kind == "defender":
        return "battle", f"a Renaissance battle, side {situation.side} the defender (RC-4.5)"
    return "pitched", "no special-scenario trigger: a normal field battle (FW-10)"


def first_role_side(name: str, orders: dict[str, str], situation: Situation | None) -> str:
    """The side taking the scenario's first role (raider, breaking force, counter-marching force,
    ambushed force, surrounded force), from the situation or the orders; side A otherwise."""
    if situation is not None:
        if name in ("raid", "breakthrough", "flank_attack", "last_stand", "relief") and situation.kind in (
            "raid",
            "breakthrough",
            "counter_march",
            "surrounded",
            "relief",
        ):
            return situation.side
    if name == "ambush":
        for side in ("A", "B"):
            if orders.get(side) == "max_speed" and orders.get(other(side)) != "max_speed":
                return side
            if orders.get(side) == "defend":
                return other(side)
    if name in ("raid", "breakthrough"):
        for side in ("A", "B"):
            if orders.get(side) == "probe" and orders.get(other(side)) != "probe":
                return side
    return "A"


# --- building each scenario --------------------------------------------------


def build(
    name: str, dice: Dice, width: float, depth: float, orders: dict[str, str], situation: Situation | None, udm_cm: float | None = None,
    deployment: dict | None = None,
) -> ScenarioPlan:
    """The scenario's plan; ``deployment``: FW-10.6 notes by side, force by force, in place of the side-wide one."""
    check_table(name, width, depth, udm_cm)
    if name in RENAISSANCE:
        from .renaissance import build_renaissance

        return build_renaissance(name, dice, width, depth, situation, udm_cm)
    first = first_role_side(name, orders, situation)
    from .sieges import last_stand, relief  # they build on the helpers above

    builders = {"pitched": _pitched, "raid": _raid, "breakthrough": _breakthrough, "chance_encounter": _chance_encounter, "flank_attack": _flank_attack, "ambush": _ambush, "last_stand": last_stand, "relief": relief, "skirmish": _skirmish}
    plan = builders[name](dice, width, depth, first)
    sc = plan.scenario
    sc.rule = SCENARIO_RULES[name]
    deployment = deployment or {}
    for o in sc.orders:
        state = orders.get(o.side)
        if deployment.get(o.side):
            o.instructions.extend(deployment[o.side])
        elif state in ("confused", "unsteady"):
            o.instructions.append(REACTION_NOTES[state])
    sc.orders.sort(key=lambda o: o.side)
    return plan


REACTION_NOTES = {
    "confused": "Force Confused (FW-10.6): every unit starts disorganised; each missile unit rolls 1D6 for its ammunition counters.",
    "unsteady": "Force Unsteady (FW-10.6): every unit starts demoralised and disorganised; each missile unit has half of 1D6 (rounded up) ammunition counters.",
}
NO_SCOUTING = "No scouting (FW-10.4): time of day as when nobody scouts."
COLUMN = (
    "In column, units one behind another: the Leader's Command second behind a vanguard (scouting Commands first), "
    "other Commands after it, the last one the rearguard; infantry at most 4 models wide, cavalry at most 2."
)


def _pitched(dice: Dice, width: float, depth: float, first: str) -> ScenarioPlan:
    winner, loser = dice.contest(SCOUTING_STAND_IN, "scouting (FW-10.4) stand-in: roll-off, the loser deploys first", ["A", "B"])
    zones, orders = [], []
    for side in ("A", "B"):
        zones.append(Zone(side, band(side, 0, FIELD_BAND_CM, width, depth), f"side {side}: Commands within {FIELD_BAND_CM} cm of its long edge"))
        zones.append(Zone(side, band(side, 0, SCOUT_BAND_CM, width, depth), f"side {side}: scouting Commands within {SCOUT_BAND_CM} cm"))
        orders.append(
            SideOrders(side, "army", "as chosen (normal battle orders)", [own_edge(side)], ["General Retreat: towards its own long edge (FW-10.7.a)."])
        )
    sc = Scenario("pitched", loser, orders, zones, instructions=[f"Side {winner} won the roll-off standing in for scouting (FW-10.4 [DEV]): side {loser} deploys first."])
    return ScenarioPlan(sc, winner=winner)


def _raid(dice: Dice, width: float, depth: float, first: str) -> ScenarioPlan:
    attacker, defender = first, other(first)
    cx, cy, h = width / 2, depth / 2, RAID_VILLAGE_CM / 2
    village = box(cx - h, cy - h, cx + h, cy + h)
    around = box(0, 0, width, depth).difference(village.buffer(RAID_DISTANCE_CM, quad_segs=4))
    pieces = [p for p in (around.geoms if around.geom_type == "MultiPolygon" else [around]) if not p.is_empty and p.area >= MIN_STRIP_CM**2]
    if not pieces:
        raise InfeasibleError("FW-23.1", f"no room {RAID_DISTANCE_CM} cm from the central village on a {width:g} x {depth:g} table")
    pieces.sort(key=lambda p: (round(p.centroid.x), round(p.centroid.y)))
    zones = [Zone(defender, village, f"side {defender}: inside the village")]
    zones += [Zone(attacker, p.simplify(0.05), f"side {attacker}: at least {RAID_DISTANCE_CM} cm from the village houses") for p in pieces]
    units = dice.roll("1D6", "FW-23.1", "civilian levies: number of units")
    dice.note(units, f"{units.total} units")
    sizes = []
    for i in range(units.total):
        r = dice.roll("2D6", "FW-23.1", f"civilian unit {i + 1}: models")
        dice.note(r, f"{r.total} models")
        sizes.append(r.total)
    orders = [
        SideOrders(
            attacker,
            "raider",
            "Orders by Unit (FW-18)",
            [],
            [
                "Deploys second, on one, two, three or all four edges, at least 60 cm from the village houses.",
                "Chooses the time of day. If it wins it does not occupy the village: it withdraws to one of its holdings with loot and prisoners (FW-17.7).",
            ],
        ),
        SideOrders(
            defender,
            "village garrison",
            "Defend (every unit), Orders by Unit (FW-18)",
            [],
            [
                "Deploys first, inside the village. Garrison worth 20 % of the raiders' points; one General as Leader and at most one other individual character from the base list.",
                f"Civilian levies: {len(sizes)} units of {', '.join(map(str, sizes))} models, the lowest quality of the army list, each with only a Leader.",
                "The village may have palisades, chevaux de frise, low walls, a ditch, a bell tower or gate turrets.",
            ],
        ),
    ]
    sc = Scenario("raid", defender, orders, zones, instructions=[NO_SCOUTING.replace("as when nobody scouts", "chosen by the raider")])
    return ScenarioPlan(sc, line_keepout=[village.buffer(10)], required=[("village", village, "the raided village, at the table centre (FW-23.1)")], winner=defender)


def _breakthrough(dice: Dice, width: float, depth: float, first: str) -> ScenarioPlan:
    attacker, defender = first, other(first)
    lo, hi = BREAK_DEFENDER_BAND
    cx, col = width / 2, min(BREAK_COLUMN_CM, width)
    zones = [
        Zone(defender, band(defender, lo, hi, width, depth), f"side {defender}: a single line {lo} to {hi} cm from its long edge"),
        Zone(attacker, band(attacker, 0, BREAK_ATTACKER_BAND_CM, width, depth, x0=cx - col / 2, x1=cx + col / 2), f"side {attacker}: in column at the centre, the middle {col:g} cm of its long edge, within {BREAK_ATTACKER_BAND_CM} cm of it"),
    ]
    orders = [
        SideOrders(
            attacker,
            "breaking through",
            "Oppose (no Secret Order); the vanguard may take Attack",
            [own_edge(defender)],
            [
                COLUMN,
                f"The column stands in the middle {col:g} cm of side {attacker}'s long edge ([DEV]: FW-23.2 says only 'at the centre'), along the edge or heading in.",
                f"Deploys second. Units breaking through follow the General Retreat rules (FW-10.7) across the enemy lines: they are safe on reaching within {FIELD_BAND_CM} cm of side {defender}'s long edge.",
            ],
        ),
        SideOrders(defender, "blocking", "Defend (every unit)", [own_edge(defender)], ["Deploys first, in a single line: no unit behind another."]),
    ]
    sc = Scenario("breakthrough", defender, orders, zones, instructions=[NO_SCOUTING])
    return ScenarioPlan(sc, winner=defender)


def _chance_encounter(dice: Dice, width: float, depth: float, first: str) -> ScenarioPlan:
    winner, _ = dice.contest("FW-23.3", "who deploys the first Command", ["A", "B"])
    cy, h = depth / 2, COLUMN_WIDTH_CM / 2
    zones = [
        Zone("A", box(0, cy - h, CHANCE_HEAD_CM, cy + h), f"side A: march column, first unit {CHANCE_HEAD_CM} cm from the left edge"),
        Zone("B", box(width - CHANCE_HEAD_CM, cy - h, width, cy + h), f"side B: march column, first unit {CHANCE_HEAD_CM} cm from the right edge"),
    ]
    orders = [
        SideOrders(
            side,
            "march column",
            "Oppose (every Command; no Secret Order)",
            [edge],
            [COLUMN, "Units that do not fit enter as room is made. Flyers fly over their Command at the pace of its slowest ground unit.", "Impulse movement on sighting the enemy is compulsory; then the Leader may change his Generals' orders."],
        )
        for side, edge in (("A", "left"), ("B", "right"))
    ]
    sc = Scenario("chance_encounter", winner, orders, zones, instructions=[NO_SCOUTING, f"Side {winner} won the roll and deploys the first Command; then the players alternate, one Command each."])
    return ScenarioPlan(sc, winner=winner)


def _flank_attack(dice: Dice, width: float, depth: float, first: str) -> ScenarioPlan:
    defender, attacker = first, other(first)
    zones = [
        Zone(attacker, box(0, 0, FLANK_ATTACKER_BAND_CM, depth), f"side {attacker}: within {FLANK_ATTACKER_BAND_CM} cm of the left short edge"),
        Zone(defender, band(defender, 0, FLANK_DEFENDER_BAND_CM, width, depth, x0=FLANK_ATTACKER_BAND_CM + MIN_GAP_CM), f"side {defender}: in column within {FLANK_DEFENDER_BAND_CM} cm of its long edge"),
    ]
    orders = [
        SideOrders(attacker, "flank attacker", "Attack (every Command)", ["left"], ["Deploys second."]),
        SideOrders(defender, "counter-marching", "Oppose (every Command; no Secret Order)", ["right"], [COLUMN, "Deploys first."]),
    ]
    sc = Scenario("flank_attack", defender, orders, zones, instructions=[NO_SCOUTING])
    return ScenarioPlan(sc, winner=defender)


def _ambush(dice: Dice, width: float, depth: float, first: str) -> ScenarioPlan:
    ambushed, ambusher = first, other(first)
    lo, hi = AMBUSH_BAND
    zones = [
        Zone(ambusher, box(lo, 0, hi, depth), f"side {ambusher}: {lo} to {hi} cm from the left short edge"),
        Zone(ambusher, box(width - hi, 0, width - lo, depth), f"side {ambusher}: {lo} to {hi} cm from the right short edge"),
        Zone(ambushed, band(ambushed, 0, AMBUSH_ROUTE_CM, width, depth, x0=hi, x1=width - hi), f"side {ambushed}: march column within {AMBUSH_ROUTE_CM} cm of its long edge, heading right"),
    ]
    orders = [
        SideOrders(
            ambusher,
            "ambusher",
            "Attack (every Command); must be under the campaign Defend order",
            ["left", "right"],
            [
                "Deploys second, along one or both short edges (its choice). Only it has an extra Missile Phase right after deployment.",
                "General Retreat towards the short edge where it deployed. +1 to the Change-Orders test for General Retreat, the wounded check and the deserter check.",
            ],
        ),
        SideOrders(
            ambushed,
            "ambushed",
            "Oppose (every Command; no Secret Order)",
            ["right"],
            [COLUMN, "Deploys first. General Retreat towards the edge it was heading for (the right short edge).", "-1 to the Change-Orders test, the wounded check, the deserter check and Command Tests."],
        ),
    ]
    route_far = AMBUSH_ROUTE_CM + 40
    mid = width / 2
    beside = [band(ambushed, AMBUSH_ROUTE_CM + 2, route_far, width, depth, x0=hi, x1=mid), band(ambushed, AMBUSH_ROUTE_CM + 2, route_far, width, depth, x0=mid, x1=width - hi)]
    sc = Scenario("ambush", ambushed, orders, zones, instructions=[NO_SCOUTING])
    plan = ScenarioPlan(sc, winner=ambushed)
    plan.required = [("ambush_cover", b, "chosen by the ambusher, beside the enemy's route (FW-23.5)") for b in beside]
    return plan


def _skirmish(dice: Dice, width: float, depth: float, first: str) -> ScenarioPlan:
    """[DEV] Two warbands facing each other across the table (SK has no deployment rule): the loser
    of an initiative roll-off (SK-6) deploys first; a panicked figure (SK-5, SK-9) flees towards its own edge."""
    winner, loser = dice.contest(SKIRMISH_STAND_IN, "initiative roll-off (SK-6): the loser deploys first", ["A", "B"])
    zones, orders = [], []
    for side in ("A", "B"):
        zones.append(Zone(side, band(side, 0, SKIRMISH_BAND_CM, width, depth), f"side {side}: warband within {SKIRMISH_BAND_CM} cm of its long edge"))
        orders.append(SideOrders(side, "warband", "every figure acts alone (SK)", [own_edge(side)], ["Panicked figures (SK-5, SK-9) move away from the enemy, towards this warband's own long edge (SK-A.10)."]))
    sc = Scenario("skirmish", loser, orders, zones, instructions=[f"Side {winner} won the initiative roll-off (SK-6 [DEV]): side {loser} deploys first, then side {winner}."])
    return ScenarioPlan(sc, winner=winner)
