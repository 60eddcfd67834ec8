"""The Napoleonic battle for people: the board as a status picture, and the areas by the names the commands take.

Named by the rule set (``RULESET.presenter``); made from the seat's view
alone (:func:`mapgen.napoleonic.view.side_view`), so a side's picture never
shows the other's secret deployment.  A battle writes no battle folders.
"""

from __future__ import annotations

from pathlib import Path

from ..atlas.napoleonic import context
from ..napoleonic.board import AREAS
from ..napoleonic.view import side_view
from ..render.napoleonic_status import board_svg


def new_outputs(folder: Path, state) -> list[str]:
    return []


def write_outputs(folder: Path, state, board) -> list[Path]:
    return []


def output_lines(folder: Path, state) -> list[str]:
    return []


def place_lines(folder: Path, state, board, seat: str | None) -> list[str]:
    """The areas as the commands name them, with the box each prints as."""
    return [f"Areas: {' '.join(AREAS)}"]


def status_svg(folder: Path, state, board, seat: str | None) -> str:
    """The board with each area's units (as ``seat`` may know them) as plain SVG text."""
    return board_svg(side_view(state, seat, board))


def atlas_context(folder: Path, state, board, side: str | None, cache) -> dict:
    """What the atlas page (and the server's page) shows of this battle, as ``side`` may know it."""
    return context(Path(folder), state, board, side, cache)


def action_place(state, action) -> str | None:
    """The area of the unit a ``move`` action moves."""
    if action.command != "move":
        return None
    u = state.unit(action.args.get("unit", ""))
    return u.area if u else None


def report_rows(view: dict, action) -> dict | None:
    return None
