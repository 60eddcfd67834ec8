"""Telling a seat it is its move: a webhook per seat and e-mail over SMTP, each caught by a fake receiver on loopback.

What is checked, from the issue: the referee alone sets where a seat is told;
a notice goes to a seat when it becomes its move (it has actions of its own
now and had none before), to that seat only; it says "It is your move in
CAMPAIGN (SEAT): ADDRESS" with the campaign's page and nothing else: no
token, no seed, no state.  The webhook body is the JSON Discord (``content``)
and Slack (``text``) read.
"""

from __future__ import annotations

import json
import queue
import socketserver
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from mapgen.server.notify import Notifier, Smtp
from mapgen.server.storage import REFEREE

from .serve_helpers import FW_SEED, Hosted, fw_folder

PUBLIC = "https://play.example.org"
WAIT_S = 15


class Hooks:
    """A webhook receiver: every POST's path and JSON body lands in ``got``."""

    def __init__(self):
        got = self.got = queue.Queue()

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["content-length"]))
                got.put((self.path, self.headers["content-type"], json.loads(body)))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_port}"


class Mailbox:
    """A fake SMTP server speaking just enough of RFC 5321 (no STARTTLS offered): each message's envelope and text in ``got``."""

    def __init__(self):
        got = self.got = queue.Queue()

        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                say = lambda line: self.wfile.write(line.encode() + b"\r\n")  # noqa: E731
                say("220 fake ESMTP")
                rcpt = []
                while line := self.rfile.readline().decode():
                    verb = line[:4].upper()
                    if verb in ("EHLO", "HELO"):
                        say("250 fake")
                    elif verb == "MAIL":
                        say("250 OK")
                    elif verb == "RCPT":
                        rcpt.append(line.split(":", 1)[1].strip().strip("<>"))
                        say("250 OK")
                    elif verb == "DATA":
                        say("354 go on")
                        lines = []
                        while (data := self.rfile.readline().decode()) not in (".\r\n", ""):
                            lines.append(data)
                        got.put((rcpt, "".join(lines)))
                        say("250 OK")
                    elif verb == "QUIT":
                        say("221 bye")
                        return
                    else:
                        say("250 OK")

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.port = self.server.server_address[1]


@pytest.fixture
def fw(tmp_path):
    return fw_folder(tmp_path / "fw")


def _drive_until_told(h: Hosted, hooks: Hooks, seats: set[str]) -> dict[str, list]:
    """Play (the seat with its own actions first, else 'turn') until every seat in ``seats`` was told; each seat's notices."""
    told: dict[str, list] = {}
    for _ in range(40):
        while not hooks.got.empty():
            path, kind, body = hooks.got.get()
            told.setdefault(path.strip("/"), []).append((kind, body))
        if seats <= set(told):
            return told
        own = [(s, a) for s in h.seats for a in h.actions(s) if a["seat"] == s and a["command"] != "order"]
        seat, action = own[0] if own else ("A", next(a for a in h.actions("A") if a["command"] == "turn"))
        record = {**action["record"], **{k: v[-1] for k, v in action["choices"].items()}}
        assert h.act(seat, record).status_code == 200
        try:
            path, kind, body = hooks.got.get(timeout=2)
            told.setdefault(path.strip("/"), []).append((kind, body))
        except queue.Empty:
            pass
    raise AssertionError(f"not every seat was told: {told}")


def test_a_seat_is_told_by_webhook_and_mail_when_it_becomes_its_move_and_told_nothing_else(tmp_path, fw):
    hooks, mailbox = Hooks(), Mailbox()
    notifier = Notifier(Smtp("127.0.0.1", mailbox.port, "mapgen@example.org"))
    h = Hosted(tmp_path / "data", fw, notifier=notifier, public_url=PUBLIC)
    for seat in h.seats:
        r = h.post(REFEREE, f"api/seats/{seat}/notify", {"webhook": f"{hooks.base}/{seat}", "email": f"{seat.lower()}@example.org"})
        assert r.status_code == 200, r.text
    told = _drive_until_told(h, hooks, set(h.seats))
    tokens = list(h.tokens.values())
    for seat, notices in told.items():
        for kind, body in notices:
            expected = f"It is your move in fw ({seat}): {PUBLIC}/c/{h.cid}/"
            assert kind == "application/json" and body == {"content": expected, "text": expected, "username": "mapgen"}
    rcpt, mail = mailbox.got.get(timeout=WAIT_S)
    seat = rcpt[0].split("@")[0].upper()
    assert rcpt == [f"{seat.lower()}@example.org"] and f"It is your move in fw ({seat}): {PUBLIC}/c/{h.cid}/" in mail
    everything = json.dumps(told) + mail
    assert not any(t in everything for t in tokens) and FW_SEED not in everything and "join" not in everything
    notifier.close()
    assert notifier.failures == 0


def test_only_the_referee_sets_where_a_seat_is_told_and_only_to_an_address(tmp_path, fw):
    h = Hosted(tmp_path / "data", fw)
    assert h.post("A", "api/seats/A/notify", {"webhook": "https://example.org/hook"}).status_code == 403
    assert h.post(REFEREE, "api/seats/A/notify", {"webhook": "https://example.org/hook"}, csrf=False).status_code == 403
    for bad in ("ftp://example.org/x", "javascript:alert(1)", "https://", "https://exa mple.org/", "https://example.org/\x07",
                "https://example.org/" + "x" * 600):
        assert h.post(REFEREE, "api/seats/A/notify", {"webhook": bad}).status_code == 400, bad
    for bad in ("nobody", "a@b", "a@example.org, b@example.org", "a\u202e@example.org"):
        assert h.post(REFEREE, "api/seats/A/notify", {"email": bad}).status_code == 400, bad
    assert h.post(REFEREE, "api/seats/Z/notify", {"email": "z@example.org"}).status_code == 404
    assert h.stranger().post(h.url("api/seats/A/notify"), json={"email": "a@example.org"}).status_code == 401
    assert h.post(REFEREE, "api/seats/A/notify", {"email": "a@example.org"}).json() == {"seat": "A", "webhook": None, "email": "a@example.org"}


def test_a_dead_webhook_never_holds_up_play(tmp_path, fw):
    """A webhook nobody answers: the action is applied and answered at once; the failure is counted."""
    notifier = Notifier()
    h = Hosted(tmp_path / "data", fw, notifier=notifier)
    for seat in h.seats:
        assert h.post(REFEREE, f"api/seats/{seat}/notify", {"webhook": "http://127.0.0.1:9/hook"}).status_code == 200
    for _ in range(40):  # play on until some seat's move came (and its notice failed)
        own = [(s, a) for s in h.seats for a in h.actions(s) if a["seat"] == s and a["command"] != "order"]
        seat, action = own[0] if own else ("A", next(a for a in h.actions("A") if a["command"] == "turn"))
        assert h.act(seat, {**action["record"], **{k: v[-1] for k, v in action["choices"].items()}}).status_code == 200
        if own:
            break
    notifier.close()
    assert notifier.failures >= 1 and notifier.sent == 0


class Recorder(Notifier):
    """Notices kept as the server decides them, sent nowhere: the decision tested apart from the transport."""

    def __init__(self):
        super().__init__()
        self.notices: list[tuple[str, str | None, str | None]] = []

    def send(self, text, webhook, email, subject):
        self.notices.append((text, webhook, email))
        return []


def _own_movers(h: Hosted) -> set[str]:
    return {s for s in h.seats if any(a["seat"] == s for a in h.actions(s))}


def test_a_notice_goes_exactly_to_the_seats_whose_move_it_has_become(tmp_path, fw):
    recorder = Recorder()
    h = Hosted(tmp_path / "data", fw, notifier=recorder, public_url=PUBLIC)
    for seat in h.seats:
        assert h.post(REFEREE, f"api/seats/{seat}/notify", {"webhook": f"https://hooks.example.org/{seat}"}).status_code == 200
    told_any = 0
    for _ in range(30):
        before = _own_movers(h)
        own = [(s, a) for s in h.seats for a in h.actions(s) if a["seat"] == s and a["command"] != "order"]
        seat, action = own[0] if own else ("A", next(a for a in h.actions("A") if a["command"] == "turn"))
        recorder.notices.clear()
        assert h.act(seat, {**action["record"], **{k: v[-1] for k, v in action["choices"].items()}}).status_code == 200
        expected = sorted(_own_movers(h) - before)
        assert [hook for _, hook, _ in recorder.notices] == [f"https://hooks.example.org/{s}" for s in expected]
        told_any += len(expected)
    assert told_any >= 2  # the game did pass the move from seat to seat
