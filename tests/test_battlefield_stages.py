"""Every stage of the battlefield pipeline does something a test sees: each check below holds on a
layout, and fails when that one stage is switched off.

The expected values are the rulebook's, typed out (FW-10.5, FW-11, FW-21, FW-23, MED-2, MED-6).
"""

import pytest
import shapely
from shapely.geometry import box

from mapgen.battlefield import generate
from mapgen.battlefield.model import Zone

from .test_battlefield_tables import PITCHED, forced, layout


def of(b, kind):
    return [f for f in b.features if f.kind == kind]


def raid_village_at_the_centre():
    b = layout([1, 1, 1, 3], scenario="raid")  # 1 civilian unit of 2 models; 3 low walls
    centre = [f for f in of(b, "village") if f.polygon.bounds == (75, 45, 105, 75)]
    return len(centre) == 1 and "at the table centre (FW-23.1)" in centre[0].note


def ambush_cover_beside_the_route():
    b = layout([], scenario="ambush", orders={"A": "max_speed", "B": "defend"})
    woods = [f for f in of(b, "wood") if f.rule == "FW-23.5"]
    # beside side A's route: 32 to 70 cm from its long edge, between the ambusher's bands
    return len(woods) == 2 and all(f.polygon.bounds[1] >= 32 and f.polygon.bounds[3] <= 70 and 60 <= f.polygon.bounds[0] for f in woods)


def inlet_on_a_short_edge():
    b = layout(PITCHED, coast=True)
    (inlet,) = of(b, "inlet")
    x0, y0, x1, y1 = inlet.polygon.bounds
    # FW-21.6 on a short edge, equidistant from both deployment zones; [DEV] 30 cm into the table, 60 long
    return (x0 == 0 or x1 == 180) and x1 - x0 == 30 and (y0, y1) == (30, 90)


def desert_oases_in_both_bands():
    b = layout(PITCHED, terrain="desert")
    oases = of(b, "oasis")
    return len(oases) == 2 and sorted(o.polygon.bounds[3] <= 30 for o in oases) == [False, True] and sorted(o.polygon.bounds[1] >= 90 for o in oases) == [False, True]


def mountain_base_on_a_large_table():
    b = layout([1] + PITCHED + [5], terrain="mountain", table=(180, 120))
    (base,) = of(b, "mountain_base")
    x0, y0, x1, y1 = base.polygon.bounds
    (peak,) = of(b, "mountain")
    # AMB-29: a 120 x 60 base along one long edge; the peak stands on it
    return (x1 - x0, y1 - y0) == (120, 60) and (y0 == 0 or y1 == 120) and x0 == 30 and peak.on_top_of == "mountain_base"


def river_from_the_square():
    b = layout(PITCHED, river=True)
    (river,) = of(b, "river")
    return river.rule == "FW-10.5" and river.size_cm[1] == 8 and b.source.river


def temple_from_the_square():
    b = layout(PITCHED, works=("temple",))
    return [(f.rule, f.size_cm) for f in of(b, "temple")] == [("FW-11.8", (15, 15))]


def rolled_lake_placed():
    b = forced(PITCHED + [3, 4, 1, 1], terrain="plain")  # side A: hydrography (3), lake (4)
    return [f.rule for f in of(b, "lake") if "rolled by side A" in f.note] == ["FW-11.6"]


def four_hills_on_hills():
    b = layout(PITCHED, terrain="hills")
    relief = [f for f in of(b, "hill") if f.note in ("passable: at least one gentle side", "impassable: steep on every side")]
    return len(relief) == 4 and sum(f.passable for f in relief) == 2 and all(f.rule == "FW-11.2" for f in relief)


def djebel_and_quicksand_in_the_desert():
    b = layout(PITCHED, terrain="desert")
    quick = [f for f in b.features if f.rule == "FW-21.8"]
    halves = sorted(f.polygon.bounds[3] <= 60 for f in quick)
    return len(of(b, "djebel")) == 1 and of(b, "djebel")[0].rule == "FW-21.7" and halves == [False, True] and all(f.kind == "sand" for f in quick)


def six_features_on_a_plain():
    b = layout(PITCHED)
    main = [f for f in b.features if f.kind not in ("field", "wall", "house", "cave")]
    return len(main) == 6  # 1 per 30 cm of a 180 cm table (FW-10.5 [DEV])


def farm_fields_and_a_ridge():
    b = layout(PITCHED + [2], works=("farm",))
    difficult = shapely.union_all([f.polygon for f in b.features if f.difficult]).area
    fields = of(b, "field")
    c = layout(PITCHED, terrain="hills")
    return fields and difficult >= 0.25 * 180 * 120 and len(of(c, "rocky_ridge")) == 1 and len(of(c, "cave")) == 1


def landing_points_on_the_river():
    b = layout(PITCHED, river=True, marks=frozenset({"landing_points"}))
    return len(of(b, "landing_point")) >= 2


def overlapping_zones_noted(monkeypatch):
    real = generate.lay_scenario

    def with_stray_zone(*args):
        plan, table = real(*args)
        plan.scenario.zones.append(Zone("A", box(0, 100, 20, 120), "side A: a stray zone"))
        return plan, table

    monkeypatch.setattr(generate, "lay_scenario", with_stray_zone)
    b = layout(PITCHED)
    return sum(n.startswith("Check: the deployment zones") and "'side A: a stray zone'" in n for n in b.notes) == 2


STAGE_CHECKS = {
    "scenario_features": [raid_village_at_the_centre, ambush_cover_beside_the_route],
    "ground_pieces": [inlet_on_a_short_edge, desert_oases_in_both_bands, mountain_base_on_a_large_table],
    "lines": [river_from_the_square],
    "compulsory_works": [temple_from_the_square],
    "rolled_works": [rolled_lake_placed],
    "relief": [four_hills_on_hills],
    "appendix": [djebel_and_quicksand_in_the_desert],
    "fill_to_count": [six_features_on_a_plain],
    "parts": [farm_fields_and_a_ridge],
    "marks": [landing_points_on_the_river],
    "checks": [overlapping_zones_noted],
}
CASES = [(stage, check) for stage, checks in STAGE_CHECKS.items() for check in checks]


def run(check, monkeypatch):
    return check(monkeypatch) if check is overlapping_zones_noted else check()


def test_every_stage_has_a_check():
    assert [s.__name__ for s in generate.STAGES] == list(STAGE_CHECKS)


@pytest.mark.parametrize("stage,check", CASES, ids=[f"{s}-{c.__name__}" for s, c in CASES])
def test_the_stage_does_its_work(stage, check, monkeypatch):
    assert run(check, monkeypatch)


@pytest.mark.parametrize("stage,check", CASES, ids=[f"{s}-{c.__name__}" for s, c in CASES])
def test_switching_the_stage_off_is_seen(stage, check, monkeypatch):
    monkeypatch.setattr(generate, "STAGES", tuple(s for s in generate.STAGES if s.__name__ != stage))
    try:
        seen = run(check, monkeypatch)
    except (ValueError, AssertionError):
        seen = False  # a missing feature (nothing to unpack) or a die left unrolled counts as seen
    assert not seen


# --- sharper checks of what single stages place ---------------------------------------


@pytest.mark.parametrize("terrain,kind", [("desert", "sand"), ("jungle", "marsh")])
def test_each_side_has_one_quicksand_feature_in_its_own_half(terrain, kind):
    reach = 0
    for seed in range(5):
        b = forced(PITCHED, seed=seed, terrain=terrain, map_name="m.json")
        quick = [f for f in b.features if f.rule == "FW-21.8"]
        assert [f.kind for f in quick] == [kind, kind]
        for side, f in zip("AB", quick):
            assert f.note == f"side {side}'s difficult feature: may hide quicksand (side {side} writes it down secretly)"
            x0, y0, x1, y1 = f.polygon.bounds
            assert (y1 <= 60) if side == "A" else (y0 >= 60)  # in its own half (FW-21.8)
            reach = max(reach, y1 if side == "A" else 120 - y0)
    assert reach > 120 / 3  # anywhere in the half, not only near the edge


def test_a_desert_battle_has_its_djebel():
    b = layout(PITCHED, terrain="desert")
    (djebel,) = of(b, "djebel")
    assert djebel.note == "rocky hill: only by the cliff path, in single file; a desert battle has at least one (FW-21.7)"
    assert not djebel.passable and 20 <= min(djebel.size_cm) <= max(djebel.size_cm) <= 25


@pytest.mark.parametrize("terrain,kind", [("hills", "hill"), ("desert", "dune")])
def test_hills_two_passable_two_impassable_of_hill_size(terrain, kind):
    # a hilly table (FW-11.2 result 3-4), rolled; in a desert the hills are dunes (difficult)
    region, veg = 3, {"hills": 1, "desert": 6}[terrain]
    b = forced([region, veg] + PITCHED + [1, 1, 1, 1], terrain=None, scenario="pitched")
    relief = [f for f in of(b, kind) if f.rule == "FW-11.2" and not f.note.endswith("(a base-rules feature)")]
    assert len(relief) == 4
    for f in relief:
        assert f.note == ("passable: at least one gentle side" if f.passable else "impassable: steep on every side")
        assert 25 <= f.size_cm[0] <= 35 and 20 <= f.size_cm[1] <= 30  # [DEV] hill sizes
        assert f.difficult == (kind == "dune")
    assert sum(f.passable for f in relief) == 2


@pytest.mark.parametrize("faces", [[3, 4, 3, 4], [5, 6, 5, 6, 5, 6], [1, 5, 5, 3]])
def test_a_mountainous_table_rolls_no_more_mountains_than_the_weights_need(faces):
    # on 120 x 60 the base count is 4: enough mountains that no filler is rolled
    b = forced([5, 1] + PITCHED + [1, 1, 1, 1] + faces, terrain=None, scenario="pitched", table=(120, 60))
    assert [r.faces[0] for r in b.dice_log if r.rule == "AMB-32"] == faces


def test_the_checks_stage_notes_a_feature_off_the_table(monkeypatch):
    from mapgen.battlefield import checks as C
    from mapgen.battlefield.features import make
    from mapgen.battlefield.placement import Item

    def stray(st):
        st.layout.add(Item(make("wood", box(170, 50, 190, 70), (20, 20)), (170, 50, 190, 70)))

    monkeypatch.setattr(generate, "STAGES", generate.STAGES[:-1] + (stray, C.checks))
    b = layout(PITCHED)
    assert [n for n in b.notes if n.startswith("Check:")] == ["Check: Wood (FW-19.1) reaches beyond the table edge: trim it to the table."]


def test_every_feature_kind_has_its_own_colours_in_the_style_template():
    """A kind missing from templates/battlefield/style.json would print as anonymous grey."""
    import json

    from mapgen.battlefield.rules import KINDS
    from mapgen.render.templates import template_path

    styled = json.loads(template_path("battlefield", "style.json").read_text(encoding="utf-8"))["kinds"]
    assert sorted(k for k in KINDS if k not in styled) == []
