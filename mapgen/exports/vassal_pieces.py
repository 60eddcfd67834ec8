"""A VASSAL game piece as the text a ``PieceSlot`` holds: VASSAL's own serialisation, written by hand.

VASSAL stores a piece in the build file as the command that adds it:
``+/null/TYPE/STATE``, fields joined by ``/``.  A piece is a basic piece
(``piece;CLONE;DELETE;IMAGE;NAME``, state ``MAP;X;Y;GPID;N``) wrapped in traits, each
written outermost first and joined to the rest by a tab, types and states alike.
Every level escapes its own delimiter with a backslash, and a field that starts
with a backslash or is wrapped in single quotes is wrapped in quotes again, as
VASSAL's ``SequenceEncoder`` does.

A two-sided counter is the front's basic piece under a Layer trait (``emb2``)
holding the back's image: Ctrl+F (or the menu's "Flip") shows the back, and the
piece's name gains the back's title in brackets, "Red Probe (Confused)".
"""

from __future__ import annotations

from ..text import printable

#: Ctrl+F: key code 70, modifiers 130 (Java's CTRL_DOWN_MASK | CTRL_MASK, as VASSAL saves them).
FLIP_KEY = "70,130"
CTRL = 130


def seq(fields, delim: str) -> str:
    """VASSAL's ``SequenceEncoder``: ``fields`` (text, numbers, booleans) joined by ``delim``."""
    out = []
    for f in fields:
        s = ("true" if f else "false") if isinstance(f, bool) else str(f)
        escaped = s.replace(delim, "\\" + delim)
        if s.startswith("\\") or (s.startswith("'") and s.endswith("'")):
            escaped = f"'{escaped}'"
        out.append(escaped)
    return delim.join(out)


def basic_type(image: str, name: str) -> str:
    """A basic piece showing ``image``, called ``name``; no clone or delete keys."""
    return "piece;" + seq(["", "", image, name], ";")


def basic_state(gpid: int) -> str:
    """Off any map, at 0,0, with its game piece id and no persistent properties."""
    return seq(["null", 0, 0, gpid, 0], ";")


def flip_type(back_image: str, back_title: str) -> str:
    """A Layer (``Embellishment``, current version 1) with one level, the back, shown while active."""
    fields = [
        "Flip", CTRL, "F",  # activate command, modifiers, key (read only by version 0)
        "", CTRL, "",  # increase
        "", CTRL, "",  # decrease
        "", "", "1",  # reset command, key, level
        False, 0, 0,  # draw underneath when selected, x and y offset
        seq([back_image], ","),  # the levels' images
        seq([f"+ ({back_title})"], ","),  # the levels' names: a suffix to the piece's name
        True, "Flip side",  # loop levels, the layer's name
        "", "",  # random key and text
        False, "", 1,  # follow a property, its name, the first level's value
        1, False,  # version, always active
        FLIP_KEY, "", "",  # activate, increase and decrease keystrokes
        "Flip the counter", 1.0,  # description, scale
        "", "true",  # only when a property ... has this value: always
    ]
    return "emb2;" + seq(fields, ";")


def clean(name: str) -> str:
    """A name VASSAL can read back: white space (a tab would split the piece into traits) as single
    spaces, control and bidi characters shown as ``\\xNN`` (:func:`mapgen.text.printable`), and no
    backslash at the end (it would escape the delimiter after it)."""
    return printable(" ".join(name.split())).rstrip("\\")


def slot_text(front_image: str, name: str, gpid: int, back: tuple[str, str] | None = None, flipped: bool = False) -> str:
    """The text of a ``PieceSlot``: the piece ``name`` showing ``front_image``, and when ``back`` is
    (image, title) a flip layer, active (showing the back) when ``flipped``."""
    piece_type, state = basic_type(front_image, clean(name)), basic_state(gpid)
    if back is not None:
        piece_type = seq([flip_type(back[0], clean(back[1])), piece_type], "\t")
        state = seq(["1" if flipped else "-1", state], "\t")
    return "+/" + seq(["null", piece_type, state], "/")
