"""Phase 4: after the battle (FW-12), run on the report the players enter for it.

The ``battle`` command (:class:`~.core.BattleReport`) takes the first pending
battle (or the one named by its square) and applies, in the rulebook's order:
the wounded check (FW-12.1) and the deserter check (FW-12.2), each a 1D6 per
model with natural 1 lost and natural 6 back; the units' new figures; the
reactions of the beaten forces (FW-12.6); the moves off the battlefield
(FW-12.5, AMB-52: :mod:`.retreat`); new leaders from the ranks (FW-12.7);
the battle counted for Will to Fight (FW-13.b), loot lost (FW-17.7) and the
holding taken (FW-9.10).  When no battle is left the turn goes on to Phase 4.

One log line per unit and check keeps every face (a battle can cost a
hundred models): the modifiers are the same for each die of a unit.

A report comes after most campaign days, so the command builds one new
state for its forces (after the checks, moves and removals) and result.
"""

from __future__ import annotations

from ..dice import DiceExpr
from ..tables import Table, band
from .battle import battle_forces, last_stand_side
from .board import Board
from .capture import capture
from .draws import decided
from .commands import CommandError
from .dice import band_for, log_entry
from .retreat import retreat_moves, worse
from .state import (
    CampaignState,
    Contact,
    Force,
    Leader,
    Modifier,
    Unit,
    due,
    evolve,
    modifier,
    other,
    tallied,
)

PHASE = 4
RESULTS = ("A", "B", "stalemate")

#: FW-12.1: the modified result of a killed model's die.
WOUNDED = Table("FW-12.1", "wounded check", "1D6", (band(1, 3, "dead", "permanently dead"), band(4, 6, "returns", "only wounded, returns to its unit")))
#: FW-12.2: the modified result of a fled or withdrawn model's die.
DESERTERS = Table("FW-12.2", "deserter check", "1D6", (band(1, 3, "deserted", "deserted, permanently lost"), band(4, 6, "returns", "returns to its army")))
#: FW-12.1 / FW-12.2: natural faces that ignore every modifier.
NATURAL_LOST, NATURAL_BACK = 1, 6
#: FW-12.1: the battle square's territory for the side.
TERRITORY = {"friendly": 1, "neutral": 0, "enemy": -1}
#: FW-12.2 (AMB-58: Poor has no modifier).
QUALITY = {"poor": 0, "average": 1, "veteran": 2, "elite": 3}
#: FW-12.2, AMB-21: models that left the table by routing (option ``deserter_rout_penalty``).
ROUTED = -1
#: FW-23.5: ambushing side +1, ambushed side -1 to both checks.
AMBUSH = {"ambusher": 1, "ambushed": -1}
#: FW-12.1, AMB-59: destroyed equipment takes no wounded check (an artillery unit's crew are models and do).
EQUIPMENT = frozenset({"war_machine", "chariot", "light_chariot"})
#: FW-12.7: the Leader promoted from the ranks.
NEW_LEADER_CV = 1
#: FW-12.4 (option ``special_sites``): the Ars Arcana sites (FW-3.4) whose objects a battle won there gives,
#: and what they give; never their free characters, which were the first owner's (AMB-74).
SPECIAL_SITES = {
    "sacred_grove": "the protection of its Talisman (not its Wizard)",
    "tower_of_magic": "the protection of its Talisman (not its Wizard)",
    "stonehenge_temple": "the protection of the Stonehenge temple (not its Soothsayer)",
    "sanctuary": "the protection of its Sacred Amulet (not its Priests)",
    "burial_mound": "the magic armour or sacred weapon it holds, for one individual character (FW-3.4.1)",
}


# --- the command ------------------------------------------------------------------------------


def start(state: CampaignState, dice, board: Board) -> CampaignState:
    return state


def awaiting(state: CampaignState, board: Board) -> str | None:
    return None


def report(state: CampaignState, cmd, dice, board: Board) -> CampaignState:
    """Apply one battle report (FW-12); refuses with one line, leaving the state as it was."""
    contact = _contact(state, cmd)
    sides = battle_forces(state, contact)
    cmd, method = decided(state.options, cmd, sides)  # FW-10.3.1: a draw rule decides the result from the report's scores
    losses = _check(state, cmd, contact, sides)
    held = last_stand_side(contact, sides)
    winner = cmd.winner if cmd.winner != "stalemate" else None
    roles = ambush_roles(state, contact)
    text = "a stalemate" if winner is None else f"won by side {winner}"
    length = f", {cmd.length} turns" if cmd.length is not None else ""
    day = state.day
    if method is not None:
        dice.event(day=day, phase=PHASE, rule="FW-10.3.1", text=f"the battle at {contact.square}, {method}")
    dice.event(day=day, phase=PHASE, rule="FW-10.3", text=f"the battle at {contact.square} ({', '.join(contact.forces)}) is {text}{length}")
    before: dict[str, Force] = {}
    after: dict[str, Force] = {}
    empty: list[str] = []  # the forces with no figures left, in battle order
    for side in ("A", "B"):
        result = "stalemate" if winner is None else "won" if side == winner else "lost"
        role = roles.get(side)
        for f in sides[side]:
            before[f.id] = f
            units, figures = _losses(state, f, losses, result, role, board, contact, dice)
            g = _beaten(state, f, units, dice) if result == "lost" else evolve(f, units=units)
            if f.order == "defend" and not f.field_works:  # FW-5.2.1 [DEV]: the allowance offered is counted as built
                g = evolve(g, field_works=f.figures)
            if g.id in cmd.leaders_lost:
                g = _leader(state, g, cmd.leaders_lost, result, role, board, contact, dice)
            after[f.id] = g
            if not figures:
                empty.append(f.id)
    # the moves see the figures after the checks; a force with none left does not move (retreat.who_moves)
    changed = _moves(state, cmd, contact, before, after, dice, board)
    for fid in empty:
        if fid not in changed:
            changed[fid] = None
            dice.event(day=day, phase=PHASE, rule="FW-12", text=f"{fid} has no models left: it is removed", side=after[fid].side)
    state = _rewrite(state, after, changed, _result_sides(state, winner) if winner is not None else state.sides)
    for side in ("A", "B"):  # FW-13.a: a side with no force left tests its Will
        for f in state.forces:
            if f.side == side:
                break
        else:
            state = due(state, side, "FW-13.a")
    for fid, f in changed.items():
        if f is not None and f.square != contact.square:  # [DEV] the retreat is its move: ending it on an empty enemy holding takes it (FW-9.10)
            state = capture(state, f.square, f.side, dice, PHASE, by=fid, board=board)
    if winner is not None and any(f.square == contact.square and f.side == winner for f in state.forces):
        # an ambusher won from the square beside it: it takes nothing; the winner there takes the feature's benefits too
        state = capture(state, contact.square, winner, dice, PHASE, board=board, after_battle=True)
        if state.options.special_sites:
            special_site(state, contact.square, winner, dice, board)
    pending = tuple([c for c in state.pending if c is not contact])
    again = _still_in_contact(state, contact, held, dice)
    for c in pending:
        if c.day <= day:
            return evolve(state, pending=pending + again)
    return evolve(state, pending=pending + again, phase=PHASE)


def special_site(state: CampaignState, square: str, winner: str, dice, board: Board) -> None:
    """FW-12.4: a battle won in enemy or neutral territory at an Ars Arcana site gives the winner its objects (logged).

    With option ``featured_holdings`` too, a winner that took the holding has them already (FW-3.4.2): one
    line, not two.  A winner that did not take it (a capital that wants a siege, a sacked holding, an
    ambusher fighting from beside it) still gains the objects by FW-12.4, logged here.
    """
    h = state.holding(square)
    if h is None or h.feature not in SPECIAL_SITES or board.territory_for(square, winner) == "friendly":
        return
    if state.options.featured_holdings and h.owner == winner:
        return  # [DEV] the winner took the holding: its objects passed with it, logged under FW-3.4.2
    site = h.feature.replace("_", " ")
    text = f"side {winner} won at the {site} of {square}: it gains {SPECIAL_SITES[h.feature]}, inside that square only (FW-3.4)"
    dice.event(day=state.day, phase=PHASE, rule="FW-12.4", text=text, side=winner)


def refusal(state: CampaignState, board: Board, cmd) -> str | None:
    """Why the battle report ``cmd`` is refused before any die is rolled, in one line; None when it may be applied.

    The same checks :func:`report` makes first (the bots check a report before they give it).
    """
    try:
        contact = _contact(state, cmd)
        sides = battle_forces(state, contact)
        _check(state, decided(state.options, cmd, sides)[0], contact, sides)
    except CommandError as exc:
        return str(exc)
    return None


def _result_sides(state: CampaignState, winner: str) -> tuple:
    """``bump`` the winner's battles won and the loser's battles lost, ``due`` its FW-13.b test: one new sides tuple."""
    return tallied(state, winner, {"battles_won": 1}, other(winner), {"battles_lost": 1}, "FW-13.b")


def _still_in_contact(state: CampaignState, contact: Contact, held: str | None, dice) -> tuple[Contact, ...]:
    """[DEV] Forces of both sides still in the square (no square to fall back to, AMB-52, or a
    stalemate where neither moves, FW-12.5) stay in contact: they fight again the next day.

    ``held``: the surrounded side of a Last stand fought here.  An interrupted Last stand
    (FW-23.6) goes on: the next day's battle phase fights it again with the survivors, its
    defenders now every force of that side in the square.
    """
    here = [f for f in state.forces if f.square == contact.square]
    if len({f.side for f in here}) < 2:
        return ()
    forces = tuple([f.id for f in here])
    day = state.day
    if held is not None:
        defenders = tuple([f.id for f in here if f.side == held])
        dice.event(day=day, phase=PHASE, rule="FW-23.6",
                   text=f"the Last stand at {contact.square} is interrupted: {', '.join(defenders)} still hold out; it is fought again on day {day + 1}")
        why = "the Last stand goes on"
        return (Contact(contact.square, forces, scenario="last_stand", why=why, day=day + 1, defenders=defenders),)
    dice.event(day=day, phase=PHASE, rule="FW-9.8",
               text=f"{', '.join(forces)} are still in contact at {contact.square}: they fight again on day {day + 1}")
    return (Contact(contact.square, forces, day=day + 1, why="still in contact after the last battle"),)


def _contact(state: CampaignState, cmd) -> Contact:
    today = [c for c in state.pending if c.day <= state.day]
    if state.phase != "battle" or not today:
        raise CommandError("no battle is waiting for a report (the battle phase comes after movement)")
    first = today[0]
    if cmd.square is None or cmd.square == first.square:
        return first
    for c in today:
        if c.square == cmd.square:
            # FW-9.8: "resolve the battles in the order in which contacts occurred"
            raise CommandError(
                f"the battle at {first.square} ({', '.join(first.forces)}) comes first: battles are resolved "
                f"in the order the contacts happened (FW-9.8); enter its report before the one at {cmd.square}"
            )
    raise CommandError(f"no pending battle at {cmd.square}; pending: {', '.join(c.square for c in today)}")


def _check(state: CampaignState, cmd, contact: Contact, sides: dict[str, list[Force]]) -> dict:
    """Every refusal before any die is rolled: the result, the units, the losses, the forces named."""
    if cmd.winner not in RESULTS:
        raise CommandError(f"winner {cmd.winner!r}: give A, B or stalemate (FW-10.3)")
    if cmd.length is not None and cmd.length < 0:
        raise CommandError(f"battle length {cmd.length}: give the turns played, 0 or more")
    units = {u.id: u for fs in sides.values() for f in fs for u in f.units}
    losses = {}
    for loss in cmd.losses:
        u = units.get(loss.unit)
        if u is None:
            raise CommandError(f"unit {loss.unit} did not fight at {contact.square}; its units: {', '.join(units)}")
        if loss.unit in losses:
            raise CommandError(f"unit {loss.unit} is reported twice")
        killed, fled, withdrawn = loss.killed, loss.fled, loss.withdrawn
        if killed < 0 or fled < 0 or withdrawn < 0:
            name, value = next((n, v) for n, v in (("killed", killed), ("fled", fled), ("withdrawn", withdrawn)) if v < 0)
            raise CommandError(f"unit {loss.unit}: {name} {value} is below 0")
        out = killed + fled + withdrawn
        if out > u.figures:
            f = [f for fs in sides.values() for f in fs if any(v is u for v in f.units)][-1]
            raise CommandError(f"unit {loss.unit} of {f.id} had {u.figures} figures: it cannot lose {out} (killed {killed}, fled {fled}, withdrawn {withdrawn})")
        losses[loss.unit] = loss
    _check_result(cmd.winner, sides, losses)
    if cmd.leaders_lost or cmd.retreats:
        ids = {f.id for fs in sides.values() for f in fs}
        for fid in cmd.leaders_lost:
            if fid not in ids:
                raise CommandError(f"leaders lost: force {fid} did not fight at {contact.square} ({', '.join(sorted(ids))})")
        for fid, _sq in cmd.retreats:
            if fid not in ids:
                raise CommandError(f"retreat: force {fid} did not fight at {contact.square} ({', '.join(sorted(ids))})")
    return losses


def _check_result(winner: str, sides: dict[str, list[Force]], losses: dict) -> None:
    """FW-10.3: "a side with no models left on the table has lost; if the opponent still has models, the opponent wins"."""
    left = {}
    for side, forces in sides.items():
        n = 0
        for f in forces:
            for u in f.units:
                loss = losses.get(u.id)
                n += u.figures - (loss.killed + loss.fled + loss.withdrawn if loss is not None else 0)
        left[side] = n
    for side in ("A", "B"):
        if not left[side] and left[other(side)] and winner != other(side):
            said = f"side {side} won" if winner == side else "a stalemate"
            raise CommandError(
                f"{said}, but side {side} has no models left on the table and side {other(side)} has {left[other(side)]}: "
                f"a side with no models left has lost, side {other(side)} won (FW-10.3)"
            )


def ambush_roles(state: CampaignState, contact: Contact) -> dict[str, str]:
    """FW-23.5: in an Ambush the side that made the contact at Max Speed is the ambushed one."""
    if contact.scenario != "ambush" or contact.mover is None:
        return {}
    mover = state.force(contact.mover)
    side = mover.side if mover is not None else contact.mover[0]
    return {side: "ambushed", other(side): "ambusher"}


# --- FW-12.1 and FW-12.2 ---------------------------------------------------------------------


def check_models(dice, table: Table, n: int, modifiers: list[Modifier], *, day: int, place: str, text: str, side: str | None) -> tuple[int, int]:
    """1D6 per model on ``table``; natural 1 lost, natural 6 back, else the modified band. Returns (back, lost)."""
    if n <= 0:
        return 0, 0
    mods = tuple(modifiers)
    mod = 0
    for m in mods:
        mod += m.value
    back = _checked(dice, (table, mods, returning(table, mod)), n, f"{day}/{PHASE}/{place}", day, text, side)
    return back, n - back


#: n -> (DiceExpr(n, 6), "nD6"): a frozen dataclass's ``__init__`` costs about a microsecond, and units lose a few dozen models at most.
_D6: dict[int, tuple[DiceExpr, str]] = {}


def _checked(dice, check: tuple, n: int, key: str, day: int, text: str, side: str | None) -> int:
    """:func:`check_models` of ``n`` > 0 models, ``check`` = (table, modifiers, faces back), at dice place ``key``: the models back."""
    table, mods, back_faces = check
    d6 = _D6.get(n)
    if d6 is None:
        d6 = _D6[n] = (DiceExpr(n, 6, 0), f"{n}D6")
    faces, entered = dice.faces(d6[0], key)
    # the modifiers are the same for each die of the unit: count the faces that come back
    back = 0
    for x in back_faces:
        back += faces.count(x)
    outcome = f"{back} return, {n - back} {table.bands[0].outcome}"
    dice.log.append(log_entry(day, PHASE, table.rule, text, d6[1], tuple(faces), mods, None, outcome, entered, side, True))
    return back


#: (table, modifier) -> the faces that come back: a battle checks a few dozen units with the same few modifiers.
_RETURNING: dict[tuple[int, int], tuple[Table, tuple[int, ...]]] = {}


def returning(table: Table, mod: int) -> tuple[int, ...]:
    """The D6 faces that come back on ``table`` with ``mod``: natural 6 always, natural 1 never (FW-12.1, FW-12.2)."""
    kept = _RETURNING.get((id(table), mod))
    if kept is None or kept[0] is not table:
        faces = tuple(x for x in range(1, 7) if x == NATURAL_BACK or (x != NATURAL_LOST and band_for(table, x + mod).outcome == "returns"))
        kept = _RETURNING[(id(table), mod)] = (table, faces)
    return kept[1]


def wounded_modifiers(territory: str, role: str | None) -> list[Modifier]:
    mods = [modifier(f"{territory} territory", TERRITORY[territory])] if TERRITORY[territory] else []
    if role:
        mods.append(modifier(role, AMBUSH[role]))
    return mods


def deserter_modifiers(unit: Unit, routed: bool, rout_penalty: bool, role: str | None) -> list[Modifier]:
    mods = [modifier(f"{unit.quality} quality", QUALITY[unit.quality])] if QUALITY[unit.quality] else []
    if routed and rout_penalty:
        mods.append(modifier("routed (AMB-21)", ROUTED))
    if role:
        mods.append(modifier(role, AMBUSH[role]))
    return mods


#: (check, territory or quality, ..., role) -> (table, modifiers, faces back): a battle checks its
#: units with the same few modifiers, so each set is built and summed once.
_CHECKS: dict[tuple, tuple[Table, tuple[Modifier, ...], tuple[int, ...]]] = {}


def _check_for(table: Table, key: tuple, modifiers, *args) -> tuple:
    """The kept (table, modifiers, faces back) for ``key``; ``modifiers(*args)`` builds them the first time (or for another table)."""
    check = _CHECKS.get(key)
    if check is None or check[0] is not table:
        mods = tuple(modifiers(*args))
        check = _CHECKS[key] = (table, mods, returning(table, sum(m.value for m in mods)))
    return check


def _losses(state, f: Force, losses: dict, result: str, role, board: Board, contact: Contact, dice) -> tuple[tuple[Unit, ...], int]:
    """The force's units after the wounded and deserter checks, and its figures left."""
    day, side, lost = state.day, f.side, result == "lost"
    wounded = None  # the same check for each unit of the force
    units = []
    figures = 0
    pooled = state.options.specialty_recovery
    recovered: list[tuple[Unit, int]] = []  # FW-12.3: (unit, models back from the checks)
    for u in f.units:
        loss = losses.get(u.id)
        if loss is None:
            if not (u.mercenary and lost):
                units.append(u)
                figures += u.figures
                continue
            killed = fled = withdrawn = 0
        else:
            killed, fled, withdrawn = loss.killed, loss.fled, loss.withdrawn
        left = u.figures - killed - fled - withdrawn
        kept = left  # the models that never left it (and, below, a winner's withdrawn ones)
        if lost and u.mercenary:
            # FW-12.2: every model of a beaten mercenary unit deserts, without a roll
            dice.event(day=day, phase=PHASE, rule="FW-12.2", text=f"{u.id} is mercenary and its side lost: all {left + fled + withdrawn} models desert", side=side, secret=True)
            units.append(evolve(u, figures=0))
            continue
        # a check of no model rolls nothing and logs nothing: its modifiers and text are not built
        if killed and not lost and u.type not in EQUIPMENT:  # FW-12.1: no wounded check for the loser
            if wounded is None:
                territory = board.territory_for(contact.square, side)
                wounded = _check_for(WOUNDED, ("wounded", territory, role), wounded_modifiers, territory, role)
            left += _checked(dice, wounded, killed, f"{day}/{PHASE}/{u.id}/wounded", day, f"wounded check, {u.id} ({killed} killed)", side)
        if fled:
            penalty = state.options.deserter_rout_penalty
            check = _check_for(DESERTERS, ("routed", u.quality, penalty, role), deserter_modifiers, u, True, penalty, role)
            left += _checked(dice, check, fled, f"{day}/{PHASE}/{u.id}/deserters-routed", day, f"deserter check, {u.id} ({fled} routed)", side)
        if not lost:
            left += withdrawn
            kept += withdrawn
        elif withdrawn:  # FW-12.2, AMB-01: withdrawn models are checked only when their side lost
            check = _check_for(DESERTERS, ("withdrawn", u.quality, role), deserter_modifiers, u, False, False, role)
            left += _checked(dice, check, withdrawn, f"{day}/{PHASE}/{u.id}/deserters-withdrawn", day, f"deserter check, {u.id} ({withdrawn} withdrawn)", side)
        if pooled and left > kept:
            recovered.append((u, left - kept))
            left = kept
        units.append(evolve(u, figures=left))
        figures += left
    if recovered:
        units, figures = _by_specialty(f, units, recovered, dice, day)
    return tuple(units), figures


#: FW-12.3: the specialties recovered models are pooled by; [DEV] war machines are artillery, chariots
#: and cavalry of every weight (the types FW-22.1 tells apart) cavalry, and a type of no specialty is one of its own.
SPECIALTY = {"war_machine": "artillery", "chariot": "cavalry", "light_chariot": "cavalry",
             "light_cavalry": "cavalry", "medium_cavalry": "cavalry", "heavy_cavalry": "cavalry"}


def specialty(unit: Unit) -> str:
    return SPECIALTY.get(unit.type, unit.type)


def _by_specialty(f: Force, units: list[Unit], recovered: list[tuple[Unit, int]], dice, day: int) -> tuple[list[Unit], int]:
    """FW-12.3 (option ``specialty_recovery``): the army points of the models back from the checks, by specialty,
    buy models for the force's units of that specialty.

    [DEV] They go to the unit of the specialty with the most models left (the most usable; the first on a tie), whole models at
    its points per figure (a unit with no points counts models as models); points that buy no whole model
    are lost; no new unit is formed (its minimum size and Leader are the base rules').
    """
    pools: dict[str, list] = {}
    for u, n in recovered:
        pool = pools.setdefault(specialty(u), [0, 0])
        pool[0] += n * u.points
        pool[1] += n
    for kind, (points, models) in pools.items():
        same = [i for i, u in enumerate(units) if specialty(u) == kind]  # never empty: the models came from one
        i = max(same, key=lambda j: (units[j].figures, -j))  # the first on a tie
        u = units[i]
        bought = points // u.points if u.points else models
        units[i] = evolve(u, figures=u.figures + bought)
        text = (f"{f.id}: {models} {kind} model(s) back, {points} points, buy {bought} model(s) for {u.id} (FW-12.3)" if u.points
                else f"{f.id}: {models} {kind} model(s) back join {u.id} (FW-12.3)")
        dice.event(day=day, phase=PHASE, rule="FW-12.3", text=text, side=f.side, secret=True)
    return units, sum(u.figures for u in units)


# --- FW-12.6, FW-12.7, FW-17.7 ---------------------------------------------------------------


def _beaten(state, f: Force, units: tuple[Unit, ...], dice) -> Force:
    """FW-12.6 (AMB-05): the loser's reaction worsens; FW-17.7 step 6: its loot is lost (``units``: after the checks)."""
    new = worse(f.reaction)
    dice.event(day=state.day, phase=PHASE, rule="FW-12.6", text=f"{f.id} lost the battle: {f.state} -> {new}", side=f.side)
    if f.loot is not None:
        dice.event(day=state.day, phase=PHASE, rule="FW-17.7", text=f"{f.id} lost the battle: the loot of {f.loot} is lost", side=f.side)
    return evolve(f, units=units, order=None, reaction=new, loot=None)


def _leader(state, f: Force, lost: tuple, result: str, role, board: Board, contact: Contact, dice) -> Force:
    """FW-12.7: a force whose Leader and Generals fell gets a Leader from the ranks, CV 1 on foot.

    The fallen Leader takes the wounded check too when his side did not lose
    (FW-12.1: "also for every ... Leader, General"); on 4-6 he is back.
    """
    if f.id not in lost:
        return f
    if result != "lost":
        back, _ = check_models(
            dice, WOUNDED, 1, wounded_modifiers(board.territory_for(contact.square, f.side), role),
            day=state.day, place=f"{f.id}/leader-wounded", text=f"wounded check, {f.id}'s leader {f.leader.name}", side=f.side,
        )
        if back:
            return f
    leader = Leader(f"{f.id} leader from the ranks", NEW_LEADER_CV)
    dice.event(day=state.day, phase=PHASE, rule="FW-12.7", text=f"{f.id} lost {f.leader.name}: a new Leader from the ranks, on foot, CV {NEW_LEADER_CV}", side=f.side)
    return evolve(f, leader=leader)


# --- FW-12.5, AMB-52 -------------------------------------------------------------------------


def _moves(state, cmd, contact: Contact, before: dict, after: dict, dice, board: Board) -> dict[str, Force | None]:
    """FW-12.5, AMB-52: each force that leaves the square, or stays worse off (None: removed).

    ``after``: the battle's forces after the checks, by id (``state`` still has them as they were).
    """
    chosen = dict(cmd.retreats)
    try:
        moves = retreat_moves(state, contact, cmd.winner, before, chosen, board, after)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    day = state.day
    changed: dict[str, Force | None] = {}
    for fid, square in moves:
        f = after[fid]
        if square is not None:
            changed[fid] = evolve(f, square=square, field_works=0)
            dice.event(day=day, phase=PHASE, rule="FW-12.5", text=f"{fid} leaves the battlefield for {square}", side=f.side)
            if f.field_works:
                dice.event(day=day, phase=PHASE, rule="FW-5.2.1", text=f"{fid} is dislodged: its field works are lost", side=f.side)
            continue
        new = worse(f.reaction)
        dice.event(day=day, phase=PHASE, rule="AMB-52", text=f"{fid} has no square to fall back to: it stays at {contact.square}, {f.state} -> {new}", side=f.side)
        if new == "shattered" and f.reaction == "shattered":
            changed[fid] = None
            dice.event(day=day, phase=PHASE, rule="AMB-52", text=f"{fid} was already Shattered: it is removed", side=f.side)
        else:
            changed[fid] = evolve(f, order=None, reaction=new)
    return changed


def _rewrite(state, after: dict[str, Force], changed: dict[str, Force | None], sides: tuple) -> CampaignState:
    """One new state for the whole battle: ``with_force`` for the forces ``after`` the checks and the
    ``changed`` ones (moved), ``without_force`` for each None (removed, in order), and the ``sides``."""
    forces = []
    for f in state.forces:
        fid = f.id
        if fid in changed:
            f = changed[fid]
            if f is None:
                continue
        elif fid in after:
            f = after[fid]
        forces.append(f)
    removed = tuple([fid for fid, f in changed.items() if f is None])
    if removed:
        return evolve(state, forces=tuple(forces), sides=sides, removed=state.removed + removed)
    return evolve(state, forces=tuple(forces), sides=sides)
