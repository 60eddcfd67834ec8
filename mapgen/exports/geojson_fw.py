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

import json
from typing import NamedTuple

import numpy as np

from ..campaign.march import square_modifiers
from ..fw.movement import land_mask
from ..fw.rules import TERRAIN
from ..grid import col_letters, parse_square, square_id
from .geojson_shapes import FeatureText, Projection, feature, grid_positions, line, point, squares_area, squares_areas

def fw_features(m, land: dict | None, view: dict | None = None, text: bool = False) -> tuple[Projection, list]:
    """The map ``m`` (an FwMap) as features; ``land`` is its land squares (a campaign board's), for their
    movement modifiers, or None to read them off the map (:func:`map_ground`); ``view``, a campaign's
    :func:`~mapgen.campaign.view.side_view`, adds who holds each holding and where the forces are (as much
    of them as that side may know).  With ``text`` the squares come as one :class:`FeatureText` of their
    lines, for :func:`~mapgen.exports.geojson.geojson_text`."""
    s = m.square_mm
    proj = Projection(m.width * s, m.height * s)
    names = _side_names(m, view)
    owners = {h["square"]: h for h in view["holdings"]} if view else {}
    letters = [col_letters(col) for col in range(m.width)]
    ids = [[f"{letters[col]}{row + 1}" for col in range(m.width)] for row in range(m.height)]  # square_id, a column's letters once

    def sid(sq: tuple[int, int]) -> str:
        return ids[sq[1]][sq[0]]

    def centre(sq: tuple[int, int]) -> tuple[float, float]:
        return (sq[0] + 0.5) * s, (sq[1] + 0.5) * s

    out = _squares(m, proj, ids, land, names, owners, view, text)
    out += _territories(m, proj, names)
    named = [*m.regions, *m.chains]
    areas = iter(squares_areas(proj, [p.squares for p in named], s) if named else [])
    for layer, group in (("region", m.regions), ("chain", m.chains)):
        for i, p in enumerate(group, 1):
            props = {"layer": layer, "kind": p.kind, "name": p.name, "race": p.race, "squares": [sid(q) for q in p.squares]}
            out.append(feature(f"{layer}:{i}", next(areas), props))
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
        props = {"layer": "holding", "kind": "capital" if h.capital else "holding", "name": h.name or None,
                 "square": sid(h.square), "side": h.side, "owner": owner, "owner_name": names.get(owner), "capital": h.capital,
                 "feature": h.feature, "detail": h.detail}  # fmt: skip
        if state is not None:
            props["sacked"] = state["sacked"]
        out.append(feature(f"holding:{sid(h.square)}", point(proj, *centre(h.square)), props))
    for f in view["forces"] if view else ():
        out.append(feature(f"force:{f['id']}", point(proj, *centre(parse_square(f["square"]))), _force_properties(f, names)))
    return proj, out


def _squares(m, proj: Projection, ids, land: dict | None, names: dict, owners: dict, view: dict | None, text: bool) -> list:
    """One Polygon a square, with what a player asks of it: terrain, river, road, crossings, movement, who holds it.

    The squares are most of a big map's file (40,000 of 42,500 features on a 200 x 200 map), so they are
    written as text first (:func:`square_lines`); ``text`` keeps them so, else they are read back as dicts in
    one ``json.loads``: one writer, so the dicts and the text cannot part ways.
    """
    lines = square_lines(m, proj, ids, land, names, owners, view)
    if text:
        return [FeatureText(",\n".join(lines), "square", len(lines))] if lines else []
    return json.loads("[" + ",".join(lines) + "]")


#: JSON as :func:`~mapgen.exports.geojson.geojson_text` writes it (compact, UTF-8).
_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def square_lines(m, proj: Projection, ids, land: dict | None, names: dict, owners: dict, view: dict | None) -> list[str]:
    """Each square's feature as its line of JSON, byte for byte what ``json.dumps`` makes of its dict.

    Every value is encoded once and reused: a column's longitudes, a row's latitudes, each terrain,
    territory, list and name; a square's line is then one string join (issue 27: a 200 x 200 map's
    squares took seconds as dicts through the encoder).  Properties, in order: layer, kind, id, name,
    col, row, terrain, terrain_label, territory, river, road, features, configurations, crossings,
    elevation, movement, movement_nt (FW-9.2), place, holding, owner, owner_name, and in a campaign forces.
    """
    places = {sq: p.name for p in (*m.regions, *m.chains) for sq in p.squares}  # regions and chains share no square
    holdings = {h.square: h for h in m.holdings}
    configs: dict[tuple[int, int], list[str]] = {}
    for c in m.configs:
        configs.setdefault(c.square, []).append(c.name)
    forces_at: dict[str, list[str]] = {}
    for f in view["forces"] if view else ():
        forces_at.setdefault(f["square"], []).append(f["id"])
    # What most squares lack, written once; a square that has it gets its own text.
    crossings = _crossings_at(m)
    lists = {sq: f'"features":{_json(list(m.features.get(sq, [])))},"configurations":{_json(configs.get(sq, []))},'
                 f'"crossings":{_json(crossings.get(sq, []))}'
             for sq in {*m.features, *configs, *crossings}}  # fmt: skip
    no_lists = '"features":[],"configurations":[],"crossings":[]'
    place_text = {name: f',"place":{_json(name)},' for name in set(places.values())}
    no_place = ',"place":null,'
    who = {}
    for sq, holding in holdings.items():
        owner = _owner(holding, owners.get(ids[sq[1]][sq[0]]))
        who[sq] = f'"holding":{_json(holding.name)},"owner":{_json(owner)},"owner_name":{_json(names.get(owner))}'
    nobody = '"holding":null,"owner":null,"owner_name":null'
    forces_text = {sid: f',"forces":{_json(ids_here)}' for sid, ids_here in forces_at.items()}
    no_forces = ',"forces":[]' if view is not None else ""
    lons, lats = grid_positions(proj, m.width, m.height, m.square_mm)
    lon_text, lat_text = [_json(x) for x in lons], [_json(y) for y in lats]
    movement: dict = {None: '"movement":null,"movement_nt":null'}

    def moves(key) -> str:
        out = movement.get(key)
        if out is None:
            mv = _movement(key)
            out = movement[key] = f'"movement":{_json(mv["movement"])},"movement_nt":{_json(mv["movement_nt"])}'
        return out

    # Each square's movement text: a map alone has a few dozen kinds of ground, each worked out once
    if land is None:
        kind_at, grounds = map_grounds(m)
        move_text = np.array([moves(g) for g in grounds], dtype=object)[kind_at].tolist()
    else:
        ground = {sid: Ground(sq.terrain, sq.river, sq.bridge, sq.mountain_pass, sq.road) for sid, sq in land.items()}
        move_text = [[moves(ground.get(sid)) for sid in ids_row] for ids_row in ids]

    terrain_text = {t: f'"terrain":{_json(t)},"terrain_label":{_json(TERRAIN[t].label)}' for t in np.unique(m.terrain).tolist()}
    territory_text = {t: f',"territory":{_json(t)},' for t in np.unique(m.territory).tolist()}
    flag = {True: "true", False: "false"}
    terrain, territory = m.terrain.tolist(), m.territory.tolist()
    river, road, elevation = m.river.tolist(), m.road.tolist(), m.elevation.tolist()
    out = []
    for row in range(m.height):
        n, s = lat_text[row], lat_text[row + 1]
        ids_row, terrain_row, territory_row, river_row, road_row, elevation_row, move_row = (
            ids[row], terrain[row], territory[row], river[row], road[row], elevation[row], move_text[row])  # fmt: skip
        for col in range(m.width):
            sid, sq = ids_row[col], (col, row)
            w, e = lon_text[col], lon_text[col + 1]
            out.append(
                f'{{"type":"Feature","id":"square:{sid}","geometry":{{"type":"Polygon","coordinates":'
                f"[[[{w},{s}],[{e},{s}],[{e},{n}],[{w},{n}],[{w},{s}]]]}},"
                f'"properties":{{"layer":"square","kind":"square","id":"square:{sid}","name":"{sid}","col":{col},"row":{row},'
                f"{terrain_text[terrain_row[col]]}{territory_text[territory_row[col]]}"
                f'"river":{flag[bool(river_row[col])]},"road":{flag[bool(road_row[col])]},{lists.get(sq, no_lists)},'
                f'"elevation":{float(elevation_row[col])!r},'  # json writes a finite float as its repr
                f"{move_row[col]}{place_text.get(places.get(sq), no_place)}{who.get(sq, nobody)}"
                f"{forces_text.get(sid, no_forces)}}}}}"
            )
    return out


def fw_metadata(m, view: dict | None) -> dict:
    """What the collection says about its map and campaign (a foreign member, RFC 7946 §6.1)."""
    meta = {"map": "mapgen/fw-map", "seed": m.seed, "width": m.width, "height": m.height, "square_mm": m.square_mm,
            "sides": [{"id": s.id, "name": s.name, "race": s.race, "color": s.color} for s in m.sides]}  # fmt: skip
    if view is not None:
        meta["campaign"] = {"schema": "mapgen/campaign", "side": view["side"], "day": view["day"], "phase": view["phase"]["name"],
                            "weather": view["weather"]["today"], "winner": view["winner"]}  # fmt: skip
    return meta


class Ground(NamedTuple):
    """What FW-9.2 reads of a land square (:func:`~mapgen.campaign.march.square_modifiers`)."""

    terrain: str
    river: bool
    bridge: bool
    mountain_pass: bool
    road: bool


def map_ground(m, ids) -> dict[str, Ground]:
    """Each land square's :class:`Ground` by id, read off the map as :func:`~mapgen.campaign.board.land_squares`
    reads it (a road feature is a road, a bridge crossing or feature a bridge, a pass feature a pass), without
    building the board's 40,000 squares of a 200 x 200 map (a third of its export)."""
    kind_at, grounds = map_grounds(m)
    kinds = kind_at.tolist()
    return {ids[row][col]: grounds[kinds[row][col]] for row, col in np.argwhere(land_mask(m.terrain)).tolist()}


def map_grounds(m) -> tuple[np.ndarray, list[Ground | None]]:
    """:func:`map_ground` for the whole grid at once: each square's kind of ground as an index ([row, col])
    into the list of the map's distinct grounds, None standing for water.  A map has a few dozen, so
    the export works out each one's movement once, not 40,000 times."""
    shape = m.terrain.shape
    bridge, mountain_pass, road = np.zeros(shape, bool), np.zeros(shape, bool), m.road.astype(bool)
    for c in m.crossings:
        if c.kind == "bridge":
            for col, row in c.squares:
                bridge[row, col] = True
    for (col, row), feats in m.features.items():
        bridge[row, col] |= "bridge" in feats
        mountain_pass[row, col] |= "pass" in feats
        road[row, col] |= "road" in feats
    names, terrain = np.unique(m.terrain, return_inverse=True)
    key = (((terrain.reshape(shape) * 2 + m.river.astype(bool)) * 2 + bridge) * 2 + mountain_pass) * 2 + road
    key = np.where(land_mask(m.terrain), key, -1)
    keys, kind_at = np.unique(key, return_inverse=True)
    grounds = [None if k < 0 else Ground(str(names[k >> 4]), bool(k & 8), bool(k & 4), bool(k & 2), bool(k & 1)) for k in keys.tolist()]
    return kind_at.reshape(shape), grounds


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
        cells = [(c, r) for r, c in np.argwhere(m.territory == t).tolist()]  # row by row, as the squares run
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
    props = {"layer": "force", "kind": "force", "name": f["id"], "side": f["side"], "side_name": names.get(f["side"]),
             "square": f["square"], "order": f["order"], "reaction": f["reaction"], "state": f["reaction"] or f["order"] or "none"}  # fmt: skip
    if "leader" in f:
        units = f["units"]
        props |= {"leader": f["leader"]["name"], "cv": f["leader"]["cv"], "units": len(units),
                  "figures": sum(u["figures"] for u in units), "individuals": list(f["individuals"]),
                  "loot": f["loot"], "moved_today": f["moved_today"]}  # fmt: skip
    return props
