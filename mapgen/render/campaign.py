"""The campaign map as it stands: the printed map with the force counters on it (``status --svg``).

The map is drawn by :func:`~mapgen.render.fw_map.render_fw_map` unchanged and
the campaign goes on top in its own layers, so the picture a player gets is
the one printed on the table with the counters put down.  Each force is a
force is its printed counter (its side's colour and emblem, FW-1.1: red A,
blue B, its id and its order or reaction), stacks offset so every id shows and
kept off the map's names; the enemy's zones of control (FW-9.7) are edged,
because entering one stops a move; a holding that changed hands carries the
captor's colour; a square waiting for a battle is ringed.  With a side
given, the drawing shows only what that side may know (its view).  The
layers are :mod:`.campaign_layers`', which the atlas lays on the map it keeps.
"""

from __future__ import annotations

from ..campaign.state import CampaignState, evolve
from ..campaign.view import side_view
from ..fw.model import FwMap
from .campaign_layers import KEY, SHORT, STYLES, Frame, campaign_layers  # noqa: F401 - STYLES, SHORT, KEY: this drawing's API
from .fw_map import fw_map_layout, render_fw_map_and_room
from .svgdoc import SvgDoc
from .templates import Raw


def render_campaign(m: FwMap, state: CampaignState, board, side: str | None = None) -> SvgDoc:
    """The map with zones of control, holdings' owners, pending battles and force counters."""
    # The key's movement rows as in play; black and white when the campaign's kit was.
    doc, room = render_fw_map_and_room(m, state.look, state.options.naran_movement)
    view = side_view(evolve(state, log=()), side, board)
    for layer in campaign_layers(Frame.of(fw_map_layout(m), m.square_mm), view, board, side, room, look=state.look):
        doc.drawing.add(Raw(layer))
    return doc
