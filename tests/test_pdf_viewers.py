"""Every PDF looks the same in every viewer: poppler, MuPDF and Ghostscript (issue 11).

A player may open the map in Evince (poppler), SumatraPDF or zathura (MuPDF) or
print it through Ghostscript.  The PDFs of a whole kit (tiled map, counters,
battlefield plans, country map) are rendered by all three; none may report an
error and their pages must agree pixel for pixel, up to anti-aliasing.

The renderers come from Debian (poppler-utils, mupdf-tools, ghostscript): CI
installs them; elsewhere the comparison is skipped when one is missing, but
the resources check below needs nothing installed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from mapgen.cli import main
from mapgen.paper import get_paper
from mapgen.render.pdf import write_pdf

from .test_pdf import _objects

#: Pages compared in each PDF (the index and the first tiles of a map).
PAGES = 3
#: Resolution and averaging cell (pixels): 100 dpi, compared over 2.5 mm cells.  Lower, poppler's
#: one-pixel minimum line width darkens the map's fine hatching (a mean difference of 12 at 40 dpi).
DPI, CELL = 100, 10
#: Largest mean and 99th-percentile grey difference (0-255) between two renderers, cell by cell,
#: that anti-aliasing and font hinting give.  A tint painted solid (the form resources bug) gave
#: means of 33 to 50 and a 99th percentile of 128 and more.
MAX_MEAN, MAX_P99 = 6.0, 60.0
RENDERERS = ("pdftoppm", "mutool", "gs")


@pytest.fixture(scope="module")
def kit_pdfs(tmp_path_factory) -> list[Path]:
    """The PDFs of a new campaign kit, a tiled country map and a small A4 map."""
    root = tmp_path_factory.mktemp("viewers")
    for argv in (
        ["new", "--seed", "5", "--out", str(root / "kit")],
        ["country", "--seed", "3", "--countries", "2", "--formats", "pdf", "--out", str(root / "country")],
        ["fw-map", "--seed", "11", "--size", "small", "--paper", "A4", "--formats", "pdf", "--out", str(root / "a4")],
    ):
        try:
            main(argv)
        except SystemExit as exc:  # pragma: no cover - a failing command fails the fixture
            assert not exc.code, argv
    pdfs = sorted(root.rglob("*.pdf"))
    # Every kind of PDF once: the map, the counters, one battlefield plan, the country map, the A4 map.
    kinds: dict[str, Path] = {}
    for p in pdfs:
        kinds.setdefault(f"{p.parent.name}/{p.name.split('-')[0]}", p)
    return list(kinds.values())


# --- the resources every form uses -----------------------------------------------------------


def _forms_missing_states(data: bytes) -> list[str]:
    """``/gRLsN gs`` operators in a form's stream whose state is not in that form's resources."""
    missing = []
    for num, (head, stream) in _objects(data).items():
        if stream is None or b"/Subtype /Form" not in head:
            continue
        used = set(re.findall(rb"/(gRLs\d+) gs", stream))
        declared = set(re.findall(rb"/(gRLs\d+) <<", head))
        missing += [f"object {num}: {name.decode()}" for name in sorted(used - declared)]
    return missing


def test_a_translucent_fill_keeps_its_graphics_state_inside_the_stored_form(tmp_path):
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="80mm" viewBox="0 0 100 80">'
        '<rect x="0" y="0" width="100" height="80" fill="#2a6"/>'
        '<rect x="10" y="10" width="50" height="40" fill="#c00" fill-opacity="0.25"/></svg>'
    )
    out = tmp_path / "t.pdf"
    write_pdf(svg, out, paper=get_paper("A4"))
    data = out.read_bytes()
    assert b"/ca .25" in data  # the tint is a graphics state, not a solid fill
    assert _forms_missing_states(data) == []


def test_every_kit_pdf_declares_the_graphics_states_its_forms_use(kit_pdfs):
    assert len(kit_pdfs) >= 5
    for pdf in kit_pdfs:
        assert _forms_missing_states(pdf.read_bytes()) == [], pdf.name


# --- three renderers ---------------------------------------------------------------------------


def _render(tool: str, pdf: Path, out: Path, pages: int) -> tuple[list[np.ndarray], str]:
    from PIL import Image

    out.mkdir(parents=True, exist_ok=True)
    if tool == "pdftoppm":
        cmd = ["pdftoppm", "-r", str(DPI), "-f", "1", "-l", str(pages), "-gray", "-png", str(pdf), str(out / "p")]
    elif tool == "mutool":
        cmd = ["mutool", "draw", "-q", "-r", str(DPI), "-c", "gray", "-o", str(out / "p-%d.png"), str(pdf), f"1-{pages}"]
    else:
        cmd = ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pnggray", f"-r{DPI}", "-dFirstPage=1",
               f"-dLastPage={pages}", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4", f"-sOutputFile={out}/p-%d.png", str(pdf)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    report = (done.stdout + done.stderr).strip()
    assert done.returncode == 0, f"{tool} failed on {pdf.name}: {report}"
    files = sorted(out.glob("p-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [np.asarray(Image.open(f).convert("L"), dtype=float) for f in files], report


def _errors(report: str) -> list[str]:
    """What a renderer said that is not the harmless note that it was built without colour management."""
    return [line for line in report.splitlines() if line.strip() and "ICC support is not available" not in line]


def _blocks(image: np.ndarray, k: int = CELL) -> np.ndarray:
    h, w = image.shape[0] // k * k, image.shape[1] // k * k
    return image[:h, :w].reshape(h // k, k, w // k, k).mean(axis=(1, 3))


def _pages_in(pdf: Path) -> int:
    return len(re.findall(rb"/Type /Page\b", pdf.read_bytes()))


def test_every_kit_pdf_renders_alike_in_poppler_mupdf_and_ghostscript(kit_pdfs, tmp_path):
    missing = [t for t in RENDERERS if shutil.which(t) is None]
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must install {', '.join(missing)} (.ci/run: poppler-utils, mupdf-tools, ghostscript)")
        pytest.skip(f"not installed: {', '.join(missing)}")
    for pdf in kit_pdfs:
        pages = min(PAGES, _pages_in(pdf))
        rendered = {}
        for tool in RENDERERS:
            images, report = _render(tool, pdf, tmp_path / pdf.parent.name / pdf.stem / tool, pages)
            assert _errors(report) == [], f"{tool} on {pdf.name}"
            assert len(images) == pages, f"{tool} on {pdf.name}"
            rendered[tool] = images
        for tool in RENDERERS[1:]:
            for n, (a, b) in enumerate(zip(rendered[RENDERERS[0]], rendered[tool]), 1):
                assert max(abs(i - j) for i, j in zip(a.shape, b.shape)) <= 1, f"{pdf.name} page {n}: {tool} page size"
                h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])  # renderers round the size apart
                a, b = a[:h, :w], b[:h, :w]
                diff = np.abs(_blocks(a) - _blocks(b))
                where = f"{pdf.parent.name}/{pdf.name} page {n}, {RENDERERS[0]} against {tool}"
                assert diff.mean() <= MAX_MEAN, f"{where}: mean difference {diff.mean():.1f}"
                assert np.percentile(diff, 99) <= MAX_P99, f"{where}: 99th percentile {np.percentile(diff, 99):.1f}"


# --------------------------------------------------------------------------
# print settings and bookmarks, as MuPDF reads them
# --------------------------------------------------------------------------

def _mutool(*args: str) -> str:
    if shutil.which("mutool") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install mutool (.ci/run: mupdf-tools)")
        pytest.skip("not installed: mutool")
    done = subprocess.run(["mutool", *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _viewer_preferences(pdf: Path) -> dict[str, str]:
    """The catalog's /ViewerPreferences as MuPDF reads them: {"PrintScaling": "None", ...}."""
    text = _mutool("show", str(pdf), "trailer/Root/ViewerPreferences")
    return dict(re.findall(r"/(\w+) /(\w+)", text))


def _outline(pdf: Path) -> list[tuple[str, int]]:
    """The PDF's bookmarks as MuPDF lists them: (title, page)."""
    return [(title, int(page)) for title, page in re.findall(r'"([^"]*)"\s+#page=(\d+)', _mutool("show", str(pdf), "outline"))]


@pytest.fixture(scope="module")
def counter_pdfs(tmp_path_factory) -> dict[str, Path]:
    """The rulebook's counters on portrait and landscape A4, and folded."""
    root = tmp_path_factory.mktemp("counters")
    out = {}
    for name, extra in (("portrait", []), ("landscape", ["--paper", "A4-landscape"]), ("fold", ["--fold"])):
        try:
            main(["counters", "--set", "fw", "--formats", "pdf", "--out", str(root / name), *extra])
        except SystemExit as exc:  # pragma: no cover
            assert not exc.code, name
        out[name] = root / name / "counters.pdf"
    return out


def test_every_pdf_asks_the_print_dialog_for_100_percent(kit_pdfs, counter_pdfs):
    """/PrintScaling /None (ISO 32000-1, 12.2): every mapgen PDF is at true scale, so no 'fit to page'."""
    for pdf in [*kit_pdfs, *counter_pdfs.values()]:
        assert _viewer_preferences(pdf).get("PrintScaling") == "None", pdf


def test_counter_sheets_ask_for_the_flip_that_puts_each_back_on_its_front(kit_pdfs, counter_pdfs):
    """Backs are mirrored about the page's vertical axis: the long edge of portrait paper, the short edge of
    landscape paper; a folded sheet is printed on one side.  Maps and plans ask for no duplex."""
    assert _viewer_preferences(counter_pdfs["portrait"])["Duplex"] == "DuplexFlipLongEdge"
    assert _viewer_preferences(counter_pdfs["landscape"])["Duplex"] == "DuplexFlipShortEdge"
    assert _viewer_preferences(counter_pdfs["fold"])["Duplex"] == "Simplex"
    for pdf in kit_pdfs:
        prefs = _viewer_preferences(pdf)
        assert prefs.get("Duplex") == ("DuplexFlipLongEdge" if pdf.name == "counters.pdf" else None), pdf


def test_every_page_has_a_bookmark_that_names_it(kit_pdfs, counter_pdfs):
    for pdf in [*kit_pdfs, *counter_pdfs.values()]:
        outline = _outline(pdf)
        assert [page for _, page in outline] == list(range(1, _pages_in(pdf) + 1)), pdf
        assert all(title.startswith(f"Page {page}: ") for title, page in outline), outline
    kinds = {pdf.name: _outline(pdf) for pdf in kit_pdfs}
    tiled = kinds["fw-map.pdf"]
    assert tiled[0][0].startswith("Page 1: index") and tiled[1][0] == "Page 2: key (title and legend)"
    assert tiled[2][0].startswith("Page 3: row 1, column 1, squares A1")
    assert [t for t, _ in _outline(counter_pdfs["portrait"])[:2]] == ["Page 1: fronts", "Page 2: backs of page 1"]
