"""The state file's text: pydantic-core writes it (:func:`mapgen.engine.statefile.dumps`), byte for byte as ``json.dumps`` did.

Old folders must keep their bytes (undo restores them, replay ``--check``
and the server's export compare them), so the faster writer is checked
against the standard library's over states random games reach, and over
seeds and names that stress the escaping: non-ASCII text, a line separator,
a whole number past 64 bits.
"""

from __future__ import annotations

import dataclasses

import pytest

from mapgen import jsonio
from mapgen.campaign import store as fw_store
from mapgen.renaissance import store as ren_store
from tests.test_fuzz import fw_game, ren_game

GAMES = 6


def _standard_library(store, state) -> str:
    return jsonio.dumps(store.to_json(state))


@pytest.mark.parametrize("i", range(GAMES))
def test_a_fantasy_warriors_state_is_written_as_the_standard_library_writes_it(i):
    state = fw_game(i).state
    assert fw_store.dumps_state(state) == _standard_library(fw_store, state)


@pytest.mark.parametrize("i", range(GAMES))
def test_a_renaissance_state_is_written_as_the_standard_library_writes_it(i):
    state = ren_game(i).state
    assert ren_store.dumps_state(state) == _standard_library(ren_store, state)


@pytest.mark.parametrize("seed", [2**80 + 1, -(2**70), "Città di Siena \u2028 ☃ \U0001F3F0 \"quoted\" back\\slash /"])
def test_awkward_seeds_are_written_as_the_standard_library_writes_them(seed):
    for store, state in ((fw_store, fw_game(0).state), (ren_store, ren_game(0).state)):
        state = dataclasses.replace(state, seed=seed)
        text = store.dumps_state(state)
        assert text == _standard_library(store, state)
        assert store.from_json_text(text, "campaign.json") == state
