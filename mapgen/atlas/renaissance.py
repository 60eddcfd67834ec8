"""A Renaissance campaign's atlas: the country map's places, armies, sieges and battles, as one player may know them.

Everything a player sees comes from the engine's per-seat view
(:func:`mapgen.renaissance.view.side_view`): another player's army
is a counter with its strength only where one's spy reported it, their
garrisons and treasuries are hidden, and the log leaves out their secret
lines.  The map is the status map (:func:`~mapgen.render.renaissance_campaign.render_renaissance_campaign`)
of that same view.
"""

from __future__ import annotations

import json

from ..renaissance.core import awaiting
from ..renaissance.state import SUMMER_PHASES
from ..renaissance.view import entry_words, side_view, status_lines, visible
from .cache import Fragments
from .common import counters_html, headline, log_row, plans_html

#: Radius of a place's target on the map, mm: a settlement's symbol with its ring and a margin to point at,
#: still clear of the next place (RC-1 nodes stand a road's length, 15 mm or more, apart).
NODE_RADIUS_MM = 6.0
KIND_WORDS = {"walled_village": "walled village", "border": "border point", "crossing": "crossing point"}


def _owner_words(oid: str | None, players: dict, countries: dict) -> str:
    if oid is None:
        return "nobody"
    if oid in players:
        p = players[oid]
        return f"{oid} ({p['name']})" if p["name"] and p["name"] != oid else oid
    return f"neutral country {oid} ({countries[oid]})" if oid in countries else str(oid)


def _army_words(a: dict, players: dict, countries: dict) -> str:
    who = _owner_words(a["owner"], players, countries)
    if a["decoy"]:
        return f"{a['id']} of {who}: a diplomat's decoy" + (f" ({a['diplomat']})" if "diplomat" in a else "")
    allied = "allied army " if a["allied"] else ""
    if a["companies"] is not None:
        companies = ", ".join(f"{c['id']} {c['type'].replace('_', ' ')} ({c['kind']}, {c['strength']})" for c in a["companies"])
        return f"{allied}{a['id']} of {who}: strength {a['strength']}; {companies}"
    strength = "strength unknown" if a["strength"] is None else f"strength {a['strength']} (a spy's report)"
    return f"{allied}{a['id']} of {who}: {strength}"


def nodes(cm, view: dict, board, plans: dict[str, list[str]], origin: tuple[float, float]) -> tuple[list[dict], dict[str, dict]]:
    """Every node of the country map, north to south, for the hit layer; and what the page shows of each."""
    players = {p["seat"]: p for p in view["players"]}
    countries = {c.id: c.name for c in cm.countries}
    places = {p["node"]: p for p in view["places"]}
    armies: dict[str, list[dict]] = {}
    for a in view["armies"]:
        armies.setdefault(a["node"], []).append(a)
    sieges = {s["node"]: s for s in view["sieges"]}
    engagements = {e["node"]: e for e in view["engagements"]}
    g = cm.graph
    names = {n: d.get("name") or "" for n, d in g.nodes(data=True)}
    ox, oy = origin
    order, details = [], {}
    for n, d in sorted(g.nodes(data=True), key=lambda nd: (round(nd[1]["pos"][1], 1), nd[1]["pos"][0], nd[0])):
        kind = str(d["kind"])
        place = places.get(n)
        here = armies.get(n, [])
        walls = []
        if place is not None:
            walls = [w for w, on in (("walls", d.get("walls") or place["fortified"]), ("advanced fortifications", place["advanced"]),
                                     ("damaged", place["damaged"])) if on]  # fmt: skip
        garrison = ""
        if place is not None and place["garrison"] is not None:
            garrison = f"strength {place['garrison_strength']}" + (": " + ", ".join(f"{c['id']} {c['type'].replace('_', ' ')}" for c in place["garrison"]) if place["garrison"] else "")
        siege = sieges.get(n)
        e = engagements.get(n)
        detail = {
            "id": n,
            "name": names[n],
            "kind": KIND_WORDS.get(kind, kind),
            "country": f"{d['country']} ({countries.get(d['country'], '')})",
            "holder": _owner_words(place["owner"], players, countries) if place is not None else "",
            "tax": f"{d['income']} ducats a year" if d.get("income") else "",
            "walls": ", ".join(walls),
            "garrison": garrison if place is None or place["garrison"] is not None else "hidden (not yours)",
            "armies": [_army_words(a, players, countries) for a in here],
            "siege": f"besieged by {siege['army']} for {siege['phases']} phase(s) (RC-4.10)" if siege else "",
            "engagement": f"{e['phasing']} against {e['other']}" + (f": {e['result']}" if e["result"] else ", choices awaited") if e else "",
            "roads": [f"{m} ({names[m]})" if names.get(m) else m for m in board.steps.get(n, ())],
            "plans": plans.get(n, []),
        }
        details[n] = detail
        label = f"{n}" + (f" {names[n]}" if names[n] else "") + f", {detail['kind']}" + (f", held by {detail['holder']}" if detail["holder"] else "")
        label += (f", armies {' '.join(a['id'] for a in here)}" if here else "") + (", besieged" if siege else "") + (", battlefield" if detail["plans"] else "")
        order.append({"id": n, "x": d["pos"][0] + ox, "y": d["pos"][1] + oy, "label": label})
    return order, details


def _when(e) -> str:
    return f"{e.season}" + (f" phase {e.phase}" if e.season == "summer" and e.phase else "")


def context(folder, cm, state, board, seat: str | None, cache: Fragments, map_source: str) -> dict:
    """What the template needs for a Renaissance campaign, as ``seat`` may know it (None: the referee, everything).

    ``map_source`` is the text of ``country.json`` ``cm`` was read from: the country
    map drawn from it (in the rulers' colours) is kept in ``cache``, and only the
    campaign's layers and key are drawn anew.
    """
    from ..render.renaissance_campaign import PrintedMap, campaign_on, printed_map, ruler_tints
    from . import folder as files
    from .svg import inline_map, node_hits

    view = side_view(state, seat, board.kinds)
    players = {p["seat"]: p for p in view["players"]}
    countries = {c.id: c.name for c in cm.countries}
    plans = files.battle_plans(folder, renaissance=True)
    by_place: dict[str, list[str]] = {}
    for p in sorted(plans, key=lambda p: p.order, reverse=True):
        by_place.setdefault(p.place, []).append(p.key)
    tints = ruler_tints(cm, view)
    printed = PrintedMap.from_json(cache.get("country-map", map_source + "\0" + json.dumps(tints, sort_keys=True),
                                             lambda: printed_map(cm, tints).to_json()))
    order, details = nodes(cm, view, board, by_place, (printed.frame.map_x, printed.frame.map_y))
    svg = campaign_on(printed, cm, view)
    who = " against ".join(_owner_words(p["seat"], players, countries) for p in view["players"])
    viewer = "everything (the referee's page)" if seat is None else f"what {_owner_words(seat, players, countries)} may know"
    phase = f", phase {state.phase} of {SUMMER_PHASES}" if state.season == "summer" and state.phase else ""
    armies = [{"id": a["id"], "owner": _owner_words(a["owner"], players, countries), "node": a["node"],
               "words": _army_words(a, players, countries)} for a in view["armies"]]  # fmt: skip
    places = [{"node": p["node"], "name": details[p["node"]]["name"], "kind": details[p["node"]]["kind"],
               "holder": _owner_words(p["owner"], players, countries), "walls": details[p["node"]]["walls"],
               "garrison": details[p["node"]]["garrison"]} for p in view["places"]]  # fmt: skip
    log = [log_row(entry_words(e), e.year, _when(e), e.rule, e.dice, e.player, e.secret) for e in visible(state.log, seat)]
    return {
        "game": "renaissance",
        "title": f"Renaissance campaign: {who}",
        "subtitle": f"Seed {state.seed}; year {state.year}, {state.season}{phase}",
        "viewer": viewer,
        "side": seat,
        "status": headline(status_lines(state, seat, board.kinds, awaiting(state)), "Players:"),
        "sides": [],
        "players": [{"seat": p["seat"], "name": p["name"], "country": f"{p['country']} ({countries.get(p['country'], '')})",
                     "treasury": "hidden" if p["treasury"] is None else f"{p['treasury']} ducats", "loan": p["loan"],
                     "out": p["eliminated"]} for p in view["players"]],  # fmt: skip
        "forces": [],
        "armies": armies,
        "holdings": [],
        "places": places,
        "sieges": [{"node": s["node"], "army": s["army"], "phases": s["phases"]} for s in view["sieges"]],
        "engagements": [details[e["node"]]["engagement"] and f"{e['node']}: {details[e['node']]['engagement']}" for e in view["engagements"]],
        "pending": [],
        "log": log,
        "log_when": "Year",
        "plans": plans_html(plans, cache),
        "map_svg": inline_map(svg, node_hits(order, NODE_RADIUS_MM),
                              f"Country map, {len(order)} places: {who}; {viewer}. Arrow keys move to the nearest place that way."),
        "map_kind": "places",
        "counters": counters_html(folder),
        "pdfs": files.pdf_files(folder),
        "data": {"game": "renaissance", "details": details, "plans": {p.key: p.title for p in plans}},
    }
