"""Property tests: a random bot plays orders, moves and turns, legal and illegal, on generated maps.

Whatever it tries, the rules of FW-9 hold after every command: no river is
crossed off a crossing, no enemy zone of control is passed through, a
defending force never moves, forces stay on land, hostile forces share a
square only in a battle waiting to be fought, and the state survives a trip
through its JSON file unchanged.  A refused command leaves the state as it
was.  Small examples by default (the "quick" profile); HYPOTHESIS_PROFILE=
thorough runs thousands.
"""

from __future__ import annotations

import random
from functools import lru_cache

from hypothesis import given
from hypothesis import strategies as st

from mapgen.campaign import CommandError, GameDice, GiveOrder, Move, Turn, apply, begin
from mapgen.campaign.board import build_board
from mapgen.campaign.checks import check_state as file_checks
from mapgen.campaign.movement import countermarch_squares, movable
from mapgen.campaign.setup import new_campaign
from mapgen.campaign.state import ORDERS, MapRef, Options
from mapgen.campaign.store import dumps_state, from_json_text, register_board, to_json
from tests.conftest import cached_map

MAP_SEEDS = (7, 8, 9)
SHA = "1" * 64


@lru_cache(maxsize=None)
def board_for_seed(seed: int):
    return build_board(cached_map(seed, "small"))


def start_state(map_seed: int, seed: int, naran: bool, siege: bool):
    board = board_for_seed(map_seed)
    register_board(SHA, board)
    options = Options(naran_movement=naran, capital_requires_siege=siege)
    state = new_campaign(cached_map(map_seed, "small"), board, MapRef("fw-map.json", SHA), seed, options)
    state, _ = begin(state, GameDice(seed), board)
    return state, board


def random_path(rng: random.Random, board, start: str) -> tuple[str, ...]:
    """A walk over bordering squares (rivers or not), now and then a square off the map or too long."""
    path, here = [], start
    for _ in range(rng.choice((0, 1, 1, 2, 3, 3, 4))):
        if rng.random() < 0.03:
            path.append("ZZ99")
            break
        near = board.around[here]
        if not near:
            break
        here = rng.choice(near)
        path.append(here)
    return tuple(path)


def toward_enemy(state, board, f, rng: random.Random) -> tuple[str, ...]:
    """Up to 3 legal steps closing on the nearest enemy force or holding: the bot's way to contact and capture."""
    targets = [board.squares[g.square] for g in state.forces if g.side != f.side]
    if rng.random() < 0.5:
        targets = [board.squares[h.square] for h in state.holdings if h.owner != f.side] or targets
    if not targets:
        return ()
    path, here = [], f.square
    for _ in range(rng.choice((1, 2, 3))):
        def gap(sq):
            a = board.squares[sq]
            return min(max(abs(a.col - t.col), abs(a.row - t.row)) for t in targets)

        steps = list(board.steps[here])
        if not steps:
            break
        if path and gap(here) == 1 and rng.random() < 0.5:  # sidestep along the enemy: a zone of control must stop it
            here = rng.choice([sq for sq in steps if gap(sq) > 0] or steps)
        else:
            here = min(steps, key=lambda sq: (gap(sq), rng.random()))
        path.append(here)
        if gap(here) == 0:
            break
    return tuple(path)


def command(state, board, rng: random.Random):
    """Mostly what the phase asks for (orders then ``turn`` in Phase 1, moves in Phase 2), sometimes anything."""
    ids = [f.id for f in state.forces] + ["Z9"]
    wild = rng.random() < 0.15
    if state.phase == 1 and not wild:
        if rng.random() < 0.3:
            return Turn()
        return GiveOrder(rng.choice(ids), rng.choice(("max_speed", "max_speed", "max_speed", "probe", "defend")))
    if (state.phase != 2 or not state.initiative) and not wild:
        return Turn()
    if wild and rng.random() < 0.5:
        return Turn() if rng.random() < 0.4 else GiveOrder(rng.choice(ids), rng.choice(ORDERS + ("charge",)))
    fid = rng.choice(ids if wild else ids[:-1])
    if state.initiative and rng.random() < 0.85:
        free = movable(state, state.initiative[0])
        fid = rng.choice(free) if free else fid
    f = state.force(fid)
    if f is None:
        return Move(fid, ("C3",))
    path = toward_enemy(state, board, f, rng) if rng.random() < 0.6 else random_path(rng, board, f.square)
    cm = rng.choice(board.around[f.square] or (f.square,)) if rng.random() < 0.2 else None
    return Move(fid, path, cm)


def check_move(before, after, board, cmd: Move):
    """The mover walked legal steps and stopped on entering an enemy zone of control (FW-9.7, AMB-06, AMB-16)."""
    mover = after.force(cmd.force)
    walk = list(mover.path_today)
    for a, b in zip(walk, walk[1:]):
        assert b in board.steps[a], f"{cmd.force} stepped {a}-{b} off a crossing"
    main = walk[:-1] if cmd.countermarch is not None else walk  # the counter-march ignores zones of control (AMB-57)
    assert len(main) - 1 <= 3
    enemies = {f.square for f in before.forces if f.side != mover.side}
    for i in range(1, len(main) - 1):
        sq, nxt = main[i], main[i + 1]
        in_zoc = any(sq in board.around[e] for e in enemies)
        assert not in_zoc or (nxt in enemies and sq in board.around[nxt]), f"{cmd.force} passed through a zone of control at {sq}"


def check_state(before, after, board):
    file_checks(after, board)  # what a saved campaign.json must hold (one order or one reaction, ...)
    for f in after.forces:
        assert f.square in board.squares, f"{f.id} off the land at {f.square}"
    for f in before.forces:
        g = after.force(f.id)
        if f.order == "defend" and g is not None:
            assert g.square == f.square, f"{f.id} moved under Defend"
    sides_at: dict[str, set[str]] = {}
    for f in after.forces:
        sides_at.setdefault(f.square, set()).add(f.side)
    for sq, sides in sides_at.items():
        if len(sides) == 2:
            here = {f.id for f in after.forces if f.square == sq}
            assert any(c.square == sq and here <= set(c.forces) for c in after.pending), f"hostile forces share {sq} outside a battle"


@given(
    map_seed=st.sampled_from(MAP_SEEDS),
    seed=st.integers(0, 10**6),
    naran=st.booleans(),
    siege=st.booleans(),
    steps=st.integers(5, 80),
    bot=st.integers(0, 2**32),
)
def test_random_bot_keeps_the_movement_rules(map_seed, seed, naran, siege, steps, bot):
    state, board = start_state(map_seed, seed, naran, siege)
    rng = random.Random(bot)
    for _ in range(steps):
        cmd = command(state, board, rng)
        before_json = to_json(state) if rng.random() < 0.2 else None
        try:
            new, _ = apply(state, cmd, GameDice(seed), board)
        except CommandError as exc:
            assert "\n" not in str(exc)
            if before_json is not None:
                assert to_json(state) == before_json
            continue
        check_state(state, new, board)
        if isinstance(cmd, Move):
            check_move(state, new, board, cmd)
        state = new
    assert from_json_text(dumps_state(state), "campaign.json") == state


@given(map_seed=st.sampled_from(MAP_SEEDS), seed=st.integers(0, 10**6), bot=st.integers(0, 2**32))
def test_a_counter_march_never_enters_the_enemy_nor_crosses_a_river(map_seed, seed, bot):
    state, board = start_state(map_seed, seed, False, False)
    rng = random.Random(bot)
    state, _ = apply(state, Turn(), GameDice(seed), board)
    while state.phase == 2 and state.initiative:
        fid = rng.choice(movable(state, state.initiative[0]))
        f = state.force(fid)
        options = countermarch_squares(state, board, f)
        cm = rng.choice(options) if options and f.order != "max_speed" else None
        try:
            new, _ = apply(state, Move(fid, (), cm), GameDice(seed), board)
        except CommandError:  # Max Speed with an allowance must move: step once instead
            if not board.steps[f.square]:
                raise
            new, _ = apply(state, Move(fid, (rng.choice(tuple(board.steps[f.square])),)), GameDice(seed), board)
        check_state(state, new, board)
        g = new.force(fid)
        if cm is not None and g is not None:
            assert g.square == cm and cm in board.steps[f.square]
            assert g.reaction == {"probe": "confused", "confused": "unsteady", "unsteady": "shattered"}[f.state]
        state = new
