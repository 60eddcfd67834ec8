"""The random-play fuzzer (:mod:`mapgen.engine.fuzz`) on both rule sets, as Rally the Troops runs it on its modules.

Games of random legal actions from ``actions()``: every listed action is
accepted, no game waits with nothing to do, games end (or reach their day
limit) within a bound, and the invariants of the property tests hold after
every command.  A failing game is saved as ``start.json`` + ``commands.jsonl``
(the path is in the failure's message) and replays to the same point.
``bench/fuzz.py --games N`` plays longer runs.
"""

from __future__ import annotations

import dataclasses
import json
import random
from functools import lru_cache

import pytest

from mapgen import engine
from mapgen.campaign.dice import GameDice
from mapgen.renaissance.simulate import SimOptions, load_map, start
from mapgen.renaissance.state import army_limit_broken
from mapgen.campaign.setup import new_campaign
from mapgen.campaign.state import MapRef, Options
from mapgen.campaign.store import register_board
from mapgen.campaign.ruleset import RULESET as FW
from mapgen.renaissance.ruleset import RULESET as REN
from mapgen.campaign import begin
from mapgen.campaign.board import build_board
from mapgen.campaign.commands import BattleReport, Move
from mapgen.renaissance.commands import MoveArmy
from mapgen.country.generate import generate_countries
from mapgen.engine.fuzz import FuzzFailure, play, replay
from mapgen.jsonio import dumps
from tests.conftest import cached_map
from tests.test_campaign_properties import check_move, check_state, start_state

#: Games per rule set in CI (the issue: at least 200 each, well within a minute).
GAMES = 200
#: Fantasy Warriors has no day limit of its own (a side surrenders, FW-13): the CI games stop at this day.
FW_DAYS = 6
#: Renaissance games are agreed to end after this many years (RC-6): each one must end by itself.
REN_YEARS = 1
#: The medium map's board is registered under this made-up SHA-256 (the small maps' is the property tests' one).
INCURSIONE_SHA = "2" * 64


def dice_for(state):
    """The campaign's dice, as the rule set derives them (from its dice seed; these states have none: the map seed)."""
    return engine.of_state(state).dice_for(state)


def fw_invariants(before, after, command, board):
    """test_campaign_properties' FW-9 checks after every command: land, rivers, zones of control, Defend, contact.

    A battle's loser retreats whatever its order (FW-12.5): after a report, Defend is not checked (``before`` = ``after``).
    """
    check_state(after if isinstance(command, BattleReport) else before, after, board)
    if isinstance(command, Move) and after.force(command.force) is not None:
        check_move(before, after, board, command)


def ren_invariants(before, after, command, board):
    """No army off the map or over two road steps, the army limit (RC-3.6), every company in one place only."""
    for a in after.armies:
        assert a.node in board.kinds, f"{a.id} is off the map at {a.node}"
        assert a.moved <= 2, f"{a.id} took {a.moved} road steps this phase (RC-4.3)"
    for p in after.players:
        assert army_limit_broken(after.armies_of(p.seat)) is None, f"{p.seat}: {army_limit_broken(after.armies_of(p.seat))}"
    ids = [c.id for a in after.armies for c in a.companies] + [c.id for p in after.places for c in p.garrison]
    assert len(ids) == len(set(ids)), "a company stands in two places at once"
    if isinstance(command, MoveArmy):
        was = next(a for a in before.armies if a.id == command.army)
        walked = (was.node, *command.path)
        assert all(b in board.steps[a] for a, b in zip(walked, walked[1:])), f"{command.army} left the roads: {walked}"


#: How often a move's path is steered towards the enemy rather than drawn at random: random walks seldom meet.
STEER = 0.7


def fw_steer(state, action, name, values, rng):
    """A path ending as near an enemy force as the choices go (Chebyshev distance on the grid), most of the time."""
    if rng.random() > STEER:
        return None
    board = fw_board(state)
    side = state.force(action.args["force"]).side
    enemies = [board.squares[f.square] for f in state.forces if f.side != side]
    if not enemies:
        return None

    def gap(path):
        a = board.squares[path[-1]]
        return min(max(abs(a.col - e.col), abs(a.row - e.row)) for e in enemies)

    return min(values, key=lambda p: (gap(p), rng.random()))


def fw_board(state):
    from mapgen.campaign.store import board_for

    return board_for(state)


def fw_game(i: int):
    rng = random.Random(i)
    state, board = start_state(rng.choice((7, 8, 9)), rng.randrange(10**6), rng.random() < 0.3, rng.random() < 0.3)
    return play(FW, state, board, rng, dice_for, until=lambda s: s.day > FW_DAYS, invariants=fw_invariants, steer=fw_steer)


@lru_cache(maxsize=None)
def country(players: int):
    cm = generate_countries(31 + players, players, 1, "a4")
    return dumps(cm.to_json()).encode("utf-8")


def ren_game(i: int):
    rng = random.Random(i)
    players = rng.choice((2, 2, 3))
    map_bytes = country(players)
    _, board, _ = load_map(map_bytes)
    rules = tuple(r for r in ("banks", "redraw_order_each_phase", "rabble_disperses") if rng.random() < 0.4)
    years = REN_YEARS + (i % 5 == 0)  # a second year now and then: its spring has upkeep to pay (RC-3.11) and loans to repay
    state = start(map_bytes, SimOptions(players=players, years=years, rules=rules), rng.randrange(10**6))
    # every few games, check every listed action at every step; the others only the ones played (the list is built by trial)
    return play(REN, state, board, rng, dice_for, invariants=ren_invariants, check_every_action=i % 4 == 0, steer=ren_steer)


def ren_steer(state, action, name, values, rng):
    """A road path ending where another's force or place is, most of the time: that is where engagements and sieges come from."""
    if rng.random() > STEER:
        return None
    seat = action.seat
    held = {a.node for a in state.armies if a.owner != seat} | {p.node for p in state.places if p.owner != seat}
    hits = [p for p in values if p[-1] in held]
    return rng.choice(hits) if hits else None


def _run(game, i, tmp_path):
    try:
        return game(i)
    except FuzzFailure as exc:
        where = exc.game.save(tmp_path / f"game-{i}")
        raise AssertionError(f"game {i}: {exc} (saved in {where})") from None


def test_fantasy_warriors_random_games_keep_the_rules(tmp_path):
    days = 0
    for i in range(GAMES):
        game = _run(fw_game, i, tmp_path)
        days += game.state.day
    assert days > GAMES * 2  # the games went on past their first days, not stuck in one


#: Issue 23 item 12's optional rules, each on in about half the games of :func:`fw_options_game`.
FW_OPTIONS = ("weather_control", "initiative_by_army", "specialty_recovery", "special_sites", "ambush_on_zoc_entry",
              "featured_holdings", "order_transmission", "draw_english")
#: Games with them (fewer than :data:`GAMES`: they share the rest of the engine with those).
OPTION_GAMES = 40


def fw_options_game(i: int):
    """A random game with the weather on, some of :data:`FW_OPTIONS`, and a Wizard in each side's first force (FW-7.6)."""
    rng = random.Random(1000 + i)
    state, board = start_state(rng.choice((7, 8, 9)), rng.randrange(10**6), rng.random() < 0.3, False)
    on = {name: rng.random() < 0.5 for name in FW_OPTIONS}
    on["draw_italian"] = not on["draw_english"] and rng.random() < 0.5  # FW-10.3.1: one draw method or none
    firsts = {state.side_forces(side)[0].id for side in ("A", "B")}
    forces = tuple(dataclasses.replace(f, individuals=("Wizard (25 MP)",)) if f.id in firsts else f for f in state.forces)
    state = dataclasses.replace(state, options=dataclasses.replace(state.options, weather=True, **on), forces=forces)
    return play(FW, state, board, rng, dice_for, until=lambda s: s.day > FW_DAYS, invariants=fw_invariants, steer=fw_steer)


def test_fantasy_warriors_random_games_with_the_optional_rules(tmp_path):
    days = 0
    for i in range(OPTION_GAMES):
        days += _run(fw_options_game, i, tmp_path).state.day
    assert days > OPTION_GAMES * 2


def test_renaissance_random_games_keep_the_rules_and_end(tmp_path):
    ended = 0
    for i in range(GAMES):
        game = _run(ren_game, i, tmp_path)
        ended += game.ended is not None
    assert ended == GAMES  # RC-6: the agreed years run out, whatever is played


def test_a_game_ending_in_an_incursione_ends_by_day_42():
    """FW-17.5: an Incursione ends on day 42 at the latest, whatever the players do."""
    board = register_board(INCURSIONE_SHA, build_board(cached_map(7, "medium")))
    state = new_campaign(cached_map(7, "medium"), board, MapRef("fw-map.json", INCURSIONE_SHA), 5, Options(scenario="incursione"))
    state, _ = begin(state, GameDice(5), board)
    game = play(FW, state, board, random.Random(5), dice_for, invariants=fw_invariants, max_commands=3000)
    assert game.ended is not None and game.state.day <= 42


# --- the fuzzer itself finds what it must ------------------------------------------------------------


def test_an_action_the_rules_refuse_is_found_and_the_game_saved_replays(tmp_path):
    """Break ``actions`` on purpose (an order for a force that does not exist): the fuzzer says so and saves a game that replays."""
    real = FW.actions

    def broken(state, seat, board):
        out = real(state, seat, board)
        if state.day == 2 and state.phase == 1:
            out.append(engine.Action("A", "order", {"force": "A9", "order": "probe"}))
        return out

    rs = dataclasses.replace(FW, actions=broken)
    state, board = start_state(7, 11, False, False)
    with pytest.raises(FuzzFailure, match="A9") as info:
        play(rs, state, board, random.Random(1), dice_for)
    folder = info.value.game.save(tmp_path / "failed")
    records = [json.loads(line) for line in (folder / "commands.jsonl").read_text().splitlines()]
    start_state_back = FW.read_state((folder / "start.json").read_text(), "start.json")
    assert replay(FW, start_state_back, records, dice_for, board) == info.value.game.state
    assert info.value.game.state.day == 2


def test_a_dead_end_is_found():
    rs = dataclasses.replace(FW, actions=lambda s, seat, b: [])
    state, board = start_state(7, 11, False, False)
    with pytest.raises(FuzzFailure, match="no action is listed"):
        play(rs, state, board, random.Random(1), dice_for)


def test_a_game_that_never_ends_is_found():
    """Only ``order`` listed (never ``turn``): the calendar stands still, and the fuzzer stops it."""
    def orders_only(state, seat, board):
        return [a for a in FW.actions(state, seat, board) if a.command == "order"] or [engine.Action(None, "order", {"force": "A1", "order": "probe"})]

    rs = dataclasses.replace(FW, actions=orders_only)
    state, board = start_state(7, 11, False, False)
    with pytest.raises(FuzzFailure):
        play(rs, state, board, random.Random(1), dice_for, max_commands=200, max_commands_per_step=20)
