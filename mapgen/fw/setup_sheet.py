"""The setup sheet: every roll in order, readable by a player checking the generator."""

from __future__ import annotations

from ..grid import col_letters, square_id
from ..setup_sheet import cell, md_text, notes_section, rolls_table, tables_used
from .model import FwMap
from .names import river_squares
from .rules import (
    ALL_TABLES,
    BOATS_FROM_EDGES,
    HOLDING_FEATURE,
    LEAVING_HIGH_GROUND,
    NO_CRAFT_BANKS,
    BOATS_ONLY_BANKS,
    PORTLESS_RACES,
    RAPIDS_DROP,
    SHIPS_FROM_EDGES,
    TERRAIN,
    WATERCRAFT_TABLES,
    WATERFALL_DROP,
)
from .waterways import point_squares, port_water, stretch_squares


def _label(outcome: str | None) -> str:
    return cell(outcome or "")


def setup_sheet(m: FwMap, balance: list[str] = ()) -> str:
    """The map's setup sheet; ``balance`` is the "Balance" section of a map chosen by simulation (after the header)."""
    lines: list[str] = []
    add = lines.append
    sides = ", ".join(f"{md_text(s.id)} {md_text(s.name)} ({_label(s.race)})" for s in m.sides)
    add(f"# Fantasy Warriors campaign map — seed {md_text(m.seed)}")
    add("")
    add(f"- Map: {m.width} x {m.height} squares of {m.square_mm:g} mm (columns A-{col_letters(m.width - 1)}, rows 1-{m.height})")
    add(f"- Sides: {sides}")
    add(
        f"- Climate zone: {_label(m.climate.zone)} (FW-7.2); season: {_label(m.climate.season)} (FW-7.3); "
        f"precipitation test modifier {m.climate.precipitation_modifier:+d} (FW-7.4)"
    )
    if m.climate.zone == "torrid":
        add(
            f"- Deserts are left out of the torrid season (FW-7.3.2, AMB-48): on a desert square the "
            f"precipitation test modifier is {m.climate.desert_precipitation_modifier:+d} (always dry), "
            "and 5 is a desert wind, 6 a sandstorm"
        )
    add(f"- Region type: {_label(m.region)} (FW-11.2, rolled once for the campaign area, AMB-73)")
    add("- Rivers are crossed only at bridges and fords (AMB-06, strict mode); adjacency counts diagonals (AMB-02).")
    add("")
    lines += balance
    add("## Territory (FW-2.3)")
    add("")
    axis = "west to east" if m.long_axis() == "x" else "north to south"
    add(f"Thirds across the long axis ({axis}, AMB-08):")
    add("")
    for tid, label in (("A", "side A"), ("N", "neutral"), ("B", "side B")):
        mask = m.territory == tid
        if mask.any():
            rows, cols = mask.nonzero()
            add(
                f"- {label}: columns {col_letters(int(cols.min()))}-{col_letters(int(cols.max()))}, "
                f"rows {int(rows.min()) + 1}-{int(rows.max()) + 1}"
            )
    add("")
    add("## Holdings (FW-3)")
    add("")
    add("| Side | Square | Name | Kind | Terrain | Feature (FW-3.4) |")
    add("|---|---|---|---|---|---|")
    labels = {b.outcome: b.label for b in HOLDING_FEATURE.bands}
    for h in m.holdings:
        feat = labels.get(h.feature, _label(h.feature))
        if h.detail:
            feat += f" — {_label(h.detail)}"
        add(f"| {md_text(h.side, in_cell=True)} | {square_id(*h.square)} | {md_text(h.name, in_cell=True)} | {'capital' if h.capital else 'holding'} | {_label(m.terrain_at(h.square))} | {feat} |")
    add("")
    if m.configs:
        add("## Particular terrain configurations (FW-2.5, FW-11.5 to FW-11.8)")
        add("")
        add("| Square | Configuration | Table | Rolled by | Territory |")
        add("|---|---|---|---|---|")
        for c in m.configs:
            name = _label(c.name)
            if c.watercourse == "new":
                name += " (its own watercourse, drawn on the map)"
            elif c.watercourse == "second":
                name += " (a second watercourse, flowing into the square's river)"
            add(f"| {square_id(*c.square)} | {name} | {md_text(c.rule, in_cell=True)} | {md_text(c.rolled_by, in_cell=True)} | {md_text(c.territory, in_cell=True)} |")
        add("")
    add("## Rivers, crossings and roads")
    add("")
    for i, r in enumerate(m.rivers, 1):
        made = f" (drawn by the configuration at {square_id(*r.configuration)}, FW-11.6)" if r.configuration else ""
        named = f" ({md_text(r.name)})" if r.name else ""
        add(f"- River {i}{named}: {len(r.points) - 1} edges from corner {tuple(r.points[0])} to {tuple(r.points[-1])}, mouth: {md_text(r.mouth)}{made}")
    for c in m.crossings:
        add(f"- {md_text(c.kind.capitalize())} between {square_id(*c.squares[0])} and {square_id(*c.squares[1])}")
    for i, r in enumerate(m.roads, 1):
        add(f"- Road {i}: {' - '.join(square_id(*s) for s in r.squares)}")
    passes = [square_id(*sq) for sq, f in m.features.items() if "pass" in f]
    if passes:
        add(f"- Mountain passes (roads over mountains): {', '.join(passes)}")
    add("")
    lines += watercraft_section(m)
    lines += names_section(m)
    lines += notes_section(m.notes)
    add("## Terrain effects (FW-2.6)")
    add("")
    add("| Terrain | Movement | Force Test |")
    add("|---|---|---|")
    for t in TERRAIN.values():
        if t.movement is not None:
            add(f"| {t.label} | {t.movement:+d} | {t.force_test:+d} |")
    add("| River in the square | -1 (a bridge cancels it) | 0 |")
    add("| Road or caravan track | +1 | 0 |")
    add("| Mountain pass | cancels the mountain -3 | 0 |")
    add("")
    lines += rolls_table(m.dice_log)
    lines += tables_used(ALL_TABLES + WATERCRAFT_TABLES, m.dice_log)
    return "\n".join(lines)


#: How the Names section calls each kind of chain and region.
PLACE_WORDS = {"mountains": "Mountains", "hills": "Hills", "forest": "Forest", "jungle": "Jungle", "swamp": "Swamp",
               "desert": "Desert", "uncultivated": "Uncultivated land"}


def names_section(m: FwMap) -> list[str]:
    """The chains, rivers and regions by name, with their squares (none for a map from before names)."""
    rivers = [r for r in m.rivers if r.name]
    if not (m.chains or m.regions or rivers):
        return []
    out = ["## Names", "", "Each in the names of the people of the territory most of it lies in (the neutral third has "
           "old names of its own); the tables are in templates/names/.", ""]
    for p in m.chains:
        out.append(f"- {PLACE_WORDS[p.kind]}: **{md_text(p.name)}** ({_label(p.race)}): {', '.join(square_id(*s) for s in p.squares)}")
    for r in rivers:
        squares = list(dict.fromkeys(river_squares(r, m.width, m.height)))
        out.append(f"- River: **{md_text(r.name)}**: along {', '.join(square_id(*s) for s in squares)}; mouth: {md_text(r.mouth)}")
    for p in m.regions:
        out.append(f"- {PLACE_WORDS[p.kind]}: **{md_text(p.name)}** ({_label(p.race)}): {', '.join(square_id(*s) for s in p.squares)}")
    return out + [""]


#: How the sheet calls each water a port opens on (FW-20.2).
PORT_WATER_WORDS = {"sea": "on the sea coast", "lake": "on a lake shore", "ships": "on a river ships sail", "boats": "on a river boats sail"}
CRAFT_SHEET_WORDS = {"ships": "ships (and boats and rafts)", "boats": "boats and rafts only"}


def watercraft_section(m: FwMap) -> list[str]:
    """Ports by side, the navigable stretches with their craft and squares, the obstacles and the reefs (FW-20);
    nothing for a map made without ``--watercraft``."""
    if m.ports is None:
        return []
    out = ["## Watercraft (FW-20, optional [NT])", ""]
    out.append(
        f"Made with --watercraft (ports: {md_text(m.options.get('ports', 'auto'))}). [DEV] rulings: a river is navigable by boats and "
        f"rafts once {BOATS_FROM_EDGES} river edges (its own and its tributaries') drain through it, by ships from {SHIPS_FROM_EDGES}; "
        f"not beside {', '.join(sorted(NO_CRAFT_BANKS))}, boats only beside {', '.join(sorted(BOATS_ONLY_BANKS))}; "
        "a bridge over navigable water and the shallows of a ford are obstacles; where the river leaves high ground, "
        + " or ".join(f"{kind} ({t})" for t, kind in LEAVING_HIGH_GROUND.items())
        + f"; rapids where it falls {RAPIDS_DROP:g} in height over two edges, a waterfall from {WATERFALL_DROP:g}; one roll a stretch "
        f"for locks, rocks and shallows. {' '.join(f'{r.capitalize()} get no port unless asked ({rule}).' for r, rule in PORTLESS_RACES.items())}"
    )
    out.append("")
    out.append("| Side | Port | Holding | Water |")
    out.append("|---|---|---|---|")
    holdings = {h.square: h for h in m.holdings}
    for side in m.sides:
        ports = [sq for sq, sid in m.ports if sid == side.id]
        for sq in ports:
            h = holdings.get(sq)
            name = md_text(h.name, in_cell=True) if h is not None and h.name else "-"
            water = port_water(m, sq)
            out.append(f"| {md_text(side.id, in_cell=True)} | {square_id(*sq)} | {name} | {PORT_WATER_WORDS.get(water, '-')} |")
        if not ports:
            out.append(f"| {md_text(side.id, in_cell=True)} | no port | - | see the notes |")
    out.append("")
    navigable = [(i, r) for i, r in enumerate(m.rivers, 1) if r.stretches]
    if navigable:
        out.append("Navigable rivers (FW-20.4); a stretch runs between two points of the river, corners (x, y) of the grid:")
        out.append("")
        for i, r in navigable:
            named = f" ({md_text(r.name)})" if r.name else ""
            for a, b, craft in r.stretches:
                squares = ", ".join(square_id(*sq) for sq in stretch_squares(r, a, b, m.width, m.height))
                out.append(f"- River {i}{named}: {CRAFT_SHEET_WORDS[craft]} from {tuple(r.points[a])} to {tuple(r.points[b])}, along {squares}")
        out.append("")
    else:
        out.append("No river of this map is navigable (FW-20.4).")
        out.append("")
    obstacles = [(i, r, at, kind) for i, r in enumerate(m.rivers, 1) for at, kind in r.obstacles or ()]
    if obstacles:
        out.append("| River | Obstacle (FW-20.4) | At | Squares |")
        out.append("|---|---|---|---|")
        for i, r, at, kind in obstacles:
            squares = ", ".join(square_id(*sq) for sq in point_squares(r, at, m.width, m.height))
            out.append(f"| {i} | {cell(kind)} | {tuple(r.points[at])} | {squares} |")
        out.append("")
    if m.reefs:
        out.append(f"- Reefs, islands or atolls (FW-20.7, -1 to naval movement along them): {', '.join(square_id(*sq) for sq in m.reefs)}")
        out.append("")
    return out
