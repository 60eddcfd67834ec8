"""The Renaissance campaign's table battles: a battle (RC-4.7) and a rear-guard action (RC-4.8).

The campaign rules leave the battle itself to the tactical rules (RC-0.3), so
where each side deploys in a battle is a [DEV] default here.  The rear-guard
action is the one table layout the campaign rules fix (RC-4.8): it is played
along the table's length, the attacker within 4 udm of one short edge, the
rear guard 6 to 10 udm from that same edge, running for the opposite one.
The Italian says "uno dei lati del tavolo" (one of the table's sides); played
along the length, that side can only be a short edge, as the digest reads it.

Distances are in udm, the tactical rules' unit (RC-0.2), which neither the
digest nor the source defines: :data:`UDM_CM` [DEV] turns them into table
centimetres, and ``BattleOptions.udm_cm`` (``--udm``) sets another.  The
zones are boxes across the whole depth, so a test reads each distance off
the long axis (x) of the generated table.
"""

from __future__ import annotations

from shapely.geometry import box

from ..dice import Dice
from .model import Scenario, SideOrders, Zone
from .scenarios import MIN_GAP_CM, ScenarioPlan, Situation, band, other, own_edge

#: [DEV] Centimetres in one udm (RC-0.2: the tactical rules' unit, not defined in the campaign rules).
#: At 10 cm the rear-guard bands take 40, 60 and 100 cm of a 180 cm table and leave the rear guard 80 cm to run.
UDM_CM = 10.0
#: RC-4.8: the attacker deploys within this many udm of one short edge.
REAR_GUARD_ATTACKER_UDM = 4
#: RC-4.8: the rear guard deploys between these many udm from that same edge.
REAR_GUARD_BAND_UDM = (6, 10)
#: [DEV] A battle's deployment band, in udm from a side's own long edge: the tactical rules decide (RC-0.3);
#: 3 udm is 30 cm at the default udm, the usual band of a 6 x 4 ft table.
BATTLE_BAND_UDM = 3
#: [DEV] The rule a battle with no defender logs for its roll-off: a stand-in for the tactical rules,
#: which decide who attacks and who defends when both sides attack (RC-4.5).
ROLL_OFF_RULE = "RC-4.5 stand-in [DEV]"


def udm(udm_cm: float | None) -> float:
    """Centimetres in one udm: ``udm_cm``, or :data:`UDM_CM`."""
    return UDM_CM if udm_cm is None else float(udm_cm)


def min_table(name: str, udm_cm: float | None = None) -> tuple[float, float]:
    """Smallest table (width, depth) for a battle (two bands and a gap) or a rear-guard action
    (the rear guard's band and room beyond it to run for the far short edge)."""
    u = udm(udm_cm)
    if name == "battle":
        return 60, 2 * BATTLE_BAND_UDM * u + MIN_GAP_CM
    return REAR_GUARD_BAND_UDM[1] * u + MIN_GAP_CM, 60


def build_renaissance(name: str, dice: Dice, width: float, depth: float, situation: Situation | None, udm_cm: float | None) -> ScenarioPlan:
    """The plan of a battle (``defender=SIDE`` situation, or none) or a rear-guard action
    (``rear_guard=SIDE``, side B when none is given), its orders sorted by side."""
    u = udm(udm_cm)
    if name == "battle":
        defender = situation.side if situation is not None and situation.kind == "defender" else None
        plan = _battle(dice, width, depth, defender, u)
    else:
        rear = situation.side if situation is not None and situation.kind == "rear_guard" else "B"
        plan = _rear_guard(width, depth, rear, u)
    plan.scenario.orders.sort(key=lambda o: o.side)
    return plan


def _cm(v: float) -> str:
    return f"{v:g}"


def _battle(dice: Dice, width: float, depth: float, defender: str | None, u: float) -> ScenarioPlan:
    """RC-4.7: each side along its own long edge; Tabella 34's defender deploys first [DEV]."""
    reach = BATTLE_BAND_UDM * u
    zones = [
        Zone(side, band(side, 0, reach, width, depth), f"side {side}: within {BATTLE_BAND_UDM} udm ({_cm(reach)} cm) of its long edge [DEV]")
        for side in ("A", "B")
    ]
    if defender is not None:
        first = defender
        who = f"Tabella 34 names side {defender} the defender (RC-4.5): it deploys first [DEV]; the tactical rules say what else defending means."
    else:
        winner, first = dice.contest(ROLL_OFF_RULE, "no defender: roll-off, the loser deploys first", ["A", "B"])
        who = f"Tabella 34 names no defender: the tactical rules decide who attacks (RC-4.5). Side {winner} won the roll-off standing in for them [DEV]: side {first} deploys first."
    orders = []
    for side in ("A", "B"):
        role = "army" if defender is None else "defender" if side == defender else "attacker"
        orders.append(SideOrders(side, role, "as the tactical rules say", [own_edge(side)], ["Its line of retreat is its own long edge [DEV]."]))
    instructions = [
        who,
        f"The zones are a default, {BATTLE_BAND_UDM} udm deep [DEV]: deploy as the tactical rules say if they differ.",
        "After the battle each player removes the companies that routed, were captured or were destroyed (RC-4.7); the loser falls back to a node with no enemy, or is captured (RC-A.13).",
    ]
    return ScenarioPlan(Scenario("battle", first, orders, zones, "RC-4.7", instructions), winner=other(first))


def _rear_guard(width: float, depth: float, rear: str, u: float) -> ScenarioPlan:
    """RC-4.8 along the table's length: the attacker at the left short edge, the rear guard running for the right one."""
    attacker = other(rear)
    reach = REAR_GUARD_ATTACKER_UDM * u
    lo, hi = (n * u for n in REAR_GUARD_BAND_UDM)
    n_lo, n_hi = REAR_GUARD_BAND_UDM
    zones = [
        Zone(attacker, box(0, 0, reach, depth), f"side {attacker}, the attacker: within {REAR_GUARD_ATTACKER_UDM} udm ({_cm(reach)} cm) of the left short edge"),
        Zone(rear, box(lo, 0, hi, depth), f"side {rear}, the rear guard: {n_lo} to {n_hi} udm ({_cm(lo)} to {_cm(hi)} cm) from the left short edge"),
    ]
    orders = [
        SideOrders(
            rear,
            "rear guard",
            "get its companies off the table (its goal)",
            ["right"],
            [
                "Only the rear guard's companies take part: the rest of its army has withdrawn (RC-A.14).",
                "Deploys first [DEV]: it is on the road before the pursuers come up.",
            ],
        ),
        SideOrders(attacker, "attacker", "stop the rear guard", ["left"], ["Deploys second [DEV]. Its line of retreat is the left short edge [DEV]."]),
    ]
    instructions = [
        f"Played along the table's length (RC-4.8): side {attacker} within {REAR_GUARD_ATTACKER_UDM} udm of the left short edge, "
        f"side {rear} {n_lo} to {n_hi} udm from it, making for the right short edge (1 udm = {_cm(u)} cm).",
        f"Victory (RC-4.8): side {rear} wins if more of its companies leave by the right short edge than side {attacker} routs, "
        f"destroys or captures; otherwise side {attacker} wins.",
    ]
    return ScenarioPlan(Scenario("rear_guard", rear, orders, zones, "RC-4.8", instructions), winner=attacker)
