"""The legal actions of a Napoleonic battle now, per seat: what ``campaign actions``, the hints, the bots and the server offer.

Built from the same rule functions the handlers check (:mod:`.rules`), so
every action listed is accepted; the fuzzer (:mod:`mapgen.engine.fuzz`)
checks it.  During the secret deployment each side's actions are its own:
a seat is never offered (or shown) the other side's placements.
"""

from __future__ import annotations

from ..engine import Action
from .board import LINE_AREAS, RESERVE, RETREAT
from .battle import pursuers
from .rules import arm, can_act, charge_targets, fire_targets, move_targets, unit_order
from .state import NapoleonicState, Unit
from ..rulebooks.nap_units import UNITS
from .tables import VOLUNTARY_RETREAT_AFTER


def placements(state: NapoleonicState, side: str) -> list[list[str]]:
    """A few whole placements for ``side`` that NAP-2.1 allows, each as ``AREA=UNIT,UNIT`` words (the ``deploy`` choices).

    Spread (every fighting unit dealt round the three line areas, leaders in
    the reserve); in depth (:func:`in_depth`, what the bots play); and a
    strong centre.  A player types any other placement by hand.
    """
    own = sorted((u for u in state.units if u.side == side), key=lambda u: unit_order(u.id))
    fighters = [u for u in own if arm(u) != "leader"]
    leaders = [u for u in own if arm(u) == "leader"]
    line = LINE_AREAS[side]
    if len(fighters) < 3:
        return []
    out = []
    spread = {u.id: line[i % 3] for i, u in enumerate(fighters)}
    out.append(spread)
    out.append(in_depth(fighters, side))
    centre = {u.id: (line[i] if i < 3 else line[1]) for i, u in enumerate(fighters)}
    out.append(centre)
    result = []
    for p in out:
        p = {**p, **{u.id: RESERVE[side] for u in leaders}}
        words = [f"{area}={','.join(u.id for u in own if p[u.id] == area)}" for area in (*line, RESERVE[side])
                 if any(p[u.id] == area for u in own)]
        if words not in result:
            result.append(words)
    return result


#: [DEV] Share of the fighting units held in the Reserve Area by the placement in depth (when each line area keeps two).
RESERVE_SHARE = 0.25


def in_depth(fighters: list[Unit], side: str) -> dict[str, str]:
    """A placement in depth: the guns spread first (one per line area), then infantry, then cavalry, dealt round the
    three line areas; a quarter held in the reserve, cavalry first, when every line area still gets two (NAP-2.1)."""
    line = LINE_AREAS[side]
    held = int(len(fighters) * RESERVE_SHARE) if len(fighters) - int(len(fighters) * RESERVE_SHARE) >= 6 else 0
    reserve = sorted(fighters, key=lambda u: (arm(u) != "cavalry", -UNITS[u.type].cost, unit_order(u.id)))[:held]
    order = {"artillery": 0, "infantry": 1, "cavalry": 2}
    rest = sorted((u for u in fighters if u not in reserve), key=lambda u: (order[arm(u)], -UNITS[u.type].cost, unit_order(u.id)))
    return {**{u.id: line[i % 3] for i, u in enumerate(rest)}, **{u.id: RESERVE[side] for u in reserve}}


def _label(u: Unit) -> str:
    return f"{u.id} {u.name} ({UNITS[u.type].label.lower()}) in {u.area}"


def actions(state: NapoleonicState, seat: str | None, board) -> list[Action]:
    if state.stage == "over":
        return []
    if state.stage == "deployment":
        out = []
        for side in (state.attacker, state.defender):
            if side in state.deployed or seat not in (None, side):
                continue
            choices = placements(state, side)
            if choices:
                out.append(Action(side, "deploy", {"side": side, "placements": choices[0]}, {"placements": tuple(choices)},
                                  f"side {side} deploys in secret (NAP-2.1)"))
        return out
    if state.stage == "pursuit":
        w = state.winner
        if seat not in (None, w):
            return []
        out = [Action(w, "pursue", {"side": w, "losses": []}, label=f"side {w} pursues with {len(pursuers(state))} unit(s) (NAP-15)")]
        return out + [Action(w, "turn", {}, label="no pursuit: the battle ends")]
    p = state.pending
    if p is not None:
        if seat not in (None, p.chooser):
            return []
        if p.kind == "square":
            return [Action(p.chooser, "press", {"unit": p.charger}, label=f"{p.charger} presses home its charge on the square {p.target}"),
                    Action(p.chooser, "call_off", {"unit": p.charger}, label=f"{p.charger} calls off its charge (the action is spent)")]
        return [Action(p.chooser, "evade", {"unit": p.target}, label=f"{p.target} evades to {RESERVE[p.chooser]}"),
                Action(p.chooser, "stand", {"unit": p.target}, label=f"{p.target} takes {p.charger}'s charge")]
    side = state.acting
    if seat not in (None, side):
        return []
    out: list[Action] = []
    for u in sorted(state.units, key=lambda u: unit_order(u.id)):
        if u.side != side or arm(u) != state.phase or not can_act(u):
            continue
        to = move_targets(state, u)
        if to:
            out.append(Action(side, "move", {"unit": u.id, "to": to[0]}, {"to": tuple(to)}, f"move {_label(u)}"))
        fire = [t.id for t in fire_targets(state, u)]
        if fire:
            out.append(Action(side, "fire", {"unit": u.id, "target": fire[0]}, {"target": tuple(fire)}, f"{_label(u)} fires"))
        charge = [t.id for t in charge_targets(state, u)]
        if charge:
            out.append(Action(side, "charge", {"unit": u.id, "target": charge[0]}, {"target": tuple(charge)}, f"{_label(u)} charges"))
        if arm(u) == "infantry":
            kind = "leave_square" if u.in_square else "form_square"
            out.append(Action(side, kind, {"unit": u.id}, label=f"{_label(u)} {kind.replace('_', 's ', 1)}"))
        if arm(u) == "leader" and u.area == RESERVE[side]:
            routed = [x.id for x in sorted(state.units, key=lambda x: unit_order(x.id)) if x.side == side and x.area == RETREAT[side]]
            if routed:
                out.append(Action(side, "rally", {"leader": u.id, "unit": routed[0]}, {"unit": tuple(routed)}, f"{_label(u)} rallies"))
    if state.turn > VOLUNTARY_RETREAT_AFTER and not state.acted:
        out.append(Action(side, "retreat", {"side": side}, label=f"side {side} retreats and loses the battle (NAP-14)"))
    out.append(Action(side, "turn", {}, label=f"side {side} ends its part of the {state.phase} phase"))
    return out
