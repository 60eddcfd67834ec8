"""The country setup sheet: the summary, the settlements, the crossings and every roll in order."""

from __future__ import annotations

from ..setup_sheet import notes_section, cell, rolls_table, tables_used
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




def summary_lines(cm: CountryMap) -> list[str]:
    """One line per country: its settlements and yearly tax (also printed by the CLI)."""
    out = []
    for row in cm.summary():
        counts = row["counts"]
        parts = [_count(counts.get(k, 0), k) for k in URBAN_KINDS]
        neutral = " (neutral)" if row["neutral"] else ""
        out.append(f"{row['country']} {row['name']}{neutral}: capital, {', '.join(parts)}; tax {row['income']} ducats a year")
    return out


def setup_sheet(cm: CountryMap) -> str:
    g = cm.graph
    lines = [f"# Renaissance country map — seed {cm.seed}", ""]
    add = lines.append
    w, h = cm.sheet_mm
    add(f"- {len(cm.countries)} countries on a {cm.grid[0]} x {cm.grid[1]} grid of {w:g} x {h:g} mm sheets (geometric mode, RC-1.6)")
    add("- Roads about 3 cm long; the capital at the centre of its sheet; a sheet edge is always a border (RC-1.5 step 1e)")
    add("- Taxes (RC-3.2, Tabella 29): " + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in TAX.items() if v) + " ducats a year (the capital as a city, RC-A.3)")
    add("")
    add("## Countries")
    add("")
    for line in summary_lines(cm):
        add(f"- {line}")
    add("")
    for c in cm.countries:
        add(f"## {c.id} {c.name}{' (neutral)' if c.neutral else ''}")
        add("")
        add("| Node | Kind | Depth | Walls | Tax | Side | Roads to |")
        add("|---|---|---|---|---|---|---|")
        for n in cm.nodes_of(c.id):
            d = g.nodes[n]
            links = ", ".join(sorted(g.neighbors(n), key=lambda x: (x.split("-")[0], int(x.split("-")[1]))))
            add(
                f"| {n} | {cell(d['kind'])} | {d['depth']} | {'yes' if d['walls'] else 'no'} | {d['income']} | {d['side'] or '-'} | {links} |"
            )
        add("")
    crossings = [(a, b) for a, b, d in g.edges(data=True) if d["crossing"]]
    if crossings:
        add("## Border crossings (RC-1.7)")
        add("")
        for a, b in crossings:
            add(f"- {a} ({g.nodes[a]['country']}) — {b} ({g.nodes[b]['country']})")
        add("")
    lines += notes_section(cm.notes)
    lines += rolls_table(cm.dice_log)
    lines += tables_used(ALL_TABLES, cm.dice_log)
    return "\n".join(lines)
