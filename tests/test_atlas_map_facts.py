"""What the atlas page says of the map's squares is kept in ``.atlas-cache`` (issue 22), so a command reads no map model.

Kept or not, the page must be byte for byte the page drawn from the map; an
entry planted in a folder from an opponent must neither break the command
nor change what the page says of the map.
"""

from __future__ import annotations

import json

import pytest

from mapgen.atlas import ATLAS_FILE, build_atlas
from mapgen.atlas.cache import CACHE_DIR, Fragments

from .atlas_helpers import copy_of, fw_kit
from .cli_helpers import run


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    folder = tmp_path_factory.mktemp("facts") / "kit"
    fw_kit(folder, seed=12, size="small")
    return folder


@pytest.fixture
def camp(kit, tmp_path):
    return copy_of(kit, tmp_path)


def _from_the_map(folder) -> str:
    return build_atlas(folder, None, Fragments(folder, write=False, read=False))


def _facts_entries(folder):
    return sorted((folder / CACHE_DIR).glob("fw-map-facts-*"))


def test_a_command_keeps_the_map_facts_and_its_page_is_the_page_drawn_from_the_map(camp, capsys):
    code, _, err = run(["campaign", "order", str(camp), "A2", "max_speed"], capsys)
    assert code == 0, err
    (entry,) = _facts_entries(camp)
    facts = json.loads(entry.read_text(encoding="utf-8"))
    assert len(facts["cells"]) == facts["width"] * facts["height"]
    assert (camp / ATLAS_FILE).read_text(encoding="utf-8") == _from_the_map(camp)


@pytest.mark.parametrize("planted", ["not json", "[]", '{"cells": [{"id": 3}]}', '{"sides": {}, "cells": []}'])
def test_a_planted_map_facts_entry_breaks_nothing(camp, capsys, planted):
    assert run(["campaign", "order", str(camp), "A2", "max_speed"], capsys)[0] == 0
    (entry,) = _facts_entries(camp)
    entry.write_text(planted, encoding="utf-8")
    code, _, err = run(["campaign", "undo", str(camp)], capsys)
    assert code == 0 and "Warning" not in err, err
    assert (camp / ATLAS_FILE).read_text(encoding="utf-8") == _from_the_map(camp)
