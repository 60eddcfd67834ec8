"""Balance by simulation: whole games by bots, the Wilson interval, the report and ``campaign simulate``."""

from __future__ import annotations

import json

import pytest

from mapgen import schemas
from mapgen.campaign import balance
from mapgen.campaign.bots import make_bots
from mapgen.campaign.simulate import SimOptions, game_seeds, play_game, simulate
from mapgen.campaign.state import evolve
from mapgen.jsonio import dumps

from .cli_helpers import run
from .conftest import cached_map
from .test_campaign_battle import force, holding, make_board, make_state, unit

# --- the Wilson score interval against published values ---------------------------------------------


@pytest.mark.parametrize(
    "wins,games,low,high",
    [
        (8, 10, 0.490, 0.943),  # Wilson (1927); e.g. Newcombe (1998), Brown, Cai & DasGupta (2001)
        (50, 100, 0.404, 0.596),
        (0, 10, 0.0, 0.278),
        (10, 10, 0.722, 1.0),
        (1, 20, 0.009, 0.236),
    ],
)
def test_the_wilson_interval_matches_published_values(wins, games, low, high):
    lo, hi = balance.wilson(wins, games)
    assert (round(lo, 3), round(hi, 3)) == (low, high)


# --- seeds ------------------------------------------------------------------------------------------


def test_game_seeds_are_numpys_spawned_children_of_the_run_seed():
    import numpy as np

    kids = np.random.SeedSequence(42).spawn(3)
    assert game_seeds(42, 3) == [int(k.generate_state(1, np.uint64)[0]) & (2**63 - 1) for k in kids]
    assert len(set(game_seeds(42, 500))) == 500


# --- a map built by hand to favour one side ------------------------------------------------------------


def _lopsided(cut_side: str):
    """A 7 x 7 board, three equal forces a side beside their capitals; ``cut_side``'s capital stands behind rivers on every edge.

    FW-9.4, AMB-06: no force crosses a river off a crossing, so no enemy can
    ever reach that capital, while the other side's capital is open: the
    cut-off side can lose only its minor holdings, and the other side its
    capital too (-3 more to its Will to Fight, FW-13, AMB-20).
    """
    capitals = {"A": "D1", "B": "D7"}
    board = make_board(7, 7, territory=lambda row: "A" if row < 2 else "N" if row < 5 else "B")
    cut = capitals[cut_side]
    for n in board.around[cut]:
        board.steps[cut].pop(n, None)
        board.steps[n].pop(cut, None)
    units = lambda fid: tuple(unit(f"{fid}-U{i}", figures=15) for i in range(1, 5))  # noqa: E731
    forces = [
        force("A1", "D2", units=units("A1")), force("A2", "B2", units=units("A2")), force("A3", "F2", units=units("A3")),
        force("B1", "D6", units=units("B1")), force("B2", "B6", units=units("B2")), force("B3", "F6", units=units("B6")),
    ]  # fmt: skip
    holdings = [holding("D1", "A", capital=True), holding("B2", "A"), holding("F2", "A"),
                holding("D7", "B", capital=True), holding("B6", "B"), holding("F6", "B")]  # fmt: skip
    return make_state(forces, holdings=holdings, phase=1), board


@pytest.mark.parametrize("cut_side", ["A", "B"])
def test_a_capital_cut_off_by_rivers_shows_as_a_bias_outside_the_interval(cut_side):
    state, board = _lopsided(cut_side)
    games = 120
    wins = 0
    for seed in game_seeds(11, games):
        record = play_game(evolve(state, seed=seed), board, make_bots(("aggressive", "aggressive")), 42)
        wins += record.winner == cut_side
    low, high = balance.wilson(wins, games)
    assert low > 0.5, (wins, games, low, high)  # 50 % lies outside the favoured side's interval


# --- whole runs on generated maps -------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_map():
    m = cached_map(3, "small", holdings=3)  # FW-17.2: the Incursione defenders need 4 holdings
    return m, dumps(m.to_json()).encode("utf-8")


@pytest.mark.parametrize("scenario", [None, "incursione"])
@pytest.mark.parametrize("pairing", [("cautious", "aggressive"), ("aggressive", "cautious"), ("cautious", "cautious"), ("aggressive", "aggressive")])
def test_every_pairing_of_bots_plays_whole_games(small_map, pairing, scenario):
    m, raw = small_map
    options = SimOptions(bots=pairing, scenario=scenario, max_days=42)
    records = simulate(raw, options, 5, 4)
    assert [r.seed for r in records] == game_seeds(5, 4)
    for r in records:
        assert r.winner in ("A", "B", "draw", None)
        assert 1 <= r.days <= 42 and (r.winner is not None or r.days == 42)
    doc = balance.report(records, options, 5, balance.map_info(m, raw))
    schemas.check(json.loads(dumps(doc)), "balance")
    assert doc["wins"]["A"] + doc["wins"]["B"] + doc["draws"] + doc["stalemates"] == 4


def test_the_report_counts_what_the_games_give():
    from mapgen.campaign.simulate import GameRecord

    records = [
        GameRecord(1, "A", 10, 3, {"A": 0, "B": 2}),
        GameRecord(2, "A", 20, 5, {"A": 1, "B": 1}),
        GameRecord(3, None, 42, 0, {"A": 0, "B": 0}),
        GameRecord(4, "B", 12, 4, {"A": 3, "B": 0}),
    ]
    info = {"seed": 1, "sha256": "0" * 64, "width": 9, "height": 6}
    doc = balance.report(records, SimOptions(), 9, info)
    assert doc["wins"] == {"A": 2, "B": 1} and doc["stalemates"] == 1 and doc["draws"] == 0
    assert doc["win_rate"]["A"]["rate"] == 0.5
    assert doc["length_days"] == {"mean": 21.0, "median": 16.0}
    assert doc["battles_per_game"]["mean"] == 3.0
    assert doc["holdings_lost"]["A"] == {"total": 4, "per_game": 1.0}
    schemas.check(doc, "balance")
    assert "| A | cautious | 2 | 50.0 % |" in balance.markdown(doc)
    svg = balance.chart_svg(doc)
    assert svg.startswith("<svg") and svg.count("<polyline") == 2


# --- the command ------------------------------------------------------------------------------------


def _simulate(tmp_path, name, capsys, *extra):
    out = tmp_path / name
    code, stdout, err = run(["campaign", "simulate", "--seed", "3", "--size", "small", "--games", "8", "--out", str(out), *extra], capsys)
    assert code == 0, err
    return out, stdout


def test_the_report_is_the_same_whatever_the_workers(tmp_path, capsys):
    one, said = _simulate(tmp_path, "one", capsys, "--workers", "1")
    two, _ = _simulate(tmp_path, "two", capsys, "--workers", "2")
    again, _ = _simulate(tmp_path, "again", capsys, "--workers", "1")
    data = (one / "balance.json").read_bytes()
    assert data == (two / "balance.json").read_bytes() == (again / "balance.json").read_bytes()
    assert (one / "balance.md").read_bytes() == (two / "balance.md").read_bytes()
    assert (one / "balance.svg").read_bytes() == (two / "balance.svg").read_bytes()
    doc = json.loads(data)
    schemas.check(doc, "balance")
    assert doc["games"] == 8 and doc["bots"] == {"A": "cautious", "B": "aggressive"} and doc["max_days"] == 42
    assert "Side A (cautious)" in said


def test_a_map_file_is_played_as_given(tmp_path, capsys, small_map):
    m, raw = small_map
    path = tmp_path / "fw-map.json"
    path.write_bytes(raw)
    out = tmp_path / "out"
    code, _, err = run(["campaign", "simulate", "--map", str(path), "--games", "3", "--max-days", "5", "--workers", "1",
                        "--bots", "aggressive,aggressive", "--scenario", "incursione", "--out", str(out)], capsys)  # fmt: skip
    assert code == 0, err
    doc = json.loads((out / "balance.json").read_text())
    assert doc["seed"] == m.seed and doc["scenario"] == "incursione" and doc["max_days"] == 5
    assert all(g["days"] <= 5 for g in doc["per_game"])


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--games", "3", "--bots", "cautious"], "--bots 'cautious': give side A's and side B's behaviour"),
        (["--games", "3", "--bots", "cautious,reckless"], "behaviours: aggressive, cautious, plain"),
        (["--games", "3", "--map", "no-such-map.json"], "no-such-map.json"),
        (["--games", "3", "--map", "x.json", "--size", "large"], "--size: options of a generated map"),
        (["--games", "3", "--size", "small", "--holdings", "2", "--scenario", "incursione"], "FW-17.2: the Incursione defenders need 4 or more holdings"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, needle, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.json").write_text("{}")
    code, out, err = run(["campaign", "simulate", "--seed", "1", *args], capsys)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and needle in lines[0], err
    assert not (tmp_path / "output").exists()


def test_a_small_map_for_the_incursione_is_made_with_the_defenders_four_holdings(tmp_path, capsys):
    """FW-17.2: the defenders hold 4 or more holdings; a small map (capital + 2, FW-3.3) is made with capital + 3."""
    code, out, err = run(["campaign", "simulate", "--seed", "3", "--size", "small", "--scenario", "incursione",
                          "--games", "4", "--workers", "1", "--out", str(tmp_path / "s")], capsys)
    assert code == 0, err
    assert "made with 3 a side besides the capital (--holdings 3)" in out
    given = run(["campaign", "simulate", "--seed", "3", "--size", "small", "--holdings", "2", "--scenario", "incursione",
                 "--games", "4", "--out", str(tmp_path / "t")], capsys)
    assert given[0] == 2 and "FW-17.2" in given[2]  # a number of holdings the player gave is kept, and refused
