"""The files of a skirmish (``mapgen skirmish``), written into staged :class:`~mapgen.kit.folder.Outputs`.

``skirmish.json`` (schema ``mapgen/skirmish``), the table as any battlefield is written
(``table.json``, ``table.svg``, ``table.pdf``, ``table-setup.md``) with the skirmish's marks on its
plan, and the setup sheet (``skirmish-setup.pdf`` on the paper asked for, ``skirmish-setup.md``).
"""

from __future__ import annotations

from ..battlefield.setup_sheet import setup_sheet as table_setup_sheet
from ..jsonio import dumps
from ..paper import Paper, get_paper
from ..render.skirmish_sheet import write_sheet_pdf
from ..render.skirmish_table import choose_table_scale, render_skirmish_table
from ..skirmish.model import SHEET_STEM, TABLE_STEM, Skirmish
from ..skirmish.setup_sheet import setup_sheet
from .files import write_kit
from .folder import Outputs


def skirmish_files(formats) -> tuple[str, ...]:
    """The files a skirmish folder holds besides ``skirmish.json``, for the formats asked for."""
    table = {"json": f"{TABLE_STEM}.json", "svg": f"{TABLE_STEM}.svg", "pdf": f"{TABLE_STEM}.pdf", "md": f"{TABLE_STEM}-setup.md"}
    sheet = {"pdf": f"{SHEET_STEM}.pdf", "md": f"{SHEET_STEM}.md"}
    return tuple(table[f] for f in formats if f in table) + tuple(sheet[f] for f in formats if f in sheet)


def write_skirmish_kit(s: Skirmish, outputs: Outputs, formats, paper: Paper) -> None:
    """Every file of the skirmish in ``formats``; the plan takes ``paper``'s size either way round."""
    plan = choose_table_scale(s, get_paper(paper.name))
    write_kit(
        outputs, TABLE_STEM, formats, plan.paper, s.battlefield.to_json(), lambda: render_skirmish_table(s, plan.scale),
        lambda: table_setup_sheet(s.battlefield), title=f"mapgen skirmish seed {s.seed}, table at 1:{plan.scale:g}",
        scale_note=plan.note(), change="print on bigger paper",
    )
    if "pdf" in formats:
        pages = write_sheet_pdf(s, outputs.path(f"{SHEET_STEM}.pdf"), paper)
        outputs.notes.append(f"{SHEET_STEM}.pdf: {pages} pages of {paper.name} (the last, the gauges, landscape); print at 100 %")
    if "md" in formats:
        outputs.write_text(f"{SHEET_STEM}.md", setup_sheet(s))
    if "json" in formats:
        outputs.write_text("skirmish.json", dumps(s.to_json(skirmish_files(formats))))
    a, b = s.warbands
    outputs.summary.append(f"side A: {a.race.replace('_', ' ')}, {a.figure_count} figures, {a.points} points")
    outputs.summary.append(f"side B: {b.race.replace('_', ' ')}, {b.figure_count} figures, {b.points} points")
    outputs.summary.append(f"table {s.battlefield.width_cm:g} x {s.battlefield.depth_cm:g} cm, {s.battlefield.source.terrain}; "
                           f"side {s.battlefield.scenario.deploys_first} deploys first")  # fmt: skip
