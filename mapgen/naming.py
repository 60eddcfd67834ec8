"""Place names from syllable tables: words built from beginnings, middles and endings, set in patterns.

The tables are data, one YAML file per people under ``templates/names/`` (a race of
Fantasy Warriors, the neutral lands, period Italy), so a player can change how a people
names its places without touching code.  A table gives syllables and, per kind of place,
patterns such as ``"Karak {Name}"`` or ``"{Root}heim"``:

* ``{Name}`` a whole word (beginning, sometimes a middle, ending); ``{name}`` the same in
  lower case, to glue it to a word before it (``"Castel{name}"``);
* ``{Root}`` / ``{root}`` a beginning, sometimes with a middle, no ending (``"{Root}water"``);
* ``{key}`` for any other list of the table, e.g. ``{saint}``; an entry ``"Vecchio/Vecchia"``
  agrees with the word before it (the second form after a word ending in ``a``).

A :class:`Namer` deals names from one seeded generator and never deals the same name twice,
so the same seed gives the same names and no two places of a map share one.  Names are
printable ASCII, so the embedded fonts have every glyph, and none contains a word of the
blocklist (``templates/names/blocklist.yaml``).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .datafiles import read_table

#: Tries for a new name before numbering one already dealt (a huge map can run a table dry).
MAX_TRIES = 60
#: The longest name dealt: longer ones are tried again, so labels stay short on the map.
MAX_CHARS = 20
#: The longest word made from syllables.
MAX_WORD = 11
_TOKEN = re.compile(r"\{(\w+)\}")
_VOWELS = frozenset("aeiou")
_CONSONANTS = "bcdfghjklmnpqrstvwxyzBCDFGHJKLMNPQRSTVWXYZ"
#: What a name may hold: letters, spaces, hyphens and apostrophes.
PRINTABLE = re.compile(r"[A-Za-z][A-Za-z '\-]*[A-Za-z]")
_WORD = re.compile(r"[A-Za-z]+")
_NOT_LETTER = re.compile(r"[^a-z]")
_ROMAN = ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")


class NameTableError(ValueError):
    """A name table in templates/names/ that the generator cannot use."""


@dataclass(frozen=True)
class NameTable:
    """One people's syllables and patterns (``templates/names/<key>.yaml``)."""

    key: str
    first: tuple[str, ...]
    middle: tuple[str, ...]
    last: tuple[str, ...]
    middle_chance: float
    patterns: dict[str, tuple[str, ...]]
    lists: dict[str, tuple[str, ...]]


def _strings(data: dict, key: str, where: str) -> tuple[str, ...]:
    value = data.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise NameTableError(f"{where}: '{key}' should be a list of words")
    return tuple(value)


@lru_cache(maxsize=None)
def load_table(key: str) -> NameTable:
    """The table ``templates/names/<key>.yaml``, read once."""
    where = f"templates/names/{key}.yaml"
    data = read_table("names", f"{key}.yaml")
    if not isinstance(data, dict) or not isinstance(data.get("patterns"), dict):
        raise NameTableError(f"{where}: should map 'first', 'middle', 'last' and 'patterns'")
    syl = data.get("syllables", {})
    patterns = {kind: _strings(data["patterns"], kind, where) for kind in data["patterns"]}
    lists = {k: _strings(data.get("lists", {}), k, where) for k in data.get("lists", {}) or {}}
    for kind, pats in patterns.items():
        for p in pats:
            for token in _TOKEN.findall(p):
                if token.lower() not in ("name", "root") and token not in lists:
                    raise NameTableError(f"{where}: pattern {p!r} of {kind} names {{{token}}}, which the table has no list for")
    return NameTable(
        key,
        _strings(syl, "first", where),
        tuple(syl.get("middle") or ()),
        _strings(syl, "last", where),
        float(data.get("middle_chance", 0.0)),
        patterns,
        lists,
    )


@lru_cache(maxsize=None)
def blocklist() -> tuple[str, ...]:
    """Words no generated name may contain (letters only, lower case)."""
    data = read_table("names", "blocklist.yaml")
    return tuple(str(w).lower() for w in data["words"])


@lru_cache(maxsize=None)
def _blocked_words() -> re.Pattern:
    """The blocklist as one pattern: one search instead of a test per word (a big map tries 6000 names)."""
    return re.compile("|".join(re.escape(w) for w in blocklist()) or r"(?!)")


def blocked(name: str) -> bool:
    """Whether ``name``, read without spaces and marks, contains a word of the blocklist."""
    letters = _NOT_LETTER.sub("", name.lower())
    return _blocked_words().search(letters) is not None


def join(a: str, b: str) -> str:
    """Two syllables as one word, smoothed where they meet: one vowel where two meet, no letter
    doubled across the join, at most one consonant each side of a cluster of two or more."""
    if not a or not b:
        return a + b
    x, y = a[-1].lower(), b[0].lower()
    if x in _VOWELS and y in _VOWELS:
        stem = a.rstrip("aeiouAEIOU")
        return stem + b if stem else a + b.lstrip("aeiou")
    tail = len(a) - len(a.rstrip(_CONSONANTS))
    head = len(b) - len(b.lstrip(_CONSONANTS))
    if tail >= 2 and head >= 2 and len(a) > tail:
        a, x = a[: len(a) - tail + 1], a[len(a) - tail].lower()  # Hart + stead: Harstead
    if x == y:
        return a + b[1:]
    return a + b


def glue(a: str, b: str) -> str:
    """A pattern's own letters after a word (``"{Root}heim"``): the same letter is not written twice."""
    return a + b[1:] if a and b and a[-1].lower() == b[0].lower() else a + b


def _agree(entry: str, before: str) -> str:
    """``"Vecchio/Vecchia"`` after a word: the second form after one ending in ``a``."""
    if "/" not in entry:
        return entry
    masc, fem = entry.split("/", 1)
    return fem if before.rstrip().endswith("a") else masc


@lru_cache(maxsize=None)
def _pattern_parts(pattern: str) -> tuple[tuple[str, str | None], ...]:
    """A pattern as (literal text, token after it) pairs, the last token None: parsed once per pattern."""
    parts, pos = [], 0
    for m in _TOKEN.finditer(pattern):
        parts.append((pattern[pos : m.start()], m.group(1)))
        pos = m.end()
    parts.append((pattern[pos:], None))
    return tuple(parts)


class Namer:
    """Deals names from tables with one seeded generator, never the same name twice.

    Examples
    --------
    >>> n = Namer(np.random.default_rng(1))
    >>> a, b = n.name(load_table("dwarves"), "holding"), n.name(load_table("dwarves"), "holding")
    >>> a != b and a[0].isupper()
    True
    """

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self.used: set[str] = set()
        self._decks: dict[tuple[str, str], list[str]] = {}

    def _pick(self, items):
        return items[int(self.rng.integers(len(items)))]

    def _pattern(self, t: NameTable, kind: str) -> str:
        """The next pattern of a shuffled deck: each of a kind's patterns once before any comes again,
        so seven holdings are not four "... Skulls"."""
        deck = self._decks.setdefault((t.key, kind), [])
        if not deck:
            deck.extend(t.patterns[kind][i] for i in self.rng.permutation(len(t.patterns[kind])))
        return deck.pop()

    def _root(self, t: NameTable) -> str:
        word = self._pick(t.first)
        if t.middle and self.rng.random() < t.middle_chance:
            word = join(word, self._pick(t.middle))
        return word

    def _word(self, t: NameTable) -> str:
        return join(self._root(t), self._pick(t.last))

    def fill(self, t: NameTable, pattern: str) -> str:
        """One name from ``pattern``: its tokens filled in, words glued where the pattern glues them."""
        out = ""
        for literal, token in _pattern_parts(pattern):
            out = glue(out, literal) if out[-1:].isalpha() and literal[:1].isalpha() else out + literal
            if token is None:
                return out
            if token.lower() in ("name", "root"):
                word = self._word(t) if token.lower() == "name" else self._root(t)
                word = word.capitalize() if token[0].isupper() else word.lower()
                out = join(out, word) if out[-1:].isalpha() else out + word
            else:
                out += _agree(self._pick(t.lists[token]), out)
        return out  # pragma: no cover - the loop returns

    def _fits(self, text: str) -> bool:
        return (
            len(text) <= MAX_CHARS
            and bool(PRINTABLE.fullmatch(text))
            and all(len(w) <= MAX_WORD + 6 for w in _WORD.findall(text))
            and not blocked(text)
        )

    def name(self, t: NameTable, kind: str) -> str:
        """A name for a place of ``kind`` from table ``t``, new on this map."""
        base = ""
        for _ in range(MAX_TRIES):
            text = self.fill(t, self._pattern(t, kind))
            if not self._fits(text):
                continue
            if text.lower() not in self.used:
                self.used.add(text.lower())
                return text
            base = text
        if not base:
            raise NameTableError(f"templates/names/{t.key}.yaml: {MAX_TRIES} tries gave no printable name for {kind}")
        # The table ran dry (a huge map): number a name already dealt, as a map does with namesakes.
        i = 2
        while f"{base} {_numeral(i)}".lower() in self.used:
            i += 1
        self.used.add(f"{base} {_numeral(i)}".lower())
        return f"{base} {_numeral(i)}"


def _numeral(i: int) -> str:
    return _ROMAN[i] if i < len(_ROMAN) else str(i)


def names_rng(seed_int: int) -> np.random.Generator:
    """The names' own generator, derived from the map's seed: naming adds no roll to the dice log and
    draws nothing from the generator of the other stages, so their output stays the same."""
    return np.random.default_rng([seed_int, _NAMES_STREAM])


#: Stream number of the names' generator: the first 8 bytes of SHA-256 of "names".
_NAMES_STREAM = int.from_bytes(hashlib.sha256(b"names").digest()[:8], "big")
