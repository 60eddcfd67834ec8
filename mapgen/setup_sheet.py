"""Markdown pieces every setup sheet shares: the rolls in order, and the tables they used."""

from __future__ import annotations

from .dice import Roll
from .tables import Table


def cell(text) -> str:
    """Text safe inside a markdown table cell (identifiers read as words)."""
    return str(text if text is not None else "").replace("|", "\\|").replace("_", " ")


def notes_section(notes: list[str]) -> list[str]:
    """What the generator had to decide or could not do, for the players to see."""
    if not notes:
        return []
    return ["## Notes", ""] + [f"- {n}" for n in notes] + [""]


def rolls_table(log: list[Roll]) -> list[str]:
    """Every roll in order with its rule ID, faces, modifiers, total and result."""
    lines = [
        "## Every roll, in order",
        "",
        "| # | Rule | Purpose | Dice | Faces | Modifiers | Total | Result |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in log:
        mods = ", ".join(f"{m.name} {m.value:+d}" for m in r.modifiers) or "-"
        faces = " ".join(str(f) for f in r.faces)
        lines.append(f"| {r.seq} | {r.rule} | {cell(r.purpose)} | {r.dice} | {faces} | {cell(mods)} | {r.total} | {cell(r.result)} |")
    lines.append("")
    return lines


def tables_used(tables: tuple[Table, ...] | list[Table], log: list[Roll]) -> list[str]:
    """The bands of every table the log rolled on (same rule and dice), so a player can check each result."""
    used = {(r.rule, r.dice) for r in log}
    rolled = [t for t in tables if (t.rule, t.dice) in used]
    if not rolled:
        return []
    lines = ["## Tables used", ""]
    for t in rolled:
        lines.append(f"- **{t.rule} {t.name}** ({t.dice}): " + "; ".join(f"{b.span()} {b.label}" for b in t.bands))
    lines.append("")
    return lines
