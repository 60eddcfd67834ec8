"""The server killed in the middle of an action (SIGKILL, and a stop inside the transaction) keeps every committed action.

A real ``mapgen serve`` process on loopback, a client posting legal actions
as fast as it can, ``kill -9`` at a moment the test does not choose; then a
new process on the same database: every action the client saw acknowledged
is there, and the campaign exported from it passes ``campaign replay --check``.
"""

from __future__ import annotations

import random
import threading
import time

import httpx

from mapgen.server import folders
from mapgen.server.storage import REFEREE, Store

from .serve_helpers import Server, pick, ren_folder
from .session_helpers import mapgen


def _client(server: Server, cid: str, token: str) -> tuple[httpx.Client, str]:
    client = httpx.Client(base_url=f"{server.base}/c/{cid}/", headers={"authorization": f"Bearer {token}"}, timeout=30)
    return client, client.get("api/view").json()["csrf"]


def _play(client: httpx.Client, csrf: str, rng: random.Random, acknowledged: list, stop: threading.Event) -> None:
    """Legal actions, one after another, until stopped or the server is gone; each acknowledged record kept in order."""
    while not stop.is_set():
        try:
            listed = client.get("api/actions").json()["actions"]
            if not listed:
                return
            r = client.post("api/act", json={"record": pick(rng.choice(listed), rng)}, headers={"x-csrf-token": csrf})
        except (httpx.TransportError, ValueError):
            return
        if r.status_code == 200:
            acknowledged.append(r.json()["actions_taken"])


def test_a_server_killed_mid_action_restarts_with_every_committed_action(tmp_path):
    folder = ren_folder(tmp_path / "ren")
    data = tmp_path / "data"
    cid, tokens = folders.import_folder(Store(data), folder)

    # 1. stopped inside the transaction of its first action: nothing of it is kept
    server = Server(data, {"MAPGEN_CRASH_AT": "serve-commit"})
    client, csrf = _client(server, cid, tokens[REFEREE])
    record = client.get("api/actions").json()["actions"][0]["record"]
    try:
        client.post("api/act", json={"record": record}, headers={"x-csrf-token": csrf})
        raise AssertionError("the server answered an action it should have died in")
    except httpx.TransportError:
        pass
    server.proc.wait(30)
    assert Store(data).version(cid) == 0 and Store(data).live_actions(cid) == []

    # 2. SIGKILL while a client plays as fast as it can
    server = Server(data)
    client, csrf = _client(server, cid, tokens[REFEREE])
    acknowledged: list[int] = []
    stop = threading.Event()
    player = threading.Thread(target=_play, args=(client, csrf, random.Random(5), acknowledged, stop))
    player.start()
    deadline = time.monotonic() + 60
    while len(acknowledged) < 10 and player.is_alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(random.Random().uniform(0, 0.2))  # a moment the test does not choose: most likely inside an action
    server.kill()
    stop.set()
    player.join(30)
    assert len(acknowledged) >= 10

    # 3. a new process on the same database: every acknowledged action is there, the export replays
    server = Server(data)
    try:
        client, _ = _client(server, cid, tokens[REFEREE])
        taken = client.get("api/view").json()["actions_taken"]
        assert taken >= acknowledged[-1]  # an action committed just before the kill may have lost only its answer
        assert taken <= acknowledged[-1] + 1
    finally:
        server.kill()
    out = tmp_path / "out"
    assert mapgen("campaign", "export", cid, str(out), "--data", str(data)).returncode == 0
    check = mapgen("campaign", "replay", str(out), "--check")
    assert check.returncode == 0, check.stderr
    assert f"Replayed {taken} command(s)" in check.stdout
