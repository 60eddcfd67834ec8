"""The benchmark's bots: legal routes only, a stop on entering an enemy zone of control, days that go by."""

from dataclasses import replace

import pytest

from mapgen.campaign import bots, files
from mapgen.campaign.state import Options, with_force
from mapgen.campaign.store import board_for
from mapgen.jsonio import dumps

from .conftest import cached_map


@pytest.fixture(scope="module")
def game():
    m = cached_map(7, "medium")
    s = files.start_campaign(m, dumps(m.to_json()).encode("utf-8"), "fw-map.json", 7, Options(), forces_per_side=6)
    return s, board_for(s)


def test_routes_use_only_legal_steps_towards_an_enemy_holding(game):
    s, board = game
    for f in s.forces:
        goal = bots.nearest_enemy_holding(s, board, f)
        assert goal is not None
        path = bots.path_towards(s, board, f, goal[0])
        here = f.square
        for sq in path:
            assert sq in board.steps[here]  # FW-9.4, AMB-06: rivers only at crossings
            here = sq
        dist = bots.distances_to(board, goal[0])
        assert [dist[sq] for sq in path] == list(range(goal[1] - 1, goal[1] - 1 - len(path), -1))


def test_a_route_stops_on_entering_an_enemy_zone_of_control(game):
    s, board = game
    mover = s.side_forces("A")[1]
    goal, d = bots.nearest_enemy_holding(s, board, mover)
    path = bots.path_towards(s, board, mover, goal)
    assert len(path) >= 2
    enemy = s.side_forces("B")[0]
    # put an enemy force next to the second square: the first square of the route is then in its zone (FW-9.7)
    beside = next(sq for sq in board.around[path[0]] if sq not in path and sq != mover.square)
    s2 = with_force(s, replace(enemy, square=beside))
    assert bots.path_towards(s2, board, mover, goal) == path[:1]


def test_the_bots_play_days_through_the_engine(game):
    s, board = game
    players = {"A": bots.Bot("A"), "B": bots.Bot("B")}
    for day in range(2, 7):
        s, n = bots.play_day(s, board, players)
        assert n >= 1 and (s.day == day or s.winner is not None)


def test_a_battle_goes_to_the_stronger_side(game):
    from mapgen.campaign.state import Contact

    s, _ = game
    a, b = s.side_forces("A")[0], s.side_forces("B")[0]
    weak = replace(b, units=b.units[:1])
    s2 = replace(with_force(s, weak), pending=(Contact(a.square, (a.id, b.id)),))
    report = bots.battle_report(s2)
    assert report.winner == "A" and report.square == a.square
    assert {x.unit for x in report.losses} <= {u.id for u in a.units + weak.units}
