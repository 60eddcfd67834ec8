"""What a seat is sent: its view, its log, its legal actions, its map, its page; nothing else of the state.

Every payload is built from the rule set's seat-aware functions only
(``view``, ``status_lines``, ``log_lines``, ``actions``, and the presenter's
``status_svg``, which draws from the same view), each given the seat; the
referee is ``None`` to them, the umpire who sees everything.  The state
itself, its seed and the other seats' secrets never go into a response to a
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
    for a in live.ruleset.actions(live.state, rules_seat(seat), live.board):
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


def without_seed(svg: str, seed) -> str:
    """The drawing with its "seed X" lines blanked: the campaign's dice seed is its map's seed, which the map prints."""
    shown = re.escape(escape(str(seed)))
    return re.sub(rf"(\b[Ss]eed:? ){shown}(?![\w-])", r"\1kept by the server", svg)


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    def load(name: str):
        path = template_path("serve", name)
        return path.read_text(encoding="utf-8"), str(path), lambda: True

    return jinja2.Environment(loader=jinja2.FunctionLoader(load), autoescape=True, undefined=jinja2.StrictUndefined)


def page(live: Live, seat: Seat, csrf: str, refusal: str | None = None) -> str:
    """The seat's page: map, whose move, state, legal actions as forms that POST, log (newest first)."""
    data = payload(live, seat)
    groups: dict[str, list[dict]] = {}
    for a in actions(live, seat):
        fixed = {k: v for k, v in a["record"].items() if k not in a["choices"]}
        options = {k: [(json.dumps(o, ensure_ascii=False), o) for o in v] for k, v in a["choices"].items()}
        groups.setdefault(a["command"].replace("_", " "), []).append({**a, "fixed": json.dumps(fixed, ensure_ascii=False), "options": options})
    return _environment().get_template("page.html").render(
        data=data, groups=groups, csrf=csrf, refusal=refusal, referee=seat.referee, log=list(reversed(data["log"]))[:200])


def message_page(title: str, text: str, link: str | None = None, link_text: str = "Open my seat") -> str:
    return _environment().get_template("message.html").render(title=title, text=text, link=link, link_text=link_text)


def static_file(name: str) -> Path:
    return template_path("serve", name)
