"""A campaign as a VASSAL module (``.vmod``): the map as a board, the counters as pieces, the forces set up.

What goes in, from a campaign folder (or a map alone):

* the board: the campaign map drawn as for print (``fw-map.svg``'s drawing, cut to
  the map block: the grid with its letters, numbers and territory strips) at
  ``ppi``, rounded so that a square is a whole, even number of pixels; a VASSAL
  square grid lies exactly on the squares (``dx`` = ``dy`` = a square's pixels, the
  origin on square A1's centre) and names them as the map does, column letters
  then row numbers (``C4``).  A Renaissance country map gets a region grid
  instead: one named region on each node (settlement, border or crossing point);
* the pieces: one per kind of counter of the campaign's sheets (its forces, orders,
  reactions and holdings; the generator's set for a map without a campaign), each
  face the printed one at its printed size (``counters.json``'s), the back a flip
  layer (Ctrl+F); in a piece window, one tab per side;
* the setup: a stack on every holding square (the holder's counter, turned to
  "Sacked" when sacked) and every force on its square with its order or reaction
  counter; for a Renaissance campaign its armies on their nodes.

The build file is written by :mod:`.vassal_build` from VASSAL's documented
components; no third-party module code is used.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import safefs
from ..counters.model import Counter, Face
from ..errors import BadFileError
from .raster import check_size, png, reframe

DEFAULT_PPI = 100
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Piece:
    """One kind of counter: ``key`` names its images, ``side`` its palette tab."""

    key: str
    name: str
    side: str
    front: Face
    back: Face | None  # None: both faces alike, no flip layer


@dataclass(frozen=True)
class Stack:
    """An at-start stack: pieces (key, showing its back) at board pixel (x, y), bottom first."""

    name: str
    x: int
    y: int
    pieces: tuple[tuple[str, bool], ...]


@dataclass
class Board:
    name: str
    svg: str  # the drawing, framed to the board's pixels
    width: int
    height: int
    square: int | None = None  # the squares' side in pixels, origin on square A1's centre (a square grid unless regions are given)
    origin: tuple[int, int] = (0, 0)
    regions: list[tuple[str, int, int]] = field(default_factory=list)  # a region grid, used when given: (name, x, y)


@dataclass
class Module:
    title: str
    description: str
    board: Board
    pieces: list[Piece]
    stacks: list[Stack]
    sides: list[str]
    counter_mm: float
    counter_px: int


# --------------------------------------------------------------------------
# pieces
# --------------------------------------------------------------------------


def pieces_of(counters: list[Counter]) -> tuple[list[Piece], dict[str, str]]:
    """One piece per kind of counter (alike faces and label), and each counter id's piece key.

    A kind printed several times (six Probe orders) is keyed by its id without the copy's number."""
    from ..counters.rules import STYLE_BY_KEY

    groups: dict[tuple, list[Counter]] = {}
    for c in counters:
        groups.setdefault((c.label, c.front, c.back), []).append(c)
    pieces, key_of, used = [], {}, set()
    for (label, front, back), members in groups.items():
        key = re.sub(r"-\d+$", "", members[0].id) if len(members) > 1 else members[0].id
        key = re.sub(r"[^A-Za-z0-9_-]+", "-", key)
        base, n = key, 2
        while key in used:
            key, n = f"{base}-{n}", n + 1
        used.add(key)
        style = STYLE_BY_KEY.get(front.style)
        pieces.append(Piece(key, label, style.name if style else front.style, front, None if back == front else back))
        key_of.update((c.id, key) for c in members)
    return pieces, key_of


#: ``counters/counters.json`` is a few kilobytes; a bigger file there is not mapgen's.
MAX_COUNTERS_JSON = 4 * 1024 * 1024


def counter_size_mm(folder: Path | None) -> float:
    """The counters' printed size: the campaign's ``counters/counters.json``, else the sheets' default."""
    from ..counters.layout import DEFAULT_SIZE, parse_size

    if folder is not None and safefs.is_file(folder, "counters/counters.json"):
        try:
            size = json.loads(safefs.read_bytes(folder, "counters/counters.json", MAX_COUNTERS_JSON)).get("size_mm")
        except (OSError, ValueError, AttributeError, BadFileError):
            size = None
        if isinstance(size, (int, float)) and 5 <= size <= 100:
            return float(size)
    return parse_size(DEFAULT_SIZE)


# --------------------------------------------------------------------------
# Fantasy Warriors
# --------------------------------------------------------------------------


#: Columns VASSAL's letter numbering names as the map does (A to Z); past Z it says AA, BB, CC where the map says AA, AB, AC.
VASSAL_LETTERS = 26


def square_px(square_mm: float, ppi: float) -> int:
    """A square's side on the board: ``ppi`` rounded to a whole, even number of pixels (so its centre is a pixel)."""
    return max(2, 2 * round(square_mm / MM_PER_INCH * ppi / 2))


def fw_board(m, ppi: float, look: str = "colour") -> Board:
    """The campaign map cut to its map block, a square a whole number of pixels, the grid on the squares, drawn in ``look``."""
    from ..render.fw_map import render_fw_map
    from ..render.fw_map_key import fw_map_cut

    cut = fw_map_cut(m)
    sq = square_px(m.square_mm, ppi)
    k = sq / m.square_mm  # pixels per mm
    left, top = round((cut.grid_x - cut.x) * k), round((cut.grid_y - cut.y) * k)
    right = round((cut.x + cut.width - cut.grid_x - m.width * m.square_mm) * k)
    bottom = round((cut.y + cut.height - cut.grid_y - m.height * m.square_mm) * k)
    w, h = left + m.width * sq + right, top + m.height * sq + bottom
    check_size("the board", w, h, f"give --ppi {int(ppi * 16000 / max(w, h))} or less")
    doc = render_fw_map(m, look)
    reframe(doc, (cut.grid_x - left / k, cut.grid_y - top / k, w / k, h / k), w, h)
    origin = (left + sq // 2, top + sq // 2)
    regions = []
    if m.width > VASSAL_LETTERS:
        # VASSAL letters columns A..Z, AA, BB, CC ...; the map says AA, AB, AC (spreadsheet style). A region per
        # square, named as the map names it, gives the same snapping and the map's own names in every report.
        from ..grid import square_id

        regions = [(square_id(c, r), origin[0] + c * sq, origin[1] + r * sq) for r in range(m.height) for c in range(m.width)]
    return Board("Campaign map", doc.tostring(), w, h, square=sq, origin=origin, regions=regions)


def fw_stacks(m, state, board: Board, key_of: dict[str, str]) -> list[Stack]:
    """A stack on each holding square (its holder's counter) and each force's square (force, then its order)."""
    from ..grid import parse_square, square_id

    at: dict[str, list[tuple[str, bool]]] = {}
    if state is not None:
        holdings = [(h.square, h.owner, h.capital, h.sacked) for h in state.holdings]
    else:
        holdings = [(square_id(*h.square), h.side, h.capital, False) for h in m.holdings]
    for sq, owner, capital, sacked in holdings:
        key = key_of.get(f"fw-{owner}-{'capital' if capital else 'holding'}-{sq}")
        if key:
            at.setdefault(sq, []).append((key, sacked))
    for f in state.forces if state is not None else ():
        number = f.id[len(f.side):] or f.id
        for cid in (f"fw-{f.side}-force-{number}", f"fw-{f.side}-{f.state.replace('_', '-')}-1"):
            if cid in key_of:
                at.setdefault(f.square, []).append((key_of[cid], False))
    stacks = []
    for sq in sorted(at, key=lambda s: parse_square(s)[::-1]):
        col, row = parse_square(sq)
        x, y = board.origin[0] + col * board.square, board.origin[1] + row * board.square
        stacks.append(Stack(sq, x, y, tuple(at[sq])))
    return stacks


def fw_module(folder: Path | None, m, ppi: float) -> Module:
    from ..counters.sets import choose_set

    state = None
    counters, title = choose_set("fw", fw_map=m)
    if folder is not None and safefs.real_file(folder, "campaign.json") is not None:
        from ..campaign.counters import campaign_counters, counters_title
        from ..session import load

        state = load(folder).state
        counters, title = campaign_counters(state, state.look), counters_title(state)
    pieces, key_of = pieces_of(counters)
    board = fw_board(m, ppi, state.look if state is not None else "colour")
    sides = [s.name for s in m.sides]
    what = f"campaign, day {state.day}" if state is not None else "campaign map"
    if state is None:  # the sheets' title names a campaign seed; a map alone has only its own
        title = "the rulebook's Fantasy Warriors counters (FW-1.1) with the map's holdings"
    grid = "with a region on every square" if board.regions else "on a square grid"
    made = f"Made by mapgen: the campaign map {grid}; {title}; the {'forces and ' if state else ''}holdings set up"
    return _module(f"Fantasy Warriors {what} (mapgen, seed {m.seed})", made, board, pieces,
                   fw_stacks(m, state, board, key_of), sides, counter_size_mm(folder), ppi)


# --------------------------------------------------------------------------
# Renaissance
# --------------------------------------------------------------------------


def country_board(cm, ppi: float) -> Board:
    """The country map's sheets, with a named region on every node."""
    from ..render.country import country_layout, render_country

    lay = country_layout(cm)
    k = ppi / MM_PER_INCH
    w, h = round(lay.map_w * k), round(lay.map_h * k)
    check_size("the board", w, h, f"give --ppi {int(ppi * 16000 / max(w, h))} or less")
    doc = render_country(cm)
    reframe(doc, (lay.map_x, lay.map_y, lay.map_w, lay.map_h), w, h)
    regions, seen = [], set()
    for n, d in sorted(cm.graph.nodes(data=True), key=lambda nd: nd[0]):
        name = d.get("name") or n
        name = f"{name} ({n})" if name in seen else name
        seen.add(name)
        regions.append((name, round(d["pos"][0] * w / lay.map_w), round(d["pos"][1] * h / lay.map_h)))
    return Board("Country map", doc.tostring(), w, h, regions=regions)


def renaissance_module(folder: Path | None, cm, ppi: float) -> Module:
    from ..counters.sets import choose_set

    counters, title = choose_set("renaissance")
    state, stacks = None, []
    board = country_board(cm, ppi)
    sides = [f"{c.id} {c.name}" for c in cm.countries if not c.neutral]
    what = "country map"
    if folder is not None and safefs.real_file(folder, "campaign.json") is not None:
        from ..renaissance.counters import campaign_counters, counters_title
        from ..session import load

        state = load(folder).state
        counters, title = campaign_counters(state, cm), counters_title(state)
        sides = [f"{p.seat} {p.name}" for p in state.players if not p.eliminated]
        what = f"campaign, year {state.year}"
    pieces, key_of = pieces_of(counters)
    if state is not None:
        region = dict(zip(sorted(cm.graph.nodes), board.regions))  # country_board's order
        for a in state.armies:
            seat = a.owner.lower()
            keys = [key_of[c] for c in (f"rc-{seat}-army-{a.id.rsplit('-', 1)[1]}",) + ((f"rc-{seat}-allied-1",) if a.allied else ()) if c in key_of]
            if keys and a.node in region:
                name, x, y = region[a.node]
                # Face down: the other players see "Army", as RC-3.10 has armies (and the decoy) on the map.
                stacks.append(Stack(f"{a.id} at {name}", x, y, tuple((k, True) for k in keys)))
    made = f"Made by mapgen: the country map with a region on every node; {title}" + ("; the armies set up" if state else "")
    return _module(f"Renaissance {what} (mapgen, seed {cm.seed})", made, board, pieces, stacks, sides,
                   counter_size_mm(folder), ppi)


# --------------------------------------------------------------------------
# the source
# --------------------------------------------------------------------------


def _module(title, description, board, pieces, stacks, sides, counter_mm, ppi) -> Module:
    return Module(title, description, board, pieces, stacks, sides, counter_mm, max(8, round(counter_mm / MM_PER_INCH * ppi)))


def load_module(source: Path, ppi: float = DEFAULT_PPI) -> Module:
    """The module of ``source``: a campaign folder (Fantasy Warriors or Renaissance), a map kit's
    folder, or its ``fw-map.json`` or ``country.json``.  A file that cannot be read raises BadFileError."""
    from ..country.model import read_country_map
    from ..fw.model import read_fw_map

    source = Path(source)
    folder = source if source.is_dir() else None
    if folder is not None:
        for name, reader, build in (("fw-map.json", read_fw_map, fw_module), ("country.json", read_country_map, renaissance_module)):
            path = safefs.real_file(folder, name)  # a linked map is refused, not read
            if path is not None:
                return build(folder, reader(path), ppi)
        raise BadFileError(f"{source}: no fw-map.json or country.json here (give a campaign folder, a map kit or a map)")
    text = source.read_text(encoding="utf-8", errors="replace")[:300]
    if '"mapgen/country"' in text:
        return renaissance_module(None, read_country_map(source), ppi)
    return fw_module(None, read_fw_map(source), ppi)


def module_name(module: Module) -> str:
    """The ``.vmod`` file's name: the title's words, lower case, hyphens between."""
    return re.sub(r"[^a-z0-9]+", "-", module.title.lower()).strip("-") + ".vmod"


def write_vmod(module: Module, outputs, name: str | None = None) -> str:
    """Write ``module`` as a ``.vmod`` into staged :class:`~mapgen.kit.Outputs`; returns the file's name."""
    from ..jsonio import write_atomic
    from .vassal_build import vmod_bytes

    name = name or module_name(module)
    write_atomic(outputs.path(name), vmod_bytes(module, png))
    if not module.board.regions:
        grid = f"a square grid of {module.board.square} pixels"
    else:  # a country map's nodes, or a map too wide for VASSAL's column letters: a region per square
        grid = f"a region grid of {len(module.board.regions)} {'squares' if module.board.square else 'nodes'}"
    outputs.notes.append(
        f"{name}: a {module.board.width} x {module.board.height} pixel board with {grid}, {len(module.pieces)} "
        f"kinds of piece of {module.counter_px} pixels, {len(module.stacks)} stack(s) set up; open it with VASSAL 3.7 or later"
    )
    return name
