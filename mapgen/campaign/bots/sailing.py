"""The bots afloat (option ``watercraft``, FW-20): every bot boards its craft when the water brings it nearer its goal.

Shared by every behaviour, asked before the behaviour's own moves (:func:`.play.play_day`);
a force holding a port under Defend sets out once its free ships carry it (:func:`sailing_orders`):
a force afloat always sails on (it lands on the shore square nearest the enemy holding it
makes for, so a voyage takes two days: embark and sail, then disembark); a force ashore that
holds craft embarks when the best shore it can reach afloat today is at least
:data:`GAIN` squares nearer its goal than where it stands.  Only what the voyage's own
refusal accepts is proposed (:func:`mapgen.campaign.voyage.voyage_paths`).
"""

from __future__ import annotations

from ..commands import Disembark, Embark, GiveOrder, Sail
from ..craft import Loading, loading
from ..march import locked
from ..orders import refusal as order_refusal
from ..state import CampaignState
from ..voyage import refusal, voyage_paths
from .routes import distances_to, nearest_enemy_holding

#: [DEV] Squares a voyage must save over the march before a bot embarks.
GAIN = 2
FAR = 1 << 30


def naval_move(state: CampaignState, board, side: str):
    """The first voyage ``side``'s bot makes now (a force afloat first), or None."""
    if not state.options.watercraft:
        return None
    lk = locked(state) if state.pending else ()
    movers = [f for f in state.forces if f.side == side and not f.moved_today and f.order != "defend" and f.id not in lk]
    for f in sorted(movers, key=lambda f: not f.afloat):
        goal = nearest_enemy_holding(state, board, f)
        dist = distances_to(board, goal[0]) if goal else {}
        kind = Disembark if f.afloat else Embark
        if refusal(state, board, kind(f.id, ())) is not None:
            if f.afloat:  # nowhere to land (an enemy on its square): it sails on, or stays afloat
                return _best(state, board, f, kind, dist) or _stay(f)
            continue
        paths = voyage_paths(state, board, kind, f.id)
        best = min(paths.values(), key=lambda p: (dist.get(p[-1], FAR), p), default=None)
        if f.afloat:
            return kind(f.id, best if best and dist.get(best[-1], FAR) < dist.get(f.square, FAR) else ())
        if best and f.square in dist and dist.get(best[-1], FAR) + GAIN <= dist[f.square]:
            return kind(f.id, best)
    return None


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


def _best(state, board, f, kind, dist):
    paths = voyage_paths(state, board, Sail, f.id)
    best = min(paths.values(), key=lambda p: (dist.get(p[-1], FAR), p), default=None)
    return Sail(f.id, best) if best else None


def _stay(f):
    return Sail(f.id, ())
