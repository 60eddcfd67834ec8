"""From a counter set to a laid-out sheet, and the names of its files.

Writing the files (``counters.json``, ``counters-NN.svg``, ``counters.pdf``) and
adding them to a campaign's kit is :mod:`mapgen.kit`'s job.
"""

from __future__ import annotations

from pathlib import Path

from .. import safefs
from .layout import lay_out

CAMPAIGN_MAP_FILE = "fw-map.json"


#: The counters' page layout, under the name the CLI and the kit use.
build_sheet = lay_out


def page_file(n: int) -> str:
    return f"counters-{n:02d}.svg"


def load_campaign_map(campaign):
    """The FwMap of a campaign folder (``fw-map.json`` in it), a path to that file, or an FwMap already."""
    from ..fw.model import FwMap, read_fw_map

    if isinstance(campaign, FwMap):
        return campaign
    path = Path(campaign)
    if path.is_dir():  # a campaign folder: its map must be a real file in it, not a planted link
        path = safefs.real_file(path, CAMPAIGN_MAP_FILE) or path / CAMPAIGN_MAP_FILE
    return read_fw_map(path)  # errors name the file, e.g. output/new-7/fw-map.json: squares[3]...
