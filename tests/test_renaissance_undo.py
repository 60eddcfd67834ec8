"""``undo`` of a Renaissance campaign is exact: after any run of accepted commands, undoing them one by one
gives back every earlier ``campaign.json`` byte for byte (the store is the Fantasy Warriors one, RC-2 calendar)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapgen import session
from mapgen.campaign.commands import Turn
from mapgen.campaign.dice import GameDice
from mapgen.renaissance.commands import CommandError, EndMoves, FormArmy, MoveArmy, Recruit, command_record
from mapgen.renaissance.ruleset import apply

from .cli_helpers import run


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    folder = tmp_path_factory.mktemp("undo") / "camp"
    from mapgen.cli import main

    try:
        main(["campaign", "new", str(folder), "--rules", "renaissance", "--seed", "12", "--players", "2", "--formats", ""])
    except SystemExit as exc:
        assert not exc.code
    return folder


def _pick(draw, state, board):
    seat = draw(st.sampled_from([p.seat for p in state.players]))
    kind = draw(st.sampled_from(["army", "recruit", "move", "move", "end", "turn"]))
    if kind == "army":
        own = sorted(p.node for p in state.places if p.owner == seat)
        return FormArmy(seat, draw(st.sampled_from(own)), (("small", "regular"),))
    if kind == "recruit" and state.armies:
        return Recruit(seat, draw(st.sampled_from([a.id for a in state.armies])), "small")
    if kind == "move" and state.armies:
        army = draw(st.sampled_from(state.armies))
        return MoveArmy(army.owner, army.id, (draw(st.sampled_from(board.steps[army.node])),))
    if kind == "end":
        return EndMoves(state.turn or seat)
    return Turn()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_undo_gives_back_every_earlier_file(made, data, capsys):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "camp"
        shutil.copytree(made, folder)
        saved = []
        for _ in range(data.draw(st.integers(1, 12))):
            loaded = session.load(folder)
            cmd = _pick(data.draw, loaded.state, loaded.board)
            try:
                state, _ = apply(loaded.state, cmd, GameDice(loaded.state.seed), loaded.board)
            except CommandError:
                continue
            saved.append((folder / "campaign.json").read_bytes())
            session.save(loaded, state, command_record(cmd))
        for expected in reversed(saved):
            code, out, err = run(["campaign", "undo", str(folder)], capsys)
            assert code == 0, err
            assert (folder / "campaign.json").read_bytes() == expected
        code, out, err = run(["campaign", "undo", str(folder)], capsys)
        assert code == 2 and "nothing to undo" in err
