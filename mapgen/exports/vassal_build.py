"""A VASSAL module's files: ``buildFile.xml``, ``moduledata`` and ``images/``, zipped as a ``.vmod``.

The build file is VASSAL's component tree, one XML element per component named
by its Java class, attributes as the reference manual gives them: the module
(``VASSAL.launch.BasicModule``), a map (``VASSAL.build.module.Map``) with its
board picker, board and grid (``...boardPicker.board.SquareGrid`` with its
numbering, or ``...RegionGrid`` with a ``Region`` per node), the usual map
helpers (stack metrics, mover, zoomer ...), the at-start stacks
(``...map.SetupStack``), and a piece window (``VASSAL.build.module.PieceWindow``)
whose tabs hold ``VASSAL.build.widget.PieceSlot``\\ s.  ``moduledata`` names the
module and the VASSAL version it was written for, 3.7.0: VASSAL 3.5 and 3.6
refuse a module stamped newer than themselves, so 3.7 or later opens it.  Components the file leaves out (chat, player roster's
buttons, global options ...) are the ones VASSAL adds by itself when it loads a module.

The ZIP's entries have a fixed date and order, so the same campaign gives the same bytes.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
import zipfile

from ..text import xml_safe
from .vassal_pieces import clean, slot_text

VASSAL_VERSION = "3.7.0"
MODULE_VERSION = "1.0"
BUILD_FILE = "buildFile.xml"
METADATA = "moduledata"
BOARD_IMAGE = "board.png"
#: Every entry's date: the earliest a ZIP can hold, so the bytes do not depend on the day.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
#: The map's helpers VASSAL gives a new map, in its order.
MAP_HELPERS = (
    "StackMetrics", "ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer",
    "StackExpander", "PieceMover", "KeyBufferer", "ImageSaver", "CounterDetailViewer", "Zoomer",
)
B = "VASSAL.build."


def face_images(module) -> dict:
    """Each distinct face (a :class:`~mapgen.counters.model.Face`) -> its image's file name, named by what it
    shows (``red-probe.png``, ``red-force-1-aldric.png``, ``blue-sacked-k2-dark.png``), first use first."""
    names: dict = {}
    for p in module.pieces:
        for face in (p.front, p.back):
            if face is None or face in names:
                continue
            words = [face.style, face.band, face.title, face.big, face.note, "dark" if face.dark else ""]
            stem = re.sub(r"[^a-z0-9]+", "-", " ".join(words).lower()).strip("-")[:60].rstrip("-") or "face"
            name, n = f"{stem}.png", 2
            while name in names.values():
                name, n = f"{stem}-{n}.png", n + 1
            names[face] = name
    return names


def _el(parent, tag: str, text: str | None = None, **attrs) -> ET.Element:
    # Every value through xml_safe: a name from a hand-edited campaign must not make the file ill-formed.
    el = ET.SubElement(parent, B + tag if not tag.startswith("VASSAL.") else tag, {k: xml_safe(v) for k, v in attrs.items()})
    if text is not None:
        el.text = xml_safe(text)
    return el


def build_file(module, images: dict) -> str:
    """The text of ``buildFile.xml``."""
    gpid = iter(range(1, 1_000_000))
    root = ET.Element("VASSAL.launch.BasicModule", {
        "name": module.title, "version": MODULE_VERSION, "VassalVersion": VASSAL_VERSION,
        "description": module.description, "nextPieceSlotId": "0",
    })
    _el(root, "module.BasicCommandEncoder")
    roster = _el(root, "module.PlayerRoster", buttonText="Retire", buttonToolTip="Switch sides, become observer, or release faction")
    for side in module.sides:
        ET.SubElement(roster, "entry").text = side
    _el(root, "module.Chatter")
    board = module.board
    game_map = _el(root, "module.Map", mapName=board.name, buttonName="", launch="false", allowMultiple="false",
                   backgroundcolor="255,255,255", markMoved="Never")
    picker = _el(game_map, "module.map.BoardPicker", title="Choose boards", slotWidth="125", slotHeight="125")
    vboard = _el(picker, "module.map.boardPicker.Board", name=board.name, image=BOARD_IMAGE, reversible="false",
                 width=board.width, height=board.height)
    if board.square and not board.regions:
        grid = _el(vboard, "module.map.boardPicker.board.SquareGrid", dx=board.square, dy=board.square,
                   x0=board.origin[0], y0=board.origin[1], visible="false", snapTo="true", cornersLegal="false",
                   edgesLegal="false", dotsVisible="false", range="Metric", color="0,0,0")
        # Column letters then row numbers from 1, as the map names its squares (C4).
        _el(grid, "module.map.boardPicker.board.mapgrid.SquareGridNumbering", first="H", sep="", hType="A",
            vType="N", hOff="0", vOff="1", hLeading="0", vLeading="0", hDescend="false", vDescend="false",
            visible="false", locationFormat="$gridLocation$")
    else:
        grid = _el(vboard, "module.map.boardPicker.board.RegionGrid", snapto="true", visible="false", fontsize="9")
        for name, x, y in board.regions:
            _el(grid, "module.map.boardPicker.board.Region", name=name, originx=x, originy=y)
    for helper in MAP_HELPERS:
        _el(game_map, f"module.map.{helper}")
    pieces = {p.key: p for p in module.pieces}
    for stack in module.stacks:
        setup = _el(game_map, "module.map.SetupStack", name=stack.name, owningBoard=board.name,
                    useGridLocation="false", x=stack.x, y=stack.y)
        for key, flipped in stack.pieces:
            _slot(setup, pieces[key], images, next(gpid), module.counter_px, flipped)
    window = _el(root, "module.PieceWindow", name="Counters", text="Counters", hotkey="", scale="1.0")
    tabs = _el(window, "widget.TabWidget", entryName="Counters")
    by_side: dict[str, list] = {}
    for p in module.pieces:
        by_side.setdefault(p.side, []).append(p)
    for side, members in by_side.items():
        panel = _el(tabs, "widget.PanelWidget", entryName=side, fixed="false", nColumns="6", vert="false", scale="1.0")
        for p in members:
            _slot(panel, p, images, next(gpid), module.counter_px)
    root.set("nextPieceSlotId", str(next(gpid)))
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _slot(parent, piece, images: dict, gpid: int, px: int, flipped: bool = False) -> None:
    back = (images[piece.back], piece.back.title) if piece.back is not None else None
    text = slot_text(images[piece.front], piece.name, gpid, back, flipped)
    _el(parent, "widget.PieceSlot", text, entryName=clean(piece.name), gpid=gpid, width=px, height=px)


def module_data(module) -> str:
    """The text of ``moduledata``: what VASSAL's library shows before it opens the module."""
    root = ET.Element("data", {"version": "1"})
    for tag, value in (("version", MODULE_VERSION), ("extra1", ""), ("extra2", ""), ("VassalVersion", VASSAL_VERSION),
                       ("description", module.description), ("name", module.title)):
        ET.SubElement(root, tag).text = xml_safe(value)
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def vmod_bytes(module, png) -> bytes:
    """The ``.vmod``: ``buildFile.xml``, ``moduledata``, then ``images/`` (the board, then each face)."""
    from ..render.counter_face import render_face
    from .raster import reframe

    images = face_images(module)
    entries = [(BUILD_FILE, build_file(module, images).encode("utf-8")), (METADATA, module_data(module).encode("utf-8"))]
    entries.append((f"images/{BOARD_IMAGE}", png(module.board.svg)))
    size, px = module.counter_mm, module.counter_px
    for face, name in images.items():
        doc = render_face(face, size)
        reframe(doc, (0, 0, size, size), px, px)
        entries.append((f"images/{name}", png(doc.tostring())))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            # PNGs are compressed already: stored, they open faster in VASSAL and lose nothing.
            info.compress_type = zipfile.ZIP_STORED if name.endswith(".png") else zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return buf.getvalue()
