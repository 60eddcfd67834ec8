"""Issue 29, the last optional rules: featured holdings (FW-3.4.2, AMB-74), transmission of orders (FW-8.5),
the alternative draw rules (FW-10.3.1).

Expected values are typed from the digest (``fw-campaign.md``): the FW-3.4 table of features, FW-3.4.2's
exception for the free characters, FW-10.3.1's "up to 3 points" and "2000 points -> 400".  Each option is
off by default, and a campaign without it writes the same bytes as before.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mapgen import session
from mapgen.campaign import draws, orders, transmission
from mapgen.campaign.capture import capture
from mapgen.campaign.commands import BattleReport, CommandError, GiveOrder
from mapgen.campaign.dice import GameDice
from mapgen.campaign.board import build_board
from mapgen.campaign.features import BENEFITS, benefit_words, side_benefits
from mapgen.campaign.report import form, parse_report
from mapgen.campaign.ruleset import RULESET, apply
from mapgen.campaign.state import HoldingState, Options, Unit, evolve
from mapgen.campaign.store import dumps_state, from_json_text
from mapgen.campaign.view import log_lines, side_view, status_lines
from mapgen.campaign.words import parse_battle
from mapgen.fw.model import Holding
from mapgen.fw.rules import HOLDING_FEATURE

from . import test_campaign_battle as tb
from .campaign_move_tiny import force, tiny_board, tiny_state
from .cli_helpers import run, snapshot
from .fw_tiny import tiny

FEATURED = Options(featured_holdings=True)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


# --- FW-3.4, FW-3.4.2, AMB-74: featured holdings -------------------------------------------------------------


def test_every_feature_of_the_table_has_its_benefits_declared():
    # FW-3.4: the eight rows of the 2D6 table, each with what it gives
    assert set(BENEFITS) == {b.outcome for b in HOLDING_FEATURE.bands}
    # the free characters are the Ars Arcana sites' (FW-3.4, FW-12.4): Wizard 20 MP, Wizard 20 MP, Soothsayer, two Priests
    with_characters = {name: b.characters for name, b in BENEFITS.items() if b.characters}
    assert set(with_characters) == {"sacred_grove", "tower_of_magic", "stonehenge_temple", "sanctuary"}
    assert "Wizard with 20 magic points" in with_characters["sacred_grove"]
    assert "Wizard with 20 magic points" in with_characters["tower_of_magic"]
    assert "Soothsayer" in with_characters["stonehenge_temple"]
    assert "two Priests" in with_characters["sanctuary"]
    # Village: 12 warriors, one unit; City: two units and a Special Combatant; Mine: 100 points of Ars Arcana items
    assert "12 warriors" in BENEFITS["village"].grants and "two warrior units" in BENEFITS["city"].grants
    assert "100 points of Ars Arcana items" in BENEFITS["precious_metal_mine"].grants
    # objects and protections of the five Ars Arcana sites; none for Village, City, Mine
    assert {n for n, b in BENEFITS.items() if b.objects} == {"sacred_grove", "tower_of_magic", "stonehenge_temple", "sanctuary", "burial_mound"}


def _site(feature="sanctuary", square="D3", owner="B"):
    return HoldingState(square, owner, False, feature, False, owner)


def _captured(feature="sanctuary", options=FEATURED, after_battle=True):
    """Side A takes side B's featured holding at D3: after beating B in battle there (FW-3.4.2), or (``after_battle``
    false) A1 ending its move on it while empty (FW-9.10)."""
    state = tiny_state([force("A1", "D3"), force("B1", "G3")], phase=2, holdings=(_site(feature),), options=options)
    dice = GameDice(1)
    return capture(state, "D3", "A", dice, 2, by="A1", after_battle=after_battle), dice


def test_a_holding_taken_without_a_battle_there_passes_none_of_its_benefits():
    """The Italian original of FW-3.4.2: the benefits pass when the holding is lost "a seguito di una sconfitta in
    battaglia" (after a defeat in battle) and then occupied; a holding walked into gives its taker nothing of them."""
    state, dice = _captured(after_battle=False)
    assert state.holding("D3").owner == "A"
    (line,) = [e for e in dice.log if e.rule == "FW-3.4.2"]
    assert "without a battle" in line.text and "Sacred Amulet" not in line.text
    assert side_benefits(state, "A") == []
    b = [w for _, words in side_benefits(state, "B") for w in words]
    assert not any("Sacred Amulet" in w for w in b)  # not B's to use either: D3 is A's now
    # B beats A there and takes it back: the amulet is B's again
    state = evolve(state, forces=(force("B1", "D3"),))
    state = capture(state, "D3", "B", GameDice(1), 3, by="B1", after_battle=True)
    assert any("Sacred Amulet" in w for _, words in side_benefits(state, "B") for w in words)


def test_a_captured_sanctuary_passes_its_amulet_but_its_priests_stay_with_the_first_owner():
    state, dice = _captured()
    assert state.holding("D3").owner == "A"
    (line,) = [e for e in dice.log if e.rule == "FW-3.4.2"]
    assert "Sacred Amulet" in line.text and "two Priests stay with side B" in line.text
    assert (line.side, line.secret) == ("A", True)  # the captor's own news
    a = dict((h.square, words) for h, words in side_benefits(state, "A"))["D3"]
    assert any("Sacred Amulet" in w and "inside D3 only" in w for w in a) and not any("Priests" in w for w in a)
    b = dict((h.square, words) for h, words in side_benefits(state, "B"))["D3"]
    assert b == ["free characters: two Priests, granted once before the campaign, kept though D3 is lost (FW-3.4.2)"]


@pytest.mark.parametrize("grants, captor_has_them", [(True, True), (False, False)])
def test_amb_74_village_recruits_pass_to_the_captor_unless_they_were_a_one_time_grant(grants, captor_has_them):
    state, _ = _captured("village", Options(featured_holdings=True, feature_grants_on_capture=grants))
    a = [w for h, words in side_benefits(state, "A") for w in words]
    assert any("12 warriors" in w for w in a) is captor_has_them
    assert side_benefits(state, "B") == []  # the recruits are the holder's: side B lost them with the village


def test_retaking_a_site_gives_the_first_owner_back_its_objects_the_characters_never_left():
    state, _ = _captured()
    state = evolve(state, forces=(force("B1", "D3"),))
    dice = GameDice(1)
    state = capture(state, "D3", "B", dice, 2, by="B1", after_battle=True)
    (line,) = [e for e in dice.log if e.rule == "FW-3.4.2"]
    assert "Sacred Amulet" in line.text and "stay with" not in line.text
    b = [w for _, words in side_benefits(state, "B") for w in words]
    assert any("Sacred Amulet" in w for w in b) and any("two Priests" in w and "kept" not in w for w in b)


def test_without_the_option_a_capture_passes_nothing_and_status_shows_no_benefits():
    state, dice = _captured(options=Options())
    assert not [e for e in dice.log if e.rule == "FW-3.4.2"]
    assert side_benefits(state, "A") == [] and "benefits" not in side_view(state, "A")
    assert not any("Amulet" in line for line in status_lines(state, tiny_board(), "A"))


def test_a_side_never_sees_the_other_sides_benefits_nor_their_log():
    state, dice = _captured()
    state = evolve(state, log=tuple(dice.log))
    board = tiny_board()
    b_status = "\n".join(status_lines(state, board, "B"))
    a_status = "\n".join(status_lines(state, board, "A"))
    assert "Sacred Amulet" in a_status and "Sacred Amulet" not in b_status  # A's new benefit
    assert "two Priests" in b_status and "two Priests" not in a_status  # B's free characters
    assert set(side_view(state, "B")["benefits"]) == {"B"} and set(side_view(state, "A")["benefits"]) == {"A"}
    assert not any("FW-3.4.2" in line for line in log_lines(state, "B"))
    assert any("FW-3.4.2" in line for line in log_lines(state, "A"))


def _mound_board():
    """tests/fw_tiny.py's map with side B's minor holding at H5 a burial mound holding a Sacred Spear (FW-3.4.1, 1D6 = 2)."""
    m = tiny()
    m.holdings[3] = Holding("B", (7, 4), False, "burial_mound", "sacred_spear")
    return build_board(m)


def test_the_burial_mound_names_the_object_the_map_rolled_in_the_log_status_and_view():
    board = _mound_board()
    assert board.objects == {"H5": "sacred_spear"}  # the map's holdings[].detail, by square
    state = tiny_state([force("A1", "H5"), force("B1", "A1")], phase=2, holdings=(_site("burial_mound", "H5"),), options=FEATURED)
    dice = GameDice(1)
    state = capture(state, "H5", "A", dice, 2, by="A1", board=board, after_battle=True)
    (line,) = [e for e in dice.log if e.rule == "FW-3.4.2"]
    assert "Sacred Spear" in line.text and "magic armour or sacred weapon" not in line.text
    state = evolve(state, log=tuple(dice.log))
    mound = [s for s in status_lines(state, board, "A") if "burial mound at H5" in s]
    assert len(mound) == 1 and "the Sacred Spear of the mound (FW-3.4.1), for one individual character, inside H5 only" in mound[0]
    (entry,) = side_view(state, "A", board)["benefits"]["A"]
    assert any("Sacred Spear" in w for w in entry["benefits"])
    assert not any("Sacred Spear" in s for s in status_lines(state, board, "B"))  # B lost it; its objects are A's now


def test_without_the_map_the_mound_object_is_left_unnamed_not_guessed():
    (words,) = benefit_words(evolve(tiny_state([], holdings=(_site("burial_mound", "H5"),)), options=FEATURED),
                             _site("burial_mound", "H5"), "B")
    assert "as the map names it" in words


def test_the_free_characters_are_granted_once_before_the_campaign_to_the_first_owner():
    state = tiny_state([force("A1", "A3"), force("B1", "G3")], holdings=(_site("sacred_grove", "A3", "A"), _site("city", "G3", "B")),
                       options=FEATURED)
    begun = RULESET.begin(evolve(state, phase=0), GameDice(3), tiny_board())
    grants = [e for e in begun.log if e.rule == "FW-3.4.2"]
    assert len(grants) == 1 and grants[0].side == "A" and grants[0].secret and "Wizard with 20 magic points" in grants[0].text


def test_with_special_sites_too_a_winner_that_took_the_site_is_logged_once():
    # FW-12.4 would log the objects of the enemy sanctuary won at C5; FW-3.4.2 passes them with the holding: one line
    site = HoldingState("C5", "B", False, "sanctuary", False, "B")
    s = tb.start_battles(tb.make_state([tb.force("A1", "C5"), tb.force("B1", "C5")], holdings=[site],
                                       pending=[tb.contact("C5", "A1", "B1")], phase=3,
                                       options=Options(special_sites=True, featured_holdings=True)))
    new, events = apply(s, BattleReport("A"), GameDice(7), tb.make_board())
    assert new.holding("C5").owner == "A"
    assert [e.rule for e in events if e.rule in ("FW-12.4", "FW-3.4.2")] == ["FW-3.4.2"]


# --- FW-10.3.1: alternative draw rules ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "scores, result",
    [
        ({"A": (10, 14), "B": (10, 10)}, "A"),  # 4 above its initial score: more than a minor victory
        ({"A": (10, 13), "B": (10, 10)}, "stalemate"),  # up to 3 points above: a minor victory, a draw
        ({"A": (10, 12), "B": (8, 10)}, "stalemate"),  # perfect parity
        ({"A": (10, 10), "B": (10, 20)}, "B"),
    ],
)
def test_english_method(scores, result):
    assert draws.english(scores)[0] == result


@pytest.mark.parametrize(
    "losses, result",
    [
        ({"A": 600, "B": 1000}, "stalemate"),  # difference 400: a draw with 2000-point armies (digest's example)
        ({"A": 600, "B": 1001}, "A"),  # 401: side A inflicted more
        ({"A": 1401, "B": 1000}, "B"),
        ({"A": 0, "B": 0}, "stalemate"),
    ],
)
def test_italian_method_2000_point_armies_draw_at_400(losses, result):
    assert draws.italian(losses, 2000)[0] == result


def _battle(options, units=None):
    """A1 and B1 in contact at C3 (neutral), each one unit of 10 figures at 10 points (100 army points) unless ``units``."""
    u = units or (tb.unit("A1-U1"), tb.unit("B1-U1"))
    forces = [tb.force("A1", "C3", units=(u[0],)), tb.force("B1", "C3", units=(u[1],))]
    return tb.start_battles(tb.make_state(forces, pending=[tb.contact("C3", "A1", "B1")], phase=3, options=options))


def test_a_draw_by_a_rule_has_the_consequences_of_todays_stalemate():
    plain, _ = apply(_battle(Options()), BattleReport("stalemate"), GameDice(7), tb.make_board())
    ruled, events = apply(_battle(Options(draw_english=True)), BattleReport("", scores=(("A", 10, 13), ("B", 10, 10))),
                          GameDice(7), tb.make_board())
    assert (ruled.forces, ruled.sides, ruled.pending, ruled.phase) == (plain.forces, plain.sides, plain.pending, plain.phase)
    assert any(e.rule == "FW-10.3.1" and "a draw" in e.text for e in events)


def test_the_italian_method_takes_the_smaller_armys_points_when_the_report_gives_none():
    # 100 army points a side: 20 % is 20; losses 10 and 31 differ by 21: side A wins
    new, _ = apply(_battle(Options(draw_italian=True)), BattleReport("", loss_points=(("A", 10), ("B", 31))), GameDice(7), tb.make_board())
    assert (new.side("A").battles_won, new.side("B").battles_lost) == (1, 1)


@pytest.mark.parametrize(
    "options, report, message",
    [
        (Options(), BattleReport("A", scores=(("A", 0, 9), ("B", 0, 0))), "no optional rule draw_english"),
        (Options(), BattleReport("A", loss_points=(("A", 0), ("B", 9))), "no optional rule draw_italian"),
        (Options(draw_english=True), BattleReport("A"), "scores of sides A and B are needed"),
        (Options(draw_english=True), BattleReport("A", scores=(("A", 10, 13), ("B", 10, 10))), "leave the winner out"),
        (Options(draw_italian=True), BattleReport("", loss_points=(("A", 1),)), "points of losses of sides A and B are needed"),
        (Options(), BattleReport(""), "give A, B or stalemate"),
    ],
)
def test_draw_rule_refusals_leave_the_state_as_it_was(options, report, message):
    state = _battle(options)
    with pytest.raises(CommandError, match=message):
        apply(state, report, GameDice(7), tb.make_board())


def test_the_report_record_keeps_its_old_bytes_and_carries_the_scores_when_given():
    assert RULESET.encode(BattleReport("A")) == {"command": "battle", "winner": "A", "losses": []}
    report = BattleReport("", scores=(("A", 10, 14), ("B", 10, 10)))
    assert RULESET.decode(RULESET.encode(report)) == report
    italian = BattleReport("", loss_points=(("A", 600), ("B", 1000)), army_points=2000)
    assert RULESET.decode(json.loads(json.dumps(RULESET.encode(italian)))) == italian


def test_the_report_form_asks_for_the_scores_of_the_method_in_play():
    state = _battle(Options(draw_english=True))
    text = form(state, state.pending[0])
    assert "scores:" in text and "loss_points:" not in text
    filled = text.replace("scores:   ", "scores: {A: [10, 14], B: [10, 10]}", 1)
    assert parse_report(filled).scores == (("A", 10, 14), ("B", 10, 10)) and parse_report(filled).winner == ""
    assert "scores:" not in form(_battle(Options()), state.pending[0])


def test_both_draw_rules_are_refused_with_one_error_and_nothing_written(capsys):
    code, _, err = run(["campaign", "new", "c", "--seed", "19", "--size", "small", "--formats", "", "--rules", "draw_english,draw_italian"], capsys)
    assert code == 2 and "choose one" in err and "Traceback" not in err
    assert not Path("c").exists()


# --- FW-8.5: transmission of orders ---------------------------------------------------------------------------


def _orders_state(forces, options=Options(order_transmission=True), snow=0, capital="A3"):
    holdings = (HoldingState(capital, "A", True, "village", False, "A"), HoldingState("G3", "B", True, "village", False, "B"))
    return tiny_state(forces, holdings=holdings, options=options, snow=snow)


def test_a_force_at_the_supreme_command_changes_its_order_at_once():
    state = _orders_state([force("A1", "A3"), force("B1", "G3")])
    new, _ = apply(state, GiveOrder("A1", "defend"), GameDice(11, [6]), tiny_board())
    assert new.force("A1").order == "defend" and new.messengers == ()


@pytest.mark.parametrize(
    "snow, units, at, arrives",
    [
        (0, None, "D3", 3),  # 3 squares from the capital, a mounted courier at 2 a day: day 1 + 2
        (1, None, "D3", 4),  # one snow level: 1 square a day, 3 days (FW-7.5)
        (0, (Unit("A9-U1", "air_cavalry", "average", 5, 10),), "D3", 2),  # a flyer at the capital: 3 a day, 1 day
    ],
)
def test_a_distant_force_hears_its_order_when_the_messenger_arrives(snow, units, at, arrives):
    forces = [force("A2", at), force("B1", "G3")]
    if units:
        forces.append(force("A9", "A3", units=units))
    state = _orders_state(forces, snow=snow)
    new, events = apply(state, GiveOrder("A2", "defend"), GameDice(11, []), tiny_board())
    assert new.force("A2") == state.force("A2")  # nothing changes yet
    (m,) = new.messengers
    assert (m.force, m.order, m.arrives) == ("A2", "defend", arrives)
    assert [(e.rule, e.side, e.secret) for e in events] == [("FW-8.5", "A", True)]


def test_a_lost_capital_leaves_the_supreme_command_with_the_best_leader_on_foot():
    # side A holds no capital: the supreme command is A5's force (CV 5); no cavalry there: a messenger on foot, 1 square a day
    state = tiny_state([force("A1", "A1", cv=2), force("A5", "A5", cv=5), force("A2", "D5"), force("B1", "G3")],
                       options=Options(order_transmission=True))
    new, _ = apply(state, GiveOrder("A2", "defend"), GameDice(11, []), tiny_board())
    assert (new.messengers[0].kind, new.messengers[0].arrives) == ("foot", 1 + 3)


@pytest.mark.parametrize("unit_type, kind, arrives", [
    ("light_cavalry", "mounted", 1 + 2), ("medium_cavalry", "mounted", 1 + 2), ("heavy_cavalry", "mounted", 1 + 2),
    ("light_chariot", "mounted", 1 + 2), ("infantry", "foot", 1 + 3),
])
def test_a_supreme_command_with_horsemen_of_any_weight_sends_a_mounted_messenger(unit_type, kind, arrives):
    # no capital: A5 (CV 5) is the supreme command, 3 squares from A2; FW-8.5 "mounted": 2 a day, 2 days; on foot 3
    units = (Unit("A5-U1", unit_type, "average", 8, 10),)
    state = tiny_state([force("A1", "A1", cv=2), force("A5", "A5", cv=5, units=units), force("A2", "D5"), force("B1", "G3")],
                       options=Options(order_transmission=True))
    new, _ = apply(state, GiveOrder("A2", "defend"), GameDice(11, []), tiny_board())
    assert (new.messengers[0].kind, new.messengers[0].arrives) == (kind, arrives)


def test_a_magic_mirror_carries_the_order_at_once():
    state = _orders_state([force("A2", "D3", individuals=("Magic Mirror",)), force("B1", "G3")])
    new, _ = apply(state, GiveOrder("A2", "defend"), GameDice(11, [6]), tiny_board())
    assert new.force("A2").order == "defend" and new.messengers == ()


def test_the_messenger_arrives_the_force_takes_its_test_and_the_other_side_never_saw_it():
    state = _orders_state([force("A2", "D3"), force("B1", "G3")])
    sent, events = apply(state, GiveOrder("A2", "defend"), GameDice(11, []), tiny_board())
    sent = evolve(sent, log=tuple(events))
    board = tiny_board()
    assert "messengers" in side_view(sent, "A") and side_view(sent, "B")["messengers"] == []
    assert any("pending" in line for line in status_lines(sent, board, "A"))
    assert not any("pending" in line or "messenger" in line for line in status_lines(sent, board, "B") + log_lines(sent, "B"))
    # a second order while it rides is refused, and not offered
    with pytest.raises(CommandError, match="a messenger carries the order defend to A2"):
        apply(sent, GiveOrder("A2", "max_speed"), GameDice(11, [6]), board)
    assert not [a for a in RULESET.actions(sent, "A", board) if a.command == "order" and a.args["force"] == "A2"]
    # day 3, Phase 1: it arrives; 6 + CV 3 in neutral territory = 9: OK, the new order (FW-8.2)
    arrived = orders.start(evolve(sent, day=3), GameDice(11, [6]), board)
    assert arrived.force("A2").order == "defend" and arrived.force("A2").tested_today
    assert transmission.underway(arrived, "A2") is None
    # the next day the delivered messenger is gone from the state
    assert orders.start(evolve(arrived, day=4), GameDice(11, []), board).messengers == ()


def test_a_test_brought_by_a_messenger_does_not_bar_the_players_own_in_the_fw_8_1_a_sequence():
    # A2 (friendly territory) tested on arrival; A1 in action (an enemy in its square, the capital) may still be tested after it
    state = _orders_state([force("A2", "B2"), force("A1", "A3"), force("B1", "A3")])
    state = evolve(state, messengers=(transmission.Messenger("A2", "defend", "A", "mounted", 1, 1),))
    state = orders.start(state, GameDice(11, [6]), tiny_board())
    assert state.force("A2").tested_today
    new, _ = apply(evolve(state, pending=(tb.contact("A3", "A1", "B1"),)), GiveOrder("A1", "defend"), GameDice(11, [6]), tiny_board())
    assert new.force("A1").order == "defend"


# --- without the options: the same bytes ------------------------------------------------------------------------


def test_a_campaign_without_the_new_options_writes_none_of_their_fields_and_keeps_its_bytes(capsys):
    o = Options()
    assert not (o.featured_holdings or o.order_transmission or o.draw_english or o.draw_italian)
    assert o.feature_grants_on_capture  # AMB-74's flag: default true
    code, _, err = run(["campaign", "new", "c", "--seed", "19", "--size", "small", "--formats", ""], capsys)
    assert code == 0, err
    text = Path("c/campaign.json").read_text(encoding="utf-8")
    for name in ("featured_holdings", "feature_grants_on_capture", "order_transmission", "draw_english", "draw_italian", "messengers"):
        assert f'"{name}"' not in text
    assert dumps_state(from_json_text(text, "campaign.json")) == text


def test_a_refused_order_and_battle_leave_the_folder_byte_identical(capsys):
    code, _, err = run(["campaign", "new", "c", "--seed", "19", "--size", "small", "--formats", "", "--rules", "order_transmission"], capsys)
    assert code == 0, err
    state = json.loads(Path("c/campaign.json").read_text())
    distant = next(f["id"] for f in state["forces"] if f["side"] == "A" and f["square"] not in
                   [h["square"] for h in state["holdings"] if h["capital"]])
    code, _, err = run(["campaign", "order", "c", distant, "defend"], capsys)
    assert code == 0, err
    before = snapshot("c")
    code, _, err = run(["campaign", "order", "c", distant, "max_speed"], capsys)
    assert code != 0 and "FW-8.5" in err and "Traceback" not in err
    code, _, err = run(["campaign", "battle", "c", "--scores", "A=1/9,B=1/1"], capsys)
    assert code != 0 and "Traceback" not in err
    assert snapshot("c") == before


def test_with_a_draw_rule_the_battle_actions_are_accepted_and_typed_with_the_methods_inputs():
    for options, word in ((Options(draw_english=True), "--scores="), (Options(draw_italian=True), "--loss-points=")):
        state = _battle(options)
        acts = [a for a in RULESET.actions(state, None, tb.make_board()) if a.command == "battle"]
        assert len(acts) == 3  # A, B, a draw
        for a in acts:
            apply(state, RULESET.command_of(a), GameDice(7), tb.make_board())  # accepted
            line = RULESET.command_line(a, "c")
            assert word in line and "--winner" not in line


@pytest.mark.parametrize(
    "options, message",
    [
        ({"scores": "A=10,B=10/12"}, "A=INITIAL/FINAL,B=INITIAL/FINAL"),
        ({"loss_points": "A=1/2"}, "A=POINTS,B=POINTS"),
        ({"scores": "C=1/2"}, "A=INITIAL/FINAL"),
    ],
)
def test_draw_inputs_typed_wrong_say_what_to_type(options, message):
    with pytest.raises(ValueError, match=message):
        parse_battle([], options)


def test_a_battle_entered_with_scores_on_the_command_line_is_a_draw_by_the_english_method(capsys):
    code, _, err = run(["campaign", "new", "c", "--seed", "19", "--dice-seed", "3", "--size", "small", "--formats", "json",
                        "--rules", "draw_english"], capsys)
    assert code == 0, err
    board = session.load("c").board
    data = json.loads(Path("c/campaign.json").read_text())
    a2 = next(f for f in data["forces"] if f["id"] == "A2")
    near = next(sq for sq in board.steps[a2["square"]] if not any(f["square"] == sq for f in data["forces"]))
    for f in data["forces"]:  # every force defends but A2, which probes beside B2 (a hand-edited face-off)
        f["order"], f["reaction"] = ("probe" if f["id"] == "A2" else "defend"), None
        if f["id"] == "B2":
            f["square"] = near
    Path("c/campaign.json").write_text(json.dumps(data), encoding="utf-8")
    for argv in (["turn", "c"], ["move", "c", "A2", near, "--roll", "6"], ["turn", "c"]):
        code, _, err = run(["campaign", *argv], capsys)
        assert code == 0, err
    assert json.loads(Path("c/campaign.json").read_text())["phase"] == "battle"
    form_text = (Path("c") / json.loads(Path("c/campaign.json").read_text())["pending"][0]["folder"] / "report.yaml").read_text()
    assert "scores:" in form_text
    before = snapshot("c")
    code, _, err = run(["campaign", "battle", "c", "--winner", "A", "--scores", "A=10/13,B=10/10"], capsys)
    assert code != 0 and "minor victory" in err and "Traceback" not in err and snapshot("c") == before
    code, out, err = run(["campaign", "battle", "c", "--scores", "A=10/13,B=10/10"], capsys)
    assert code == 0, err
    after = json.loads(Path("c/campaign.json").read_text())
    assert [s["battles_won"] for s in after["sides"]] == [0, 0]  # a draw: today's stalemate
    record = json.loads(Path("c/commands.jsonl").read_text().splitlines()[-1])
    assert record == {"command": "battle", "winner": "", "losses": [], "scores": [["A", 10, 13], ["B", 10, 10]]}
    code, out, err = run(["campaign", "replay", "c", "--check"], capsys)
    assert code == 0, err
