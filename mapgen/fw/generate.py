"""The map pipeline: options -> dice -> stages -> FwMap.

Each stage is a small function in its own module; this one only runs them in
order and hands each the plain data it needs.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import chain

import numpy as np

from ..collector import collector_paused
from ..dice import Dice
from ..sides import fw_side_style
from ..tables import roll_on
from . import configs as cfg
from .climate import roll_climate
from .holdings import cultivate_around, place_holdings
from .model import Crossing, FwMap, Side
from .connectivity import largest
from .movement import flat_index, king_pairs, land_mask, land_steps
from .names import name_places
from .options import SIDE_COLOURS, MapOptions
from .rivers import Drainage, generate_rivers
from .roads import RoadBuilder, add_fords, connect_holdings
from .rules import REGION
from .terrain import generate_terrain
from .territory import assign_territory


def make_sides(opts: MapOptions) -> list[Side]:
    return [
        Side(sid, SIDE_COLOURS[sid][0], race, SIDE_COLOURS[sid][1])
        for sid, race in zip(("A", "B"), opts.races)
    ]


def sides_in_look(m: FwMap, look: str) -> FwMap:
    """``m`` with its sides named as ``look`` prints them: a black-and-white kit names each side after its emblem
    ("Disc"), as its counters and its map show it, never after a colour it does not print."""
    return replace(m, sides=[replace(s, name=fw_side_style(s.id, look).name) if s.name == fw_side_style(s.id).name else s for s in m.sides])


def mainland(terrain: np.ndarray) -> np.ndarray:
    """The largest 8-connected body of land: holdings and crossings live there."""
    land = land_mask(terrain)
    a, b, _ = king_pairs(land)
    w = terrain.shape[1]
    return largest(land, flat_index(a, w), flat_index(b, w))


def generate_map(opts: MapOptions) -> FwMap:
    """Run every stage; raises InfeasibleError when the rules cannot be met.

    The cycle collector is held off meanwhile (:func:`~mapgen.collector.collector_paused`): the
    stages make no cycles, and its passes over their short-lived tuples were a fifth of a big map.
    """
    with collector_paused():
        return _generate(opts)


def _generate(opts: MapOptions) -> FwMap:
    opts.check()
    width, height = opts.grid()
    dice = Dice(opts.seed)
    sides = make_sides(opts)

    climate = roll_climate(dice)
    _, region = roll_on(dice, REGION, "region type of the campaign area (AMB-73)")
    terrain, elevation, _ = generate_terrain(dice.rng, width, height, region.outcome, climate.zone)
    drain = Drainage(terrain, elevation)
    rivers, river_mask = generate_rivers(dice.rng, terrain, drain, climate.zone)
    territory = assign_territory(dice, terrain, sides)

    features: dict[tuple[int, int], list[str]] = {}
    configs: list = []
    usable = mainland(terrain)
    placer = cfg.Placer(dice, terrain, elevation, territory, usable, river_mask, climate.zone, rivers, features, configs, drain)
    deferred: list = []
    if opts.configurations:
        for side, where, n in cfg.slot_plan(sides):
            cfg.run_slot(dice, placer, side, where, n, deferred)

    usable &= land_mask(terrain)  # a lake rolled as a configuration is no longer land
    notes: list[str] = []
    # Rolled configurations are never overwritten: holdings neither clear nor cultivate their squares.
    keep = placer.kept()
    holdings = place_holdings(dice, sides, opts.minor_holdings(), terrain, territory, usable, river_mask, notes, keep)
    cultivate_around(dice.rng, terrain, holdings, keep)

    builder = RoadBuilder(terrain, rivers)
    connect_holdings(builder, holdings)
    placer.builder = builder
    placer.holdings = {h.square for h in holdings}
    placer.road = set(builder.on_road)
    placer.passes |= set(builder.passes())
    placer.existing_crossings = {frozenset(c.squares) for c in builder.bridges()}
    cfg.place_deferred(dice, placer, deferred)

    for sq in builder.passes():
        if "pass" not in features.setdefault(sq, []):
            features[sq].append("pass")
    crossings: list[Crossing] = []
    seen: set = set()
    for c in builder.bridges() + placer.crossings:
        key = frozenset(c.squares)
        if key not in seen:
            seen.add(key)
            crossings.append(c)
    usable &= land_mask(terrain)
    steps = land_steps(terrain, rivers)
    crossings += add_fords(dice.rng, terrain, steps, crossings, usable, rivers)

    road_mask = np.zeros((height, width), bool)
    on_road = np.fromiter(chain.from_iterable(sq for road in builder.roads for sq in road.squares), dtype=np.int64)
    road_mask[on_road[1::2], on_road[0::2]] = True

    # Last, on its own generator: names change no other stage's output and add no roll to the log.
    names = name_places(opts.seed, sides, terrain, territory, holdings, rivers, climate.zone)
    holdings = [replace(h, name=n) for h, n in zip(holdings, names.holdings)]
    rivers = [replace(r, name=n) for r, n in zip(rivers, names.rivers)]

    options = {
        "size": opts.size,
        "holdings_per_side": opts.minor_holdings(),
        "races": list(opts.races),
        "configurations": opts.configurations,
        "river_crossing": "strict (AMB-06): only at bridges and fords",
        "adjacency": 8,
    }
    if opts.watercraft:  # only then: a map made without the switch keeps its bytes
        options |= {"watercraft": True, "ports": opts.ports}
    m = FwMap(
        seed=opts.seed,
        width=width,
        height=height,
        square_mm=opts.square_mm,
        climate=climate,
        region=region.outcome,
        sides=sides,
        terrain=terrain,
        elevation=elevation,
        territory=territory,
        river=river_mask,
        road=road_mask,
        features={k: v for k, v in sorted(features.items(), key=lambda kv: (kv[0][1], kv[0][0])) if v},
        rivers=rivers,
        crossings=crossings,
        roads=builder.roads,
        holdings=holdings,
        configs=configs,
        dice_log=dice.log,
        notes=notes,
        options=options,
        chains=names.chains,
        regions=names.regions,
    )
    # The watercraft stage last of all, on the finished map: its rolls follow every other roll, so the
    # map is the same map as without the switch, its waters marked (FW-20, FW-2.5 item 9).  Imported with the switch only.
    if not opts.watercraft:
        return m
    from .watercraft import add_watercraft

    return add_watercraft(m, dice, opts.ports)
