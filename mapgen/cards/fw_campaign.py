"""The Fantasy Warriors campaign turn card: the turn (FW-6) and every table the campaign engine rolls.

Each section reads the declaration the engine plays (``mapgen.campaign.*``,
``mapgen.fw.rules``); the Incursione scenario's key-day tables (FW-17.8)
are the scenario's own and stay on its setup sheet.
"""

from __future__ import annotations

from ..campaign import after_battle, battle, events, march, orders, reinforcements, will
from ..campaign.core import PHASE_NAMES, PHASE_RULES
from ..fw.rules import PRECIPITATION, SEASON_TEMPERATE, SEASON_TORRID
from .model import Card, Section, facts_section, modifier_section, signed, table_section, words


def turn_section() -> Section:
    rows = tuple((str(n), name.capitalize(), rule) for n, (name, rule) in enumerate(zip(PHASE_NAMES, PHASE_RULES)))
    return Section("The campaign turn", "FW-6", ("Phase", "What happens", "Rule"), rows,
                   "Phases 0 (weather) and 8 (random events) are optional; 3 and 4 come once per battle.")


def weather_sections() -> tuple[Section, ...]:
    seasons = tuple(
        (b.label, signed(b.data["precipitation"]), table.rule) for table in (SEASON_TEMPERATE, SEASON_TORRID) for b in table.bands
    )
    return (
        Section("Season's precipitation modifier", "FW-7.3", ("Season", "Modifier", "Rule"), seasons,
                "A cold zone is always winter."),
        table_section(PRECIPITATION, note="Totals above 6 count as 6 (AMB-76)."),
    )


def force_test_sections() -> tuple[Section, ...]:
    mods = [("Leader's CV", "+CV")]
    mods += [(words(k).capitalize(), signed(v)) for k, v in orders.REACTION_TEST.items()]
    mods += [(f"{words(k).capitalize()} territory", signed(v)) for k, v in orders.TERRITORY_TEST.items()]
    mods += [("On a mountain", signed(orders.MOUNTAIN_TEST)), ("Per snow level (Incursione)", signed(orders.SNOW_TEST))]
    return (
        table_section(orders.FORCE_TEST, note="Totals beyond the bands count as the end bands."),
        Section("Force Test modifiers", orders.FORCE_TEST.rule, ("Condition", "Modifier"), tuple(mods)),
    )


def march_sections() -> tuple[Section, ...]:
    mods = [
        (words(k).capitalize() + (" [NT]" if row.naran else ""), signed(row.value))
        for k, row in march.START_TERRAIN.items()
    ]
    mods += [("River, no bridge", signed(march.RIVER_MOVE)), ("Road or track [NT]", signed(march.ROAD_MOVE))]
    mods += [(f"{words(k).capitalize()} territory", signed(v)) for k, v in march.TERRITORY_MOVE.items()]
    mods += [(words(k).capitalize(), signed(v)) for k, v in march.STATE_MOVE.items()]
    mods += [(words(k).capitalize(), signed(v)) for k, v in march.WEATHER_MOVE.items()]
    mods += [("Per snow level", signed(march.SNOW_MOVE)), ("Soaked ground (torrid)", signed(march.SOAKED_MOVE))]
    countermarch = tuple((words(k).capitalize(), words(v).capitalize()) for k, v in march.COUNTERMARCH_REACTION.items())
    return (
        Section("Movement modifiers (start square)", "FW-9.2", ("Condition", "Modifier"), tuple(mods),
                "[NT] rows count only with the Naran movement option."),
        table_section(march.MOVE_TABLE, result="Allowance"),
        Section("Counter-march leaves", "FW-9.6", ("Before", "After"), countermarch),
    )


def battle_sections() -> tuple[Section, ...]:
    scouting = tuple(
        (words(k).capitalize(), battle.SCOUTING_TEXT[v]) for k, v in battle.SCOUTING.items()
    )
    return (
        Section("Scouting by order or reaction", "FW-10.4", ("Force", "Scouting"), scouting),
        modifier_section("Scouting test by territory", "FW-10.4", battle.SCOUTING_TERRITORY,
                         ("Territory", "Modifier"), label=lambda k: words(k).capitalize()),
    )


def after_battle_sections() -> tuple[Section, ...]:
    mods = [(f"{words(k).capitalize()} territory (wounded)", signed(v)) for k, v in after_battle.TERRITORY.items()]
    mods += [(f"{words(k).capitalize()} quality (deserters)", signed(v)) for k, v in after_battle.QUALITY.items()]
    mods += [("Routed off the table (deserters, option)", signed(after_battle.ROUTED))]
    mods += [(f"{words(k).capitalize()} (both checks)", signed(v)) for k, v in after_battle.AMBUSH.items()]
    natural = f"A natural {after_battle.NATURAL_LOST} is always lost, a natural {after_battle.NATURAL_BACK} always back."
    return (
        table_section(after_battle.WOUNDED, title="Wounded check (each killed model)"),
        table_section(after_battle.DESERTERS, title="Deserter check (each fled model)"),
        Section("Wounded and deserter modifiers", "FW-12.1", ("Condition", "Modifier"), tuple(mods), natural),
        facts_section("After the battle", "FW-12.7", (("New Leader from the ranks: CV", after_battle.NEW_LEADER_CV),)),
    )


def will_sections() -> tuple[Section, ...]:
    mods = (
        ("Each battle won", signed(will.BATTLE_WON)),
        ("Each battle lost", signed(will.BATTLE_LOST)),
        ("Each enemy holding held", signed(will.HOLDING_TAKEN)),
        ("Each own holding lost", signed(will.HOLDING_LOST)),
        ("Enemy capital held", signed(will.CAPITAL_TAKEN)),
        ("Own capital lost", signed(will.CAPITAL_LOST)),
        ("Per snow level (Incursione)", signed(will.PER_SNOW_LEVEL)),
    )
    return (
        table_section(will.WILL_TO_FIGHT, note="Taken in a turn a side lost a battle, a holding, its last force, or a Force Test."),
        Section("Will to Fight modifiers", will.WILL_TO_FIGHT.rule, ("Campaign to date", "Modifier"), mods),
    )


def reinforcement_section() -> Section:
    rows = tuple((words(k).capitalize(), f"{v} %") for k, v in reinforcements.SHARE_PERCENT.items())
    qualities = ", ".join(words(q) for q in reinforcements.QUALITIES)
    return Section("Reinforcement points", "FW-15", ("Held", "Of the initial points"), rows,
                   f"Only while the own capital is held; bought as {qualities} units in the capital.")


def event_sections() -> tuple[Section, ...]:
    return (
        table_section(events.GENERAL, note="An 8 gives one more roll; the extra roll's 8 gives no further one."),
        table_section(events.CATASTROPHE),
        table_section(events.DISASTER, result="Location",
                      note=f"A disaster takes {events.DISASTER_PERCENT} % of the points of every force and reserve there."),
    )


def card() -> Card:
    return Card(
        "fw-campaign",
        "Fantasy Warriors campaign turn",
        (
            turn_section(),
            *weather_sections(),
            *force_test_sections(),
            *march_sections(),
            *battle_sections(),
            *after_battle_sections(),
            *will_sections(),
            reinforcement_section(),
            *event_sections(),
        ),
        "Phase by phase, the tables mapgen's campaign engine rolls.",
    )
