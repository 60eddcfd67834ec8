"""The battle report: the report.yaml form written, filled in, read back; the command-line shorthand."""

from __future__ import annotations

import pytest

from mapgen.campaign.core import BattleReport, UnitLosses
from mapgen.campaign.ruleset import apply
from mapgen.campaign.dice import GameDice
from mapgen.campaign.report import (
    ReportError,
    form,
    parse_report,
    read_report,
    shorthand,
)
from mapgen.errors import BadFileError

from .test_campaign_battle import (
    contact,
    force,
    make_board,
    make_state,
    start_battles,
    unit,
)


@pytest.fixture()
def waiting():
    forces = [
        force("A1", "C3", units=(unit("A1-U1", 12, "veteran", "cavalry"), unit("A1-U2", 20))),
        force("B1", "C3", units=(unit("B1-U1", 15, "poor"), unit("B1-merc", 8, mercenary=True))),
    ]
    return start_battles(make_state(forces, pending=[contact("C3", "A1", "B1")], phase=3, day=3))


def fill(text: str, **fields) -> str:
    """Fill blanks: winner/length by name, a unit's losses as ``U__killed=3``."""
    out, unit_id = [], None
    for line in text.splitlines():
        key = line.split(":")[0].strip()
        if line.startswith("      ") and not line.startswith("        "):
            unit_id = key.strip('"')
        top = fields.get(key) if not line.startswith(" ") else fields.get(f"{unit_id}__{key}") if unit_id else None
        if top is not None and line.split(":", 1)[1].split("#")[0].strip() in ("", "[]", "{}"):
            line = f"{line.split(':')[0]}: {top}"
        out.append(line)
    return "\n".join(out) + "\n"


def test_form_lists_both_sides_units_with_blanks(waiting):
    text = form(waiting, waiting.pending[0])
    for word in ("A1-U1", "A1-U2", "B1-U1", "B1-merc", "veteran", "cavalry", "figures: 12", "winner:", "length:", "leaders_lost:"):
        assert word in text
    assert "battles/day-03-C3/report.yaml" in text


def test_blank_form_is_refused_for_its_missing_winner(waiting):
    with pytest.raises(BadFileError, match=r"report.yaml: line \d+: field 'winner': give A, B or stalemate \(found nothing\)"):
        parse_report(form(waiting, waiting.pending[0]))


def test_round_trip_write_fill_read_apply(waiting, tmp_path):
    text = fill(form(waiting, waiting.pending[0]), winner="A", length="9", leaders_lost="[B1]", **{"A1-U2__killed": "3", "B1-U1__fled": "4", "B1-U1__killed": "2"})
    path = tmp_path / "report.yaml"
    path.write_text(text, encoding="utf-8")
    rep = read_report(path)
    assert rep == BattleReport(
        "A",
        (UnitLosses("A1-U2", killed=3), UnitLosses("B1-U1", killed=2, fled=4)),
        leaders_lost=("B1",),
        length=9,
        square="C3",
    )
    new, _ = apply(waiting, rep, GameDice(7), make_board())
    assert new.phase == 4 and new.force("B1").leader.cv == 1


@pytest.mark.parametrize(
    "change, field, message",
    [
        (("winner: B", "winner: C"), "winner", "give A, B or stalemate"),
        (("length:", "length: -2"), "length", "whole number"),
        (("length:", "length: nine"), "length", "whole number"),
        (("        killed:", "        killed: 13"), "sides.A.A1.A1-U1.killed", "more than the unit's 12 figures"),
        (("        fled:", "        fled: 1.5"), "sides.A.A1.A1-U1.fled", "whole number"),
        (("leaders_lost: []", "leaders_lost: {A1: 1}"), "leaders_lost", "list of force ids"),
    ],
)
def test_mistakes_name_the_line_and_field(waiting, change, field, message):
    text = fill(form(waiting, waiting.pending[0]), winner="B").replace(*change, 1)
    lineno = next(i for i, line in enumerate(text.splitlines(), 1) if change[1] in line)
    with pytest.raises(BadFileError) as exc:
        parse_report(text, "day3.yaml")
    assert str(exc.value).startswith(f"day3.yaml: line {lineno}: field '{field}':") and message in str(exc.value)


def test_broken_yaml_names_the_line():
    with pytest.raises(BadFileError, match=r"r.yaml line 2, column [0-9]+: not valid YAML"):
        parse_report("winner: A\nlength: a: b\n", "r.yaml")


def test_not_a_form():
    with pytest.raises(BadFileError, match="expected the battle report form"):
        parse_report("- 1\n- 2\n", "r.yaml")


def test_unreadable_file(tmp_path):
    with pytest.raises(BadFileError, match="no such battle report"):
        read_report(tmp_path / "missing.yaml")
    (tmp_path / "latin1.yaml").write_bytes("winner: \xe9".encode("latin-1"))
    with pytest.raises(BadFileError, match="latin1.yaml.*UTF-8"):
        read_report(tmp_path / "latin1.yaml")
    (tmp_path / "deep.yaml").write_text("winner: " + "[" * 5000 + "]" * 5000 + "\n")
    with pytest.raises(BadFileError, match="deep.yaml: nested too deeply to be a battle report"):
        read_report(tmp_path / "deep.yaml")


def test_shorthand():
    assert shorthand("b", "A1-U1=3, B1-U1=0") == BattleReport("B", (UnitLosses("A1-U1", killed=3), UnitLosses("B1-U1", killed=0)))
    assert shorthand("Stalemate").winner == "stalemate"
    assert shorthand("A", None, "A1,B2").leaders_lost == ("A1", "B2")


@pytest.mark.parametrize("winner, losses, message", [("draw", None, "--winner draw"), ("A", "A1-U1", "UNIT=N"), ("A", "A1-U1=x", "UNIT=N"), ("A", "U=1,U=2", "twice"), ("A", "U=-1", "UNIT=N")])
def test_shorthand_refusals(winner, losses, message):
    with pytest.raises(ReportError, match=message):
        shorthand(winner, losses)


def test_a_report_of_another_schema_is_refused(waiting):
    from mapgen.campaign.report import SCHEMA

    text = fill(form(waiting, waiting.pending[0]), winner="A").replace(f"schema: {SCHEMA}", "schema: mapgen/other-report")
    with pytest.raises(BadFileError, match="field 'schema'"):
        parse_report(text, "r.yaml")


def test_winner_stalemate_in_any_case_and_retreats_are_read(waiting):
    # FW-10.3: a stalemate as the player types it; FW-11 retreats as FORCE: SQUARE pairs
    text = fill(form(waiting, waiting.pending[0]), winner="Stalemate").replace("retreats: {}", "retreats: {B1: C5}")
    rep = parse_report(text, "r.yaml")
    assert rep.winner == "stalemate" and rep.retreats == (("B1", "C5"),)


def test_a_side_that_is_not_a_mapping_is_a_clean_error():
    with pytest.raises(BadFileError, match=r"field 'sides.A': expected the side's forces"):
        parse_report("winner: A\nsides:\n  A: [1, 2]\n", "r.yaml")


def test_only_mercenaries_carry_the_mercenary_note(waiting):
    lines = form(waiting, waiting.pending[0]).splitlines()
    quality = [line.strip() for line in lines if line.strip().startswith("quality:")]
    assert sorted(quality) == ["quality: average", "quality: average   # mercenary", "quality: poor", "quality: veteran"]


def test_a_unit_given_a_bare_number_asks_for_its_three_losses():
    # the player wrote one number where the form has killed/fled/withdrawn (FW-12.1, FW-12.2, AMB-01)
    text = "schema: mapgen/battle-report\nversion: 1\nwinner: A\nsides:\n  A:\n    A1:\n      A1-U1: 3\n"
    with pytest.raises(BadFileError, match=r"^r.yaml: line 7: field 'sides.A.A1.A1-U1': expected killed, fled and withdrawn$"):
        parse_report(text, "r.yaml")


def test_a_wrong_winner_is_quoted_back():
    with pytest.raises(BadFileError, match=r"field 'winner': give A, B or stalemate \(found 'C'\)$"):
        parse_report("winner: C\n", "r.yaml")


def test_a_field_missing_from_the_form_is_placed_on_the_line_the_form_begins():
    # Lines count from 1 (as every editor shows them): after two comment lines the form's first field is on line 3.
    text = "# battle at C4\n# filled in by side A\nlength: 3\n"
    with pytest.raises(BadFileError, match=r"^r.yaml: line 3: field 'winner': give A, B or stalemate"):
        parse_report(text, "r.yaml")
