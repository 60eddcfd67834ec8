"""NAP-1, the Napoleonic unit types: each type's cost, movement, battle actions and the special rules of its card.

Declared here, below both readers, rather than with the battle's tables in
:mod:`mapgen.napoleonic.tables`: the counters print NAP-1 on a roster's
counters, and the Napoleonic rule set reads rosters through the counters, so
the table must sit under both.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Unit:
    """One NAP-1 unit type with the numbers its card's special rules give it.

    ``arm`` is what the type acts as (NAP-1 "acts as infantry"): ``infantry``,
    ``cavalry``, ``artillery`` or ``leader``; the phase it acts in (NAP-3.1)
    and what it may do (NAP-3.2) follow from it.
    """

    key: str
    label: str
    cost: int  # production cost
    movement: int  # strategic movement, in regions
    actions: int  # battle actions a turn (NAP-3.2)
    arm: str
    #: Added to its fire rolls (NAP-6.3) and to its charge rolls, charging or charged (NAP-7.3, NAP-A.5).
    fire_modifier: int = 0
    charge_modifier: int = 0
    #: 2D6 a leader needs to rally it from the Retreat Area (NAP-11.2).
    rally: int = 8
    #: Hit by fire, 1D6 at most this destroys it, above it sends it to its Retreat Area (NAP-6.1).
    destroyed_by_fire_up_to: int = 3
    #: Losing a charge by at least this destroys it; by less sends it to its Retreat Area (NAP-7.1).
    destroyed_by_charge_from: int = 3
    #: Charged by cavalry, 1D6 at most this and it fails to form square (NAP-10, NAP-A.15); 0 never fails.
    square_fails_up_to: int = 0
    #: Who may buy it, where the card limits it (NAP-1); empty means every nation.
    only_for: tuple[str, ...] = ()
    rule: str = "NAP-1"

    @property
    def can_fire(self) -> bool:
        """NAP-3.2: cavalry cannot fire and leaders do not attack."""
        return self.arm in ("infantry", "artillery")

    @property
    def can_charge(self) -> bool:
        """NAP-3.2, NAP-7.1: artillery cannot charge and leaders do not attack."""
        return self.arm in ("infantry", "cavalry")


#: NAP-1 unit types in the order of the rulebook's table.
UNITS: dict[str, Unit] = {
    u.key: u
    for u in (
        Unit("infantry", "Infantry", 6, 1, 1, "infantry"),
        Unit("cavalry", "Cavalry", 10, 2, 2, "cavalry"),
        Unit("artillery", "Artillery", 12, 1, 1, "artillery"),
        Unit("leader", "Leader", 12, 2, 2, "leader"),
        Unit(
            "elite_infantry", "Elite infantry", 9, 1, 1, "infantry",
            fire_modifier=+1, charge_modifier=+1, rally=7, destroyed_by_fire_up_to=2, destroyed_by_charge_from=4,
        ),
        Unit(
            "militia", "Militia", 4, 1, 1, "infantry",
            fire_modifier=-1, charge_modifier=-1, rally=9, destroyed_by_fire_up_to=4, square_fails_up_to=3,
            only_for=("Prussia (after 1809)", "Ottoman Empire"),
        ),
        Unit(
            "irregular_cavalry", "Irregular cavalry", 7, 2, 2, "cavalry",
            charge_modifier=-1, rally=9, only_for=("Russia", "Ottoman Empire"),
        ),
        Unit("heavy_cavalry", "Heavy cavalry", 13, 2, 2, "cavalry", charge_modifier=+1),
    )
}

#: NAP-1, elite infantry: each one built needs two regular infantry built in the same production phase.
ELITE_NEEDS_INFANTRY = 2
