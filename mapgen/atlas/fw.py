"""A Fantasy Warriors campaign's atlas: what each square is, the forces, the battles, the log, as one side may know them.

Everything comes from the engine's own answers: the per-side view
(:func:`mapgen.campaign.view.side_view`) says which forces, leaders, points
and log lines a side may see, the status in words is the engine's
``status`` text, and a square's movement modifiers are the engine's FW-9.2
list (:func:`mapgen.campaign.march.move_modifiers`) for a force on Probe
starting there today.  This module only puts them in words for the page.
"""

from __future__ import annotations

import functools
import json
from typing import Any, Callable
import xml.etree.ElementTree as ET

from ..campaign.core import PHASE_NAMES, phase_index
from ..campaign.march import MOVE_TABLE, STATE_MOVE, move_modifiers
from ..campaign.state import Force, Leader, evolve
from ..campaign.view import entry_words, side_view, status_lines, visible_log
from ..fw.rules import TERRAIN
from ..fw.waterways import point_squares, stretch_squares
from ..grid import square_id
from ..render.campaign_layers import Frame, campaign_layers, counter_size, draw_counter, force_faces, layers_markup
from ..render.campaign_room import MapRoom
from .cache import Fragments
from .common import counter_pages, counters_html, headline, log_row, plans_html, side_label, signed

#: The order a force's movement roll is worked out for on the page: Probe adds nothing of its own (FW-9.2).
SHOWN_ORDER = "probe"


def _span(band) -> str:
    """A band's totals as a player reads them: the table's open ends (-99, 99) as "or less" and "or more"."""
    if band.low <= -99:
        return f"{band.high} or less"
    return f"{band.low} or more" if band.high >= 99 else band.span()


def movement_note() -> str:
    """What the movement lines mean, from the engine's own tables (FW-9.2 orders, FW-9.3 allowance)."""
    states = ", ".join(f"{_words(k)} {signed(v)}" for k, v in STATE_MOVE.items())
    bands = "; ".join(f"{_span(b)}, {b.outcome}" for b in MOVE_TABLE.bands)
    return f"For a force on Probe starting here today; {states}. {MOVE_TABLE.dice} + these ({MOVE_TABLE.rule}): {bands}."


def _words(name: str) -> str:
    return name.replace("_", " ")


def _river_squares(m) -> dict[tuple[int, int], list[str]]:
    """Square -> the names of the rivers running along its edges (a river edge joins two grid corners one apart)."""
    out: dict[tuple[int, int], list[str]] = {}
    for n, river in enumerate(m.rivers, start=1):
        name = river.name or f"river {n}"
        for (x0, y0), (x1, y1) in river.edges():
            if x0 == x1 and abs(y1 - y0) == 1:  # a vertical edge: the squares left and right of it
                sides = [(x0 - 1, min(y0, y1)), (x0, min(y0, y1))]
            elif y0 == y1 and abs(x1 - x0) == 1:  # a horizontal edge: the squares above and below it
                sides = [(min(x0, x1), y0 - 1), (min(x0, x1), y0)]
            else:
                continue
            for sq in sides:
                if m.in_bounds(sq) and name not in out.setdefault(sq, []):
                    out[sq].append(name)
    return out


#: How a square's waters read on the page (FW-20).
CRAFT_WORDS = {"ships": "navigable by ships", "boats": "navigable by boats and rafts only"}


def _water_squares(m) -> dict[tuple[int, int], list[str]]:
    """Square -> what the watercraft rules mark there (FW-20): its port, the navigable stretches and obstacles beside it,
    its reefs; read from the map (a map made without ``--watercraft`` marks nothing)."""
    out: dict[tuple[int, int], list[str]] = {}
    for sq, side in m.ports or ():
        out.setdefault(tuple(sq), []).append(f"port of side {side} (FW-20.2)")
    for n, river in enumerate(m.rivers, start=1):
        name = river.name or f"river {n}"
        for a, b, craft in river.stretches or ():
            for sq in stretch_squares(river, a, b, m.width, m.height):
                words = f"{name}: {CRAFT_WORDS[craft]} (FW-20.4)"
                if words not in out.setdefault(sq, []):
                    out[sq].append(words)
        for at, kind in river.obstacles or ():
            for sq in point_squares(river, at, m.width, m.height):
                out.setdefault(sq, []).append(f"{_words(kind)} on the {name} (FW-20.4)")
    for sq in m.reefs or ():
        out.setdefault(tuple(sq), []).append("reefs, islands or atolls: \u20131 to naval movement (FW-20.7)")
    return out


def _movement(state, board, sid: str) -> list[str]:
    """FW-9.2 from this square for each side's force on Probe today: the engine's modifiers, and their sum."""
    out = []
    for side in ("A", "B"):
        stand_in = Force(f"{side}0", side, sid, SHOWN_ORDER, None, Leader("stand-in", 1), ())
        mods = move_modifiers(state, board, stand_in)
        parts = ", ".join(f"{m.name} {signed(m.value)}" for m in mods) or "no modifier"
        out.append(f"side {side}: {signed(sum(m.value for m in mods))} ({parts})")
    return out


def _features(names: list[str], configs: dict[str, str]) -> list[str]:
    """The square's features; one its configuration roll put there says which rule and which side (FW-11)."""
    out = [configs.get(n, _words(n)) for n in names]
    return out + [words for name, words in configs.items() if name not in names]


def _force_words(f: dict, sides: dict) -> str:
    state = _words(f["reaction"] or f["order"] or "none")
    head = f"{f['id']} of {side_label(f['side'], sides)}: {state}" + (", afloat" if f.get("afloat") else "")
    if "leader" not in f:
        return head
    figures = sum(u["figures"] for u in f["units"])
    works = f", field works {f['field_works']} points" if f.get("field_works") else ""
    return f"{head}; led by {f['leader']['name']} (CV {f['leader']['cv']}), {len(f['units'])} unit(s), {figures} figures{works}"


#: The view's craft counts (FW-20.3, FW-20.4) and the name of one of each, as ``status`` says them.
CRAFT_NAMES = {"ships": "ship", "carriers": "flyer-carrier", "boats": "boat", "rafts": "raft"}


def craft_words(f: dict) -> str:
    """The craft a force holds (FW-20), in the view of its own side: ", craft 2 ships, 4 boats"; "" with none."""
    held = [f"{f[k]} {word if f[k] == 1 else word + 's'}" for k, word in CRAFT_NAMES.items() if f.get(k)]
    return f", craft {', '.join(held)}" if held else ""


def map_facts(m) -> dict:
    """What the page shows of the map itself, square by square in reading order: all of it the map's alone.

    Worked out once a map and kept in the folder's ``.atlas-cache`` as JSON
    (:func:`kept_map_facts`), so that a command after the first reads no map
    model (and imports no numpy) to write its page.
    """
    rivers = _river_squares(m)
    map_holdings = {square_id(*h.square): h for h in m.holdings}
    places: dict[tuple[int, int], list[str]] = {}
    for p in list(m.chains) + list(m.regions):
        for sq in p.squares:
            places.setdefault(tuple(sq), []).append(f"{p.name} ({_words(p.kind)})")
    crossings: dict[tuple[int, int], list[str]] = {}
    for c in m.crossings:
        a, b = (tuple(s) for s in c.squares)
        crossings.setdefault(a, []).append(f"{c.kind} to {square_id(*b)}")
        crossings.setdefault(b, []).append(f"{c.kind} to {square_id(*a)}")
    configs: dict[tuple[int, int], dict[str, str]] = {}
    for c in m.configs:
        configs.setdefault(tuple(c.square), {})[c.name] = f"{_words(c.name)} ({c.rule}, rolled by side {c.rolled_by})"
    waters = _water_squares(m) if m.ports is not None else None
    cells = []
    for row in range(m.height):
        for col in range(m.width):
            sid, sq = square_id(col, row), (col, row)
            mh = map_holdings.get(sid)
            cells.append({
                "id": sid, "col": col, "row": row,
                "terrain": str(m.terrain[row, col]),
                "territory": str(m.territory[row, col]),
                "holding": None if mh is None else (mh.name, mh.capital, mh.side, mh.feature, mh.detail),
                "places": places.get(sq, []),
                "rivers": rivers.get(sq, []),
                "river": bool(m.river[row, col]),
                "road": bool(m.road[row, col]),
                "crossings": crossings.get(sq, []),
                "features": list(m.features.get(sq, [])),
                "configs": configs.get(sq, {}),
                **({"water": waters.get(sq, [])} if waters is not None else {}),  # only on a map made with --watercraft
            })
    return {
        "width": m.width, "height": m.height, "square_mm": m.square_mm,
        "sides": {s.id: s.name for s in m.sides},
        "holding_names": {square_id(*h.square): h.name for h in m.holdings},
        "cells": cells,
    }


#: The cache's kind of entry for :func:`map_facts`.
MAP_FACTS = "fw-map-facts"


def kept_map_facts(map_source: str, read_map: Callable[[], Any], cache: Fragments) -> dict:
    """:func:`map_facts` of the map whose ``fw-map.json`` text is ``map_source``: kept in ``cache``, or worked out now and kept."""
    return json.loads(cache.get(MAP_FACTS, map_source, lambda: json.dumps(map_facts(read_map()))))


def squares(facts: dict, state, board, view: dict, plans: dict[str, list[str]]) -> tuple[list[dict], dict[str, dict]]:
    """Every square in reading order, for the hit layer, and what the page shows when it is pointed at."""
    sides = {s["id"]: s for s in view["sides"]}
    names = facts["sides"]
    holdings = {h["square"]: h for h in view["holdings"]}
    forces: dict[str, list[dict]] = {}
    zoc: dict[str, list[str]] = {}
    for f in view["forces"]:
        forces.setdefault(f["square"], []).append(f)
        for sq in f["zone_of_control"]:
            zoc.setdefault(sq, []).append(f"{f['id']} of {side_label(f['side'], sides)}")

    order, details = [], {}
    for cell in facts["cells"]:
        sid, col, row = cell["id"], cell["col"], cell["row"]
        terrain = cell["terrain"]
        territory = cell["territory"]
        h, mh = holdings.get(sid), cell["holding"]
        here = forces.get(sid, [])
        holding = ""
        if mh is not None:
            mh_name, mh_capital, mh_side, mh_feature, mh_detail = mh
            kind = "capital" if mh_capital else "holding"
            holding = f"{mh_name or kind.title()}, {kind} of {side_label(mh_side, sides, names)} ({_words(mh_feature)}" + (f": {mh_detail}" if mh_detail else "") + ")"
            if h is not None:
                holding += f"; held by {side_label(h['owner'], sides, names)}" + (", sacked" if h["sacked"] else "")
        standing = sorted({f["side"] for f in here})
        if h is not None:
            control = f"{side_label(h['owner'], sides, names)}, which holds it"
            strangers = [s for s in standing if s != h["owner"]]
            if strangers:
                control += "; " + " and ".join(f"{side_label(s, sides, names)}'s force" for s in strangers) + " stands here too"
        elif len(standing) > 1:
            control = "contested: " + " and ".join(f"{side_label(s, sides, names)}'s force" for s in standing) + " stand here (FW-9.8)"
        elif here:
            control = f"{side_label(here[0]['side'], sides, names)}, whose force stands here"
        else:
            control = "nobody: no holding, no force" if territory == "N" else f"nobody (side {territory}'s territory, FW-2.3)"
        water = sid not in board.squares
        d = {
            "id": sid,
            "name": (mh[0] if mh is not None else "") or "",
            "places": cell["places"],
            "terrain": TERRAIN[terrain].label if terrain in TERRAIN else _words(terrain),
            "territory": "neutral" if territory == "N" else side_label(territory, sides, names),
            "river": ", ".join(cell["rivers"]) or ("yes" if cell["river"] else "no"),
            "road": "yes" if cell["road"] else "no",
            "crossings": cell["crossings"],
            "holding": holding,
            "features": _features(cell["features"], cell["configs"]),
            "movement": ["water: no force enters it (FW-9.4)"] if water else _movement(state, board, sid),
            "control": control,
            "zoc": zoc.get(sid, []),
            "forces": [_force_words(f, sides) for f in here],
            "plans": plans.get(sid, []),
            **({"water": cell["water"]} if "water" in cell else {}),
        }
        details[sid] = d
        label = f"{sid}, {d['terrain']}" + (f", {d['name']}" if d["name"] else "") + (f", forces {' '.join(f['id'] for f in here)}" if here else "")
        order.append({"id": sid, "col": col, "row": row, "label": label + (", battlefield" if d["plans"] else "")})
    return order, details


def _phase_words(phase) -> str:
    return "battle" if phase == "battle" else f"phase {phase} ({PHASE_NAMES[int(phase)]})"


def context(folder, read_map: Callable[[], Any], state, board, side: str | None, cache: Fragments, map_source: str) -> dict:
    """What the template needs for a Fantasy Warriors campaign, as ``side`` may know it (None: everything).

    ``map_source`` is the text of ``fw-map.json``, ``read_map()`` its model: the map drawn
    from it and what the page says of its squares (:func:`map_facts`) are kept in ``cache``,
    so the model is read only when one of them is not kept, and only the campaign's layers
    are drawn anew.
    """
    read_map = functools.cache(read_map)
    from . import folder as files
    from .svg import inline_map, square_hits

    # The view without its log: the page reads the log entries themselves (visible_log, below), and
    # turning a long campaign's thousands of entries into dicts would be most of the page's time.
    view = side_view(evolve(state, log=()), side, board)
    sides = {s["id"]: s for s in view["sides"]}
    plans = files.kit_plans(folder) + files.battle_plans(folder, renaissance=False)
    by_place: dict[str, list[str]] = {}
    for p in sorted(plans, key=lambda p: p.order, reverse=True):  # the latest battle first, the kit's table last
        by_place.setdefault(p.place, []).append(p.key)
    try:
        facts = kept_map_facts(map_source, read_map, cache)
        order, details = squares(facts, state, board, view, by_place)
        names, square_mm, width, height = (dict(facts["holding_names"]), float(facts["square_mm"]),
                                           int(facts["width"]), int(facts["height"]))
    except (KeyError, IndexError, TypeError, ValueError):  # an entry someone planted in the folder: from the map, then
        facts = map_facts(read_map())
        order, details = squares(facts, state, board, view, by_place)
        names, square_mm, width, height = facts["holding_names"], facts["square_mm"], facts["width"], facts["height"]
    frame, base, room = printed_map(read_map, cache, map_source, state.options.naran_movement, state.look)
    a, b = (sides[s] for s in ("A", "B"))
    title = f"{a['name']} ({_words(a['race'])}) against {b['name']} ({_words(b['race'])})"
    viewer = "everything (the referee's page)" if side is None else f"what side {side} ({sides[side]['name']}) may know"
    head, tail = base.rsplit("</svg>", 1)
    counter = kept_counters(cache, view, counter_size(square_mm), state.look)
    svg = head + layers_markup(campaign_layers(frame, view, board, side, room, counter, state.look)) + "</svg>" + tail
    i = phase_index(state)
    forces = [{
        "id": f["id"], "side": side_label(f["side"], sides), "square": f["square"],
        "state": _words(f["reaction"] or f["order"] or "none") + (f", field works {f['field_works']} points" if f.get("field_works") else "")
                 + (", afloat" if f.get("afloat") else "") + craft_words(f),
        "leader": f"{f['leader']['name']} (CV {f['leader']['cv']})" if "leader" in f else "",
        "units": ", ".join(f"{u['id']} {u['figures']} {u['quality']} {_words(u['type'])}" for u in f["units"]) if "units" in f else "",
        "zoc": " ".join(f["zone_of_control"]),
    } for f in view["forces"]]  # fmt: skip
    holdings = [{"square": h["square"], "name": names.get(h["square"], ""), "kind": "capital" if h["capital"] else "holding",
                 "feature": _words(h["feature"]), "owner": side_label(h["owner"], sides), "first": side_label(h["original_owner"] or h["owner"], sides),
                 "sacked": h["sacked"]} for h in view["holdings"]]  # fmt: skip
    log = [log_row(entry_words(e), e.day, _phase_words(e.phase), e.rule, e.dice, e.side, e.secret) for e in visible_log(state, side)]
    return {
        "game": "fw",
        "look": state.look,
        "title": f"Fantasy Warriors campaign: {title}",
        "subtitle": f"Seed {state.seed}; day {state.day}, {_phase_words(state.phase if state.phase == 'battle' else i)}",
        "viewer": viewer,
        "side": side,
        "status": headline(status_lines(state, board, side), "Side "),
        "sides": view["sides"],
        "forces": forces,
        "holdings": holdings,
        "pending": view["pending"],
        "log": log,
        "log_when": "Day",
        "plans": plans_html(plans, cache),
        "map_svg": inline_map(svg, square_hits(order, frame.grid_x, frame.grid_y, square_mm),
                              f"Campaign map, {width} by {height} squares: {title}, {viewer}. Arrow keys move between squares."),
        "map_kind": "squares",
        "counters": counters_html(folder) if side is None else _side_counters(state, side, cache),
        "pdfs": files.pdf_files(folder),
        "places": [],
        "data": {"game": "fw", "width": width, "height": height, "details": details, "notes": {"movement": movement_note()},
                 "plans": {p.key: p.title for p in plans}},
    }


def _side_counters(state, side: str, cache: Fragments) -> list[dict]:
    """The counter sheet of one side's own counters: the folder's sheets name every leader, which the enemy may not know.

    Drawn once for each set of counters (they change when a force is raised or lost) and kept.
    """
    from ..campaign.counters import campaign_counters, counters_title

    own = [c for c in campaign_counters(state, state.look) if not c.id.startswith(("fw-A-", "fw-B-")) or c.id.startswith(f"fw-{side}-")]
    title = f"{counters_title(state)}: side {side}'s own"

    def draw() -> str:
        from ..counters.build import build_sheet
        from ..counters.layout import DEFAULT_SIZE, parse_size
        from ..paper import get_paper
        from ..render.counters import render_page

        sheet = build_sheet(own, get_paper("a4-portrait"), parse_size(DEFAULT_SIZE), title=title)
        return json.dumps([[p.pdf_page, render_page(sheet, p.pdf_page)] for p in sheet.pages if p.side == "front"])

    return counter_pages(json.loads(cache.get("side-counters", repr((own, title)), draw)))


def kept_counters(cache: Fragments, view: dict, size: float, look: str = "colour"):
    """A counter drawer for :func:`campaign_layers` that reads the forces' counters (in ``look``) kept in ``cache``.

    Every counter each force may show (all its orders and reactions) is drawn once and kept, so that a
    command that changes an order draws nothing and measures no word (the fonts stay unread); a new
    force draws them again.  A cache that keeps nothing gets the plain drawer.
    """
    if not cache.write:
        # Nothing is kept (a kit being staged, whose page is made once): drawing every counter of every
        # force only to keep them would be most of the page's time; the page's own counters are drawn instead.
        return draw_counter
    key = repr((sorted((f["id"], f["side"]) for f in view["forces"]), size, look))

    def draw() -> str:
        faces = [face for f in view["forces"] for face in force_faces(f, look)]
        return json.dumps({repr(face): ET.tostring(draw_counter(face, size), encoding="unicode") for face in faces})

    kept = json.loads(cache.get("force-counters", key, draw))

    def counter(face, at_size: float) -> ET.Element:
        text = kept.get(repr(face)) if at_size == size else None
        return ET.fromstring(text) if text else draw_counter(face, at_size)

    return counter


def printed_map(read_map: Callable[[], Any], cache: Fragments, map_source: str, naran: bool | None = None,
                look: str = "colour") -> tuple[Frame, str, MapRoom]:
    """The printed map's SVG text, its frame and its names' room: drawn once a map, then read back.

    ``naran``: whether the campaign plays the optional [NT] movement rows (its key says so);
    ``look``: the campaign's, as its kit printed the map (``bw``: black and white).  Two entries: the
    drawing as it is, and its frame and room as JSON (the drawing inside JSON was escaped and parsed
    again on every page, 1.4 ms on a medium map).
    """
    drawn: dict[str, str] = {}

    def draw(part: str) -> str:
        if not drawn:
            from ..render.fw_map import render_fw_map_and_room

            m = read_map()
            doc, room = render_fw_map_and_room(m, look, naran)
            drawn.update(printed_map_entries(m, doc.tostring(), room))
        return drawn[part]

    kind = printed_map_kind(naran, look)
    kept = json.loads(cache.get(kind, map_source, lambda: draw("frame")))
    svg = cache.get(f"{kind}-svg", map_source, lambda: draw("svg"))
    return Frame(*kept["frame"]), svg, MapRoom.from_json(kept.get("room"))


def printed_map_kind(naran: bool | None, look: str = "colour") -> str:
    """The cache's kind of entry for the printed map of a campaign with or without the [NT] movement rows, in ``look``
    (its frame and room; the drawing is the entry of this kind with ``-svg`` after it)."""
    kind = "fw-map" if naran is None else f"fw-map-naran-{int(naran)}"
    return kind if look == "colour" else f"{kind}-{look}"


def printed_map_entries(m, svg: str, room: MapRoom) -> dict[str, str]:
    """The cache entries of map ``m`` printed as ``svg`` with its names' ``room``
    (:func:`mapgen.render.fw_map.render_fw_map_and_room`): ``frame`` (and room) as JSON, ``svg`` as it is."""
    from ..render.fw_map import fw_map_layout

    return {"frame": json.dumps({"frame": Frame.of(fw_map_layout(m), m.square_mm), "room": room.to_json()}), "svg": svg}


def prime(cache: Fragments, m, map_source: str, naran: bool | None, svg: str, room: MapRoom, look: str = "colour") -> None:
    """Hand ``cache`` the map a kit has just drawn in ``look`` from ``m`` (whose ``fw-map.json`` text is
    ``map_source``) and what the page says of its squares, so the kit's page neither reads the map back nor
    draws it again: the same entries :func:`printed_map` and :func:`kept_map_facts` would make."""
    cache.put(MAP_FACTS, map_source, json.dumps(map_facts(m)))
    kind, entries = printed_map_kind(naran, look), printed_map_entries(m, svg, room)
    cache.put(kind, map_source, entries["frame"])
    cache.put(f"{kind}-svg", map_source, entries["svg"])
