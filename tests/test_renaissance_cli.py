"""``mapgen campaign ... `` on a Renaissance campaign, as players type it: new, spring and summer commands, undo, refusals.

The issue's contract: an illegal command (not your army, not adjacent, a
fourth army, money you do not have) exits 2 with the reason on one line and
leaves ``campaign.json`` byte for byte as it was; ``undo`` is exact.
"""

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from .cli_helpers import files_in, run, snapshot

SEED = "5"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    from mapgen.cli import main

    folder = tmp_path_factory.mktemp("made") / "camp"
    try:
        main(["campaign", "new", str(folder), "--rules", "renaissance,banks", "--seed", SEED, "--players", "2", "--ends", "years=3", "--formats", "json"])
    except SystemExit as exc:
        assert not exc.code
    return folder


@pytest.fixture
def camp(made, tmp_path):
    folder = tmp_path / "camp"
    shutil.copytree(made, folder)
    return folder


def state_of(folder) -> dict:
    return json.loads((Path(folder) / "campaign.json").read_text(encoding="utf-8"))


def test_new_writes_the_state_on_its_map_copy(made):
    assert {"campaign.json", "country.json"} <= set(files_in(made))
    data = state_of(made)
    assert data["schema"] == "mapgen/campaign-renaissance" and data["version"] == 1
    assert data["map"]["sha256"] == hashlib.sha256((made / "country.json").read_bytes()).hexdigest()
    assert [p["seat"] for p in data["players"]] == ["P1", "P2"]
    assert data["season"] == "spring" and data["options"]["banks"] is True
    assert data["ends"]["years"] == 3


@pytest.mark.parametrize(
    "argv, reason",
    [
        (["army", "P1", "B-0", "--company", "medium"], "not your place"),  # the enemy capital
        (["army", "P1", "A-0", "--company", "large_cavalry"] * 1 + ["--company", "large_cavalry"] * 40, "ducats"),  # money you do not have
        (["loan", "P1", "100000"], "RC-3.4"),
        (["move", "P1-1", "A-1"], "RC-4.1"),  # a summer command in spring
    ],
)
def test_refusals_exit_2_and_change_nothing(camp, capsys, argv, reason):
    before = snapshot(camp)
    code, out, err = run(["campaign", argv[0], str(camp), *argv[1:]], capsys)
    assert code == 2, out + err
    assert err.startswith("Error: ") and reason in err and len(err.strip().splitlines()) == 1
    assert snapshot(camp) == before


def test_a_fourth_army_is_refused(camp, capsys):
    from mapgen.renaissance.rules import CITY_KINDS

    cities = [n["id"] for n in json.loads((camp / "country.json").read_text())["nodes"] if n["country"] == "A" and n["kind"] in CITY_KINDS]
    for node in cities[:3]:
        code, out, err = run(["campaign", "army", str(camp), "P1", node, "--company", "small"], capsys)
        assert code == 0, err
    before = snapshot(camp)
    code, out, err = run(["campaign", "army", str(camp), "P1", cities[3], "--company", "small"], capsys)
    assert code == 2 and "at most 3 armies" in err
    assert snapshot(camp) == before


def test_moves_not_your_turn_not_adjacent_then_undo_is_exact(camp, capsys):
    assert run(["campaign", "army", str(camp), "P1", "A-0", "--company", "small"], capsys)[0] == 0
    assert run(["campaign", "army", str(camp), "P2", "B-0", "--company", "small"], capsys)[0] == 0
    saved = [(camp / "campaign.json").read_bytes()]
    code, out, err = run(["campaign", "turn", str(camp)], capsys)
    assert code == 0 and "summer, phase 1" in out
    saved.append((camp / "campaign.json").read_bytes())
    first = state_of(camp)["turn"]
    other = "P2" if first == "P1" else "P1"
    mine, theirs = f"{first}-1", f"{other}-1"
    roads = json.loads((camp / "country.json").read_text())["edges"]
    here = state_of(camp)["armies"][[a["id"] for a in state_of(camp)["armies"]].index(mine)]["node"]
    step = next(e["b"] if e["a"] == here else e["a"] for e in roads if here in (e["a"], e["b"]))
    far = next(n["id"] for n in json.loads((camp / "country.json").read_text())["nodes"]
               if n["id"] != here and all(n["id"] not in (e["a"], e["b"]) or here not in (e["a"], e["b"]) for e in roads))  # fmt: skip
    before = snapshot(camp)
    for argv, reason in ((["move", theirs, step], "turn to move"), (["move", mine, far], "not a road step")):
        code, out, err = run(["campaign", argv[0], str(camp), *argv[1:]], capsys)
        assert code == 2 and reason in err, err
        assert snapshot(camp) == before
    assert run(["campaign", "move", str(camp), mine, step], capsys)[0] == 0
    saved.append((camp / "campaign.json").read_bytes())
    for expected in reversed(saved[:-1]):
        code, out, err = run(["campaign", "undo", str(camp)], capsys)
        assert code == 0, err
        assert (camp / "campaign.json").read_bytes() == expected


def test_rule_sets_do_not_mix(camp, capsys, tmp_path):
    code, out, err = run(["campaign", "order", str(camp), "A1", "probe"], capsys)
    assert code == 2 and "Fantasy Warriors command" in err
    code, out, err = run(["campaign", "new", "x", "--rules", "renaissance", "--points", "900"], capsys)
    assert code == 2 and "--points" in err
    code, out, err = run(["campaign", "new", "y", "--players", "3"], capsys)
    assert code == 2 and "--rules renaissance" in err
    assert not (tmp_path / "x").exists() and not (tmp_path / "y").exists()


def test_new_kit_with_a_renaissance_campaign_is_ready_to_play(capsys, tmp_path):
    code, out, err = run(["new", "--campaign", "renaissance", "--seed", "3", "--countries", "2", "--out", "kit", "--formats", "json,svg"], capsys)
    assert code == 0, err
    assert {"country.json", "country.svg", "campaign.json"} <= set(files_in(tmp_path / "kit"))
    code, out, err = run(["campaign", "turn", "kit"], capsys)
    assert code == 0 and "summer, phase 1" in out, err


def test_company_and_specialist_ids_are_read_whatever_the_case(camp, capsys):
    assert run(["campaign", "army", str(camp), "P1", "A-0", "--company", "small", "--company", "medium"], capsys)[0] == 0
    code, out, err = run(["campaign", "disband", str(camp), "p1", "p1-C2"], capsys)
    assert code == 0, err
    assert [c["id"] for c in state_of(camp)["armies"][0]["companies"]] == ["P1-c1"]
    assert run(["campaign", "hire", str(camp), "P1", "assassin"], capsys)[0] == 0
    assert run(["campaign", "hire", str(camp), "P2", "spy", "--target", "P1"], capsys)[0] == 0
    code, out, err = run(["campaign", "assassinate", str(camp), "P1-S1", "p2-s1", "--roll", "5"], capsys)  # Tabella 33: 5-6 succeeds
    assert code == 0, err
    assert [s["id"] for s in state_of(camp)["specialists"]] == []  # the spy killed, the assassin used up


def test_status_for_a_player_hides_the_others_treasury(camp, capsys):
    data = state_of(camp)
    p2 = next(p for p in data["players"] if p["seat"] == "P2")["treasury"]
    code, out, err = run(["campaign", "status", str(camp), "--side", "P1", "--json"], capsys)
    assert code == 0, err
    view = json.loads(out)
    assert next(p for p in view["players"] if p["seat"] == "P2")["treasury"] is None
    assert next(p for p in view["players"] if p["seat"] == "P1")["treasury"] == data["players"][0]["treasury"] != p2
    code, out, err = run(["campaign", "status", str(camp), "--side", "P7"], capsys)
    assert code == 2 and "P1, P2" in err


def _meet(camp, capsys):
    """P1's army walks the roads to P2's capital, where P2's army stands, and ends its moves there: an engagement."""
    import networkx as nx

    roads = json.loads((camp / "country.json").read_text())["edges"]
    path = nx.shortest_path(nx.Graph([(e["a"], e["b"]) for e in roads]), "A-0", "B-0")
    assert run(["campaign", "army", str(camp), "P1", "A-0", "--company", "large", "--company", "medium"], capsys)[0] == 0
    assert run(["campaign", "army", str(camp), "P2", "B-0", "--company", "small"], capsys)[0] == 0
    assert run(["campaign", "turn", str(camp)], capsys)[0] == 0
    for _ in range(40):
        s = state_of(camp)
        if s["engagements"] or s["season"] != "summer":
            break
        if s["turn"] == "P1":
            here = next(a["node"] for a in s["armies"] if a["id"] == "P1-1")
            code, out, err = run(["campaign", "move", str(camp), "P1-1", *path[path.index(here) + 1 :][:2]], capsys)
            assert code == 0, err
        assert run(["campaign", "end", str(camp), s["turn"]], capsys)[0] == 0
    assert state_of(camp)["engagements"], "the armies never met"


def test_a_battle_fought_on_the_table_gets_its_battlefield_and_undo_takes_it_away(camp, capsys):
    _meet(camp, capsys)
    code, out, err = run(["campaign", "engage", str(camp), "P1", "B-0", "attack", "--on-table"], capsys)
    assert code == 0 and "P2" in out and "attack" in out  # the chooser sees their own secret line
    code, out, err = run(["campaign", "status", str(camp), "--side", "P2", "--json"], capsys)
    assert json.loads(out)["engagements"][0]["phasing_choice"] is None  # hidden until both are in (RC-4.4)
    code, out, err = run(["campaign", "engage", str(camp), "P2", "B-0", "stand", "--on-table"], capsys)
    assert code == 0, err
    assert "BATTLE" in out and "battles/" in out  # Tabella 34: attack against stand is a battle
    folders = list((camp / "battles").iterdir())
    assert len(folders) == 1 and {"battle.md", "battlefield.json"} <= {p.name for p in folders[0].iterdir()}
    before = snapshot(camp)
    code, out, err = run(["campaign", "battle", str(camp), "--node", "B-0", "--winner", "P2", "--lost", "P1-c9"], capsys)
    assert code == 2 and snapshot(camp) == before  # no such company in the battle
    code, out, err = run(["campaign", "battle", str(camp), "--node", "B-0", "--winner", "P2", "--lost", "P1-c2"], capsys)
    assert code == 0, err
    assert state_of(camp)["engagements"] == []
    assert run(["campaign", "undo", str(camp)], capsys)[0] == 0  # the result is taken back; the battle still waits
    assert folders[0].is_dir()
    assert run(["campaign", "undo", str(camp)], capsys)[0] == 0  # the choice that made the battle: its folder goes
    assert not folders[0].exists()


def test_the_status_map_is_drawn_for_a_player(camp, capsys, tmp_path):
    import xml.etree.ElementTree as ET

    code, out, err = run(["campaign", "status", str(camp), "--side", "P1", "--svg", str(tmp_path / "p1.svg")], capsys)
    assert code == 0, err
    ET.parse(tmp_path / "p1.svg")
    assert "Wrote" in out


def test_the_referee_may_enter_a_neutrals_choice_by_its_country(camp, capsys):
    """``engage DIR D NODE CHOICE``: D a neutral country (RC-4.4, referee_neutrals); refused here, with nothing pending."""
    before = snapshot(camp)
    code, out, err = run(["campaign", "engage", str(camp), "d", "A-0", "stand"], capsys)
    assert code == 2 and "(RC-4.1)" in err  # read as a country, then refused by the rules: it is spring
    code, out, err = run(["campaign", "engage", str(camp), "P1-2", "A-0", "stand"], capsys)
    assert code == 2 and "player seat" in err
    assert snapshot(camp) == before


def _summer_with_p1_to_move(camp, capsys, *companies):
    """P1's army at A-0 (its capital) with ``companies``, P2's at B-0; the summer's phase 1 with P1 to move."""
    argv = [x for t in companies for x in ("--company", t)]
    assert run(["campaign", "army", str(camp), "P1", "A-0", *argv], capsys)[0] == 0
    assert run(["campaign", "army", str(camp), "P2", "B-0", "--company", "small"], capsys)[0] == 0
    assert run(["campaign", "turn", str(camp)], capsys)[0] == 0
    if state_of(camp)["turn"] == "P2":
        assert run(["campaign", "end", str(camp), "P2"], capsys)[0] == 0
    assert state_of(camp)["turn"] == "P1"


def test_a_garrison_left_in_summer_through_the_cli_is_listed_undone_and_replayed(camp, capsys):
    """RC-3.8 (issue 23 item 13): in summer, at one of the player's fortified places, and on the way (``--at``)."""
    _summer_with_p1_to_move(camp, capsys, "medium", "small", "small")
    ids = [c["id"] for c in state_of(camp)["armies"][0]["companies"]]
    code, out, err = run(["campaign", "actions", str(camp), "--side", "P1", "--json"], capsys)
    offered = [a["record"] for a in json.loads(out) if a["record"]["command"] == "garrison"]
    assert offered == [{"command": "garrison", "player": "P1", "army": "P1-1", "companies": [ids[-1]], "at": None}]
    roads = json.loads((camp / "country.json").read_text())["edges"]
    step = next(e["b"] if e["a"] == "A-0" else e["a"] for e in roads if "A-0" in (e["a"], e["b"]))
    assert run(["campaign", "move", str(camp), "P1-1", step], capsys)[0] == 0
    before, saved = snapshot(camp), (camp / "campaign.json").read_bytes()
    code, out, err = run(["campaign", "garrison", str(camp), "P1-1", ids[0], "--at", "B-0"], capsys)
    assert code == 2 and err.startswith("Error: ") and "did not pass B-0" in err
    assert snapshot(camp) == before
    code, out, err = run(["campaign", "garrison", str(camp), "P1-1", ids[0].lower(), "--at", "a-0"], capsys)  # the capital it left
    assert code == 0, err
    capital = next(p for p in state_of(camp)["places"] if p["node"] == "A-0")
    assert [c["id"] for c in capital["garrison"]] == [ids[0]]
    assert json.loads((camp / "commands.jsonl").read_text().splitlines()[-1])["at"] == "A-0"
    code, out, err = run(["campaign", "replay", str(camp), "--check"], capsys)
    assert code == 0, err
    assert run(["campaign", "undo", str(camp)], capsys)[0] == 0
    assert (camp / "campaign.json").read_bytes() == saved


def test_army_takes_the_army_lists_prices_and_keeps_them_for_the_upkeep(camp, capsys):
    """RC-3.5, RC-A.23 (issue 23 item 15): ``army --cost``, one price per company in order, kept on each company."""
    treasury = next(p["treasury"] for p in state_of(camp)["players"] if p["seat"] == "P1")
    before = snapshot(camp)
    for cost, reason in (("25", "one price for each of the 2 companies"), ("25,x", "whole ducats")):
        code, out, err = run(["campaign", "army", str(camp), "P1", "A-0", "--company", "medium", "--company", "small", "--cost", cost], capsys)
        assert code == 2 and reason in err and err.strip().splitlines()[-1].startswith("Error: "), err
        assert snapshot(camp) == before
    code, out, err = run(["campaign", "army", str(camp), "P1", "A-0", "--company", "medium", "--company", "small", "--cost", "25,12"], capsys)
    assert code == 0, err
    data = state_of(camp)
    assert [c["cost"] for c in data["armies"][0]["companies"]] == [25, 12]
    assert next(p["treasury"] for p in data["players"] if p["seat"] == "P1") == treasury - 37
    code, out, err = run(["campaign", "replay", str(camp), "--check"], capsys)
    assert code == 0, err


def test_companies_shift_between_armies_through_the_cli_listed_undone_and_replayed(camp, capsys):
    """RC-3.6 (issue 23 item 14): ``shift DIR FROM TO IDS``, offered by ``actions`` only when two armies share a node."""
    assert run(["campaign", "army", str(camp), "P1", "A-0", "--company", "medium", "--company", "small"], capsys)[0] == 0

    def shifts():
        code, out, err = run(["campaign", "actions", str(camp), "--side", "P1", "--json"], capsys)
        return [a["record"] for a in json.loads(out) if a["record"]["command"] == "shift_companies"]

    assert shifts() == []  # one army: nothing to shift
    assert run(["campaign", "army", str(camp), "P1", "A-0", "--company", "large"], capsys)[0] == 0
    assert {(r["from_army"], r["to_army"]) for r in shifts()} == {("P1-1", "P1-2"), ("P1-2", "P1-1")}
    before, saved = snapshot(camp), (camp / "campaign.json").read_bytes()
    code, out, err = run(["campaign", "shift", str(camp), "P1-1", "P1-2", "P1-c3"], capsys)  # P1-c3 is P1-2's own
    assert code == 2 and err.startswith("Error: ") and "not in army P1-1" in err
    assert snapshot(camp) == before
    code, out, err = run(["campaign", "shift", str(camp), "p1-1", "p1-2", "p1-c2"], capsys)
    assert code == 0, err
    armies = {a["id"]: [c["id"] for c in a["companies"]] for a in state_of(camp)["armies"]}
    assert armies == {"P1-1": ["P1-c1"], "P1-2": ["P1-c3", "P1-c2"]}
    assert run(["campaign", "replay", str(camp), "--check"], capsys)[0] == 0
    assert run(["campaign", "undo", str(camp)], capsys)[0] == 0
    assert (camp / "campaign.json").read_bytes() == saved


def test_engage_names_the_companies_its_owner_gives_up(camp, capsys):
    """RC-3.7, RC-A.31 (issue 23 item 16): ``engage ... --lose IDS`` names the side's own companies, goes into the record and replays.

    What the order does to the losses is tested in test_renaissance_engagements with the strengths typed from RC-4.9.
    """
    _meet(camp, capsys)
    before = snapshot(camp)
    code, out, err = run(["campaign", "engage", str(camp), "P1", "B-0", "attack", "--lose", "P1-c9"], capsys)
    assert code == 2 and "not in P1's force at B-0" in err and snapshot(camp) == before
    code, out, err = run(["campaign", "engage", str(camp), "P1", "B-0", "attack", "--lose", "p1-c1"], capsys)
    assert code == 0, err
    assert json.loads((camp / "commands.jsonl").read_text().splitlines()[-1])["lose"] == ["P1-c1"]
    assert run(["campaign", "replay", str(camp), "--check"], capsys)[0] == 0


def test_the_topology_is_an_option_of_country_and_campaign_new(capsys, tmp_path):
    """RC-1.7, RC-A.5 (issue 23 item 18): ``abstract`` by default, ``--topology grid`` on request; refused where it means nothing."""
    code, out, err = run(["country", "--seed", "4", "--countries", "2", "--topology", "grid", "--out", "g", "--formats", "json"], capsys)
    assert code == 0, err
    assert "topology" not in json.loads((tmp_path / "g" / "country.json").read_text())["options"]
    code, out, err = run(["campaign", "new", "c", "--rules", "renaissance", "--seed", "4", "--players", "2", "--formats", "json"], capsys)
    assert code == 0, err
    assert json.loads((tmp_path / "c" / "country.json").read_text())["options"]["topology"] == "abstract"
    code, out, err = run(["campaign", "new", "d", "--rules", "renaissance", "--seed", "4", "--players", "2", "--topology", "grid",
                          "--formats", "json"], capsys)  # fmt: skip
    assert code == 0, err
    assert "topology" not in json.loads((tmp_path / "d" / "country.json").read_text())["options"]
    for argv, needle in ((["campaign", "new", "e", "--topology", "grid"], "--rules renaissance"),
                         (["campaign", "new", "f", "--rules", "renaissance", "--map", str(tmp_path / "g" / "country.json"), "--topology", "grid"],
                          "with --map the map is given"),
                         (["new", "--topology", "grid", "--out", "h"], "--topology")):  # fmt: skip
        code, out, err = run(argv, capsys)
        assert code == 2 and needle in err, err
        assert not any((tmp_path / x).exists() for x in "efh")
