"""Paper sizes and the printable area home printers manage."""

from __future__ import annotations

from dataclasses import dataclass

#: Portrait sizes in millimetres.
PAPERS = {
    "A4": (210.0, 297.0),
    "A3": (297.0, 420.0),
    "LETTER": (215.9, 279.4),
    "TABLOID": (279.4, 431.8),
}
ORIENTATIONS = ("landscape", "portrait")
#: Most home printers cannot print closer than this to the sheet edge.
PRINT_MARGIN_MM = 8.0


@dataclass(frozen=True)
class Paper:
    name: str
    orientation: str
    width_mm: float
    height_mm: float
    margin_mm: float = PRINT_MARGIN_MM

    @property
    def printable_mm(self) -> tuple[float, float]:
        return self.width_mm - 2 * self.margin_mm, self.height_mm - 2 * self.margin_mm

    def label(self) -> str:
        return f"{self.name} {self.orientation}"


def paper_names() -> list[str]:
    """Every accepted ``--paper`` value, e.g. ``A3`` (landscape) or ``A4-portrait``."""
    names = []
    for p in PAPERS:
        low = p.lower()
        names += [low, f"{low}-landscape", f"{low}-portrait"]
    return names


def get_paper(spec: str, default_orientation: str = "landscape") -> Paper:
    """``"A3"``, ``"a4-portrait"``, ``"letter-landscape"`` -> Paper."""
    text = spec.strip().lower().replace("_", "-").replace(" ", "-")
    name, _, orient = text.partition("-")
    orient = orient or default_orientation
    if name.upper() not in PAPERS or orient not in ORIENTATIONS:
        raise ValueError(
            f"unknown paper {spec!r}: use one of {', '.join(p for p in PAPERS)}, optionally with -landscape or -portrait"
        )
    w, h = PAPERS[name.upper()]
    if orient == "landscape":
        w, h = h, w
    display = name.upper() if name.upper().startswith("A") else name.capitalize()
    return Paper(display, orient, w, h)
