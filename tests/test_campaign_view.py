"""What each side may know (``status --side``), the log in words, and the campaign map drawing."""

import json
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from mapgen.kit import fw_campaign as files
from mapgen.campaign import counters as campaign_counters_module, setup
from mapgen.campaign.state import Contact, LogEntry, Modifier, Options, with_holding, with_side
from mapgen.campaign.store import board_for
from mapgen.campaign.view import entry_words, log_lines, side_view, status_lines, visible_log
from mapgen.jsonio import dumps

from .conftest import cached_map

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def game():
    m = cached_map(5, "small", races=("dwarves", "orcs"))
    s = setup.start_campaign(m, dumps(m.to_json()).encode("utf-8"), "fw-map.json", 5, Options())
    s = with_side(s, replace(s.side("B"), reinforcement_points=137))
    log = (
        LogEntry(1, 0, "FW-7.2", "weather", "2D6", (3, 4), (), 7, "fine"),  # both sides see the weather
        LogEntry(1, 2, "FW-9.2", "B2 movement roll", "1D6", (5,), (Modifier("max speed", 2),), 7, "3 squares", side="B", secret=True),
        LogEntry(1, 2, "FW-9.2", "A1 movement roll", "1D6", (2,), (), 2, "2 squares", side="A", secret=True),
        LogEntry(1, 2, "FW-9.8", "B1 enters C4", side="B"),
    )
    s = replace(s, log=s.log + log)
    return m, s, board_for(s)


def test_a_side_sees_its_forces_in_full_and_the_enemy_as_counters(game):
    _, s, board = game
    view = side_view(s, "A", board)
    for f in view["forces"]:
        force = s.force(f["id"])
        if force.side == "A":
            assert f["leader"]["name"] == force.leader.name and len(f["units"]) == len(force.units)
        else:
            zoc = f.pop("zone_of_control")
            assert f == {"id": force.id, "side": "B", "square": force.square, "order": force.order, "reaction": force.reaction}
            assert sorted(zoc) == sorted(board.around[force.square])  # FW-9.7: every bordering land square
    text = json.dumps(view)
    for f in s.side_forces("B"):
        assert f.leader.name not in text and all(u.id not in text for u in f.units)


def test_the_enemys_reinforcement_points_are_hidden(game):
    _, s, board = game
    a = {x["id"]: x for x in side_view(s, "A", board)["sides"]}
    b = {x["id"]: x for x in side_view(s, "B", board)["sides"]}
    assert "reinforcement_points" not in a["B"] and a["A"]["reinforcement_points"] == 0
    assert b["B"]["reinforcement_points"] == 137 and "reinforcement_points" not in b["A"]
    assert "137" not in "\n".join(status_lines(s, board, "A"))
    assert "137 reinforcement points" in "\n".join(status_lines(s, board, "B"))


def test_the_log_leaves_out_only_the_enemys_secret_rolls(game):
    _, s, _ = game
    texts = lambda side: [e.text for e in visible_log(s, side)]  # noqa: E731
    assert "B2 movement roll" not in texts("A") and {"weather", "A1 movement roll", "B1 enters C4"} <= set(texts("A"))
    assert "A1 movement roll" not in texts("B") and "B2 movement roll" in texts("B")
    assert len(texts(None)) == len(s.log)
    assert not any("B2 movement" in e["text"] for e in side_view(s, "A")["log"])


def test_the_umpires_view_has_everything(game):
    _, s, board = game
    view = side_view(s, None, board)
    assert all("units" in f for f in view["forces"]) and view["seed"] == 5
    assert view["phase"] == {"number": 1, "name": "orders", "battle": False} and view["awaiting"]


def test_a_roll_in_words():
    e = LogEntry(3, 2, "FW-9.2", "A2 movement", "1D6", (4,), (Modifier("river", -1), Modifier("max speed", 2)), 5, "moves 1 square", entered=True)
    assert entry_words(e) == "Day 3, phase 2 (movement), FW-9.2: A2 movement: 1D6 rolled 4 (entered), river -1, max speed +2 = 5 -> moves 1 square"
    assert entry_words(LogEntry(2, 6, "FW-14", "day 2 ends")) == "Day 2, phase 6 (time), FW-14: day 2 ends"
    two = LogEntry(1, 0, "FW-7.2", "weather", "2D6", (3, 4), (), 7, "fine")
    assert entry_words(two) == "Day 1, phase 0 (weather), FW-7.2: weather: 2D6 rolled 3+4 = 7 -> fine"


def test_log_lines_by_day(game):
    _, s, _ = game
    later = replace(s, log=s.log + (LogEntry(2, 6, "FW-14", "day 2 ends"),))
    assert log_lines(later, day=2) == ["Day 2, phase 6 (time), FW-14: day 2 ends"]


def test_status_lists_holdings_pending_battles_and_what_is_awaited(game):
    _, s, board = game
    h = s.holdings[0]
    s2 = with_holding(s, replace(h, owner="B" if h.owner == "A" else "A", sacked=True))
    s2 = replace(s2, pending=(Contact(h.square, ("A1", "B1"), "chance_encounter", day=1, folder="battles/day-01-" + h.square),))
    text = "\n".join(status_lines(s2, board))
    assert f"day 1 at {h.square}: A1 vs B1 (chance encounter), folder battles/day-01-{h.square}" in text
    assert "sacked" in text and "Awaiting: orders" in text


def test_the_map_shows_counters_and_only_the_enemys_zones_of_control(game):
    from mapgen.render.campaign import STYLES, render_campaign

    m, s, board = game
    root = ET.fromstring(render_campaign(m, s, board, "A").tostring().split("\n", 1)[1])
    layers = {g.get("{http://www.inkscape.org/namespaces/inkscape}label"): g for g in root.iter(f"{SVG}g")}
    assert {"Zones of control", "Forces"} <= set(layers)
    ids = {t.text for t in layers["Forces"].iter(f"{SVG}text")}
    assert ids >= {f.id for f in s.forces}
    edges = {p.get("stroke") for p in layers["Zones of control"].iter(f"{SVG}path")}
    assert STYLES["B"].color in edges and STYLES["A"].color not in edges


def test_a_roll_with_no_outcome_ends_at_its_total():
    e = LogEntry(2, 2, "FW-9.2", "A1 movement", "1D6", (3,), (), 3)
    assert entry_words(e) == "Day 2, phase 2 (movement), FW-9.2: A1 movement: 1D6 rolled 3 = 3"


def test_status_says_what_it_shows_the_weather_in_words_and_each_holdings_kind(game):
    # FW-7.2: light rain as a player reads it; each holding a capital or a holding
    _, s, board = game
    s2 = replace(s, weather=replace(s.weather, today="light_rain"))
    both = status_lines(s2, board)
    assert "weather: light rain (" in both[0]
    assert "Showing: everything (both sides)" in both
    assert "Showing: what side A may know" in status_lines(s2, board, "A")
    kinds = [line.split()[1] for line in both[both.index("Holdings:") + 1:] if line.startswith("  ") and "held by" in line]
    assert sorted(kinds) == sorted("capital" if h.capital else "holding" for h in s.holdings)
    assert "holding" in kinds


def test_status_marks_a_force_that_moved_today(game):
    _, s, board = game
    f = s.forces[0]
    s2 = replace(s, forces=tuple(replace(x, moved_today=True) if x.id == f.id else x for x in s.forces))
    mine = next(line for line in status_lines(s2, board) if line.strip().startswith(f.id + " "))
    assert ", moved today;" in mine
    other = next(line for line in status_lines(s2, board) if line.strip().startswith(s.forces[1].id + " "))
    assert "moved today" not in other


def test_the_view_of_an_ended_campaign_says_why(game):
    _, s, _ = game
    over = replace(s, winner="A", ended="side B's Will to Fight failed: it surrenders (FW-13)")
    view = side_view(over, None)
    assert (view["winner"], view["ended"]) == ("A", "side B's Will to Fight failed: it surrenders (FW-13)")


def test_status_says_when_a_battle_waits_and_only_then(game):
    # FW-10: phase 3 stops at each battle until its report; the first line says so, and otherwise says nothing more
    _, s, board = game
    first = status_lines(s, board)[0]
    assert first.startswith(f"Day {s.day}, phase 1 (orders); weather: ")
    waiting = replace(s, phase="battle", pending=(Contact("C4", ("A1", "B1"), "pitched", day=1, folder="battles/day-01-C4"),))
    assert status_lines(waiting, board)[0].startswith(f"Day {s.day}, phase 3 (battle) (a battle waits); weather: ")


def test_a_modifier_of_nothing_reads_plus_nought():
    # as on a quick-reference sheet, a listed modifier always carries its sign: +0, never a bare 0
    e = LogEntry(3, 2, "FW-9.2", "A2 movement", "1D6", (4,), (Modifier("road", 0),), 4, "moves 2 squares")
    assert entry_words(e) == "Day 3, phase 2 (movement), FW-9.2: A2 movement: 1D6 rolled 4, road +0 = 4 -> moves 2 squares"
