"""Hand-made battlefield tables: one stage or one work run on a table whose every feature the test put there.

``table()`` gives the state a stage works on (a pitched battle's zones on an empty table, scripted
dice); ``put()`` lays a feature at an exact box, as a campaign square or an earlier stage would.
"""

from __future__ import annotations

from shapely.geometry import box

from mapgen.battlefield import scenarios as S
from mapgen.battlefield.features import make
from mapgen.battlefield.options import BattleOptions
from mapgen.battlefield.placement import Item, Layout
from mapgen.battlefield.state import Ground, TableState
from mapgen.dice import Dice, ScriptedDice


def table(faces=(), width=180, depth=120, terrain="plain", geo="flat", seed=0, scenario="pitched", rolled=False, **opts) -> TableState:
    """An empty table with the scenario's zones; ``faces`` are the dice the work under test rolls."""
    dice = ScriptedDice(faces, seed=seed)
    # a table smaller than the scenario allows still gets the zones of its smallest table
    w_min, d_min = S.min_table(scenario)
    plan = S.build(scenario, Dice(0), max(width, w_min), max(depth, d_min), {}, None)
    ground = Ground(terrain, geo, rolled)
    return TableState(BattleOptions(seed=seed, terrain=terrain, **opts), dice, ground, plan, Layout(width, depth, dice.rng, clear=list(plan.clear)))


def put(st: TableState, kind: str, bounds, exact: bool = False, ground: bool = False, **kw) -> int:
    """A feature of ``kind`` filling ``bounds`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = bounds
    f = make(kind, box(*bounds), (x1 - x0, y1 - y0), **kw)
    return st.layout.add(Item(f, tuple(bounds), exact=exact, ground=ground))


def of(st: TableState, kind: str):
    return [it.feature for it in st.items if it.feature.kind == kind]


def rolls(st: TableState):
    return [(r.rule, r.purpose, r.result) for r in st.dice.log]
