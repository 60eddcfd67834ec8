"""Transmission of orders (FW-8.5, option ``order_transmission``): a [DEV] playable form of the Naran Team's note.

Nick Lund lets each Force's leader change its orders on his own; the Naran
Team suggests that orders come from the supreme command, carried by
messengers on foot, mounted or on flying creatures, slowed by snow, and
that a *Magic Sphere* or *Magic Mirror* (*Ars Arcana*) reaches any distance.
The note gives no numbers; these choices are ours ([DEV]):

- The supreme command is the side's own capital while the side holds it;
  once it is lost, the Force led by the side's best Leader (highest CV, the
  first by id on a tie), the king at the head of his army.
- A Force in the supreme command's square, or carrying a Magic Sphere or
  Magic Mirror (named among its individual characters), takes its Force
  Test at once, as without the option.
- Any other Force's order goes by messenger: the ``order`` command sends it,
  and the Force takes the Force Test for it in Phase 1 of the day the
  messenger arrives (the test, its place in the FW-8.1.a sequence and its
  modifiers as there and then).  Until then its owner sees the order
  pending (``status``, the view); the other side sees nothing of it.
- The messenger is the fastest the supreme command has (FW-8.5: "a flying
  messenger uses a normal warrior's profile, detached from a flying unit"):
  flying when a Force of the side stands there with a flying unit, mounted
  when one has cavalry, or at a capital (it keeps couriers); otherwise on
  foot.  :data:`MESSENGER_SPEED` squares a day, king's steps across any
  land (a courier's road is not a Force's), less one a day per snow level
  (FW-7.5; "snow slows couriers", fn 33), at least one.
- One messenger at a time per Force; a Force that receives an order by
  messenger has received its order for that day (FW-8.1.b).
- Messengers ambushed or captured on the way (adventure missions) are left
  to a campaign referee, as the note suggests: the engine always delivers.
"""

from __future__ import annotations

import math

from .craft import FLYER_TYPES
from .state import CampaignState, Force, Messenger, evolve

RULE = "FW-8.5"
#: [DEV] Squares a messenger covers in a day.
MESSENGER_SPEED = {"foot": 1, "mounted": 2, "flying": 3}
#: FW-7.5 [DEV]: each snow level lying on the map takes one square a day off a messenger's speed.
SNOW_SLOWS = 1
#: [DEV] The unit types that lend a flying messenger (the flyers of FW-20.3), and those that lend a mounted one:
#: horsemen of every weight the rosters name (FW-22.1) and chariots.
FLYING_TYPES = FLYER_TYPES
MOUNTED_TYPES = frozenset({"cavalry", "light_cavalry", "medium_cavalry", "heavy_cavalry", "chariot", "light_chariot"})
#: FW-8.5, *Ars Arcana*: the instruments that carry orders at any distance, named among a Force's individual characters.
MAGIC_LINKS = ("magic sphere", "magic mirror")


def supreme_command(state: CampaignState, side: str) -> tuple[str | None, bool]:
    """(the square of ``side``'s supreme command, whether it is its capital); (None, False) with no capital and no force."""
    for h in state.holdings:
        if h.capital and h.owner == side and (h.original_owner or side) == side:
            return h.square, True
    forces = state.side_forces(side)
    if not forces:
        return None, False
    best = min(forces, key=lambda f: (-f.leader.cv, f.id))
    return best.square, False


def magic_link(force: Force) -> bool:
    """A Force with a Magic Sphere or Magic Mirror hears the supreme command at any distance (FW-8.5, fn 33)."""
    return any(link in name.lower() for name in force.individuals for link in MAGIC_LINKS)


def messenger_kind(state: CampaignState, side: str, square: str, capital: bool) -> str:
    """The fastest messenger the supreme command at ``square`` can send."""
    types = {u.type for f in state.forces if f.side == side and f.square == square for u in f.units}
    if types & FLYING_TYPES:
        return "flying"
    if types & MOUNTED_TYPES or capital:
        return "mounted"
    return "foot"


def distance(board, a: str, b: str) -> int:
    """King's steps between two squares (a messenger crosses any land)."""
    sa, sb = board.squares[a], board.squares[b]
    return max(abs(sa.col - sb.col), abs(sa.row - sb.row))


def underway(state: CampaignState, force_id: str) -> Messenger | None:
    """The messenger still on its way to ``force_id``, if any."""
    for m in state.messengers:
        if m.force == force_id and m.arrives > state.day:
            return m
    return None


def delivered_today(state: CampaignState, force_id: str) -> bool:
    """Whether ``force_id`` took today's Force Test for an order a messenger brought (not the player's declaration, FW-8.1.a)."""
    return any(m.force == force_id and m.arrives == state.day for m in state.messengers)


def route(state: CampaignState, board, force: Force) -> tuple[str, int, str] | None:
    """(messenger kind, days on the way, the supreme command's square) when ``force``'s order needs a messenger; None when it is heard at once."""
    if not state.options.order_transmission or magic_link(force):
        return None
    square, capital = supreme_command(state, force.side)
    if square is None or square == force.square:
        return None
    kind = messenger_kind(state, force.side, square, capital)
    speed = max(1, MESSENGER_SPEED[kind] - SNOW_SLOWS * state.weather.snow_level)
    return kind, math.ceil(distance(board, square, force.square) / speed), square


def send(state: CampaignState, force: Force, order: str, how: tuple[str, int, str], dice) -> CampaignState:
    """The ``order`` command for a distant Force: a messenger sets out (its side's secret)."""
    kind, days, square = how
    m = Messenger(force.id, order, force.side, kind, state.day, state.day + days)
    text = (f"side {force.side}'s supreme command at {square} sends a {kind} messenger with the order "
            f"{order.replace('_', ' ')} for {force.id} at {force.square}: it arrives on day {m.arrives}")
    dice.event(day=state.day, phase=1, rule=RULE, text=text, side=force.side, secret=True)
    return evolve(state, messengers=state.messengers + (m,))


def arriving(state: CampaignState) -> tuple[CampaignState, list[Messenger]]:
    """Phase 1: the messengers arriving today, and the state without those delivered on earlier days."""
    if not state.messengers:
        return state, []
    day = state.day
    kept = tuple(m for m in state.messengers if m.arrives >= day)
    return evolve(state, messengers=kept), [m for m in kept if m.arrives == day]
