"""The plain bot (the benchmark's): legal routes only, a stop on entering an enemy zone of control, days that go by."""

from dataclasses import replace

import pytest

from mapgen.campaign import bots, setup as files
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


# --- legality: a bot's illegal command stops the game, naming it -------------------------------------


def test_a_bots_illegal_command_stops_the_game_naming_it():
    from mapgen.campaign.core import Move

    from .test_campaign_battle import force, make_board, make_state

    class Lost(bots.Bot):
        def moves(self, state, board):
            yield Move("A1", ("Z9",))

    s = make_state([force("A1", "A1"), force("B1", "F6")], phase=2, initiative=("A",))
    expected = r"^day 1, phase 2: side A's bot \(plain\) gave an illegal command, `move A1 Z9`: Z9 is not a land square of the map \(AMB-63\)$"
    with pytest.raises(bots.IllegalCommand, match=expected) as exc:
        bots.play_day(s, make_board(), {"A": Lost("A"), "B": bots.Bot("B")})
    assert exc.value.command == Move("A1", ("Z9",)) and exc.value.state is s


def test_an_order_the_rules_refuse_is_not_tried_but_named():
    from mapgen.campaign.core import GiveOrder

    from .test_campaign_battle import force, make_board, make_state

    class Stubborn(bots.Bot):
        def orders(self, state, board):
            return [GiveOrder("A1", "probe")]  # it is under Probe already: AMB-19

    s = make_state([force("A1", "A1"), force("B1", "F6")], phase=1)
    with pytest.raises(bots.IllegalCommand, match=r"`order A1 probe`: A1 is already under probe: .*\(AMB-19\)"):
        bots.play_day(s, make_board(), {"A": Stubborn("A"), "B": bots.Bot("B")})


def test_a_max_speed_force_with_no_path_is_refused_before_its_roll():
    # FW-9.4.e: a Max Speed force must move if its roll allows; the roll is not known beforehand, so the check refuses it
    from mapgen.campaign.core import Move

    from .test_campaign_battle import force, make_board, make_state

    s = make_state([force("A1", "C3", "max_speed"), force("B1", "F6")], phase=2, initiative=("A",))
    assert "must move at least one square" in bots.refusal(s, make_board(), Move("A1", ()))
    assert bots.refusal(s, make_board(), Move("A1", ("C4",))) is None


# --- the behaviours, on hand-built boards ------------------------------------------------------------


def _units(fid, n):
    from .test_campaign_battle import unit

    return tuple(unit(f"{fid}-U{i}", figures=10) for i in range(1, n + 1))


def test_cautious_slows_max_speed_to_probe_and_puts_only_the_capitals_force_on_defend():
    # docs/how-to/balanced-maps.md: cautious "never Max Speed, the capital's force on Defend"
    from mapgen.campaign.core import GiveOrder

    from .test_campaign_battle import force, holding, make_board, make_state

    forces = [
        force("A1", "B1", "probe"),  # on the capital: Defend
        force("A2", "D1", "max_speed"),  # on a village: Probe, not Defend
        force("A3", "E2", "probe"),  # nothing to change
        force("B1", "F6", "defend"),
    ]
    s = make_state(forces, holdings=[holding("B1", "A", capital=True), holding("D1", "A"), holding("F6", "B", capital=True)], phase=1)
    assert bots.Cautious("A").orders(s, make_board()) == [GiveOrder("A1", "defend"), GiveOrder("A2", "probe")]


def test_cautious_stays_unless_it_has_the_advantage():
    from mapgen.campaign.core import Move

    from .test_campaign_battle import force, make_board, make_state

    board = make_board()
    even = make_state([force("A1", "C2", units=_units("A1", 2)), force("B1", "C5", units=_units("B1", 2))], phase=2, initiative=("A",))
    assert list(bots.Cautious("A").moves(even, board)) == [Move("A1", ())]
    # 3 units against 1: at least ADVANTAGE to 1, within ATTACK_RANGE steps: it marches on the enemy
    weak = make_state([force("A1", "C2", units=_units("A1", 3)), force("B1", "C5", units=_units("B1", 1))], phase=2, initiative=("A",))
    (move,) = bots.Cautious("A").moves(weak, board)
    assert move.force == "A1" and move.path and move.path[0] in board.steps["C2"]


def test_cautious_counter_marches_away_from_a_stronger_enemy_towards_its_capital():
    from mapgen.campaign.core import Move

    from .test_campaign_battle import force, holding, make_board, make_state

    board = make_board()
    forces = [force("A1", "C3", units=_units("A1", 1)), force("B1", "C4", units=_units("B1", 3)), force("A2", "A1", "defend")]
    s = make_state(forces, holdings=[holding("A1", "A", capital=True)], phase=2, initiative=("A",))
    (move,) = bots.Cautious("A").moves(s, board)
    assert move == Move("A1", (), countermarch="B2")  # the square beside C3 nearest the capital at A1 (FW-9.6)
    assert bots.refusal(s, board, move) is None


def test_cautious_guards_a_threatened_holding():
    from .test_campaign_battle import force, holding, make_board, make_state

    board = make_board()
    forces = [force("A1", "E2", units=_units("A1", 1)), force("B1", "B4", units=_units("B1", 3))]
    s = make_state(forces, holdings=[holding("B2", "A")], phase=2, initiative=("A",))
    (move,) = bots.Cautious("A").moves(s, board)
    assert move.path[-1] == "B2" or bots.distances_to(board, "B2")[move.path[-1]] < bots.distances_to(board, "B2")["E2"]


def test_aggressive_orders_max_speed_and_goes_for_the_capital():
    from mapgen.campaign.core import GiveOrder

    from .test_campaign_battle import force, holding, make_board, make_state

    board = make_board()
    forces = [force("A1", "C1", "defend"), force("A2", "D2"), force("B1", "F6", "defend")]
    holdings = [holding("C1", "A", capital=True), holding("A6", "B", capital=True), holding("F3", "B")]
    s = make_state(forces, holdings=holdings, phase=1)
    assert bots.Aggressive("A").orders(s, board) == [GiveOrder("A1", "max_speed"), GiveOrder("A2", "max_speed")]
    s2 = make_state(forces, holdings=holdings, phase=2, initiative=("A",))
    (move,) = bots.Aggressive("A").moves(s2, board)
    # F3 is 2 steps from D2, the capital A6 4; the capital counts CAPITAL_PULL (3) nearer: 1 < 2
    dist = bots.distances_to(board, "A6")
    assert move.force == "A2" and dist[move.path[-1]] < dist["D2"]


def test_every_behaviour_is_a_named_choice():
    assert set(bots.BEHAVIOURS) == {"cautious", "aggressive", "plain"}
    made = bots.make_bots(("cautious", "aggressive"))
    assert (made["A"].name, made["A"].side, made["B"].name, made["B"].side) == ("cautious", "A", "aggressive", "B")


# --- battles between bots: the strength comparison -----------------------------------------------------


def test_a_force_under_defend_adds_its_field_works():
    # FW-5.2.1: field works worth 1 point per model; 10 average figures of 10 points are 100 points
    from mapgen.campaign import autobattle

    from .test_campaign_battle import force, unit

    probe = force("A1", "C3", "probe", units=(unit("A1-U1", figures=10, points=10),))
    defend = force("A1", "C3", "defend", units=(unit("A1-U1", figures=10, points=10),))
    assert autobattle.points(probe) == 100
    assert autobattle.points(defend) == 100 + 10


def test_a_battle_report_is_one_the_engine_accepts_and_losses_stay_within_the_units():
    from mapgen.campaign import after_battle

    from .test_campaign_battle import contact, force, make_board, make_state

    board = make_board()
    strong = force("A1", "C3", units=_units("A1", 6))
    weak = force("B1", "C3", units=_units("B1", 1))
    s = make_state([strong, weak], pending=[contact("C3", "A1", "B1", mover="A1")])
    report = bots.battle_report(s, board)
    assert report.winner == "A" and after_battle.refusal(s, board, report) is None
    figures = {u.id: u.figures for u in strong.units + weak.units}
    assert all(0 < x.killed + x.fled <= figures[x.unit] for x in report.losses)
    lost = {x.unit: x.killed + x.fled for x in report.losses}
    assert lost["B1-U1"] > lost.get("A1-U1", 0)  # the loser loses the greater share
