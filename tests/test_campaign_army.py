"""Army composition (FW-22, FW-4.4; option ``army_composition``): Commands, who may Probe, characters sent between Forces.

Expected values are typed from the digest (``fw-campaign.md`` FW-4.2, FW-22.1-22.3)
and the Italian Appendix 4, not from the code: the scouting table below is the
rule's own list, and the fuzzer's invariant checks every Probe force against it.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from mapgen import engine
from mapgen.campaign import begin
from mapgen.campaign.army import may_scout
from mapgen.campaign.bots import BEHAVIOURS, play_day
from mapgen.campaign.commands import CommandError, GiveOrder, Move, Reinforce, Send
from mapgen.campaign.dice import GameDice
from mapgen.campaign.roster import CampaignRosterError, read_campaign_roster
from mapgen.campaign.ruleset import RULESET as FW
from mapgen.campaign.ruleset import apply
from mapgen.campaign.setup import ForceSpec, default_roster, new_campaign
from mapgen.campaign.state import ArmyCommand, HoldingState, Leader, MapRef, Options, Unit
from mapgen.campaign.store import dumps_state, from_json_text, register_board, to_json
from mapgen.engine.fuzz import FuzzFailure, play

from .campaign_move_tiny import force, tiny_board, tiny_state
from .cli_helpers import run, snapshot
from .conftest import cached_map
from .test_campaign_properties import board_for_seed
from .test_fuzz import FW_DAYS, fw_invariants, fw_steer

ON = Options(army_composition=True)

# --- FW-22.1: the table ---------------------------------------------------------------------------

#: FW-22.1.c as the digest and Appendix 4.1 give it: light or medium cavalry, light war chariots, units on flying
#: creatures; never a Terrible Creature.  [DEV] a plain ``cavalry`` is medium cavalry, a plain ``chariot`` is not light.
SCOUTS_BY_RULE = {
    "light_cavalry": True,
    "medium_cavalry": True,
    "cavalry": True,
    "light_chariot": True,
    "air_cavalry": True,
    "heavy_cavalry": False,
    "chariot": False,
    "infantry": False,
    "missile": False,
    "artillery": False,
    "war_machine": False,
    "terrible_creature": False,
}


@pytest.mark.parametrize("unit_type, scouts", sorted(SCOUTS_BY_RULE.items()))
def test_the_fw_22_1_table(unit_type, scouts):
    assert may_scout(unit_type) is scouts


def unit(uid: str, kind: str, figures: int = 10) -> Unit:
    return Unit(uid, kind, "average", figures, 5)


def two_commands(second: str = "infantry", order: str = "defend"):
    """A1: Ragnar's Command of light cavalry and Olaf's of ``second`` (FW-22.2)."""
    units = (unit("A1-U1", "light_cavalry"), unit("A1-U2", second))
    commands = (ArmyCommand(Leader("Ragnar", 4), ("A1-U1",)), ArmyCommand(Leader("Olaf", 3), ("A1-U2",)))
    return force("A1", "B2", order=order, units=units, commands=commands)


def order_state(f, options=ON):
    return tiny_state([f, force("B1", "G2")], phase=1, options=options)


@pytest.mark.parametrize("second, refused", [("infantry", True), ("terrible_creature", True), ("air_cavalry", False), ("light_chariot", False)])
def test_a_force_holding_a_command_that_may_not_scout_cannot_receive_probe(second, refused):
    state = order_state(two_commands(second))
    if refused:
        with pytest.raises(CommandError) as exc:
            apply(state, GiveOrder("A1", "probe"), GameDice(3, [6]), tiny_board())
        line = str(exc.value)
        assert "FW-22.1" in line and "Olaf" in line and "A1-U2" in line and second in line and "\n" not in line
        assert "Ragnar" not in line  # the Command that may scout is not the one named
    else:
        new, _ = apply(state, GiveOrder("A1", "probe"), GameDice(3, [6]), tiny_board())
        assert new.force("A1").order == "probe"  # 6 + CV 3 + friendly 2: the new order (FW-8.2)


def test_without_the_option_any_force_may_probe():
    new, _ = apply(order_state(two_commands(), Options()), GiveOrder("A1", "probe"), GameDice(3, [6]), tiny_board())
    assert new.force("A1").order == "probe"


def test_a_force_of_the_old_form_is_one_command_its_leaders():
    # FW-4.2.b: a force given by its leader and units is one Command; an infantry unit keeps it from Probe
    state = order_state(force("A1", "B2", order="defend"))
    why = engine.of_state(state).actions(state, "A", tiny_board())
    assert ("order", "A1", "probe") not in {(a.command, a.args.get("force"), a.args.get("order")) for a in why}
    with pytest.raises(CommandError, match=r"the Command of Leader A1 may not scout.*FW-22\.1"):
        apply(state, GiveOrder("A1", "probe"), GameDice(3, [6]), tiny_board())


def test_actions_offer_probe_only_to_scouting_forces():
    scouts = force("A2", "B4", order="defend", units=(unit("A2-U1", "light_cavalry"), unit("A2-U2", "air_cavalry")))
    state = tiny_state([two_commands(), scouts, force("B1", "G2")], phase=1, options=ON)
    offered = {a.args["force"] for a in FW.actions(state, None, tiny_board()) if a.command == "order" and a.args["order"] == "probe"}
    assert offered == {"A2"}  # A1 holds Olaf's infantry, B1 is infantry: no Probe for them


def test_reinforcements_that_may_not_scout_do_not_join_a_probe_force():
    capital = HoldingState("B2", "A", True, "castle")
    scouts = force("A1", "B2", order="probe", units=(unit("A1-U1", "light_cavalry"),))
    state = tiny_state([scouts, force("B1", "G2")], phase=1, options=ON, holdings=(capital,))
    state = dataclasses.replace(state, sides=(dataclasses.replace(state.sides[0], reinforcement_points=500), state.sides[1]))
    with pytest.raises(CommandError, match=r"FW-22\.1"):
        apply(state, Reinforce("A", (unit("R1", "infantry"),)), GameDice(3), tiny_board())
    new, _ = apply(state, Reinforce("A", (unit("R1", "light_cavalry"),)), GameDice(3), tiny_board())
    assert len(new.force("A1").units) == 2 and new.force("A1").order == "probe"


# --- FW-22.2: rosters by Commands -------------------------------------------------------------------

ROSTER = """\
forces:
  - order: probe
    commands:
      - general: {name: Ragnar, cv: 3}
        characters: [Conan]
        units:
          - {type: light_cavalry, quality: elite, figures: 10, points: 12}
      - general: {name: Olaf, cv: 4}
        units:
          - {id: Riders, type: cavalry, quality: average, figures: 8, points: 9}
    specials: [Conan]
  - leader: {name: Sven, cv: 3}
    units:
      - {type: infantry, quality: average, figures: 20, points: 5}
"""

ROSTER_CSV = """\
force,general,general_cv,order,unit,type,quality,figures,points,characters,specials
First,Ragnar,4,probe,,light_cavalry,elite,10,12,Conan,Conan
First,Olaf,4,,Riders,cavalry,average,8,9,,
Second,Sven,2,,,infantry,average,20,5,,
"""


def test_a_yaml_roster_by_commands(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text(ROSTER)
    first, second = read_campaign_roster(path, "A")
    # FW-4.2.d: the General with the highest CV leads the Force: Olaf (4) over Ragnar (3)
    assert first.leader == Leader("Olaf", 4)
    assert [c.general.name for c in first.commands] == ["Ragnar", "Olaf"]
    assert [u.id for u in first.units] == ["A1-U1", "Riders"] and first.commands[0].units == ("A1-U1",)
    assert first.individuals == ("Conan",) and first.commands[0].characters == ("Conan",) and first.specials == ("Conan",)
    # the old form reads as it always has
    assert second == ForceSpec(Leader("Sven", 3), (Unit("A2-U1", "infantry", "average", 20, 5),), (), None, None, 12)


def test_a_csv_roster_by_commands_and_a_tie_for_leader(tmp_path):
    path = tmp_path / "b.csv"
    path.write_text(ROSTER_CSV)
    first, second = read_campaign_roster(path, "B")
    assert first.leader == Leader("Ragnar", 4)  # FW-4.2.d [DEV]: of two Generals of CV 4, the first listed
    assert [(c.general.name, c.units, c.characters) for c in first.commands] == [("Ragnar", ("B1-U1",), ("Conan",)), ("Olaf", ("Riders",), ())]
    assert first.specials == ("Conan",) and first.order == "probe"
    assert second.leader == Leader("Sven", 2)


@pytest.mark.parametrize(
    "text, needle",
    [
        (ROSTER.replace("  - order: probe\n", "  - order: probe\n    leader: {name: X, cv: 2}\n"), "a.yaml line 3, field 'leader': a force given by its 'commands'"),
        (ROSTER.replace("cv: 4}", "cv: 7}"), "a.yaml line 8, field 'general.cv': 7 is outside 1..6"),
        (ROSTER.replace("      - general: {name: Olaf, cv: 4}\n", "      - characters: [Olaf]\n"), "a.yaml line 8, field 'general': missing"),
        (ROSTER.replace("specials: [Conan]", "specials: [Thulsa]"), "a.yaml line 2, field 'specials': 'Thulsa' is neither a character nor a unit id"),
        (ROSTER.replace("name: Olaf", "name: Ragnar"), "a.yaml line 2, field 'commands': the General 'Ragnar' leads two Commands"),
        (ROSTER.replace("""        units:
          - {id: Riders, type: cavalry, quality: average, figures: 8, points: 9}
""", ""), "a.yaml line 8, field 'units': the Command of Olaf needs at least one unit (FW-4.2.b)"),
        (ROSTER.replace("general:", "genral:", 1), "a.yaml line 4, field 'genral': unknown"),
    ],
)
def test_a_bad_roster_by_commands_names_file_line_and_field(tmp_path, text, needle):
    path = tmp_path / "a.yaml"
    path.write_text(text)
    with pytest.raises(CampaignRosterError) as exc:
        read_campaign_roster(path, "A")
    assert needle in str(exc.value) and "\n" not in str(exc.value), str(exc.value)


def test_a_csv_general_with_two_cvs_is_refused(tmp_path):
    path = tmp_path / "b.csv"
    path.write_text(ROSTER_CSV.replace("First,Olaf,4", "First,Ragnar,3"))
    with pytest.raises(CampaignRosterError, match=r"b.csv line 3, field 'general_cv': 3 differs from line 2"):
        read_campaign_roster(path, "B")


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


NEW = ["campaign", "new", "c", "--seed", "19", "--size", "small", "--formats", "json"]


def test_campaign_new_refuses_a_roster_probe_force_that_may_not_scout(in_tmp, capsys):
    Path("a.yaml").write_text(ROSTER.replace("  - leader: {name: Sven, cv: 3}", "  - order: probe\n    leader: {name: Sven, cv: 3}"))
    code, _, err = run([*NEW, "--roster", "A=a.yaml", "--rules", "army_composition"], capsys)
    assert code == 2 and "a.yaml line 12, field 'order': force A2 cannot receive Probe" in err and "FW-22.1" in err, err
    assert len(err.strip().splitlines()) == 1 and not Path("c").exists()
    code, _, err = run([*NEW, "--roster", "A=a.yaml"], capsys)  # without the option, the rulebook sets no such limit
    assert code == 0, err


def test_campaign_new_gives_each_side_one_scouting_force_and_defend_where_probe_was_the_default(in_tmp, capsys):
    code, _, err = run([*NEW, "--rules", "army_composition"], capsys)
    assert code == 0, err
    data = json.loads(Path("c/campaign.json").read_text())
    assert data["options"]["army_composition"] is True
    per_side = len([f for f in data["forces"] if f["side"] == "A"])
    assert per_side >= 2
    # [DEV] the force that would start on Probe (the second: the capital's defends) is a scouting Command
    # (FW-22.1.c) and keeps its Probe; the others hold infantry and start on Defend (FW-22.1.b)
    orders = {f["id"]: f["order"] for f in data["forces"]}
    assert orders == {f["id"]: ("probe" if f["id"] in ("A2", "B2") else "defend") for f in data["forces"]}
    share = 2000 // per_side  # FW-4: the army's points shared equally, the scouts' too
    knights = 8 * 22  # templates/campaign/default-forces.yaml: humans' Knights, 8 models at 22 points (plain cavalry scouts)
    for scouts in (f for f in data["forces"] if f["id"] in ("A2", "B2")):
        assert all(may_scout(u["type"]) for u in scouts["units"])
        assert sum(u["figures"] * u["points"] for u in scouts["units"]) == share // knights * knights


def test_the_default_dwarves_scout_on_ponies():
    # the dwarves' list has no unit that may scout: [DEV] the table's scouts, light cavalry
    specs = default_roster("dwarves", 2000, 3, "A", scout=1)
    assert {u.type for u in specs[1].units} == {"light_cavalry"}
    assert not any(may_scout(u.type) for u in specs[0].units + specs[2].units)
    assert default_roster("dwarves", 2000, 3, "A") == default_roster("dwarves", 2000, 3, "A", scout=None)


def test_without_the_option_the_file_has_none_of_its_fields(in_tmp, capsys):
    code, _, err = run(NEW, capsys)
    assert code == 0, err
    text = Path("c/campaign.json").read_text()
    for key in ('"army_composition"', '"commands"', '"specials"', '"joining"'):
        assert key not in text
    state = from_json_text(text, "campaign.json")
    assert dumps_state(state) == text  # loaded and written back: the same bytes
    assert "probe" in {f["order"] for f in json.loads(text)["forces"]}  # the default Probe stands without the option


def test_refused_orders_and_sends_leave_the_folder_byte_identical(in_tmp, capsys):
    Path("a.yaml").write_text(ROSTER)
    code, _, err = run([*NEW, "--roster", "A=a.yaml", "--rules", "army_composition"], capsys)
    assert code == 0, err
    before = snapshot("c")
    for argv, needle in (
        (["order", "c", "A2", "probe"], "FW-22.1"),
        (["send", "c", "A1", "Thulsa", "--to", "A2"], "FW-22.3"),
        (["send", "c", "A1", "Conan", "--to", "B1"], "is not another Force of side A"),
    ):
        code, _, err = run(["campaign", *argv], capsys)
        assert code == 2 and needle in err and len(err.strip().splitlines()) == 1, err
        assert snapshot("c") == before


# --- FW-22.3: a named character travelling alone ---------------------------------------------------


def sender(**kw):
    """A1 at B2 with Conan and a Special Unit (its Guard); A2 at B4 under Defend; the enemy far away."""
    a1 = force("A1", "B2", order="defend", units=(unit("A1-U1", "infantry"), unit("Guard", "infantry")),
               individuals=("Conan",), specials=("Conan", "Guard"))
    return tiny_state([a1, force("A2", "B5", order="defend"), force("B1", "G2", order="defend")], phase=1, options=ON, **kw)


def test_send_makes_a_force_of_its_own_under_max_speed():
    new, _ = apply(sender(), Send("A1", "Conan", "A2"), GameDice(3), tiny_board())
    traveller = new.force("A3")  # FW-1.1: the lowest Force counter not in use
    assert (traveller.square, traveller.order, traveller.joining, traveller.individuals) == ("B2", "max_speed", "A2", ("Conan",))
    assert "Conan" not in new.force("A1").individuals and "Conan" not in new.force("A1").specials
    with pytest.raises(CommandError, match=r"takes no other order \(FW-22\.3\)"):
        apply(new, GiveOrder("A3", "defend"), GameDice(3), tiny_board())


@pytest.mark.parametrize("typed, named", [("conan", "Conan"), ("CONAN", "Conan"), (" Conan", None), ("guard", "Guard")])
def test_send_takes_the_name_in_any_case_and_keeps_the_rosters_spelling(typed, named):
    # a player types the name as it comes; the traveller and the log carry the roster's spelling (FW-22.3)
    if named is None:
        with pytest.raises(CommandError, match="is not a named special character"):
            apply(sender(), Send("A1", typed, "A2"), GameDice(3), tiny_board())
        return
    new, events = apply(sender(), Send("A1", typed, "A2"), GameDice(3), tiny_board())
    assert new.force("A3").specials == (named,) and named not in new.force("A1").specials
    assert any(e.rule == "FW-22.3" and e.text.startswith(named) for e in events)


def test_two_specials_alike_but_for_case_need_the_exact_name():
    state = sender()
    a1 = dataclasses.replace(state.forces[0], individuals=("Conan", "CONAN"), specials=("Conan", "CONAN", "Guard"))
    state = dataclasses.replace(state, forces=(a1, *state.forces[1:]))
    with pytest.raises(CommandError, match="is not a named special character"):
        apply(state, Send("A1", "conan", "A2"), GameDice(3), tiny_board())
    new, _ = apply(state, Send("A1", "CONAN", "A2"), GameDice(3), tiny_board())
    assert new.force("A3").specials == ("CONAN",) and new.force("A1").specials == ("Conan", "Guard")


def test_the_traveller_joins_when_it_ends_a_move_in_its_targets_square():
    state, _ = apply(sender(), Send("A1", "Conan", "A2"), GameDice(3), tiny_board())
    state = dataclasses.replace(state, phase=2, initiative=("A",))
    # FW-9.4.h: it moves as if under Max Speed: 1D6 4 + friendly 1 + Max Speed 2 = 7, 2 squares (FW-9.3)
    with pytest.raises(CommandError, match="does not counter-march"):
        apply(state, Move("A3", ("B3",), countermarch="C3"), GameDice(3, [4]), tiny_board())
    new, _ = apply(state, Move("A3", ("B3", "B4", "B5")), GameDice(3, [6]), tiny_board())
    assert new.force("A3") is None
    assert new.force("A2").individuals == ("Conan",) and "Conan" in new.force("A2").specials


def test_a_special_unit_that_may_not_scout_is_not_sent_to_a_probe_force():
    state = sender()
    scouts = force("A2", "B5", order="probe", units=(unit("A2-U1", "light_cavalry"),))
    state = dataclasses.replace(state, forces=(state.forces[0], scouts, state.forces[2]))
    with pytest.raises(CommandError, match=r"Guard \(infantry\) may not join A2 under Probe.*FW-22\.1"):
        apply(state, Send("A1", "Guard", "A2"), GameDice(3), tiny_board())


def test_a_special_unit_waits_while_its_target_probes():
    # FW-22.1.a: a Force under Probe holds only Commands that may scout; the infantry Guard does not join one
    state = sender()
    scouts = force("A2", "B5", order="defend", units=(unit("A2-U1", "light_cavalry"),))
    state = dataclasses.replace(state, forces=(state.forces[0], scouts, state.forces[2]))
    state, _ = apply(state, Send("A1", "Guard", "A2"), GameDice(3), tiny_board())
    state, _ = apply(state, GiveOrder("A2", "probe"), GameDice(3, [6]), tiny_board())  # 6 + CV 3 + friendly 2: OK
    assert state.force("A2").order == "probe"
    state = dataclasses.replace(state, phase=2, initiative=("A",))
    new, _ = apply(state, Move("A3", ("B3", "B4", "B5")), GameDice(3, [6]), tiny_board())
    assert new.force("A3").square == "B5" and new.force("A3").travelling
    assert [u.id for u in new.force("A2").units] == ["A2-U1"]


@pytest.mark.parametrize(
    "change, command, needle",
    [
        (lambda s: dataclasses.replace(s, options=Options()), Send("A1", "Conan", "A2"), "optional rule army_composition"),
        (lambda s: dataclasses.replace(s, phase=2), Send("A1", "Conan", "A2"), "in Phase 1"),
        (lambda s: s, Send("A1", "Hero", "A2"), "'Hero' is not a named special character"),
        (lambda s: s, Send("A1", "Conan", "A1"), "is not another Force of side A"),
        (lambda s: s, Send("A2", "Conan", "A1"), "'Conan' is not a named special character"),
    ],
)
def test_send_refusals(change, command, needle):
    state = change(sender())
    with pytest.raises(CommandError, match=needle):
        apply(state, command, GameDice(3), tiny_board())


def test_the_last_unit_is_never_sent_and_six_counters_are_the_limit():
    state = sender()
    lone = force("A1", "B2", order="defend", units=(unit("Guard", "infantry"),), specials=("Guard",))
    with pytest.raises(CommandError, match=r"only unit of A1.*FW-4\.2\.b"):
        apply(dataclasses.replace(state, forces=(lone, *state.forces[1:])), Send("A1", "Guard", "A2"), GameDice(3), tiny_board())
    full = state.forces + tuple(force(f"A{n}", "A1", order="defend") for n in range(3, 7))
    with pytest.raises(CommandError, match=r"uses all its 6 Force counters.*FW-1\.1"):
        apply(dataclasses.replace(state, forces=full), Send("A1", "Conan", "A2"), GameDice(3), tiny_board())


def test_an_enemy_entering_its_square_takes_the_traveller():
    state, _ = apply(sender(), Send("A1", "Conan", "A2"), GameDice(3), tiny_board())
    enemy = force("B1", "D2", order="max_speed")
    state = dataclasses.replace(state, phase=2, initiative=("B",), forces=tuple(enemy if f.id == "B1" else f for f in state.forces))
    state = dataclasses.replace(state, forces=tuple(dataclasses.replace(f, square="C3") if f.id == "A3" else f for f in state.forces))
    new, _ = apply(state, Move("B1", ("C3",)), GameDice(3, [6]), tiny_board())
    assert new.force("A3") is None and new.force("B1").square == "C3" and not new.pending  # taken, no battle [DEV]


def test_a_traveller_whose_target_is_gone_joins_the_next_force_of_its_side():
    state, _ = apply(sender(), Send("A1", "Conan", "A2"), GameDice(3), tiny_board())
    state = dataclasses.replace(state, phase=2, initiative=("A",), forces=tuple(f for f in state.forces if f.id != "A2"))
    new, _ = apply(state, Move("A3", ("C2", "B2")), GameDice(3, [6]), tiny_board())  # back to A1's square
    assert new.force("A3") is None and new.force("A1").individuals == ("Conan",)


# --- random play: a Probe force always satisfies FW-22.1 ---------------------------------------------


def probe_forces_may_scout(before, after, command, board):
    """FW-22.1.a after every command, by the digest's table (not the engine's); a traveller keeps Max Speed (FW-22.3)."""
    fw_invariants(before, after, command, board)
    for f in after.forces:
        if f.order == "probe":
            assert all(SCOUTS_BY_RULE.get(u.type, False) for u in f.units), f"{f.id} probes with {[u.type for u in f.units]}"
        if f.travelling:
            assert f.order == "max_speed" and f.reaction is None, f"{f.id} travels under {f.state}"


def army_roster(side: str) -> list[ForceSpec]:
    """Three forces: mixed Commands with specials, scouts under Probe, infantry and a Terrible Creature."""
    p = f"{side}"
    cavalry = Unit(f"{p}1-U1", "light_cavalry", "veteran", 10, 12)
    foot = Unit(f"{p}1-U2", "infantry", "average", 20, 6)
    guard = Unit(f"{p}1-Guard", "infantry", "elite", 10, 10)
    first = ForceSpec(Leader(f"General {p}", 4), (cavalry, foot, guard), ("Hero", "Conan"),
                      commands=(ArmyCommand(Leader(f"General {p}", 4), (cavalry.id,), ("Hero",)),
                                ArmyCommand(Leader(f"Captain {p}", 3), (foot.id, guard.id), ("Conan",))),
                      specials=("Conan", guard.id))
    scouts = ForceSpec(Leader(f"Scout {p}", 3), (Unit(f"{p}2-U1", "light_cavalry", "average", 8, 9), Unit(f"{p}2-U2", "air_cavalry", "average", 6, 15)),
                       ("Rider",), order="probe", specials=("Rider", f"{p}2-U2"))
    beasts = ForceSpec(Leader(f"Beastmaster {p}", 2), (Unit(f"{p}3-U1", "infantry", "poor", 30, 3), Unit(f"{p}3-Dragon", "terrible_creature", "elite", 1, 300)),
                       specials=(f"{p}3-Dragon",))
    return [first, scouts, beasts]


def army_game(i: int):
    rng = random.Random(2000 + i)
    seed = rng.choice((7, 8, 9))
    board = board_for_seed(seed)
    register_board("1" * 64, board)
    options = Options(army_composition=True, weather=rng.random() < 0.5, random_events=rng.random() < 0.5,
                      ambush_on_zoc_entry=rng.random() < 0.5)
    state = new_campaign(cached_map(seed, "small"), board, MapRef("fw-map.json", "1" * 64), rng.randrange(10**6), options,
                         {"A": army_roster("A"), "B": army_roster("B")})
    state, _ = begin(state, GameDice(state.seed), board)
    return play(FW, state, board, rng, lambda s: FW.dice_for(s), until=lambda s: s.day > FW_DAYS, invariants=probe_forces_may_scout, steer=fw_steer)


#: Random games with the option on (they share the rest of the engine with test_fuzz's).
ARMY_GAMES = 30


def test_random_games_with_army_composition_keep_fw_22(tmp_path):
    sent = days = 0
    for i in range(ARMY_GAMES):
        try:
            game = army_game(i)
        except FuzzFailure as exc:
            where = exc.game.save(tmp_path / f"game-{i}")
            raise AssertionError(f"game {i}: {exc} (saved in {where})") from None
        sent += sum(r["command"] == "send" for r in game.records)
        days += game.state.day
    assert sent > 0 and days > ARMY_GAMES * 2  # characters were sent, and the games went on past their first days


def test_a_state_with_army_composition_survives_its_file():
    state = sender()
    state, _ = apply(state, Send("A1", "Conan", "A2"), GameDice(3), tiny_board())
    assert from_json_text(dumps_state(state), "campaign.json") == state
    assert to_json(state)["forces"][-1]["joining"] == "A2"


@pytest.mark.parametrize("behaviours", [("plain", "plain"), ("cautious", "aggressive"), ("aggressive", "cautious")])
def test_the_bots_play_with_army_composition_and_never_try_a_refused_probe(behaviours):
    # play_day raises IllegalCommand at the first command the engine refuses (a Probe FW-22.1 forbids among them)
    seed = 8
    board = board_for_seed(seed)
    register_board("1" * 64, board)
    state = new_campaign(cached_map(seed, "small"), board, MapRef("fw-map.json", "1" * 64), 5, ON, {"A": army_roster("A"), "B": army_roster("B")})
    state, _ = begin(state, GameDice(state.seed), board)
    state, _ = apply(state, Send("A1", "Conan", "A3"), FW.dice_for(state), board)  # a traveller the bots must move
    players = {side: BEHAVIOURS[name](side) for side, name in zip("AB", behaviours)}
    for _ in range(6):
        state, _ = play_day(state, board, players)
        for f in state.forces:
            assert f.order != "probe" or all(SCOUTS_BY_RULE.get(u.type, False) for u in f.units)
        if state.winner is not None:
            break


def test_send_through_the_cli_hides_the_traveller_from_the_enemy_and_undoes_byte_for_byte(in_tmp, capsys):
    Path("a.yaml").write_text(ROSTER)
    code, _, err = run([*NEW, "--roster", "A=a.yaml", "--rules", "army_composition"], capsys)
    assert code == 0, err
    before = snapshot("c")
    code, out, err = run(["campaign", "send", "c", "A1", "Conan", "--to", "A2"], capsys)
    assert code == 0 and "FW-22.3: Conan leaves A1" in out, err
    # the enemy sees a Force counter under Max Speed (FW-4.2.g), neither its name nor the send in the log
    code, out, _ = run(["campaign", "status", "c", "--side", "B"], capsys)
    assert code == 0 and "A3" in out and "max speed" in out and "Conan" not in out
    code, out, _ = run(["campaign", "log", "c", "--side", "B"], capsys)
    assert code == 0 and "Conan" not in out
    code, out, err = run(["campaign", "replay", "c", "--check"], capsys)
    assert code == 0, err
    code, _, err = run(["campaign", "undo", "c"], capsys)
    assert code == 0, err
    after = snapshot("c")
    assert after["campaign.json"] == before["campaign.json"] and after.get("commands.jsonl", b"") == before.get("commands.jsonl", b"")


def test_status_counts_the_commands_of_a_force_in_words():
    from mapgen.campaign.view import status_lines

    one = force("A2", "C2", units=(unit("A2-U1", "light_cavalry"),), commands=(ArmyCommand(Leader("Sven", 3), ("A2-U1",)),))
    lines = "\n".join(status_lines(tiny_state([two_commands(), one, force("B1", "G2")], options=ON), tiny_board(), "A"))
    assert "2 Commands (FW-22.2)" in lines and "1 Command (FW-22.2)" in lines and "1 Commands" not in lines
