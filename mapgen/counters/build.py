"""From a counter set to the files a player prints: counters.json, counters-NN.svg, counters.pdf.

``counters_for_kit`` is the hook ``mapgen new`` calls to add the counter
sheets of a new campaign to its kit.
"""

from __future__ import annotations

from pathlib import Path

from ..jsonio import dumps
from ..render.paper import Paper
from .layout import DEFAULT_SIZE, lay_out, parse_size, size_name
from .model import Sheet
from .sets import fw_campaign_set

CAMPAIGN_MAP_FILE = "fw-map.json"


#: The counters' page layout, under the name the CLI and the kit use.
build_sheet = lay_out


def page_file(n: int) -> str:
    return f"counters-{n:02d}.svg"


def write_counter_files(sheet: Sheet, outputs, formats) -> None:
    """Write the sheet's files into a staged :class:`~mapgen.cli.Outputs`."""
    if "json" in formats:
        outputs.write_text("counters.json", dumps(sheet.to_json()))
    if "svg" in formats or "pdf" in formats:
        from ..render.counters import render_pages, write_counters_pdf

        pages = render_pages(sheet)
        if "svg" in formats:
            for n, svg in enumerate(pages, start=1):
                outputs.write_text(page_file(n), svg)
        if "pdf" in formats:
            write_counters_pdf(sheet, outputs.path("counters.pdf"))
    count = len(sheet.counters())
    how = "fronts and backs side by side, fold" if sheet.fold else "each front page followed by its back, duplex long-edge flip"
    outputs.notes.append(
        f"counters: {count} counters of {size_name(sheet.size_mm)} on {sheet.pdf_pages} page(s) of "
        f"{sheet.paper.label()} ({how}); print at 100 %"
    )


def load_campaign_map(campaign):
    """The FwMap of a campaign folder (``fw-map.json`` in it), a path to that file, or an FwMap already."""
    from ..fw.model import FwMap, read_fw_map

    if isinstance(campaign, FwMap):
        return campaign
    path = Path(campaign)
    if path.is_dir():
        path = path / CAMPAIGN_MAP_FILE
    return read_fw_map(path)  # errors name the file, e.g. output/new-7/fw-map.json: squares[3]...


def counters_for_kit(campaign_dir_or_fw_map, outputs, formats, paper: Paper, size: str = DEFAULT_SIZE) -> Sheet:
    """Write the counter sheets of a campaign (FW-1.1, holdings from its map) into staged outputs."""
    fw_map = load_campaign_map(campaign_dir_or_fw_map)
    sheet = build_sheet(
        fw_campaign_set(fw_map),
        paper,
        parse_size(size),
        title=f"Fantasy Warriors counters, campaign seed {fw_map.seed}",
    )
    write_counter_files(sheet, outputs, formats)
    return sheet
