"""The rule tables of a force's march (FW-9.2, FW-9.3, FW-9.6) and who blocks it (FW-9.7, FW-9.8).

Tables are data with their rule IDs; the functions only read them.  All the
lookups are over the board's dicts and the dozen forces on the map, so a move
costs microseconds (the benchmark plays thousands of turns a second).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tables import Table, band
from .state import CampaignState, Force, Modifier, snow_at


@dataclass(frozen=True)
class StartTerrain:
    """One FW-9.2 row for the square where the movement starts."""

    value: int
    naran: bool  # an [NT] row: counted only with the ``naran_movement`` option


#: FW-9.2: the terrain of the square where the movement starts.  Jungle is the hot zones' forest (FW-2.2, FW-2.6 [DEV]).
START_TERRAIN: dict[str, StartTerrain] = {
    "mountain": StartTerrain(-3, naran=False),
    "forest": StartTerrain(-2, naran=False),
    "jungle": StartTerrain(-2, naran=False),
    "swamp": StartTerrain(-1, naran=False),
    "desert": StartTerrain(-1, naran=True),
    "wasteland": StartTerrain(-1, naran=True),
    "cultivated": StartTerrain(-1, naran=True),
    "hills": StartTerrain(-2, naran=True),
}
#: FW-9.2: a river in the square [NL]; a bridge cancels it, with or without the [NT] rows (AMB-06); a ford keeps it.
RIVER_MOVE = -1
#: FW-9.2 [NT]: a road or caravan track in the square.
ROAD_MOVE = +1
#: FW-9.2: territory of the square where the movement starts (FW-2.3).
TERRITORY_MOVE = {"friendly": +1, "enemy": -1, "neutral": 0}
#: FW-9.2: orders and reactions (Unsteady and Shattered: a single -2; Confused moves unimpaired, FW-5.3).
STATE_MOVE = {"max_speed": +2, "unsteady": -2, "shattered": -2}
#: FW-9.2 / FW-7.4 [NT]: the day's weather; a storm stops every force not engaged.
WEATHER_MOVE = {"light_rain": -1, "heavy": -2}
#: FW-7.5 [NT]: soaked ground in deserts and the tropics counts as one snow level, for that day only.
SOAKED_MOVE = -1
#: FW-9.2 / FW-7.5 / FW-17.6: each accumulated snow level.
SNOW_MOVE = -1

#: FW-9.3: the modified movement roll gives the allowance in squares.
MOVE_TABLE = Table(
    "FW-9.3",
    "Movement allowance",
    "1D6",
    (
        band(-99, 2, "none", "cannot move this turn", squares=0),
        band(3, 5, "1 square", "up to 1 square", squares=1),
        band(6, 8, "2 squares", "up to 2 squares", squares=2),
        band(9, 99, "3 squares", "up to 3 squares", squares=3),
    ),
)
#: The best band of :data:`MOVE_TABLE`: a longer path can never be walked, so it is refused outright.
MAX_ALLOWANCE = 3

#: FW-9.6 / AMB-04: the reaction a counter-march leaves, by the force's order or reaction before it.
COUNTERMARCH_REACTION = {"max_speed": "confused", "probe": "confused", "confused": "unsteady", "unsteady": "shattered"}


def move_modifiers(state: CampaignState, board, force: Force) -> tuple[Modifier, ...]:
    """Every FW-9.2 modifier for ``force`` starting from its square (FW-2.6: the start square counts)."""
    w = state.weather
    key = ("move", force.square, force.side, force.state, state.options.naran_movement, w.today, w.snow_level, w.mountain_snow, w.soaked)
    mods = board.cache.get(key)  # a handful of squares, states and weathers recur all campaign long
    if mods is None:
        mods = board.cache[key] = tuple(_move_modifiers(state, board, force))
    return mods


def square_modifiers(sq, naran: bool) -> tuple[Modifier, ...]:
    """The FW-9.2 modifiers a land square gives every force that starts there, whoever's it is.

    The ground's own part of :func:`move_modifiers` (terrain, river, and with the
    [NT] rows, ``naran``, road and pass), without territory, orders or weather:
    what a map or an atlas prints as the square's movement modifier.
    """
    return (*_ground_modifiers(sq, naran), *_road_modifier(sq, naran))


def _ground_modifiers(sq, naran: bool) -> list[Modifier]:
    mods: list[Modifier] = []
    row = START_TERRAIN.get(sq.terrain)
    if row and (naran or not row.naran) and not (sq.terrain == "mountain" and naran and sq.mountain_pass):
        mods.append(Modifier(sq.terrain, row.value))
    if sq.river and not sq.bridge:  # AMB-06: the bridge cancels it in base and strict mode alike
        mods.append(Modifier("river", RIVER_MOVE))
    return mods


def _road_modifier(sq, naran: bool) -> list[Modifier]:
    return [Modifier("road", ROAD_MOVE)] if naran and sq.road else []


def _move_modifiers(state: CampaignState, board, force: Force) -> list[Modifier]:
    sq = board.squares[force.square]
    naran = state.options.naran_movement
    mods = _ground_modifiers(sq, naran)  # the log's order: ground, territory, order or reaction, road, weather
    territory = board.territory_for(force.square, force.side)
    if TERRITORY_MOVE[territory]:
        mods.append(Modifier(f"{territory} territory", TERRITORY_MOVE[territory]))
    state_mod = STATE_MOVE.get(force.state)
    if state_mod:
        mods.append(Modifier(force.state.replace("_", " "), state_mod))
    mods += _road_modifier(sq, naran)
    weather = WEATHER_MOVE.get(state.weather.today or "")
    if weather:
        mods.append(Modifier(state.weather.today.replace("_", " "), weather))
    snow = snow_at(state.weather, sq.terrain)  # FW-7.5: the snow of the square it starts from
    if snow:
        mods.append(Modifier(f"snow level x{snow}", SNOW_MOVE * snow))
    if state.weather.soaked:
        mods.append(Modifier("soaked ground", SOAKED_MOVE))
    return mods


# --- who is where: locked forces, enemy squares and zones of control --------------------------


def locked(state: CampaignState) -> set[str]:
    """Forces in a battle waiting to be fought: movement ends for both sides at contact (FW-9.8, AMB-15)."""
    return {fid for c in state.pending for fid in c.forces} if state.pending else set()


def enemy_squares(state: CampaignState, side: str) -> set[str]:
    """The squares holding the other side's forces."""
    return {f.square for f in state.forces if f.side != side}


def in_zoc(board, enemies: set[str], square: str) -> bool:
    """In an enemy zone of control: an enemy force on a square bordering it (FW-9.7, [DEV] 8 neighbours, AMB-02).

    Bordering is symmetric (``board.around``), so this looks at the 8 squares
    around ``square`` instead of building every enemy's zone.
    """
    return not enemies.isdisjoint(board.around[square])


def may_move(state: CampaignState, force: Force, locked_ids: set[str] | None = None) -> bool:
    """Takes an initiative slot and may still move today: not Defend, not moved, not locked in contact."""
    if force.moved_today or force.order == "defend":
        return False
    return force.id not in (locked(state) if locked_ids is None else locked_ids)
