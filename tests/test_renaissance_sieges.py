"""Renaissance sieges (RC-4.10, Tabella 35, RC-4.1 c, RC-6, RC-A.12, RC-A.16 to RC-A.19).

Expected values are typed from Tabella 35: 1D6 + modifiers, 7 or more takes
the place; +1 per siege phase counting this one (RC-A.17), +1 per 10 ducats of
bribes, +2 when non-mercenaries outnumber mercenaries (RC-A.18), -1 walled
(RC-A.19), -1 a defending engineer.  The besieger below is one medium regular
(2) and one small mercenary (1): equal numbers, so no +2.  At ``A-9`` (a
neutral walled village) the first roll's modifiers are +1 - 1 = 0.
"""

from __future__ import annotations

import pytest

from mapgen.campaign.dice import GameDice
from mapgen.renaissance import store
from mapgen.renaissance.commands import BeginSiege, Bribe, CommandError, EndMoves, MoveArmy
from mapgen.renaissance.sieges import cover
from mapgen.renaissance.state import Army, Siege, SpecialistState, company
from mapgen.renaissance.summer import apply_summer
from mapgen.campaign.state import evolve
from tests.test_renaissance_spring import KINDS
from tests.test_renaissance_summer import STEPS, garrisoned, summer


def besieger(node="A-9", id="P1-1"):
    return Army(id, "P1", node, (company(f"{id}-c1", "medium"), company(f"{id}-c2", "small", "mercenary")))


def do(s, cmd, entered=()):
    return apply_summer(s, cmd, GameDice(s.seed, entered), KINDS, STEPS)[0]


def refused(s, cmd, match):
    before = store.dumps_state(s)
    with pytest.raises(CommandError, match=match):
        do(s, cmd)
    assert store.dumps_state(s) == before


def begun(node="A-9", treasury=0, **kw):
    s = summer([besieger(node)], treasury=treasury, **kw)
    return do(s, BeginSiege("P1", "P1-1", node))


def end_phase(s, face):
    """Both players end their moves: the end of the phase rolls the siege with ``face``."""
    s = do(s, EndMoves("P1"))
    return do(s, EndMoves("P2"), entered=(face,))


def siege_entry(s):
    return next(e for e in reversed(s.log) if e.rule == "RC-4.10" and e.total is not None)


# --- the roll ------------------------------------------------------------------------------------


def test_a_six_with_no_modifier_holds_and_costs_one_strength():
    s = end_phase(begun(), 6)
    e = siege_entry(s)
    assert (e.faces, e.total, e.outcome) == ((6,), 6, "holds")
    assert sorted(m.name for m in e.modifiers) == ["phases", "walled"]
    assert s.owner("A-9") == "N"
    assert s.sieges == (Siege("A-9", "P1-1", phases=1, arrived=1),)
    # RC-3.7: the smallest cover of 1 point is the small company (1), not the medium (2)
    assert [c.id for c in s.armies[0].companies] == ["P1-1-c1"]
    assert s.phase == 2
    # that the besieger wastes away is public; which company went is P1's own knowledge (RC-3.10)
    lines = [x for x in s.log if x.rule == "RC-4.10" and x.text.startswith("Siege attrition")]
    assert [(x.secret, "P1-1-c" in x.text) for x in lines] == [(False, False), (True, True)]


def test_the_besieger_names_the_company_it_gives_up_to_attrition():
    """RC-3.7, RC-A.31 (issue 23 item 16): the owner may override the proposal (the small): it gives up the medium (2 >= 1)."""
    s = summer([besieger()])
    s = do(s, BeginSiege("P1", "P1-1", "A-9", lose=("P1-1-c1",)))
    s = end_phase(s, 6)
    assert [c.id for c in s.armies[0].companies] == ["P1-1-c2"]
    refused(summer([besieger()]), BeginSiege("P1", "P1-1", "A-9", lose=("P2-1-c1",)), r"not in army P1-1.*RC-3.7")


def test_the_second_phase_counts_two_and_a_four_takes_the_place():
    s = end_phase(begun(), 6)
    # RC-A.17 +2, walled -1, and the mercenary lost to attrition leaves a regular alone: +2 (RC-A.18)
    s = end_phase(s, 4)
    e = siege_entry(s)
    assert (e.total, e.outcome) == (7, "taken")
    place = s.place("A-9")
    assert (place.owner, place.damaged, place.garrison) == ("P1", True, ())
    assert s.sieges == ()
    assert s.armies == ()  # RC-A.16: attrition after a success too; the medium company was the last


def test_ten_ducats_of_bribes_push_a_six_to_seven_and_nine_do_not():
    s = do(begun(treasury=25), Bribe("P1", "A-9", 10))
    assert s.player("P1").treasury == 15
    s = end_phase(s, 6)
    assert (siege_entry(s).total, s.owner("A-9")) == (7, "P1")
    s = do(begun(treasury=25), Bribe("P1", "A-9", 9))
    s = end_phase(s, 6)
    assert (siege_entry(s).total, s.owner("A-9"), s.player("P1").treasury) == (6, "N", 16)
    assert s.sieges[0].bribes == 0  # spent on this phase's roll only


def test_a_defending_engineer_pushes_a_bribed_six_back_under():
    s = begun(treasury=10)
    s = evolve(s, specialists=(SpecialistState("N-e", "N", "engineer", 1, at="A-9"),))
    s = end_phase(do(s, Bribe("P1", "A-9", 10)), 6)
    assert (siege_entry(s).total, siege_entry(s).outcome) == (6, "holds")


def test_non_mercenaries_outnumbering_add_two():
    s = summer([Army("P1-1", "P1", "A-9", (company("P1-1-c1", "medium"), company("P1-1-c2", "small")))])
    s = end_phase(do(s, BeginSiege("P1", "P1-1", "A-9")), 5)  # 5 + 1 + 2 - 1
    assert (siege_entry(s).total, s.owner("A-9")) == (7, "P1")


def test_the_garrison_becomes_prisoners():
    s = garrisoned(begun(treasury=10), "A-9", "N-g1", "N-g2")
    s = end_phase(do(s, Bribe("P1", "A-9", 10)), 6)
    assert s.owner("A-9") == "P1"
    assert [(p.holder, p.owner, [c.id for c in p.companies]) for p in s.prisoners] == [("P1", "N", ["N-g1", "N-g2"])]


def test_taking_the_last_opposing_capital_ends_the_campaign():
    s = begun("B-0", treasury=10)  # B-0: P2's capital, walled -1 (RC-A.3)
    s = end_phase(do(s, Bribe("P1", "B-0", 10)), 6)
    assert (s.owner("B-0"), s.winner, s.ended, s.turn) == ("P1", "P1", "capitals", None)
    assert any(e.rule == "RC-6" for e in s.log)
    refused(s, EndMoves("P1"), r"RC-6")


def test_taking_the_last_opposing_capital_wins_with_ones_own_capital_lost():
    """RC-6 "tutte le capitali avversarie" (issue 23 item 17): P1's own capital, held by the neutral, is not asked for."""
    s = begun("B-0", treasury=10)
    s = evolve(s, places=tuple(evolve(p, owner="N") if p.node == "A-0" else p for p in s.places))
    s = end_phase(do(s, Bribe("P1", "B-0", 10)), 6)  # 6 + 1 phase + 1 bribe - 1 walled = 7: taken
    assert (s.owner("A-0"), s.owner("B-0"), s.winner, s.ended) == ("N", "P1", "P1", "capitals")


def test_a_siege_ends_when_its_army_moves_away():
    s = do(begun(), MoveArmy("P1", "P1-1", ("A-5",)))
    s = end_phase(s, 6)
    assert s.sieges == ()
    assert any("ends" in e.text and e.rule == "RC-4.10" for e in s.log)


# --- refusals, the state byte-identical -------------------------------------------------------------


def test_refusals_leave_the_state_untouched():
    s = summer([besieger(), Army("P2-1", "P2", "A-9", (company("P2-1-c1", "small"),)), besieger("A-1", "P1-2"), besieger("A-3", "P1-3")])
    refused(s, BeginSiege("P1", "P2-1", "A-9"), r"not an army of P1 \(RC-4.10\)")
    refused(s, BeginSiege("P1", "P1-1", "A-8"), r"stands at A-9.*RC-4.10")
    refused(s, BeginSiege("P1", "P1-3", "A-3"), r"not a fortified place.*RC-A.12")
    refused(s, BeginSiege("P1", "P1-2", "A-1"), r"P1's own.*RC-4.10")
    moved = evolve(s, armies=tuple(evolve(a, moved=1) if a.id == "P1-1" else a for a in s.armies))
    refused(moved, BeginSiege("P1", "P1-1", "A-9"), r"next phase \(RC-4.10 step 1\)")
    refused(s, Bribe("P1", "A-9", 10), r"besieges no place.*RC-4.10")
    s = do(evolve(s, players=tuple(evolve(p, treasury=15) for p in s.players)), BeginSiege("P1", "P1-1", "A-9"))
    refused(s, BeginSiege("P1", "P1-1", "A-9"), r"already under siege")
    refused(s, Bribe("P1", "A-9", 16), r"1 to 15 ducats.*RC-4.10")
    refused(s, Bribe("P1", "A-9", 0), r"1 to 15 ducats")
    refused(s, Bribe("P1", "A-9", -5), r"1 to 15 ducats")


# --- RC-3.7 losses ------------------------------------------------------------------------------------


def test_cover_is_the_smallest_total_then_the_fewest_companies():
    cs = (company("a", "large"), company("b", "medium"), company("c", "small"), company("d", "rabble"), company("e", "small"))
    assert [c.id for c in cover(cs, 1)] == ["c"]
    assert [c.id for c in cover(cs, 2)] == ["b"]  # 2 with one company beats small + small
    assert [c.id for c in cover(cs, 3)] == ["b", "c"]
    assert [c.id for c in cover(cs, 50)] == ["a", "b", "c", "e"]  # all with strength; rabble never counts
    assert cover((company("d", "rabble"),), 1) == []
