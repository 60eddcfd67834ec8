"""The Renaissance spring commands (RC-3.1 steps 4 and 5): small frozen dataclasses.

Each is one thing a player does in spring, checked and applied by
:func:`mapgen.renaissance.spring.apply_spring`; a refusal is the
engine's :class:`~mapgen.campaign.commands.CommandError`, so callers catch
one error for both rule sets.  Apart from :mod:`.spring` so a CLI or a
saved command list can import them without the handlers.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass

from ..engine.commands import CommandError  # noqa: F401 - re-exported: the refusal of every spring command


@dataclass(frozen=True)
class TakeLoan:
    """RC-3.4 step 4: borrow ``ducats`` from the bank (optional rule), at most half the city taxes, one loan (RC-A.7)."""

    player: str
    ducats: int


@dataclass(frozen=True)
class Recruit:
    """RC-3.5 step 5: pay for one company and add it to an army (its id) or a garrison (a place's node).

    ``cost`` is the army list's price (RC-A.23: the tactical rules' lists give it);
    None takes :data:`~mapgen.renaissance.spring.COMPANY_COST`.
    """

    player: str
    army_or_place: str
    company_type: str
    kind: str = "regular"
    cost: int | None = None


@dataclass(frozen=True)
class FormArmy:
    """RC-3.6 step 5: raise a new army at a city the player holds, paying for its companies.

    ``companies`` is a tuple of ``(company_type, kind)`` pairs; an army of
    ``allied`` companies only is the player's one allied army.  ``costs``:
    the army list's price of each company, in the same order (RC-A.23); empty
    takes :data:`~mapgen.renaissance.spring.COMPANY_COST` for each.
    """

    player: str
    node: str
    companies: tuple[tuple[str, str], ...]
    costs: tuple[int, ...] = ()


@dataclass(frozen=True)
class Garrison:
    """RC-3.8: detach companies (their ids) from an army at, or passing through, one of the player's fortified places into its garrison.

    In spring the army leaves them where it stands.  In a summer phase, on its
    player's turn, ``at`` may name the node its move passed through (or left)
    this phase instead: the Italian's "che si trovano od attraversano l'area".
    """

    player: str
    army: str
    companies: tuple[str, ...]
    at: str | None = None


@dataclass(frozen=True)
class ShiftCompanies:
    """RC-3.6: move companies (their ids) from one of the player's armies to another at the same node.

    "When two armies of the same player are at the same node, companies may
    move from one to the other": in spring, and in a summer phase on the
    player's turn.
    """

    player: str
    from_army: str
    to_army: str
    companies: tuple[str, ...]


@dataclass(frozen=True)
class OrderWorks:
    """RC-3.9 Tabella 32: pay for fortification works at a place, finished in winter (RC-5.2)."""

    player: str
    node: str
    work: str


@dataclass(frozen=True)
class HireSpecialist:
    """RC-3.10 Tabella 33: hire a specialist for the year (the assassin for one mission).

    ``at``: an engineer's army id or garrison node, a diplomat's starting city.
    ``target``: the player a spy watches.
    """

    player: str
    kind: str
    at: str | None = None
    target: str | None = None


@dataclass(frozen=True)
class PayUpkeep:
    """RC-3.11: pay again for companies kept under arms over the winter, in one army (its id) or garrison (its node).

    Each costs the price it was recruited at (RC-3.11, RC-A.23: :func:`~mapgen.renaissance.spring.company_price`);
    a company still unpaid when the spring ends is disbanded, so a player keeps exactly the ones paid for.
    """

    player: str
    army_or_place: str
    company_ids: tuple[str, ...]


@dataclass(frozen=True)
class Disband:
    """RC-3.11: send companies of one's own armies or garrisons home (an unpaid one goes anyway when spring ends)."""

    player: str
    company_ids: tuple[str, ...]


@dataclass(frozen=True)
class Transfer:
    """RC-3.3, RC-5.3: a free transfer of ducats and/or prisoners (company ids) from one player to another.

    [DEV] The players agree the terms at the table; the command is the agreed
    deal, so it carries both seats and ``agreed`` must be True (both said
    yes).  It runs one way: a ransom is two transfers, the ducats one way and
    the prisoners the other.  Prisoners handed to their own owner are
    released; handed to a third player, they change jailer.
    """

    from_player: str
    to_player: str
    ducats: int = 0
    prisoners: tuple[str, ...] = ()
    agreed: bool = False


@dataclass(frozen=True)
class MoveArmy:
    """RC-4.3: move one of the player's armies along ``path``, the nodes entered in turn (not the one it stands on).

    At most two road steps a phase (a linked crossing is one, RC-1.7), on the
    player's turn in the summer's order, once per army per phase; it stops at
    the first node that holds an enemy or neutral force.
    """

    player: str
    army: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class MoveArmies:
    """RC-4.3: several of the player's armies moved in one command (``move DIR P1-1:A-1,A-5 P1-2:B-3``).

    ``moves`` holds ``(army, path)`` pairs, taken in the order given, each as
    its own :class:`MoveArmy`; one refused refuses them all.
    """

    player: str
    moves: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class EndMoves:
    """RC-4.1 b, RC-A.20: the player has moved all they want this phase; the next player in the order moves."""

    player: str


@dataclass(frozen=True)
class BeginSiege:
    """RC-4.10 step 1: the player's army at ``node`` begins a siege of the fortified place there, not its own.

    Only an army that arrived in an earlier phase (it has not moved this phase);
    the first siege roll comes at the end of this phase (RC-4.1 c, RC-A.17).
    ``lose``: the army's companies in the order its owner gives them up to the
    siege's attrition (RC-3.7, RC-A.31); the smallest cover takes the rest.
    """

    player: str
    army: str
    node: str
    lose: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bribe:
    """RC-4.10 step 2: ducats spent on bribes before this phase's siege roll at ``node``; +1 per 10 (Tabella 35), spent either way."""

    player: str
    node: str
    ducats: int


@dataclass(frozen=True)
class MoveDiplomat:
    """RC-3.10, RC-A.10: move the player's diplomat's decoy token along ``path`` as an army moves (RC-4.3).

    ``diplomat`` is its specialist id (or the army id its counter shows).  It
    does not count toward the army limit, stops nobody, and is revealed as a
    decoy when it meets an enemy army.
    """

    player: str
    diplomat: str
    path: tuple[str, ...]


@dataclass(frozen=True)
class Assassinate:
    """RC-3.10 Tabella 33: send the player's assassin against ``target`` at any time of the year; 1D6, 5-6 succeeds.

    ``target`` is an enemy specialist's id, or an enemy army's id meaning its
    commander.  The assassin is used up either way.
    """

    player: str
    assassin: str
    target: str


@dataclass(frozen=True)
class ChooseEngagement:
    """RC-4.4: one side's secret choice at ``node``: ``stand``, ``fall_back``, ``attack`` or (non-phasing only) ``shut_in``.

    ``rear_guard``: the company ids that cover a ``fall_back`` if it turns into a
    rear-guard action (RC-4.8, at most a third of the side's strength);
    ``retreat_to``: the adjacent node the side prefers to fall back to (RC-4.5
    ``N_BACK``); ``on_table``: fight a ``BATTLE`` on the table rather than
    auto-resolve it, if the other side asks too (RC-A.33); ``lose``: the side's
    companies in the order its owner gives them up if the engagement costs it
    strength (RC-3.7, RC-A.31), the smallest cover taking the rest.
    """

    player: str
    node: str
    choice: str
    rear_guard: tuple[str, ...] = ()
    retreat_to: str | None = None
    on_table: bool = False
    lose: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableBattle:
    """RC-4.7: the result of a battle fought on the table at ``node``: the winning seat and the companies routed, captured or destroyed."""

    node: str
    winner: str
    lost: tuple[str, ...] = ()


SummerCommand = Garrison | ShiftCompanies | MoveArmy | MoveArmies | EndMoves | BeginSiege | Bribe | MoveDiplomat | ChooseEngagement | TableBattle
SpringCommand = TakeLoan | Recruit | FormArmy | Garrison | ShiftCompanies | OrderWorks | HireSpecialist | PayUpkeep | Disband


def command_record(command) -> dict:
    """The command as one line of ``commands.jsonl``: its name in snake case and its fields (tuples as lists).

    Examples
    --------
    >>> command_record(MoveArmy("P1", "P1-1", ("A-1", "A-5")))
    {'command': 'move_army', 'player': 'P1', 'army': 'P1-1', 'path': ['A-1', 'A-5']}
    """
    kind = type(command)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind))
    record = {"command": command_record_name(kind)}
    for name in names:
        value = getattr(command, name)
        record[name] = list(value) if isinstance(value, tuple) else value
    return record


#: Each command class's field names.  The record reads the fields themselves rather than ``dataclasses.asdict``,
#: which deep-copies every value: the same record (a command's fields are text, numbers and tuples of them, none
#: a dataclass), for a tenth of the time, and the legal actions build one for every command they try.
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


@functools.lru_cache(maxsize=None)
def command_record_name(kind: type) -> str:
    """A command class's name in ``commands.jsonl``: ``MoveArmy`` -> ``move_army``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()
