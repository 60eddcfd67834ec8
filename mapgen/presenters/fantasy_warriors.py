"""The Fantasy Warriors campaign for people: the status map, and what a command leaves in the folder besides the state.

Named by the rule set (``RULESET.presenter``) and imported only when needed
(the session imports it after a command is committed), so the rules never
import the writers.  Everything here is made from the state alone, so
``mapgen campaign refresh`` can always write it again.
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import safefs
from ..campaign.store import MAP_FILE
from ..jsonio import parse


def _read_map(folder: Path, text: str | None = None):
    """The map model of the folder's ``fw-map.json`` (or of its ``text``), whose SHA-256 the session checked when it
    loaded the state: no schema check again.  The model and numpy are imported here, only when a writer needs the
    map itself: a command's atlas page after the first reads what it shows of the map from the user's cache."""
    from ..fw.model import FwMap

    if text is None:
        text = safefs.read_text(folder, MAP_FILE)
    return FwMap.from_json(parse(text, str(Path(folder) / MAP_FILE)))


def new_outputs(folder: Path, state) -> list[str]:
    """The battle folders this state needs that are not in the folder yet (``undo`` removes them again)."""
    return [c.folder for c in state.pending if c.folder and not safefs.is_dir(folder, c.folder)]


def write_outputs(folder: Path, state, board) -> list[Path]:
    """Write ``battles/day-NN-SQUARE/`` for each pending battle that has none yet (one there may hold a filled form)."""
    if not new_outputs(folder, state):
        return []  # most commands: the battle writers (and PyYAML, for the report form) are not imported
    from .fw_battles import write_pending

    return write_pending(folder, state, _read_map(folder), board)


def output_lines(folder: Path, state) -> list[str]:
    """Where each pending battle's folder is, for the players."""
    return [
        f"Battle at {c.square}: {' vs '.join(c.forces)} ({c.scenario.replace('_', ' ')}), folder {Path(folder) / c.folder}"
        for c in state.pending
        if c.folder
    ]


def place_lines(folder: Path, state, board, seat: str | None) -> list[str]:
    """The holdings by square and name, as the map prints them: the square is what a command takes."""
    # the map's SHA-256 was checked when the session loaded the state, and its schema when the campaign began:
    # the plain parser is enough (jsonio.parse's depth guard would import numpy for every 'status')
    kit_map = json.loads(safefs.read_text(folder, MAP_FILE))
    names = {h["square"]: h.get("name") for h in kit_map.get("holdings", [])}
    named = [(h.square, names[h.square]) for h in state.holdings if names.get(h.square)]
    return ["Holdings by name (type the square):", *(f"  {sq:<5} {name}" for sq, name in named)] if named else []


def status_svg(folder: Path, state, board, seat: str | None) -> str:
    """The campaign map with the forces' counters, as ``seat`` may know them (``campaign status --svg``)."""
    from ..fw.model import read_fw_map
    from ..render.campaign import render_campaign

    return render_campaign(read_fw_map(Path(folder) / MAP_FILE), state, board, seat).tostring()


def atlas_context(folder: Path, state, board, side: str | None, cache) -> dict:
    """What the atlas page shows of this campaign (:func:`mapgen.atlas.build_atlas`), as ``side`` may know it.

    The map is the one the state was started on: the session found its SHA-256
    unchanged, so its JSON Schema (checked when the campaign began) is not checked again.
    """
    from ..atlas.fw import context

    text = safefs.read_text(folder, MAP_FILE)
    return context(Path(folder), lambda: _read_map(folder, text), state, board, side, cache, text)


#: A battle report's loss columns, in the order of a ``losses`` row of the ``battle`` record (FW-12: figures killed, fled, withdrawn).
LOSS_COLUMNS = ("killed", "fled", "withdrawn")


def action_place(state, action) -> str | None:
    """The square of the force a ``move`` action moves (the server's map lights its reachable squares from there)."""
    if action.command != "move" or not action.args.get("force"):
        return None
    return state.force(action.args["force"]).square


def report_rows(view: dict, action) -> dict | None:
    """A ``battle`` action's form: one row per unit the seat's view shows in the battle, its losses to enter (FW-12).

    Read from the seat's ``view`` only, so a side is offered its own units and
    none of the enemy's it may not know; the referee's view lists both.
    """
    if action.command != "battle":
        return None
    units = [{"key": u["id"], "label": f"{u['id']} ({f['id']}, side {f['side']}): {u['figures']} {u['quality']} {u['type'].replace('_', ' ')}"}
             for f in view["forces"] if f["square"] == action.args.get("square") for u in f.get("units", ())]
    return {"field": "losses", "columns": LOSS_COLUMNS, "rows": units}
