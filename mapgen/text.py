"""Names players type (sides, leaders, units, players, seeds), checked where they enter and escaped where they leave.

A name travels: typed on one player's command line or roster, it is saved in
``campaign.json``, then printed on the other player's terminal, written into
``report.yaml``, ``battle.md`` and a VASSAL module.  A line break in a leader's
name once wrote keys into the opponent's report form; an ESC sequence reached
his terminal; an 81-character unit type made a state no command could read
back.  So there is one check, :func:`check_name`, used by every reader of
typed text (the CLI options, the rosters, ``--names``, ``--seed``), with the
same limit as the state's schema (:data:`MAX_NAME`, the ``Name`` type of
:mod:`mapgen.campaign.state`); :func:`check_state_text` checks a whole state
before it is committed; and a file edited by hand is still written safely:
:func:`yaml_str` and :func:`printable` escape whatever is odd on the way out.

Examples
--------
>>> check_name("Ragnar the Red", "--leader")
'Ragnar the Red'
>>> check_name("Ragnar\\nwinner: B", "--leader")
Traceback (most recent call last):
...
mapgen.text.BadTextError: --leader: holds a line break (U+000A); names are one line of printable text
>>> printable("\\x1b[2J")
'\\\\x1b[2J'
"""

from __future__ import annotations

import dataclasses
import functools
import re
import typing

from .errors import MapgenError

#: The longest name the campaign states keep (``Name`` in both rule sets' ``state.py``).
MAX_NAME = 80
#: A seed is a name too; the CLI refuses longer ones (``int()`` stops at 4300 digits).
MAX_SEED = 200

#: Bidirectional controls: U+202E makes "evil.exe" read "exe.live"; a name never needs them.
BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
#: What no name may hold: C0 and C1 controls, DEL, the line and paragraph separators,
#: bidi controls, lone surrogates (bytes that were not UTF-8), the byte-order mark and the noncharacters U+FFFE/FFFF.
FORBIDDEN_CLASS = f"[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\ufeff\\ufffe\\uffff\\ud800-\\udfff{BIDI}]"
_WHAT = {"\n": "a line break", "\r": "a line break", "\t": "a tab", "\x1b": "an escape character"}


# Every character these patterns match is one str.isprintable() refuses (a control, a separator, a format
# character, a surrogate or a noncharacter), so text that is printable, nearly all text, never needs them:
# they are compiled on first use only.  Each is a set of characters beyond Latin-1, which the regular
# expression compiler maps code point by code point: some 4 M instructions apiece, a tenth of what
# fw-map spent on mapgen's own imports (issue 27).


@functools.cache
def _pattern(characters: str) -> re.Pattern:
    return re.compile(characters)


class BadTextError(MapgenError, ValueError):
    """A typed name that cannot be kept: the message names the option, field or roster line."""


def text_problem(value: str, max_len: int = MAX_NAME) -> str | None:
    """Why ``value`` cannot be a name (None when it can): the first odd character, or its length."""
    m = None if value.isprintable() else _pattern(FORBIDDEN_CLASS).search(value)
    if m:
        ch = m.group()
        what = _WHAT.get(ch) or ("a bidirectional control" if ch in BIDI else "a control character")
        return f"holds {what} (U+{ord(ch):04X}); names are one line of printable text"
    if len(value) > max_len:
        return f"is {len(value)} characters long; at most {max_len}"
    return None


def check_name(value: str, what: str, max_len: int = MAX_NAME) -> str:
    """``value`` stripped, or :class:`BadTextError` saying ``what`` (``--leader``, ``north.yaml line 4``) is wrong.

    Empty is refused too: a side, a leader or a unit needs a name.
    """
    text = value.strip()
    if not text:
        raise BadTextError(f"{what}: empty; give a name")
    problem = text_problem(text, max_len)
    if problem:
        raise BadTextError(f"{what}: {problem}")
    return text


# --- a whole state, before it is committed --------------------------------------------------


def _max_len(hint) -> int | None:
    """The ``MaxLen`` of an ``Annotated[str, ...]`` field, looking through ``X | None`` and ``tuple[X, ...]``."""
    # Imported here: the state types that carry it have imported it already, and every command reads this
    # module for its name checks (annotated_types and typing_extensions: 7 ms of fw-map's 0.14 s).
    from annotated_types import MaxLen

    for meta in getattr(hint, "__metadata__", ()):
        if isinstance(meta, MaxLen):
            return meta.max_length
    for arg in typing.get_args(hint):
        found = _max_len(arg)
        if found is not None:
            return found
    return None


#: Each state dataclass's fields with the ``MaxLen`` its schema gives each (None: none), worked out once a class.
_FIELDS: dict[type, tuple[tuple[str, int | None], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, int | None], ...]:
    found = _FIELDS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        found = _FIELDS[cls] = tuple((f.name, _max_len(hints.get(f.name))) for f in dataclasses.fields(cls))
    return found


def text_problems(obj, path: str = "state") -> list[str]:
    """Every string in a state (nested dataclasses, tuples, dicts) that its schema or :func:`text_problem` refuses.

    Each problem names its field (``state.forces[2].leader.name: ...``), so a
    command that built such a state can be refused before it is saved.  The
    lengths are the schema's own ``MaxLen`` (the file must read back);
    control characters are refused in every string.  A field's path is spelt
    out only for a string refused: a new campaign's thousand strings are
    checked without it (issue 27).
    """
    out: list[str] = []
    _walk(obj, path, None, out)
    return out


def _spelt(where) -> str:
    """The path :func:`_walk` carries as ``(parent, step)`` pairs: a step is ``.name``, an index or ``[key]``."""
    steps = []
    while isinstance(where, tuple):
        where, step = where
        steps.append(f"[{step}]" if isinstance(step, int) else step)
    return where + "".join(reversed(steps))


def _walk(obj, where, max_len: int | None, out: list[str]) -> None:
    if isinstance(obj, str):
        problem = text_problem(obj, max_len if max_len is not None else 1 << 62)
        if problem:
            out.append(f"{_spelt(where)}: {problem}")
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for name, limit in _fields(type(obj)):
            _walk(getattr(obj, name), (where, "." + name), limit, out)
    elif isinstance(obj, (tuple, list)):
        for i, item in enumerate(obj):
            _walk(item, (where, i), max_len, out)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            _walk(k, (where, " key"), None, out)
            _walk(v, (where, f"[{k!r}]"), None, out)


def check_state_text(state) -> None:
    """:class:`BadTextError` naming the first string of ``state`` that could not be saved and read back."""
    problems = text_problems(state)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise BadTextError(f"{problems[0]}{more}")


# --- on the way out ----------------------------------------------------------------------


def _escape(ch: str) -> str:
    n = ord(ch)
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"


def printable(text: str) -> str:
    """``text`` safe for a terminal: every control, bidi or separator character shown as ``\\xNN``/``\\uNNNN``.

    For lines made from a state that may have been edited by hand: an ESC
    sequence in a name then reads as text and cannot clear or recolour the
    screen of the player who prints it.
    """
    text = "" if text is None else str(text)
    if text.isprintable():
        return text
    forbidden = _pattern(FORBIDDEN_CLASS)
    return forbidden.sub(lambda m: _escape(m.group()), text) if forbidden.search(text) else text


#: Characters a YAML double-quoted scalar must escape; PyYAML's reader also refuses C1 and other non-printables.
YAML_ODD_CLASS = "[\\\\\"\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\ufeff\\ud800-\\udfff" + BIDI + "\\ufffe\\uffff]"


def yaml_str(text: str) -> str:
    """A double-quoted YAML scalar that ``yaml.safe_load`` reads back as exactly ``text``, on one line.

    >>> yaml_str('Ragnar\\nwinner: B')
    '"Ragnar\\\\nwinner: B"'
    """

    def esc(m: re.Match) -> str:
        ch = m.group()
        if ch in '\\"':
            return "\\" + ch
        if ch == "\n":
            return "\\n"
        n = ord(ch)
        return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"

    text = str(text)
    if text.isprintable() and "\\" not in text and '"' not in text:
        return '"' + text + '"'
    return '"' + _pattern(YAML_ODD_CLASS).sub(esc, text) + '"'


#: What XML 1.0 cannot hold at all, even as a character reference: most C0 controls, lone surrogates, U+FFFE/FFFF.
XML_ILLEGAL_CLASS = "[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\ud800-\\udfff\\ufffe\\uffff]"


def xml_safe(text: str) -> str:
    """``text`` an XML parser accepts: characters XML 1.0 forbids shown as ``\\xNN`` (tab and line breaks stay)."""
    text = str(text)
    if text.isprintable():
        return text
    illegal = _pattern(XML_ILLEGAL_CLASS)
    return illegal.sub(lambda m: _escape(m.group()), text) if illegal.search(text) else text
