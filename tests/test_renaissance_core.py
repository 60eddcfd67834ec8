"""The Renaissance engine core: one ``apply`` over the season modules, the calendar moved on by ``Turn``.

Expected values are typed from the digest: a year is spring, ten summer
phases and winter (RC-2, RC-4.1); the first spring collects Tabella 29's
taxes (village 10, fortress 20, city and capital 40 ducats, RC-3.2); a loan
is repaid next spring at 125 %, rounded up (RC-3.4); an army moves at most
two road steps a phase along roads only (RC-4.3).
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapgen.campaign.commands import Turn
from mapgen.campaign.dice import GameDice
from mapgen.renaissance import store
from mapgen.renaissance.commands import (
    CommandError,
    EndMoves,
    FormArmy,
    MoveArmy,
    Recruit,
    TakeLoan,
)
from mapgen.renaissance.core import awaiting, board_for_map, seat_of
from mapgen.renaissance.ruleset import apply
from mapgen.renaissance.setup import new_campaign
from mapgen.renaissance.state import Options
from mapgen.country.generate import generate_countries
from mapgen.jsonio import dumps

#: Tabella 29 (RC-3.2), typed from the digest.
TAX = {"village": 10, "walled_village": 10, "fortress": 20, "city": 40, "capital": 40}


@pytest.fixture(scope="module")
def country():
    cm = generate_countries(5, 2, 0, "a4")
    return cm, dumps(cm.to_json()).encode("utf-8")


@pytest.fixture(scope="module")
def start(country):
    cm, raw = country
    # banks on (RC-3.4 recommends them from three players; here they are chosen)
    return new_campaign(cm, raw, 5, players=2, ends="years=3", options=Options(banks=True)), board_for_map(cm)


def _do(state, cmd, board, faces=()):
    return apply(state, cmd, GameDice(state.seed, list(faces)), board)[0]


def test_day_one_collects_tabella_29_taxes_from_every_place_held(country, start):
    cm, _ = country
    state, board = start
    for p in state.players:
        kinds = Counter(d["kind"] for _, d in cm.graph.nodes(data=True) if d["country"] == p.country)
        assert p.treasury == sum(TAX.get(k, 0) * n for k, n in kinds.items())
    assert state.season == "spring" and state.year == 1
    assert awaiting(state).startswith("spring commands")


def test_in_summer_the_campaign_waits_for_the_player_drawn_first_in_phase_1(start):
    # RC-4.3: the order is drawn once before phase 1, and the first drawn moves first
    state, board = start
    state = _do(state, Turn(), board)
    assert awaiting(state).startswith(f"{state.order[0]} to move in summer phase 1 ")


def test_turn_walks_a_whole_year_spring_ten_phases_winter_and_the_next_spring(start):
    state, board = start
    seen = []
    state = _do(state, Turn(), board)  # spring ends, summer phase 1 (RC-2, RC-4.1)
    assert (state.season, state.phase) == ("summer", 1)
    while state.season == "summer":
        seen.append((state.phase, state.turn))
        state = _do(state, Turn(), board)
    assert [p for p, _ in seen] == [k for k in range(1, 11) for _ in range(2)]  # ten phases, each player moves in each
    first = [t for p, t in seen if p == 1]
    assert all([t for p, t in seen if p == k] == first for k in range(2, 11))  # the order kept all summer (RC-A.20)
    assert state.season == "winter"
    state = _do(state, Turn(), board)
    assert (state.year, state.season) == (2, "spring")


def test_a_loan_is_repaid_next_spring_at_125_percent_rounded_up(start):
    state, board = start
    state = _do(state, TakeLoan("P1", 50), board)
    before = state.player("P1").treasury
    while state.year == 1:
        state = _do(state, Turn(), board)
    income = state.player("P1").treasury - before  # this spring's taxes less the repayment
    taxes = next(e for e in state.log if e.year == 2 and e.rule == "RC-3.2" and e.player == "P1").text
    collected = int(taxes.split(" collects ")[1].split(" ")[0])
    assert collected - income == 63  # 50 x 1.25 = 62.5, rounded up (RC-3.4, RC-A.7)


def test_a_command_of_another_season_is_refused_and_nothing_changes(start):
    state, board = start
    text = store.dumps_state(state)
    with pytest.raises(CommandError, match="RC-4.1"):
        apply(state, MoveArmy("P1", "P1-1", ("A-1",)), GameDice(state.seed), board)
    with pytest.raises(CommandError, match="not a command of a Renaissance campaign"):
        apply(state, object(), GameDice(state.seed), board)
    assert store.dumps_state(state) == text


def test_unused_entered_faces_refuse_the_command(start):
    state, board = start
    with pytest.raises(CommandError, match="--roll gave 1 face"):
        apply(state, Recruit("P1", "A-0", "medium"), GameDice(state.seed, [4]), board)


def test_seat_of_an_army_id():
    assert seat_of("P2-1") == "P2" and seat_of("P12-3") == "P12"


# --- random command sequences --------------------------------------------------------------------


def _command(draw, state, board):
    """One command, legal or not, of the kinds a player gives (hypothesis picks)."""
    seats = [p.seat for p in state.players]
    seat = draw(st.sampled_from(seats))
    nodes = sorted(board.kinds)
    kind = draw(st.sampled_from(["army", "recruit", "loan", "move", "move", "move", "end", "turn", "turn"]))
    if kind == "army":
        own = [p.node for p in state.places if p.owner == seat] or nodes
        types = draw(st.lists(st.sampled_from(["small", "medium", "large_cavalry", "rabble"]), min_size=1, max_size=3))
        return FormArmy(seat, draw(st.sampled_from(own)), tuple((t, "rabble" if t == "rabble" else "regular") for t in types))
    if kind == "recruit":
        armies = [a.id for a in state.armies] or ["P1-1"]
        return Recruit(seat, draw(st.sampled_from(armies)), "medium")
    if kind == "loan":
        return TakeLoan(seat, draw(st.integers(1, 400)))
    if kind == "move":
        armies = state.armies or ()
        if not armies:
            return EndMoves(seat)
        army = draw(st.sampled_from(armies))
        path, here = [], army.node
        for _ in range(draw(st.integers(1, 3))):
            here = draw(st.sampled_from(board.steps[here] + (nodes[0],)))  # now and then not a road step
            path.append(here)
        return MoveArmy(army.owner, army.id, tuple(path))
    if kind == "end":
        return EndMoves(state.turn or seat)
    return Turn()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_random_commands_keep_the_rules(start, data):
    """Armies move along roads, two steps at most; no treasury below zero; a refusal changes nothing; the state round-trips."""
    state, board = start
    for _ in range(40):
        cmd = _command(data.draw, state, board)
        text = store.dumps_state(state)
        try:
            new = _do(state, cmd, board)
        except CommandError:
            assert store.dumps_state(state) == text
            continue
        if isinstance(cmd, MoveArmy):
            old = next(a for a in state.armies if a.id == cmd.army)
            assert 1 <= len(cmd.path) <= 2
            here = old.node
            for node in cmd.path:
                assert node in board.steps[here]
                here = node
            assert next(a for a in new.armies if a.id == cmd.army).node == cmd.path[-1]
        assert all(p.treasury >= 0 for p in new.players)
        assert store.from_json_text(store.dumps_state(new), "x") == new
        state = new
        if state.ended:
            break
