"""Counter sets against the rulebooks: FW-1.1 per side, the campaign's holdings, RC-3/RC-4, NAP-1 and SK-1."""

from collections import Counter as Tally

import pytest

from mapgen.counters import rules as R
from mapgen.counters.roster import RosterUnit
from mapgen.counters.sets import fw_campaign_set, fw_set, renaissance_set, roster_set, stats_text
from tests.conftest import cached_map


def kinds(counters, side):
    """How many counters of each kind one side has, from the counter ids (fw-<side>-<kind>-<n>)."""
    out = Tally()
    for c in counters:
        parts = c.id.split("-")
        if parts[1] == side:
            out["-".join(parts[2:-1]) if len(parts) > 3 else parts[2]] += 1
    return out


# FW-1.1 as the source lists it (L35-L49): written out here, not read from rules.py.
FW_1_1_PER_SIDE = {
    "force": 6,
    "max-speed": 6,
    "probe": 6,
    "defend": 6,
    "confused": 6,
    "unsteady": 6,
    "shattered": 6,
    "holding": 8,
    "capital": 2,
}


@pytest.mark.parametrize("side", ["A", "B"])
def test_fw_rulebook_set_per_side_matches_fw_1_1(side):
    counters = fw_set()
    assert kinds(counters, side) == FW_1_1_PER_SIDE
    style = {"A": "red", "B": "blue"}[side]
    for c in counters:
        if c.id.startswith(f"fw-{side}-"):
            assert c.front.style == style and c.back.style == style


def test_fw_rulebook_set_has_nine_neutral_withdraw_markers_and_nothing_else():
    counters = fw_set()
    withdraw = [c for c in counters if c.id.startswith("fw-withdraw-")]
    assert len(withdraw) == 9
    assert all(c.front.style == "neutral" and c.front.title == "Withdraw" for c in withdraw)
    assert len(counters) == 2 * sum(FW_1_1_PER_SIDE.values()) + 9 == 113
    assert len({c.id for c in counters}) == len(counters)


def test_fw_backs_carry_the_other_state():
    by_id = {c.id: c for c in fw_set()}
    # FW-17.7: a holding turned over shows it sacked.
    for cid in ("fw-A-holding-1", "fw-B-capital-2"):
        assert by_id[cid].back.title == "Sacked" and by_id[cid].back.dark
    # FW-9.6 / FW-12.6: any order becomes Confused, Confused -> Unsteady -> Shattered.
    assert by_id["fw-A-max-speed-1"].back.title == "Confused"
    assert by_id["fw-B-defend-6"].back.title == "Confused"
    assert by_id["fw-A-confused-3"].back.title == "Unsteady"
    assert by_id["fw-A-unsteady-3"].back.title == "Shattered"
    shattered = by_id["fw-B-shattered-1"].back
    assert shattered.title == "Blue" and shattered.icon == "emblem-diamond"
    force = by_id["fw-A-force-4"]
    assert force.front.big == "4" and force.back.icon == "emblem-disc"


@pytest.mark.parametrize("seed,size", [(7, "medium"), (3, "small"), (11, "large"), (5, "medium")])
def test_campaign_set_has_the_holdings_of_its_map(seed, size):
    m = cached_map(seed, size)
    counters = fw_campaign_set(m)
    from mapgen.grid import square_id

    for side in ("A", "B"):
        own = [h for h in m.holdings if h.side == side]
        mine = [c for c in counters if c.id.startswith(f"fw-{side}-") and ("holding" in c.id or "capital" in c.id)]
        # One counter per holding on the map, own and enemy (FW-9.10: a captor puts down its own colour).
        # The square is the counter's big text (issue 11: the largest on a holding counter).
        assert sorted(c.front.big for c in mine) == sorted(square_id(*h.square) for h in m.holdings)
        own_counters = [c for c in mine if c.rule != R.CAPTURE_RULE]
        assert len(own_counters) == len(own)
        assert sum(c.front.title == "Capital" for c in own_counters) == 1
        # FW-17.7: sacking is Incursione's; a map's set is for the standard campaign, so no "Sacked" backs.
        assert not any(c.back.title == "Sacked" or c.back.dark for c in mine)
        k = kinds(counters, side)
        for kind in ("force", "max-speed", "probe", "defend", "confused", "unsteady", "shattered"):
            assert k[kind] == FW_1_1_PER_SIDE[kind]
    assert sum(c.id.startswith("fw-withdraw-") for c in counters) == 9


def test_renaissance_set_per_player():
    counters = renaissance_set()
    # The seats' colours (mapgen.sides), the same as a Renaissance campaign's counters and maps.
    players = [s.key.removeprefix("rc-") for s in R.RC_SEAT_STYLES[: R.RC_PLAYERS]]
    assert len(players) == 4
    for p in players:
        mine = [c for c in counters if c.id.startswith(f"rc-{p}-")]
        k = Tally(c.id.split("-")[2] for c in mine)
        # RC-3.6: three armies plus the allied one; RC-3.10: the four specialists, one each.
        assert k["army"] == 3 and k["allied"] == 1
        assert all(k[s] == 1 for s in ("engineer", "diplomat", "spy", "assassin"))
        assert k["siege"] == 4 and k["garrison"] == 6 and k["walls"] == 3 and k["advanced"] == 3
        by_id = {c.id: c for c in mine}
        # RC-3.10: the diplomat is shown on the map like an army, so its hidden side is an army's.
        assert by_id[f"rc-{p}-diplomat"].back == by_id[f"rc-{p}-army-1"].back == by_id[f"rc-{p}-allied-1"].back
        assert by_id[f"rc-{p}-spy"].back != by_id[f"rc-{p}-army-1"].back
        assert by_id[f"rc-{p}-walls-1"].back.title == "Walls damaged"
    track = [c for c in counters if c.id.startswith("rc-track-")]
    assert [c.label for c in track] == ["Spring", *(f"Summer {i}" for i in range(1, 11)), "Winter"]
    years = [c for c in counters if c.id.startswith("rc-year-")]
    assert sorted(int(c.front.big) for c in years) + sorted(int(c.back.big) for c in years) == list(range(1, 13))


def test_nap_1_table_as_printed_in_the_source():
    # NAP-1 (source 003, "Costo / Movimento / Azioni in Battaglia"), written out independently.
    expected = {
        "infantry": (6, 1, 1), "cavalry": (10, 2, 2), "artillery": (12, 1, 1), "leader": (12, 2, 2),
        "elite_infantry": (9, 1, 1), "militia": (4, 1, 1), "irregular_cavalry": (7, 2, 2), "heavy_cavalry": (13, 2, 2),
    }
    assert {k: (u.cost, u.movement, u.actions) for k, u in R.NAP_UNITS.items()} == expected


def test_sk_1_vc_table():
    assert R.SK_VC_BY_TYPE["dragon"] == 9 and R.SK_VC_BY_TYPE["hero"] == 8 and R.SK_VC_BY_TYPE["paladin"] == 7
    assert R.SK_VC_BY_TYPE["dwarf"] == 6 and R.SK_VC_BY_TYPE["orc"] == 5 and R.SK_VC_BY_TYPE["skeleton"] == 4
    assert R.SK_VC_BY_TYPE["wizard"] == 3 and R.SK_POINTS_PER_VC == 10


def test_roster_set_copies_sides_and_stats():
    units = [
        RosterUnit("Line Infantry", "France", "infantry", 3, (("cost", 6), ("movement", 1), ("actions", 1)), 2),
        RosterUnit("Cossacks", "Russia", "irregular_cavalry", 2, (("cost", 7), ("movement", 2), ("actions", 2)), 3),
        RosterUnit("Hussars", "red", "cavalry", 1, (), 4),
    ]
    counters = roster_set(units)
    assert len(counters) == 6 and len({c.id for c in counters}) == 6
    assert counters[0].front.note == "C6 M1 A1" and counters[0].front.icon == "nato-infantry"
    assert counters[3].front.icon == "nato-cavalry"
    # A side called by a colour keeps it; the others take the free colours in order.
    styles = {c.label.split()[0]: c.front.style for c in counters}
    assert styles == {"France": "blue", "Russia": "green", "red": "red"}
    assert stats_text((("vc", 5), ("points", 50))) == "VC5 50pts"
