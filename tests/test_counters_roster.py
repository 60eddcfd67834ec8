"""Roster files: the shipped examples, and bad files that must name the line and column."""

import pytest

from mapgen.counters.roster import RosterError, read_roster
from mapgen.counters.rules import NAP_UNITS, SK_POINTS_PER_VC
from mapgen.render.templates import template_path

NAP = template_path("counters", "napoleonic-roster.csv")
SK = template_path("counters", "skirmish-roster.yaml")


def test_napoleonic_example_prints_nap_1_stats():
    units = read_roster(NAP)
    assert {u.side for u in units} == {"France", "Russia"}
    assert sum(u.count for u in units) == 32
    for u in units:
        nap = NAP_UNITS[u.type]
        assert dict(u.stats) == {"cost": nap.cost, "movement": nap.movement, "actions": nap.actions}, u.name
    # The militia line leaves its stats blank: they come from the NAP-1 table.
    militia = next(u for u in units if u.type == "militia")
    assert dict(militia.stats) == {"cost": 4, "movement": 1, "actions": 1}


def test_skirmish_example_points_are_vc_times_ten():
    units = read_roster(SK)
    assert {u.side for u in units} == {"Dwarves", "Orcs"}
    for u in units:
        stats = dict(u.stats)
        assert stats["points"] == stats["vc"] * SK_POINTS_PER_VC
    goblin = next(u for u in units if u.type == "goblin")
    assert dict(goblin.stats) == {"vc": 5, "points": 50}  # blank VC from the SK-1 list


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "name,text,needles",
    [
        ("r.csv", "name,side,cost\nGuard,France,9\n", ["r.csv line 1", "'type'"]),
        ("r.csv", "name,side,type,colour\nGuard,France,infantry,blue\n", ["line 1", "unknown column 'colour'"]),
        ("r.csv", "name,side,type,count\nGuard,France,infantry,2\nLine,France,infantry,two\n", ["r.csv line 3", "'count'", "'two'"]),
        ("r.csv", "name,side,type\nGuard,France,infantry\n,France,infantry\n", ["line 3", "'name'", "empty"]),
        ("r.csv", "name,side,type,vc,points\nOrc,Orcs,orc,5,40\n", ["line 2", "'points'", "SK-1"]),
        ("r.csv", "name,side,type\nA,B,C,D\n", ["line 2", "4 cells"]),
        ("r.csv", "", ["line 1", "empty"]),
        ("r.csv", "name,side,type\n", ["no units"]),
        ("r.yaml", "units:\n  - {name: Orc, side: Orcs, type: orc}\n  - {name: Troll, type: ogre}\n", ["r.yaml line 3", "'Troll'", "'side'"]),
        ("r.yaml", "units:\n  - {name: Orc, side: Orcs, type: orc, vc: five}\n", ["line 2", "'vc'", "'five'"]),
        ("r.yaml", "units:\n  - {name: Orc, side: Orcs, type: orc\n", ["r.yaml line", "not valid YAML"]),
        ("r.yaml", "title: my army\n", ["line 1", "'units:'"]),
        ("r.txt", "name,side,type\n", [".csv, .yaml or .yml"]),
    ],
)
def test_bad_rosters_name_the_line(tmp_path, name, text, needles):
    with pytest.raises(RosterError) as err:
        read_roster(write(tmp_path, name, text))
    for needle in needles:
        assert needle in str(err.value), str(err.value)


def test_missing_file(tmp_path):
    with pytest.raises(RosterError, match="no such roster file"):
        read_roster(tmp_path / "nope.csv")


def test_yaml_top_level_list_and_aliases(tmp_path):
    path = write(tmp_path, "r.yml", "- {name: Guard, side: France, type: infantry, qty: 2, move: 1, cost: 6, battle_actions: 1}\n")
    (unit,) = read_roster(path)
    assert unit.count == 2 and dict(unit.stats) == {"cost": 6, "movement": 1, "actions": 1} and unit.line == 1


def test_comment_and_blank_lines_are_skipped_and_lines_counted(tmp_path):
    path = write(tmp_path, "r.csv", "name,side,type\n# a comment\n\nGuard,France,infantry\n")
    (unit,) = read_roster(path)
    assert unit.line == 4
