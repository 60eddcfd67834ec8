"""Phase 3: the battles for the contacts, in the order they happened (FW-9.8, FW-10, FW-23).

The engine does not fight the battle: the players do, on the table.  When the
phase begins, every contact the movement phase left becomes one combined
battle of all the forces in its square (AMB-50), with the scenario the
forces' orders and situation call for (the FW-23.0 [DEV] triggers, first
match wins, decided by :func:`mapgen.battlefield.scenarios.choose`, the same
rule the ``battlefield --scenario auto`` command uses), the scouting each
force may do (FW-10.4) and its folder name.  The campaign then waits in phase
``"battle"`` for each report (:mod:`.after_battle`).  The battle folder itself
(the table and the report form) is written by :mod:`.battles`, outside the
pure core.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..battlefield.scenarios import SCENARIO_RULES, Situation, choose
from .board import Board
from .capture import capture
from .state import (
    CampaignState,
    Contact,
    Force,
    bump,
    due,
    evolve,
    other,
    without_force,
)

PHASE = 3

#: FW-10.4: what a force may do in the scouting test, by its order or reaction.
SCOUTING = {
    "probe": "full",
    "defend": "doubled",  # the Force's scouting value x2
    "max_speed": "partial",  # only its Wizard or Scout
    "confused": "partial",
    "unsteady": "none",  # Wizards and Scouts included
    "shattered": "none",  # [DEV] never fights (FW-5.3, AMB-18)
}
SCOUTING_TEXT = {
    "full": "may scout",
    "doubled": "may scout with its scouting value doubled (Defend)",
    "partial": "partial scouting: only its Wizard or Scout may scout",
    "none": "may not scout",
}
#: FW-10.4 scouting-test modifiers by the battle square's territory for the force.
SCOUTING_TERRITORY = {"friendly": 2, "neutral": 0, "enemy": -1}
#: FW-23.6 / FW-23.0 [DEV] (2): at least this many enemy forces with at least this multiple of the points.
LAST_STAND_FORCES = 2
LAST_STAND_FACTOR = 2


@dataclass(frozen=True)
class Scouting:
    """One force's scouting rights in one battle (FW-10.4): the value itself is the base rules'."""

    force: str
    side: str
    ability: str  # full, doubled, partial, none
    modifier: int  # +2 friendly territory, -1 enemy
    territory: str

    def text(self) -> str:
        return scouting_text(self.force, self.ability, self.modifier, self.territory)


def scouting_text(force: str, ability: str, modifier: int, territory: str) -> str:
    """:meth:`Scouting.text` without building the Scouting (the phase logs a line per force per battle)."""
    if ability == "none":
        return f"{force}: {SCOUTING_TEXT['none']}"
    return f"{force}: {SCOUTING_TEXT[ability]}; scouting test {modifier:+d} ({territory} territory)"


def folder_name(day: int, square: str) -> str:
    return f"battles/day-{day:02d}-{square}"


def battle_forces(state: CampaignState, contact: Contact) -> dict[str, list[Force]]:
    """The forces of each side in the battle, in state order: its forces still on the map and in the square
    (and AMB-68's ambushers, which attack from the square beside it)."""
    sides: dict[str, list[Force]] = {"A": [], "B": []}
    by_id = {f.id: f for f in reversed(state.forces)}  # the first force of an id wins, as state.force; one pass, not one per id
    square = contact.square
    for fid in contact.forces:
        f = by_id.get(fid)
        if f is not None and (f.square == square or fid in contact.ambushers):
            sides[f.side].append(f)
    return sides


def side_state(forces: list[Force], mover: Force | None) -> str | None:
    """[DEV] The order or reaction a side fights under: the one all its forces share; else the mover's, if it is on that side."""
    states = {f.state for f in forces}
    if len(states) == 1:
        return states.pop()
    if mover is not None:
        mid = mover.id
        for f in forces:  # ``mover in forces``, but the dataclass __eq__ (all fields) only for a force of the mover's id
            if f.id == mid and (f is mover or f == mover):
                return mover.state
    return None


def situation(state: CampaignState, contact: Contact, sides: dict[str, list[Force]], board: Board) -> Situation | None:
    """The FW-23.0 [DEV] situations the orders alone do not show: relief, last stand, flank attack."""
    mover = state.force(contact.mover) if contact.mover else None
    return _situation(contact, sides, mover, board)


def _situation(contact: Contact, sides: dict[str, list[Force]], mover: Force | None, board: Board) -> Situation | None:
    """:func:`situation` with the mover already looked up."""
    held = last_stand_side(contact, sides)
    if held is not None:
        # (1) relief: a Last stand goes on here and a force of the surrounded side that was not
        # in it has arrived (FW-23.7); else the Last stand is fought again with the survivors (FW-23.6)
        if any(f.id not in contact.defenders for f in sides[held]):
            return Situation("relief", held)
        return Situation("surrounded", held)
    # (2) last stand: a single force against at least two with at least twice its points
    for side in ("A", "B"):
        if len(sides[side]) == 1 and surrounded(sides[side], sides[other(side)]):
            return Situation("surrounded", side)
    # (5) flank attack: the contacted force counter-marched this turn out of the mover's zone of control
    if mover is not None:
        marched = [f for f in sides[other(mover.side)] if f.countermarched_from is not None]
        if marched:
            start = mover.path_today[0] if mover.path_today else mover.square
            zoc = set(board.around.get(start, ())) | {start}
            for f in marched:
                if f.countermarched_from in zoc:
                    return Situation("counter_march", f.side)
    return None


def last_stand_side(contact: Contact, sides: dict[str, list[Force]]) -> str | None:
    """The surrounded side of the Last stand going on in ``contact`` (FW-23.6), None when there is none.

    Only a contact whose battle was set up as a Last stand names its defenders,
    so a Relief can come only from an ongoing Last stand, never from two forces
    meeting on the same day (FW-23.0 trigger 1).
    """
    if not contact.defenders or not sides["A"] or not sides["B"]:
        return None
    for side in ("A", "B"):
        for f in sides[side]:
            if f.id in contact.defenders:
                return side
    return None


def surrounded(few: list[Force], many: list[Force]) -> bool:
    if len(many) < LAST_STAND_FORCES:  # checked first: the points are summed only when it can matter
        return False
    points = 0
    for f in few:
        points += f.army_points
    total = 0
    for f in many:
        total += f.army_points
    return total >= LAST_STAND_FACTOR * points


def scenario_for(state: CampaignState, contact: Contact, board: Board) -> tuple[str, str, Situation | None, dict[str, str]]:
    """(scenario, why, situation, orders by side) by the FW-23.0 [DEV] triggers, first match wins."""
    mover = state.force(contact.mover) if contact.mover else None
    return _scenario(contact, battle_forces(state, contact), mover, board)


def _scenario(contact, sides, mover, board) -> tuple[str, str, Situation | None, dict[str, str]]:
    """:func:`scenario_for` with the battle's forces and the mover already looked up."""
    orders = {}
    for s in ("A", "B"):
        st = side_state(sides[s], mover)
        if st is not None:
            orders[s] = st
    sit = _situation(contact, sides, mover, board)
    # A Defend force never moves (FW-5.2), so "side X at Max Speed against side Y under Defend"
    # is always the mover against the force it found: AMB-68's ambush.
    name, why = choose(orders, sit)
    return name, why, sit, orders


def scouting(state: CampaignState, contact: Contact, board: Board) -> list[Scouting]:
    """FW-10.4 per force; every force 'none' in a special scenario (no scouting there)."""
    out = []
    special = contact.scenario != "pitched"
    for side, forces in battle_forces(state, contact).items():
        for f in forces:
            terr = board.territory_for(contact.square, side)
            ability = "none" if special else SCOUTING[f.state]
            out.append(Scouting(f.id, side, ability, SCOUTING_TERRITORY[terr], terr))
    return out


#: FW-10.6: how the units of a reacting force start the battle, and their missile ammunition (normally 6 counters).
DEPLOYMENT = {
    "confused": "Confused (FW-10.6): every unit of it starts disorganised; each of its missile units rolls 1D6 for its ammunition counters",
    "unsteady": (
        "Unsteady (FW-10.6): every unit of it starts demoralised and disorganised; each of its missile units has half "
        "of 1D6 (rounded up) ammunition counters"
    ),
}


def deployment_note(force: Force) -> str | None:
    """The FW-10.6 note of one force, None when it starts the battle normally (under an order)."""
    text = DEPLOYMENT.get(force.reaction or "")
    return f"{force.id} is {text}" if text else None


def mixed_deployment(state: CampaignState, contact: Contact) -> dict[str, tuple[str, ...]]:
    """FW-10.6 force by force, for each side whose forces fight in different states (Confused beside Probe ...).

    A side whose forces all share one state gets the battlefield's side-wide
    note instead (:data:`mapgen.battlefield.scenarios.REACTION_NOTES`); a mixed
    side must not, since it would tell the forces under orders to start disorganised.
    """
    out = {}
    for side, forces in battle_forces(state, contact).items():
        if len({f.state for f in forces}) > 1:
            notes = tuple(n for n in map(deployment_note, forces) if n)
            if notes:
                out[side] = notes
    return out


def field_works(state: CampaignState, contact: Contact) -> list[tuple[str, int, bool]]:
    """FW-5.2.1 (optional): (force, points, built before) for each force of the battle with field works.

    A force still holding the works it built before a battle here fights
    behind them and builds no more (not cumulative); a Defend force with none
    may build works worth 1 point per model.
    """
    return [works for fs in battle_forces(state, contact).values() for f in fs if (works := works_of(f))]


def works_of(f: Force) -> tuple[str, int, bool] | None:
    """:func:`field_works` of one force: (force, points, built before), None when it has and may build none."""
    if f.field_works:
        return f.id, f.field_works, True
    if f.order == "defend":
        return f.id, f.figures, False
    return None


def works_text(fid: str, points: int, built: bool) -> str:
    """One line of FW-5.2.1 for the log and ``battle.md``."""
    if built:
        return f"{fid} keeps the field works it built before, worth {points} points, and may build no more (not cumulative)"
    return f"{fid} under Defend may build stakes, chevaux de frise and palisades worth {points} points (1 per model)"


# --- the phase -------------------------------------------------------------------------------


def start(state: CampaignState, dice, board: Board) -> CampaignState:
    """Set up every pending contact as a battle; wait in phase "battle" while any remains.

    Each contact's forces are looked up once and handed to the helpers (the
    public ``battle_forces``, ``scenario_for``, ``scouting`` each look them up again).
    """
    if not state.pending:
        return state
    day = state.day
    contacts: list[Contact] = []
    later = tuple([c for c in state.pending if c.day > day])  # forces still in contact fight tomorrow
    seen: set[str] = set()
    for c in state.pending:
        if c.day > day:
            continue
        square = c.square
        if square in seen:  # AMB-50: one combined battle per square
            dice.event(day=day, phase=PHASE, rule="AMB-50", text=f"the contact at {square} joins the battle already there")
            continue
        here = [f for f in state.forces if f.square == square or f.id in c.ambushers]  # AMB-50: every force there fights
        if any(f.reaction == "shattered" for f in here):
            c = evolve(c, forces=tuple([f.id for f in here]))
            state, c = collapse_shattered(state, c, dice, board)
            sides = battle_forces(state, c)
        else:  # nothing collapses: the same forces, and only the capture check of collapse_shattered
            sides = {"A": [f for f in here if f.side == "A"], "B": [f for f in here if f.side == "B"]}
            for side in ("A", "B"):
                if sides[side] and not sides[other(side)]:
                    state = capture(state, square, side, dice, PHASE, board=board)  # no battle: the enemy is gone
        if not sides["A"] or not sides["B"]:
            continue
        seen.add(square)
        fighting = sides["A"] + sides["B"]
        forces = tuple([f.id for f in fighting])
        folder = folder_name(day, square)
        mover = state.force(c.mover) if c.mover else None
        name, why, sit, _orders = _scenario(c, sides, mover, board)
        if name == "last_stand":
            if c.defenders:
                why = "the interrupted Last stand is fought again with the survivors (FW-23.6)"
            else:  # FW-23.6: who stands surrounded, should the battle be interrupted
                c = evolve(c, defenders=tuple([f.id for f in sides[sit.side]]))
        c = evolve(c, forces=forces, day=day, folder=folder, scenario=name, why=why)
        contacts.append(c)
        label = name.replace("_", " ")
        dice.event(
            day=day, phase=PHASE, rule=SCENARIO_RULES[name],
            text=f"battle at {square} ({', '.join(forces)}): {label} - {why}; folder {folder}",
        )
        if name != "pitched":
            dice.event(day=day, phase=PHASE, rule="FW-10.4", text=f"no scouting at {square}: the {label} scenario has none (FW-23)")
        else:
            for side, fs in sides.items():  # as scouting(), one line per force
                terr = board.territory_for(square, side) if fs else ""
                for f in fs:
                    text = scouting_text(f.id, SCOUTING[f.state], SCOUTING_TERRITORY[terr], terr)
                    dice.event(day=day, phase=PHASE, rule="FW-10.4", text=f"scouting at {square}, {text}", side=side)
        for f in fighting:
            works = works_of(f)  # FW-5.2.1, as field_works
            if works:
                dice.event(day=day, phase=PHASE, rule="FW-5.2.1", text=works_text(*works), side=f.side)
    state = evolve(state, pending=tuple(contacts) + later)
    return evolve(state, phase="battle") if contacts else state


def awaiting(state: CampaignState, board: Board) -> str | None:
    if state.phase != "battle":
        return None
    c = next((c for c in state.pending if c.day <= state.day), None)  # the first of today's battles
    if c is None:
        return None
    return f"the battle at {c.square} (forces {', '.join(c.forces)}) needs its report; the form to fill in is {c.folder}/report.yaml"


def collapse_shattered(state: CampaignState, c: Contact, dice, board: Board) -> tuple[CampaignState, Contact]:
    """FW-5.3: a Shattered force engaged by the enemy collapses and is removed, no battle.

    AMB-53: it counts as a battle lost for its side (which tests its Will to
    Fight) and won for the enemy.  The enemy left alone on the loser's holding
    takes it (FW-9.10).
    """
    first = battle_forces(state, c)
    for f in first["A"] + first["B"]:
        if f.reaction != "shattered":
            continue
        enemy = battle_forces(state, c)[other(f.side)]
        if not enemy:
            continue
        state = without_force(state, f.id)
        state = bump(bump(state, f.side, battles_lost=1), other(f.side), battles_won=1)
        state = due(state, f.side, "FW-13.b")
        dice.event(day=state.day, phase=PHASE, rule="FW-5.3", text=f"{f.id} is Shattered: engaged at {c.square}, it collapses and is removed (AMB-53: a battle lost)", side=f.side)
        if not state.side_forces(f.side):
            state = due(state, f.side, "FW-13.a")
    sides = battle_forces(state, c)
    for side in ("A", "B"):
        if sides[side] and not sides[other(side)]:
            state = capture(state, c.square, side, dice, PHASE, board=board, after_battle=True)  # AMB-53: a battle lost
    return state, c


