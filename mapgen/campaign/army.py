"""Army composition (FW-22, FW-4.4; option ``army_composition``): a Force's Commands, and which of them may scout.

FW-4.2.b-d: a Force is one or more Commands, each a General with at least
one unit, and its Leader is the General with the highest Command Value.
FW-22.2 has the players write the army list by Commands, each General
named.  A Force read from the old roster form (a ``leader`` and its units)
is one Command, its Leader's (FW-4.2.b); so is a unit that joined a Force
later (a reinforcement, FW-15.c, or a Special Unit that arrived, FW-22.3):
[DEV] it serves in the Leader's Command.

FW-22.1 (the Naran Team's "Scouting Commands", *Annuario N. 1* ch. 2.1):
only a Force made entirely of Commands allowed to scout may be under Probe.
Which unit types scout is :data:`SCOUTING_TYPES`, declared here once; a
Command may scout when every unit it holds is of one of them.

[DEV] The Annuario chapter itself is not in our sources; the Italian text
of Appendix 4.1 says a scouting Force "may be formed *even* of cavalry
alone (light or medium) or of (light) war chariots, and may also have units
on flying creatures, but no Terrible Creatures".  mapgen takes that list as
the whole of it: these types scout, every other type does not.
"""

from __future__ import annotations

from .state import ArmyCommand, Force, Leader, evolve

#: FW-22.1.c: the unit types a scouting Command may hold, each with the words of the rule that admit it.
#: [DEV] A plain ``cavalry`` (the rosters' word before weights were named) counts as medium cavalry: the
#: middle weight, so the horsemen of an older roster keep scouting; knights are ``heavy_cavalry`` and do not.
#: A plain ``chariot`` does not scout: the rule names light war chariots only.  ``air_cavalry`` (units on
#: flying creatures) scouts; a ``terrible_creature`` never does, flying or not (a Dragon).
SCOUTING_TYPES = {
    "light_cavalry": "FW-22.1.c: light cavalry",
    "medium_cavalry": "FW-22.1.c: medium cavalry",
    "cavalry": "FW-22.1.c: medium cavalry ([DEV] cavalry of no stated weight)",
    "light_chariot": "FW-22.1.c: light war chariots",
    "air_cavalry": "FW-22.1.c: units on flying creatures",
}
#: FW-22.1.c, said once for the refusals.
SCOUTS = "a scouting Force holds only light or medium cavalry, light war chariots and units on flying creatures, never a Terrible Creature"
#: FW-22.3 [DEV]: the Command Value a special character or Special Unit travelling alone leads itself with (the
#: lowest; it takes no Force Test, only the initiative roll of FW-9.1.2 reads it).
TRAVELLER_CV = 1


def may_scout(unit_type: str) -> bool:
    """FW-22.1.c: a unit of this type may be part of a scouting Command."""
    return unit_type in SCOUTING_TYPES


def leader_of(commands: tuple[ArmyCommand, ...]) -> Leader:
    """FW-4.2.d: the General with the highest Command Value; [DEV] of two equal, the first listed."""
    best = commands[0].general
    for c in commands[1:]:
        if c.general.cv > best.cv:
            best = c.general
    return best


def commands_of(force: Force) -> tuple[ArmyCommand, ...]:
    """The Force's Commands, every unit in one: those it lists, the rest in its Leader's Command (FW-4.2.b, [DEV])."""
    listed = {uid for c in force.commands for uid in c.units}
    rest = tuple(u.id for u in force.units if u.id not in listed)
    if not force.commands:
        return (ArmyCommand(force.leader, rest, force.individuals),)
    if not rest:
        return force.commands
    out, placed = [], False
    for c in force.commands:
        if not placed and c.general == force.leader:
            c, placed = ArmyCommand(c.general, c.units + rest, c.characters), True
        out.append(c)
    if not placed:  # the Leader's own Command was not listed (a hand-made file): the rest is his
        out.insert(0, ArmyCommand(force.leader, rest))
    return tuple(out)


def non_scout(force: Force) -> tuple[ArmyCommand, str] | None:
    """FW-22.1: the first Command of ``force`` that may not scout, and the id of a unit in it that may not; None when all may."""
    types = {u.id: u.type for u in force.units}
    for c in commands_of(force):
        for uid in c.units:
            if uid in types and not may_scout(types[uid]):
                return c, uid
    return None


def probe_refusal(force: Force, label: str | None = None) -> str | None:
    """Why ``force`` may not be under Probe (FW-22.1.b), in one line naming the Command; None when it may."""
    found = non_scout(force)
    if found is None:
        return None
    command, uid = found
    kind = next(u.type for u in force.units if u.id == uid)
    who = label or force.id
    return (f"{who} cannot receive Probe: the Command of {command.general.name} may not scout, its unit {uid} is {kind} "
            f"(FW-22.1.b; {SCOUTS}, FW-22.1.c)")


def joined(force: Force, traveller: Force) -> Force:
    """``force`` with the traveller's characters and units (FW-22.3); [DEV] they serve in the Leader's Command.

    A unit whose id the Force already uses takes the Force's next unit number (its special mark follows it).
    """
    used = {u.id for u in force.units}
    units, specials, n = list(force.units), list(force.specials), len(force.units)
    for u in traveller.units:
        uid = u.id
        while uid in used:
            n += 1
            uid = f"{force.id}-U{n}"
        used.add(uid)
        units.append(evolve(u, id=uid))
        if u.id in traveller.specials:
            specials.append(uid)
    specials += [s for s in traveller.specials if s in traveller.individuals and s not in specials]
    commands = force.commands
    if commands:
        first = next((i for i, c in enumerate(commands) if c.general == force.leader), 0)
        c = commands[first]
        c = ArmyCommand(c.general, c.units + tuple(u.id for u in units[len(force.units):]), c.characters + traveller.individuals)
        commands = commands[:first] + (c,) + commands[first + 1 :]
    return evolve(force, units=tuple(units), individuals=force.individuals + traveller.individuals, specials=tuple(specials), commands=commands)
