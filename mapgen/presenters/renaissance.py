"""The Renaissance campaign for people: the status map, and the folders of its table battles.

Named by the rule set (``RULESET.presenter``) and imported only when needed
(the session imports it after a command is committed); made from the state
alone, so ``mapgen campaign refresh`` can always write it again.
"""

from __future__ import annotations

from pathlib import Path

from .. import safefs
from .renaissance_battles import battle_folder_name, is_table_battle
from ..renaissance.store import MAP_FILE
from ..renaissance.view import side_view
from ..country.model import CountryMap, read_country_map
from ..jsonio import parse


def _tables(state) -> dict:
    return {battle_folder_name(state, e): e for e in state.engagements if is_table_battle(e)}


def new_outputs(folder: Path, state) -> list[str]:
    """The table battles' folders this state needs that are not in the folder yet (``undo`` removes them again)."""
    return [name for name in _tables(state) if not safefs.is_dir(folder, name)]


def write_outputs(folder: Path, state, board) -> list[Path]:
    """Write the folder of each table battle waiting for its result that has none yet."""
    if not new_outputs(folder, state):
        return []
    from .renaissance_battles import write_pending  # the battlefield generator, for a table battle only

    country_map = CountryMap.from_json(parse(safefs.read_text(folder, MAP_FILE), str(Path(folder) / MAP_FILE)))
    return write_pending(folder, state, country_map)


def output_lines(folder: Path, state) -> list[str]:
    return [
        f"Battle on the table at {e.node} ({e.phasing} against {e.other}): its battlefield and sheet are in {Path(folder) / name}"
        for name, e in _tables(state).items()
    ]


def place_lines(folder: Path, state, board, seat: str | None) -> list[str]:
    """Every place by its id and its name, as the country map prints them, with its kind and holder (as ``seat`` may know).

    Commands take a place's id (``A-1``): the id comes first, so a player reads it off the list.
    """
    names = {n["id"]: n.get("name") or "" for n in parse(safefs.read_text(folder, MAP_FILE), str(Path(folder) / MAP_FILE)).get("nodes", [])}
    places = side_view(state, seat, board.kinds)["places"]
    width = max((len(names.get(p["node"], "")) for p in places), default=0)
    return ["Places (id, name, kind, holder):",
            *(f"  {p['node']:<6} {names.get(p['node'], ''):<{width}}  {p['kind'].replace('_', ' '):<14} {p['owner']}" for p in places)]


def status_svg(folder: Path, state, board, seat: str | None) -> str:
    """The country map with holders, armies, sieges and engagements, as ``seat`` may know them."""
    from ..render.renaissance_campaign import render_renaissance_campaign

    return render_renaissance_campaign(read_country_map(Path(folder) / MAP_FILE), side_view(state, seat, board.kinds)).tostring()


def atlas_context(folder: Path, state, board, side: str | None, cache) -> dict:
    """What the atlas page shows of this campaign (:func:`mapgen.atlas.build_atlas`), as ``side`` may know it.

    The map is the one the state was started on: the session found its SHA-256
    unchanged, so its JSON Schema (checked when the campaign began) is not checked again.
    """
    from ..atlas.renaissance import context

    text = safefs.read_text(folder, MAP_FILE)
    return context(Path(folder), CountryMap.from_json(parse(text, str(Path(folder) / MAP_FILE))), state, board, side, cache, text)


def action_place(state, action) -> str | None:
    """The node of the army a ``move_army`` action moves (the server's map lights the nodes it may reach from there)."""
    if action.command != "move_army":
        return None
    return next((a.node for a in state.armies if a.id == action.args.get("army")), None)


def report_rows(view: dict, action) -> dict | None:
    """No Renaissance command takes a list of losses from the players: the engine resolves its engagements itself."""
    return None
