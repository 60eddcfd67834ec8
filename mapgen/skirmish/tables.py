"""The fantasy skirmish rules (SK) as data, declared once with their rule IDs.

Source: ``shared/rules/supplements.md`` SK-1 to SK-9 and the interpretation choices SK-A.1 to
SK-A.11, checked against the Italian original (``shared/seeds/002_…``), which wins.  The
generator (:mod:`mapgen.skirmish`), its setup sheet, the counter rosters
(:mod:`mapgen.counters.rules` reads :data:`TROOP_VC`) and the quick-reference cards read these
tables and nothing else: a value printed anywhere comes from here.  Dice tables are
:class:`~mapgen.tables.Table`; tables without dice are :class:`~mapgen.tables.RuleMap` or tuples of
frozen dataclasses.  What the source leaves open is marked ``SK-A.n`` (the digest's ruling) or
``[DEV]`` (this generator's choice, listed in the manual).

Examples
--------
>>> TROOPS["dwarf"].vc, points(TROOPS["dwarf"].vc), TROOPS["dwarf"].move_cm
(6, 60, 6)
>>> WEAPONS["longbow"].range_cm, wounds(8), wounds(7, vc7_wounds="2")
(24, 3, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tables import RuleMap, Table, band

# --------------------------------------------------------------------------- SK-1 combat value and points

#: SK-1: a figure's points cost is its combat value (VC) times ten.
POINTS_PER_VC = 10
#: SK-1: VC 9 figures (gods, dragons) make two attacks per combat (SK-7, SK-A.11).
TWO_ATTACKS_VC = 9

#: SK-1 troop types by combat value, as the source lists them (keys are roster ``type`` values).
TROOP_VC = RuleMap(
    "SK-1",
    "Combat value (VC) by troop type",
    {
        9: ("god", "dragon"),
        8: ("hero", "champion", "devastating_creature"),
        7: ("gigantic_creature", "terrifying_creature", "vampire", "paladin", "assassin"),
        6: ("ogre", "hobgoblin", "war_chariot", "warrior", "dwarf", "heavy_knight"),
        5: (
            "medium_cavalry", "medium_foot", "ferocious_animal", "cleric", "elf", "ranger", "barbarian",
            "berserker", "half_human", "orc", "goblin", "heavy_foot",
        ),
        4: (
            "flying_creature", "flying_machine", "artillery", "lesser_orc", "skaven", "skeleton", "zombie",
            "hobbit", "light_foot",
        ),
        3: ("wizard", "druid", "priest", "weak_creature"),
    },
)


def points(vc: int) -> int:
    """SK-1: the points cost of one figure of combat value ``vc``."""
    return vc * POINTS_PER_VC


# --------------------------------------------------------------------------- SK-6 movement

#: SK-6 movement rates as the source lists them (cm per movement phase).
MOVEMENT = RuleMap(
    "SK-6",
    "Movement rates",
    {
        6: "War Machines, Wizards, Undead, Heavy Foot, Dwarves",
        9: "Giant, Devastating or Terrifying Creatures, Light and Medium Foot, lesser orcs, Goblins, Skaven, "
        "Assassins, Ogres, Rangers, Elves, Heroes, Gods, Champions",
        15: "Heavy Cavalry, Animals (wolves, tigers), War Chariots",
        18: "Flying Creatures, Light Cavalry",
    },
)
#: SK-6: moving through these halves movement.
DIFFICULT_GROUND = "woods (not for Elves), marshes, streams, broken ground, obstacles, low walls or slopes"
DIFFICULT_GROUND_FACTOR = 0.5


@dataclass(frozen=True)
class Troop:
    """One SK-1 troop type: its VC and the SK-6 line it moves by.

    ``moves_as`` names the SK-6 entry; ``move_rule`` is SK-6 when the type is listed there and
    SK-A.9 when it takes the closest listed type (the source lists fewer types under movement)."""

    key: str
    label: str
    move_cm: int
    moves_as: str
    move_rule: str = "SK-6"

    @property
    def vc(self) -> int:
        return next(vc for vc, types in TROOP_VC.items() if self.key in types)

    @property
    def attacks(self) -> int:
        """SK-1 (*), SK-7: two attacks for VC 9, else one."""
        return 2 if self.vc >= TWO_ATTACKS_VC else 1


_CLOSEST = "SK-A.9"
#: Every SK-1 troop type with its SK-6 movement.  Types SK-6 does not list move as the closest
#: listed type (SK-A.9): casters as Wizards, foot by their protection, dragons fly.
TROOPS: dict[str, Troop] = {
    t.key: t
    for t in (
        Troop("god", "God", 9, "Gods"),
        Troop("dragon", "Dragon", 18, "Flying Creatures (dragons fly)", _CLOSEST),
        Troop("hero", "Hero", 9, "Heroes"),
        Troop("champion", "Champion", 9, "Champions"),
        Troop("devastating_creature", "Devastating creature", 9, "Devastating Creatures"),
        Troop("gigantic_creature", "Gigantic creature", 9, "Giant Creatures"),
        Troop("terrifying_creature", "Terrifying creature", 9, "Terrifying Creatures"),
        Troop("vampire", "Vampire", 6, "Undead", _CLOSEST),
        Troop("paladin", "Paladin", 9, "Heroes", _CLOSEST),
        Troop("assassin", "Assassin", 9, "Assassins"),
        Troop("ogre", "Ogre", 9, "Ogres"),
        Troop("hobgoblin", "Hobgoblin", 9, "Goblins", _CLOSEST),
        Troop("war_chariot", "War chariot", 15, "War Chariots"),
        Troop("warrior", "Warrior", 9, "Medium Foot", _CLOSEST),
        Troop("dwarf", "Dwarf", 6, "Dwarves"),
        Troop("heavy_knight", "Heavy knight", 15, "Heavy Cavalry"),
        Troop("medium_cavalry", "Medium cavalry", 15, "Heavy Cavalry", _CLOSEST),
        Troop("medium_foot", "Medium foot", 9, "Medium Foot"),
        Troop("ferocious_animal", "Ferocious animal", 15, "Animals"),
        Troop("cleric", "Cleric", 6, "Wizards", _CLOSEST),
        Troop("elf", "Elf", 9, "Elves"),
        Troop("ranger", "Ranger", 9, "Rangers"),
        Troop("barbarian", "Barbarian", 9, "Light Foot", _CLOSEST),
        Troop("berserker", "Berserker", 9, "Light Foot", _CLOSEST),
        Troop("half_human", "Half-human", 9, "Medium Foot", _CLOSEST),
        Troop("orc", "Orc", 9, "lesser orcs", _CLOSEST),
        Troop("goblin", "Goblin", 9, "Goblins"),
        Troop("heavy_foot", "Heavy foot", 6, "Heavy Foot"),
        Troop("flying_creature", "Flying creature", 18, "Flying Creatures"),
        Troop("flying_machine", "Flying machine", 18, "Flying Creatures", _CLOSEST),
        Troop("artillery", "Artillery", 6, "War Machines", _CLOSEST),
        Troop("lesser_orc", "Lesser orc", 9, "lesser orcs"),
        Troop("skaven", "Skaven", 9, "Skaven"),
        Troop("skeleton", "Skeleton", 6, "Undead"),
        Troop("zombie", "Zombie", 6, "Undead"),
        Troop("hobbit", "Hobbit", 9, "Light Foot", _CLOSEST),
        Troop("light_foot", "Light foot", 9, "Light Foot"),
        Troop("wizard", "Wizard", 6, "Wizards"),
        Troop("druid", "Druid", 6, "Wizards", _CLOSEST),
        Troop("priest", "Priest", 6, "Wizards", _CLOSEST),
        Troop("weak_creature", "Weak creature", 9, "Light Foot", _CLOSEST),
    )
}

# --------------------------------------------------------------------------- SK-4 ranges


@dataclass(frozen=True)
class Weapon:
    """What a figure fights or shoots with; ``range_cm`` None for a hand weapon (melee only, SK-7)."""

    key: str
    label: str
    range_cm: int | None
    rule: str
    #: SK-3: after firing, artillery, arquebuses, muskets and crossbows stay still one full turn.
    reloads: bool = False


#: SK-4 maximum ranges (muskets: SK-A.1), and the hand weapon of a figure that does not shoot.
WEAPONS: dict[str, Weapon] = {
    w.key: w
    for w in (
        Weapon("hand_weapon", "Hand weapon", None, "SK-7"),
        Weapon("javelin", "Javelins", 9, "SK-4"),
        Weapon("arquebus", "Arquebus", 18, "SK-4", reloads=True),
        Weapon("bow", "Bow", 18, "SK-4"),
        Weapon("musket", "Musket", 24, "SK-A.1", reloads=True),
        Weapon("longbow", "Longbow", 24, "SK-4"),
        Weapon("crossbow", "Crossbow", 24, "SK-4", reloads=True),
        Weapon("spell", "Spells", 30, "SK-5"),
        Weapon("war_machine", "War machine", 30, "SK-4", reloads=True),
    )
}
#: SK-4 as the source prints it, line by line (muskets: no value, SK-A.1).
RANGES = RuleMap(
    "SK-4",
    "Shooting ranges (cm)",
    {"Javelins": 9, "Arquebuses and bows": 18, "Muskets": 24, "Longbows and crossbows": 24, "Spells and war machines": 30},
)

# --------------------------------------------------------------------------- SK-8 wounds

#: SK-8: wounds that eliminate a figure, by VC.  VC 7 is missing from the source: 1 read literally (SK-A.5).
WOUNDS = RuleMap("SK-8", "Wounds to eliminate a figure", {3: 1, 4: 1, 5: 1, 6: 2, 7: 1, 8: 3, 9: 4})
#: SK-A.5, the option: VC 7 takes 2 wounds, keeping the progression.
VC7_WOUNDS_OPTION = 2


def wounds(vc: int, vc7_wounds: str = "1") -> int:
    """SK-8: wounds a figure of combat value ``vc`` takes before it is eliminated (VC 7: SK-A.5)."""
    if vc == 7:
        return int(vc7_wounds)
    return WOUNDS[vc]


# --------------------------------------------------------------------------- SK-2 turn, SK-3 shooting, SK-5 spells

#: SK-2: the phases of a turn, in order, each with its rule.
TURN = (("Shooting", "SK-3"), ("Spells", "SK-5"), ("Movement", "SK-6"), ("Combat", "SK-7"), ("Morale", "SK-9"))

#: SK-3: 1D6 for each figure that shoots; 5 or more (modified) is a hit, 1 wound.
SHOOTING = Table("SK-3", "Shooting", "1D6", (band(1, 4, "miss", "miss"), band(5, 6, "hit", "hit: 1 wound")))


@dataclass(frozen=True)
class ShotModifier:
    """One line of the SK-3 modifiers; a line applies once even when both its conditions hold (SK-A.8)."""

    value: int
    condition: str


#: SK-3 shooting modifiers, cumulative between lines (range -1 to +2).
SHOOTING_MODIFIERS = (
    ShotModifier(-1, "target has shield and armour, or is in cover"),
    ShotModifier(+1, "target is mounted or a giant creature"),
    ShotModifier(+1, "target within 15 cm, or an Elf shooting a bow"),
)
#: SK-3: the close-range line's distance.
CLOSE_RANGE_CM = 15
#: SK-5: a spell reaches 30 cm (as SK-4's spells) and hits the figures in a circle 10 cm across (SK-A.3).
SPELL_RANGE_CM = 30
SPELL_AREA_CM = 10
#: SK-5: a figure panicked by a spell within this distance of an enemy asks for quarter.
QUARTER_DISTANCE_CM = 15
#: SK-5: the opponent rolls 1D6 for a figure asking quarter.
QUARTER = Table("SK-5", "Asking for quarter", "1D6", (band(1, 4, "eliminated", "eliminated"), band(5, 6, "prisoner", "taken prisoner")))

# --------------------------------------------------------------------------- SK-7 combat, SK-9 morale

#: SK-7: each figure rolls 1D6 + VC; the totals are compared.
COMBAT = RuleMap("SK-7", "Combat: 1D6 + VC each, compared", {"equal": "no effect", "lower": "the lower total takes 1 wound"})
#: SK-7: an extra attacker in contact adds this to one attacker's die (per extra figure, SK-A.4).
EXTRA_ATTACKER_BONUS = 1

#: SK-9: a combat group tests when it has lost this share of its warriors, and again each later turn it loses more.
MORALE_LOSS_SHARE = 0.5
#: SK-9 as written: 4, 5 or 6 and the whole group panics, the game lost (SK-A.6).
MORALE = Table("SK-9", "Morale test", "1D6", (band(1, 3, "steady", "no effect"), band(4, 6, "panic", "the group panics: the game is lost")))
#: SK-A.6, the option: the test read the other way round.
MORALE_INVERTED = Table("SK-A.6", "Morale test (inverted)", "1D6", (band(1, 3, "panic", "the group panics: the game is lost"), band(4, 6, "steady", "no effect")))

# --------------------------------------------------------------------------- SK-A rulings, the options


@dataclass(frozen=True)
class Ruling:
    """An SK-A interpretation choice a player may change: the first choice is the digest's."""

    id: str
    key: str  # the option's name: ``--vc7-wounds``
    question: str
    choices: tuple[tuple[str, str], ...]  # (value, what it means at the table)

    @property
    def default(self) -> str:
        return self.choices[0][0]

    def meaning(self, value: str) -> str:
        return dict(self.choices)[value]


RULINGS: tuple[Ruling, ...] = (
    Ruling("SK-A.1", "musket_range", "Muskets' range (missing in the source)", (
        ("24", "muskets shoot 24 cm, grouped with longbows and crossbows"),
        ("missing", "the range is missing: no warband fields muskets"),
    )),
    Ruling("SK-A.2", "shoot_move", "To shoot one must not move", (
        ("same_turn", "a figure that shoots in phase 1 may not move in phase 3 of that turn"),
        ("last_turn", "a figure that moved in the last turn may not shoot"),
    )),
    Ruling("SK-A.3", "spell_rolls", "Rolls for a spell's 10 cm circle", (
        ("per_figure", "one shooting roll for each figure inside the circle"),
        ("one_roll", "one roll for the whole spell: a hit wounds every figure inside"),
    )),
    Ruling("SK-A.4", "extra_attackers", "Extra attackers in contact", (
        ("per_figure", "+1 for each extra attacker, all added to one attacker's die"),
        ("flat", "+1 in all to one attacker's die, however many extra attackers"),
    )),
    Ruling("SK-A.5", "vc7_wounds", "Wounds of a VC 7 figure (missing in the source)", (
        ("1", "1 wound, as the source reads literally"),
        ("2", "2 wounds, keeping the progression of SK-8"),
    )),
    Ruling("SK-A.6", "morale", "The morale test", (
        ("literal", "4, 5 or 6: the group panics and the game is lost"),
        ("inverted", "1, 2 or 3: the group panics and the game is lost"),
    )),
    Ruling("SK-A.7", "spell_effect", "What a spell hit does", (
        ("wound", "1 wound, and the figure panics"),
        ("panic", "Panic instead of a wound"),
    )),
)
RULING_BY_KEY = {r.key: r for r in RULINGS}


def morale_table(morale: str = "literal") -> Table:
    """SK-9, or its inverted reading (SK-A.6)."""
    return MORALE_INVERTED if morale == "inverted" else MORALE


# --------------------------------------------------------------------------- the warbands by race [DEV]


@dataclass(frozen=True)
class Recruit:
    """A figure a race's warband may field [DEV]: its name, SK-1 troop type and weapon.

    ``most``: the most of it in one warband (None: any number); ``weight``: how often the draft
    picks it beside the others; ``leader``: drafted first when the points allow; ``moves_as``: the
    troop type whose SK-6 rate it moves at, when not its own (an undead warrior moves as Undead)."""

    name: str
    troop: str
    weapon: str = "hand_weapon"
    most: int | None = None
    weight: int = 3
    leader: bool = False
    moves_as: str | None = None

    @property
    def movement(self) -> Troop:
        """The troop type whose SK-6 line this figure moves by."""
        return TROOPS[self.moves_as or self.troop]

    @property
    def vc(self) -> int:
        return TROOPS[self.troop].vc

    @property
    def points(self) -> int:
        return points(self.vc)


#: [DEV] What each race fields, in the SK-1 troop types (the races are Fantasy Warriors', FW RACES).
#: Every race has a leader, rank and file with and without missiles, and a caster (SK-5).
RACES: dict[str, tuple[Recruit, ...]] = {
    "barbarians": (
        Recruit("Chieftain", "hero", most=1, leader=True),
        Recruit("Barbarian warrior", "barbarian"),
        Recruit("Berserker", "berserker", most=4, weight=2),
        Recruit("Javelin thrower", "barbarian", "javelin", weight=2),
        Recruit("Hunter", "light_foot", "bow", weight=2),
        Recruit("War hound", "ferocious_animal", most=3, weight=1),
        Recruit("Druid", "druid", "spell", most=1, weight=1),
    ),
    "dark_elves": (
        Recruit("Dark elf champion", "champion", most=1, leader=True),
        Recruit("Dark elf warrior", "elf"),
        Recruit("Dark elf crossbowman", "elf", "crossbow"),
        Recruit("Assassin", "assassin", most=2, weight=1),
        Recruit("Harpy", "flying_creature", most=3, weight=1),
        Recruit("Sorceress", "wizard", "spell", most=1, weight=1),
    ),
    "dwarves": (
        Recruit("Dwarf hero", "hero", most=1, leader=True),
        Recruit("Dwarf warrior", "dwarf"),
        Recruit("Dwarf crossbowman", "dwarf", "crossbow"),
        Recruit("Dwarf handgunner", "dwarf", "musket", most=3, weight=1),
        Recruit("Dwarf ranger", "ranger", "crossbow", weight=1),
        Recruit("Runepriest", "priest", "spell", most=1, weight=1),
    ),
    "goblins": (
        Recruit("Goblin chief", "champion", most=1, leader=True),
        Recruit("Goblin", "goblin"),
        Recruit("Goblin archer", "goblin", "bow"),
        Recruit("Hobgoblin", "hobgoblin", weight=2),
        Recruit("Wolf", "ferocious_animal", most=4, weight=1),
        Recruit("Goblin shaman", "wizard", "spell", most=1, weight=1),
    ),
    "humans": (
        Recruit("Captain", "hero", most=1, leader=True),
        Recruit("Paladin", "paladin", most=1, weight=1),
        Recruit("Man-at-arms", "medium_foot"),
        Recruit("Archer", "light_foot", "bow"),
        Recruit("Crossbowman", "light_foot", "crossbow", weight=2),
        Recruit("Arquebusier", "light_foot", "arquebus", most=3, weight=1),
        Recruit("Wizard", "wizard", "spell", most=1, weight=1),
    ),
    "normans": (
        Recruit("Norman lord", "champion", most=1, leader=True),
        Recruit("Knight", "heavy_knight", most=3, weight=2),
        Recruit("Man-at-arms", "heavy_foot"),
        Recruit("Crossbowman", "light_foot", "crossbow"),
        Recruit("Archer", "light_foot", "bow", weight=2),
        Recruit("Cleric", "cleric", "spell", most=1, weight=1),
    ),
    "orcs": (
        Recruit("Orc warboss", "champion", most=1, leader=True),
        Recruit("Orc warrior", "orc"),
        Recruit("Lesser orc", "lesser_orc"),
        Recruit("Lesser orc archer", "lesser_orc", "bow"),
        Recruit("Ogre", "ogre", most=1, weight=1),
        Recruit("Orc shaman", "wizard", "spell", most=1, weight=1),
    ),
    "undead": (
        Recruit("Vampire", "vampire", most=1, leader=True),
        Recruit("Skeleton warrior", "skeleton"),
        Recruit("Skeleton archer", "skeleton", "bow"),
        Recruit("Zombie", "zombie"),
        Recruit("Grave guard", "warrior", weight=1, moves_as="skeleton"),
        Recruit("Necromancer", "wizard", "spell", most=1, weight=1),
    ),
    "wood_elves": (
        Recruit("Elf lord", "hero", most=1, leader=True),
        Recruit("Elf warrior", "elf"),
        Recruit("Elf archer", "elf", "bow"),
        Recruit("Elf ranger", "ranger", "longbow", weight=2),
        Recruit("Great eagle", "flying_creature", most=1, weight=1),
        Recruit("Elf scout", "light_foot", "javelin", weight=1),
        Recruit("Druid", "druid", "spell", most=1, weight=1),
    ),
}

#: Every table of this module the cards and the setup sheet print, in rule order.
ALL_TABLES = (TROOP_VC, SHOOTING, RANGES, QUARTER, MOVEMENT, COMBAT, WOUNDS, MORALE)

# --------------------------------------------------------------------------- the table: cover and sight [DEV]

#: SK-3 "target in cover" (-1) [DEV]: the battlefield kinds a figure in or behind is in cover.  SK names no
#: terrain; these are the pieces that hide part of a figure (woods, buildings and ruins, boulders, low walls,
#: fields behind walls and hedges).  What blocks line of sight is the battlefield's own reading
#: (:func:`mapgen.battlefield.sight.why_blocks`): woods, tall buildings, impassable relief, a high hill's crest.
COVER_KINDS = frozenset({
    "wood", "enchanted_wood", "forest_section", "boulders", "ruins", "farm", "village", "house", "stronghold",
    "temple", "sanctuary", "tower", "cemetery", "wall", "barrier", "field", "cultivated_fields",
})
