"""The Fantasy Warriors campaign map (``fw-map.json``), and a campaign's state on it, as GeoJSON features.

Square (col, row) covers x from ``col * square_mm`` to ``(col + 1) * square_mm``
and y likewise (y southwards, row 1 to the north), as on the printed map;
:mod:`.geojson_shapes` turns those millimetres into degrees.  Every fact
comes from the map, the engine's land squares (their FW-9.2 modifiers) or
the engine's view of the state; this module only places them.  Features
come in drawing order (a web map draws later ones over earlier ones):
squares, territories, regions, chains, rivers, roads, crossings, holdings,
forces.
"""

from __future__ import annotations

from ..campaign.march import square_modifiers
from ..fw.rules import TERRAIN
from ..grid import parse_square, square_id
from .geojson_shapes import Projection, feature, line, point, square_rings, squares_area

def fw_features(m, land: dict, view: dict | None = None) -> tuple[Projection, list[dict]]:
    """The map ``m`` (an FwMap) as features; ``land`` is its land squares (the board's, or
    :func:`~mapgen.campaign.board.land_squares`), for their movement modifiers; ``view``, a campaign's
    :func:`~mapgen.campaign.view.side_view`, adds who holds each holding and where the forces are (as much
    of them as that side may know)."""
    s = m.square_mm
    proj = Projection(m.width * s, m.height * s)
    names = _side_names(m, view)
    owners = {h["square"]: h for h in view["holdings"]} if view else {}
    ids = [[square_id(col, row) for col in range(m.width)] for row in range(m.height)]

    def sid(sq: tuple[int, int]) -> str:
        return ids[sq[1]][sq[0]]

    def centre(sq: tuple[int, int]) -> tuple[float, float]:
        return (sq[0] + 0.5) * s, (sq[1] + 0.5) * s

    out = _squares(m, proj, ids, land, names, owners, view)
    out += _territories(m, proj, names)
    for layer, group in (("region", m.regions), ("chain", m.chains)):
        for i, p in enumerate(group, 1):
            props = {"layer": layer, "kind": p.kind, "name": p.name, "race": p.race, "squares": [sid(q) for q in p.squares]}
            out.append(feature(f"{layer}:{i}", squares_area(proj, p.squares, s), props))
    for i, river in enumerate(m.rivers, 1):
        props = {"layer": "river", "kind": "river", "name": river.name or None, "mouth": river.mouth,
                 "configuration": sid(river.configuration) if river.configuration else None, "edges": len(river.points) - 1}  # fmt: skip
        out.append(feature(f"river:{i}", line(proj, [(x * s, y * s) for x, y in river.points]), props))  # along square edges
    for i, road in enumerate(m.roads, 1):
        props = {"layer": "road", "kind": "road", "squares": [sid(q) for q in road.squares]}
        out.append(feature(f"road:{i}", line(proj, [centre(q) for q in road.squares]), props))
    for c in m.crossings:
        a, b = sid(c.squares[0]), sid(c.squares[1])
        (ax, ay), (bx, by) = centre(c.squares[0]), centre(c.squares[1])
        props = {"layer": "crossing", "kind": c.kind, "name": f"{c.kind} {a}-{b}", "squares": [a, b]}
        out.append(feature(f"crossing:{a}-{b}", point(proj, (ax + bx) / 2, (ay + by) / 2), props))  # the middle of the shared edge
    for h in m.holdings:
        state = owners.get(sid(h.square))
        owner = _owner(h, state)
        props = {"layer": "holding", "kind": "capital" if h.capital else "holding", "id": sid(h.square), "name": h.name or None,
                 "square": sid(h.square), "side": h.side, "owner": owner, "owner_name": names.get(owner), "capital": h.capital,
                 "feature": h.feature, "detail": h.detail}  # fmt: skip
        if state is not None:
            props["sacked"] = state["sacked"]
        out.append(feature(f"holding:{sid(h.square)}", point(proj, *centre(h.square)), props))
    for f in view["forces"] if view else ():
        out.append(feature(f"force:{f['id']}", point(proj, *centre(parse_square(f["square"]))), _force_properties(f, names)))
    return proj, out


def _squares(m, proj: Projection, ids, land: dict, names: dict, owners: dict, view: dict | None) -> list[dict]:
    """One Polygon a square, with what a player asks of it: terrain, river, road, crossings, movement, who holds it."""
    forces_at: dict[str, list[str]] = {}
    for f in view["forces"] if view else ():
        forces_at.setdefault(f["square"], []).append(f["id"])
    places = {sq: p.name for p in (*m.regions, *m.chains) for sq in p.squares}  # regions and chains share no square
    holdings = {h.square: h for h in m.holdings}
    crossings = _crossings_at(m)
    configs: dict[tuple[int, int], list[str]] = {}
    for c in m.configs:
        configs.setdefault(c.square, []).append(c.name)
    ring = square_rings(proj, m.width, m.height, m.square_mm)
    out = []
    for row in range(m.height):
        for col in range(m.width):
            sid, sq, terrain = ids[row][col], (col, row), str(m.terrain[row, col])
            holding = holdings.get(sq)
            owner = _owner(holding, owners.get(sid)) if holding else None
            props = {
                "layer": "square", "kind": "square", "id": sid, "name": sid, "col": col, "row": row,
                "terrain": terrain, "terrain_label": TERRAIN[terrain].label,
                "territory": str(m.territory[row, col]), "river": bool(m.river[row, col]), "road": bool(m.road[row, col]),
                "features": list(m.features.get(sq, [])), "configurations": configs.get(sq, []), "crossings": crossings.get(sq, []),
                "elevation": float(m.elevation[row, col]), **_movement(land.get(sid)),
                "place": places.get(sq), "holding": holding.name if holding else None,
                "owner": owner, "owner_name": names.get(owner),
            }  # fmt: skip
            if view is not None:
                props["forces"] = forces_at.get(sid, [])
            out.append(feature(f"square:{sid}", ring(col, row), props))
    return out


def fw_metadata(m, view: dict | None) -> dict:
    """What the collection says about its map and campaign (a foreign member, RFC 7946 §6.1)."""
    meta = {"map": "mapgen/fw-map", "seed": m.seed, "width": m.width, "height": m.height, "square_mm": m.square_mm,
            "sides": [{"id": s.id, "name": s.name, "race": s.race, "color": s.color} for s in m.sides]}  # fmt: skip
    if view is not None:
        meta["campaign"] = {"schema": "mapgen/campaign", "side": view["side"], "day": view["day"], "phase": view["phase"]["name"],
                            "weather": view["weather"]["today"], "winner": view["winner"]}  # fmt: skip
    return meta


def _movement(sq) -> dict:
    """FW-9.2: the square's own modifiers, core rules and with the [NT] rows; None on water (no land to start from)."""
    if sq is None:
        return {"movement": None, "movement_nt": None}
    return {"movement": sum(x.value for x in square_modifiers(sq, False)), "movement_nt": sum(x.value for x in square_modifiers(sq, True))}


def _crossings_at(m) -> dict[tuple[int, int], list[str]]:
    """Per square, its crossings in words, as a player asks for them: ``bridge to C5``."""
    out: dict[tuple[int, int], list[str]] = {}
    for c in m.crossings:
        a, b = c.squares
        out.setdefault(a, []).append(f"{c.kind} to {square_id(*b)}")
        out.setdefault(b, []).append(f"{c.kind} to {square_id(*a)}")
    return out


def _territories(m, proj: Projection, names: dict) -> list[dict]:
    """FW-2.3: the three thirds, each the union of its squares."""
    out = []
    for t in ("A", "N", "B"):
        cells = [(c, r) for r in range(m.height) for c in range(m.width) if m.territory[r, c] == t]
        if not cells:
            continue
        side = None if t == "N" else t
        props = {"layer": "territory", "kind": "neutral" if side is None else "friendly", "territory": t, "side": side,
                 "name": f"{names.get(side, side)}'s territory" if side else "Neutral territory", "owner": side, "owner_name": names.get(side)}  # fmt: skip
        out.append(feature(f"territory:{t}", squares_area(proj, cells, m.square_mm), props))
    return out


def _side_names(m, view: dict | None) -> dict[str, str]:
    """Side id -> name: the campaign's when there is one (players may rename), else the map's."""
    names = {s.id: s.name for s in m.sides}
    for s in view["sides"] if view else ():
        names[s["id"]] = s["name"]
    return names


def _owner(holding, state: dict | None) -> str:
    """Who holds a holding: the campaign's owner, or on a map alone the side the map gave it to."""
    return state["owner"] if state is not None else holding.side


def _force_properties(f: dict, names: dict) -> dict:
    """A force as the view shows it: square, order and reaction always; leader and units only where the side may know them."""
    props = {"layer": "force", "kind": "force", "id": f["id"], "name": f["id"], "side": f["side"], "side_name": names.get(f["side"]),
             "square": f["square"], "order": f["order"], "reaction": f["reaction"], "state": f["reaction"] or f["order"] or "none"}  # fmt: skip
    if "leader" in f:
        units = f["units"]
        props |= {"leader": f["leader"]["name"], "cv": f["leader"]["cv"], "units": len(units),
                  "figures": sum(u["figures"] for u in units), "individuals": list(f["individuals"]),
                  "loot": f["loot"], "moved_today": f["moved_today"]}  # fmt: skip
    return props
