"""Choose the Napoleonic battle's missing tables (NAP-A.2, A.3, A.8) by simulation: the defaults in
``mapgen/napoleonic/tables.py`` are the ones this script picks.

The criterion (issue 28): under the default tables, each unit type's contribution to winning is in
proportion to its NAP-1 production cost.  How it is measured:

1. Bots (:mod:`mapgen.napoleonic.bots`, each side's behaviour drawn at random) fight ``--games``
   battles between random armies (:func:`mapgen.napoleonic.simulate.random_army`).  Each side's
   budget is drawn from 120 to 160 production points on its own: with equal budgets the count
   differences of the types always sum, weighted by cost, to zero, so the part of each type's worth
   that is proportional to its cost could not be told apart from nothing (the regression's one
   unidentified direction is exactly the one we test).
2. Each battle gives two outcomes: whether A won (logistic regression), and the battle's net
   result in production points, A's enemy destroyed less A's own, pursuit included (least
   squares); pursuit decides no battle, so only the second outcome sees the Pursuit Table.  The
   regressors are A's count minus B's of each NAP-1 type, whether A attacked (+1/-1) and A's
   behaviour less B's.  Each type's coefficient is its contribution per unit, with its standard
   error from the fit.
3. Proportionality: the weighted least squares fit ``coefficient = k * cost`` (weights 1/SE^2); the
   misfit is its chi-square (near its degrees of freedom, 7, when the contributions are as
   proportional as the noise can tell).  The score of a candidate is the two outcomes' chi-squares
   added.
4. A coordinate search from ``--start`` (the author's first guess, or the first fit's defaults) along
   ``--axes``: each value one step up and one step down, within sane bounds, and all the improving
   steps at once; the best candidate taken, until no step improves the score or ``--sweeps`` are done.  Every candidate plays the same battles (the same seeds, armies and
   behaviours: common random numbers), so candidates differ by their tables, not by their luck.
5. The best tables and the start are then played on ``--final`` fresh battles (seeds the search never
   saw), and the fit reported per unit type: cost, contribution, ratio to ``k * cost``, 95 % interval.
   The search's few battles a candidate make its scores noisy; the fresh battles decide.

The second fit, with the better bots (the figures in bench/RESULTS.md; 720 battles, 980 s wall on the
shared machine)::

    python bench/nap_tables_fit.py --games 40 --final 200 --sweeps 1 --workers 2 --seed 3 --start first-fit \
        --axes fire.infantry,fire.artillery,fire.artillery_far --out output/nap-fit

Seeded and reproducible: the same arguments give the same JSON, whatever ``--workers``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from dataclasses import replace
from functools import partial
from pathlib import Path

import numpy as np

from mapgen import engine
from mapgen.napoleonic.board import SIDES
from mapgen.napoleonic.bots import BEHAVIOURS, choose
from mapgen.napoleonic.ruleset import RULESET
from mapgen.napoleonic.simulate import MAX_COMMANDS, random_army, seat_to_act
from mapgen.napoleonic.state import DESTROYED
from mapgen.napoleonic.store import Field, field_bytes, new_state
from mapgen.napoleonic.tables import MissingTables
from mapgen.rulebooks.nap_units import UNITS
from mapgen.workers import map_in_order

#: Each side's budget, production points, drawn on its own.
BUDGETS = (120, 160)
KINDS = tuple(UNITS)
#: The search space: (table, row, lowest, highest).  The cavalry's +2 charge is the source's (NAP-7.2) and stays.
AXES = (("fire", "infantry", 5, 11), ("fire", "artillery", 4, 10), ("fire", "artillery_far", 6, 12),
        ("charge", "infantry", -2, 3), ("pursuit", "infantry", 2, 6), ("pursuit", "cavalry", 2, 6))
#: The tables before this fit (the author's first guess [DEV]), the search's start.
START = MissingTables(fire={"infantry": 8, "artillery": 7, "artillery_far": 9}, charge={"infantry": 0, "cavalry": 2},
                      pursuit={"infantry": 5, "cavalry": 4}, source="first guess [DEV]")
#: The defaults the first fit chose (with the first bots, bench/nap_bots_first.py): the second fit's start.
FIRST_FIT = MissingTables(fire={"infantry": 7, "artillery": 7, "artillery_far": 9}, charge={"infantry": 0, "cavalry": 2},
                          pursuit={"infantry": 5, "cavalry": 4}, source="first fit [DEV]")
STARTS = {"first-guess": START, "first-fit": FIRST_FIT}


def battle(seed: str, tables: MissingTables, game: int) -> dict:
    """One battle between random armies of random budgets; who won, the net result, the armies, the covariates."""
    rng = random.Random(f"{seed}/{game}")
    attacker = rng.choice(SIDES)
    budgets = {s: rng.randint(*BUDGETS) for s in SIDES}
    behaviour = {s: rng.choice(BEHAVIOURS) for s in SIDES}
    armies = tuple(random_army(s, rng, budgets[s]) for s in SIDES)
    board = Field(tables)
    state = new_state(f"{seed}/{game}", field_bytes(tables), attacker, armies)
    for _n in range(MAX_COMMANDS):
        if RULESET.over(state) is not None:
            break
        seat = seat_to_act(state)
        name, args = choose(state, seat, board, behaviour[seat])
        state, _ = engine.apply(RULESET, state, RULESET.decode({"command": name, **args}), RULESET.dice_for(state), board)
    lost = {s: sum(UNITS[u.type].cost for u in state.units if u.side == s and u.area == DESTROYED) for s in SIDES}
    return {"winner": state.winner, "attacker": attacker, "turns": state.turn, "budgets": budgets, "behaviour": behaviour,
            "units": {s: dict(Counter(u.type for u in state.units if u.side == s)) for s in SIDES},
            "net": lost["B"] - lost["A"]}


def play(seed: str, tables: MissingTables, games: int, workers: int, first: int = 0) -> list[dict]:
    fn = partial(battle, seed, tables)
    jobs = list(range(first, first + games))
    return map_in_order(fn, jobs, workers) if workers > 1 else [fn(g) for g in jobs]


def design(records: list[dict]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Regressors (count differences by type, attacker, behaviour) and the two outcomes of the finished battles."""
    rows, won, net = [], [], []
    for r in records:
        if r["winner"] is None:
            continue
        diff = [r["units"]["A"].get(k, 0) - r["units"]["B"].get(k, 0) for k in KINDS]
        att = 1.0 if r["attacker"] == "A" else -1.0
        beh = (r["behaviour"]["A"] == "aggressive") - (r["behaviour"]["B"] == "aggressive")
        rows.append([*diff, att, beh])
        won.append(1.0 if r["winner"] == "A" else 0.0)
        net.append(float(r["net"]))
    return np.array(rows, float), np.array(won), np.array(net)


def logistic(x: np.ndarray, y: np.ndarray, iterations: int = 50) -> tuple[np.ndarray, np.ndarray]:
    """Maximum likelihood logistic regression with no intercept (the sides are symmetric), by Newton's method;
    the coefficients and their standard errors (the inverse of the information matrix).  A small ridge keeps a
    perfectly separated sample finite."""
    beta = np.zeros(x.shape[1])
    ridge = 1e-6 * np.eye(x.shape[1])
    for _ in range(iterations):
        p = 1 / (1 + np.exp(-x @ beta))
        info = (x * (p * (1 - p))[:, None]).T @ x + ridge
        step = np.linalg.solve(info, x.T @ (y - p))
        beta += step
        if np.max(np.abs(step)) < 1e-9:
            break
    p = 1 / (1 + np.exp(-x @ beta))
    info = (x * (p * (1 - p))[:, None]).T @ x + ridge
    return beta, np.sqrt(np.diag(np.linalg.inv(info)))


def least_squares(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ordinary least squares with no intercept; the coefficients and their standard errors."""
    beta, *_ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ beta
    sigma2 = resid @ resid / max(len(y) - x.shape[1], 1)
    return beta, np.sqrt(np.diag(sigma2 * np.linalg.inv(x.T @ x)))


def proportional(beta: np.ndarray, se: np.ndarray) -> dict:
    """Weighted least squares of the types' coefficients on their costs through the origin: k, the chi-square
    of the misfit, the weighted R^2, and per type the ratio of its contribution to k * cost with its 95 % interval."""
    cost = np.array([UNITS[k].cost for k in KINDS], float)
    b, s = beta[: len(KINDS)], se[: len(KINDS)]
    w = 1 / s**2
    k = float((w * b * cost).sum() / (w * cost**2).sum())
    chi2 = float((w * (b - k * cost) ** 2).sum())
    mean = (w * b).sum() / w.sum()
    r2 = 1 - chi2 / float((w * (b - mean) ** 2).sum())
    per_type = {}
    for i, kind in enumerate(KINDS):
        expected = k * cost[i]
        per_type[kind] = {"cost": int(cost[i]), "contribution": float(b[i]), "se": float(s[i]),
                          "per_cost_point": float(b[i] / cost[i]), "ratio": float(b[i] / expected),
                          "low": float((b[i] - 1.96 * s[i]) / expected), "high": float((b[i] + 1.96 * s[i]) / expected)}
    return {"k": k, "chi2": chi2, "dof": len(KINDS) - 1, "r2": float(r2), "types": per_type}


def fit(records: list[dict]) -> dict:
    x, won, net = design(records)
    bw, sw = logistic(x, won)
    bn, sn = least_squares(x, net)
    win, points = proportional(bw, sw), proportional(bn, sn)
    return {"battles": len(records), "finished": len(won), "a_won": float(won.mean()) if len(won) else None,
            "attacker_effect": float(bw[len(KINDS)]), "aggressive_effect": float(bw[len(KINDS) + 1]),
            "turns_median": float(np.median([r["turns"] for r in records])),
            "first_turn_ends": sum(1 for r in records if r["turns"] <= 1),
            "win": win, "points": points, "score": win["chi2"] + points["chi2"]}


def with_value(tables: MissingTables, axis, value: int) -> MissingTables:
    table, row, _low, _high = axis
    return replace(tables, **{table: {**getattr(tables, table), row: value}})


def valid(tables: MissingTables) -> bool:
    """Sane tables: a gun hits no better at two areas than at one."""
    return tables.fire["artillery_far"] > tables.fire["artillery"]


def key(tables: MissingTables) -> str:
    return json.dumps({"fire": tables.fire, "charge": tables.charge, "pursuit": tables.pursuit}, sort_keys=True)


def search(seed: str, games: int, workers: int, sweeps: int, log, start: MissingTables = START,
           axes=AXES) -> tuple[MissingTables, list[dict]]:
    """Coordinate search from ``start`` along ``axes``: the best single step up or down, until none helps."""
    tried: dict[str, dict] = {}

    def score(tables: MissingTables) -> float:
        k = key(tables)
        if k not in tried:
            t0 = time.perf_counter()
            result = fit(play(seed, tables, games, workers))
            tried[k] = {"tables": json.loads(k), "score": result["score"], "win_chi2": result["win"]["chi2"],
                        "points_chi2": result["points"]["chi2"], "a_won": result["a_won"]}
            log(f"{k}: score {result['score']:.1f} (win {result['win']['chi2']:.1f}, points {result['points']['chi2']:.1f}) "
                f"in {time.perf_counter() - t0:.0f} s")
        return tried[k]["score"]

    best = start
    best_score = score(best)
    for _sweep in range(sweeps):
        steps = []
        for axis in axes:
            table, row, low, high = axis
            for value in (getattr(best, table)[row] - 1, getattr(best, table)[row] + 1):
                if low <= value <= high:
                    candidate = with_value(best, axis, value)
                    if valid(candidate):
                        steps.append((score(candidate), key(candidate), candidate))
        better = [st for st in steps if st[0] < best_score]
        if not better:
            break
        # every axis's improving step at once, beside the best single step (a Jacobi step: one more candidate a sweep)
        combined = best
        for axis in axes:
            table, row, _low, _high = axis
            moved = [st for st in better if getattr(st[2], table)[row] != getattr(best, table)[row]]
            if moved:
                combined = with_value(combined, axis, getattr(min(moved, key=lambda st: st[0])[2], table)[row])
        if valid(combined):
            steps.append((score(combined), key(combined), combined))
        best_score, _k, best = min(steps, key=lambda s: s[0])
    return best, list(tried.values())


def markdown(report: dict) -> str:
    lines = [f"Seed {report['seed']}; search: {report['games']} battles a candidate, {len(report['tried'])} candidates; "
             f"final: {report['final_games']} fresh battles each.", ""]
    for name in ("chosen", "start"):
        r = report[name]
        t = r["tables"]
        compared = {"first-guess": "The first guess", "first-fit": "The first fit's defaults"}[report["start_from"]]
        lines += [f"### {'Chosen defaults' if name == 'chosen' else compared + ', for comparison'}: fire infantry "
                  f"{t['fire']['infantry']}, artillery {t['fire']['artillery']} / {t['fire']['artillery_far']}; charge infantry "
                  f"{t['charge']['infantry']:+d}, cavalry {t['charge']['cavalry']:+d}; pursuit infantry {t['pursuit']['infantry']}, "
                  f"cavalry {t['pursuit']['cavalry']}", "",
                  f"{r['fit']['finished']} battles finished of {r['fit']['battles']}; median {r['fit']['turns_median']:.0f} battle turns; "
                  f"{r['fit']['first_turn_ends']} ended in turn 1. Misfit to proportional (chi-square, 7 degrees of freedom): "
                  f"winning {r['fit']['win']['chi2']:.1f} (weighted R^2 {r['fit']['win']['r2']:.2f}), net points "
                  f"{r['fit']['points']['chi2']:.1f} (R^2 {r['fit']['points']['r2']:.2f}).", "",
                  "| Unit type | Cost | Win: log-odds per unit | Ratio to k x cost (95 %) | Net points per unit | Ratio (95 %) |",
                  "|---|---:|---:|---|---:|---|"]
        for kind in KINDS:
            w, p = r["fit"]["win"]["types"][kind], r["fit"]["points"]["types"][kind]
            lines.append(f"| {kind.replace('_', ' ')} | {w['cost']} | {w['contribution']:+.3f} ± {w['se']:.3f} | "
                         f"{w['ratio']:.2f} ({w['low']:.2f} to {w['high']:.2f}) | {p['contribution']:+.1f} ± {p['se']:.1f} | "
                         f"{p['ratio']:.2f} ({p['low']:.2f} to {p['high']:.2f}) |")
        lines.append("")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400, help="battles per candidate in the search")
    ap.add_argument("--final", type=int, default=2000, help="fresh battles for the chosen tables and the first guess")
    ap.add_argument("--sweeps", type=int, default=6, help="at most this many steps of the coordinate search")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--start", choices=tuple(STARTS), default="first-guess",
                    help="search from the author's first guess or from the first fit's defaults (the final run compares against it)")
    ap.add_argument("--axes", default=",".join(f"{t}.{r}" for t, r, _lo, _hi in AXES),
                    help="the table rows the search may move, as TABLE.ROW separated by commas (default: all of AXES)")
    ap.add_argument("--out", type=Path, default=Path("output/nap-fit"))
    a = ap.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter(), time.process_time()

    def log(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    start = STARTS[a.start]
    axes = tuple(axis for axis in AXES if f"{axis[0]}.{axis[1]}" in a.axes.split(","))
    if not axes:
        ap.error(f"--axes {a.axes!r}: name rows of {', '.join(f'{t}.{r}' for t, r, _lo, _hi in AXES)}")
    best, tried = search(f"{a.seed}/search", a.games, a.workers, a.sweeps, log, start, axes)
    report = {"seed": a.seed, "games": a.games, "final_games": a.final, "start_from": a.start, "axes": [f"{t}.{r}" for t, r, _l, _h in axes],
              "tried": tried}
    for name, tables in (("chosen", best), ("start", start)):
        report[name] = {"tables": json.loads(key(tables)), "fit": fit(play(f"{a.seed}/final", tables, a.final, a.workers))}
        log(f"{name}: score {report[name]['fit']['score']:.1f}")
    wall = time.perf_counter() - started[0]  # printed, not in the JSON, which is the same whatever the machine and --workers
    (a.out / "nap_tables_fit.json").write_text(json.dumps(report, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    text = markdown(report)
    (a.out / "nap_tables_fit.md").write_text(text + "\n", encoding="utf-8")
    print(text)
    print(f"(for bench/RESULTS.md, section 'Napoleonic missing tables'; {wall:.0f} s wall, parent CPU "
          f"{time.process_time() - started[1]:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
