"""Bots fight many Napoleonic battles: who won, and what each unit type was worth.

Each battle gives both sides a random army of the same NAP-1 production
cost (:data:`BUDGET`), deploys them, and lets the bots (:mod:`.bots`) play
it out through the engine, as a campaign folder would.  Every battle's
record keeps which units each side had and lost and who won; the report
fits, by least squares, each unit type's effect on winning (the difference
in its count between the two sides) and sets it beside the type's cost.
With equal budgets the count differences weighted by cost always sum to
zero, so the fit tells only how the types' worth per cost point differs,
not its level; ``bench/nap_tables_fit.py``, which chose the default tables,
draws each side's budget on its own for that reason.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import partial

import numpy as np

from ..engine import CommandError, apply
from ..engine.bots import IllegalCommand
from ..workers import map_in_order
from .armies import army_cost
from .board import SIDES, other
from .bots import BEHAVIOURS, choose
from .ruleset import RULESET
from .state import DESTROYED, Army, Unit
from .store import Field, field_bytes, new_state
from ..rulebooks.nap_units import ELITE_NEEDS_INFANTRY, UNITS
from .tables import MissingTables

DEFAULT_BOTS = ("aggressive", "cautious")
REPORT_JSON = "balance-napoleonic.json"
REPORT_MD = "balance-napoleonic.md"
#: [DEV] Each random army's production cost: enough for two or more fighting units in every line part and a reserve
#: (the default army's 80 points leave a line part of one or two units, broken by one lucky shot).
BUDGET = 140
#: [DEV] Fighting units (leaders apart) a random army has at least: two per line part, and a reserve.
MIN_FIGHTERS = 8
#: [DEV] Leaders a random army has: one or two, so their worth shows in the fit too.
LEADERS = (1, 2)
#: A battle not over after this many commands is counted as unfinished (none has needed half of it).
MAX_COMMANDS = 4000


def check_bots(bots) -> None:
    if len(bots) != 2 or any(b not in BEHAVIOURS for b in bots):
        raise ValueError(f"--bots {','.join(bots)!r}: give side A's and side B's behaviour, e.g. aggressive,cautious "
                         f"(behaviours: {', '.join(BEHAVIOURS)})")


def random_army(side: str, rng: random.Random, budget: int = BUDGET) -> tuple[Army, tuple[Unit, ...]]:
    """A random army costing exactly ``budget``: one or two leaders, :data:`MIN_FIGHTERS` fighting units or more,
    two infantry per elite (NAP-1); every NAP-1 type may come, whatever the nation limits, so the fit sees them all."""
    fighters = [k for k in UNITS if k != "leader"]
    cheapest = min(UNITS[k].cost for k in fighters)
    for _attempt in range(10_000):
        kinds = ["leader"] * rng.choice(LEADERS)
        left = budget - UNITS["leader"].cost * len(kinds)
        while left >= cheapest:
            k = rng.choice([k for k in fighters if UNITS[k].cost <= left])
            kinds.append(k)
            left -= UNITS[k].cost
        counts = Counter(kinds)
        if left == 0 and len(kinds) - counts["leader"] >= MIN_FIGHTERS and counts["infantry"] >= ELITE_NEEDS_INFANTRY * counts["elite_infantry"]:
            break
    else:  # pragma: no cover - the draw above finds one within a few dozen tries
        raise ValueError(f"no random army of {budget} production points found")
    order = {k: i for i, k in enumerate(UNITS)}
    kinds.sort(key=lambda k: order[k])
    seen: Counter = Counter()
    units = []
    for n, k in enumerate(kinds, start=1):
        seen[k] += 1
        units.append(Unit(f"{side}{n}", side, k, f"{UNITS[k].label} {seen[k]}"))
    return Army(side, f"Army {side}", "random army [simulate]"), tuple(units)


def play_battle(seed, tables: MissingTables, bots: tuple[str, str], game: int) -> dict:
    """One battle by the bots; its record (armies, losses, winner, how, turns)."""
    rng = random.Random(f"{seed}/{game}")
    attacker = rng.choice(SIDES)
    data = field_bytes(tables)
    board = Field(tables)
    state = new_state(f"{seed}/{game}", data, attacker, (random_army("A", rng), random_army("B", rng)))
    behaviour = dict(zip(SIDES, bots))
    for _n in range(MAX_COMMANDS):
        if RULESET.over(state) is not None:
            break
        seat = seat_to_act(state)
        name, args = choose(state, seat, board, behaviour[seat])
        command = RULESET.decode({"command": name, **args})
        try:
            state, _ = apply(RULESET, state, command, RULESET.dice_for(state), board)
        except CommandError as exc:
            raise IllegalCommand(f"bot {behaviour[seat]} of side {seat}: {exc}", command, state) from None
    record = {"game": game, "attacker": attacker, "winner": state.winner, "reason": state.result.reason if state.result else "unfinished",
              "turns": state.turn, "armies": {}}
    for side in SIDES:
        own = [u for u in state.units if u.side == side]
        record["armies"][side] = {"cost": army_cost(own), "units": dict(Counter(u.type for u in own)),
                                  "lost": dict(Counter(u.type for u in own if u.area == DESTROYED))}
    return record


def seat_to_act(state) -> str:
    if state.stage == "deployment":
        return next(s for s in (state.attacker, other(state.attacker)) if s not in state.deployed)
    if state.stage == "pursuit":
        return state.winner
    return state.pending.chooser if state.pending is not None else state.acting


def simulate(seed, games: int, tables: MissingTables, bots: tuple[str, str] = DEFAULT_BOTS, workers: int = 1) -> list[dict]:
    """The battles' records in game order: the same whatever ``workers`` (each battle is a function of its seed and number)."""
    play = partial(play_battle, seed, tables, bots)
    if workers <= 1 or games <= 1:
        return [play(g) for g in range(games)]
    return map_in_order(play, list(range(games)), min(workers, games))


def fit(records: list[dict]) -> dict[str, float]:
    """Least squares: A's win (1, 0, or 0.5 unfinished) against A's count minus B's of each fighting type; the slope per type."""
    kinds = [k for k in UNITS if k != "leader"]
    x = np.array([[r["armies"]["A"]["units"].get(k, 0) - r["armies"]["B"]["units"].get(k, 0) for k in kinds] for r in records], float)
    y = np.array([1.0 if r["winner"] == "A" else 0.0 if r["winner"] == "B" else 0.5 for r in records]) - 0.5
    if not len(records):
        return {}
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    return {k: round(float(c), 4) for k, c in zip(kinds, coef)}


def report(records: list[dict], seed, tables: MissingTables, bots) -> dict:
    kinds = list(UNITS)
    per_type = {}
    for k in kinds:
        fielded = sum(r["armies"][s]["units"].get(k, 0) for r in records for s in SIDES)
        lost = sum(r["armies"][s]["lost"].get(k, 0) for r in records for s in SIDES)
        sides = [(r, s) for r in records for s in SIDES if r["armies"][s]["units"].get(k, 0)]
        won = sum(1 for r, s in sides if r["winner"] == s)
        per_type[k] = {"cost": UNITS[k].cost, "fielded": fielded, "lost": lost,
                       "win_rate_when_fielded": round(won / len(sides), 4) if sides else None}
    slopes = fit(records)
    for k, v in slopes.items():
        per_type[k]["win_effect"] = v
        per_type[k]["win_effect_per_cost"] = round(v / UNITS[k].cost, 5)
    return {"schema": "mapgen/balance-napoleonic", "version": 1, "seed": str(seed), "games": len(records), "bots": list(bots),
            "tables": {**tables.to_json(), "source": tables.source},
            "wins": {s: sum(1 for r in records if r["winner"] == s) for s in SIDES},
            "attacker_wins": sum(1 for r in records if r["winner"] == r["attacker"]),
            "unfinished": sum(1 for r in records if r["winner"] is None),
            "unit_types": per_type, "battles": records}


def markdown(doc: dict) -> str:
    lines = [f"# Napoleonic battles played by bots ({doc['games']} battles, seed {doc['seed']})", "",
             f"Bots: side A {doc['bots'][0]}, side B {doc['bots'][1]}. Tables: {doc['tables']['source']}.", "",
             f"Wins: A {doc['wins']['A']}, B {doc['wins']['B']}; the attacker won {doc['attacker_wins']}; unfinished {doc['unfinished']}.", "",
             "| Unit type | Cost | Fielded | Lost | Win rate when fielded | Win effect (fit) | Per cost point |",
             "|---|---|---|---|---|---|---|"]
    for k, t in doc["unit_types"].items():
        lines.append(f"| {k} | {t['cost']} | {t['fielded']} | {t['lost']} | {t['win_rate_when_fielded']} | "
                     f"{t.get('win_effect', '')} | {t.get('win_effect_per_cost', '')} |")
    return "\n".join(lines) + "\n"
