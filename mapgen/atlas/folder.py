"""What a campaign folder holds beside its state: the battlefields, the battle folders, the counter sheets, the PDFs.

The atlas shows what the engine and ``mapgen new`` already wrote; it reads
these files as they are and never draws a plan or a counter again, so the
page and the printed sheets cannot disagree.  A folder written by hand or
by an older mapgen may lack some of them: each is then simply left out.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

#: ``mapgen new``'s battlefield for each holding square (:func:`mapgen.kit.battlefields_for_kit`).
KIT_PLAN = re.compile(r"^battlefield-(?P<square>[A-Z]+[0-9]+)\.json$")
#: A Fantasy Warriors battle's folder (:mod:`mapgen.campaign.battles`): ``battles/day-03-C4``.
FW_BATTLE = re.compile(r"^day-(?P<day>[0-9]+)-(?P<square>[A-Z]+[0-9]+)$")
#: A Renaissance table battle's folder (:mod:`mapgen.campaign.renaissance.battles`): ``battles/year-1-phase-3-B-4``.
REN_BATTLE = re.compile(r"^year-(?P<year>[0-9]+)-phase-(?P<phase>[0-9]+)-(?P<node>.+)$")
#: Folders whose PDFs are not the campaign's: the engine's history, hidden staging folders.
SKIPPED_DIRS = ("history",)
#: A file the atlas reads is one mapgen wrote; anything bigger than this is not shown (a 400 x 400 plan is far smaller).
MAX_READ_BYTES = 16 * 1024 * 1024


@dataclass(frozen=True)
class Plan:
    """One battlefield the page can open: a holding's table from the kit, or a battle's folder."""

    key: str  # unique in the page: "kit-C4", "battle-day-03-C4"
    place: str  # the square (Fantasy Warriors) or node (Renaissance) it is fought on
    title: str
    folder: str  # relative to the campaign folder, '/'-separated
    svg: str | None  # the plan's drawing, as the kit wrote it
    setup: str | None  # its setup sheet (markdown)
    brief: str | None  # battle.md (markdown), for a battle
    report: str | None  # report.yaml, the form the players fill in
    files: tuple[str, ...]  # the plan's files, relative to the campaign folder
    order: tuple  # how plans sort: kit tables first, then battles by date


def _read(path: Path) -> str | None:
    try:
        if not path.is_file() or path.stat().st_size > MAX_READ_BYTES:
            return None
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _files(folder: Path, rel: str, names) -> tuple[str, ...]:
    return tuple(f"{rel}/{n}" for n in names if (folder / rel / n).is_file())


def kit_plans(folder: Path) -> list[Plan]:
    """The holdings' battlefields ``mapgen new`` wrote in ``battlefields/``, by square."""
    root = folder / "battlefields"
    if not root.is_dir():
        return []
    plans = []
    for path in sorted(root.iterdir()):
        m = KIT_PLAN.match(path.name)
        if m is None:
            continue
        sq = m["square"]
        stem = f"battlefield-{sq}"
        plans.append(Plan(
            key=f"kit-{sq}", place=sq, title=f"Battlefield of square {sq} (its holding's table, from the kit)",
            folder="battlefields", svg=_read(root / f"{stem}.svg"), setup=_read(root / f"{stem}-setup.md"), brief=None, report=None,
            files=_files(folder, "battlefields", (f"{stem}.pdf", f"{stem}.svg", f"{stem}-setup.md", f"{stem}.json")),
            order=(0, _square_key(sq)),
        ))  # fmt: skip
    return sorted(plans, key=lambda p: p.order)


def battle_plans(folder: Path, renaissance: bool) -> list[Plan]:
    """Every battle folder under ``battles/``, fought or waiting, in the order they were fought."""
    root = folder / "battles"
    if not root.is_dir():
        return []
    plans = []
    for path in root.iterdir():
        m = (REN_BATTLE if renaissance else FW_BATTLE).match(path.name)
        if m is None or not path.is_dir():
            continue
        rel = f"battles/{path.name}"
        if renaissance:
            place, when, order = m["node"], f"year {int(m['year'])}, summer phase {int(m['phase'])}", (1, int(m["year"]), int(m["phase"]), m["node"])
        else:
            place, when, order = m["square"], f"day {int(m['day'])}", (1, int(m["day"]), _square_key(m["square"]))
        plans.append(Plan(
            key=f"battle-{path.name}", place=place, title=f"Battle at {place}, {when}", folder=rel,
            svg=_read(path / "battlefield.svg"), setup=_read(path / "battlefield-setup.md"), brief=_read(path / "battle.md"),
            report=_read(path / "report.yaml"),
            files=_files(folder, rel, ("battlefield.pdf", "battlefield.svg", "battlefield-setup.md", "battle.md", "report.yaml", "battlefield.json")),
            order=order,
        ))  # fmt: skip
    return sorted(plans, key=lambda p: p.order)


def _square_key(square: str) -> tuple[int, int]:
    """``AB12`` -> (row 12, column AB): squares in reading order, as the map's rows run."""
    m = re.match(r"^([A-Z]+)([0-9]+)$", square)
    if m is None:
        return (1 << 30, 0)
    col = 0
    for ch in m[1]:
        col = col * 26 + ord(ch) - 64
    return int(m[2]), col


def pdf_files(folder: Path) -> list[str]:
    """Every PDF of the campaign, relative to its folder: the map first, then counters, battlefields, battles."""
    found = []
    for path in folder.rglob("*.pdf"):
        rel = path.relative_to(folder)
        if any(part.startswith(".") or part in SKIPPED_DIRS for part in rel.parts[:-1]) or not path.is_file():
            continue
        found.append(rel.as_posix())
    rank = {"": 0, "counters": 1, "battlefields": 2, "battles": 3}
    return sorted(found, key=lambda r: (rank.get(r.split("/")[0] if "/" in r else "", 4), r.count("/"), _natural(r)))


def _natural(text: str) -> tuple:
    """``day-10`` after ``day-9``: numbers in a name compare as numbers."""
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"([0-9]+)", text))


@dataclass(frozen=True)
class CounterPage:
    """One printed page of counter fronts: its drawing and where it is printed."""

    number: int  # its page in counters.pdf
    svg: str


def counter_fronts(folder: Path) -> list[CounterPage]:
    """The fronts of the counter sheets in ``counters/`` (the backs are their mirror, for duplex printing)."""
    root = folder / "counters"
    svgs = sorted(p for p in root.glob("counters-*.svg") if re.fullmatch(r"counters-[0-9]+\.svg", p.name)) if root.is_dir() else []
    sides = _page_sides(root / "counters.json")
    out = []
    for path in svgs:
        n = int(path.stem.split("-")[1])
        if sides and len(sides) == len(svgs) and sides[n - 1] != "front":
            continue
        text = _read(path)
        if text is not None:
            out.append(CounterPage(n, text))
    return out


def _page_sides(path: Path) -> list[str]:
    text = _read(path)
    try:
        pages = json.loads(text)["pages"] if text else []
        return [str(p.get("side")) for p in pages]
    except (ValueError, KeyError, TypeError, AttributeError):
        return []
