"""``mapgen export dd2vtt``: battlefields as Universal VTT files.

Expected values come from the format (Dungeondraft's Universal VTT 0.3, as the importers read it:
``format``, ``resolution`` with ``map_origin``, ``map_size`` in grid units and ``pixels_per_grid``,
``line_of_sight`` as lists of ``{"x", "y"}`` grid points, ``portals``, ``environment``, ``lights``,
``image`` as a base64 PNG) and from the manual: one grid unit is an inch of table, the map is the
table rounded up to whole inches with the table centred on it, side A's edge at the bottom.
"""

from __future__ import annotations

import base64
import io
import json
import re
import struct

import pytest
from PIL import Image
from shapely.geometry import box

from mapgen.battlefield.generate import BattleOptions, generate_battlefield
from mapgen.battlefield.model import Feature
from mapgen.jsonio import dumps

from .cli_helpers import run

PPI = 50
CM = 2.54
#: A 180 x 120 cm table is 70.87 x 47.24 inches: 71 x 48 grid squares.
GRID = (71, 48)
OFF_TABLE = (0x3B, 0x3B, 0x3B)


def png_size(data: bytes) -> tuple[int, int]:
    """From the IHDR chunk (PNG specification 11.2.2): width and height, big-endian, at bytes 16-24."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def feature(kind, bounds, passable=True, levels=0):
    x0, y0, x1, y1 = bounds
    return Feature(kind, box(*bounds), (x1 - x0, y1 - y0), passable, False, None, "", "FW-11.2", levels)


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """A pitched battle on 180 x 120 cm with a lake, a wood and a hill the test placed, exported at 50 ppi."""
    folder = tmp_path_factory.mktemp("dd2vtt")
    b = generate_battlefield(BattleOptions(seed=3, terrain="plain"))
    b.features = [feature("lake", (10, 40, 40, 70), False), feature("wood", (120, 60, 140, 80)), feature("hill", (60, 50, 90, 70), levels=2)]
    src = folder / "battlefield.json"
    src.write_text(dumps(b.to_json()), encoding="utf-8")
    return folder, src


def export(src, out, capsys, *args):
    code, stdout, err = run(["export", "dd2vtt", str(src), "--out", str(out), *args], capsys)
    assert code == 0, err
    return stdout


@pytest.fixture(scope="module")
def doc(exported):
    folder, src = exported
    out = folder / "vtt"
    from mapgen.cli import main

    main(["export", "dd2vtt", str(src), "--out", str(out), "--ppi", str(PPI)])
    return json.loads((out / "battlefield.dd2vtt").read_text(encoding="utf-8"))


def test_the_file_has_the_universal_vtt_fields(doc):
    assert doc["format"] == 0.3
    res = doc["resolution"]
    assert res == {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": GRID[0], "y": GRID[1]}, "pixels_per_grid": PPI}
    assert doc["portals"] == [] and doc["lights"] == []
    env = doc["environment"]
    assert isinstance(env["baked_lighting"], bool) and re.fullmatch(r"[0-9a-f]{8}", env["ambient_light"])
    for line in doc["line_of_sight"] + doc["objects_line_of_sight"]:
        assert len(line) >= 2 and all(set(p) == {"x", "y"} for p in line)


def test_the_picture_is_the_map_size_times_the_pixels_per_grid(doc):
    image = base64.b64decode(doc["image"], validate=True)
    assert png_size(image) == (GRID[0] * PPI, GRID[1] * PPI)


def grid_point(x_cm, y_cm):
    """The manual's frame: the table centred on whole inches, y down the map from side B's edge."""
    ox, oy = (GRID[0] - 180 / CM) / 2, (GRID[1] - 120 / CM) / 2
    return ox + x_cm / CM, oy + (120 - y_cm) / CM


def test_the_wood_is_walled_where_it_stands(doc):
    """FW-19.3: the wood's outline, in grid units; the lake is not a wall, the hill is its crest.

    Both are passable, so both block sight only: they are ``objects_line_of_sight``, and
    ``line_of_sight`` (walls that stop tokens) is empty."""
    assert doc["line_of_sight"] == []
    walls = [[(p["x"], p["y"]) for p in line] for line in doc["objects_line_of_sight"]]
    wood = sorted({grid_point(x, y) for x in (120, 140) for y in (60, 80)})
    closed = [w for w in walls if w[0] == w[-1]]
    assert len(closed) == 1
    assert flat(sorted(set(closed[0]))) == pytest.approx(flat(wood), abs=1e-4)
    crest = [w for w in walls if w[0] != w[-1]]
    assert len(crest) == 1 and flat(sorted(crest[0])) == pytest.approx(flat([grid_point(60, 60), grid_point(90, 60)]), abs=1e-4)


def flat(points):
    return [v for p in points for v in p]


def test_the_table_lies_in_the_picture_where_the_walls_put_it(doc):
    """Above side B's edge is the dark strip off the table; just below it, the table's drawing."""
    im = Image.open(io.BytesIO(base64.b64decode(doc["image"]))).convert("RGB")
    _, top = grid_point(90, 120)
    _, bottom = grid_point(90, 0)
    x = im.width // 2
    assert im.getpixel((x, int(top * PPI) - 3)) == OFF_TABLE
    assert im.getpixel((x, int(top * PPI) + 3)) != OFF_TABLE
    assert im.getpixel((x, int(bottom * PPI) - 3)) != OFF_TABLE
    assert im.getpixel((x, int(bottom * PPI) + 3)) == OFF_TABLE


def test_the_lake_is_drawn_where_the_plan_has_it(doc):
    """The lake's fill (templates/battlefield/style.json, kinds.lake) at a point well inside it."""
    im = Image.open(io.BytesIO(base64.b64decode(doc["image"]))).convert("RGB")
    x, y = grid_point(14, 44)
    assert im.getpixel((int(x * PPI), int(y * PPI))) == (0x8C, 0xC4, 0xEC)


def test_the_same_battlefield_gives_the_same_bytes(exported, capsys, tmp_path):
    _, src = exported
    export(src, tmp_path / "a", capsys, "--ppi", "50")
    export(src, tmp_path / "b", capsys, "--ppi", "50")
    assert (tmp_path / "a" / "battlefield.dd2vtt").read_bytes() == (tmp_path / "b" / "battlefield.dd2vtt").read_bytes()


def test_a_folder_gives_every_battlefield_under_its_own_path(exported, capsys, tmp_path):
    _, src = exported
    camp = tmp_path / "camp"
    for rel in ("battlefields/battlefield-C4.json", "battles/day-02-D5/battlefield.json"):
        (camp / rel).parent.mkdir(parents=True, exist_ok=True)
        (camp / rel).write_bytes(src.read_bytes())
    (camp / "battles" / "day-02-D5" / "report.yaml").write_text("winner: A\n")
    export(camp, tmp_path / "out", capsys, "--ppi", "50")
    got = sorted(p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*.dd2vtt"))
    assert got == ["battlefields/battlefield-C4.dd2vtt", "battles/day-02-D5/battlefield.dd2vtt"]


def test_bad_input_is_one_error_line_and_exit_2(exported, capsys, tmp_path):
    _, src = exported
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = run(["export", "dd2vtt", str(empty), "--out", str(tmp_path / "o1")], capsys)
    assert code == 2 and "no battlefield.json" in err and "Traceback" not in err
    bad = tmp_path / "battlefield.json"
    data = json.loads(src.read_text())
    data["features"][0]["polygon"] = [[0, 0]]
    bad.write_text(json.dumps(data))
    code, _, err = run(["export", "dd2vtt", str(bad), "--out", str(tmp_path / "o2")], capsys)
    assert code == 2 and "features" in err and "Traceback" not in err
    code, _, err = run(["export", "dd2vtt", str(src), "--out", str(tmp_path / "o3"), "--ppi", "300"], capsys)
    assert code == 2 and "16384" in err and "--ppi" in err
    assert not (tmp_path / "o3").exists()


def test_several_battlefields_drawn_at_once_are_the_bytes_of_one_process(exported, monkeypatch):
    """The plans are drawn on every processor at once (each is independent); the files must not change for it."""
    from mapgen.battlefield.model import Battlefield
    from mapgen.exports import dd2vtt

    _, src = exported
    b = Battlefield.from_json(json.loads(src.read_text(encoding="utf-8")))
    jobs = [(b, 25), (generate_battlefield(BattleOptions(seed=4, terrain="plain")), 25)]
    together = dd2vtt._texts(jobs)
    monkeypatch.setenv("MAPGEN_ONE_PROCESS", "1")
    assert dd2vtt._texts(jobs) == together
    assert together[0] != together[1]


# --------------------------------------------------------------------------
# read as Foundry's Universal Battlemap Importer reads it
# --------------------------------------------------------------------------

def foundry_walls(doc, lists):
    """The wall segments Foundry's importer (moo-man/FVTT-DD-Import, ``GetWalls`` and ``makeWall``) makes:
    each polyline of the given lists cut into segments between consecutive points, in scene pixels
    ``(point - map_origin) * pixels_per_grid`` (the scene's padding offset left out).  Its default
    "Levels" mode reads ``line_of_sight`` alone; every wall it makes blocks movement and sight."""
    res = doc["resolution"]
    ppg, ox, oy = res["pixels_per_grid"], res["map_origin"]["x"], res["map_origin"]["y"]
    segments = []
    for key in lists:
        for line in doc[key]:
            for a, b in zip(line, line[1:]):
                segments.append((((a["x"] - ox) * ppg, (a["y"] - oy) * ppg), ((b["x"] - ox) * ppg, (b["y"] - oy) * ppg)))
    return segments


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    """A wood and a passable two-level hill (figures enter both: FW-19.1, FW-11.2), an impassable hill and a
    tower (nobody enters), apart from each other; exported at 50 ppi."""
    from mapgen.cli import main

    folder = tmp_path_factory.mktemp("dd2vtt-mixed")
    b = generate_battlefield(BattleOptions(seed=3, terrain="plain"))
    shapes = {"wood": ((120, 60, 140, 80), True, 0), "passable hill": ((60, 50, 90, 70), True, 2),
              "impassable hill": ((10, 85, 40, 110), False, 2), "tower": ((150, 15, 160, 25), False, 0)}
    b.features = [feature(name.split()[-1], bounds, passable, levels) for name, (bounds, passable, levels) in shapes.items()]
    src = folder / "battlefield.json"
    src.write_text(dumps(b.to_json()), encoding="utf-8")
    main(["export", "dd2vtt", str(src), "--out", str(folder / "vtt"), "--ppi", str(PPI)])
    doc = json.loads((folder / "vtt" / "battlefield.dd2vtt").read_text(encoding="utf-8"))
    # Each feature's ground in scene pixels, half a pixel wider for rounding.
    ground = {}
    for name, ((x0, y0, x1, y1), _, _) in shapes.items():
        (gx0, gy1), (gx1, gy0) = grid_point(x0, y0), grid_point(x1, y1)
        ground[name] = box(gx0 * PPI, gy0 * PPI, gx1 * PPI, gy1 * PPI).buffer(0.5)
    return doc, ground


def owners(segment, ground):
    """The features a wall segment lies on (both its ends on the feature's ground)."""
    from shapely.geometry import Point

    return {name for name, area in ground.items() if all(area.contains(Point(p)) for p in segment)}


def test_foundrys_walls_stop_tokens_only_at_what_nobody_may_enter(mixed):
    """Read as Foundry's importer reads the file: no wall segment from the wood or the passable hill, and
    the impassable hill and the tower walled all round."""
    doc, ground = mixed
    walls = foundry_walls(doc, ["line_of_sight"])
    assert walls
    on = [owners(seg, ground) for seg in walls]
    assert all(o and o <= {"impassable hill", "tower"} for o in on), on
    assert {name for o in on for name in o} == {"impassable hill", "tower"}


def test_woods_and_a_passable_crest_block_sight_only(mixed):
    """What figures enter but cannot see through is in objects_line_of_sight, which MapTool reads as sight
    masks without movement blocking and Foundry's legacy modes only with "Object Walls"."""
    doc, ground = mixed
    on = [owners(seg, ground) for seg in foundry_walls(doc, ["objects_line_of_sight"])]
    assert all(o and o <= {"wood", "passable hill"} for o in on), on
    assert {name for o in on for name in o} == {"wood", "passable hill"}


def test_a_terminal_sees_the_progress_and_a_pipe_does_not(exported, tmp_path):
    """A campaign folder takes tens of seconds: on a terminal, a progress bar on standard error; in a
    pipe, nothing on it (scripts and logs get the usual lines only)."""
    import os
    import pty
    import subprocess
    import sys

    _, src = exported
    camp = tmp_path / "camp"
    for rel in ("battlefields/battlefield-C4.json", "battlefields/battlefield-D5.json"):
        (camp / rel).parent.mkdir(parents=True, exist_ok=True)
        (camp / rel).write_bytes(src.read_bytes())
    command = [sys.executable, "-m", "mapgen", "export", "dd2vtt", str(camp), "--ppi", "50"]
    master, slave = pty.openpty()
    try:
        proc = subprocess.run([*command, "--out", str(tmp_path / "tty")], stdout=subprocess.PIPE, stderr=slave, timeout=300)
        os.close(slave)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal's other end is closed: all read
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(master)
    assert proc.returncode == 0
    assert b"Drawing 2 battlefield(s) at 50 pixels per inch" in seen
    piped = subprocess.run([*command, "--out", str(tmp_path / "pipe")], capture_output=True, timeout=300)
    assert piped.returncode == 0 and piped.stderr == b""
    assert b"Wrote" in piped.stdout
