"""The atlas page of a Napoleonic battle: the board's areas as the commands name them, each side's page its own view."""

from __future__ import annotations

import json
import re

from mapgen.atlas import build_atlas
from mapgen.napoleonic.board import AREAS

from .session_helpers import mapgen, new_campaign


def _data(page: str) -> dict:
    block = re.search(r'<script type="application/json" id="atlas-data">(.*?)</script>', page, re.S)[1]
    return json.loads(block)


def test_atlas_names_every_area_and_hides_the_other_sides_placement(tmp_path):
    folder = new_campaign(tmp_path / "nap", "--rules", "napoleonic", "--seed", "atlas-1")
    deployed = mapgen("campaign", "deploy", str(folder), "A", "a-left=A1,A4", "a-centre=A2,A5", "a-right=A3,A6")
    assert deployed.returncode == 0, deployed.stderr
    made = mapgen("atlas", str(folder), "--side", "B")
    assert made.returncode == 0, made.stderr
    page_b = (folder / "index-B.html").read_text(encoding="utf-8")
    page_a = build_atlas(folder, "A")
    for page in (page_a, page_b):
        assert set(_data(page)["details"]) == set(AREAS)  # every area, by the name the commands take
        for name in AREAS:
            assert f'data-id="{name}"' in page
    # NAP-2.1: A's page shows A's line; B's page, before B has deployed, not one of A's units in an area
    assert "A1 Infantry 1" in " ".join(_data(page_a)["details"]["a-left"]["armies"])
    assert all(not d["armies"] for d in _data(page_b)["details"].values())
    assert "a-left A1" not in page_b and "a-left=A1" not in page_b
    assert "a-left A1" in build_atlas(folder)  # the referee's page has it


def test_a_new_battle_folder_holds_the_printable_board(tmp_path):
    folder = new_campaign(tmp_path / "nap", "--rules", "napoleonic", "--seed", "board-1")
    board = folder / "napoleonic-board.pdf"
    assert board.read_bytes().startswith(b"%PDF")
    before = board.read_bytes()
    assert mapgen("campaign", "deploy", str(folder), "A", "a-left=A1,A4", "a-centre=A2,A5", "a-right=A3,A6").returncode == 0
    assert board.read_bytes() == before  # the board is fixed for the battle: written once


def _box_xy(svg: str, name: str) -> tuple[float, float]:
    """Where the box labelled with area ``name`` is drawn: its label's text position."""
    x, y = re.search(rf'<text x="([\d.]+)" y="([\d.]+)" font-weight="bold">[^<]*\({re.escape(name)}\)</text>', svg).groups()
    return float(x), float(y)


def test_each_seat_sees_the_board_from_its_own_edge_of_the_table(tmp_path):
    # a player sits behind his own line: it is nearest him (lowest on the page), his left on his left; across the
    # table the enemy's right faces his left (NAP-2.2: A's left faces B's right).  The names stay the commands'.
    folder = new_campaign(tmp_path / "nap", "--rules", "napoleonic", "--seed", "atlas-2")
    for seat, own, enemy in (("A", "a", "b"), ("B", "b", "a")):
        drawn = mapgen("campaign", "status", str(folder), "--side", seat, "--svg", str(tmp_path / f"status-{seat}.svg"))
        assert drawn.returncode == 0, drawn.stderr
        svg = (tmp_path / f"status-{seat}.svg").read_text(encoding="utf-8")
        page = build_atlas(folder, seat)
        for drawing in (svg, page):
            assert _box_xy(drawing, f"{own}-reserve")[1] > _box_xy(drawing, f"{own}-centre")[1] > _box_xy(drawing, "mid-1")[1] \
                > _box_xy(drawing, f"{enemy}-centre")[1] > _box_xy(drawing, f"{enemy}-reserve")[1]
            assert _box_xy(drawing, f"{own}-left")[0] < _box_xy(drawing, f"{own}-centre")[0] < _box_xy(drawing, f"{own}-right")[0]
            assert _box_xy(drawing, f"{enemy}-right")[0] < _box_xy(drawing, f"{enemy}-left")[0]
            assert _box_xy(drawing, f"{own}-left")[0] == _box_xy(drawing, f"{enemy}-right")[0]  # face to face, one column
    assert _box_xy(build_atlas(folder), "a-reserve")[1] > _box_xy(build_atlas(folder), "b-reserve")[1]  # the referee: A's edge
