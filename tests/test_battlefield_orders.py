"""Who deploys first, each side's role, starting orders and General Retreat edges, in every scenario.

Typed from the digest: FW-10.7 (General Retreat towards the own deployment line), FW-10.6 (confused and
unsteady forces), FW-23.1 to FW-23.7 (who deploys first, under which orders, where each side flees
or that it may not), FW-0.2 and FW-23 distances for the smallest table each scenario needs.
"""

import re

import pytest

from mapgen.battlefield import scenarios as S
from mapgen.dice import Dice, ScriptedDice
from mapgen.errors import InfeasibleError

ALL = ("pitched", "raid", "breakthrough", "chance_encounter", "flank_attack", "ambush", "last_stand", "relief")
SITUATION = {"raid": "raid", "breakthrough": "breakthrough", "flank_attack": "counter_march", "last_stand": "surrounded", "relief": "relief"}
TABLE = {"relief": (240, 180)}


def plan(name, first="A", dice=None, orders=None):
    situation = S.Situation(SITUATION[name], first) if name in SITUATION else None
    if orders is None:
        orders = {first: "max_speed", S.other(first): "defend"} if name == "ambush" else {}
    w, d = TABLE.get(name, (180, 120))
    return S.build(name, dice or Dice(5), w, d, orders, situation)


def own(side):
    return "edge_a" if side == "A" else "edge_b"


# (scenario) -> for the side taking the first role and the other: (role, how the order starts, escape edges)
# and which of the two deploys first.  Escape edges: FW-10.7.a own deployment line; none where the
# rule forbids General Retreat (FW-23.6, FW-23.7 besiegers) or gives no line (FW-23.1 orders by unit).
ROLES = {
    "raid": (("raider", "Orders by Unit (FW-18)", lambda s: []), ("village garrison", "Defend", lambda s: []), "other"),
    "breakthrough": (("breaking through", "Oppose", lambda s: [own(S.other(s))]), ("blocking", "Defend", lambda s: [own(s)]), "other"),
    "flank_attack": (("counter-marching", "Oppose", lambda s: ["right"]), ("flank attacker", "Attack", lambda s: ["left"]), "first"),
    "ambush": (("ambushed", "Oppose", lambda s: ["right"]), ("ambusher", "Attack", lambda s: ["left", "right"]), "first"),
    "last_stand": (("surrounded", "Defend", lambda s: []), ("besiegers", "Attack", lambda s: []), "first"),
    "relief": (("surrounded and relief", "surrounded: Defend", lambda s: [own(s)]), ("besiegers", "Attack", lambda s: []), "first"),
}


@pytest.mark.parametrize("first", "AB")
@pytest.mark.parametrize("name", sorted(ROLES))
def test_roles_orders_edges_and_who_deploys_first(name, first):
    p = plan(name, first)
    sc = p.scenario
    (role1, order1, edges1), (role2, order2, edges2), deploys = ROLES[name]
    second = S.other(first)
    assert [o.side for o in sc.orders] == ["A", "B"]
    a, b = sc.side_orders(first), sc.side_orders(second)
    assert (a.role, b.role) == (role1, role2)
    assert a.order.startswith(order1) and b.order.startswith(order2)
    assert (a.escape_edges, b.escape_edges) == (edges1(first), edges2(second))
    assert sc.deploys_first == (first if deploys == "first" else second)
    assert sc.rule == {"raid": "FW-23.1", "breakthrough": "FW-23.2", "flank_attack": "FW-23.4", "ambush": "FW-23.5", "last_stand": "FW-23.6", "relief": "FW-23.7"}[name]


def test_pitched_battle_each_side_retreats_to_its_own_edge():
    p = plan("pitched", dice=ScriptedDice([2, 5]))  # B wins the roll-off: A deploys first
    sc = p.scenario
    assert sc.rule == "FW-10" and sc.deploys_first == "A" and p.winner == "B"
    for side in "AB":
        o = sc.side_orders(side)
        assert (o.role, o.escape_edges) == ("army", [own(side)])
        assert o.order.startswith("as chosen")


@pytest.mark.parametrize("faces,first", [([6, 1], "A"), ([1, 6], "B"), ([3, 3, 2, 4], "B")])
def test_chance_encounter_the_roll_winner_deploys_the_first_command(faces, first):
    dice = ScriptedDice(faces)
    p = plan("chance_encounter", dice=dice)
    sc = p.scenario
    assert sc.deploys_first == first and p.winner == first and dice.remaining == 0
    assert all(r.rule == "FW-23.3" and r.purpose.startswith("who deploys the first Command") for r in dice.log)
    assert [(o.role, o.escape_edges) for o in sc.orders] == [("march column", ["left"]), ("march column", ["right"])]
    assert all(o.order.startswith("Oppose") and "no Secret Order" in o.order for o in sc.orders)
    assert any(f"Side {first} won the roll" in i for i in sc.instructions)


def test_raid_levies_are_rolled_under_fw_23_1():
    dice = ScriptedDice([3, 2, 6, 6, 5, 1, 1])  # 3 units: 8, 11 and 2 models
    p = plan("raid", dice=dice)
    assert dice.remaining == 0
    assert [(r.rule, r.purpose, r.result) for r in dice.log] == [
        ("FW-23.1", "civilian levies: number of units", "3 units"),
        ("FW-23.1", "civilian unit 1: models", "8 models"),
        ("FW-23.1", "civilian unit 2: models", "11 models"),
        ("FW-23.1", "civilian unit 3: models", "2 models"),
    ]
    garrison = p.scenario.side_orders("B")
    assert any(i.startswith("Civilian levies: 3 units of 8, 11, 2 models") for i in garrison.instructions)
    assert p.winner == "B"


# Phrases each side's instructions must carry, from the digest's rows for the scenario.
PHRASES = {
    ("raid", 1): ["at least 60 cm from the village houses", "Chooses the time of day", "loot and prisoners"],
    ("raid", 2): ["Deploys first, inside the village", "20 % of the raiders' points", "ditch"],
    ("breakthrough", 1): ["General Retreat", "within 30 cm of side"],
    ("breakthrough", 2): ["Deploys first, in a single line"],
    ("flank_attack", 2): ["Deploys second."],
    ("flank_attack", 1): ["Deploys first."],
    ("ambush", 2): ["Deploys second", "extra Missile Phase", "+1 to the Change-Orders test"],
    ("ambush", 1): ["Deploys first", "-1 to the Change-Orders test", "Command Tests"],
    ("last_stand", 1): ["Deploys first, inside the central 40 cm square", "General Retreat forbidden", "Command Test"],
    ("last_stand", 2): ["Deploy second, on at least two edges", "Supreme Commander", "General Retreat forbidden"],
    ("relief", 1): ["deploys last along any edge", "relief force's deployment zone"],
    ("relief", 2): ["Deploy as for a new Last stand", "turn to face automatically"],
}


@pytest.mark.parametrize("key", sorted(PHRASES), ids=[f"{n}-{i}" for n, i in sorted(PHRASES)])
def test_instructions_state_the_rule(key):
    name, which = key
    sc = plan(name, "B").scenario
    side = "B" if which == 1 else "A"
    text = " ".join(sc.side_orders(side).instructions)
    for phrase in PHRASES[key]:
        assert phrase in text, phrase


SENTENCE = re.compile(r"^[A-Z+\-][^\n]*[a-z][^\n]*[.)]$")


@pytest.mark.parametrize("name", ALL)
def test_every_instruction_is_a_sentence(name):
    """What the sheet prints for players reads as sentences: a capital (or a sign), lower-case words, a full stop."""
    sc = plan(name, "A", orders={"A": "confused", "B": "unsteady"} if name not in ("ambush",) else None).scenario
    texts = list(sc.instructions) + [i for o in sc.orders for i in o.instructions]
    assert texts
    for t in texts:
        assert SENTENCE.match(t), t
    for o in sc.orders:
        assert o.order[0].isupper() or o.order.startswith(("as chosen", "surrounded:")), o.order
        assert any(c.islower() for c in o.order) and not o.order.endswith("X")


def test_no_scouting_in_the_special_scenarios():
    """FW-10.4: no scouting in the scenarios of FW-23; the raider chooses the time of day (FW-23.1)."""
    for name in ("breakthrough", "chance_encounter", "flank_attack", "ambush"):
        assert plan(name).scenario.instructions[0] == "No scouting (FW-10.4): time of day as when nobody scouts."
    assert plan("raid").scenario.instructions == ["No scouting (FW-10.4): time of day chosen by the raider."]
    assert plan("last_stand").scenario.instructions == ["No scouting (FW-10.4)."]
    assert plan("relief").scenario.instructions == ["Two 180 x 120 tables joined along a long edge (FW-23.7). No scouting."]


@pytest.mark.parametrize("state,words", [("confused", ["Confused (FW-10.6)", "disorganised", "1D6"]), ("unsteady", ["Unsteady (FW-10.6)", "demoralised", "half of 1D6"])])
def test_a_reacting_force_gets_the_fw_10_6_note(state, words):
    for name in ("pitched", "raid", "last_stand"):
        sc = plan(name, "A", orders={"B": state}).scenario
        last = sc.side_orders("B").instructions[-1]
        assert all(w in last for w in words)
        assert not any("FW-10.6" in i for i in sc.side_orders("A").instructions)
    sc = plan("pitched", orders={"A": "probe", "B": "defend"}).scenario
    assert not any("FW-10.6" in i for o in sc.orders for i in o.instructions)


# --- who takes the first role --------------------------------------------------------


@pytest.mark.parametrize(
    "name,orders,situation,side",
    [
        ("raid", {}, S.Situation("raid", "B"), "B"),
        ("breakthrough", {}, S.Situation("breakthrough", "B"), "B"),
        ("flank_attack", {}, S.Situation("counter_march", "B"), "B"),
        ("last_stand", {}, S.Situation("surrounded", "B"), "B"),
        ("relief", {}, S.Situation("relief", "B"), "B"),
        ("pitched", {}, S.Situation("raid", "B"), "A"),  # a situation names a role only in its own scenarios
        ("chance_encounter", {}, S.Situation("relief", "B"), "A"),
        ("ambush", {"A": "max_speed", "B": "defend"}, None, "A"),  # the ambushed force entered at Max Speed
        ("ambush", {"A": "defend", "B": "max_speed"}, None, "B"),
        ("ambush", {"B": "max_speed"}, None, "B"),
        ("ambush", {"A": "defend"}, None, "B"),  # the enemy of the force under Defend is the ambushed one
        ("ambush", {"B": "defend"}, None, "A"),
        ("ambush", {"A": "max_speed", "B": "max_speed"}, None, "A"),
        ("ambush", {"A": "probe", "B": "probe"}, None, "A"),
        ("raid", {"B": "probe"}, None, "B"),  # the probing force raids (FW-23.1) or breaks through (FW-23.2)
        ("breakthrough", {"A": "defend", "B": "probe"}, None, "B"),
        ("raid", {"A": "probe", "B": "probe"}, None, "A"),
        ("raid", {"A": "probe"}, None, "A"),
        ("flank_attack", {"B": "probe"}, None, "A"),
        ("last_stand", {"B": "max_speed"}, None, "A"),
    ],
)
def test_first_role_side(name, orders, situation, side):
    assert S.first_role_side(name, orders, situation) == side


@pytest.mark.parametrize(
    "orders,situation,name",
    [
        ({"A": "probe", "B": "probe"}, S.Situation("counter_march", "A"), "flank_attack"),
        ({"A": "max_speed", "B": "defend"}, S.Situation("counter_march", "A"), "ambush"),  # FW-23.0: ambush before flank attack
        ({"A": "max_speed", "B": "max_speed"}, S.Situation("raid", "A"), "chance_encounter"),
        ({"A": "max_speed"}, S.Situation("breakthrough", "A"), "breakthrough"),
        ({"A": "max_speed", "B": "probe"}, None, "pitched"),
        ({"A": "defend", "B": "defend"}, S.Situation("raid", "B"), "raid"),
    ],
)
def test_auto_follows_the_fw_23_0_trigger_order(orders, situation, name):
    got, why = S.choose(orders, situation)
    assert got == name and why.endswith(")")


def test_auto_says_why_with_the_rule():
    assert S.choose({}, S.Situation("relief", "B"))[1] == "a force of side B arrives at an ongoing last stand (FW-23.7)"
    assert S.choose({}, S.Situation("surrounded", "A"))[1] == "side A's force is surrounded by at least twice its points (FW-23.6)"
    assert S.choose({"A": "defend", "B": "max_speed"}, None)[1].startswith("side B's force at Max Speed entered the zone of side A's force under Defend")
    assert S.choose({}, None)[1] == "no special-scenario trigger: a normal field battle (FW-10)"


# --- the smallest table of each scenario -----------------------------------------------
# width x depth from the distances the rules fix, plus the manual's [DEV] margins: 10 cm strips and
# gaps where the rules fix none, a 30 cm raided village, a 20 cm march column.
MIN_TABLES = {
    "pitched": (60, 2 * 30),  # two 30 cm bands (FW-0.2)
    "raid": (30 + 2 * 60 + 2 * 10, 60),  # the village, 60 cm to the raiders (FW-23.1), a strip each side
    "breakthrough": (60, 40 + 15 + 5),  # the line up to 40 cm, the column within 15 cm (FW-23.2)
    "chance_encounter": (2 * 30 + 2 * 10, 20 + 10),  # each column's head 30 cm from its short edge (FW-23.3)
    "flank_attack": (40 + 2 * 10 + 20, 30 + 10),  # attackers within 40 cm of the short edge, defenders 30 cm (FW-23.4)
    "ambush": (2 * 60 + 40, 30 + 42),  # ambushers 20 to 60 cm from each short edge (FW-23.5)
    "last_stand": (40 + 2 * (30 + 10),) * 2,  # the 40 cm square, attackers 30 cm from it (FW-23.6)
    "relief": (240, 180),  # two 180 x 120 tables (FW-23.7)
}


@pytest.mark.parametrize("name", ALL)
def test_the_smallest_table_of_each_scenario(name):
    w, d = MIN_TABLES[name]
    assert S.min_table(name) == (w, d)
    S.check_table(name, w, d)
    rule = "FW-10" if name == "pitched" else S.SCENARIO_RULES[name]
    for tw, td in ((w - 1, d), (w, d - 1)):
        with pytest.raises(InfeasibleError) as err:
            S.check_table(name, tw, td)
        assert err.value.rule == rule
        if name == "relief":
            assert str(err.value) == f"FW-23.7: the relief scenario is fought on two 180 x 120 tables joined along a long edge: --table 240x180 (got {tw:g} x {td:g})"
        else:
            label = S.SCENARIO_LABELS[name].lower()
            assert str(err.value) == f"{rule}: a {label} needs a table of at least {w:g} x {d:g} cm (got {tw:g} x {td:g}); use a larger --table"
