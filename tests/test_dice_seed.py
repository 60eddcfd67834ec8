"""The campaign's secret dice seed: the dice come from it, not from the map seed every map prints.

A player who knows the seed the dice come from can foresee every roll; the
map seed is printed on the map, its legend and the atlas, so a new campaign
draws a dice seed of its own (``campaign new``, from :mod:`secrets`) unless
``--dice-seed`` gives one to play a game again as it went.  A campaign begun
before the dice seed existed has none in its file, and its dice still come
from its map seed: it loads, keeps its bytes and replays to the same faces.
No side's view, status, log, actions, atlas page or export shows the dice seed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mapgen import engine
from mapgen.cli import cli
from mapgen.dice import seed_to_int
from mapgen.engine.dice import GameDice
from mapgen.jsonio import dumps
from mapgen.session import load

#: Distinctive, so a test can look for it (and its number, which keys the dice) in every output.
DICE_SEED = "dice-secret-9931"
#: Enough dice that two different seeds give the same faces by chance once in 6**40 times.
DICE = "40D6"

RULES = {
    "fw": ("--seed", "7", "--size", "small"),
    "renaissance": ("--rules", "renaissance", "--seed", "7", "--players", "2"),
    "napoleonic": ("--rules", "napoleonic", "--seed", "7"),
}


#: The first commands of each rule set that roll dice: a Fantasy Warriors or Renaissance turn; a Napoleonic
#: battle's secret deployment, the cavalry phase passed and a gun's fire (NAP-6).
FIRST_STEPS = {
    "fw": (("turn",),),
    "renaissance": (("turn",),),
    "napoleonic": (
        ("deploy", "A", "a-left=A1,A4,A7", "a-centre=A2,A5,A8", "a-right=A3,A6,A9", "a-reserve=A10"),
        ("deploy", "B", "b-right=B1,B4,B7", "b-centre=B2,B5,B8", "b-left=B3,B6,B9", "b-reserve=B10"),
        ("turn",), ("turn",), ("fire", "A9", "B3"),
    ),
}


def _play(folder: Path, rules: str) -> None:
    for name, *words in FIRST_STEPS[rules]:
        _run("campaign", name, folder, *words)


def _new(folder: Path, rules: str, *extra: str) -> Path:
    result = CliRunner().invoke(cli, ["campaign", "new", str(folder), "--formats", "", *RULES[rules], *extra])
    assert result.exit_code == 0, result.output
    return folder


def _run(*argv: str) -> str:
    result = CliRunner().invoke(cli, [str(a) for a in argv])
    assert result.exit_code == 0, result.output
    return result.output


def _faces(folder: Path) -> tuple[int, ...]:
    """The faces the campaign's dice give now, at one place in the game: what any command of it would roll."""
    state = load(folder).state
    return engine.of_state(state).dice_for(state).throw(DICE, "test/place").faces


def _rolled(folder: Path) -> list:
    """The faces of every roll in the campaign's log so far."""
    return [e["faces"] for e in json.loads((folder / "campaign.json").read_text())["log"] if e.get("faces")]


@pytest.mark.parametrize("rules", RULES)
def test_the_same_dice_seed_gives_the_same_game(tmp_path, rules):
    one, two = _new(tmp_path / "one", rules, "--dice-seed", "31"), _new(tmp_path / "two", rules, "--dice-seed", "31")
    for folder in (one, two):
        _play(folder, rules)
    assert (one / "campaign.json").read_bytes() == (two / "campaign.json").read_bytes()
    assert _faces(one) == _faces(two)


@pytest.mark.parametrize("rules", RULES)
def test_without_a_dice_seed_two_campaigns_on_the_same_map_roll_differently(tmp_path, rules):
    one, two = _new(tmp_path / "one", rules), _new(tmp_path / "two", rules)
    a, b = load(one).state, load(two).state
    map_file = engine.of_state(a).map_file
    assert (one / map_file).read_bytes() == (two / map_file).read_bytes()
    assert a.seed == b.seed == 7 and a.dice_seed != b.dice_seed
    assert _faces(one) != _faces(two)
    # nor are they the map seed's, which anyone holding the map can read
    assert _faces(one) != GameDice(7).throw(DICE, "test/place").faces


@pytest.mark.parametrize("rules", RULES)
def test_a_campaign_from_before_the_dice_seed_rolls_from_its_map_seed_and_keeps_its_bytes(tmp_path, rules):
    """An old ``campaign.json`` has no ``dice_seed``: it loads, rolls what the map seed gives, and is written back unchanged."""
    old = _new(tmp_path / "old", rules, "--dice-seed", "99")
    data = json.loads((old / "campaign.json").read_text())
    del data["dice_seed"]
    (old / "campaign.json").write_text(dumps(data))  # as mapgen wrote it before the dice seed
    before = (old / "campaign.json").read_bytes()
    state = load(old).state
    ruleset = engine.of_state(state)
    assert state.dice_seed is None and ruleset.dice_seed(state) == 7
    assert ruleset.dumps_state(state).encode() == before
    assert _faces(old) == GameDice(7).throw(DICE, "test/place").faces
    # a command and its undo: the file comes back byte for byte; the commands replay to the same faces
    same = _new(tmp_path / "same", rules, "--dice-seed", "7")  # the old campaign's dice: those of its map seed
    begun = {f: len(_rolled(f)) for f in (old, same)}  # day one's rolls differ: the old one was begun with 99
    for folder in (old, same):
        _play(folder, rules)
    _run("campaign", "replay", old, "--check")
    assert "dice_seed" not in (old / "campaign.json").read_text()
    assert _rolled(old)[begun[old]:] == _rolled(same)[begun[same]:] != []
    for _ in FIRST_STEPS[rules]:
        _run("campaign", "undo", old)
    assert (old / "campaign.json").read_bytes() == before


def _outputs(folder: Path, seats: tuple[str, ...]) -> dict[str, str]:
    """What a seat may be given: its status (words and JSON), log and actions, its atlas page, its GeoJSON."""
    out = {}
    for seat in seats:
        side = ("--side", seat)
        out[f"status {seat}"] = _run("campaign", "status", folder, *side)
        out[f"status --json {seat}"] = _run("campaign", "status", folder, *side, "--json")
        out[f"log {seat}"] = _run("campaign", "log", folder, *side)
        out[f"actions {seat}"] = _run("campaign", "actions", folder, *side, "--json")
        _run("atlas", folder, *side)
        out[f"atlas {seat}"] = (folder / f"index-{seat}.html").read_text()
        geojson = CliRunner().invoke(cli, ["export", "geojson", str(folder), *side, "--out", "-"])
        if geojson.exit_code == 0:
            out[f"geojson {seat}"] = geojson.output
        else:  # a battle on an area board has no geography to export
            assert geojson.exit_code == 2 and "does not draw" in geojson.output, geojson.output
    out["status (referee)"] = _run("campaign", "status", folder)
    out["status --json (referee)"] = _run("campaign", "status", folder, "--json")
    return out


@pytest.mark.parametrize("rules", RULES)
def test_no_view_status_log_atlas_or_export_shows_the_dice_seed(tmp_path, rules):
    folder = _new(tmp_path / "c", rules, "--dice-seed", DICE_SEED)
    _play(folder, rules)
    state = load(folder).state
    assert state.dice_seed == DICE_SEED  # it is there to hide
    seats = engine.of_state(state).seats(state)
    for where, text in _outputs(folder, seats).items():
        for secret in (DICE_SEED, str(seed_to_int(DICE_SEED))):
            assert secret not in text, f"{where} shows the dice seed"


@pytest.mark.parametrize("campaign", ["fantasy-warriors", "renaissance"])
def test_a_kits_campaign_draws_a_secret_dice_seed_too(tmp_path, campaign):
    """``mapgen new`` prints the map seed on every sheet: its campaign's dice come from a dice seed of their own."""
    kits = [tmp_path / name for name in ("one", "two", "given")]
    size = ("--size", "small") if campaign == "fantasy-warriors" else ("--countries", "2")
    for kit, extra in zip(kits, ((), (), ("--dice-seed", "31"))):
        _run("new", "--campaign", campaign, "--seed", "5", *size, "--formats", "json", "--out", kit, *extra)
    states = [load(kit).state for kit in kits]
    assert states[0].seed == states[1].seed == 5 and states[0].dice_seed != states[1].dice_seed
    assert _faces(kits[0]) != _faces(kits[1])
    assert states[2].dice_seed == 31


def test_a_dice_seed_that_cannot_be_one_is_refused_before_anything_is_written(tmp_path):
    result = CliRunner().invoke(cli, ["campaign", "new", str(tmp_path / "c"), "--dice-seed", " ", *RULES["fw"]])
    assert result.exit_code == 2 and "--dice-seed" in result.output
    assert not (tmp_path / "c").exists()
