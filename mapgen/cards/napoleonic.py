"""The Napoleonic area battle card (NAP): units, the turn, fire, charge, rally and pursuit, and the board.

Everything is read from :mod:`mapgen.rulebooks.nap_units` (NAP-1),
:mod:`mapgen.napoleonic.tables` and :mod:`mapgen.napoleonic.board`.  The three tables the source lost are
printed as mapgen plays them by default, marked [DEV]; a battle played with
``--tables FILE`` uses the group's own.
"""

from __future__ import annotations

from ..napoleonic import board as B
from ..napoleonic import tables as T
from ..rulebooks import nap_units as NAP1
from .model import Card, Section, facts_section, signed, words


def _signed_or_dash(value: int) -> str:
    return signed(value) if value else "-"


def units_section() -> Section:
    rows = tuple(
        (u.label, str(u.cost), str(u.movement), str(u.actions), words(u.arm), ", ".join(u.only_for) or "any")
        for u in NAP1.UNITS.values()
    )
    return Section("Unit types", "NAP-1", ("Unit", "Cost", "Move", "Actions", "Acts as", "Who may buy it"), rows,
                   f"Each elite infantry built needs {NAP1.ELITE_NEEDS_INFANTRY} regular infantry built in the same production phase.")


def unit_rolls_section() -> Section:
    rows = tuple(
        (
            u.label,
            _signed_or_dash(u.fire_modifier),
            _signed_or_dash(u.charge_modifier),
            f"{u.rally}+",
            f"1-{u.destroyed_by_fire_up_to}",
            f"{u.destroyed_by_charge_from}+",
            f"1-{u.square_fails_up_to}" if u.square_fails_up_to else "-",
        )
        for u in NAP1.UNITS.values()
    )
    return Section(
        "Each unit's numbers", "NAP-6 to NAP-11",
        ("Unit", "Fire", "Charge", "Rally 2D6", "Fire hit: destroyed 1D6", "Charge lost by: destroyed", "Square fails 1D6"),
        rows,
        "Fire hit: the other results send it to its Retreat Area (NAP-6.1). Charge lost by less: Retreat Area (NAP-7.1). "
        f"A leader is never a target: it dies on a natural {' or '.join(map(str, T.LEADER_KILLED_ON))} against its area (NAP-11.3).",
    )


def turn_section() -> Section:
    rows = tuple((str(n), f"{words(arm).capitalize()} phase", rule) for n, (arm, rule) in enumerate(T.PHASES, start=1))
    return Section("Battle turn", "NAP-3.1", ("Order", "Phase", "Rule"), rows,
                   "In each phase the attacker acts first; each unit has its NAP-1 actions a turn.")


def _dev(tables: T.MissingTables) -> str:
    """`` [DEV]`` on the lost tables' titles while they are mapgen's defaults, not a group's own file."""
    return " [DEV]" if tables.source == T.DEFAULT_TABLES.source else ""


def fire_sections(tables: T.MissingTables) -> tuple[Section, ...]:
    labels = {"infantry": "Infantry (every kind)", "artillery": "Artillery, 1 area", "artillery_far": "Artillery, 2 areas"}
    rows = tuple((labels.get(k, words(k)), f"{v}+") for k, v in tables.fire.items())
    mods = tuple((m.label, signed(m.value), m.rule) for m in T.FIRE_MODIFIERS)
    return (
        Section("Fire Table" + _dev(tables), "NAP-6.2", ("Firing unit", "Hits on 2D6 + mods"), rows,
                f"Lost from the source (NAP-A.2): {tables.source}."),
        Section("Fire modifiers", "NAP-6.3", ("Condition", "Mod", "Rule"), mods, "Plus the firer's own (unit numbers)."),
    )


def charge_sections(tables: T.MissingTables) -> tuple[Section, ...]:
    rows = tuple((f"Charging {words(k)}", signed(v)) for k, v in tables.charge.items())
    mods = tuple((m.label, signed(m.value), m.rule) for m in T.CHARGE_MODIFIERS)
    return (
        Section("Charge Table" + _dev(tables), "NAP-7.2", ("Charging arm", "Modifier"), rows,
                f"Lost from the source but the cavalry's (NAP-A.3): {tables.source}."),
        Section("Charge modifiers", "NAP-7.3", ("Condition", "Mod", "Rule"), mods,
                "Both sides roll 2D6 + mods; the loser's margin decides (unit numbers)."),
    )


def pursuit_section(tables: T.MissingTables) -> Section:
    # NAP-15: a roll at or above the table's number destroys (7 on a table: never)
    rows = tuple((f"Pursuing {words(k)}", f"{v}+" if v <= 6 else "never") for k, v in tables.pursuit.items())
    return Section("Pursuit" + _dev(tables), "NAP-15", ("Pursuer", "Destroys a loser on 1D6"), rows,
                   f"Lost from the source (NAP-A.8): {tables.source}.")


def numbers_section() -> Section:
    killed = " or ".join(str(n) for n in T.LEADER_KILLED_ON)
    return facts_section(
        "Ranges and limits", "NAP-5 to NAP-14",
        (
            ("Artillery range, areas straight ahead (NAP-5)", T.ARTILLERY_RANGE),
            ("Leader in the target's area killed on natural 2D6 (NAP-11.3)", killed),
            ("Turns without fire or entry to the centre: defender wins (NAP-12)", T.STALEMATE_TURNS),
            ("Full turns before a voluntary retreat (NAP-14)", T.VOLUNTARY_RETREAT_AFTER),
        ),
    )


def board_section() -> Section:
    rows = tuple(
        (a.name, a.label, ", ".join(B.neighbours(a.name)) or "none: rallied from here")
        for a in B.AREAS.values()
    )
    return Section("Areas as the commands name them", "NAP-2.2", ("Area", "Label", "Adjacent"), rows,
                   "No diagonal moves; a reserve touches only its own line (NAP-A.12).")


def card(tables: T.MissingTables = T.DEFAULT_TABLES) -> Card:
    return Card(
        "nap",
        "Napoleonic area battle",
        (
            units_section(),
            unit_rolls_section(),
            turn_section(),
            *fire_sections(tables),
            *charge_sections(tables),
            pursuit_section(tables),
            numbers_section(),
            board_section(),
        ),
        "The battle's tables as mapgen's Napoleonic engine plays them.",
    )
