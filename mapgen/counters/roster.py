"""Unit rosters (CSV or YAML) for unit counters, read with errors that name the line.

A roster lists units: ``name``, ``side``, ``type`` (required), ``count``
(copies, default 1) and the stats to print: ``cost``, ``movement``,
``actions`` (the Napoleonic set, NAP-1) or ``vc``, ``points`` (the skirmish
set, SK-1).  Blank stats of a known type are filled from the rules (NAP-1's
table; points = VC x 10, SK-1), and a points value that breaks SK-1 is an
error, so a printed counter never disagrees with the rulebook.

CSV: a header row, then one unit per row.  YAML: a list of mappings, either
at the top level or under ``units:``.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from ..errors import BadFileError
from ..jsonio import read_text
from ..text import MAX_NAME, text_problem
from .rules import NAP_UNITS, SK_POINTS_PER_VC, SK_VC_BY_TYPE, STAT_TAGS

REQUIRED = ("name", "side", "type")
OPTIONAL = ("count",)
STATS = tuple(STAT_TAGS)
#: Other spellings players use for the same column.
ALIASES = {
    "move": "movement",
    "battle_actions": "actions",
    "combat_value": "vc",
    "pts": "points",
    "qty": "count",
    "number": "count",
}
#: Copies of one roster line; more is surely a typo.
MAX_COUNT = 500
#: Counters from one roster: about 40 A4 pages of 5/8 in counters, fronts and backs.
MAX_COUNTERS = 5000
#: A roster file larger than this is not a roster (5000 counters take well under 1 MB).
MAX_ROSTER_BYTES = 4 * 1024 * 1024


class RosterError(BadFileError):
    """A roster that cannot be printed; the message names the file, line and column."""


@dataclass(frozen=True)
class RosterUnit:
    name: str
    side: str
    type: str
    count: int
    stats: tuple[tuple[str, int], ...]  # (column, value) in STAT_TAGS order
    line: int  # where it is in the file, for messages


def _column(name: str) -> str:
    key = str(name).strip().lower().replace(" ", "_").replace("-", "_")
    return ALIASES.get(key, key)


def _type_key(text: str) -> str:
    return text.strip().lower().replace(" ", "_").replace("-", "_")


def roster_text(path: Path, limit: int, error: type[BadFileError]) -> str:
    """A roster file's text (unit or campaign roster), every problem as ``error`` naming the file."""
    if not path.is_file():
        raise error(f"{path}: no such roster file")
    try:
        return read_text(path, limit, "roster file")
    except BadFileError as exc:
        raise error(str(exc)) from None


def read_roster(path: str | Path) -> list[RosterUnit]:
    """Units of a ``.csv``, ``.yaml`` or ``.yml`` roster file."""
    path = Path(path)
    text = roster_text(path, MAX_ROSTER_BYTES, RosterError)
    suffix = path.suffix.lower()
    if suffix == ".csv":
        rows = _csv_rows(text, path.name)
    elif suffix in (".yaml", ".yml"):
        rows = _yaml_rows(text, path.name)
    else:
        raise RosterError(f"{path}: a roster is a .csv, .yaml or .yml file")
    units = [_unit(row, line, path.name) for line, row in rows]
    if not units:
        raise RosterError(f"{path.name}: the roster lists no units")
    total = sum(u.count for u in units)
    if total > MAX_COUNTERS:
        raise RosterError(
            f"{path.name}: the roster asks for {total} counters; mapgen prints at most {MAX_COUNTERS} "
            f"from one roster (split it, or lower 'count')"
        )
    return units


def _check_columns(columns: list[str], where: str) -> None:
    unknown = [c for c in columns if c not in (*REQUIRED, *OPTIONAL, *STATS)]
    if unknown:
        raise RosterError(
            f"{where}: unknown column {unknown[0]!r}; columns are {', '.join(REQUIRED)} (required), "
            f"{', '.join(OPTIONAL + STATS)}"
        )


def _csv_rows(text: str, name: str) -> list[tuple[int, dict]]:
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except StopIteration:
        raise RosterError(f"{name} line 1: the file is empty; it needs a header row: name,side,type,...") from None
    columns = [_column(h) for h in header]
    _check_columns(columns, f"{name} line 1")
    for col in REQUIRED:
        if col not in columns:
            raise RosterError(
                f"{name} line 1: no column {col!r} (the header has {', '.join(columns) or 'nothing'}); "
                f"every roster needs {', '.join(REQUIRED)}"
            )
    rows = []
    try:
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
                continue
            if len(cells) > len(columns):
                raise RosterError(f"{name} line {line}: {len(cells)} cells but the header names {len(columns)} columns")
            rows.append((line, {col: (cells[i].strip() if i < len(cells) else "") for i, col in enumerate(columns)}))
    except csv.Error as exc:
        raise RosterError(f"{name} line {reader.line_num}: {exc}") from None
    return rows


def _yaml_rows(text: str, name: str) -> list[tuple[int, dict]]:
    import yaml

    from ..yamltext import compose

    root = compose(text, name, "roster (a unit is one level of 'name: value' lines)", RosterError)
    if root is None:
        raise RosterError(f"{name} line 1: the file is empty; it needs a list of units")
    seq = root
    if isinstance(root, yaml.MappingNode):
        found = [v for k, v in root.value if isinstance(k, yaml.ScalarNode) and k.value == "units"]
        if not found:
            raise RosterError(f"{name} line {root.start_mark.line + 1}: expected a list of units, or 'units:' with one")
        seq = found[0]
    if not isinstance(seq, yaml.SequenceNode):
        raise RosterError(f"{name} line {seq.start_mark.line + 1}: expected a list of units (lines starting with '- ')")
    rows = []
    for item in seq.value:
        line = item.start_mark.line + 1
        if not isinstance(item, yaml.MappingNode):
            raise RosterError(f"{name} line {line}: a unit should be a mapping like {{name: ..., side: ..., type: ...}}")
        row: dict[str, str] = {}
        for key, value in item.value:
            col = _column(key.value)
            _check_columns([col], f"{name} line {key.start_mark.line + 1}")
            if not isinstance(value, yaml.ScalarNode):
                raise RosterError(f"{name} line {value.start_mark.line + 1}, column {col!r}: expected a single value")
            row[col] = "" if value.tag.endswith(":null") else str(value.value).strip()
        for col in REQUIRED:
            if col not in row:
                what = f"unit {row['name']!r}" if row.get("name") else "the unit"
                raise RosterError(f"{name} line {line}: {what} has no {col!r}; every unit needs {', '.join(REQUIRED)}")
        rows.append((line, row))
    return rows


def _int(row: dict, col: str, where: str, low: int, high: int) -> int | None:
    text = row.get(col, "")
    if text == "":
        return None
    try:
        value = int(text)
    except ValueError:
        raise RosterError(f"{where}, column {col!r}: {text!r} is not a whole number") from None
    if not low <= value <= high:
        raise RosterError(f"{where}, column {col!r}: {value} is outside {low}..{high}")
    return value


def _unit(row: dict, line: int, name: str) -> RosterUnit:
    where = f"{name} line {line}"
    for col in REQUIRED:
        if not row.get(col, "").strip():
            raise RosterError(f"{where}, column {col!r}: empty; every unit needs a {col}")
        problem = text_problem(row[col].strip(), MAX_NAME)
        if problem:  # printed on a counter and in a VASSAL module: one line of printable text
            raise RosterError(f"{where}, column {col!r}: {problem}")
    count = _int(row, "count", where, 1, MAX_COUNT)
    stats = {col: _int(row, col, where, 0, 9999) for col in STATS}
    kind = _type_key(row["type"])
    # Blank NAP-1 stats of a Napoleonic type come from the rulebook's table.
    if kind in NAP_UNITS:
        nap = NAP_UNITS[kind]
        for col, value in (("cost", nap.cost), ("movement", nap.movement), ("actions", nap.actions)):
            if col in row and stats[col] is None:
                stats[col] = value
    # SK-1: points = VC x 10; a blank VC of a listed troop type comes from the table.
    if "vc" in row and stats["vc"] is None and kind in SK_VC_BY_TYPE:
        stats["vc"] = SK_VC_BY_TYPE[kind]
    if stats["vc"] is not None:
        points = stats["vc"] * SK_POINTS_PER_VC
        if stats["points"] is not None and stats["points"] != points:
            raise RosterError(
                f"{where}, column 'points': {stats['points']} but VC {stats['vc']} costs {points} points (SK-1: VC x 10)"
            )
        if "points" in row:
            stats["points"] = points
    return RosterUnit(
        name=row["name"].strip(),
        side=row["side"].strip(),
        type=row["type"].strip(),
        count=count or 1,
        stats=tuple((col, stats[col]) for col in STATS if stats[col] is not None),
        line=line,
    )
