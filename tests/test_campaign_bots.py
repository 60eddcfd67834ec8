"""The plain bot (the benchmark's): legal routes only, a stop on entering an enemy zone of control, days that go by."""

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

    s, board = game
    a, b = s.side_forces("A")[0], s.side_forces("B")[0]
    weak = replace(b, units=b.units[:1], square=a.square)
    s2 = replace(with_force(s, weak), pending=(Contact(a.square, (a.id, b.id)),))
    report = bots.battle_report(s2, board)
    assert report.winner == "A" and report.square == a.square
    assert {x.unit for x in report.losses} <= {u.id for u in a.units + weak.units}


# --- hand-built boards: what a bot does is obvious from the rules -------------------------------------


def test_a_route_walks_down_a_fresh_boards_distance_field():
    # a plain 6x6 board: from A1 to A4 is three steps straight down column A (ties go to the lower id)
    from .test_campaign_battle import force, make_board, make_state

    board = make_board()
    s = make_state([force("A1", "A1"), force("B1", "F6")], phase=1)
    assert bots.path_towards(s, board, s.force("A1"), "A4") == ("A2", "A3", "A4")


def test_orders_rally_the_shaken_and_send_defenders_off_all_but_the_capital():
    # FW-8: a Confused or Unsteady force takes an order again (the bot rallies it to Probe);
    # a Defend force leaves its post unless it guards the side's capital
    from mapgen.campaign.core import GiveOrder

    from .test_campaign_battle import force, holding, make_state

    forces = [
        force("A1", "B1", "defend"),  # on the capital: keeps its guard
        force("A2", "D1", "defend"),  # on a plain holding: marches
        force("A3", "E2", reaction="confused"),
        force("A4", "F2", reaction="unsteady"),
        force("B1", "F6", "defend"),
    ]
    s = make_state(forces, holdings=[holding("B1", "A", capital=True), holding("D1", "A"), holding("F6", "B", capital=True)], phase=1)
    assert bots.Bot("A").orders(s, None) == [GiveOrder("A2", "max_speed"), GiveOrder("A3", "probe"), GiveOrder("A4", "probe")]


def test_a_bot_that_cannot_give_what_the_engine_waits_for_says_what_it_is():
    from .test_campaign_battle import force, make_board, make_state

    class Idle(bots.Bot):
        def moves(self, state, board, skip=()):
            return iter(())

    s = make_state([force("A1", "A1"), force("B1", "F6")], phase=2, initiative=("A",))
    with pytest.raises(bots.BotStuck, match=r"^day 1, phase 2: the bots cannot give what is awaited: movement: side A moves one of A1 "):
        bots.play_day(s, make_board(), {"A": Idle("A"), "B": Idle("B")})
