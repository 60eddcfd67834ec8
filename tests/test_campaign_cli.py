"""``mapgen campaign ...`` as a player types it: new, status, turn, undo, log, and every refusal.

Refusals are the contract of the issue: an illegal command or a broken
``campaign.json`` exits 2 with one ``Error:`` line and leaves the file byte
for byte as it was.  Order, move and battle are exercised here only as
refusals (wrong phase, unknown force, off the map, bad dice text): their
rules are tested with the phases that carry them.
"""

import hashlib
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from .cli_helpers import files_in, run, snapshot

SEED = "31"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """One campaign started by the CLI (dwarves against orcs, so the sides' leaders differ), copied per test."""
    from mapgen.cli import main  # capsys is per test: the module's campaign is made by calling main directly

    folder = tmp_path_factory.mktemp("made") / "camp"
    try:
        main(["campaign", "new", str(folder), "--seed", SEED, "--size", "small", "--races", "dwarves,orcs", "--formats", "json"])
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


# --------------------------------------------------------------------------- new


def test_new_writes_the_campaign_its_map_and_counters_for_exactly_its_forces(made):
    names = files_in(made)
    assert {"campaign.json", "fw-map.json", "counters/counters.json"} <= set(names)
    data = state_of(made)
    assert data["schema"] == "mapgen/campaign" and data["version"] == 1
    assert data["day"] == 1 and data["phase"] == 1  # FW-6: day 1 waits for orders in phase 1
    assert data["map"]["sha256"] == hashlib.sha256((made / "fw-map.json").read_bytes()).hexdigest()
    forces = [f["id"] for f in data["forces"]]
    # small campaign (FW-3.3): capital + 2 holdings a side, one default force per holding
    assert sorted(forces) == ["A1", "A2", "A3", "B1", "B2", "B3"]
    sheet = json.loads((made / "counters" / "counters.json").read_text())
    ids = [c["id"] for p in sheet["pages"] if p["side"] == "front" for c in p["counters"]]
    assert sorted(i for i in ids if "-force-" in i) == ["fw-A-force-1", "fw-A-force-2", "fw-A-force-3", "fw-B-force-1", "fw-B-force-2", "fw-B-force-3"]
    holdings = [h["square"] for h in data["holdings"]]
    for side in "AB":  # every holding, for its owner and for the enemy who may capture it (FW-9.10)
        assert sorted(i.rsplit("-", 1)[1] for i in ids if i.startswith(f"fw-{side}-") and ("-holding-" in i or "-capital-" in i)) == sorted(holdings)


def test_new_with_options_and_a_given_map(tmp_path, capsys, made):
    code, out, err = run(
        ["campaign", "new", "c2", "--map", str(made / "fw-map.json"), "--points", "900", "--forces", "2",
         "--rules", "weather,capital-requires-siege", "--formats", "json"],
        capsys,
    )
    assert code == 0, err
    data = state_of("c2")
    assert Path("c2/fw-map.json").read_bytes() == (made / "fw-map.json").read_bytes()
    assert data["map"]["path"] == str(made / "fw-map.json")
    assert data["seed"] == int(SEED)  # the map's seed when --seed is not given
    assert data["options"]["points"] == 900 and data["options"]["weather"] and data["options"]["capital_requires_siege"]
    assert not data["options"]["random_events"]
    assert sorted(f["id"] for f in data["forces"]) == ["A1", "A2", "B1", "B2"]
    assert "Side A" in out and "A1 at" in out


def test_new_incursione_gives_the_raiders_double_points(capsys):
    code, _, err = run(["campaign", "new", "inc", "--seed", "4", "--size", "small", "--scenario", "incursione", "--formats", "json"], capsys)
    assert code == 2 and "FW-17.2" in err and "4 or more holdings" in err and not Path("inc").exists()  # small: capital + 2
    code, _, err = run(["campaign", "new", "inc", "--seed", "4", "--size", "medium", "--scenario", "incursione", "--points", "1000", "--formats", "json"], capsys)
    assert code == 0, err
    data = state_of("inc")
    assert data["options"]["scenario"] == "incursione"
    points = {s["id"]: s["points"] for s in data["sides"]}
    assert points == {"A": 1000, "B": 2000}  # FW-17.2: raiders (side B) start with 100 % more
    assert [h["capital"] for h in data["holdings"] if h["owner"] == "B"] == [True]  # the raiders' village only
    assert {f["order"] for f in data["forces"] if f["side"] == "A"} == {"defend"}  # FW-17.2: the defenders defend
    assert data["weather"]["season"] == "autumn"  # FW-17.1


def test_new_refuses_a_folder_that_holds_a_campaign(camp, capsys):
    before = snapshot(camp)
    code, out, err = run(["campaign", "new", str(camp), "--seed", "2", "--size", "small", "--formats", "json"], capsys)
    assert code == 2 and err.startswith("Error:") and "already holds a campaign" in err and len(err.strip().splitlines()) == 1
    assert snapshot(camp) == before


def test_new_into_an_empty_folder(capsys):
    Path("empty").mkdir()
    assert run(["campaign", "new", "empty", "--seed", "3", "--size", "small", "--formats", "json"], capsys)[0] == 0
    assert Path("empty/campaign.json").exists()


def test_new_refuses_map_options_with_a_given_map(made, capsys):
    code, _, err = run(["campaign", "new", "c3", "--map", str(made / "fw-map.json"), "--size", "large"], capsys)
    assert code == 2 and "--size" in err and not Path("c3").exists()


ROSTER_YAML = """\
forces:
  - leader: {name: Thorin, cv: 5}
    order: defend
    individuals: [Runesmith]
    units:
      - {id: Hammerers, type: infantry, quality: elite, figures: 10, points: 14}
      - {type: missile, quality: average, figures: 12, points: 10, mercenary: yes}
  - leader: {name: Balin, cv: 3}
    units:
      - {type: infantry, quality: veteran, figures: 20, points: 9}
"""
ROSTER_CSV = """\
force,leader,cv,order,square,unit,type,quality,figures,points,mercenary
1,Grishnak,4,probe,,Boyz,infantry,average,24,5,no
1,Grishnak,4,probe,,Archers,missile,poor,12,4,no
"""


def test_new_with_rosters(capsys):
    Path("a.yaml").write_text(ROSTER_YAML)
    Path("b.csv").write_text(ROSTER_CSV)
    code, _, err = run(["campaign", "new", "r", "--seed", "9", "--size", "small", "--races", "dwarves,orcs", "--roster", "A=a.yaml,B=b.csv", "--formats", "json"], capsys)
    assert code == 0, err
    forces = {f["id"]: f for f in state_of("r")["forces"]}
    assert sorted(forces) == ["A1", "A2", "B1"]
    a1 = forces["A1"]
    assert a1["leader"] == {"name": "Thorin", "cv": 5} and a1["order"] == "defend" and a1["individuals"] == ["Runesmith"]
    assert [u["id"] for u in a1["units"]] == ["Hammerers", "A1-U2"] and a1["units"][1]["mercenary"] is True
    assert [u["id"] for u in forces["B1"]["units"]] == ["Boyz", "Archers"] and forces["B1"]["order"] == "probe"


@pytest.mark.parametrize(
    "text,needle",
    [
        (ROSTER_YAML.replace("cv: 5", "cv: 9"), "a.yaml line 2, field 'leader.cv': 9 is outside 1..6"),
        (ROSTER_YAML.replace("quality: elite", "quality: heroic"), "a.yaml line 6, field 'quality'"),
        (ROSTER_YAML.replace("figures: 20", "figures: lots"), "a.yaml line 10, field 'figures': 'lots' is not a whole number"),
        (ROSTER_YAML.replace("order: defend", "orders: defend"), "a.yaml line 3, field 'orders': unknown"),
        (ROSTER_YAML.replace("    order: defend\n", "    square: Z99\n"), "a.yaml line 2, field 'square': Z99 is not a land square"),
        ("forces: [\n", "a.yaml line"),
        # FW-4.2.f: allies and mercenaries cannot form a Force on their own
        (ROSTER_YAML.replace("points: 9}", "points: 9, ally: yes}"), "a.yaml line 8: force A2 (led by Balin) has only allied or mercenary units"),
    ],
)
def test_a_bad_roster_names_file_line_and_field_and_writes_nothing(text, needle, capsys):
    Path("a.yaml").write_text(text)
    code, out, err = run(["campaign", "new", "r", "--seed", "9", "--size", "small", "--roster", "A=a.yaml", "--formats", "json"], capsys)
    assert code == 2 and needle in err and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1 and not Path("r").exists()


def test_a_csv_force_of_mercenaries_alone_is_refused_by_name(capsys):
    # FW-4.2.f, in a CSV roster: force "2" is the side's second force, B2
    Path("b.csv").write_text(ROSTER_CSV + "2,Ugluk,3,,,Hired,missile,average,10,6,yes\n")
    code, _, err = run(["campaign", "new", "r", "--seed", "9", "--size", "small", "--roster", "B=b.csv", "--formats", "json"], capsys)
    assert code == 2 and "b.csv line 4: force B2 ('2') has only allied or mercenary units" in err and "(FW-4.2.f)" in err, err
    assert len(err.strip().splitlines()) == 1 and not Path("r").exists()


# --------------------------------------------------------------------------- status, log


def test_status_shows_day_phase_awaiting_forces_and_zones_of_control(camp, capsys):
    code, out, err = run(["campaign", "status", str(camp)], capsys)
    assert code == 0, err
    assert out.startswith("Day 1, phase 1 (orders)") and "Awaiting:" in out
    data = state_of(camp)
    for f in data["forces"]:
        assert f"{f['id']:<4} {f['square']:<5}" in out
    for h in data["holdings"]:
        assert f"{h['square']:<5}" in out


def test_status_side_hides_the_enemy_units_and_leaders(camp, capsys):
    data = state_of(camp)
    b_leaders = {f["leader"]["name"] for f in data["forces"] if f["side"] == "B"}
    a_leaders = {f["leader"]["name"] for f in data["forces"] if f["side"] == "A"}
    assert not b_leaders & a_leaders  # dwarves and orcs: the test would prove nothing otherwise
    code, out, _ = run(["campaign", "status", str(camp), "--side", "a"], capsys)
    assert code == 0
    assert all(n in out for n in a_leaders) and not any(n in out for n in b_leaders)
    assert "B1-U1" not in out and "B1" in out
    code, out, _ = run(["campaign", "status", str(camp), "--side", "A", "--json"], capsys)
    view = json.loads(out)
    assert view["side"] == "A"
    for f in view["forces"]:
        if f["side"] == "B":
            assert set(f) == {"id", "side", "square", "order", "reaction", "zone_of_control"}
        else:
            assert f["units"] and f["leader"]["name"] in a_leaders
    assert "reinforcement_points" not in next(s for s in view["sides"] if s["id"] == "B")


def test_status_json_is_the_whole_view(camp, capsys):
    code, out, _ = run(["campaign", "status", str(camp), "--json"], capsys)
    view = json.loads(out)
    assert code == 0 and view["side"] is None and view["day"] == 1 and view["phase"]["name"] == "orders"
    assert len(view["forces"]) == 6 and all("units" in f for f in view["forces"])


def test_status_svg_draws_the_counters(camp, capsys):
    code, out, err = run(["campaign", "status", str(camp), "--svg", "map.svg", "--side", "B"], capsys)
    assert code == 0, err
    root = ET.parse("map.svg").getroot()
    texts = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"A1", "A2", "A3", "B1", "B2", "B3"} <= texts


def test_log_prints_the_history_in_words(camp, capsys):
    assert run(["campaign", "turn", str(camp)], capsys)[0] == 0
    code, out, _ = run(["campaign", "log", str(camp)], capsys)
    assert code == 0 and out.strip()
    assert all(line.startswith("Day ") for line in out.strip().splitlines())
    code, out, _ = run(["campaign", "log", str(camp), "--day", "99"], capsys)
    assert code == 0 and "nothing logged on day 99" in out


# --------------------------------------------------------------------------- turn and undo


def test_turn_then_undo_restores_the_bytes(camp, capsys):
    before = (camp / "campaign.json").read_bytes()
    code, out, err = run(["campaign", "turn", str(camp)], capsys)
    assert code == 0, err and "awaiting" in out
    after = (camp / "campaign.json").read_bytes()
    assert after != before
    assert json.loads((camp / "commands.jsonl").read_text().splitlines()[-1]) == {"command": "turn"}
    code, out, err = run(["campaign", "undo", str(camp)], capsys)
    assert code == 0, err and "Undone" in out
    assert (camp / "campaign.json").read_bytes() == before
    assert (camp / "commands.jsonl").read_text() == "" and not list((camp / "history").iterdir())
    code, _, err = run(["campaign", "undo", str(camp)], capsys)
    assert code == 2 and "nothing to undo" in err


def test_the_same_turn_after_undo_gives_the_same_bytes(camp, capsys):
    run(["campaign", "turn", str(camp)], capsys)
    first = (camp / "campaign.json").read_bytes()
    run(["campaign", "undo", str(camp)], capsys)
    run(["campaign", "turn", str(camp)], capsys)
    assert (camp / "campaign.json").read_bytes() == first  # undo is never a re-roll


# --------------------------------------------------------------------------- refusals


REFUSED = [
    ["order", "{dir}", "Z9", "probe"],  # no such force
    ["move", "{dir}", "A1", "C4"],  # phase 1: orders, not movement
    ["move", "{dir}", "A2", "ZZ99"],  # off the map
    ["order", "{dir}", "A1", "probe", "--roll", "x"],  # not a die face
    ["order", "{dir}", "A1", "probe", "--roll", "4,,2"],
    ["order", "{dir}", "A1", "probe", "--roll", "0"],
    ["battle", "{dir}", "--winner", "A"],  # no battle is waiting
    ["battle", "{dir}", "--winner", "A", "--losses", "A1-U1=lots"],
    ["battle", "{dir}"],  # neither a report nor a winner
]


@pytest.mark.parametrize("argv", REFUSED, ids=[" ".join(a[2:]) for a in REFUSED])
def test_a_refused_command_exits_2_in_one_line_and_changes_nothing(camp, argv, capsys):
    before = snapshot(camp)
    code, out, err = run(["campaign", *[a.format(dir=camp) for a in argv]], capsys)
    assert code == 2, (out, err)
    assert "Traceback" not in err
    assert len([line for line in err.strip().splitlines() if line.startswith("Error")]) == 1  # click adds usage to its own errors
    assert snapshot(camp) == before


def _sea_square(folder) -> str:
    fw = json.loads((Path(folder) / "fw-map.json").read_text())
    from mapgen.fw.rules import WATER
    from mapgen.grid import square_id

    return next(square_id(s["col"], s["row"]) for s in fw["squares"] if s["terrain"] in WATER)


BROKEN = [
    (lambda d, f: d.update(day="three"), "field 'day'"),
    (lambda d, f: d["forces"][1]["leader"].update(cv=9), "field 'forces[1].leader.cv'"),
    (lambda d, f: d["forces"][0].update(square=_sea_square(f)), "field 'forces[0].square'"),
    (lambda d, f: d.pop("weather"), "weather"),
    (lambda d, f: d["sides"][0].pop("points"), "sides[0].points"),
]


@pytest.mark.parametrize("mutate,needle", BROKEN, ids=["type", "range", "sea", "missing", "missing-inner"])
@pytest.mark.parametrize("command", [["status"], ["turn"], ["undo"], ["log"]])
def test_a_hand_broken_campaign_json_is_named_and_never_overwritten(camp, mutate, needle, command, capsys):
    data = state_of(camp)
    mutate(data, camp)
    (camp / "campaign.json").write_text(json.dumps(data, indent=1))
    if command == ["undo"]:  # something to undo, so undo has a reason to write
        (camp / "commands.jsonl").write_text('{"command": "turn"}\n')
    before = snapshot(camp)
    code, out, err = run(["campaign", command[0], str(camp)], capsys)
    assert code == 2, (out, err)
    assert needle in err and "campaign.json" in err and "Traceback" not in err
    assert snapshot(camp) == before


def test_a_changed_map_copy_is_refused(camp, capsys):
    (camp / "fw-map.json").write_text((camp / "fw-map.json").read_text() + " ")
    code, _, err = run(["campaign", "status", str(camp)], capsys)
    assert code == 2 and "changed since the campaign began" in err


def test_no_campaign_here(capsys):
    code, _, err = run(["campaign", "status", "nowhere"], capsys)
    assert code == 2 and "no such campaign folder" in err


# --------------------------------------------------------------------------- mapgen new


def test_mapgen_new_writes_a_ready_to_play_campaign(capsys):
    code, out, err = run(["new", "--seed", "12", "--size", "small", "--formats", "json", "--out", "kit"], capsys)
    assert code == 0, err
    data = state_of("kit")
    assert data["map"]["path"] == "fw-map.json"
    assert data["map"]["sha256"] == hashlib.sha256(Path("kit/fw-map.json").read_bytes()).hexdigest()
    sheet = json.loads(Path("kit/counters/counters.json").read_text())
    forces = sorted(c["id"] for p in sheet["pages"] if p["side"] == "front" for c in p["counters"] if "-force-" in c["id"])
    assert len(forces) == len(data["forces"])  # the campaign's forces, not the rulebook's six a side
    code, out, err = run(["campaign", "status", "kit"], capsys)
    assert code == 0 and out.startswith("Day 1, phase 1")


def test_mapgen_new_never_overwrites_a_campaign_in_play(capsys):
    assert run(["new", "--seed", "12", "--size", "small", "--formats", "json", "--out", "kit"], capsys)[0] == 0
    assert run(["campaign", "turn", "kit"], capsys)[0] == 0
    before = snapshot("kit")
    code, _, err = run(["new", "--seed", "13", "--size", "small", "--formats", "json", "--out", "kit"], capsys)
    assert code == 2 and "campaign in play" in err
    assert snapshot("kit") == before


# --------------------------------------------------------------------------- the CLI's plumbing, with stand-in rules
# The phase rules are tested with their modules; here a stand-in handler shows what the CLI hands to
# the core (the command, the entered faces) and what it does with the result (save, print, record).


def _stand_in_order(state, cmd, dice, board):
    from dataclasses import replace as rep

    from mapgen.campaign.state import with_force

    f = state.force(cmd.force)
    entry = dice.roll("1D6", day=state.day, phase=1, place=f"{f.id}/force-test", rule="FW-8.2", text=f"{f.id} Force Test", side=f.side)
    dice.set_outcome(entry, "passed")
    return with_force(state, rep(f, order=cmd.order, tested_today=True))


def test_order_hands_the_entered_faces_to_the_dice_and_saves(camp, capsys, monkeypatch):
    from mapgen.campaign import orders

    monkeypatch.setattr(orders, "give_order", _stand_in_order)
    before = (camp / "campaign.json").read_bytes()
    code, out, err = run(["campaign", "order", str(camp), "a2", "max-speed", "--roll", "5"], capsys)
    assert code == 0, err
    assert "Day 1, phase 1 (orders), FW-8.2: A2 Force Test: 1D6 rolled 5 (entered) = 5 -> passed" in out
    assert "awaiting:" in out
    data = state_of(camp)
    assert next(f for f in data["forces"] if f["id"] == "A2")["order"] == "max_speed"
    assert data["log"][-1]["entered"] is True and data["log"][-1]["faces"] == [5]
    record = json.loads((camp / "commands.jsonl").read_text().splitlines()[-1])
    assert record == {"command": "order", "force": "A2", "order": "max_speed", "roll": [5]}
    assert run(["campaign", "undo", str(camp)], capsys)[0] == 0
    assert (camp / "campaign.json").read_bytes() == before


def test_unused_entered_faces_refuse_the_command(camp, capsys, monkeypatch):
    from mapgen.campaign import orders

    monkeypatch.setattr(orders, "give_order", _stand_in_order)
    before = snapshot(camp)
    code, _, err = run(["campaign", "order", str(camp), "A2", "probe", "--roll", "5,6"], capsys)
    assert code == 2 and "unused: 6" in err and snapshot(camp) == before


def test_move_and_battle_build_the_commands_the_core_expects(camp, capsys, monkeypatch):
    from mapgen.campaign import after_battle, movement

    seen = []
    monkeypatch.setattr(movement, "move", lambda s, cmd, dice, board: seen.append(cmd) or s)
    monkeypatch.setattr(after_battle, "report", lambda s, cmd, dice, board: seen.append(cmd) or s)
    assert run(["campaign", "move", str(camp), "a1", "c4", "d4", "--countermarch", "c5"], capsys)[0] == 0
    assert run(["campaign", "move", str(camp), "A3"], capsys)[0] == 0  # no squares: the force stays
    code, _, err = run(["campaign", "battle", str(camp), "--winner", "b", "--losses", "A1-U1=4,B1-U2=2/3", "--square", "c4"], capsys)
    assert code == 0, err
    move, stay, battle = seen
    assert (move.force, move.path, move.countermarch) == ("A1", ("C4", "D4"), "C5")
    assert (stay.force, stay.path, stay.countermarch) == ("A3", (), None)
    assert battle.winner == "B" and battle.square == "C4"
    assert [(x.unit, x.killed, x.fled, x.withdrawn) for x in battle.losses] == [("A1-U1", 4, 0, 0), ("B1-U2", 2, 3, 0)]
    records = [json.loads(line) for line in (camp / "commands.jsonl").read_text().splitlines()]
    assert records[0] == {"command": "move", "force": "A1", "path": ["C4", "D4"], "countermarch": "C5"}
    assert records[1] == {"command": "move", "force": "A3", "path": []}
    assert records[2] == {"command": "battle", "winner": "B", "losses": [["A1-U1", 4, 0, 0], ["B1-U2", 2, 3, 0]], "square": "C4"}


def _face_off(camp) -> tuple[str, str]:
    """Hand-edit the state: every force defends except A2, which probes next to B2 (a step it may take)."""
    from mapgen import session

    data = state_of(camp)
    board = session.load(camp).board
    a2 = next(f for f in data["forces"] if f["id"] == "A2")
    near = next(sq for sq, crossing in board.steps[a2["square"]].items() if not any(f["square"] == sq for f in data["forces"]))
    for f in data["forces"]:
        f["order"], f["reaction"] = ("probe" if f["id"] == "A2" else "defend"), None
        if f["id"] == "B2":
            f["square"] = near
    (camp / "campaign.json").write_text(json.dumps(data), encoding="utf-8")
    return a2["square"], near


def test_a_contact_is_fought_from_its_battle_folder_and_the_after_battle_phase_runs(camp, capsys):
    start, enemy = _face_off(camp)
    code, out, err = run(["campaign", "turn", str(camp)], capsys)  # no orders: to the movement phase
    assert code == 0, err
    assert "side A moves" in out  # only A2 may move: every other force defends (FW-9.4.d)
    # 6 + 1 friendly territory at least: the allowance is one square or more (FW-9.3)
    code, out, err = run(["campaign", "move", str(camp), "A2", enemy, "--roll", "6"], capsys)
    assert code == 0, err
    assert "6 (entered)" in out
    code, out, err = run(["campaign", "turn", str(camp)], capsys)  # to the battle (FW-10)
    assert code == 0, err
    data = state_of(camp)
    assert data["phase"] == "battle" and data["pending"][0]["square"] == enemy
    folder = camp / data["pending"][0]["folder"]
    assert {"report.yaml", "battle.md"} <= set(files_in(folder))
    before = snapshot(camp)
    code, _, err = run(["campaign", "turn", str(camp)], capsys)
    assert code == 2 and "needs its report" in err and snapshot(camp) == before  # nothing runs past a battle
    unit = next(u["id"] for f in data["forces"] if f["id"] == "B2" for u in f["units"])
    code, out, err = run(["campaign", "battle", str(camp), "--winner", "A", "--losses", f"{unit}=2/1"], capsys)
    assert code == 0, err
    after = state_of(camp)
    b2 = next(f for f in after["forces"] if f["id"] == "B2")
    assert b2["square"] != enemy and b2["reaction"] == "confused"  # FW-12.5 the loser retreats, FW-12.6 any order -> confused
    assert next(s for s in after["sides"] if s["id"] == "A")["battles_won"] == 1
    assert after["pending"] == [] and after["phase"] == 4
    records = [json.loads(line) for line in (camp / "commands.jsonl").read_text().splitlines()]
    assert records[-1] == {"command": "battle", "winner": "A", "losses": [[unit, 2, 1, 0]]}
    assert records[-2] == {"command": "turn", "battles": [data["pending"][0]["folder"]]}
    # undo the report, then the turn that made the battle: its folder goes with it
    assert run(["campaign", "undo", str(camp)], capsys)[0] == 0 and folder.is_dir()
    assert run(["campaign", "undo", str(camp)], capsys)[0] == 0 and not folder.exists()
    assert state_of(camp)["phase"] == 2


def test_a_roster_square_must_be_on_or_next_to_a_friendly_holding(made, capsys):
    data = state_of(made)
    theirs = next(h["square"] for h in data["holdings"] if h["owner"] == "B")
    mine = next(h["square"] for h in data["holdings"] if h["owner"] == "A")
    Path("a.yaml").write_text(ROSTER_YAML.replace("    order: defend\n", f"    square: {theirs}\n"))
    argv = ["campaign", "new", "r", "--map", str(made / "fw-map.json"), "--roster", "A=a.yaml", "--formats", "json"]
    code, _, err = run(argv, capsys)
    assert code == 2 and f"a.yaml line 2, field 'square': {theirs} is neither a holding of side A" in err  # FW-2.4
    Path("a.yaml").write_text(ROSTER_YAML.replace("    order: defend\n", f"    square: {mine}\n"))
    assert run(argv, capsys)[0] == 0
    assert next(f for f in state_of("r")["forces"] if f["id"] == "A1")["square"] == mine


def test_reinforce_spends_banked_points_on_units_joining_the_capital(camp, capsys):
    data = state_of(camp)
    next(s for s in data["sides"] if s["id"] == "A")["reinforcement_points"] = 200
    (camp / "campaign.json").write_text(json.dumps(data), encoding="utf-8")
    before = snapshot(camp)
    code, _, err = run(["campaign", "reinforce", str(camp), "A", "--unit", "infantry:elite:10:9"], capsys)
    assert code == 2 and "FW-15.b" in err and snapshot(camp) == before  # no Elite among reinforcements
    code, _, err = run(["campaign", "reinforce", str(camp), "A", "--unit", "infantry:average:30:9"], capsys)
    assert code == 2 and "270 points" in err and snapshot(camp) == before  # more than the 200 banked (FW-15.h)
    code, out, err = run(["campaign", "reinforce", str(camp), "a", "--unit", "infantry:average:20:6", "--unit", "missile:poor:5:4"], capsys)
    assert code == 0, err
    after = state_of(camp)
    assert next(s for s in after["sides"] if s["id"] == "A")["reinforcement_points"] == 200 - 120 - 20
    capital = next(h["square"] for h in after["holdings"] if h["owner"] == "A" and h["capital"])
    there = next(f for f in after["forces"] if f["side"] == "A" and f["square"] == capital)  # FW-15.c: they join it
    assert [u["figures"] for u in there["units"]][-2:] == [20, 5]


def test_reinforce_takes_mercenaries_and_allies_and_refuses_them_alone_as_a_new_force(camp, capsys):
    # FW-4.2.f: they may join the force in the capital; with nobody there they cannot form a Force alone
    data = state_of(camp)
    next(s for s in data["sides"] if s["id"] == "A")["reinforcement_points"] = 500
    capital = next(h["square"] for h in data["holdings"] if h["owner"] == "A" and h["capital"])
    away = next(f["square"] for f in data["forces"] if f["side"] == "A" and f["square"] != capital)
    for f in data["forces"]:
        if f["side"] == "A" and f["square"] == capital:
            f["square"] = away
    (camp / "campaign.json").write_text(json.dumps(data), encoding="utf-8")
    before = snapshot(camp)
    code, _, err = run(["campaign", "reinforce", str(camp), "A", "--unit", "missile:average:10:6:mercenary", "--leader", "Hawkwood:3"], capsys)
    assert code == 2 and "allies and mercenaries cannot form a Force on their own (FW-4.2.f)" in err and snapshot(camp) == before
    code, _, err = run(["campaign", "reinforce", str(camp), "A", "--unit", "missile:average:10:6:hired"], capsys)
    assert code == 2 and "[:mercenary|:ally]" in err and snapshot(camp) == before
    argv = ["campaign", "reinforce", str(camp), "A", "--unit", "missile:average:10:6:mercenary", "--unit", "cavalry:average:5:8:ally",
            "--unit", "infantry:average:10:6", "--leader", "Hawkwood:3"]
    code, _, err = run(argv, capsys)
    assert code == 0, err
    new = next(f for f in state_of(camp)["forces"] if f["side"] == "A" and f["square"] == capital)
    assert [(u["mercenary"], u["ally"]) for u in new["units"]] == [(True, False), (False, True), (False, False)]
    record = json.loads((camp / "commands.jsonl").read_text().splitlines()[-1])
    assert record["units"][:2] == [["missile", "average", 10, 6, "mercenary"], ["cavalry", "average", 5, 8, "ally"]]
    assert run(["campaign", "replay", str(camp), "--check"], capsys)[0] == 0


def test_sack_is_a_rule_of_the_incursione_only(camp, capsys):
    before = snapshot(camp)
    code, _, err = run(["campaign", "sack", str(camp), "B1"], capsys)
    assert code == 2 and "Incursione" in err and snapshot(camp) == before


def _river_step(board) -> tuple[str, str] | None:
    """A square and a bordering land square across a river with no bridge or ford between them."""
    for sq, near in board.around.items():
        for n in near:
            if n not in board.steps[sq]:
                return sq, n
    return None


def test_the_movement_refusals_of_the_issue_exit_2_and_change_nothing(camp, capsys):
    from mapgen import session

    assert run(["campaign", "order", str(camp), "A2", "max_speed", "--roll", "6"], capsys)[0] == 0
    code, _, err = run(["campaign", "order", str(camp), "A2", "probe"], capsys)
    assert code == 2 and "FW-8.1" in err  # an order to a force already tested today
    assert run(["campaign", "turn", str(camp)], capsys)[0] == 0
    data = state_of(camp)
    board = session.load(camp).board
    head = data["initiative"][0]
    mine = next(f for f in data["forces"] if f["side"] == head and f["order"] != "defend")
    theirs = next(f for f in data["forces"] if f["side"] != head and f["order"] != "defend")
    defender = next(f for f in data["forces"] if f["order"] == "defend")
    far = next(sq for sq in board.squares if max(abs(board.squares[sq].col - board.squares[mine["square"]].col),
                                                   abs(board.squares[sq].row - board.squares[mine["square"]].row)) == 2)
    cases = [
        ([theirs["id"], next(iter(board.steps[theirs["square"]]))], f"side {head}'s move"),  # the wrong side's turn
        ([defender["id"], next(iter(board.steps[defender["square"]]))], "Defend"),  # a defending force moved
        ([mine["id"], far], "not a step to a bordering square"),  # too far for one step
        ([mine["id"], "A99"], "not a land square"),  # off the map
        ([mine["id"], *[next(iter(board.steps[mine["square"]]))] * 4], "too far"),  # more than 3 squares (FW-9.3)
    ]
    river = _river_step(board)
    assert river is not None, "the test map has a river with squares on both sides"
    for argv, needle in cases:
        before = snapshot(camp)
        code, _, err = run(["campaign", "move", str(camp), *argv], capsys)
        assert code == 2 and needle in err and len(err.strip().splitlines()) == 1, (argv, err)
        assert snapshot(camp) == before
    data["forces"] = [dict(f, square=river[0]) if f["id"] == mine["id"] else f for f in data["forces"]]
    assert not any(f["square"] == river[0] for f in data["forces"] if f["id"] != mine["id"])
    (camp / "campaign.json").write_text(json.dumps(data), encoding="utf-8")
    before = snapshot(camp)
    code, _, err = run(["campaign", "move", str(camp), mine["id"], river[1]], capsys)
    assert code == 2 and "crosses a river off a bridge or ford" in err and snapshot(camp) == before


def test_a_players_command_prints_only_what_that_side_may_know(camp, capsys):
    # FW-9.1.2: each side's initiative rolls carry its leaders' CV; the other side sees only the slots
    code, out, err = run(["campaign", "turn", str(camp), "--side", "A"], capsys)
    assert code == 0, err
    assert "A1 initiative" in out or "A2 initiative" in out or "A3 initiative" in out
    assert "B2 initiative" not in out and "B3 initiative" not in out
    assert "slot by slot" in out
