"""FW-22.3 (option ``army_composition``): a named special character or Special Unit sent to another Force.

``send``, in Phase 1 with the orders: the character (or unit) leaves its
Force as a Force of its own, under Max Speed, heading for the target Force
(``Force.joining``).  It moves in Phase 2 like any Force under that order,
moved by its player (FW-9.4.h: "as if under Max Speed", so it must move when
its roll allows, FW-9.4.e), and may never take another order: no Force
Test, no counter-march.  It joins the target when one of them ends a move in
the other's square, however late (FW-22.3: "it may arrive too late for a
battle").

[DEV] choices the rule leaves open:

* It is a Force on the map and takes one of the side's six numbered Force
  counters (FW-1.1): with none free it cannot be sent.  The enemy sees it as
  any Force (its counter, Max Speed), and it has a zone of control.
* It never fights.  A Force that enters its square takes it (removed from
  play, "taken by the enemy"), and it is taken when it enters a square an
  enemy Force (not travelling) holds, or when, under ``ambush_on_zoc_entry``,
  it enters the zone of a Defend Force.  It takes no holding (FW-9.10 is for
  Forces that can hold one) and no reinforcements (FW-15.c); random events
  (FW-16) pick among the side's other Forces.
* If the target Force is removed before it arrives, it joins whichever
  Force of its side it next shares a square with at the end of a move.
* It leads itself with Command Value :data:`~.army.TRAVELLER_CV` (its
  initiative roll, FW-9.1.2); what it brings serves in the Leader's Command
  of the Force it joins.  A Special Unit that may not scout does not join a
  Force under Probe (FW-22.1.a): it stays on its way until that Force has
  another order.
"""

from __future__ import annotations

from .army import TRAVELLER_CV, joined, probe_refusal
from .commands import CommandError, Send
from .march import locked
from .reinforcements import next_force_id
from .setup import MAX_FORCES
from .state import ArmyCommand, CampaignState, Force, Leader, due, evolve, without_force

RULE = "FW-22.3"


def refusal(state: CampaignState, cmd: Send) -> str | None:
    """Why ``send`` is refused, in one line; None when it may be given."""
    if not state.options.army_composition:
        return "sending a named character to another Force (FW-22.3) is the optional rule army_composition: campaign new --rules army_composition"
    if state.phase != 1:
        return f"characters are sent in Phase 1, with the orders (FW-22.3, [DEV]); the campaign is in Phase {state.phase}"
    force, target = state.force(cmd.force), state.force(cmd.to)
    ids = ", ".join(f.id for f in state.forces) or "none"
    if force is None:
        return f"no force {cmd.force!r} (forces: {ids})"
    if force.travelling:
        return f"{force.id} is itself travelling to {force.joining} (FW-22.3)"
    who = special_named(force, cmd.who)
    if who is None:
        named = ", ".join(force.specials) or "none"
        return f"{cmd.who!r} is not a named special character or Special Unit of {force.id} (FW-22.3; its own: {named})"
    cmd = evolve(cmd, who=who)
    if target is None or target.side != force.side or target.id == force.id or target.travelling:
        mates = ", ".join(f.id for f in state.side_forces(force.side) if f.id != force.id and not f.travelling) or "none"
        return f"{cmd.to!r} is not another Force of side {force.side} to send {cmd.who} to (FW-22.3; its Forces: {mates})"
    if force.id in locked(state):
        return f"{force.id} is in contact at {force.square}: nobody leaves it before the battle (FW-9.8)"
    unit = next((u for u in force.units if u.id == cmd.who), None)
    if unit is not None:
        if len(force.units) == 1:
            return f"{unit.id} is the only unit of {force.id}: a Force needs at least one (FW-4.2.b)"
        if len(force.individuals) > len(force.units) - 1:
            return f"without {unit.id}, {force.id} would have more individual characters than units (FW-4.2.e)"
        why = probe_refusal(evolve(target, units=target.units + (unit,))) if target.order == "probe" else None
        if why:
            return f"{unit.id} ({unit.type}) may not join {target.id} under Probe: {why}"
    if next_force_id(state, force.side) is None and target.square != force.square:
        return f"side {force.side} uses all its {MAX_FORCES} Force counters: a character travelling alone takes one (FW-1.1, FW-22.3 [DEV])"
    return None


def special_named(force: Force, who: str) -> str | None:
    """The special of ``force`` that ``who`` names, as the roster spells it: the same name in any case (a player types
    "conan" for "Conan"), the exact spelling first when two differ only in case; None when none or several match."""
    if who in force.specials:
        return who
    alike = [s for s in force.specials if s.casefold() == who.casefold()]
    return alike[0] if len(alike) == 1 else None


def send(state: CampaignState, cmd: Send, dice, board) -> CampaignState:
    """The ``send`` command: the traveller leaves its Force as a Force of its own under Max Speed (FW-22.3)."""
    why = refusal(state, cmd)
    if why:
        raise CommandError(why)
    force = state.force(cmd.force)
    cmd = evolve(cmd, who=special_named(force, cmd.who))
    unit = next((u for u in force.units if u.id == cmd.who), None)
    left = _without(force, cmd.who)
    fid = next_force_id(state, force.side) or f"{force.side}0"  # same square: joins at once, no counter used
    name = cmd.who if unit is None else f"{unit.id} ({unit.type})"
    traveller = Force(fid, force.side, force.square, "max_speed", None, Leader(cmd.who, TRAVELLER_CV),
                      (unit,) if unit else (), () if unit else (cmd.who,), specials=(cmd.who,), joining=cmd.to)
    state = evolve(state, forces=tuple([left if f is force else f for f in state.forces]) + (traveller,))
    text = f"{name} leaves {force.id} at {force.square} to join {cmd.to}, travelling at Max Speed as force {fid}"
    dice.event(day=state.day, phase=state.phase, rule=RULE, text=text, side=force.side, secret=True)
    return arrivals(state, dice)


def _without(force: Force, who: str) -> Force:
    """``force`` without the character or unit ``who`` (from its Commands and specials too)."""
    commands = tuple(ArmyCommand(c.general, tuple(u for u in c.units if u != who), tuple(x for x in c.characters if x != who))
                     for c in force.commands)
    individuals = list(force.individuals)
    if who in individuals:
        individuals.remove(who)
    return evolve(force, units=tuple(u for u in force.units if u.id != who), individuals=tuple(individuals),
                  specials=tuple(s for s in force.specials if s != who), commands=commands)


def arrivals(state: CampaignState, dice) -> CampaignState:
    """Each traveller sharing a square with the Force it goes to (or, that Force gone, any of its side) joins it."""
    for t in [f for f in state.forces if f.travelling]:
        target = state.force(t.joining)
        if target is None or target.side != t.side or target.travelling:
            target = next((f for f in sorted(state.forces_at(t.square), key=lambda f: f.id)
                           if f.side == t.side and not f.travelling), None)
        if target is None or target.square != t.square:
            continue
        into = joined(target, t)
        if state.options.army_composition and into.order == "probe" and probe_refusal(into):
            continue  # FW-22.1.a: a Special Unit that may not scout waits for the Force to take another order
        forces = tuple([into if f.id == target.id else f for f in state.forces if f.id != t.id])
        state = evolve(state, forces=forces)
        what = t.individuals[0] if t.individuals else ", ".join(u.id for u in t.units)
        dice.event(day=state.day, phase=state.phase, rule=RULE, text=f"{what} ({t.id}) joins {target.id} at {t.square}", side=t.side, secret=True)
    return state


def taken(state: CampaignState, dice, traveller: Force, by: str) -> CampaignState:
    """[DEV] A traveller met by the enemy never fights: it is taken, removed from play."""
    what = traveller.individuals[0] if traveller.individuals else ", ".join(u.id for u in traveller.units)
    text = f"{traveller.id} ({what}), travelling alone to {traveller.joining}, is taken by {by} at {traveller.square}"
    dice.event(day=state.day, phase=state.phase, rule=RULE, text=text)
    state = without_force(state, traveller.id)
    if not state.side_forces(traveller.side):
        state = due(state, traveller.side, "FW-13.a")
    return state


def meet(state: CampaignState, dice, mover_id: str, square: str) -> tuple[CampaignState, bool]:
    """The mover entered ``square``, where the enemy is: it takes the enemy's travellers there; a travelling mover
    is itself taken by an enemy Force there.  Returns the state and whether the mover was taken."""
    mover = state.force(mover_id)
    for f in state.forces_at(square):
        if f.side != mover.side and f.travelling:
            state = taken(state, dice, f, mover.id)
    if mover.travelling:
        holders = [f.id for f in state.forces_at(square) if f.side != mover.side]
        if holders:
            return taken(state, dice, state.force(mover_id), ", ".join(holders)), True
    return state, False
