"""The country setup sheet: the summary, the settlements, the crossings and every roll in order."""

from __future__ import annotations

from ..setup_sheet import cell, md_text, notes_section, rolls_table, tables_used
from .model import CountryMap
from .rules import ALL_TABLES, TAX, URBAN_KINDS

LABEL = {
    "city": ("city", "cities"),
    "walled_village": ("walled village", "walled villages"),
    "village": ("village", "villages"),
    "fortress": ("fortress", "fortresses"),
}


def _count(n: int, kind: str) -> str:
    one, many = LABEL[kind]
    return f"{n} {one if n == 1 else many}"


def _node_order(node: str):
    """``A-2`` before ``A-10``, ``A-10`` before ``B-1``; an id not of that form (a hand-edited file) after
    all of them, by name."""
    country, _, number = node.rpartition("-")
    return (False, country, int(number)) if number.isdigit() else (True, node)


def summary_lines(cm: CountryMap, text=str) -> list[str]:
    """One line per country: its settlements and yearly tax (also printed by the CLI).

    ``text`` shows a name: ``str`` on a terminal, ``md_text`` in the setup sheet.
    """
    out = []
    for row in cm.summary():
        counts = row["counts"]
        parts = [_count(counts.get(k, 0), k) for k in URBAN_KINDS]
        neutral = " (neutral)" if row["neutral"] else ""
        out.append(f"{text(row['country'])} {text(row['name'])}{neutral}: capital, {', '.join(parts)}; tax {row['income']} ducats a year")
    return out


EDGE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def crossings_section(cm: CountryMap) -> list[str]:
    """RC-1.7 per sheet edge: the roll, that side's border points, the points marked; then every crossing
    and every exit off the map."""
    g = cm.graph
    if not any(c.crossing_points for c in cm.countries):
        return []
    out = [
        "## Border crossings (RC-1.7)",
        "",
        "On each edge of each sheet, 1D6 (1-3 two points, 4-6 three) crossing points, taken from the border points "
        "of that side (RC-A.36), all of them when the side has fewer (RC-A.5).",
        "",
        "| Country | Edge | Rolled | Border points of that side | Crossing points | Toward |",
        "|---|---|---|---|---|---|",
    ]
    for c in cm.countries:
        for side, e in c.crossing_points.items():
            own = [n for n in cm.nodes_of(c.id) if g.nodes[n]["kind"] in ("border", "crossing") and g.nodes[n]["side"] == side]
            toward = e["toward"] or "exits off the map"
            out.append(
                f"| {md_text(c.id, in_cell=True)} | {EDGE_WORDS[side]} | {e['rolled']} | {len(own)} | {md_text(', '.join(e['nodes']) or '-', in_cell=True)} | {cell(toward)} |"
            )
    out.append("")
    crossings = [(a, b) for a, b, d in g.edges(data=True) if d["crossing"]]
    for a, b in crossings:
        out.append(f"- {md_text(a)} ({md_text(g.nodes[a]['country'])}) — {md_text(b)} ({md_text(g.nodes[b]['country'])})")
    for x in cm.exits:
        out.append(f"- {md_text(x.node)} ({md_text(x.country)}): exit off the {EDGE_WORDS[x.edge]} edge, for a country added later")
    if crossings or cm.exits:
        out.append("")
    return out


def setup_sheet(cm: CountryMap) -> str:
    g = cm.graph
    lines = [f"# Renaissance country map — seed {md_text(cm.seed)}", ""]
    add = lines.append
    w, h = cm.sheet_mm
    add(f"- {len(cm.countries)} countries on a {cm.grid[0]} x {cm.grid[1]} grid of {w:g} x {h:g} mm sheets (geometric mode, RC-1.6)")
    add("- The map prints each settlement's name (crossing points keep their ids); below, every node's id is beside "
        "its name, as the roads and crossings name nodes (A-0 is country A's capital)")
    add("- Roads about 3 cm long; the capital at the centre of its sheet; a sheet edge is always a border (RC-1.5 step 1e)")
    add("- Taxes (RC-3.2, Tabella 29): " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in TAX.items() if v) + " ducats a year (the capital as a city, RC-A.3)")
    add("")
    add("## Countries")
    add("")
    for line in summary_lines(cm, md_text):
        add(f"- {line}")
    add("")
    for c in cm.countries:
        add(f"## {md_text(c.id)} {md_text(c.name)}{' (neutral)' if c.neutral else ''}")
        add("")
        add("| Node | Name | Kind | Depth | Walls | Tax | Side | Roads to |")
        add("|---|---|---|---|---|---|---|---|")
        for n in cm.nodes_of(c.id):
            d = g.nodes[n]
            links = ", ".join(md_text(x) for x in sorted(g.neighbors(n), key=_node_order))
            add(
                f"| {md_text(n, in_cell=True)} | {md_text(d.get('name') or '', in_cell=True)} | {cell(d['kind'])} | {d['depth']} | {'yes' if d['walls'] else 'no'} | {d['income']} | {md_text(d['side'] or '-', in_cell=True)} | {links} |"
            )
        add("")
    lines += crossings_section(cm)
    lines += notes_section(cm.notes)
    lines += rolls_table(cm.dice_log)
    lines += tables_used(ALL_TABLES, cm.dice_log)
    return "\n".join(lines)
