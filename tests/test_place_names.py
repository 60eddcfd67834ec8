"""Commands take a place's name as well as its id (issue 25): ``Castelcarpia`` for ``A-3``, a holding's name for its square.

The name is matched whole and case-insensitively; a name two places share, or
one no place has, is refused naming the candidates; the command's record keeps
the id, so a campaign replays whatever was typed.
"""

from __future__ import annotations

import dataclasses
import json
import shutil

import networkx as nx
import pytest

from mapgen.campaign import words as fw_words
from mapgen.campaign.commands import Move, Moves
from mapgen.engine.places import place_id
from mapgen.renaissance import words as ren_words
from mapgen.renaissance.core import RenaissanceBoard

from .campaign_move_tiny import tiny_board
from .cli_helpers import run, snapshot

NAMES = {"A-3": "Castelcarpia", "A-4": "Borgo", "B-2": "Borgo", "B-5": "Castelvetro"}


def _is_node(word: str) -> bool:
    return "-" in word


def test_a_name_in_any_case_gives_its_id_and_an_id_stays_an_id():
    assert place_id("castelCARPIA", NAMES, NAMES, _is_node) == "A-3"
    assert place_id("a-3", NAMES, NAMES, _is_node) == "A-3"
    # An id-like word that is no place is left to the rules, which say it is not on the map.
    assert place_id("z-9", NAMES, NAMES, _is_node) == "Z-9"


def test_a_shared_name_is_refused_naming_both_places():
    with pytest.raises(ValueError, match=r"A-4, B-2"):
        place_id("borgo", NAMES, NAMES, _is_node)


@pytest.mark.parametrize("typed,offered", [("Castel", "Castelcarpia (A-3), Castelvetro (B-5)"), ("Castelcarpa", "Castelcarpia (A-3)")])
def test_an_unknown_name_is_refused_offering_the_near_ones(typed, offered):
    with pytest.raises(ValueError, match=r"no place is named") as info:
        place_id(typed, NAMES, NAMES, _is_node)
    assert offered in str(info.value)


def test_a_fantasy_warriors_square_is_typed_by_its_holdings_name():
    board = dataclasses.replace(tiny_board(), names={"C2": "Oakford", "E4": "Ashby"})
    options = {"board": board}
    assert fw_words.parse_move(["a2", "oakford", "d3"], options) == Move("A2", ("C2", "D3"))
    assert fw_words.parse_move(["A2:Oakford,ASHBY"], options) == Moves((Move("A2", ("C2", "E4")),))
    assert fw_words.parse_move(["A2", "B2"], {**options, "countermarch": "ashby"}).countermarch == "E4"
    report = fw_words.parse_battle([], {**options, "winner": "A", "square": "oakford"})
    assert report.square == "C2"
    with pytest.raises(ValueError, match="Oakford"):
        fw_words.parse_move(["A2", "Oakferd"], options)


def test_a_renaissance_node_is_typed_by_its_places_name():
    board = RenaissanceBoard({n: "city" for n in NAMES}, {n: () for n in NAMES}, NAMES)
    options = {"board": board}
    assert ren_words.parse_move(["P1-1", "castelcarpia"], options).path == ("A-3",)
    assert ren_words.parse_move(["P1-1:Castelvetro,a-3"], options).moves == (("P1-1", ("B-5", "A-3")),)
    assert ren_words.parse_battle([], {**options, "node": "CASTELVETRO", "winner": "P1"}).node == "B-5"
    with pytest.raises(ValueError, match="A-4, B-2"):
        ren_words.parse_move(["P1-1", "Borgo"], options)


@pytest.fixture(scope="module")
def renaissance(tmp_path_factory):
    folder = tmp_path_factory.mktemp("names") / "camp"
    from mapgen.cli import main

    try:
        main(["campaign", "new", str(folder), "--rules", "renaissance", "--seed", "11", "--players", "2", "--formats", "json"])
    except SystemExit as exc:
        assert not exc.code
    return folder


def test_move_by_name_on_the_command_line_stores_the_id(renaissance, tmp_path, capsys):
    camp = tmp_path / "camp"
    shutil.copytree(renaissance, camp)
    country = json.loads((camp / "country.json").read_text(encoding="utf-8"))
    names = {n["id"]: n["name"] for n in country["nodes"] if n.get("name")}
    roads = nx.Graph([(e["a"], e["b"]) for e in country["edges"]])
    assert names.get("A-0"), "a capital has a name"
    # A command of its own (army, works, siege, engage, diplomat) takes the name as move does.
    code, _out, err = run(["campaign", "army", str(camp), "P1", names["A-0"].upper(), "--company", "small"], capsys)
    assert code == 0, err
    assert json.loads((camp / "commands.jsonl").read_text(encoding="utf-8").splitlines()[-1])["node"] == "A-0"
    assert run(["campaign", "army", str(camp), "P2", "B-0", "--company", "small"], capsys)[0] == 0
    assert run(["campaign", "turn", str(camp)], capsys)[0] == 0
    state = json.loads((camp / "campaign.json").read_text(encoding="utf-8"))
    mover = state["turn"]
    here = "A-0" if mover == "P1" else "B-0"
    # A named place one road step away, its name unshared, typed in lower case.
    shared = {n for n in names.values() if list(names.values()).count(n) > 1}
    step = next(n for n in roads[here] if names.get(n) and names[n] not in shared)
    before = snapshot(camp)
    code, _out, err = run(["campaign", "move", str(camp), f"{mover}-1", "Nowhere-at-all"], capsys)
    assert code == 2 and "no place is named 'Nowhere-at-all'" in err
    assert snapshot(camp) == before
    code, _out, err = run(["campaign", "move", str(camp), f"{mover}-1", names[step].lower()], capsys)
    assert code == 0, err
    last = json.loads((camp / "commands.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert step in json.dumps(last) and names[step] not in json.dumps(last)


def test_an_unknown_holding_name_is_refused_and_the_folder_stays_as_it_was(tmp_path, capsys):
    kit = tmp_path / "fw"
    assert run(["campaign", "new", str(kit), "--seed", "3", "--size", "small"], capsys)[0] == 0
    holdings = json.loads((kit / "fw-map.json").read_text(encoding="utf-8"))["holdings"]
    name = holdings[0]["name"]
    before = snapshot(kit)
    code, _out, err = run(["campaign", "move", str(kit), "A1", name[:-1] + "qq"], capsys)
    assert code == 2 and "no holding is named" in err and "Traceback" not in err
    assert snapshot(kit) == before
    # The name itself, in lower case, gets past the words to the rules (which refuse a move in Phase 1).
    code, _out, err = run(["campaign", "move", str(kit), "A1", name.lower()], capsys)
    assert code == 2 and "Phase 2" in err and "named" not in err, err


def test_recruit_and_hire_take_a_place_by_name_and_an_army_by_id(renaissance, tmp_path, capsys):
    """Every spring command naming a place takes its name: recruit into a garrison, a diplomat's starting city."""
    camp = tmp_path / "camp"
    shutil.copytree(renaissance, camp)
    country = json.loads((camp / "country.json").read_text(encoding="utf-8"))
    capital = next(c["capital"] for c in country["countries"] if c["id"] == "A")
    name = next(n["name"] for n in country["nodes"] if n["id"] == capital)

    def last() -> dict:
        return json.loads((camp / "commands.jsonl").read_text(encoding="utf-8").splitlines()[-1])

    assert run(["campaign", "army", str(camp), "P1", capital, "--company", "small"], capsys)[0] == 0  # P1's first army: P1-1
    assert run(["campaign", "hire", str(camp), "P1", "diplomat", "--at", name.lower()], capsys)[0] == 0
    assert last()["at"] == capital
    assert run(["campaign", "recruit", str(camp), "P1", name.upper(), "small"], capsys)[0] == 0
    assert last()["army_or_place"] == capital
    code, _out, err = run(["campaign", "recruit", str(camp), "P1", "p1-1", "small"], capsys)  # an army: its id, in any case
    assert code == 0, err
    assert last()["army_or_place"] == "P1-1"
    before = snapshot(camp)
    code, _out, err = run(["campaign", "recruit", str(camp), "P1", "Nowhere-at-all", "small"], capsys)
    assert code == 2 and "no place is named" in err
    assert snapshot(camp) == before
