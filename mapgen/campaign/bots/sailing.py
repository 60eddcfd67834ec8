"""The bots afloat (option ``watercraft``, FW-20): every bot boards its craft when the water brings it nearer its goal.

Shared by every behaviour, asked before the behaviour's own moves (:func:`.play.play_day`).

* **Afloat**: a force afloat always sails on; it lands on the shore square nearest the enemy holding it makes
  for, so a voyage takes two days: embark and sail, then disembark.
* **Embarking**: a force ashore that holds craft embarks when the best shore it can reach afloat today is at
  least :data:`GAIN` squares (by legal land steps) nearer its goal than where it stands.
* **Buying craft** (:func:`craft_purchase`): on generated maps no force starts with craft, and the free ships
  of FW-20.3 go only to a force that waits under Defend on its port, which the bots' capital guards do and
  never sail.  So a force about to move that stands by navigable water, holds no craft that carry it, and
  would gain :data:`GAIN` squares afloat, buys the cheapest craft that carry it (boats and rafts anywhere on
  navigable water, ships at its own port: FW-20.3, FW-20.4) with the side's banked points, which the bots
  spend on nothing else.  Whether it gains is worked out with the craft it would buy, by the voyage's own
  checks, so the embark that follows is the one foreseen.
* **Free ships** (:func:`sailing_orders`): a force holding a port under Defend (not the capital) sets out once
  its free ships carry it.

Only what the engine's own refusals accept is proposed (:func:`mapgen.campaign.voyage.voyage_paths`,
:func:`mapgen.campaign.voyage.buy_refusal`).
"""

from __future__ import annotations

from ..commands import BuyCraft, Disembark, Embark, GiveOrder, Sail
from ..craft import CRAFT_COST, Loading, loading, with_craft
from ..march import locked
from ..orders import refusal as order_refusal
from ..state import CampaignState, Force, with_force
from ..voyage import buy_refusal, refusal, voyage_paths
from .routes import distances_to, nearest_enemy_holding

#: [DEV] Squares a voyage must save over the march before a bot embarks (or buys craft to embark).
GAIN = 2
#: [DEV] The most craft of one kind a bot buys for one force (``buy-craft`` takes up to 100).
MOST_CRAFT = 60
FAR = 1 << 30


def _movers(state: CampaignState, side: str) -> list[Force]:
    lk = locked(state) if state.pending else ()
    return [f for f in state.forces if f.side == side and not f.moved_today and f.order != "defend" and f.id not in lk]


def _carried(force: Force) -> bool:
    """Whether the force's craft carry it on ships or on minor craft (FW-20.3, FW-20.4)."""
    return isinstance(loading(force, "ships"), Loading) or isinstance(loading(force, "boats"), Loading)


def _embark_gain(state: CampaignState, board, f: Force) -> tuple[str, ...] | None:
    """The voyage ``f`` embarks on now when it gains :data:`GAIN` squares on its goal; None when none does."""
    goal = nearest_enemy_holding(state, board, f)
    if goal is None or refusal(state, board, Embark(f.id, ())) is not None:
        return None
    dist = distances_to(board, goal[0])
    paths = voyage_paths(state, board, Embark, f.id)
    best = min(paths.values(), key=lambda p: (dist.get(p[-1], FAR), p), default=None)
    if best and f.square in dist and dist.get(best[-1], FAR) + GAIN <= dist[f.square]:
        return best
    return None


def naval_move(state: CampaignState, board, side: str):
    """The first voyage ``side``'s bot makes now (a force afloat first), or None."""
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
            return _best(state, board, f, dist) or _stay(f)
        paths = voyage_paths(state, board, Disembark, f.id)
        best = min(paths.values(), key=lambda p: (dist.get(p[-1], FAR), p), default=None)
        return Disembark(f.id, best if best and dist.get(best[-1], FAR) < dist.get(f.square, FAR) else ())
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
    for f in _movers(state, side):
        if f.afloat or f.square not in board.sailing or _carried(f):
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


def _best(state, board, f, dist):
    paths = voyage_paths(state, board, Sail, f.id)
    best = min(paths.values(), key=lambda p: (dist.get(p[-1], FAR), p), default=None)
    return Sail(f.id, best) if best else None


def _stay(f):
    return Sail(f.id, ())
