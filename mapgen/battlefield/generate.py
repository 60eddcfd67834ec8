"""The battlefield pipeline: options -> dice -> stages -> Battlefield.

Stages, in the order FW-11.1 gives (geography, natural works, artificial works)
with the campaign square's features first because they are compulsory
(FW-10.5, FW-11.4): ground and table size, scenario and its zones, the large
ground pieces (plateau, mountain base, inlet), the lines (river, road or pass,
their bridge or ford), what the scenario and the square require, the relief of
the geographic type, each player's rolled works when no map defines them, the
filler features up to the base-rules count with the forest and swamp
alternation, and last the parts (walls, houses, fields, crevasses, markers).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import shapely
from shapely.geometry import LineString, Point, Polygon, box

from ..dice import Dice
from ..errors import InfeasibleError
from ..tables import roll_on
from . import rules as R
from . import scenarios as S
from .model import EDGE_LABELS, Battlefield, Feature, Source
from .placement import Item, Layout, blob, largest, meander, strip_of

#: A second river or road (a branch of the first) runs at least this far on the table (cm).
BRANCH_MIN_CM = 20.0
#: The branch stops this short of the first line's footprint, so the two never overlap.
JUNCTION_GAP_CM = 0.3
#: Field sizes tried, largest first, when a farm or village needs difficult ground round it (cm).
FIELD_SIZES = ((60, 40), (40, 30), (30, 20), (20, 20), (20, 10), (10, 10), (10, 5))

#: Campaign-map feature labels (FW-2.5 configurations) -> the work placed on the table.
MAP_WORKS = {
    "wood": "wood",
    "enchanted_wood": "enchanted_wood",
    "marsh": "marsh",
    "lake": "lake",
    "volcano": "volcano",
    "dunes": "dunes",
    "boulders": "boulders",
    "isolated_mountain": "isolated_mountain",
    "glacier": "glacier",
    "chasm": "chasm",
    "mine": "mine",
    "ruins": "ruins",
    "cemetery": "cemetery",
    "temple": "temple",
    "tower": "tower",
    "sanctuary": "sanctuary",
    "burial_mound": "burial_mound",
    "farm": "farm",
    "village": "village",
    "barrier": "barrier",
}
#: FW-3.4 holding features -> the work that shows it on the table.
HOLDING_WORKS = {
    "sacred_grove": ("enchanted_wood", "Sacred Grove (FW-3.4)"),
    "tower_of_magic": ("tower", "Tower of Magic of the Enchanted Wood (FW-3.4)"),
    "stonehenge_temple": ("temple", "Stonehenge Temple (FW-3.4)"),
    "sanctuary": ("sanctuary", "Sanctuary (FW-3.4)"),
    "burial_mound": ("burial_mound", "Burial Mound (FW-3.4)"),
    "village": ("village", "Village (FW-3.4)"),
    "city": ("village", "City (FW-3.4): a large village"),
    "precious_metal_mine": ("mine", "Precious-metal mine (FW-3.4)"),
}
MARKS = ("hiding_places", "landing_points")


@dataclass
class BattleOptions:
    seed: int | str = 0
    terrain: str | None = None  # one of rules.TERRAINS (or "jungle" from a map); None: roll it
    river: bool = False
    road: bool = False
    bridge: bool = False
    ford: bool = False
    works: tuple[str, ...] = ()  # campaign-square features (MAP_WORKS keys)
    holding: str | None = None  # e.g. "capital of side A"
    holding_feature: str | None = None  # FW-3.4 outcome
    climate: str = "temperate"
    region: str | None = None  # the campaign's geographic type (FW-11.2, AMB-73)
    coast: bool = False  # the square touches the sea (FW-21.6 inlet)
    scenario: str = "auto"
    orders: dict = field(default_factory=dict)
    situation: S.Situation | None = None
    table: tuple[float, float] | None = None
    marks: frozenset = frozenset()
    map_name: str | None = None
    square: str | None = None

    def check(self) -> None:
        if self.terrain is not None and self.terrain not in R.TERRAINS + ("jungle",):
            raise InfeasibleError("FW-10.5", f"unknown terrain {self.terrain!r}: choose from {', '.join(R.TERRAINS)}")
        if self.scenario != "auto" and self.scenario not in S.SCENARIOS:
            raise InfeasibleError("FW-23", f"unknown scenario {self.scenario!r}: choose from {', '.join(S.SCENARIOS)} or auto")
        if self.table is not None:
            lo, hi = R.TABLE_LIMITS
            w, d = self.table
            if not (lo <= d <= w <= hi):
                raise InfeasibleError("FW-0.2", f"table {w:g} x {d:g} cm: give width x depth with the long edge first, each {lo} to {hi} cm")


def generate_battlefield(opts: BattleOptions, dice: Dice | None = None) -> Battlefield:
    """Run every stage; raises InfeasibleError when the options cannot satisfy the rules.

    ``dice`` replaces the seeded dice (tests inject faces with ScriptedDice)."""
    opts.check()
    return _Builder(opts, dice).run()


class _Builder:
    def __init__(self, opts: BattleOptions, dice: Dice | None = None):
        self.o = opts
        self.dice = dice if dice is not None else Dice(opts.seed)
        self.rng = self.dice.rng
        self.notes: list[str] = []
        self.river_idx: int | None = None
        self.river_line: LineString | None = None
        self.river_axis = "y"
        self.road_idx: int | None = None
        self.road_line: LineString | None = None
        self.road_axis = "x"
        self.crossings: list[int] = []
        self.pass_idx: int | None = None

    # ------------------------------------------------------------------ run
    def run(self) -> Battlefield:
        o = self.o
        ground, geo, rolled = self.resolve_ground()
        self.ground, self.geo = ground, geo
        name, why = (o.scenario, "chosen") if o.scenario != "auto" else S.choose(o.orders, o.situation)
        width, depth = self.table_size(name)
        self.W, self.D = width, depth
        self.plan = S.build(name, self.dice, width, depth, o.orders, o.situation)
        if o.scenario == "auto":
            self.plan.scenario.instructions.insert(0, f"Scenario chosen automatically: {why}.")
        self.L = Layout(width, depth, self.rng, clear=list(self.plan.clear))

        self.scenario_features()
        self.ground_pieces()
        self.lines()
        works = list(self.compulsory_works())
        for w in sorted(works, key=_bulk_first):
            self.work(w, "the campaign square" if o.map_name else "the options")
        self.relief()
        if rolled:
            self.rolled_works()
        self.appendix()
        self.fill_to_count()
        self.parts()
        if "hiding_places" in o.marks:
            self.hiding_places()
        if "landing_points" in o.marks:
            self.landing_points()
        features = self.ordered()
        source = Source(o.map_name, o.square, self.source_terrain(rolled), self.river_idx is not None, self.road_idx is not None or self.pass_idx is not None, any(self.L.items[i].feature.kind == "bridge" for i in self.crossings))
        return Battlefield(o.seed, source, width, depth, self.plan.scenario, features, self.dice.log, self.notes)

    # ----------------------------------------------------- ground and table
    def resolve_ground(self) -> tuple[str, str, bool]:
        """(ground, geographic type, rolled?) from the options, or rolled on FW-11.2 and FW-11.5."""
        t = self.o.terrain
        if t is not None:
            geo = {"hills": "hilly", "mountain": "mountain"}.get(t, "flat")
            return t, geo, self.o.map_name is None
        _, region = roll_on(self.dice, R.REGION, "geographic type of the battlefield")
        _, veg = roll_on(self.dice, R.VEGETATION, "vegetation of the battlefield")
        self.vegetation = veg.outcome
        if veg.outcome == "wood":
            _, kind = roll_on(self.dice, R.WOOD_KIND, "the wood: sacred or enchanted?")
            self.forced_wood = kind.outcome
        if region.outcome == "mountainous":
            return "mountainous", "mountainous", True
        if veg.outcome == "forest":
            ground = "jungle" if self.o.climate == "torrid" else "forest"
        elif region.outcome == "hilly":
            ground = "hills"
        else:
            ground = R.VEGETATION_TERRAIN[veg.outcome]
        return ground, region.outcome, True

    def source_terrain(self, rolled: bool) -> str:
        return self.o.terrain or self.ground

    def table_size(self, name: str) -> tuple[float, float]:
        if self.o.table is not None:
            return self.o.table
        if name == "relief":
            return R.RELIEF_TABLE
        if self.ground == "mountain":
            return R.MOUNTAIN_TABLE
        return R.STANDARD_TABLE

    # ------------------------------------------------------------ helpers
    def feature(self, kind: str, poly: Polygon, size, *, passable=None, difficult=None, on=None, note=None, rule=None) -> Feature:
        k = R.KINDS[kind]
        return Feature(
            kind,
            poly,
            (float(size[0]), float(size[1])),
            k.passable if passable is None else passable,
            k.difficult if difficult is None else difficult,
            on,
            k.note if note is None else note,
            rule or k.rule,
        )

    def size_of(self, kind: str) -> tuple[int, int]:
        lo_w, hi_w, lo_d, hi_d = R.KINDS[kind].size
        pick = lambda lo, hi: int(self.rng.choice(list(range(lo, hi + 1, 5)) or [lo])) if hi - lo >= 5 else int(self.rng.integers(lo, hi + 1))
        return pick(lo_w, hi_w), pick(lo_d, hi_d)

    def place(
        self,
        kind: str,
        *,
        size=None,
        region=None,
        host: int | None = None,
        owner: int | None = None,
        note: str | None = None,
        rule: str | None = None,
        passable=None,
        difficult=None,
        group=None,
        group_gap=0.0,
        pad: float = 0.0,
        main: bool | None = None,
        avoid=(),
        why: str = "",
        quiet: bool = False,
        rounds: int = R.ROUNDS,
    ) -> int | None:
        """Place one feature of ``kind``; on failure write a note (unless ``quiet``) and return None."""
        k = R.KINDS[kind]
        if kind == "boulders":  # FW-11.7: every boulder field keeps 20 cm from the others, however it came
            group, group_gap = "boulders", R.BOULDER_GAP_CM
        sizes = [size] if size else [self.size_of(kind), (k.size[0], k.size[2])]
        for w, d in sizes:
            hit = self.L.find_box(w + 2 * pad, d + 2 * pad, region, host=host, group=group, group_gap=group_gap, avoid=tuple(avoid), rounds=rounds)
            if hit:
                (x0, y0, x1, y1), stand = hit
                inner = (x0 + pad, y0 + pad, x1 - pad, y1 - pad)
                poly = blob(self.rng, inner) if k.shape == "blob" else box(*inner)
                on_idx = host if host is not None else stand
                on = self.L.items[on_idx].feature.kind if on_idx is not None else None
                f = self.feature(kind, poly, (w, d), passable=passable, difficult=difficult, on=on, note=note, rule=rule)
                item = Item(f, (x0, y0, x1, y1), host=on_idx, owner=owner, group=group, main=(not k.accessory) if main is None else main)
                return self.L.add(item)
        if not quiet:
            self.notes.append(f"{k.label} ({rule or k.rule}){' ' + why if why else ''} could not be placed after a bounded search: place it by hand where the rules allow.")
        return None

    def ground_under(self, poly) -> str | None:
        """The plateau or mountain base a line feature climbs onto, if any (it then counts as on it)."""
        for it in self.L.items:
            if it.ground and poly.intersects(it.feature.polygon):
                return it.feature.kind
        return None

    def add_part(self, kind: str, poly: Polygon, size, owner: int, host: int | None = None, **kw) -> int:
        f = self.feature(kind, poly, size, on=self.L.items[host].feature.kind if host is not None else None, **kw)
        return self.L.add(Item(f, poly.bounds, host=host, owner=owner, main=False))


    def roll_count(self, rule: str, purpose: str) -> int:
        r = self.dice.roll("1D6", rule, purpose)
        self.dice.note(r, str(r.total))
        return r.total

    # ------------------------------------------------------ ground pieces
    def ground_pieces(self) -> None:
        W, D = self.W, self.D
        if self.ground == "mountain" and (W, D) != R.MOUNTAIN_TABLE:
            bw = min(R.MOUNTAIN_BASE[0], W)
            x0 = round((W - bw) / 2)
            first_a = self.rng.random() < 0.5
            options = []
            for bd in (min(R.MOUNTAIN_BASE[1], D / 2), 45, 35):
                for at_a in (first_a, not first_a):
                    y0 = 0 if at_a else D - bd
                    options.append((x0, y0, x0 + bw, y0 + bd))
            b = self.free_ground(options)
            if b is None:
                self.notes.append("Mountain base (FW-10.5, AMB-29) found no room beside the scenario's features: build the slopes by hand.")
            else:
                bw, bd = b[2] - b[0], b[3] - b[1]
                f = self.feature("mountain_base", box(*b), (bw, bd))
                self.L.add(Item(f, b, ground=True))
                self.notes.append(f"Mountain square on a {W:g} x {D:g} table: the Naran reading of FW-10.5 (AMB-29), a {bw:g} x {bd:g} cm mountain base with the features on and around it.")
        if self.ground == "hills" and self.o.region == "mountainous":
            self.plateau()
        if self.o.coast:
            dx, dy = R.INLET_SIZE_CM
            dy = min(dy, D - 20)
            left = self.rng.random() < 0.5
            x0 = 0 if left else W - dx
            y0 = round(D / 2 - dy / 2)
            f = self.feature("inlet", box(x0, y0, x0 + dx, y0 + dy), (dx, dy), note=R.KINDS["inlet"].note + "; equidistant from the two deployment zones")
            self.L.add(Item(f, (x0, y0, x0 + dx, y0 + dy)))

    def free_ground(self, options):
        """The first box for a plateau or mountain base that no placed feature straddles."""
        for b in options:
            g = box(*b)
            if not any(g.intersects(box(*it.keep)) for it in self.L.items):
                return b
        return None

    def plateau(self) -> None:
        _, where = roll_on(self.dice, R.PLATEAU_PLACE, "which half of the table the plateau covers")
        winner = self.plan.winner
        half = min(60.0, self.D / 2)
        if where.outcome == "centre":
            y0 = self.D / 2 - half / 2
        else:
            side = winner if where.outcome == "winner" else S.other(winner)
            y0 = 0 if side == "A" else self.D - half
        b = self.free_ground([(0.0, y0, self.W, y0 + half)])
        if b is None:
            self.notes.append(f"Plateau (FW-21.2) over {where.label.lower()} would cut through the scenario's features: build it by hand.")
            return
        f = self.feature("plateau", box(*b), (self.W, half), note=R.KINDS["plateau"].note + f"; covers {where.label.lower()}")
        self.L.add(Item(f, b, ground=True))

    # --------------------------------------------------------------- lines
    def water_kind(self) -> str:
        return "stream" if self.ground in ("mountain", "mountainous") else "wadi" if self.ground == "desert" else "river"

    def lines(self) -> None:
        o = self.o
        mountain = self.ground in ("mountain",)
        if o.river:
            self.river_idx = self.add_river(self.water_kind(), "FW-10.5" if o.map_name else "FW-11.6")
        want_road = o.road or (mountain and "pass" in o.works)
        kind = "pass" if mountain else "road"
        if self.river_idx is not None and (o.bridge or o.ford):
            # The road crosses the river at the bridge or ford: try a few crossing points for both.
            for attempt in range(6):
                crossing = self.add_crossing("bridge" if o.bridge else "ford", quiet=attempt < 5)
                if crossing is None or not want_road or self.add_road(kind, crossing, tries=1, quiet=attempt < 5) is not None:
                    return
                self.crossings.remove(crossing)
                self.L.items.pop()
        elif want_road:
            self.add_road(kind, None)

    def add_river(self, kind: str, rule: str, tries: int = 16) -> int | None:
        keep = self.plan.line_keepout
        for _ in range(tries):
            axis = "y" if self.rng.random() < 0.5 else "x"
            across = self.W if axis == "y" else self.D
            at = float(self.rng.uniform(0.25, 0.75)) * across
            line = meander(self.rng, self.W, self.D, axis, at, wiggle=min(20, across / 6))
            poly = strip_of(line, R.RIVER_WIDTH_CM[kind], self.L.table)
            if poly.is_empty or poly.area < length_floor(self.W, self.D, R.RIVER_WIDTH_CM[kind]):
                continue
            if any(poly.intersects(k) for k in keep) or not self.L.line_is_clear(poly):
                continue
            self.river_line, self.river_axis = line.intersection(self.L.table), axis
            note = R.KINDS[kind].note + "; centre line through " + path_text(self.river_line)
            f = self.feature(kind, poly, (round(self.river_line.length), R.RIVER_WIDTH_CM[kind]), note=note, rule=rule, on=self.ground_under(poly))
            return self.L.add(Item(f, poly.bounds, exact=True))
        self.notes.append(f"The {kind} ({rule}) could not be laid across the table clear of the scenario's centre: lay it by hand.")
        return None

    def cross_line(self, at: Point) -> LineString:
        """The straight line across the river through ``at`` (the river is monotone, so it meets it once)."""
        if self.river_axis == "y":
            return LineString([(-5, at.y), (self.W + 5, at.y)])
        return LineString([(at.x, -5), (at.x, self.D + 5)])

    def add_crossing(self, kind: str, quiet: bool = False) -> int | None:
        river = self.L.items[self.river_idx].feature.polygon
        for _ in range(12):
            at = self.river_line.interpolate(float(self.rng.uniform(0.15, 0.85)), normalized=True)
            at = Point(round(at.x), round(at.y))
            road_w = R.PASS_WIDTH_CM if self.ground == "mountain" else R.ROAD_WIDTH_CM
            h = max(R.BRIDGE_WIDTH_CM, road_w + 2) / 2 if kind == "bridge" else R.FORD_WIDTH_CM / 2
            cut = box(-5, at.y - h, self.W + 5, at.y + h) if self.river_axis == "y" else box(at.x - h, -5, at.x + h, self.D + 5)
            span = river.intersection(cut)
            if span.is_empty:
                continue
            x0, y0, x1, y1 = span.bounds
            if kind == "bridge":
                o = R.BRIDGE_OVERHANG_CM
                b = (x0 - o, at.y - h, x1 + o, at.y + h) if self.river_axis == "y" else (at.x - h, y0 - o, at.x + h, y1 + o)
                b = (max(b[0], 0), max(b[1], 0), min(b[2], self.W), min(b[3], self.D))
                poly = box(*b)
                size = (round(b[2] - b[0], 1), round(b[3] - b[1], 1))
            else:
                poly = largest(span)
                if poly.is_empty:
                    continue
                size = (round(poly.bounds[2] - poly.bounds[0], 1), round(poly.bounds[3] - poly.bounds[1], 1))
            if any(poly.intersects(k) for k in self.plan.line_keepout) or not self.L.line_is_clear(poly, ignore=(self.river_idx,)):
                continue
            f = self.feature(kind, shapely.set_precision(poly, 0.1), size, on=self.L.items[self.river_idx].feature.kind)
            idx = self.L.add(Item(f, poly.bounds, exact=True, host=self.river_idx, owner=self.river_idx, main=False))
            self.crossings.append(idx)
            self.crossing_point = at
            return idx
        if not quiet:
            self.notes.append(f"The {kind} could not be placed on the river: put it where the river is easiest to reach.")
        return None

    def add_road(self, kind: str, crossing: int | None, tries: int = 16, quiet: bool = False) -> int | None:
        width = R.PASS_WIDTH_CM if kind == "pass" else R.ROAD_WIDTH_CM
        ignore = tuple(i for i in (self.river_idx, crossing) if i is not None)
        for t in range(tries):
            if crossing is not None:
                line = self.cross_line(self.crossing_point)
            elif self.river_line is not None:
                # No bridge or ford here: the road follows the river along one bank.
                off = float(self.rng.choice([-1, 1])) * float(self.rng.uniform(16, 26))
                dx, dy = (off, 0) if self.river_axis == "y" else (0, off)
                line = shapely.affinity.translate(self.river_line, dx, dy)
            else:
                axis = "x" if kind == "pass" or self.rng.random() < 0.5 else "y"
                across = self.D if axis == "x" else self.W
                line = meander(self.rng, self.W, self.D, axis, float(self.rng.uniform(0.3, 0.7)) * across, wiggle=min(12, across / 8), segments=4)
            poly = strip_of(line, width, self.L.table)
            if poly.is_empty or poly.area < length_floor(self.W, self.D, width):
                continue
            if any(poly.intersects(k) for k in self.plan.line_keepout) or not self.L.line_is_clear(poly, ignore=ignore):
                continue
            if self.river_idx is not None:
                river = self.L.items[self.river_idx].feature.polygon
                wet = poly.intersection(river)
                dry_crossing = self.L.items[crossing].feature.polygon if crossing is not None else None
                if wet.area > 0.5 and (dry_crossing is None or wet.difference(dry_crossing.buffer(0.2)).area > 0.5):
                    continue
            inside = line.intersection(self.L.table)
            length = round(inside.length)
            note = R.KINDS[kind].note + (f"; crosses the river by the {self.L.items[crossing].feature.kind}" if crossing is not None else "") + "; centre line through " + path_text(inside)
            f = self.feature(kind, poly, (length, width), note=note, on=self.ground_under(poly))
            idx = self.L.add(Item(f, poly.bounds, exact=True))
            if kind == "pass":
                self.pass_idx = idx
            else:
                self.road_idx = idx
                x0, y0, x1, y1 = inside.bounds
                self.road_line, self.road_axis = inside, ("y" if y1 - y0 > x1 - x0 else "x")
            return idx
        if not quiet:
            self.notes.append(f"The {R.KINDS[kind].label.lower()} could not be laid clear of the other features: lay it by hand.")
        return None

    # ---------------------------------------------------------- scenario
    def scenario_features(self) -> None:
        swamp_done = False
        for kind, region, note in self.plan.required:
            if kind == "village":
                self.village(region=region, note=note, exact=True)
            elif kind == "ambush_cover":
                cover = "swamp" if self.ground == "swamp" else "forest_section" if self.ground in ("forest", "jungle") else "wood"
                if cover == "swamp" and swamp_done:
                    continue  # one swamp, or two woods or forest sections (FW-23.5)
                swamp_done = cover == "swamp"
                size = (25, 35) if cover == "forest_section" else None
                self.place(cover, region=region.bounds, size=size, note=f"{R.KINDS[cover].note}; {note}", rule="FW-23.5", why="beside the ambushed route")

    # ------------------------------------------------------ compulsory works
    def compulsory_works(self):
        o = self.o
        for w in o.works:
            if w in MAP_WORKS:
                work = MAP_WORKS[w]
                if work == "village" and self.plan.scenario.name == "raid":
                    continue  # the raid's village is the square's village
                yield (work, None)
        if o.holding:
            yield ("stronghold", o.holding)
        if o.holding_feature in HOLDING_WORKS:
            work, note = HOLDING_WORKS[o.holding_feature]
            if not (work == "village" and self.plan.scenario.name == "raid"):
                yield (work, note)
        if self.ground == "desert":
            yield ("oases", None)
        if self.ground == "jungle":
            yield ("jungle_dangers", None)

    def work(self, w, by: str) -> None:
        """Place one rolled or required work (FW-11.5 to FW-11.8) and everything it brings."""
        kind, note = w
        rule = R.KINDS[kind].rule if kind in R.KINDS else None
        handler = getattr(self, f"work_{kind}", None)
        if handler is not None:
            handler(note)
            return
        if kind in R.KINDS:
            self.place(kind, note=f"{R.KINDS[kind].note}; {note}" if note else None, rule=rule)
            return
        raise AssertionError(f"unhandled work {kind}")

    def work_stronghold(self, note):
        self.place("stronghold", note=f"{note} (FW-3): the holding", rule="FW-3")

    def work_oases(self, note):
        for side in ("A", "B"):
            region = S.band(side, 0, R.OASIS_EDGE_CM, self.W, self.D).bounds
            self.place("oasis", region=region, note=f"{R.KINDS['oasis'].note}; side {side}'s deployment side, within {R.OASIS_EDGE_CM} cm of its edge", why=f"on side {side}'s side")

    def work_jungle_dangers(self, note):
        zones = tuple(z.polygon for z in self.plan.scenario.zones)
        counts = {kind: self.roll_count("FW-19.6", f"jungle: number of {R.KINDS[kind].label.lower()}s") for kind in ("beast", "carnivorous_plant")}
        # at least one of each is compulsory: place them alternately so the first of each finds room
        order = [k for i in range(max(counts.values())) for k in ("beast", "carnivorous_plant") if i < counts[k]]
        done = {"beast": 0, "carnivorous_plant": 0}
        for kind in order:
            done[kind] += 1
            why = f"{done[kind]} of {counts[kind]}"
            note = R.KINDS[kind].note + f"; at least {R.DANGER_GAP_CM} cm from any other, outside the deployment zones"
            self.place(kind, group="danger", group_gap=R.DANGER_GAP_CM, avoid=zones, why=why, note=note, main=False, rounds=12)

    def work_dunes(self, note):
        if self.ground != "desert":
            self.notes.append("Dunes (FW-11.7 result 2) only on a desert table: no effect here.")
            return
        n = self.roll_count("FW-11.7", "number of dunes")
        for i in range(n):
            self.place("dune", why=f"{i + 1} of {n}")

    def work_boulders(self, note):
        n = self.roll_count("FW-11.7", "number of boulder fields")
        for i in range(n):
            self.place("boulders", group="boulders", group_gap=R.BOULDER_GAP_CM, why=f"{i + 1} of {n}", note=R.KINDS["boulders"].note + f"; at least {R.BOULDER_GAP_CM} cm from the other boulder fields")

    def work_isolated_mountain(self, note):
        quarters = [(0, 0), (1, 0), (0, 1), (1, 1)]
        order = self.rng.permutation(4)
        hw, hd = self.W / 2, self.D / 2
        for q in order:
            qx, qy = quarters[int(q)]
            region = (qx * hw, qy * hd, (qx + 1) * hw, (qy + 1) * hd)
            if self.place("isolated_mountain", region=region, quiet=True) is not None:
                return
        self.notes.append("Isolated mountain (FW-11.7) could not be placed in any table quarter: place it by hand, never in the centre.")

    def work_glacier(self, note):
        idx = self.place("glacier")
        if idx is None:
            return
        n = self.roll_count("FW-11.7.2", "number of open crevasses on the glacier")
        impassable = n > R.GLACIER_IMPASSABLE_OVER
        f = self.L.items[idx].feature
        f.passable = not impassable
        f.note = f"{n} crevasses" + (" (more than 3): the whole glacier is impassable" if impassable else ": walk round them; flat, difficult")
        x0, y0, x1, y1 = self.L.items[idx].keep
        slots = [(c, r) for r in range(6) for c in range(3)]
        pick = sorted(int(i) for i in self.rng.choice(len(slots), size=n, replace=False))
        for i in pick:
            c, r = slots[i]
            cx, cy = x0 + 5 + c * 13 + 2.5, y0 + 4 + r * 6.5
            self.add_part("crevasse", box(cx - 2.5, cy - 0.5, cx + 2.5, cy + 0.5), (5, 1), idx, host=idx, note="1 x 5 cm, laid across the glacier; all crevasses run the same way")

    def work_chasm(self, note):
        hw, hd = self.size_of("chasm_hill")
        gap = R.CHASM_GAP_CM
        hit = self.L.find_box(2 * hw + gap, hd)
        if not hit:
            self.notes.append("Chasm (FW-11.7.3) could not be placed: build it by hand from two 2-level hills 10 cm apart.")
            return
        (x0, y0, x1, y1), stand = hit
        on = self.L.items[stand].feature.kind if stand is not None else None
        gx0 = x0 + hw
        f = self.feature("chasm", box(gx0, y0, gx0 + gap, y1), (gap, hd), on=on, note=f"deep gorge {gap} cm wide between two 2-level hills with steep sides facing each other: crossable only by a bridge")
        chasm = self.L.add(Item(f, (gx0, y0, gx0 + gap, y1), host=stand))
        self.L.add(Item(self.feature("chasm_hill", box(x0, y0, x0 + hw, y1), (hw, hd), on=on, note="2 levels; its steep right side faces the chasm"), (x0, y0, x0 + hw, y1), host=stand, owner=chasm, main=False))
        self.L.add(Item(self.feature("chasm_hill", box(x1 - hw, y0, x1, y1), (hw, hd), on=on, note="2 levels; its steep left side faces the chasm"), (x1 - hw, y0, x1, y1), host=stand, owner=chasm, main=False))

    def work_volcano(self, note):
        for _ in range(6):
            idx = self.place("volcano", quiet=True)
            if idx is None:
                break
            vol = self.L.items[idx].feature.polygon
            c = vol.centroid
            targets = {"left": (0 - 2, c.y), "right": (self.W + 2, c.y), "edge_a": (c.x, -2), "edge_b": (c.x, self.D + 2)}
            order = sorted(targets, key=lambda e: math.dist((c.x, c.y), targets[e]))
            for edge in order:
                line = LineString([(c.x, c.y), targets[edge]])
                poly = largest(strip_of(line, R.LAVA_WIDTH_CM, self.L.table).difference(vol.buffer(0.2)))
                poly = shapely.set_precision(poly, 0.1)
                if not poly.is_empty and self.L.line_is_clear(poly, ignore=(idx,)) and not any(poly.intersects(k) for k in self.plan.line_keepout):
                    inside = line.intersection(self.L.table)
                    f = self.feature("lava_river", poly, (round(inside.length), R.LAVA_WIDTH_CM), on=self.ground_under(poly), note=f"impassable; flows from the volcano to {EDGE_LABELS[edge]}, centre line through {path_text(inside)}")
                    self.L.add(Item(f, poly.bounds, exact=True, owner=idx, main=False))
                    return
            self.L.items.pop()
        self.notes.append("Volcano and lava river (FW-11.7) could not be placed with a clear path to an edge: place them by hand.")

    def work_mine(self, note):
        idx = self.place("mine", note=f"{R.KINDS['mine'].note}" + (f"; {note}" if note else ""))
        if idx is None:
            return
        x0, y0, x1, y1 = self.L.items[idx].keep
        cy = (y0 + y1) / 2
        for x in (x0, x1 - 3):
            self.add_part("mine_entrance", box(x, cy - 1.5, x + 3, cy + 1.5), (3, 3), idx, host=idx, note="mine entrance")

    def walls_around(self, idx: int, n: int, rule: str, what: str) -> None:
        """``n`` low walls on the ring round a farm or village (whole sides, then half sides)."""
        x0, y0, x1, y1 = self.L.items[idx].feature.polygon.bounds
        m, t = R.WALL_MARGIN_CM, R.WALL_THICKNESS_CM
        a0, b0, a1, b1 = x0 - m - t, y0 - m - t, x1 + m + t, y1 + m + t
        sides = [((a0 + 2, b0), (a1 - 2, b0)), ((a1 - t, b0 + 2), (a1 - t, b1 - 2)), ((a1 - 2, b1 - t), (a0 + 2, b1 - t)), ((a0, b1 - 2), (a0, b0 + 2))]
        start = int(self.rng.integers(4))
        sides = sides[start:] + sides[:start]
        if n <= 4:
            segs = sides[:n]
        else:
            halves = []
            for p, q in sides:
                mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
                halves += [(p, mid), (mid, q)]
            segs = [halves[int(i)] for i in sorted(self.rng.choice(len(halves), size=n, replace=False))]
        for p, q in segs:
            bx = (min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]) + (t if p[0] == q[0] else 0), max(p[1], q[1]) + (t if p[1] == q[1] else 0))
            length = max(bx[2] - bx[0], bx[3] - bx[1])
            self.add_part("wall", box(*bx), (bx[2] - bx[0], bx[3] - bx[1]), idx, host=self.L.items[idx].host, note=f"low wall or hedge {length:g} cm round the {what}", rule=rule)

    def work_farm(self, note):
        pad = R.WALL_MARGIN_CM + R.WALL_THICKNESS_CM + 1
        idx = self.place("farm", pad=pad, note=R.KINDS["farm"].note + (f"; {note}" if note else ""))
        if idx is None:
            return
        n = self.roll_count("FW-11.8", "farm: number of low walls and hedges")
        self.walls_around(idx, n, "FW-11.8", "farm")
        self.fields_for = getattr(self, "fields_for", []) + [("farm", idx)]

    def village(self, region=None, note=None, exact=False) -> int | None:
        pad = R.WALL_MARGIN_CM + R.WALL_THICKNESS_CM + 1
        reg = None
        if region is not None:
            x0, y0, x1, y1 = region.bounds
            reg = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        idx = self.place("village", pad=pad, region=reg, note=R.KINDS["village"].note + (f"; {note}" if note else ""), why="at the table centre" if exact else "")
        if idx is None:
            return None
        vx0, vy0, vx1, vy1 = self.L.items[idx].feature.polygon.bounds
        houses = int(self.rng.integers(R.HOUSES[0], R.HOUSES[1] + 1))
        cells = sorted(int(i) for i in self.rng.choice(9, size=houses, replace=False))
        for c in cells:
            cx, cy = vx0 + 5 + (c % 3) * 10, vy0 + 5 + (c // 3) * 10
            self.add_part("house", box(cx - 3, cy - 4, cx + 3, cy + 4), (6, 8), idx, host=idx)
        n = self.roll_count("FW-11.8", "village: number of low walls")
        self.walls_around(idx, n, "FW-11.8", "village")
        self.fields_for = getattr(self, "fields_for", []) + [("village", idx)]
        return idx

    def work_village(self, note):
        self.village(note=note)

    def work_barrier(self, note):
        if self.pass_idx is None:
            self.notes.append("Barrier (FW-11.8) closes a mountain pass: there is no pass on this table, no effect.")
            return
        pas = self.L.items[self.pass_idx].feature.polygon
        x0, y0, x1, y1 = pas.bounds
        along_x = (x1 - x0) >= (y1 - y0)
        n = self.roll_count("FW-11.8", "barrier: number of low walls")
        length = n * R.BARRIER_WALL_STEP_CM + 2
        lo, hi = (x0, x1) if along_x else (y0, y1)

        def across(a: float, b: float) -> Polygon:
            return box(a, y0 - 1, b, y1 + 1) if along_x else box(x0 - 1, a, x1 + 1, b)

        others = [it.feature.polygon for i, it in enumerate(self.L.items) if i != self.pass_idx and it.exact]
        stretch = Polygon()
        for _ in range(12):
            at = round(lo + (hi - lo) * float(self.rng.uniform(0.2, 0.75)))
            cand = largest(pas.intersection(across(at, at + length)))
            if not cand.is_empty and not any(cand.buffer(1).intersects(o) for o in others):
                stretch = shapely.set_precision(cand, 0.1)
                break
        if stretch.is_empty:
            self.notes.append("Barrier (FW-11.8) found no straight stretch of the pass: build it by hand across the pass.")
            return
        width = R.PASS_WIDTH_CM
        f = self.feature("barrier", stretch, (length, width) if along_x else (width, length), on="pass", note=f"{n} low walls stepped across the pass, closing it completely; it must be taken to pass (a draw leaves it to the defender)")
        idx = self.L.add(Item(f, stretch.bounds, exact=True, host=self.pass_idx, owner=self.pass_idx, main=False))
        for i in range(n):
            a = at + 1 + i * R.BARRIER_WALL_STEP_CM
            wall = shapely.set_precision(largest(stretch.intersection(across(a, a + R.WALL_THICKNESS_CM))), 0.1)
            if wall.is_empty:
                continue
            wx0, wy0, wx1, wy1 = wall.bounds
            self.add_part("wall", wall, (round(wx1 - wx0, 1), round(wy1 - wy0, 1)), idx, host=idx, note="low wall across the whole pass", rule="FW-11.8")

    def work_bridge(self, note):
        if self.river_idx is None:
            self.notes.append("Bridge (FW-11.8) with no river on the table: no effect.")
        elif any(self.L.items[i].feature.kind == "bridge" for i in self.crossings):
            self.add_crossing("bridge")
        else:
            self.add_crossing("bridge")

    def work_road(self, note):
        if self.road_idx is None and self.pass_idx is None:
            self.add_road("pass" if self.ground == "mountain" else "road", None)
        elif self.road_idx is not None and self.road_line is not None:
            # FW-11.1: duplicates are placed too; a second road branches off the first.
            self.add_branch("road", self.road_idx, self.road_line, self.road_axis, R.ROAD_WIDTH_CM, "FW-11.8", "joins the road")
        else:
            self.notes.append("A second road (FW-11.8) was rolled: it joins the first; draw it by hand from an edge to the road.")

    def work_pass(self, note):
        if self.ground not in ("mountain", "mountainous"):
            self.notes.append("Mountain pass (FW-11.8) with no mountains on the table: no effect.")
        elif self.pass_idx is None and self.road_idx is not None:
            f = self.L.items[self.road_idx].feature
            f.kind, f.rule, f.note = "pass", "FW-11.8", R.KINDS["pass"].note + "; the road runs through the pass"
            self.pass_idx, self.road_idx = self.road_idx, None
        elif self.pass_idx is None:
            self.add_road("pass", None)

    def work_river(self, note):
        kind = self.water_kind()
        if self.river_idx is None:
            self.river_idx = self.add_river(kind, "FW-11.6")
        else:
            # FW-11.1: "two rivers, one a tributary of the other".
            self.add_branch(kind, self.river_idx, self.river_line, self.river_axis, R.RIVER_WIDTH_CM[kind], "FW-11.6", f"a tributary: it flows into the {self.L.items[self.river_idx].feature.kind}")

    def add_branch(self, kind: str, main_idx: int, main_line, main_axis: str, width: float, rule: str, joins: str, tries: int = 16) -> int | None:
        """A second line feature from a table edge to a point of the first (FW-11.1: duplicates are placed)."""
        main = self.L.items[main_idx].feature.polygon
        for _ in range(tries):
            end = main_line.interpolate(float(self.rng.uniform(0.25, 0.75)), normalized=True)
            if main_axis == "y":  # the first line runs from the near edge to the far one: branch from a short edge
                x = -2.0 if self.rng.random() < 0.5 else self.W + 2.0
                start = (x, float(self.rng.uniform(0.15, 0.85)) * self.D)
            else:
                y = -2.0 if self.rng.random() < 0.5 else self.D + 2.0
                start = (float(self.rng.uniform(0.15, 0.85)) * self.W, y)
            mid = ((start[0] + end.x) / 2 + float(self.rng.uniform(-8, 8)), (start[1] + end.y) / 2 + float(self.rng.uniform(-8, 8)))
            line = LineString([start, mid, (end.x, end.y)])
            poly = largest(strip_of(line, width, self.L.table).difference(main.buffer(JUNCTION_GAP_CM)))
            if poly.is_empty or line.intersection(self.L.table).length < BRANCH_MIN_CM:
                continue
            if any(poly.intersects(k) for k in self.plan.line_keepout) or not self.L.line_is_clear(poly, ignore=(main_idx,)):
                continue
            inside = line.intersection(self.L.table)
            note = R.KINDS[kind].note + f"; {joins} at ({end.x:.0f}, {end.y:.0f}); centre line through " + path_text(inside)
            f = self.feature(kind, poly, (round(inside.length), width), note=note, rule=rule, on=self.ground_under(poly))
            return self.L.add(Item(f, poly.bounds, exact=True))
        self.notes.append(f"A second {R.KINDS[kind].label.lower()} ({rule}) was rolled but could not be laid clear of the other features: draw it by hand from an edge to the first.")
        return None

    def work_glacier_or_chasm(self, note):
        if self.o.climate == "cold" and self.ground in ("mountain", "mountainous"):
            self.work_glacier(note)
        else:
            self.work_chasm(note)

    # ---------------------------------------------------------- relief
    def relief(self) -> None:
        geo = self.geo
        if geo == "hilly":
            hill = "dune" if self.ground == "desert" else "hill"
            for i in range(R.HILLS_PASSABLE + R.HILLS_IMPASSABLE):
                passable = i < R.HILLS_PASSABLE
                self.place(hill, size=self.size_of("hill"), passable=passable, difficult=(hill == "dune"), note=("passable: at least one gentle side" if passable else "impassable: steep on every side"), rule="FW-11.2")
        elif geo == "mountainous":
            weight = 0.0
            while weight < 1 - 1e-9:
                _, b = roll_on(self.dice, R.MOUNTAIN_SIZE, "size of the next mountain")
                weight += b.data["weight"]
                s = b.data["size"]
                self.place("mountain", size=(s, s), note=f"impassable, {s} x {s} cm", rule="FW-11.2")
        elif geo == "mountain":
            self.mountain_count = self.roll_count("FW-10.5", "terrain features on the mountain table")

    def mountain_piece(self) -> int | None:
        _, b = roll_on(self.dice, R.MOUNTAIN_SIZE, "size of the next mountain")
        s = b.data["size"]
        base = next((i for i, it in enumerate(self.L.items) if it.feature.kind == "mountain_base"), None)
        return self.place("mountain", size=(s, s), host=base, note=f"impassable peak, {s} x {s} cm", rule="FW-10.5")

    # ---------------------------------------------------- rolled works
    def rolled_works(self) -> None:
        """FW-11.1 / AMB-31 [DEV]: with no campaign map, each player rolls one configuration."""
        for side in ("A", "B"):
            _, cat = roll_on(self.dice, R.CONFIG_CATEGORY, f"side {side}: which table for its configuration")
            table = {"vegetation": R.VEGETATION, "hydrography": R.HYDROGRAPHY, "special": R.SPECIAL_CONFIG, "artificial": R.ARTIFICIAL}[cat.outcome]
            _, res = roll_on(self.dice, table, f"side {side}: its configuration")
            outcome = res.outcome
            sub = {"wood": R.WOOD_KIND, "mine_ruins_cemetery": R.ARTIFICIAL_2, "farm_or_village": R.ARTIFICIAL_3}.get(outcome)
            if sub is not None:
                _, res = roll_on(self.dice, sub, f"side {side}: {res.label.lower()}")
                outcome = res.outcome
            work = {
                "uncultivated": "wood",
                "cultivated": "farm",
                "forest": "forest_section",
                "desert": "sand",
                "isolated_mountain": "isolated_mountain",
            }.get(outcome, outcome)
            self.work((work, f"rolled by side {side}"), f"side {side}")

    def work_sand(self, note):
        self.place("sand", note="wasteland or sand: difficult" + (f"; {note}" if note else ""), rule="FW-11.5")

    def work_forest_section(self, note):
        self.place("forest_section", size=(35, 25) if self.rng.random() < 0.5 else (25, 35), note=R.KINDS["forest_section"].note + (f"; {note}" if note else ""))

    def work_wood(self, note):
        self.place("wood", note=R.KINDS["wood"].note + (f"; {note}" if note else ""))

    # ------------------------------------------------------- appendix
    def appendix(self) -> None:
        extras = R.APPENDIX.get(self.ground, ())
        if "djebel" in extras:
            self.place("djebel", rule="FW-21.7", note=R.KINDS["djebel"].note + "; a desert battle has at least one (FW-21.7)")
        if "quicksand" in extras:
            kind = "sand" if self.ground == "desert" else "marsh"
            for side in ("A", "B"):
                region = S.band(side, 0, self.D / 2, self.W, self.D).bounds
                self.place(kind, region=region, rule="FW-21.8", note=f"side {side}'s difficult feature: may hide quicksand (side {side} writes it down secretly)", why=f"(side {side}'s quicksand feature)")

    # ------------------------------------------------------- the count
    def base_count(self) -> int:
        n = R.FEATURES_PER_30CM * int(self.W // 30)
        return 2 * n if self.ground in ("forest", "jungle") else n

    def mains(self) -> list[int]:
        return [i for i, it in enumerate(self.L.items) if not R.KINDS[it.feature.kind].accessory and not it.ground]

    def fill_to_count(self) -> None:
        if self.ground == "mountain":
            n = self.mountain_count
            tries = 0
            while len(self.mains()) < n and tries < n + 3:
                tries += 1
                self.mountain_piece()
            if len(self.mains()) > n:
                self.notes.append(f"The mountain table rolled {n} terrain features (FW-10.5) but the campaign square requires {len(self.mains())}: all are placed.")
            return
        n = self.base_count()
        pool = list(R.FILLERS.get(self.ground, R.FILLERS["plain"]))
        if getattr(self, "forced_wood", None):
            self.place(self.forced_wood, rule="FW-11.5", note=R.KINDS[self.forced_wood].note + "; the rolled wood (FW-11.5 result 4)")
        alt = R.ALTERNATE.get(self.ground)
        if alt:
            alt_kind = "swamp" if self.ground == "swamp" else "wood"
            others = lambda: [i for i in self.mains() if self.L.items[i].feature.kind not in alt]
            self._fill(pool, lambda: len(others()) < n // 2)
            target = max(math.ceil(n / 2), len(others()))
            have = lambda: len(self.mains()) - len(others())
            tries = 0
            while have() < target and tries < target * 2:
                tries += 1
                self.place(alt_kind, quiet=True, rule="FW-10.5", note=R.KINDS[alt_kind].note + "; every other feature (FW-10.5)")
            if have() < target:
                self.notes.append(f"Only {have()} of the {target} {alt_kind}s the alternation asks for (FW-10.5) fit the table: add the rest by hand.")
        else:
            self._fill(pool, lambda: len(self.mains()) < n)

    def _fill(self, pool, more) -> None:
        tries = 0
        while more() and tries < 3 * len(pool) + 12:
            tries += 1
            choices = [k for k in pool if not self._at_max(k)]
            if not choices:
                break
            kind = str(choices[int(self.rng.integers(len(choices)))])
            if kind == "mountain":
                self.mountain_piece()
            else:
                self.place(kind, quiet=True, note=R.KINDS[kind].note + " (a base-rules feature)")

    def _at_max(self, kind: str) -> bool:
        if self.geo != "flat":
            return False
        return (kind == "hillock" and self.L.count("hillock") >= R.HILLOCKS_MAX) or (kind == "raised_area" and self.L.count("raised_area") >= R.RAISED_AREAS_MAX)

    # ---------------------------------------------------------- parts
    def parts(self) -> None:
        for kind, idx in getattr(self, "fields_for", []):
            self.fields(kind, idx)
        extras = R.APPENDIX.get(self.ground, ())
        hills = [i for i in self.mains() if self.L.items[i].feature.kind in ("hill", "hillock") and self.L.items[i].feature.passable]
        if "rocky_ridge" in extras and hills:
            self.hill_side(hills[0], "rocky_ridge", None)
        if "slippery_slope" in extras and len(hills) > 1:
            self.hill_side(hills[1], "slippery_slope", R.SLIPPERY_SLOPE_MAX_CM)
        if "cave" in extras:
            foot = [i for i in self.mains() if self.L.items[i].feature.kind in ("hill", "mountain", "isolated_mountain")]
            for i in foot[:1]:
                x0, y0, x1, y1 = self.L.items[i].keep
                ring = box(x0 - 7, y0 - 7, x1 + 7, y1 + 7).difference(box(x0 - 0.5, y0 - 0.5, x1 + 0.5, y1 + 0.5)).intersection(self.L.table)
                self._cave(i, ring)

    def _cave(self, host: int, ring: Polygon) -> None:
        hit = self.L.find_box(4, 4, ring, ignore=(host,), gap=0.5)
        if hit:
            b, _ = hit
            f = self.feature("cave", box(*b), (4, 4), note=f"{R.KINDS['cave'].note} (at the foot of the {R.KINDS[self.L.items[host].feature.kind].label.lower()})")
            self.L.add(Item(f, b, owner=host, main=False))
        else:
            self.notes.append("Cave (FW-21.5) found no room at the foot of a slope: place it by hand.")

    def hill_side(self, idx: int, kind: str, max_len: float | None) -> None:
        hill = self.L.items[idx].feature.polygon
        x0, y0, x1, y1 = hill.bounds
        side = int(self.rng.integers(4))
        t = 3.0
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        half = (max_len or 1000) / 2
        strip = [box(max(x0, cx - half), y0, min(x1, cx + half), y0 + t), box(x1 - t, max(y0, cy - half), x1, min(y1, cy + half)), box(max(x0, cx - half), y1 - t, min(x1, cx + half), y1), box(x0, max(y0, cy - half), x0 + t, min(y1, cy + half))][side]
        part = largest(hill.intersection(strip))
        part = shapely.set_precision(part, 0.1) if not part.is_empty else part
        if part.is_empty or part.area < 1:
            return
        px0, py0, px1, py1 = part.bounds
        length = max(px1 - px0, py1 - py0)
        if max_len is not None and length > max_len:
            return
        where = ("near", "right", "far", "left")[side]
        note = R.KINDS[kind].note + f"; the {where} side of the hill, {length:.0f} cm"
        self.add_part(kind, part, (round(px1 - px0, 1), round(py1 - py0, 1)), idx, host=idx, note=note)

    def fields(self, what: str, idx: int) -> None:
        """FW-11.8: difficult ground round a farm (25 % of the table) or a village (50 % of the rest)."""
        table = self.W * self.D
        village = self.L.items[idx].feature.polygon.area if what == "village" else 0.0
        share = R.FARM_DIFFICULT_SHARE if what == "farm" else R.VILLAGE_DIFFICULT_SHARE
        target = share * (table - village)
        difficult = [it.feature.polygon for i, it in enumerate(self.L.items) if it.feature.difficult and i != idx and it.feature.kind not in ("village",)]
        have = shapely.union_all(difficult).intersection(self.L.table).area if difficult else 0.0
        for size in FIELD_SIZES:
            if have >= target:
                break
            for b, stand in self.L.free_cells(*size, gap=1.0, group="field", group_gap=0.5):
                if have >= target:
                    break
                on = self.L.items[stand].feature.kind if stand is not None else None
                f = self.feature("field", box(*b), size, on=on, note=f"cultivated ground of the {what}: vines, orchards, boundary walls", rule="FW-11.8")
                self.L.add(Item(f, b, host=stand, owner=idx, group="field", main=False))
                have += size[0] * size[1]
        if have < target - 1:
            self.notes.append(f"The {what}'s difficult ground covers {100 * have / (table - village):.0f} % of the table, short of the {share:.0%} FW-11.8 asks for: add fields or walls by hand.")

    # ----------------------------------------------------------- marks
    def hiding_places(self) -> None:
        """MED-2.1: difficult features in a side's own half within 12 inches of its long edge."""
        half = self.D / 2
        for side in ("A", "B"):
            for i in self.mains():
                f = self.L.items[i].feature
                if not (f.difficult or not f.passable) or f.kind in R.LINE_KINDS:
                    continue
                x0, y0, x1, y1 = f.polygon.bounds
                near = y0 if side == "A" else self.D - y1
                inside = y1 <= half if side == "A" else y0 >= half
                if inside and near <= R.HIDING_EDGE_CM:
                    c = f.polygon.representative_point()
                    who = "FM, FL or CL units" if f.passable else "FL units only (impassable terrain)"
                    mark = self.feature("hiding_place", box(c.x - 2, c.y - 2, c.x + 2, c.y + 2), (4, 4), on=f.kind, note=f"MED-2.1: side {side} may hide {who} here, written down secretly")
                    self.L.add(Item(mark, mark.polygon.bounds, owner=i, main=False))

    def landing_points(self) -> None:
        """MED-6: candidate landing points on the river in each half of the table."""
        if self.river_idx is None:
            self.notes.append("Landing points (MED-6) need a river: there is none on this table.")
            return
        line = self.river_line
        river = self.L.items[self.river_idx].feature
        for side in ("A", "B"):
            pts = []
            for t in (0.15, 0.3, 0.45, 0.55, 0.7, 0.85):
                p = line.interpolate(t, normalized=True)
                if (p.y < self.D / 2) == (side == "A") and abs(p.y - self.D / 2) >= 3 and 4 < p.x < self.W - 4 and 4 < p.y < self.D - 4:
                    if all(p.distance(q) >= 20 for q in pts):
                        pts.append(p)
            for p in pts[: R.LANDING_POINTS_PER_HALF]:
                note = f"MED-6: in side {side}'s half; a landing there needs 2-6 on the placement 2D6 for side {side}, 8-12 for side {S.other(side)}"
                mark = self.feature("landing_point", box(round(p.x) - 2, round(p.y) - 2, round(p.x) + 2, round(p.y) + 2), (4, 4), on=river.kind, note=note)
                self.L.add(Item(mark, mark.polygon.bounds, owner=self.river_idx, main=False))
            if not pts:
                self.notes.append(f"The river does not run through side {side}'s half: no landing point there (MED-6).")

    # ---------------------------------------------------------- order
    def ordered(self) -> list[Feature]:
        """Main features (woods or swamps at every other place where FW-10.5 asks), each followed by its parts."""
        items = self.L.items
        grounds = [i for i, it in enumerate(items) if it.ground]
        mains = self.mains()
        alt = R.ALTERNATE.get(self.ground)
        if alt:
            a = [i for i in mains if items[i].feature.kind in alt]
            b = [i for i in mains if items[i].feature.kind not in alt]
            mains = []
            while a or b:
                if a:
                    mains.append(a.pop(0))
                if b:
                    mains.append(b.pop(0))
        top = grounds + mains
        order: list[int] = []
        seen: set[int] = set()

        def owner_of(i: int) -> int | None:
            it = items[i]
            return it.owner if it.owner is not None else (it.host if i not in top else None)

        children: dict[int, list[int]] = {}
        orphans = []
        for i in range(len(items)):
            if i in top:
                continue
            o = owner_of(i)
            if o is None:
                orphans.append(i)
            else:
                children.setdefault(o, []).append(i)

        def emit(i: int) -> None:
            if i in seen:
                return
            seen.add(i)
            order.append(i)
            for c in children.get(i, []):
                emit(c)

        for i in top + orphans:
            emit(i)
        for i in range(len(items)):
            emit(i)
        return [items[i].feature for i in order]


def length_floor(width: float, depth: float, strip: float) -> float:
    """Least area of a line feature that really crosses the table (edge to edge)."""
    return 0.9 * min(width, depth) * strip


def path_text(line) -> str:
    """The bends of a line in whole centimetres, for a tape measure: (x, y) from the left and near edges."""
    if line.geom_type != "LineString":
        line = max(line.geoms, key=lambda g: g.length)
    return " -> ".join(f"({x:.0f}, {y:.0f})" for x, y in line.coords)


def _bulk_first(work) -> int:
    """Large and constrained works first, so the small ones fill the gaps."""
    kind = work[0]
    order = ["village", "glacier", "farm", "chasm", "volcano", "isolated_mountain", "mine", "oases", "stronghold"]
    return order.index(kind) if kind in order else len(order) + (5 if kind == "jungle_dangers" else 0)
