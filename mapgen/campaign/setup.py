"""A new campaign from a campaign map: sides, points, forces and where they start.

FW-4 (army points, forces, roster), FW-2.4 (forces start on or next to a
friendly holding with their starting orders), FW-17.2 (the Incursione set-up).
Forces come from the players' rosters (:mod:`.roster`) or, when none is
given, from a simple default roster per race (``templates/campaign/default-forces.yaml``):
the army's points shared equally between one force per holding (at most
:data:`MAX_FORCES`), each filled with the race's units in turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..datafiles import read_table
from ..engine import boards
from ..engine.commands import DiceEntryError
from ..errors import InfeasibleError
from ..grid import KING_STEPS, square_id
from .army import may_scout, probe_refusal
from .board import Board, build_board, kept_board
from .commands import CommandError
from .core import begin
from .dice import GameDice
from .store import sha256_bytes
from .state import (
    ArmyCommand,
    CampaignState,
    Force,
    HoldingState,
    Leader,
    MapRef,
    Options,
    SideState,
    Unit,
    Weather,
    evolve,
    other,
    sea_folk_only,
)

if TYPE_CHECKING:
    from ..fw.model import FwMap

#: FW-1.1: the counter set has six numbered Force counters per side.
MAX_FORCES = 6
#: FW-4.1 suggests about double a usual battle army; [DEV] 2000 points, the Incursione defenders' figure (FW-17.2).
DEFAULT_POINTS = 2000
#: FW-17.2: the raiders start with 100 % more points than the defenders.
RAIDER_POINTS_FACTOR = 2
#: [DEV] Which side raids in the Incursione campaign (FW-17): side B, the defenders are side A.
RAIDERS = "B"
#: FW-17.2: the defenders hold "4 or more" holdings, one of them the capital.
INCURSIONE_MIN_HOLDINGS = 4
#: [DEV] The default starting order (FW-2.4 leaves it to the players): the capital's force defends, the others probe.
DEFAULT_ORDER = "probe"
CAPITAL_ORDER = "defend"
#: [DEV] Default leaders' Command Value: the capital's force is led by the general, CV 4; the others CV 3.
GENERAL_CV = 4
LEADER_CV = 3
#: [DEV] Option ``army_composition``: the starting order, in place of the default Probe, of a force that may not
#: scout (FW-22.1.b); Defend, the order a force is given when nothing else is (FW-8.2 results 4-5, FW-15.d).
NON_SCOUT_ORDER = "defend"


@dataclass(frozen=True)
class ForceSpec:
    """One force of a roster (FW-4.3), before it is placed."""

    leader: Leader
    units: tuple[Unit, ...]
    individuals: tuple[str, ...] = ()
    order: str | None = None
    square: str | None = None  # where it starts; None: the engine places it (FW-2.4)
    line: int = 0  # where it is in the roster file, for messages
    commands: tuple[ArmyCommand, ...] = ()  # FW-22.2: the Commands it is assembled from (empty: the Leader's alone)
    specials: tuple[str, ...] = ()  # FW-22.3: its named special characters and Special Units


@lru_cache(maxsize=1)
def default_forces_table() -> dict:
    """The default rosters, read when a campaign begins (kept as JSON once read: :func:`~mapgen.datafiles.read_table`)."""
    return read_table("campaign", "default-forces.yaml")


def scouting_kinds(race: str) -> list[dict]:
    """The default list's units that may scout (FW-22.1.c), or its ``scouts`` where it has none (dwarves: [DEV] ponies)."""
    table = default_forces_table()[race]
    return [k for k in table["units"] if may_scout(k["type"])] or list(table.get("scouts", ()))


def scout_force(forces: int, side: str, incursione: bool) -> int | None:
    """Option ``army_composition`` [DEV]: which default force of the side (0-based) is its scouting Command: the first
    that starts under Probe (the capital's defends, the next probes; the Incursione's raiders all probe, its
    defenders all defend, FW-17.2); None when none does."""
    if incursione:
        return 0 if side == RAIDERS else None
    return 1 if forces > 1 else None


def default_roster(race: str, points: int, forces: int, side: str, scout: int | None = None) -> list[ForceSpec]:
    """``forces`` forces sharing ``points``: each buys the race's units in turn while its share lasts.

    ``scout`` (option ``army_composition``): that force buys only the units that may scout (:func:`scouting_kinds`),
    with the same share, so the side has a force that may Probe (FW-22.1).
    """
    table = default_forces_table()[race]
    share = points // forces
    specs = []
    for i in range(forces):
        kinds = scouting_kinds(race) if i == scout else table["units"]
        units: list[Unit] = []
        left = share
        n = 0
        while True:
            kind = kinds[n % len(kinds)]
            cost = kind["figures"] * kind["points"]
            if cost > left:
                break
            units.append(Unit(f"{side}{i + 1}-U{n + 1}", kind["type"], kind["quality"], kind["figures"], kind["points"]))
            left -= cost
            n += 1
        if not units:  # a share too small for a whole unit still gets the first unit, cut to fit
            kind = kinds[0]
            figures = max(1, share // max(1, kind["points"]))
            units.append(Unit(f"{side}{i + 1}-U1", kind["type"], kind["quality"], figures, kind["points"]))
        # side B starts half-way down the list, so two armies of one race have leaders of their own
        name = table["leaders"][(i + (len(table["leaders"]) // 2 if side == "B" else 0)) % len(table["leaders"])]
        cv = GENERAL_CV if i == 0 else LEADER_CV
        specs.append(ForceSpec(Leader(name, cv), tuple(units)))
    return specs


def _near(board: Board, square: str, side: str, taken: set[str]) -> str | None:
    """FW-2.4 [DEV]: an adjacent land square in friendly territory, not yet used."""
    s = board.squares[square]
    for dc, dr in KING_STEPS:
        if s.col + dc < 0 or s.row + dr < 0:  # a holding on the map's first column or row
            continue
        sid = square_id(s.col + dc, s.row + dr)
        if sid in board.squares and sid not in taken and board.squares[sid].territory == side:
            return sid
    return None


def place_forces(board: Board, side: str, holdings: list[HoldingState], specs: list[ForceSpec], order: str | None,
                 scouting_rule: bool = False) -> list[Force]:
    """On the side's holdings, capital first, then next to them (FW-2.4).

    ``scouting_rule`` (option ``army_composition``): a force that may not scout (FW-22.1) and was given no
    order starts under :data:`NON_SCOUT_ORDER` where the default would be Probe; a roster that gives it
    Probe is refused (the CLI names the roster's line first, :func:`mapgen.campaign.roster.check_scouting`).
    """
    spots = [h.square for h in sorted(holdings, key=lambda h: not h.capital)]
    taken: set[str] = set()
    forces = []
    for i, spec in enumerate(specs):
        square = spec.square
        if square is None:
            free = [s for s in spots if s not in taken]
            square = free[0] if free else next((n for s in spots if (n := _near(board, s, side, taken))), spots[i % len(spots)])
        elif square not in board.squares:
            raise InfeasibleError("FW-2.4", f"force {side}{i + 1} (roster line {spec.line}) starts on {square}, which is not a land square of the map")
        taken.add(square)
        capital = bool(holdings) and square == spots[0]
        start = spec.order or order or (CAPITAL_ORDER if capital else DEFAULT_ORDER)
        force = Force(f"{side}{i + 1}", side, square, start, None, spec.leader, spec.units, spec.individuals,
                      commands=spec.commands, specials=spec.specials)
        if scouting_rule and start == "probe" and (why := probe_refusal(force)):
            if spec.order == "probe":
                raise InfeasibleError("FW-22.1", f"roster line {spec.line}: {why}")
            force = evolve(force, order=NON_SCOUT_ORDER)
        forces.append(force)
    return forces


def new_campaign(
    fw_map: FwMap,
    board: Board,
    map_ref: MapRef,
    seed: int | str,
    options: Options,
    rosters: dict[str, list[ForceSpec]] | None = None,
    forces_per_side: int | None = None,
) -> CampaignState:
    rosters = rosters or {}
    incursione = options.scenario == "incursione"
    for side_id, specs in rosters.items():
        pirates = next((spec for spec in specs if sea_folk_only(spec.units)), None)
        if pirates is not None and not options.watercraft:
            raise CommandError(f"side {side_id}'s force led by {pirates.leader.name} is all sea-folk mercenaries: such a force is "
                               "allowed only with --rules watercraft (FW-20.5); alone, mercenaries cannot form a Force (FW-4.2.f)")
    if incursione:
        defended = [h for h in fw_map.holdings if h.side != RAIDERS]
        if len(defended) < INCURSIONE_MIN_HOLDINGS:
            raise InfeasibleError(
                "FW-17.2",
                f"the Incursione defenders need {INCURSIONE_MIN_HOLDINGS} or more holdings, the capital among them; "
                f"this map gives side {other(RAIDERS)} {len(defended)}: use --size medium or large, or --holdings 3 or more",
            )
    sides, forces, holdings = [], [], []
    for s in fw_map.sides:
        points = options.points * (RAIDER_POINTS_FACTOR if incursione and s.id == RAIDERS else 1)
        own = [h for h in fw_map.holdings if h.side == s.id]
        if incursione and s.id == RAIDERS:
            own = [h for h in own if h.capital]  # FW-17.2: the raiders hold only their village
        held = [HoldingState(square_id(*h.square), s.id, h.capital, h.feature, False, s.id) for h in own]
        holdings += held
        specs = rosters.get(s.id)
        if specs is None:
            # one force per holding; the raiders, with their village alone, as many as the defenders [DEV]
            spots = len(held) if not (incursione and s.id == RAIDERS) else len([h for h in fw_map.holdings if h.side != RAIDERS])
            n = forces_per_side or min(MAX_FORCES, max(1, spots))
            scout = scout_force(n, s.id, incursione) if options.army_composition else None
            specs = default_roster(s.race, points, n, s.id, scout)
        # FW-17.2: the defenders start on Defend; the raiders under any order: [DEV] Probe, they came to raid
        order = ("defend" if s.id != RAIDERS else DEFAULT_ORDER) if incursione else None
        forces += place_forces(board, s.id, held, specs, order, options.army_composition)
        sides.append(SideState(s.id, s.race, s.name, points))
    c = fw_map.climate
    weather = Weather(c.zone, c.season)
    if incursione:
        # FW-17.1: the last week of mild autumn weather before the winter snows.  [DEV] Neither a torrid
        # zone (no autumn, FW-7.3.2) nor a cold one (always winter, AMB-09) has it: the raid is fought
        # in a temperate autumn whatever the map's zone; its snow comes on the key days (AMB-25).
        weather = evolve(weather, zone="temperate", season="autumn")
    return CampaignState(
        seed=seed,
        map=map_ref,
        options=options,
        weather=weather,
        sides=tuple(sides),
        forces=tuple(forces),
        holdings=tuple(holdings),
    )


def board_for_map(fw_map, map_bytes: bytes):
    """The map's Board, worked out once per map file (kept by its SHA-256 for the commands that follow)."""
    return boards.for_map(map_bytes, lambda: kept_board(map_bytes, lambda: build_board(fw_map)))


def start_campaign(
    fw_map,
    map_bytes: bytes,
    map_path: str,
    seed: int | str,
    options: Options,
    rosters: dict[str, list[ForceSpec]] | None = None,
    forces_per_side: int | None = None,
    entered: tuple[int, ...] = (),
    dice_seed: int | str | None = None,
) -> CampaignState:
    """Day 1, phase 1 of a new campaign on ``fw_map`` (whose file is ``map_bytes``).

    ``entered``: faces rolled at the table for day 1 (its weather, FW-7.4), used as a command's ``--roll``;
    CommandError when one cannot come up or is left over, so nothing is written.  ``dice_seed``: the
    campaign's secret dice seed (None: its dice come from ``seed``, as the simulations' do).
    """
    board = board_for_map(fw_map, map_bytes)
    state = new_campaign(fw_map, board, MapRef(map_path, sha256_bytes(map_bytes)), seed, options, rosters, forces_per_side)
    state = evolve(state, dice_seed=dice_seed)
    dice = GameDice(seed if dice_seed is None else dice_seed, entered)
    try:
        state, _ = begin(state, dice, board)
    except DiceEntryError as exc:
        raise CommandError(str(exc)) from None
    if dice.unused_entered:
        rolled = f"rolled only {dice.used_entered}" if dice.used_entered else "rolls no die (its weather is rolled only with --rules weather)"
        raise CommandError(f"--roll gave {len(entered)} face(s) but day 1 {rolled} (unused: {','.join(map(str, dice.unused_entered))})")
    return state
