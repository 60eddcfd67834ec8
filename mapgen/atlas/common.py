"""What both rule sets' atlases share: sides in words, log rows, the plans and counter sheets as the page shows them."""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from .cache import Fragments
from .folder import Plan, counter_fronts
from .page import markdown_html
from .svg import data_uri


def signed(v: int) -> str:
    return f"+{v}" if v >= 0 else str(v)


def side_label(side: str, sides: dict, names: dict | None = None) -> str:
    """``side A (Red)``: the letter always (colour is never the only cue), the side's name when known."""
    name = sides[side]["name"] if side in sides else (names or {}).get(side)
    return f"side {side} ({name})" if name else f"side {side}"


def headline(lines: list[str], first_detail: str) -> list[str]:
    """The engine's status in words up to its details (``first_detail`` starts the first), which the page shows as tables."""
    out = []
    for line in lines:
        if line.startswith(first_detail):
            break
        out.append(line)
    return out


def log_row(words: str, when: int, phase: str, rule: str, dice: str | None, who: str | None, secret: bool) -> dict:
    """One line of the log for the page's table and its filters: the engine's words, and what to filter on.

    The line shows its rule once, in its badge: the engine's words name it too (``Day 1, phase 2, FW-9.3: ...``,
    or a battle's ``... both forces under Max Speed (FW-23.3); folder ...``), so it is taken out of them.
    """
    if rule:
        words = words.replace(f", {rule}: ", ": ", 1).replace(f" ({rule})", "", 1)
    return {"words": words, "when": when, "phase": phase, "rule": rule, "family": rule.split(".")[0].split(" ")[0],
            "roll": dice is not None, "who": who or "", "secret": secret}  # fmt: skip


#: The cache's kind of entry for a sheet's HTML.
SHEET = "sheet"


def sheet_html(text: str, cache: Fragments) -> Markup:
    """A setup or battle sheet (markdown) as the page's HTML, turned once and kept (:func:`.page.markdown_html`)."""

    return Markup(cache.get(SHEET, text, lambda: str(markdown_html(text))))


def sheets_html(texts) -> dict[str, str]:
    """The HTML of setup sheets by their markdown: ``mapgen new``'s battlefields process turns its own
    sheets while the other process writes the rest, instead of the page doing it after both (off the longer
    process; with cmark-gfm a few hundredths of a millisecond a sheet); :func:`prime_sheets` hands them to the page's cache."""
    return {text: str(markdown_html(text)) for text in texts if text}


def prime_sheets(cache: Fragments, sheets: dict[str, str]) -> None:
    """Hand ``cache`` sheets already turned into HTML (:func:`sheets_html`): the same entries :func:`sheet_html` makes."""
    for text, html in sheets.items():
        cache.put(SHEET, text, html)


def plans_html(plans: list[Plan], cache: Fragments) -> list[dict]:
    """Each plan with its drawing as an image, its sheets as HTML (any HTML typed into them shows as text)."""
    out = []
    for p in plans:
        out.append({
            "key": p.key, "place": p.place, "title": p.title, "folder": p.folder, "files": p.files,
            "img": data_uri(p.svg) if p.svg else None,
            "alt": f"Plan of the table: {p.title}. Its features, sizes and positions are listed in the setup sheet below.",
            "brief": sheet_html(p.brief, cache) if p.brief else None,
            "setup": sheet_html(p.setup, cache) if p.setup else None,
            "report": p.report,
        })  # fmt: skip
    return out


def counters_html(folder: Path) -> list[dict]:
    """The fronts of the folder's counter sheets as images."""
    return counter_pages([(p.number, p.svg) for p in counter_fronts(folder)])


def counter_pages(pages) -> list[dict]:
    """Pages of counter fronts, (page number, SVG text) each, as the page's images."""
    return [{"number": n, "img": data_uri(svg), "alt": f"Counter sheet, page {n} (fronts): every counter's face as printed"} for n, svg in pages]
