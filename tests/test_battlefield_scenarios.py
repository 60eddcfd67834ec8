"""Deployment zones of every scenario (FW-0.2, FW-10, FW-23), with the rulebook's distances typed out.

FW-0.2: scouting Commands within 15 cm of the own long edge, the others within 30 cm.
FW-23.2: defenders 20 to 40 cm from their long edge; attackers in column at the centre,
within 15 cm of theirs.  FW-23.6: defenders in the central 40 cm square, attackers at
least 30 cm from it.  FW-23.7: on 240 x 180, the relief force as in a field battle.
"""

import pytest

from mapgen.battlefield import scenarios as S
from mapgen.dice import Dice

ALL = ("pitched", "raid", "breakthrough", "chance_encounter", "flank_attack", "ambush", "last_stand", "relief")
TABLES = [(180, 120), (240, 180), (300, 200), (120, 60), (200, 120), (600, 400)]
FIRST = {"raid": "raid", "breakthrough": "breakthrough", "flank_attack": "counter_march", "last_stand": "surrounded", "relief": "relief"}


def zones_of(plan, side):
    return [z for z in plan.scenario.zones if z.side == side]


@pytest.mark.parametrize("width,depth", [(180, 120), (240, 180), (60, 60)])
@pytest.mark.parametrize("attacker", "AB")
def test_breakthrough_column_at_the_centre_of_the_attackers_edge(width, depth, attacker):
    plan = S.build("breakthrough", Dice(1), width, depth, {}, S.Situation("breakthrough", attacker))
    (column,) = zones_of(plan, attacker)
    (line,) = zones_of(plan, S.other(attacker))
    col = min(60, width)  # [DEV] the middle 60 cm of the long edge
    x0, x1 = width / 2 - col / 2, width / 2 + col / 2
    if attacker == "A":
        assert column.polygon.bounds == (x0, 0, x1, 15) and line.polygon.bounds == (0, depth - 40, width, depth - 20)
    else:
        assert column.polygon.bounds == (x0, depth - 15, x1, depth) and line.polygon.bounds == (0, 20, width, 40)
    assert column.polygon.area == col * 15


def test_pitched_bands_are_fifteen_and_thirty_cm():
    plan = S.build("pitched", Dice(3), 180, 120, {}, None)
    assert sorted(tuple(z.polygon.bounds) for z in plan.scenario.zones) == [(0, 0, 180, 15), (0, 0, 180, 30), (0, 90, 180, 120), (0, 105, 180, 120)]
