"""Hosted campaigns and seats' browsers for the server's tests (Starlette's TestClient, in this process)."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import time
import warnings
from pathlib import Path

import httpx

with warnings.catch_warnings():  # Starlette 1.x would rather drive its TestClient with httpx2; httpx still does
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from mapgen.server import folders
from mapgen.server.routes import create_app
from mapgen.server.storage import REFEREE, Store

from .session_helpers import MAPGEN, new_campaign

#: Distinctive seeds, so a test can look for them in every response: the seed must never reach a seat.
FW_SEED = "serve-secret-seed-fw-5521"
REN_SEED = "serve-secret-seed-ren-8837"
#: The campaigns' dice seeds, given so the games go the same way each run; secret as the seeds are.
FW_DICE_SEED = "serve-dice-seed-fw-2207"
REN_DICE_SEED = "serve-dice-seed-ren-6113"


def fw_folder(folder: Path) -> Path:
    return new_campaign(folder, "--seed", FW_SEED, "--dice-seed", FW_DICE_SEED, "--size", "small")


def ren_folder(folder: Path) -> Path:
    return new_campaign(folder, "--rules", "renaissance", "--seed", REN_SEED, "--dice-seed", REN_DICE_SEED, "--players", "2")


class Hosted:
    """A campaign imported into a fresh database, the app over it, and one browser per seat (each with its cookie)."""

    def __init__(self, data: Path, folder: Path, dice: str = "server", **app_options):
        self.data = data
        self.cid, self.tokens = folders.import_folder(Store(data), folder, dice)
        self.app = create_app(data, **{"stream_s": 0.5, **app_options})
        self.browsers: dict[str, TestClient] = {}

    def browser(self, seat: str) -> TestClient:
        """A browser that opened ``seat``'s link (its cookie set, redirected to the clean address)."""
        if seat not in self.browsers:
            client = self.stranger()
            r = client.get(f"/join/{self.tokens[seat]}")
            assert r.status_code == 200 and str(r.url).endswith(f"/c/{self.cid}/"), (r.status_code, r.url)
            self.browsers[seat] = client
        return self.browsers[seat]

    def stranger(self) -> TestClient:
        """A browser with no seat."""
        return TestClient(self.app)

    def url(self, rest: str) -> str:
        return f"/c/{self.cid}/{rest}"

    def view(self, seat: str) -> dict:
        r = self.browser(seat).get(self.url("api/view"))
        assert r.status_code == 200, r.text
        return r.json()

    def actions(self, seat: str) -> list[dict]:
        return self.browser(seat).get(self.url("api/actions")).json()["actions"]

    def post(self, seat: str, rest: str, body: dict, csrf: bool = True):
        headers = {"x-csrf-token": self.view(seat)["csrf"]} if csrf else {}
        return self.browser(seat).post(self.url(rest), json=body, headers=headers)

    def act(self, seat: str, record: dict, **fields):
        return self.post(seat, "api/act", {"record": record, **fields})

    @property
    def seats(self) -> list[str]:
        return [s for s in self.tokens if s != REFEREE]


def pick(action: dict, rng: random.Random) -> dict:
    """The record of a listed action, with one of its choices picked at random where it has some."""
    record = dict(action["record"])
    for name, values in action["choices"].items():
        record[name] = rng.choice(values)
    return record


#: How much less often ``turn`` and ``end_moves`` are picked than another action, so games explore (as the fuzzer does).
TURN_WEIGHT = 0.1


def play_random(h: Hosted, steps: int, rng: random.Random) -> int:
    """Up to ``steps`` random legal actions, each by a random seat that has one (the referee too); returns how many were applied."""
    applied = 0
    for _ in range(steps):
        order = [*h.seats, REFEREE]
        rng.shuffle(order)
        for seat in order:
            listed = h.actions(seat)
            if listed:
                break
        else:
            return applied
        action = rng.choices(listed, weights=[TURN_WEIGHT if a["command"] in ("turn", "end_moves") else 1.0 for a in listed])[0]
        r = h.act(seat, pick(action, rng))
        assert r.status_code in (200, 409), r.text  # a listed action may still be refused by the rules (409), never crash
        applied += r.status_code == 200
    return applied


def records(folder: Path) -> list[dict]:
    path = Path(folder) / "commands.jsonl"
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()] if path.exists() else []


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A real ``mapgen serve`` process on a free loopback port (``env`` adds to its environment)."""

    def __init__(self, data: Path, env: dict | None = None):
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen([*MAPGEN, "serve", "--data", str(data), "--port", str(self.port)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, **(env or {})})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                httpx.get(f"{self.base}/api/seat", timeout=1)
                return
            except httpx.TransportError:
                time.sleep(0.1)
        raise AssertionError(f"the server did not start: {self.proc.stderr.read()[-2000:] if self.proc.poll() is not None else ''}")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)
