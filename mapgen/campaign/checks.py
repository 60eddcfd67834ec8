"""What a campaign state must hold against its map, beyond field types (pydantic checks those).

Each check names the field, so a hand-edited ``campaign.json`` that puts a
force in the sea says ``forces[3].square`` and why.
"""

from __future__ import annotations

from ..errors import BadFileError
from .army import probe_refusal
from .board import Board
from .draws import conflict
from .state import CampaignState


def _seasons(zone: str) -> tuple[str, ...]:
    """FW-7.3: the seasons a zone can have (a cold zone is always winter, AMB-09)."""
    from ..fw.rules import COLD_SEASON, SEASON_TEMPERATE, SEASON_TORRID

    if zone == "cold":
        return (COLD_SEASON.outcome,)
    table = SEASON_TORRID if zone == "torrid" else SEASON_TEMPERATE
    return tuple(b.outcome for b in table.bands)


def _composition(state: CampaignState, f) -> str | None:
    """FW-22 (option ``army_composition``): the rest of a field path and why, for a Force that breaks it; None when it does not."""
    # a Command may name units no longer in the Force (lost in battle): only the units there count (FW-22.1)
    if f.travelling:
        if not state.options.army_composition:
            return ".joining': a Force travels to join another only under the optional rule army_composition (FW-22.3)"
        if f.order != "max_speed" or f.reaction is not None:
            return f".order': {f.id} travels to {f.joining} at Max Speed and takes no other order or reaction (FW-22.3)"
    if state.options.army_composition and f.order == "probe":
        why = probe_refusal(f)
        if why:
            return f".order': {why}"
    return None


def check_state(state: CampaignState, board: Board) -> None:
    if conflict(state.options):
        raise BadFileError(f"field 'options': {conflict(state.options)}")
    seasons = _seasons(state.weather.zone)
    if state.weather.season not in seasons:
        raise BadFileError(
            f"field 'weather.season': {state.weather.season!r} is no season of a {state.weather.zone} zone "
            f"(FW-7.3: {', '.join(seasons)})"
        )
    sides = [s.id for s in state.sides]
    if sorted(sides) != ["A", "B"]:
        raise BadFileError(f"field 'sides': expected sides A and B once each, found {sides}")
    seen: set[str] = set()
    for i, f in enumerate(state.forces):
        where = f"forces[{i}]"
        if f.id in seen:
            raise BadFileError(f"field '{where}.id': force {f.id} appears twice")
        seen.add(f.id)
        if not f.id.startswith(f.side):
            raise BadFileError(f"field '{where}.id': {f.id} does not start with its side {f.side}")
        if not board.on_map(f.square):
            raise BadFileError(f"field '{where}.square': {f.square} is not a land square of the map")
        if (f.order is None) == (f.reaction is None):
            raise BadFileError(f"field '{where}': a force has either one order or one reaction, never both nor neither (FW-5.1)")
        if not f.units and not f.travelling:  # FW-22.3: a named character may travel alone
            raise BadFileError(f"field '{where}.units': a force needs at least one unit (FW-4.2.b)")
        problem = _composition(state, f)
        if problem:
            raise BadFileError(f"field '{where}{problem}")
        ids = [u.id for u in f.units]
        if len(set(ids)) != len(ids):
            raise BadFileError(f"field '{where}.units': unit ids repeat ({', '.join(sorted({x for x in ids if ids.count(x) > 1}))})")
        if f.loot is not None and state.holding(f.loot) is None:
            raise BadFileError(f"field '{where}.loot': no holding at {f.loot}")
    squares = set()
    for i, h in enumerate(state.holdings):
        if not board.on_map(h.square):
            raise BadFileError(f"field 'holdings[{i}].square': {h.square} is not a land square of the map")
        if h.square in squares:
            raise BadFileError(f"field 'holdings[{i}].square': two holdings at {h.square}")
        squares.add(h.square)
    for i, c in enumerate(state.pending):
        if not board.on_map(c.square):
            raise BadFileError(f"field 'pending[{i}].square': {c.square} is not a land square of the map")
        for fid in c.forces:
            if fid not in seen:
                raise BadFileError(f"field 'pending[{i}].forces': no force {fid}")
    sides_at: dict[str, set[str]] = {}
    for f in state.forces:
        sides_at.setdefault(f.square, set()).add(f.side)
    fought = {c.square for c in state.pending}
    for square, present in sides_at.items():
        if len(present) == 2 and square not in fought:
            raise BadFileError(f"field 'forces': forces of both sides stand at {square} with no battle pending there (FW-9.8)")
    if state.phase == "battle" and not any(c.day <= state.day for c in state.pending):
        raise BadFileError("field 'phase': \"battle\", but no battle is pending today (field 'pending')")
    for i, s in enumerate(state.initiative):
        if s not in sides:
            raise BadFileError(f"field 'initiative[{i}]': no side {s}")
