"""The Renaissance summer's start and army movement (RC-4.1 to RC-4.3, RC-1.7, RC-A.12, RC-A.20).

Expected values are typed from the digest: the epidemic wipes out every
company at one city of the struck player (RC-4.2); the order is drawn once
and kept for all 10 phases (RC-A.20); two road steps a phase, roads only, no
passing through a node holding an enemy or neutral force, garrisons counting
and diplomats not (RC-4.3); a linked crossing is one step (RC-1.7); a
village held alone changes hands at the end of a phase, a fortified place
never without a siege (RC-A.12).
"""

from __future__ import annotations

from types import SimpleNamespace

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapgen.campaign.dice import GameDice
from mapgen.renaissance import store
from mapgen.renaissance.commands import ChooseEngagement, CommandError, EndMoves, MoveArmy
from mapgen.renaissance.roads import road_steps
from mapgen.renaissance.state import Army, PendingEvent, SpecialistState, company
from mapgen.renaissance.summer import apply_summer, start_summer
from mapgen.campaign.state import evolve
from tests.test_renaissance_spring import KINDS, state

#: A small road map over the spring tests' places; ``A-c`` and ``B-c`` are linked crossing points (RC-1.7).
ROADS = [
    ("A-0", "A-1"), ("A-1", "A-2"), ("A-1", "A-3"), ("A-3", "A-4"), ("A-4", "A-5"), ("A-3", "A-8"), ("A-5", "A-9"),
    ("A-9", "A-6"), ("A-2", "A-6"), ("A-6", "A-7"), ("A-4", "A-c"), ("B-c", "B-1"), ("B-1", "B-0"),
]  # fmt: skip


def _graph():
    g = nx.Graph()
    for a, b in ROADS:
        g.add_edge(a, b, country=a[0], crossing=False)
    g.add_edge("A-c", "B-c", country=None, crossing=True)
    return g


STEPS = road_steps(SimpleNamespace(graph=_graph(), crossing_links=dict))  # the grid way: the drawn crossing only


def army(id, node, *types):
    return Army(id, id.split("-")[0], node, tuple(company(f"{id}-c{i}", t) for i, t in enumerate(types or ("medium",))))


def summer(armies=(), order=("P1", "P2"), **kw):
    """A state in summer phase 1 with this moving order, P1 (or ``order[0]``) to move."""
    s = state(armies=tuple(armies), **kw)
    return evolve(s, season="summer", phase=1, order=order, turn=order[0])


def do(s, cmd):
    return apply_summer(s, cmd, GameDice(s.seed), KINDS, STEPS)


def refused(s, cmd, match):
    before = store.dumps_state(s)
    with pytest.raises(CommandError, match=match):
        do(s, cmd)
    assert store.dumps_state(s) == before


def garrisoned(s, node, *ids):
    return evolve(s, places=tuple(evolve(p, garrison=tuple(company(i, "small") for i in ids)) if p.node == node else p for p in s.places))


# --- RC-1.7, RC-4.3 the road graph ------------------------------------------------------------------


def test_road_steps_are_the_roads_and_a_linked_crossing_is_one_step():
    assert STEPS["A-1"] == ("A-0", "A-2", "A-3")
    assert STEPS["A-c"] == ("A-4", "B-c")
    assert "A-0" not in STEPS["A-3"]


# --- RC-4.2 epidemics, RC-4.3 the moving order --------------------------------------------------------


def test_the_epidemic_wipes_out_every_company_at_one_of_the_players_cities():
    s = state(armies=(army("P1-1", "A-1", "large", "small"), army("P1-2", "A-0")), events=(PendingEvent("P1", "epidemic", 1),))
    s = garrisoned(evolve(s, season="summer", phase=0), "A-1", "P1-g1", "P1-g2")
    # P1's cities in map order: A-0 (capital), A-1, A-2; a 2 on 1D3 strikes A-1; then 1 on 1D2 for the order.
    s = start_summer(s, GameDice(s.seed, [2, 1]), KINDS)
    assert [a.id for a in s.armies] == ["P1-2"]
    assert s.place("A-1").garrison == ()
    epidemic = [e for e in s.log if e.rule == "RC-4.2"]
    assert len(epidemic) == 2 and epidemic[0].faces == (2,) and epidemic[0].outcome == "A-1"
    # the struck city is public; the companies lost there are P1's own knowledge (RC-3.10: a spy learns strengths only)
    assert not epidemic[0].secret and "P1-1-c0" not in epidemic[0].text
    assert epidemic[1].secret and epidemic[1].player == "P1" and "P1-1-c0" in epidemic[1].text and "P1-g1" in epidemic[1].text
    assert (s.phase, s.order, s.turn) == (1, ("P1", "P2"), "P1")


def test_no_epidemic_pending_strikes_nobody_and_last_years_is_spent():
    s = state(armies=(army("P1-1", "A-1"),), events=(PendingEvent("P1", "epidemic", 2),))
    s = start_summer(evolve(s, season="summer", phase=0), GameDice(s.seed, [2]), KINDS)
    assert [a.id for a in s.armies] == ["P1-1"]
    assert s.order == ("P2", "P1") and s.turn == "P2"


def test_the_order_is_drawn_once_and_kept_for_all_ten_phases():
    s = state()
    s = start_summer(evolve(s, season="summer", phase=0), GameDice(s.seed), KINDS)
    order = s.order
    assert sorted(order) == ["P1", "P2"]
    draws = [e for e in s.log if e.rule == "RC-4.3" and e.dice]
    assert len(draws) == 1 and draws[0].dice == "1D2"
    for phase in range(1, 11):
        assert (s.season, s.phase, s.order, s.turn) == ("summer", phase, order, order[0])
        for seat in order:
            s, _ = do(s, EndMoves(seat))
    assert (s.season, s.phase, s.order) == ("winter", 0, ())
    assert len([e for e in s.log if e.rule == "RC-4.3" and e.dice]) == 1


def test_the_log_names_the_first_player_drawn_as_moving_1st():
    # RC-4.3 with two players: one die 1D2 draws who moves first (a 2: the second of P1, P2), the other moves second.
    s = state()
    s = start_summer(evolve(s, season="summer", phase=0), GameDice(s.seed, [2]), KINDS)
    assert s.order == ("P2", "P1")
    draw = next(e for e in s.log if e.rule == "RC-4.3" and e.dice)
    assert draw.text.startswith("P2 moves 1st ")


def test_the_summer_starts_only_once():
    s = summer()
    with pytest.raises(CommandError, match="RC-4.1"):
        start_summer(s, GameDice(s.seed), KINDS)


# --- RC-4.3 movement ------------------------------------------------------------------------------------


def test_two_steps_allowed_three_refused():
    s = summer([army("P1-1", "A-0")])
    refused(s, MoveArmy("P1", "P1-1", ("A-1", "A-3", "A-4")), "1 to 2 road steps.*RC-4.3")
    s, entries = do(s, MoveArmy("P1", "P1-1", ("A-1", "A-3")))
    a = s.armies[0]
    assert (a.node, a.came_from, a.moved) == ("A-3", "A-1", 2)
    assert [e.rule for e in entries] == ["RC-4.3"]


def test_off_road_refused():
    s = summer([army("P1-1", "A-0")])
    refused(s, MoveArmy("P1", "P1-1", ("A-3",)), "A-0 -> A-3 is not a road step.*RC-4.3")
    refused(s, MoveArmy("P1", "P1-1", ("A-1", "A-5")), "A-1 -> A-5")


def test_an_army_moves_once_a_phase_and_only_its_owner_moves_it():
    s = summer([army("P1-1", "A-0"), army("P2-1", "B-0")])
    s, _ = do(s, MoveArmy("P1", "P1-1", ("A-1",)))
    refused(s, MoveArmy("P1", "P1-1", ("A-2",)), "already moved.*RC-4.3")
    refused(s, MoveArmy("P1", "P2-1", ("B-1",)), "not an army of P1")


def test_out_of_turn_refused():
    s = summer([army("P1-1", "A-0"), army("P2-1", "B-0")])
    refused(s, MoveArmy("P2", "P2-1", ("B-1",)), "P1's turn.*RC-4.3")
    refused(s, EndMoves("P2"), "P1's turn")
    s, _ = do(s, EndMoves("P1"))
    assert s.turn == "P2"
    s, _ = do(s, MoveArmy("P2", "P2-1", ("B-1",)))
    refused(s, MoveArmy("P1", "P1-1", ("A-1",)), "P2's turn")


def test_an_enemy_army_stops_a_move_there_and_the_engagement_is_logged():
    s = summer([army("P1-1", "A-1"), army("P2-1", "A-3")])
    refused(s, MoveArmy("P1", "P1-1", ("A-3", "A-4")), "must stop at A-3.*P2.*RC-4.3")
    s, entries = do(s, MoveArmy("P1", "P1-1", ("A-3",)))
    assert [a.node for a in s.armies] == ["A-3", "A-3"]
    assert entries[-1].rule == "RC-A.11" and "Engagement at A-3" in entries[-1].text


def test_a_neutral_garrison_stops_a_move_an_empty_place_and_a_diplomat_do_not():
    s = summer([army("P1-1", "A-5")])
    refused(garrisoned(s, "A-9", "N-g1"), MoveArmy("P1", "P1-1", ("A-9", "A-6")), "must stop at A-9.*N")
    s2, _ = do(s, MoveArmy("P1", "P1-1", ("A-9", "A-6")))  # A-9 is neutral but empty
    assert s2.armies[0].node == "A-6"
    spy = SpecialistState("P2-d", "P2", "diplomat", 1, at="A-4")
    s3, _ = do(evolve(summer([army("P1-1", "A-3")]), specialists=(spy,)), MoveArmy("P1", "P1-1", ("A-4", "A-5")))
    assert s3.armies[0].node == "A-5"


def test_a_garrison_of_an_enemy_stops_a_move():
    s = summer([army("P1-1", "B-0")])
    refused(garrisoned(s, "B-1", "P2-g"), MoveArmy("P1", "P1-1", ("B-1", "B-c")), "must stop at B-1.*P2")
    s, _ = do(s, MoveArmy("P1", "P1-1", ("B-1", "B-c")))  # B-1 without its garrison: passed through
    assert s.armies[0].node == "B-c"


def test_a_crossing_between_linked_points_is_one_step():
    s = summer([army("P1-1", "A-4")])
    s, _ = do(s, MoveArmy("P1", "P1-1", ("A-c", "B-c")))  # two steps: A-4 -> A-c, then the crossing
    assert (s.armies[0].node, s.armies[0].moved) == ("B-c", 2)


# --- RC-A.12 control at the end of a phase -------------------------------------------------------------


def _end_phase(s):
    for seat in s.order:
        s, _ = do(s, EndMoves(seat))
    return s


def test_a_village_held_alone_changes_hands_at_the_end_of_the_phase_a_fortified_place_does_not():
    s = summer([army("P2-1", "A-3"), army("P2-2", "A-8")])  # A-3 a village, A-8 a fortress, both P1's and empty
    s = evolve(s, places=tuple(evolve(p, fortified=True) if p.node == "A-4" else p for p in s.places))
    s = evolve(s, armies=s.armies + (army("P2-3", "A-4"),))  # A-4 a village given walls (RC-3.9)
    s = _end_phase(s)
    assert (s.owner("A-3"), s.owner("A-8"), s.owner("A-4")) == ("P2", "P1", "P1")
    assert [e.rule for e in s.log].count("RC-A.12") == 1
    assert s.phase == 2 and s.turn == "P1" and all(a.moved == 0 and a.came_from is None for a in s.armies)


def test_a_village_with_two_players_armies_or_a_garrison_does_not_change_hands():
    s = summer([army("P2-1", "A-3"), army("P1-1", "A-3"), army("P2-2", "A-5")])
    s = _end_phase(garrisoned(s, "A-5", "P1-g"))
    assert (s.owner("A-3"), s.owner("A-5")) == ("P1", "P1")


# --- a property over random move sequences ---------------------------------------------------------------

NODES = sorted(STEPS)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 2), st.lists(st.sampled_from(NODES), min_size=1, max_size=3), st.booleans()), max_size=40))
def test_random_moves_follow_the_roads_two_steps_a_phase_and_round_trip(actions):
    s = summer([army("P1-1", "A-0"), army("P1-2", "A-7"), army("P2-1", "B-0"), army("P2-2", "A-9")])
    for pick, path, end in actions:
        while s.engagements:  # RC-4.4: both attack, so play goes on (tests/test_renaissance_engagements.py has the rest)
            e = s.engagements[0]
            s, _ = do(s, ChooseEngagement(e.phasing if e.phasing_choice is None else e.other, e.node, "attack"))
        if s.season != "summer":
            break
        if end:
            phase = s.phase
            s, _ = do(s, EndMoves(s.turn))
            assert s.phase == phase or all(a.moved == 0 for a in s.armies)
            continue
        mine = s.armies_of(s.turn)
        if not mine:
            continue
        a = mine[pick % len(mine)]
        before = store.dumps_state(s)
        try:
            new, _ = do(s, MoveArmy(s.turn, a.id, tuple(path)))
        except CommandError:
            assert store.dumps_state(s) == before
            continue
        moved = new.armies[[x.id for x in new.armies].index(a.id)]
        assert a.moved == 0 and 1 <= moved.moved == len(path) <= 2
        here = a.node
        for node in path:
            assert node in STEPS[here]
            here = node
        assert moved.node == here
        s = new
    assert store.from_json_text(store.dumps_state(s), "campaign.json") == s


# --- RC-3.8 garrisons left in summer (issue 23 item 13) ---------------------------------------------


def test_a_garrison_is_left_in_summer_at_a_fortified_place_the_move_passed():
    """RC-3.8: "from an army that is at, or passing through, one of their fortified places" (Italian: "od attraversano")."""
    from mapgen.renaissance.commands import Garrison

    s = summer([army("P1-1", "A-0", "medium", "small")])
    s, _ = do(s, MoveArmy("P1", "P1-1", ("A-1", "A-2")))  # through A-1, a city of P1's, to A-2
    s, entries = do(s, Garrison("P1", "P1-1", ("P1-1-c1",), at="A-1"))
    assert [c.id for c in s.place("A-1").garrison] == ["P1-1-c1"]
    assert [(a.node, [c.id for c in a.companies]) for a in s.armies] == [("A-2", ["P1-1-c0"])]
    assert [e.rule for e in entries] == ["RC-3.8"] and entries[0].secret
    # and where it stands: A-2 is a city of P1's
    s, _ = do(s, Garrison("P1", "P1-1", ("P1-1-c0",)))
    assert (s.armies, [c.id for c in s.place("A-2").garrison]) == ((), ["P1-1-c0"])


def test_a_summer_garrison_only_where_the_army_is_or_passed_on_its_turn():
    from mapgen.renaissance.commands import Garrison

    s = summer([army("P1-1", "A-0", "medium", "small"), army("P2-1", "B-0", "medium", "small")])
    refused(s, Garrison("P2", "P2-1", ("P2-1-c1",)), "turn to move")
    refused(s, Garrison("P1", "P1-1", ("P1-1-c1",), at="A-1"), "did not pass A-1")
    s, _ = do(s, MoveArmy("P1", "P1-1", ("A-1", "A-3")))  # to A-3, an unwalled village
    refused(s, Garrison("P1", "P1-1", ("P1-1-c1",)), "not one of P1's fortified places")
    refused(s, Garrison("P1", "P1-1", ("P1-1-c1",), at="A-0"), "did not pass A-0")  # the start of a two-step move
    s2 = summer([army("P1-1", "A-8", "medium", "small")])
    s2, _ = do(s2, MoveArmy("P1", "P1-1", ("A-3",)))  # left the fortress A-8 in a one-step move
    s2, _ = do(s2, Garrison("P1", "P1-1", ("P1-1-c1",), at="A-8"))
    assert [c.id for c in s2.place("A-8").garrison] == ["P1-1-c1"]


# --- RC-3.6 companies between armies (issue 23 item 14) -----------------------------------------------


def test_companies_move_between_two_armies_of_one_player_at_one_node():
    """RC-3.6: "when two armies of the same player are at the same node, companies may move from one to the other"."""
    from mapgen.renaissance.commands import ShiftCompanies

    s = summer([army("P1-1", "A-1", "medium", "small"), army("P1-2", "A-1", "large")])
    s, entries = do(s, ShiftCompanies("P1", "P1-1", "P1-2", ("P1-1-c1",)))
    assert {a.id: ([c.id for c in a.companies], a.strength) for a in s.armies} == {"P1-1": (["P1-1-c0"], 2), "P1-2": (["P1-2-c0", "P1-1-c1"], 4 + 1)}
    assert [e.rule for e in entries] == ["RC-3.6"] and entries[0].secret
    s, _ = do(s, ShiftCompanies("P1", "P1-1", "P1-2", ("P1-1-c0",)))  # the last company: P1-1 is gone
    assert [(a.id, a.strength) for a in s.armies] == [("P1-2", 4 + 1 + 2)]


def test_companies_between_armies_refusals():
    from mapgen.renaissance.commands import ShiftCompanies

    s = summer([army("P1-1", "A-1", "medium", "small"), army("P1-2", "A-2", "large"), army("P1-3", "A-1", "small"),
                army("P2-1", "A-1", "small")])  # fmt: skip
    refused(s, ShiftCompanies("P1", "P1-1", "P1-2", ("P1-1-c1",)), "same node")
    refused(s, ShiftCompanies("P1", "P1-1", "P2-1", ("P1-1-c1",)), "not an army of P1")
    refused(s, ShiftCompanies("P1", "P1-1", "P1-3", ("P1-3-c0",)), "not in army P1-1")
    refused(s, ShiftCompanies("P1", "P1-1", "P1-1", ("P1-1-c1",)), "two different armies")
    allied = evolve(s, armies=s.armies[:2] + (evolve(s.armies[2], allied=True),) + s.armies[3:])
    refused(allied, ShiftCompanies("P1", "P1-1", "P1-3", ("P1-1-c1",)), "allied army")
    # a company of an army that moved this phase never joins one with more steps left (RC-4.3)
    moved, _ = do(summer([army("P1-1", "A-0", "medium"), army("P1-2", "A-1", "small")]), MoveArmy("P1", "P1-1", ("A-1",)))
    refused(moved, ShiftCompanies("P1", "P1-1", "P1-2", ("P1-1-c0",)), "never gain steps")
    moved, _ = do(moved, ShiftCompanies("P1", "P1-2", "P1-1", ("P1-2-c0",)))  # the other way is allowed
    assert [(a.id, a.moved, a.strength) for a in moved.armies] == [("P1-1", 1, 3)]
    refused(evolve(s, turn="P2"), ShiftCompanies("P1", "P1-1", "P1-3", ("P1-1-c1",)), "turn to move")
