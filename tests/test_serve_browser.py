"""Two seats in two real browsers (Debian's Chromium, driven by Playwright): one acts, the other sees it without reloading.

A real ``mapgen serve`` process on loopback.  Each browser context opens its
own seat's link; side A clicks one of its order buttons (a form POST); side
B's page, listening to the server-sent events, shows the campaign with A's
action in it by itself.  Neither page logs an error (a Content-Security-Policy
violation would be one), and neither asks anything of another origin.
Skipped, saying so, where Playwright or chromium is missing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mapgen.server import folders
from mapgen.server.storage import Store

from .serve_helpers import Server, fw_folder

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install -e '.[test]')")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on the PATH (Debian: apt-get install chromium; .ci/run does)")
ARTIFACTS = Path(__file__).resolve().parent.parent / "output" / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def _watch(page, errors: list, requests: list, base: str) -> None:
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url) if not r.url.startswith(base) else None)


def test_one_seat_acts_and_the_other_sees_it_appear(tmp_path):
    folder = fw_folder(tmp_path / "fw")
    data = tmp_path / "data"
    cid, tokens = folders.import_folder(Store(data), folder)
    server = Server(data)
    errors: list[str] = []
    elsewhere: list[str] = []
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
            pages = {}
            for seat in ("A", "B"):
                page = browser.new_context(viewport=PHONE).new_page()
                _watch(page, errors, elsewhere, server.base)
                page.goto(f"{server.base}/join/{tokens[seat]}")
                assert page.url == f"{server.base}/c/{cid}/"  # the token is gone from the address
                assert page.get_attribute("body", "data-version") == "0"
                pages[seat] = page
            assert pages["A"].locator("text=You hold side A").count() == 1
            b_orders = pages["B"].locator("button", has_text="B1 (").count()
            assert b_orders and pages["A"].locator("button", has_text="B1 (").count() == 0  # B's orders are not on A's page
            pages["B"].wait_for_timeout(500)  # B's event stream is open
            pages["A"].locator("button", has_text="A1 (").first.click()
            pages["A"].wait_for_load_state("load")
            assert pages["A"].get_attribute("body", "data-version") == "1"
            pages["B"].locator("body[data-version='1']").wait_for(state="attached", timeout=15000)  # no string evaluated: the CSP forbids eval
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            pages["B"].screenshot(path=str(ARTIFACTS / "serve-seat-b-phone.png"), full_page=True)
            browser.close()
    finally:
        server.kill()
    assert errors == [] and elsewhere == []
