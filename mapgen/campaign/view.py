"""What each player may see: the campaign's status, one side's view, and the log in words.

Two players share one folder (by passing it, or by e-mail), so ``status
--side A`` must hide what side A could not know at the table: B's forces
show only as counters on the map (square and order or reaction, FW-4.2.g),
never their units or leader; B's banked reinforcement points stay hidden
(FW-15); and the log leaves out the rolls B made in secret (movement rolls,
losses).  Everything else (weather, holdings, contacts, whose turn it is) is
on the table for both.
"""

from __future__ import annotations

import dataclasses

from ..text import printable
from .core import PHASE_NAMES, awaiting, phase_index
from .craft import craft_word, sea_folk
from .features import side_benefits
from .state import CampaignState, Force, LogEntry, other
from .store import lean_force

#: A side's fields the enemy does not see (FW-15: reinforcement points are banked in secret).
HIDDEN_SIDE_FIELDS = ("reinforcement_points",)


def _plain(obj) -> dict:
    """A dataclass as JSON-ready data (tuples become lists when dumped)."""
    return dataclasses.asdict(obj)


def zone_of_control(force: Force, board) -> list[str]:
    """FW-9.7: every land square bordering the force's square."""
    if board is None:
        return []
    far = (1 << 30, 0)
    return sorted(board.around.get(force.square, ()), key=lambda s: (board.squares[s].col, board.squares[s].row) if s in board.squares else far)


def visible_log(state: CampaignState, side: str | None) -> list[LogEntry]:
    """The log as ``side`` may read it: without the other side's secret rolls (None: everything)."""
    return visible(state.log, side)


def visible(entries, side: str | None) -> list[LogEntry]:
    """The entries ``side`` may read (None: all of them)."""
    if side is None:
        return list(entries)
    hidden = other(side)
    return [e for e in entries if not (e.secret and e.side == hidden)]


def side_view(state: CampaignState, side: str | None, board=None) -> dict:
    """The state as ``side`` ("A" or "B") may know it; None for the umpire's view of everything.

    ``board`` adds each force's zone of control and what is awaited; without
    it the view holds the state alone.
    """
    i = phase_index(state)
    sides = []
    for s in state.sides:
        data = _plain(s)
        if side is not None and s.id != side:
            for name in HIDDEN_SIDE_FIELDS:
                data.pop(name, None)
        sides.append(data)
    forces = []
    for f in state.forces:
        if side is None or f.side == side:
            data = _plain(f)
            lean_force(data)  # FW-22's and FW-20's fields, shown only when a force uses them
        else:
            data = {"id": f.id, "side": f.side, "square": f.square, "order": f.order, "reaction": f.reaction}
            if f.afloat:  # a fleet on the water is seen from the shore; its craft and load are not (FW-20)
                data["afloat"] = True
        data["zone_of_control"] = zone_of_control(f, board)
        forces.append(data)
    view = {
        "schema": "mapgen/campaign-view",
        "version": 1,
        "side": side,
        "seed": state.seed if side is None else None,
        "day": state.day,
        "phase": {"number": i, "name": PHASE_NAMES[i], "battle": state.phase == "battle"},
        "weather": _plain(state.weather),
        "awaiting": awaiting(state, board) if board is not None else None,
        "winner": state.winner,
        "ended": state.ended,
        "sides": sides,
        "forces": forces,
        "holdings": [_plain(h) for h in state.holdings],
        "pending": [_plain(c) for c in state.pending],
        "log": [_plain(e) for e in visible_log(state, side)],
    }
    seen = [s.id for s in state.sides if side in (None, s.id)]
    if state.options.featured_holdings:  # FW-3.4.2: a side's benefits are its own
        view["benefits"] = {s: [{"square": h.square, "feature": h.feature, "benefits": words} for h, words in side_benefits(state, s, board)] for s in seen}
    if state.options.order_transmission:  # FW-8.5: a side's messengers on their way are its own
        view["messengers"] = [_plain(m) for m in state.messengers if m.side in seen]
    return view


# --- words ---------------------------------------------------------------------------------


def _signed(v: int) -> str:
    return f"+{v}" if v >= 0 else str(v)


def entry_words(e: LogEntry) -> str:
    """One log line: day, phase, rule, what it was, the dice (marked when entered), modifiers, total, outcome."""
    phase = "battle" if e.phase == "battle" else f"phase {e.phase} ({PHASE_NAMES[int(e.phase)]})"
    head = f"Day {e.day}, {phase}, {e.rule}: {e.text}"
    if e.dice is None:
        return printable(head)  # a hand-edited state's names cannot drive the terminal
    faces = "+".join(map(str, e.faces))
    roll = f"{e.dice} rolled {faces}" + (" (entered)" if e.entered else "")
    mods = "".join(f", {m.name} {_signed(m.value)}" for m in e.modifiers)
    total = f" = {e.total}" if e.total is not None else ""
    outcome = f" -> {e.outcome}" if e.outcome else ""
    return printable(f"{head}: {roll}{mods}{total}{outcome}")


def log_lines(state: CampaignState, side: str | None = None, day: int | None = None) -> list[str]:
    return [entry_words(e) for e in visible_log(state, side) if day is None or e.day == day]


def _weather_words(state: CampaignState) -> str:
    w = state.weather
    if w.today:
        today = w.today.replace("_", " ")
    elif state.options.weather and state.options.scenario != "incursione":
        today = "not rolled yet"
    else:
        today = "not rolled, the weather rules are off" if state.options.scenario != "incursione" else "snow on the key days (FW-17)"
    snow = f", snow level {w.snow_level}" if w.snow_level else ""
    if w.mountain_snow:
        snow += f", snow level {w.snow_level + w.mountain_snow} on mountain squares"
    return f"{today} ({w.zone} zone, {w.season.replace('_', ' ')}{snow})"


def force_words(f: Force, own: bool, board) -> str:
    state = f.state.replace("_", " ")
    zoc = " ".join(zone_of_control(f, board))
    afloat = ", afloat" if f.afloat else ""  # FW-20: seen from the shore by both sides
    if not own:
        return f"{f.id:<4} {f.square:<5} {state + afloat:<10} zone of control {zoc}"
    extra = f", loot from {f.loot}" if f.loot else ""
    held = "every craft it needs, free (sea-folk, FW-20.5)" if sea_folk(f) else craft_word(f)
    if afloat or held:
        extra += f"{afloat}, craft: {held or 'none'}" + ("" if sea_folk(f) else " (FW-20)")
    if f.field_works:
        extra += f", field works {f.field_works} points (FW-5.2.1)"
    moved = ", moved today" if f.moved_today else ""
    if f.commands:
        extra += f", {len(f.commands)} Command{'s' if len(f.commands) != 1 else ''} (FW-22.2)"
    if f.specials:
        extra += f", specials {', '.join(f.specials)} (FW-22.3)"
    if f.travelling:
        extra += f", travelling alone to join {f.joining} (FW-22.3)"
    return (
        f"{f.id:<4} {f.square:<5} {state:<10} {f.leader.name} (CV {f.leader.cv}), {len(f.units)} unit(s), "
        f"{f.figures} figures{extra}{moved}; zone of control {zoc}"
    )


def _own_lines(state: CampaignState, side: str, board) -> list[str]:
    """What only ``side`` may know of its featured holdings' benefits (FW-3.4.2) and its messengers (FW-8.5)."""
    lines = []
    for h, words in side_benefits(state, side, board):
        lines.append(f"  {h.feature.replace('_', ' ')} at {h.square}: " + "; ".join(words))
    for m in state.messengers:
        if m.side == side:
            lines.append(f"  order {m.order.replace('_', ' ')} for {m.force} pending: {m.kind} messenger sent day {m.sent}, "
                         f"arrives day {m.arrives} (FW-8.5)")
    return lines


def status_lines(state: CampaignState, board, side: str | None = None) -> list[str]:
    """``mapgen campaign status`` in words."""
    i = phase_index(state)
    battle = " (a battle waits)" if state.phase == "battle" else ""
    lines = [f"Day {state.day}, phase {i} ({PHASE_NAMES[i]}){battle}; weather: {_weather_words(state)}"]
    if state.winner is not None:
        lines.append(f"The campaign is over: {state.ended} (winner: {state.winner})")
    else:
        lines.append(f"Awaiting: {awaiting(state, board) or 'nothing, turn goes on'}")
    lines.append(f"Showing: {'everything (both sides)' if side is None else f'what side {side} may know'}")
    for s in state.sides:
        rp = f", {s.reinforcement_points} reinforcement points banked" if side in (None, s.id) else ""
        lines.append(
            f"Side {s.id} ({s.name}, {s.race}): {s.points} points{rp}; battles won {s.battles_won}, lost {s.battles_lost}; "
            f"holdings taken {s.holdings_taken}, lost {s.holdings_lost}; will to fight {s.will_to_fight}"
        )
        for f in state.side_forces(s.id):
            lines.append("  " + force_words(f, side in (None, f.side), board))
        if side in (None, s.id):
            lines += _own_lines(state, s.id, board)
    lines.append("Holdings:")
    for h in state.holdings:
        kind = "capital" if h.capital else "holding"
        sacked = ", sacked" if h.sacked else ""
        lines.append(f"  {h.square:<5} {kind:<8} held by {h.owner} ({h.feature}{sacked})")
    if state.pending:
        lines.append("Pending battles (fought in this order):")
        for c in state.pending:
            folder = f", folder {c.folder}" if c.folder else ""
            kind = c.scenario.replace("_", " ") if c.folder else "scenario chosen in Phase 3"
            lines.append(f"  day {c.day} at {c.square}: {' vs '.join(c.forces)} ({kind}){folder}")
    return [printable(line) for line in lines]  # names from a hand-edited state: shown, never obeyed
