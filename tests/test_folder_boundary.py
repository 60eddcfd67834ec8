"""The campaign folder is a boundary: a symbolic link planted in it is refused or skipped, never followed.

A folder may come from an opponent.  The issue measured a linked ``battles/``
making battle folders be written outside it, and a linked ``battle.md`` or
``report.yaml`` (or a plan, a setup sheet, a counter sheet) getting the file
it points to (``~/.ssh/id_rsa``) embedded in ``index.html``, a page players
send by e-mail.  Each test plants such links towards a folder ``outside``
holding a secret, runs what reads or writes the folder, and checks that the
secret is in no output and that nothing appeared outside.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from mapgen.atlas import ATLAS_FILE, write_atlas
from mapgen.presenters import fw_battles
from mapgen.presenters import renaissance_battles as ren_battles
from mapgen.campaign.report import read_report
from mapgen.campaign.state import evolve
from mapgen.errors import BadFileError
from mapgen.exports.dd2vtt import find_battlefields
from mapgen.exports.vassal import counter_size_mm
from mapgen.safefs import OutsideFolderError

from .atlas_helpers import copy_of, fw_kit
from .cli_helpers import run, snapshot
from .test_campaign_battle_folder import game  # noqa: F401 - the module's fixture: a campaign with a battle pending
from .test_renaissance_battles import MAP, PITCHED, in_phase

SECRET = "SECRET-id_rsa-7f3a9c"


@pytest.fixture
def outside(tmp_path):
    """A folder beside the campaign holding what must never be read: a private key, an SVG, a PDF, a plan."""
    out = tmp_path / "outside"
    out.mkdir()
    (out / "id_rsa").write_text(f"-----BEGIN OPENSSH PRIVATE KEY-----\n{SECRET}\n", encoding="utf-8")
    (out / "secret.svg").write_text(f'<svg xmlns="http://www.w3.org/2000/svg"><text>{SECRET}</text></svg>', encoding="utf-8")
    (out / "secret.pdf").write_bytes(b"%PDF-1.4\n% " + SECRET.encode() + b"\n")
    (out / "secret.json").write_text(json.dumps({"pages": [{"side": "front"}], "size_mm": 50, "note": SECRET}), encoding="utf-8")
    return out


def link(path: Path, target: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() or path.is_symlink():
        path.unlink()
    os.symlink(target, path)


def outside_listing(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))


# --- the atlas --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    """``mapgen new`` (seed 11, small): its battlefields, counters and campaign.json, for the atlas."""
    folder = tmp_path_factory.mktemp("boundary") / "kit"
    fw_kit(folder, seed=11, size="small")
    return folder


@pytest.fixture
def camp(kit, tmp_path):
    return copy_of(kit, tmp_path)


def test_the_atlas_embeds_nothing_a_planted_link_points_to(camp, outside):
    battle = camp / "battles" / "day-01-B4"
    battle.mkdir(parents=True)
    for name in ("battle.md", "report.yaml", "battlefield-setup.md"):
        link(battle / name, outside / "id_rsa")
    link(battle / "battlefield.svg", outside / "secret.svg")
    link(battle / "battlefield.pdf", outside / "secret.pdf")
    (outside / "day-02-D1").mkdir()
    (outside / "day-02-D1" / "battle.md").write_text(SECRET)
    link(camp / "battles" / "day-02-D1", outside / "day-02-D1")  # a whole battle folder that is a link
    link(camp / "battlefields" / "battlefield-B4.svg", outside / "secret.svg")  # a kit plan
    link(camp / "battlefields" / "battlefield-B4-setup.md", outside / "id_rsa")
    link(camp / "counters" / "counters-02.svg", outside / "secret.svg")  # a counter sheet
    link(camp / "counters" / "counters.json", outside / "secret.json")
    link(camp / "rules.pdf", outside / "secret.pdf")
    link(camp / "more", outside)  # a linked folder of PDFs
    before = outside_listing(outside)

    write_atlas(camp)
    html = (camp / ATLAS_FILE).read_text(encoding="utf-8")
    assert SECRET not in html
    assert "rules.pdf" not in html and "more/secret.pdf" not in html and "day-01-B4/battlefield.pdf" not in html
    assert "battlefield-D1" in html  # the real plans are still shown
    assert outside_listing(outside) == before


def test_a_linked_battles_folder_is_not_shown(camp, outside):
    (outside / "day-03-J1").mkdir()
    (outside / "day-03-J1" / "battle.md").write_text(SECRET)
    link(camp / "battles", outside)
    write_atlas(camp)
    html = (camp / ATLAS_FILE).read_text(encoding="utf-8")
    assert SECRET not in html and "day-03-J1" not in html


def test_the_atlas_command_leaves_a_planted_link_out_too(camp, outside, capsys):
    (camp / "battles" / "day-01-B4").mkdir(parents=True)
    link(camp / "battles" / "day-01-B4" / "report.yaml", outside / "id_rsa")
    code, _, err = run(["atlas", str(camp)], capsys)
    assert code == 0, err
    assert SECRET not in (camp / ATLAS_FILE).read_text(encoding="utf-8")


# --- the battle folder writers ----------------------------------------------------------------------


def test_a_linked_battles_folder_is_never_written_through(game, tmp_path, outside):  # noqa: F811
    m, board, s = game
    campaign = tmp_path / "camp"
    campaign.mkdir()
    link(campaign / "battles", outside)
    before = outside_listing(outside)
    with pytest.raises(OutsideFolderError, match="battles: a symbolic link"):
        fw_battles.write_pending(campaign, s, m, board)
    assert outside_listing(outside) == before


def test_a_dangling_link_where_the_battle_folder_goes_is_refused(game, tmp_path, outside):  # noqa: F811
    m, board, s = game
    campaign = tmp_path / "camp"
    link(campaign / s.pending[0].folder, outside / "planted")
    with pytest.raises(OutsideFolderError, match="a symbolic link"):
        fw_battles.write_pending(campaign, s, m, board)
    assert not os.path.lexists(outside / "planted")


def test_a_hand_edited_battle_folder_name_cannot_climb_out(game, tmp_path):  # noqa: F811
    m, board, s = game
    campaign = tmp_path / "camp"
    campaign.mkdir()
    bad = evolve(s, pending=(evolve(s.pending[0], folder="../escaped"),))
    with pytest.raises(OutsideFolderError, match="not a path inside the campaign folder"):
        fw_battles.write_pending(campaign, bad, m, board)
    assert not (tmp_path / "escaped").exists()


def test_the_renaissance_writer_refuses_a_linked_battles_folder(tmp_path, outside):
    s = evolve(in_phase(), engagements=(PITCHED,))
    campaign = tmp_path / "camp"
    campaign.mkdir()
    link(campaign / "battles", outside)
    before = outside_listing(outside)
    with pytest.raises(OutsideFolderError, match="battles: a symbolic link"):
        ren_battles.write_pending(campaign, s, MAP, udm_cm=10)
    assert outside_listing(outside) == before
    (campaign / "battles").unlink()
    (written,) = ren_battles.write_pending(campaign, s, MAP, udm_cm=10)  # a real folder is written as before
    assert (written / "battle.md").is_file() and not (campaign / "battles").is_symlink()


def test_a_linked_report_form_is_refused(tmp_path, outside):
    link(tmp_path / "report.yaml", outside / "id_rsa")
    with pytest.raises(BadFileError, match="a symbolic link") as exc:
        read_report(tmp_path / "report.yaml")
    assert SECRET not in str(exc.value)


# --- the exports and counters --campaign --------------------------------------------------------------


@pytest.fixture(scope="module")
def fw_campaign(tmp_path_factory):
    """``campaign new`` (seed 7, small), counters as JSON only."""
    from mapgen.cli import main

    folder = tmp_path_factory.mktemp("boundary-camp") / "camp"
    main(["campaign", "new", str(folder), "--seed", "7", "--size", "small", "--formats", "json"])
    return folder


@pytest.fixture
def played(fw_campaign, tmp_path):
    folder = tmp_path / "camp"
    shutil.copytree(fw_campaign, folder)
    return folder


def test_dd2vtt_finds_only_real_battlefields_in_real_folders(kit, tmp_path, outside):
    folder = tmp_path / "camp"
    shutil.copytree(kit, folder)
    shutil.copy(folder / "battlefields" / "battlefield-D1.json", outside / "battlefield.json")
    link(folder / "battles" / "day-01-B4" / "battlefield.json", outside / "battlefield.json")
    link(folder / "battles" / "day-02-D1", outside)
    found = [name for name, _ in find_battlefields(folder)]
    assert found and all(n.startswith("battlefields/battlefield-") for n in found)


def test_vassal_reads_no_linked_counter_sheet(played, outside):
    """counters.json says the counters' size; a linked one (size 50 mm outside) is ignored for the default."""
    size = counter_size_mm(played)
    link(played / "counters" / "counters.json", outside / "secret.json")
    assert counter_size_mm(played) == size != 50


@pytest.mark.parametrize("name", ["fw-map.json", "campaign.json"])
def test_the_exports_refuse_a_linked_map_or_state(played, outside, tmp_path, capsys, name):
    shutil.copy(played / name, outside / name)
    link(played / name, outside / name)
    for argv in (["export", "vassal", str(played), "--out", "v"], ["export", "geojson", str(played), "--out", "g.geojson"]):
        code, _, err = run(argv, capsys)
        if name == "fw-map.json" and argv[1] == "geojson":
            continue  # geojson reads campaign.json first; its map is checked by the store
        assert code == 2 and "symbolic link" in err, (argv, err)
    assert not (tmp_path / "v").exists() and not (tmp_path / "g.geojson").exists()


def test_counters_refuse_a_campaign_whose_map_is_a_link(played, outside, tmp_path, capsys):
    shutil.copy(played / "fw-map.json", outside / "fw-map.json")
    link(played / "fw-map.json", outside / "fw-map.json")
    before = snapshot(played)
    code, _, err = run(["counters", "--campaign", str(played), "--out", str(tmp_path / "c")], capsys)
    assert code == 2 and "--campaign" in err and "symbolic link" in err
    assert snapshot(played) == before and not (tmp_path / "c").exists()


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
