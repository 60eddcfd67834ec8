"""Benchmark: ``mapgen serve`` on loopback, 50 campaigns with 2 seats each acting at once.

Run from the repository root: ``python bench/bench_serve.py`` (``--quick``
for a smoke test).  Issue 24's targets: the 95th percentile of an action's
round trip under 100 ms, and at least 200 actions a second, on 2 cores.

One Renaissance campaign (2 players) is made with ``mapgen campaign new``
and imported ``--campaigns`` times into a new database; the server is a
real ``mapgen serve`` process (uvicorn, one worker), the clients one asyncio
loop in this process with one keep-alive connection per seat, so client
and server share the machine's cores as they would not in play.  Each seat
loops: GET its legal actions, POST one of its own picked at random (never
``turn``, so both seats keep acting in the spring), ``--actions`` times.
The round trip is the POST's, from send to parsed answer (the whole
transaction: decode, ``engine.apply``, the SQLite commit with its fsync);
the GET of the actions is timed apart.  Actions per second are the POSTs
applied over the wall time of the whole run.  The server's CPU time
(user + system, from ``/proc``) is printed per action beside the wall time,
as it moves less on a shared machine, and the floor (``python -c "import
numpy"``) of the same run, and the share of a core a busy loop gets.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from common import print_floor
from mapgen.server import folders
from mapgen.server.storage import Store

MAPGEN = [sys.executable, "-c", "import sys; from mapgen.cli import main; sys.argv[0] = 'mapgen'; main()"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _seat(base: str, cid: str, token: str, actions: int, rng: random.Random, posts: list, gets: list, refused: list) -> None:
    async with httpx.AsyncClient(base_url=f"{base}/c/{cid}/", headers={"authorization": f"Bearer {token}"}, timeout=60) as client:
        csrf = (await client.get("api/view")).json()["csrf"]
        seat = None
        for _ in range(actions):
            t = time.perf_counter()
            listed = (await client.get("api/actions")).json()["actions"]
            gets.append(time.perf_counter() - t)
            own = [a for a in listed if a["command"] != "turn" and a["seat"] is not None]
            if not own:
                return
            action = rng.choice(own)
            record = dict(action["record"])
            for name, values in action["choices"].items():
                record[name] = rng.choice(values)
            t = time.perf_counter()
            r = await client.post("api/act", json={"record": record}, headers={"x-csrf-token": csrf})
            r.json()
            (posts if r.status_code == 200 else refused).append(time.perf_counter() - t)
            seat = seat or action["seat"]


async def _run(base: str, hosted: list[tuple[str, dict]], actions: int) -> tuple[list, list, list, float]:
    posts, gets, refused = [], [], []
    rng = random.Random(1)
    seats = [_seat(base, cid, tokens[s], actions, random.Random(rng.random()), posts, gets, refused)
             for cid, tokens in hosted for s in tokens if s != "referee"]
    t = time.perf_counter()
    await asyncio.gather(*seats)
    return posts, gets, refused, time.perf_counter() - t


def cpu_share(seconds: float = 2.0) -> float:
    """The share of one core a busy loop gets now: on a shared machine, what the server can hope for."""
    t, c = time.perf_counter(), time.process_time()
    while time.perf_counter() - t < seconds:
        pass
    return (time.process_time() - c) / (time.perf_counter() - t)


def _ms(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] * 1000 if len(values) > 1 else values[0] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--campaigns", type=int, default=50)
    parser.add_argument("--actions", type=int, default=20, help="actions each seat posts")
    parser.add_argument("--quick", action="store_true", help="5 campaigns, 3 actions a seat")
    args = parser.parse_args()
    if args.quick:
        args.campaigns, args.actions = 5, 3
    print_floor()
    print(f"a busy loop gets {cpu_share():.2f} of a core now")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "ren"
        subprocess.run([*MAPGEN, "campaign", "new", str(folder), "--rules", "renaissance", "--seed", "bench", "--players", "2",
                        "--formats", ""], check=True, capture_output=True)
        store = Store(Path(tmp) / "data")
        hosted = [folders.import_folder(store, folder) for _ in range(args.campaigns)]
        port = _free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([*MAPGEN, "serve", "--data", str(Path(tmp) / "data"), "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(600):
                try:
                    httpx.get(f"{base}/api/seat", timeout=1)
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            cpu0, client0 = _cpu_s(server.pid), time.process_time()
            posts, gets, refused, wall = asyncio.run(_run(base, hosted, args.actions))
            cpu, client_cpu = _cpu_s(server.pid) - cpu0, time.process_time() - client0
        finally:
            server.terminate()
            server.wait(30)
    n = len(posts)
    print(f"{args.campaigns} campaigns x 2 seats acting at once, {args.actions} actions a seat; "
          f"{n} applied, {len(refused)} refused by the rules (timed apart), in {wall:.1f} s wall")
    print("| measure | median ms | p95 ms | target |")
    print("|---------|----------:|-------:|--------|")
    print(f"| POST an action, round trip | {_ms(posts, 50):.1f} | {_ms(posts, 95):.1f} | p95 < 100 |")
    print(f"| GET the seat's legal actions | {_ms(gets, 50):.1f} | {_ms(gets, 95):.1f} | |")
    print(f"actions applied per second: {n / wall:.0f} (target >= 200); requests per second: {(n + len(refused) + len(gets)) / wall:.0f}")
    print(f"server CPU (user + system): {cpu:.1f} s over {wall:.1f} s wall = {cpu / wall:.2f} cores; "
          f"{cpu / max(1, n + len(refused) + len(gets)) * 1000:.2f} ms a request; the clients (this process) {client_cpu:.1f} s")


if __name__ == "__main__":
    main()
