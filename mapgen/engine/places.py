"""A place typed by its name: what each rule set's words (``words.py``) share.

Every command stores a place's id (``A-3``, ``K6``), which is what the map
prints beside the name; at the table players say the name ("Castelcarpia"), so
the command line takes either.  A name is matched whole and case-insensitively:
a prefix or a near spelling is only offered back, never taken, because a march
to the wrong town is worse than a refusal.
"""

from __future__ import annotations

from typing import Callable, Container, Mapping

#: How many near names a refusal offers: enough to spot a typo, few enough to read on one line.
NEAR_NAMES = 5


def place_id(word: str, names: Mapping[str, str], ids: Container[str], looks_like_id: Callable[[str], bool],
             what: str = "place") -> str:
    """The id ``word`` stands for: itself in capitals when it is one of ``ids``, else the id of the place so named.

    ``names`` maps each id to its name.  A word written as an id
    (``looks_like_id``) that is no place's id and no name is passed on in
    capitals, so the rules refuse it in their own words ("K99 is off the
    map"); a map without names takes ids only, as before names.  ValueError,
    naming the candidates, when two places share the name or none has it.

    Examples
    --------
    >>> place_id("castelcarpia", {"A-3": "Castelcarpia"}, {"A-3"}, lambda w: "-" in w)
    'A-3'
    >>> place_id("a-3", {"A-3": "Castelcarpia"}, {"A-3"}, lambda w: "-" in w)
    'A-3'
    """
    word = word.strip()
    if word.upper() in ids or not names:
        return word.upper()
    key = word.casefold()
    same = sorted(i for i, name in names.items() if name.casefold() == key)
    if len(same) == 1:
        return same[0]
    if same:
        raise ValueError(f"{word!r} names {len(same)} {what}s ({', '.join(same)}): type the id of the one you mean")
    if looks_like_id(word):
        return word.upper()
    import difflib  # for a name refused only: every command resolves names, few mistype one

    by_key = {name.casefold(): name for name in names.values()}
    near = [n for n in sorted(by_key) if n.startswith(key)] or difflib.get_close_matches(key, sorted(by_key), n=NEAR_NAMES)
    offered = sorted({f"{by_key[n]} ({i})" for i, name in names.items() for n in near[:NEAR_NAMES] if name.casefold() == n})
    hint = f"; did you mean {', '.join(offered)}?" if offered else " (type its id, as the map prints it beside the name)"
    raise ValueError(f"no {what} is named {word!r}{hint}")
