"""Counters and counter sheets as plain data, and ``counters.json``.

A :class:`Counter` says what its two faces show (decided by ``sets.py`` from
the rules); a :class:`Sheet` says where every counter sits on every page
(decided by ``layout.py``).  Renderers only draw these.

``counters.json`` (schema ``mapgen/counters``, version 1) is the public
contract: ``size_mm``, ``paper``, ``pages`` [{``side`` "front" or "back",
``counters`` [{``id``, ``label``, ``x_mm``, ``y_mm``}]}], with ``x_mm``,
``y_mm`` the counter's top-left corner on its page, origin at the page's top
left.  Pages come in front/back pairs; with ``--fold`` both halves of one
sheet are such a pair (see the README).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..jsonio import Reader, read
from ..paper import Paper, get_paper

SCHEMA = "mapgen/counters"
VERSION = 1
SIDES = ("front", "back")


@dataclass(frozen=True)
class Face:
    """What one face of a counter shows; ``style`` is a side key of ``rules.STYLE_BY_KEY``."""

    style: str
    title: str  # the main words, e.g. "Probe", "Force"
    icon: str | None = None  # symbol id in templates/counters/symbols.svg
    big: str = ""  # a big number or word drawn instead of the icon (Force numbers)
    note: str = ""  # a small line under the title: square name, stats, cost
    band: str = ""  # text in the side band; empty: the side's name
    dark: bool = False  # inverse colours: a state that is "turned over" (sacked, damaged)


@dataclass(frozen=True)
class Counter:
    id: str
    label: str
    rule: str
    front: Face
    back: Face


@dataclass(frozen=True)
class Placement:
    counter: Counter
    x_mm: float  # top-left corner on the page, from the page's top left
    y_mm: float


@dataclass
class Page:
    side: str  # "front" or "back"
    placements: list[Placement]
    pdf_page: int  # 1-based page of counters.pdf / counters-NN.svg that shows it


@dataclass
class Sheet:
    """Every page of a counter set, laid out for one paper and counter size."""

    size_mm: float
    paper: Paper
    pages: list[Page]
    bleed_mm: float = 0.0
    gutter_mm: float = 0.0
    fold: bool = False
    title: str = ""

    @property
    def pdf_pages(self) -> int:
        return max((p.pdf_page for p in self.pages), default=0)

    def pages_on(self, pdf_page: int) -> list[Page]:
        return [p for p in self.pages if p.pdf_page == pdf_page]

    @property
    def flip_edge(self) -> str | None:
        """The paper edge a duplex print turns on to put each back on its front: the backs are mirrored about
        the page's vertical axis, the long edge of portrait paper and the short edge of landscape paper.
        None with ``fold``: fronts and backs share one side of the paper."""
        if self.fold:
            return None
        return "long" if self.paper.height_mm >= self.paper.width_mm else "short"

    def counters(self) -> list[Counter]:
        """Every counter once, in sheet order."""
        return [pl.counter for p in self.pages if p.side == "front" for pl in p.placements]

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA,
            "version": VERSION,
            "size_mm": round(self.size_mm, 4),
            "paper": paper_spec(self.paper),
            "bleed_mm": round(self.bleed_mm, 4),
            "gutter_mm": round(self.gutter_mm, 4),
            "pages": [
                {
                    "side": p.side,
                    "counters": [
                        {
                            "id": pl.counter.id,
                            "label": pl.counter.label if p.side == "front" else pl.counter.back.title,
                            "x_mm": round(pl.x_mm, 4),
                            "y_mm": round(pl.y_mm, 4),
                        }
                        for pl in p.placements
                    ],
                }
                for p in self.pages
            ],
        }


def paper_spec(paper: Paper) -> str:
    """``A4-portrait``: the ``--paper`` text that gives this paper back."""
    return f"{paper.name}-{paper.orientation}"


@dataclass(frozen=True)
class SheetFile:
    """``counters.json`` read back: enough to check a printed sheet against it."""

    size_mm: float
    paper: Paper
    pages: list[dict]


def sheet_from_json(data: dict) -> SheetFile:
    """Read a loaded ``counters.json``; a bad field raises BadFileError naming it."""
    top = Reader(data, "")
    size = top.number("size_mm", above=0)
    try:
        paper = get_paper(top.str("paper"))
    except ValueError as exc:
        from ..errors import BadFileError

        raise BadFileError(f"field 'paper': {exc}") from None
    pages = []
    for p in top.items("pages"):
        side = p.str("side", set(SIDES))
        counters = []
        for c in p.items("counters"):
            counters.append(
                {
                    "id": c.str("id"),
                    "label": c.str("label"),
                    "x_mm": c.number("x_mm"),
                    "y_mm": c.number("y_mm"),
                }
            )
        pages.append({"side": side, "counters": counters})
    return SheetFile(size, paper, pages)


def read_counters(path):
    """The ``counters.json`` at ``path``: JSON Schema, then fields; every error names the file and the field."""
    return read(path, SCHEMA, sheet_from_json)
