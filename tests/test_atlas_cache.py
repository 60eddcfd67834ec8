"""The atlas's kept parts (issue 22): drawn once, read back per command, never a different page, never through a link.

The page built from ``.atlas-cache/`` must be byte for byte the page drawn
from nothing (the cache may only save time); a changed source must show;
a planted symbolic link must neither be read into the page nor written
through.
"""

from __future__ import annotations

import os
import shutil

import pytest

import mapgen.atlas.common
import mapgen.render.fw_map
from mapgen.atlas import ATLAS_FILE, build_atlas, refresh
from mapgen.atlas.cache import CACHE_DIR, Fragments

from .atlas_helpers import copy_of, fw_kit
from .cli_helpers import run


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cache") / "kit"
    fw_kit(folder, seed=12, size="small")
    return folder


@pytest.fixture
def camp(kit, tmp_path):
    return copy_of(kit, tmp_path)


def _drawn_from_nothing(folder, side=None) -> str:
    return build_atlas(folder, side, Fragments(folder, write=False))


def _entries(folder) -> list[str]:
    root = folder / CACHE_DIR
    return sorted(os.listdir(root)) if root.is_dir() else []


def test_a_new_kit_keeps_nothing_and_its_page_is_the_page_drawn_from_nothing(kit):
    # mapgen new stages the kit: nothing is kept outside what it lists
    assert _entries(kit) == []
    assert (kit / ATLAS_FILE).read_text(encoding="utf-8") == _drawn_from_nothing(kit)


def test_a_command_keeps_the_static_parts_and_the_page_stays_the_same(camp, capsys):
    assert run(["atlas", str(camp), "--side", "B"], capsys)[0] == 0
    code, _, err = run(["campaign", "order", str(camp), "A2", "max_speed"], capsys)
    assert code == 0, err
    kinds = {name.split("-")[0] for name in _entries(camp)}
    assert {"fw", "sheet", "side"} <= kinds  # the map, the setup sheets, side B's own counter sheet
    for side, page in ((None, ATLAS_FILE), ("B", "index-B.html")):
        assert (camp / page).read_text(encoding="utf-8") == _drawn_from_nothing(camp, side)


def test_kept_parts_are_not_drawn_again(camp, monkeypatch):
    refresh(camp)
    before = (camp / ATLAS_FILE).read_bytes()

    def must_not_draw(*args, **kwargs):
        raise AssertionError("the printed map was drawn again")

    monkeypatch.setattr(mapgen.render.fw_map, "render_fw_map", must_not_draw)
    refresh(camp)
    assert (camp / ATLAS_FILE).read_bytes() == before


def test_a_changed_sheet_shows_and_its_old_part_is_removed(camp):
    refresh(camp)
    kept = set(_entries(camp))
    sheet = next((camp / "battlefields").glob("*-setup.md"))
    sheet.write_text(sheet.read_text(encoding="utf-8") + "\nThe ford is guarded by trolls.\n", encoding="utf-8")
    refresh(camp)
    page = (camp / ATLAS_FILE).read_text(encoding="utf-8")
    assert "The ford is guarded by trolls." in page
    assert page == _drawn_from_nothing(camp)
    now = set(_entries(camp))
    assert len(now - kept) == 1 and len(kept - now) == 1  # one sheet turned again, its old version gone


def test_an_entry_planted_as_a_link_is_neither_read_nor_written_through(camp, tmp_path):
    refresh(camp)
    honest = (camp / ATLAS_FILE).read_text(encoding="utf-8")
    outside = tmp_path / "outside.txt"
    outside.write_text("<p>PLANTED</p>", encoding="utf-8")
    for name in _entries(camp):
        os.unlink(camp / CACHE_DIR / name)
        os.symlink(outside, camp / CACHE_DIR / name)
    refresh(camp)
    assert (camp / ATLAS_FILE).read_text(encoding="utf-8") == honest
    assert outside.read_text(encoding="utf-8") == "<p>PLANTED</p>"
    assert not any((camp / CACHE_DIR / name).is_symlink() for name in _entries(camp))


def test_a_cache_folder_planted_as_a_link_is_left_alone(camp, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, camp / CACHE_DIR)
    refresh(camp)
    assert os.listdir(elsewhere) == []
    assert (camp / ATLAS_FILE).read_text(encoding="utf-8") == _drawn_from_nothing(camp)


def test_a_folder_that_cannot_keep_anything_still_gets_its_page(camp):
    (camp / CACHE_DIR).write_text("a file where the cache's folder goes", encoding="utf-8")
    refresh(camp)
    assert (camp / ATLAS_FILE).read_text(encoding="utf-8") == _drawn_from_nothing(camp)


def test_a_command_may_hand_its_loaded_campaign_to_the_pages(camp, monkeypatch):
    from mapgen import session

    loaded = session.load(camp)
    (camp / "index-A.html").write_text("", encoding="utf-8")

    def must_not_load(folder):
        raise AssertionError("the campaign was loaded a second time")

    monkeypatch.setattr(session, "load", must_not_load)
    refresh(camp, loaded)
    monkeypatch.undo()
    for side, page in ((None, ATLAS_FILE), ("A", "index-A.html")):
        assert (camp / page).read_text(encoding="utf-8") == _drawn_from_nothing(camp, side)


def test_the_compiled_template_is_made_from_the_template_as_it_is_now():
    from pathlib import Path

    from mapgen.atlas import page

    shipped = Path(page.__file__).with_name(page.COMPILED + ".py").read_text(encoding="utf-8")
    assert shipped == page.compiled_module_text(), (
        "templates/atlas/atlas.html (or Jinja2) changed: run "
        "python -c 'from mapgen.atlas.page import write_compiled; write_compiled()'")


def test_the_page_from_the_compiled_template_is_the_page_from_the_template(kit, monkeypatch):
    from mapgen.atlas import page

    compiled = _drawn_from_nothing(kit)
    monkeypatch.setattr(page, "_template", lambda: page._environment().get_template(page.TEMPLATE))
    assert _drawn_from_nothing(kit) == compiled


@pytest.fixture(scope="module")
def country(tmp_path_factory):
    folder = tmp_path_factory.mktemp("country") / "camp"
    from mapgen.cli import main

    main(["campaign", "new", str(folder), "--rules", "renaissance", "--seed", "9", "--countries", "2"])
    return folder


def test_a_renaissance_command_lays_its_layers_on_the_kept_country_map(country, tmp_path, capsys, monkeypatch):
    import mapgen.render.country

    camp = tmp_path / "ren"
    shutil.copytree(country, camp)
    assert run(["atlas", str(camp), "--side", "P2"], capsys)[0] == 0
    assert any(name.startswith("country-map-") for name in _entries(camp))

    def must_not_draw(*args, **kwargs):
        raise AssertionError("the country map was drawn again")

    monkeypatch.setattr(mapgen.render.country, "render_country", must_not_draw)
    code, _, err = run(["campaign", "turn", str(camp)], capsys)  # the spring ends: the map's marks change
    assert code == 0 and "Warning" not in err, err
    monkeypatch.undo()
    for side, page in ((None, ATLAS_FILE), ("P2", "index-P2.html")):
        assert (camp / page).read_text(encoding="utf-8") == _drawn_from_nothing(camp, side)


def test_the_status_map_laid_on_a_kept_map_is_the_status_map_drawn_whole(country):
    # the status map (campaign status --svg) and the atlas's map are one drawing, put together two ways
    from mapgen import session
    from mapgen.renaissance.view import side_view
    from mapgen.country.model import read_country_map
    from mapgen.render.renaissance_campaign import PrintedMap, campaign_on, printed_map, render_renaissance_campaign, ruler_tints

    loaded = session.load(country)
    cm = read_country_map(country / "country.json")
    for seat in (None, "P1"):
        view = side_view(loaded.state, seat, loaded.board.kinds)
        kept = PrintedMap.from_json(printed_map(cm, ruler_tints(cm, view)).to_json())
        assert campaign_on(kept, cm, view) == render_renaissance_campaign(cm, view).tostring()


def test_mapgen_atlas_and_refresh_draw_every_part_again_whatever_the_folder_holds(camp, capsys):
    # a folder from an opponent may come with planted entries: the explicit commands never read them, and replace them
    from .cli_helpers import run

    refresh(camp)
    for argv in (["atlas", str(camp)], ["campaign", "refresh", str(camp)]):
        for name in _entries(camp):
            (camp / CACHE_DIR / name).write_text("<p>PLANTED</p>", encoding="utf-8")
        code, out, err = run(argv, capsys)
        assert code == 0, err
        page = (camp / ATLAS_FILE).read_text(encoding="utf-8")
        assert "PLANTED" not in page and page == _drawn_from_nothing(camp)
        assert all("PLANTED" not in (camp / CACHE_DIR / n).read_text(encoding="utf-8") for n in _entries(camp))


def test_the_cache_keeps_nothing_outside_the_folder(camp, tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    refresh(camp)
    assert _entries(camp) and list(home.iterdir()) == []


def test_a_new_kit_draws_its_map_once_and_its_page_shows_that_drawing(tmp_path, monkeypatch):
    # the page printed the map again from fw-map.json read back (issue 27): the kit's own colour drawing is handed over
    monkeypatch.setenv("MAPGEN_ONE_PROCESS", "1")
    real = mapgen.render.fw_map.render_fw_map_and_room
    calls = []

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(mapgen.render.fw_map, "render_fw_map_and_room", counted)
    fw_kit(tmp_path / "kit", seed=5, size="small")
    assert len(calls) == 1
    monkeypatch.setattr(mapgen.render.fw_map, "render_fw_map_and_room", real)
    assert (tmp_path / "kit" / ATLAS_FILE).read_text(encoding="utf-8") == _drawn_from_nothing(tmp_path / "kit")


def test_a_new_kit_turns_each_setup_sheet_once_and_its_page_shows_those_sheets(tmp_path, monkeypatch):
    # the battlefields' process turns its own sheets into HTML and hands them to the page (issue 27)
    monkeypatch.setenv("MAPGEN_ONE_PROCESS", "1")
    real = mapgen.atlas.common.markdown_html
    texts = []

    def counted(text):
        texts.append(text)
        return real(text)

    monkeypatch.setattr(mapgen.atlas.common, "markdown_html", counted)
    kit = tmp_path / "kit"
    fw_kit(kit, seed=5, size="small")
    sheets = sorted(p.read_text(encoding="utf-8") for p in (kit / "battlefields").glob("battlefield-*-setup.md"))
    assert sheets and sorted(texts) == sorted(set(sheets))
    monkeypatch.setattr(mapgen.atlas.common, "markdown_html", real)
    assert (kit / ATLAS_FILE).read_text(encoding="utf-8") == _drawn_from_nothing(kit)
