"""The Renaissance bots: whole games through ``engine.apply`` with no refused command, and what each behaviour does.

Expected values are typed from the digest and the bots' documented [DEV]
choices, not computed by the code under test: an army moves at most two
road steps a phase, along roads (RC-4.3); a fortified place falls only to a
siege (RC-4.10, RC-A.12); upkeep is the recruitment price (RC-A.23), which
the spring prices at 10 ducats a Tabella 31 strength point, so a large
company (4) costs 40, a medium one (2) 20, a small one (1) 10 ([DEV],
``spring.COMPANY_COST``); cautious attacks with 1.5 times the strength
against it and falls back from more than its own within two steps; an
aggressive army takes an opponent's capital as three steps nearer.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import pytest

from mapgen.campaign.bots import IllegalCommand
from mapgen.campaign.commands import Turn
from mapgen.campaign.dice import GameDice
from mapgen.renaissance import store
from mapgen.renaissance.bots import buy, command_words, give, make_bots, next_command, play_campaign, play_year
from mapgen.renaissance.bots.play import engagement_answer
from mapgen.renaissance.commands import BeginSiege, Bribe, ChooseEngagement, MoveArmy, OrderWorks, PayUpkeep
from mapgen.renaissance.core import RenaissanceBoard
from mapgen.renaissance.simulate import SimOptions, load_map, record, run_game, start
from mapgen.renaissance.spring import start_spring
from mapgen.renaissance.state import PendingEngagement, Place, company
from mapgen.campaign.state import evolve
from mapgen.country.generate import generate_countries
from mapgen.jsonio import dumps
from tests.test_renaissance_spring import KINDS
from tests.test_renaissance_summer import STEPS, army, summer

#: The summer tests' small road map: P1 holds A-0 (capital) to A-8, a neutral the walled village A-9, P2 B-0 and B-1.
BOARD = RenaissanceBoard({**KINDS, "A-c": "crossing", "B-c": "crossing"}, STEPS)


def bot(name: str, seat: str = "P1"):
    return make_bots([name], [seat], BOARD)[seat]


def first(commands):
    return next(iter(commands), None)


# --- buying -----------------------------------------------------------------------------------------------


def test_a_bot_buys_a_large_a_medium_and_a_small_company_in_turn_while_the_money_lasts():
    assert buy(70) == ["large", "medium", "small"]  # 40 + 20 + 10
    assert buy(90) == ["large", "medium", "small", "medium"]  # then a medium: 20 of the 20 left
    assert buy(30) == ["medium", "small"]  # a large (40) is too dear
    assert buy(9) == []


# --- spring: upkeep, never money it does not have ---------------------------------------------------------


def _spring_with_upkeep(treasury: int):
    """Year 2's spring after its taxes: P1's capital garrison (a large, a medium, a small company) and army (a medium) owe upkeep."""
    garrison = (company("P1-c1", "large"), company("P1-c2", "medium"), company("P1-c3", "small"))
    s = summer()  # the spring tests' places, P1 and P2
    s = evolve(s, season="spring", phase=0, order=(), turn=None, year=2,
               places=tuple(evolve(p, garrison=garrison) if p.node == "A-0" else p for p in s.places),
               armies=(army("P1-1", "A-1", "medium"),), upkeep=("P1-c1", "P1-c2", "P1-c3", "P1-1-c0"))  # fmt: skip
    s = start_spring(s, GameDice(s.seed), KINDS)
    return evolve(s, players=tuple(evolve(p, treasury=treasury if p.seat == "P1" else 0) for p in s.players))


@pytest.mark.parametrize("name", ["aggressive", "cautious"])
def test_upkeep_is_paid_for_what_the_bot_can_afford_the_capital_garrison_first(name):
    s = _spring_with_upkeep(50)
    b = bot(name)
    cmd = first(b.spring(s))
    assert cmd == PayUpkeep("P1", "A-0", ("P1-c1", "P1-c3"))  # the large (40), then the small (10): 50 of 50
    s = give(s, BOARD, cmd, "test")
    assert s.player("P1").treasury == 0
    assert first(b.spring(s)) is None  # nothing more it can pay for: the medium companies go unpaid


@pytest.mark.parametrize("name", ["aggressive", "cautious"])
def test_a_bot_with_an_empty_treasury_gives_no_spring_command(name):
    assert first(bot(name).spring(_spring_with_upkeep(0))) is None


def test_in_spring_a_seat_without_a_bot_or_done_with_its_spring_is_not_asked_again():
    # RC-3.1: each player gives their spring commands, then 'turn'; a seat played by a person (no bot) gives none here
    s = _spring_with_upkeep(50)
    assert next_command(s, {"P2": bot("aggressive", "P2")}, set()) == (Turn(), "the calendar")  # P2 has no money, P1 no bot
    assert next_command(s, {"P1": bot("aggressive")}, {"P1"}) == (Turn(), "the calendar")
    assert next_command(s, {"P1": bot("aggressive")}, set())[0] == PayUpkeep("P1", "A-0", ("P1-c1", "P1-c3"))


def test_with_money_an_aggressive_bot_pays_its_upkeep_and_raises_armies_at_its_cities():
    s = _spring_with_upkeep(300)
    b, given = bot("aggressive"), Counter()
    while (cmd := first(b.spring(s))) is not None:
        s = give(s, BOARD, cmd, "test")
        given[type(cmd).__name__] += 1
        assert s.player("P1").treasury >= 0
    assert given["PayUpkeep"] == 2 and not [i for i in s.upkeep if i.startswith("P1")]  # the garrison's 70 ducats, the army's 20
    raised = [a for a in s.armies if a.owner == "P1"]
    assert len(raised) == 3  # RC-3.6: up to the limit of three armies
    assert all(KINDS[a.node] in ("city", "capital") for a in raised)  # RC-3.6, RC-A.32: raised at cities only


# --- summer -----------------------------------------------------------------------------------------------


def test_an_aggressive_army_besieges_the_fortified_place_it_stands_on():
    s = summer(armies=[army("P1-1", "B-0", "large")])  # B-0: P2's capital, walled (RC-A.3)
    assert first(bot("aggressive").summer(s)) == BeginSiege("P1", "P1-1", "B-0")


def test_an_aggressive_bot_bribes_once_a_siege_with_60_ducats_or_more():
    # the module's documented play: a bribe of 20 ducats (RC-4.10 step 2) when it has at least 60, one a siege phase
    s = summer(armies=[army("P1-1", "B-0", "large")])
    siege = SimpleNamespace(node="B-0", bribes=0)

    def bribes(treasury, siege):
        rich = evolve(s, players=tuple(evolve(p, treasury=treasury) if p.seat == "P1" else p for p in s.players))
        return [(b.node, b.ducats) for b in bot("aggressive").bribe(rich, siege)]

    assert bribes(60, siege) == [("B-0", 20)]
    assert bribes(59, siege) == []
    assert bribes(200, SimpleNamespace(node="B-0", bribes=20)) == []  # already bribed this phase


def test_an_army_that_may_not_besiege_where_a_force_shut_itself_in_leaves_the_node():
    """RC-A.27: the move after the force shut itself in, an army leaves or besieges; here P1-2 already besieges B-0."""
    from mapgen.renaissance.state import Siege

    s = summer(armies=[evolve(army("P1-1", "B-0", "large"), shut_in_at="B-0", shut_in_phase=1), army("P1-2", "B-0", "small")])
    s = evolve(s, phase=2, sieges=(Siege("B-0", "P1-2", phases=1, arrived=1),), places=tuple(
        evolve(p, garrison=(company("P2-g1", "small"),)) if p.node == "B-0" else p for p in s.places))  # fmt: skip
    bound, free = s.armies
    for name in ("cautious", "aggressive"):
        step = bot(name).leave_shut_in(s, bound)
        assert len(step) == 1 and step[0] in STEPS["B-0"]
        assert bot(name).leave_shut_in(s, free) == ()  # P1-2 besieges: it is not ignoring the force
        assert bot(name).leave_shut_in(evolve(s, phase=3), bound) == ()  # only the move right after the shut-in


def test_an_aggressive_army_marches_two_road_steps_on_the_nearest_place_it_does_not_hold():
    # A-9 (neutral) is 4 road steps from A-0 by A-1, A-2, A-6; P2's capital B-0 is 7, counted 7 - 3 = 4: a tie, to A-9 by node id
    s = summer(armies=[army("P1-1", "A-0", "large")])
    assert first(bot("aggressive").summer(s)) == MoveArmy("P1", "P1-1", ("A-1", "A-2"))


def test_a_cautious_army_falls_back_towards_its_capital_from_a_stronger_enemy():
    s = summer(armies=[army("P1-1", "A-3", "medium"), army("P2-1", "A-4", "large")])
    assert first(bot("cautious").summer(s)) == MoveArmy("P1", "P1-1", ("A-1",))  # one road step towards A-0


@pytest.mark.parametrize("enemy, goal", [(("medium",), ("A-3",)), (("large",), ("A-2", "A-6"))])
def test_a_cautious_army_attacks_only_with_half_as_much_again_as_stands_against_it(enemy, goal):
    # its strength 4 against 2: 4 >= 1.5 x 2, it attacks A-3; against 4 it does not, and marches on the empty A-9 instead
    s = summer(armies=[army("P1-1", "A-1", "large"), army("P2-1", "A-3", *enemy)])
    assert first(bot("cautious").summer(s)) == MoveArmy("P1", "P1-1", goal)


def test_a_cautious_army_counts_enemy_armies_next_to_its_target_as_standing_against_it():
    # P2-1 (medium, 2) at A-3 alone would fall to 4 >= 1.5 x 2; with P2-2 (small, 1) on the next road node A-4 it is 2 + 1 = 3,
    # and 4 < 4.5: no attack on A-3 (nor on A-4, 1 + 2); the enemy near A-1 (3) does not outweigh it, so it marches on the empty A-9
    s = summer(armies=[army("P1-1", "A-1", "large"), army("P2-1", "A-3", "medium"), army("P2-2", "A-4", "small")])
    assert first(bot("cautious").summer(s)) == MoveArmy("P1", "P1-1", ("A-2", "A-6"))


def test_an_army_stops_on_entering_a_node_with_another_players_force():
    s = summer(armies=[army("P1-1", "A-0", "large")])
    s = evolve(s, places=tuple(evolve(p, garrison=(company("N-c1", "small"),)) if p.node == "A-1" else p for p in s.places))
    s = evolve(s, places=tuple(evolve(p, owner="N") if p.node == "A-1" else p for p in s.places))
    assert first(bot("aggressive").summer(s)) == MoveArmy("P1", "P1-1", ("A-1",))  # RC-4.3: it may not pass through


# --- engagements (RC-4.4) ----------------------------------------------------------------------------------


def _engaged(node, mine, theirs, phasing="P2", garrison=()):
    """P1's army (if ``mine``) and P2's at ``node``, an engagement pending there with ``phasing`` the side that moved in."""
    armies = ([army("P1-1", node, *mine)] if mine else []) + [army("P2-1", node, *theirs)]
    s = summer(armies=armies, order=("P2", "P1"))
    if garrison:
        s = evolve(s, places=tuple(evolve(p, garrison=tuple(company(f"P1-g{i}", t) for i, t in enumerate(garrison))) if p.node == node else p
                                   for p in s.places))  # fmt: skip
    other = "P1" if phasing == "P2" else "P2"
    return evolve(s, engagements=(PendingEngagement(node, phasing, other),))


@pytest.mark.parametrize("name", ["aggressive", "cautious"])
def test_both_bots_attack_with_half_as_much_again_and_never_ask_for_the_table(name):
    s = _engaged("A-3", ("large", "medium"), ("large",))  # 6 against 4: 6 >= 1.5 x 4
    assert bot(name).engagement(s, s.engagements[0], phasing=False) == ChooseEngagement("P1", "A-3", "attack")


def test_an_aggressive_bot_attacks_whatever_the_odds():
    s = _engaged("A-3", ("small",), ("large_cavalry",))
    assert bot("aggressive").engagement(s, s.engagements[0], phasing=False).choice == "attack"


def test_a_weaker_cautious_army_falls_back_towards_its_capital():
    s = _engaged("A-3", ("medium",), ("large",))  # 2 against 4; A-3 is an open village, next to
    assert bot("cautious").engagement(s, s.engagements[0], phasing=False) == ChooseEngagement("P1", "A-3", "fall_back", retreat_to="A-1")


def test_a_weaker_cautious_side_shuts_itself_in_its_own_walls():
    s = _engaged("A-1", ("medium",), ("large",))  # A-1: P1's city (RC-4.4: only at a friendly fortified place)
    assert bot("cautious").engagement(s, s.engagements[0], phasing=False).choice == "shut_in"
    s = _engaged("A-2", (), ("large",), garrison=("medium",))  # a garrison alone: its walls (RC-3.8)
    assert bot("cautious").engagement(s, s.engagements[0], phasing=False).choice == "shut_in"


def test_a_weaker_cautious_side_that_moved_in_falls_back_it_cannot_shut_in():
    s = _engaged("A-1", ("medium",), ("large",), phasing="P1")  # RC-4.4: shut_in is the non-phasing side's only
    assert bot("cautious").engagement(s, s.engagements[0], phasing=True).choice == "fall_back"


def test_the_bots_answer_the_first_engagement_at_a_node_before_the_next_one_opens():
    s = _engaged("A-3", ("medium",), ("large",), phasing="P2")
    s = evolve(s, engagements=(evolve(s.engagements[0], phasing_choice="attack"), PendingEngagement("A-3", "P2", "P3")))
    bots = make_bots(["cautious", "aggressive", "aggressive"], ["P1", "P2", "P3"], BOARD)
    cmd, who = engagement_answer(s, bots)
    assert (cmd.player, cmd.node, who) == ("P1", "A-3", "P1's bot (cautious)")  # P1's choice in the first pair; P3 waits (RC-A.11)


# --- a refused command stops the game ---------------------------------------------------------------------


def test_a_command_the_engine_refuses_stops_the_game_naming_it_with_the_state_untouched():
    s = summer(armies=[army("P1-1", "A-1", "large")])
    before = store.dumps_state(s)
    with pytest.raises(IllegalCommand, match=r"`move P1-1 A-5`: .*not a road step") as exc:
        give(s, BOARD, MoveArmy("P1", "P1-1", ("A-5",)), "P1's bot (aggressive)")
    assert exc.value.command == MoveArmy("P1", "P1-1", ("A-5",)) and exc.value.state is s
    assert store.dumps_state(s) == before
    assert command_words(MoveArmy("P1", "P1-1", ("A-3", "A-4"))) == "move P1-1 A-3 A-4"


def test_a_bot_s_works_and_bribes_read_as_the_command_lines_a_player_types():
    # docs/reference/campaign-commands.md: `bribe DIR P NODE DUCATS`; the first-year tutorial: `works italy P1 A-0 improve`
    assert command_words(Bribe("P1", "B-0", 20)) == "bribe P1 B-0 20"
    assert command_words(OrderWorks("P1", "A-0", "improve")) == "works P1 A-0 improve"


# --- whole games ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def maps():
    """A country map for 2, 3 and 4 players, with a neutral country."""
    out = {}
    for n in (2, 3, 4):
        cm = generate_countries(20 + n, n, 1, "a4")  # abstract joining, the default (RC-A.5)
        out[n] = dumps(cm.to_json()).encode("utf-8")
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_twenty_seeded_games_to_the_end_with_no_refused_command(maps, players):
    options = SimOptions(players=players)
    seats = [f"P{i}" for i in range(1, players + 1)]
    tally, ended, battles = Counter(), Counter(), 0
    _, board, routes = load_map(maps[players])
    for seed in range(20):
        state = start(maps[players], options, seed)
        state, counted = play_campaign(state, board, make_bots(options.seat_bots, seats, board, routes))  # IllegalCommand would stop it
        tally.update(counted)
        ended[state.ended] += 1
        battles += record(state, counted).battles
        assert state.ended in ("capitals", "years") and state.year <= 5  # RC-6: a capital sweep, or five years
        assert (state.winner in seats) == (state.ended == "capitals")
        assert all(p.treasury >= 0 for p in state.players)
    assert tally["BeginSiege"] > 0 and tally["MoveArmy"] > 0 and tally["FormArmy"] > 0 and tally["ChooseEngagement"] > 0
    assert tally["Turn"] >= 20  # the calendar moved by the engine's one command
    assert battles > 0  # engagements that came to a battle (Tabella 34 BATTLE), auto-resolved (RC-4.9)


def test_a_year_s_play_counts_each_command_it_gave_once(maps):
    options = SimOptions(players=2)
    _, board, routes = load_map(maps[2])
    state = start(maps[2], options, 3)
    tally = Counter()
    after, given = play_year(state, board, make_bots(options.seat_bots, ["P1", "P2"], board, routes), tally)
    assert after.year == 2 or after.ended  # a whole year: spring, ten summer phases, winter
    assert given == sum(tally.values()) and given > 0


def test_upkeep_is_paid_in_the_springs_after_the_first(maps):
    options = SimOptions(players=3, bots=("cautious", "cautious", "cautious"))
    _, board, routes = load_map(maps[3])
    state = start(maps[3], options, 1)
    state, tally = play_campaign(state, board, make_bots(options.seat_bots, ["P1", "P2", "P3"], board, routes))
    assert state.year > 1 and tally["PayUpkeep"] > 0  # the game outlived its first spring (on this map P3 wins in year 4)
    paid = [e for e in state.log if e.rule == "RC-3.11" and "pays" in e.text]
    assert {e.year for e in paid} <= {2, 3, 4, 5}  # RC-3.11: nothing is owed in the first spring


@pytest.mark.parametrize("players", [2, 4])
def test_the_same_seed_plays_the_same_game(maps, players):
    options = SimOptions(players=players)
    assert run_game(maps[players], options, 77) == run_game(maps[players], options, 77)
    assert run_game(maps[players], options, 77) != run_game(maps[players], options, 78)


def test_a_place_is_always_held_by_a_seat_or_a_neutral_country(maps):
    options = SimOptions(players=4, bots=("aggressive",) * 4)
    _, board, routes = load_map(maps[4])
    state = start(maps[4], options, 3)
    owners = {p.seat for p in state.players} | set(state.neutrals)
    state, _ = play_campaign(state, board, make_bots(options.seat_bots, ["P1", "P2", "P3", "P4"], board, routes))
    assert all(isinstance(p, Place) and p.owner in owners for p in state.places)
    assert store.rule_problem(state) is None
