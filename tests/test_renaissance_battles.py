"""Renaissance battles fought on the table: their folder, table and sheet (RC-4.5, RC-4.7, RC-4.8, RC-A.14, RC-A.33).

Expected values are typed from the digest: a rear-guard action is played
along the table's length, the attacker within 4 udm of one short edge, the
rear guard between 6 and 10 udm from that same edge, leaving by the opposite
one; it wins if more of its companies leave than the enemy routs, destroys or
captures (RC-4.8); only the rear guard's companies take part (RC-A.14);
Tabella 34 names the defender (RC-4.5).  The udm is given in each test (the
digest leaves it to the tactical rules, RC-0.2), so 4 udm at 10 cm is 40 cm.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import networkx as nx
import pytest

import mapgen.cli.battlefield  # noqa: F401  (registers the command, as tests/test_battlefield_cli.py does)

from mapgen.battlefield.generate import generate_battlefield
from mapgen.battlefield.model import Battlefield
from mapgen.presenters import renaissance_battles as battles
from mapgen.presenters.renaissance_battles import (
    battle_folder_name,
    battle_options,
    battle_sides,
    is_table_battle,
    write_engagement_battle,
    write_pending,
)
from mapgen.renaissance.state import Army, PendingEngagement, company
from mapgen.campaign.state import evolve
from mapgen.kit import Outputs
from tests.cli_helpers import run
from tests.test_renaissance_spring import KINDS, state
from tests.test_renaissance_summer import ROADS, garrisoned

COUNTRIES = {"A": "Mantua", "B": "Milan", "N": "Venice"}
NAMES = {"A-3": "Castel Goffredo", "A-1": "Mantova"}
TABLE_LENGTH, TABLE_DEPTH = 180, 120  # the 6 x 4 ft table [DEV]


def country_map():
    """The summer tests' roads as a country map: node kinds from the spring tests, ``A-c``/``B-c`` crossing points."""
    g = nx.Graph()
    for a, b in ROADS:
        g.add_edge(a, b)
    g.add_edge("A-c", "B-c")
    for n in g.nodes:
        g.nodes[n].update(kind=KINDS.get(n, "crossing"), country=n[0], name=NAMES.get(n))
    return SimpleNamespace(graph=g, country=lambda cid: SimpleNamespace(name=COUNTRIES[cid]))


MAP = country_map()
P1 = Army("P1-1", "P1", "A-3", (company("P1-1-c1", "medium"), company("P1-1-c2", "large_cavalry"), company("P1-1-c3", "small", "mercenary")))
P2 = Army("P2-1", "P2", "A-3", (company("P2-1-c1", "large"), company("P2-1-c2", "medium_cavalry"), company("P2-1-c3", "small"), company("P2-1-c4", "rabble", "rabble")))


def in_phase(armies=(P1, P2), phase=3, **kw):
    return evolve(state(armies=tuple(armies), **kw), season="summer", phase=phase, order=("P1", "P2"), turn="P1")


#: Tabella 34 attack / stand: a battle, the non-phasing side defends (RC-4.5).
PITCHED = PendingEngagement("A-3", "P1", "P2", "attack", "stand", on_table=("P1", "P2"), result="BATTLE", defender="P2")
#: Tabella 34 attack / fall back: P2 defends with a rear guard (RC-4.5, RC-4.8); its medium cavalry and small company.
REAR = PendingEngagement(
    "A-3", "P1", "P2", "attack", "fall_back", other_rear_guard=("P2-1-c2", "P2-1-c3"), on_table=("P1", "P2"), result="BATTLE", defender="P2", rear_guard="P2"
)


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """The pitched battle and the rear-guard action at A-3 (a village), each written into a campaign folder of its own."""
    root = tmp_path_factory.mktemp("battles")
    s = in_phase()
    return {name: write_engagement_battle(root / name, s, e, MAP, udm_cm=10) for name, e in (("pitched", PITCHED), ("rear", REAR))}


def read_plan(folder: Path) -> Battlefield:
    return Battlefield.from_json(json.loads((folder / "battlefield.json").read_text()))


# --- which engagements get a folder, and its name ------------------------------------------------


def test_the_folder_name_is_year_phase_and_node():
    assert battle_folder_name(in_phase(phase=3), PITCHED) == "battles/year-1-phase-3-A-3"
    assert battle_folder_name(in_phase(phase=4), PITCHED) == "battles/year-1-phase-4-A-3"
    assert battle_folder_name(in_phase(phase=3), evolve(PITCHED, node="B-1")) == "battles/year-1-phase-3-B-1"


@pytest.mark.parametrize(
    "engagement, table",
    [
        (PITCHED, True),
        (REAR, True),
        (evolve(PITCHED, on_table=("P1",)), False),  # RC-A.33: both must ask, else it is auto-resolved
        (evolve(PITCHED, result="N_BACK"), False),  # no battle
        (evolve(PITCHED, result=None), False),  # the choices are not in yet
    ],
)
def test_only_a_battle_both_sides_asked_for_is_fought_on_the_table(engagement, table):
    assert is_table_battle(engagement) is table


def test_an_engagement_that_is_no_table_battle_is_refused(tmp_path):
    with pytest.raises(ValueError, match="RC-4.7"):
        write_engagement_battle(tmp_path, in_phase(), evolve(PITCHED, on_table=("P1",)), MAP)
    assert not (tmp_path / "battles").exists()


# --- RC-4.8 the rear-guard action along the table's length ---------------------------------------


@pytest.mark.parametrize("udm_cm", [10, 7.5])
def test_the_rear_guard_zones_run_along_the_tables_length(udm_cm):
    b = generate_battlefield(battle_options(in_phase(), REAR, MAP, udm_cm=udm_cm))
    assert b.scenario.name == "rear_guard"
    assert (b.width_cm, b.depth_cm) == (TABLE_LENGTH, TABLE_DEPTH) and b.width_cm > b.depth_cm  # x is the long axis
    attacker = [z for z in b.scenario.zones if z.side == "A"]  # P1, the phasing side, is side A
    rear = [z for z in b.scenario.zones if z.side == "B"]
    assert len(attacker) == len(rear) == 1
    # RC-4.8: the attacker within 4 udm of one short edge (x = 0), across the whole width of the table
    assert attacker[0].polygon.bounds == (0, 0, 4 * udm_cm, TABLE_DEPTH)
    # RC-4.8: the rear guard between 6 and 10 udm from that same edge
    assert rear[0].polygon.bounds == (6 * udm_cm, 0, 10 * udm_cm, TABLE_DEPTH)
    assert rear[0].polygon.area == pytest.approx((10 - 6) * udm_cm * TABLE_DEPTH)
    # RC-4.8: the rear guard tries to leave by the opposite short edge
    assert b.scenario.side_orders("B").escape_edges == ["right"]
    assert b.scenario.side_orders("B").role.startswith("rear guard")


@pytest.mark.parametrize("year", [1, 2, 3, 4])
def test_the_road_of_a_rear_guard_action_runs_along_the_tables_length(year):
    """RC-4.8: the rear guard withdraws from one short edge to the other; the road it withdraws by runs that way [DEV]."""
    b = generate_battlefield(battle_options(evolve(in_phase(), year=year), REAR, MAP))
    road = next(f for f in b.features if f.kind == "road")
    x0, _, x1, _ = road.polygon.bounds
    assert (x0, x1) == (0, TABLE_LENGTH)  # from one short edge to the other


def test_the_rear_guard_zones_are_drawn_on_the_plan_and_listed_with_their_distances(written):
    folder = written["rear"]
    plan = read_plan(folder)
    assert [(z.side, z.polygon.bounds) for z in plan.scenario.zones] == [("A", (0, 0, 40, 120)), ("B", (60, 0, 100, 120))]
    setup = (folder / "battlefield-setup.md").read_text()
    assert "| A | side A, the attacker: within 4 udm (40 cm) of the left short edge | x 0 to 40, y 0 to 120 |" in setup
    assert "| B | side B, the rear guard: 6 to 10 udm (60 to 100 cm) from the left short edge | x 60 to 100, y 0 to 120 |" in setup
    svg = (folder / "battlefield.svg").read_text()
    assert 'inkscape:label="Deployment"' in svg and "within 4 udm (40 cm)" in svg and "6 to 10 udm (60 to" in svg
    sheet = (folder / "battle.md").read_text()
    assert "| A: P1 | side A, the attacker: within 4 udm (40 cm) of the left short edge | x 0 to 40, y 0 to 120 |" in sheet
    assert "| B: P2 | side B, the rear guard: 6 to 10 udm (60 to 100 cm) from the left short edge | x 60 to 100, y 0 to 120 |" in sheet


def test_only_the_rear_guards_companies_take_part(written):
    a, b = battle_sides(in_phase(), REAR, MAP)
    assert [c.id for _, c in a.companies] == ["P1-1-c1", "P1-1-c2", "P1-1-c3"]  # the attacker's whole army
    assert [c.id for _, c in b.companies] == ["P2-1-c2", "P2-1-c3"]  # RC-A.14: the rest withdrew
    assert (a.strength, b.strength) == (2 + 8 + 1, 4 + 1)  # Tabella 31
    sheet = (written["rear"] / "battle.md").read_text()
    assert "| P2-1-c2 | P2-1 | medium cavalry | regular | 4 |" in sheet and "| P2-1-c3 | P2-1 | small | regular | 1 |" in sheet
    assert "P2-1-c1" not in sheet and "P2-1-c4" not in sheet
    assert "| P1-1-c2 | P1-1 | large cavalry | regular | 8 |" in sheet
    assert "P2 wins if more of its rear-guard companies leave by the right short edge than P1 routs, destroys or captures; otherwise P1 wins (RC-4.8)" in sheet


# --- RC-4.7 the battle and its sheet ------------------------------------------------------------


def test_the_battle_sheet_names_the_node_the_sides_the_defender_and_how_to_enter_the_result(written):
    sheet = (written["pitched"] / "battle.md").read_text()
    assert sheet.startswith("# Battle at A-3, Castel Goffredo, a village of Mantua\n")
    assert "| side A | P1 | Alfonso | Mantua | 11 | moved in: the phasing side (RC-4.4) |" in sheet
    assert "| side B | P2 | Bona | Milan | 9 | was at the node; the defender (Tabella 34) |" in sheet  # Tabella 31: 4 + 4 + 1 + 0 (rabble)
    assert "Defender: **P2 Bona of Milan**, side B (Tabella 34, RC-4.5)." in sheet
    assert "| P2-1-c4 | P2-1 | rabble | rabble | 0 |" in sheet
    campaign = written["pitched"].parent.parent  # the campaign folder as it was given: the command runs from here
    assert f"mapgen campaign battle {campaign} --node=A-3 --winner=P1 --lost=P2-1-c1\n" in sheet
    plan = read_plan(written["pitched"])
    assert plan.scenario.name == "battle" and plan.scenario.rule == "RC-4.7"
    assert plan.scenario.deploys_first == "B"  # the defender [DEV]
    assert plan.scenario.side_orders("B").role == "defender, P2 Bona of Milan"


def test_with_no_defender_a_roll_off_stands_in_for_the_tactical_rules():
    both_attack = evolve(PITCHED, phasing_choice="attack", other_choice="attack", defender=None)
    b = generate_battlefield(battle_options(in_phase(), both_attack, MAP))
    assert [r.rule for r in b.dice_log][:2] == ["RC-4.5 stand-in [DEV]"] * 2
    assert "Tabella 34 names no defender" in b.scenario.instructions[1]


def test_a_neutral_side_fights_with_the_garrison_of_its_place():
    s = garrisoned(in_phase(armies=[evolve(P1, node="A-9")]), "A-9", "N-g1", "N-g2")  # Venice's walled village
    e = PendingEngagement("A-9", "P1", "N", "attack", "stand", on_table=("P1", "N"), result="BATTLE", defender="N")
    _, n = battle_sides(s, e, MAP)
    assert (n.seat, n.name, n.words()) == ("N", "Venice", "N Venice")
    assert [(where, c.id) for where, c in n.companies] == [("garrison", "N-g1"), ("garrison", "N-g2")]


# --- the ground ----------------------------------------------------------------------------------


def test_a_village_stands_on_the_table_and_a_crossing_point_is_open_country():
    village = generate_battlefield(battle_options(in_phase(), PITCHED, MAP))
    assert "village" in [f.kind for f in village.features] and "road" in [f.kind for f in village.features]
    at_crossing = in_phase(armies=[evolve(P1, node="A-c"), evolve(P2, node="A-c")])
    open_country = generate_battlefield(battle_options(at_crossing, evolve(PITCHED, node="A-c"), MAP))
    kinds = [f.kind for f in open_country.features]
    assert "village" not in kinds and "house" not in kinds and "road" in kinds
    assert open_country.source.terrain == "plain" and open_country.source.square == "A-c"


def test_the_ground_is_seeded_from_the_campaign_and_the_engagement():
    s = in_phase()
    again = generate_battlefield(battle_options(s, PITCHED, MAP)).to_json()
    assert generate_battlefield(battle_options(s, PITCHED, MAP)).to_json() == again
    assert again["seed"] == "5-year1-phase3-A-3"
    later = generate_battlefield(battle_options(in_phase(phase=4), PITCHED, MAP)).to_json()
    assert later["seed"] == "5-year1-phase4-A-3" and later["features"] != again["features"]


# --- the files -----------------------------------------------------------------------------------


def test_the_folder_holds_the_plan_its_setup_sheet_and_the_battle_sheet(written):
    folder = written["rear"]
    assert folder.as_posix().endswith("/battles/year-1-phase-3-A-3")
    assert sorted(files(folder)) == [".mapgen-files.json", "battle.md", "battlefield-setup.md", "battlefield.json", "battlefield.pdf", "battlefield.svg"]
    assert (folder / "battlefield.pdf").read_bytes().startswith(b"%PDF")


def test_the_same_engagement_writes_byte_identical_files(written, tmp_path):
    """The same bytes again, but for the campaign folder the sheet's command names (it runs as printed)."""
    again = write_engagement_battle(tmp_path / "rear", in_phase(), REAR, MAP, udm_cm=10)
    mine = {k: v.replace(str(tmp_path / "rear").encode(), b"CAMPAIGN") for k, v in files(again).items()}
    theirs = {k: v.replace(str(written["rear"].parent.parent).encode(), b"CAMPAIGN") for k, v in files(written["rear"]).items()}
    assert mine == theirs


def test_into_a_staged_set_the_files_go_under_the_battle_folder(tmp_path):
    with Outputs(tmp_path / "campaign") as outputs:
        rel = write_engagement_battle(outputs, in_phase(), PITCHED, MAP)
    assert rel == Path("battles/year-1-phase-3-A-3")
    assert sorted(f for f in outputs.files if f.startswith("battles/")) == [
        f"battles/year-1-phase-3-A-3/{n}" for n in ("battle.md", "battlefield-setup.md", "battlefield.json", "battlefield.pdf", "battlefield.svg")
    ]


def test_a_failure_leaves_no_half_written_folder(tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(battles, "battle_sheet", broken)  # after the plan is staged
    with pytest.raises(RuntimeError):
        write_engagement_battle(tmp_path, in_phase(), PITCHED, MAP)
    assert not (tmp_path / "battles" / "year-1-phase-3-A-3").exists()


def test_a_udm_too_long_for_the_table_leaves_the_layout_to_the_players(tmp_path):
    folder = write_engagement_battle(tmp_path, in_phase(), REAR, MAP, udm_cm=18)  # 10 udm + room to run > 180 cm
    assert sorted(files(folder)) == [".mapgen-files.json", "battle.md"]
    assert "could not lay this table out (RC-4.8" in (folder / "battle.md").read_text()


def test_pending_table_battles_are_written_once(tmp_path):
    s = evolve(in_phase(), engagements=(PITCHED, PendingEngagement("B-1", "P2", "P1")))  # the second waits for its choices
    assert write_pending(tmp_path, s, MAP) == [tmp_path / "battles/year-1-phase-3-A-3"]
    form = tmp_path / "battles/year-1-phase-3-A-3/battle.md"
    form.write_text("filled in by the players")
    assert write_pending(tmp_path, s, MAP) == []
    assert form.read_text() == "filled in by the players"
    assert [p.name for p in (tmp_path / "battles").iterdir()] == ["year-1-phase-3-A-3"]


def test_the_command_line_lays_out_a_rear_guard_action(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["battlefield", "--seed", "2", "--scenario", "rear_guard", "--situation", "rear_guard=a", "--udm", "5", "--formats", "json", "--out", "rg"], capsys)
    assert code == 0, err
    zones = {z["side"]: z["polygon"] for z in json.loads(Path("rg/battlefield.json").read_text())["scenario"]["zones"]}
    assert sorted({x for x, _ in zones["B"]}) == [0, 4 * 5]  # the attacker, side B, within 4 udm of 5 cm
    assert sorted({x for x, _ in zones["A"]}) == [6 * 5, 10 * 5]
