"""The HTTP face of the server: Starlette routes over :mod:`.games`, :mod:`.auth` and :mod:`.views`.

Every request under ``/c/ID/`` names its campaign and is answered only for
the seat its cookie (or bearer token) opens there.  GETs read; every change
is a POST with the CSRF token.  Refusals are one line of JSON
(``{"error": ...}``) with a status saying which kind: 400 a malformed
request, 401 no seat, 403 not this seat's to do, 404 no such thing, 409 the
rules or the moment refuse it, 429 too many bad tokens.

Headers on every answer: a Content-Security-Policy that allows only this
server's own script (inline style, as the atlas's) and no other origin, no framing, no referrer
(a seat's link must not leak through one), and no caching of the seat's data.
"""

from __future__ import annotations

import asyncio
import base64
import json
from pathlib import Path
from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from . import views
from .auth import COOKIE, CSRF_HEADER, Auth, Brake, Seat
from .folders import bundle, new_token
from .games import Games, Live
from .notify import Notifier, check_email, check_webhook, message
from .storage import Refusal, Store

#: As the atlas's: no inline script and nothing from another origin; inline style allowed (the drawings carry it, svg-pan-zoom sets it).
CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; "
       "form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]
#: The largest request body read (an action's record is a few hundred bytes).
MAX_BODY = 64 * 1024
#: How often an event stream looks for a change, and how long one lasts before the browser reconnects.
POLL_S = 0.25
STREAM_S = 300.0
#: The most columns a report's table row may have (Fantasy Warriors' losses have three).
MAX_COLUMNS = 8
STATIC = {"serve.js": "text/javascript", "serve.css": "text/css", "svg-pan-zoom.min.js": "text/javascript"}


class SecurityHeaders:
    """A plain ASGI wrapper that adds :data:`HEADERS` to every response (streams included)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def sending(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        await self.app(scope, receive, sending)


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


class Server:
    """One server: its database, live campaigns, authentication; its routes are the methods below."""

    def __init__(self, data_dir: str | Path, brake: Brake | None = None, stream_s: float = STREAM_S,
                 notifier: Notifier | None = None, public_url: str | None = None):
        self.data_dir = Path(data_dir)
        self.store = Store(self.data_dir)
        self.games = Games(self.store)
        self.auth = Auth(self.store, brake)
        self.stream_s = stream_s
        self.notifier = notifier or Notifier()
        self.public_url = public_url.rstrip("/") if public_url else None
        #: Each campaign's seats to tell, as the database holds them (read once, changed by set_notify here).
        self._targets: dict[str, dict] = {}

    # --- telling seats it is their move -----------------------------------------------------------
    def targets(self, cid: str) -> dict:
        if cid not in self._targets:
            self._targets[cid] = self.store.notify_targets(cid)
        return self._targets[cid]

    async def any_targets(self, cid: str) -> bool:
        """Whether any seat of the campaign is told of its move (read from the database once: no thread hop after)."""
        targets = self._targets.get(cid)
        return bool(targets if targets is not None else await run_in_threadpool(self.targets, cid))

    @staticmethod
    def to_move(live: Live) -> set[str]:
        """The seats with actions of their own now (an action any seat may take, as ``turn``, makes no one's move)."""
        return {a.seat for a in live.actions(None) if a.seat is not None}

    def tell(self, request: Request, before: Live, after: Live) -> None:
        """Notify each seat whose move it has become (it had no action of its own before, it has one now)."""
        targets = self.targets(after.campaign.id)
        base = self.public_url or str(request.base_url).rstrip("/")
        for seat in sorted(self.to_move(after) - self.to_move(before)):
            if seat in targets:
                hook, mail = targets[seat]
                title = after.campaign.title
                self.notifier.send(message(title, seat, f"{base}/c/{after.campaign.id}/"), hook, mail, f"Your move in {title}")

    # --- who asks -----------------------------------------------------------------------------------
    def _client(self, request: Request) -> str:
        return request.client.host if request.client else "?"

    def seat(self, request: Request) -> Seat | Response:
        """The seat asking in ``/c/ID/``, or the refusal to send (401 no token, 403 a token that opens nothing here, 429)."""
        client = self._client(request)
        if self.auth.brake.blocked(client):
            return _error("too many bad seat links from here: wait a minute", 429)
        token = request.cookies.get(COOKIE)
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            token = header[7:].strip()
        if not token:
            return _error("no seat: open your seat's link first", 401)
        seat = self.auth.seat(token, request.path_params["cid"])
        if seat is None:
            self.auth.brake.failed(client)
            return _error("this link opens no seat in this campaign (revoked, or never issued)", 403)
        return seat

    async def posted(self, request: Request, seat: Seat) -> dict | Response:
        """A POST's fields (JSON or form), once its CSRF token is right."""
        body = await request.body()
        if len(body) > MAX_BODY:
            return _error("request too large", 413)
        form = request.headers.get("content-type", "").startswith("application/x-www-form-urlencoded")
        try:
            # the page's forms are urlencoded: the standard library reads them (python-multipart would only add uploads)
            data = dict(parse_qsl(body.decode("utf-8"), keep_blank_values=True)) if form else (json.loads(body) if body else {})
        except (ValueError, UnicodeDecodeError):
            return _error("the body is not JSON", 400)
        if not isinstance(data, dict):
            return _error("the body must be a JSON object", 400)
        if not self.auth.csrf_ok(seat, request.headers.get(CSRF_HEADER) or data.get("csrf")):
            return _error("missing or wrong CSRF token: reload the page", 403)
        return data

    async def posting(self, request: Request, who) -> tuple[Seat, dict] | Response:
        """The seat (``who``: :meth:`seat` or :meth:`_referee`) and the fields of its POST, or the refusal to send."""
        seat = who(request)
        if isinstance(seat, Response):
            return seat
        data = await self.posted(request, seat)
        return data if isinstance(data, Response) else (seat, data)

    async def live(self, seat: Seat):
        return await run_in_threadpool(self.games.live, seat.campaign)

    # --- pages --------------------------------------------------------------------------------------
    async def join(self, request: Request) -> Response:
        """A seat's link: the token goes into the campaign's cookie and the browser on to the clean address."""
        client = self._client(request)
        if self.auth.brake.blocked(client):
            return HTMLResponse(views.message_page("Slow down", "Too many bad seat links from here: wait a minute."), 429)
        found = await run_in_threadpool(self.store.seat_of_token, request.path_params["token"])
        if found is None:
            self.auth.brake.failed(client)
            return HTMLResponse(views.message_page("No seat", "This link opens no seat: it was revoked, or mistyped. "
                                                   "Ask the referee for a new one."), 403)
        cid = found[0]
        response = RedirectResponse(f"/c/{cid}/", status_code=303)
        response.set_cookie(COOKIE, request.path_params["token"], path=f"/c/{cid}/", httponly=True, samesite="strict",
                            secure=request.url.scheme == "https", max_age=60 * 60 * 24 * 365)
        return response

    async def page(self, request: Request) -> Response:
        seat = self.seat(request)
        if isinstance(seat, Response):
            if seat.status_code == 401:  # SameSite=Strict: a link followed from another site arrives without the cookie
                here = f"/c/{request.path_params['cid']}/"
                return HTMLResponse(views.message_page("Your seat", "No seat cookie came with this request. Open your seat's link, "
                                                       "or follow this one if you just did.", here), 401)
            why = json.loads(seat.body)["error"]
            return HTMLResponse(views.message_page("No seat", f"Refused: {why}. Ask the referee for a new link."), seat.status_code)
        live = await self.live(seat)
        return HTMLResponse(await run_in_threadpool(views.page, live, seat, self.auth.csrf(seat), self.data_dir))

    async def map_svg(self, request: Request) -> Response:
        seat = self.seat(request)
        if isinstance(seat, Response):
            return seat
        live = await self.live(seat)
        svg = await run_in_threadpool(views.status_svg, self.data_dir, live, seat)
        return Response(svg, media_type="image/svg+xml")

    async def history(self, request: Request) -> Response:
        """``GET history?at=N``: the campaign after N actions, as this seat saw it then (N defaults to now)."""
        return await self._past(request, lambda live, seat, befores, at: HTMLResponse(views.history_page(live, seat, befores, at)))

    async def history_svg(self, request: Request) -> Response:
        """``GET history.svg?at=N``: the map after N actions, as this seat knew it then."""
        return await self._past(request, lambda live, seat, befores, at: Response(
            views.history_svg(self.data_dir, live, seat, befores, at), media_type="image/svg+xml"))

    async def _past(self, request: Request, answer) -> Response:
        seat = self.seat(request)
        if isinstance(seat, Response):
            return seat

        def drawn() -> Response:
            live = self.games.live(seat.campaign)
            befores = [a.before_text for a in self.store.live_actions(seat.campaign)]
            try:
                at = int(request.query_params.get("at", len(befores)))
            except ValueError:
                return _error("at: the count of actions, a whole number", 400)
            if not 0 <= at <= len(befores):
                return _error(f"at: from 0 to {len(befores)}", 404)
            return answer(live, seat, befores, at)

        return await run_in_threadpool(drawn)

    async def static(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            return _error("not found", 404)
        return FileResponse(views.static_file(name), media_type=STATIC[name])

    # --- the seat's data ----------------------------------------------------------------------------
    async def view(self, request: Request) -> Response:
        seat = self.seat(request)
        if isinstance(seat, Response):
            return seat
        data = await run_in_threadpool(lambda: views.payload(self.games.live(seat.campaign), seat))  # one hop to a thread
        return JSONResponse({**data, "csrf": self.auth.csrf(seat)})

    async def actions(self, request: Request) -> Response:
        seat = self.seat(request)
        if isinstance(seat, Response):
            return seat
        def listed() -> dict:
            live = self.games.live(seat.campaign)
            return {"version": live.campaign.version, "actions_taken": live.count, "actions": views.actions(live, seat)}

        return JSONResponse(await run_in_threadpool(listed))

    async def events(self, request: Request) -> Response:
        """Server-sent events: the campaign's version now, then each time it changes (each seat then asks for its view)."""
        seat = self.seat(request)
        if isinstance(seat, Response):
            return seat
        cid, games, stream_s = seat.campaign, self.games, self.stream_s

        async def stream():
            seen, waited = None, 0.0
            yield "retry: 2000\n\n"
            while waited < stream_s:
                version = games.versions.get(cid)
                if version is None:
                    version = (await run_in_threadpool(games.live, cid)).campaign.version
                if version != seen:
                    seen = version
                    yield f"event: changed\ndata: {version}\n\n"
                if await request.is_disconnected():
                    return
                await asyncio.sleep(POLL_S)
                waited += POLL_S

        return StreamingResponse(stream(), media_type="text/event-stream")

    # --- changes ----------------------------------------------------------------------------------------
    async def act(self, request: Request) -> Response:
        """POST an action: ``{"record": {...}, "roll": [faces], "expect": N}`` (or the page's form)."""

        def apply(seat: Seat, data: dict):
            record, roll, expect = _action_fields(data)
            return self.games.act(seat.campaign, seat.seat, record, roll, expect)

        return await self._change(request, apply)

    async def undo(self, request: Request) -> Response:
        """POST an undo of the seat's last action: ``{"expect": N}`` (or the page's form)."""
        return await self._change(request, lambda seat, data: self.games.undo(seat.campaign, seat.seat, _expect(data)))

    async def _change(self, request: Request, change) -> Response:
        """A seat's change to its campaign (an action or an undo): refused with its reason, or made and told to the others."""
        asked = await self.posting(request, self.seat)
        if isinstance(asked, Response):
            return asked
        seat, data = asked
        form = "csrf" in data and not request.headers.get(CSRF_HEADER)
        before = await self.live(seat) if await self.any_targets(seat.campaign) else None
        try:
            done = await run_in_threadpool(change, seat, data)
        except Refusal as exc:
            return await self._refused(seat, str(exc), exc.status, form)
        if before is not None:
            await run_in_threadpool(self.tell, request, before, done.live)
        if form:
            return RedirectResponse(f"/c/{seat.campaign}/", status_code=303)
        return JSONResponse({"version": done.live.campaign.version, "actions_taken": done.live.count, "lines": done.lines})

    async def _refused(self, seat: Seat, message: str, status: int, form: bool) -> Response:
        if not form:
            return _error(message, status)
        live = await self.live(seat)
        return HTMLResponse(await run_in_threadpool(views.page, live, seat, self.auth.csrf(seat), self.data_dir, message), status)

    # --- the referee ----------------------------------------------------------------------------------
    def _referee(self, request: Request) -> Seat | Response:
        seat = self.seat(request)
        if isinstance(seat, Seat) and not seat.referee:
            return _error("only the referee may do that", 403)
        return seat

    async def reissue(self, request: Request) -> Response:
        """A seat's new link (the old one and its cookies open nothing from now on); ``revoke`` leaves it with none."""
        asked = await self.posting(request, self._referee)
        if isinstance(asked, Response):
            return asked
        seat, data = asked
        target, how = request.path_params["seat"], request.path_params["how"]
        if how not in ("reissue", "revoke"):
            return _error(f"{how!r}: reissue or revoke", 404)
        token = None if how == "revoke" else new_token()
        try:
            await run_in_threadpool(self.store.set_token, seat.campaign, target, token)
        except Refusal as exc:
            return _error(str(exc), exc.status)
        link = str(request.url_for("join", token=token)) if token else None
        if "csrf" in data and not request.headers.get(CSRF_HEADER):  # the referee's page
            text = f"{target}'s new link (shown once; the old one opens nothing now): {link}" if link else \
                f"{target}'s link is revoked: it opens nothing now."
            return HTMLResponse(views.message_page("Seat link", text, f"/c/{seat.campaign}/", "Back to the campaign"))
        return JSONResponse({"seat": target, "link": link})

    async def set_notify(self, request: Request) -> Response:
        """The referee sets where a seat is told it is its move: ``{"webhook": URL or "", "email": ADDRESS or ""}``."""
        asked = await self.posting(request, self._referee)
        if isinstance(asked, Response):
            return asked
        seat, data = asked
        target = request.path_params["seat"]
        try:
            hook = check_webhook(str(data["webhook"]).strip()) if data.get("webhook") else None
            mail = check_email(str(data["email"]).strip()) if data.get("email") else None
            await run_in_threadpool(self.store.set_notify, seat.campaign, target, hook, mail)
        except Refusal as exc:
            return _error(str(exc), exc.status)
        self._targets.pop(seat.campaign, None)
        if "csrf" in data and not request.headers.get(CSRF_HEADER):  # the referee's page
            return RedirectResponse(f"/c/{seat.campaign}/", status_code=303)
        return JSONResponse({"seat": target, "webhook": hook, "email": mail})

    async def export(self, request: Request) -> Response:
        """The campaign as folder files (base64), for ``mapgen campaign export``: the referee's only, seed and all."""
        seat = self._referee(request)
        if isinstance(seat, Response):
            return seat
        files = await run_in_threadpool(bundle, self.store, seat.campaign)
        return JSONResponse({"campaign": seat.campaign, "files": {p: base64.b64encode(d).decode() for p, d in files.items()}})

    async def whoami(self, request: Request) -> Response:
        """``GET /api/seat`` with a bearer token: the campaign and seat it opens (``campaign export URL`` starts here)."""
        client = self._client(request)
        if self.auth.brake.blocked(client):
            return _error("too many bad seat links from here: wait a minute", 429)
        header = request.headers.get("authorization", "")
        found = await run_in_threadpool(self.store.seat_of_token, header[7:].strip()) if header.lower().startswith("bearer ") else None
        if found is None:
            self.auth.brake.failed(client)
            return _error("this token opens no seat", 403)
        return JSONResponse({"campaign": found[0], "seat": found[1]})


def _expect(data: dict) -> int | None:
    value = data.get("expect")
    if value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Refusal("expect: the count of actions you saw, a whole number", 400) from None


def _action_fields(data: dict) -> tuple[dict, list[int], int | None]:
    """(record, faces, expect) from a JSON body or the page's form (``record`` as JSON, ``choice.FIELD`` picks, ``roll`` as 4,2)."""
    record = data.get("record")
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except ValueError:
            raise Refusal("record: not JSON", 400) from None
    if not isinstance(record, dict):
        raise Refusal("record: a JSON object with the command's name and fields", 400)
    rows: dict[str, dict[str, list[int]]] = {}
    for key, value in data.items():
        if key.startswith("rows."):  # a report's table: rows.FIELD.KEY.COLUMN = a whole number
            try:
                field, row, column = key[5:].rsplit(".", 2)
                if not 0 <= int(column) < MAX_COLUMNS:
                    raise ValueError(column)
                cells = rows.setdefault(field, {}).setdefault(row, [])
                cells.extend([0] * (int(column) + 1 - len(cells)))
                cells[int(column)] = int(value or 0)
            except ValueError:
                raise Refusal(f"{key}: a whole number", 400) from None
        if key.startswith("choice."):
            try:
                record[key[7:]] = json.loads(value)
            except ValueError:
                raise Refusal(f"{key}: not JSON", 400) from None
    for field, table in rows.items():
        if any(c < 0 or c > 9999 for cells in table.values() for c in cells):
            raise Refusal(f"{field}: each figure a whole number from 0 to 9999", 400)
        record[field] = [[row, *cells] for row, cells in table.items() if any(cells)]
    roll = data.get("roll") or []
    if isinstance(roll, str):
        try:
            roll = [int(f) for f in roll.replace(" ", "").split(",") if f]
        except ValueError:
            raise Refusal("roll: the faces in order, as 4,2", 400) from None
    if not isinstance(roll, list):
        raise Refusal("roll: a list of faces", 400)
    return record, roll, _expect(data)


def create_app(data_dir: str | Path, brake: Brake | None = None, stream_s: float = STREAM_S,
               notifier: Notifier | None = None, public_url: str | None = None):
    """The ASGI application serving the campaigns in ``data_dir``'s database (``public_url``: the address seats use)."""
    s = Server(data_dir, brake, stream_s, notifier, public_url)
    routes = [
        Route("/join/{token}", s.join, name="join"),
        Route("/static/{name}", s.static),
        Route("/api/seat", s.whoami),
        Route("/c/{cid}/", s.page),
        Route("/c/{cid}/map.svg", s.map_svg),
        Route("/c/{cid}/history", s.history),
        Route("/c/{cid}/history.svg", s.history_svg),
        Route("/c/{cid}/api/view", s.view),
        Route("/c/{cid}/api/actions", s.actions),
        Route("/c/{cid}/api/events", s.events),
        Route("/c/{cid}/api/export", s.export),
        Route("/c/{cid}/api/act", s.act, methods=["POST"]),
        Route("/c/{cid}/api/undo", s.undo, methods=["POST"]),
        Route("/c/{cid}/api/seats/{seat}/notify", s.set_notify, methods=["POST"]),
        Route("/c/{cid}/api/seats/{seat}/{how:str}", s.reissue, methods=["POST"]),
    ]
    app = Starlette(routes=routes)
    app.state.server = s
    return SecurityHeaders(app)
