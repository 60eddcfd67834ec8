"""What a command keeps between processes (mapgen.engine.kept): the state's validator and a map's board.

Kept work must be exactly what building it gives (the same validator, so
the same states and the same error messages; the same board, steps in the
same order), and anything stale or broken must be built again, never used.
"""

from __future__ import annotations

import json
import pickle

import pytest
from pydantic import TypeAdapter

from mapgen.campaign import store
from mapgen.campaign.board import build_board, kept_board
from mapgen.campaign.state import CampaignState
from mapgen.engine import boards, kept, statefile
from mapgen.engine.validators import StateValidator
from mapgen.errors import BadFileError

from .conftest import cached_map


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "mapgen"


def test_a_kept_file_is_read_back_only_under_its_own_key(own_cache):
    kept.write("thing.bin", "a" * 64, b"payload\nwith a line break")
    assert kept.read("thing.bin", "a" * 64) == b"payload\nwith a line break"
    assert kept.read("thing.bin", "b" * 64) is None  # another version of the code
    assert kept.read("other.bin", "a" * 64) is None


def test_the_code_key_changes_when_a_source_file_changes(tmp_path, monkeypatch):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "a.py").write_text("X = 1\n")
    monkeypatch.setattr(kept, "PACKAGE", package)
    kept.code_key.cache_clear()
    try:
        before = kept.code_key()
        kept.code_key.cache_clear()
        (package / "a.py").write_text("X = 22\n")  # another size
        assert kept.code_key() != before
    finally:
        kept.code_key.cache_clear()


def test_the_code_key_is_made_without_a_library_it_cannot_find(monkeypatch):
    # a library missing (or found with no file) counts as an empty stamp: the key is made, and it differs
    found = kept.importlib.util.find_spec
    kept.code_key.cache_clear()
    try:
        with_pydantic = kept.code_key()
        kept.code_key.cache_clear()
        monkeypatch.setattr(kept.importlib.util, "find_spec", lambda name: None if name.startswith("pydantic") else found(name))
        assert kept.code_key() != with_pydantic
    finally:
        kept.code_key.cache_clear()


def test_prune_keeps_the_newest(own_cache):
    for i in range(5):
        kept.write(f"board-{i}.pickle", "k" * 64, b"x")
    kept.prune("board-", 2)
    assert len(list(own_cache.glob("board-*"))) == 2


def _campaign_text(tmp_path) -> str:
    from .atlas_helpers import fw_kit

    fw_kit(tmp_path / "kit", seed=7, size="small")
    return (tmp_path / "kit" / "campaign.json").read_text()


def test_the_kept_validator_reads_and_writes_as_pydantic_builds_it(tmp_path, own_cache):
    text = _campaign_text(tmp_path)
    StateValidator(CampaignState)  # built, and kept
    assert list(own_cache.glob("validator-*"))
    kept_one, built = StateValidator(CampaignState), TypeAdapter(CampaignState)
    state = kept_one.validate_json(text)
    assert state == built.validate_json(text, strict=True)
    assert kept_one.dump_python(state) == built.dump_python(state, mode="json")


@pytest.mark.parametrize("change", [
    lambda d: d["forces"][0]["leader"].update(cv="4"),  # a string where a number goes (strict)
    lambda d: d["forces"][1].update(square=7),
    lambda d: d.update(day=-3),
])
def test_a_broken_state_gets_the_same_message_from_the_kept_validator(tmp_path, own_cache, change, monkeypatch):
    data = json.loads(_campaign_text(tmp_path))
    change(data)
    text = json.dumps(data)
    StateValidator(CampaignState)  # kept now
    with pytest.raises(BadFileError) as kept_says:
        statefile.read_state(text, "campaign.json", store.SCHEMA, store.VERSION, StateValidator(CampaignState))
    monkeypatch.setattr(kept, "read", lambda name, key: None)  # nothing kept: built by pydantic
    with pytest.raises(BadFileError) as built_says:
        statefile.read_state(text, "campaign.json", store.SCHEMA, store.VERSION, StateValidator(CampaignState))
    assert str(kept_says.value) == str(built_says.value)
    assert "field '" in str(kept_says.value)


def test_a_torn_kept_validator_is_built_again(tmp_path, own_cache):
    text = _campaign_text(tmp_path)
    StateValidator(CampaignState)
    for path in own_cache.glob("validator-*"):
        head = path.read_bytes().split(b"\n", 1)[0]
        path.write_bytes(head + b"\nnot a pickle")
    assert StateValidator(CampaignState).validate_json(text) == TypeAdapter(CampaignState).validate_json(text, strict=True)


def test_the_kept_board_is_the_built_board_steps_in_the_same_order(own_cache):
    m = cached_map(7, "small")
    built = build_board(m)
    data = b"the map file's bytes"
    first = kept_board(data, lambda: build_board(m))
    again = kept_board(data, lambda: pytest.fail("a kept board is built again"))
    for board in (first, again):
        assert board == built
        assert list(board.steps) == list(built.steps)
        assert all(list(board.steps[s]) == list(built.steps[s]) for s in built.steps)


def test_a_kept_board_of_another_type_is_not_used(own_cache):
    m = cached_map(7, "small")
    key = kept.code_key()
    kept.write(f"board-fw-{boards.sha256_bytes(b'map')}.pickle", key, pickle.dumps({"not": "a board"}))
    assert kept_board(b"map", lambda: build_board(m)) == build_board(m)
