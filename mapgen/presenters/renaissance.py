"""The Renaissance campaign drawn for people: the status map."""

from __future__ import annotations

from pathlib import Path

from ..campaign.renaissance.store import MAP_FILE
from ..campaign.renaissance.view import side_view
from ..country.model import read_country_map


def status_svg(folder: Path, state, board, seat: str | None) -> str:
    """The country map with holders, armies, sieges and engagements, as ``seat`` may know them."""
    from ..render.renaissance_campaign import render_renaissance_campaign

    return render_renaissance_campaign(read_country_map(Path(folder) / MAP_FILE), side_view(state, seat, board.kinds)).tostring()
