"""Telling a seat that it is its move: a webhook per seat (the JSON Discord and Slack accept) and e-mail over SMTP.

Play by web waits for people; a seat should not have to keep the page open
to learn that the campaign waits for it.  The referee sets each seat's
webhook address and e-mail address (:meth:`Store.set_notify`); when an action
or an undo makes a seat one that has actions of its own to take and it had
none before, the server sends it one line: "It is your move in CAMPAIGN
(SEAT): ADDRESS", where ADDRESS is the campaign's page without any token
(the seat's cookie opens it; a link that carried the token would let whoever
reads the channel play the seat).  Nothing else goes out: no state, no log,
no seed.

Sending happens on a small pool of background threads, after the action is
committed and answered: a slow or dead webhook never holds up play, and a
failure is only counted (:attr:`Notifier.failures`), never retried in a loop.
"""

from __future__ import annotations

import json
import os
import smtplib
import ssl
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import urlsplit

from ..text import text_problem
from .storage import Refusal

#: How long one webhook POST or SMTP conversation may take before it is given up.
TIMEOUT_S = 10.0
#: The longest webhook address accepted (Discord's and Slack's are under 200 characters).
MAX_URL = 500
#: Environment variables holding the SMTP login, so the password never appears on a command line.
SMTP_USER_ENV = "MAPGEN_SMTP_USER"
SMTP_PASSWORD_ENV = "MAPGEN_SMTP_PASSWORD"


@dataclass(frozen=True)
class Smtp:
    """Where e-mail goes out: ``host``, ``port`` (465: TLS from the start; otherwise STARTTLS when offered), the sender."""

    host: str
    port: int
    sender: str


def check_webhook(url: str) -> str:
    """An http(s) address with a host, no spaces or control characters; else a :class:`Refusal` saying why."""
    parts = urlsplit(url)
    if text_problem(url, MAX_URL) or parts.scheme not in ("http", "https") or not parts.hostname or any(c.isspace() or ord(c) < 32 for c in url):
        raise Refusal(f"webhook: an http:// or https:// address of at most {MAX_URL} characters", 400)
    return url


def check_email(address: str) -> str:
    problem = text_problem(address, 200)
    if problem:
        raise Refusal(f"email: {problem}", 400)
    local, at, domain = address.partition("@")
    if not at or not local or "." not in domain or any(c.isspace() for c in address) or "," in address:
        raise Refusal("email: one address, as name@example.org", 400)
    return address


def message(title: str, seat: str, address: str) -> str:
    """The one line a seat is sent: no state, no token, no seed."""
    return f"It is your move in {title} ({seat}): {address}"


def webhook_body(text: str) -> bytes:
    """Discord reads ``content``, Slack ``text``; each ignores the other's."""
    return json.dumps({"content": text, "text": text, "username": "mapgen"}).encode("utf-8")


class Notifier:
    """Sends the notices on background threads; ``send`` returns at once."""

    def __init__(self, smtp: Smtp | None = None, workers: int = 2):
        self.smtp = smtp
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mapgen-notify")
        self._lock = threading.Lock()
        self.failures = 0
        self.sent = 0

    def send(self, text: str, webhook: str | None, email: str | None, subject: str):
        """Queue the notice to a seat's webhook and e-mail address (either may be None); the futures, for tests."""
        futures = []
        if webhook:
            futures.append(self._pool.submit(self._counted, self._post, webhook, text))
        if email and self.smtp:
            futures.append(self._pool.submit(self._counted, self._mail, email, subject, text))
        return futures

    def _counted(self, fn, *args) -> None:
        try:
            fn(*args)
        except (OSError, smtplib.SMTPException, urllib.error.URLError, ValueError):
            with self._lock:
                self.failures += 1
        else:
            with self._lock:
                self.sent += 1

    @staticmethod
    def _post(url: str, text: str) -> None:
        request = urllib.request.Request(url, data=webhook_body(text), method="POST",
                                         headers={"Content-Type": "application/json", "User-Agent": "mapgen-serve"})
        with urllib.request.urlopen(request, timeout=TIMEOUT_S) as response:
            response.read(1024)

    def _mail(self, to: str, subject: str, text: str) -> None:
        mail = EmailMessage()
        mail["From"], mail["To"], mail["Subject"] = self.smtp.sender, to, subject
        mail.set_content(text + "\n")
        user, password = os.environ.get(SMTP_USER_ENV), os.environ.get(SMTP_PASSWORD_ENV)
        if self.smtp.port == 465:
            server = smtplib.SMTP_SSL(self.smtp.host, self.smtp.port, timeout=TIMEOUT_S, context=ssl.create_default_context())
        else:
            server = smtplib.SMTP(self.smtp.host, self.smtp.port, timeout=TIMEOUT_S)
        with server:
            server.ehlo()
            if self.smtp.port != 465 and server.has_extn("starttls"):
                server.starttls(context=ssl.create_default_context())
                server.ehlo()
            if user and password:
                server.login(user, password)
            server.send_message(mail)

    def close(self) -> None:
        self._pool.shutdown(wait=True)
