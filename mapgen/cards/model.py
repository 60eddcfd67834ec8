"""A quick-reference card as plain data: sections of rows, each with its title and rule ID.

A card is assembled from the rule modules' declarations (:class:`~mapgen.tables.Table`,
:class:`~mapgen.tables.RuleMap`, named constants) by the functions of this package,
and drawn by :mod:`mapgen.render.cards_pdf`.  The words a card adds are headings and
row names; every number and every result on it is read from a declaration, so the
engine, the setup sheets and the card cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..dice import DiceExpr
from ..tables import Band, Table


@dataclass(frozen=True)
class Section:
    """One boxed table of a card: ``header`` names the columns, each row has one cell per column."""

    title: str
    rule: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: A line under the rows: where the table comes from, what [DEV] means here, an exception.
    note: str = ""

    def __post_init__(self):
        for row in self.rows:
            if len(row) != len(self.header):
                raise ValueError(f"{self.rule} {self.title}: row {row!r} has {len(row)} cells for {len(self.header)} columns")


@dataclass(frozen=True)
class Card:
    """The quick-reference card of one system: ``key`` is what ``mapgen cards --system`` takes."""

    key: str
    title: str
    sections: tuple[Section, ...]
    #: What the card is for, printed under its title.
    subtitle: str = ""


def signed(value: int) -> str:
    """A modifier as a player reads it: ``+2``, ``-1``, ``0``."""
    return f"{value:+d}" if value else "0"


def measure(value, unit: str) -> str:
    """A length as printed: ``12 in``, ``15 cm``, the number and its unit never parted by a line break."""
    return f"{value:g}\u00a0{unit}"


def words(key) -> str:
    """An identifier as words: ``max_speed`` -> ``max speed``."""
    return str(key).replace("_", " ")


def table_section(table: Table, result: str = "Result", title: str = "", note: str = "",
                  extra: Iterable[tuple[str, str]] = ()) -> Section:
    """A dice table: one row per band, the totals (under the dice) and the band's label.

    ``extra`` adds columns read from each band's data: (header, data key).
    """
    extra = tuple(extra)
    rows = tuple(
        (totals(table, b), b.label, *(_cell(b.data.get(key, "")) for _, key in extra)) for b in table.bands
    )
    header = (table.dice, result, *(h for h, _ in extra))
    return Section(title or table.name, table.rule, header, rows, note)


def totals(table: Table, band: Band) -> str:
    """A band's totals as printed: ``4-5``, and an end band that takes every modified total beyond it
    as ``0 or less`` or ``9 or more`` (:meth:`Table.lookup` clamps to the end bands)."""
    expr = DiceExpr.parse(table.dice)
    if band is table.bands[0] and band.low < expr.low:
        return f"{band.high} or less"
    if band is table.bands[-1] and band.high > expr.high:
        return f"{band.low} or more"
    return band.span()


def modifier_section(title: str, rule: str, values: Mapping, header: tuple[str, str] = ("Condition", "Modifier"),
                     label=words, note: str = "") -> Section:
    """A mapping of conditions to modifiers; zero entries are kept (a player looks for them too)."""
    rows = tuple((label(key), signed(value)) for key, value in values.items())
    return Section(title, rule, header, rows, note)


def facts_section(title: str, rule: str, facts: Iterable[tuple[str, object]],
                  header: tuple[str, str] = ("Rule", "Value"), note: str = "") -> Section:
    """Named numbers of a rule (a range, a cost, a limit): the name is the card's, the value the rule module's."""
    return Section(title, rule, header, tuple((name, _cell(value)) for name, value in facts), note)


def _cell(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return ", ".join(_cell(v) for v in value)
    return words(value) if isinstance(value, str) else str(value)
