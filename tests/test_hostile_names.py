"""Names with line breaks, ESC sequences, bidi overrides or 100k characters: refused where they are typed,
escaped wherever a hand-edited state still carries them.

The attacks are the issue's: a leader's line break once wrote ``winner: B``
into the opponent's ``report.yaml``; an ESC sequence reached the other
player's terminal and made the VASSAL build file ill-formed; an 81-character
unit type saved a state no command could read back (the schema's ``Name`` is
at most 80 characters, :mod:`mapgen.campaign.state`).
"""

from __future__ import annotations

import dataclasses
import json
import xml.etree.ElementTree as ET
import zipfile
from typing import Annotated

import pytest
import yaml
from annotated_types import MaxLen

from mapgen.campaign import report
from mapgen.presenters import fw_battles as battles
from mapgen.campaign.roster import MAX_UNITS, CampaignRosterError, read_campaign_roster
from mapgen.campaign.state import evolve
from mapgen.campaign.view import status_lines
from mapgen.text import BadTextError, check_name, check_state_text, printable, text_problem, text_problems, yaml_str

from .cli_helpers import run, snapshot
from .test_campaign_battle_folder import game  # noqa: F401 - the module's fixture: a campaign with a battle pending

#: What the issue measured, and what a terminal or a parser would obey.
LINE_BREAK = "Ragnar\nwinner: B"
ESCAPE = "Ragnar\x1b[2J\x1b]0;pwned\x07"
BIDI = "Ragnar\u202eB :renniw"
C1 = "Ragnar\x85\x9b2J"
HUGE = "R" * 100_000
HOSTILE = (LINE_BREAK, ESCAPE, BIDI, C1, HUGE)
#: Every character that must never reach a terminal or a file raw.
RAW = ("\n", "\r", "\x1b", "\x07", "\u202e", "\x85", "\x9b")


# --- the one check ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_name_is_refused_naming_where_it_was_typed(name):
    with pytest.raises(BadTextError, match=r"^--leader: "):
        check_name(name, "--leader")


def test_the_limit_is_the_schema_s_80_characters():
    """``Name = Annotated[str, MinLen(1), MaxLen(80)]`` in both rule sets' state.py."""
    assert check_name("R" * 80, "x") == "R" * 80
    assert text_problem("R" * 81) == "is 81 characters long; at most 80"


@pytest.mark.parametrize("name", ["Ragnar the Red", "Ænima d'Ávila", "Царь Борис", "織田 信長", "O'Neil; the/Bold"])
def test_ordinary_names_in_any_script_pass(name):
    assert check_name(f"  {name} ", "--leader") == name


def test_a_state_with_a_hostile_name_is_named_by_its_field(game):
    _m, _board, s = game
    check_state_text(s)  # as the engine made it
    bad = evolve(s, forces=tuple(evolve(f, leader=evolve(f.leader, name=ESCAPE)) if f.id == "A1" else f for f in s.forces))
    with pytest.raises(BadTextError, match=r"state\.forces\[\d+\]\.leader\.name: holds an escape character"):
        check_state_text(bad)
    long = evolve(s, forces=tuple(evolve(f, units=(evolve(f.units[0], type="x" * 81),) + f.units[1:]) if f.id == "B1" else f for f in s.forces))
    with pytest.raises(BadTextError, match=r"units\[0\]\.type: is 81 characters long; at most 80"):
        check_state_text(long)


# --- at the command line -------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def camp(tmp_path_factory):
    """A small Fantasy Warriors campaign folder, made by the CLI."""
    from mapgen.cli import main

    folder = tmp_path_factory.mktemp("names") / "camp"
    main(["campaign", "new", str(folder), "--seed", "3", "--size", "small", "--formats", "json"])
    return folder


@pytest.mark.parametrize("name", HOSTILE)
def test_reinforce_refuses_a_hostile_leader_and_leaves_the_folder_as_it_was(camp, capsys, name):
    before = snapshot(camp)
    code, _, err = run(["campaign", "reinforce", str(camp), "A", "--unit", "infantry:average:10:6", "--leader", f"{name}:3"], capsys)
    assert code == 2 and "'--leader'" in err and err.count("\n") <= 4 and "Traceback" not in err
    assert not any(ch in err.split("Error:")[1].strip() for ch in RAW)  # the message does not echo the attack
    assert snapshot(camp) == before


@pytest.mark.parametrize("kind", [*HOSTILE, "x" * 81])
def test_reinforce_refuses_a_unit_type_no_command_could_read_back(camp, capsys, kind):
    before = snapshot(camp)
    code, _, err = run(["campaign", "reinforce", str(camp), "A", "--unit", f"{kind}:average:10:6"], capsys)
    assert code == 2 and "'--unit'" in err
    assert snapshot(camp) == before


@pytest.mark.parametrize("seed", [LINE_BREAK, ESCAPE, BIDI, "7" * 201])
def test_campaign_new_refuses_a_hostile_seed_and_writes_nothing(tmp_path, capsys, seed):
    code, _, err = run(["campaign", "new", "c", "--seed", seed, "--size", "small"], capsys)
    assert code == 2 and "'--seed'" in err
    assert not (tmp_path / "c").exists()


@pytest.mark.parametrize("name", HOSTILE)
def test_renaissance_names_are_refused_naming_which(tmp_path, capsys, name):
    code, _, err = run(["campaign", "new", "c", "--rules", "renaissance", "--seed", "8", "--countries", "2", "--names", f"Bob,{name}"], capsys)
    assert code == 2 and "'--names'" in err and "name 2 " in err
    assert not (tmp_path / "c").exists()


def test_campaign_new_refuses_a_hand_edited_map_whose_side_name_the_state_cannot_keep(tmp_path, capsys):
    code, _, err = run(["fw-map", "--seed", "3", "--size", "small", "--formats", "json", "--out", "m"], capsys)
    assert code == 0, err
    data = json.loads((tmp_path / "m" / "fw-map.json").read_text(encoding="utf-8"))
    data["sides"][0]["name"] = ESCAPE
    (tmp_path / "m" / "fw-map.json").write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(["campaign", "new", "c", "--map", "m/fw-map.json"], capsys)
    assert code == 2 and "state.sides[0].name: holds an escape character" in err
    assert not (tmp_path / "c").exists()


def _roster_yaml(leader: str, units: int = 1, unit_id=lambda k: f"U{k}") -> str:
    rows = "".join(f"      - {{id: {unit_id(k)}, type: infantry, quality: average, figures: 10, points: 6}}\n" for k in range(units))
    return f"forces:\n  - leader: {{name: {yaml_str(leader)}, cv: 4}}\n    units:\n{rows}"


@pytest.mark.parametrize("name", HOSTILE)
def test_campaign_new_refuses_a_roster_with_a_hostile_leader_naming_its_line(tmp_path, capsys, name):
    (tmp_path / "north.yaml").write_text(_roster_yaml(name), encoding="utf-8")
    code, _, err = run(["campaign", "new", "c", "--seed", "3", "--size", "small", "--roster", "A=north.yaml"], capsys)
    assert code == 2 and "north.yaml line 2, field 'leader.name'" in err
    assert not (tmp_path / "c").exists()


def test_a_csv_roster_names_the_row_of_a_hostile_unit(tmp_path):
    (tmp_path / "south.csv").write_text(
        "force,leader,cv,unit,type,quality,figures\nF1,Ragnar,4,U1,infantry,average,10\nF1,Ragnar,4,U2,\"cav\u202ealry\",average,10\n",
        encoding="utf-8",
    )
    with pytest.raises(CampaignRosterError, match=r"south.csv line 3, field 'type': holds a bidirectional control \(U\+202E\)"):
        read_campaign_roster(tmp_path / "south.csv", "A")


def test_a_roster_has_a_unit_cap_and_its_duplicates_are_found(tmp_path):
    """A force of MAX_UNITS units is read; one more is refused at the line of the first unit too many."""
    path = tmp_path / "r.yaml"
    path.write_text(_roster_yaml("Ragnar", MAX_UNITS), encoding="utf-8")
    assert len(read_campaign_roster(path, "A")[0].units) == MAX_UNITS
    path.write_text(_roster_yaml("Ragnar", MAX_UNITS + 1), encoding="utf-8")
    with pytest.raises(CampaignRosterError, match=rf"r.yaml line {4 + MAX_UNITS}: unit {MAX_UNITS + 1} of one force"):
        read_campaign_roster(path, "A")
    path.write_text(_roster_yaml("Ragnar", MAX_UNITS, unit_id=lambda k: f"U{k % (MAX_UNITS - 1)}"), encoding="utf-8")
    with pytest.raises(CampaignRosterError, match="unit id 'U0' appears twice"):
        read_campaign_roster(path, "A")


def test_a_megabyte_roster_is_refused_before_it_is_parsed(tmp_path, capsys):
    """The issue's 1 MB roster took 5 minutes (a duplicate check quadratic in the units); now it is refused by its size."""
    rows = "".join(f"F1,Ragnar,4,U{k},infantry,average,10\n" for k in range(40_000))
    (tmp_path / "big.csv").write_text("force,leader,cv,unit,type,quality,figures\n" + rows, encoding="utf-8")
    assert (tmp_path / "big.csv").stat().st_size > 1_000_000
    code, _, err = run(["campaign", "new", "c", "--seed", "3", "--size", "small", "--roster", "A=big.csv"], capsys)
    assert code == 2 and "big.csv: 1.5 MB; mapgen reads a roster file of at most 256 kB" in err
    assert not (tmp_path / "c").exists()


# --- on the way out, from a state edited by hand ------------------------------------------------

#: Odd names a hand-edited campaign.json may hold (pydantic checks only their length).
ODD_LEADER = "Ragnar\nwinner: B\n# \x1b[2J\u202e\x85\r"
ODD_TYPE = 'inf"an\\try\nwinner: B'
ODD_ID = "U1\n- x: [y"


@pytest.fixture(scope="module")
def odd(game):
    m, board, s = game

    def rename(f):
        if f.id != "A1":
            return f
        return evolve(f, leader=evolve(f.leader, name=ODD_LEADER), units=(evolve(f.units[0], type=ODD_TYPE, id=ODD_ID),) + f.units[1:])

    return m, board, evolve(s, forces=tuple(rename(f) for f in s.forces))


def test_the_report_form_reads_back_exactly_the_names_and_no_injected_key(odd):
    _m, _board, s = odd
    text = report.form(s, s.pending[0])
    data = yaml.safe_load(text)
    assert data["winner"] is None  # the leader's "winner: B" stayed in its comment
    a1 = data["sides"]["A"]["A1"]
    assert ODD_ID in a1 and a1[ODD_ID]["type"] == ODD_TYPE
    assert not any(ch in text for ch in ("\x1b", "\u202e", "\x85", "\r"))
    filled = text.replace("winner:  ", "winner: A", 1)
    assert report.parse_report(filled).winner == "A"


def test_battle_md_keeps_each_name_on_its_line(odd, tmp_path):
    m, board, s = odd
    (path,) = battles.write_pending(tmp_path, s, m, board)
    brief = (path / "battle.md").read_text(encoding="utf-8")
    assert not any(ch in brief for ch in ("\x1b", "\u202e", "\x85", "\r"))
    line = next(ln for ln in brief.splitlines() if ln.startswith("- A1,"))
    assert "Ragnar winner: B" in line  # the whole name, on the force's own line
    assert not any(ln.startswith(("winner", "  winner", "- x")) for ln in brief.splitlines())


def test_status_lines_show_the_escape_as_text(odd):
    _m, board, s = odd
    lines = status_lines(s, board)
    assert not any(ch in "".join(lines) for ch in RAW)
    assert any("Ragnar\\x0awinner: B" in ln and "\\x1b[2J" in ln and "\\u202e" in ln for ln in lines)


def test_printable_leaves_ordinary_text_alone():
    assert printable("Ænima — 織田 (CV 4)") == "Ænima — 織田 (CV 4)"


def test_a_hand_edited_campaign_gives_a_terminal_status_and_a_well_formed_vassal_module(camp, tmp_path, capsys):
    folder = tmp_path / "edited"
    code, _, err = run(["campaign", "new", str(folder), "--seed", "3", "--size", "small", "--formats", "json"], capsys)
    assert code == 0, err
    data = json.loads((folder / "campaign.json").read_text(encoding="utf-8"))
    data["forces"][0]["leader"]["name"] = "Rag\x00nar\x1b[2J\u202e\x0b\x85"
    data["sides"][0]["name"] = "Red\x1b]0;pwned\x07\x01"
    (folder / "campaign.json").write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(["campaign", "status", str(folder)], capsys)
    assert code == 0, err
    assert not any(ch in out for ch in ("\x00", "\x1b", "\x07", "\u202e", "\x0b", "\x85", "\x01"))
    code, _, err = run(["export", "vassal", str(folder), "--ppi", "30", "--out", "out"], capsys)
    assert code == 0, err
    (vmod,) = (tmp_path / "out").glob("*.vmod")
    z = zipfile.ZipFile(vmod)
    root = ET.fromstring(z.read("buildFile.xml"))  # raises on an ill-formed file
    ET.fromstring(z.read("moduledata"))
    assert root.tag == "VASSAL.launch.BasicModule"


@dataclasses.dataclass(frozen=True)
class _Leader:
    name: Annotated[str, MaxLen(4)]


@dataclasses.dataclass(frozen=True)
class _Force:
    leader: _Leader
    notes: tuple[str, ...] = ()
    tags: dict = dataclasses.field(default_factory=dict)


def test_each_refused_string_is_named_by_its_field():
    """The schema's MaxLen of the field, control characters anywhere, each named by its path (text_problems)."""
    forces = (_Force(_Leader("Aldo")), _Force(_Leader("Aldric"), ("ok", "bell\x07"), {"k\n": "v", "w": "x\x1b"}))
    assert text_problems(forces, "forces") == [
        "forces[1].leader.name: is 6 characters long; at most 4",
        "forces[1].notes[1]: holds a control character (U+0007); names are one line of printable text",
        "forces[1].tags key: holds a line break (U+000A); names are one line of printable text",
        "forces[1].tags['w']: holds an escape character (U+001B); names are one line of printable text",
    ]
