"""Balanced maps (issue 10, ``--balanced``): the band, the derived seeds, the attempts log, and giving up cleanly.

The expected values are the issue's: each side wins 40-60 % of the games and
its 95 % interval overlaps 50 %.  Small maps play fast; 60 games a map put
the interval about 12 points either side of the rate, enough for the band to
mean something (seed 3's own map is lopsided, 20 % to 80 %, so it moves on).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from mapgen import balancing
from mapgen.errors import InfeasibleError
from mapgen.fw.options import MapOptions
from mapgen.jsonio import dumps

from .cli_helpers import leftovers, run, snapshot

#: Issue 10's band, written out here rather than read from the code under test.
LOW, HIGH, EVEN = 0.40, 0.60, 0.50
GAMES = "60"
SMALL = ["--seed", "3", "--size", "small", "--balanced", "--games", GAMES, "--workers", "1"]
SMALL_OPTS = MapOptions(seed=3, size="small")
FEW = balancing.BalanceSettings(games=10, attempts=2)


def _main(argv) -> int:
    from mapgen.cli import main

    try:
        main(argv)
    except SystemExit as exc:
        return exc.code or 0
    return 0


@pytest.fixture(scope="module")
def balanced_kit(tmp_path_factory):
    """``fw-map --balanced`` on small seed 3, run once for the tests that read its files."""
    out = tmp_path_factory.mktemp("balanced") / "kit"
    assert _main(["fw-map", *SMALL, "--formats", "json,md", "--out", str(out)]) == 0
    return out


# --- the band and the seeds ----------------------------------------------------------------------------


def _report(a: tuple[float, float, float], b: tuple[float, float, float]) -> dict:
    return {"win_rate": {s: {"rate": r, "low": lo, "high": hi} for s, (r, lo, hi) in zip("AB", (a, b))}}


@pytest.mark.parametrize(
    "a,b,accepted",
    [
        ((0.45, 0.38, 0.52), (0.55, 0.48, 0.62), True),
        ((0.40, 0.34, 0.50), (0.60, 0.50, 0.66), True),  # the band's edges are in it
        ((0.425, 0.359, 0.494), (0.575, 0.506, 0.641), False),  # in 40-60 %, but the interval misses 50 %
        ((0.38, 0.25, 0.52), (0.62, 0.48, 0.75), False),  # the interval holds 50 %, the rate is out of the band
        ((0.45, 0.33, 0.575), (0.35, 0.24, 0.476), False),  # side B short: draws and stalemates are nobody's win
    ],
)
def test_a_map_is_accepted_only_inside_the_issues_band(a, b, accepted):
    assert balancing.in_band(_report(a, b)) is accepted


def test_derived_seeds_are_the_seed_then_seed_balanced_k():
    assert [balancing.attempt_seed(7, k) for k in range(3)] == [7, "7-balanced-1", "7-balanced-2"]
    assert balancing.attempt_seed("winter", 4) == "winter-balanced-4"


# --- fw-map --balanced -----------------------------------------------------------------------------------


def test_the_map_written_has_a_recorded_win_rate_inside_the_band(balanced_kit):
    doc = json.loads((balanced_kit / "balance.json").read_text())
    assert 1 <= doc["games"] <= int(GAMES) and len(doc["per_game"]) == doc["games"]
    assert doc["bots"] == {"A": "aggressive", "B": "aggressive"}
    for side in "AB":
        r = doc["win_rate"][side]
        assert LOW <= r["rate"] <= HIGH
        assert r["low"] <= EVEN <= r["high"]
    # The record is of the map written: its seed and its file's bytes.
    fw_bytes = (balanced_kit / "fw-map.json").read_bytes()
    import hashlib

    assert doc["map"]["sha256"] == hashlib.sha256(fw_bytes).hexdigest()
    assert doc["map"]["seed"] == json.loads(fw_bytes)["seed"]


def test_a_lopsided_first_map_moves_to_a_derived_seed_and_every_attempt_is_logged(balanced_kit):
    fw = json.loads((balanced_kit / "fw-map.json").read_text())
    assert fw["seed"] != 3 and str(fw["seed"]).startswith("3-balanced-")
    sheet = (balanced_kit / "fw-map-setup.md").read_text()
    assert f"seed {fw['seed']}" in sheet.splitlines()[0]
    section = sheet.split("## Balance")[1].split("\n## ")[0]
    rows = [line for line in section.splitlines() if line.startswith("| ") and line[2].isdigit()]
    k = int(str(fw["seed"]).rsplit("-", 1)[1])
    assert len(rows) == k + 1  # the seed's own map, then 3-balanced-1 ... the one kept
    assert rows[0].startswith("| 1 | 3 | ") and "lopsided (sequential test)" in rows[0]  # 20 % to 80 %: it stops early
    assert f"| {fw['seed']} |" in rows[-1]
    assert "accepted" in rows[-1] and not any("accepted" in r for r in rows[:-1])
    assert f"up to {GAMES} whole campaigns" in section and "aggressive" in section
    played = json.loads((balanced_kit / "balance.json").read_text())["games"]
    assert f"| {fw['seed']} | {played} |" in rows[-1]  # the games column: what the kept map played


def test_the_same_command_gives_the_same_bytes(balanced_kit, tmp_path):
    again = tmp_path / "again"
    assert _main(["fw-map", *SMALL, "--formats", "json,md", "--out", str(again)]) == 0
    for name in ("fw-map.json", "fw-map-setup.md", "balance.json"):
        assert (again / name).read_bytes() == (balanced_kit / name).read_bytes(), name


def test_balance_json_is_what_campaign_simulate_writes_for_the_map(balanced_kit, tmp_path, capsys):
    played = str(json.loads((balanced_kit / "balance.json").read_text())["games"])  # the test may stop before --games
    code, _, err = run(["campaign", "simulate", "--map", str(balanced_kit / "fw-map.json"), "--games", played,
                        "--bots", "aggressive,aggressive", "--workers", "1", "--out", str(tmp_path / "sim")], capsys)
    assert code == 0, err
    assert (tmp_path / "sim" / "balance.json").read_bytes() == (balanced_kit / "balance.json").read_bytes()


def test_without_json_the_balancing_still_works_and_the_sheet_logs_it(tmp_path, capsys):
    out = tmp_path / "md"
    code, stdout, err = run(["fw-map", *SMALL, "--formats", "md", "--out", str(out)], capsys)
    assert code == 0, err
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["fw-map-setup.md"]
    assert "## Balance" in (out / "fw-map-setup.md").read_text()
    assert "Balanced on attempt" in stdout


def test_no_balanced_map_is_one_clear_line_and_the_folder_keeps_its_files(tmp_path, capsys):
    out = tmp_path / "kit"
    assert run(["fw-map", "--seed", "9", "--size", "small", "--formats", "json,md", "--out", str(out)], capsys)[0] == 0
    before = snapshot(out)
    code, stdout, err = run(["fw-map", *SMALL, "--attempts", "1", "--out", str(out)], capsys)
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: no balanced map in 1 attempt")
    assert "seed 3" in lines[0] and "closest" in lines[0] and "%" in lines[0]
    assert snapshot(out) == before and leftovers(out) == []


def test_no_map_meets_an_impossible_band(monkeypatch):
    monkeypatch.setattr(balancing, "BAND", (0.0, 0.0))
    with pytest.raises(balancing.UnbalancedError) as err:
        balancing.balance_map(SMALL_OPTS, FEW)
    msg = str(err.value)
    assert "2 attempt(s)" in msg and "seeds 3 and 3-balanced-1" in msg and "the closest was seed" in msg


@pytest.mark.parametrize(
    "args",
    [
        ["--balanced", "--games", "0"],
        ["--balanced", "--games", "many"],
        ["--balanced", "--games", "9"],  # under the least that says anything
        ["--balanced", "--attempts", "0"],
        ["--games", "50"],  # without --balanced
        ["--workers", "2"],
    ],
)
def test_bad_balancing_options_are_usage_errors(args, tmp_path, capsys):
    out = tmp_path / "kit"
    code, _, err = run(["fw-map", "--seed", "3", "--size", "small", *args, "--out", str(out)], capsys)
    assert code == 2 and "--" in err
    assert not out.exists()


def test_renaissance_kits_take_no_balancing(tmp_path, capsys):
    code, _, err = run(["new", "--campaign", "renaissance", "--balanced", "--out", str(tmp_path / "r")], capsys)
    assert code == 2 and "--balanced" in err


def test_new_balanced_starts_the_campaign_on_the_balanced_map(balanced_kit, tmp_path, capsys):
    out = tmp_path / "new"
    code, _, err = run(["new", *SMALL, "--formats", "json,md", "--out", str(out)], capsys)
    assert code == 0, err
    assert (out / "fw-map.json").read_bytes() == (balanced_kit / "fw-map.json").read_bytes()
    assert (out / "balance.json").read_bytes() == (balanced_kit / "balance.json").read_bytes()
    state = json.loads((out / "campaign.json").read_text())
    assert state["seed"] == json.loads((out / "fw-map.json").read_text())["seed"]


# --- the library ----------------------------------------------------------------------------------------


def test_a_derived_seed_without_a_map_is_logged_and_skipped(monkeypatch):
    from mapgen.fw import generate

    real = generate.generate_map

    def generate_map(opts):
        if opts.seed == "3-balanced-1":
            raise InfeasibleError("FW-3.3", "no room for the holdings")
        return real(opts)

    monkeypatch.setattr(generate, "generate_map", generate_map)
    monkeypatch.setattr(balancing, "BAND", (0.0, 0.0))
    with pytest.raises(balancing.UnbalancedError) as err:
        balancing.balance_map(SMALL_OPTS, replace(FEW, attempts=3))
    assert "3 attempt(s)" in str(err.value)
    # The seed's own map impossible: the options are at fault, as without --balanced.
    with pytest.raises(InfeasibleError):
        balancing.balance_map(replace(SMALL_OPTS, seed="3-balanced-1"), FEW)


def test_progress_hears_every_map_and_game():
    heard = []

    class Listen(balancing.Progress):
        def attempt(self, number, seed, games):
            heard.append(("map", number, seed, games))
            return lambda record: heard.append("game")

        def done(self, attempt):
            heard.append(("done", attempt.number, attempt.accepted))

    result = balancing.balance_map(SMALL_OPTS, balancing.BalanceSettings(games=int(GAMES)), progress=Listen())
    maps = [h for h in heard if h[0] == "map"]
    assert [m[1] for m in maps] == list(range(1, len(result.attempts) + 1))
    assert heard.count("game") == sum(a.report["games"] for a in result.attempts)
    assert heard[-1] == ("done", len(result.attempts), True)
    assert result.map_bytes == dumps(result.map.to_json()).encode("utf-8")


# --- the sequential test (issue 27) -----------------------------------------------------------------------

#: Wald's test as the manual states it: a side's 50 % against 35 % and 65 %, alpha 2.5 % each way, beta 5 %.
P_FAIR, P_LOPSIDED, ALPHA, BETA = 0.50, 0.35, 0.025, 0.05


def _first_verdict(wins_in_order: list[bool], limit: int = 200) -> tuple[str | None, int]:
    """Feed a side A's results (True: A won, else B) to the test until it decides: (verdict, games)."""
    a = 0
    for n, won in enumerate(wins_in_order[:limit], 1):
        a += won
        v = balancing.verdict({"A": a, "B": n - a}, n)
        if v is not None:
            return v, n
    return None, min(limit, len(wins_in_order))


def test_wald_boundaries_are_the_textbook_ones():
    import math

    assert balancing.UPPER == pytest.approx(math.log((1 - BETA) / ALPHA))
    assert balancing.LOWER == pytest.approx(math.log(BETA / (1 - ALPHA)))
    # Fourteen straight wins: 14 * ln(0.65 / 0.5) = 3.67 is the first run of wins over ln(0.95 / 0.025) = 3.64.
    assert _first_verdict([True] * 20) == ("lopsided", 14)
    assert _first_verdict([False] * 20) == ("lopsided", 14)  # side B's fourteen, the same
    # Won and lost in turn: each pair adds ln(0.65 * 0.35 / 0.25) = -0.094 to both one-sided tests; fair once both
    # are at or below ln(0.05 / 0.975) = -2.97: 32 pairs, 64 games.
    assert _first_verdict([True, False] * 100) == ("fair", 64)


def test_a_stalemate_is_neither_sides_win_so_many_stalemates_are_lopsided():
    assert balancing.verdict({"A": 32, "B": 32}, 64) == "fair"
    assert balancing.verdict({"A": 20, "B": 20}, 64) == "lopsided"  # 24 stalemates: each side wins 31 %


@pytest.mark.parametrize("p,most_often", [(P_FAIR, "fair"), (P_LOPSIDED, "lopsided"), (1 - P_LOPSIDED, "lopsided")])
def test_the_tests_error_rates_are_within_walds_bounds(p, most_often):
    """Wald: a fair map is called lopsided at most about alpha / (1 - beta) each way, a lopsided one fair at most
    about beta / (1 - alpha); 4,000 runs of coin flips put the measured rate within about 1 point of the truth."""
    import numpy as np

    rng = np.random.default_rng(27)
    runs = 4000
    wrong = 0
    for _ in range(runs):
        v, _n = _first_verdict(list(rng.random(200) < p))
        wrong += v is not None and v != most_often
    bound = 2 * ALPHA / (1 - BETA) if most_often == "fair" else BETA / (1 - ALPHA)
    assert wrong / runs <= bound + 0.01


def test_a_kept_map_still_passes_the_same_band_and_interval():
    """Whatever the test decides, the map kept has each side in 40-60 % with its interval over 50 % on its games."""
    result = balancing.balance_map(MapOptions(seed=2, size="small"), balancing.BalanceSettings(games=200, attempts=10))
    kept = result.attempts[-1]
    assert kept.accepted and kept.verdict != "lopsided"
    for side in "AB":
        r = kept.report["win_rate"][side]
        assert LOW <= r["rate"] <= HIGH and r["low"] <= EVEN <= r["high"]
    # An attempt the test called lopsided is never kept, even where its rates happen to lie in the band.
    lopsided = balancing.Attempt(1, 5, {"games": 14, "wins": {"A": 14, "B": 0},
                                        "win_rate": {"A": {"rate": 0.5, "low": 0.3, "high": 0.7},
                                                     "B": {"rate": 0.5, "low": 0.3, "high": 0.7}}}, verdict="lopsided")
    assert not lopsided.accepted


def test_the_games_stop_early_and_the_same_whatever_the_workers():
    settings = balancing.BalanceSettings(games=200, attempts=1)
    from mapgen.fw.generate import generate_map

    m = generate_map(MapOptions(seed=5, size="small"))
    raw = dumps(m.to_json()).encode("utf-8")
    one = balancing.play(m, raw, settings, workers=1)
    two = balancing.play(m, raw, settings, workers=2)
    assert one == two
    assert one["games"] < 200 and balancing.verdict(one["wins"], one["games"]) is not None
    before = [g["winner"] for g in one["per_game"][:-1]]  # the games before the last: no verdict yet
    assert balancing.verdict({s: before.count(s) for s in "AB"}, len(before)) is None
