"""Benchmark: ``mapgen serve`` on loopback, 50 campaigns with 2 seats each acting at once.

Run from the repository root: ``python bench/bench_serve.py`` (``--quick``
for a smoke test; ``--profile FILE`` runs the server under yappi and prints
where its CPU time went).  Issue 24's targets: the 95th percentile of an
action's round trip under 100 ms, and at least 200 actions a second, on 2
cores.

Two measurements, because one closed loop cannot answer both targets:

* **Saturation** (closed loop): every seat GETs its legal actions and POSTs
  one, back to back with no pause, ``--actions`` times.  This gives the most
  actions a second the server can apply.  Its round trip is not a latency
  figure: with 100 requests always in flight, Little's law makes the wait
  100 / (requests a second), so it reads over 100 ms unless the server
  answers 1000 requests a second, whatever the server does.
* **At the target load** (open loop): the 100 seats together offer
  ``--rate`` (200) actions a second, each seat at its own pace (one action
  every 100 / rate seconds, each gap drawn from 0.5 to 1.5 times that, so
  the seats do not march in step), each action a GET of its legal actions
  then the POST, for ``--seconds``.  A seat that falls behind its schedule
  acts at once (the lag is reported), so a slow server shows as a lag and
  as fewer actions applied, not as a hidden pause.  This gives the round trip
  a player sees while the group plays at that rate, and checks that the rate
  is really applied.

One Renaissance campaign (2 players) is made with ``mapgen campaign new`` and
imported ``--campaigns`` times for each measurement into a new database; the
server is a real ``mapgen serve`` process (uvicorn, one worker).  A seat
chooses among its own actions other than ``turn`` at random, or, when it has
none left, any action listed (``turn``, so the game goes on); an action the
other seat's action made stale meanwhile is refused by the rules (counted and
timed apart).  The round trip is the POST's, from sending to the whole
answer (decode, the seat's check against its legal actions, ``engine.apply``,
the SQLite commit).  The clients are one asyncio loop in this process with
one keep-alive connection per seat, speaking plain HTTP/1.1 over asyncio
streams: the cheapest client there is, since it shares the 2 cores with the
server; its CPU time is printed too.  The server's CPU time (user + system,
from ``/proc``) is printed per action, as it moves less than the wall time
on a shared machine, with the floor (``python -c "import numpy"``), the load
average and the share of a core a busy loop gets in the same run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pstats
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from common import print_floor
from mapgen.server import folders
from mapgen.server.storage import Store

MAPGEN = "import sys; from mapgen.cli import main; sys.argv[0] = 'mapgen'; main()"
#: The server under yappi (CPU clock, every thread); the stats are saved when uvicorn stops on SIGTERM.
PROFILED = ("import sys, yappi; yappi.set_clock_type('cpu'); yappi.start()\n"
            "try:\n    exec({mapgen!r})\nfinally:\n    yappi.stop(); yappi.get_func_stats().save({out!r}, 'pstat')")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Connection:
    """One seat's keep-alive HTTP/1.1 connection: a request written whole, the answer read by its Content-Length."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port: int, prefix: str, token: str):
        self.reader, self.writer = reader, writer
        self.head = f"Host: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n"
        self.prefix = prefix

    @classmethod
    async def open(cls, port: int, prefix: str, token: str) -> "Connection":
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer, port, prefix, token)

    async def request(self, method: str, path: str, body: bytes = b"", headers: str = "") -> tuple[int, bytes]:
        extra = f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n" if method == "POST" else ""
        self.writer.write(f"{method} {self.prefix}{path} HTTP/1.1\r\n{self.head}{extra}{headers}\r\n".encode() + body)
        head = await self.reader.readuntil(b"\r\n\r\n")
        start = head.lower().index(b"content-length:") + 15
        length = int(head[start:head.index(b"\r\n", start)])
        return int(head[9:12]), await self.reader.readexactly(length)

    def close(self) -> None:
        self.writer.close()


@dataclass
class Tally:
    """What one measurement timed: POST round trips (applied, refused by the rules), GETs, the seats' lag behind schedule."""

    posts: list = field(default_factory=list)
    refused: list = field(default_factory=list)
    gets: list = field(default_factory=list)
    lag: list = field(default_factory=list)
    failed: list = field(default_factory=list)


async def _act(conn: Connection, csrf: str, rng: random.Random, tally: Tally) -> bool:
    """GET the seat's legal actions, POST one (its own other than ``turn`` when it has one); False when it has none."""
    t = time.perf_counter()
    status, body = await conn.request("GET", "api/actions")
    tally.gets.append(time.perf_counter() - t)
    if status != 200:
        tally.failed.append(f"GET {status} {body[:80]!r}")
        return False
    listed = json.loads(body)["actions"]
    own = [a for a in listed if a["command"] != "turn" and a["seat"] is not None]
    pool = own or listed
    if not pool:
        return False
    action = rng.choice(pool)
    record = dict(action["record"])
    for name, values in action["choices"].items():
        record[name] = rng.choice(values)
    body = json.dumps({"record": record}).encode()
    t = time.perf_counter()
    status, answer = await conn.request("POST", "api/act", body, f"X-CSRF-Token: {csrf}\r\n")
    took = time.perf_counter() - t
    if status == 200:
        tally.posts.append(took)
    elif status == 409 or (status == 403 and answer.endswith(b' actions now"}')):
        tally.refused.append(took)
    else:
        tally.failed.append(f"POST {status} {answer[:80]!r}")
    return True


async def _connect(port: int, cid: str, token: str) -> tuple[Connection, str]:
    conn = await Connection.open(port, f"/c/{cid}/", token)
    status, body = await conn.request("GET", "api/view")
    assert status == 200, body
    return conn, json.loads(body)["csrf"]


async def _closed_seat(port: int, cid: str, token: str, actions: int, rng: random.Random, tally: Tally, ready: asyncio.Event) -> None:
    conn, csrf = await _connect(port, cid, token)
    await ready.wait()
    for _ in range(actions):
        if not await _act(conn, csrf, rng, tally):
            break
    conn.close()


async def _open_seat(port: int, cid: str, token: str, gap_s: float, seconds: float, rng: random.Random, tally: Tally,
                     ready: asyncio.Event, start: list[float]) -> None:
    conn, csrf = await _connect(port, cid, token)
    await ready.wait()
    until = start[0] + seconds
    due = start[0] + rng.uniform(0, gap_s)  # the seats' first actions spread over one gap
    while due < until:
        now = time.perf_counter()
        if due > now:
            await asyncio.sleep(due - now)
        tally.lag.append(max(0.0, time.perf_counter() - due))
        if not await _act(conn, csrf, rng, tally):
            break
        due += gap_s * rng.uniform(0.5, 1.5)
    conn.close()


async def _measure(seats, make, server: int) -> tuple[Tally, float, float, float]:
    """Connect every seat, then start them together: the wall time from the start to the last answer, the server's
    and the clients' CPU time over it."""
    tally, ready, start = Tally(), asyncio.Event(), [0.0]
    tasks = [asyncio.create_task(make(port, cid, token, rng, tally, ready, start)) for port, cid, token, rng in seats]
    await asyncio.sleep(1.0)  # every seat connected and its CSRF token read
    cpu0, client0 = _cpu_s(server), time.process_time()
    start[0] = time.perf_counter()
    ready.set()
    await asyncio.gather(*tasks)
    return tally, time.perf_counter() - start[0], _cpu_s(server) - cpu0, time.process_time() - client0


def cpu_share(seconds: float = 2.0) -> float:
    """The share of one core a busy loop gets now: on a shared machine, what the server can hope for."""
    t, c = time.perf_counter(), time.process_time()
    while time.perf_counter() - t < seconds:
        pass
    return (time.process_time() - c) / (time.perf_counter() - t)


def _ms(values: list[float], q: int) -> float:
    if not values:
        return float("nan")
    return statistics.quantiles(values, n=100)[q - 1] * 1000 if len(values) > 1 else values[0] * 1000


def _load() -> str:
    return "load average " + " ".join(f"{x:.1f}" for x in os.getloadavg()[:1])


def _report(title: str, tally: Tally, wall: float, server_cpu: float, client_cpu: float, target_rate: float | None) -> None:
    n, requests = len(tally.posts), len(tally.posts) + len(tally.refused) + len(tally.gets)
    print(f"\n{title}: {n} applied, {len(tally.refused)} refused by the rules (the other seat's action came first, or no longer one of its actions), "
          f"{len(tally.failed)} failed, in {wall:.1f} s wall; {_load()}")
    print("| measure | median ms | p95 ms | target |")
    print("|---------|----------:|-------:|--------|")
    print(f"| POST an action, round trip | {_ms(tally.posts, 50):.1f} | {_ms(tally.posts, 95):.1f} | "
          f"{'p95 < 100' if target_rate else 'Little: seats / request rate'} |")
    print(f"| POST refused by the rules | {_ms(tally.refused, 50):.1f} | {_ms(tally.refused, 95):.1f} | |")
    print(f"| GET the seat's legal actions | {_ms(tally.gets, 50):.1f} | {_ms(tally.gets, 95):.1f} | |")
    if tally.lag:
        print(f"| a seat's lag behind its schedule | {_ms(tally.lag, 50):.1f} | {_ms(tally.lag, 95):.1f} | |")
    rate = n / wall
    if target_rate:
        offered, answered = len(tally.lag), n + len(tally.refused)
        print(f"actions offered: {offered} ({offered / wall:.0f} a second, target {target_rate:.0f}); answered: {answered}; "
              f"applied: {n} = {rate:.0f} a second ({'>=' if rate >= target_rate else 'under'} {target_rate:.0f}; "
              f"the rest refused by the rules); requests per second: {requests / wall:.0f}")
    else:
        print(f"actions applied per second: {rate:.0f} (target >= 200); requests per second: {requests / wall:.0f}")
    print(f"server CPU (user + system): {server_cpu:.2f} s = {server_cpu / wall:.2f} cores; {server_cpu / max(1, requests) * 1000:.2f} ms a request, "
          f"{server_cpu / max(1, n + len(tally.refused)) * 1000:.2f} ms an action with its GET; "
          f"the clients (this process) {client_cpu:.2f} s = {client_cpu / max(1, requests) * 1000:.2f} ms a request")
    for line in tally.failed[:3]:
        print("  failed:", line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--campaigns", type=int, default=50)
    parser.add_argument("--actions", type=int, default=20, help="saturation: the actions each seat posts back to back")
    parser.add_argument("--rate", type=float, default=200.0, help="target load: the actions a second all seats together offer")
    parser.add_argument("--seconds", type=float, default=10.0, help="target load: how long the seats act")
    parser.add_argument("--quick", action="store_true", help="5 campaigns, 3 actions a seat, 2 seconds")
    parser.add_argument("--profile", metavar="FILE", help="run the server under yappi (pip install yappi) and print its top functions")
    args = parser.parse_args()
    if args.quick:
        args.campaigns, args.actions, args.seconds, args.rate = 5, 3, 2.0, 20.0
    print_floor()
    print(f"a busy loop gets {cpu_share():.2f} of a core now; {_load()} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "ren"
        subprocess.run([sys.executable, "-c", MAPGEN, "campaign", "new", str(folder), "--rules", "renaissance", "--seed", "bench",
                        "--players", "2", "--formats", ""], check=True, capture_output=True)
        store = Store(Path(tmp) / "data")
        hosted = [[folders.import_folder(store, folder) for _ in range(args.campaigns)] for _ in range(2)]
        port = _free_port()
        code = PROFILED.format(mapgen=MAPGEN, out=str(Path(args.profile).resolve())) if args.profile else MAPGEN
        server = subprocess.Popen([sys.executable, "-c", code, "serve", "--data", str(Path(tmp) / "data"), "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            _wait_for(port)
            rng = random.Random(1)

            def seats(which: int):
                return [(port, cid, tokens[s], random.Random(rng.random())) for cid, tokens in hosted[which] for s in tokens if s != "referee"]

            gap_s = 2 * args.campaigns / args.rate

            def closed(port, cid, token, seat_rng, tally, ready, start):
                return _closed_seat(port, cid, token, args.actions, seat_rng, tally, ready)

            def paced(port, cid, token, seat_rng, tally, ready, start):
                return _open_seat(port, cid, token, gap_s, args.seconds, seat_rng, tally, ready, start)

            for title, which, make, target in (
                    (f"Saturation: {2 * args.campaigns} seats acting back to back, {args.actions} actions a seat", 0, closed, None),
                    (f"At the target load: {2 * args.campaigns} seats offering {args.rate:.0f} actions a second together "
                     f"(one every {gap_s:.2f} s a seat, jittered), for {args.seconds:.0f} s", 1, paced, args.rate)):
                tally, wall, server_cpu, client_cpu = asyncio.run(_measure(seats(which), make, server.pid))
                _report(title, tally, wall, server_cpu, client_cpu, target)
        finally:
            # uvicorn raises the signal again once it has stopped: SIGINT's KeyboardInterrupt lets the profile be saved
            server.send_signal(signal.SIGINT if args.profile else signal.SIGTERM)
            server.wait(60)
    if args.profile:
        print(f"\nthe server's CPU time by function (yappi, every thread, both measurements and the start), from {args.profile}:")
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)
        pstats.Stats(args.profile).sort_stats("cumulative").print_stats(40)


def _wait_for(port: int) -> None:
    for _ in range(600):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


if __name__ == "__main__":
    main()
