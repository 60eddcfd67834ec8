"""What a seat of the Napoleonic battle may know: its view, its status lines, the log lines it may read.

NAP-2.1: deployment is hidden and simultaneous.  Until both placements
are in, a side sees where its own units stand and only that the other side
has placed its army: not one of the other's areas, in the view, the status
lines or the log (the other side's secret line stays its own for good; the
public line that lifts the divider names both placements).  The referee
(seat None) sees everything.
"""

from __future__ import annotations

from .board import AREAS
from .rules import arm, unit_order
from .state import DESTROYED, UNPLACED, Entry, NapoleonicState, Unit
from ..rulebooks.nap_units import UNITS

#: A placement another seat may not see yet.
HIDDEN = "hidden"


def hidden_from(state: NapoleonicState, seat: str | None) -> str | None:
    """The side whose placement ``seat`` may not see now (None: nothing is hidden)."""
    if seat is None or state.stage != "deployment":
        return None
    return "B" if seat == "A" else "A"


def area_seen(state: NapoleonicState, unit: Unit, seat: str | None) -> str:
    if unit.side == hidden_from(state, seat) and unit.area != UNPLACED:
        return HIDDEN
    return unit.area


def side_view(state: NapoleonicState, seat: str | None, board) -> dict:
    """The battle as ``seat`` may know it, as JSON-ready data (``status --json``, the server's page)."""
    units = [{"id": u.id, "side": u.side, "type": u.type, "name": u.name, "area": area_seen(state, u, seat), "arm": arm(u),
              "in_square": u.in_square and area_seen(state, u, seat) != HIDDEN, "actions_used": u.used if area_seen(state, u, seat) != HIDDEN else 0,
              "actions": UNITS[u.type].actions} for u in sorted(state.units, key=lambda u: unit_order(u.id))]
    p = state.pending
    return {
        "stage": state.stage,
        "turn": state.turn,
        "phase": state.phase,
        "acting": state.acting,
        "attacker": state.attacker,
        "defender": state.defender,
        "deployed": list(state.deployed),
        "armies": [{"side": a.side, "nation": a.nation, "roster": a.roster} for a in state.armies],
        "pending": {"kind": p.kind, "charger": p.charger, "target": p.target, "chooser": p.chooser} if p else None,
        "quiet_turns": state.quiet_turns,
        "units": units,
        "areas": [{"name": a.name, "label": a.label, "kind": a.kind, "owner": a.owner, "row": a.row, "column": a.column}
                  for a in AREAS.values()],
        "tables": {"fire": board.tables.fire, "charge": board.tables.charge, "pursuit": board.tables.pursuit,
                   "source": board.tables.source},
        "result": {"winner": state.result.winner, "reason": state.result.reason, "retreat": state.result.retreat} if state.result else None,
    }


def visible(entries, seat: str | None) -> list:
    """The log entries ``seat`` may read: the public ones and its own secrets (the referee: all)."""
    return [e for e in entries if seat is None or e.seat is None or e.seat == seat]


def entry_words(e: Entry) -> str:
    return f"[turn {e.turn}] {e.rule}: {e.text}" + (" (dice entered)" if e.entered else "")


def log_lines(state: NapoleonicState, seat: str | None, turn: int | None) -> list[str]:
    return [entry_words(e) for e in visible(state.log, seat) if turn is None or e.turn == turn]


def when(state: NapoleonicState) -> str:
    if state.stage == "deployment":
        return "deployment (NAP-2.1)"
    if state.stage == "pursuit":
        return f"pursuit after turn {state.turn} (NAP-15)"
    if state.stage == "over":
        return f"over after turn {state.turn}"
    return f"turn {state.turn}, {state.phase} phase, side {state.acting}"


def awaiting(state: NapoleonicState, board=None) -> str | None:
    if state.stage == "deployment":
        left = [s for s in (state.attacker, state.defender) if s not in state.deployed]
        return f"{' and '.join(f'side {s}' for s in left)} to deploy in secret (NAP-2.1)"
    if state.stage == "pursuit":
        return f"side {state.winner} to pursue or not (NAP-15)"
    if state.stage == "over":
        return None
    p = state.pending
    if p is not None:
        if p.kind == "square":
            return f"side {p.chooser}: {p.charger} presses or calls off its charge on the square {p.target} (NAP-10)"
        return f"side {p.chooser}: {p.target} evades or stands against {p.charger}'s charge (NAP-8)"
    return f"side {state.acting} to act in the {state.phase} phase, then turn"


def over(state: NapoleonicState) -> str | None:
    if state.stage != "over":
        return None
    r = state.result
    return f"side {r.winner} won: {r.reason}"


def status_lines(state: NapoleonicState, seat: str | None, board) -> list[str]:
    """The battle in words for ``seat``: where it is, then every area with the units ``seat`` may see there."""
    head = [f"Napoleonic battle: {when(state)}; attacker {state.attacker}, defender {state.defender}"]
    for a in state.armies:
        head.append(f"  side {a.side}: {a.nation} ({a.roster})")
    wait = awaiting(state)
    if wait:
        head.append(f"Awaiting: {wait}")
    if state.result is not None:
        head.append(f"Result: side {state.result.winner} won: {state.result.reason}")
        if state.result.retreat:
            head.append(f"Retreat (NAP-13, on the strategic map): {state.result.retreat}")
    lines = ["Areas (as the commands name them):"]
    for name in AREAS:
        here = [u for u in sorted(state.units, key=lambda u: unit_order(u.id)) if area_seen(state, u, seat) == name]
        if here:
            lines.append(f"  {name:<10} " + ", ".join(_unit_words(u) for u in here))
    secret = [u for u in state.units if area_seen(state, u, seat) == HIDDEN]
    if secret:
        lines.append(f"  (side {secret[0].side} has placed its {len(secret)} units behind the divider)")
    off = [u for u in state.units if u.area in (UNPLACED, DESTROYED) and area_seen(state, u, seat) != HIDDEN]
    for where in (UNPLACED, DESTROYED):
        these = [u for u in sorted(off, key=lambda u: unit_order(u.id)) if u.area == where]
        if these:
            lines.append(f"  {where:<10} " + ", ".join(_unit_words(u) for u in these))
    return head + lines


def _unit_words(u: Unit) -> str:
    kind = UNITS[u.type]
    marks = (" [square]" if u.in_square else "") + (f" [{u.used}/{kind.actions} actions used]" if u.used and u.area != DESTROYED else "")
    return f"{u.id} {u.name} ({kind.label.lower()}){marks}"
