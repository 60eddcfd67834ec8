"""The engine core: derived dice, entered faces, the store's checks, history and undo."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from mapgen import session
from mapgen.campaign import core, store
from mapgen.campaign.board import build_board
from mapgen.campaign.dice import DiceEntryError, GameDice
from mapgen.campaign.ruleset import apply
from mapgen.campaign.setup import new_campaign
from mapgen.campaign.state import MapRef, Options
from mapgen.errors import BadFileError
from mapgen.fw.generate import generate_map
from mapgen.fw.options import MapOptions
from mapgen.jsonio import dumps


@pytest.fixture(scope="module")
def fw_map():
    return generate_map(MapOptions(seed=7, size="small"))


@pytest.fixture()
def folder(tmp_path, fw_map):
    """A campaign folder as ``campaign new`` leaves it: the map copy and the state."""
    text = dumps(fw_map.to_json())
    (tmp_path / store.MAP_FILE).write_text(text, encoding="utf-8")
    sha = store.sha256_bytes(text.encode("utf-8"))
    board = store.register_board(sha, build_board(fw_map))
    state = new_campaign(fw_map, board, MapRef("fw-map.json", sha), 7, Options())
    state, _ = core.begin(state, GameDice(7), board)
    (tmp_path / store.CAMPAIGN_FILE).write_text(store.dumps_state(state), encoding="utf-8")
    return tmp_path


# --- dice ---------------------------------------------------------------------------------------


def _faces(dice: GameDice, place: str, n: int = 5) -> list[int]:
    return [dice.roll("1D6", day=3, phase=2, place=place, rule="T", text="t").faces[0] for _ in range(n)]


def test_same_place_same_faces_whatever_else_was_rolled():
    a = GameDice("winter")
    b = GameDice("winter")
    _faces(b, "B1/move", 7)  # other rolls first do not shift A1's faces
    assert _faces(a, "A1/move") == _faces(b, "A1/move")


def test_another_seed_or_place_gives_other_faces():
    base = _faces(GameDice(1), "A1/move", 20)
    assert _faces(GameDice(2), "A1/move", 20) != base
    assert _faces(GameDice(1), "A2/move", 20) != base


def test_each_face_equally_likely():
    d = GameDice(5)
    counts = [0] * 6
    for i in range(6000):
        counts[d.roll("1D6", day=1, phase=0, place=f"p{i}", rule="T", text="t").total - 1] += 1
    assert all(900 < c < 1100 for c in counts), counts


def test_entered_faces_come_first_and_are_marked():
    d = GameDice(7, entered=[6, 1])
    r = d.roll("2D6", day=1, phase=2, place="x", rule="T", text="t")
    assert r.faces == (6, 1) and r.entered and r.total == 7
    later = d.roll("1D6", day=1, phase=2, place="x", rule="T", text="t")
    assert not later.entered


def test_an_impossible_entered_face_is_refused():
    d = GameDice(7, entered=[7])
    with pytest.raises(DiceEntryError, match="D6"):
        d.roll("1D6", day=1, phase=2, place="x", rule="T", text="t")


def test_unused_entered_faces_refuse_the_command(folder):
    loaded = session.load(folder)
    prober = next(f for f in loaded.state.forces if f.order == "probe")
    # the Force Test throws one die (FW-8.2): the second face entered is left over
    with pytest.raises(core.CommandError, match="rolled only 1 .*unused: 2"):
        apply(loaded.state, core.GiveOrder(prober.id, "max_speed"), GameDice(7, entered=[5, 2]), loaded.board)


# --- the store ------------------------------------------------------------------------------------


def test_state_round_trips_through_json(folder):
    loaded = session.load(folder)
    assert store.from_json_text(store.dumps_state(loaded.state), "x") == loaded.state
    assert store.dumps_state(loaded.state) == loaded.text


@pytest.mark.parametrize(
    "edit, field",
    [
        (lambda d: d["forces"][0]["leader"].update(cv=9), "forces[0].leader.cv"),
        (lambda d: d["forces"][1].update(order="charge"), "forces[1].order"),
        (lambda d: d["sides"][0].pop("points"), "sides[0].points"),
        (lambda d: d.update(day="three"), "day"),
        (lambda d: d["forces"][0].update(units="many"), "forces[0].units"),
    ],
)
def test_a_hand_broken_field_is_named(folder, edit, field):
    path = folder / store.CAMPAIGN_FILE
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    with pytest.raises(BadFileError, match="campaign.json: field '" + re.escape(field) + "'"):
        session.load(folder)


def test_a_force_in_the_sea_or_off_the_map_is_named(folder, fw_map):
    path = folder / store.CAMPAIGN_FILE
    data = json.loads(path.read_text())
    data["forces"][2]["square"] = "Z99"
    path.write_text(json.dumps(data))
    with pytest.raises(BadFileError, match=r"forces\[2\]\.square.*Z99 is not a land square"):
        session.load(folder)


def test_a_changed_map_copy_is_refused(folder):
    path = folder / store.MAP_FILE
    path.write_text(path.read_text().replace('"seed"', '"seed" ', 1))
    with pytest.raises(BadFileError, match="changed since the campaign began"):
        session.load(folder)


def test_save_then_undo_restores_the_bytes(folder):
    before = (folder / store.CAMPAIGN_FILE).read_bytes()
    loaded = session.load(folder)
    new = replace(loaded.state, day=2)
    session.save(loaded, new, {"command": "test"})
    assert (folder / store.CAMPAIGN_FILE).read_bytes() != before
    assert session.commands(folder) == [{"command": "test"}]
    undone = session.undo(folder)
    assert undone == {"command": "test"}
    assert (folder / store.CAMPAIGN_FILE).read_bytes() == before
    assert session.commands(folder) == []
    with pytest.raises(BadFileError, match="nothing to undo"):
        session.undo(folder)


def test_a_broken_state_is_never_undone_over(folder):
    loaded = session.load(folder)
    session.save(loaded, replace(loaded.state, day=2), {"command": "test"})
    path = folder / store.CAMPAIGN_FILE
    path.write_text("{ not json")
    with pytest.raises(BadFileError):
        session.undo(folder)
    assert path.read_text() == "{ not json"


def test_a_campaign_starts_on_a_map_with_a_holding_on_its_first_column():
    """Seed 17's medium map puts a holding in column A: forces placed beside it must not look at column -1."""
    from mapgen.campaign.setup import start_campaign

    m = generate_map(MapOptions(seed=17, size="medium"))
    state = start_campaign(m, dumps(m.to_json()).encode("utf-8"), "fw-map.json", 17, Options(), forces_per_side=6)
    assert len(state.side_forces("A")) == 6 and len(state.side_forces("B")) == 6


@pytest.mark.parametrize("cold", [False, True], ids=["warm", "cold-caches"])
@pytest.mark.parametrize("dice,throws", [("1D6", 40), ("7D6", 9), ("40D6", 3), ("1D200", 30), ("5D200", 7)])
def test_faces_are_the_place_s_hash_bytes_in_order_skipping_the_uneven_top(dice, throws, cold, monkeypatch):
    """The derivation in dice.py's docstring, byte by byte: BLAKE2b(key=seed; "day/phase/place#block"), bytes >= 256 - 256 % sides skipped.

    ``cold``: as the first roll of a fresh process, before any expression, die or seed is cached.
    """
    import hashlib

    if cold:
        from mapgen.engine import dice as dice_module

        for cache in ("_EXPRS", "_FACES", "_KEYED", "_BANDS"):
            monkeypatch.setattr(dice_module, cache, {})

    count, sides = (int(x) for x in dice.split("D"))
    key_hash = hashlib.blake2b(key=(9).to_bytes(8, "big"), digest_size=32)
    limit = 256 - 256 % sides
    expected, block = [], 0
    while len(expected) < count * throws:
        h = key_hash.copy()
        h.update(f"3/2/A1/test#{block}".encode())
        expected += [b % sides + 1 for b in h.digest() if b < limit]
        block += 1
    d = GameDice(9)
    got = [x for _ in range(throws) for x in d.roll(dice, day=3, phase=2, place="A1/test", rule="T", text="t").faces]
    assert got == expected[: count * throws]


def test_the_board_marks_every_crossing_square_and_the_maps_territory(fw_map):
    # FW-9.2 [NT]: a bridge cancels the river modifier, so the squares at a bridge/ford must say so;
    # FW-2.3: each square's territory is the map's A, N or B
    from mapgen.campaign.board import square_id

    board = build_board(fw_map)
    at = {(square_id(*sq), c.kind) for c in fw_map.crossings for sq in c.squares}
    assert at, "the map has crossings to check"
    assert all(getattr(board.squares[sid], kind) for sid, kind in at)
    assert {s.id for s in board.squares.values() if s.ford} == {sid for sid, kind in at if kind == "ford"}
    for s in board.squares.values():
        assert s.territory == str(fw_map.territory[s.row, s.col]) and s.territory in ("A", "N", "B")


# --- setup: default forces and where they start (FW-2.4, FW-4.3) ------------------------------------


def test_a_force_placed_beside_a_first_row_holding_looks_down_the_map():
    # FW-2.4 [DEV]: C1 is on the first row and its row neighbours B1, D1 are taken: the next friendly
    # square is on row 2 (make_board: rows 1-2 are side A's), B2 the first of them
    from mapgen.campaign.setup import _near

    from .test_campaign_battle import make_board

    assert _near(make_board(), "C1", "A", {"B1", "D1"}) == "B2"


def test_a_share_too_small_for_a_whole_unit_buys_its_first_unit_cut_to_fit():
    # templates/campaign/default-forces.yaml: barbarian Warriors, 20 models at 6 points (120 > 60):
    # 60 points buy 10 of them, still at 6 points a model
    from mapgen.campaign.setup import default_roster
    from mapgen.campaign.state import Unit

    (spec,) = default_roster("barbarians", 60, 1, "A")
    assert spec.units == (Unit("A1-U1", "infantry", "average", 10, 6),)


def test_a_side_with_one_holding_gets_one_default_force(fw_map):
    # one default force per holding: side A keeps only its capital, so it fields one force
    from dataclasses import replace

    capital = [h for h in fw_map.holdings if h.side == "A" and h.capital]
    m = replace(fw_map, holdings=tuple(capital + [h for h in fw_map.holdings if h.side != "A"]))
    s = new_campaign(m, build_board(m), MapRef("fw-map.json", "0" * 64), 7, Options())
    assert [f.id for f in s.side_forces("A")] == ["A1"]
    assert len(s.side_forces("B")) == sum(h.side == "B" for h in fw_map.holdings)


def test_a_roster_square_for_a_side_with_no_holdings_says_so():
    # FW-2.4: a force starts on or next to its side's holdings; with none, the message says so
    from mapgen.campaign.roster import CampaignRosterError, check_squares
    from mapgen.campaign.setup import ForceSpec
    from mapgen.campaign.state import Leader

    from .test_campaign_battle import make_board, unit

    spec = ForceSpec(Leader("Ragnar", 3), (unit("A1-U1"),), square="C3", line=4)
    with pytest.raises(CampaignRosterError, match=r"^a.yaml line 4, field 'square': C3 is neither a holding of side A .*: no holdings\)$"):
        check_squares([spec], make_board(), "A", "a.yaml", set())


def test_a_roster_square_next_to_a_holding_counts_only_in_the_sides_own_territory():
    # FW-2.4: a force starts on or next to one of its side's holdings; [DEV] next to one only in its own territory
    from mapgen.campaign.roster import CampaignRosterError, check_squares
    from mapgen.campaign.setup import ForceSpec
    from mapgen.campaign.state import Leader

    from .test_campaign_battle import make_board, unit

    def spec(square):
        return ForceSpec(Leader("Ragnar", 3), (unit("A1-U1"),), square=square, line=4)

    board = make_board()  # rows 1-2 side A's territory, 3-4 neutral
    check_squares([spec("B2"), spec("C2"), spec("A1")], board, "A", "a.yaml", {"B2"})  # on it, next to it (both in A)
    for far in ("E2", "B3"):  # in A's territory two squares off; next to B2 but neutral
        with pytest.raises(CampaignRosterError, match=f"{far} is neither a holding of side A nor next to one in its territory"):
            check_squares([spec(far)], board, "A", "a.yaml", {"B2"})


@pytest.mark.parametrize("zone, season", [("temperate", "monsoon"), ("torrid", "winter"), ("cold", "summer")])
def test_a_season_the_zone_cannot_have_is_named(folder, zone, season):
    # FW-7.3: temperate zones roll spring to winter, torrid ones great rains or dry; a cold zone is always winter (AMB-09)
    path = folder / store.CAMPAIGN_FILE
    data = json.loads(path.read_text())
    data["weather"].update(zone=zone, season=season)
    path.write_text(json.dumps(data))
    with pytest.raises(BadFileError, match=r"field 'weather.season'.*FW-7.3"):
        session.load(folder)
