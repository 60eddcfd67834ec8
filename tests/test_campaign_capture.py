"""FW-9.10: holdings changing hands, counted the same after a move and after a battle."""

from mapgen.campaign.capture import capture
from mapgen.campaign.dice import GameDice
from mapgen.campaign.state import HoldingState, Options

from .campaign_move_tiny import force, tiny_state


def _capital(owner: str, home: str) -> HoldingState:
    return HoldingState("D3", owner, True, "city", original_owner=home)


def test_taking_the_enemy_capital_counts_a_capital_lost_for_its_owner():
    state = tiny_state([force("A1", "D3")], holdings=(_capital("B", "B"),))
    new = capture(state, "D3", "A", GameDice(1), 2)
    assert new.holding("D3").owner == "A"
    assert (new.side("A").holdings_taken, new.side("B").holdings_lost, new.side("B").capitals_lost) == (1, 1, 1)
    assert new.side("B").will_to_fight_due == ("FW-13.c",)


def test_retaking_your_own_capital_is_no_capital_lost_for_the_enemy():
    state = tiny_state([force("B1", "D3")], holdings=(_capital("A", "B"),))  # A had taken B's capital
    new = capture(state, "D3", "B", GameDice(1), 4)
    assert new.holding("D3").owner == "B"
    assert (new.side("A").holdings_lost, new.side("A").capitals_lost) == (1, 0)


def test_no_capture_with_an_enemy_force_there_nor_of_a_capital_that_needs_a_siege():
    state = tiny_state([force("A1", "D3"), force("B1", "D3")], holdings=(_capital("B", "B"),))
    assert capture(state, "D3", "A", GameDice(1), 2) is state  # FW-9.10: not occupied by any enemy force
    sieged = tiny_state([force("A1", "D3")], holdings=(_capital("B", "B"),), options=Options(capital_requires_siege=True))
    dice = GameDice(1)
    assert capture(sieged, "D3", "A", dice, 2) is sieged and dice.log[-1].rule == "FW-9.10.1"


def test_the_log_names_the_side_and_the_kind_when_no_force_is_named():
    # FW-9.10: a player reads who took what; without ``by`` the taker is its side
    state = tiny_state([force("A1", "D3")], holdings=(_capital("B", "B"),))
    dice = GameDice(1)
    capture(state, "D3", "A", dice, 2)
    assert dice.log[-1].text == "side A captures side B's capital at D3; side B tests its Will (FW-13.c)"
