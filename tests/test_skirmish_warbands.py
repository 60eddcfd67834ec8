"""Warbands of equal points (SK-1), each figure's numbers as the digest gives them, and the SK-A options.

The totals are recomputed here from each figure's VC (SK-1: VC x 10), and the best total from a plain
set-of-sums search, never read from the object under test.
"""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapgen.errors import InfeasibleError
from mapgen.skirmish import tables as T
from mapgen.skirmish.generate import generate_skirmish
from mapgen.skirmish.options import SkirmishOptions
from mapgen.skirmish.warbands import warbands

from .test_skirmish_tables import SK1_VC, SK4_RANGE, SK8_WOUNDS

RACES = sorted(T.RACES)
#: SK-6 rates by the line a figure moves by (SK-A.9 for the types SK-6 does not list).
LINE_CM = {"War Machines": 6, "Wizards": 6, "Undead": 6, "Heavy Foot": 6, "Dwarves": 6, "Heavy Cavalry": 15, "Animals": 15,
           "War Chariots": 15, "Flying Creatures": 18, "Light Cavalry": 18}  # fmt: skip


def figure_points(w) -> int:
    return sum(g.count * SK1_VC[g.type] * 10 for g in w.figures)


def sums(recruits, limit: int) -> set[int]:
    """Every total up to ``limit`` points the recruits can make, as a set of sums grown one figure at a time."""
    reach = {0}
    for r in recruits:
        cost = SK1_VC[r.troop] * 10
        most = r.most if r.most is not None else limit // cost
        reach = {s + k * cost for s in reach for k in range(most + 1) if s + k * cost <= limit}
    return reach


def fielded(race, opts):
    return [r for r in T.RACES[race] if opts.ruling("musket_range") != "missing" or r.weapon != "musket"]


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(RACES), st.sampled_from(RACES), st.integers(30, 700), st.integers(0, 10**6))
def test_the_two_warbands_have_equal_points(a, b, points, seed):
    opts = SkirmishOptions(seed=seed, points=points, races=(a, b))
    cheapest = max(min(SK1_VC[r.troop] * 10 for r in fielded(race, opts)) for race in (a, b))
    common = (sums(fielded(a, opts), points) & sums(fielded(b, opts), points)) - {0}
    if points < cheapest or not common:
        with pytest.raises(InfeasibleError):
            warbands(opts, np.random.default_rng(seed))
        return
    wa, wb = warbands(opts, np.random.default_rng(seed))
    pa, pb = figure_points(wa), figure_points(wb)
    smallest = min(SK1_VC[g.type] * 10 for w in (wa, wb) for g in w.figures)
    assert abs(pa - pb) <= smallest  # the bound; the draft gives equality
    assert pa == pb == wa.points == wb.points == max(common) <= points
    for w in (wa, wb):
        for r in T.RACES[w.race]:
            n = sum(g.count for g in w.figures if g.name == r.name)
            assert r.most is None or n <= r.most, r.name


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(RACES), st.sampled_from(RACES), st.integers(160, 2000), st.integers(0, 10**6))
def test_from_160_points_every_warband_has_its_leader(a, b, points, seed):
    for w in warbands(SkirmishOptions(seed=seed, points=points, races=(a, b)), np.random.default_rng(seed)):
        leader = next(r.name for r in T.RACES[w.race] if r.leader)
        assert any(g.name == leader and g.count == 1 for g in w.figures), w


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(RACES), st.sampled_from(RACES), st.integers(100, 1200), st.integers(0, 10**6))
def test_each_figure_carries_its_vc_wounds_move_and_range(a, b, points, seed):
    for w in warbands(SkirmishOptions(seed=seed, points=points, races=(a, b)), np.random.default_rng(seed)):
        for g in w.figures:
            assert g.vc == SK1_VC[g.type]
            assert g.wounds == SK8_WOUNDS[g.vc]
            assert g.range_cm == SK4_RANGE.get(g.weapon)
            assert g.move_cm == LINE_CM.get(g.moves_as, 9)
            assert g.points == 10 * g.vc


def test_figures_of_the_digest():
    """Figures typed from the digest: a dwarf (VC 6, 60 points, 2 wounds, 6 cm), an elf archer (VC 5, bow 18 cm, 9 cm)."""
    s = generate_skirmish(SkirmishOptions(seed=1, points=1200, races=("dwarves", "wood_elves")))
    data = json.loads(json.dumps(s.to_json()))
    dwarf = next(f for f in data["warbands"][0]["figures"] if f["name"] == "Dwarf warrior")
    assert {k: dwarf[k] for k in ("type", "vc", "points", "wounds", "move_cm", "weapon", "range_cm")} == {
        "type": "dwarf", "vc": 6, "points": 60, "wounds": 2, "move_cm": 6, "weapon": "hand_weapon", "range_cm": None}
    archer = next(f for f in data["warbands"][1]["figures"] if f["name"] == "Elf archer")
    assert {k: archer[k] for k in ("type", "vc", "points", "wounds", "move_cm", "weapon", "range_cm")} == {
        "type": "elf", "vc": 5, "points": 50, "wounds": 1, "move_cm": 9, "weapon": "bow", "range_cm": 18}
    hero = next(f for f in data["warbands"][0]["figures"] if f["type"] == "hero")
    assert (hero["vc"], hero["points"], hero["wounds"], hero["count"]) == (8, 80, 3, 1)


def test_the_contract_fields_of_skirmish_json():
    data = generate_skirmish(SkirmishOptions(seed=4)).to_json()
    for w in data["warbands"]:
        assert {"side", "race", "points", "figures"} <= set(w)
        for f in w["figures"]:
            assert {"type", "vc", "count", "wounds", "move_cm", "weapon", "range_cm"} <= set(f)
    assert [w["side"] for w in data["warbands"]] == ["A", "B"]


def test_sk_a5_option_gives_vc7_figures_two_wounds():
    for choice, wounds in (("1", 1), ("2", 2)):
        opts = SkirmishOptions(seed=2, points=800, races=("undead", "humans"), rulings={"vc7_wounds": choice})
        vc7 = [g for w in warbands(opts, np.random.default_rng(2)) for g in w.figures if g.vc == 7]
        assert vc7 and all(g.wounds == wounds for g in vc7)


def test_sk_a1_missing_musket_range_fields_no_muskets():
    for seed in range(20):
        opts = SkirmishOptions(seed=seed, points=1500, races=("dwarves", "dwarves"), rulings={"musket_range": "missing"})
        assert not [g for w in warbands(opts, np.random.default_rng(seed)) for g in w.figures if g.weapon == "musket"]


def test_the_rulings_in_force_are_recorded():
    data = generate_skirmish(SkirmishOptions(seed=5, rulings={"morale": "inverted", "spell_effect": "panic"})).to_json()
    chosen = {r["id"]: r["choice"] for r in data["rulings"]}
    assert chosen == {"SK-A.1": "24", "SK-A.2": "same_turn", "SK-A.3": "per_figure", "SK-A.4": "per_figure",
                      "SK-A.5": "1", "SK-A.6": "inverted", "SK-A.7": "panic"}  # fmt: skip


@pytest.mark.parametrize("opts,rule", [
    (SkirmishOptions(points=20), "SK-1"),
    (SkirmishOptions(points=30, races=("normans", "orcs")), "SK-1"),
    (SkirmishOptions(races=("elves", "orcs")), "SK-1"),
    (SkirmishOptions(races=("orcs",)), "SK-1"),
    (SkirmishOptions(rulings={"morale": "maybe"}), "SK-A.6"),
    (SkirmishOptions(table=(120, 60)), "SK"),
    (SkirmishOptions(terrain="mountain"), "FW-10.5"),
])  # fmt: skip
def test_bad_options_are_refused_naming_the_rule(opts, rule):
    with pytest.raises(InfeasibleError) as exc:
        generate_skirmish(opts)
    assert exc.value.rule == rule


def test_more_points_change_the_warbands_not_the_table():
    small = generate_skirmish(SkirmishOptions(seed=9, points=300, table=(60, 60)))
    large = generate_skirmish(SkirmishOptions(seed=9, points=600, table=(60, 60)))
    assert small.battlefield.to_json() == large.battlefield.to_json()
    assert small.to_json()["warbands"] != large.to_json()["warbands"]
