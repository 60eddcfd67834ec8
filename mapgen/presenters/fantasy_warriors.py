"""The Fantasy Warriors campaign drawn for people: the status map."""

from __future__ import annotations

from pathlib import Path

from ..campaign.store import MAP_FILE
from ..fw.model import read_fw_map


def status_svg(folder: Path, state, board, seat: str | None) -> str:
    """The campaign map with the forces' counters, as ``seat`` may know them (``campaign status --svg``)."""
    from ..render.campaign import render_campaign

    return render_campaign(read_fw_map(Path(folder) / MAP_FILE), state, board, seat).tostring()
