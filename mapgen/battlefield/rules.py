"""Battlefield rules as data: tables, feature kinds with their sizes, distances and rule IDs.

Source: ``shared/rules/fw-campaign.md`` FW-10.5 to FW-10.7, FW-11, FW-19, FW-21,
FW-23, AMB-28 to AMB-32, and ``shared/rules/supplements.md`` MED-2 and MED-6,
checked against the Italian original.  The FW-11 tables shared with the
campaign map (geographic type, vegetation, hydrography, special
configurations, artificial works) are declared once in :mod:`mapgen.fw.rules`
and imported here.  Sizes the rulebook leaves to the (external) base rules are
marked ``[DEV]``: they are this generator's choice, listed in the README.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..fw.rules import (
    ARTIFICIAL,
    ARTIFICIAL_2,
    ARTIFICIAL_3,
    CONFIG_CATEGORY,
    HYDROGRAPHY,
    REGION,
    SPECIAL_CONFIG,
    VEGETATION,
    WOOD_KIND,
)
from ..tables import Table, band
from . import medieval as MED

# --- tables --------------------------------------------------------------

#: FW-21.2: which half or band of the table the plateau covers.
PLATEAU_PLACE = Table(
    "FW-21.2",
    "Plateau placement",
    "1D6",
    (
        band(1, 4, "winner", "The deployment area of the scouting winner"),
        band(5, 5, "centre", "The central band of the table"),
        band(6, 6, "loser", "The deployment area of the scouting loser"),
    ),
)

#: FW-11.2 result 5-6 read by AMB-32 [DEV]: the size of each mountain of a mountainous region's table,
#: rolled until the weights reach 1.  Logged under AMB-32, the combination rule it applies.
MOUNTAIN_SIZE = Table(
    "AMB-32",
    "Mountain size",
    "1D6",
    (
        band(1, 2, "large", "40 x 40 cm (weight 1/2)", size=40, weight=1 / 2),
        band(3, 4, "medium", "20 x 20 cm (weight 1/4)", size=20, weight=1 / 4),
        band(5, 6, "small", "10 x 10 cm (weight 1/6)", size=10, weight=1 / 6),
    ),
)
#: FW-10.5 [DEV]: the size of each peak among a mountain square's 1D6 features.  FW-10.5 gives no
#: sizes, so the FW-11.2 sizes are used; the roll is logged under FW-10.5, the rule that asks for the peaks.
PEAK_SIZE = Table(
    "FW-10.5",
    "Mountain-square peak size (the FW-11.2 sizes)",
    "1D6",
    (
        band(1, 2, "large", "40 x 40 cm", size=40),
        band(3, 4, "medium", "20 x 20 cm", size=20),
        band(5, 6, "small", "10 x 10 cm", size=10),
    ),
)

#: FW-11.5 result -> terrain of a flat rolled table (a wood result is open ground with a wood on it).
VEGETATION_TERRAIN = {
    "uncultivated": "uncultivated",
    "cultivated": "cultivated",
    "wood": "plain",
    "forest": "forest",
    "desert": "desert",
}

ALL_TABLES = (
    REGION,
    VEGETATION,
    WOOD_KIND,
    HYDROGRAPHY,
    SPECIAL_CONFIG,
    ARTIFICIAL,
    ARTIFICIAL_2,
    ARTIFICIAL_3,
    CONFIG_CATEGORY,
    PLATEAU_PLACE,
    MOUNTAIN_SIZE,
    PEAK_SIZE,
)

# --- terrains ------------------------------------------------------------

#: What ``--terrain`` accepts (FW-10.5 with the Naran additions).
TERRAINS = ("plain", "hills", "mountain", "forest", "swamp", "desert", "cultivated", "uncultivated")
#: Campaign-map terrain -> battlefield terrain (jungle is a forest of a torrid zone, FW-19.0).
MAP_TERRAIN = {
    "plain": "plain",
    "uncultivated": "uncultivated",
    "cultivated": "cultivated",
    "hills": "hills",
    "mountain": "mountain",
    "forest": "forest",
    "jungle": "jungle",
    "swamp": "swamp",
    "desert": "desert",
}

#: FW-10.5 [DEV] (AMB-28): the base-rules count of terrain features, per 30 cm of table width.
FEATURES_PER_30CM = 1
CM_PER_FOOT = 30  # FW-0.2: the source rounds 1 ft (30.48 cm) to 30 cm: 6 x 4 ft = 180 x 120 cm
STANDARD_TABLE = (180, 120)  # FW-0.2
#: FW-10.5: a mountain square is fought on a 2 x 4 ft table (long edges 120 cm, 60 cm deep).
MOUNTAIN_TABLE = (120, 60)
#: FW-10.5 [NT] reading (AMB-29), used when --table is given for a mountain square.
MOUNTAIN_BASE = (120, 60)
#: FW-23.7: two standard tables joined along a long edge.
RELIEF_TABLE = (240, 180)
TABLE_LIMITS = (60, 600)


@dataclass(frozen=True)
class TableScale:
    """How big the battle is: the table it takes and how much terrain stands on it.

    ``cm2_per_feature`` None: FW-10.5's base-rules count (1 per 30 cm of width, AMB-28); else one
    terrain feature per that many square centimetres of table, drawn from ``fillers`` (by terrain)
    instead of :data:`FILLERS`.  ``configurations``: with no campaign map each player rolls a
    configuration (FW-11.1, AMB-31).  ``scaled_relief``: FW-11.2's hills and mountains, counted for
    a 180 x 120 table, shrink with the table's area; ``extras``: the optional FW-21 features of
``COVER_EXTRAS``.  The first of ``fillers`` is laid first: a piece that blocks sight.  The features keep their rulebook sizes at
    every scale: they are the pieces the players own."""

    name: str
    table_limits: tuple[float, float]  # each side of the table, cm
    default_table: tuple[float, float]
    cm2_per_feature: float | None = None
    fillers: dict[str, tuple[str, ...]] | None = None
    configurations: bool = True
    scaled_relief: bool = False
    #: FW-21's optional extras that go down as features of their own (djebel, quicksand; ``COVER_EXTRAS``).
    extras: bool = True

    def relief_share(self, width: float, depth: float) -> float:
        """The share of FW-11.2's relief this table holds: all of it at army scale, else by area."""
        if not self.scaled_relief:
            return 1.0
        return min(1.0, width * depth / (STANDARD_TABLE[0] * STANDARD_TABLE[1]))


#: [DEV] A skirmish (SK: every figure acts alone) is fought on 60 x 60 to 90 x 90 cm, more densely covered than an
#: army's table so that SK-3's line of sight and cover matter: one feature per 30 x 40 cm, drawn from pieces that
#: hide or shelter a figure (woods, buildings, ruins, boulders; the first of each blocks sight), without the
#: players' configurations and FW-21's optional extras, whose chasms, lakes, djebels and quicksand are laid
#: out for 180 x 120 cm.  A forest's or a swamp's alternation (FW-10.5) is kept, its doubling is not.
SKIRMISH_FILLERS = {
    "plain": ("wood", "farm", "ruins", "boulders", "hillock"),
    "uncultivated": ("wood", "ruins", "boulders", "farm", "hillock"),
    "cultivated": ("farm", "wood", "ruins", "hillock"),
    "forest": ("farm", "ruins", "boulders", "hillock"),
    "jungle": ("farm", "ruins", "boulders", "hillock"),
    "swamp": ("wood", "ruins", "boulders"),
    "desert": ("farm", "dune", "boulders", "ruins"),
    "hills": ("wood", "boulders", "ruins", "farm"),
    "mountainous": ("wood", "boulders", "ruins"),
}
SCALES = {
    "army": TableScale("army", TABLE_LIMITS, STANDARD_TABLE),
    "skirmish": TableScale("skirmish", (60, 90), (60, 60), cm2_per_feature=1200, fillers=SKIRMISH_FILLERS,
                           configurations=False, scaled_relief=True, extras=False),
}

# --- feature kinds -------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """A kind of table feature: what a player builds, and how it plays."""

    id: str
    label: str
    rule: str
    layer: str  # relief, cover, water, line, building, part, marker
    passable: bool
    difficult: bool
    size: tuple[int, int, int, int] | None  # min/max width, min/max depth in cm; None: set by the generator
    shape: str  # blob (natural outline), rect, line
    note: str = ""
    #: Parts and markers belong to another feature: they do not count as terrain features (FW-10.5).
    accessory: bool = False
    #: How many levels high it is built; 0 for flat ground, and for an impassable massif
    #: (mountain, volcano, mine), whose height does not play.
    levels: int = 0


#: Levels (``Kind.levels``): as the rules give them (raised area, dune, plateau 1, FW-11.2, FW-11.7,
#: FW-21.2; chasm walls 2, FW-11.7.3), else [DEV]: a hillock 1 (FW-11.2 allows up to 2), a hill 2
#: (base rules), a djebel 2, a burial mound 1, a mountain base 1 (the slopes its peaks stand on).
KINDS: dict[str, Kind] = {
    k.id: k
    for k in (
        # relief
        Kind("hillock", "Hillock", "FW-11.2", "relief", True, False, (15, 20, 15, 20), "blob", "at most 2 levels, passable", levels=1),
        Kind("raised_area", "Raised flat area", "FW-11.2", "relief", True, False, (20, 30, 20, 30), "rect", "1 level, passable", levels=1),
        Kind("hill", "Hill", "FW-11.2", "relief", True, False, (25, 35, 20, 30), "blob", "size per base rules [DEV]", levels=2),
        Kind("dune", "Dune", "FW-11.7", "relief", True, True, (10, 10, 10, 10), "blob", "1 level, difficult", levels=1),
        Kind("mountain", "Mountain", "FW-11.2", "relief", False, False, None, "blob", "impassable"),
        Kind("mountain_base", "Mountain base", "FW-10.5", "relief", True, True, MOUNTAIN_BASE * 2, "rect", "slopes: difficult; peaks stand on it (AMB-29)", levels=1),
        Kind("isolated_mountain", "Isolated mountain", "FW-11.7", "relief", False, False, (30, 40, 30, 40), "blob", "impassable; in one quarter, never in the centre (AMB-30)"),
        Kind("plateau", "Plateau", "FW-21.2", "relief", True, False, None, "rect", "1 level; climbing on: disorganised, half move; coming down: no penalty", levels=1),
        Kind("djebel", "Djebel", "FW-21.7", "relief", False, False, (20, 25, 20, 25), "blob", "rocky hill: only by the cliff path, in single file", levels=2),
        Kind("volcano", "Volcano", "FW-11.7", "relief", False, False, (20, 25, 20, 25), "blob", "impassable; eruption on a 1 at the start of each turn if agreed (FW-11.7.1)"),
        Kind("chasm_hill", "Chasm wall", "FW-11.7.3", "relief", True, False, (25, 30, 20, 25), "rect", "2-level hill, steep side facing the chasm", accessory=True, levels=2),
        Kind("burial_mound", "Burial mound", "FW-11.8", "relief", True, False, (15, 15, 15, 15), "blob", "see Ars Arcana", levels=1),
        Kind("mine", "Mine", "FW-11.8", "relief", False, False, (20, 20, 20, 20), "rect", "mountain with a mine entrance on two opposite sides: troops cross it through the mine"),
        # ground cover
        Kind("wood", "Wood", "FW-19.1", "cover", True, True, (20, 20, 20, 20), "blob", "units inside are disorganised; light cover; blocks sight"),
        Kind("enchanted_wood", "Sacred or enchanted wood", "FW-11.5.4", "cover", True, True, (20, 20, 20, 20), "blob", "move by the direction die until out of the wood"),
        Kind("forest_section", "Forest section", "FW-19.1", "cover", True, True, (25, 30, 35, 40), "blob", "movement halved, disorganised; heavy cover"),
        Kind("swamp", "Swamp", "FW-11.6", "cover", True, True, (20, 30, 20, 30), "blob", "base rules"),
        Kind("marsh", "Marsh", "FW-11.6", "cover", True, True, (15, 25, 15, 25), "blob", "base rules"),
        Kind("boulders", "Boulder field", "FW-11.7", "cover", True, True, (15, 30, 15, 30), "blob", "disorganised, half speed; heavy cover behind them"),
        Kind("glacier", "Glacier", "FW-11.7.2", "cover", True, True, (40, 40, 40, 40), "rect", "flat, difficult; more than 3 crevasses: impassable"),
        Kind("oasis", "Oasis", "FW-11.5.6", "cover", True, True, (20, 20, 20, 20), "blob", "water (and food) supply"),
        Kind("sand", "Sand patch", "FW-21.8", "cover", True, True, (20, 20, 20, 20), "blob", "difficult; may hide quicksand (secret note)"),
        Kind("field", "Cultivated field", "FW-11.8", "cover", True, True, (30, 30, 20, 20), "rect", "vines, orchards, boundary walls: difficult", accessory=True),
        Kind("cultivated_fields", "Cultivated fields", "FW-11.5", "cover", True, True, (30, 40, 20, 30), "rect", "fields, orchards or vines behind low walls and fences: difficult"),
        Kind("lake", "Lake", "FW-11.6", "water", False, False, (20, 35, 20, 30), "blob", "base rules"),
        Kind("inlet", "Inlet", "FW-21.6", "water", False, False, None, "rect", "sea on a short edge; units with a Retreat order reaching its shore inside their own deployment band are safe"),
        # lines
        Kind("river", "River", "FW-10.5", "line", True, True, None, "line", "must cross the table; fordable as per base rules"),
        Kind("stream", "Stream", "FW-11.6", "line", True, True, None, "line", "mountain stream; base rules"),
        Kind("wadi", "Wadi", "FW-11.6", "line", True, True, None, "line", "dry sandy riverbed: difficult"),
        Kind("road", "Road", "FW-11.8", "line", True, False, None, "line", "+5 cm in column under Oppose (chariots up to +10 cm)"),
        Kind("pass", "Mountain pass", "FW-11.8", "line", True, False, None, "line", "road cut into the mountain: +5 cm as a road"),
        Kind("lava_river", "Lava river", "FW-11.7", "line", False, False, None, "line", "impassable; flows from the volcano to a table edge", accessory=True),
        Kind("chasm", "Chasm", "FW-11.7.3", "line", False, False, None, "rect", "deep gorge: crossable only by a bridge"),
        # buildings
        Kind("farm", "Farm", "FW-11.8", "building", True, True, (15, 15, 10, 10), "rect", "may have a palisade"),
        Kind("village", "Village", "FW-11.8", "building", True, True, (30, 30, 30, 30), "rect", "may have a palisade"),
        Kind("stronghold", "Holding", "FW-3", "building", True, True, (20, 20, 20, 20), "rect", "the campaign holding"),
        Kind("ruins", "Ruins", "FW-11.8", "building", True, True, (15, 15, 15, 15), "rect", "ancient walls: may give cover"),
        Kind("cemetery", "Cemetery", "FW-11.8", "building", True, True, (15, 15, 15, 15), "rect", "difficult, at your own risk: the dead may rise"),
        Kind("temple", "Isolated temple", "FW-11.8", "building", True, False, (15, 15, 15, 15), "rect", "Abandoned Temple / Stonehenge Temple"),
        Kind("tower", "Isolated tower", "FW-11.8", "building", False, False, (10, 10, 10, 10), "rect", "Tower of Magic of the Enchanted Wood (Ars Arcana)"),
        Kind("sanctuary", "Sanctuary", "FW-11.8", "building", True, False, (15, 15, 15, 15), "rect", "see Ars Arcana"),
        # parts (belong to another feature)
        Kind("bridge", "Bridge", "FW-11.8", "part", True, False, None, "rect", "no need to ford here", accessory=True),
        Kind("ford", "Ford", "FW-2.5", "part", True, True, None, "rect", "shallow crossing from the campaign map", accessory=True),
        Kind("barrier", "Barrier", "FW-11.8", "part", True, True, None, "rect", "low walls stepped across the pass; must be taken to pass", accessory=True),
        Kind("wall", "Low wall", "FW-11.8", "part", True, True, None, "rect", "low wall or hedge (Compendium 1)", accessory=True),
        Kind("house", "House", "FW-23.1", "part", False, False, (6, 6, 8, 8), "rect", "village house", accessory=True),
        Kind("crevasse", "Crevasse", "FW-11.7.2", "part", False, False, (5, 5, 1, 1), "rect", "open crevasse: walk round it", accessory=True),
        Kind("rocky_ridge", "Rocky ridge", "FW-21.3", "part", False, False, None, "rect", "sheer face: neither up nor down", accessory=True),
        Kind("slippery_slope", "Slippery slope", "FW-21.4", "part", False, False, None, "rect", "impassable; landslide on 5-6 in rain or snow (15 cm)", accessory=True),
        Kind("mine_entrance", "Mine entrance", "FW-11.8", "part", True, False, (3, 3, 3, 3), "rect", "", accessory=True),
        # markers
        Kind("cave", "Cave", "FW-21.5", "marker", True, False, (4, 4, 4, 4), "rect", "at the foot of the slope; may hide a lurking creature", accessory=True),
        Kind("beast", "Wild beast", "FW-19.6", "marker", True, False, (4, 4, 4, 4), "rect", "jungle beast (may be ignored in army battles, FW-19.7)", accessory=True),
        Kind("carnivorous_plant", "Carnivorous plant", "FW-19.6", "marker", True, False, (4, 4, 4, 4), "rect", "seizes any model within 5 cm (FW-19.8)", accessory=True),
        Kind("landing_point", "Landing point", "MED-6", "marker", True, False, (4, 4, 4, 4), "rect", "", accessory=True),
        Kind("hiding_place", "Ambush hiding place", "MED-2.1", "marker", True, False, (4, 4, 4, 4), "rect", "", accessory=True),
    )
}

#: FW-10.5 alternation: on these squares every other terrain feature is of this kind (AMB-28).
ALTERNATE = {"forest": frozenset({"wood", "enchanted_wood", "forest_section"}), "jungle": frozenset({"wood", "enchanted_wood", "forest_section"}), "swamp": frozenset({"swamp"})}
#: [DEV] features added to reach the base-rules count: on a flat table by its ground (keeping the FW-11.2
#: maxima), on a hilly or mountainous one by its relief (RELIEF_FILLERS).
FILLERS = {
    "plain": ("hillock", "raised_area", "wood", "marsh"),
    "uncultivated": ("wood", "hillock", "marsh", "raised_area"),
    "cultivated": ("wood", "hillock", "raised_area", "marsh"),
    "forest": ("hillock", "raised_area", "marsh", "lake"),
    "jungle": ("hillock", "raised_area", "marsh", "lake"),
    "swamp": ("hillock", "marsh", "lake", "wood"),
    "desert": ("dune", "boulders", "hillock"),
    "hills": ("hill", "wood", "marsh"),
    "mountainous": ("mountain", "boulders"),
    "mountain": ("mountain",),
}
#: [DEV] filler features of a hilly or mountainous table, whatever covers it (hills are dunes in a desert).
RELIEF_FILLERS = {"hilly": ("hill", "wood", "marsh"), "mountainous": ("mountain", "boulders")}
DESERT_HILL_FILLERS = ("dune", "boulders")
#: FW-21 (optional appendix, "players choose"): which special configurations mapgen uses [DEV],
#: by the table's relief (FW-11.2 type, or the mountain square) and by what covers it.
RELIEF_EXTRAS = {
    "hilly": ("rocky_ridge", "slippery_slope", "cave"),
    "mountain": ("cave",),
    "mountainous": ("cave",),
}
COVER_EXTRAS = {
    "desert": ("djebel", "quicksand"),
    "jungle": ("quicksand",),
}

ACCESSORY_KINDS = frozenset(k for k, v in KINDS.items() if v.accessory)
LINE_KINDS = frozenset(k for k, v in KINDS.items() if v.shape == "line")
WATER_LINES = frozenset({"river", "stream", "wadi"})

# --- sizes and distances fixed by the rules ------------------------------

HILLOCKS_MAX = 2  # FW-11.2 flat
RAISED_AREAS_MAX = 1  # FW-11.2 flat
HILLS_PASSABLE = 2  # FW-11.2 hilly: at least 4 hills, 2 passable and 2 impassable
HILLS_IMPASSABLE = 2
BOULDER_GAP_CM = 20  # FW-11.7 result 3
GLACIER_IMPASSABLE_OVER = 3  # FW-11.7.2: more than 3 crevasses
CHASM_GAP_CM = 10  # FW-11.7.3
OASIS_EDGE_CM = 30  # FW-11.5.6
FARM_DIFFICULT_SHARE = 0.25  # FW-11.8 result 3 (of the whole table)
VILLAGE_DIFFICULT_SHARE = 0.50  # FW-11.8 result 3 (of the table outside the village)
DANGER_GAP_CM = 30  # FW-19.6
SLIPPERY_SLOPE_MAX_CM = 20  # FW-21.4
HIDING_EDGE_CM = MED.HIDING_EDGE_IN * MED.INCH_CM  # MED-2.1: within 12 inches of the own long edge

# --- sizes the rules leave to the base rules [DEV] ------------------------

RIVER_WIDTH_CM = {"river": 8, "stream": 5, "wadi": 8}
ROAD_WIDTH_CM = 5
PASS_WIDTH_CM = 8
LAVA_WIDTH_CM = 5
WALL_THICKNESS_CM = 1
WALL_MARGIN_CM = 3  # walls stand this far outside a farm or village
BARRIER_WALL_STEP_CM = 4
BRIDGE_WIDTH_CM = 7
BRIDGE_OVERHANG_CM = 2
FORD_WIDTH_CM = 10
INLET_SIZE_CM = (30, 60)  # depth into the table from the short edge, length along it
FEATURE_GAP_CM = 2  # unrelated features keep this far apart so they can be told apart
HOUSES = (3, 5)  # houses of a village
LANDING_POINTS_PER_HALF = 2
#: Bounded search: candidate positions tried per feature and per round, and rounds.
CANDIDATES = 64
ROUNDS = 4
