"""``mapgen new`` takes the campaign options of ``campaign new`` (issue 25): --rules, --scenario, --points, --roster.

The kit's campaign starts with them, and the kit's map key prints the movement modifiers of the rules in
play: with ``naran_movement`` the [NT] rows count (FW-9.2), without it they count 0 and say so.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mapgen.engine import registry

from mapgen.fw.model import read_fw_map
from mapgen.fw.rules import TERRAIN

from .cli_helpers import run
from .test_fw_map_key_rules import engine_value, rows_in


def _new(tmp_path, capsys, name, *args):
    out = tmp_path / name
    code, _out, err = run(["new", "--seed", "7", "--out", str(out), "--formats", "json,svg", *args], capsys)
    return out, code, err


@pytest.mark.parametrize("naran", [True, False])
def test_the_kits_campaign_plays_the_options_given_and_its_key_prints_them(tmp_path, capsys, naran):
    rules = "naran_movement,weather" if naran else "weather"
    kit, code, err = _new(tmp_path, capsys, "kit", "--rules", rules, "--points", "1500", "--scenario", "incursione")
    assert code == 0, err
    options = json.loads((kit / "campaign.json").read_text(encoding="utf-8"))["options"]
    assert options["weather"] and options["naran_movement"] is naran
    assert options["points"] == 1500 and options["scenario"] == "incursione"
    m = read_fw_map(kit / "fw-map.json")
    used = {str(t) for t in set(m.terrain.ravel())}
    rows = rows_in((kit / "fw-map.svg").read_text(encoding="utf-8"))
    checked = 0
    for t, info in TERRAIN.items():
        if t not in used or info.movement is None or info.label not in rows:
            continue
        value, note = rows[info.label]
        expected = engine_value(t, naran)
        assert value.replace("\u2013", "-") in (str(expected), f"{expected:+d}"), (t, value, expected)
        assert ("not in play" in note) is (info.optional_movement and not naran), (t, note)
        checked += 1
    assert checked


def test_a_renaissance_kit_takes_its_optional_rules(tmp_path, capsys):
    kit = tmp_path / "ren"
    code, _out, err = run(["new", "--rules", "renaissance,rabble_disperses", "--seed", "4", "--countries", "2", "--formats", "json",
                           "--out", str(kit)], capsys)
    assert code == 0, err
    options = json.loads((kit / "campaign.json").read_text(encoding="utf-8"))["options"]
    assert options["rabble_disperses"] and not options["banks"]  # RC-3.4: no banks for two players unless asked


@pytest.mark.parametrize("args,reason", [
    (["--campaign", "renaissance", "--scenario", "incursione"], "Fantasy Warriors options, not for a --campaign renaissance kit"),
    (["--campaign", "renaissance", "--rules", "fantasy_warriors"], "give one rule set"),
    (["--rules", "no_such_rule"], "unknown rule 'no_such_rule'"),
    (["--rules", "draw_english,draw_italian"], "choose one"),  # FW-10.3.1: one way to decide a draw
    (["--campaign", "chess"], "no rule set mapgen plays"),
    (["--rules", "weather", "--formats", "svg"], "add json to --formats"),
    (["--roster", "A=missing.yaml"], "no such roster file"),
    (["--size", "small", "--scenario", "incursione"], "FW-17.2"),
])
def test_a_refused_campaign_option_writes_no_kit(tmp_path, capsys, args, reason):
    out = tmp_path / "kit"
    code, _out, err = run(["new", "--seed", "7", "--out", str(out), *args], capsys)
    assert code == 2 and reason in err, err
    assert "Traceback" not in err and not out.exists()


def test_a_campaign_refused_beside_the_battlefields_leaves_the_earlier_kit(tmp_path, capsys):
    """The kit's campaign is started once the battlefields are being written (in another process where there are two
    processors): its refusal still leaves the folder's earlier kit byte for byte, and no staging folder beside it."""
    out = tmp_path / "kit"
    code, _out, err = run(["new", "--seed", "7", "--size", "small", "--formats", "json,svg", "--out", str(out)], capsys)
    assert code == 0, err
    before = {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    code, _out, err = run(["new", "--seed", "8", "--size", "small", "--formats", "json,svg", "--scenario", "incursione", "--out", str(out)], capsys)
    assert code == 2 and "FW-17.2" in err and "Traceback" not in err, err
    assert {p.relative_to(tmp_path): p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before


def test_a_kit_reaches_its_rule_sets_command_line_without_importing_the_rules():
    """``mapgen new`` names its rule set and reaches its command line before the kit forks its battlefields' process,
    without importing the rules (the engine, some 30 ms): the process that starts the campaign imports them alone."""
    code = ("import sys; from mapgen.engine import registry; "
            "print(registry.chosen_name(()), registry.command_line_module('fantasy_warriors').__name__, "
            "sorted(m for m in sys.modules if m.startswith(('mapgen.campaign.', 'mapgen.renaissance.', 'pydantic'))))")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    assert out == ["('fantasy_warriors',", "())", "mapgen.cli.rules_fantasy_warriors", "[]"]


@pytest.mark.parametrize("words,chosen", [
    ((), ("fantasy_warriors", ())),
    (("weather",), ("fantasy_warriors", ("weather",))),
    (("renaissance", "banks"), ("renaissance", ("banks",))),
])
def test_the_registry_names_the_rule_set_the_rules_name(words, chosen):
    assert registry.chosen_name(words) == chosen
    assert registry.chosen_by(words)[0].name == chosen[0]


def test_two_rule_sets_named_are_refused():
    with pytest.raises(ValueError, match="give one rule set"):
        registry.chosen_name(("renaissance", "fantasy_warriors"))


def test_each_built_in_rule_sets_command_line_is_the_one_the_registry_gives():
    for name, _schema, _module, cli in registry.BUILTIN:
        assert registry.named(name).cli == cli == registry.command_line_module(name).__name__
