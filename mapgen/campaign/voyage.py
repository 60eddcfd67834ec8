"""Forces afloat (option ``watercraft``): craft gained and bought, the wind test, naval movement, events at sea.

FW-20 is the Naran Team's provisional appendix; the tables are typed from it
as data with their rule IDs.  How a force afloat sits on the board is a
[DEV] ruling: the campaign board holds land squares only, so a force afloat
stands on a **waterside land square** (one that borders sea or lake, or a
navigable river stretch): at sea it lies off that shore, on a river by that
bank.  A voyage may pass sea and lake squares, but ends off a land square.

A voyage takes the force's initiative slot (FW-9.1.2) and gives its whole
path, as ``move`` does: what the map and the craft forbid (water the craft
cannot sail, a flyer-carrier up a river, an enemy on the way) is refused
before a die is rolled.  Then the wind test (FW-20.6, when the route is on
sea or lake) and the FW-20.7 roll; [DEV] a path longer than the allowance
is sailed as far as it goes, and the fleet stops off the last land square it
reached (never in open water).  The first move (``embark``) and the last
(``disembark``) lose one square when the result allows more than one.

[DEV] rulings on forces afloat: they exert a zone of control as ashore (they
land along the bank), are not stopped by enemy zones while sailing, and may
not sail through or stop on an enemy's square; landing there (``disembark``)
is a contact, and a land force entering a square with an enemy afloat makes
contact too: every battle is fought ashore, so forces in contact land.
"""

from __future__ import annotations

from ..grid import chebyshev, neighbours, parse_square, square_id
from ..tables import Table, band
from .capture import capture as take_holding
from .commands import BuyCraft, CommandError, Disembark, Embark, Sail
from .craft import CRAFT_COST, CRAFT_RULE, CRAFTS, FREE_BOATS, FREE_MINOR_EVERY, FREE_RAFTS, FREE_SHIPS, Loading, loading, sea_folk, with_craft
from .march import STATE_MOVE, TERRITORY_MOVE, WEATHER_MOVE, enemy_squares
from .movement import engage, next_slot, slot_refusal
from .state import CampaignState, Force, evolve, modifier, with_force, with_side

#: FW-20.6: the wind test, before moving on sea or lake.
WIND_TABLE = Table(
    "FW-20.6",
    "Wind test",
    "1D6",
    (
        band(1, 2, "headwind", "headwind", mod=-3),
        band(3, 4, "calm", "flat calm", mod=-2),
        band(5, 6, "favourable", "favourable wind", mod=+1),
    ),
)

#: FW-20.7: the modified naval movement roll gives the squares sailed (a fleet always makes one).
NAVAL_TABLE = Table(
    "FW-20.7",
    "Naval movement",
    "1D6",
    (
        band(-99, 2, "1 square", "1 square", squares=1),
        band(3, 5, "2 squares", "2 squares", squares=2),
        band(6, 8, "3 squares", "3 squares", squares=3),
        band(9, 99, "4 squares", "4 squares", squares=4),
    ),
)
#: The best band of :data:`NAVAL_TABLE`: a longer path is refused outright.
MAX_VOYAGE = 4
#: FW-20.7 note: the embarking and disembarking move loses a square when it could make more than one.
LANDING_LOSS = 1

#: FW-20.7, sea and lake.
REEFS_MOVE = -1  # reefs, islands or atolls along the route
MINOR_CRAFT_AT_SEA = -2  # not using ships
#: FW-20.7, both tables (counted once): barges or rafts carry mounts.
MOUNTS_ON_RAFTS = -1
#: FW-20.7, river.
CARRIED_MOVE = -3  # waterfalls or rapids: the craft are carried along the bank
CARRIED = ("waterfall", "rapids")
UPSTREAM_MOVE = -2
DOWNSTREAM_MOVE = +1
BRIDGE_MOVE = -1  # a bridge in the starting square or the next three
#: [DEV] locks, shallows and river reefs slow progress as a bridge does (FW-20.4 names them; FW-20.7 gives no number).
OTHER_OBSTACLES = ("lock", "shallows", "reef")
OTHER_OBSTACLE_MOVE = -1
#: The starting square and the next three (FW-20.7, the bridge).
BRIDGE_REACH = 4

#: FW-16.4 [DEV]: events at sea, rolled for each force that sailed on ships at sea today (with ``random_events``).
SEA_EVENTS = Table(
    "FW-16.4",
    "Events at sea",
    "1D6",
    (
        band(1, 1, "hurricane", "a hurricane scatters the fleet", reaction="unsteady"),
        band(2, 2, "storm", "a storm: the force is shaken", reaction="confused"),
        band(3, 3, "monster", "a sea monster (Kraken, Scylla and Charybdis, Maelstrom, Sirens)", table=True),
        band(4, 6, "none", "a quiet voyage"),
    ),
)
#: Reactions by how bad (FW-5): a sea event never makes one better.
_WORSE = {None: 0, "confused": 1, "unsteady": 2, "shattered": 3}

MODES = {Embark: "embark", Sail: "sail", Disembark: "disembark"}


# --- refusals ---------------------------------------------------------------------------------


def refusal(state: CampaignState, board, cmd) -> str | None:
    """Why the voyage is refused whatever the dice say, in one line; None when it may be rolled."""
    return _checked(state, board, cmd)[0]


def _checked(state: CampaignState, board, cmd, ashore: bool = True) -> tuple[str | None, Loading | None]:
    """The refusal and the loading; ``ashore=False`` skips only the check that the path ends off a land square
    (:func:`voyage_paths` walks through open water to reach the shores beyond it)."""
    mode = MODES[type(cmd)]
    if not state.options.watercraft:
        return "watercraft is an optional rule: campaign new --rules watercraft (FW-20)", None
    force = state.force(cmd.force)
    why = slot_refusal(state, cmd.force, force)
    if why:
        return why, None
    if mode == "embark" and force.afloat:
        return f"{force.id} is already afloat: sail or disembark", None
    if mode != "embark" and not force.afloat:
        return f"{force.id} is ashore: it boards its craft with embark (FW-20.7)", None
    if force.square not in board.sailing:
        return f"{force.square} borders no navigable water (FW-20.4)", None
    if len(cmd.path) > MAX_VOYAGE:
        return f"too far: {len(cmd.path)} squares, and no fleet sails more than {MAX_VOYAGE} a day (FW-20.7)", None
    enemies = enemy_squares(state, force.side)
    route = (force.square, *cmd.path)
    steps = []
    for i, (a, b) in enumerate(zip(route, route[1:])):
        step = board.sailing.get(a, {}).get(b)
        if step is None:
            return f"{a} to {b} is not a step on navigable water (FW-20.4)", None
        last = i == len(cmd.path) - 1
        if b in enemies and not (last and mode == "disembark"):
            return f"the enemy holds {b}: a fleet does not sail past nor lie off it; land there with disembark (FW-9.8)", None
        steps.append(step)
    if ashore and cmd.path and cmd.path[-1] not in board.squares:
        return f"{cmd.path[-1]} is open water: a fleet ends its move off a land square", None
    fleet = fleet_for(force, steps)
    if isinstance(fleet, str):
        return fleet, None
    return None, fleet


def fleet_for(force: Force, steps: list) -> Loading | str:
    """The force afloat on ships if it has them and the route is theirs, else on its minor craft; or why neither can go."""
    river = any(s[0] == "river" for s in steps)
    boats_only = any(s[1] == "boats" for s in steps)
    on_ships = loading(force, "ships")
    if isinstance(on_ships, Loading) and not boats_only and not (river and on_ships.carriers):
        return on_ships
    on_boats = loading(force, "boats")
    if isinstance(on_boats, Loading):
        return on_boats
    if isinstance(on_ships, Loading):
        if boats_only:
            return f"the route has stretches for boats and rafts only (FW-20.4), and {on_boats}"
        return f"a flyer-carrier never goes up a river (FW-20.3), and {on_boats}"
    return on_ships if force.ships or force.carriers else on_boats


# --- the roll ----------------------------------------------------------------------------------


def naval_modifiers(state: CampaignState, board, force: Force, route: tuple[str, ...], steps: list, fleet: Loading, wind: int | None):
    """Every FW-20.7 modifier for the route, in the tables' order; ``wind``: the FW-20.6 modifier, when rolled."""
    mods = []
    weather = WEATHER_MOVE.get(state.weather.today or "")
    if weather:
        mods.append(modifier(state.weather.today.replace("_", " "), weather))
    at_sea = any(s[0] in ("sea", "lake") for s in steps)
    river = [s for s in steps if s[0] == "river"]
    if at_sea:
        if wind is not None:
            mods.append(modifier({-3: "headwind", -2: "flat calm", 1: "favourable wind"}[wind], wind))
        if any(sq in board.reefs for sq in waters_along(board, route, steps)):
            mods.append(modifier("reefs along the route", REEFS_MOVE))
        if fleet.fleet == "boats":
            mods.append(modifier("minor craft only", MINOR_CRAFT_AT_SEA))
    if fleet.mounts_on_rafts:
        mods.append(modifier("rafts carry mounts", MOUNTS_ON_RAFTS))
    if river:
        if any(k in CARRIED for a, b in zip(route, route[1:]) for k in board.passed.get(frozenset((a, b)), ())):
            mods.append(modifier("craft carried past falls or rapids", CARRIED_MOVE))
        flow = sum(s[2] for s in river)
        if flow < 0:
            mods.append(modifier("upstream", UPSTREAM_MOVE))
        elif flow > 0:
            mods.append(modifier("downstream", DOWNSTREAM_MOVE))
        near = [k for sq in route[:BRIDGE_REACH] for k in board.obstacles.get(sq, ())]
        if "bridge" in near:
            mods.append(modifier("bridge", BRIDGE_MOVE))
        if any(k in OTHER_OBSTACLES for k in near):
            mods.append(modifier("lock, shallows or reef", OTHER_OBSTACLE_MOVE))
    territory = board.territory_for(force.square, force.side)
    if TERRITORY_MOVE[territory]:
        mods.append(modifier(f"{territory} territory", TERRITORY_MOVE[territory]))
    state_mod = STATE_MOVE.get(force.state)
    if state_mod:
        mods.append(modifier(force.state.replace("_", " "), state_mod))
    return tuple(mods)


def waters_along(board, route: tuple[str, ...], steps: list) -> set[str]:
    """The squares a voyage sails through or by: the route's own, and for each coasting step (from one shore square
    to the next along sea or lake) the open water squares bordering both, which the fleet passes (FW-20.7's reefs).

    [DEV] The route names land squares only where a fleet hugs the coast, so which open water square it passed
    is not recorded: every one that borders both shores counts, and a reef on any of them is along the route.
    """
    out = set(route)
    for (a, b), step in zip(zip(route, route[1:]), steps):
        if step[0] in ("sea", "lake") and a in board.squares and b in board.squares:
            ca, cb = parse_square(a), parse_square(b)
            for c, r in neighbours(*ca, board.width, board.height):
                sq = square_id(c, r)
                if sq in board.water and chebyshev((c, r), cb) == 1:
                    out.add(sq)
    return out


def allowance_for(squares: int, mode: str) -> int:
    """FW-20.7 note: the embarking or disembarking move loses a square when it could make more than one."""
    return squares - LANDING_LOSS if mode in ("embark", "disembark") and squares > 1 else squares


# --- the voyage --------------------------------------------------------------------------------


def voyage(state: CampaignState, cmd, dice, board) -> CampaignState:
    """``embark``, ``sail`` and ``disembark``: the wind test, the naval roll, the voyage, the landing (FW-20.6, FW-20.7)."""
    why, fleet = _checked(state, board, cmd)
    if why:
        raise CommandError(why)
    mode = MODES[type(cmd)]
    force = state.force(cmd.force)
    route = (force.square, *cmd.path)
    steps = [board.sailing[a][b] for a, b in zip(route, route[1:])]
    day, side = state.day, force.side
    allowance = 0
    if cmd.path:
        wind = None
        if any(s[0] in ("sea", "lake") for s in steps):
            _, b = dice.roll_on(WIND_TABLE, day=day, phase=2, place=f"{force.id}/wind", text=f"{force.id} tests the wind", side=side, secret=True)
            wind = b.data["mod"]
        _, result = dice.roll_on(
            NAVAL_TABLE, modifiers=naval_modifiers(state, board, force, route, steps, fleet, wind), day=day, phase=2,
            place=f"{force.id}/sail", text=f"{force.id} ({force.state}) {mode}s at {force.square} on {fleet.fleet}", side=side, secret=True,
        )
        allowance = allowance_for(result.data["squares"], mode)
    sailed = list(route[: allowance + 1])
    while sailed[-1] not in board.squares:  # never left in open water: back to the last shore it passed
        sailed.pop()
    pos = sailed[-1]
    lands = mode == "disembark" and pos == route[-1]
    if len(sailed) < len(route):
        dice.event(day=day, phase=2, rule="FW-20.7", text=f"{force.id} stops off {pos}: its allowance of {allowance} square(s) is spent", side=side, secret=True)
    how = "lands at" if lands else "lies off"
    text = f"{force.id} sails {'-'.join(sailed)} and {how} {pos}" if len(sailed) > 1 else f"{force.id} {'lands at' if lands else 'is afloat off'} {pos}"
    dice.event(day=day, phase=2, rule="FW-20.7", text=text, side=side)
    path = list(force.path_today)
    for sq in sailed:  # path_today: the land squares it started in, passed or ended in (open water is no square of the board)
        if sq in board.squares and (not path or path[-1] != sq):
            path.append(sq)
    mover = evolve(force, square=pos, moved_today=True, path_today=tuple(path), afloat=not lands)
    if pos != force.square and force.field_works:
        mover = evolve(mover, field_works=0)
    state = evolve(state, forces=tuple([mover if f is force else f for f in state.forces]), initiative=state.initiative[1:])
    if lands:
        if pos in enemy_squares(state, side):
            state, _ = engage(state, dice, force.id, pos)
        else:
            state = take_holding(state, pos, side, dice, 2, by=force.id)
    return next_slot(state)


# --- craft gained and bought --------------------------------------------------------------------


def buy_refusal(state: CampaignState, board, cmd: BuyCraft) -> str | None:
    """Why the craft may not be bought now; None when they may."""
    if not state.options.watercraft:
        return "watercraft is an optional rule: campaign new --rules watercraft (FW-20)"
    force = state.force(cmd.force)
    if force is None:
        return f"no force {cmd.force!r} (forces: {', '.join(f.id for f in state.forces) or 'none'})"
    counts = {k: getattr(cmd, k) for k in CRAFTS}
    if any(n < 0 or n > 100 for n in counts.values()) or not any(counts.values()):
        return "give how many of each craft: ships, carriers, boats, rafts (0 to 100, at least one)"
    if state.phase not in (1, 2):
        return f"craft are bought in Phase 1 or 2, before the force moves; the campaign is in Phase {state.phase}"
    if force.afloat or force.moved_today:
        return f"{force.id} buys craft ashore, before it moves"
    if sea_folk(force):
        return f"{force.id} is a sea-folk force: it has every craft it needs free (FW-20.5)"
    if (cmd.ships or cmd.carriers) and board.ports.get(force.square) != force.side:
        return f"ships are built at a port of side {force.side} (FW-20.2); {force.square} is not one"
    holding = state.holding(force.square)
    if (cmd.ships or cmd.carriers) and (holding is None or holding.owner != force.side):
        return f"side {force.side} no longer holds the port at {force.square}"
    if (cmd.boats or cmd.rafts) and force.square not in board.sailing:
        return f"{force.square} borders no navigable water for boats and rafts (FW-20.4)"
    cost = sum(CRAFT_COST[k] * n for k, n in counts.items())
    banked = state.side(force.side).reinforcement_points
    if cost > banked:
        return f"{cost} points of craft, and side {force.side} has {banked} banked points (FW-20.3, FW-15.h)"
    return None


def buy(state: CampaignState, cmd: BuyCraft, dice, board) -> CampaignState:
    """``buy-craft``: ships 100, flyer-carriers 200, boats 10, rafts 20 points, from the side's banked points (FW-20.3, FW-20.4)."""
    why = buy_refusal(state, board, cmd)
    if why:
        raise CommandError(why)
    force = state.force(cmd.force)
    counts = {k: getattr(cmd, k) for k in CRAFTS if getattr(cmd, k)}
    cost = sum(CRAFT_COST[k] * n for k, n in counts.items())
    side = state.side(force.side)
    state = with_side(state, evolve(side, reinforcement_points=side.reinforcement_points - cost))
    rule = ", ".join(sorted({CRAFT_RULE[k] for k in counts}))
    what = ", ".join(f"{n} {k}" for k, n in counts.items())
    dice.event(day=state.day, phase=state.phase, rule=rule, text=f"{force.id} buys {what} for {cost} points", side=force.side, secret=True)
    return with_force(state, with_craft(force, **counts))


def shipyards(state: CampaignState, dice, board) -> CampaignState:
    """End of the turn: free ships at a port (FW-20.3), free boats and rafts in a forest on a river (FW-20.4, AMB-35).

    [DEV] A force qualifies when it stands ashore under Defend on a holding of its side and did not move
    this turn: on a port, 2 ships every turn; in a forest crossed by a river, 4 boats and 2 rafts on every
    second day (AMB-35: every two turns).  "Its starting holding" is read as the holding it stands on.
    """
    for f in state.forces:
        if f.order != "defend" or f.afloat or set(f.path_today) - {f.square} or sea_folk(f):
            continue
        h = state.holding(f.square)
        if h is None or h.owner != f.side:
            continue
        sq = board.squares[f.square]
        gained = {}
        if board.ports.get(f.square) == f.side:
            gained["ships"] = FREE_SHIPS
        if sq.terrain in ("forest", "jungle") and sq.river and state.day % FREE_MINOR_EVERY == 0:
            gained.update(boats=FREE_BOATS, rafts=FREE_RAFTS)
        if gained:
            what = ", ".join(f"{n} {k}" for k, n in gained.items())
            rule = "FW-20.3" if "ships" in gained else "FW-20.4"
            dice.event(day=state.day, phase=8, rule=rule, text=f"{f.id} at {f.square} gets {what} free", side=f.side, secret=True)
            state = with_force(state, with_craft(state.force(f.id), **gained))
    return state


def at_sea(board, force: Force) -> bool:
    """Afloat on ships (or as sea-folk) off a shore of the sea, having sailed today: FW-16.4's forces moving at sea."""
    if not force.afloat or not force.moved_today or not (force.ships or force.carriers or sea_folk(force)):
        return False
    return any(step[0] == "sea" for step in board.sailing.get(force.square, {}).values())


def sea_events(state: CampaignState, dice, board) -> CampaignState:
    """FW-16.4 [DEV]: one 1D6 for each force that sailed at sea on ships today; the monster is fought at the table."""
    for f in state.forces:
        if not at_sea(board, f):
            continue
        _, b = dice.roll_on(SEA_EVENTS, day=state.day, phase=8, place=f"{f.id}/sea", text=f"{f.id}: events at sea", side=f.side, secret=True)
        reaction = b.data.get("reaction")
        if reaction and _WORSE[reaction] > _WORSE[f.reaction]:
            dice.event(day=state.day, phase=8, rule="FW-16.4", text=f"{f.id}: {b.label}, it becomes {reaction}", side=f.side, secret=True)
            state = with_force(state, evolve(f, order=None, reaction=reaction))
        elif b.data.get("table"):
            dice.event(day=state.day, phase=8, rule="FW-16.4",
                       text=f"{f.id} meets {b.label}: play it at the table with the Lurking Monster rules of Avventurieri", side=f.side)
    return state


# --- for the actions and the bots ----------------------------------------------------------------


def voyage_paths(state: CampaignState, board, cmd_type, force_id: str) -> dict[str, tuple[str, ...]]:
    """Every land square the force may set out for today afloat (``cmd_type``: Embark, Sail or Disembark), with the
    shortest path to it that the voyage's refusal accepts; the dice then decide how far it gets.

    The walk passes sea and lake squares (open water) on the way to the shores beyond; only a path ending on
    land is a voyage the refusal accepts.  Of the shortest paths it keeps one along the shore where there is
    one (land squares are walked first): a fleet whose roll falls short stops off the last land square it
    passed, never in open water, so a coastal path gets it somewhere on a poor roll."""
    force = state.force(force_id)
    paths: dict[str, tuple[str, ...]] = {}
    seen = {force.square}
    frontier: list[tuple[str, tuple[str, ...]]] = [(force.square, ())]
    for _ in range(MAX_VOYAGE):
        nxt = []
        for here, path in frontier:
            for sq in sorted(board.sailing.get(here, {}), key=lambda sq: sq not in board.squares):
                if sq in seen:
                    continue
                seen.add(sq)
                p = path + (sq,)
                if _checked(state, board, cmd_type(force_id, p), ashore=False)[0] is not None:
                    continue
                nxt.append((sq, p))
                if sq in board.squares:
                    paths[sq] = p
        frontier = nxt
    return paths
