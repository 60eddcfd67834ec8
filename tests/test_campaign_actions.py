"""``campaign actions``, the ``Next:`` hints, ``move`` with several forces and ``turn --rest-stay``, as a player types them.

The contract (issue 22): every command mapgen prints runs as printed from
the current directory, names the real folder (shell-quoted), never ``DIR``
nor a class name, and is one the rules accept; a refused command leaves the
folder byte for byte as it was.
"""

from __future__ import annotations

import json
import random
import shlex
import shutil
from pathlib import Path

import pytest

from .cli_helpers import run, snapshot

#: A folder name a shell must quote: the hints must quote it.
NAME = "my camp"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _new(tmp_path_factory, *args) -> Path:
    from mapgen.cli import main

    root = tmp_path_factory.mktemp("made")
    try:
        main(["campaign", "new", str(root / "camp"), *args, "--formats", "json"])
    except SystemExit as exc:
        assert not exc.code
    return root / "camp"


@pytest.fixture(scope="module")
def fw_made(tmp_path_factory):
    return _new(tmp_path_factory, "--seed", "42", "--dice-seed", "42", "--size", "small", "--races", "dwarves,orcs")


@pytest.fixture(scope="module")
def ren_made(tmp_path_factory):
    return _new(tmp_path_factory, "--rules", "renaissance", "--seed", "8", "--dice-seed", "8", "--players", "2", "--ends", "years=1")


@pytest.fixture
def fw(fw_made, capsys):
    shutil.copytree(fw_made, NAME)
    capsys.readouterr()  # what the module's campaign new printed
    return Path(NAME)


@pytest.fixture
def ren(ren_made, capsys):
    shutil.copytree(ren_made, NAME)
    capsys.readouterr()
    return Path(NAME)


def records(folder) -> list[dict]:
    return [json.loads(line) for line in (Path(folder) / "commands.jsonl").read_text(encoding="utf-8").splitlines()]


def listed(folder, capsys, *extra) -> list[dict]:
    code, out, err = run(["campaign", "actions", str(folder), "--json", *extra], capsys)
    assert code == 0, err
    return json.loads(out)


def run_line(line: str, capsys):
    """A printed command line, run as a shell would split it (the comment after ``#`` dropped)."""
    words = shlex.split(line, comments=True)
    assert words[:2] == ["mapgen", "campaign"], line
    return run(words[1:], capsys)


def next_lines(out: str) -> list[str]:
    """The command lines of the ``Next:`` block."""
    lines, on = [], False
    for line in out.splitlines():
        if line.startswith("Next: "):
            on = True
        elif not line.startswith("      "):
            on = False
        if on:
            lines.append(line.split("#")[0].strip().removeprefix("Next: ").strip())
    return lines


# --- every listed action runs as printed and is the record it says ----------------------------------


@pytest.mark.parametrize("game", ["fw", "ren"])
def test_every_printed_action_runs_as_printed_and_writes_its_record(game, request, capsys):
    """A seeded walk of 12 commands: each picked from ``actions --json`` and run from its command line."""
    folder = request.getfixturevalue(game)
    rng = random.Random(3)
    for _ in range(12):
        actions = listed(folder, capsys)
        assert actions, "nothing to do, and the campaign goes on"
        for a in actions:
            assert a["command"].startswith(f"mapgen campaign {a['args']['name']} {shlex.quote(NAME)}")
            assert shlex.split(a["command"])[4:] == a["args"]["argv"]
            assert "DIR" not in a["command"].split()
        a = rng.choice([x for x in actions if x["record"]["command"] != "turn"] or actions)
        code, out, err = run_line(a["command"], capsys)
        assert code == 0, f"{a['command']}: {err}"
        done = {k: v for k, v in records(folder)[-1].items() if k != "roll"}
        assert done == a["record"]


def test_every_action_is_listed_for_its_own_seat_only(ren, capsys):
    every = listed(ren, capsys)
    mine = listed(ren, capsys, "--side", "P2")
    assert {a["seat"] for a in mine} <= {"P2", None}
    assert [a for a in every if a["seat"] in ("P2", None)] == mine


def test_a_side_the_campaign_does_not_have_is_refused(fw, capsys):
    code, _, err = run(["campaign", "actions", str(fw), "--side", "P1"], capsys)
    assert code == 2 and err.count("\n") == 1 and "A, B" in err


def test_the_text_lists_commands_that_run_and_the_reachable_squares(fw, capsys):
    run(["campaign", "turn", str(fw)], capsys)
    code, out, _ = run(["campaign", "actions", str(fw)], capsys)
    assert code == 0
    commands = [line for line in out.splitlines() if not line.startswith("#")]
    assert commands and all(line.startswith(f"mapgen campaign move {shlex.quote(NAME)} ") or " turn " in line for line in commands)
    assert any(line.startswith("#   path: ") for line in out.splitlines())


# --- the hints ----------------------------------------------------------------------------------------


def test_the_next_lines_after_a_command_run_as_printed(fw, capsys):
    code, out, err = run(["campaign", "order", str(fw), "A2", "max_speed"], capsys)
    assert code == 0, err
    hints = next_lines(out)
    assert hints and all(h.startswith("mapgen campaign ") and shlex.quote(NAME) in h for h in hints)
    assert "DIR" not in out
    before = len(records(fw))
    code, _, err = run_line(hints[0], capsys)
    assert code == 0, err
    assert len(records(fw)) == before + 1


def test_after_a_side_s_own_command_the_hints_show_only_its_own_actions(fw, capsys):
    """FW-15.h: a side's banked points are its own, and what it may do tells them."""
    code, out, _ = run(["campaign", "order", str(fw), "A2", "max_speed"], capsys)
    hints = next_lines(out)
    assert hints and not any(word.startswith("B") for h in hints for word in shlex.split(h)[3:])
    assert hints[-1].endswith("--side=A")


def test_after_a_player_s_own_command_the_hints_show_only_its_own_actions(ren, capsys):
    """RC-3.4: a player's treasury is its own, and what it can afford tells it."""
    code, out, _ = run(["campaign", "recruit", str(ren), "P2", "B-0", "medium"], capsys)
    hints = next_lines(out)
    assert hints and all("P1" not in h for h in hints)


def test_no_loan_is_offered_when_the_banks_are_off(ren, capsys):
    """RC-3.4: banks are an optional rule, off with two players: neither the hints nor the actions offer a loan."""
    code, out, _ = run(["campaign", "turn", str(ren)], capsys)
    run(["campaign", "undo", str(ren)], capsys)
    assert not any(a["record"]["command"] == "take_loan" for a in listed(ren, capsys))
    code, out, _ = run(["campaign", "status", str(ren)], capsys)
    assert " loan " not in " ".join(next_lines(out))


def test_a_loan_is_offered_when_the_banks_are_on(tmp_path_factory, capsys):
    folder = _new(tmp_path_factory, "--rules", "renaissance,banks", "--seed", "8", "--players", "2")
    capsys.readouterr()
    loans = [a for a in listed(folder, capsys) if a["record"]["command"] == "take_loan"]
    assert {a["seat"] for a in loans} == {"P1", "P2"}
    code, _, err = run_line(loans[0]["command"], capsys)
    assert code == 0, err


def test_the_report_form_names_the_folder_and_the_form_s_path(fw, capsys):
    """A battle's report.yaml and battle.md say how to enter them, with paths that work from here."""
    from mapgen.campaign.actions import reachable

    from mapgen import session

    run(["campaign", "turn", str(fw)], capsys)
    for _ in range(80):  # march each side's first free force at the nearest enemy until a battle comes
        loaded = session.load(fw)
        s = loaded.state
        if s.phase == "battle":
            break
        if s.phase == 2 and s.initiative:
            side = s.initiative[0]
            f = next(f for f in s.forces if f.side == side and not f.moved_today and f.order != "defend" and all(f.id not in c.forces for c in s.pending))
            paths = reachable(s, loaded.board, f.id)
            foes = [loaded.board.squares[g.square] for g in s.forces if g.side != side]

            def gap(sq):
                a = loaded.board.squares[sq]
                return min(max(abs(a.col - e.col), abs(a.row - e.row)) for e in foes)

            path = paths[min(paths, key=gap)] if paths else ()
            run(["campaign", "move", str(fw), f.id, *path], capsys)
        else:
            run(["campaign", "turn", str(fw), "--rest-stay"] if s.phase == 2 else ["campaign", "turn", str(fw)], capsys)
    s = session.load(fw).state
    if s.phase != "battle":
        pytest.fail("no battle in 80 commands on this map")
    c = s.pending[0]
    form = (fw / c.folder / "report.yaml").read_text()
    line = next(x for x in form.splitlines() if "mapgen campaign battle" in x).lstrip("# ")
    assert shlex.split(line)[1:4] == ["campaign", "battle", NAME]
    assert shlex.split(line)[4] == f"--report={fw / c.folder / 'report.yaml'}"
    assert "DIR" not in (fw / c.folder / "battle.md").read_text()


# --- move with several forces, turn --rest-stay ------------------------------------------------------------


def _to_movement(folder, capsys):
    code, out, err = run(["campaign", "turn", str(folder)], capsys)
    assert code == 0, err
    return json.loads((Path(folder) / "campaign.json").read_text())


def test_several_forces_move_in_one_command_each_in_its_slot(fw, capsys):
    state = _to_movement(fw, capsys)
    order = state["initiative"]
    movers = {f["id"]: f for f in state["forces"] if f["order"] != "defend"}
    # one force per slot, the slots' sides in order, given in the reverse order: mapgen takes each in its side's slot
    chosen, used = [], set()
    for side in order:
        fid = next(i for i in sorted(movers) if i[0] == side and i not in used)
        used.add(fid)
        chosen.append(fid)
    words = [f"{fid}:" for fid in reversed(chosen)]
    code, out, err = run(["campaign", "move", str(fw), *words], capsys)
    assert code == 0, err
    assert records(fw)[-1] == {"command": "move", "moves": [{"force": fid, "path": []} for fid in reversed(chosen)]}
    after = json.loads((fw / "campaign.json").read_text())
    assert after["initiative"] == [] and all(f["moved_today"] for f in after["forces"] if f["id"] in chosen)


def test_one_refused_move_refuses_them_all_and_the_folder_is_unchanged(fw, capsys):
    _to_movement(fw, capsys)
    before = snapshot(fw)
    code, _, err = run(["campaign", "move", str(fw), "A2:K6", "A9:"], capsys)
    assert code == 2 and err.startswith("Error: ") and err.count("\n") == 1 and "A9" in err
    assert snapshot(fw) == before


@pytest.mark.parametrize("words, needle", [
    (["A2:K6", "--countermarch", "K5"], "--countermarch goes with one force"),
    (["A2:K6", "K7"], "FORCE:SQUARE"),
    ([":K6"], "FORCE:SQUARE"),
])
def test_several_moves_badly_given_are_usage_errors(fw, capsys, words, needle):
    before = snapshot(fw)
    code, _, err = run(["campaign", "move", str(fw), *words], capsys)
    assert code == 2 and needle in err
    assert snapshot(fw) == before


def test_rest_stay_leaves_every_force_that_has_not_moved_and_goes_on(fw, capsys):
    state = _to_movement(fw, capsys)
    assert not any(f["order"] == "max_speed" for f in state["forces"])  # the default forces probe or defend
    squares = {f["id"]: f["square"] for f in state["forces"]}
    code, out, err = run(["campaign", "turn", str(fw), "--rest-stay"], capsys)
    assert code == 0, err
    after = json.loads((fw / "campaign.json").read_text())
    assert after["day"] == 2 and after["phase"] == 1
    assert {f["id"]: f["square"] for f in after["forces"]} == squares
    assert records(fw)[-1] == {"command": "turn", "rest_stay": True}
    code, _, err = run(["campaign", "undo", str(fw)], capsys)
    assert code == 0, err


def test_rest_stay_is_refused_while_a_max_speed_force_must_move(fw, capsys):
    """FW-9.4.e: a force under Max Speed moves at least one square if its roll allows: it cannot simply stay."""
    code, out, err = run(["campaign", "order", str(fw), "A2", "max_speed", "--roll", "6"], capsys)
    assert code == 0, err
    _to_movement(fw, capsys)
    before = snapshot(fw)
    code, _, err = run(["campaign", "turn", str(fw), "--rest-stay"], capsys)
    assert code == 2 and "A2" in err and "FW-9.4.e" in err
    assert snapshot(fw) == before
    assert not any(a["record"].get("rest_stay") for a in listed(fw, capsys))


def test_rest_stay_outside_the_movement_is_refused(fw, capsys):
    before = snapshot(fw)
    code, _, err = run(["campaign", "turn", str(fw), "--rest-stay"], capsys)
    assert code == 2 and "Phase 2" in err
    assert snapshot(fw) == before


def test_a_renaissance_campaign_refuses_the_rest_stay(ren, capsys):
    before = snapshot(ren)
    code, _, err = run(["campaign", "turn", str(ren), "--rest-stay"], capsys)
    assert code == 2 and err.splitlines()[-1].startswith("Error: ") and "Fantasy Warriors" in err
    assert snapshot(ren) == before


def test_several_renaissance_armies_move_in_one_command(ren, capsys):
    """RC-4.3: the player to move moves any of its armies; ``ARMY:NODE,NODE`` gives several at once, all or none."""
    for argv in (["army", str(ren), "P1", "A-0", "--company", "medium"], ["army", str(ren), "P1", "A-0", "--company", "small"],
                 ["turn", str(ren)]):
        code, _, err = run(["campaign", *argv], capsys)
        assert code == 0, err
    before = snapshot(ren)
    code, _, err = run(["campaign", "move", str(ren), "P1-1:A-1,A-5", "P1-2:A-1,A-0,A-1"], capsys)  # three steps: RC-4.3 allows two
    assert code == 2 and "P1-2" in err and "RC-4.3" in err
    assert snapshot(ren) == before
    code, _, err = run(["campaign", "move", str(ren), "P1-1:A-1,A-5", "P1-2:A-1"], capsys)
    assert code == 0, err
    assert records(ren)[-1] == {"command": "move_armies", "player": "P1", "moves": [["P1-1", ["A-1", "A-5"]], ["P1-2", ["A-1"]]]}
    armies = {a["id"]: a["node"] for a in json.loads((ren / "campaign.json").read_text())["armies"]}
    assert armies == {"P1-1": "A-5", "P1-2": "A-1"}
    code, _, err = run(["campaign", "move", str(ren), "P1-1:A-1", "P2-1:B-1"], capsys)
    assert code == 2 and "one player" in err


# --- every command line the actions print is the command they stand for --------------------------------


def _cli_commands(monkeypatch, module) -> list:
    """Replace ``module.play`` (and the session's, where ``move``, ``turn`` and ``battle`` go) by a recorder:
    the CLI builds the command from the words, nothing is applied."""
    from mapgen.cli import campaign_session

    got = []
    monkeypatch.setattr(module, "play", lambda folder, command, *rest, **kw: got.append(command))
    monkeypatch.setattr(campaign_session, "run", lambda s, folder, command, *rest, **kw: got.append(command))
    return got


#: The kinds of command the random games of :mod:`tests.test_fuzz` must have offered by then.
KINDS = {
    "fw": {"order", "move", "turn", "battle"},
    "ren": {"recruit", "form_army", "move_army", "end_moves", "turn", "choose_engagement", "begin_siege", "hire_specialist",
            "order_works", "move_diplomat", "garrison", "disband", "assassinate", "bribe", "pay_upkeep"},
}


@pytest.mark.parametrize("game", ["fw", "ren"])
def test_each_kind_of_action_s_command_line_is_the_command_itself(game, request, monkeypatch, capsys):
    """In random games (the fuzzer's), each action's printed line, read by the CLI, builds exactly the action's command."""
    from mapgen import engine
    from mapgen.campaign.store import board_for
    from mapgen.cli import campaign_play, campaign_ren

    from .test_fuzz import dice_for, fw_game, ren_game

    folder = request.getfixturevalue(game)
    got = _cli_commands(monkeypatch, campaign_play if game == "fw" else campaign_ren)
    seen: set = set()
    for i in range(60):
        if KINDS[game] <= {k[0] for k in seen}:
            break
        played = (fw_game if game == "fw" else ren_game)(i)
        ruleset, state = played.ruleset, played.start
        board = board_for(state)
        for record in played.records:
            for a in ruleset.actions(state, None, board):
                kind = (a.command, tuple(sorted(k for k, v in a.args.items() if v not in (None, False, [], ()))))
                if kind in seen:
                    continue
                seen.add(kind)
                del got[:]
                line = ruleset.command_line(a, folder)
                code, _, err = run_line(line, capsys)
                assert code == 0 and len(got) == 1, f"{line}: {err}"
                assert got[0] == ruleset.command_of(a), line
            state, _ = engine.apply(ruleset, state, ruleset.decode(record), dice_for(state), board)
    assert KINDS[game] <= {k[0] for k in seen}, sorted({k[0] for k in seen})


def test_a_reinforcement_s_command_line_is_the_command_itself(fw, monkeypatch, capsys):
    """FW-15: with points banked, the representative reinforcement is offered, and its line is the command."""
    from mapgen.campaign.state import evolve, with_side
    from mapgen.campaign.store import board_for
    from mapgen.campaign.ruleset import RULESET
    from mapgen.cli import campaign_play

    from .test_campaign_properties import start_state

    state, board = start_state(7, 3, False, False)
    state = with_side(state, evolve(state.side("A"), reinforcement_points=120))
    offered = [a for a in RULESET.actions(state, "A", board_for(state)) if a.command == "reinforce"]
    assert [a.args["units"] for a in offered] == [[["infantry", "average", 20, 5]]]  # 20 figures x 5 points <= 120 banked
    got = _cli_commands(monkeypatch, campaign_play)
    code, _, err = run_line(RULESET.command_line(offered[0], fw), capsys)
    assert code == 0, err
    assert got == [RULESET.command_of(offered[0])]


def test_points_banked_for_a_single_figure_offer_a_single_figure():
    """FW-15.h: banked points buy what they pay for; 5 points (one average infantry figure) are enough, 4 buy nothing."""
    from mapgen.campaign.state import evolve, with_side
    from mapgen.campaign.store import board_for
    from mapgen.campaign.ruleset import RULESET

    from .test_campaign_properties import start_state

    state, _ = start_state(7, 3, False, False)
    offers = {}
    for banked in (4, 5):
        s = with_side(state, evolve(state.side("A"), reinforcement_points=banked))
        offers[banked] = [a.args["units"] for a in RULESET.actions(s, "A", board_for(s)) if a.command == "reinforce"]
    assert offers == {4: [], 5: [[["infantry", "average", 1, 5]]]}


# --- what the Fantasy Warriors actions offer, from the rules -------------------------------------------


def test_fw_orders_offer_no_second_test_nor_the_same_order_again():
    """FW-8.1.b: one Force Test a day; AMB-19: no test to the order a force already has (without a reaction)."""
    from mapgen.campaign import GameDice, GiveOrder, apply
    from mapgen.campaign.ruleset import RULESET

    from .test_campaign_properties import start_state

    state, board = start_state(7, 3, False, False)
    offered = {(a.args["force"], a.args["order"]) for a in RULESET.actions(state, "A", board) if a.command == "order"}
    for f in state.side_forces("A"):
        assert {o for fid, o in offered if fid == f.id} == {"max_speed", "probe", "defend"} - {f.order}
    state, _ = apply(state, GiveOrder("A2", "defend"), GameDice(state.seed), board)
    assert not any(a.args.get("force") == "A2" for a in RULESET.actions(state, "A", board))


def test_fw_moves_are_the_head_side_s_and_their_paths_keep_the_movement_rules():
    """FW-9.1.2: only the side at the head of the initiative moves; FW-9.3/9.4/9.8: paths of at most 3 legal steps, none past an enemy."""
    from mapgen.campaign import GameDice, Turn, apply
    from mapgen.campaign.ruleset import RULESET

    from .test_campaign_properties import start_state

    state, board = start_state(8, 4, False, False)
    state, _ = apply(state, Turn(), GameDice(state.seed), board)
    assert state.phase == 2 and state.initiative
    head = state.initiative[0]
    moves = [a for a in RULESET.actions(state, None, board) if a.command == "move"]
    assert moves and {a.seat for a in moves} == {head}
    assert {a.args["force"] for a in moves} == {f.id for f in state.side_forces(head) if f.order != "defend" and not f.moved_today}
    for a in moves:
        f = state.force(a.args["force"])
        enemies = {g.square for g in state.forces if g.side != f.side}
        ends = set()
        for path in a.choices["path"]:
            walk = (f.square, *path)
            assert 1 <= len(path) <= 3
            assert all(b in board.steps[x] for x, b in zip(walk, walk[1:]))
            assert not enemies & set(path[:-1])
            ends.add(path[-1])
        assert len(ends) == len(a.choices["path"])  # one path a square
        one_step = set(board.steps[f.square])
        assert one_step <= ends  # every bordering square off a river is within reach
        if f.order == "max_speed":
            assert len(a.args["path"]) == 1  # FW-9.4.e: it may not simply stay
        else:
            assert a.args["path"] == []


def test_fw_a_pending_battle_offers_each_result_and_nothing_else():
    """FW-10.3: the players enter A, B or a stalemate; ``turn`` waits for the report."""
    from mapgen.campaign.ruleset import RULESET
    from mapgen.campaign.state import Contact, evolve

    from .test_campaign_properties import start_state

    state, board = start_state(7, 3, False, False)
    a, b = state.side_forces("A")[0], state.side_forces("B")[0]
    state = evolve(state, forces=tuple(evolve(f, square=a.square) if f.id == b.id else f for f in state.forces),
                   pending=(Contact(a.square, (a.id, b.id), day=state.day, folder=f"battles/day-01-{a.square}"),), phase="battle")
    offered = RULESET.actions(state, None, board)
    assert [(x.command, x.args["winner"], x.args["square"]) for x in offered] == [("battle", w, a.square) for w in ("A", "B", "stalemate")]


def test_a_finished_campaign_offers_nothing():
    from mapgen.campaign.ruleset import RULESET
    from mapgen.campaign.state import evolve

    from .test_campaign_properties import start_state

    state, board = start_state(7, 3, False, False)
    assert RULESET.actions(evolve(state, winner="A", ended="side B surrenders"), None, board) == []
