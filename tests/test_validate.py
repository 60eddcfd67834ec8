"""The validator catches each broken rule, naming its rule ID.

Most cases break one rule of a small hand-made map (``fw_tiny.tiny``) and
expect exactly the violations listed, rule ID and message; a few break a
generated map.
"""

import copy
import json

import pytest

from mapgen.errors import BadFileError
from mapgen.fw.model import Climate, Crossing, FwMap, Holding, River, Road
from mapgen.fw.rivers import river_squares
from mapgen.fw.validate import CHECKS, check_territory, validate

from .fw_tiny import cached_map, config, tiny, transposed

def sethold(m, i, **kw):
    for k, v in kw.items(): setattr(m.holdings[i], k, v)

BREAKS = {
 # territory FW-2.3
 "first third not one side": lambda m: m.territory.__setitem__((0, 0), "N"),
 "last third not one side": lambda m: m.territory.__setitem__((5, 8), "A"),
 "centre not neutral": lambda m: m.territory.__setitem__((3, 4), "A"),
 "both ends one side": lambda m: (m.territory.__setitem__((slice(None), slice(6, None)), "A"), [sethold(m, i, side="A") for i in (2, 3)]),
 # holdings FW-3.1 / FW-3.2
 "no capital": lambda m: sethold(m, 0, capital=False),
 "two capitals": lambda m: sethold(m, 1, capital=True),
 "holding outside": lambda m: sethold(m, 1, square=(1, 9)),
 "two on one square": lambda m: m.holdings.append(Holding("A", (1, 1), False, "city")),
 "enemy territory": lambda m: sethold(m, 1, square=(4, 4)),
 "on a lake": lambda m: m.terrain.__setitem__((4, 1), "lake"),
 "on a mountain": lambda m: m.terrain.__setitem__((4, 1), "mountain"),
 "on a forest": lambda m: m.terrain.__setitem__((4, 1), "forest"),
 "on a swamp": lambda m: m.terrain.__setitem__((4, 1), "swamp"),
 "too close": lambda m: sethold(m, 1, square=(1, 3)),
 # chains FW-2.5
 "isolated hill": lambda m: m.terrain.__setitem__((4, 7), "hills"),
}

def reflag(m):
    """River and road flags recomputed from the lists, so one broken rule shows alone."""
    m.river[:] = river_squares(m.rivers, m.width, m.height)
    m.road[:] = False
    for r in m.roads:
        for c, row in r.squares:
            m.road[row, c] = True


def river(m): return m.rivers[0]
def setr(m, **kw):
    for k, v in kw.items(): setattr(m.rivers[0], k, v)

BREAKS.update({
 "river one point": lambda m: setr(m, points=[(4, 1)], elevations=[]),
 "river leaves the map": lambda m: setr(m, points=river(m).points + [(4, 7)], elevations=[]),
 "river loops": lambda m: setr(m, points=river(m).points + [(4, 5)], elevations=[]),
 "river jumps": lambda m: setr(m, points=[(4, 1), (4, 3), (4, 4), (4, 5), (4, 6)], elevations=[]),
 "river on the border": lambda m: (setr(m, points=[(1, 1), (0, 1), (0, 2)], elevations=[]), m.crossings.clear(), reflag(m)),
 "river beside a lake": lambda m: m.terrain.__setitem__((3, 3), "lake"),
 "river uphill": lambda m: setr(m, elevations=list(reversed(river(m).elevations))),
 "river flat": lambda m: setr(m, elevations=[0.5] * 6),
 "river elevations short": lambda m: setr(m, elevations=river(m).elevations[:-1]),
 "river born on the plain": lambda m: m.terrain.__setitem__((0, slice(3, 5)), "plain"),
 "mouth lake": lambda m: setr(m, mouth="lake"),
 "mouth sea": lambda m: setr(m, mouth="sea"),
 "mouth river": lambda m: setr(m, mouth="river"),
 "mouth edge inland": lambda m: (setr(m, points=river(m).points[:-1], elevations=river(m).elevations[:-1]), reflag(m)),
 "flag extra": lambda m: m.river.__setitem__((0, 0), True),
 "flag missing": lambda m: m.river.__setitem__((5, 3), False),
 "config river elsewhere": lambda m: setr(m, configuration=(6, 4)),
 "config river of no config": lambda m: setr(m, configuration=(3, 0)),
 # crossings AMB-06
 "two crossings one edge": lambda m: m.crossings.append(Crossing(((4, 1), (3, 1)), "ford")),
 "crossing apart": lambda m: m.crossings.append(Crossing(((3, 3), (5, 3)), "ford")),
 "crossing off the river": lambda m: m.crossings.append(Crossing(((1, 3), (2, 3)), "ford")),
 # roads
 "road leaves": lambda m: m.roads[0].squares.append((1, 6)),
 "road over a lake": lambda m: m.terrain.__setitem__((1, 2), "lake"),
 "road over a mountain": lambda m: (m.terrain.__setitem__((2, slice(1, 3)), "mountain")),
 "road over a pass": lambda m: (m.terrain.__setitem__((2, slice(1, 3)), "mountain"), m.features.__setitem__((1, 2), ["pass"])),
 "road jumps": lambda m: m.roads[0].squares.pop(1),
 "road diagonal through a river point": lambda m: (m.roads.append(Road([(3, 3), (4, 4)])), m.road.__setitem__((3, 3), True), m.road.__setitem__((4, 4), True)),
 "road without bridge": lambda m: m.crossings.clear(),
 "road on a ford": lambda m: setattr(m.crossings[0], "kind", "ford"),
 "road flag": lambda m: m.road.__setitem__((5, 5), True),
 "no road to holding": lambda m: (m.roads.pop(0), reflag(m)),
 "no road between capitals": lambda m: (m.roads.pop(2), reflag(m)),
 # reachability
 "cut off": lambda m: (setr(m, points=[(4, 0)] + river(m).points, elevations=[0.6] + river(m).elevations), m.crossings.clear(), m.roads.pop(2), reflag(m)),
})

def clim(m, **kw):
    for k, v in kw.items(): setattr(m.climate, k, v)

def torrid(m, season="dry", mod=0, kind="none"):
    clim(m, zone="torrid", season=season, precipitation_modifier=mod, precipitation_kind=kind,
         desert_precipitation_modifier=0, desert_precipitation_kind="desert wind or sandstorm")

def add(m, *cs):
    for c in cs:
        m.configs.append(c); m.features.setdefault(c.square, []).append(c.name)

BREAKS.update({
 "summer in a torrid zone": lambda m: clim(m, zone="torrid"),
 "great rains in a temperate zone": lambda m: clim(m, season="great_rains"),
 "spring in a cold zone": lambda m: clim(m, zone="cold", season="spring", precipitation_modifier=1, precipitation_kind="rain", desert_precipitation_modifier=1, desert_precipitation_kind="rain"),
 "cold winter right": lambda m: clim(m, zone="cold", season="winter", precipitation_modifier=2, precipitation_kind="snow", desert_precipitation_modifier=2, desert_precipitation_kind="snow"),
 "summer +1": lambda m: clim(m, precipitation_modifier=1, desert_precipitation_modifier=1),
 "summer kind rain": lambda m: clim(m, precipitation_kind="rain", desert_precipitation_kind="rain"),
 "temperate desert differs": lambda m: clim(m, desert_precipitation_modifier=2),
 "torrid dry right": lambda m: torrid(m),
 "torrid rains right": lambda m: torrid(m, "great_rains", 2, "rain"),
 "torrid desert follows the season": lambda m: (torrid(m, "great_rains", 2, "rain"), clim(m, desert_precipitation_modifier=2)),
 "torrid desert kind": lambda m: (torrid(m), clim(m, desert_precipitation_kind="none")),
 "cold winter +1": lambda m: clim(m, zone="cold", season="winter", precipitation_modifier=1, precipitation_kind="snow", desert_precipitation_modifier=1, desert_precipitation_kind="snow"),
 "desert in a temperate zone": lambda m: m.terrain.__setitem__((5, 4), "desert"),
 "wasteland in a temperate zone": lambda m: (m.terrain.__setitem__((5, 4), "desert"), add(m, config((4, 5), "wasteland"))),
 "forest in a torrid zone": lambda m: (torrid(m), m.terrain.__setitem__((5, 4), "forest")),
 "wood in a torrid zone": lambda m: (torrid(m), m.terrain.__setitem__((5, 4), "forest"), add(m, config((4, 5), "wood"))),
 "jungle in a temperate zone": lambda m: m.terrain.__setitem__((5, 4), "jungle"),
 # configs
 "config outside": lambda m: m.configs.append(config((9, 1), "ruins", "artificial", "FW-11.8", territory="B")),
 "config in the wrong territory": lambda m: add(m, config((4, 5), "ruins", "artificial", "FW-11.8", territory="A")),
 "pass on the plain": lambda m: add(m, config((4, 5), "pass", "artificial", "FW-11.8")),
 "barrier off a pass": lambda m: add(m, config((4, 5), "barrier", "artificial", "FW-11.8")),
 "barrier on a road pass": lambda m: (m.terrain.__setitem__((2, slice(1, 3)), "mountain"), m.features.__setitem__((1, 2), ["pass"]), add(m, config((1, 2), "barrier", "artificial", "FW-11.8"))),
 "barrier on a rolled pass": lambda m: (m.terrain.__setitem__((5, slice(4, 6)), "mountain"), add(m, config((4, 5), "pass", "artificial", "FW-11.8"), config((4, 5), "barrier", "artificial", "FW-11.8"))),
 "bridge off the river": lambda m: add(m, config((1, 5), "bridge", "artificial", "FW-11.8")),
 "bridge on the river": lambda m: add(m, config((3, 5), "bridge", "artificial", "FW-11.8")),
 "grassland overwritten": lambda m: add(m, config((4, 5), "uncultivated")),
 "grassland kept": lambda m: (m.terrain.__setitem__((5, 4), "uncultivated"), add(m, config((4, 5), "uncultivated"))),
 "farm off fields": lambda m: add(m, config((4, 5), "farm", "artificial", "FW-11.8")),
 "lake config on land": lambda m: add(m, config((5, 5), "lake", "hydrography", "FW-11.6")),
 "glacier low": lambda m: (m.terrain.__setitem__((5, slice(4, 6)), "mountain"), m.elevation.__setitem__((5, 4), 0.5), m.elevation.__setitem__((5, 5), 0.7), add(m, config((4, 5), "glacier", "special", "FW-11.7"))),
 "glacier high": lambda m: (m.terrain.__setitem__((5, slice(4, 6)), "mountain"), m.elevation.__setitem__((5, 4), 0.5), m.elevation.__setitem__((5, 5), 0.7), add(m, config((5, 5), "glacier", "special", "FW-11.7"))),
 "stream on the plain": lambda m: add(m, config((3, 3), "stream", "hydrography", "FW-11.6", watercourse="second")),
 "river on hills": lambda m: add(m, config((3, 0), "river", "hydrography", "FW-11.6", watercourse="second")),
 "wadi on the plain": lambda m: add(m, config((3, 3), "wadi", "hydrography", "FW-11.6", watercourse="second")),
 "river without one": lambda m: add(m, config((1, 3), "river", "hydrography", "FW-11.6", watercourse="second")),
 "river no kind": lambda m: add(m, config((3, 3), "river", "hydrography", "FW-11.6")),
 "river new but none": lambda m: add(m, config((3, 3), "river", "hydrography", "FW-11.6", watercourse="new")),
 "river second right": lambda m: add(m, config((3, 3), "river", "hydrography", "FW-11.6", watercourse="second")),
 "seven own": lambda m: add(m, *[config((c, r), "ruins", "artificial", "FW-11.8") for c in range(3) for r in (0, 5)], config((0, 3), "ruins", "artificial", "FW-11.8")),
 "six own": lambda m: add(m, *[config((c, r), "ruins", "artificial", "FW-11.8") for c in range(3) for r in (0, 5)]),
 "four neutral": lambda m: add(m, *[config((c, 5), "ruins", "artificial", "FW-11.8") for c in (3, 5)], *[config((c, 3), "ruins", "artificial", "FW-11.8") for c in (3, 5)]),
 "one in enemy territory": lambda m: add(m, config((7, 5), "ruins", "artificial", "FW-11.8", rolled_by="A")),
})


EXPECTED = {
    'first third not one side': [
        ('FW-2.3', 'the first outer third (3 squares deep) must belong wholly to one side'),
    ],
    'last third not one side': [
        ('FW-2.3', 'the last outer third (3 squares deep) must belong wholly to one side'),
    ],
    'centre not neutral': [
        ('FW-2.3', "the central third (3 squares) must be neutral ('N')"),
    ],
    'both ends one side': [
        ('FW-2.3', 'both outer thirds belong to the same side'),
        ('FW-3.1', 'side A has 2 capitals; it must have exactly one'),
        ('FW-3.1', 'side B has 0 capitals; it must have exactly one'),
    ],
    'no capital': [
        ('FW-3.1', 'side A has 0 capitals; it must have exactly one'),
    ],
    'two capitals': [
        ('FW-3.1', 'side A has 2 capitals; it must have exactly one'),
    ],
    'holding outside': [
        ('FW-3.2', 'holding at B10 is outside the map'),
        ('FW-2.5', "no road joins side A's capital B2 to its holding at B10"),
    ],
    'two on one square': [
        ('FW-3.2', 'two holdings on B2'),
        ('FW-3.2', "side A's holdings at B2 and B2 are 0 square(s) apart; they must be at least 3 apart (AMB-07)"),
    ],
    'enemy territory': [
        ('FW-3.2', "side A's holding at E5 is in territory N, not its own"),
        ('FW-2.5', "no road joins side A's capital B2 to its holding at E5"),
    ],
    'on a lake': [
        ('FW-3.2', 'holding at B5 stands on lake'),
        ('FW-2.5', 'road 1 runs over lake at B5'),
    ],
    'on a mountain': [
        ('FW-3.2', 'side A (humans) may not place a holding on mountain at B5 (only the race of FW-3.2.a may)'),
        ('FW-2.5', 'mountain at B5 is isolated; hills and mountains form chains'),
        ('FW-2.6', 'road 1 crosses the mountain at B5 without a pass'),
    ],
    'on a forest': [
        ('FW-3.2', 'side A (humans) may not place a holding on forest at B5 (only the race of FW-3.2.b may)'),
    ],
    'on a swamp': [
        ('FW-3.2', 'side A (humans) may not place a holding on swamp at B5 (only the race of FW-3.2.d may)'),
    ],
    'too close': [
        ('FW-3.2', "side A's holdings at B2 and B4 are 2 square(s) apart; they must be at least 3 apart (AMB-07)"),
    ],
    'isolated hill': [
        ('FW-2.5', 'hills at H5 is isolated; hills and mountains form chains'),
    ],
    'river one point': [
        ('FW-2.5', 'river 1 has fewer than two points'),
        ('AMB-06', 'bridge between D2 and E2 is not on a river edge'),
    ],
    'river leaves the map': [
        ('FW-2.5', 'river 1 leaves the map'),
    ],
    'river loops': [
        ('FW-2.5', 'river 1 visits a point twice (a loop)'),
        ('FW-2.5', "river 1 ends at (4, 5), which is not a valid 'edge' mouth"),
    ],
    'river jumps': [
        ('FW-2.5', 'river 1 jumps from (4, 1) to (4, 3); rivers follow square edges'),
        ('AMB-06', 'bridge between D2 and E2 is not on a river edge'),
    ],
    'river on the border': [
        ('FW-2.5', 'river 1 runs along the map border at (0, 1)-(0, 2)'),
        ('FW-2.5', 'river 1 is not born beside hills or mountains (source (1, 1))'),
    ],
    'river beside a lake': [
        ('FW-2.5', 'river 1 runs along lake at D4'),
    ],
    'river uphill': [
        ('FW-2.5', 'river 1 does not flow strictly downhill'),
    ],
    'river flat': [
        ('FW-2.5', 'river 1 does not flow strictly downhill'),
    ],
    'river elevations short': [
        ('FW-2.5', 'river 1 does not flow strictly downhill'),
    ],
    'river born on the plain': [
        ('FW-2.5', 'river 1 is not born beside hills or mountains (source (4, 1))'),
    ],
    'mouth lake': [
        ('FW-2.5', "river 1 ends at (4, 6), which is not a valid 'lake' mouth"),
    ],
    'mouth sea': [
        ('FW-2.5', "river 1 ends at (4, 6), which is not a valid 'sea' mouth"),
    ],
    'mouth river': [
        ('FW-2.5', "river 1 ends at (4, 6), which is not a valid 'river' mouth"),
    ],
    'mouth edge inland': [
        ('FW-2.5', "river 1 ends at (4, 5), which is not a valid 'edge' mouth"),
    ],
    'flag extra': [
        ('FW-2.5', 'square A1 has the river flag but does not touch a river edge'),
    ],
    'flag missing': [
        ('FW-2.5', 'square D6 lacks the river flag but touches a river edge'),
    ],
    'config river elsewhere': [
        ('FW-11.6', 'river 1 was drawn by the configuration at G5 but does not rise along an edge of that square'),
        ('FW-11.6', 'river 1 names the configuration at G5, which drew no new watercourse'),
    ],
    'config river of no config': [
        ('FW-11.6', 'river 1 was drawn by the configuration at D1 but does not rise along an edge of that square'),
        ('FW-11.6', 'river 1 names the configuration at D1, which drew no new watercourse'),
    ],
    'two crossings one edge': [
        ('AMB-06', 'two crossings on the edge E2|D2'),
    ],
    'crossing apart': [
        ('AMB-06', 'ford between D4 and F4: the squares do not share an edge'),
    ],
    'crossing off the river': [
        ('AMB-06', 'ford between B4 and C4 is not on a river edge'),
    ],
    'road leaves': [
        ('FW-2.5', 'road 1 leaves the map at (1, 6)'),
    ],
    'road over a lake': [
        ('FW-2.5', 'road 3 runs over lake at C2'),
    ],
    'road over a mountain': [
        ('FW-2.6', 'road 1 crosses the mountain at B3 without a pass'),
    ],
    'road over a pass': [],
    'road jumps': [
        ('FW-2.5', 'road 1 jumps from B2 to B4'),
        ('FW-2.5', 'square B3: its road flag does not match the roads list'),
    ],
    'road diagonal through a river point': [
        ('AMB-06', 'road 4 slips diagonally through a river point between D4 and E5'),
    ],
    'road without bridge': [
        ('AMB-06', 'road 3 crosses a river between D2 and E2 without a bridge'),
    ],
    'road on a ford': [
        ('AMB-06', 'road 3 crosses a river between D2 and E2 without a bridge'),
    ],
    'road flag': [
        ('FW-2.5', 'square F6: its road flag does not match the roads list'),
    ],
    'no road to holding': [
        ('FW-2.5', "no road joins side A's capital B2 to its holding at B5"),
    ],
    'no road between capitals': [
        ('FW-2.5', 'no road joins the capitals B2 and H2'),
    ],
    'cut off': [
        ('FW-2.5', 'no road joins the capitals B2 and H2'),
        ('AMB-06', 'holding at H2 cannot be reached by land from B2 (rivers are crossed only at bridges and fords)'),
        ('AMB-06', 'holding at H5 cannot be reached by land from B2 (rivers are crossed only at bridges and fords)'),
    ],
    'summer in a torrid zone': [
        ('FW-7.3', "season 'summer' does not exist in a torrid zone"),
    ],
    'great rains in a temperate zone': [
        ('FW-7.3', "season 'great_rains' does not exist in a temperate zone"),
    ],
    'spring in a cold zone': [
        ('FW-7.3', "season 'spring' does not exist in a cold zone"),
    ],
    'cold winter right': [],
    'summer +1': [
        ('FW-7.3.1', 'summer gives precipitation modifier +0 (none), not +1 (none)'),
        ('FW-7.3.1', 'desert precipitation modifier +1 (none): deserts of a temperate zone follow its season, so +0 (none)'),
    ],
    'summer kind rain': [
        ('FW-7.3.1', 'summer gives precipitation modifier +0 (none), not +0 (rain)'),
        ('FW-7.3.1', 'desert precipitation modifier +0 (rain): deserts of a temperate zone follow its season, so +0 (none)'),
    ],
    'temperate desert differs': [
        ('FW-7.3.1', 'desert precipitation modifier +2 (none): deserts of a temperate zone follow its season, so +0 (none)'),
    ],
    'torrid dry right': [],
    'torrid rains right': [],
    'torrid desert follows the season': [
        ('FW-7.3.2', 'desert precipitation modifier +2 (desert wind or sandstorm): deserts are left out of the torrid season (AMB-48), so +0 (desert wind or sandstorm)'),
    ],
    'torrid desert kind': [
        ('FW-7.3.2', 'desert precipitation modifier +0 (none): deserts are left out of the torrid season (AMB-48), so +0 (desert wind or sandstorm)'),
    ],
    'cold winter +1': [
        ('FW-7.3', 'winter gives precipitation modifier +2 (snow), not +1 (snow)'),
        ('FW-7.3', 'desert precipitation modifier +1 (snow): deserts of a cold zone follow its season, so +2 (snow)'),
    ],
    'desert in a temperate zone': [
        ('FW-2.2', 'desert at E6 in a temperate zone (only a cursed wasteland may be)'),
    ],
    'wasteland in a temperate zone': [],
    'forest in a torrid zone': [
        ('FW-11.5', 'forest at E6 in a torrid zone: forests are jungles there, only a rolled wood is not'),
    ],
    'wood in a torrid zone': [],
    'jungle in a temperate zone': [
        ('FW-11.5', 'jungle at E6 outside a torrid zone'),
    ],
    'config outside': [
        ('FW-2.5', 'configuration ruins is outside the map'),
        ('FW-2.5', 'side A has 1 configurations in territory B; at most 0'),
    ],
    'config in the wrong territory': [
        ('FW-2.5', 'ruins at E6 lies in territory N, not A'),
    ],
    'pass on the plain': [
        ('AMB-44', 'pass at E6 is not on a mountain square'),
    ],
    'barrier off a pass': [
        ('AMB-44', 'barrier at E6 is not on a pass'),
    ],
    'barrier on a road pass': [],
    'barrier on a rolled pass': [],
    'bridge off the river': [
        ('AMB-44', 'bridge at B6 is not on a river square'),
    ],
    'bridge on the river': [],
    'grassland overwritten': [
        ('FW-11.5', 'uncultivated at E6 lies on plain: a rolled configuration keeps its uncultivated square'),
    ],
    'grassland kept': [],
    'farm off fields': [
        ('FW-11.8', 'farm at E6 lies on plain: a rolled configuration keeps its cultivated square'),
    ],
    'lake config on land': [
        ('FW-11.6', 'lake at F6 lies on plain: a rolled configuration keeps its lake square'),
    ],
    'glacier low': [
        ('FW-11.7', 'glacier at E6 is not on a high mountain (the upper half of a chain)'),
    ],
    'glacier high': [],
    'stream on the plain': [
        ('FW-11.6', 'stream at D4 on plain: there it is a river'),
    ],
    'river on hills': [
        ('FW-11.6', 'river at D1 on hills: there it is a stream'),
        ('FW-11.6', 'river at D1: the square has no river on the map'),
    ],
    'wadi on the plain': [
        ('FW-11.6', 'wadi at D4 on plain: there it is a river'),
    ],
    'river without one': [
        ('FW-11.6', 'river at B4: the square has no river on the map'),
    ],
    'river no kind': [
        ('FW-11.6', "river at D4: watercourse None is neither 'new' nor 'second'"),
    ],
    'river new but none': [
        ('FW-11.6', 'river at D4 says it drew a new watercourse, but no river rises there'),
    ],
    'river second right': [],
    'seven own': [
        ('FW-2.5', 'side A has 7 configurations in territory A; at most 6'),
    ],
    'six own': [],
    'four neutral': [
        ('FW-2.5', 'side A has 4 configurations in territory N; at most 3'),
    ],
    'one in enemy territory': [
        ('FW-2.5', 'side A has 1 configurations in territory B; at most 0'),
    ],
}

# Cases where one broken thing must not hide the next, and rules met in ways the
# cases above do not reach (a dwarf's mountain, a tributary, a one-edge river).
def mountain_holding(m):
    m.sides[0].race = "dwarves"
    m.terrain[4, 0] = m.terrain[4, 1] = "mountain"  # a chain of two; B5 on it
    m.features[(1, 4)] = ["pass"]  # road 1 ends on B5


def interleave(m):
    m.holdings[:] = [m.holdings[0], m.holdings[2], m.holdings[1], m.holdings[3]]  # B2, H2, B5, H5


BREAKS.update({
 "outside, then on a forest": lambda m: (sethold(m, 1, square=(1, 9)), m.terrain.__setitem__((4, 7), "forest")),
 "dwarves on a mountain": mountain_holding,
 "hills two rows apart": lambda m: (m.terrain.__setitem__((2, 7), "hills"), m.terrain.__setitem__((4, 7), "hills")),
 "hills two columns apart": lambda m: (m.terrain.__setitem__((4, 5), "hills"), m.terrain.__setitem__((4, 7), "hills")),
 "rivers broken one after another": lambda m: (
     m.rivers.insert(0, River([(1, 1)], "edge")),
     m.rivers.insert(1, River([(4, 1), (4, 3)], "river")),
     m.rivers.insert(2, River([(9, 0), (10, 0)], "edge")),
     setattr(m.rivers[3], "elevations", list(reversed(m.rivers[3].elevations)))),
 "river zigzag": lambda m: setr(m, elevations=[0.5, 0.3, 0.4, 0.2, 0.3, 0.1]),
 "river along the border for two edges": lambda m: (setr(m, points=[(1, 1), (0, 1), (0, 2), (0, 3)], elevations=[]), m.crossings.clear(), reflag(m)),
 "river on the east border": lambda m: (m.rivers.append(River([(9, 4), (9, 5), (9, 6)], "edge")), reflag(m)),
 "river on the south border": lambda m: (m.rivers.append(River([(6, 6), (7, 6)], "edge")), reflag(m)),
 "river beside a long lake": lambda m: (m.terrain.__setitem__((3, 3), "lake"), m.terrain.__setitem__((4, 3), "lake")),
 "river rises off its configuration": lambda m: (setr(m, configuration=(4, 2)), add(m, config((4, 2), "river", "hydrography", "FW-11.6", watercourse="new"))),
 "river names a configuration another drew": lambda m: (setr(m, configuration=(3, 1)), add(m, config((3, 3), "river", "hydrography", "FW-11.6", watercourse="new"))),
 "unknown mouth": lambda m: setr(m, mouth="ocean"),
 "tributary": lambda m: (m.rivers.append(River([(3, 0), (3, 1), (4, 1)], "river", [0.7, 0.65, 0.6])), reflag(m)),
 "one-edge river without its flags": lambda m: m.rivers.append(River([(3, 1), (3, 0)], "edge")),
 "crossing apart, then off the river": lambda m: (m.crossings.append(Crossing(((3, 3), (5, 3)), "ford")), m.crossings.append(Crossing(((1, 3), (2, 3)), "ford"))),
 "road jumps, then crosses a river": lambda m: (m.roads.append(Road([(2, 4), (2, 2), (3, 2), (4, 2)])), reflag(m)),
 "holding on a road of its own": lambda m: (m.roads.__setitem__(0, Road([(1, 4), (2, 4)])), reflag(m)),
 "config outside, then off its ground": lambda m: (m.configs.append(config((9, 1), "ruins", "artificial", "FW-11.8", territory="B")), add(m, config((4, 5), "pass", "artificial", "FW-11.8"))),
 "barrier listed without features": lambda m: m.configs.append(config((4, 5), "barrier", "artificial", "FW-11.8")),
 "barrier on a rolled pass, no features": lambda m: (m.terrain.__setitem__((5, slice(4, 6)), "mountain"), m.configs.extend([config((4, 5), "pass", "artificial", "FW-11.8"), config((4, 5), "barrier", "artificial", "FW-11.8")])),
 "barrier beside a rolled pass": lambda m: (m.terrain.__setitem__((5, slice(4, 6)), "mountain"), m.configs.extend([config((5, 5), "pass", "artificial", "FW-11.8"), config((4, 5), "barrier", "artificial", "FW-11.8")])),
 "cut off, holdings interleaved": lambda m: (interleave(m), setr(m, points=[(4, 0)] + river(m).points, elevations=[0.6] + river(m).elevations), m.crossings.clear(), m.roads.pop(2), reflag(m)),
})

EXPECTED.update({
    "outside, then on a forest": [
        ("FW-3.2", "holding at B10 is outside the map"),
        ("FW-3.2", "side B (humans) may not place a holding on forest at H5 (only the race of FW-3.2.b may)"),
        ("FW-2.5", "no road joins side A's capital B2 to its holding at B10"),
    ],
    "dwarves on a mountain": [],
    "hills two rows apart": [
        ("FW-2.5", "hills at H3 is isolated; hills and mountains form chains"),
        ("FW-2.5", "hills at H5 is isolated; hills and mountains form chains"),
    ],
    "hills two columns apart": [
        ("FW-2.5", "hills at F5 is isolated; hills and mountains form chains"),
        ("FW-2.5", "hills at H5 is isolated; hills and mountains form chains"),
    ],
    "rivers broken one after another": [
        ("FW-2.5", "river 1 has fewer than two points"),
        ("FW-2.5", "river 2 jumps from (4, 1) to (4, 3); rivers follow square edges"),
        ("FW-2.5", "river 3 leaves the map"),
        ("FW-2.5", "river 4 does not flow strictly downhill"),
    ],
    "river zigzag": [("FW-2.5", "river 1 does not flow strictly downhill")],
    "river along the border for two edges": [
        ("FW-2.5", "river 1 runs along the map border at (0, 1)-(0, 2)"),
        ("FW-2.5", "river 1 is not born beside hills or mountains (source (1, 1))"),
    ],
    "river on the east border": [
        ("FW-2.5", "river 2 runs along the map border at (9, 4)-(9, 5)"),
        ("FW-2.5", "river 2 is not born beside hills or mountains (source (9, 4))"),
    ],
    "river on the south border": [
        ("FW-2.5", "river 2 runs along the map border at (6, 6)-(7, 6)"),
        ("FW-2.5", "river 2 is not born beside hills or mountains (source (6, 6))"),
    ],
    "river beside a long lake": [("FW-2.5", "river 1 runs along lake at D4")],
    "river rises off its configuration": [
        ("FW-11.6", "river 1 was drawn by the configuration at E3 but does not rise along an edge of that square"),
    ],
    "river names a configuration another drew": [
        ("FW-11.6", "river 1 names the configuration at D2, which drew no new watercourse"),
        ("FW-11.6", "river at D4 says it drew a new watercourse, but no river rises there"),
    ],
    "unknown mouth": [("FW-2.5", "river 1 ends at (4, 6), which is not a valid 'ocean' mouth")],
    "tributary": [],
    "one-edge river without its flags": [
        ("FW-2.5", "square C1 lacks the river flag but touches a river edge"),
        ("FW-2.5", "square D1 lacks the river flag but touches a river edge"),
    ],
    "crossing apart, then off the river": [
        ("AMB-06", "ford between D4 and F4: the squares do not share an edge"),
        ("AMB-06", "ford between B4 and C4 is not on a river edge"),
    ],
    "road jumps, then crosses a river": [
        ("FW-2.5", "road 4 jumps from C5 to C3"),
        ("AMB-06", "road 4 crosses a river between D3 and E3 without a bridge"),
    ],
    "holding on a road of its own": [("FW-2.5", "no road joins side A's capital B2 to its holding at B5")],
    "config outside, then off its ground": [
        ("FW-2.5", "configuration ruins is outside the map"),
        ("AMB-44", "pass at E6 is not on a mountain square"),
        ("FW-2.5", "side A has 1 configurations in territory B; at most 0"),
    ],
    "barrier listed without features": [("AMB-44", "barrier at E6 is not on a pass")],
    "barrier on a rolled pass, no features": [],
    "barrier beside a rolled pass": [("AMB-44", "barrier at E6 is not on a pass")],
    "cut off, holdings interleaved": [
        ("FW-2.5", "no road joins the capitals B2 and H2"),
        ("AMB-06", "holding at H2 cannot be reached by land from B2 (rivers are crossed only at bridges and fords)"),
        ("AMB-06", "holding at H5 cannot be reached by land from B2 (rivers are crossed only at bridges and fords)"),
    ],
})


def test_territory_of_a_tall_map():
    m = transposed(tiny())
    assert validate(m) == []
    m.territory[0, 0] = "N"
    m.territory[8, 5] = "A"
    m.territory[4, 3] = "B"
    assert [(v.rule, v.message) for v in validate(m)] == [
        ("FW-2.3", "the first outer third (3 squares deep) must belong wholly to one side"),
        ("FW-2.3", "the last outer third (3 squares deep) must belong wholly to one side"),
        ("FW-2.3", "the central third (3 squares) must be neutral ('N')"),
    ]


def test_a_map_too_short_for_thirds():
    m = tiny()
    m.width, m.height, m.territory = 2, 2, m.territory[:2, :2]
    assert [(v.rule, v.message) for v in check_territory(m)] == [
        ("FW-2.3", "a map needs at least 3 squares along its long axis for three territories")
    ]


def test_the_tiny_map_keeps_every_rule():
    assert validate(tiny()) == []


def test_every_check_is_run():
    assert [c.__name__ for c in CHECKS] == [
        "check_territory",
        "check_holdings",
        "check_chains",
        "check_rivers",
        "check_crossings",
        "check_roads",
        "check_reachability",
        "check_climate",
        "check_configs",
        "check_ports",
        "check_stretches",
        "check_obstacles",
        "check_reefs",
    ]


@pytest.mark.parametrize("name", list(BREAKS))
def test_each_broken_rule_is_named(name):
    m = tiny()
    BREAKS[name](m)
    assert [(v.rule, v.message) for v in validate(m)] == EXPECTED[name]
    assert [str(v) for v in validate(m)] == [f"{r}: {msg}" for r, msg in EXPECTED[name]]


def test_a_forbidden_terrain_no_race_may_hold_is_a_violation_not_a_crash(monkeypatch):
    """FW-3.2 item 4 stands on its own: were swamps forbidden with no race exception, the check still names it."""
    from mapgen.fw import validate as V

    monkeypatch.setattr(V, "RACE_EXCEPTIONS", {r: e for r, e in V.RACE_EXCEPTIONS.items() if "swamp" not in e[0]})
    m = tiny()
    m.terrain[4, 1] = "swamp"
    assert [(v.rule, v.message) for v in V.check_holdings(m)] == [
        ("FW-3.2", "side A (humans) may not place a holding on swamp at B5 (no race may, FW-3.2 item 4)"),
    ]


@pytest.fixture
def m():
    return copy.deepcopy(cached_map(11, "large"))


def test_clean_generated_map(m):
    assert validate(m) == []


def test_removing_every_crossing_cuts_the_map_or_the_roads(m):
    m.crossings = []
    rules = {v.rule for v in validate(m)}
    assert "AMB-06" in rules


def test_the_new_fields_survive_json():
    m = tiny()
    m.configs.append(config((3, 3), "river", "hydrography", "FW-11.6", watercourse="second"))
    m.rivers[0].configuration = None
    m.climate.desert_precipitation_kind = "none"
    data = json.loads(json.dumps(m.to_json()))
    assert data["configurations"][0]["watercourse"] == "second"
    assert data["rivers"][0]["configuration"] is None
    assert data["climate"]["desert_precipitation_modifier"] == 0
    back = FwMap.from_json(data)
    assert back.configs[0].watercourse == "second" and back.rivers[0].configuration is None
    m.rivers[0].configuration = (3, 0)
    assert FwMap.from_json(json.loads(json.dumps(m.to_json()))).rivers[0].configuration == (3, 0)


def test_a_file_without_the_desert_fields_reads_as_the_rules_say():
    data = tiny().to_json()
    for key in ("desert_precipitation_modifier", "desert_precipitation_kind"):
        del data["climate"][key]
    assert (FwMap.from_json(data).climate.desert_precipitation_modifier, FwMap.from_json(data).climate.desert_precipitation_kind) == (0, "none")
    data["climate"].update(zone="torrid", season="great_rains", precipitation_modifier=2, precipitation_kind="rain")
    c = FwMap.from_json(data).climate
    assert (c.desert_precipitation_modifier, c.desert_precipitation_kind) == (0, "desert wind or sandstorm")
    assert validate(FwMap.from_json(data)) == []


def test_a_climate_needs_its_desert_fields():
    """No default desert modifier is right for every zone (a temperate spring's deserts get +1, rain)."""
    with pytest.raises(TypeError, match="desert_precipitation"):
        Climate("temperate", "spring", 1, "rain")
    data = tiny().to_json()
    data["climate"] = {"zone": "temperate", "season": "spring", "precipitation_modifier": 1, "precipitation_kind": "rain"}
    c = FwMap.from_json(data).climate  # a file from before the fields: deserts follow the season
    assert (c.desert_precipitation_modifier, c.desert_precipitation_kind) == (1, "rain")


def test_json_round_trip_is_exact(m):
    data = m.to_json()
    again = FwMap.from_json(json.loads(json.dumps(data))).to_json()
    assert again == data


@pytest.mark.parametrize(
    "mutate,field",
    [
        (lambda d: d.pop("width"), "width"),
        (lambda d: d["squares"][3].update(terrain="lava"), "squares[3].terrain"),
        (lambda d: d["holdings"][0].update(square="ZZ99"), "holdings[0].square"),
        (lambda d: d["rivers"][0].update(mouth="ocean"), "rivers[0].mouth"),
        (lambda d: d["crossings"].append({"squares": ["A1"], "kind": "ford"}), "crossings"),
        (lambda d: d["squares"].pop(), "squares"),
        (lambda d: d["sides"][0].update(race="elves"), "sides[0].race"),
    ],
)
def test_bad_fields_are_named(m, mutate, field):
    data = m.to_json()
    mutate(data)
    with pytest.raises(BadFileError) as exc:
        FwMap.from_json(data)
    assert field in str(exc.value)


def _paths(obj, prefix=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:3]):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


def test_hand_edited_garbage_never_gives_a_traceback():
    """Any field replaced by a wrong value: either a named BadFileError or a validation report."""
    import random

    base = cached_map(3, "small").to_json()
    fields = list(_paths(base))
    values = [None, -1, 0, 10**9, "", "Z99", "A1", [], {}, [1], [[0, 0], [5, 5]], True, 1.5, "lake", ["A1", "A2"], [[3, 3], [3, 4], [3, 3]]]
    rnd = random.Random(0)
    for _ in range(400):
        data = copy.deepcopy(base)
        path = rnd.choice(fields)
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = rnd.choice(values)
        try:
            validate(FwMap.from_json(data))
        except BadFileError:
            pass
