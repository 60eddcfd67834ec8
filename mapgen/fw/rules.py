"""Fantasy Warriors campaign rules as data, each with its digest rule ID.

Source: ``shared/rules/fw-campaign.md`` (digest) and the Italian original.
Generation, validation, the legend and the setup sheet all read these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..tables import Table, band

if TYPE_CHECKING:
    import numpy as np

# --- FW-2.2 / FW-2.6: terrain types and their effects --------------------


@dataclass(frozen=True)
class Terrain:
    """A terrain type of the campaign map (FW-9.2): its movement modifier and force test."""

    id: str
    label: str
    movement: int | None  # FW-9.2 movement modifier; None for water
    force_test: int = 0  # FW-8.2
    water: bool = False
    #: FW-9.2: the modifier is a Naran Team addition [NT], counted only when the players take the optional rule.
    optional_movement: bool = False


TERRAIN: dict[str, Terrain] = {
    t.id: t
    for t in (
        Terrain("plain", "Plain (open)", 0),
        Terrain("uncultivated", "Uncultivated", 0),
        Terrain("cultivated", "Cultivated", -1, optional_movement=True),
        Terrain("hills", "Hills", -2, optional_movement=True),
        Terrain("mountain", "Mountain", -3, force_test=-3),
        Terrain("forest", "Forest", -2),
        Terrain("jungle", "Jungle", -2),
        Terrain("swamp", "Swamp", -1),
        Terrain("desert", "Desert", -1, optional_movement=True),
        Terrain("lake", "Lake", None, water=True),
        Terrain("sea", "Sea", None, water=True),
    )
}
LAND = frozenset(t for t, v in TERRAIN.items() if not v.water)
WATER = frozenset(t for t, v in TERRAIN.items() if v.water)
HIGH_GROUND = frozenset({"hills", "mountain"})

#: FW-2.6 overlay modifiers (rule ID, value, what it means).
RIVER_MOVEMENT = ("FW-2.6", -1, "river in the square; a bridge cancels it")
ROAD_MOVEMENT = ("FW-2.6", +1, "road or caravan track")
PASS_MOVEMENT = ("FW-2.6", 0, "mountain pass cancels the mountain modifier")
#: FW-9.2 [NT]: the road's bonus and the pass cancelling the mountain come with the optional movement rule too.
OPTIONAL_OVERLAYS = frozenset({"road", "mountain_pass"})

# --- FW-3.2: holdings terrain and race exceptions ------------------------

#: Terrain where no holding may stand (FW-3.2 item 4); water is never allowed.
HOLDING_FORBIDDEN = frozenset({"mountain", "forest", "jungle", "swamp"})

#: Race -> terrain its holdings may use despite FW-3.2 item 4, with the rule ID.
RACE_EXCEPTIONS: dict[str, tuple[frozenset[str], str]] = {
    "dwarves": (frozenset({"mountain"}), "FW-3.2.a"),
    "wood_elves": (frozenset({"forest", "jungle"}), "FW-3.2.b"),
    "goblins": (frozenset({"forest", "jungle"}), "FW-3.2.c"),
    "orcs": (frozenset({"swamp"}), "FW-3.2.d"),
}

#: Races a player may name; the Fantasy Warriors armies the rulebook mentions.
RACES = (
    "barbarians",
    "dark_elves",
    "dwarves",
    "goblins",
    "humans",
    "normans",
    "orcs",
    "undead",
    "wood_elves",
)


#: FW-20.2: races that as a rule get no port ("assegnare un porto a dei Nani sarebbe come darlo... alla Svizzera!").
#: ``mapgen fw-map --watercraft --ports both`` (or the side's letter) gives one all the same, as a player may ask.
PORTLESS_RACES: dict[str, str] = {"dwarves": "FW-20.2"}


def holding_terrain_allowed(terrain: str, race: str) -> bool:
    """FW-3.2 item 4 with the race exceptions (FW-3.2.a-d) and AMB-66."""
    if terrain in WATER:
        return False
    if terrain not in HOLDING_FORBIDDEN:
        return True
    allowed, _ = RACE_EXCEPTIONS.get(race, (frozenset(), ""))
    return terrain in allowed


def of_kind(terrain: np.ndarray, kinds) -> np.ndarray:
    """Where ``terrain`` is one of ``kinds``: ``np.isin`` for the few kinds a stage asks about.

    The same mask, without np.isin's setup, which cost more than the comparisons on a
    medium map (the generator asks a few dozen times a map).  numpy is imported here, not
    with the module: a campaign command reads these tables and never builds a map.
    """
    import numpy as np

    mask = np.zeros(terrain.shape, bool)
    for kind in kinds:
        mask |= terrain == kind
    return mask



# --- FW-20 (FW-2.5 item 9): navigable water on the map, ``--watercraft`` [NT] ----
# The rules say only that the map must mark which rivers are navigable, how far and by what
# craft, and the obstacles on them (FW-20.4); every number here is a [DEV] ruling
# (docs/explanation/rulings.md), declared once so the stage, the validator and the sheet agree.

#: [DEV] FW-20.4: a river edge is navigable by boats and rafts once this many river edges (its own
#: and its tributaries', one a day's march) drain through its lower end, and by ships from
#: :data:`SHIPS_FROM_EDGES`: a stream a day or two from its spring carries nothing bigger than a canoe.
BOATS_FROM_EDGES = 3
SHIPS_FROM_EDGES = 7
#: [DEV] FW-20.4: a river edge beside a mountain square is a torrent no craft sails; one beside
#: hills takes boats and rafts at most.
NO_CRAFT_BANKS = frozenset({"mountain"})
BOATS_ONLY_BANKS = frozenset({"hills"})
#: [DEV] FW-20.4: where a navigable river leaves high ground, the obstacle at that point:
#: it falls from the mountains, it runs down from the hills in rapids.
LEAVING_HIGH_GROUND = {"mountain": "waterfall", "hills": "rapids"}
#: [DEV] FW-20.4: the fall of a river's filled elevation (0..1, as ``River.elevations``) over the two
#: edges either side of a point within navigable water that makes rapids, and a waterfall; on the
#: maps measured, one navigable point in twenty drops as much as the rapids' figure.
RAPIDS_DROP = 0.17
WATERFALL_DROP = 0.3
#: [DEV] FW-20.4: each navigable stretch rolls once for what else lies on it ("chiuse", rocks, a bar
#: of sand): one stretch in four has one, at a point of the stretch rolled on :data:`RIVER_PLACE`.
RIVER_WORKS = Table(
    "FW-20.4",
    "River works and hazards [DEV]",
    "2D6",
    (
        band(2, 3, "reef", "Rocks in the river bed"),
        band(4, 9, "clear_water", "Clear water"),
        band(10, 11, "shallows", "Shallows (boats may run aground)"),
        band(12, 12, "lock", "A lock across the river"),
    ),
)
#: [DEV] The die that places a rolled obstacle: face f of 6 picks the point (f - 1) * n // 6 of the
#: stretch's n inner points with no obstacle yet (all its inner points when each has one; its ends when it has none).
RIVER_PLACE = "1D6"
#: [DEV] FW-20.7: each sea square beside land rolls for reefs, islands or atolls along the coast.
SEA_REEFS = Table(
    "FW-20.7",
    "Reefs off the coast [DEV]",
    "1D6",
    (band(1, 5, "open_sea", "Open sea"), band(6, 6, "reefs", "Reefs, islands or atolls")),
)
#: The [DEV] tables of the watercraft stage, for the setup sheet (the rulebook's own are :data:`ALL_TABLES`).
WATERCRAFT_TABLES = (RIVER_WORKS, SEA_REEFS)
#: ``--ports``: every side whose race may have one (``auto``, FW-20.2), both sides, none, or one side only.
PORT_CHOICES = ("auto", "both", "none", "A", "B")
#: [DEV] FW-20.2: which of a side's holdings is its port: the first of these waters it lies on (the sea's
#: coast first, a ships' river before a boats' one), then its capital before the others, then the holdings' order.
PORT_WATERS = ("sea", "lake", "ships", "boats")


#: FW-3.2 item 3 with AMB-07: same-side holdings at Chebyshev distance >= 3.
HOLDING_MIN_DISTANCE = 3

#: FW-3.3 suggested campaign sizes: minor holdings per side besides the capital.
CAMPAIGN_SIZES = {"small": 2, "medium": 3, "large": 6}

#: Particular terrain configurations (FW-2.5 item 5).
CONFIGS_PER_SIDE = 6
CONFIGS_NEUTRAL_PER_SIDE = 3

# --- FW-3.4: holding features -------------------------------------------

HOLDING_FEATURE = Table(
    "FW-3.4",
    "Holding features",
    "2D6",
    (
        band(2, 2, "sacred_grove", "Sacred Grove"),
        band(3, 4, "tower_of_magic", "Tower of Magic of the Enchanted Wood"),
        band(5, 6, "stonehenge_temple", "Stonehenge Temple"),
        band(7, 8, "sanctuary", "Sanctuary"),
        band(9, 9, "burial_mound", "Burial Mound"),
        band(10, 10, "village", "Village"),
        band(11, 11, "city", "City"),
        band(12, 12, "precious_metal_mine", "Precious-metal mine"),
    ),
)

BURIAL_OBJECT = Table(
    "FW-3.4.1",
    "Burial mound object",
    "1D6",
    (
        band(1, 1, "sacred_sword", "Sacred Sword"),
        band(2, 2, "sacred_spear", "Sacred Spear"),
        band(3, 3, "sacred_armour", "Sacred Armour"),
        band(4, 4, "sacred_shield", "Sacred Shield"),
        band(5, 5, "sacred_helm", "Sacred Helm"),
        band(6, 6, "sacred_magic_armour", "Sacred Magic Armour"),
    ),
)

# --- FW-7.2 to FW-7.4: climate, season, precipitation --------------------

CLIMATE = Table(
    "FW-7.2",
    "Climate zone",
    "1D6",
    (band(1, 2, "cold", "Cold"), band(3, 4, "temperate", "Temperate"), band(5, 6, "torrid", "Torrid")),
)

SEASON_TEMPERATE = Table(
    "FW-7.3.1",
    "Season (cold or temperate zones)",
    "1D6",
    (
        band(1, 2, "spring", "Spring", precipitation=1, kind="rain"),
        band(3, 3, "summer", "Summer", precipitation=0, kind="none"),
        band(4, 5, "autumn", "Autumn", precipitation=1, kind="rain or snow"),
        band(6, 6, "winter", "Winter", precipitation=2, kind="snow"),
    ),
)

SEASON_TORRID = Table(
    "FW-7.3.2",
    "Season (torrid zones)",
    "1D6",
    (
        band(1, 3, "great_rains", "Great rains", precipitation=2, kind="rain"),
        band(4, 6, "dry", "Dry season", precipitation=0, kind="none"),
    ),
)

#: FW-7.3 with AMB-09: cold zones are always winter (+2), no roll.
COLD_SEASON = SEASON_TEMPERATE.bands[-1]

#: FW-7.3 and FW-7.3.2 ("zone torride, con la sola esclusione dei deserti") with AMB-48:
#: in a torrid zone the season does not reach the deserts; a desert square is always
#: dry (modifier 0) and its 5 and 6 on the precipitation test are desert wind and
#: sandstorm.  Cold and temperate zones have no such exclusion.
TORRID_DESERT_PRECIPITATION = 0
TORRID_DESERT_KIND = "desert wind or sandstorm"

PRECIPITATION = Table(
    "FW-7.4",
    "Precipitation test",
    "1D6",
    (
        band(1, 3, "fine", "Fine"),
        band(4, 4, "light_rain", "Light rain"),
        band(5, 5, "heavy", "Heavy rain, light snowfall or desert wind"),
        band(6, 6, "storm", "Rainstorm, snowstorm or sandstorm"),
    ),
)

# --- FW-11.2: region type (AMB-73: rolled once for the campaign region) ---

REGION = Table(
    "FW-11.2",
    "Geographic type",
    "1D6",
    (band(1, 2, "flat", "Flat"), band(3, 4, "hilly", "Hilly"), band(5, 6, "mountainous", "Mountainous")),
)

# --- FW-2.5 item 5 / AMB-31: particular terrain configurations -----------

CONFIG_CATEGORY = Table(
    "AMB-31",
    "Particular configuration table",
    "1D6",
    (
        band(1, 2, "vegetation", "Vegetation (FW-11.5)"),
        band(3, 4, "hydrography", "Hydrography (FW-11.6)"),
        band(5, 5, "special", "Special configuration (FW-11.7)"),
        band(6, 6, "artificial", "Artificial works (FW-11.8)"),
    ),
)

VEGETATION = Table(
    "FW-11.5",
    "Vegetation",
    "1D6",
    (
        band(1, 2, "uncultivated", "Natural vegetation (uncultivated)"),
        band(3, 3, "cultivated", "Cultivated fields"),
        band(4, 4, "wood", "Wood"),
        band(5, 5, "forest", "Forest (jungle in a torrid zone)"),
        band(6, 6, "desert", "Desert or wasteland"),
    ),
)

WOOD_KIND = Table(
    "FW-11.5",
    "Wood kind",
    "1D6",
    (band(1, 3, "enchanted_wood", "Sacred or enchanted wood"), band(4, 6, "wood", "Ordinary wood")),
)

HYDROGRAPHY = Table(
    "FW-11.6",
    "Hydrography",
    "1D6",
    (
        band(1, 2, "river", "Stream, river or wadi"),
        band(3, 3, "marsh", "Marsh"),
        band(4, 4, "lake", "Lake"),
        band(5, 6, "swamp", "Swamp"),
    ),
)

SPECIAL_CONFIG = Table(
    "FW-11.7",
    "Special configurations",
    "1D6",
    (
        band(1, 1, "volcano", "Volcano and lava river"),
        band(2, 2, "dunes", "Dunes"),
        band(3, 3, "boulders", "Boulders"),
        band(4, 4, "isolated_mountain", "Isolated mountain"),
        band(5, 6, "glacier_or_chasm", "Glacier or chasm"),
    ),
)

ARTIFICIAL = Table(
    "FW-11.8",
    "Artificial works",
    "2D6",
    (
        band(2, 2, "mine_ruins_cemetery", "Mine, ruins or cemetery (1D6)"),
        band(3, 3, "farm_or_village", "Farm or village (1D6)"),
        band(4, 4, "temple", "Isolated temple"),
        band(5, 5, "tower", "Isolated tower"),
        band(6, 6, "sanctuary", "Sanctuary"),
        band(7, 7, "burial_mound", "Burial mound"),
        band(8, 8, "road", "Road"),
        band(9, 9, "bridge", "Bridge"),
        band(10, 10, "pass", "Mountain pass"),
        band(11, 12, "barrier", "Barrier"),
    ),
)

ARTIFICIAL_2 = Table(
    "FW-11.8",
    "Mine, ruins or cemetery",
    "1D6",
    (band(1, 2, "mine", "Mine"), band(3, 4, "ruins", "Ruins"), band(5, 6, "cemetery", "Cemetery")),
)

ARTIFICIAL_3 = Table(
    "FW-11.8",
    "Farm or village",
    "1D6",
    (band(1, 3, "farm", "Farm"), band(4, 6, "village", "Village")),
)

#: Category -> the table rolled for it (AMB-31).
CONFIG_TABLES = {
    "vegetation": VEGETATION,
    "hydrography": HYDROGRAPHY,
    "special": SPECIAL_CONFIG,
    "artificial": ARTIFICIAL,
}
#: FW-11.5 result 4 (a wood, sacred or ordinary): forest terrain in every climate zone.
#: Only result 5 is a jungle in a torrid zone ("Foresta o Giungla ... la seconda se la zona
#: è calda"), with the jungle rules of FW-19.
WOOD_NAMES = frozenset({"wood", "enchanted_wood"})

#: The terrain a rolled configuration gives its square (FW-11.5; FW-11.6 results 4 and
#: 5-6; FW-11.8 result 3, farms and villages in fields).  No later stage may change it.
CONFIG_TERRAIN = {
    "uncultivated": "uncultivated",
    "cultivated": "cultivated",
    "wood": "forest",
    "enchanted_wood": "forest",
    "forest": "forest",
    "jungle": "jungle",
    "desert": "desert",
    "wasteland": "desert",
    "lake": "lake",
    "swamp": "swamp",
    "farm": "cultivated",
    "village": "cultivated",
}
#: FW-11.6 result 1-2 by where it lies: a stream in mountain zones, a wadi in deserts, else a river.
WATERCOURSE_NAMES = ("river", "stream", "wadi")
WATERCOURSE_KINDS = ("new", "second")


def watercourse_name(terrain: str) -> str:
    """FW-11.6 result 1-2 on a square of ``terrain``: a stream in mountain zones (hills and
    mountains), a wadi in a desert, a river elsewhere; the generator and the validator both ask here."""
    return "stream" if terrain in HIGH_GROUND else "wadi" if terrain == "desert" else "river"


#: Outcomes resolved by a second roll (FW-11.5 result 4, FW-11.8 results 2 and 3).
SUB_TABLES = {
    "wood": WOOD_KIND,
    "mine_ruins_cemetery": ARTIFICIAL_2,
    "farm_or_village": ARTIFICIAL_3,
}

#: Every table here, for the tests and the setup sheet.
ALL_TABLES = (
    HOLDING_FEATURE,
    BURIAL_OBJECT,
    CLIMATE,
    SEASON_TEMPERATE,
    SEASON_TORRID,
    PRECIPITATION,
    REGION,
    CONFIG_CATEGORY,
    VEGETATION,
    WOOD_KIND,
    HYDROGRAPHY,
    SPECIAL_CONFIG,
    ARTIFICIAL,
    ARTIFICIAL_2,
    ARTIFICIAL_3,
)
