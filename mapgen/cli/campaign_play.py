"""``mapgen campaign order|move|turn|battle|sack|reinforce|send``: the commands that play a turn.

Each builds one command and hands it to the session's :func:`~.campaign_session.play`
(lock, load and check, apply with the campaign's dice, ``--roll`` faces first,
commit only what the rules accepted, print every new log entry in words, write
the battle folders, say what is awaited next).
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from . import typed_name
from .campaign import (
    campaign,
    folder_arg,
    refusals,
    roll_option,
    side_option,
)
from . import campaign_session  # the module, not its names: it and campaign import each other

# --- playing --------------------------------------------------------------------------------


def play(folder: Path, command, roll: str | None = None, side: str | None = None, extra: dict | None = None) -> None:
    """:func:`.campaign_session.play` of a Fantasy Warriors command, saying what is awaited next as this CLI does."""
    campaign_session.play(folder, command, roll, side, extra)


def _owner(force: str) -> str | None:
    from ..campaign.words import owner

    return owner(force)


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
    play(folder, GiveOrder(force.upper(), order), roll, _owner(force))


@campaign.command("move")
@folder_arg
@click.argument("force")
@click.argument("squares", nargs=-1)
@roll_option
@click.option("--countermarch", metavar="SQUARE", help="Counter-march to this square after the move (FW-9.6).")
@refusals
def move_cmd(folder, force, squares, roll, countermarch):
    """Move FORCE along SQUARES (FW phase 2: one step each, the movement roll says how far, FW-9); Renaissance: an ARMY along up to two road NODES (RC-4.3).

    Several forces at once: FORCE:SQUARE,SQUARE ... (A2:K6,J6 A3:I7; A3: alone stays), each
    moved in its side's next initiative slot (FW-9.1.2); Renaissance: ARMY:NODE,NODE ... of
    one player.  One refused refuses them all.
    """
    campaign_session.play_words(folder, "move", [force, *squares], {"countermarch": countermarch}, roll)


@campaign.command("turn")
@folder_arg
@roll_option
@side_option
@click.option("--rest-stay", is_flag=True, help="Fantasy Warriors, Phase 2: every force that has not moved stays where it is, then the turn goes on (FW-9.4).")
@refusals
def turn_cmd(folder, roll, side, rest_stay):
    """Run every phase that needs no decision and stop where a player must act (Renaissance: end the spring, the moves of the player to move, or the winter)."""
    campaign_session.play_words(folder, "turn", [], {"rest_stay": rest_stay}, roll, side)


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
@click.option("--scores", metavar="A=I/F,B=I/F", help="Draw rule draw_english (FW-10.3.1): each side's initial and final score.")
@click.option("--loss-points", metavar="A=N,B=N", help="Draw rule draw_italian (FW-10.3.1): the points of losses each side suffered.")
@click.option("--army-points", type=click.IntRange(1, 10_000_000), help="Draw rule draw_italian: the army points 20 %% is taken of.")
@click.option("--node", help="Renaissance: the node of the battle fought on the table.")
@click.option("--lost", metavar="ID,...", help="Renaissance: the companies routed, captured or destroyed (RC-4.7).")
@roll_option
@side_option
@refusals
def battle_cmd(folder, report_file, winner, losses, leaders_lost, square, scores, loss_points, army_points, node, lost, roll, side):
    """Enter a battle's result (Fantasy Warriors phase 3, then the after-battle phase; Renaissance RC-4.7)."""
    options = {"report": report_file, "winner": winner, "losses": losses, "leaders_lost": leaders_lost, "square": square, "node": node, "lost": lost,
               "scores": scores, "loss_points": loss_points, "army_points": army_points}
    # the record holds the report's content (the rule set's encoding), so the command list replays even if
    # the file changes; its path is kept beside it
    extra = {"report": os.fspath(report_file)} if report_file is not None else None
    campaign_session.play_words(folder, "battle", [], options, roll, side, extra)


@campaign.command("sack")
@folder_arg
@click.argument("force")
@refusals
def sack_cmd(folder, force):
    """Incursione, Phase 2: the raider FORCE sacks the enemy holding it stands on, before it moves (FW-17.7)."""
    from ..campaign.incursione import Sack

    play(folder, Sack(force.upper()))


@campaign.command("send")
@folder_arg
@click.argument("force")
@click.argument("who")
@click.option("--to", "to", required=True, metavar="FORCE", help="The Force of the same side it goes to join.")
@refusals
def send_cmd(folder, force, who, to):
    """Phase 1, option army_composition: WHO (a named special character, or a Special Unit's id) leaves FORCE and travels
    alone at Max Speed to join the Force --to (FW-22.3)."""
    campaign_session.play_words(folder, "send", [force, who], {"to": to}, None, _owner(force))


#: The last, optional part of a reinforcement's --unit word: a regular unit (none), a mercenary or an ally (FW-4.2.f).
UNIT_KINDS = ("", "mercenary", "ally")


def _units(ctx, param, value):
    from ..campaign.state import QUALITIES, Unit

    out = []
    for n, text in enumerate(value, start=1):
        parts = [p.strip() for p in text.split(":")]
        hired = parts.pop().lower() if len(parts) == 5 else ""
        if (
            len(parts) != 4 or not parts[0] or parts[1].lower() not in QUALITIES or hired not in UNIT_KINDS
            or not all(p.isascii() and p.isdigit() for p in parts[2:])
        ):
            raise click.BadParameter(
                f"{text!r}: give TYPE:QUALITY:FIGURES:POINTS[:mercenary|:ally], e.g. infantry:average:20:6 (points of one figure)"
            )
        kind = typed_name(parts[0]).lower()  # the state keeps a unit's type as a name: one line, at most 80 characters
        out.append(Unit(f"R{n}", kind, parts[1].lower(), int(parts[2]), int(parts[3]), hired == "mercenary", hired == "ally"))
    return tuple(out)


def _leader(ctx, param, value):
    from ..campaign.state import Leader

    if value is None:
        return None
    name, sep, cv = value.rpartition(":")
    if not sep or not name.strip() or not cv.strip().isdigit() or not 1 <= int(cv) <= 6:
        raise click.BadParameter(f"{value!r}: give NAME:CV with CV 1 to 6, e.g. 'Ragnar:3'")
    return Leader(typed_name(name), int(cv))


@campaign.command("reinforce")
@folder_arg
@click.argument("side", type=click.Choice(["A", "B"], case_sensitive=False))
@click.option("--unit", "units", multiple=True, callback=_units, required=True, metavar="TYPE:QUALITY:FIGURES:POINTS[:mercenary|:ally]",
              help="A unit to send (repeat the option); points of one figure. Poor, average or veteran only (FW-15.b); "
              "mercenaries and allies never form a force alone (FW-4.2.f).")
@click.option("--leader", callback=_leader, metavar="NAME:CV", help="The General of a new force, when no friendly force is in the capital (FW-15.d).")
@refusals
def reinforce_cmd(folder, side, units, leader):
    """Spend SIDE's banked reinforcement points (FW-15): the units join the force in the capital, or form a new one."""
    from ..campaign.core import Reinforce

    play(folder, Reinforce(side.upper(), units, leader))

