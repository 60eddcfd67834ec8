"""The battle folder: the square's table, the brief and the report form, written whole."""

from __future__ import annotations

import json

import pytest

from mapgen.campaign import battle
from mapgen.presenters import fw_battles as battles
from mapgen.campaign.board import build_board
from mapgen.campaign.dice import GameDice
from mapgen.campaign.report import parse_report
from mapgen.campaign.setup import new_campaign
from mapgen.campaign.state import Contact, MapRef, Options, evolve
from mapgen.errors import BadFileError
from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions


@pytest.fixture(scope="module")
def game():
    """A new campaign with side B's first force moved onto side A's first force, at Max Speed."""
    m = generate_map(MapOptions(seed=7, size="small"))
    board = build_board(m)
    s = new_campaign(m, board, MapRef("fw-map.json", "0" * 64), 7, Options())
    a1 = s.force("A1")
    s = evolve(s, forces=tuple(evolve(f, square=a1.square, order="max_speed") if f.id == "B1" else f for f in s.forces), phase=3)
    s = evolve(s, pending=(Contact(a1.square, ("B1", "A1"), mover="B1"),))
    s = battle.start(s, GameDice(7), board)
    return m, board, s


def test_the_folder_holds_the_table_the_brief_and_the_form(game, tmp_path):
    m, board, s = game
    c = s.pending[0]
    (path,) = battles.write_pending(tmp_path, s, m, board)
    assert path == tmp_path / c.folder
    names = {p.name for p in path.iterdir()}
    assert {"battlefield.json", "battlefield.svg", "battlefield.pdf", "battlefield-setup.md", "battle.md", "report.yaml"} <= names
    table = json.loads((path / "battlefield.json").read_text())
    assert table["source"]["square"] == c.square and table["scenario"]["name"] == c.scenario
    assert table["seed"] == f"7-day{c.day}-{c.square}"
    brief = (path / "battle.md").read_text()
    assert "Scouting (FW-10.4)" in brief and c.square in brief
    # The plan fits one A4 sheet: a table up to 186 cm wide takes 1:10 (W + 95 mm <= 281 mm printable).
    assert table["table"]["width_cm"] <= 186 and "plan at 1:10 on A4 landscape" in brief
    assert "Scale 1:10 (1 cm = 10 cm on the table)" in (path / "battlefield.svg").read_text()
    with pytest.raises(BadFileError, match="winner"):  # the form as written: everything but the result
        parse_report((path / "report.yaml").read_text())
    filled = (path / "report.yaml").read_text().replace("winner:  ", "winner: A", 1)
    assert parse_report(filled).winner == "A"


def test_a_folder_already_there_is_left_alone(game, tmp_path):
    m, board, s = game
    (path,) = battles.write_pending(tmp_path, s, m, board)
    (path / "report.yaml").write_text("winner: B\n")
    assert battles.write_pending(tmp_path, s, m, board) == []
    assert (path / "report.yaml").read_text() == "winner: B\n"


def test_the_same_battle_gets_the_same_table(game, tmp_path):
    m, board, s = game
    one = battles.write_battle(tmp_path / "one", s, s.pending[0], m, board)
    two = battles.write_battle(tmp_path / "two", s, s.pending[0], m, board)
    assert (one / "battlefield.json").read_bytes() == (two / "battlefield.json").read_bytes()


def _mixed(game, a2_reaction):
    """A1 (Probe) and A2 (``a2_reaction``) against B1 and B2 (Probe) on A1's square: side A's forces in different states."""
    m, board, _ = game
    s = new_campaign(m, board, MapRef("fw-map.json", "0" * 64), 7, Options())
    where = s.force("A1").square
    moved = {"A2": dict(square=where, order=None, reaction=a2_reaction), "B1": dict(square=where, order="probe"), "B2": dict(square=where, order="probe"), "A1": dict(order="probe")}
    s = evolve(s, forces=tuple(evolve(f, **moved[f.id]) if f.id in moved else f for f in s.forces), phase=3)
    s = evolve(s, pending=(Contact(where, ("B1", "B2", "A1", "A2"), mover="B1"),))
    return m, board, battle.start(s, GameDice(7), board)


@pytest.mark.parametrize(
    "reaction, note",
    [
        ("confused", "A2 is Confused (FW-10.6): every unit of it starts disorganised; each of its missile units rolls 1D6 for its ammunition counters"),
        ("unsteady", "A2 is Unsteady (FW-10.6): every unit of it starts demoralised and disorganised; each of its missile units has half of 1D6 (rounded up) ammunition counters"),
    ],
)
def test_a_side_in_mixed_states_gets_the_fw_10_6_note_for_each_reacting_force(game, tmp_path, reaction, note):
    # FW-10.6: a Confused force's units start disorganised, with 1D6 missile ammunition; an Unsteady
    # force's demoralised too, with half of 1D6 rounded up.  A1, under Probe, starts normally.
    m, board, s = _mixed(game, reaction)
    c = s.pending[0]
    assert c.scenario == "pitched"
    (path,) = battles.write_pending(tmp_path, s, m, board)
    brief = (path / "battle.md").read_text()
    assert f"- {note}" in brief and "A1 is" not in brief
    sheet = (path / "battlefield-setup.md").read_text()
    assert note in sheet
    assert "Force Confused (FW-10.6)" not in sheet and "Force Unsteady (FW-10.6)" not in sheet  # not side A as a whole


def test_works_built_before_show_in_the_brief_the_status_and_the_atlas(game):
    # FW-5.2.1: A1 holds its square with 40 points of works built before an earlier battle there
    from mapgen.atlas.fw import context  # noqa: F401 - the atlas reads the same view
    from mapgen.campaign.view import side_view, status_lines

    m, board, s = game
    s = evolve(s, forces=tuple(evolve(f, field_works=40) if f.id == "A1" else f for f in s.forces))
    brief = battles.brief(s, s.pending[0], board, "")
    assert "- A1 keeps the field works it built before, worth 40 points, and may build no more (not cumulative)" in brief
    (line,) = [x for x in status_lines(s, board) if x.strip().startswith("A1 ")]
    assert "field works 40 points (FW-5.2.1)" in line
    assert next(f for f in side_view(s, "A", board)["forces"] if f["id"] == "A1")["field_works"] == 40
