"""Every id players type is on the paper (issue 25): the country map labels each place with its id, and
``campaign status`` lists the places by id and name.

Commands take a place's id (``A-1``); the map used to show ids only at crossing points while its legend
said "node labels are the ids in country.json".
"""

from __future__ import annotations

import json
import re

import pytest

from mapgen.country.generate import generate_countries
from mapgen.render.country import render_country

from .cli_helpers import run


def _words(svg: str) -> str:
    return " ".join(re.findall(r">([^<>]+)<", svg))


@pytest.mark.parametrize("seed,countries,neutrals", [(11, 2, 0), (4, 3, 1), (23, 4, 0)])
def test_every_place_id_is_printed_on_the_country_map(seed, countries, neutrals):
    cm = generate_countries(seed, countries, neutrals)
    words = _words(render_country(cm).tostring())
    for node, data in cm.graph.nodes(data=True):
        # Every node of the road graph is a place a path may name: its id stands on the map.
        assert re.search(rf"(?<![\w-]){re.escape(node)}(?![\w-])", words), f"{node} ({data['kind']}) has no id on the map"
        name = data.get("name")
        if name:  # a named place: its id right after its name, as one label
            assert f"{name} ({node})" in words, node


def test_status_lists_every_place_by_id_and_name(tmp_path, capsys):
    kit = tmp_path / "kit"
    assert run(["new", "--campaign", "renaissance", "--seed", "11", "--countries", "2", "--out", str(kit)], capsys)[0] == 0
    code, out, _err = run(["campaign", "status", str(kit), "--side", "P1"], capsys)
    assert code == 0
    nodes = {n["id"]: n for n in json.loads((kit / "country.json").read_text(encoding="utf-8"))["nodes"]}
    places = json.loads((kit / "campaign.json").read_text(encoding="utf-8"))["places"]
    lines = out.splitlines()
    assert "Places (id, name, kind, holder):" in lines
    for p in places:
        node = nodes[p["node"]]
        assert any(re.match(rf"\s+{re.escape(p['node'])}\s+{re.escape(node['name'])}\s", line) for line in lines), p["node"]


def test_status_of_a_fantasy_warriors_campaign_names_its_holdings(tmp_path, capsys):
    kit = tmp_path / "fw"
    assert run(["campaign", "new", str(kit), "--seed", "3", "--size", "small"], capsys)[0] == 0
    code, out, _err = run(["campaign", "status", str(kit)], capsys)
    assert code == 0
    holdings = json.loads((kit / "fw-map.json").read_text(encoding="utf-8"))["holdings"]
    for h in holdings:
        assert re.search(rf"^\s+{h['square']}\s+{re.escape(h['name'])}$", out, re.M), h
