"""The bots afloat on a generated map (option ``watercraft``): they buy craft and embark when a voyage serves them.

On maps from ``fw-map --watercraft`` no force starts with craft, so before the bots bought any they never
sailed (0 naval rolls over seeds 1-8 of ``mapgen new``).  The game here is fixed by its seeds: a medium map
with a port on each side (FW-20.2), dice seed 1, aggressive against cautious.
"""

from __future__ import annotations

import json

from mapgen.campaign.bots import make_bots, play_day
from mapgen.campaign.bots.play import command_words
from mapgen.campaign.bots.sailing import expected_distance
from mapgen.campaign.commands import BuyCraft, Embark
from mapgen.campaign.setup import start_campaign
from mapgen.campaign.state import Options
from mapgen.campaign.store import board_for
from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions
from tests.campaign_move_tiny import force, tiny_state
from tests.fw_water import water_board

#: A medium map whose ports are on navigable water both sides can reach; days played at most.
MAP_SEED, DAYS = 4, 9


def _game():
    m = generate_map(MapOptions(seed=MAP_SEED, size="medium", watercraft=True))
    state = start_campaign(m, json.dumps(m.to_json()).encode(), "fw-map.json", 1, Options(watercraft=True))
    return m, state, board_for(state)


def test_the_bots_embark_on_a_generated_map_with_a_port():
    m, state, board = _game()
    assert m.ports and board.ports  # FW-20.2: the map has its ports
    bots = make_bots(("aggressive", "cautious"))
    while state.winner is None and state.day <= DAYS:
        state, _ = play_day(state, board, bots)  # an illegal command stops the game (IllegalCommand)
    embarked = [e for e in state.log if e.rule == "FW-20.7" and e.dice and " embarks at " in e.text]
    bought = [e for e in state.log if e.rule.startswith("FW-20") and " buys " in e.text]
    assert embarked, "no force went afloat"
    assert bought and bought[0].day <= embarked[0].day  # the craft were bought (banked points, FW-20.3, FW-20.4) first


def test_a_fleet_that_cannot_reach_a_shore_today_is_expected_to_stay():
    """FW-20.7: a fleet always makes one square, and stops off the last land square it reached (never in open water).
    From the port B5 across the open sea (C6) to D5, a roll of one square leaves it off B5; the best roll
    (6, favourable wind +1, friendly territory +1, Max Speed +2 = 10: 4 squares, 3 after embarking) reaches D5."""
    board = water_board()
    a1 = force("A1", "B5", "max_speed", ships=1)
    state = tiny_state([a1, force("B1", "C5")], phase=2, initiative=("A",), options=Options(watercraft=True))
    dist = {"B5": 5, "D5": 1}
    got = expected_distance(state, board, a1, Embark, ("C6", "D5"), dist)
    assert 1 < got < 5


def test_buy_craft_is_typed_as_a_player_types_it():
    assert command_words(BuyCraft("A2", boats=16, rafts=4)) == "buy-craft A2 boats=16 rafts=4"
