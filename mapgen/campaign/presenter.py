"""What a Fantasy Warriors command leaves in the folder besides the state: its battle folders.

Named by the rule set (``RULESET.presenter``) and imported by the session
only after a command is committed, so the rules never import the writers.
Everything here is made from the state alone, so ``mapgen campaign refresh``
can always write it again.
"""

from __future__ import annotations

from pathlib import Path

from .. import safefs
from ..fw.model import FwMap
from ..jsonio import parse
from .battles import write_pending
from .store import MAP_FILE


def new_outputs(folder: Path, state) -> list[str]:
    """The battle folders this state needs that are not in the folder yet (``undo`` removes them again)."""
    return [c.folder for c in state.pending if c.folder and not safefs.is_dir(folder, c.folder)]


def write_outputs(folder: Path, state, board) -> list[Path]:
    """Write ``battles/day-NN-SQUARE/`` for each pending battle that has none yet (one there may hold a filled form)."""
    if not new_outputs(folder, state):
        return []
    # the map's SHA-256 was checked when the session loaded the state: no schema check again
    fw_map = FwMap.from_json(parse(safefs.read_text(folder, MAP_FILE), str(Path(folder) / MAP_FILE)))
    return write_pending(folder, state, fw_map, board)


def output_lines(folder: Path, state) -> list[str]:
    """Where each pending battle's folder is, for the players."""
    return [
        f"Battle at {c.square}: {' vs '.join(c.forces)} ({c.scenario.replace('_', ' ')}), folder {Path(folder) / c.folder}"
        for c in state.pending
        if c.folder
    ]
