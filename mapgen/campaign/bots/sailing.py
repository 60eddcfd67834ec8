"""The bots afloat (option ``watercraft``, FW-20): every bot boards its craft when the water serves it better than the march.

Shared by every behaviour, asked before the behaviour's own moves (:func:`.play.play_day`).  A voyage is
weighed by where the dice are expected to leave the fleet (:func:`expected_distance`: the wind test, the
naval roll with every FW-20.7 modifier, the embarking or landing square lost, and a fleet that falls short
stopping off the last land square it passed), in legal land steps to the enemy holding the force makes for.

* **Embarking**: a force ashore that holds craft embarks when the voyage is expected to end :data:`GAIN`
  squares nearer its goal, and :data:`EDGE` more than it is expected to march today instead
  (:func:`expected_march`, FW-9.3).  A shore a single-square roll cannot reach (the first step is open
  water) is seldom worth it with minor craft at sea (-2, -1 for mounts, the wind): measured, a bot that
  looked at the best landing only bought boats and then lay off the same shore day after day.
* **Afloat**: a force afloat sails or lands where it is expected to end nearest its goal, and lands where
  it lies when no voyage is expected to bring it nearer (then it marches on).
* **Buying craft** (:func:`craft_purchase`): on generated maps no force starts with craft, and the free ships
  of FW-20.3 go only to a force that waits under Defend on its port, which the bots' capital guards do and
  never sail.  So a force about to move that stands by navigable water, holds no craft that carry it, and
  would embark with them, buys the cheapest craft that carry it (boats and rafts anywhere on navigable
  water, ships at its own port: FW-20.3, FW-20.4) with the side's banked points, which the bots spend on
  nothing else.  The voyage is weighed with the craft it would buy, so the embark that follows is the one
  foreseen.
* **Free ships** (:func:`sailing_orders`): a force holding a port under Defend (not the capital) sets out once
  its free ships carry it.

Only what the engine's own refusals accept is proposed (:func:`mapgen.campaign.voyage.voyage_paths`,
:func:`mapgen.campaign.voyage.buy_refusal`).
"""

from __future__ import annotations

from collections import Counter

from ..commands import BuyCraft, Disembark, Embark, GiveOrder, Sail
from ..craft import CRAFT_COST, Loading, loading, with_craft
from ..march import MOVE_TABLE, locked, move_modifiers
from ..orders import refusal as order_refusal
from ..state import CampaignState, Force, with_force
from ..voyage import MODES, NAVAL_TABLE, WIND_TABLE, allowance_for, buy_refusal, fleet_for, naval_modifiers, refusal, voyage_paths
from .routes import distances_to, nearest_enemy_holding

#: [DEV] Squares nearer its goal a voyage must be expected to bring a force before a bot embarks (or buys craft to embark) ...
GAIN = 1
#: [DEV] ... and how many more than the force is expected to march today instead (:func:`expected_march`).
EDGE = 0.5
#: [DEV] The most craft of one kind a bot buys for one force (``buy-craft`` takes up to 100).
MOST_CRAFT = 60
FAR = 1 << 30
#: The faces of one die (FW-20.6, FW-20.7 roll 1D6).
DIE = range(1, 7)


def _movers(state: CampaignState, side: str) -> list[Force]:
    lk = locked(state) if state.pending else ()
    return [f for f in state.forces if f.side == side and not f.moved_today and f.order != "defend" and f.id not in lk]


def _carried(force: Force) -> bool:
    """Whether the force's craft carry it on ships or on minor craft (FW-20.3, FW-20.4)."""
    return isinstance(loading(force, "ships"), Loading) or isinstance(loading(force, "boats"), Loading)


def _embark_gain(state: CampaignState, board, f: Force) -> tuple[str, ...] | None:
    """The voyage ``f`` embarks on now when it serves (see the module: :data:`GAIN`, :data:`EDGE`); None when none does."""
    goal = nearest_enemy_holding(state, board, f)
    if goal is None or f.square not in board.sailing or refusal(state, board, Embark(f.id, ())) is not None:
        return None
    dist = distances_to(board, goal[0])
    if f.square not in dist:
        return None
    worst = dist[f.square] - max(GAIN, expected_march(state, board, f) + EDGE)  # the farthest expected end that serves
    best = _likeliest(state, board, f, Embark, dist, worst)
    return best[1] if best and best[0] <= worst else None


def expected_march(state: CampaignState, board, f: Force) -> float:
    """The squares the force is expected to march today instead (FW-9.3 with every modifier of its starting square, order, territory and weather)."""
    mod = sum(m.value for m in move_modifiers(state, board, f))
    return sum(MOVE_TABLE.lookup(face + mod).data["squares"] for face in DIE) / len(DIE)


def _likeliest(state: CampaignState, board, f: Force, kind, dist: dict[str, int], worst: float = FAR) -> tuple[float, tuple[str, ...]] | None:
    """The voyage (``kind``) whose expected end lies nearest the goal, with that expected distance; None with no voyage.

    Only paths passing a land square within ``worst`` of the goal are weighed (an expected end is never nearer than
    the nearest square it may stop off): the dice are worked out for few paths, as the bots plan every move."""
    paths = voyage_paths(state, board, kind, f.id)
    scored = [(expected_distance(state, board, f, kind, p, dist), p) for p in paths.values()
              if p[-1] in dist and min(dist.get(sq, FAR) for sq in p) <= worst]
    return min(scored, default=None)


def expected_distance(state: CampaignState, board, f: Force, kind, path: tuple[str, ...], dist: dict[str, int]) -> float:
    """The distance to the goal (``dist``) of the land square the fleet is expected to end off, over the wind test and
    the naval roll (FW-20.6, FW-20.7, with every modifier the voyage applies and the embarking or landing square lost):
    the fleet stops off the last land square its allowance reaches, so a path whose first step is open water needs two
    squares to get anywhere, which minor craft at sea seldom make."""
    route = (f.square, *path)
    steps = [board.sailing[a][b] for a, b in zip(route, route[1:])]
    fleet = fleet_for(f, steps)
    at_sea = any(s[0] in ("sea", "lake") for s in steps)
    winds = Counter(WIND_TABLE.lookup(face).data["mod"] for face in DIE) if at_sea else Counter([None])
    mode = MODES[kind]
    total = 0.0
    for wind, faces in winds.items():
        mod = sum(m.value for m in naval_modifiers(state, board, f, route, steps, fleet, wind))
        for face in DIE:
            allowance = allowance_for(NAVAL_TABLE.lookup(face + mod).data["squares"], mode)
            end = next(sq for sq in reversed(route[: allowance + 1]) if sq in board.squares)
            total += faces * dist.get(end, dist.get(f.square, FAR))
    return total / (winds.total() * len(DIE))


def naval_move(state: CampaignState, board, side: str):
    """The first voyage ``side``'s bot makes now (a force afloat first), or None.

    A force afloat sails or lands where it is expected to end nearest its goal, and lands where it lies when no
    voyage is expected to bring it nearer (it marches on from there).
    """
    if not state.options.watercraft:
        return None
    for f in sorted(_movers(state, side), key=lambda f: not f.afloat):
        if not f.afloat:
            best = _embark_gain(state, board, f)
            if best:
                return Embark(f.id, best)
            continue
        goal = nearest_enemy_holding(state, board, f)
        dist = distances_to(board, goal[0]) if goal else {}
        if refusal(state, board, Disembark(f.id, ())) is not None:  # nowhere to land (an enemy on its square): it sails on, or stays afloat
            best = _likeliest(state, board, f, Sail, dist)
            return Sail(f.id, best[1] if best else ())
        here = dist.get(f.square, FAR)
        best = _likeliest(state, board, f, Disembark, dist, here - 1)
        return Disembark(f.id, best[1] if best and best[0] < here else ())
    return None


def craft_purchase(state: CampaignState, board, side: str) -> BuyCraft | None:
    """The craft ``side``'s bot buys now for a force about to move, that carry it on a voyage gaining :data:`GAIN` squares; or None.

    Asked in Phase 2 for the side at the head of the initiative, just before :func:`naval_move`:
    the force bought for then embarks with the same voyage.
    """
    if not state.options.watercraft or state.phase != 2:
        return None
    banked = state.side(side).reinforcement_points
    if banked < min(CRAFT_COST.values()):
        return None
    movers = _movers(state, side)
    if any(f.afloat for f in movers):  # forces afloat sail first (naval_move): buy when the buyer is next to move
        return None
    for f in movers:
        if f.square not in board.sailing or _carried(f):
            continue
        for cmd in sorted(_offers(board, f), key=lambda c: (_cost(c), c.ships)):
            if _cost(cmd) > banked or buy_refusal(state, board, cmd) is not None:
                continue
            richer = with_craft(f, **_counts(cmd))
            if _embark_gain(with_force(state, richer), board, richer):
                return cmd
    return None


def _offers(board, f: Force) -> list[BuyCraft]:
    """The fewest craft that carry ``f``: ships at its own port (with the minor craft it holds), or boats and rafts."""
    out = []
    if board.ports.get(f.square) == f.side:
        ships = _fewest(lambda n: isinstance(loading(with_craft(f, ships=n), "ships"), Loading))
        if ships:
            out.append(BuyCraft(f.id, ships=ships))
    # rafts first: mounts and war machines go on rafts only (FW-20.4); then the boats the foot still need
    rafts = _fewest(lambda n: isinstance(loading(with_craft(f, boats=MOST_CRAFT, rafts=n), "boats"), Loading))
    if rafts is not None:
        boats = _fewest(lambda n: isinstance(loading(with_craft(f, boats=n, rafts=rafts), "boats"), Loading))
        if boats or rafts:
            out.append(BuyCraft(f.id, boats=boats, rafts=rafts))
    return out


def _fewest(carried) -> int | None:
    """The least n in 0 .. :data:`MOST_CRAFT` for which ``carried(n)`` holds, or None: more craft never carry less."""
    if not carried(MOST_CRAFT):
        return None
    lo, hi = 0, MOST_CRAFT
    while lo < hi:
        mid = (lo + hi) // 2
        if carried(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def _counts(cmd: BuyCraft) -> dict[str, int]:
    return {k: getattr(cmd, k) for k in CRAFT_COST if getattr(cmd, k)}


def _cost(cmd: BuyCraft) -> int:
    return sum(CRAFT_COST[k] * n for k, n in _counts(cmd).items())


def sailing_orders(state: CampaignState, board, side: str) -> list[GiveOrder]:
    """Phase 1: a force that waited under Defend on a port (not the capital) until its free ships carry it sets out at Max Speed."""
    if not state.options.watercraft:
        return []
    out = []
    for f in state.side_forces(side):
        h = state.holding(f.square)
        if f.order != "defend" or f.afloat or (h is not None and h.capital) or f.square not in board.ports:
            continue
        if isinstance(loading(f, "ships"), Loading) and order_refusal(state, board, f.id, "max_speed") is None:
            out.append(GiveOrder(f.id, "max_speed"))
    return out
