"""Whole turns played in real browsers (Debian's Chromium, driven by Playwright) against a real ``mapgen serve``.

Two contexts play a Fantasy Warriors day from its orders to a battle and the
battle's report; three play a Renaissance spring and summer to an engagement
and a siege.  Every move is made by clicking the force or army on the map and
then a lit square or place; other actions by their buttons, the battle report
by filling its table of units.  Each context sees the others' actions appear
without reloading: a mark set on its ``window`` stays while its
``data-version`` follows the server.

The moves are found first in this process, with the engine alone (each time
the force or army that moves steps towards the nearest enemy); the server
throws the same dice from the same seed, so the browsers meet the same
battles.  Fantasy Warriors' first day is played through the API (it only
brings the forces together); the second one in the browsers.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import deque
from pathlib import Path

import httpx
import pytest

from mapgen import engine, session
from mapgen.server import folders
from mapgen.server.storage import Store

from .serve_helpers import Server
from .session_helpers import new_campaign

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install -e '.[test]')")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on the PATH (Debian: apt-get install chromium; .ci/run does)")
ARTIFACTS = Path(__file__).resolve().parent.parent / "output" / "test-artifacts"
#: A seed whose forces, stepping towards each other, meet in battle on the second day (found with plan_to_battle).
FW_SEED = "2"
#: Long enough for a loaded machine; a page that does not update fails well before the CI limit.
WAIT_MS = 20000


def _square(name: str) -> tuple[int, int]:
    m = re.fullmatch(r"([A-Z]+)(\d+)", name)
    col = 0
    for ch in m.group(1):
        col = col * 26 + ord(ch) - 64
    return col, int(m.group(2))


def _steps_apart(a: str, b: str) -> int:
    (c1, r1), (c2, r2) = _square(a), _square(b)
    return max(abs(c1 - c2), abs(r1 - r2))


def plan_to_battle(folder) -> list[tuple[int, str | None, dict]]:
    """(day, seat, record) from the start to the first battle to report: orders none, each move towards the nearest enemy."""
    with session.open_folder(folder) as s:
        r, state, board = s.ruleset, s.state, s.board
    steps = []
    while not any(a.command == "battle" for a in r.actions(state, None, board)):
        listed = r.actions(state, None, board)
        move = next((a for a in listed if a.command == "move"), None)
        if move is not None:
            enemies = [f.square for f in state.forces if f.side != move.seat]
            path = min(move.choices["path"], key=lambda p: min(_steps_apart(p[-1], e) for e in enemies) if p else 99)
            record = {"command": "move", **move.args, "path": list(path)}
        else:
            turn = next(a for a in listed if a.command == "turn")
            record = {"command": "turn", **turn.args}
        steps.append((state.day, move.seat if move else None, record))
        state, _ = engine.apply(r, state, r.decode(record), r.dice_for(state, []), board)
        assert len(steps) < 60, "no battle: choose another seed"
    return steps


def _watch(page, errors: list) -> None:
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))


def _open(browser, server: Server, token: str, errors: list, viewport: dict):
    page = browser.new_context(viewport=viewport).new_page()
    _watch(page, errors)
    page.goto(f"{server.base}/join/{token}")
    page.evaluate("window.stillTheSamePage = true")
    return page


def _sees(page, version: int) -> None:
    """The page shows the campaign at ``version`` by itself, and it was not reloaded to do it."""
    page.locator(f"body[data-version='{version}']").wait_for(state="attached", timeout=WAIT_MS)  # no eval: the CSP forbids it
    assert page.evaluate("window.stillTheSamePage === true"), "the page was reloaded"


def _click_square(page, square: str) -> None:
    page.locator(f"#atlas-map .hit[data-id='{square}']").click()


def test_two_seats_play_a_day_from_orders_to_a_battle_and_its_report(tmp_path):
    folder = new_campaign(tmp_path / "fw", "--seed", FW_SEED, "--size", "small")
    steps = plan_to_battle(folder)
    data = tmp_path / "data"
    cid, tokens = folders.import_folder(Store(data), folder)
    server = Server(data)
    errors: list[str] = []
    try:
        first_day = [s for s in steps if s[0] == 1]
        with httpx.Client(base_url=f"{server.base}/c/{cid}/", timeout=60) as api:
            for _, seat, record in first_day:
                headers = {"authorization": f"Bearer {tokens[seat or 'A']}"}
                csrf = api.get("api/view", headers=headers).json()["csrf"]
                r = api.post("api/act", json={"record": record}, headers={**headers, "x-csrf-token": csrf})
                assert r.status_code == 200, r.text
        version = len(first_day)
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
            pages = {"A": _open(browser, server, tokens["A"], errors, {"width": 1200, "height": 900}),
                     "B": _open(browser, server, tokens["B"], errors, {"width": 390, "height": 844})}
            for page in pages.values():
                assert page.get_attribute("body", "data-version") == str(version)
            _keyboard_and_zoom(pages["A"])
            for _, seat, record in (s for s in steps if s[0] == 2):
                actor = seat or ("A" if version % 2 else "B")  # a step of no seat's (turn) by either, in turn
                watcher = pages["B" if actor == "A" else "A"]
                page = pages[actor]
                if record["command"] == "move":
                    _click_square(page, _force_square(page, record["force"]))
                    for _ in range(6):  # several forces in one square: each click chooses the next
                        if f"{record['force']} at" in page.locator("#detail").inner_text():
                            break
                        _click_square(page, _force_square(page, record["force"]))
                    assert page.locator(f"#atlas-map .hit.reach[data-id='{record['path'][-1]}']").count() == 1
                    lit = page.locator("#atlas-map .hit.reach").count()
                    assert lit >= len(record["path"]) >= 1  # at least the squares on the way are within reach
                    _click_square(page, record["path"][-1])
                else:
                    _submit(page, page.locator("form:has(input[name=record][value*='\"turn\"'])").first)
                page.wait_for_load_state("load")
                version += 1
                assert page.get_attribute("body", "data-version") == str(version), page.locator(".refusal").all_inner_texts()
                page.evaluate("window.stillTheSamePage = true")  # the actor's own form posted and loaded the page
                _sees(watcher, version)
            # the battle: A reports it, with losses in the table of its units; B sees the report's outcome
            page = pages["A"]
            _open_group(page.locator("form:has(table.report)").first)
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "serve-fw-battle-report.png"), full_page=True)
            report = page.locator("table.report").first
            assert report.locator("tbody tr").count() >= 1
            first_input = report.locator("input").first
            unit = first_input.get_attribute("name").split(".")[2]
            first_input.fill("2")
            form = page.locator("form:has(table.report)").first
            assert "won by side A" in form.locator("button").inner_text()
            _submit(page, form)
            page.wait_for_load_state("load")
            version += 1
            assert page.get_attribute("body", "data-version") == str(version), page.locator(".refusal").all_inner_texts()
            _sees(pages["B"], version)
            pages["B"].screenshot(path=str(ARTIFACTS / "serve-fw-after-report-phone.png"), full_page=True)
            browser.close()
    finally:
        server.kill()
    assert errors == []
    exported = folders.bundle(Store(data), cid)["commands.jsonl"].decode().splitlines()
    battle = [x for x in exported if '"battle"' in x][-1]
    assert f'["{unit}", 2, 0, 0]' in battle and '"winner": "A"' in battle


def _keyboard_and_zoom(page) -> None:
    """As in the atlas: one tab stop on the map, the arrows move it square by square, + zooms, 0 shows the whole map."""
    first = page.locator("#atlas-map .hit[tabindex='0']")
    assert first.count() == 1
    col, row = (int(first.get_attribute(a)) for a in ("data-col", "data-row"))
    first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    focused = page.locator("#atlas-map .hit:focus")
    assert (int(focused.get_attribute("data-col")), int(focused.get_attribute("data-row"))) == (col + 1, row + 1)
    assert page.locator("#atlas-map .hit[tabindex='0']").count() == 1  # still one tab stop
    viewport = page.locator("#atlas-map .svg-pan-zoom_viewport")
    whole = viewport.get_attribute("transform") or viewport.get_attribute("style")
    page.keyboard.press("+")
    page.wait_for_timeout(300)
    assert (viewport.get_attribute("transform") or viewport.get_attribute("style")) != whole
    page.keyboard.press("0")


def _open_group(form) -> None:
    """Open the action group holding ``form`` (a player clicks its summary)."""
    group = form.locator("xpath=ancestor::details")
    if group.get_attribute("open") is None:
        group.locator("summary").click()


def _submit(page, form) -> None:
    _open_group(form)
    form.locator("button[type=submit]").click()


def _force_square(page, force: str) -> str:
    return page.locator(f"form[data-place]:has(input[name=record][value*='\"{force}\"'])").first.get_attribute("data-place")


def _form_of(page, record: dict):
    """The form whose fixed record is ``record`` (an action with no choices)."""
    fixed = page.locator("form[action='api/act'] input[name=record]")
    for i, value in enumerate(fixed.evaluate_all("(inputs) => inputs.map((i) => i.value)")):
        if json.loads(value) == record:
            return page.locator("form[action='api/act']").nth(i)
    raise AssertionError(f"no button for {record} on this page")


#: A seed whose three rulers, each raising one army and marching it at the nearest enemy, fight in their first summer
#: and then lay a siege (found with plan_to_siege).
REN_SEED = "2"


def _hops(board, start: str) -> dict[str, int]:
    seen, queue = {start: 0}, deque([start])
    while queue:
        node = queue.popleft()
        for nxt in board.steps.get(node, ()):
            if nxt not in seen:
                seen[nxt] = seen[node] + 1
                queue.append(nxt)
    return seen


def plan_to_siege(folder) -> list[tuple[str | None, dict]]:
    """(seat, record) from the start: each ruler raises one army, marches it at the nearest enemy army until an
    engagement is fought (both choose to stand), then at the nearest rival's place until it may begin a siege."""
    with session.open_folder(folder) as s:
        r, state, board = s.ruleset, s.state, s.board
    steps, raised, engaged = [], set(), False
    while not steps or steps[-1][1]["command"] != "begin_siege":
        listed = r.actions(state, None, board)
        by = {a.command: [b for b in listed if b.command == a.command] for a in listed}
        extra = {}
        action = next((a for a in by.get("choose_engagement", ()) if a.args["choice"] == "stand" and not a.args["on_table"]), None)
        action = action or (by.get("begin_siege", [None])[0] if engaged else None)
        if action is None and state.season == "spring":
            action = next((a for a in by.get("form_army", ()) if a.seat not in raised), None)
            raised.add(action.seat if action else None)
        if action is None and by.get("move_army"):
            action = by["move_army"][0]
            armies = [x.node for x in state.armies if x.owner != action.seat]
            places = [p.node for p in state.places if p.owner not in (action.seat, None) and p.node not in armies]
            targets = places if engaged else armies
            extra = {"path": list(min(action.choices["path"], key=lambda p: min(_hops(board, p[-1]).get(t, 99) for t in targets)))}
        action = action or next(a for a in listed if a.command in ("end_moves", "turn"))
        record = {"command": action.command, **action.args, **extra}
        engaged = engaged or (record["command"] == "choose_engagement" and steps[-1][1]["command"] == "choose_engagement")
        steps.append((action.seat, json.loads(json.dumps(record))))
        state, _ = engine.apply(r, state, r.decode(record), r.dice_for(state, []), board)
        assert len(steps) < 60, "no siege: choose another seed"
    return steps


def test_three_seats_play_a_renaissance_spring_to_an_engagement_and_a_siege(tmp_path):
    folder = new_campaign(tmp_path / "ren", "--rules", "renaissance", "--seed", REN_SEED, "--players", "3")
    steps = plan_to_siege(folder)
    data = tmp_path / "data"
    cid, tokens = folders.import_folder(Store(data), folder)
    server = Server(data)
    errors: list[str] = []
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
            sizes = [{"width": 1200, "height": 900}, {"width": 390, "height": 844}, {"width": 800, "height": 700}]
            pages = {seat: _open(browser, server, tokens[seat], errors, size) for seat, size in zip(("P1", "P2", "P3"), sizes)}
            version = 0
            for seat, record in steps:
                actor = seat or "P1"
                page = pages[actor]
                if record["command"] == "move_army":
                    _click_square(page, _force_square(page, record["army"]))
                    assert page.locator(f"#atlas-map .hit.reach[data-id='{record['path'][-1]}']").count() == 1
                    _click_square(page, record["path"][-1])
                else:
                    _submit(page, _form_of(page, record))
                page.wait_for_load_state("load")
                version += 1
                assert page.get_attribute("body", "data-version") == str(version), page.locator(".refusal").all_inner_texts()
                page.evaluate("window.stillTheSamePage = true")
                for other, watcher in pages.items():
                    if other != actor:
                        _sees(watcher, version)
            for page in pages.values():
                assert page.locator(".log li", has_text="siege").count() >= 1  # every ruler reads that a siege began
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            pages["P2"].screenshot(path=str(ARTIFACTS / "serve-ren-siege-phone.png"), full_page=True)
            browser.close()
    finally:
        server.kill()
    assert errors == []
    exported = folders.bundle(Store(data), cid)["commands.jsonl"].decode()
    assert exported.count('"choose_engagement"') >= 2 and '"begin_siege"' in exported
