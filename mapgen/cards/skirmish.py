"""The fantasy skirmish card (SK-1 to SK-9), read from :mod:`mapgen.skirmish.tables`.

The same declarations the skirmish generator, its setup sheet and the counter
rosters read; the SK-A options (SK-A.5's VC 7 wounds, SK-A.6's inverted
morale) are named in the notes, the card printing the rules as written.
"""

from __future__ import annotations

from ..skirmish import tables as T
from .model import Card, Section, measure, signed, table_section, words


def turn_section() -> Section:
    rows = tuple((str(n), phase, rule) for n, (phase, rule) in enumerate(T.TURN, start=1))
    return Section("Game turn", "SK-2", ("Phase", "What happens", "Rule"), rows)


def vc_section() -> Section:
    rows = tuple(
        (str(vc), ", ".join(words(t) for t in types), str(T.points(vc)), str(T.wounds(vc)))
        for vc, types in sorted(T.TROOP_VC.items(), reverse=True)
    )
    return Section("Combat value, points and wounds", T.TROOP_VC.rule, ("VC", "Troop types", "Points", "Wounds"), rows,
                   f"Points = VC x {T.POINTS_PER_VC} (SK-1); wounds to eliminate (SK-8); VC {T.TWO_ATTACKS_VC} makes two "
                   f"attacks (SK-7). Option SK-A.5: VC 7 takes {T.VC7_WOUNDS_OPTION} wounds.")


def movement_section() -> Section:
    rows = tuple((measure(cm, "cm"), who) for cm, who in T.MOVEMENT.items())
    return Section(T.MOVEMENT.name, T.MOVEMENT.rule, ("Move", "Troop types"), rows,
                   f"Halved ({T.DIFFICULT_GROUND_FACTOR:g} x) through {T.DIFFICULT_GROUND}.")


def shooting_sections() -> tuple[Section, ...]:
    ranges = tuple((what, measure(cm, "cm")) for what, cm in T.RANGES.items())
    reload = ", ".join(w.label for w in T.WEAPONS.values() if w.reloads)
    mods = tuple((m.condition, signed(m.value)) for m in T.SHOOTING_MODIFIERS)
    return (
        table_section(T.SHOOTING, note="Both sides shoot at once; a figure that shoots does not move (SK-A.2)."),
        Section("Shooting modifiers", T.SHOOTING.rule, ("Condition", "Mod"), mods,
                "Each line counts once; the lines add up (SK-A.8)."),
        Section(T.RANGES.name, T.RANGES.rule, ("Weapon", "Range"), ranges,
                f"Reload one full turn after firing: {reload} (SK-3). Muskets: SK-A.1."),
    )


def spell_sections() -> tuple[Section, ...]:
    facts = (
        ("Range", measure(T.SPELL_RANGE_CM, "cm")),
        ("Circle across", measure(T.SPELL_AREA_CM, "cm")),
        ("Panicked figure asks quarter within", f"{T.QUARTER_DISTANCE_CM} cm of an enemy"),
    )
    return (
        Section("Spells", "SK-5", ("Rule", "Value"), facts, "Resolved like a shot for each figure in the circle; "
                "every figure wounded by a spell panics."),
        table_section(T.QUARTER, note="The opponent rolls."),
    )


def combat_sections() -> tuple[Section, ...]:
    rows = tuple((words(k).capitalize(), v) for k, v in T.COMBAT.items())
    return (
        Section(T.COMBAT.name, T.COMBAT.rule, ("Totals", "Result"), rows,
                f"Each extra attacker in contact: {signed(T.EXTRA_ATTACKER_BONUS)} to one attacker's die (SK-A.4); "
                "it takes no wound if the combat is lost."),
        table_section(T.MORALE, note=f"When a combat group has lost {T.MORALE_LOSS_SHARE:.0%} of its warriors, "
                      "and each later turn it loses more. Option SK-A.6 reads it the other way round."),
    )


def card() -> Card:
    return Card(
        "sk",
        "Fantasy skirmish",
        (turn_section(), vc_section(), movement_section(), *shooting_sections(), *spell_sections(), *combat_sections()),
        "The skirmish tables as mapgen's generator reads them.",
    )
