"""Napoleonic bots: pick one of the legal actions (:mod:`.actions`) by a simple plan, for ``simulate``.

``aggressive``: fire at the dearest target, charge whatever stands ahead,
advance into the central zone, press charges on squares, stand when charged.
``cautious``: fire, charge only where its own modifiers are at least the
target's, hold its line, call off charges on squares, evade, and retreat
once it has lost more than half its army's cost.  Neither moves a unit out
of a line part it is the last to hold (that would lose the battle, NAP-12).
"""

from __future__ import annotations

from ..engine.records import evolve
from .actions import actions
from .board import MID_AREAS, RETREAT
from .rules import broken_part, charge_modifiers
from .state import DESTROYED, NapoleonicState
from .tables import UNITS

BEHAVIOURS = ("aggressive", "cautious")
#: [DEV] A cautious side retreats (NAP-14) once its losses exceed this share of its army's production cost.
CAUTIOUS_RETREAT_LOSS = 0.5


def _cost(state: NapoleonicState, uid: str) -> int:
    return UNITS[state.unit(uid).type].cost


def _breaks_own_line(state: NapoleonicState, uid: str, to: str) -> bool:
    u = state.unit(uid)
    moved = tuple(evolve(x, area=to) if x.id == uid else x for x in state.units)
    return broken_part(evolve(state, units=moved), u.side) is not None


def choose(state: NapoleonicState, side: str, board, behaviour: str) -> tuple[str, dict]:
    """The command (record name, fields) ``side`` plays now: one of its legal actions, with its choice made."""
    legal = actions(state, side, board)
    if not legal:
        raise ValueError(f"side {side} has nothing to do now")
    by = {}
    for a in legal:
        by.setdefault(a.command, []).append(a)
    cautious = behaviour == "cautious"
    if "deploy" in by:
        a = by["deploy"][0]
        options = a.choices["placements"]
        return "deploy", {"side": side, "placements": options[1 if cautious and len(options) > 1 else 0]}
    if "pursue" in by:
        return "pursue", dict(by["pursue"][0].args)
    for kind, keep in (("press", not cautious), ("call_off", cautious), ("stand", not cautious), ("evade", cautious)):
        if kind in by and keep:
            return kind, dict(by[kind][0].args)
    if "retreat" in by and cautious:
        own = [u for u in state.units if u.side == side]
        lost = sum(UNITS[u.type].cost for u in own if u.area == DESTROYED or u.area == RETREAT[side])
        if lost > CAUTIOUS_RETREAT_LOSS * sum(UNITS[u.type].cost for u in own):
            return "retreat", {"side": side}
    if "fire" in by:
        a = by["fire"][0]
        return "fire", {**a.args, "target": max(a.choices["target"], key=lambda t: _cost(state, t))}
    if "rally" in by:
        a = by["rally"][0]
        return "rally", {**a.args, "unit": max(a.choices["unit"], key=lambda t: _cost(state, t))}
    for a in by.get("charge", ()):
        target = max(a.choices["target"], key=lambda t: _cost(state, t))
        if cautious:
            me, it = state.unit(a.args["unit"]), state.unit(target)
            mine = sum(v for _n, v in charge_modifiers(state, me, None, board.tables, it))
            theirs = sum(v for _n, v in charge_modifiers(state, it, me, board.tables))
            if mine < theirs:
                continue
        return "charge", {**a.args, "target": target}
    if not cautious:
        for a in by.get("move", ()):
            ahead = [t for t in a.choices["to"] if t in MID_AREAS and not _breaks_own_line(state, a.args["unit"], t)]
            if ahead and state.unit(a.args["unit"]).area not in MID_AREAS:
                return "move", {**a.args, "to": ahead[0]}
    return "turn", {}
