"""The command line as a new user meets it: outputs, exit codes and clean errors."""

import json
from pathlib import Path

import pytest

from .cli_helpers import MANIFEST, files_in, run


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_fw_map_writes_where_it_says(capsys):
    code, out, err = run(["fw-map", "--seed", "7", "--size", "small", "--formats", "json,md"], capsys)
    assert code == 0, err
    folder = Path("output/fw-map-7")
    assert f"Wrote {folder}" in out
    assert files_in(folder) == [MANIFEST, "fw-map-setup.md", "fw-map.json"]
    data = json.loads((folder / "fw-map.json").read_text())
    assert data["schema"] == "mapgen/fw-map" and data["version"] == 1 and data["seed"] == 7
    code, out, _ = run(["validate", str(folder / "fw-map.json")], capsys)
    assert code == 0 and "OK" in out


def test_new_writes_the_kit(capsys):
    code, out, err = run(["new", "--seed", "3", "--size", "small", "--formats", "json,md", "--out", "kit"], capsys)
    assert code == 0, err
    assert (Path("kit") / "fw-map.json").exists() and (Path("kit") / "fw-map-setup.md").exists()


def test_text_seed_and_same_seed_same_bytes(capsys):
    for out in ("a", "b"):
        assert run(["fw-map", "--seed", "winter war", "--formats", "json", "--out", out], capsys)[0] == 0
    assert Path("a/fw-map.json").read_bytes() == Path("b/fw-map.json").read_bytes()
    assert json.loads(Path("a/fw-map.json").read_text())["seed"] == "winter war"


@pytest.mark.parametrize(
    "argv,needle",
    [
        (["fw-map", "--width", "2"], "--width"),
        (["fw-map", "--size", "huge"], "--size"),
        (["fw-map", "--races", "elves,orcs"], "known races: barbarians"),
        (["fw-map", "--races", "orcs"], "two races"),
        (["fw-map", "--formats", "json,png"], "png"),
        (["fw-map", "--paper", "A9"], "unknown paper"),
        (["fw-map", "--holdings", "-1"], "--holdings"),
        (["fw-map", "--seed", "1", "--width", "6", "--height", "3", "--holdings", "4"], "FW-3.2"),
        (["frobnicate"], "No such command"),
    ],
)
def test_usage_errors_exit_2_without_traceback(argv, needle, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2
    assert needle in err and "Traceback" not in err + out
    assert not Path("output").exists() or not any(Path("output").rglob("*.json"))


def test_out_that_is_a_file(capsys):
    Path("taken").write_text("x")
    code, _, err = run(["fw-map", "--out", "taken"], capsys)
    assert code == 2 and "taken" in err and Path("taken").read_text() == "x"


@pytest.mark.parametrize(
    "content,needle",
    [
        ('{"schema": "mapgen/fw-map", "version": 1,', "not valid JSON"),
        ('{"schema": "something/else", "version": 1}', "field 'schema'"),
        ('{"schema": "mapgen/fw-map", "version": 9}', "field 'version'"),
        ('{"schema": "mapgen/fw-map", "version": 1}', "field 'seed' is missing"),
        ("[1, 2]", "JSON object"),
    ],
)
def test_validate_corrupt_files(content, needle, capsys):
    Path("bad.json").write_text(content)
    code, out, err = run(["validate", "bad.json"], capsys)
    assert code == 2 and needle in err and "Traceback" not in err


def test_validate_missing_file(capsys):
    code, _, err = run(["validate", "nope.json"], capsys)
    assert code == 2 and "no such file" in err


def test_validate_reports_violations_with_rule_ids(capsys):
    run(["fw-map", "--seed", "5", "--formats", "json", "--out", "m"], capsys)
    data = json.loads(Path("m/fw-map.json").read_text())
    caps = [h for h in data["holdings"] if h["side"] == "A"]
    caps[1]["square"] = caps[0]["square"][0] + str(int(caps[0]["square"][1:]) % data["height"] + 1)
    Path("m/edited.json").write_text(json.dumps(data))
    code, out, _ = run(["validate", "m/edited.json"], capsys)
    assert code == 1 and "FW-3.2" in out


def test_version(capsys):
    code, out, _ = run(["--version"], capsys)
    assert code == 0 and "mapgen, version" in out


def test_country_writes_and_summarises(capsys):
    code, out, err = run(["country", "--seed", "4", "--countries", "2", "--neutrals", "1", "--formats", "json,md"], capsys)
    assert code == 0, err
    data = json.loads(Path("output/country-4/country.json").read_text())
    assert data["schema"] == "mapgen/country" and data["version"] == 1 and len(data["countries"]) == 3
    assert "Summary:" in out and "ducats a year" in out and "(neutral)" in out


def test_new_renaissance_kit(capsys):
    code, out, err = run(["new", "--campaign", "renaissance", "--seed", "4", "--countries", "3", "--formats", "json", "--out", "ren"], capsys)
    assert code == 0, err
    assert json.loads(Path("ren/country.json").read_text())["countries"][2]["id"] == "C"



@pytest.mark.parametrize(
    "argv,option,rules",
    [
        (["new", "--players", "3"], "--players", "Renaissance"),
        (["new", "--ends", "years=2", "--size", "small"], "--ends", "Renaissance"),
        (["new", "--campaign", "renaissance", "--size", "large"], "--size", "Fantasy Warriors"),
        (["new", "--campaign", "renaissance", "--countries", "2", "--style", "bw"], "--style", "Fantasy Warriors"),
    ],
)
def test_new_refuses_another_rule_sets_options(argv, option, rules, capsys):
    """An option of the other rule set's kit is a usage error naming it, and nothing is written."""
    code, out, err = run([*argv, "--seed", "3", "--out", "kit"], capsys)
    assert code == 2
    assert f"{option}: {rules} options, not for a --campaign" in err
    assert not Path("kit").exists()


def test_new_imports_no_other_rule_set():
    """``mapgen new`` for Fantasy Warriors pays for no Renaissance code and no game-playing pool (issue 27)."""
    import subprocess
    import sys

    code = ("import sys; from mapgen.cli import main\n"
            "try:\n    main(['new', '--seed', '3', '--size', 'small', '--formats', 'json', '--out', 'kit'])\n"
            "except SystemExit as e:\n    assert not e.code, e.code\n"
            "print(sorted(m for m in sys.modules if m.startswith(('mapgen.renaissance', 'networkx', 'multiprocessing', 'mapgen.campaign.simulate'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"

@pytest.mark.parametrize(
    "argv,needle",
    [
        (["country", "--countries", "0"], "at least 1"),
        (["country", "--countries", "65"], "at most 64"),
        (["country", "--neutrals", "-2"], "cannot be negative"),
        (["country", "--sheet", "b5"], "unknown --sheet"),
        (["country", "--countries", "many"], "--countries"),
    ],
)
def test_country_usage_errors(argv, needle, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and needle in err and "Traceback" not in err
