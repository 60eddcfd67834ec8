"""Phase 8: random events (FW-16), when the ``random_events`` option is on.

Every ``random_event_interval`` days (7, AMB-24) each player rolls the
general table (3D6, FW-16.1) and the catastrophe table (1D6, FW-16.3).  The
tables are data; each band's ``data`` says what the event does, so the
Incursione key-day tables (:mod:`.incursione`) reuse the same effects:

* ``points``: extra reinforcement points, banked (FW-15.h);
* ``who``: individuals joining a force (a hero, two scouts, a wizard);
* ``effect``: ``stress`` (a leader's CV drops to 2), ``leader`` (+1 CV, at
  most 6), ``shatter`` (storm or blizzard), ``epidemic_holding``,
  ``epidemic_capital``, ``lose_reserve``, ``disaster``, ``spirits``, or
  ``gain`` for what the player gains at the table (a magic item, Ars Arcana
  points ...) and the engine only logs;
* ``again``: one more roll on the same table (result 8, AMB-24).

Targets (AMB-75): a harmful event strikes a force, leader, holding or
square chosen at random among the eligible ones (a die is rolled when there
is more than one).  [DEV] A good event goes to the side's first force by
number, since the engine cannot ask the player; it is logged so the players
can move a hero or scout at the table.

[DEV] Losing points from a force removes figures, cheapest figures first
(an epidemic strikes the rank and file), until at least that many points
have gone; a unit left with no figures is struck off, and a force left with
no units is removed.  Reserves (banked reinforcement points) lie in the
capital, where reinforcements muster (FW-15.a).  The tribal table (FW-16.2)
is not rolled: the races do not say which peoples are tribal.
"""

from __future__ import annotations

import math

from ..tables import Band, Table, band
from .reinforcements import bank, grant, home, own_capital
from .state import CampaignState, Force, due, evolve, with_force, without_force
from .voyage import sea_events, shipyards

#: FW-16.1 General random events (3D6); "1-4" read as 3-4 (AMB-24).
GENERAL = Table(
    "FW-16.1",
    "General random events",
    "3D6",
    (
        band(3, 4, "none", "No particular event"),
        band(5, 5, "points_50", "+50 extra reinforcement points", points=50),
        band(6, 6, "points_100", "+100 extra reinforcement points", points=100),
        band(7, 7, "points_150", "+150 extra reinforcement points", points=150),
        band(8, 8, "points_100_again", "+100 extra reinforcement points and one more roll", points=100, again=True),
        band(9, 9, "hero", "A Hero arrives", who=("Hero on foot",)),
        band(10, 10, "hero_rouses", "A hero rouses the people: a Hero and +100 points", who=("Hero on foot",), points=100),
        band(11, 11, "leader_stress", "A Leader under stress: CV 2", effect="stress"),
        band(12, 12, "scouts", "Scouts offer their services", who=("Scout", "Scout")),
        band(13, 13, "leader_emerges", "A leader emerges: +1 CV (at most 6)", effect="leader"),
        band(14, 14, "individual", "An individual emerges", effect="gain",
             gain="an individual character of the army list (no wizards, druids, enchantresses nor Special Characters) for one force"),
        band(15, 15, "magic_item", "A magic item", effect="gain", gain="a magic weapon or magic armour, shield or helm for one individual"),
        band(16, 16, "ars_arcana", "200 points of Ars Arcana", effect="gain", gain="200 points of Ars Arcana items (not magic points)"),
        band(17, 17, "wizard_power", "A Wizard gains 25 magic points", effect="gain", gain="25 magic points in every future battle for one Wizard"),
        band(18, 18, "wizard", "A Wizard joins your cause", who=("Wizard (25 MP)",)),
    ),
)

#: FW-16.3 Catastrophic events (1D6).
CATASTROPHE = Table(
    "FW-16.3",
    "Catastrophic events",
    "1D6",
    (
        band(1, 2, "none", "No particular event"),
        band(3, 3, "storm", "Storm: a force is Shattered", effect="shatter"),
        band(4, 4, "epidemic_holding", "Epidemic in a holding: -100 points", effect="epidemic_holding", loss=100),
        band(5, 5, "epidemic_capital", "Epidemic in the capital: -100 points", effect="epidemic_capital", loss=100),
        band(6, 6, "disaster", "Disaster in one map square", effect="disaster"),
    ),
)

#: FW-16.3.1 Disaster location (1D6, each player).
DISASTER = Table(
    "FW-16.3.1",
    "Disaster location",
    "1D6",
    (
        band(1, 4, "nothing", "A square with none of the roller's forces nor holdings"),
        band(5, 5, "force", "A square with one of the roller's forces"),
        band(6, 6, "holding", "A square with one of the roller's holdings"),
    ),
)
#: FW-16.3.1: a disaster takes half the points of every force and reserve in the square.
DISASTER_PERCENT = 50
#: FW-16.1 result 11: a stressed leader's CV; result 13: the highest CV.
STRESSED_CV = 2
MAX_CV = 6


def start(state: CampaignState, dice, board) -> CampaignState:
    if state.options.watercraft:  # FW-20.3, FW-20.4: the day's free craft; FW-16.4: events at sea
        state = shipyards(state, dice, board)
        if state.options.random_events:
            state = sea_events(state, dice, board)
    if state.options.scenario == "incursione":
        from .incursione import key_day_events

        return key_day_events(state, dice, board)
    if not state.options.random_events or state.day % state.options.random_event_interval:
        return state
    for s in state.sides:
        state = roll_table(state, dice, s.id, GENERAL, "events")
        state = roll_table(state, dice, s.id, CATASTROPHE, "catastrophe")
    return state


def awaiting(state, board):
    return None


def roll_table(state: CampaignState, dice, side: str, table: Table, place: str, phase: int = 8) -> CampaignState:
    """One side's roll on an event table, its effect, and the one extra roll a result may grant (AMB-24)."""
    for n in range(2):  # the first roll and at most one more: the extra roll's own 8 grants nothing further
        _, b = dice.roll_on(table, day=state.day, phase=phase, place=f"{side}/{place}" + ("/again" if n else ""),
                            text=f"side {side}: {table.name}", side=side, secret=True)
        state = effect(state, dice, side, b, table.rule, phase)
        if not b.data.get("again"):
            break
    return state


def effect(state: CampaignState, dice, side: str, b: Band, rule: str, phase: int = 8) -> CampaignState:
    """What one event band does to the campaign state."""
    d = b.data
    kind = d.get("effect")
    if "points" in d:
        state = grant(state, dice, side, d["points"], rule, b.label, phase)
    if "who" in d:
        state = _join(state, dice, side, d["who"], rule, phase)
    if kind is None:
        return state
    ctx = (dice, side, rule, phase)
    if kind == "gain":
        _say(state, ctx, f"side {side} gains {d['gain']}: the players settle it at the table")
    elif kind == "spirits":
        e = dice.roll("1D6", day=state.day, phase=phase, place=f"{side}/spirits", rule=rule, text=f"side {side}: spirits counters", side=side, secret=True)
        _say(state, ctx, f"side {side} gains {e.total} spirits counters to share among its forces")
    elif kind == "stress":
        state = _stress(state, ctx)
    elif kind == "leader":
        state = _leader_emerges(state, ctx)
    elif kind == "shatter":
        state = _shatter_one(state, ctx)
    elif kind == "lose_reserve":
        state = _lose_reserve(state, ctx, d["loss"])
    elif kind == "epidemic_holding":
        state = _epidemic_holding(state, ctx, d["loss"])
    elif kind == "epidemic_capital":
        state = _epidemic_capital(state, ctx, d["loss"])
    elif kind == "disaster":
        for s in state.sides:  # FW-16.3: each player rolls for the disaster's square
            state = _disaster(state, (dice, s.id, DISASTER.rule, phase))
    return state


# --- targets and effects -------------------------------------------------------------------


def _say(state, ctx, text: str) -> None:
    dice, side, rule, phase = ctx
    dice.event(day=state.day, phase=phase, rule=rule, text=text, side=side, secret=True)


def pick(state: CampaignState, ctx, items: list, what: str):
    """AMB-75: a random target among the eligible ones (no die when there is only one)."""
    if len(items) < 2:
        return items[0] if items else None
    dice, side, rule, phase = ctx
    e = dice.roll(f"1D{len(items)}", day=state.day, phase=phase, place=f"{side}/target/{what}", rule="AMB-75",
                  text=f"side {side}: which {what} the event strikes", side=side, secret=True)
    chosen = items[e.total - 1]
    dice.set_outcome(e, getattr(chosen, "id", getattr(chosen, "square", str(chosen))))
    return chosen


def _forces(state: CampaignState, side: str) -> list[Force]:
    """The side's Forces an event may pick; [DEV] not a character travelling alone (FW-22.3), who keeps his Max Speed."""
    return sorted((f for f in state.side_forces(side) if not f.travelling), key=lambda f: f.id)


def _join(state, dice, side, who: tuple[str, ...], rule: str, phase: int) -> CampaignState:
    forces = _forces(state, side)
    if not forces:
        dice.event(day=state.day, phase=phase, rule=rule, text=f"side {side} has no force for {', '.join(who)}", side=side, secret=True)
        return state
    f = forces[0]
    dice.event(day=state.day, phase=phase, rule=rule, text=f"{', '.join(who)} join(s) force {f.id}", side=side, secret=True)
    return with_force(state, evolve(f, individuals=f.individuals + tuple(who)))


def _stress(state, ctx) -> CampaignState:
    """FW-16.1 result 11: "his CV is reduced to 2", so only a leader above CV 2 can be struck (AMB-75: at random)."""
    dice, side, rule, phase = ctx
    f = pick(state, ctx, [f for f in _forces(state, side) if f.leader.cv > STRESSED_CV], "leader")
    if f is None:
        _say(state, ctx, f"side {side}: no leader above CV {STRESSED_CV}, the stress affects none")
        return state
    _say(state, ctx, f"{f.leader.name} of force {f.id} is under stress: CV {f.leader.cv} -> {STRESSED_CV}")
    return with_force(state, evolve(f, leader=evolve(f.leader, cv=STRESSED_CV)))


def _leader_emerges(state, ctx) -> CampaignState:
    """[DEV] The player would choose: the engine raises the lowest CV (the first force on a tie)."""
    able = [f for f in _forces(state, ctx[1]) if f.leader.cv < MAX_CV]
    if not able:
        _say(state, ctx, f"side {ctx[1]}: every leader already has CV {MAX_CV}")
        return state
    f = min(able, key=lambda f: f.leader.cv)
    _say(state, ctx, f"{f.leader.name} of force {f.id} rises: CV {f.leader.cv} -> {f.leader.cv + 1}")
    return with_force(state, evolve(f, leader=evolve(f.leader, cv=f.leader.cv + 1)))


def _remove(state: CampaignState, ctx, f: Force, why: str) -> CampaignState:
    _say(state, ctx, f"force {f.id} is annihilated ({why}): removed from the campaign")
    state = without_force(state, f.id)
    if not state.side_forces(f.side):
        state = due(state, f.side, "FW-13.a")
    return state


def _shatter_one(state, ctx) -> CampaignState:
    """Storm or blizzard: a random force is Shattered; when all already are, a random one is removed."""
    forces = _forces(state, ctx[1])
    whole = [f for f in forces if f.reaction != "shattered"]
    if whole:
        f = pick(state, ctx, whole, "force")
        _say(state, ctx, f"force {f.id} is caught by the storm: Shattered")
        return with_force(state, evolve(f, order=None, reaction="shattered"))
    f = pick(state, ctx, forces, "force")
    return state if f is None else _remove(state, ctx, f, "every force was already Shattered")


def strip(force: Force, loss: int) -> Force | None:
    """[DEV] Remove figures worth at least ``loss`` points, cheapest first; None when nothing is left."""
    left = loss
    units = list(force.units)
    for i in sorted(range(len(units)), key=lambda i: (units[i].points, i)):
        u = units[i]
        if left <= 0:
            break
        if u.points < 1 or u.figures < 1:
            continue
        gone = min(u.figures, math.ceil(left / u.points))
        units[i] = evolve(u, figures=u.figures - gone)
        left -= gone * u.points
    kept = tuple(u for u in units if u.figures > 0)
    return evolve(force, units=kept) if kept else None


def _hurt(state, ctx, f: Force, loss: int, why: str) -> CampaignState:
    hurt = strip(f, loss)
    if hurt is None:
        return _remove(state, ctx, f, why)
    _say(state, ctx, f"force {f.id} loses {f.army_points - hurt.army_points} points of figures ({why}): {hurt.figures} figures left")
    return with_force(state, hurt)


def _lose_reserve(state, ctx, loss: int) -> CampaignState:
    side = ctx[1]
    before = state.side(side).reinforcement_points
    state = bank(state, side, -loss)
    _say(state, ctx, f"side {side} loses {before - state.side(side).reinforcement_points} banked reinforcement points")
    return state


def _epidemic_holding(state, ctx, loss: int) -> CampaignState:
    side = ctx[1]
    held = [h for h in state.holdings if h.owner == side and not h.sacked]
    h = pick(state, ctx, held, "holding")
    if h is None:
        return state
    _say(state, ctx, f"epidemic in the holding {h.square}")
    if h.capital and home(h) == side:
        state = _lose_reserve(state, ctx, loss)
    for f in [f for f in _forces(state, side) if f.square == h.square]:
        state = _hurt(state, ctx, f, loss, "epidemic")
    return state


def _epidemic_capital(state, ctx, loss: int) -> CampaignState:
    side = ctx[1]
    state = _lose_reserve(state, ctx, loss)
    cap = own_capital(state, side)
    if cap is None:
        return state
    for f in [f for f in _forces(state, side) if f.square == cap.square]:
        state = _hurt(state, ctx, f, loss, "epidemic in the capital")
    return state


def _disaster(state, ctx) -> CampaignState:
    """FW-16.3.1: half the points of the roller's forces and reserves in the struck square; Shattered."""
    dice, side, rule, phase = ctx
    _, b = dice.roll_on(DISASTER, day=state.day, phase=phase, place=f"{side}/disaster", text=f"side {side}: where the disaster strikes", side=side, secret=True)
    if b.outcome == "nothing":
        return state
    if b.outcome == "force":
        squares = list(dict.fromkeys(f.square for f in _forces(state, side)))
    else:
        squares = [h.square for h in state.holdings if h.owner == side and not h.sacked]
    square = pick(state, ctx, squares, "square")
    if square is None:
        return state
    _say(state, ctx, f"disaster at {square}")
    cap = own_capital(state, side)
    if cap is not None and cap.square == square:
        state = _lose_reserve(state, ctx, state.side(side).reinforcement_points * DISASTER_PERCENT // 100)
    here = [f for f in _forces(state, side) if f.square == square]
    broken = [f for f in here if f.reaction == "shattered"]
    for f in here:
        state = _hurt(state, ctx, f, f.army_points * DISASTER_PERCENT // 100, "disaster")
        f = state.force(f.id)
        if f is not None and f.reaction != "shattered":
            state = with_force(state, evolve(f, order=None, reaction="shattered"))
    broken = [state.force(f.id) for f in broken if state.force(f.id) is not None]
    victim = pick(state, ctx, broken, "force")
    if victim is not None:
        state = _remove(state, ctx, victim, "it was already Shattered")
    return state
