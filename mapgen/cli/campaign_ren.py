"""``mapgen campaign ...`` for a Renaissance campaign: its spring, summer and winter commands.

The same folder, store, dice, ``--roll``, history and undo as a Fantasy
Warriors campaign; ``turn``, ``move``, ``battle``, ``status``, ``log`` and
``undo`` serve both rule sets (the folder's ``campaign.json`` says which).
Each command here builds one command of :mod:`mapgen.renaissance.commands`
and hands it to the session's :func:`~.campaign_session.play` (one for both
rule sets): lock, load, apply, commit only what the rules accepted, print
the new log lines the player may see and what is awaited.  A command naming
places is built under the lock from the folder's board (:func:`play_at`), so
a place may be typed by its name (``Castelcarpia``) as well as its id.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

from .campaign import campaign, folder_arg, refusals, roll_option
from .campaign_session import play as session_play
from .campaign_session import play_made
from ..renaissance.words import node_id, normal_id, normal_ids

SEAT = re.compile(r"^P\d{1,2}$")


def play(folder: Path, command, roll: str | None = None, seat: str | None = None) -> None:
    """:func:`.campaign_session.play` of a Renaissance command."""
    session_play(folder, command, roll, seat)


def play_at(folder: Path, make, roll: str | None = None, seat: str | None = None) -> None:
    """:func:`.campaign_session.play_made` of a Renaissance command naming places: ``make(node)`` builds it, ``node(word)`` the id of a place typed by id or name."""
    play_made(folder, lambda board: make(lambda word: node_id(word, {"board": board})), roll, seat)


#: An army or a specialist as the engine numbers them (``P1-2``, ``P2-s1``): never a place's name.
_OWNED = re.compile(r"^P\d{1,2}-[A-Za-z]?\d+$", re.IGNORECASE)


def _army_or_place(word: str, place) -> str:
    """An army's id as the engine writes it, or the id of the place typed by id or name (``place``, from :func:`play_at`)."""
    return normal_id(word) if _OWNED.match(word.strip()) else place(word)


def _seat(value: str) -> str:
    seat = value.strip().upper()
    if not SEAT.match(seat):
        raise click.BadParameter(f"{value!r}: a player seat is P1, P2 ...")
    return seat


def _seat_cb(ctx, param, value):
    return None if value is None else _seat(value)


def _seat_of(army: str) -> str:
    from ..renaissance.core import seat_of

    return seat_of(army.upper())


player_arg = click.argument("player", callback=lambda c, p, v: _seat(v))


# --- spring (RC-3) ------------------------------------------------------------------------------


@campaign.command("loan")
@folder_arg
@player_arg
@click.argument("ducats", type=click.IntRange(1, 100_000_000))
@refusals
def loan_cmd(folder, player, ducats):
    """Renaissance spring: PLAYER borrows DUCATS from the bank (RC-3.4, optional rule; at most half the city taxes)."""
    from ..renaissance.commands import TakeLoan

    play(folder, TakeLoan(player, ducats), seat=player)


COMPANY_TYPES = ["small", "small_cavalry", "medium", "medium_cavalry", "large", "large_cavalry", "rabble"]
COMPANY_KINDS = ["regular", "mercenary", "militia", "rabble", "allied"]


@campaign.command("recruit")
@folder_arg
@player_arg
@click.argument("army_or_place")
@click.argument("company_type", type=click.Choice(COMPANY_TYPES))
@click.option("--kind", type=click.Choice(COMPANY_KINDS), default="regular", show_default=True, help="What kind of troops (RC-3.5).")
@click.option("--cost", type=click.IntRange(0, 100_000), help="The army list's price (default: mapgen's, RC-A.23).")
@refusals
def recruit_cmd(folder, player, army_or_place, company_type, kind, cost):
    """Renaissance spring: PLAYER recruits one company into an army or a fortified place's garrison (RC-3.5)."""
    from ..renaissance.commands import Recruit

    play_at(folder, lambda place: Recruit(player, _army_or_place(army_or_place, place), company_type, kind, cost), seat=player)


def _companies(ctx, param, value):
    out = []
    for part in value:
        t, _, k = part.partition(":")
        t, k = t.strip().lower(), (k.strip().lower() or "regular")
        if t not in COMPANY_TYPES or k not in COMPANY_KINDS:
            raise click.BadParameter(f"{part!r}: give TYPE[:KIND], TYPE one of {', '.join(COMPANY_TYPES)}, KIND one of {', '.join(COMPANY_KINDS)}")
        out.append((t, k))
    return tuple(out)


def _prices(ctx, param, value):
    if value is None:
        return ()
    parts = [p.strip() for p in value.split(",")]
    if not all(p.isdigit() and int(p) <= 100_000 for p in parts):
        raise click.BadParameter(f"{value!r}: give whole ducats 0 to 100000, one per company, comma-separated (e.g. 25,12)")
    return tuple(int(p) for p in parts)


@campaign.command("army")
@folder_arg
@player_arg
@click.argument("node")
@click.option("--company", "companies", multiple=True, required=True, callback=_companies, metavar="TYPE[:KIND]",
              help="A company of the new army (repeat the option), e.g. medium or large_cavalry:mercenary.")
@click.option("--cost", "costs", callback=_prices, metavar="D[,D...]",
              help="The army list's price of each company, in the order of --company (default: mapgen's, RC-A.23).")
@refusals
def army_cmd(folder, player, node, companies, costs):
    """Renaissance spring: PLAYER raises a new army at a city it holds (RC-3.6: at most 3 and one allied)."""
    from ..renaissance.commands import FormArmy

    play_at(folder, lambda place: FormArmy(player, place(node), companies, costs), seat=player)


@campaign.command("garrison")
@folder_arg
@click.argument("army")
@click.argument("companies")
@click.option("--at", metavar="NODE", help="Summer: the node ARMY's move passed through (or left) this phase, in place of where it stands.")
@refusals
def garrison_cmd(folder, army, companies, at):
    """Renaissance spring or summer: detach COMPANIES (comma-separated ids) of ARMY into the garrison of a fortified place it stands on or passed (RC-3.8)."""
    from ..renaissance.commands import Garrison

    play_at(folder, lambda place: Garrison(_seat_of(army), army.upper(), normal_ids(companies), place(at) if at else None), seat=_seat_of(army))


@campaign.command("shift")
@folder_arg
@click.argument("from_army")
@click.argument("to_army")
@click.argument("companies")
@refusals
def shift_cmd(folder, from_army, to_army, companies):
    """Renaissance spring or summer: move COMPANIES (comma-separated ids) from FROM_ARMY to TO_ARMY, two armies of one player at one node (RC-3.6)."""
    from ..renaissance.commands import ShiftCompanies

    play(folder, ShiftCompanies(_seat_of(from_army), from_army.upper(), to_army.upper(), normal_ids(companies)), seat=_seat_of(from_army))


@campaign.command("works")
@folder_arg
@player_arg
@click.argument("node")
@click.argument("work", type=click.Choice(["fortify", "repair", "improve"]))
@refusals
def works_cmd(folder, player, node, work):
    """Renaissance spring: PLAYER pays for fortification WORK at NODE, finished in winter (RC-3.9)."""
    from ..renaissance.commands import OrderWorks

    play_at(folder, lambda place: OrderWorks(player, place(node), work), seat=player)


@campaign.command("hire")
@folder_arg
@player_arg
@click.argument("kind", type=click.Choice(["engineer", "diplomat", "spy", "assassin"]))
@click.option("--at", help="An engineer's army or garrison node; a diplomat's starting city.")
@click.option("--target", callback=_seat_cb, help="The player a spy watches.")
@refusals
def hire_cmd(folder, player, kind, at, target):
    """Renaissance spring: PLAYER hires a specialist for the year (RC-3.10)."""
    from ..renaissance.commands import HireSpecialist

    play_at(folder, lambda place: HireSpecialist(player, kind, _army_or_place(at, place) if at else None, target), seat=player)


@campaign.command("upkeep")
@folder_arg
@click.argument("army_or_place")
@click.argument("companies")
@click.option("--player", callback=_seat_cb, help="The paying player (default: the army's).")
@refusals
def upkeep_cmd(folder, army_or_place, companies, player):
    """Renaissance spring: pay the upkeep of COMPANIES kept over the winter in an army or garrison (RC-3.11)."""
    from ..renaissance.commands import PayUpkeep

    seat = player or _seat_of(army_or_place)
    if not SEAT.match(seat):
        raise click.UsageError("give --player for a garrison's upkeep")
    play_at(folder, lambda place: PayUpkeep(seat, _army_or_place(army_or_place, place), normal_ids(companies)), seat=seat)


@campaign.command("disband")
@folder_arg
@player_arg
@click.argument("companies")
@refusals
def disband_cmd(folder, player, companies):
    """Renaissance spring: PLAYER sends COMPANIES (comma-separated ids) home (RC-3.11)."""
    from ..renaissance.commands import Disband

    play(folder, Disband(player, normal_ids(companies)), seat=player)


@campaign.command("transfer")
@folder_arg
@click.argument("from_player", callback=lambda c, p, v: _seat(v))
@click.argument("to_player", callback=lambda c, p, v: _seat(v))
@click.option("--ducats", type=click.IntRange(0, 100_000_000), default=0, help="Ducats to give.")
@click.option("--prisoners", help="Prisoners (company ids, comma-separated) to hand over.")
@click.option("--agreed", is_flag=True, help="Both players accept the deal (required).")
@refusals
def transfer_cmd(folder, from_player, to_player, ducats, prisoners, agreed):
    """Renaissance: a ransom or exchange both players agreed: ducats and/or prisoners from one to the other (RC-3.3, RC-5.3)."""
    from ..renaissance.commands import Transfer

    play(folder, Transfer(from_player, to_player, ducats, normal_ids(prisoners), agreed))


# --- summer (RC-4) ------------------------------------------------------------------------------


@campaign.command("end")
@folder_arg
@player_arg
@roll_option
@refusals
def end_cmd(folder, player, roll):
    """Renaissance summer: PLAYER has made all their moves this phase (RC-4.3); same as 'turn' for the player to move."""
    from ..renaissance.commands import EndMoves

    play(folder, EndMoves(player), roll, seat=player)


@campaign.command("siege")
@folder_arg
@click.argument("army")
@click.option("--node", help="The place besieged (default: where the army stands).")
@click.option("--lose", metavar="ID,...", help="The army's companies in the order you give them up to the siege's attrition (RC-3.7; default: the smallest cover).")
@refusals
def siege_cmd(folder, army, node, lose):
    """Renaissance summer: ARMY begins a siege of the fortified place it stands on (RC-4.10)."""
    from .. import session
    from ..renaissance.commands import BeginSiege

    if node is None:
        state = session.load(folder).state
        here = next((a.node for a in state.armies if a.id == army.upper()), None)
        if here is None:
            raise click.UsageError(f"{army!r} is not an army of this campaign")
        node = here
    play_at(folder, lambda place: BeginSiege(_seat_of(army), army.upper(), place(node), normal_ids(lose)), seat=_seat_of(army))


@campaign.command("bribe")
@folder_arg
@player_arg
@click.argument("node")
@click.argument("ducats", type=click.IntRange(1, 100_000_000))
@refusals
def bribe_cmd(folder, player, node, ducats):
    """Renaissance summer: PLAYER spends DUCATS on bribes before this phase's siege roll at NODE (+1 per 10, RC-4.10)."""
    from ..renaissance.commands import Bribe

    play_at(folder, lambda place: Bribe(player, place(node), ducats), seat=player)


def _seat_or_neutral(ctx, param, value):
    """A player seat, or a neutral country's letter(s) when the referee chooses for it (RC-4.4, ``referee_neutrals``)."""
    text = value.strip().upper()
    if text.isascii() and text.isalpha() and len(text) <= 3:
        return text
    return _seat(value)


@campaign.command("engage")
@folder_arg
@click.argument("player", callback=_seat_or_neutral)
@click.argument("node")
@click.argument("choice", type=click.Choice(["stand", "fall_back", "fall-back", "attack", "shut_in", "shut-in"]))
@click.option("--rear-guard", metavar="ID,...", help="The companies covering a fall back if it turns into a rear-guard action (RC-4.8, at most a third).")
@click.option("--retreat-to", metavar="NODE", help="The node to fall back to, if free (RC-4.5).")
@click.option("--on-table", is_flag=True, help="Fight a battle on the table rather than auto-resolve it, if the other side asks too (RC-A.33).")
@click.option("--lose", metavar="ID,...", help="Your companies in the order you give them up if the engagement costs you strength (RC-3.7; default: the smallest cover).")
@roll_option
@refusals
def engage_cmd(folder, player, node, choice, rear_guard, retreat_to, on_table, lose, roll):
    """Renaissance summer: PLAYER's secret choice for the engagement at NODE (RC-4.4); revealed when both are in.

    PLAYER is a seat (P1), or a neutral country (D) whose choice the referee makes (--rules renaissance,referee_neutrals).
    """
    from ..renaissance.commands import ChooseEngagement

    play_at(folder, lambda place: ChooseEngagement(player, place(node), choice.replace("-", "_"), normal_ids(rear_guard),
                                                   place(retreat_to) if retreat_to else None, on_table, normal_ids(lose)),
            roll, seat=player)


@campaign.command("diplomat")
@folder_arg
@click.argument("diplomat")
@click.argument("nodes", nargs=-1, required=True)
@refusals
def diplomat_cmd(folder, diplomat, nodes):
    """Renaissance summer: move DIPLOMAT's decoy token (its id or its counter's army id) along NODES, as an army moves (RC-3.10)."""
    from ..renaissance.commands import MoveDiplomat

    seat = _seat_of(diplomat)
    play_at(folder, lambda place: MoveDiplomat(seat, normal_id(diplomat), tuple(place(n) for n in nodes)), seat=seat)


@campaign.command("assassinate")
@folder_arg
@click.argument("assassin")
@click.argument("target")
@roll_option
@refusals
def assassinate_cmd(folder, assassin, target, roll):
    """Renaissance, any time of the year: send ASSASSIN against TARGET, a specialist or an army's commander; 1D6, 5-6 succeeds (RC-3.10)."""
    from ..renaissance.commands import Assassinate

    seat = _seat_of(assassin)
    play(folder, Assassinate(seat, normal_id(assassin), normal_id(target)), roll, seat=seat)
