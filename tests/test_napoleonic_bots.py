"""The Napoleonic bots: their odds from first principles, the line they never give away, armies fit for the tables' fit."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mapgen import engine
from mapgen.napoleonic import bots
from mapgen.napoleonic.board import LINE_AREAS, RESERVE
from mapgen.napoleonic.rules import broken_part
from mapgen.napoleonic.ruleset import RULESET
from mapgen.napoleonic.simulate import BUDGET, MIN_FIGHTERS, random_army, seat_to_act
from mapgen.napoleonic.store import Field, field_bytes, new_state
from mapgen.rulebooks.nap_units import UNITS

from mapgen.engine.records import evolve
from mapgen.napoleonic.battle import Charge, Move

from .nap_helpers import BOARD, TABLES, battle, play


def test_two_dice_odds():
    assert bots.at_least(8) == pytest.approx(15 / 36)  # 8 to 12: 5+4+3+2+1 of 36
    assert bots.at_least(2) == pytest.approx(1.0) and bots.at_least(13) == 0
    even = bots.margins(0)
    assert even[0] == pytest.approx(146 / 1296)  # sum of squares of 1..6..1 over 36^2
    assert even[3] == pytest.approx(even[-3])  # an even charge is a fair one
    destroyed, routed, lost, fled = bots.outcomes(0, 3, 3)
    assert destroyed == pytest.approx(lost) and routed == pytest.approx(fled)
    assert destroyed + routed + lost + fled + even[0] == pytest.approx(1.0)


def test_fire_value_is_the_expected_loss_in_production_points():
    # infantry fires at infantry with a friend beside it: needs 8 (the tests' table), hit 15/36; 1-3 of 6 destroys
    # (6 points lost), 4-6 routs it (worth half, so 3 points lost): 15/36 * (6/2 + 3/2)
    s = battle(("A1", "infantry", "mid-0"), ("B1", "infantry", "b-right"), ("B2", "infantry", "b-right"))
    assert bots.fire_value(s, s.unit("A1"), s.unit("B1"), TABLES) == pytest.approx(15 / 36 * 4.5)


def test_the_last_holder_of_a_line_part_is_worth_the_battle():
    alone = battle(("A1", "infantry", "mid-0"), ("B1", "infantry", "b-right"))
    backed = battle(("A1", "infantry", "mid-0"), ("B1", "infantry", "b-right"), ("B2", "infantry", "b-right"))
    assert bots.last_holder(alone, alone.unit("B1")) and not bots.last_holder(backed, backed.unit("B1"))
    # the stake: both armies (18 + 18 points), times the 15/36 chance of the hit that breaks the part
    assert bots.fire_value(alone, alone.unit("A1"), alone.unit("B1"), TABLES) == pytest.approx(15 / 36 * (4.5 + 36))
    assert bots.fire_value(alone, alone.unit("A1"), alone.unit("B1"), TABLES) > 5 * bots.fire_value(
        backed, backed.unit("A1"), backed.unit("B1"), TABLES)


def test_cavalry_does_not_press_a_charge_on_a_square_it_cannot_beat():
    # cavalry +2 and -3 against a square: a margin of -1 on even ground, a losing charge, so it is called off; declared,
    # it is worth only the square it forces (NAP-10): B1's shot at A1 drops from 8+ (15/36) to 9+ (10/36), and a hit on
    # cavalry (10 points; 1-3 destroys, else routed, worth half) costs 7.5 points.  A2 holds A's left behind A1.
    s = battle(("A1", "cavalry", "mid-0"), ("A2", "infantry", "a-left"), ("B1", "infantry", "b-right"), ("B2", "infantry", "b-right"),
               phase="cavalry")
    assert bots.charge_value(s, s.unit("A1"), s.unit("B1"), TABLES) == pytest.approx((15 - 10) / 36 * 7.5)
    squared = play(s, Charge("A1", "B1"))
    assert squared.pending is not None and bots.choose(squared, "A", BOARD, "aggressive")[0] == "call_off"
    # against militia that fails to form square half the time, +2 with nothing against it (and -1 for the militia)
    m = battle(("A1", "cavalry", "mid-0"), ("A2", "infantry", "a-left"), ("B1", "militia", "b-right"), ("B2", "infantry", "b-right"),
               phase="cavalry")
    assert bots.charge_value(m, m.unit("A1"), m.unit("B1"), TABLES) > bots.charge_value(s, s.unit("A1"), s.unit("B1"), TABLES)


def test_cavalry_forces_the_square_its_guns_then_fire_at():
    # NAP-3.1: the cavalry phase comes before the artillery's.  B1 has advanced into mid-0, in front of A's cavalry and
    # gun in a-left.  The gun hits B1 on 7+ (21/36), on 5+ (30/36) once it is in square (+2, NAP-10); a hit on infantry
    # costs 4.5 points.  B1's own best shot, at the gun (12 points: 9 lost a hit), drops from 8+ (15/36) to 9+ (10/36).
    s = battle(("A1", "cavalry", "a-left"), ("A2", "artillery", "a-left"), ("B1", "infantry", "mid-0"), ("B2", "infantry", "b-right"),
               phase="cavalry")
    assert bots.charge_value(s, s.unit("A1"), s.unit("B1"), TABLES) == pytest.approx((30 - 21) / 36 * 4.5 + (15 - 10) / 36 * 9)
    assert bots.choose(s, "A", BOARD, "cautious") == ("charge", {"unit": "A1", "target": "B1"})


def test_a_gun_keeps_its_last_screen_and_a_bare_gun_gets_one():
    # NAP-9: A2 alone screens the gun A1, so it does not advance; the reserve A6 goes to screen the bare gun A7
    s = battle(("A1", "artillery", "a-left"), ("A2", "infantry", "a-left"), ("A4", "artillery", "a-centre"), ("A5", "infantry", "a-centre"),
               ("A6", "infantry", "a-reserve"), ("A7", "artillery", "a-right"), ("B1", "cavalry", "b-right"), ("B2", "infantry", "b-right"))
    assert bots.choose(s, "A", BOARD, "aggressive") == ("move", {"unit": "A6", "to": "a-right"})
    screened = play(s, Move("A6", "a-right"))
    assert bots.choose(evolve(screened, acting="A"), "A", BOARD, "aggressive")[0] == "turn"


def test_militia_forms_square_before_cavalry_can_reach_it():
    # NAP-10: militia's square fails on 1-3 of 1D6 when the charge comes; formed beforehand it cannot fail.  B1 can
    # move to mid-0 and charge A1, the last holder of A's left, at +2 against -1; nothing of B's can fire at a-left.
    m = battle(("A1", "militia", "a-left"), ("A2", "cavalry", "a-centre"), ("A3", "cavalry", "a-right"), ("B1", "cavalry", "mid-1"),
               ("B2", "infantry", "b-right"), ("B3", "infantry", "b-left"), phase="infantry", fill=False)
    assert bots.choose(m, "A", BOARD, "aggressive") == ("form_square", {"unit": "A1"})


def _bot_battle(seed: int, rng_seed: str):
    rng = random.Random(rng_seed)
    board = Field(TABLES)
    state = new_state(seed, field_bytes(TABLES), rng.choice("AB"), (random_army("A", rng), random_army("B", rng)))
    states = [state]
    while RULESET.over(state) is None and len(states) < 3000:
        seat = seat_to_act(state)
        name, args = bots.choose(state, seat, board, rng.choice(bots.BEHAVIOURS))
        state, _ = engine.apply(RULESET, state, RULESET.decode({"command": name, **args}), RULESET.dice_for(state), board)
        states.append((seat, name, state))
    return states


@pytest.mark.parametrize("seed", range(3))
def test_bots_deploy_in_depth_and_never_break_their_own_line(seed):
    states = _bot_battle(seed, f"bots-{seed}")
    battle_start = next(s for _seat, _name, s in states[1:] if s.stage == "battle")
    for side in "AB":
        fighters = [u for u in battle_start.units if u.side == side and UNITS[u.type].arm != "leader"]
        placed = Counter(u.area for u in fighters)
        assert all(placed[a] >= 2 for a in LINE_AREAS[side])  # two deep in every line area
        assert placed[RESERVE[side]] >= 1  # and a reserve held back
    assert any(s.stage != "battle" for _seat, _name, s in states[1:])  # the battle ends
    for seat, name, s in states[1:]:
        if name == "move":
            assert broken_part(s, seat) is None  # a bot's own move never leaves a part of its line empty


def test_random_armies_cost_the_budget_with_two_units_to_a_line_part():
    rng = random.Random(5)
    for _ in range(50):
        _army, units = random_army("A", rng)
        kinds = Counter(u.type for u in units)
        assert sum(UNITS[u.type].cost for u in units) == BUDGET
        assert len(units) - kinds["leader"] >= MIN_FIGHTERS >= 2 * 3 + 1
        assert 1 <= kinds["leader"] <= 2 and kinds["infantry"] >= 2 * kinds["elite_infantry"]  # NAP-1 elite rule
