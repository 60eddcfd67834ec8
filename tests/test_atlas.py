"""The campaign atlas (issue 13): what the page holds, for whom, and when it is written.

Expected values come from the campaign's own files (``fw-map.json``,
``campaign.json``, ``country.json``, the battle folders) and from the rules:
the FW-9.2 movement modifiers are typed here from the digest.  What the page
does in a browser is ``test_atlas_browser.py``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
from html import unescape
from pathlib import Path

import pytest

from mapgen.atlas import ATLAS_FILE, build_atlas, write_atlas
from mapgen.atlas.folder import counter_fronts, pdf_files
from mapgen.atlas.page import markdown_html, script_json
from mapgen.render.templates import template_path

from .atlas_helpers import fw_kit, images, page_data, plan_image, play_until_battles, text_of
from .cli_helpers import run

EVIL_A = "<script>alert(1)</script>"
EVIL_B = '"><img src=x onerror=alert(2)>'
EVIL_HOLDING = "</script><script>alert(3)</script>"
EVIL_LEADER = "<b onmouseover=alert(4)>Evil</b>"


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    """``mapgen new --seed 11 --size small`` without PDFs (the page links PDFs, never reads them)."""
    folder = tmp_path_factory.mktemp("atlas") / "kit"
    fw_kit(folder, seed=11, size="small")
    return folder


@pytest.fixture
def played(kit, tmp_path):
    """A copy of the kit to play commands in."""
    folder = tmp_path / "camp"
    shutil.copytree(kit, folder)
    return folder


def _map(folder: Path) -> dict:
    return json.loads((folder / "fw-map.json").read_text())


# --------------------------------------------------------------------------- what the page holds


def test_new_writes_the_page_with_every_holding_battlefield(kit):
    html = (kit / ATLAS_FILE).read_text(encoding="utf-8")
    holdings = sorted({h["square"] for h in _map(kit)["holdings"]})
    for sq in holdings:
        # the plan the kit drew, byte for byte, and its setup sheet
        assert plan_image(html, f"kit-{sq}") == (kit / f"battlefields/battlefield-{sq}.svg").read_text(encoding="utf-8")
        assert f"Battlefield of square {sq}" in html
    details = page_data(html)["details"]
    assert sorted(sq for sq, d in details.items() if d["plans"]) == holdings
    assert html.startswith("<!DOCTYPE html>") and '<html lang="en">' in html


#: FW-9.2, the rows that count without the [NT] option: the terrain of the starting square.
START = {"mountain": -3, "forest": -2, "jungle": -2, "swamp": -1}


def _expected_move(sq: dict, side: str, bridged: set[str]) -> int:
    """FW-9.2 for a force on Probe on day 1 (no weather): terrain, river unless bridged, territory +1 / -1."""
    total = START.get(sq["terrain"], 0)
    if sq["river"] and sq["id"] not in bridged:
        total -= 1
    if sq["territory"] != "N":
        total += 1 if sq["territory"] == side else -1
    return total


def test_every_square_says_what_fw_map_json_says(kit):
    from mapgen.fw.rules import TERRAIN, WATER

    m = _map(kit)
    details = page_data((kit / ATLAS_FILE).read_text(encoding="utf-8"))["details"]
    assert sorted(details) == sorted(s["id"] for s in m["squares"])
    bridged = {sq for c in m["crossings"] if c["kind"] == "bridge" for sq in c["squares"]}
    bridged |= {s["id"] for s in m["squares"] if "bridge" in s["features"]}
    for s in m["squares"]:
        d = details[s["id"]]
        assert d["terrain"] == TERRAIN[s["terrain"]].label
        assert d["road"] == ("yes" if s["road"] else "no")
        assert (d["river"] != "no") == s["river"]
        for name in s["features"]:
            assert any(f.startswith(name.replace("_", " ")) for f in d["features"]), (s["id"], name)
        if s["terrain"] in WATER:
            assert d["movement"] == ["water: no force enters it (FW-9.4)"]
        else:
            for side, line in zip("AB", d["movement"]):
                total = _expected_move(s, side, bridged)
                assert line.startswith(f"side {side}: {'+' if total >= 0 else ''}{total} "), (s["id"], line)
    for c in m["crossings"]:
        a, b = c["squares"]
        assert f"{c['kind']} to {b}" in details[a]["crossings"] and f"{c['kind']} to {a}" in details[b]["crossings"]
    for h in m["holdings"]:
        d = details[h["square"]]
        assert d["name"] == h["name"] and ("capital" if h["capital"] else "holding") in d["holding"]
        assert d["control"].startswith(f"side {h['side']} (")  # day 1: each side holds what the map gave it


def test_forces_stand_where_campaign_json_puts_them(kit):
    state = json.loads((kit / "campaign.json").read_text())
    details = page_data((kit / ATLAS_FILE).read_text(encoding="utf-8"))["details"]
    for f in state["forces"]:
        words = details[f["square"]]["forces"]
        assert any(w.startswith(f"{f['id']} of side {f['side']}") and f["leader"]["name"] in w and (f["order"] or "") in w for w in words)


def test_the_page_is_the_same_for_the_same_folder(kit, tmp_path):
    assert build_atlas(kit) == build_atlas(kit) == (kit / ATLAS_FILE).read_text(encoding="utf-8")
    again = tmp_path / "again"
    fw_kit(again, seed=11, size="small")
    assert (again / ATLAS_FILE).read_bytes() == (kit / ATLAS_FILE).read_bytes()


def test_the_page_loads_nothing_and_runs_only_its_own_scripts(kit):
    html = (kit / ATLAS_FILE).read_text(encoding="utf-8")
    csp = unescape(re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html).group(1))
    policy = dict((part.split()[0], part.split()[1:]) for part in csp.split("; "))
    assert policy["default-src"] == ["'none'"] and policy["img-src"] == ["data:"]
    scripts = re.findall(r"<script>(.*?)</script>", html, flags=re.S)
    assert len(scripts) == 2  # svg-pan-zoom and the page's own; the third block is JSON data
    hashes = ["'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'" for s in scripts]
    assert sorted(policy["script-src"]) == sorted(hashes)
    assert not re.search(r'(src|href)="(https?:)?//', html)  # nothing from the network, not even a CDN
    assert not re.search(r"\son[a-z]+=", html.split(DATA_START)[0].split("<svg", 1)[1])  # no inline event handlers


DATA_START = '<script type="application/json"'


# --------------------------------------------------------------------------- names typed by players


@pytest.fixture(scope="module")
def evil(tmp_path_factory):
    """A campaign whose sides, a holding and a leader are named to break out of HTML."""
    root = tmp_path_factory.mktemp("evil")
    kit_dir = root / "kit"
    fw_kit(kit_dir, seed=5, size="small", formats=("json",))
    data = _map(kit_dir)
    data["sides"][0]["name"], data["sides"][1]["name"] = EVIL_A, EVIL_B
    data["holdings"][0]["name"] = EVIL_HOLDING
    (root / "evil.json").write_text(json.dumps(data))
    (root / "a.yaml").write_text(f'forces:\n  - leader: {{name: "{EVIL_LEADER}", cv: 4}}\n    units:\n'
                                 "      - {type: infantry, quality: average, figures: 20, points: 6}\n")
    return root


def test_names_typed_by_players_are_only_text(evil, capsys):
    folder = evil / "camp"
    code, _, err = run(["campaign", "new", str(folder), "--map", str(evil / "evil.json"), "--roster", f"A={evil / 'a.yaml'}"], capsys)
    assert code == 0, err
    html = (folder / ATLAS_FILE).read_text(encoding="utf-8")
    for name in (EVIL_A, EVIL_B, EVIL_HOLDING, EVIL_LEADER):
        assert name not in html  # never as markup: escaped in HTML and SVG, \u003c in the JSON
        assert name in text_of(html) or name in json.dumps(page_data(html), ensure_ascii=False)
    assert len(re.findall(r"<script\b", html)) == 3
    assert f"Fantasy Warriors campaign: {EVIL_A} (" in unescape(re.search(r"<h1>(.*?)</h1>", html).group(1))
    data = page_data(html)
    holding = data["details"][_map(evil / "camp")["holdings"][0]["square"]]
    assert holding["name"] == EVIL_HOLDING and any(EVIL_LEADER in f for d in data["details"].values() for f in d["forces"])


def test_the_data_block_and_the_sheets_cannot_hold_markup():
    text = script_json({"name": "</script><!-- <script>", "and": "&amp;"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"name": "</script><!-- <script>", "and": "&amp;"}
    html = markdown_html("# Side <script>alert(1)</script>\n\n[x](javascript:alert(2)) <img src=x onerror=alert(3)>\n")
    assert "<script" not in html and "<img" not in html and "javascript:" not in html.split("href=")[-1][:20]
    assert "<h3>Side &lt;script&gt;" in html  # a sheet's headings go under the page's own


# --------------------------------------------------------------------------- one side's page


def test_a_side_page_shows_only_what_that_side_may_know(played, capsys):
    code, out, err = run(["campaign", "order", str(played), "B2", "max_speed"], capsys)
    assert code == 0, err
    assert run(["atlas", str(played), "--side", "A"], capsys)[0] == 0
    state = json.loads((played / "campaign.json").read_text())
    page_a = (played / "index-A.html").read_text(encoding="utf-8")
    everything = (played / ATLAS_FILE).read_text(encoding="utf-8")
    seen_a = text_of(page_a) + json.dumps(page_data(page_a), ensure_ascii=False) + "".join(images(page_a))
    for f in state["forces"]:
        own = f["side"] == "A"
        assert (f["leader"]["name"] in seen_a) == own, f["id"]  # FW-4.2.g: the enemy is a counter, no leader
        assert f["leader"]["name"] in text_of(everything)
    secret_b = [e for e in state["log"] if e["secret"] and e["side"] == "B"]
    assert secret_b, "the order test of B2 is B's secret"
    for e in secret_b:
        assert e["text"] not in text_of(page_a) and e["text"] in text_of(everything)
    b = next(s for s in state["sides"] if s["id"] == "B")
    assert re.search(r"Side B: .*?</td><td>2000</td>\s*<td>hidden</td>", page_a, flags=re.S)  # banked points (FW-15)
    assert f"<td>{b['reinforcement_points']}</td>" in everything.split("The sides")[1].split("</table>")[0]


def test_commands_rewrite_the_pages_and_undo_takes_them_back(played, capsys):
    assert run(["atlas", str(played), "--side", "A"], capsys)[0] == 0
    code, out, err = run(["campaign", "order", str(played), "A2", "max_speed"], capsys)
    assert code == 0, err
    line = out.splitlines()[0]
    assert line.startswith("Day 1, phase 1 (orders), FW-8.2: A2")
    # The page shows the rule once, in the line's badge, then the same words (issue 25).
    shown = "FW-8.2 " + line.replace(", FW-8.2: ", ": ", 1)
    for page in (ATLAS_FILE, "index-A.html"):
        text = " ".join(text_of((played / page).read_text(encoding="utf-8")).split())
        assert shown in text and line not in text, page
    assert run(["campaign", "undo", str(played)], capsys)[0] == 0
    for page in (ATLAS_FILE, "index-A.html"):
        assert shown not in " ".join(text_of((played / page).read_text(encoding="utf-8")).split()), page
    assert (played / ATLAS_FILE).read_text(encoding="utf-8") == build_atlas(played)


def test_a_page_that_cannot_be_written_leaves_the_command_standing(played, capsys, monkeypatch):
    import mapgen.atlas

    def full(folder, side=None, cache=None, loaded=None):
        raise OSError(28, "No space left on device", str(Path(folder) / ATLAS_FILE))

    monkeypatch.setattr(mapgen.atlas, "write_atlas", full)
    code, out, err = run(["campaign", "order", str(played), "A2", "max_speed"], capsys)
    assert code == 0 and "FW-8.2: A2" in out
    assert err.startswith(f"Warning: {played / ATLAS_FILE} not rewritten (No space left on device") and err.count("\n") == 1
    assert json.loads((played / "commands.jsonl").read_text())["command"] == "order"


def test_the_atlas_command_refuses_what_it_cannot_do(tmp_path, played, capsys):
    code, _, err = run(["atlas", str(tmp_path / "nowhere")], capsys)
    assert code == 2 and err.strip().startswith("Error:") and "no such campaign folder" in err
    code, _, err = run(["atlas", str(played), "--side", "P1"], capsys)
    assert code == 2 and "this Fantasy Warriors campaign's sides are A, B" in err
    code, _, err = run(["atlas", str(played), "--side", "C"], capsys)
    assert code == 2 and "--side" in err
    assert not (played / "index-P1.html").exists()
    code, out, _ = run(["atlas", str(played)], capsys)
    assert code == 0 and out == f"Wrote {played / ATLAS_FILE}\n"


# --------------------------------------------------------------------------- battles


@pytest.fixture(scope="module")
def battles(tmp_path_factory):
    folder = tmp_path_factory.mktemp("battles") / "camp"
    m = fw_kit(folder, seed=7, size="medium")
    assert play_until_battles(folder, m, 2) == 2
    write_atlas(folder)
    return folder


def test_every_battle_folder_opens_with_its_plan_and_sheets(battles):
    html = (battles / ATLAS_FILE).read_text(encoding="utf-8")
    details = page_data(html)["details"]
    found = sorted(p.name for p in (battles / "battles").iterdir())
    assert len(found) == 2
    for name in found:
        day, square = re.fullmatch(r"day-(\d+)-([A-Z]+\d+)", name).groups()
        assert plan_image(html, f"battle-{name}") == (battles / "battles" / name / "battlefield.svg").read_text(encoding="utf-8")
        assert f"Battle at {square}, day {int(day)}" in html
        assert details[square]["plans"][0] == f"battle-{name}"  # the latest battle first
        brief = (battles / "battles" / name / "battle.md").read_text(encoding="utf-8")
        assert brief.splitlines()[0].lstrip("# ") in text_of(html)
        assert f'href="battles/{name}/battlefield.pdf"' in html


def test_each_log_line_shows_its_rule_once_battles_too(battles):
    """Issue 25: the badge names the rule; the words after it do not name it again (a battle's line did, in brackets)."""
    html = (battles / ATLAS_FILE).read_text(encoding="utf-8")
    log = html[html.index('id="log-list"'):]
    lines = re.findall(r'<li[^>]*><span class="rule">([^<]+)</span>(.*?)</li>', log[:log.index("</ol>")], flags=re.S)
    assert len(lines) > 20 and any("battle at" in words for _rule, words in lines)
    for rule, words in lines:  # the rule itself, not a finer one it holds (FW-13 beside FW-13.c is information)
        assert not re.search(rf"(?<![\w.-]){re.escape(rule)}(?![\w.])", words), (rule, words)


# --------------------------------------------------------------------------- the folder's files


def test_pdfs_are_listed_map_first_and_history_left_out(tmp_path):
    for name in ("battles/day-10-C4/battlefield.pdf", "battles/day-9-C4/battlefield.pdf", "battlefields/battlefield-B2.pdf",
                 "counters/counters.pdf", "fw-map.pdf", "history/0001.pdf", ".staging/x.pdf"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"%PDF-1.4\n")
    assert pdf_files(tmp_path) == ["fw-map.pdf", "counters/counters.pdf", "battlefields/battlefield-B2.pdf",
                                   "battles/day-9-C4/battlefield.pdf", "battles/day-10-C4/battlefield.pdf"]


def test_battle_folders_are_read_by_their_rule_sets_names(tmp_path):
    from mapgen.atlas.folder import battle_plans

    for name in ("year-1-phase-10-B-4", "year-1-phase-3-A-12", "year-2-phase-1-A-0", "day-03-C4", "notes"):
        (tmp_path / "battles" / name).mkdir(parents=True)
    (tmp_path / "battles/year-1-phase-3-A-12/battlefield.svg").write_text("<svg/>")
    plans = battle_plans(tmp_path, renaissance=True)
    assert [(p.place, p.title) for p in plans] == [("A-12", "Battle at A-12, year 1, summer phase 3"), ("B-4", "Battle at B-4, year 1, summer phase 10"),
                                                   ("A-0", "Battle at A-0, year 2, summer phase 1")]
    assert plans[0].svg == "<svg/>" and plans[1].svg is None
    assert [p.title for p in battle_plans(tmp_path, renaissance=False)] == ["Battle at C4, day 3"]


def test_the_counter_sheets_shown_are_the_fronts(kit):
    pages = json.loads((kit / "counters/counters.json").read_text())["pages"]
    fronts = [n for n, p in enumerate(pages, start=1) if p["side"] == "front"]
    shown = counter_fronts(kit)
    assert [p.number for p in shown] == fronts
    assert [p.svg for p in shown] == [(kit / f"counters/counters-{n:02d}.svg").read_text(encoding="utf-8") for n in fronts]


# --------------------------------------------------------------------------- Renaissance


@pytest.fixture(scope="module")
def italy(tmp_path_factory):
    folder = tmp_path_factory.mktemp("italy") / "camp"
    from mapgen.cli import main

    main(["campaign", "new", str(folder), "--rules", "renaissance", "--seed", "8", "--countries", "2", "--names", f"{EVIL_A},Bob"])
    return folder


def test_a_renaissance_page_shows_every_place_and_hides_a_rival_treasury(italy, capsys):
    country = json.loads((italy / "country.json").read_text())
    state = json.loads((italy / "campaign.json").read_text())
    html = (italy / ATLAS_FILE).read_text(encoding="utf-8")
    details = page_data(html)["details"]
    assert sorted(details) == sorted(n["id"] for n in country["nodes"])
    for place in state["places"]:
        assert details[place["node"]]["holder"].startswith(place["owner"])
    assert EVIL_A not in html and f"Renaissance campaign: P1 ({EVIL_A}) against P2 (Bob)" in text_of(html)
    assert run(["atlas", str(italy), "--side", "P1"], capsys)[0] == 0
    page = (italy / "index-P1.html").read_text(encoding="utf-8")
    p2 = next(p for p in state["players"] if p["seat"] == "P2")
    assert re.search(r"<th scope=\"row\"><span class=\"swatch seat-P2\" aria-hidden=\"true\"></span>P2</th><td>Bob</td><td>[^<]*</td><td>hidden</td>", page)
    assert re.search(rf"<th scope=\"row\"><span class=\"swatch seat-P2\" aria-hidden=\"true\"></span>P2</th><td>Bob</td><td>[^<]*</td><td>{p2['treasury']} ducats</td>", html)
    code, _, err = run(["atlas", str(italy), "--side", "A"], capsys)
    assert code == 2 and "players are P1, P2" in err


def test_a_table_heading_breaks_between_words_never_inside_one():
    # Issue 25: "Forc/e" on screen, "Fo rc e" in print: headings keep their words whole.
    css = template_path("atlas", "atlas.css").read_text(encoding="utf-8")
    rules = {m.group(1).strip(): m.group(2) for m in re.finditer(r"([^{}]+)\{([^}]*)\}", css)}
    assert "anywhere" not in rules["table.data th, table.data td"]
    assert "keep-all" in rules["table.data thead th"] and "overflow-wrap: normal" in rules["table.data thead th"]
