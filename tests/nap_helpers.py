"""Napoleonic battle states built by hand for the rule tests: units where the test puts them, dice entered."""

from mapgen.engine import apply
from mapgen.engine.dice import GameDice
from mapgen.napoleonic.board import LINE_AREAS, MID_AREAS
from mapgen.napoleonic.ruleset import RULESET
from mapgen.napoleonic.state import SCHEMA, VERSION, Army, NapoleonicState, Unit
from mapgen.napoleonic.store import Field, field_bytes, map_ref
from mapgen.napoleonic.tables import MissingTables

#: Tables typed for the tests, so a test does not lean on mapgen's [DEV] defaults.
TABLES = MissingTables(fire={"infantry": 8, "artillery": 7, "artillery_far": 9}, charge={"infantry": 0, "cavalry": 2},
                       pursuit={"infantry": 5, "cavalry": 4}, source="tests")
BOARD = Field(TABLES)


def battle(*units, phase="infantry", acting="A", attacker="A", turn=1, fill=True, **kw) -> NapoleonicState:
    """A battle on: ``units`` as (id, type, area) or (id, type, area, in_square); every line part held by a filler
    infantry far out of the way (ids A91.., B91..) unless ``fill`` is False."""
    us = [Unit(u[0], u[0][0], u[1], f"{u[1]} {u[0]}", u[2], *(u[3:] or ())) for u in units]
    if fill:
        for side in "AB":
            for column in range(3):
                held = {LINE_AREAS[side][column], MID_AREAS[column]}
                if not any(u.side == side and u.area in held and u.type != "leader" for u in us):
                    us.append(Unit(f"{side}{91 + column}", side, "infantry", "filler", LINE_AREAS[side][column]))
    return NapoleonicState(SCHEMA, VERSION, 1, map_ref(field_bytes(TABLES)), attacker, (Army("A", "England", "t"), Army("B", "France", "t")),
                           tuple(us), stage="battle", deployed=("A", "B"), turn=turn, phase=phase, acting=acting, **kw)


def play(state, command, faces=(), board=BOARD):
    """The state after ``command`` with these faces entered (every one must be used)."""
    return apply(RULESET, state, command, GameDice(1, list(faces)), board)[0]


def area(state, uid):
    return state.unit(uid).area
