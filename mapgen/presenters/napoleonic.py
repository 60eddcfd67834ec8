"""The Napoleonic battle for people: the board as a status picture, and the areas by the names the commands take.

Named by the rule set (``RULESET.presenter``); made from the seat's view
alone (:func:`mapgen.napoleonic.view.side_view`), so a side's picture never
shows the other's secret deployment.  A battle's one output is its printable board.
"""

from __future__ import annotations

from pathlib import Path

from ..atlas.napoleonic import context
from ..napoleonic.board import AREAS
from ..napoleonic.view import side_view
from ..paper import get_paper
from ..render.nap_board import draw_board, write_board_pdf
from ..render.napoleonic_status import board_svg


#: The printable board (NAP-2.2) in the battle folder: the 13 areas at the counters' default size, named as the commands name them.
BOARD_FILE = "napoleonic-board.pdf"
#: The board's paper: A4, in the orientation that needs the fewest sheets.
BOARD_PAPER = "A4"


def new_outputs(folder: Path, state) -> list[str]:
    """The printable board when the folder does not hold it yet (the board is fixed for the battle: written once)."""
    return [] if (Path(folder) / BOARD_FILE).exists() else [BOARD_FILE]


def write_outputs(folder: Path, state, board) -> list[Path]:
    """Write the printable board (:func:`mapgen.render.nap_board.draw_board`) when the folder lacks it."""
    if not new_outputs(folder, state):
        return []
    path = Path(folder) / BOARD_FILE
    write_board_pdf(draw_board(get_paper(BOARD_PAPER)), path)
    return [path]


def output_lines(folder: Path, state) -> list[str]:
    """Nothing after each command: ``campaign new`` lists the board once, with the folder's files."""
    return []


def place_lines(folder: Path, state, board, seat: str | None) -> list[str]:
    """The areas as the commands name them, with the box each prints as."""
    return [f"Areas: {' '.join(AREAS)}"]


def status_svg(folder: Path, state, board, seat: str | None) -> str:
    """The board with each area's units (as ``seat`` may know them) as plain SVG text."""
    return board_svg(side_view(state, seat, board), seat)


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
