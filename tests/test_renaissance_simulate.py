"""Renaissance balance runs: seeded games, worker-count independence, the report, ``campaign simulate --rules renaissance``.

Also the engine's speed-ups (the state's place index, the spring check from
the log's end, end-of-phase control in one pass, removals that keep
untouched armies): the same games played with the plain code they replace
must give the same final states, byte for byte.
"""

from __future__ import annotations

import importlib
import json
import pkgutil

import pytest

from mapgen import schemas
from mapgen.renaissance import balance, store
from mapgen.renaissance.bots import make_bots, play_campaign
from mapgen.renaissance.simulate import GameRecord, SimOptions, load_map, record, simulate, start
from mapgen.renaissance.state import RenaissanceState
from mapgen.campaign.simulate import game_seeds
from mapgen.campaign.state import evolve
from mapgen.country.generate import generate_countries
from mapgen.jsonio import dumps

from .cli_helpers import run


@pytest.fixture(scope="module")
def three():
    """A country map of three player countries and a neutral one, and its file's bytes."""
    cm = generate_countries(31, 3, 1, "a4")
    return cm, dumps(cm.to_json()).encode("utf-8")


# --- games and seeds ---------------------------------------------------------------------------------------


def test_a_run_plays_the_spawned_seeds_in_order_the_same_with_one_worker_or_two(three):
    _, raw = three
    options = SimOptions(players=3, years=3)
    one = simulate(raw, options, 9, 6, workers=1)
    two = simulate(raw, options, 9, 6, workers=2)
    assert one == two
    assert [r.seed for r in one] == game_seeds(9, 6)
    for r in one:
        assert r.years <= 3 and r.ended in ("capitals", "years")
        assert (r.years - 1) * 10 < r.phases <= r.years * 10  # RC-4.1: ten summer phases a year
        assert sorted(r.places) == ["P1", "P2", "P3"]


def test_a_game_that_runs_its_years_out_played_every_summer_phase(three):
    _, raw = three
    records = simulate(raw, SimOptions(players=3, bots=("cautious",) * 3, years=2), 4, 3)
    assert any(r.ended == "years" for r in records)
    for r in records:
        if r.ended == "years":
            assert (r.winner, r.years, r.phases) == (None, 2, 20)  # RC-4.1: ten phases a summer, two summers


def test_options_no_game_can_be_played_with_are_refused_in_one_line():
    for options, needle in [
        (SimOptions(players=1), "2 or more players"),
        (SimOptions(players=3, bots=("aggressive", "cautious")), "one behaviour per player, 3 in all"),
        (SimOptions(players=2, bots=("aggressive", "plain")), "unknown bot behaviour 'plain'"),
        (SimOptions(players=2, rules=("weather",)), "unknown optional rule 'weather'"),
        (SimOptions(players=2, years=0), "--years 0"),
    ]:
        with pytest.raises(ValueError, match=needle):
            options.check()
    assert SimOptions(players=4).seat_bots == ("aggressive", "cautious", "aggressive", "cautious")
    assert SimOptions(players=3).campaign_options().banks  # RC-3.4: the banks from three players, as for a new campaign
    assert not SimOptions(players=2).campaign_options().banks


# --- the report --------------------------------------------------------------------------------------------


def test_the_report_counts_what_the_games_give_with_wilson_intervals():
    records = [
        GameRecord(1, "P1", 2, "capitals", {"P1": 9, "P2": 3}, 1, 4, 3),
        GameRecord(2, "P1", 1, "capitals", {"P1": 8, "P2": 8}, 0, 2, 2),
        GameRecord(3, None, 5, "years", {"P1": 4, "P2": 10}, 2, 6, 5),
        GameRecord(4, "P2", 3, "capitals", {"P1": 2, "P2": 12}, 3, 8, 6),
    ]
    info = {"seed": 1, "sha256": "0" * 64, "countries": 2, "neutrals": 0, "places": 20}
    doc = balance.report(records, SimOptions(players=2), 9, info)
    schemas.check(json.loads(dumps(doc)), "balance-renaissance")
    assert doc["wins"] == {"P1": 2, "P2": 1} and doc["no_winner"] == 1
    assert doc["leads"] == {"P1": 1, "P2": 2}  # game 2 is a tie: nobody leads
    assert doc["win_rate"]["P1"]["rate"] == 0.5
    assert doc["bots"] == {"P1": "aggressive", "P2": "cautious"}
    assert doc["length_years"] == {"mean": 2.75, "median": 2.5}
    assert doc["sieges_per_game"]["mean"] == 5.0 and doc["taken_per_game"]["mean"] == 4.0
    assert doc["places_held"]["P2"] == {"mean": 8.25, "median": 9.0}
    assert "| P1 | aggressive | 2 | 50.0 % |" in balance.markdown(doc)
    svg = balance.chart_svg(doc)
    assert svg.startswith("<svg") and svg.count("<polyline") == 2


def test_a_seat_wins_more_than_its_share_is_named():
    # 8 of 10 games: the Wilson interval 49.0 % - 94.3 % (Wilson 1927) lies above an even share of 1/3
    records = [GameRecord(i, "P1" if i < 8 else None, 2, "capitals" if i < 8 else "years", {"P1": 5, "P2": 4, "P3": 3}) for i in range(10)]
    info = {"seed": 1, "sha256": "0" * 64, "countries": 3, "neutrals": 0, "places": 30}
    doc = balance.report(records, SimOptions(players=3), 1, info)
    assert doc["win_rate"]["P1"] == {"rate": 0.8, "low": 0.4902, "high": 0.9433}
    assert balance.verdict(doc).startswith("P1 wins more games than its even share (33.3 %)")


def test_no_winner_is_the_verdict_only_when_more_than_half_the_games_end_without_one():
    # "Most games": strictly more than half. 3 of 4 undecided is most; 2 of 4 is only half, so the even-share sentence stands.
    info = {"seed": 1, "sha256": "0" * 64, "countries": 2, "neutrals": 0, "places": 20}

    def doc_for(undecided):
        records = [GameRecord(i, None if i < undecided else ("P1", "P2")[i % 2], 2, "years", {"P1": 5, "P2": 5}) for i in range(4)]
        return balance.report(records, SimOptions(players=2), 1, info)

    assert balance.verdict(doc_for(3)).startswith("Most games end with no winner")
    assert balance.verdict(doc_for(2)).startswith("No seat is favoured beyond chance")


# --- the command --------------------------------------------------------------------------------------------


def _simulate(tmp_path, name, capsys, *extra):
    out = tmp_path / name
    argv = ["campaign", "simulate", "--rules", "renaissance", "--seed", "5", "--players", "3", "--neutrals", "1", "--years", "3",
            "--games", "6", "--out", str(out), *extra]  # fmt: skip
    code, stdout, err = run(argv, capsys)
    assert code == 0, err
    return out, stdout


def test_the_report_is_the_same_bytes_twice_and_whatever_the_workers(tmp_path, capsys):
    one, said = _simulate(tmp_path, "one", capsys, "--workers", "1")
    two, _ = _simulate(tmp_path, "two", capsys, "--workers", "2")
    again, _ = _simulate(tmp_path, "again", capsys, "--workers", "1")
    for name in ("balance.json", "balance.md", "balance.svg"):
        assert (one / name).read_bytes() == (two / name).read_bytes() == (again / name).read_bytes(), name
    doc = json.loads((one / "balance.json").read_text())
    schemas.check(doc, "balance-renaissance")
    assert doc["schema"] == "mapgen/balance-renaissance" and doc["games"] == 6 and doc["players"] == 3 and doc["years"] == 3
    assert doc["map"]["countries"] == 3 and doc["map"]["neutrals"] == 1
    assert doc["bots"] == {"P1": "aggressive", "P2": "cautious", "P3": "aggressive"}
    assert "P1 (aggressive)" in said


def test_a_country_map_file_is_played_as_given(tmp_path, capsys, three):
    cm, raw = three
    path = tmp_path / "country.json"
    path.write_bytes(raw)
    out = tmp_path / "out"
    code, _, err = run(["campaign", "simulate", "--rules", "renaissance,redraw_order_each_phase", "--map", str(path), "--games", "2",
                        "--players", "2", "--bots", "cautious,cautious", "--years", "1", "--workers", "1", "--out", str(out)], capsys)  # fmt: skip
    assert code == 0, err
    doc = json.loads((out / "balance.json").read_text())
    assert doc["seed"] == cm.seed and doc["players"] == 2 and doc["rules"] == ["redraw_order_each_phase"]
    assert doc["map"]["countries"] == 3  # P3's country plays as a neutral (setup.UNCLAIMED_COUNTRIES_NEUTRAL)
    assert all(g["years"] == 1 for g in doc["per_game"])


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--rules", "renaissance", "--players", "5", "--countries", "3"], "RC-1.1: 5 players but the map has 3 player countries"),
        (["--rules", "renaissance", "--players", "1"], "--players 1: a balance run needs 2 or more players"),
        (["--rules", "renaissance", "--players", "3", "--bots", "aggressive,cautious"], "one behaviour per player, 3 in all"),
        (["--rules", "renaissance", "--bots", "aggressive,plain"], "unknown bot behaviour 'plain'"),
        (["--rules", "renaissance", "--size", "small"], "--size: options of a Fantasy Warriors run"),
        (["--rules", "renaissance", "--max-days", "9"], "--max-days: options of a Fantasy Warriors run"),
        (["--rules", "renaissance", "--scheduler", "tcp://127.0.0.1:1", "--workers", "2"], "--workers: with --scheduler"),
        (["--rules", "renaissance,referee_neutrals"], "bots play no referee"),
        (["--rules", "renaissance", "--map", "x.json", "--neutrals", "2"], "--neutrals: options of a generated country map"),
        (["--rules", "weather"], "--rules 'weather': a Fantasy Warriors run plays the standard rules; give renaissance"),
        (["--rules", "renaissance,weather"], "unknown rule 'weather'; Renaissance optional rules: banks"),
        (["--players", "3"], "--players: options of a Renaissance run; add --rules renaissance"),
        (["--years", "3", "--countries", "3"], "--years, --countries: options of a Renaissance run"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, needle, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.json").write_text("{}")
    code, out, err = run(["campaign", "simulate", "--seed", "1", "--games", "3", *args], capsys)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and needle in lines[0], err
    assert not (tmp_path / "output").exists()


# --- the engine's speed-ups change no game ------------------------------------------------------------------


def _plain_place(self, node):
    for p in self.places:
        if p.node == node:
            return p
    return None


def _plain_spring_started(state):
    return any(e.year == state.year and e.season == "spring" and e.rule == "RC-3.1" for e in state.log)


def _plain_remove_companies(state, ids):
    ids = set(ids)
    armies = (evolve(a, companies=tuple(c for c in a.companies if c.id not in ids)) for a in state.armies)
    places = tuple(evolve(p, garrison=tuple(c for c in p.garrison if c.id not in ids)) if any(c.id in ids for c in p.garrison) else p
                   for p in state.places)  # fmt: skip
    state = evolve(state, armies=tuple(a for a in armies if a.companies), places=places, upkeep=tuple(i for i in state.upkeep if i not in ids))
    here = {a.id for a in state.armies} | {p.node for p in state.places}  # RC-A.10: an engineer goes with its army
    return evolve(state, specialists=tuple(s for s in state.specialists if s.type != "engineer" or s.at in here))


def _plain_village_control(state, kinds, log):
    from mapgen.renaissance.spring import is_fortified
    from mapgen.renaissance.log import line

    places = []
    for p in state.places:
        owners = {a.owner for a in state.armies_at(p.node)}
        if not is_fortified(p, kinds) and len(owners) == 1 and not p.garrison and p.owner not in owners:
            taker = owners.pop()
            log.append(line(state, "RC-A.12", f"{taker} holds {p.node} alone at the end of phase {state.phase}: the village passes from {p.owner} to {taker}.", taker))
            p = evolve(p, owner=taker)
        places.append(p)
    return tuple(places)


def _plain_movement_reset(armies):
    return tuple(evolve(a, came_from=None, moved=0) for a in armies)


def _games(maps) -> list[tuple[str, GameRecord]]:
    out = []
    for players, raw in maps:
        options = SimOptions(players=players)
        _, board, routes = load_map(raw)
        for seed in range(5):
            state = start(raw, options, seed)
            state, tally = play_campaign(state, board, make_bots(options.seat_bots, [p.seat for p in state.players], board, routes))
            out.append((store.dumps_state(state), record(state, tally)))
    return out


def test_the_speed_ups_play_the_same_games_as_the_plain_code(monkeypatch, three):
    maps = [(3, three[1]), (4, dumps(generate_countries(8, 4, 0, "a4").to_json()).encode("utf-8"))]
    fast = _games(maps)
    plain = {"spring_started": _plain_spring_started, "remove_companies": _plain_remove_companies,
             "village_control": _plain_village_control, "movement_reset": _plain_movement_reset}  # fmt: skip
    package = importlib.import_module("mapgen.renaissance")
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        for name, replacement in plain.items():
            if hasattr(module, name):
                monkeypatch.setattr(module, name, replacement)
    monkeypatch.setattr(RenaissanceState, "place", _plain_place)
    slow = _games(maps)
    assert [r for _, r in fast] == [r for _, r in slow]
    assert [s for s, _ in fast] == [s for s, _ in slow]
    assert sum(r.taken for _, r in fast) > 0  # the games took places: the code above was exercised


def test_the_place_index_follows_the_places_and_stays_out_of_the_file(three):
    _, raw = three
    state = start(raw, SimOptions(players=3), 1)
    node = state.places[5].node
    assert state.place(node) is state.places[5]
    moved = evolve(state, places=tuple(evolve(p, owner="P2") if p.node == node else p for p in state.places))
    assert moved.place(node).owner == "P2" and state.place(node).owner == state.places[5].owner
    assert "_place_index" not in store.dumps_state(moved)
    assert store.from_json_text(store.dumps_state(moved), "x") == moved
