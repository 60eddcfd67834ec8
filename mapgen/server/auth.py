"""Who is asking: a seat's link and cookie, the CSRF token, and the brake on guessed tokens.

* A seat's link carries its token (256 random bits); the database holds only
  its SHA-256.  Opening the link sets the token as an HttpOnly,
  SameSite=Strict cookie scoped to that campaign's path, so scripts cannot
  read it and other sites cannot send it; programs may send the same token as
  ``Authorization: Bearer``.  Revoking or reissuing a seat's link changes the
  hash, so the old link and every cookie made from it open nothing.
* Every POST carries a CSRF token (header ``X-CSRF-Token`` or form field
  ``csrf``): an HMAC of the seat's token hash under a key the server keeps,
  so a page on another site can neither read nor forge it.
* Failed token attempts are counted per client address: after
  :data:`MAX_FAILURES` in :data:`WINDOW_S` seconds every attempt from there is
  refused until the window passes.  256 bits cannot be guessed anyway; the
  brake keeps a scanner from filling the log and the CPU.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import defaultdict, deque
from dataclasses import dataclass

from .storage import REFEREE, Store, token_sha256

COOKIE = "mapgen_seat"
CSRF_HEADER = "x-csrf-token"
MAX_FAILURES = 10
WINDOW_S = 60.0


@dataclass(frozen=True)
class Seat:
    """A request's seat in one campaign, and the token it came with."""

    campaign: str
    seat: str
    token: str

    @property
    def referee(self) -> bool:
        return self.seat == REFEREE


class Brake:
    """Failed token attempts per client address, over a sliding window."""

    def __init__(self, max_failures: int = MAX_FAILURES, window_s: float = WINDOW_S):
        self.max_failures, self.window_s = max_failures, window_s
        self._failures: dict[str, deque] = defaultdict(deque)
        self._lock = threading.Lock()

    def _recent(self, client: str, now: float) -> deque:
        q = self._failures[client]
        while q and now - q[0] > self.window_s:
            q.popleft()
        return q

    def blocked(self, client: str) -> bool:
        with self._lock:
            return len(self._recent(client, time.monotonic())) >= self.max_failures

    def failed(self, client: str) -> None:
        with self._lock:
            now = time.monotonic()
            self._recent(client, now).append(now)


class Auth:
    """Tokens to seats, the CSRF tokens, and the brake, over one :class:`Store`."""

    def __init__(self, store: Store, brake: Brake | None = None):
        self.store = store
        self._key = bytes.fromhex(store.secret("csrf_key", lambda: secrets.token_hex(32)))
        self.brake = brake or Brake()

    def seat(self, token: str | None, campaign: str) -> Seat | None:
        """The seat ``token`` opens in ``campaign``, or None (a token of another campaign opens nothing here)."""
        if not token or len(token) > 200:
            return None
        found = self.store.seat_of_token(token)
        if found is None or found[0] != campaign:
            return None
        return Seat(found[0], found[1], token)

    def csrf(self, seat: Seat) -> str:
        return hmac.new(self._key, token_sha256(seat.token).encode(), hashlib.sha256).hexdigest()

    def csrf_ok(self, seat: Seat, given: str | None) -> bool:
        return bool(given) and hmac.compare_digest(self.csrf(seat), str(given))
