"""The SK rules as declared in mapgen/skirmish/tables.py, against values typed from the digest.

``shared/rules/supplements.md`` SK-1 to SK-9 and SK-A, checked against the Italian original
(``shared/seeds/002_…``): each expected value below is typed from there, never read from the module.
"""

import pytest

from mapgen.counters import rules as CR
from mapgen.dice import ScriptedDice
from mapgen.fw.rules import RACES as FW_RACES
from mapgen.skirmish import tables as T
from mapgen.tables import roll_on

#: SK-1, troop type by troop type ("Dei, Draghi = 9", "Eroi, Campioni ... = 8" ...).
SK1_VC = {
    "god": 9, "dragon": 9,
    "hero": 8, "champion": 8, "devastating_creature": 8,
    "gigantic_creature": 7, "terrifying_creature": 7, "vampire": 7, "paladin": 7, "assassin": 7,
    "ogre": 6, "hobgoblin": 6, "war_chariot": 6, "warrior": 6, "dwarf": 6, "heavy_knight": 6,
    "medium_cavalry": 5, "medium_foot": 5, "ferocious_animal": 5, "cleric": 5, "elf": 5, "ranger": 5, "barbarian": 5,
    "berserker": 5, "half_human": 5, "orc": 5, "goblin": 5, "heavy_foot": 5,
    "flying_creature": 4, "flying_machine": 4, "artillery": 4, "lesser_orc": 4, "skaven": 4, "skeleton": 4, "zombie": 4,
    "hobbit": 4, "light_foot": 4,
    "wizard": 3, "druid": 3, "priest": 3, "weak_creature": 3,
}  # fmt: skip
#: SK-6 for the types it lists ("Macchine da Guerra, Maghi, Non Morti, Fanti Pesanti e Nani = 6cm" ...),
#: and SK-A.9's "dragons move 18 cm".
SK6_MOVE = {
    "artillery": 6, "wizard": 6, "skeleton": 6, "zombie": 6, "heavy_foot": 6, "dwarf": 6,
    "gigantic_creature": 9, "devastating_creature": 9, "terrifying_creature": 9, "light_foot": 9, "medium_foot": 9,
    "lesser_orc": 9, "goblin": 9, "skaven": 9, "assassin": 9, "ogre": 9, "ranger": 9, "elf": 9, "hero": 9, "god": 9,
    "champion": 9,
    "heavy_knight": 15, "ferocious_animal": 15, "war_chariot": 15,
    "flying_creature": 18, "dragon": 18,
}  # fmt: skip
#: SK-4 ("Giavellotti fino a 9cm", "Archibugi e Archi 18cm", "Archi Lunghi e Balestre 24cm", "Incantesimi e
#: Macchine da Guerra 30cm"); muskets 24 cm by SK-A.1.
SK4_RANGE = {"javelin": 9, "arquebus": 18, "bow": 18, "musket": 24, "longbow": 24, "crossbow": 24, "spell": 30, "war_machine": 30}
#: SK-3: "artiglierie, archibugi, moschetti o balestre" reload.
RELOADING = {"arquebus", "musket", "crossbow", "war_machine"}
#: SK-8: one wound kills, except VC 6 (2), VC 8 (3), VC 9 (4); VC 7 literally 1, 2 under SK-A.5's option.
SK8_WOUNDS = {3: 1, 4: 1, 5: 1, 6: 2, 7: 1, 8: 3, 9: 4}


def test_sk1_combat_value_of_every_troop_type():
    assert {t: T.TROOPS[t].vc for t in T.TROOPS} == SK1_VC
    assert {t for vc in T.TROOP_VC for t in T.TROOP_VC[vc]} == set(SK1_VC)
    assert T.TROOP_VC.rule == "SK-1"


@pytest.mark.parametrize("vc,points", [(9, 90), (8, 80), (7, 70), (6, 60), (5, 50), (4, 40), (3, 30)])
def test_sk1_points_are_vc_times_ten(vc, points):
    assert T.points(vc) == points


def test_sk1_two_attacks_for_gods_and_dragons_only():
    assert {t for t, troop in T.TROOPS.items() if troop.attacks == 2} == {"god", "dragon"}


def test_the_counters_read_the_same_sk1_table():
    assert CR.SK_TROOP_VC is T.TROOP_VC and CR.SK_POINTS_PER_VC == 10
    assert CR.SK_VC_BY_TYPE == SK1_VC


def test_sk4_ranges_and_reloading():
    assert {w: T.WEAPONS[w].range_cm for w in SK4_RANGE} == SK4_RANGE
    assert T.WEAPONS["hand_weapon"].range_cm is None
    assert {w for w, weapon in T.WEAPONS.items() if weapon.reloads} == RELOADING
    assert T.WEAPONS["musket"].rule == "SK-A.1"
    assert dict(T.RANGES) == {"Javelins": 9, "Arquebuses and bows": 18, "Muskets": 24, "Longbows and crossbows": 24, "Spells and war machines": 30}


def test_sk6_movement_of_listed_types_and_sk_a9_for_the_rest():
    for troop, cm in SK6_MOVE.items():
        assert T.TROOPS[troop].move_cm == cm, troop
    assert T.TROOPS["dragon"].move_rule == "SK-A.9"
    assert all(T.TROOPS[t].move_rule == "SK-6" for t in SK6_MOVE if t not in ("dragon", "artillery"))
    assert sorted(T.MOVEMENT) == [6, 9, 15, 18]
    assert {t.move_cm for t in T.TROOPS.values()} <= {6, 9, 15, 18}


def test_sk8_wounds_and_the_sk_a5_option():
    assert {vc: T.wounds(vc) for vc in range(3, 10)} == SK8_WOUNDS
    assert T.wounds(7, vc7_wounds="2") == 2
    assert T.wounds(8, vc7_wounds="2") == 3


@pytest.mark.parametrize("face,hit", [(1, "miss"), (4, "miss"), (5, "hit"), (6, "hit")])
def test_sk3_shooting_hits_on_five_or_more(face, hit):
    _, band = roll_on(ScriptedDice([face]), T.SHOOTING, "shot")
    assert band.outcome == hit


def test_sk3_modifiers_each_line_once():
    assert [m.value for m in T.SHOOTING_MODIFIERS] == [-1, +1, +1]
    assert T.CLOSE_RANGE_CM == 15
    assert (sum(min(m.value, 0) for m in T.SHOOTING_MODIFIERS), sum(max(m.value, 0) for m in T.SHOOTING_MODIFIERS)) == (-1, 2)


@pytest.mark.parametrize("face,outcome", [(1, "eliminated"), (4, "eliminated"), (5, "prisoner"), (6, "prisoner")])
def test_sk5_quarter(face, outcome):
    assert T.QUARTER.lookup(face).outcome == outcome
    assert (T.SPELL_RANGE_CM, T.SPELL_AREA_CM, T.QUARTER_DISTANCE_CM) == (30, 10, 15)


@pytest.mark.parametrize("face", range(1, 7))
def test_sk9_morale_as_written_and_inverted(face):
    assert T.morale_table("literal").lookup(face).outcome == ("panic" if face >= 4 else "steady")
    assert T.morale_table("inverted").lookup(face).outcome == ("panic" if face <= 3 else "steady")
    assert T.MORALE_LOSS_SHARE == 0.5


def test_sk2_turn_order():
    assert [rule for _, rule in T.TURN] == ["SK-3", "SK-5", "SK-6", "SK-7", "SK-9"]


def test_every_sk_a_ruling_that_has_a_choice_is_an_option():
    assert [r.id for r in T.RULINGS] == ["SK-A.1", "SK-A.2", "SK-A.3", "SK-A.4", "SK-A.5", "SK-A.6", "SK-A.7"]
    assert T.RULING_BY_KEY["vc7_wounds"].default == "1" and T.RULING_BY_KEY["morale"].default == "literal"


def test_races_are_the_campaigns_and_each_fields_a_leader_and_a_caster():
    assert set(T.RACES) == set(FW_RACES)
    for race, recruits in T.RACES.items():
        assert sum(r.leader for r in recruits) == 1, race
        assert any(r.weapon == "spell" for r in recruits), race
        assert all(r.troop in SK1_VC and r.weapon in T.WEAPONS for r in recruits), race
        assert len({r.name for r in recruits}) == len(recruits), race
