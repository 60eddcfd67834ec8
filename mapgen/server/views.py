"""What a seat is sent: its view, its log, its legal actions, its map, its page; nothing else of the state.

Every payload is built from the rule set's seat-aware functions only
(``view``, ``status_lines``, ``log_lines``, ``actions``, and the presenter's
``status_svg``, which draws from the same view), each given the seat; the
referee is ``None`` to them, the umpire who sees everything.  The state
itself, its seeds (the map's and the dice's) and the other seats' secrets never go into a response to a
seat, because nothing here reads them.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

import jinja2

from .. import safefs
from ..atlas.cache import Fragments
from ..render.templates import template_path
from .auth import Seat
from .games import Live

#: Status maps kept drawn: (campaign, version, seat) -> SVG text (a map takes a few hundred ms to draw).
MAX_KEPT_MAPS = 64
_MAPS: OrderedDict = OrderedDict()


def rules_seat(seat: Seat) -> str | None:
    """The seat as the rule set's functions take it: None is the referee, who sees everything."""
    return None if seat.referee else seat.seat


def payload(live: Live, seat: Seat) -> dict:
    """``GET api/view``: the seat's view of the campaign now, with its log in words and whose move it is."""
    r, state, board, s = live.ruleset, live.state, live.board, rules_seat(seat)
    return {
        "campaign": live.campaign.id,
        "title": live.campaign.title,
        "rules": r.title,
        "seat": seat.seat,
        "seat_word": r.seat_word,
        "seats": list(r.seats(state)),
        "version": live.campaign.version,
        "actions_taken": live.count,
        "dice": live.campaign.dice,
        "when": r.when(state),
        "awaiting": r.awaiting(state, board),
        "over": r.over(state),
        "status": r.status_lines(state, s, board),
        "log": r.log_lines(state, s, None),
        "view": r.view(state, s, board),
    }


def actions(live: Live, seat: Seat) -> list[dict]:
    """``GET api/actions``: what the seat may do now, each with the record to POST (fields in ``choices`` picked by the seat)."""
    out = []
    for a in live.actions(rules_seat(seat)):
        out.append({"seat": a.seat, "command": a.command, "label": a.label, "record": {"command": a.command, **dict(a.args)},
                    "choices": {k: list(v) for k, v in a.choices.items()}})
    return out


def map_folder(data_dir: Path, live: Live) -> Path:
    """A folder holding only the campaign's map copy, for the presenter that reads it from a folder."""
    folder = Path(data_dir) / "maps" / live.campaign.id
    folder.mkdir(parents=True, exist_ok=True)
    path = safefs.inside(folder, live.campaign.map_file)
    if not path.is_file() or path.stat().st_size != len(live.campaign.map_bytes):
        path.write_bytes(live.campaign.map_bytes)
    return folder


def status_svg(data_dir: Path, live: Live, seat: Seat) -> str:
    """The campaign map as the seat may know it (the presenter's ``status_svg``, the one ``status --svg --side`` draws)."""
    key = (live.campaign.id, live.campaign.version, seat.seat)
    svg = _MAPS.get(key)
    if svg is None:
        presenter = live.ruleset.present()
        svg = presenter.status_svg(map_folder(data_dir, live), live.state, live.board, rules_seat(seat)) if presenter else ""
        svg = without_seed(svg, live.ruleset.seed(live.state))
        _MAPS[key] = svg
        while len(_MAPS) > MAX_KEPT_MAPS:
            _MAPS.popitem(last=False)
    return svg


def atlas_map(data_dir: Path, live: Live, seat: Seat) -> dict:
    """The atlas's map for the seat: inline SVG with its layer of squares or places, and what each one shows.

    The presenter's ``atlas_context``, the one ``mapgen atlas --side`` builds,
    drawn from the seat's view; kept per (campaign, version, seat).  Only the
    map and its squares' details are used: the page says the rest itself.
    """
    key = ("atlas", live.campaign.id, live.campaign.version, seat.seat)
    kept = _MAPS.get(key)
    if kept is None:
        presenter = live.ruleset.present()
        if presenter is None:  # a rule set with no drawings (the toy one): the page is its words
            return {"svg": "", "details": {}, "game": live.ruleset.title}
        folder = map_folder(data_dir, live)
        context = presenter.atlas_context(folder, live.state, live.board, rules_seat(seat), Fragments(folder))
        seed = live.ruleset.seed(live.state)
        kept = {"svg": without_seed(context["map_svg"], seed), "details": context["data"]["details"], "game": context["data"]["game"]}
        _MAPS[key] = kept
        while len(_MAPS) > MAX_KEPT_MAPS:
            _MAPS.popitem(last=False)
    return kept


def without_seed(svg: str, seed) -> str:
    """The drawing with its "seed X" lines blanked: in a campaign begun before the secret dice seed, the dice
    come from the map seed, which the map prints (a newer campaign's dice seed is drawn nowhere)."""
    shown = re.escape(escape(str(seed)))
    return re.sub(rf"(\b[Ss]eed:? ){shown}(?![\w-])", r"\1kept by the server", svg)


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    def load(name: str):
        path = template_path("serve", name)
        return path.read_text(encoding="utf-8"), str(path), lambda: True

    return jinja2.Environment(loader=jinja2.FunctionLoader(load), autoescape=True, undefined=jinja2.StrictUndefined)


def _target(value) -> str | None:
    """Where a choice leads on the map: a path's last square or node, or the square or node itself."""
    if isinstance(value, (list, tuple)):
        return str(value[-1]) if value else None
    return value if isinstance(value, str) else None


def _groups(live: Live, seat: Seat, view: dict) -> dict[str, list[dict]]:
    """The seat's actions as the page's forms, grouped by command; a move's reachable places and a report's rows with each."""
    presenter = live.ruleset.present()
    groups: dict[str, list[dict]] = {}
    for n, a in enumerate(live.actions(rules_seat(seat))):
        record = {"command": a.command, **dict(a.args)}
        fixed = {k: v for k, v in record.items() if k not in a.choices}
        options = {k: [(json.dumps(o, ensure_ascii=False), o) for o in v] for k, v in a.choices.items()}
        reach = {t: value for values in options.values() for value, o in values if (t := _target(o))}
        place = presenter.action_place(live.state, a) if presenter and reach else None
        report = presenter.report_rows(view, a) if presenter else None
        groups.setdefault(a.command.replace("_", " "), []).append({
            "n": n, "label": a.label or a.command, "fixed": json.dumps(fixed, ensure_ascii=False), "options": options,
            "place": place, "reach": json.dumps(reach, ensure_ascii=False) if place else "", "report": report})
    return groups


def page(live: Live, seat: Seat, csrf: str, data_dir: Path, refusal: str | None = None) -> str:
    """The seat's page: the atlas's map (pan, zoom, keyboard, click to move), whose move, the actions as forms, state, log."""
    data = payload(live, seat)
    atlas = atlas_map(data_dir, live, seat)
    return _environment().get_template("page.html").render(
        data=data, groups=_groups(live, seat, data["view"]), csrf=csrf, refusal=refusal, referee=seat.referee,
        log=list(reversed(data["log"]))[:200], map_svg=atlas["svg"],
        details=script_json({"game": atlas["game"], "details": atlas["details"]}))


def script_json(value) -> str:
    """JSON for a ``<script type="application/json">`` block: no ``<`` in it, so no text can close the element."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def past_state(live: Live, befores: list[str], at: int):
    """The state after ``at`` actions: the one kept before action ``at + 1`` (the log's ``before_text``), or the state now."""
    return live.state if at == len(befores) else live.ruleset.read_state(befores[at], f"campaign {live.campaign.id}")


def history_page(live: Live, seat: Seat, befores: list[str], at: int) -> str:
    """The campaign after ``at`` actions as the seat saw it then: the rule set's ``view`` of that state for that seat.

    Read and shown through the same seat-aware functions as the live page
    (``status_lines``, ``log_lines``, the presenter's map at ``history.svg``),
    so nothing the seat could not see then is shown; the actions' records are
    not shown at all (another seat's record may hold a secret choice).
    """
    r, s = live.ruleset, rules_seat(seat)
    state = past_state(live, befores, at)
    return _environment().get_template("history.html").render(
        title=live.campaign.title, seat=seat.seat, at=at, count=len(befores), when=r.when(state),
        status=r.status_lines(state, s, live.board), log=list(reversed(r.log_lines(state, s, None)))[:200],
        has_map=r.present() is not None)


def history_svg(data_dir: Path, live: Live, seat: Seat, befores: list[str], at: int) -> str:
    """The campaign map after ``at`` actions, as the seat knew it then (seed blanked, as on the live map)."""
    state = past_state(live, befores, at)
    presenter = live.ruleset.present()
    svg = presenter.status_svg(map_folder(data_dir, live), state, live.board, rules_seat(seat)) if presenter else ""
    return without_seed(svg, live.ruleset.seed(state))


def message_page(title: str, text: str, link: str | None = None, link_text: str = "Open my seat") -> str:
    return _environment().get_template("message.html").render(title=title, text=text, link=link, link_text=link_text)


#: The pan and zoom library the atlas vendors (templates/atlas/vendor/): one copy serves both pages.
PAN_ZOOM = "svg-pan-zoom.min.js"


def static_file(name: str) -> Path:
    return template_path("atlas", f"vendor/{name}") if name == PAN_ZOOM else template_path("serve", name)
