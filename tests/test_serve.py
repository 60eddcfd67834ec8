"""mapgen serve: seats and their links, CSRF, the brake, acting only for oneself, undo, two seats at once, import and export."""

from __future__ import annotations

import hashlib
import random
import sqlite3
import threading
from pathlib import Path

import pytest

from mapgen import engine
from mapgen.cli import main
from mapgen.server import folders
from mapgen.server.auth import Brake
from mapgen.server.storage import DB_FILE, REFEREE, Store

from . import toy_ruleset
from .serve_helpers import Hosted, fw_folder, play_random, ren_folder


@pytest.fixture(scope="module")
def fw(tmp_path_factory) -> Path:
    return fw_folder(tmp_path_factory.mktemp("serve") / "fw")


@pytest.fixture(scope="module")
def ren(tmp_path_factory) -> Path:
    return ren_folder(tmp_path_factory.mktemp("serve") / "ren")


@pytest.fixture
def hosted(tmp_path, fw) -> Hosted:
    return Hosted(tmp_path / "data", fw)


def _own_order(h: Hosted, seat: str) -> dict:
    return next(a["record"] for a in h.actions(seat) if a["command"] == "order" and a["seat"] == seat)


# --- seats, links, cookies ------------------------------------------------------------------------


def test_tokens_are_256_bits_and_stored_only_as_hashes(hosted):
    db = sqlite3.connect(hosted.data / DB_FILE)
    stored = {seat: h for seat, h in db.execute("SELECT seat, token_sha256 FROM seats")}
    assert set(stored) == {"A", "B", REFEREE}
    for seat, token in hosted.tokens.items():
        assert len(token) >= 43  # token_urlsafe(32): 32 bytes, 43 base64 characters
        assert stored[seat] == hashlib.sha256(token.encode()).hexdigest()
    dump = "\n".join(db.iterdump())
    assert not any(token in dump for token in hosted.tokens.values())


def test_a_link_sets_an_httponly_strict_cookie_for_the_campaign_and_redirects_to_a_clean_address(hosted):
    client = hosted.browser("A")
    r = client.get(f"/join/{hosted.tokens['A']}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/c/{hosted.cid}/"
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie and f"path=/c/{hosted.cid}/" in cookie
    assert hosted.tokens["A"] not in r.headers["location"]


def test_every_response_carries_a_strict_content_security_policy(hosted):
    for path in ("", "api/view", "api/actions", "map.svg", "history", "history?at=0"):
        r = hosted.browser("A").get(hosted.url(path))
        assert r.status_code == 200, path
        csp = dict(d.strip().split(" ", 1) for d in r.headers["content-security-policy"].split(";"))
        # as the atlas's: scripts only from this server, none inline; inline style only (the drawings and pan-zoom carry it)
        assert csp["script-src"] == "'self'" and csp["default-src"] == "'none'" and csp["connect-src"] == "'self'"
        assert r.headers["referrer-policy"] == "no-referrer"
    assert "<script>" not in hosted.browser("A").get(hosted.url("")).text  # the page's script is a file, none inline


def test_no_cookie_is_refused(hosted):
    stranger = hosted.stranger()
    assert stranger.get(hosted.url("api/view")).status_code == 401
    assert stranger.get(hosted.url("api/actions")).status_code == 401
    assert stranger.get(hosted.url("map.svg")).status_code == 401
    assert stranger.post(hosted.url("api/act"), json={"record": {"command": "turn"}}).status_code == 401
    assert "seed" not in stranger.get(hosted.url("")).text


def test_a_seat_of_another_campaign_opens_nothing_here(tmp_path, fw, hosted):
    other = Hosted(tmp_path / "data", fw)  # a second campaign in the same database
    client = hosted.browser("A")
    r = client.get(f"/c/{other.cid}/api/view", headers={"authorization": f"Bearer {hosted.tokens['A']}"})
    assert r.status_code == 403


def test_a_seat_cannot_act_for_another(hosted):
    b_order = _own_order(hosted, "B")
    r = hosted.act("A", b_order)
    assert r.status_code == 403 and "B" in r.json()["error"]
    assert hosted.view(REFEREE)["actions_taken"] == 0


def test_a_missing_or_wrong_csrf_token_is_refused(hosted):
    order = _own_order(hosted, "A")
    assert hosted.post("A", "api/act", {"record": order}, csrf=False).status_code == 403
    r = hosted.browser("A").post(hosted.url("api/act"), json={"record": order}, headers={"x-csrf-token": "0" * 64})
    assert r.status_code == 403
    b_csrf = hosted.view("B")["csrf"]  # another seat's token is not this seat's
    assert hosted.browser("A").post(hosted.url("api/act"), json={"record": order}, headers={"x-csrf-token": b_csrf}).status_code == 403
    assert hosted.post("A", "api/undo", {}, csrf=False).status_code == 403
    assert hosted.view(REFEREE)["actions_taken"] == 0


def test_a_revoked_link_and_its_cookie_open_nothing_and_the_new_link_does(hosted):
    hosted.browser("A")  # holds the cookie of the old link
    r = hosted.post(REFEREE, "api/seats/A/reissue", {})
    assert r.status_code == 200
    new_link = r.json()["link"]
    assert hosted.browser("A").get(hosted.url("api/view")).status_code == 403
    assert hosted.browser("A").get(f"/join/{hosted.tokens['A']}", follow_redirects=False).status_code == 403
    token = new_link.rsplit("/join/", 1)[1]
    assert hosted.browser("A").get(f"/join/{token}").status_code == 200
    assert hosted.browser("A").get(hosted.url("api/view")).json()["seat"] == "A"
    assert hosted.post(REFEREE, "api/seats/A/revoke", {}).status_code == 200
    assert hosted.browser("A").get(hosted.url("api/view")).status_code == 403


def test_only_the_referee_reissues_and_exports(hosted):
    assert hosted.post("A", "api/seats/B/reissue", {}).status_code == 403
    assert hosted.browser("A").get(hosted.url("api/export")).status_code == 403


def test_bad_token_attempts_are_braked(tmp_path, fw):
    h = Hosted(tmp_path / "data", fw, brake=Brake(max_failures=3, window_s=60))
    client = h.browser("A")
    for _ in range(3):
        assert client.get("/join/not-a-token", follow_redirects=False).status_code == 403
    assert client.get(f"/join/{h.tokens['A']}", follow_redirects=False).status_code == 429  # even a good one, for a while
    assert client.get(h.url("api/view")).status_code == 429


# --- acting -----------------------------------------------------------------------------------------


def test_an_action_is_applied_once_logged_as_the_cli_writes_it_and_other_seats_see_the_change(hosted):
    order = _own_order(hosted, "A")
    before = hosted.view("B")["version"]
    r = hosted.act("A", order, expect=0)
    assert r.status_code == 200, r.text
    assert hosted.view("B")["version"] == before + 1 and hosted.view("B")["actions_taken"] == 1
    with hosted.browser("B").stream("GET", hosted.url("api/events")) as stream:
        data = next(line for line in stream.iter_lines() if line.startswith("data:"))
    assert data == f"data: {before + 1}"
    line = sqlite3.connect(hosted.data / DB_FILE).execute("SELECT record_line FROM actions").fetchone()[0]
    assert line == '{"command": "order", "force": "%s", "order": "%s"}' % (order["force"], order["order"])


def test_a_record_the_rules_refuse_changes_nothing(hosted):
    r = hosted.act(REFEREE, {"command": "order", "force": "A1", "order": "no_such_order"})
    assert r.status_code in (400, 409) and r.json()["error"]
    assert hosted.act(REFEREE, {"command": "recruit"}).status_code == 400  # not a command of these rules
    assert hosted.act(REFEREE, "turn").status_code == 400
    assert hosted.view(REFEREE)["actions_taken"] == 0


def test_a_seat_may_not_enter_dice_when_the_server_throws_them(hosted):
    r = hosted.act("A", _own_order(hosted, "A"), roll=[6])
    assert r.status_code == 400 and "dice" in r.json()["error"]


def test_entered_dice_are_used_and_recorded_when_the_campaign_throws_at_the_table(tmp_path, fw):
    h = Hosted(tmp_path / "data", fw, dice="table")
    order = next(a["record"] for a in h.actions("A") if a["command"] == "order" and a["record"]["order"] == "max_speed")
    r = h.act("A", order, roll=[6])
    assert r.status_code == 200, r.text
    assert any("rolled 6 (entered)" in line for line in r.json()["lines"])
    line = sqlite3.connect(h.data / DB_FILE).execute("SELECT record_line FROM actions").fetchone()[0]
    assert line.endswith('"roll": [6]}')


def test_a_stale_action_is_refused_with_the_reason(hosted):
    assert hosted.act("A", _own_order(hosted, "A"), expect=0).status_code == 200
    r = hosted.act("B", _own_order(hosted, "B"), expect=0)
    assert r.status_code == 409 and "moved on" in r.json()["error"]
    assert hosted.act("B", _own_order(hosted, "B"), expect=1).status_code == 200


def _race(hosted, bodies: dict) -> dict:
    """Each seat POSTs its body at the same moment (two threads past one barrier); their responses."""
    csrf = {seat: hosted.view(seat)["csrf"] for seat in bodies}
    results: dict = {}
    barrier = threading.Barrier(len(bodies))

    def go(seat):
        barrier.wait()
        results[seat] = hosted.browser(seat).post(hosted.url("api/act"), json=bodies[seat], headers={"x-csrf-token": csrf[seat]})

    threads = [threading.Thread(target=go, args=(seat,)) for seat in bodies]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_two_seats_at_once_are_both_applied_in_order_or_refused_with_a_reason(hosted):
    # without ``expect``: both apply, one after the other
    results = _race(hosted, {seat: {"record": _own_order(hosted, seat)} for seat in ("A", "B")})
    assert sorted(r.status_code for r in results.values()) == [200, 200]
    assert sorted(r.json()["actions_taken"] for r in results.values()) == [1, 2]
    # with ``expect`` (the count each saw): the first applies, the second is refused saying why
    seen = hosted.view(REFEREE)["actions_taken"]
    results = _race(hosted, {seat: {"record": _own_order(hosted, seat), "expect": seen} for seat in ("A", "B")})
    codes = sorted(r.status_code for r in results.values())
    assert codes == [200, 409], [r.text for r in results.values()]
    refused = next(r for r in results.values() if r.status_code == 409)
    assert "moved on" in refused.json()["error"]
    assert hosted.view(REFEREE)["actions_taken"] == 3
    rows = sqlite3.connect(hosted.data / DB_FILE).execute("SELECT seat FROM actions WHERE undone = 0 ORDER BY id").fetchall()
    assert len(rows) == 3


# --- undo -------------------------------------------------------------------------------------------


def test_a_seat_takes_back_its_own_action_only_while_no_die_was_rolled(tmp_path, ren):
    h = Hosted(tmp_path / "data", ren)
    recruit = next(a["record"] for a in h.actions("P1") if a["command"] == "recruit")
    assert h.act("P1", recruit).status_code == 200
    assert h.post("P2", "api/undo", {}).status_code == 403  # not P2's
    r = h.post("P1", "api/undo", {})
    assert r.status_code == 200, r.text
    assert h.view(REFEREE)["actions_taken"] == 0
    assert h.post("P1", "api/undo", {}).status_code == 409  # nothing left


def test_an_action_that_rolled_dice_only_the_referee_takes_back(hosted):
    order = next(a["record"] for a in hosted.actions("A") if a["record"].get("order") == "max_speed")  # FW-8.2: a test roll
    before = hosted.view(REFEREE)["view"]
    assert hosted.act("A", order).status_code == 200
    assert hosted.post("A", "api/undo", {}).status_code == 403
    assert hosted.post(REFEREE, "api/undo", {}).status_code == 200
    assert hosted.view(REFEREE)["view"] == before
    rows = sqlite3.connect(hosted.data / DB_FILE).execute("SELECT undone FROM actions").fetchall()
    assert rows == [(1,)]  # the log keeps the action, marked undone


# --- import and export ------------------------------------------------------------------------------


def _bytes(folder: Path, name: str) -> bytes:
    return (folder / name).read_bytes()


def test_import_then_export_gives_the_same_bytes(tmp_path, fw):
    played = tmp_path / "played"
    fw_folder(played)
    for argv in (["campaign", "order", str(played), "A1", "max_speed"], ["campaign", "turn", str(played)]):
        try:
            main(argv)
        except SystemExit as exc:
            assert not exc.code
    data = tmp_path / "data"
    cid, _ = folders.import_folder(Store(data), played)
    out = tmp_path / "out"
    try:
        main(["campaign", "export", cid, str(out), "--data", str(data)])
    except SystemExit as exc:
        assert not exc.code
    for name in ("campaign.json", "commands.jsonl", "history/0001.json", "history/0002.json", "fw-map.json", "index.html"):
        assert _bytes(out, name) == _bytes(played, name), name


def test_a_campaign_played_on_the_server_exports_a_folder_that_replays(tmp_path, ren, capsys):
    h = Hosted(tmp_path / "data", ren)
    applied = play_random(h, 15, random.Random(3))
    assert applied > 3
    out = tmp_path / "out"
    for argv in (["campaign", "export", h.cid, str(out), "--data", str(h.data)], ["campaign", "replay", str(out), "--check"]):
        try:
            main(argv)
        except SystemExit as exc:
            assert not exc.code, capsys.readouterr()
    assert f"Replayed {applied} command(s)" in capsys.readouterr().out


def test_export_refuses_a_folder_that_is_there(tmp_path, hosted, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    with pytest.raises(SystemExit) as exc:
        main(["campaign", "export", hosted.cid, str(out), "--data", str(hosted.data)])
    assert exc.value.code == 2 and "Error:" in capsys.readouterr().err
    assert [p.name for p in out.iterdir()] == ["keep.txt"]


def test_import_refuses_a_folder_that_does_not_replay(tmp_path, capsys):
    folder = fw_folder(tmp_path / "c")
    try:
        main(["campaign", "turn", str(folder)])
    except SystemExit as exc:
        assert not exc.code
    (folder / "history" / "0001.json").write_text((folder / "campaign.json").read_text())  # history no longer leads here
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--data", str(tmp_path / "data"), "--import", str(folder)])
    assert exc.value.code == 2
    assert "Error:" in capsys.readouterr().err
    assert Store(tmp_path / "data").campaign_ids() == []


# --- the page ---------------------------------------------------------------------------------------


def test_the_page_offers_the_seats_actions_as_forms_that_post_and_come_back(hosted):
    page = hosted.browser("A").get(hosted.url("")).text
    csrf = hosted.view("A")["csrf"]
    assert f'name="csrf" value="{csrf}"' in page and 'action="api/act"' in page
    assert "B1 (defend) tested" not in page  # B's orders are not A's to give
    order = _own_order(hosted, "A")
    form = {"csrf": csrf, "expect": "0", "record": '{"command": "order", "force": "%s"}' % order["force"],
            "choice.order": '"%s"' % order["order"]}  # a field picked in the form, as the page's select sends it
    r = hosted.browser("A").post(hosted.url("api/act"), data=form, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/c/{hosted.cid}/"
    assert hosted.view("B")["actions_taken"] == 1
    r = hosted.browser("A").post(hosted.url("api/act"), data={**form, "expect": "0"})  # stale now: the page says why
    assert r.status_code == 409 and "Refused: the campaign moved on" in r.text


# --- a rule set the server has never heard of ----------------------------------------------------------


@pytest.fixture
def dash():
    toy_ruleset.install()
    yield toy_ruleset
    engine.unregister(toy_ruleset.RULESET.name)


def test_the_toy_rule_set_plays_on_the_server_to_the_end_and_exports_a_folder_that_replays(tmp_path, dash, capsys):
    h = Hosted(tmp_path / "data", dash.new_folder(tmp_path / "dash", seed=5, goal=8))
    assert h.seats == ["A", "B"]
    for _ in range(40):
        view = h.view(REFEREE)
        if view["over"]:
            break
        mover = view["view"]["to_move"]
        other = "B" if mover == "A" else "A"
        assert h.actions(other) == [] and h.act(other, {"command": "dash", "side": other}).status_code == 403
        assert h.act(mover, {"command": "dash", "side": mover}).status_code == 200
    assert h.view("A")["over"] and h.browser("A").get(h.url("")).status_code == 200
    out = tmp_path / "out"
    for argv in (["campaign", "export", h.cid, str(out), "--data", str(h.data)], ["campaign", "replay", str(out), "--check"]):
        try:
            main(argv)
        except SystemExit as exc:
            assert not exc.code, capsys.readouterr()


def test_the_referees_page_gives_a_seat_a_new_link_and_a_seats_page_offers_none(hosted):
    page = hosted.browser(REFEREE).get(hosted.url("")).text
    assert 'action="api/seats/A/reissue"' in page
    assert "api/seats/" not in hosted.browser("A").get(hosted.url("")).text
    hosted.browser("B")  # B opened its link before
    csrf = hosted.view(REFEREE)["csrf"]
    r = hosted.browser(REFEREE).post(hosted.url("api/seats/B/reissue"), data={"csrf": csrf})
    assert r.status_code == 200 and "/join/" in r.text
    token = r.text.split("/join/", 1)[1].split()[0].split("<")[0]
    assert hosted.browser("B").get(hosted.url("api/view")).status_code == 403  # the old cookie
    assert hosted.browser("B").get(f"/join/{token}").status_code == 200


def test_the_history_steps_back_action_by_action_as_the_seat_saw_it(hosted):
    a_order = next(a for a in hosted.actions("A") if a["command"] == "order")["record"]
    b_order = next(a for a in hosted.actions("B") if a["command"] == "order")["record"]
    assert hosted.act("A", a_order).status_code == 200
    assert hosted.act("B", b_order).status_code == 200
    browser = hosted.browser("A")
    start, middle, now = (browser.get(hosted.url(f"history?at={n}")) for n in (0, 1, 2))
    assert "After action 0 of 2" in start.text and 'href="history?at=1"' in start.text and "One action back" not in start.text
    assert 'href="history?at=0"' in middle.text and 'href="history?at=2"' in middle.text
    assert "One action on" not in now.text
    # FW-8: the order given is in the status after it, not before it
    order_words = a_order["order"].replace("_", " ")
    assert f"{a_order['force']} " in start.text and order_words not in start.text.split("The campaign then")[1].split("Log then")[0]
    assert order_words in middle.text.split("The campaign then")[1].split("Log then")[0]
    assert browser.get(hosted.url("history?at=3")).status_code == 404
    assert browser.get(hosted.url("history?at=x")).status_code == 400
    assert hosted.stranger().get(hosted.url("history?at=0")).status_code == 401
    assert hosted.stranger().get(hosted.url("history.svg?at=0")).status_code == 401
    assert browser.get(hosted.url("history.svg?at=1")).text.lstrip().startswith(("<?xml", "<svg"))
