"""Tables under templates/ read back from the user's cache folder: the same data as PyYAML gives, and a changed table is read again."""

from __future__ import annotations

import json

import yaml

from mapgen import datafiles


def _yaml(*parts):
    return yaml.safe_load(datafiles.template_path(*parts).read_text(encoding="utf-8"))


def test_a_kept_table_is_the_data_pyyaml_reads(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    for parts in (("names", "dwarves.yaml"), ("names", "blocklist.yaml"), ("campaign", "default-forces.yaml")):
        first = datafiles.read_table(*parts)  # read with PyYAML, then kept
        assert (tmp_path / "mapgen" / "tables" / ("-".join(parts) + ".json")).is_file()
        again = datafiles.read_table(*parts)  # read from what was kept
        assert first == again == _yaml(*parts)


def test_a_table_changed_since_it_was_kept_is_read_again(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    templates = tmp_path / "templates"
    (templates / "names").mkdir(parents=True)
    table = templates / "names" / "test.yaml"
    monkeypatch.setattr(datafiles, "template_path", lambda *parts: templates.joinpath(*parts))
    table.write_text("words: [one, two]\n", encoding="utf-8")
    assert datafiles.read_table("names", "test.yaml") == {"words": ["one", "two"]}
    table.write_text("words: [one, three]\n", encoding="utf-8")  # a player's edit, same size or not
    assert datafiles.read_table("names", "test.yaml") == {"words": ["one", "three"]}


def test_a_table_json_cannot_hold_is_not_kept(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "t.yaml").write_text("1: one\n", encoding="utf-8")  # a number key: JSON would make it "1"
    monkeypatch.setattr(datafiles, "template_path", lambda *parts: templates.joinpath(*parts))
    assert datafiles.read_table("t.yaml") == {1: "one"}
    assert datafiles.read_table("t.yaml") == {1: "one"}
    assert not (tmp_path / "cache" / "mapgen" / "tables" / "t.yaml.json").exists()


def test_a_damaged_kept_table_is_read_again(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    datafiles.read_table("names", "orcs.yaml")
    kept = tmp_path / "mapgen" / "tables" / "names-orcs.yaml.json"
    kept.write_text('{"format": 1, "text": ', encoding="utf-8")
    assert datafiles.read_table("names", "orcs.yaml") == _yaml("names", "orcs.yaml")
    assert json.loads(kept.read_text(encoding="utf-8"))["data"] == _yaml("names", "orcs.yaml")


def test_an_unwritable_cache_folder_still_reads_the_table(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert datafiles.read_table("names", "humans.yaml") == _yaml("names", "humans.yaml")
