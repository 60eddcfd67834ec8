"""Battles between bots: a documented strength comparison that returns the report a player enters.

When the bots play, nobody fights the battle on the table.  It is decided
here by comparing the two sides' strength, and the result is an ordinary
:class:`~.commands.BattleReport` (the winner or a stalemate, and per unit
the figures killed and fled), so the after-battle phase (FW-12: wounded and
deserter checks, reactions, retreats, new leaders, holdings) runs exactly as
after a battle played on the table.

A side's strength, in this order (every constant below is named; the
rulebook gives the field works, the scouting rights and the scenarios, the
weights are design choices tagged ``[DEV]``):

1. **points**: each unit's army points (figures x points per figure,
   FW-4.1); a unit without points counts :data:`POINTS_PER_FIGURE`;
2. **quality**: x :data:`QUALITY_FACTOR` [DEV] (quality is already in a
   figure's points; this is the steadiness it buys beyond them);
3. **field works**: a force under Defend adds 1 point per model (FW-5.2.1);
4. **terrain**: the side defending the square (the side whose force did not
   make the contact) x :data:`TERRAIN_DEFENCE` of its terrain [DEV], and
   x :data:`RIVER_DEFENCE` behind a river without a bridge [DEV];
5. **scenario** (FW-23): the side in the scenario's first role x
   :data:`SCENARIO_FACTOR` (ambushed, surrounded, relieving, caught
   counter-marching) [DEV];
6. **scouting** (FW-10.4, pitched battles only): each side's best scouting
   test, 1D6 with the territory modifier (+2 friendly, -1 enemy), +2 for a
   force under Defend (its value doubled), -2 for partial scouting, no test
   for Unsteady and Shattered forces; the higher test x
   :data:`SCOUTING_EDGE` [DEV];
7. **the day's fortune**: x (:data:`FORTUNE_BASE` + 1D6) / (:data:`FORTUNE_BASE` + 3.5) [DEV].

The stronger side wins unless the ratio of the strengths is below
:data:`STALEMATE_RATIO` (a stalemate, FW-10.3).  Each unit of the loser
loses :data:`LOSER_SHARE` x the ratio of its figures (at most
:data:`MAX_LOSER_SHARE`), each of the winner :data:`WINNER_SHARE` / the ratio;
of those, :data:`FLED_SHARE` fled (routed off the table) and the rest were
killed.  A loser beaten by :data:`LEADER_LOST_RATIO` or more loses its
leaders (FW-12.7).

The dice come from the campaign seed and the place (day and square), as
every other roll (:mod:`.dice`), so a game replays exactly; they are the
bots' stand-in for the table and are not written in the campaign log, as a
played battle's dice are not.
"""

from __future__ import annotations

from ..battlefield.scenarios import first_role_side
from ..dice import DiceExpr
from .battle import SCOUTING, SCOUTING_TERRITORY, battle_forces, scenario_for, works_of
from .commands import BattleReport, UnitLosses
from .dice import GameDice
from .ruleset import RULESET
from .state import CampaignState, Contact, Force, other

_D6 = DiceExpr.parse("1D6")
#: [DEV] Army points of one figure of a unit that has none (a roster without points).
POINTS_PER_FIGURE = 10
#: [DEV] Steadiness beyond the points: what keeps a unit on the table when the morale tests come.
QUALITY_FACTOR = {"poor": 0.85, "average": 1.0, "veteran": 1.1, "elite": 1.2}
#: FW-5.2.1: field works of a force under Defend, worth this many points per model.
FIELD_WORKS_PER_MODEL = 1
#: [DEV] The defender of the square fights from its terrain (FW-10.5 lays the table out from it).
TERRAIN_DEFENCE = {"forest": 1.2, "jungle": 1.2, "hills": 1.15, "mountain": 1.3, "swamp": 1.1}
#: [DEV] The defender of a square with a river and no bridge holds the bank.
RIVER_DEFENCE = 1.1
#: [DEV] FW-23 scenarios: the strength factor of the side in the scenario's first role
#: (:func:`mapgen.battlefield.scenarios.first_role_side`).
SCENARIO_FACTOR = {
    "ambush": 0.75,  # the ambushed side, caught on the march (FW-23.5)
    "flank_attack": 0.8,  # the counter-marching side, struck in the flank (FW-23.4)
    "last_stand": 1.2,  # the surrounded side sells its skin dearly (FW-23.6)
    "relief": 1.1,  # the relieving side arrives on the besiegers' rear (FW-23.7)
}
#: FW-10.4 [DEV]: the scouting test's modifier for what the force may do (a Defend force's value is doubled).
SCOUTING_ABILITY = {"full": 0, "doubled": 2, "partial": -2}
#: [DEV] The side with the better scouting test chooses where and when to fight.
SCOUTING_EDGE = 1.15
#: [DEV] The day's fortune: a side's strength x (FORTUNE_BASE + 1D6) / (FORTUNE_BASE + 3.5).
FORTUNE_BASE = 6
#: [DEV] Strengths closer than this ratio: a stalemate (FW-10.3).
STALEMATE_RATIO = 1.15
#: [DEV] Share of each unit's figures lost by the loser, times the strength ratio, and its most.
LOSER_SHARE = 0.15
MAX_LOSER_SHARE = 0.6
#: [DEV] Share lost by the winner, divided by the strength ratio; each side's share in a stalemate.
WINNER_SHARE = 0.1
STALEMATE_SHARE = 0.12
#: [DEV] Of the figures lost, the share that fled (routed off the table); the rest were killed.
FLED_SHARE = 0.4
#: [DEV] A loser beaten by this ratio or more loses its leaders (FW-12.7).
LEADER_LOST_RATIO = 3.0


def points(force: Force) -> float:
    """Steps 1-3: the force's army points, weighed by quality, with its field works."""
    total = 0.0
    for u in force.units:
        total += u.figures * (u.points or POINTS_PER_FIGURE) * QUALITY_FACTOR[u.quality]
    works = works_of(force)  # FW-5.2.1: the works it holds, or those a Defend force may build
    if works:
        total += FIELD_WORKS_PER_MODEL * works[1]
    return total


def strengths(state: CampaignState, board, contact: Contact) -> dict[str, float]:
    """Each side's strength in the battle at ``contact`` (steps 1-7 of the module's list)."""
    sides = battle_forces(state, contact)
    power = {s: sum(points(f) for f in fs) for s, fs in sides.items()}
    square = board.squares[contact.square]
    mover = state.force(contact.mover) if contact.mover else None
    if mover is not None:
        defender = other(mover.side)
        power[defender] *= TERRAIN_DEFENCE.get(square.terrain, 1.0)
        if square.river and not square.bridge:
            power[defender] *= RIVER_DEFENCE
    name, _why, situation, orders = scenario_for(state, contact, board)
    factor = SCENARIO_FACTOR.get(name)
    if factor is not None:
        power[first_role_side(name, orders, situation)] *= factor
    dice = RULESET.dice_for(state)
    place = f"auto-battle/{state.day}/{contact.square}"
    if name == "pitched":
        tests = {s: _scouting(state, board, contact, fs, dice, f"{place}/scouting-{s}") for s, fs in sides.items()}
        if tests["A"] is not None and (tests["B"] is None or tests["A"] > tests["B"]):
            power["A"] *= SCOUTING_EDGE
        elif tests["B"] is not None and (tests["A"] is None or tests["B"] > tests["A"]):
            power["B"] *= SCOUTING_EDGE
    for s in ("A", "B"):
        power[s] *= (FORTUNE_BASE + _die(dice, f"{place}/fortune-{s}")) / (FORTUNE_BASE + 3.5)
    return power


def _die(dice: GameDice, place: str) -> int:
    return dice.faces(_D6, place)[0][0]


def _scouting(state: CampaignState, board, contact: Contact, forces: list[Force], dice: GameDice, place: str) -> int | None:
    """The side's best FW-10.4 scouting test; None when none of its forces may scout."""
    abilities = [SCOUTING[f.state] for f in forces if SCOUTING[f.state] != "none"]
    if not abilities:
        return None
    side = forces[0].side
    best = max(SCOUTING_ABILITY[a] for a in abilities)
    return _die(dice, place) + SCOUTING_TERRITORY[board.territory_for(contact.square, side)] + best


def battle_report(state: CampaignState, board, contact: Contact | None = None) -> BattleReport:
    """The report of the battle at ``contact`` (default: the first waiting today), decided by :func:`strengths`."""
    if contact is None:
        contact = next(c for c in state.pending if c.day <= state.day)
    power = strengths(state, board, contact)
    hi, lo = max(power.values()), min(power.values())
    ratio = hi / lo if lo > 0 else float("inf")
    winner = "stalemate" if ratio < STALEMATE_RATIO else max(power, key=power.get)
    shares = {}
    for s in ("A", "B"):
        if winner == "stalemate":
            shares[s] = STALEMATE_SHARE
        elif s == winner:
            shares[s] = WINNER_SHARE / ratio
        else:
            shares[s] = min(MAX_LOSER_SHARE, LOSER_SHARE * ratio)
    losses = []
    leaders = []
    for s, forces in battle_forces(state, contact).items():
        for f in forces:
            for u in f.units:
                lost = min(u.figures, round(u.figures * shares[s]))
                fled = round(lost * FLED_SHARE)
                if lost:
                    losses.append(UnitLosses(u.id, lost - fled, fled))
            if winner not in ("stalemate", s) and ratio >= LEADER_LOST_RATIO:
                leaders.append(f.id)
    return BattleReport(winner, tuple(losses), leaders_lost=tuple(leaders), square=contact.square)
