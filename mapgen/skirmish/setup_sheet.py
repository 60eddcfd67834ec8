"""``skirmish-setup.md``: the setup sheet's blocks (:mod:`.sheet`) in Markdown, escaped as every sheet is."""

from __future__ import annotations

from ..setup_sheet import md_text
from .model import Skirmish
from .sheet import blocks


def setup_sheet(s: Skirmish) -> str:
    lines: list[str] = []
    for i, block in enumerate(blocks(s)):
        lines += [f"{'#' if i == 0 else '##'} {md_text(block.heading)}", ""]
        lines += [f"- {md_text(text)}" for text in block.lines]
        if block.lines:
            lines.append("")
        if block.columns:
            lines.append("| " + " | ".join(md_text(c, in_cell=True) for c in block.columns) + " |")
            lines.append("|" + "---|" * len(block.columns))
            lines += ["| " + " | ".join(md_text(c, in_cell=True) for c in row) + " |" for row in block.rows]
            lines.append("")
        lines += [md_text(text) for text in block.after]
        if block.after:
            lines.append("")
    return "\n".join(lines)
