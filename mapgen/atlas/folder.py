"""What a campaign folder holds beside its state: the battlefields, the battle folders, the counter sheets, the PDFs.

The atlas shows what the engine and ``mapgen new`` already wrote; it reads
these files as they are and never draws a plan or a counter again, so the
page and the printed sheets cannot disagree.  A folder written by hand or
by an older mapgen may lack some of them: each is then simply left out.

The folder may come from an opponent, and the page is sent by e-mail: every
file is read through :mod:`mapgen.safefs`, so a symbolic link planted in it
(``battles/`` to the home folder, ``battle.md`` to ``~/.ssh/id_rsa``) is
left out like a missing file and nothing outside the folder gets into the page.
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from .. import safefs
from ..errors import BadFileError

#: ``mapgen new``'s battlefield for each holding square (:func:`mapgen.kit.battlefields_for_kit`).
KIT_PLAN = re.compile(r"^battlefield-(?P<square>[A-Z]+[0-9]+)\.json$")
#: A Fantasy Warriors battle's folder (:mod:`mapgen.presenters.fw_battles`): ``battles/day-03-C4``.
FW_BATTLE = re.compile(r"^day-(?P<day>[0-9]+)-(?P<square>[A-Z]+[0-9]+)$")
#: A Renaissance table battle's folder (:mod:`mapgen.presenters.renaissance_battles`): ``battles/year-1-phase-3-B-4``.
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


def _read(folder: Path, rel: str) -> str | None:
    """A file of the folder as text, or None when it is missing, too big, or not a real file inside it."""
    try:
        return safefs.read_bytes(folder, rel, MAX_READ_BYTES).decode("utf-8", errors="replace")
    except (OSError, BadFileError):
        return None


def _files(folder: Path, rel: str, names) -> tuple[str, ...]:
    return tuple(f"{rel}/{n}" for n in names if safefs.is_file(folder, f"{rel}/{n}"))


def _entries(folder: Path, rel: str) -> list[os.DirEntry]:
    """What a real folder inside the campaign folder holds (nothing when it is a link, a file or missing)."""
    if not safefs.is_dir(folder, rel):
        return []
    try:
        with os.scandir(safefs.inside(folder, rel)) as it:
            return list(it)
    except (OSError, BadFileError):
        return []


def kit_plans(folder: Path) -> list[Plan]:
    """The holdings' battlefields ``mapgen new`` wrote in ``battlefields/``, by square."""
    plans = []
    for entry in sorted(_entries(folder, "battlefields"), key=lambda e: e.name):
        m = KIT_PLAN.match(entry.name)
        if m is None:
            continue
        sq = m["square"]
        stem = f"battlefields/battlefield-{sq}"
        plans.append(Plan(
            key=f"kit-{sq}", place=sq, title=f"Battlefield of square {sq} (its holding's table, from the kit)",
            folder="battlefields", svg=_read(folder, f"{stem}.svg"), setup=kit_sheet(folder, sq), brief=None, report=None,
            files=_files(folder, "battlefields", (f"battlefield-{sq}.pdf", f"battlefield-{sq}.svg", f"battlefield-{sq}-setup.md", f"battlefield-{sq}.json")),
            order=(0, _square_key(sq)),
        ))  # fmt: skip
    return sorted(plans, key=lambda p: p.order)


def kit_sheet(folder: Path, square: str) -> str | None:
    """The setup sheet of the kit's battlefield of ``square``, as :func:`kit_plans` reads it."""
    return _read(folder, f"battlefields/battlefield-{square}-setup.md")


def battle_plans(folder: Path, renaissance: bool) -> list[Plan]:
    """Every battle folder under ``battles/``, fought or waiting, in the order they were fought."""
    plans = []
    for entry in _entries(folder, "battles"):
        m = (REN_BATTLE if renaissance else FW_BATTLE).match(entry.name)
        if m is None or not entry.is_dir(follow_symlinks=False):
            continue
        rel = f"battles/{entry.name}"
        if renaissance:
            place, when, order = m["node"], f"year {int(m['year'])}, summer phase {int(m['phase'])}", (1, int(m["year"]), int(m["phase"]), m["node"])
        else:
            place, when, order = m["square"], f"day {int(m['day'])}", (1, int(m["day"]), _square_key(m["square"]))
        plans.append(Plan(
            key=f"battle-{entry.name}", place=place, title=f"Battle at {place}, {when}", folder=rel,
            svg=_read(folder, f"{rel}/battlefield.svg"), setup=_read(folder, f"{rel}/battlefield-setup.md"),
            brief=_read(folder, f"{rel}/battle.md"), report=_read(folder, f"{rel}/report.yaml"),
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
    """Every PDF of the campaign, relative to its folder: the map first, then counters, battlefields, battles.

    Only real files in real folders: ``os.walk`` does not enter a linked folder, and a linked PDF is left out.
    """
    found = []
    for dirpath, dirnames, filenames in os.walk(folder, onerror=lambda err: None):  # an unreadable folder: its PDFs unlisted
        rel_dir = Path(dirpath).relative_to(folder)
        dirnames[:] = [d for d in dirnames if not d.startswith(".") and d not in SKIPPED_DIRS]
        for name in filenames:
            if not name.endswith(".pdf"):
                continue
            try:
                if not stat.S_ISREG(os.lstat(os.path.join(dirpath, name)).st_mode):
                    continue
            except OSError:
                continue
            found.append((rel_dir / name).as_posix())
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
    svgs = sorted((e.name for e in _entries(folder, "counters") if re.fullmatch(r"counters-[0-9]+\.svg", e.name)), key=_natural)
    sides = _page_sides(folder)
    out = []
    for name in svgs:
        n = int(name[len("counters-"):-len(".svg")])
        if sides and len(sides) == len(svgs) and sides[n - 1] != "front":
            continue
        text = _read(folder, f"counters/{name}")
        if text is not None:
            out.append(CounterPage(n, text))
    return out


def _page_sides(folder: Path) -> list[str]:
    text = _read(folder, "counters/counters.json")
    try:
        pages = json.loads(text)["pages"] if text else []
        return [str(p.get("side")) for p in pages]
    except (ValueError, KeyError, TypeError, AttributeError):
        return []
