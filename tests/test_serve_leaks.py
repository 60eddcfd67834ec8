"""No response to a seat carries another seat's secrets, for every endpoint and every seat, all through a game.

What is secret comes from the rules (FW-4.2.g, FW-15; RC-3.10, RC-4.4,
issue 12), read off the referee's state of the same moment: the seed; the
enemy's units and leaders (names and Command Value); the enemy's banked
reinforcement points; the other seats' secret rolls; rivals' treasuries,
loans, garrisons, armies' companies and specialists; an engagement's choices
before both are in.  Names and log lines are looked for as text in every
response (page, map, view, actions, events, a refusal), leaving out the
names the seat may legitimately read (its own view says them too, as a
shared unit type or an army id would); numbers are checked where they would
be, in the seat's view.  (The random games here seldom bring two armies
together, so the engagement-choice check rarely has an engagement to look at;
``test_renaissance_view`` covers that part of the view itself.)
"""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path

import pytest

from mapgen import engine
from mapgen.dice import seed_to_int
from mapgen.engine import boards
from mapgen.server.storage import REFEREE, Store

from .serve_helpers import FW_DICE_SEED, FW_SEED, REN_DICE_SEED, REN_SEED, Hosted, fw_folder, play_random, ren_folder


def _state(h: Hosted):
    c = Store(h.data).campaign(h.cid)
    ruleset = engine.of_text(c.state_text, "test")
    state = ruleset.read_state(c.state_text, "test")
    board = boards.for_map(c.map_bytes, lambda: ruleset.board_from_map(c.map_bytes, "test"))
    return ruleset, state, board


def _responses(h: Hosted, seat: str) -> dict[str, str]:
    """Every endpoint a seat can reach, as text."""
    b = h.browser(seat)
    paths = ["", "api/view", "api/actions", "map.svg", "api/export", "history", "history.svg"]
    count = b.get(h.url("api/view")).json()["actions_taken"]
    for at in range(0, count, max(1, count // 4)):  # the campaign as the seat saw it at earlier moments too
        paths += [f"history?at={at}", f"history.svg?at={at}"]
    out = {path: b.get(h.url(path)).text for path in paths}
    with b.stream("GET", h.url("api/events")) as stream:
        out["api/events"] = "\n".join(line for _, line in zip(range(4), stream.iter_lines()))
    out["refusal"] = h.act(seat, {"command": "order", "force": "Z9", "order": "probe"}).text
    out["undo"] = h.post(seat, "api/undo", {"expect": -1}).text
    return out


def _fw_secrets(state, seat: str) -> tuple[set[str], list]:
    """(texts, enemy forces) that ``seat`` (A or B) may not know."""
    texts = {e.text for e in state.log if e.secret and e.side != seat}
    enemy = [f for f in state.forces if f.side != seat]
    for f in enemy:
        texts.add(f.leader.name)
        texts.update(u.id for u in f.units)
        texts.update(f.individuals)
    return texts, enemy


def _ren_secrets(state, seat: str) -> set[str]:
    texts = {e.text for e in state.log if e.secret and e.player != seat}
    texts.update(c.id for a in state.armies if a.owner != seat for c in a.companies)
    texts.update(c.id for p in state.places if p.owner != seat for c in p.garrison)
    texts.update(s.id for s in state.specialists if s.owner != seat)
    return texts


def _check_fw(h: Hosted, seat: str, responses: dict[str, str], ruleset, state, board) -> set[str]:
    texts, enemy = _fw_secrets(state, seat)
    legit = json.dumps(ruleset.view(state, seat, board)) + "\n".join(ruleset.status_lines(state, seat, board))
    texts = {t for t in texts if t and t not in legit}
    view = json.loads(responses["api/view"])["view"]
    for f in view["forces"]:
        if f["side"] != seat:
            assert set(f) <= {"id", "side", "square", "order", "reaction", "zone_of_control"}, f  # no units, no leader, no CV
    for s in view["sides"]:
        if s["id"] != seat:
            assert "reinforcement_points" not in s
    _no_text(responses, texts, seat)
    return texts


def _check_ren(h: Hosted, seat: str, responses: dict[str, str], ruleset, state, board) -> set[str]:
    texts = _ren_secrets(state, seat)
    legit = json.dumps(ruleset.view(state, seat, board)) + "\n".join(ruleset.status_lines(state, seat, board))
    texts = {t for t in texts if t and t not in legit}
    view = json.loads(responses["api/view"])["view"]
    for p in view["players"]:
        if p["seat"] != seat:
            assert p["treasury"] is None and p["loan"] is None
    for a in view["armies"]:
        if a["owner"] != seat:
            assert a["companies"] is None
    for place in view["places"]:
        if place["owner"] != seat:
            assert place["garrison"] is None and place["garrison_strength"] is None
    for e, mine in zip(view["engagements"], state.engagements):
        both = mine.phasing_choice is not None and mine.other_choice is not None
        if not both and seat != mine.phasing:
            assert e["phasing_choice"] is None
        if not both and seat != mine.other:
            assert e["other_choice"] is None
    _no_text(responses, texts, seat)
    return texts


#: The map seeds (printed on the maps, which the server blanks: in a campaign begun before the dice seed they were
#: the dice's) and the dice seeds, which never leave the server.
SEEDS = (FW_SEED, REN_SEED, FW_DICE_SEED, REN_DICE_SEED)


def _no_text(responses: dict[str, str], texts: set[str], seat: str) -> None:
    for where, body in responses.items():
        for secret in (*SEEDS, *(str(seed_to_int(x)) for x in SEEDS), *texts):
            assert secret not in body, f"{seat} sees {secret!r} in {where}"


@pytest.mark.parametrize("rules", ["fw", "ren"])
def test_no_seat_is_ever_sent_another_seats_secrets(tmp_path: Path, rules: str):
    folder = (fw_folder if rules == "fw" else ren_folder)(tmp_path / rules)
    h = Hosted(tmp_path / "data", folder)
    check = _check_fw if rules == "fw" else _check_ren
    rng = random.Random(11)
    found = 0
    then: list[tuple[int, str, set[str]]] = []
    for round_ in range(8):
        ruleset, state, board = _state(h)
        for seat in h.seats:
            texts = check(h, seat, _responses(h, seat), ruleset, state, board)
            found += len(texts)
            then.append((h.view(seat)["actions_taken"], seat, texts))
        play_random(h, 6, rng)
    assert found > 0  # the game did hold secrets to keep
    # the history shows each moment as the seat saw it then: not what it learnt later, nor what it never may
    for at, seat, texts in then:
        b = h.browser(seat)
        _no_text({f"history?at={at}": b.get(h.url(f"history?at={at}")).text,
                  f"history.svg?at={at}": b.get(h.url(f"history.svg?at={at}")).text}, texts, seat)
    # the referee's export holds everything, the seeds included: the same check finds them there
    files = h.browser(REFEREE).get(h.url("api/export")).json()["files"]
    for secret in (FW_SEED, FW_DICE_SEED) if rules == "fw" else (REN_SEED, REN_DICE_SEED):
        assert secret in base64.b64decode(files["campaign.json"]).decode()


def _distances(steps, sources) -> dict[str, int]:
    """Road steps from the nearest of ``sources`` to every node (breadth first)."""
    far, todo = {n: 0 for n in sources}, list(sources)
    for node in todo:
        for nxt in steps.get(node, ()):
            if nxt not in far:
                far[nxt] = far[node] + 1
                todo.append(nxt)
    return far


def test_an_engagement_choice_reaches_the_other_seat_only_once_both_are_in(tmp_path: Path):
    """RC-4.4: two armies marched at each other through the server; the first choice stays hidden from the other seat."""
    h = Hosted(tmp_path / "data", ren_folder(tmp_path / "ren"))
    for seat in ("P1", "P2"):
        assert h.act(seat, next(a for a in h.actions(seat) if a["command"] == "form_army")["record"]).status_code == 200
    assert h.act("P1", {"command": "turn"}).status_code == 200  # on to the summer
    rng = random.Random(2)
    for _ in range(200):
        ruleset, state, board = _state(h)
        if state.engagements:
            break
        seat = state.turn
        moves = [a for a in h.actions(seat) if a["command"] == "move_army"]
        if moves:
            far = _distances(board.steps, [a.node for a in state.armies if a.owner != seat])
            move = moves[0]
            path = min(move["choices"]["path"], key=lambda p: (far.get(p[-1], 99), rng.random()))
            assert h.act(seat, {**move["record"], "path": path}).status_code == 200
        else:
            ends = [a for a in h.actions(seat) if a["command"] in ("end_moves", "turn")]
            assert h.act(seat, ends[0]["record"]).status_code == 200
    assert state.engagements, "the armies never met"
    e = state.engagements[0]
    first, second = e.phasing, e.other
    choose = next(a for a in h.actions(first) if a["command"] == "choose_engagement")
    record = {**choose["record"], **{k: v[0] for k, v in choose["choices"].items()}}
    assert h.act(first, record).status_code == 200, record
    ruleset, state, board = _state(h)
    pending = state.engagements[0]
    chosen = pending.phasing_choice if first == pending.phasing else pending.other_choice
    assert chosen is not None
    responses = _responses(h, second)
    seen = json.loads(responses["api/view"])["view"]["engagements"][0]
    assert seen["chosen"] == [first] and seen["phasing_choice"] is None and seen["other_choice"] is None
    mine = json.loads(_responses(h, first)["api/view"])["view"]["engagements"][0]
    assert chosen in (mine["phasing_choice"], mine["other_choice"])  # the chooser sees its own choice
    _check_ren(h, second, responses, ruleset, state, board)
