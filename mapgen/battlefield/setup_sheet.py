"""The setup sheet: what to put on the table and where, measured with a tape from two edges.

Every position is "x cm from the left short edge, y cm from side A's long
edge", as seen by the player standing at side A's long edge.  The sheet reads
the layout; it decides nothing.
"""

from __future__ import annotations

from ..setup_sheet import md_text, notes_section, rolls_table, tables_used
from .model import EDGE_LABELS, SIDES, Battlefield, Feature, edge_words
from .rules import ACCESSORY_KINDS, ALL_TABLES, KINDS, LINE_KINDS
from .scenarios import SCENARIO_LABELS


_cell = md_text


def _n(v: float) -> str:
    return f"{v:.0f}" if abs(v - round(v)) < 0.05 else f"{v:.1f}"


def _is_box(poly) -> bool:
    return abs(poly.area - poly.envelope.area) < 0.01 * max(poly.area, 1)


def position(f: Feature) -> str:
    """Where a player measures the feature from."""
    x0, y0, x1, y1 = f.polygon.bounds
    if f.kind in LINE_KINDS:
        return f"strip {_n(f.size_cm[1])} cm wide; see the centre line in the note"
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    shape = "corners" if _is_box(f.polygon) else "fits the box"
    return f"centre {_n(cx)} / {_n(cy)}; {shape} {_n(x0)}-{_n(x1)} x {_n(y0)}-{_n(y1)}"


def plays_as(f: Feature) -> str:
    """How it plays, then how high it is built and which sides are steep (FW-11.2, FW-21.3)."""
    words = ["impassable" if not f.passable else "difficult" if f.difficult else "open"]
    if f.levels:
        words.append(f"{f.levels} level{'s' if f.levels > 1 else ''}")
    if f.steep:
        every = len(f.steep) == len(SIDES)
        words.append("steep on every side" if every else f"steep {' and '.join(f.steep)} side{'s' if len(f.steep) > 1 else ''}")
    return ", ".join(words)


def zone_text(poly) -> str:
    x0, y0, x1, y1 = poly.bounds
    if _is_box(poly):
        return f"x {_n(x0)} to {_n(x1)}, y {_n(y0)} to {_n(y1)}"
    pts = list(poly.exterior.coords)[:-1]
    if len(pts) > 10:
        return f"within x {_n(x0)} to {_n(x1)}, y {_n(y0)} to {_n(y1)}, outline as drawn on the plan"
    return "outline " + ", ".join(f"({_n(x)}, {_n(y)})" for x, y in pts)


def setup_sheet(b: Battlefield) -> str:
    lines: list[str] = []
    add = lines.append
    sc = b.scenario
    src = b.source
    add(f"# Battlefield — {_cell(SCENARIO_LABELS.get(sc.name, sc.name))} — seed {_cell(b.seed)}")
    add("")
    where = _cell(src.where())
    extras = [w for w, on in (("river", src.river), ("road", src.road), ("bridge", src.bridge)) if on]
    add(f"- From: {where}; terrain **{_cell(src.terrain)}**" + (f" with {', '.join(extras)}" if extras else ""))
    add(f"- Table: **{_n(b.width_cm)} x {_n(b.depth_cm)} cm**. Side A stands at the near long edge, side B at the far one; left and right are as side A sees them.")
    add("- Positions: **x** = cm from the left short edge, **y** = cm from side A's long edge. Measure both with a tape from the corner at side A's left.")
    add(f"- Scenario: **{_cell(SCENARIO_LABELS.get(sc.name, sc.name))}** ({_cell(sc.rule)}); side **{_cell(sc.deploys_first)}** deploys first.")
    add("")
    for text in sc.instructions:
        add(f"> {_cell(text)}")
    if sc.instructions:
        add("")
    add("## Deployment zones")
    add("")
    add("| Side | Zone | Where (cm) |")
    add("|---|---|---|")
    for z in sc.zones:
        add(f"| {_cell(z.side)} | {_cell(z.label)} | {_cell(zone_text(z.polygon))} |")
    add("")
    add("## Orders")
    add("")
    _, towards, _ = edge_words(sc.name)
    for o in sc.orders:
        edges = ", ".join(_cell(EDGE_LABELS.get(e, e)) for e in o.escape_edges) or "none: General Retreat forbidden or without an edge"
        add(f"### Side {_cell(o.side)}: {_cell(o.role)}")
        add("")
        add(f"- Starting orders: {_cell(o.order)}")
        add(f"- {towards}: {edges}")
        for text in o.instructions:
            add(f"- {_cell(text)}")
        add("")
    add("## Terrain features")
    add("")
    add("Numbers as on the plan. Sizes are width (x) by depth (y); a natural outline fills its box.")
    add("")
    if any(f.levels or f.steep for f in b.features):
        add("Levels: build it that many levels high. A steep side (near: facing side A's long edge; far, left, right) can be neither climbed nor descended (FW-21.3).")
        add("")
    add("| # | Feature | Size (cm) | Position: x / y (cm) | Plays as | On | Rule | Note |")
    add("|---|---|---|---|---|---|---|---|")
    for i, f in enumerate(b.features, 1):
        k = KINDS.get(f.kind)
        label = k.label if k else f.kind
        if f.kind in ACCESSORY_KINDS:
            label = f"· {label}"
        size = f"{_n(f.size_cm[0])} long, {_n(f.size_cm[1])} wide" if f.kind in LINE_KINDS else f"{_n(f.size_cm[0])} x {_n(f.size_cm[1])}"
        on = KINDS[f.on_top_of].label.lower() if f.on_top_of in KINDS else (f.on_top_of or "")
        add(f"| {i} | {_cell(label)} | {size} | {_cell(position(f))} | {plays_as(f)} | {_cell(on)} | {_cell(f.rule)} | {_cell(f.note)} |")
    add("")
    secret = [(i, f) for i, f in enumerate(b.features, 1) if "quicksand" in f.note]
    if secret:
        add("## Secret notes (FW-21.8)")
        add("")
        add("Each player copies his line on a slip, writes yes or no, and keeps it hidden until a unit enters the feature.")
        add("")
        for i, f in secret:
            side = "A" if "side A" in f.note else "B"
            add(f"- Side {side}: feature {i} ({KINDS[f.kind].label.lower()}) hides quicksand: yes / no. If yes, a unit in it loses 2D6 models each turn until it is out.")
        add("")
    lines += notes_section(b.notes)
    lines += rolls_table(b.dice_log)
    lines += tables_used(ALL_TABLES, b.dice_log)
    return "\n".join(lines)
