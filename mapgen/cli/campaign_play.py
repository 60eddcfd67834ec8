"""``mapgen campaign order|move|turn|battle|sack|reinforce``: the commands that play a turn.

Each loads and checks the campaign, applies one command with the campaign's
dice (``--roll`` faces first), saves only what the rules accepted, prints
every new log entry in words and what is awaited next.  Battle folders are
written after the state is saved (:func:`mapgen.campaign.battles.write_pending`).
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from .campaign import (
    Refused,
    _say_next,
    campaign,
    folder_arg,
    fw_side,
    parse_faces,
    refusals,
    roll_option,
    side_option,
)

# --- playing --------------------------------------------------------------------------------


def _battle_folders(folder: Path, state, board) -> list[Path]:
    """Write ``battles/day-NN-SQUARE/`` for each battle that has none yet (after the state is saved)."""
    if not any(c.folder and not (folder / c.folder).exists() for c in state.pending):
        return []  # most commands: the battle writers (and PyYAML, for the report form) are not imported
    from ..campaign.battles import write_pending
    from ..campaign.store import MAP_FILE
    from ..fw.model import read_fw_map

    return write_pending(folder, state, read_fw_map(folder / MAP_FILE), board)


def play(folder: Path, command, record: dict, roll: str | None, side: str | None = None) -> None:
    """Load, apply, save, say what happened (as ``side`` may know it) and what is awaited next."""
    from ..campaign import store
    from ..campaign.ruleset import apply
    from ..campaign.dice import GameDice
    from ..campaign.view import entry_words, visible
    from .atlas import refresh_after

    faces = parse_faces(roll)
    loaded = store.load(folder)
    if loaded.renaissance:
        raise Refused(f"'{record['command']}' is a Fantasy Warriors command; {folder} holds a Renaissance campaign (see mapgen campaign --help)")
    dice = GameDice(loaded.state.seed, faces)
    state, events = apply(loaded.state, command, dice, loaded.board)
    if faces:
        record = {**record, "roll": faces}
    new_battles = [c.folder for c in state.pending if c.folder and not (folder / c.folder).exists()]
    if new_battles:
        record = {**record, "battles": new_battles}  # undo removes them with the state that made them
    store.save(loaded, state, record)
    for e in visible(events, side):
        click.echo(entry_words(e))
    _battle_folders(folder, state, loaded.board)
    refresh_after(folder)
    for c in state.pending:
        if c.folder:
            click.echo(f"Battle at {c.square}: {' vs '.join(c.forces)} ({c.scenario.replace('_', ' ')}), folder {folder / c.folder}")
    _say_next(state, loaded.board)




def _owner(force: str) -> str | None:
    """The side a force id belongs to (``A2`` -> A): its player sees what that side may know."""
    first = force.strip()[:1].upper()
    return first if first in ("A", "B") else None


@campaign.command("order")
@folder_arg
@click.argument("force")
@click.argument("order", type=click.Choice(["max_speed", "max-speed", "probe", "defend"], case_sensitive=False))
@roll_option
@refusals
def order_cmd(folder, force, order, roll):
    """Phase 1: give FORCE a new ORDER (max_speed, probe, defend); the Force Test decides (FW-8)."""
    from ..campaign.core import GiveOrder

    order = order.lower().replace("-", "_")
    play(folder, GiveOrder(force.upper(), order), {"command": "order", "force": force.upper(), "order": order}, roll, _owner(force))


@campaign.command("move")
@folder_arg
@click.argument("force")
@click.argument("squares", nargs=-1)
@roll_option
@click.option("--countermarch", metavar="SQUARE", help="Counter-march to this square after the move (FW-9.6).")
@refusals
def move_cmd(folder, force, squares, roll, countermarch):
    """Move FORCE along SQUARES (FW phase 2: one step each, the movement roll says how far, FW-9); Renaissance: an ARMY along up to two road NODES (RC-4.3)."""
    from .campaign_ren import is_renaissance, move_renaissance

    if is_renaissance(folder):
        if countermarch or roll:
            raise click.UsageError("--countermarch and --roll are Fantasy Warriors movement options")
        return move_renaissance(folder, force, squares)
    from ..campaign.core import Move

    path = tuple(s.upper() for s in squares)
    cm = countermarch.upper() if countermarch else None
    record = {"command": "move", "force": force.upper(), "path": list(path)}
    if cm:
        record["countermarch"] = cm
    play(folder, Move(force.upper(), path, cm), record, roll, _owner(force))


@campaign.command("turn")
@folder_arg
@roll_option
@side_option
@refusals
def turn_cmd(folder, roll, side):
    """Run every phase that needs no decision and stop where a player must act (Renaissance: end the spring, the moves of the player to move, or the winter)."""
    from .campaign_ren import is_renaissance, turn_renaissance

    if is_renaissance(folder):
        return turn_renaissance(folder, roll, side)
    from ..campaign.core import Turn

    play(folder, Turn(), {"command": "turn"}, roll, fw_side(side))


def _losses(ctx, param, value):
    from ..campaign.report import ReportError, parse_losses

    try:
        return parse_losses(value)
    except ReportError as exc:
        raise click.BadParameter(str(exc)) from None


@campaign.command("battle")
@folder_arg
@click.option("--report", "report_file", type=click.Path(dir_okay=False, path_type=Path), help="The filled-in report.yaml of the battle.")
@click.option("--winner", help="Without a report: who won (A, B or stalemate; Renaissance: a seat or neutral country).")
@click.option("--losses", callback=_losses, help="With --winner: UNIT=N (killed) or UNIT=KILLED/FLED[/WITHDRAWN], comma-separated.")
@click.option("--leaders-lost", metavar="FORCE,...", help="With --winner: forces whose Leader and every General fell (FW-12.7).")
@click.option("--square", help="Which pending battle (its square); default: the first.")
@click.option("--node", help="Renaissance: the node of the battle fought on the table.")
@click.option("--lost", metavar="ID,...", help="Renaissance: the companies routed, captured or destroyed (RC-4.7).")
@roll_option
@side_option
@refusals
def battle_cmd(folder, report_file, winner, losses, leaders_lost, square, node, lost, roll, side):
    """Enter a battle's result (Fantasy Warriors phase 3, then the after-battle phase; Renaissance RC-4.7)."""
    from .campaign_ren import battle_renaissance, is_renaissance

    if is_renaissance(folder):
        return battle_renaissance(folder, node, winner, lost)
    if node or lost:
        raise click.UsageError("--node and --lost are for a Renaissance campaign's battle")
    side = fw_side(side)
    from ..campaign.core import BattleReport

    if winner is not None and winner.lower() not in ("a", "b", "stalemate"):
        raise click.BadParameter(f"{winner!r} is not one of 'A', 'B', 'stalemate'", param_hint="'--winner'")
    if (report_file is None) == (winner is None):
        raise click.UsageError("give either --report FILE or --winner A|B|stalemate")
    if report_file is not None and (losses or leaders_lost):
        raise click.UsageError("--losses and --leaders-lost go with --winner; a report lists its own")
    if report_file is not None:
        from ..campaign.report import read_report

        cmd = read_report(report_file)
    else:
        w = winner.upper() if winner != "stalemate" else "stalemate"
        lost = tuple(x.strip().upper() for x in (leaders_lost or "").split(",") if x.strip())
        cmd = BattleReport(w, losses, lost, square=square.upper() if square else None)
    # the report's content, not its path: the command list replays even if the file changes
    record = {"command": "battle", "winner": cmd.winner, "losses": [[x.unit, x.killed, x.fled, x.withdrawn] for x in cmd.losses]}
    if cmd.leaders_lost:
        record["leaders_lost"] = list(cmd.leaders_lost)
    if cmd.retreats:
        record["retreats"] = [list(r) for r in cmd.retreats]
    if cmd.length is not None:
        record["length"] = cmd.length
    if cmd.square:
        record["square"] = cmd.square
    if report_file is not None:
        record["report"] = os.fspath(report_file)
    play(folder, cmd, record, roll, side)




@campaign.command("sack")
@folder_arg
@click.argument("force")
@refusals
def sack_cmd(folder, force):
    """Incursione, Phase 2: the raider FORCE sacks the enemy holding it stands on, before it moves (FW-17.7)."""
    from ..campaign.incursione import Sack

    play(folder, Sack(force.upper()), {"command": "sack", "force": force.upper()}, None)


def _units(ctx, param, value):
    from ..campaign.state import QUALITIES, Unit

    out = []
    for n, text in enumerate(value, start=1):
        parts = [p.strip() for p in text.split(":")]
        if len(parts) != 4 or not parts[0] or parts[1].lower() not in QUALITIES or not all(p.isascii() and p.isdigit() for p in parts[2:]):
            raise click.BadParameter(f"{text!r}: give TYPE:QUALITY:FIGURES:POINTS, e.g. infantry:average:20:6 (points of one figure)")
        out.append(Unit(f"R{n}", parts[0].lower(), parts[1].lower(), int(parts[2]), int(parts[3])))
    return tuple(out)


def _leader(ctx, param, value):
    from ..campaign.state import Leader

    if value is None:
        return None
    name, sep, cv = value.rpartition(":")
    if not sep or not name.strip() or not cv.strip().isdigit() or not 1 <= int(cv) <= 6:
        raise click.BadParameter(f"{value!r}: give NAME:CV with CV 1 to 6, e.g. 'Ragnar:3'")
    return Leader(name.strip(), int(cv))


@campaign.command("reinforce")
@folder_arg
@click.argument("side", type=click.Choice(["A", "B"], case_sensitive=False))
@click.option("--unit", "units", multiple=True, callback=_units, required=True, metavar="TYPE:QUALITY:FIGURES:POINTS",
              help="A unit to send (repeat the option); points of one figure. Poor, average or veteran only (FW-15.b).")
@click.option("--leader", callback=_leader, metavar="NAME:CV", help="The General of a new force, when no friendly force is in the capital (FW-15.d).")
@refusals
def reinforce_cmd(folder, side, units, leader):
    """Spend SIDE's banked reinforcement points (FW-15): the units join the force in the capital, or form a new one."""
    from ..campaign.core import Reinforce

    side = side.upper()
    record = {"command": "reinforce", "side": side, "units": [[u.type, u.quality, u.figures, u.points] for u in units]}
    if leader is not None:
        record["leader"] = [leader.name, leader.cv]
    play(folder, Reinforce(side, units, leader), record, None)


from . import campaign_ren, campaign_sim  # noqa: E402,F401 - register ``campaign simulate`` and the Renaissance commands
