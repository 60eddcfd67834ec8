"""What each Renaissance player may know: one seat's view, the status in words, the log in words.

The players of a campaign share one folder, so a seat's view must hide what
that player could not know at the table (issue 12): other players' armies are
counters on the map, their strength unknown unless one's own spy reported it
at the start of this summer phase (RC-3.10: the strength only, never the
companies); other players' treasuries, loans, garrisons and specialists are
hidden; another player's diplomat is a counter like any army until it is
revealed (RC-A.10); an engagement's choices stay secret until both sides have
chosen (RC-4.4), except the viewer's own; and the log leaves out the other
players' secret lines.  The referee (seat None) sees everything.

:func:`side_view` is the one place that decides what a seat sees;
:func:`status_lines` words its result, so the terminal can show nothing the
view hides.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Mapping

from ..text import printable
from .specialists import decoy_id, decoys
from .state import SUMMER_PHASES, LogEntry, RenaissanceState

VIEW_SCHEMA = "mapgen/campaign-renaissance-view"


def visible(entries, seat: str | None) -> list[LogEntry]:
    """The log entries ``seat`` may read: every public one and its own secret ones (None: all of them)."""
    if seat is None:
        return list(entries)
    return [e for e in entries if not e.secret or e.player == seat]


def _company(c) -> dict:
    return {"id": c.id, "type": c.type, "kind": c.kind, "strength": c.strength}


def _number(army_id: str) -> int:
    tail = army_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 1 << 30


def spied_strengths(state: RenaissanceState, seat: str | None) -> dict[str, int]:
    """Army counter -> strength, as ``seat``'s spies heard it at the start of this summer phase (RC-3.10, RC-4.1 a)."""
    if seat is None:  # the referee knows the true strengths
        return {}
    return {r.army: r.strength for s in state.specialists if s.type == "spy" and s.owner == seat and s.year == state.year
            for r in s.report if r.phase == state.phase}  # fmt: skip


# --- the view ------------------------------------------------------------------------------------


def side_view(state: RenaissanceState, seat: str | None, kinds: Mapping[str, str]) -> dict:
    """The state as ``seat`` (``"P1"`` ...) may know it, as JSON-ready data; None for the referee's view of everything.

    ``kinds`` is node -> kind (:func:`~.spring.place_kinds` of the country map).
    """
    sees_all = seat is None
    players = [{"seat": p.seat, "name": p.name, "country": p.country, "eliminated": p.eliminated,
                "treasury": p.treasury if sees_all or p.seat == seat else None,
                "loan": p.loan if sees_all or p.seat == seat else None} for p in state.players]  # fmt: skip
    places = []
    for p in state.places:
        mine = sees_all or p.owner == seat
        places.append({"node": p.node, "kind": kinds.get(p.node), "owner": p.owner, "fortified": p.fortified, "damaged": p.damaged,
                       "advanced": p.advanced, "garrison_strength": sum(c.strength for c in p.garrison) if mine else None,
                       "garrison": [_company(c) for c in p.garrison] if mine else None})  # fmt: skip
    own_specialists = [s for s in state.specialists if sees_all or s.owner == seat]
    army_ids = {a.id for a in state.armies if sees_all or a.owner == seat}
    return {
        "schema": VIEW_SCHEMA,
        "viewer": seat,
        "year": state.year,
        "season": state.season,
        "phase": state.phase,
        "turn": state.turn,
        "order": list(state.order),
        "players": players,
        "places": places,
        "armies": _armies(state, seat),
        "specialists": [{"id": s.id, "owner": s.owner, "type": s.type, "at": s.at, "target": s.target, "revealed": s.revealed,
                         "counter": s.counter, "report": [dataclasses.asdict(r) for r in s.report]} for s in own_specialists],  # fmt: skip
        "sieges": [{"node": s.node, "army": s.army, "phases": s.phases} | ({"bribes": s.bribes} if s.army in army_ids else {})
                   for s in state.sieges],  # fmt: skip
        "engagements": _engagements(state, seat),
        "prisoners": [{"holder": p.holder, "owner": p.owner, "count": len(p.companies),
                       "companies": [_company(c) for c in p.companies] if sees_all or seat in (p.holder, p.owner) else None}
                      for p in state.prisoners],  # fmt: skip
        "ends": dataclasses.asdict(state.ends),
        "ended": state.ended,
        "winner": state.winner,
    }


def _armies(state: RenaissanceState, seat: str | None) -> list[dict]:
    """Every army token, the diplomats' decoys among them, in one order (owner, counter number) that tells them apart from nothing."""
    spied = spied_strengths(state, seat)
    out = []
    for a in state.armies:
        mine = seat is None or a.owner == seat
        out.append({"id": a.id, "owner": a.owner, "node": a.node, "allied": a.allied,
                    "strength": a.strength if mine else spied.get(a.id),
                    "companies": [_company(c) for c in a.companies] if mine else None, "decoy": False})  # fmt: skip
    for d in decoys(state):
        mine = seat is None or d.owner == seat
        known = mine or d.revealed
        token = {"id": decoy_id(d), "owner": d.owner, "node": d.at, "allied": False,
                 "strength": 0 if known else spied.get(decoy_id(d)), "companies": [] if mine else None, "decoy": known}  # fmt: skip
        out.append(token | ({"diplomat": d.id} if known else {}))
    return sorted(out, key=lambda t: (t["owner"], _number(t["id"]), t["id"]))


def _engagements(state: RenaissanceState, seat: str | None) -> list[dict]:
    """RC-4.4: who has chosen is public; the choices only once both are in, except the viewer's own."""
    out = []
    # ``engagements`` (contract 1) comes with the engagements module; a state without it has none pending.
    for e in state.engagements:
        both = e.phasing_choice is not None and e.other_choice is not None
        out.append({
            "node": e.node, "phasing": e.phasing, "other": e.other, "result": e.result, "defender": e.defender, "rear_guard": e.rear_guard,
            "chosen": [side for side, choice in ((e.phasing, e.phasing_choice), (e.other, e.other_choice)) if choice is not None],
            "phasing_choice": e.phasing_choice if both or seat in (None, e.phasing) else None,
            "other_choice": e.other_choice if both or seat in (None, e.other) else None,
        })  # fmt: skip
    return out


# --- words ---------------------------------------------------------------------------------------


def _signed(v: int) -> str:
    return f"+{v}" if v >= 0 else str(v)


def entry_words(e: LogEntry) -> str:
    """One log line: when, the rule, what happened; for a roll the dice, faces (marked when entered), modifiers, total, outcome."""
    when = f"Year {e.year}, {e.season}" + (f" phase {e.phase}" if e.season == "summer" and e.phase else "")
    secret = f" [secret: {e.player}]" if e.secret else ""
    head = f"{when}, {e.rule}{secret}: {e.text}"
    if e.dice is None:
        return printable(head)  # a hand-edited state's names cannot drive the terminal
    roll = f"{e.dice} rolled {'+'.join(map(str, e.faces))}" + (" (entered)" if e.entered else "")
    mods = "".join(f", {m.name} {_signed(m.value)}" for m in e.modifiers)
    total = f" = {e.total}" if e.total is not None else ""
    outcome = f" -> {e.outcome}" if e.outcome else ""
    return printable(f"{head} [{roll}{mods}{total}{outcome}]")


def log_lines(state: RenaissanceState, seat: str | None, year: int | None = None) -> list[str]:
    """The log as ``seat`` may read it (None: the referee, everything), in words; only ``year``'s when given."""
    return [entry_words(e) for e in visible(state.log, seat) if year is None or e.year == year]


def _ends_words(ends: dict) -> str:
    parts = (["one player holds every opponent's capital"] if ends["capitals"] else []) + ([f"{ends['years']} years have passed"] if ends["years"] else [])
    parts += [f"one player holds every objective ({', '.join(ends['objectives'])})"] if ends["objectives"] else []
    return "; or ".join(parts) or "none agreed"


def status_lines(state: RenaissanceState, seat: str | None, kinds: Mapping[str, str], awaiting: str | None) -> list[str]:
    """The campaign's state in words for a terminal, as ``seat`` may know it (:func:`side_view`); ``awaiting`` is what the game waits for."""
    v = side_view(state, seat, kinds)
    phase = f", phase {v['phase']} of {SUMMER_PHASES}" if v["season"] == "summer" and v["phase"] else ""
    turn = f"; {v['turn']} to move (order {', '.join(v['order'])})" if v["turn"] else f"; moving order {', '.join(v['order'])}" if v["order"] else ""
    lines = [f"Year {v['year']}, {v['season']}{phase}{turn}",
             f"Showing: {'everything (the referee)' if seat is None else f'what {seat} may know'}"]  # fmt: skip
    if v["ended"]:
        lines.append(f"The campaign is over: {v['ended']} ({'winner: ' + v['winner'] if v['winner'] else 'no winner'})")
    else:
        lines.append(f"Awaiting: {awaiting or 'nothing'}")
    lines.append(f"The campaign ends when {_ends_words(v['ends'])} (RC-6)")
    lines.append("Players:")
    for p in v["players"]:
        money = "treasury hidden" if p["treasury"] is None else f"treasury {p['treasury']} ducats" + (f", loan {p['loan']}" if p["loan"] else "")
        out = "; out of the campaign" if p["eliminated"] else ""
        lines.append(f"  {p['seat']} {p['name']} (country {p['country']}): {money}{out}")
    lines.append("Places held:")
    for owner in dict.fromkeys(p["owner"] for p in v["places"]):
        held = [p for p in v["places"] if p["owner"] == owner]
        counts = Counter(p["kind"] for p in held)
        capitals = [p["node"] for p in held if p["kind"] == "capital"]
        lines.append(f"  {owner}: {len(held)} ({', '.join(f'{n} {k}' for k, n in sorted(counts.items()))})"
                     + (f"; capital {', '.join(capitals)}" if capitals else "; no capital"))  # fmt: skip
    lines.append("Armies:" if v["armies"] else "Armies: none in the field")
    for a in v["armies"]:
        lines.append("  " + _army_words(a))
    garrisons = [p for p in v["places"] if p["garrison"]]
    for p in garrisons:
        lines.append(f"  garrison of {p['node']} ({p['owner']}): strength {p['garrison_strength']}, {', '.join(c['id'] for c in p['garrison'])}")
    if v["specialists"]:
        lines.append("Specialists:")
        for s in v["specialists"]:
            where = f" at {s['at']}" if s["at"] else f" against {s['target']}" if s["target"] else ""
            lines.append(f"  {s['id']} ({s['owner']}): {s['type']}{where}" + (", revealed as a decoy" if s["revealed"] else ""))
    for s in v["sieges"]:
        bribes = f", {s['bribes']} ducats of bribes this phase" if s.get("bribes") else ""
        lines.append(f"Siege of {s['node']} by {s['army']}: {s['phases']} phase(s) so far{bribes}")
    for e in v["engagements"]:
        lines.append(_engagement_words(e))
    for p in v["prisoners"]:
        ids = f": {', '.join(c['id'] for c in p['companies'])}" if p["companies"] is not None else ""
        lines.append(f"Prisoners: {p['holder']} holds {p['count']} company(ies) of {p['owner']}{ids}")
    return [printable(line) for line in lines]  # names from a hand-edited state: shown, never obeyed


def _army_words(a: dict) -> str:
    if a["decoy"]:
        return f"{a['id']} ({a['owner']}) at {a['node']}: a decoy" + (f" (diplomat {a['diplomat']})" if "diplomat" in a else "")
    allied = "allied army " if a["allied"] else ""
    if a["companies"] is not None:
        return f"{allied}{a['id']} ({a['owner']}) at {a['node']}: strength {a['strength']}, " + ", ".join(f"{c['id']} {c['type']}" for c in a["companies"])
    strength = "strength unknown" if a["strength"] is None else f"strength {a['strength']} (spy's report)"
    return f"{allied}{a['id']} ({a['owner']}) at {a['node']}: {strength}"


def _engagement_words(e: dict) -> str:
    choices = f"{e['phasing']} {e['phasing_choice'] or '?'}, {e['other']} {e['other_choice'] or '?'}"
    result = f": {e['result']}" + (f", {e['defender']} defends" if e["defender"] else "") if e["result"] else ""
    waiting = [s for s in (e["phasing"], e["other"]) if s not in e["chosen"]]
    return f"Engagement at {e['node']}: {e['phasing']} moved in against {e['other']} ({choices})" + (
        f"; waiting for {', '.join(waiting)}" if waiting else "") + result
