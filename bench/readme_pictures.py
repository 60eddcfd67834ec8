"""Draw the README's and the manual's pictures again (templates/examples/*.png) from today's generators.

The manual serves the same files as images/ (docs/hooks.py), so one run updates both.

Run from the repository root: ``python bench/readme_pictures.py``.  Not a
benchmark: it lives here with the other scripts run by hand.  It needs
``pdftoppm`` (Debian's poppler-utils) to turn the PDFs mapgen writes into
pictures, so each picture is what a player's print looks like.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "templates" / "examples"
MAPGEN = [sys.executable, "-c", "from mapgen.cli import main; main()"]


def mapgen(*args: str) -> None:
    subprocess.run([*MAPGEN, *args], check=True, stdout=subprocess.DEVNULL)


def poster(svg: Path, png: Path, width_px: int, crop=None, grey: bool = False) -> None:
    """A whole SVG drawing as one page (no tiling), then a PNG ``width_px`` wide (optionally a crop, in shares)."""
    from mapgen.paper import Paper
    from mapgen.render.pdf import write_pdf

    text = svg.read_text(encoding="utf-8")
    w = float(re.search(r'<svg[^>]*\swidth="([\d.]+)mm"', text).group(1))
    h = float(re.search(r'<svg[^>]*\sheight="([\d.]+)mm"', text).group(1))
    pdf = Path(tempfile.mkdtemp()) / "poster.pdf"  # never beside the pictures, even if the run stops
    write_pdf(text, pdf, Paper("poster", "landscape", w + 20, h + 20, margin_mm=5.0))
    # Only the drawing, without the page's margins and their caption: a share of the page, then of the drawing.
    fx0, fy0, fx1, fy1 = crop or (0.0, 0.0, 1.0, 1.0)
    W, H = w + 20, h + 20
    box = ((10 + fx0 * w) / W, (10 + fy0 * h) / H, (10 + fx1 * w) / W, (10 + fy1 * h) / H)
    raster(pdf, png, width_px, crop=box, grey=grey)
    shutil.rmtree(pdf.parent)


def raster(pdf: Path, png: Path, width_px: int, page: int = 1, crop=None, grey: bool = False) -> Image.Image:
    tmp = Path(tempfile.mkdtemp())
    subprocess.run(["pdftoppm", "-r", "200", "-f", str(page), "-l", str(page), "-png", *(["-gray"] if grey else []),
                    str(pdf), str(tmp / "p")], check=True)
    im = Image.open(next(tmp.glob("p-*.png"))).convert("RGB")
    if crop:
        x0, y0, x1, y1 = crop
        im = im.crop((int(x0 * im.width), int(y0 * im.height), int(x1 * im.width), int(y1 * im.height)))
    im = im.resize((width_px, round(im.height * width_px / im.width)), Image.LANCZOS)
    shutil.rmtree(tmp)
    save(im, png)
    return im


def save(im: Image.Image, png: Path) -> None:
    """A 256-colour PNG; the palette is fitted with the rare but vital colours kept (the sides' red and blue)."""
    im.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(png, optimize=True)


def atlas_picture(north: Path) -> None:
    """The atlas of the first turn's campaign as a player's browser shows it at 1280 x 800, pointing at A2's square.

    Needs Playwright and Debian's ``chromium`` (the browser tests' own).
    """
    from playwright.sync_api import sync_playwright

    shot = Path(tempfile.mkdtemp()) / "atlas.png"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto((north / "index.html").as_uri(), wait_until="load")
        page.hover('.hit[data-id="K6"]')
        page.screenshot(path=str(shot))
        browser.close()
    save(Image.open(shot).convert("RGB"), OUT / "atlas.png")
    shutil.rmtree(shot.parent)


def renaissance_picture(work: Path) -> None:
    """The manual's Renaissance year (section "Your first year") played on to a siege of P2's capital, as P2 sees it."""
    italy = str(work / "italy")
    moves = (("A-1", "A-5"), ("A-9", "B-15"), ("B-13", "B-8"), ("B-3", "B-0"))
    argv = [["new", italy, "--rules", "renaissance", "--seed", "8", "--players", "2", "--ends", "years=5;capitals", "--formats", ""],
            ["army", italy, "P1", "A-0", "--company", "large", "--company", "large", "--company", "medium"],
            ["hire", italy, "P1", "diplomat", "--at", "A-0"], ["hire", italy, "P2", "spy", "--target", "P1"],
            ["army", italy, "P2", "B-0", "--company", "medium", "--company", "small"], ["turn", italy]]
    for step in moves:  # the summer's order is P1, P2 (drawn by lot); two road steps a phase (RC-4.3)
        argv += [["move", italy, "P1-1", *step], ["turn", italy]] + ([["turn", italy]] if step != moves[-1] else [])
    argv += [["engage", italy, "P1", "B-0", "attack"], ["engage", italy, "P2", "B-0", "shut_in"], ["turn", italy],
             ["siege", italy, "P1-1"], ["turn", italy], ["status", italy, "--side", "P2", "--svg", str(work / "italy.svg")]]
    for a in argv:
        mapgen("campaign", *a)
    poster(work / "italy.svg", OUT / "renaissance-status.png", 1100, crop=(0.0, 0.0, 1.0, 1.0))


def main() -> None:
    work = Path(tempfile.mkdtemp())
    mapgen("fw-map", "--seed", "7", "--out", str(work / "m7"))
    poster(work / "m7" / "fw-map.svg", OUT / "fw-map-medium.png", 1194)
    mapgen("fw-map", "--seed", "7", "--style", "bw", "--formats", "svg", "--out", str(work / "bw7"))
    poster(work / "bw7" / "fw-map.svg", OUT / "fw-map-greyscale-detail.png", 1100, crop=(0.03, 0.12, 0.55, 0.55), grey=True)
    pages = [raster(work / "m7" / "fw-map.pdf", work / f"page{n}.png", 330, page=n) for n in (1, 2, 3)]
    strip = Image.new("RGB", (sum(p.width for p in pages) + 2 * 12, max(p.height for p in pages)), "white")
    x = 0
    for p in pages:
        strip.paste(p, (x, 0))
        x += p.width + 12
    save(strip, OUT / "fw-map-pdf-pages.png")
    mapgen("country", "--seed", "11", "--countries", "3", "--neutrals", "1", "--formats", "svg", "--out", str(work / "c11"))
    poster(work / "c11" / "country.svg", OUT / "country-3.png", 881)
    mapgen("battlefield", "--map", str(work / "m7" / "fw-map.json"), "--square", "A9", "--seed", "946745", "--formats", "pdf",
           "--out", str(work / "bf"))
    raster(work / "bf" / "battlefield.pdf", OUT / "battlefield-river-bridge.png", 900)
    mapgen("counters", "--campaign", str(work / "m7"), "--size", "1/2in", "--formats", "pdf", "--out", str(work / "ct"))
    fronts = raster(work / "ct" / "counters.pdf", work / "f.png", 434, page=1, crop=(0.03, 0.04, 0.97, 0.45))
    backs = raster(work / "ct" / "counters.pdf", work / "b.png", 434, page=2, crop=(0.03, 0.04, 0.97, 0.45))
    both = Image.new("RGB", (fronts.width + backs.width, max(fronts.height, backs.height)), "white")
    both.paste(fronts, (0, 0))
    both.paste(backs, (fronts.width, 0))
    both.save(OUT / "counters-fw-campaign.png", optimize=True)
    # The manual's first turn (section "Your first turn"), then side A's view of it.
    north = str(work / "north")
    for argv in (["new", north, "--seed", "42", "--size", "small", "--races", "dwarves,orcs"],
                 ["order", north, "A2", "max_speed"], ["order", north, "B2", "max_speed", "--roll", "4"], ["turn", north],
                 ["move", north, "A2", "K6", "J6"], ["move", north, "A3"], ["move", north, "B2", "D2", "E3", "F3"],
                 ["move", north, "B3", "E7"], ["turn", north], ["status", north, "--side", "A", "--svg", str(work / "day1.svg")]):
        mapgen("campaign", *argv)
    poster(work / "day1.svg", OUT / "campaign-status.png", 1100)
    atlas_picture(Path(north))
    renaissance_picture(work)
    shutil.rmtree(work)
    print(f"drew {OUT}/*.png again")


if __name__ == "__main__":
    main()
