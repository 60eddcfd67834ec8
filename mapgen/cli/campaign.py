"""``mapgen campaign ...``: play a Fantasy Warriors campaign kept in a folder.

Every command that changes the campaign does the same four things: load
and check ``DIR/campaign.json`` (a broken file is reported and never
overwritten), build the command and the dice (``--roll`` faces first),
``core.apply`` it, and save only when the rules accepted it.  A refusal
prints one ``Error:`` line and exits 2 with ``campaign.json`` byte for byte
as it was.  The rules live in :mod:`mapgen.campaign`; this module only reads
options and prints.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import click

from ..errors import BadFileError, InfeasibleError
from ..kit import OutputFolderError
from . import _run, cli
from .fw import map_options

SIDES = ("A", "B")
RULES = ("weather", "random_events", "naran_movement", "capital_requires_siege")
#: A die face a player may type; the dice check the face against the die rolled.
MAX_FACE = 100


class Refused(click.ClickException):
    """A command the campaign refuses: ``Error: <reason>`` on one line, exit 2."""

    exit_code = 2


def refusals(fn):
    """Turn the engine's refusals and a broken campaign folder into exit 2 with one line."""
    from ..campaign.core import CommandError
    from ..campaign.files import CampaignFolderError

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except (BadFileError, CommandError, CampaignFolderError, OutputFolderError, InfeasibleError) as exc:
            raise Refused(" ".join(str(exc).split())) from None

    return wrapper


def parse_faces(text: str | None) -> list[int]:
    """``--roll 4`` or ``--roll 4,2,6``: the faces, in order."""
    if text is None:
        return []
    faces = []
    for part in text.split(","):
        part = part.strip()
        if not (part.isascii() and part.isdigit()) or not 1 <= int(part) <= MAX_FACE:
            raise Refused(f"--roll {text!r}: {part!r} is not a die face; give whole numbers like 4 or 4,2,6")
        faces.append(int(part))
    return faces


def _side(ctx, param, value):
    return None if value is None else value.upper()


side_option = click.option("--side", type=click.Choice(SIDES, case_sensitive=False), callback=_side, help="Only what this side may know.")
roll_option = click.option("--roll", metavar="N[,N...]", help="Faces rolled at the table, used in order; then the engine's dice take over.")
folder_arg = click.argument("folder", metavar="DIR", type=click.Path(file_okay=False, path_type=Path))


@cli.group("campaign")
def campaign():
    """Play a Fantasy Warriors campaign: one folder per campaign (campaign.json, its map, history)."""


# --- new ---------------------------------------------------------------------------------------


def _rules(ctx, param, value):
    if not value:
        return ()
    names = tuple(v.strip().lower().replace("-", "_") for v in value.split(",") if v.strip())
    bad = [n for n in names if n not in RULES]
    if bad:
        raise click.BadParameter(f"unknown rule {bad[0]!r}; optional rules: {', '.join(RULES)}")
    return names


def _rosters(ctx, param, value):
    if not value:
        return {}
    out = {}
    for part in value.split(","):
        side, eq, path = part.partition("=")
        if not eq or side.strip().upper() not in SIDES or not path.strip():
            raise click.BadParameter(f"{part!r}: give SIDE=FILE, e.g. A=north.yaml,B=south.csv")
        out[side.strip().upper()] = Path(path.strip())
    return out


@campaign.command("new")
@folder_arg
@click.option("--map", "map_file", type=click.Path(dir_okay=False, path_type=Path), help="Start from this fw-map.json (copied into DIR); default: generate one.")
@click.option("--seed", help="Seed of the generated map and of the campaign's dice (with --map: the dice only; default the map's seed).")
@map_options
@click.option("--points", type=click.IntRange(1, 1_000_000), default=2000, show_default=True, help="Each side's army points (FW-4.1; Incursione: the defenders', raiders double).")
@click.option("--roster", callback=_rosters, help="Rosters as SIDE=FILE,... (.yaml or .csv); a side without one gets the default forces.")
@click.option("--scenario", type=click.Choice(["incursione"]), help="The Incursione campaign (FW-17).")
@click.option("--rules", callback=_rules, help=f"Optional rules, comma-separated: {', '.join(RULES)}.")
@click.option("--forces", type=click.IntRange(1, 6), help="Forces per side with the default roster (default: one per holding, at most 6).")
@click.option("--formats", default="json,svg,pdf", show_default=True, help="Counter sheet formats: json, svg, pdf (comma-separated; empty: none).")
@refusals
def new_cmd(folder, map_file, seed, size, width, height, holdings, races, square_mm, points, roster, scenario, rules, forces, formats):
    """Start a campaign in DIR: the map, campaign.json, and counters for exactly its forces."""
    from .. import kit
    from ..campaign.files import (
        board_for_map,
        check_new_folder,
        start_campaign,
        write_campaign,
    )
    from ..campaign.roster import check_squares, read_campaign_roster
    from ..campaign.setup import RAIDERS
    from ..campaign.state import Options
    from ..jsonio import dumps
    from ..paper import get_paper
    from . import _seed, given

    check_new_folder(folder)
    kit.target_folder(folder)
    counter_formats = tuple(f for f in (x.strip().lower() for x in formats.split(",")) if f)
    if any(f not in kit.COUNTER_FORMATS for f in counter_formats):
        raise click.BadParameter(f"{formats!r}: choose from {', '.join(kit.COUNTER_FORMATS)}", param_hint="--formats")
    if map_file is not None:
        from ..fw.model import read_fw_map

        wrong = given("size", "width", "height", "holdings", "races", "square_mm")
        if wrong:
            raise click.UsageError(f"{', '.join(wrong)}: options of a generated map; with --map the map is given")
        kit.check_input_outside(map_file, folder, "--map")
        m = read_fw_map(map_file)
        map_bytes, map_path = map_file.read_bytes(), os.fspath(map_file)
        seed = m.seed if seed is None else _seed(None, None, seed)
    else:
        from .fw import _build_map

        seed = _seed(None, None, seed)
        m = _build_map(seed, size, width, height, holdings, races, square_mm, None, ())
        map_bytes, map_path = dumps(m.to_json()).encode("utf-8"), "fw-map.json"
    options = Options(points=points, scenario=scenario, **{r: True for r in rules})
    board = board_for_map(m, map_bytes)
    raiders = scenario == "incursione"  # FW-17.2: the raiders hold only their village
    specs = {}
    for side, path in roster.items():
        specs[side] = read_campaign_roster(path, side)
        own = {sq for sq, (owner, capital, _) in board.holdings.items() if owner == side and (capital or not raiders or side != RAIDERS)}
        check_squares(specs[side], board, side, path.name, own)
    state = start_campaign(m, map_bytes, map_path, seed, options, specs, forces)
    _run(folder, lambda o: write_campaign(o, state, map_bytes, counter_formats, get_paper("a4-portrait")))


def _say_next(state, board) -> None:
    from ..campaign.core import PHASE_NAMES, awaiting, phase_index

    if state.winner is not None:
        click.echo(f"The campaign is over: {state.ended} (winner: {state.winner})")
        return
    i = phase_index(state)
    wait = awaiting(state, board)
    click.echo(f"Now: day {state.day}, phase {i} ({PHASE_NAMES[i]}); awaiting: {wait or 'nothing, mapgen campaign turn goes on'}")


@campaign.command("undo")
@folder_arg
@refusals
def undo_cmd(folder):
    """Put back campaign.json as it was before the last command, byte for byte."""
    from ..campaign import store

    done = store.undo(folder)
    click.echo(f"Undone: {json.dumps(done, ensure_ascii=False)}")
    loaded = store.load(folder)
    _say_next(loaded.state, loaded.board)


# --- reading ------------------------------------------------------------------------------------


@campaign.command("status")
@folder_arg
@side_option
@click.option("--json", "as_json", is_flag=True, help="Print the view as JSON.")
@click.option("--svg", "svg_file", type=click.Path(dir_okay=False, path_type=Path), help="Also draw the map with the force counters into this SVG file.")
@refusals
def status_cmd(folder, side, as_json, svg_file):
    """Day, phase, weather, what is awaited, every force with its zone of control, holdings, battles."""
    from ..campaign import store
    from ..campaign.view import side_view, status_lines
    from ..jsonio import dumps, write_atomic

    loaded = store.load(folder)
    if svg_file is not None:
        from ..fw.model import read_fw_map
        from ..render.campaign import render_campaign

        doc = render_campaign(read_fw_map(folder / store.MAP_FILE), loaded.state, loaded.board, side)
        write_atomic(svg_file, doc.tostring())
    if as_json:
        click.echo(dumps(side_view(loaded.state, side, loaded.board)), nl=False)
    else:
        for line in status_lines(loaded.state, loaded.board, side):
            click.echo(line)
        if svg_file is not None:
            click.echo(f"Wrote {svg_file}")


@campaign.command("log")
@folder_arg
@click.option("--day", type=click.IntRange(1, 100_000), help="Only this day.")
@side_option
@refusals
def log_cmd(folder, day, side):
    """The campaign's history in words: every roll with its rule, dice, modifiers, total and outcome."""
    from ..campaign import store
    from ..campaign.view import log_lines

    loaded = store.load(folder)
    lines = log_lines(loaded.state, side, day)
    for line in lines:
        click.echo(line)
    if not lines:
        click.echo(f"(nothing logged{f' on day {day}' if day else ''})")
