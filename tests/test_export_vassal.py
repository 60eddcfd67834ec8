"""``mapgen export vassal``: a campaign as a VASSAL module.

Expected values come from VASSAL's module format (a ZIP holding ``buildFile.xml``, ``moduledata`` and
``images/``; components named by their classes; a ``PieceSlot`` holds ``+/null/TYPE/STATE`` with
traits joined by tabs, a basic piece ``piece;;;IMAGE;NAME``, a layer ``emb2;...`` whose 16th field
is its images) and from the manual: a square is the map's square at ``--ppi`` rounded to the
nearest whole, even number of pixels, the grid's origin on square A1's centre, a region on every
node of a country map at ``--ppi``.
"""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from mapgen.cli import main
from mapgen.grid import parse_square

from .cli_helpers import run

B = "VASSAL.build.module."


def decode(text: str, delim: str) -> list[str]:
    """VASSAL's SequenceEncoder.Decoder: split at delimiters not escaped by a backslash (the backslash
    goes), then strip a pair of enclosing single quotes."""
    out, cur, i = [], "", 0
    while i < len(text):
        ch = text[i]
        if ch == delim and cur.endswith("\\"):
            cur = cur[:-1] + ch
        elif ch == delim:
            out.append(cur)
            cur = ""
        else:
            cur += ch
        i += 1
    out.append(cur)
    return [t[1:-1] if len(t) > 1 and t[0] == t[-1] == "'" else t for t in out]


def piece_of(slot_text: str) -> dict:
    """Images, name and state of a PieceSlot's piece: a basic piece, maybe under a flip layer."""
    assert slot_text.startswith("+/")
    _, piece_type, state = decode(slot_text[2:], "/")
    types, states = decode(piece_type, "\t"), decode(state, "\t")
    basic = decode(types[-1], ";")
    assert basic[0] == "piece"
    out = {"front": basic[3], "name": basic[4], "back": None, "flipped": False}
    if len(types) == 2:
        layer = decode(types[0], ";")
        assert layer[0] == "emb2"
        (out["back"],) = decode(layer[16], ",")  # after 'emb2': activate (3), up (3), down (3), reset (3), 3 more
        out["flipped"] = int(states[0]) > 0
    return out


@pytest.fixture(scope="module")
def fw(tmp_path_factory):
    """A small Fantasy Warriors campaign (seed 7) and its module at 50 ppi."""
    root = tmp_path_factory.mktemp("vassal")
    camp = root / "camp"
    main(["campaign", "new", str(camp), "--seed", "7", "--size", "small", "--formats", "json"])
    main(["export", "vassal", str(camp), "--ppi", "50", "--out", str(root / "out")])
    (vmod,) = (root / "out").glob("*.vmod")
    return camp, vmod


def read(vmod):
    z = zipfile.ZipFile(vmod)
    return z, ET.fromstring(z.read("buildFile.xml"))


def test_the_module_is_a_zip_of_a_well_formed_build_file_moduledata_and_images(fw):
    _, vmod = fw
    z, root = read(vmod)
    names = z.namelist()
    assert names[:2] == ["buildFile.xml", "moduledata"] and all(n.startswith("images/") for n in names[2:])
    assert root.tag == "VASSAL.launch.BasicModule" and root.get("VassalVersion") >= "3.5"
    meta = ET.fromstring(z.read("moduledata"))
    assert meta.tag == "data" and meta.findtext("name") == root.get("name")


def test_the_board_and_its_grid_lie_on_the_map_squares(fw):
    """50 mm squares at 50 ppi: 98.4 pixels, the nearest even number 98; the origin on A1's centre."""
    _, vmod = fw
    z, root = read(vmod)
    board = root.find(f"{B}Map/{B}map.BoardPicker/{B}map.boardPicker.Board")
    grid = board.find(f"{B}map.boardPicker.board.SquareGrid")
    assert float(grid.get("dx")) == float(grid.get("dy")) == 98
    numbering = grid.find(f"{B}map.boardPicker.board.mapgrid.SquareGridNumbering")
    assert (numbering.get("hType"), numbering.get("vType"), numbering.get("hOff"), numbering.get("vOff")) == ("A", "N", "0", "1")
    im = Image.open(io.BytesIO(z.read("images/" + board.get("image")))).convert("RGB")
    assert im.size == (int(board.get("width")), int(board.get("height")))
    dx, x0, y0 = 98, int(grid.get("x0")), int(grid.get("y0"))
    fw_map = json.loads((fw[0] / "fw-map.json").read_text())
    left, top = x0 - dx // 2, y0 - dx // 2
    right, bottom = left + fw_map["width"] * dx, top + fw_map["height"] * dx

    def dark(x, y):
        return max(im.getpixel((x, y))) < 60

    # The map's frame runs along the grid's outer edges, and nowhere a square's width inside them.
    assert dark(left, y0) and dark(right, y0) and dark(x0, top) and dark(x0, bottom)
    assert not dark(left + dx, y0 + 20) or not dark(left + dx + 3, y0 + 20)


def test_every_image_named_is_in_the_zip_and_every_face_is_named(fw):
    _, vmod = fw
    z, root = read(vmod)
    files = {n[len("images/"):] for n in z.namelist() if n.startswith("images/")}
    named = {root.find(f".//{B}map.boardPicker.Board").get("image")}
    for slot in root.iter("VASSAL.build.widget.PieceSlot"):
        p = piece_of(slot.text)
        assert p["name"] == slot.get("entryName")
        named |= {p["front"]} | ({p["back"]} if p["back"] else set())
    assert named == files


def test_the_palette_holds_every_kind_of_counter_of_the_sheets(fw):
    """Every counter label of counters.json is a piece of the window (copies of one kind are one piece)."""
    camp, vmod = fw
    _, root = read(vmod)
    window = root.find(f"{B}PieceWindow")
    slots = {s.get("entryName") for s in window.iter("VASSAL.build.widget.PieceSlot")}
    sheet = json.loads((camp / "counters" / "counters.json").read_text())
    labels = {c["label"] for page in sheet["pages"] if page["side"] == "front" for c in page["counters"]}
    assert slots == labels
    tabs = [w.get("entryName") for w in window.iter("VASSAL.build.widget.PanelWidget")]
    assert tabs[:2] == ["Red", "Blue"]


def test_forces_and_holdings_are_set_up_on_their_squares(fw):
    camp, vmod = fw
    _, root = read(vmod)
    grid = root.find(f".//{B}map.boardPicker.board.SquareGrid")
    dx, x0, y0 = int(float(grid.get("dx"))), int(grid.get("x0")), int(grid.get("y0"))
    state = json.loads((camp / "campaign.json").read_text())
    stacks = {s.get("name"): s for s in root.iter(f"{B}map.SetupStack")}
    squares = {h["square"] for h in state["holdings"]} | {f["square"] for f in state["forces"]}
    assert set(stacks) == squares
    for sq, stack in stacks.items():
        col, row = parse_square(sq)
        assert (int(stack.get("x")), int(stack.get("y"))) == (x0 + col * dx, y0 + row * dx)
    for f in state["forces"]:
        names = [piece_of(s.text)["name"] for s in stacks[f["square"]].iter("VASSAL.build.widget.PieceSlot")]
        assert any(f"Force {f['id']}:" in n for n in names)
        assert any(n.endswith((f["reaction"] or f["order"]).replace("_", " ").title()) for n in names)
    for h in state["holdings"]:
        first = piece_of(next(stacks[h["square"]].iter("VASSAL.build.widget.PieceSlot")).text)
        assert first["name"].endswith(f"{'Capital' if h['capital'] else 'Holding'} {h['square']}")
        assert first["flipped"] == h.get("sacked", False)


def test_the_same_campaign_gives_the_same_bytes(fw, tmp_path, capsys):
    camp, vmod = fw
    code, _, err = run(["export", "vassal", str(camp), "--ppi", "50", "--out", str(tmp_path / "again")], capsys)
    assert code == 0, err
    assert (tmp_path / "again" / vmod.name).read_bytes() == vmod.read_bytes()


def test_a_country_map_gets_a_region_on_every_node(tmp_path, capsys):
    """Nodes at --ppi: a node ``x_mm``, ``y_mm`` from the map's corner is pos x 100 / 25.4 pixels in (to a pixel)."""
    code, _, err = run(["country", "--seed", "11", "--countries", "2", "--formats", "json", "--out", str(tmp_path / "c")], capsys)
    assert code == 0, err
    code, _, err = run(["export", "vassal", str(tmp_path / "c" / "country.json"), "--out", str(tmp_path / "v")], capsys)
    assert code == 0, err
    (vmod,) = (tmp_path / "v").glob("*.vmod")
    _, root = read(vmod)
    grid = root.find(f".//{B}map.boardPicker.board.RegionGrid")
    regions = {r.get("name"): (int(r.get("originx")), int(r.get("originy"))) for r in grid}
    nodes = json.loads((tmp_path / "c" / "country.json").read_text())["nodes"]
    assert len(regions) == len(nodes)
    k = 100 / 25.4
    for n in nodes:
        name = n.get("name") or n["id"]
        x, y = regions.get(name, regions.get(f"{name} ({n['id']})"))
        assert abs(x - n["x_mm"] * k) <= 1.5 and abs(y - n["y_mm"] * k) <= 1.5


def test_bad_sources_are_one_error_line_and_exit_2(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run(["export", "vassal", str(empty), "--out", str(tmp_path / "o")], capsys)
    assert code == 2 and "fw-map.json" in err and "Traceback" not in err
    bad = tmp_path / "fw-map.json"
    bad.write_text('{"schema": "mapgen/fw-map", "version": 1}')
    code, _, err = run(["export", "vassal", str(bad), "--out", str(tmp_path / "o")], capsys)
    assert code == 2 and "fw-map.json" in err and "Traceback" not in err
    assert not (tmp_path / "o").exists()


def test_a_renaissance_campaign_sets_its_armies_face_down_on_their_nodes(tmp_path, capsys):
    """RC-3.10: armies stand on the map face down (the 'Army' side every player sees)."""
    camp = tmp_path / "ren"
    code, _, err = run(["new", "--campaign", "renaissance", "--countries", "2", "--seed", "5", "--formats", "json", "--out", str(camp)], capsys)
    assert code == 0, err
    nodes = {n["id"]: n for n in json.loads((camp / "country.json").read_text())["nodes"]}
    city = next(i for i, n in nodes.items() if n["country"] == "A" and n["kind"] == "city")
    code, _, err = run(["campaign", "army", str(camp), "P1", city, "--company", "medium"], capsys)
    assert code == 0, err
    code, _, err = run(["export", "vassal", str(camp), "--ppi", "50", "--out", str(tmp_path / "v")], capsys)
    assert code == 0, err
    (vmod,) = (tmp_path / "v").glob("*.vmod")
    _, root = read(vmod)
    (stack,) = list(root.iter(f"{B}map.SetupStack"))
    (slot,) = list(stack.iter("VASSAL.build.widget.PieceSlot"))
    piece = piece_of(slot.text)
    assert piece["flipped"] and piece["back"] and "army P1-1" in piece["name"]
    k = 50 / 25.4
    assert abs(int(stack.get("x")) - nodes[city]["x_mm"] * k) <= 1.5 and abs(int(stack.get("y")) - nodes[city]["y_mm"] * k) <= 1.5


@pytest.mark.parametrize("name", ["Red Force A1: Ragnar", "O'Neil; the/Bold", "'quoted'", "\\leading", "Sacked, really", "a\\;b"])
def test_a_piece_name_comes_back_whole_from_vassal_s_decoder(name):
    """Names typed by users (leaders, sides) hold VASSAL's delimiters; each level escapes its own."""
    from mapgen.exports.vassal_pieces import slot_text

    piece = piece_of(slot_text("a;b/c.png", name, 5, ("back,1.png", name), flipped=True))
    assert (piece["front"], piece["name"], piece["back"], piece["flipped"]) == ("a;b/c.png", name, "back,1.png", True)


def test_a_tab_or_a_final_backslash_in_a_name_is_dropped_rather_than_break_the_piece():
    """VASSAL splits a piece's type at tabs (its traits) whatever the escapes, and a final backslash
    escapes the delimiter after it: neither can be read back, so neither is written."""
    from mapgen.exports.vassal_pieces import slot_text

    assert piece_of(slot_text("f.png", "Odd\\", 5))["name"] == "Odd"
    piece = piece_of(slot_text("f.png", "Bold\tone", 5, ("b.png", "Bold\tone")))
    assert piece["name"] == "Bold one" and piece["back"] == "b.png"


def test_past_column_z_each_square_is_a_region_named_as_the_map_names_it(tmp_path, capsys):
    """VASSAL letters columns A..Z, AA, BB; the map says AA, AB (spreadsheet style): a wide map gets named regions."""
    code, out, err = run(["fw-map", "--seed", "5", "--width", "28", "--height", "4", "--formats", "json", "--out", str(tmp_path / "wide")], capsys)
    assert code == 0, err
    code, out, err = run(["export", "vassal", str(tmp_path / "wide" / "fw-map.json"), "--ppi", "25", "--out", str(tmp_path / "vm")], capsys)
    assert code == 0, err
    _, root = read(next((tmp_path / "vm").glob("*.vmod")))
    board = root.find(f"{B}Map/{B}map.BoardPicker/{B}map.boardPicker.Board")
    assert board.find(f"{B}map.boardPicker.board.SquareGrid") is None
    regions = {r.get("name"): (int(r.get("originx")), int(r.get("originy"))) for r in board.iter(f"{B}map.boardPicker.board.Region")}
    assert len(regions) == 28 * 4 and {"Z1", "AA1", "AB4"} <= set(regions) and "BB1" not in regions
    (ax, ay), (bx, by), (zx, _) = regions["A1"], regions["AB1"], regions["Z1"]
    assert ay == by and (bx - ax) == 27 * (zx - ax) // 25  # one square's step between neighbouring columns
    # Its words say what it holds: regions, not a square grid.
    z, _ = read(next((tmp_path / "vm").glob("*.vmod")))
    description = ET.fromstring(z.read("moduledata")).findtext("description")
    assert "a region on every square" in description and "square grid" not in description
    assert "a region grid of 112 squares" in out and "square grid" not in out


def test_a_module_from_a_map_alone_names_no_campaign(tmp_path, capsys):
    """A map has a seed of its own, no campaign: its module's texts name no campaign seed."""
    code, _, err = run(["fw-map", "--seed", "5", "--size", "small", "--formats", "json", "--out", str(tmp_path / "map")], capsys)
    assert code == 0, err
    code, out, err = run(["export", "vassal", str(tmp_path / "map" / "fw-map.json"), "--ppi", "25", "--out", str(tmp_path / "vm")], capsys)
    assert code == 0, err
    z, root = read(next((tmp_path / "vm").glob("*.vmod")))
    meta = ET.fromstring(z.read("moduledata"))
    for text in (meta.findtext("description"), meta.findtext("name"), root.get("description")):
        assert "campaign seed" not in text
    assert "seed 5" in meta.findtext("name") and "a square grid of" in out


def test_the_manual_names_the_oldest_vassal_that_opens_the_module(fw):
    """VASSAL refuses a module stamped newer than itself: the manual's minimum is the stamp's major.minor."""
    _, vmod = fw
    z, root = read(vmod)
    stamped = ET.fromstring(z.read("moduledata")).findtext("VassalVersion")
    assert stamped == root.get("VassalVersion")
    major_minor = ".".join(stamped.split(".")[:2])
    manual = Path(__file__).resolve().parent.parent / "docs" / "how-to" / "vassal.md"
    text = " ".join(manual.read_text(encoding="utf-8").split())
    assert f"VASSAL {stamped}: open it with VASSAL {major_minor} or later" in text
    assert "VASSAL 3.5 or later" not in text
