"""What ``mapgen new`` and every command write, as the manual promises it.

Expected files come from the manual ("What you get", "Output folders"): the map's
four files, a battlefield for each holding square (the squares read from the
written fw-map.json), the counter sheets, and the manifest of what mapgen wrote.
"""

import json
from pathlib import Path

import pytest

from mapgen import kit
from mapgen.paper import get_paper

from .cli_helpers import MANIFEST, files_in, leftovers, run, snapshot
from .conftest import cached_map


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _holding_squares(folder) -> list[str]:
    return sorted({h["square"] for h in json.loads((Path(folder) / "fw-map.json").read_text())["holdings"]})


# --------------------------------------------------------------------------- what new writes


def test_new_writes_exactly_the_fantasy_warriors_kit(capsys, monkeypatch):
    # The names are the point here: the PDFs (measured in test_pdf.py, test_counters_pdf.py) are stubbed for speed.
    from mapgen.render import pdf

    def quick_pdf(svg_text, path, paper, title="", **kw):
        Path(path).write_bytes(b"%PDF-1.4\n")
        return pdf.PdfReport(Path(path), 1, (1, 1), 1.0)

    monkeypatch.setattr(pdf, "write_pdf", quick_pdf)
    monkeypatch.setattr("mapgen.render.counters_pdf.write_counters_pdf", lambda sheet, path: Path(path).write_bytes(b"%PDF-1.4\n"))
    code, out, err = run(["new", "--seed", "11", "--size", "small"], capsys)
    assert code == 0, err
    folder = Path("output/new-11")
    squares = _holding_squares(folder)
    assert len(squares) == 2 * (1 + 2)  # small: capital + 2 holdings per side (FW-3.3)
    pages = len(json.loads((folder / "counters/counters.json").read_text())["pages"])
    expected = {MANIFEST, "fw-map.json", "fw-map.svg", "fw-map.pdf", "fw-map-setup.md", "campaign.json", "counters/counters.json", "counters/counters.pdf",
                "index.html"}  # the campaign atlas (issue 13)
    expected |= {f"counters/counters-{n:02d}.svg" for n in range(1, pages + 1)}
    for sq in squares:
        expected |= {f"battlefields/battlefield-{sq}{end}" for end in (".json", ".svg", ".pdf", "-setup.md")}
    assert files_in(folder) == sorted(expected)
    manifest = json.loads((folder / MANIFEST).read_text())
    assert manifest["schema"] == "mapgen/outputs" and manifest["files"] == sorted(expected - {MANIFEST})
    assert f"Wrote {folder}" in out and leftovers(folder) == []


def test_new_writes_exactly_the_renaissance_kit(capsys):
    code, _, err = run(["new", "--campaign", "renaissance", "--seed", "4", "--countries", "2"], capsys)
    assert code == 0, err
    folder = Path("output/new-4")
    # the country kit and a campaign ready to play on it (issue 12: `new --campaign renaissance`)
    assert {MANIFEST, "country.json", "country.svg", "country.pdf", "country-setup.md", "campaign.json", "index.html"} <= set(files_in(folder))
    assert not [n for n in files_in(folder) if not (n in (MANIFEST, "campaign.json", "index.html") or n.startswith(("country", "counters/")))]


def test_a_kit_is_written_without_the_cli(tmp_path):
    m = cached_map(7, "medium")
    with kit.Outputs(tmp_path / "camp") as outputs:
        kit.write_new_fw_kit(m, outputs, ("json",), get_paper("A3"))
    names = files_in(tmp_path / "camp")
    assert {"fw-map.json", "campaign.json", "counters/counters.json"} <= set(names)
    assert sum(n.startswith("battlefields/") for n in names) == len({h.square for h in m.holdings})
    assert leftovers(tmp_path / "camp") == []


# --------------------------------------------------------------------------- folder names


@pytest.mark.parametrize("seed", ["../../../../escaped", "north/south", "..", ".", "a\\b", "C:\\x", "-", " x "])
def test_a_seed_never_escapes_output(capsys, seed):
    code, out, err = run(["fw-map", "--seed", seed, "--formats", "json"], capsys)
    assert code == 0, err
    (folder,) = Path("output").iterdir()
    assert folder.name.startswith("fw-map-") and files_in(folder) == [MANIFEST, "fw-map.json"]
    assert sorted(p.name for p in Path(".").iterdir()) == ["output"]  # nothing beside output/ either


def test_folder_names_are_readable_and_distinct():
    # the manual: a number stays as it is (output/new-7), other text keeps its letters and digits and
    # gets 8 hex digits of its hash whenever it had to change.
    assert kit.default_folder_name("new", 7) == "new-7"
    assert kit.default_folder_name("new", "north") == "new-north"
    escaped = kit.default_folder_name("new", "../../../../escaped")
    assert escaped.startswith("new-escaped-") and len(escaped) == len("new-escaped-") + 8
    seeds = ["Winter War", "winter war", "winter-war", "winter_war", "north/south", "north-south", "7", "-7", "", "/"]
    names = [kit.default_folder_name("new", s) for s in seeds]
    assert len(set(names)) == len(seeds)
    for name in names:
        assert "/" not in name and "\\" not in name and ".." not in name and not name.endswith("-")


@pytest.mark.parametrize("out,needle", [("", "cannot be empty"), ("  ", "cannot be empty"), (".", "holds the current folder")])
def test_out_that_cannot_be_replaced_is_refused(capsys, out, needle):
    code, _, err = run(["fw-map", "--seed", "1", "--formats", "json", "--out", out], capsys)
    assert code == 2 and needle in err and "--out" in err
    assert list(Path(".").iterdir()) == []


# --------------------------------------------------------------------------- reusing a folder


def test_reusing_a_folder_keeps_one_run_and_other_programs_files(capsys):
    assert run(["new", "--seed", "1", "--size", "small", "--formats", "json", "--out", "k"], capsys)[0] == 0
    first = _holding_squares("k")
    Path("k/mine.txt").write_text("my notes")
    Path("k/notes").mkdir()
    Path("k/notes/a.md").write_text("a")
    Path("k/battlefields/my-table.txt").write_text("t")
    code, out, err = run(["new", "--seed", "2", "--size", "small", "--formats", "json", "--out", "k"], capsys)
    assert code == 0, err
    second = _holding_squares("k")
    assert first != second
    battlefields = sorted(n for n in files_in("k") if n.startswith("battlefields/battlefield-"))
    assert battlefields == sorted(f"battlefields/battlefield-{sq}.json" for sq in second)
    assert Path("k/mine.txt").read_text() == "my notes" and Path("k/notes/a.md").read_text() == "a"
    assert Path("k/battlefields/my-table.txt").read_text() == "t"
    assert "an earlier mapgen run wrote there" in out and "k/battlefields/" in out.split("Removed", 1)[1]
    assert leftovers("k") == []


def test_fewer_formats_remove_the_earlier_runs_other_formats(capsys):
    assert run(["fw-map", "--seed", "3", "--size", "small", "--formats", "json,svg,md", "--out", "m"], capsys)[0] == 0
    code, out, _ = run(["fw-map", "--seed", "3", "--size", "small", "--formats", "json", "--out", "m"], capsys)
    assert code == 0
    assert files_in("m") == [MANIFEST, "fw-map.json"]
    assert "Removed 2 file(s)" in out and "fw-map.svg" in out and "fw-map-setup.md" in out


def test_a_folder_without_manifest_keeps_everything(capsys):
    Path("old").mkdir()
    Path("old/fw-map.svg").write_text("<svg/>")  # e.g. written by an older mapgen, or by hand
    assert run(["fw-map", "--seed", "3", "--formats", "json", "--out", "old"], capsys)[0] == 0
    assert files_in("old") == [MANIFEST, "fw-map.json", "fw-map.svg"]


def test_a_symlinked_out_folder_is_replaced_behind_the_link(capsys):
    Path("real").mkdir()
    Path("link").symlink_to("real")
    assert run(["fw-map", "--seed", "3", "--formats", "json", "--out", "link"], capsys)[0] == 0
    assert Path("link").is_symlink() and files_in("real") == [MANIFEST, "fw-map.json"]


def test_a_file_of_another_program_where_mapgen_needs_a_folder_is_refused(capsys):
    assert run(["new", "--seed", "1", "--size", "small", "--formats", "json", "--out", "k"], capsys)[0] == 0
    before = snapshot("k")
    Path("k2").mkdir()
    Path("k2/battlefields").write_text("not a folder")
    code, _, err = run(["new", "--seed", "1", "--size", "small", "--formats", "json", "--out", "k2"], capsys)
    assert code == 2 and "battlefields" in err
    assert files_in("k2") == ["battlefields"] and snapshot("k") == before and leftovers("k2") == []


# --------------------------------------------------------------------------- an input inside --out


@pytest.fixture
def kit_7(capsys):
    """A campaign kit in output/new-7, and its bytes."""
    assert run(["new", "--seed", "7", "--size", "small", "--formats", "json", "--out", "output/new-7"], capsys)[0] == 0
    return snapshot("output/new-7")


def _square(folder) -> str:
    return _holding_squares(folder)[0]


@pytest.mark.parametrize("out", ["output/new-7", "output", "output/new-7/."])
@pytest.mark.parametrize("command", ["counters", "counters-file", "battlefield"])
def test_an_input_inside_out_is_refused(capsys, kit_7, command, out):
    # the manual, "Errors and exit codes": replacing the input's own folder would remove the kit.
    argv = {
        "counters": ["counters", "--campaign", "output/new-7"],
        "counters-file": ["counters", "--campaign", "output/new-7/fw-map.json"],
        "battlefield": ["battlefield", "--map", "output/new-7/fw-map.json", "--square", _square("output/new-7")],
    }[command]
    code, _, err = run([*argv, "--formats", "json", "--out", out], capsys)
    assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert "is inside --out" in err
    assert snapshot("output/new-7") == kit_7 and leftovers("output/new-7") == []


def test_an_input_beside_or_above_out_is_fine(capsys, kit_7):
    sq = _square("output/new-7")
    argv = ["battlefield", "--map", "output/new-7/fw-map.json", "--square", sq, "--formats", "json"]
    assert run([*argv, "--out", f"output/new-7/battle-{sq}"], capsys)[0] == 0
    assert run(["counters", "--campaign", "output/new-7", "--formats", "json", "--out", "output/counters-7"], capsys)[0] == 0
    assert {k: v for k, v in snapshot("output/new-7").items() if not k.startswith("battle-")} == kit_7
    assert files_in(f"output/new-7/battle-{sq}") == [MANIFEST, "battlefield.json"]


def test_the_kit_says_what_it_raises():
    # A campaign engine writing a kit (the manual: "The same functions write a kit without the CLI")
    # catches these: the package docstring is their list.
    for name in ("OutputFolderError", "PdfTooLargeError", "BadFileError", "InfeasibleError", "OSError", "Terminated"):
        assert name in kit.__doc__, name
    assert issubclass(kit.Terminated, BaseException) and not issubclass(kit.Terminated, Exception)
