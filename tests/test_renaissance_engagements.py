"""Renaissance engagements (RC-4.4 to RC-4.9, RC-A.11, RC-A.13 to RC-A.15, RC-A.21, RC-A.26, RC-A.27, RC-A.29).

Expected values are typed from the digest.  Tabella 34: stand/stand and
fall_back/stand P_BACK; stand/fall_back N_BACK; fall_back/fall_back
BOTH_BACK; stand/attack and fall_back/attack BATTLE with the phasing side
defending (the second with its rear guard); attack/stand and attack/fall_back
BATTLE with the non-phasing side defending (the second with its rear guard);
attack/attack BATTLE with no defender; shut_in SHUT_IN whatever the phasing
side chose.  RC-4.9: the defender x1.5, D = |A' - B'|, the loser loses at
least D and the winner at least D/2 in whole companies (the smallest total
that reaches it, then the fewest companies, RC-3.7).

The map is the summer tests' (``A-3`` a P1 village between ``A-1``, ``A-4``
and ``A-8``).  P1's army ``P1-1`` is large, large, medium, small, small:
strength 4+4+2+1+1 = 12; P2's ``P2-1`` is large cavalry, large, medium, small:
8+4+2+1 = 15.  P1-1 moves A-1 -> A-3 onto P2-1 and P1 ends their moves.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapgen.campaign.dice import GameDice
from mapgen.renaissance import store
from mapgen.renaissance.commands import (
    BeginSiege,
    Bribe,
    ChooseEngagement,
    CommandError,
    EndMoves,
    MoveArmy,
    TableBattle,
)
from mapgen.renaissance.engagements import awaiting_engagements
from mapgen.renaissance.minor import fight, minor_result, num
from mapgen.renaissance.state import Options, PendingEngagement, Player, Siege
from mapgen.renaissance.summer import apply_summer
from mapgen.campaign.state import evolve
from tests.test_renaissance_spring import KINDS
from tests.test_renaissance_summer import STEPS, army, garrisoned, summer

P1_TYPES = ("large", "large", "medium", "small", "small")  # 12
P2_TYPES = ("large_cavalry", "large", "medium", "small")  # 15


def do(s, cmd, entered=()):
    return apply_summer(s, cmd, GameDice(s.seed, entered), KINDS, STEPS)[0]


def refused(s, cmd, match):
    before = store.dumps_state(s)
    with pytest.raises(CommandError, match=match):
        do(s, cmd)
    assert store.dumps_state(s) == before


def met(p1=P1_TYPES, p2=P2_TYPES, at="A-3", start="A-1", path=None, more=(), **kw):
    """P1-1 moves from ``start`` onto P2-1 at ``at``; P1 ends their moves: the engagement is pending."""
    s = summer([army("P1-1", start, *p1), army("P2-1", at, *p2), *more], **kw)
    s = do(s, MoveArmy("P1", "P1-1", path or (at,)))
    return do(s, EndMoves("P1"))


def choose(s, p1, p2, entered=(), **kw):
    """Both sides choose at the first pending engagement, phasing first; ``kw`` goes with P2's choice."""
    node = s.engagements[0].node
    s = do(s, ChooseEngagement("P1", node, p1))
    return do(s, ChooseEngagement("P2", node, p2, **kw), entered)


def where(s):
    return {a.id: a.node for a in s.armies}


def ids(s, army_id):
    return [c.id for a in s.armies if a.id == army_id for c in a.companies]


def reveal(s):
    return next(e for e in reversed(s.log) if e.rule == "RC-4.5" and "revealed" in e.text)


# --- the engagement opens ----------------------------------------------------------------------------


def test_ending_moves_onto_an_enemy_opens_an_engagement_and_keeps_the_turn():
    s = met()
    assert [(e.node, e.phasing, e.other) for e in s.engagements] == [("A-3", "P1", "P2")]
    assert s.turn == "P1"
    assert awaiting_engagements(s) == "engagement at A-3: choices from P1, P2"
    s = do(s, ChooseEngagement("P2", "A-3", "stand"))
    assert awaiting_engagements(s) == "engagement at A-3: choices from P1"


def test_no_engagement_no_wait_and_armies_that_did_not_move_do_not_engage():
    s = summer([army("P1-1", "A-3", *P1_TYPES), army("P2-1", "A-3", *P2_TYPES)])
    s = do(s, EndMoves("P1"))
    assert (s.engagements, s.turn, awaiting_engagements(s)) == ((), "P2", None)


# --- Tabella 34: the nine combinations and shut_in --------------------------------------------------------


@pytest.mark.parametrize(
    "p1, p2, code, defender, rear_guard",
    [
        ("stand", "stand", "P_BACK", None, None),
        ("stand", "fall_back", "N_BACK", None, None),
        ("stand", "attack", "BATTLE", "P1", None),
        ("fall_back", "stand", "P_BACK", None, None),
        ("fall_back", "fall_back", "BOTH_BACK", None, None),
        ("fall_back", "attack", "BATTLE", "P1", "P1"),
        ("attack", "stand", "BATTLE", "P2", None),
        ("attack", "fall_back", "BATTLE", "P2", "P2"),
        ("attack", "attack", "BATTLE", None, None),
    ],
)
def test_tabella_34_the_nine_combinations(p1, p2, code, defender, rear_guard):
    # both ask for the table, so a BATTLE stays pending with the seats Tabella 34 names
    s = met()
    s = do(s, ChooseEngagement("P1", "A-3", p1, on_table=True))
    s = do(s, ChooseEngagement("P2", "A-3", p2, on_table=True))
    assert reveal(s).outcome == code
    if code == "BATTLE":
        e = s.engagements[0]
        assert (e.result, e.defender, e.rear_guard) == (code, defender, rear_guard)
        assert where(s) == {"P1-1": "A-3", "P2-1": "A-3"} and s.turn == "P1"
    else:
        assert s.engagements == ()


@pytest.mark.parametrize(
    "p1, p2, code, p1_node, p2_node",
    [
        ("stand", "stand", "P_BACK", "A-1", "A-3"),  # the phasing army back the way it came
        ("fall_back", "stand", "P_BACK", "A-1", "A-3"),
        ("stand", "fall_back", "N_BACK", "A-3", "A-4"),  # to P2's retreat_to
        ("fall_back", "fall_back", "BOTH_BACK", "A-1", "A-4"),
    ],
)
def test_the_combinations_without_a_battle(p1, p2, code, p1_node, p2_node):
    s = choose(met(), p1, p2, retreat_to="A-4")
    assert reveal(s).outcome == code
    assert where(s) == {"P1-1": p1_node, "P2-1": p2_node}
    assert (ids(s, "P1-1"), ids(s, "P2-1")) == ([f"P1-1-c{i}" for i in range(5)], [f"P2-1-c{i}" for i in range(4)])
    assert (s.engagements, s.turn) == ((), "P2")  # all resolved: the turn passes


def test_both_back_the_phasing_side_first_and_its_new_node_counts_as_enemy():
    # P1-1 goes back to A-1 (where it came from); P2-1's free nodes are then A-4 and A-8, A-1 is not.
    s = choose(met(), "fall_back", "fall_back")
    assert where(s) == {"P1-1": "A-1", "P2-1": "A-4"}


def test_n_back_default_prefers_a_free_node_the_owner_holds():
    s = summer([army("P1-1", "B-c", *P1_TYPES), army("P2-1", "B-1", *P2_TYPES)])  # B-1: P2's village between B-c and B-0
    s = do(do(s, MoveArmy("P1", "P1-1", ("B-1",))), EndMoves("P1"))
    s = choose(s, "stand", "fall_back")
    assert where(s) == {"P1-1": "B-1", "P2-1": "B-0"}  # B-c is free too, but B-0 is P2's


def test_p_back_onto_an_enemy_is_n_back_instead():
    # P1-1 leaves A-1, held by a P2 garrison it sat beside; P_BACK cannot go there, so N_BACK: A-4, a node P1 holds.
    s = summer([army("P1-1", "A-1", *P1_TYPES), army("P2-1", "A-3", *P2_TYPES)])
    s = garrisoned(evolve(s, places=tuple(evolve(p, owner="P2") if p.node == "A-1" else p for p in s.places)), "A-1", "P2-g")
    s = do(do(s, MoveArmy("P1", "P1-1", ("A-3",))), EndMoves("P1"))
    s = choose(s, "stand", "stand")
    assert reveal(s).outcome == "P_BACK"
    assert where(s) == {"P1-1": "A-4", "P2-1": "A-3"}
    assert any(e.rule == "RC-4.5" and "RC-A.26" in e.text for e in s.log)


def test_shut_in_whatever_the_phasing_side_chose():
    # B-0 is P2's capital, fortified (RC-A.3): P2-1 shuts itself in, its companies join the garrison; no battle.
    for p1 in ("stand", "fall_back", "attack"):
        s = met(at="B-0", start="B-1")
        s = choose(s, p1, "shut_in")
        assert reveal(s).outcome == "SHUT_IN"
        assert where(s) == {"P1-1": "B-0"}
        assert [c.id for c in s.place("B-0").garrison] == [f"P2-1-c{i}" for i in range(4)]
        assert ids(s, "P1-1") == [f"P1-1-c{i}" for i in range(5)]
        assert not any(e.rule == "RC-4.9" for e in s.log)


def test_an_army_ignoring_a_shut_in_force_must_leave_or_besiege_in_its_next_move():
    """RC-A.27: the phase it arrived it may ignore the garrison; in its next move it must leave the node or begin a siege."""
    s = choose(met(at="B-0", start="B-1"), "stand", "shut_in")
    s = do(s, EndMoves("P2"))  # the phase ends; phase 2, P1 to move again
    assert (s.phase, s.turn) == (2, "P1")
    refused(s, EndMoves("P1"), r"P1-1 stands at B-0 .* must leave the node this phase or begin a siege \(RC-4.4, RC-A.27\)")
    besieging = do(do(s, BeginSiege("P1", "P1-1", "B-0")), EndMoves("P1"))
    assert besieging.turn == "P2"
    leaving = do(do(s, MoveArmy("P1", "P1-1", ("B-1",))), EndMoves("P1"))
    assert leaving.turn == "P2"


def test_an_army_that_stood_by_a_garrison_before_need_not_leave():
    """RC-A.27 binds the move after a shut-in only: an army there since the winter (or a garrison raised beside it) is free."""
    s = garrisoned(summer([army("P1-1", "B-0", *P1_TYPES)]), "B-0", "P2-g1")  # B-0: P2's capital, walled
    assert do(s, EndMoves("P1")).turn == "P2"
    later = choose(met(at="B-0", start="B-1"), "stand", "shut_in")
    later = do(do(do(later, EndMoves("P2")), BeginSiege("P1", "P1-1", "B-0")), EndMoves("P1"))  # phase 2: it besieges
    assert later.phase == 2 and later.turn == "P2"


# --- Tabella 34's battles, auto-resolved as minor engagements (RC-4.9) ------------------------------------


def test_minor_engagement_arithmetic():
    r = minor_result(12, 15, "phasing")  # 12 x1.5 = 18 against 15
    assert (num(r.phasing), num(r.other), num(r.difference), r.winner, r.loser_loss, r.winner_loss) == ("18", "15", "3", "phasing", 3, 2)
    r = minor_result(12, 15, "other")  # 12 against 22.5: D = 10.5, losses 11 and 5.25 -> 6
    assert (num(r.other), num(r.difference), r.winner, r.loser_loss, r.winner_loss) == ("22.5", "10.5", "other", 11, 6)
    r = minor_result(12, 15, None)
    assert (r.winner, r.loser_loss, r.winner_loss) == ("other", 3, 2)  # D = 3, D/2 = 1.5 -> 2
    r = minor_result(8, 12, "phasing")  # 8 x1.5 = 12: a tie
    assert (r.winner, num(r.difference)) == (None, "0")


def test_stand_attack_the_phasing_side_defends_18_against_15():
    s = choose(met(), "stand", "attack", retreat_to="A-4")
    assert reveal(s).outcome == "BATTLE" and s.engagements == ()
    # P2 loses >= 3: medium + small (3); P1 loses >= 1.5 -> 2: the medium (one company beats two smalls).
    assert ids(s, "P2-1") == ["P2-1-c0", "P2-1-c1"]
    assert ids(s, "P1-1") == ["P1-1-c0", "P1-1-c1", "P1-1-c3", "P1-1-c4"]
    assert where(s) == {"P1-1": "A-3", "P2-1": "A-4"}  # the loser falls back to its retreat_to
    assert (s.engagements, s.turn) == ((), "P2")


def test_the_owners_name_the_companies_they_lose():
    """RC-3.7, RC-A.31 (issue 23 item 16): "the player may override" the proposal; the proposal covers what the owner's list does not.

    As above, 18 against 15, D = 3: P1 loses >= 2 and gives up its two smalls (1 + 1) rather than the medium;
    P2 loses >= 3 and names its small (1) first: not enough, so the proposal adds the smallest cover of
    the other 2 points among the rest, the medium.
    """
    s = met()
    s = do(s, ChooseEngagement("P1", "A-3", "stand", lose=("P1-1-c3", "P1-1-c4")))
    s = do(s, ChooseEngagement("P2", "A-3", "attack", retreat_to="A-4", lose=("P2-1-c3",)))
    assert ids(s, "P1-1") == ["P1-1-c0", "P1-1-c1", "P1-1-c2"]
    assert ids(s, "P2-1") == ["P2-1-c0", "P2-1-c1"]


def test_a_loss_order_names_the_sides_own_companies_once():
    s = met()
    refused(s, ChooseEngagement("P1", "A-3", "stand", lose=("P2-1-c3",)), r"not in P1's force at A-3.*RC-3.7")
    refused(s, ChooseEngagement("P1", "A-3", "stand", lose=("P1-1-c3", "P1-1-c3")), r"once.*RC-3.7")


def test_attack_stand_the_non_phasing_side_defends_12_against_22_5():
    s = choose(met(), "attack", "stand", retreat_to="A-4")
    # P1 loses >= 10.5 -> 11: large, large, medium, small; P2 loses >= 5.25 -> 6: large + medium.
    assert ids(s, "P1-1") == ["P1-1-c4"]
    assert ids(s, "P2-1") == ["P2-1-c0", "P2-1-c3"]
    assert where(s) == {"P1-1": "A-1", "P2-1": "A-3"}  # P1 lost: back where it came from, free


def test_attack_attack_no_defender_15_beats_12():
    s = choose(met(), "attack", "attack")
    # D = 3: P1 loses medium + small (3), P2 loses its medium (>= 1.5 -> 2).
    assert ids(s, "P1-1") == ["P1-1-c0", "P1-1-c1", "P1-1-c4"]
    assert ids(s, "P2-1") == ["P2-1-c0", "P2-1-c1", "P2-1-c3"]
    assert where(s) == {"P1-1": "A-1", "P2-1": "A-3"}


def test_fall_back_attack_the_phasing_rear_guard_fights_alone_then_withdraws():
    s = met()
    s = do(s, ChooseEngagement("P1", "A-3", "fall_back", rear_guard=("P1-1-c0",)))  # a large company: 4 of 12, a third
    s = do(s, ChooseEngagement("P2", "A-3", "attack"))
    e = reveal(s)
    assert e.outcome == "BATTLE" and "P1 defends with a rear guard of P1-1-c0" in e.text
    # 4 x1.5 = 6 against 15: D = 9; the rear guard loses all it has (4), P2 >= 4.5 -> 5: large + small.
    assert ids(s, "P1-1") == ["P1-1-c1", "P1-1-c2", "P1-1-c3", "P1-1-c4"]
    assert ids(s, "P2-1") == ["P2-1-c0", "P2-1-c2"]
    assert where(s) == {"P1-1": "A-1", "P2-1": "A-3"}  # the phasing side withdraws as P_BACK (RC-A.14)


def test_attack_fall_back_the_non_phasing_rear_guard_wins_nothing_but_its_escape():
    s = met()
    s = do(s, ChooseEngagement("P1", "A-3", "attack"))
    s = do(s, ChooseEngagement("P2", "A-3", "fall_back", rear_guard=("P2-1-c1", "P2-1-c3"), retreat_to="A-4"))  # 4 + 1 = 5 of 15
    # 12 against 5 x1.5 = 7.5: D = 4.5; the rear guard loses >= 5 (both), P1 >= 2.25 -> 3: medium + small.
    assert ids(s, "P2-1") == ["P2-1-c0", "P2-1-c2"]
    assert ids(s, "P1-1") == ["P1-1-c0", "P1-1-c1", "P1-1-c4"]
    assert where(s) == {"P1-1": "A-3", "P2-1": "A-4"}


def test_a_rear_guard_side_withdraws_even_when_it_wins():
    # P1's rear guard of 4 (x1.5 = 6) against a P2 army of 4 + 1: P1 wins, D = 1, and still goes back to A-1.
    s = met(p2=("large", "small"))
    s = do(s, ChooseEngagement("P1", "A-3", "fall_back", rear_guard=("P1-1-c0",)))
    s = do(s, ChooseEngagement("P2", "A-3", "attack"))
    assert where(s) == {"P1-1": "A-1", "P2-1": "A-3"}
    assert ids(s, "P2-1") == ["P2-1-c0"]  # P2 loses >= 1: its small
    assert ids(s, "P1-1") == ["P1-1-c1", "P1-1-c2", "P1-1-c3", "P1-1-c4"]  # the rear guard >= 0.5 -> 1: its large


def test_a_rear_guard_is_at_most_a_third_and_the_default_is_the_strongest_within():
    s = met()
    refused(s, ChooseEngagement("P1", "A-3", "fall_back", rear_guard=("P1-1-c0", "P1-1-c3")), r"strength 5.*third.*at most 4.*RC-4.8")
    refused(s, ChooseEngagement("P1", "A-3", "fall_back", rear_guard=("P2-1-c3",)), r"P2-1-c3: not a company.*RC-4.8")
    refused(s, ChooseEngagement("P1", "A-3", "stand", rear_guard=("P1-1-c3",)), r"covers a fall_back.*RC-4.8")
    s = choose(s, "fall_back", "attack")  # no rear guard named: the strongest within 12 / 3 = 4 is one large company
    assert s.log[[e.rule for e in s.log].index("RC-4.8")].text.startswith("P1 named no rear guard at A-3: the strongest within a third (4), P1-1-c0")
    assert ids(s, "P1-1") == ["P1-1-c1", "P1-1-c2", "P1-1-c3", "P1-1-c4"]


# --- ties (RC-4.9 step 7) -------------------------------------------------------------------------------------


def test_a_rear_guard_no_company_fits_does_not_fight_and_nobody_loses():
    """Two medium companies (2 + 2 = 4): a third is 1, so no company can cover the fall back (RC-4.8) [DEV]."""
    s = met(p2=("medium", "medium"))
    s = do(s, ChooseEngagement("P1", "A-3", "attack", on_table=True))
    s = do(s, ChooseEngagement("P2", "A-3", "fall_back", on_table=True))
    assert s.engagements == ()  # nothing to fight on the table: resolved at once
    assert ids(s, "P1-1") == [f"P1-1-c{i}" for i in range(5)] and ids(s, "P2-1") == ["P2-1-c0", "P2-1-c1"]
    assert where(s)["P1-1"] == "A-3" and where(s)["P2-1"] != "A-3"  # the withdrawing side goes (RC-A.14)


def test_a_tie_with_a_defender_the_defender_holds_nobody_loses():
    s = met(p1=("large", "large"), p2=("large", "large", "large"))  # 8 x1.5 = 12 against 12
    s = choose(s, "stand", "attack", retreat_to="A-4")
    assert where(s) == {"P1-1": "A-3", "P2-1": "A-4"}
    assert (len(ids(s, "P1-1")), len(ids(s, "P2-1"))) == (2, 3)


def test_a_tie_without_a_defender_a_roll_off_re_rolled_while_tied():
    s = met(p2=P1_TYPES)  # 12 against 12, attack/attack: no defender
    s = choose(s, "attack", "attack", entered=(3, 3, 2, 5))  # 3-3 again, then P1 2, P2 5: P1 retreats
    rolls = [(e.player, e.faces) for e in s.log if e.rule == "RC-4.9" and e.dice == "1D6"]
    assert rolls == [("P1", (3,)), ("P2", (3,)), ("P1", (2,)), ("P2", (5,))]
    assert [e.outcome for e in s.log if e.rule == "RC-4.9" and e.dice][-1] == "P2"
    assert where(s) == {"P1-1": "A-1", "P2-1": "A-3"}
    assert (len(ids(s, "P1-1")), len(ids(s, "P2-1"))) == (5, 5)


# --- capture (RC-4.6) -------------------------------------------------------------------------------------------


def test_every_adjacent_node_held_by_an_enemy_the_whole_army_is_captured():
    # A-8 (a P1 fortress) is a dead end off A-3, where P1-2 stands: P2-1 has nowhere to fall back to.
    s = met(at="A-8", path=("A-3", "A-8"), more=[army("P1-2", "A-3")])
    s = choose(s, "stand", "fall_back")
    assert reveal(s).outcome == "N_BACK"
    assert where(s) == {"P1-1": "A-8", "P1-2": "A-3"}
    assert [(p.holder, p.owner, [c.id for c in p.companies]) for p in s.prisoners] == [("P1", "P2", [f"P2-1-c{i}" for i in range(4)])]


def test_the_loser_of_a_battle_with_nowhere_to_go_is_captured():
    s = met(at="A-8", path=("A-3", "A-8"), more=[army("P1-2", "A-3")])
    s = choose(s, "stand", "attack")  # 18 against 15: P2 loses medium + small, the rest is captured
    assert [c.id for c in s.prisoners[0].companies] == ["P2-1-c0", "P2-1-c1"]
    assert "P2-1" not in where(s)


# --- neutral forces (RC-A.21) ---------------------------------------------------------------------------------


def test_a_neutral_garrison_shuts_itself_in_at_once():
    s = garrisoned(summer([army("P1-1", "A-5", *P1_TYPES)]), "A-9", "N-g1")  # A-9 a neutral walled village
    s = do(do(s, MoveArmy("P1", "P1-1", ("A-9",))), EndMoves("P1"))
    assert s.engagements[0].other_choice == "shut_in"
    assert awaiting_engagements(s) == "engagement at A-9: choices from P1"
    auto = next(e for e in s.log if e.rule == "RC-A.21")
    assert (auto.player, auto.secret) == ("N", True)
    s = do(s, ChooseEngagement("P1", "A-9", "attack"))
    assert reveal(s).outcome == "SHUT_IN" and s.turn == "P2"
    assert [c.id for c in s.place("A-9").garrison] == ["N-g1"] and where(s) == {"P1-1": "A-9"}


def test_with_referee_neutrals_the_referee_chooses_for_the_neutral():
    """RC-4.4: "a neutral force's choice is made by the referee or by a default rule": the option leaves it to the referee."""
    from mapgen.renaissance.state import Options

    s = evolve(garrisoned(summer([army("P1-1", "A-5", *P1_TYPES)]), "A-9", "N-g1"), options=Options(banks=True, referee_neutrals=True))
    s = do(do(s, MoveArmy("P1", "P1-1", ("A-9",))), EndMoves("P1"))
    assert s.engagements[0].other_choice is None
    assert awaiting_engagements(s) == "engagement at A-9: choices from P1, the referee for N (neutral)"
    s = do(s, ChooseEngagement("P1", "A-9", "attack"))
    refused(s, ChooseEngagement("N", "A-9", "fall_back"), "garrisons do not move")
    s = do(s, ChooseEngagement("N", "A-9", "stand"))  # not the default's shut_in: a battle (Tabella 34: attack/stand)
    assert reveal(s).outcome == "BATTLE"


def test_a_neutral_garrison_without_walls_stands_and_when_beaten_is_captured():
    s = summer([army("P1-1", "A-4", "large", "large")])
    s = evolve(s, places=tuple(evolve(p, owner="N") if p.node == "A-5" else p for p in s.places))  # a village, no walls
    s = garrisoned(s, "A-5", "N-g1", "N-g2", "N-g3", "N-g4")
    s = do(do(s, MoveArmy("P1", "P1-1", ("A-5",))), EndMoves("P1"))
    assert s.engagements[0].other_choice == "stand"
    s = do(s, ChooseEngagement("P1", "A-5", "attack"))  # 8 against 4 x1.5 = 6: D = 2
    assert ids(s, "P1-1") == ["P1-1-c1"]  # >= 1: a large, the smallest it has
    assert s.place("A-5").garrison == ()  # two smalls lost (>= 2), the other two cannot retreat: captured
    assert [(p.holder, p.owner, [c.id for c in p.companies]) for p in s.prisoners] == [("P1", "N", ["N-g3", "N-g4"])]


def test_a_beaten_garrison_behind_walls_holds_what_is_left():
    s = summer([army("P1-1", "B-1", "small")])
    s = garrisoned(s, "B-0", "P2-g1", "P2-g2", "P2-g3")  # three smalls in P2's capital
    s = do(do(s, MoveArmy("P1", "P1-1", ("B-0",))), EndMoves("P1"))
    s = do(do(s, ChooseEngagement("P1", "B-0", "stand")), ChooseEngagement("P2", "B-0", "attack"))
    # 1 x1.5 = 1.5 against 3: D = 1.5, the garrison wins; P1 loses its small and its army is gone.
    assert where(s) == {} and [c.id for c in s.place("B-0").garrison] == ["P2-g2", "P2-g3"]


# --- the table (RC-4.7, RC-A.13, RC-A.33) ---------------------------------------------------------------------


def test_a_battle_both_ask_for_is_fought_on_the_table():
    s = met()
    s = do(s, ChooseEngagement("P1", "A-3", "attack", on_table=True))
    s = do(s, ChooseEngagement("P2", "A-3", "stand", on_table=True))
    assert s.engagements[0].result == "BATTLE" and s.engagements[0].defender == "P2"
    assert store.from_json_text(store.dumps_state(s), "campaign.json") == s  # a pending engagement is saved with the campaign
    assert awaiting_engagements(s) == "engagement at A-3: the result of the table battle between P1 and P2 (battle --node A-3)"
    refused(s, ChooseEngagement("P2", "A-3", "stand"), r"awaits its table battle.*RC-4.7")
    refused(s, TableBattle("A-3", "P3"), r"not won by P3.*RC-4.7")
    refused(s, TableBattle("A-3", "P1", ("P1-1-c0", "B-9")), r"B-9: not a company that fought.*RC-4.7")
    refused(s, TableBattle("A-4", "P1"), r"no battle at A-4.*RC-4.7")
    s = do(s, TableBattle("A-3", "P1", ("P1-1-c3", "P2-1-c0", "P2-1-c2")))
    assert ids(s, "P1-1") == ["P1-1-c0", "P1-1-c1", "P1-1-c2", "P1-1-c4"]
    assert ids(s, "P2-1") == ["P2-1-c1", "P2-1-c3"]
    assert where(s) == {"P1-1": "A-3", "P2-1": "A-1"}  # the loser to a free adjacent node (RC-A.13)
    assert (s.engagements, s.turn) == ((), "P2")


def test_one_side_asking_for_the_table_is_not_enough():
    s = met()
    s = do(s, ChooseEngagement("P1", "A-3", "attack", on_table=True))
    s = do(s, ChooseEngagement("P2", "A-3", "stand"))
    assert s.engagements == () and any(e.rule == "RC-4.9" for e in s.log)


def test_a_table_rear_guard_loses_only_rear_guard_companies():
    s = met()
    s = do(s, ChooseEngagement("P1", "A-3", "attack", on_table=True))
    s = do(s, ChooseEngagement("P2", "A-3", "fall_back", rear_guard=("P2-1-c2",), on_table=True))
    refused(s, TableBattle("A-3", "P2", ("P2-1-c0",)), r"P2-1-c0: not a company that fought.*rear guard")
    s = do(s, TableBattle("A-3", "P2", ("P2-1-c2",)))
    assert where(s) == {"P1-1": "A-3", "P2-1": "A-1"}  # the rear guard's side withdraws, won or lost


# --- secrecy, sieges, three players ----------------------------------------------------------------------------


def test_each_choice_is_logged_secret_and_the_reveal_shows_both():
    s = choose(met(), "stand", "attack")
    secret = [(e.player, e.secret) for e in s.log if e.rule == "RC-4.4"]
    assert secret == [("P1", True), ("P2", True)]
    e = reveal(s)
    assert not e.secret and "P1 stand" in e.text and "P2 attack" in e.text and "BATTLE" in e.text


def test_losing_at_a_besieged_node_ends_the_siege():
    # P2-1 besieges A-8 (a P1 fortress); P1-1 comes to relieve it and wins: P2-1 is captured, the siege ends.
    s = summer([army("P1-1", "A-1", *P1_TYPES), army("P2-1", "A-8", *P2_TYPES), army("P1-2", "A-4")])
    s = evolve(s, sieges=(Siege("A-8", "P2-1", 2, 1),))
    s = do(do(s, MoveArmy("P1", "P1-1", ("A-3", "A-8"))), MoveArmy("P1", "P1-2", ("A-3",)))
    s = choose(do(s, EndMoves("P1")), "stand", "attack")
    assert s.sieges == () and any(e.rule == "RC-A.29" for e in s.log)


def three_players(order=("P3", "P2", "P1")):
    s = summer([army("P1-1", "A-3", "small"), army("P2-1", "A-3", "small"), army("P3-1", "A-4", *P1_TYPES)], order=order)
    return evolve(s, players=s.players + (Player("P3", "Cesare", "C"),))


def test_three_players_engage_in_pairs_in_the_moving_order():
    s = do(do(three_players(), MoveArmy("P3", "P3-1", ("A-3",))), EndMoves("P3"))
    assert [(e.phasing, e.other) for e in s.engagements] == [("P3", "P2"), ("P3", "P1")]
    assert awaiting_engagements(s) == "engagement at A-3: choices from P3, P2"
    refused(s, ChooseEngagement("P1", "A-3", "stand"), r"P1 has no engagement at A-3 awaiting a choice.*RC-4.4")
    s = do(do(s, ChooseEngagement("P3", "A-3", "stand")), ChooseEngagement("P2", "A-3", "fall_back"))  # N_BACK: P2-1 goes
    assert [(e.phasing, e.other) for e in s.engagements] == [("P3", "P1")] and s.turn == "P3"
    s = do(do(s, ChooseEngagement("P3", "A-3", "fall_back")), ChooseEngagement("P1", "A-3", "stand"))  # P_BACK
    assert where(s)["P3-1"] == "A-4" and s.engagements == () and s.turn == "P2"


def test_a_later_pair_lapses_when_a_side_has_gone():
    s = do(do(three_players(), MoveArmy("P3", "P3-1", ("A-3",))), EndMoves("P3"))
    s = do(do(s, ChooseEngagement("P3", "A-3", "stand")), ChooseEngagement("P2", "A-3", "stand"))  # P_BACK: P3 goes
    assert s.engagements == () and s.turn == "P2"
    assert any(e.rule == "RC-A.11" and "lapses" in e.text for e in s.log)


# --- refusals, the state byte-identical ---------------------------------------------------------------------------


def test_refusals_leave_the_state_untouched():
    s = met()
    refused(s, MoveArmy("P1", "P1-1", ("A-4",)), r"engagement at A-3: choices from P1, P2 first.*RC-A.11")
    refused(s, EndMoves("P1"), r"choices from P1, P2 first")
    refused(s, BeginSiege("P1", "P1-1", "A-3"), r"choices from P1, P2 first")
    refused(s, Bribe("P1", "A-3", 10), r"choices from P1, P2 first")
    refused(s, ChooseEngagement("P2", "A-4", "stand"), r"P2 has no engagement at A-4.*RC-4.4")
    refused(s, ChooseEngagement("P1", "A-3", "shut_in"), r"phasing side chooses one of stand, fall_back, attack.*RC-4.4")
    refused(s, ChooseEngagement("P2", "A-3", "shut_in"), r"no fortified place at A-3.*RC-3.8")
    refused(s, ChooseEngagement("P2", "A-3", "charge"), r"not 'charge'")
    refused(s, ChooseEngagement("P2", "A-3", "fall_back", retreat_to="A-5"), r"A-5 is not a road step from A-3.*RC-4.5")
    refused(s, ChooseEngagement("P2", "A-3", "fall_back", rear_guard=("P2-1-c0",)), r"strength 8.*at most 5.*RC-4.8")
    s = do(s, ChooseEngagement("P2", "A-3", "stand"))
    refused(s, ChooseEngagement("P2", "A-3", "attack"), r"already chosen.*RC-4.4")
    refused(s, TableBattle("A-3", "P1"), r"no battle at A-3.*RC-4.7")


def test_a_garrison_cannot_fall_back_and_no_engagement_is_not_yours():
    s = summer([army("P1-1", "B-1", "small")])
    s = do(do(garrisoned(s, "B-0", "P2-g1"), MoveArmy("P1", "P1-1", ("B-0",))), EndMoves("P1"))
    refused(s, ChooseEngagement("P2", "B-0", "fall_back"), r"only a garrison.*RC-3.8")
    refused(s, ChooseEngagement("N", "B-0", "stand"), r"N has no engagement at B-0")


# --- a property over random engagements -------------------------------------------------------------------------

TYPES = ("small", "small_cavalry", "medium", "medium_cavalry", "large", "large_cavalry", "rabble")
NODES = sorted(STEPS)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_engagements_lose_whole_companies_and_round_trip(data):
    node = data.draw(st.sampled_from(NODES))
    start = data.draw(st.sampled_from(STEPS[node]))
    p1 = data.draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=6))
    p2 = data.draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=6))
    s = summer([army("P1-1", start, *p1), army("P2-1", node, *p2), army("P2-2", data.draw(st.sampled_from(NODES)), "small")])
    if data.draw(st.booleans()) and s.place(node) is not None:
        s = garrisoned(s, node, "g1", "g2")
    before = {c.id: c for a in s.armies for c in a.companies} | {c.id: c for p in s.places for c in p.garrison}
    s = do(do(s, MoveArmy("P1", "P1-1", (node,))), EndMoves("P1"))
    while s.engagements:
        e = s.engagements[0]
        if e.result == "BATTLE":
            place = s.place(e.node)
            fought = [c.id for a in s.armies_at(e.node) for c in a.companies] + [c.id for c in (place.garrison if place else ())]
            lost = tuple(data.draw(st.lists(st.sampled_from(fought), unique=True))) if fought else ()
            try:
                s = do(s, TableBattle(e.node, data.draw(st.sampled_from((e.phasing, e.other))), lost))
            except CommandError:
                s = do(s, TableBattle(e.node, e.phasing))
            continue
        seat = e.phasing if e.phasing_choice is None else e.other
        choice = data.draw(st.sampled_from(("stand", "fall_back", "attack", "shut_in")))
        cmd = ChooseEngagement(seat, e.node, choice, on_table=data.draw(st.booleans()))
        text = store.dumps_state(s)
        try:
            s = do(s, cmd)
        except CommandError:
            assert store.dumps_state(s) == text
            s = do(s, ChooseEngagement(seat, e.node, "attack"))
    after = [c for a in s.armies for c in a.companies] + [c for p in s.places for c in p.garrison] + [c for p in s.prisoners for c in p.companies]
    assert len({c.id for c in after}) == len(after)  # no company twice
    assert all(before[c.id] == c for c in after)  # only whole companies, none new or changed
    assert all(a.companies for a in s.armies)  # an army with no companies left is gone
    assert s.turn == "P2" and s.engagements == ()
    assert store.from_json_text(store.dumps_state(s), "campaign.json") == s


@pytest.mark.parametrize("disperses", [True, False])
def test_an_army_left_with_rabble_only_disperses_under_the_option(disperses):
    # RC-A.8: rabble (strength 0) never covers a loss and stays with the army; with the option, an army that loses
    # all its strength above 0 disperses. P2-1 (small 1 + rabble) loses 4 - 1 = 3 or more: its small company, all it can.
    s = summer(armies=[army("P1-1", "A-3", "large"), army("P2-1", "A-3", "small", "rabble")])
    s = evolve(s, options=Options(banks=True, rabble_disperses=disperses))
    sides = {a.owner: list(a.companies) for a in s.armies}
    after, winner = fight(s, PendingEngagement("A-3", "P1", "P2"), sides, GameDice(s.seed), [])
    assert winner == "P1"
    left = {a.id: [c.type for c in a.companies] for a in after.armies}
    assert ("P2-1" in left) is not disperses
    if not disperses:
        assert left["P2-1"] == ["rabble"]
