"""Battlefields as Universal VTT files (``.dd2vtt``), for virtual tabletops.

Universal VTT is the JSON format Dungeondraft exports and the common importers
read (Foundry's Universal Battlemap Importer, Fantasy Grounds Unity, Owlbear
Rodeo, MapTool, Arkenforge): ``format`` (0.3), ``resolution`` (``map_origin``,
``map_size`` in grid units, ``pixels_per_grid``), ``line_of_sight`` and
``objects_line_of_sight`` (polylines of ``{"x", "y"}`` points in grid units),
``portals``, ``environment`` (``baked_lighting``, ``ambient_light`` as ARGB hex),
``lights``, and ``image``, the map as a base64 PNG.  The importers make a
``line_of_sight`` line a wall that stops tokens as well as sight, so it holds
only what nobody may enter (a tower, a house, a mountain); what blocks sight
alone (woods, a passable hill's crest, a farm or a holding) goes into
``objects_line_of_sight``, which the README says how each importer reads.

One grid unit is one inch of table, so ``pixels_per_grid`` is the image's
pixels per inch.  The map is the table rounded up to whole inches (Foundry makes
the scene ``map_size`` x ``pixels_per_grid`` pixels and wants whole pixels), the
table centred on it at its true size and the strip round it dark: off the table.
The picture is the battlefield plan itself, drawn as at 1:5 so that its numbers
and symbols are about half a token across; the walls are
:func:`mapgen.battlefield.sight.sight_walls`.  A table has no doors and no lights.
"""

from __future__ import annotations

import base64
import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .. import safefs
from ..battlefield.model import Battlefield
from ..jsonio import dumps, write_atomic
from .raster import check_size, png, reframe

#: The Universal VTT format version written (Dungeondraft's since 1.0.2).
FORMAT = 0.3
CM_PER_INCH = 2.54
DEFAULT_PPI = 100
#: Pixels per inch a file may ask for: Foundry's smallest grid is 50 pixels.
PPI_RANGE = (50, 300)
#: The plan is drawn as at 1:5 (paper mm = table cm x 2): labels and textures half their 1:10 printed size.
PLAN_SCALE = 5
#: Off the table: the strip between the table and the map's whole inches.
OFF_TABLE = "#3b3b3b"
#: No lighting is drawn in the picture; the tabletop lights it, in full white by default (ARGB).
AMBIENT_LIGHT = "ffffffff"
#: Grid coordinates are rounded to a ten-thousandth of an inch: same layout, same bytes.
DIGITS = 4


@dataclass(frozen=True)
class VttFrame:
    """Where the table lies on the map: whole inches of grid, the table centred on them."""

    ppi: int
    width_cm: float
    depth_cm: float

    @property
    def grid(self) -> tuple[int, int]:
        """The map's size in grid units (inches): the table's, rounded up."""
        return math.ceil(self.width_cm / CM_PER_INCH - 1e-9), math.ceil(self.depth_cm / CM_PER_INCH - 1e-9)

    @property
    def size_px(self) -> tuple[int, int]:
        gw, gh = self.grid
        return gw * self.ppi, gh * self.ppi

    @property
    def offset(self) -> tuple[float, float]:
        """Grid units from the map's top-left corner to the table's."""
        gw, gh = self.grid
        return (gw - self.width_cm / CM_PER_INCH) / 2, (gh - self.depth_cm / CM_PER_INCH) / 2

    def point(self, x_cm: float, y_cm: float) -> dict:
        """A table point (cm, origin at side A's left corner, y away from side A) as a grid point
        (y down the map, side A's edge at the bottom, as the plan shows it)."""
        ox, oy = self.offset
        return {"x": _num(ox + x_cm / CM_PER_INCH), "y": _num(oy + (self.depth_cm - y_cm) / CM_PER_INCH)}


def _num(v: float) -> float | int:
    v = round(v, DIGITS)
    return int(v) if v == int(v) else v


def vtt_frame(b: Battlefield, ppi: int = DEFAULT_PPI) -> VttFrame:
    """The frame of ``b`` at ``ppi``; refuses a picture too large to load (ImageTooLargeError)."""
    fr = VttFrame(ppi, b.width_cm, b.depth_cm)
    w, h = fr.size_px
    most = math.floor(16384 / max(fr.grid))
    check_size(f"the {b.width_cm:g} x {b.depth_cm:g} cm table at {ppi} pixels per inch", w, h,
               f"give --ppi {most} or less")
    return fr


def plan_png(b: Battlefield, fr: VttFrame) -> bytes:
    """The plan of ``b`` on the frame's map, as a PNG of exactly ``fr.size_px`` pixels."""
    from ..render.battlefield import render_battlefield
    from ..render.plan_draw import Frame

    doc = render_battlefield(b, PLAN_SCALE)
    plan = Frame(b, PLAN_SCALE)
    per_inch = CM_PER_INCH * plan.k  # plan mm per grid unit
    gw, gh = fr.grid
    ox, oy = fr.offset
    x, y, w, h = plan.ox - ox * per_inch, plan.oy - oy * per_inch, gw * per_inch, gh * per_inch
    # The strip off the table covers the plan's rulers and captions, which belong to paper.
    strip = f"M{x} {y} h{w} v{h} h{-w} Z M{plan.ox} {plan.oy} v{plan.th} h{plan.tw} v{-plan.th} Z"
    doc.layer("Off table").add(doc.drawing.path(d=strip, fill=OFF_TABLE, fill_rule="evenodd"))
    reframe(doc, (x, y, w, h), *fr.size_px)
    return png(doc.tostring())


def to_dd2vtt(b: Battlefield, ppi: int = DEFAULT_PPI) -> dict:
    """The Universal VTT document of ``b``: resolution, sight walls, and the plan as a base64 PNG."""
    from ..battlefield.sight import sight_walls

    fr = vtt_frame(b, ppi)
    gw, gh = fr.grid
    walls = sight_walls(b)
    # An importer makes a ``line_of_sight`` wall stop tokens too (Foundry's, MapTool's): only what
    # nobody may enter goes there; a wood, a passable hill's crest, a farm blocks sight only.
    blocking = [[fr.point(x, y) for x, y in w.line.coords] for w in walls if w.blocks_movement]
    sight_only = [[fr.point(x, y) for x, y in w.line.coords] for w in walls if not w.blocks_movement]
    return {
        "format": FORMAT,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": gw, "y": gh}, "pixels_per_grid": ppi},
        "line_of_sight": blocking,
        "objects_line_of_sight": sight_only,
        "portals": [],
        "environment": {"baked_lighting": False, "ambient_light": AMBIENT_LIGHT},
        "lights": [],
        "image": base64.b64encode(plan_png(b, fr)).decode("ascii"),
    }


# --------------------------------------------------------------------------
# files
# --------------------------------------------------------------------------

#: The names mapgen gives a battlefield's JSON: ``battlefield.json`` (``mapgen battlefield``, a battle's
#: folder) and ``battlefield-<square>.json`` (a kit's ``battlefields/``).
_BATTLEFIELD_JSON = re.compile(r"^battlefield(-[^/\\]+)?\.json$")


def find_battlefields(source: Path) -> list[tuple[str, Path]]:
    """(output name, JSON path) of every battlefield ``source`` holds, in path order.

    A file is itself; a folder (a campaign kit, its ``battlefields/`` or ``battles/``, one battle's
    folder) gives every ``battlefield.json`` and ``battlefield-*.json`` under it, hidden folders
    left out, each written under the same relative path with ``.dd2vtt`` for ``.json``.
    """
    source = Path(source)
    if source.is_file():
        return [(f"{source.stem}.dd2vtt", source)]
    found = []
    for rel in map(Path, safefs.real_files(source, ".json")):  # a folder from an opponent: no link is followed
        if _BATTLEFIELD_JSON.match(rel.name):
            found.append((rel.with_suffix(".dd2vtt").as_posix(), source / rel))
    return found


def _file_text(job: tuple[Battlefield, int]) -> str:
    return dumps(to_dd2vtt(*job))


def _texts(jobs: list[tuple[Battlefield, int]], done: Callable[[], None] = lambda: None) -> list[str]:
    """Each job's file text, in order, calling ``done()`` after each; on the processors there are
    when there are several jobs and fork is safe."""
    from ..kit.beside import can_fork

    workers = min(len(jobs), len(os.sched_getaffinity(0))) if len(jobs) > 1 and can_fork() else 1
    texts = []
    if workers == 1:
        for job in jobs:
            texts.append(_file_text(job))
            done()
        return texts
    from ..workers import map_in_order

    return map_in_order(_file_text, jobs, workers, done)


def write_dd2vtt_files(battlefields: list[tuple[str, Battlefield]], outputs, ppi: int = DEFAULT_PPI,
                       done: Callable[[], None] = lambda: None) -> None:
    """Write each (name, battlefield) as ``name`` into staged :class:`~mapgen.kit.Outputs`.

    Drawing a plan's picture is nearly all the time (resvg, seconds a table at
    100 ppi), and each is independent of the others: several battlefields are
    drawn on every processor at once, in forked workers, and written in their
    order, so the files are the same bytes as in one process.  ``done()`` is
    called as each picture is drawn, in order (a progress bar: a campaign's
    folder takes tens of seconds).
    """
    texts = _texts([(b, ppi) for _, b in battlefields], done)
    for (name, _), text in zip(battlefields, texts):
        write_atomic(outputs.path(name), text)
    if battlefields:
        gw, gh = VttFrame(ppi, battlefields[0][1].width_cm, battlefields[0][1].depth_cm).grid
        outputs.notes.append(
            f"{len(battlefields)} Universal VTT file(s) at {ppi} pixels per inch, one grid square per inch "
            f"(the first map {gw} x {gh} squares)"
        )
