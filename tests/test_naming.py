"""The name tables (templates/names/) and the name dealer: every race can name every kind of place,
names are printable, unique and clean, and a name comes from its own people's syllables."""

from __future__ import annotations

import re

import numpy as np
import pytest
import yaml

from mapgen.fw.rules import RACES
from mapgen.naming import Namer, NameTable, NameTableError, blocked, join, load_table, names_rng
from mapgen.render.templates import template_path

#: The kinds of place issue 11 names on a campaign map, and those of a country map.
FW_KINDS = {"capital", "holding", "mountains", "hills", "river", "forest", "jungle", "swamp", "desert", "wasteland", "uncultivated"}
NATURAL_KINDS = FW_KINDS - {"capital", "holding"}
COUNTRY_KINDS = {"capital", "city", "walled_village", "village", "fortress"}


def _raw(key: str) -> dict:
    return yaml.safe_load(template_path("names", f"{key}.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("race", RACES)
def test_every_race_has_a_table_for_every_kind_of_place(race):
    assert set(load_table(race).patterns) == FW_KINDS


def test_the_neutral_third_names_natural_places_and_italy_names_settlements():
    assert set(load_table("neutral").patterns) == NATURAL_KINDS
    assert set(load_table("italian").patterns) == COUNTRY_KINDS


@pytest.mark.parametrize("key", [*RACES, "neutral", "italian"])
def test_names_are_short_printable_words_never_dealt_twice(key):
    table = load_table(key)
    namer = Namer(np.random.default_rng(3))
    seen = set()
    for kind in table.patterns:
        for _ in range(40):
            name = namer.name(table, kind)
            assert re.fullmatch(r"[A-Z][A-Za-z' \-]*[a-z]", name), name  # plain letters: the embedded fonts have them
            assert len(name) <= 20, name
            assert name.lower() not in seen
            seen.add(name.lower())
            assert not blocked(name)


def test_a_dwarf_name_is_made_of_dwarf_syllables():
    raw = _raw("dwarves")
    first = [f.lower() for f in raw["syllables"]["first"]]
    endings = tuple(raw["syllables"]["last"]) + ("heim", "grund", "baraz")  # endings, and the patterns' own
    fixed = {"Karak", "Hold", "Deep", "Khazad", "Karaz"}  # whole words of the patterns
    namer = Namer(np.random.default_rng(11))
    for _ in range(60):
        name = namer.name(load_table("dwarves"), "holding")
        word = next(w for w in name.split() if w not in fixed)
        # a dwarf beginning (the join may trim its last letter) ... a dwarf ending
        assert any(word.lower().startswith(f[: max(2, len(f) - 1)]) for f in first), name
        assert word.endswith(endings), name
        assert not name.endswith(("iel", "ost", "wen")), name  # an elf's endings


def test_the_same_seed_deals_the_same_names_and_another_seed_others():
    def deal(seed):
        namer = Namer(names_rng(seed))
        return [namer.name(load_table("orcs"), "holding") for _ in range(10)]

    assert deal(7) == deal(7)
    assert deal(7) != deal(8)


def test_a_blocklisted_word_is_never_dealt():
    words = yaml.safe_load(template_path("names", "blocklist.yaml").read_text(encoding="utf-8"))["words"]
    assert len(words) >= 10
    bad = words[0]
    table = NameTable("test", (bad.capitalize(), "Dur"), (), ("in",), 0.0, {"holding": ("{Name}",)}, {})
    namer = Namer(np.random.default_rng(1))
    assert namer.name(table, "holding") == "Durin"
    assert blocked(f"Old {bad.upper()}ton") and blocked(f"{bad[:2]} {bad[2:]}")  # read without spaces or case


def test_a_table_that_runs_dry_numbers_its_namesakes():
    table = NameTable("test", ("Dur",), (), ("in",), 0.0, {"holding": ("{Name}",)}, {})
    namer = Namer(np.random.default_rng(1))
    assert [namer.name(table, "holding") for _ in range(3)] == ["Durin", "Durin II", "Durin III"]


def test_a_table_that_can_make_no_printable_name_is_refused():
    table = NameTable("test", ("D%r",), (), ("in",), 0.0, {"holding": ("{Name}",)}, {})
    with pytest.raises(NameTableError, match="no printable name"):
        Namer(np.random.default_rng(1)).name(table, "holding")


def test_syllables_join_smoothly():
    assert join("Gora", "ash") == "Gorash"  # one vowel where two meet
    assert join("Gund", "dum") == "Gundum"  # no letter doubled across the join
    assert join("Hart", "stead") == "Harstead"  # no four consonants in a row
    assert join("Kings", "wick") == "Kingswick"


def test_patterns_glue_lower_case_words_and_agree_adjectives():
    table = NameTable("t", ("Ros",), (), ("ana",), 0.0, {"k": ("Castel{name}", "{Name} {adj}")}, {"adj": ("Vecchio/Vecchia",)})
    namer = Namer(np.random.default_rng(1))
    assert namer.fill(table, "Castel{name}") == "Castelrosana"
    assert namer.fill(table, "{Name} {adj}") == "Rosana Vecchia"
