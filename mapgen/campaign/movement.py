"""Phase 2: initiative, the march, counter-march, zones of control, contact and capture (FW-9).

The phase begins with the initiative (FW-9.1.2, method 2): one 1D6 + CV per
force that may move, ties between the sides re-rolled, the totals sorted;
``state.initiative`` then holds the sides in slot order.  The side at the
head moves any of its forces not yet moved (the counter may go on any of the
roller's forces, AMB-64) and the slot is used up.  [DEV] Forces under Defend
and forces locked in a contact take no slot: they cannot move.

A ``move`` gives the whole intended path.  What the rules or the map forbid
whatever the dice say (a square off the map, a river crossed off a crossing,
a step to a square that does not border, a path past an enemy's square or
longer than the best allowance) is refused before any die is rolled.  Then
the movement roll decides how far the force goes: [DEV] a path longer than
the allowance is walked as far as the allowance goes and the log says where
and why it stopped, since the player cannot know the roll beforehand; an
enemy zone of control stops it the same way (FW-9.7, AMB-16).  The
counter-march (FW-9.6) is part of the same command and is taken from where
the force stopped; one that cannot be taken there (after a contact, across a
river, into the enemy) refuses the whole command, which the player gives
again knowing where the force stops (the derived dice repeat).

The rule tables are in :mod:`.march`; the jungle losses of the day's paths
(FW-19.9) in :mod:`.jungle`.
"""

from __future__ import annotations

from . import travel
from .capture import capture as take_holding
from .craft import ashore
from .commands import CommandError, Move, Moves, RestStay, Turn
from .core import turn
from .march import (
    COUNTERMARCH_REACTION,
    MAX_ALLOWANCE,
    MOVE_TABLE,
    enemy_squares,
    in_zoc,
    locked,
    may_move,
    move_modifiers,
)
from .state import (
    CampaignState,
    Contact,
    Force,
    bump,
    due,
    evolve,
    modifier,
    with_force,
    without_force,
)

#: FW-9.1.2 / AMB-64: ties between the sides are re-rolled; after this many rounds the order stands (entered dice could tie forever).
MAX_TIE_ROUNDS = 20


# --- initiative ------------------------------------------------------------------------------


def start(state: CampaignState, dice, board) -> CampaignState:
    """The initiative slots for the day (FW-9.1.2); Incursione sacks are declared with the ``sack`` command."""
    if state.weather.today == "storm":
        _say(state, dice, "FW-7.4", "storm: no force that is not engaged in combat moves today")
        return evolve(state, initiative=())
    lk = locked(state)
    movers = [f for f in state.forces if not f.moved_today and f.order != "defend" and f.id not in lk]  # may_move, inlined
    if not movers:
        _say(state, dice, "FW-9.1.2", "initiative: no force may move today")
        return evolve(state, initiative=())
    if state.options.initiative_by_army:
        return _drop_idle(evolve(state, initiative=_by_army(state, dice, movers)))
    ranked = _rank([(_initiative_roll(state, dice, f, 0), f) for f in movers], state, dice, 0)
    order = tuple([f.side for f in ranked])
    _say(state, dice, "FW-9.1.2", f"initiative, slot by slot: {', '.join(order)}")
    return _drop_idle(evolve(state, initiative=order))


def _by_army(state: CampaignState, dice, movers: list[Force]) -> tuple[str, ...]:
    """FW-9.1.1 (option ``initiative_by_army``): one 1D6 a side, ties re-rolled; each side moves all its forces in turn.

    "The highest roller ... may force the loser to move all of his Forces
    first": [DEV] he always does, so the winner moves seeing the loser's moves.
    """
    count = {"A": 0, "B": 0}
    for f in movers:
        count[f.side] += 1
    if not count["A"] or not count["B"]:
        side = "A" if count["A"] else "B"
        _say(state, dice, "FW-9.1.1", f"initiative by army: only side {side} has forces that may move")
        return (side,) * count[side]
    for tie_round in range(MAX_TIE_ROUNDS + 1):
        text = "initiative by army" + (f" (tie re-roll {tie_round})" if tie_round else "")
        rolls = {
            side: dice.roll("1D6", day=state.day, phase=2, place=f"{side}/initiative-army", rule="FW-9.1.1", text=f"side {side}: {text}", side=side).total
            for side in ("A", "B")
        }
        if rolls["A"] != rolls["B"]:
            break
    winner = "A" if rolls["A"] >= rolls["B"] else "B"  # after MAX_TIE_ROUNDS ties, side A (entered dice could tie forever)
    loser = "B" if winner == "A" else "A"
    _say(state, dice, "FW-9.1.1", f"initiative by army: side {winner} wins and makes side {loser} move all its forces first")
    return (loser,) * count[loser] + (winner,) * count[winner]


def _initiative_roll(state: CampaignState, dice, force: Force, tie_round: int) -> int:
    cv = force.leader.cv
    words = _INITIATIVE_WORDS.get((force.id, cv))
    if words is None:  # the place, text and modifier of a force's roll: the same every day (17 rolls a day)
        words = _INITIATIVE_WORDS[(force.id, cv)] = (f"{force.id}/initiative", f"{force.id} initiative", (modifier("leader's CV", cv),))
    entry = dice.roll(
        "1D6",
        day=state.day,
        phase=2,
        place=words[0],
        rule="FW-9.1.2",
        text=f"{words[1]} (tie re-roll {tie_round})" if tie_round else words[1],
        modifiers=words[2],
        side=force.side,
        secret=True,  # the leader's CV is the side's own (the slot order that follows is logged for both)
    )
    return entry.total


#: (force id, leader's CV) -> the place, text and modifiers of its initiative roll.
_INITIATIVE_WORDS: dict[tuple[str, int], tuple[str, str, tuple]] = {}


def _rank(entries: list[tuple[int, Force]], state: CampaignState, dice, tie_round: int) -> list[Force]:
    """Highest total first; a tie between the two sides is re-rolled among the tied forces (AMB-64)."""
    entries = sorted(entries, key=_by_total)
    out: list[Force] = []
    i, n = 0, len(entries)
    while i < n:
        total, j = entries[i][0], i + 1
        sides = {entries[i][1].side}
        while j < n and entries[j][0] == total:
            sides.add(entries[j][1].side)
            j += 1
        if len(sides) > 1 and tie_round < MAX_TIE_ROUNDS:
            out += _rank([(_initiative_roll(state, dice, f, tie_round + 1), f) for _, f in entries[i:j]], state, dice, tie_round + 1)
        else:
            out += [f for _, f in entries[i:j]]
        i = j
    return out


def _by_total(entry: tuple[int, Force]) -> int:
    return -entry[0]


def movable(state: CampaignState, side: str) -> list[str]:
    """The ids of ``side``'s forces that may still move today."""
    lk = locked(state)
    return [f.id for f in state.forces if f.side == side and may_move(state, f, lk)]


def _drop_idle(state: CampaignState) -> CampaignState:
    """Drop head slots of a side with no force left to move (all moved, locked in contact or removed)."""
    order = state.initiative
    if not order:
        return state
    lk = locked(state)
    able = set()  # the sides with a force that may still move (may_move, inlined: this runs after every move)
    for f in state.forces:
        if not f.moved_today and f.order != "defend" and f.id not in lk:
            able.add(f.side)
    i = 0
    while i < len(order) and order[i] not in able:
        i += 1
    return evolve(state, initiative=order[i:]) if i else state


def awaiting(state: CampaignState, board) -> str | None:
    if not state.initiative:
        return None
    side = state.initiative[0]
    return f"movement: side {side} moves one of {', '.join(movable(state, side))} (a force given no square stays)"


# --- refusals ----------------------------------------------------------------------------------


def refusal(state: CampaignState, board, cmd) -> str | None:
    """Why the ``move`` is refused whatever the dice say, in one line; None when it may be rolled."""
    force = state.force(cmd.force)
    return _refusal(state, board, cmd, force, enemy_squares(state, force.side) if force else set())


def _refusal(state: CampaignState, board, cmd, force: Force | None, enemies: set[str]) -> str | None:
    why = slot_refusal(state, cmd.force, force)
    if why:
        return why
    if force.afloat and (cmd.path or cmd.countermarch):
        return f"{force.id} is afloat: it moves with sail, or lands with disembark (FW-20.7)"
    if len(cmd.path) > MAX_ALLOWANCE:
        return f"too far: {len(cmd.path)} squares, and no force moves more than {MAX_ALLOWANCE} a day (FW-9.3)"
    prev = force.square
    for i, sq in enumerate(cmd.path):
        if sq not in board.squares:
            return f"{sq} is not a land square of the map (AMB-63)"
        if sq not in board.steps[prev]:
            if sq in board.around[prev]:
                return f"{prev} to {sq} crosses a river off a bridge or ford (FW-2.5, AMB-06)"
            return f"{prev} to {sq} is not a step to a bordering square (FW-9.4, AMB-02)"
        if sq in enemies and i < len(cmd.path) - 1:
            return f"the path goes on past the enemy at {sq}: a force entering an enemy's square stops there (FW-9.8)"
        prev = sq
    cm = cmd.countermarch
    if cm is not None:
        if force.travelling:
            return f"{force.id} travels to {force.joining} at Max Speed and does not counter-march (FW-22.3: no other order)"
        if force.reaction == "shattered":
            return f"{force.id} is Shattered and may not counter-march (FW-9.6)"
        if cm not in board.squares:
            return f"counter-march to {cm}: not a land square of the map (AMB-63)"
    return None


def slot_refusal(state: CampaignState, force_id: str, force: Force | None) -> str | None:
    """Why ``force`` may not move now, whatever its path (phase, order, already moved, contact, initiative); None when it may.

    Shared by the march and the voyage afloat (:mod:`.voyage`): both take the force's initiative slot.
    """
    if force is None:
        return f"no force {force_id!r} (forces: {', '.join(f.id for f in state.forces) or 'none'})"
    if state.phase != 2:
        return f"forces move in Phase 2 (FW-9); the campaign is in Phase {state.phase}"
    if force.order == "defend":
        return f"{force.id} is under Defend and never moves, nor counter-marches (FW-9.4.d)"
    if force.moved_today:
        return f"{force.id} has already moved today"
    if force.id in locked(state):
        return f"{force.id} is in contact at {force.square}: its movement has ended until the battle (FW-9.8)"
    if not state.initiative:
        return "no force may move now (FW-9.1)" + (": a storm (FW-7.4)" if state.weather.today == "storm" else "")
    if state.initiative[0] != force.side:
        head = state.initiative[0]
        return f"it is side {head}'s move (initiative, FW-9.1.2): {', '.join(movable(state, head))}"
    return None


def next_slot(state: CampaignState) -> CampaignState:
    """After a force's move: the head slots of a side with nothing left to move dropped (FW-9.1.2)."""
    return _drop_idle(state)


def engage(state: CampaignState, dice, mover_id: str, square: str) -> tuple[CampaignState, bool]:
    """The mover entered an enemy's square (FW-9.8): contact, or a Shattered enemy's collapse; True when in contact."""
    return _engage(state, dice, mover_id, square)


# --- the march -------------------------------------------------------------------------------


def move(state: CampaignState, cmd, dice, board) -> CampaignState:
    """The ``move`` command: the movement roll, the walk, contact or capture, the counter-march (FW-9.2-9.10)."""

    force = state.force(cmd.force)
    enemies = enemy_squares(state, force.side) if force else set()  # the mover's move changes none of them
    why = _refusal(state, board, cmd, force, enemies)
    if why:
        raise CommandError(why)
    _, result = dice.roll_on(
        MOVE_TABLE,
        modifiers=move_modifiers(state, board, force),
        day=state.day,
        phase=2,
        place=f"{force.id}/move",
        text=f"{force.id} ({force.state}) marches from {force.square}",
        side=force.side,
        secret=True,
    )
    allowance = result.data["squares"]
    if force.order == "max_speed" and allowance and not cmd.path and board.steps[force.square] and not force.afloat:
        why = f"an allowance of {allowance} square(s): it must move at least one (FW-9.4.e, AMB-17)"
        raise CommandError(f"{force.id} is under Max Speed with {why}")
    walked, stop = _walk(board, force, cmd.path, allowance, enemies)
    ambush: tuple[str, ...] = ()
    if state.options.ambush_on_zoc_entry and force.order == "max_speed":
        walked, ambush = _ambushed(state, board, force, walked, enemies)
        if ambush:
            stop = f"it entered the zone of control of {', '.join(ambush)} under Defend (AMB-68)"
    pos, day, side = walked[-1], state.day, force.side
    if stop:
        dice.event(day=day, phase=2, rule="FW-9.4", text=f"{force.id} stops at {pos}: {stop}", side=side, secret=True)
    text = f"{force.id} marches {'-'.join(walked)}" if len(walked) > 1 else f"{force.id} stays at {pos}"
    dice.event(day=day, phase=2, rule="FW-9.4", text=text, side=side)
    mover = evolve(force, square=pos, moved_today=True, path_today=_joined(force.path_today, walked))
    if pos != force.square and force.field_works:  # FW-5.2.1: works stay where they were built
        mover = evolve(mover, field_works=0)
    # one copy of the state for the force and its used slot: copies are the cost of a move
    state = evolve(state, forces=tuple([mover if f is force else f for f in state.forces]), initiative=state.initiative[1:])
    in_contact = False
    if pos in enemies:
        state, in_contact = _engage(state, dice, force.id, pos)
    elif ambush and force.travelling:  # FW-22.3 [DEV]: a traveller never fights
        state, in_contact = travel.taken(state, dice, mover, ", ".join(ambush)), True
    elif ambush:
        state, in_contact = _ambush(state, dice, mover, ambush), True
    if cmd.countermarch is not None:
        if in_contact:
            raise CommandError(f"{force.id} made contact at {pos}: its movement has ended, no counter-march (FW-9.8)")
        state = _countermarch(state, board, dice, mover, cmd.countermarch)
        mover = state.force(force.id)
    if not in_contact and (len(walked) > 1 or cmd.countermarch is not None) and not mover.travelling:
        # out of contact, the mover is as it arrived or counter-marched; a force that stayed made no move to end (FW-9.10)
        state = capture(state, dice, board, mover)
    if state.options.army_composition:
        state = travel.arrivals(state, dice)  # FW-22.3: a traveller and the Force it goes to, in one square
    return _drop_idle(state)


def _walk(board, force: Force, path: tuple[str, ...], allowance: int, enemies: set[str]) -> tuple[list[str], str | None]:
    """The squares walked, start first, and why it stopped short of the path's end (None if it did not)."""
    walked = [force.square]
    around, last = board.around, len(path) - 1
    for i, sq in enumerate(path):
        if i >= allowance:
            return walked, f"its allowance of {allowance} square(s) is spent (FW-9.3)"
        walked.append(sq)
        if sq in enemies:
            return walked, None  # contact: the path ends here (checked in refusal)
        if i < last and not enemies.isdisjoint(around[sq]):  # in an enemy zone of control (in_zoc, inlined)
            nxt = path[i + 1]
            if not (nxt in enemies and sq in around[nxt]):  # only the step into that enemy's square goes on (FW-9.7)
                return walked, "it entered an enemy zone of control (FW-9.7, AMB-16)"
    return walked, None


def _ambushed(state: CampaignState, board, force: Force, walked: list[str], enemies: set[str]) -> tuple[list[str], tuple[str, ...]]:
    """AMB-68 option ``ambush_on_zoc_entry``: the walk cut at the first square in the zone of control of an
    enemy force under Defend, and those forces (none: the walk as it was).  Entering the enemy's own square
    first is an ordinary contact (FW-9.8)."""
    lk = locked(state)
    keepers = [f for f in state.forces if f.side != force.side and f.order == "defend" and f.id not in lk]
    if not keepers:
        return walked, ()
    for i in range(1, len(walked)):
        sq = walked[i]
        if sq in enemies:
            break
        near = board.around[sq]
        ambush = tuple([f.id for f in keepers if f.square in near])
        if ambush:
            return walked[: i + 1], ambush
    return walked, ()


def _ambush(state: CampaignState, dice, mover: Force, ambush: tuple[str, ...]) -> CampaignState:
    """AMB-68: the forces under Defend attack the mover in the square it entered; both are locked until the battle."""
    square = mover.square
    ids = tuple(f.id for f in state.forces_at(square) if f.side == mover.side) + ambush
    why = f"{mover.id} entered the zone of control of {', '.join(ambush)} under Defend at Max Speed"
    contact = Contact(square=square, forces=ids, why=why, day=state.day, mover=mover.id, ambushers=ambush)
    _say(state, dice, "AMB-68", f"ambush at {square}: {', '.join(ambush)} under Defend attack {mover.id}, which entered its zone at Max Speed")
    return evolve(state, pending=state.pending + (contact,))


def _joined(before: tuple[str, ...], walked: list[str]) -> tuple[str, ...]:
    """``path_today``: every square started in, passed or ended in, without a square repeated in a row."""
    out = list(before)
    for sq in walked:
        if not out or out[-1] != sq:
            out.append(sq)
    return tuple(out)


def _engage(state: CampaignState, dice, mover_id: str, square: str) -> tuple[CampaignState, bool]:
    """The mover entered an enemy's square: Shattered enemies collapse (FW-5.3, AMB-53), the others are in contact (FW-9.8).

    Travellers never fight (FW-22.3 [DEV], :func:`.travel.meet`): the enemy's there are taken, and so is a travelling mover.
    """
    state, gone = travel.meet(state, dice, mover_id, square)
    if gone:
        return state, True
    mover = state.force(mover_id)
    for f in state.forces_at(square):
        if f.side != mover.side and f.reaction == "shattered":
            why = f"engaged by {mover.id} at {square}, it collapses and is removed (a battle lost for side {f.side}, AMB-53)"
            _say(state, dice, "FW-5.3", f"{f.id} is Shattered: {why}")
            state = without_force(state, f.id)
            state = bump(bump(state, mover.side, battles_won=1), f.side, battles_lost=1)
            state = due(state, f.side, "FW-13.b")
            if not state.side_forces(f.side):
                state = due(state, f.side, "FW-13.a")
    here = state.forces_at(square)
    if not any(f.side != mover.side for f in here):
        return state, False
    ids = tuple(f.id for f in here)
    for i, c in enumerate(state.pending):
        if c.square == square:  # AMB-15: a force that has not moved yet may join the battle square
            joined = evolve(c, forces=c.forces + tuple(x for x in ids if x not in c.forces))
            pending = state.pending[:i] + (joined,) + state.pending[i + 1 :]
            _say(state, dice, "FW-9.8", f"{mover.id} joins the battle at {square}")
            return ashore(evolve(state, pending=pending), ids), True
    enemy = ", ".join(f.id for f in here if f.side != mover.side)
    contact = Contact(square=square, forces=ids, why=f"{mover.id} entered {square}, held by {enemy}", day=state.day, mover=mover.id)
    _say(state, dice, "FW-9.8", f"contact at {square}: {mover.id} against {enemy}; both are locked until the battle")
    return ashore(evolve(state, pending=state.pending + (contact,)), ids), True


def _countermarch(state: CampaignState, board, dice, force: Force, square: str) -> CampaignState:
    """FW-9.6: one square any way, ignoring terrain but not the rivers (AMB-06), never into an enemy (AMB-57)."""

    if square not in board.steps[force.square]:
        why = "crosses a river off a bridge or ford (AMB-06)" if square in board.around[force.square] else "is not a bordering square"
        raise CommandError(f"counter-march from {force.square} to {square} {why} (FW-9.6)")
    enemies = enemy_squares(state, force.side)
    if square in enemies:
        raise CommandError(f"counter-march into {square}, held by the enemy, is not allowed (FW-9.6, AMB-57)")
    reaction = COUNTERMARCH_REACTION[force.state]
    cm_from = force.square if in_zoc(board, enemies, force.square) else None
    _say(state, dice, "FW-9.6", f"{force.id} counter-marches {force.square}-{square} and becomes {reaction}", side=force.side)
    cm_from = cm_from or force.countermarched_from
    path = _joined(force.path_today, [square])
    force = evolve(force, square=square, order=None, reaction=reaction, countermarched_from=cm_from, path_today=path, field_works=0)
    return with_force(state, force)


def capture(state: CampaignState, dice, board, force: Force) -> CampaignState:
    """FW-9.10: ending a move on an enemy holding with no enemy force there takes it (AMB-65: passing does not)."""
    return take_holding(state, force.square, force.side, dice, 2, by=force.id, board=board)


def _say(state: CampaignState, dice, rule: str, text: str, **kw) -> None:
    """A Phase 2 log line without dice."""
    dice.event(day=state.day, phase=2, rule=rule, text=text, **kw)


# --- several moves in one command ---------------------------------------------------------------


def moves(state: CampaignState, cmd: Moves, dice, board) -> CampaignState:
    """The ``move`` command with several forces: each moves in its side's next initiative slot (FW-9.1.2).

    The forces are taken in the order given, each when its side heads the
    initiative; a force whose side's slot does not come before the others'
    forces run out is refused with its own reason, and so is the whole command.
    """
    left = list(cmd.moves)
    if not left:
        raise CommandError("name at least one force to move")
    seen = [m.force for m in left]
    twice = next((f for f in seen if seen.count(f) > 1), None)
    if twice:
        raise CommandError(f"{twice} is named twice: a force moves once a day (FW-9.1)")
    while left:
        head = state.initiative[0] if state.phase == 2 and state.initiative else None
        nxt = next((m for m in left if (f := state.force(m.force)) is not None and f.side == head), left[0])
        try:
            state = move(state, nxt, dice, board)
        except CommandError as exc:
            raise CommandError(f"{nxt.force}: {exc}") from None
        left.remove(nxt)
    return state


def must_move(state: CampaignState, board) -> list[str]:
    """The forces that may still move today under Max Speed with a square to step to: they may not simply stay (FW-9.4.e)."""
    return [
        f.id for f in state.forces
        if f.order == "max_speed" and board.steps[f.square] and not f.afloat and may_move(state, f) and f.side in state.initiative
    ]


def rest_stay(state: CampaignState, cmd: RestStay, dice, board) -> CampaignState:
    """``turn --rest-stay``: every force that has not moved stays (each in its slot, FW-9.4), then the turn goes on.

    A force under Max Speed must move at least one square when its roll
    allows (FW-9.4.e, AMB-17): while one may still move, this is refused, and
    the player moves it first.
    """
    if state.phase != 2:
        raise CommandError(f"--rest-stay leaves the forces that have not moved where they are, in Phase 2 (FW-9); the campaign is in Phase {state.phase}")
    hurried = must_move(state, board)
    if hurried:
        raise CommandError(f"{', '.join(hurried)} under Max Speed must move at least one square if the roll allows (FW-9.4.e): move them first")
    while state.initiative:
        state = move(state, Move(movable(state, state.initiative[0])[0]), dice, board)
    return turn(state, Turn(), dice, board)


# --- for bots and the CLI ----------------------------------------------------------------------


def legal_moves(state: CampaignState, board, force_id: str) -> tuple[str, ...]:
    """The squares ``force_id`` may step to first, now (empty when it may not move); chain them for a path."""
    force = state.force(force_id)
    if force is None or state.phase != 2 or not state.initiative or state.initiative[0] != force.side:
        return ()
    if not may_move(state, force) or force.afloat:
        return ()
    return tuple(board.steps[force.square])


def countermarch_squares(state: CampaignState, board, force: Force) -> tuple[str, ...]:
    """Where ``force`` may counter-march from its square (FW-9.6, AMB-57): legal steps not held by the enemy."""
    if force.order == "defend" or force.reaction == "shattered":
        return ()
    enemies = enemy_squares(state, force.side)
    return tuple(sq for sq in board.steps[force.square] if sq not in enemies)
