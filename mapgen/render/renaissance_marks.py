"""The marks a Renaissance campaign puts on its country map: owners' colours, army counters, place badges.

One drawing function per mark, used both on the map (:mod:`.renaissance_campaign`)
and in its key (:mod:`.renaissance_key`), so the key always shows what the map
draws.  Every mark is plain shapes and text with ``fill``/``stroke`` attributes
(no opacity, patterns or CSS), the subset the PDF writer (:mod:`.pdf_draw`) draws.
Colours come from the seats' styles (:data:`~mapgen.counters.rules.RC_SEAT_STYLES`,
the same as the counter sheets), so a counter cut from the sheet matches its
colour on the printed status map; every mark that tells owners apart also
carries the owner's label (``P2``, ``D``), because the seats' colours print as
one grey.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from ..sides import rc_seat_style
from .counters import SYMBOL_BOX, load_counter_symbols
from .country_style import _text
from .svgdoc import fmt
from .templates import el as _el, recolor
from .text import text_width

#: A neutral country's marks (RC-1.1): grey, as its land is grey on the map.
NEUTRAL_COLOR = "#6e6e6e"
NEUTRAL_TINT = "#e6e4de"
INK = "#1a1a1a"
WHITE = "#ffffff"
PAPER = "#fbf6ea"

#: An army counter on the map: its side, the band with its id, and the text under it, mm.  Nine
#: millimetres hold an id like ``P3-4`` and a strength like ``24`` at sizes a printed map still shows.
COUNTER_MM = 9.0
COUNTER_BAND_MM = 3.3
COUNTER_ID_MM = 2.2
COUNTER_STRENGTH_MM = 3.4
COUNTER_NOTE_MM = 1.6
#: A seat's emblem in a counter's band or a badge, mm.
EMBLEM_MM = 2.2
#: The gap between counters fanned out at one node, mm.
COUNTER_GAP_MM = 0.8

#: A badge under a place (its holder, garrison, damage, siege, engagement), mm.
BADGE_TEXT_MM = 1.9
BADGE_H_MM = 3.0
BADGE_PAD_MM = 0.6
BADGE_GAP_MM = 0.5

#: The ring in the holder's colour round a place's symbol, mm.
RING_GAP_MM = 0.45
RING_WIDTH_MM = 0.8
#: A damaged place's ring is broken (RC-3.9: its walls count for nothing until repaired).
DAMAGED_DASH = "1.4 0.9"
#: Advanced fortifications (RC-3.9): a second, thinner ring outside the first.
ADVANCED_GAP_MM = 0.9
ADVANCED_WIDTH_MM = 0.4
#: A pending engagement (RC-4.4): a thick dashed black ring outside the holder's.
ENGAGEMENT_GAP_MM = 2.4
ENGAGEMENT_WIDTH_MM = 0.7
ENGAGEMENT_DASH = "2 1.2"


@dataclass(frozen=True)
class Owner:
    """Who may hold a place or lead an army: a player seat, or a neutral country (RC-1.1)."""

    id: str
    label: str  # what the marks print: the seat (P1) or the country's letter (D)
    color: str
    tint: str
    neutral: bool
    name: str = ""  # the player's name, or the country's name
    emblem: str = ""  # the seat's emblem (mapgen.sides), as on its counters; a neutral country has none


def owners(view: dict, country_names: dict[str, str]) -> dict[str, Owner]:
    """Every seat of the view in its seat's colour (by its place in ``players``), every country of the map in grey.

    A place or army is owned by a seat or by a neutral country's id (RC-1.1); a country
    a player rules never owns anything itself, so listing every country costs nothing.
    """
    out: dict[str, Owner] = {cid: Owner(cid, cid, NEUTRAL_COLOR, NEUTRAL_TINT, True, name) for cid, name in country_names.items()}
    for i, p in enumerate(view["players"]):
        style = rc_seat_style(i)
        out[p["seat"]] = Owner(p["seat"], p["seat"], style.color, style.tint, False, p.get("name") or p["seat"], style.emblem)
    return out


def owner_of(owners_: dict[str, Owner], oid: str | None) -> Owner:
    """The owner called ``oid``, or a neutral one when the view names someone the map does not know."""
    if oid in owners_:
        return owners_[oid]
    return Owner(str(oid), str(oid), NEUTRAL_COLOR, NEUTRAL_TINT, True)


# --------------------------------------------------------------------------- army counters


def strength_text(army: dict) -> str:
    """What a counter says of an army's strength: the number, ``?`` when the viewer does not know it."""
    return "?" if army.get("strength") is None else str(army["strength"])


def draw_army(parent: ET.Element, x: float, y: float, army: dict, owner: Owner) -> ET.Element:
    """One army counter with its top left at (x, y): id in a band of the owner's colour, strength below.

    An allied army (RC-3.6) says so under its strength; a diplomat shown as a decoy
    (RC-3.10) is hollow, its outline dashed, and says ``decoy`` where the strength would be.
    """
    s, band = COUNTER_MM, COUNTER_BAND_MM
    decoy = bool(army.get("decoy"))
    g = _el(parent, "g", data_army=army["id"], data_owner=army.get("owner"))
    _el(g, "rect", x=x, y=y, width=s, height=s, rx=0.7, fill=PAPER if decoy else owner.tint, stroke=owner.color,
        stroke_width=0.45, stroke_dasharray="1 0.6" if decoy else None)
    _el(g, "rect", x=x, y=y, width=s, height=band, rx=0.7, fill=owner.color, stroke="none")
    _el(g, "rect", x=x, y=y + band - 0.8, width=s, height=0.8, fill=owner.color, stroke="none")  # square lower corners
    left = x + 0.4
    if owner.emblem:  # the seat's emblem, as on its printed counters: the seats' colours print as one grey
        draw_emblem(g, owner.emblem, left, y + (band - EMBLEM_MM) / 2, EMBLEM_MM, WHITE)
        left += EMBLEM_MM + 0.2
    size = _fit(army["id"], x + s - 0.4 - left, COUNTER_ID_MM, bold=True)
    _text(g, (left + x + s - 0.4) / 2, y + band / 2 + size * 0.36, army["id"], size, anchor="middle", bold=True, fill=WHITE)
    if decoy:
        _text(g, x + s / 2, y + band + (s - band) / 2 + 0.7, "decoy", 2.0, anchor="middle", italic=True, fill=INK)
        return g
    note = "allied" if army.get("allied") else ""
    body = s - band - (COUNTER_NOTE_MM + 0.3 if note else 0.0)
    text = strength_text(army)
    size = _fit(text, s - 1.0, COUNTER_STRENGTH_MM, bold=True)
    _text(g, x + s / 2, y + band + body / 2 + size * 0.36, text, size, anchor="middle", bold=True, fill=INK)
    if note:
        _text(g, x + s / 2, y + s - 0.55, note, COUNTER_NOTE_MM, anchor="middle", bold=True, fill=owner.color)
    return g


def draw_emblem(parent: ET.Element, emblem: str, x: float, y: float, size: float, ink: str) -> ET.Element:
    """A seat's emblem (templates/counters/symbols.svg) in ``ink``, its box's top left at (x, y)."""
    g = _el(parent, "g", transform=f"translate({fmt(x)},{fmt(y)}) scale({fmt(size / SYMBOL_BOX)})")
    g.extend(recolor(e, ink) for e in load_counter_symbols()[emblem])
    return g


def _fit(text: str, width: float, size: float, bold: bool = False) -> float:
    """``size``, smaller if ``text`` would not fit ``width``."""
    w = text_width(text, size, bold=bold)
    return size if w <= width else size * width / w


# --------------------------------------------------------------------------- places


def ring_radius(symbol_radius: float) -> float:
    return symbol_radius + RING_GAP_MM + RING_WIDTH_MM / 2


def draw_holder(parent: ET.Element, cx: float, cy: float, symbol_radius: float, owner: Owner, damaged: bool = False,
                advanced: bool = False) -> None:
    """The ring in the holder's colour round a place's symbol; broken when damaged, doubled when improved (RC-3.9)."""
    r = ring_radius(symbol_radius)
    _el(parent, "circle", cx=cx, cy=cy, r=r + RING_WIDTH_MM / 2 + 0.25, fill="none", stroke=PAPER, stroke_width=0.5)
    _el(parent, "circle", cx=cx, cy=cy, r=r, fill="none", stroke=owner.color, stroke_width=RING_WIDTH_MM,
        stroke_dasharray=DAMAGED_DASH if damaged else None)
    if advanced:
        _el(parent, "circle", cx=cx, cy=cy, r=r + ADVANCED_GAP_MM, fill="none", stroke=owner.color,
            stroke_width=ADVANCED_WIDTH_MM)


def engagement_radius(symbol_radius: float) -> float:
    return ring_radius(symbol_radius) + ENGAGEMENT_GAP_MM


def draw_engagement_ring(parent: ET.Element, cx: float, cy: float, symbol_radius: float) -> None:
    """A thick dashed ring round a node where an engagement waits for its choices or its battle (RC-4.4)."""
    r = engagement_radius(symbol_radius)
    _el(parent, "circle", cx=cx, cy=cy, r=r, fill="none", stroke=PAPER, stroke_width=ENGAGEMENT_WIDTH_MM + 0.5)
    _el(parent, "circle", cx=cx, cy=cy, r=r, fill="none", stroke=INK, stroke_width=ENGAGEMENT_WIDTH_MM,
        stroke_dasharray=ENGAGEMENT_DASH)


@dataclass(frozen=True)
class Badge:
    """A word or number on a small plate: who holds a place, its garrison, its damage, a siege, an engagement."""

    text: str
    fill: str
    ink: str
    stroke: str = "none"
    dashed: bool = False
    bold: bool = True

    @property
    def width(self) -> float:
        return text_width(self.text, BADGE_TEXT_MM, bold=self.bold) + 2 * BADGE_PAD_MM


def badges_width(badges: list[Badge]) -> float:
    return sum(b.width for b in badges) + BADGE_GAP_MM * max(0, len(badges) - 1)


def draw_badges(parent: ET.Element, x: float, y: float, badges: list[Badge]) -> None:
    """A row of badges from (x, y), its top left."""
    for b in badges:
        _el(parent, "rect", x=x, y=y, width=b.width, height=BADGE_H_MM, rx=0.5, fill=b.fill, stroke=b.stroke,
            stroke_width=0.3 if b.stroke != "none" else None, stroke_dasharray="0.8 0.5" if b.dashed else None)
        _text(parent, x + b.width / 2, y + BADGE_H_MM / 2 + BADGE_TEXT_MM * 0.36, b.text, BADGE_TEXT_MM, anchor="middle",
              bold=b.bold, fill=b.ink)
        x += b.width + BADGE_GAP_MM


def holder_badge(owner: Owner) -> Badge:
    """The holder's label, for a place held by someone other than its own country's ruler."""
    return Badge(owner.label, owner.color, WHITE)


def garrison_badge(strength: int, owner: Owner) -> Badge:
    """A garrison's strength (RC-3.8), when the viewer knows it."""
    return Badge(f"G{strength}", WHITE, INK, owner.color)


def walled_badge() -> Badge:
    """A village given walls (RC-3.9 ``fortify``): the map's symbol still shows an open village."""
    return Badge("walled", WHITE, INK, INK, bold=False)


def damaged_badge() -> Badge:
    """A place taken by siege or struck by a disaster, until repaired (RC-3.9, RC-4.10, RC-5.4)."""
    return Badge("damaged", WHITE, INK, INK, dashed=True, bold=False)


def siege_badge(phases: int, besieger: Owner) -> Badge:
    """A siege in progress (RC-4.10) and the phases it has lasted (RC-A.17)."""
    return Badge(f"Siege {phases}", INK, WHITE, besieger.color)


#: How a settled engagement's Tabella 34 result reads on the map (RC-4.5); one still open reads ``Engaged``.
ENGAGEMENT_WORDS = {
    "P_BACK": "mover falls back",
    "N_BACK": "other falls back",
    "BOTH_BACK": "both fall back",
    "BATTLE": "battle",
    "SHUT_IN": "shut in",
}


def engagement_badge(engagement: dict) -> Badge:
    """A pending engagement (RC-4.4): the sides, then Tabella 34's result once known, else how many have chosen."""
    sides = f"{engagement.get('phasing')} v {engagement.get('other')}"
    result = engagement.get("result")
    if result is not None:
        return Badge(f"{sides}: {ENGAGEMENT_WORDS.get(result, str(result))}", WHITE, INK, INK)
    return Badge(f"{sides}: {len(engagement.get('chosen') or ())}/2 chosen", WHITE, INK, INK)


def circle_box(cx: float, cy: float, r: float) -> tuple[float, float, float, float]:
    return cx - r, cy - r, cx + r, cy + r

