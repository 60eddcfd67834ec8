"""The battlefield pipeline: options -> dice -> stages -> Battlefield.

The stages follow the order FW-11.1 gives (geography, natural works,
artificial works), with the campaign square's features first because they
are compulsory (FW-10.5, FW-11.4).  The ground and the scenario decide the
table, so they run first and build the state every later stage works on;
each later stage is a function of that state alone, run from ``STAGES``.
"""

from __future__ import annotations

from typing import Callable

from ..dice import Dice
from .appendix import appendix
from .checks import checks
from .count import fill_to_count
from .ground import roll_ground
from .ground_pieces import ground_pieces
from .lines import lines
from .marks import marks
from .model import Battlefield, Source
from .options import MARKS, BattleOptions
from .order import ordered
from .parts import parts
from .placement import Layout
from .relief import relief
from .rolled import rolled_works
from .state import TableState
from .works import compulsory_works
from .zones import lay_scenario, scenario_features

__all__ = ["MARKS", "STAGES", "BattleOptions", "generate_battlefield"]

#: The stages after the ground and the scenario, in order.
STAGES: tuple[Callable[[TableState], None], ...] = (
    scenario_features,  # the raid's village, the ambusher's cover (FW-23)
    ground_pieces,  # mountain base, plateau, inlet, a desert's oases: tied to a part of the table
    lines,  # the square's river, road or pass, bridge or ford
    compulsory_works,  # the square's features and holding; a jungle's dangers, cultivated fields
    rolled_works,  # with no map, each player's configuration (AMB-31); a desert one makes open ground desert
    relief,  # the hills or mountains of the geographic type, dunes in a desert
    appendix,  # FW-21 extras: djebel, quicksand
    fill_to_count,  # up to the base-rules count, with FW-10.5's alternation
    parts,  # fields of farms and villages, ridges, slopes, caves
    marks,  # MED-2 hiding places, MED-6 landing points
    checks,  # what slipped through becomes a note
)


def generate_battlefield(opts: BattleOptions, dice: Dice | None = None) -> Battlefield:
    """Run every stage; raises InfeasibleError when the options cannot satisfy the rules.

    ``dice`` replaces the seeded dice (tests inject faces with ScriptedDice)."""
    opts.check()
    dice = dice if dice is not None else Dice(opts.seed)
    ground = roll_ground(opts, dice)
    plan, (width, depth) = lay_scenario(opts, dice, ground)
    st = TableState(opts, dice, ground, plan, Layout(width, depth, dice.rng, clear=list(plan.clear)))
    for stage in STAGES:
        stage(st)
    return battlefield(st)


def battlefield(st: TableState) -> Battlefield:
    """The finished layout as the result object: features in plan order, the dice log, the notes."""
    o = st.opts
    road = st.road is not None or st.mountain_pass is not None
    bridge = any(st.items[i].feature.kind == "bridge" for i in st.crossings)
    source = Source(o.map_name, o.square, st.ground.terrain, st.river is not None, road, bridge)
    return Battlefield(o.seed, source, st.width, st.depth, st.plan.scenario, ordered(st), st.dice.log, st.notes)
