"""Markdown pieces every setup sheet shares: escaping, the rolls in order, and the tables they used."""

from __future__ import annotations

import re

from .dice import Roll
from .tables import Table
from .text import BIDI

#: Line breaks and other control characters (C0, C1, bidi overrides): a value stays on its line and reads as typed.
_BREAKS = re.compile(f"[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\ufeff{BIDI}]+")
#: Markdown punctuation that could start emphasis, code, a link, a table cell or a heading.
_PUNCT = re.compile(r"([\\`*_\[\]|#~])")
#: What would open a list, a heading underline or a rule at the start of a line: a marker then a space or the end
#: ("+5 cm" opens nothing and stays as typed).
_LEADING = re.compile(r"^([-+=]+|\d+[.)])(?=\s|$)")
#: Only what could start HTML or an entity is written as an entity: every ``<``, and a ``&`` before an entity's
#: name; "->" and "R&D" read as typed in the raw sheet (a ``>`` opens nothing but a quote, at a line's start).
_HTML = re.compile(r"<|&(?=#?\w+;)")
_ENTITIES = {"&": "&amp;", "<": "&lt;"}


def md_text(text, *, in_cell: bool = False) -> str:
    """Any text (a seed, a side's name, a hand-edited note) shown as itself in Markdown.

    It stays on one line and in its table cell, and starts no heading, list, quote, link,
    code or HTML: line breaks become spaces, a ``<``, and a ``&`` that could open an
    entity, become entities and the punctuation Markdown acts on is escaped with a
    backslash.  A leading list marker (``-``, ``+``, ``=`` or ``1.`` and a space) or ``>`` is
    escaped too (after a list item's marker it would open a nested list), except
    ``in_cell``: a table cell never starts a block, and "-" there is the usual blank.
    Anything else reads as typed in the raw sheet ("A2 -> B3", "+5 cm").

    Examples
    --------
    >>> md_text("<script>alert(1)</script>")
    '&lt;script>alert(1)&lt;/script>'
    >>> md_text("+5 cm, A2 -> B3")
    '+5 cm, A2 -> B3'
    >>> md_text("a|b\\n# c")
    'a\\\\|b \\\\# c'
    """
    text = "" if text is None else str(text)
    # A lone surrogate (from a command line in a broken locale) cannot be written as UTF-8.
    text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    text = _BREAKS.sub(" ", text).lstrip()  # leading spaces could make an indented code block
    text = _HTML.sub(lambda m: _ENTITIES[m.group()], text) if any(c in text for c in "&<") else text
    text = _PUNCT.sub(r"\\\1", text)
    if in_cell:
        return text
    if text.startswith(">"):  # a quote
        return "\\" + text
    # "1." and "1)" are escaped at their stop (a backslash escapes punctuation only), "-", "+" and "=" at the first
    return _LEADING.sub(lambda m: m.group()[:-1] + "\\" + m.group()[-1] if m.group()[0].isdigit() else "\\" + m.group(), text)


def cell(text) -> str:
    """Text safe inside a markdown table cell, identifiers read as words (``burial_mound``: burial mound)."""
    return md_text(str(text if text is not None else "").replace("_", " "), in_cell=True)


def notes_section(notes: list[str]) -> list[str]:
    """What the generator had to decide or could not do, for the players to see."""
    if not notes:
        return []
    return ["## Notes", ""] + [f"- {md_text(n)}" for n in notes] + [""]


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
        lines.append(
            f"| {r.seq} | {md_text(r.rule, in_cell=True)} | {cell(r.purpose)} | {md_text(r.dice, in_cell=True)} "
            f"| {md_text(faces, in_cell=True)} | {cell(mods)} | {r.total} | {cell(r.result)} |"
        )
    lines.append("")
    return lines


def rolled_on(table: Table, roll: Roll) -> bool:
    """Whether ``roll`` was made on ``table``: same rule and dice, and its result opens with the outcome
    the table gives for its total.  Rule and dice alone are not enough: FW-11.5 rolls its vegetation
    and the kind of wood on 1D6, FW-10.5 a mountain table's count and its peaks' sizes."""
    if (roll.rule, roll.dice) != (table.rule, table.dice) or roll.result is None:
        return False
    return re.match(re.escape(table.lookup(roll.total).outcome) + r"\b", roll.result) is not None


def tables_used(tables: tuple[Table, ...] | list[Table], log: list[Roll]) -> list[str]:
    """The bands of every table the log rolled on, so a player can check each result."""
    rolled = [t for t in tables if any(rolled_on(t, r) for r in log)]
    if not rolled:
        return []
    lines = ["## Tables used", ""]
    for t in rolled:
        lines.append(f"- **{t.rule} {t.name}** ({t.dice}): " + "; ".join(f"{b.span()} {b.label}" for b in t.bands))
    lines.append("")
    return lines
