"""The Renaissance country map (``country.json``), and a campaign's state on it, as GeoJSON features.

The map's millimetres (on the combined drawing of all sheets, y southwards)
are the positions :mod:`.geojson_shapes` projects.  Countries are their
border polygons, settlements and border points the nodes, roads the edges
(straight, or a border crossing's drawn path), exits the lines off the map;
a campaign adds who holds each place and where the armies stand, as much of
it as the chosen player may know (the engine's own per-player view).
"""

from __future__ import annotations

from .geojson_shapes import Projection, feature, line, point, polygon

#: Node kinds that are places a player can hold (RC-1.2); border and crossing points are not.
SETTLEMENTS = ("capital", "city", "walled_village", "village", "fortress")


def country_features(cm, view: dict | None = None) -> tuple[Projection, list[dict]]:
    """The map ``cm`` (a CountryMap) as features; ``view``, a Renaissance campaign's
    :func:`~mapgen.renaissance.view.side_view`, adds holders, garrisons, sieges and armies."""
    proj = Projection(*cm.size_mm)
    g = cm.graph
    countries = {c.id: c for c in cm.countries}
    names = {c.id: c.name for c in cm.countries}
    rulers: dict[str, dict] = {}  # country id -> the player ruling it (RC-1.1)
    for p in view["players"] if view else ():
        names[p["seat"]] = p["name"]
        rulers[p["country"]] = p
    places = {p["node"]: p for p in view["places"]} if view else {}
    sieges = {s["node"]: s for s in view["sieges"]} if view else {}
    armies_at: dict[str, list[str]] = {}
    for a in view["armies"] if view else ():
        armies_at.setdefault(a["node"], []).append(a["id"])
    income = {s["country"]: s["income"] for s in cm.summary()}
    out = []
    for c in cm.countries:
        ruler = rulers.get(c.id)
        owner = ruler["seat"] if ruler else c.id  # a country no player rules holds itself (RC-A.6)
        props = {"layer": "country", "kind": "neutral" if c.neutral else "country", "country": c.id, "name": c.name,
                 "neutral": c.neutral, "capital": c.capital, "capital_name": g.nodes[c.capital].get("name"),
                 "sheet": list(c.sheet), "tax": income.get(c.id, 0), "owner": owner, "owner_name": names.get(owner)}  # fmt: skip
        out.append(feature(f"country:{c.id}", polygon(proj, c.border), props))
    for a, b, d in g.edges(data=True):
        path = d.get("path") or [g.nodes[a]["pos"], g.nodes[b]["pos"]]
        props = {"layer": "road", "kind": "crossing" if d["crossing"] else "road", "a": a, "b": b, "country": d["country"],
                 "crossing": d["crossing"], "length_mm": round(d["length_mm"], 2)}  # fmt: skip
        out.append(feature(f"road:{a}:{b}", line(proj, path), props))
    for x in cm.exits:
        props = {"layer": "exit", "kind": "exit", "node": x.node, "country": x.country, "edge": x.edge}
        out.append(feature(f"exit:{x.node}:{x.edge}", line(proj, x.path), props))
    for n, d in g.nodes(data=True):
        settlement = d["kind"] in SETTLEMENTS
        place = places.get(n)
        owner = place["owner"] if place else (d["country"] if settlement and not view else None)
        props = {"layer": "node", "kind": d["kind"], "node": n, "name": d.get("name"), "country": d["country"],
                 "country_name": countries[d["country"]].name, "walls": d["walls"], "tax": d["income"], "depth": d["depth"],
                 "side": d.get("side"), "rule": d.get("rule"), "roll": d.get("roll"), "owner": owner, "owner_name": names.get(owner)}  # fmt: skip
        if view is not None:
            props |= _place_state(place, sieges.get(n), armies_at.get(n, []))
        out.append(feature(f"node:{n}", point(proj, *d["pos"]), props))
    for a in view["armies"] if view else ():
        x, y = g.nodes[a["node"]]["pos"]
        props = {"layer": "army", "kind": "decoy" if a["decoy"] else "army", "name": a["id"], "owner": a["owner"],
                 "owner_name": names.get(a["owner"]), "node": a["node"], "allied": a["allied"], "strength": a["strength"],
                 "companies": None if a["companies"] is None else len(a["companies"])}  # fmt: skip
        out.append(feature(f"army:{a['id']}", point(proj, x, y), props))
    return proj, out


def country_metadata(cm, view: dict | None) -> dict:
    """What the collection says about its map and campaign (a foreign member, RFC 7946 §6.1)."""
    meta = {"map": "mapgen/country", "seed": cm.seed, "sheet_mm": list(cm.sheet_mm), "grid": list(cm.grid),
            "countries": [{"id": c.id, "name": c.name, "neutral": c.neutral} for c in cm.countries]}  # fmt: skip
    if view is not None:
        meta["campaign"] = {"schema": "mapgen/campaign-renaissance", "side": view["viewer"], "year": view["year"],
                            "season": view["season"], "phase": view["phase"], "winner": view["winner"],
                            "players": [{"seat": p["seat"], "name": p["name"], "country": p["country"]} for p in view["players"]]}  # fmt: skip
    return meta


def _place_state(place: dict | None, siege: dict | None, armies: list[str]) -> dict:
    """A place's state in play (RC-3.8, RC-3.9, RC-4.10): None where the node is no place or the viewer may not know."""
    return {
        "fortified": place["fortified"] if place else None,
        "advanced": place["advanced"] if place else None,
        "damaged": place["damaged"] if place else None,
        "garrison_strength": place["garrison_strength"] if place else None,
        "siege_phases": siege["phases"] if siege else None,
        "armies": armies,
    }
