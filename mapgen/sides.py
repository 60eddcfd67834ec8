"""Who is who at the table: one colour, one emblem and one texture per side and per Renaissance seat.

Declared once here and read by every output that shows a side: the campaign
map (its holdings and capitals, the territory bands), the counter sheets, the
status maps, the atlas, the battlefield plans and the Renaissance country
map.  Before this module each output had its own palette, so side A was red
on the map, salmon on the status map and orange on a counter sheet.

Colour alone never tells the sides apart: red and blue print as much the same
grey, so each side also has an emblem (a shape from
``templates/counters/symbols.svg``) and a texture for its counters' bodies, and
a grey for the black-and-white map (``--style bw``), where the side's colour is
never named.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class SideStyle:
    """How one side is told apart: colour on screen, emblem and texture in black and white."""

    key: str
    name: str  # the colour's name, for a coloured output only
    color: str  # the side's colour: it fills the counter's body, the holdings, the zones' edges
    tint: str  # a light shade of it, for grounds under black text (a status map's country, a hover)
    emblem: str  # symbol id in templates/counters/symbols.svg
    #: The texture over the body that tells the sides apart in black and white (red and blue print
    #: as nearly the same grey): diagonal, dots, cross, horizontal, vertical, backdiagonal or none.
    pattern: str = "none"
    #: The side's ink on a black-and-white print (``--style bw``).
    grey: str = "#000000"


#: Colours in the order sides are given them.  FW-1.1: one side red, the other blue.
#: The emblem keeps the sides apart on a black-and-white print.
SIDE_STYLES = (
    SideStyle("red", "Red", "#c62828", "#f9e0e0", "emblem-disc", "diagonal", "#000000"),
    SideStyle("blue", "Blue", "#1e5aa8", "#dde8f7", "emblem-diamond", "dots", "#606060"),
    SideStyle("green", "Green", "#2e7d32", "#e0f0e0", "emblem-triangle", "cross", "#303030"),
    SideStyle("purple", "Purple", "#6a1b9a", "#eee0f4", "emblem-square", "horizontal", "#808080"),
    SideStyle("black", "Black", "#212121", "#e6e6e6", "emblem-cross", "vertical", "#000000"),
    SideStyle("orange", "Orange", "#c75b00", "#fbe9d8", "emblem-star", "backdiagonal", "#505050"),
)
#: Markers that belong to no side (FW-1.1.j, the Renaissance track).
NEUTRAL = SideStyle("neutral", "Neutral", "#444444", "#f2f0e8", "emblem-none")
#: The seats of a Renaissance campaign (``P1``, ``P2`` ... in order), on its status map, its counters and
#: its country map alike: the Okabe-Ito palette (blue, vermilion, bluish green, reddish purple, orange,
#: black), whose hues stay apart for the common kinds of colour blindness, darkened to the blue's
#: lightness so white lettering reads on every one (about 5:1).  They print as one grey, so the emblem,
#: the texture and the seat's label tell the seats apart in black and white.  Past six seats the colours
#: come round again; the labels still differ.
RC_SEAT_STYLES = (
    SideStyle("rc-blue", "Blue", "#0072b2", "#d9eaf4", "emblem-disc", "diagonal"),
    SideStyle("rc-vermilion", "Vermilion", "#b84f00", "#f4e1d4", "emblem-diamond", "dots"),
    SideStyle("rc-green", "Green", "#00795a", "#d4ebe4", "emblem-triangle", "cross"),
    SideStyle("rc-purple", "Purple", "#a8508a", "#f1e0eb", "emblem-square", "horizontal"),
    SideStyle("rc-ochre", "Ochre", "#8f6400", "#ece4d2", "emblem-star", "backdiagonal"),
    SideStyle("rc-black", "Black", "#262626", "#e3e3e3", "emblem-cross", "vertical"),
)
#: The looks an output can be printed in: ``colour``, and ``bw`` (black and white, for photocopies).
BW = "bw"


def _in_black_and_white(style: SideStyle) -> SideStyle:
    """``style`` as a black-and-white print shows it: the side's grey, its texture and its emblem, and named for
    its emblem ("Disc"), so no colour is ever named where none is printed."""
    word = style.emblem.removeprefix("emblem-")
    return replace(style, key=f"bw-{word}", name=word.capitalize(), color=style.grey, tint="#f0f0f0")


#: The sides' black-and-white styles (``--style bw``), by the colour style they stand for.
BW_STYLES = {s.key: _in_black_and_white(s) for s in SIDE_STYLES}
STYLE_BY_KEY = {s.key: s for s in (*SIDE_STYLES, *RC_SEAT_STYLES, NEUTRAL, *BW_STYLES.values())}

#: FW-1.1: side A is red, side B is blue (the map's sides keep that order).
FW_SIDES = (("A", "red"), ("B", "blue"))
_FW_STYLE = {side: STYLE_BY_KEY[key] for side, key in FW_SIDES}


def fw_side_style(side: str, look: str = "colour") -> SideStyle:
    """The style of a Fantasy Warriors side (``A`` red, ``B`` blue; in black and white, ``look="bw"``, its grey
    and its emblem's name); any other id is neutral."""
    return in_look(_FW_STYLE.get(side, NEUTRAL), look)


def in_look(style: SideStyle, look: str = "colour") -> SideStyle:
    """``style`` as printed in ``look``: itself in colour; in black and white (``bw``) its grey, named for its emblem."""
    return BW_STYLES.get(style.key, style) if look == BW else style


def rc_seat_style(index: int) -> SideStyle:
    """The style of the ``index``-th seat of a Renaissance campaign, from 0 (``P1``)."""
    return RC_SEAT_STYLES[index % len(RC_SEAT_STYLES)]


def emblem_word(side: str) -> str:
    """The emblem of a Fantasy Warriors side in a word, for a legend: ``disc``, ``diamond``."""
    return fw_side_style(side).emblem.removeprefix("emblem-")


def colour_names() -> frozenset[str]:
    """Every colour's name (``Red``, ``Blue`` ...): words a black-and-white print must never use for a side."""
    return frozenset(s.name for s in (*SIDE_STYLES, *RC_SEAT_STYLES))
