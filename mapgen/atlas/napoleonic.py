"""A Napoleonic battle's atlas: the board's areas by the names the commands take, each area's units, the log.

Everything a side sees comes from the engine's per-seat view
(:func:`mapgen.napoleonic.view.side_view`): during the secret deployment
(NAP-2.1) the other side's units are "behind the divider", in no area, and
the log leaves out the other side's placement.  The page is the places
layout the Renaissance campaign uses: each area of the board is a place to
point at, its details its units and the areas next to it.
"""

from __future__ import annotations

from pathlib import Path

from ..napoleonic.armies import army_cost
from ..napoleonic.board import AREAS, neighbours
from ..rulebooks.nap_units import UNITS
from ..napoleonic.view import HIDDEN, entry_words, side_view, status_lines, visible, when
from ..render.napoleonic_status import MARK_RADIUS, board_svg, box_marks
from . import folder as files
from .cache import Fragments
from .common import counters_html, headline, log_row
from .svg import inline_map, node_hits

KIND_WORDS = {"line": "battle-line area (NAP-2.1)", "mid": "central zone (NAP-2.2)", "reserve": "Reserve Area (NAP-2.1)",
              "retreat": "Retreat Area: pieces here act only once rallied (NAP-11.2)"}


def _unit_words(u: dict) -> str:
    marks = (", in square" if u["in_square"] else "") + (f", {u['actions_used']}/{u['actions']} actions used" if u["actions_used"] else "")
    return f"{u['id']} {u['name']} ({UNITS[u['type']].label.lower()}, side {u['side']}){marks}"


def _details(view: dict, view_seat: str | None) -> tuple[list[dict], dict[str, dict]]:
    centres = box_marks(view_seat)
    order, details = [], {}
    for name, area in AREAS.items():
        here = [u for u in view["units"] if u["area"] == name]
        details[name] = {
            "id": name, "name": area.label, "kind": KIND_WORDS[area.kind], "country": "",
            "holder": f"side {area.owner}'s" if area.owner else "shared by both sides",
            "armies": [_unit_words(u) for u in here], "roads": [f"{n} ({AREAS[n].label})" for n in neighbours(name)],
            "plans": [],
        }
        x, y = centres[name]
        label = f"{name} ({area.label})" + (f", units {' '.join(u['id'] for u in here)}" if here else ", empty")
        order.append({"id": name, "x": x, "y": y, "label": label})
    order.sort(key=lambda n: (n["y"], n["x"]))  # reading order, top to bottom as the board is drawn for the seat
    return order, details


def context(folder: Path, state, board, seat: str | None, cache: Fragments) -> dict:
    """What the template needs for a Napoleonic battle, as ``seat`` may know it (None: the referee, everything)."""
    view = side_view(state, seat, board)
    order, details = _details(view, seat)
    viewer = "everything (the referee's page)" if seat is None else f"what side {seat} may know"
    units = {s: [u for u in state.units if u.side == s] for s in ("A", "B")}
    armies = []
    for u in view["units"]:
        if u["area"] == HIDDEN:
            continue
        armies.append({"id": u["id"], "owner": f"side {u['side']}", "node": u["area"], "words": _unit_words(u)})
    hidden = [u["side"] for u in view["units"] if u["area"] == HIDDEN]
    places = [{"node": name, "name": a.label, "kind": KIND_WORDS[a.kind].split(" (")[0].split(":")[0],
               "holder": details[name]["holder"], "walls": "", "garrison": ", ".join(u["id"] for u in view["units"] if u["area"] == name)}
              for name, a in AREAS.items()]
    log = [log_row(entry_words(e), e.turn, "", e.rule, e.dice, e.seat, e.seat is not None) for e in visible(state.log, seat)]
    return {
        "game": "napoleonic",
        "title": f"Napoleonic battle: {state.armies[0].nation} against {state.armies[1].nation}",
        "subtitle": f"Seed {state.seed}; {when(state)}",
        "viewer": viewer,
        "side": seat,
        "status": headline(status_lines(state, seat, board), "Areas (as the commands name them):"),
        "sides": [],
        "players": [{"seat": a.side, "name": a.nation, "country": a.roster, "treasury": f"{army_cost(units[a.side])} production points (NAP-1)",
                     "loan": "none", "out": state.result is not None and state.result.winner != a.side} for a in state.armies],
        "forces": [],
        "armies": armies,
        "holdings": [],
        "places": places,
        "sieges": [],
        "engagements": [f"side {hidden[0]} has placed its {len(hidden)} units behind the divider (NAP-2.1)"] if hidden else [],
        "pending": [],
        "log": log,
        "log_when": "Battle turn",
        "plans": [],
        "map_svg": inline_map(board_svg(view, seat), node_hits(order, MARK_RADIUS),
                              f"The battlefield, {len(order)} areas named as the commands name them; {viewer}. "
                              "Arrow keys move to the nearest area that way."),
        "map_kind": "places",
        "counters": counters_html(folder),
        "pdfs": files.pdf_files(folder),
        "data": {"game": "napoleonic", "details": details, "plans": {}},
    }
