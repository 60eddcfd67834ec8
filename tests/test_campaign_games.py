"""Whole campaigns played by the bots through ``engine.apply``: battles, retreats and all.

After every day the state must still load as a saved campaign would (the
checks of ``checks.check_state``: forces on land squares of the map, no two
hostile forces in a square without a battle pending there, one order or
reaction each) and round-trip through ``campaign.json`` unchanged.
"""

from __future__ import annotations

from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from mapgen.campaign.bots import Bot, play_day
from mapgen.campaign.checks import check_state
from mapgen.campaign.setup import start_campaign
from mapgen.campaign.state import Options
from mapgen.campaign.store import board_for, dumps_state, from_json_text
from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions
from mapgen.jsonio import dumps

DAYS = 20


@lru_cache(maxsize=None)
def _map(seed: int):
    m = generate_map(MapOptions(seed=seed, size="small"))
    return m, dumps(m.to_json()).encode("utf-8")


OPTIONS = st.builds(
    Options,
    weather=st.booleans(),
    random_events=st.booleans(),
    naran_movement=st.booleans(),
    capital_requires_siege=st.booleans(),
)


@settings(max_examples=12, deadline=None)
@given(map_seed=st.sampled_from([3, 5, 8]), seed=st.integers(0, 10_000), options=OPTIONS)
def test_bots_play_legal_campaigns(map_seed, seed, options):
    m, raw = _map(map_seed)
    state = start_campaign(m, raw, "fw-map.json", seed, options, forces_per_side=3)
    board = board_for(state)
    bots = {"A": Bot("A"), "B": Bot("B")}
    battles = 0
    for _ in range(DAYS):
        if state.winner is not None:
            break
        state, _ = play_day(state, board, bots)
        check_state(state, board)
        assert from_json_text(dumps_state(state), "campaign.json") == state
        battles += sum(1 for e in state.log if e.rule == "FW-10.3" and e.day == state.day - 1)
    assert state.day > 1
