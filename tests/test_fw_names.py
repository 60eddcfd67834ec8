"""The names stage of the campaign map (issue 11): what gets a name, whose names, and that naming
changes nothing else."""

from __future__ import annotations

import copy
import json
from collections import Counter

import numpy as np
import pytest

from mapgen.fw import generate
from mapgen.fw.generate import generate_map
from mapgen.fw.model import FwMap, read_fw_map
from mapgen.fw.names import PlaceNames
from mapgen.fw.options import MapOptions
from mapgen.fw.rules import RACES
from mapgen.fw.setup_sheet import setup_sheet
from mapgen.naming import load_table

from .conftest import cached_map

#: Maps of every size and race pairing, a torrid and a cold climate among them.
MAPS = [(seed, size, (RACES[seed % 9], RACES[(seed * 4 + 1) % 9])) for seed in range(10) for size in ("small", "medium")]
MAPS += [(3, "large", ("dwarves", "orcs")), (7, "large", ("wood_elves", "goblins"))]


def _all_names(m: FwMap) -> list[str]:
    return [h.name for h in m.holdings] + [r.name for r in m.rivers] + [p.name for p in m.chains + m.regions]


def _groups(mask: np.ndarray) -> list[set]:
    """8-connected groups of True squares, as sets of (col, row): written out here, not the stage's own."""
    todo = {(int(c), int(r)) for r, c in zip(*np.nonzero(mask))}
    out = []
    while todo:
        stack = [todo.pop()]
        group = set(stack)
        while stack:
            c, r = stack.pop()
            for dc in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    n = (c + dc, r + dr)
                    if n in todo:
                        todo.discard(n)
                        group.add(n)
                        stack.append(n)
        out.append(group)
    return out


@pytest.mark.parametrize("seed,size,races", MAPS)
def test_every_holding_river_chain_and_region_has_a_name_none_twice(seed, size, races):
    m = cached_map(seed, size, races)
    names = _all_names(m)
    assert all(n.strip() for n in names)
    assert len({n.lower() for n in names}) == len(names), Counter(names).most_common(3)
    assert m.chains or not np.isin(m.terrain, ["hills", "mountain"]).any()


@pytest.mark.parametrize("seed,size,races", MAPS)
def test_chains_hold_all_high_ground_and_regions_every_area_of_three_squares(seed, size, races):
    m = cached_map(seed, size, races)
    high = {sq for p in m.chains for sq in p.squares}
    assert high == {(int(c), int(r)) for r, c in zip(*np.nonzero(np.isin(m.terrain, ["hills", "mountain"])))}
    assert sum(len(p.squares) for p in m.chains) == len(high)  # no square in two chains
    for p in m.chains:
        mountains = sum(m.terrain_at(sq) == "mountain" for sq in p.squares)
        if mountains == 0:
            assert p.kind == "hills"
        elif mountains * 2 >= len(p.squares):
            assert p.kind == "mountains"
    named = {sq for p in m.regions for sq in p.squares}
    for kind, terrains in (("forest", ["forest"]), ("jungle", ["jungle"]), ("swamp", ["swamp"]), ("desert", ["desert"]),
                           ("uncultivated", ["uncultivated"])):
        for group in _groups(np.isin(m.terrain, terrains)):
            assert (group <= named) == (len(group) >= 3), (kind, sorted(group))
    for p in m.regions:
        assert len(p.squares) >= 3 and {m.terrain_at(sq) for sq in p.squares} == {p.kind}


@pytest.mark.parametrize("seed,size,races", MAPS[:8])
def test_names_come_from_the_people_of_the_place(seed, size, races):
    m = cached_map(seed, size, races)
    race = {s.id: s.race for s in m.sides}
    for p in m.chains + m.regions:
        counts = Counter(str(m.territory[r, c]) for c, r in p.squares)
        top = max(counts.values())
        assert p.race in {race.get(t, "neutral") for t, n in counts.items() if n == top}


def _begins(name: str, race: str, words=()) -> bool:
    """Whether ``name`` starts with one of the race's beginnings (a join may trim its last letter) or words."""
    starts = [f[: max(2, len(f) - 1)] for f in load_table(race).first] + list(words)
    return name.startswith(tuple(starts))


def test_a_dwarf_holding_is_named_by_dwarves_and_an_orc_one_by_orcs():
    m = cached_map(3, "large", ("dwarves", "orcs"))
    races = Counter()
    for h in m.holdings:
        race = m.side(h.side).race
        races[race] += 1
        if race == "dwarves":
            assert _begins(h.name, "dwarves", ("Karak ", "Khazad ", "Karaz ")), h.name
            assert not _begins(h.name, "orcs", ("Gor ", "Dush ")) or _begins(h.name, "dwarves"), h.name
        else:
            assert _begins(h.name, "orcs", ("Gor ", "Dush ")), h.name
    assert races == {"dwarves": 7, "orcs": 7}


def test_the_same_seed_gives_the_same_names():
    a = generate_map(MapOptions(seed=12, size="small", races=("orcs", "undead")))
    b = generate_map(MapOptions(seed=12, size="small", races=("orcs", "undead")))
    assert _all_names(a) == _all_names(b)
    c = generate_map(MapOptions(seed=13, size="small", races=("orcs", "undead")))
    assert _all_names(a) != _all_names(c)


def _without_names(data: dict) -> dict:
    data = copy.deepcopy(data)
    for key in ("chains", "regions"):
        data.pop(key)
    for item in data["holdings"] + data["rivers"]:
        item.pop("name")
    return data


@pytest.mark.parametrize("seed,size,races", [(7, "medium", ("humans", "humans")), (3, "large", ("dwarves", "orcs"))])
def test_naming_changes_nothing_else_and_rolls_no_die(monkeypatch, seed, size, races):
    named = generate_map(MapOptions(seed=seed, size=size, races=races)).to_json()

    def no_names(seed, sides, terrain, territory, holdings, rivers, *rest, **more):  # whatever else it is given
        return PlaceNames([""] * len(holdings), [""] * len(rivers), [], [])

    monkeypatch.setattr(generate, "name_places", no_names)
    bare = generate_map(MapOptions(seed=seed, size=size, races=races)).to_json()
    assert _without_names(named) == _without_names(bare)
    assert named["dice_log"] == bare["dice_log"]


def test_names_go_through_the_file_and_older_files_still_load(tmp_path):
    m = cached_map(3, "large", ("dwarves", "orcs"))
    data = m.to_json()
    assert data["chains"][0] == {"name": m.chains[0].name, "kind": m.chains[0].kind, "race": m.chains[0].race,
                                 "squares": data["chains"][0]["squares"]}
    path = tmp_path / "fw-map.json"
    path.write_text(json.dumps(data))
    back = read_fw_map(path)  # the JSON Schema, then the fields
    assert _all_names(back) == _all_names(m)
    assert [p.squares for p in back.chains + back.regions] == [p.squares for p in m.chains + m.regions]
    old = _without_names(data)
    path.write_text(json.dumps(old))
    back = read_fw_map(path)
    assert back.chains == back.regions == [] and all(h.name == "" for h in back.holdings)
    assert "## Names" not in setup_sheet(back)


def test_a_bad_chain_in_the_file_names_its_field(tmp_path):
    data = cached_map(7, "medium").to_json()
    data["chains"][0]["kind"] = "volcano"
    with pytest.raises(Exception, match=r"chains\[0\]\.kind"):
        FwMap.from_json(data)


def test_the_setup_sheet_lists_every_name_with_its_squares():
    m = cached_map(3, "large", ("dwarves", "orcs"))
    text = setup_sheet(m)
    for h in m.holdings:
        assert f"| {h.name} | {'capital' if h.capital else 'holding'} |" in text
    names = text.split("## Names", 1)[1].split("\n## ", 1)[0]
    for p in m.chains + m.regions:
        assert f"**{p.name}** ({p.race.replace('_', ' ')}): " in names
        assert f"{chr(65 + p.squares[0][0])}{p.squares[0][1] + 1}" in names
    for r in m.rivers:
        assert f"**{r.name}**" in names


def test_regions_of_every_kind_come_from_one_labelling_as_from_one_per_kind():
    # places.groups_by_kind labels the grid once for all region kinds; each kind's groups must be
    # those of its own mask (squares of another kind never join them, whatever touches what).
    from mapgen.fw import places as P

    rng = np.random.default_rng(2)
    kinds = P.REGION_KINDS
    for shape in ((1, 1), (3, 7), (15, 10), (40, 33)):
        for _ in range(5):
            t = np.array([*kinds, "plain", "hills"])[rng.integers(0, len(kinds) + 2, shape)]
            by_kind = P.groups_by_kind(t, kinds)
            for kind in kinds:
                alone = P.groups(t == kind)
                assert [g.tolist() for g in by_kind[kind]] == [g.tolist() for g in alone], (shape, kind)


def test_all_groups_cut_at_once_give_each_group_the_parts_it_gets_alone():
    # places.split_all cuts every group in one go; each group's parts must be split's of that group alone,
    # crumbs and ties of distance included (small part sizes make many seeds and many crumbs).
    from mapgen.fw import places as P

    rng = np.random.default_rng(5)
    for shape in ((1, 9), (12, 7), (30, 41), (64, 64)):
        for density in (0.45, 0.6, 0.8):
            t = np.where(rng.random(shape) < density, "hills", "plain")
            by_code, a, b = P.labelled_groups(P.kind_codes(t, ("hills",)), t.shape, 1)
            for part, smallest in ((3, 2), (7, 3), (20, 3), (40, 3)):
                together = P.split_all(by_code[1], a, b, shape[1], part, smallest)
                alone = [P.split(g, shape[1], part, smallest) for g in by_code[1]]
                assert [[p.tolist() for p in ps] for ps in together] == [[p.tolist() for p in ps] for ps in alone], (shape, part)


def test_the_banks_of_all_rivers_at_once_are_each_rivers_own():
    from mapgen.fw.model import River
    from mapgen.fw.names import banks, river_squares

    m = cached_map(seed=12, size="large")
    assert banks(m.rivers, m.width, m.height) == [river_squares(r, m.width, m.height) for r in m.rivers]
    edge = [River([(0, 0), (0, 2), (1, 2)], "edge"), River([(5, 5)], "edge")]  # a long segment: edge by edge
    assert banks(edge, 4, 4) == [river_squares(r, 4, 4) for r in edge]


def test_a_river_bears_the_names_of_the_territory_most_of_its_edges_run_by_its_mouths_on_a_tie():
    from collections import Counter

    from mapgen.fw.model import River
    from mapgen.fw.names import river_people, river_squares

    def by_hand(rivers, territory, race):
        h, w = territory.shape
        out = []
        for r in rivers:
            seen = [str(territory[row, col]) for col, row in river_squares(r, w, h)]
            if not seen:
                out.append("neutral")
                continue
            counts = Counter(seen)
            top = max(counts.values())
            most = seen[-1] if counts[seen[-1]] == top else next(t for t in seen if counts[t] == top)
            out.append(race.get(most, "neutral"))
        return out

    race = {"A": "dwarves", "B": "orcs"}
    for seed in (3, 12, 21):
        m = cached_map(seed=seed, size="large")
        assert river_people(m.rivers, m.territory, race) == by_hand(m.rivers, m.territory, race)
    territory = np.array([["A", "B", "B"], ["A", "N", "B"], ["A", "A", "N"]])
    # one edge between N and B, mouth B: B; one between A and N, mouth N: N (the first met would be A);
    # A twice, B and N once: A; then one off the square sides and one of a single point
    rivers = [River([(2, 1), (2, 2)], "edge"), River([(1, 1), (1, 2)], "edge"), River([(1, 0), (1, 1), (1, 2)], "edge"),
              River([(0, 0), (0, 2), (1, 2)], "edge"), River([(2, 2)], "edge")]
    assert river_people(rivers[:3], territory, race) == by_hand(rivers[:3], territory, race) == ["orcs", "neutral", "dwarves"]
    assert river_people(rivers, territory, race) == by_hand(rivers, territory, race)


def test_a_place_bears_the_names_of_the_territory_most_of_it_lies_in_the_first_met_on_a_tie():
    from mapgen.fw.names import most_territory

    territory = np.array([["A", "A", "N", "B"], ["B", "N", "N", "B"], ["A", "B", "B", "N"]])
    parts = [np.array([0, 1, 2]), np.array([2, 3]), np.array([3, 2]), np.array([4, 5, 6, 8]), np.array([9]), np.array([1, 4, 10, 11])]
    # A A N -> A; N B tie -> N (met first); B N tie -> B; B N N A -> N; B; A B B N -> B
    assert most_territory(parts, territory) == ["A", "N", "B", "N", "B", "B"]
    assert most_territory([], territory) == []
    rng = np.random.default_rng(1)
    big = np.array(["A", "N", "B"])[rng.integers(0, 3, (20, 20))]
    flat = big.ravel().tolist()
    parts = [np.sort(rng.choice(400, size=int(rng.integers(1, 30)), replace=False)) for _ in range(200)]
    expect = []
    for part in parts:
        seen = [flat[i] for i in part]
        top = max(seen.count(t) for t in seen)
        expect.append(next(t for t in seen if seen.count(t) == top))
    assert most_territory(parts, big) == expect
