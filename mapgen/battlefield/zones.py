"""The scenario: chosen (FW-23.0), its table, its deployment zones, and the features it brings.

Zones are drawn before any terrain so that what the scenario requires (the
raided village at the centre, the ambusher's cover beside the route, a last
stand's clear square) is in place before the dice fill the rest.
"""

from __future__ import annotations

from ..dice import Dice
from . import rules as R
from . import scenarios as S
from .features import mains, place
from .ground import table_size
from .options import BattleOptions
from .state import Ground, TableState
from .villages import village


def lay_scenario(opts: BattleOptions, dice: Dice, ground: Ground) -> tuple[S.ScenarioPlan, tuple[float, float]]:
    """The scenario's plan (zones, orders, required features) and the table it is fought on."""
    name, why = (opts.scenario, "chosen") if opts.scenario != "auto" else S.choose(opts.orders, opts.situation)
    width, depth = table_size(opts, ground, name)
    plan = S.build(name, dice, width, depth, opts.orders, opts.situation, opts.udm_cm, opts.deployment)
    if opts.scenario == "auto":
        plan.scenario.instructions.insert(0, f"Scenario chosen automatically: {why}.")
    if opts.names:
        for o in plan.scenario.orders:
            if opts.names.get(o.side):
                o.role = f"{o.role}, {opts.names[o.side]}"
        who = "; ".join(f"side {side} is {opts.names[side]}" for side in sorted(opts.names))
        plan.scenario.instructions.insert(0, f"Who is who: {who}.")
    return plan, (width, depth)


def scenario_features(st: TableState) -> None:
    """The raid's village (FW-23.1) and the ambusher's cover beside the route (FW-23.5)."""
    swamp_done = False
    for kind, region, note in st.plan.required:
        if kind == "village":
            village(st, region=region, note=note, exact=True)
        elif kind == "ambush_cover":
            terrain = st.ground.terrain
            cover = "swamp" if terrain == "swamp" else "forest_section" if terrain in ("forest", "jungle") else "wood"
            if cover == "swamp" and swamp_done:
                continue  # one swamp, or two woods or forest sections (FW-23.5)
            swamp_done = cover == "swamp"
            size = (25, 35) if cover == "forest_section" else None
            place(st, cover, region=region.bounds, size=size, note=f"{R.KINDS[cover].note}; {note}", rule="FW-23.5", why="beside the ambushed route")
    st.scenario_count = len(mains(st))
