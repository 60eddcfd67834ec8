"""What goes into a campaign's set of files, written into staged :class:`~mapgen.kit.folder.Outputs`.

Each writer takes a finished result (a map, a battlefield, a counter sheet) and
the formats asked for; it rolls no dice and decides no game fact.  A campaign
engine writes a kit the way the CLI does::

    from mapgen.kit import Outputs, write_new_fw_kit
    with Outputs("campaigns/north") as outputs:
        write_new_fw_kit(fw_map, outputs, ("json", "svg", "pdf", "md"), get_paper("A3"))
"""

from __future__ import annotations

from typing import NamedTuple

from ..jsonio import dumps
from ..paper import MAX_PDF_PAGES, Paper, PdfTooLargeError, get_paper, pdf_page_count
from .folder import Outputs

#: Battlefield plans and counters are for a home printer: A4, or Letter beside US map paper.
_US_PAPERS = ("Letter", "Tabloid")
#: Overlap of tiled sheets, and the glue flap of a map cut on its grid lines (mm).
OVERLAP_MM = 10.0


def check_pdf_size(name: str, width_mm: float, height_mm: float, paper: Paper, change: str) -> None:
    """Refuse, before drawing it, a PDF of more than :data:`MAX_PDF_PAGES` pages.

    ``change`` says what else (besides the formats and the paper) makes it smaller.
    """
    pages, (cols, rows) = pdf_page_count(width_mm, height_mm, paper)
    if pages <= MAX_PDF_PAGES:
        return
    raise PdfTooLargeError(
        f"{name} would take {pages} pages of {paper.label()} ({cols} x {rows} sheets at true scale for a "
        f"{width_mm:.0f} x {height_mm:.0f} mm drawing), over the limit of {MAX_PDF_PAGES}: leave the PDF out "
        f"(--formats json,svg,md), print on bigger paper (--paper A3 or Tabloid), or {change}"
    )


def check_sheet_count(name: str, pages: int, paper: Paper, change: str) -> None:
    """Refuse a map cut on grid lines whose PDF (index, key and sheets) is over the page limit."""
    if pages > MAX_PDF_PAGES:
        raise PdfTooLargeError(
            f"{name} would take {pages} pages of {paper.label()}, over the limit of {MAX_PDF_PAGES}: leave the PDF "
            f"out (--formats json,svg,md), print on bigger paper (--paper A3 or Tabloid), or {change}"
        )


def check_fw_map_pdf(width: int, height: int, square_mm: float, paper: Paper) -> None:
    """Refuse a campaign map whose PDF would pass the page limit before the map is even generated.

    The grid alone is smaller than the drawing (which adds a frame, a title and a legend),
    so a grid that is already over the limit is refused at once.
    """
    check_pdf_size("fw-map.pdf", width * square_mm, height * square_mm, paper, _square_change(square_mm))


def _square_change(square_mm: float) -> str:
    return f"make the squares smaller (--square-mm, now {square_mm:g}; 5 at least)"


def write_kit(outputs: Outputs, stem: str, formats, paper: Paper, data: dict, draw, setup, title: str,
              scale_note: str = "true scale", change: str = "make the drawing smaller", cut=None, key=None,
              grey: bool = False) -> tuple[str | None, str | None]:
    """The usual files of one result: ``stem.json``, ``stem.svg``, ``stem.pdf`` and ``stem-setup.md``; returns the
    texts of the JSON and of the drawing (None where not made), for a caller that shows them again.

    ``draw()`` returns the SvgDoc and ``setup()`` the markdown; each is called only if
    its format is asked for.  A PDF over the page limit is refused before it is converted.
    A map with a grid gives ``cut()`` (its :class:`~mapgen.render.cuts.GridCut`) and ``key(paper)``,
    its title and legend for a sheet of their own: the PDF is then cut on grid lines, on the
    paper turned the way that needs fewer sheets unless the player named the way.  ``grey``: a drawing in
    black and white, whose PDF page furniture is then grey too.
    """
    json_text = svg = None
    if "json" in formats:
        json_text = dumps(data)
        outputs.write_text(f"{stem}.json", json_text)
    if "svg" in formats or "pdf" in formats:
        doc = draw()
        grid = sheets = None
        if "pdf" in formats:
            if cut is not None:
                from ..render.cuts import fewest_sheets, grid_sheets

                grid = cut()
                paper = fewest_sheets(grid, paper, OVERLAP_MM)
                sheets = grid_sheets(grid, paper, OVERLAP_MM)
            if sheets is None or pdf_page_count(doc.width_mm, doc.height_mm, paper)[0] == 1:
                check_pdf_size(f"{stem}.pdf", doc.width_mm, doc.height_mm, paper, change)
                sheets = None
            else:
                check_sheet_count(f"{stem}.pdf", len(sheets) + 2, paper, change)
        svg = doc.tostring()
        del doc
        if "svg" in formats:
            outputs.write_text(f"{stem}.svg", svg)
        if "pdf" in formats:
            from ..render.pdf import write_pdf

            key_svg = key(paper).tostring() if sheets is not None and key is not None else None
            report = write_pdf(svg, outputs.path(f"{stem}.pdf"), paper, title=title, overlap_mm=OVERLAP_MM,
                               cut=grid if sheets is not None else None, key_svg=key_svg, grey=grey)
            cols, rows = report.tiles
            if report.pages == 1:
                tiling = "1 page"
            elif sheets is not None:
                tiling = f"{report.pages} pages: {'an index, ' if len(sheets) > 1 else ''}a key, then {cols}x{rows} sheets cut on grid lines"
            else:
                tiling = f"{report.pages} pages: an index, then {cols}x{rows} tiles"
            outputs.notes.append(f"{stem}.pdf: {tiling} on {paper.label()}, {scale_note}")
    if "md" in formats:
        outputs.write_text(f"{stem}-setup.md", setup())
    return json_text, svg


# --------------------------------------------------------------------------
# Fantasy Warriors
# --------------------------------------------------------------------------


class DrawnMap(NamedTuple):
    """What :func:`write_map_kit` wrote that a kit's page shows again: ``fw-map.json``'s text, the drawing's and its names' room."""

    json: str | None
    svg: str | None
    room: object | None  # a MapRoom


def write_map_kit(m, outputs: Outputs, formats, paper: Paper, look: str = "colour", balanced=None, naran: bool | None = None) -> DrawnMap:
    """The campaign map: ``fw-map.json``, ``.svg``, ``.pdf`` and ``fw-map-setup.md``, drawn in ``look`` (colour or bw).

    ``naran``: whether the kit's campaign plays the optional [NT] movement rows (its key prints them
    as in play or not); None for a map on its own, whose key marks them optional.

    A map chosen by simulation (``balanced``, a :class:`mapgen.balancing.Balanced`) adds
    ``balance.json`` (its games, schema ``mapgen/balance``) and a "Balance" section to the
    setup sheet listing every map tried.
    """

    def setup():  # imported when asked for, as the renderers are
        from ..fw.setup_sheet import setup_sheet

        if balanced is None:
            return setup_sheet(m)
        from ..balancing import setup_section

        return setup_sheet(m, setup_section(balanced))

    room = None

    def draw():  # the renderers are imported only when a drawing is asked for: fw-map --formats json needs none
        nonlocal room
        from ..render.fw_map import render_fw_map_and_room

        doc, room = render_fw_map_and_room(m, look, naran)
        return doc

    def cut():
        from ..render.fw_map_key import fw_map_cut

        return fw_map_cut(m)

    def key(paper):
        from ..render.fw_map_key import render_fw_map_key

        return render_fw_map_key(m, paper, look, naran)

    json_text, svg = write_kit(
        outputs, "fw-map", formats, paper, m.to_json(), draw, setup,
        title=f"mapgen fw-map seed {m.seed}", scale_note=f"true scale ({m.square_mm:g} mm squares)",
        change=_square_change(m.square_mm), cut=cut, key=key, grey=look == "bw",
    )
    if balanced is not None:
        from ..balancing import summary_lines

        if "json" in formats:
            outputs.write_text("balance.json", dumps(balanced.report))
        outputs.summary.extend(summary_lines(balanced))
    return DrawnMap(json_text, svg, room)


def write_battlefield(b, outputs: Outputs, formats, paper: Paper, scale: float | None = None, stem: str = "battlefield"):
    """Write the JSON, plan SVG/PDF and setup sheet of one layout under ``stem``; returns the plan's PlanScale.

    Without ``scale`` the plan takes the largest standard scale that fits one sheet
    of ``paper`` (:func:`~mapgen.render.plan_scale.choose_plan_scale`).
    """
    from ..battlefield.setup_sheet import setup_sheet
    from ..render.battlefield import render_battlefield
    from ..render.plan_scale import choose_plan_scale

    plan = choose_plan_scale(b, paper, scale)
    write_kit(
        outputs, stem, formats, plan.paper, b.to_json(), lambda: render_battlefield(b, plan.scale), lambda: setup_sheet(b),
        title=f"mapgen battlefield seed {b.seed}, plan at 1:{plan.scale:g}", scale_note=plan.note(),
        change=f"draw the plan at a smaller scale (--scale, now 1:{plan.scale:g})",
    )
    if "svg" in formats and "pdf" not in formats:
        outputs.notes.append(f"{stem}.svg: for {plan.paper.label()}, {plan.note()}")
    return plan


def battlefields_for_kit(fw_map, seed, outputs: Outputs, formats, paper: Paper, scale: float | None = None) -> list[str]:
    """One battlefield per holding square of ``fw_map``, written as ``battlefields/battlefield-<square>.*``.

    Each square has its own seed (``<seed>-<square>``), so adding a holding
    never changes another square's table.  Each plan takes its own scale unless
    ``scale`` is given.  Returns the squares written.
    """
    squares = battlefield_squares(fw_map)
    written = write_battlefields(fw_map, seed, outputs, formats, paper, squares, scale)
    file_battlefields(outputs, (len(outputs.files), len(outputs.notes)), squares, written, formats)
    return squares


def battlefield_squares(fw_map) -> list[str]:
    """The squares :func:`battlefields_for_kit` writes a battlefield for, in its order: the holdings' (the map's
    own answer, so that ``mapgen new`` knows them before its fork without importing the battlefields' options)."""
    return fw_map.holding_squares()


def write_battlefields(fw_map, seed, outputs: Outputs, formats, paper: Paper, squares, scale: float | None = None) -> dict:
    """The battlefields of ``squares`` (any iterable: ``mapgen new`` shares them out between two processes) written
    into ``outputs``; returns, by square, its plan's scale and the names of its files, which are taken back out of
    ``outputs.files`` (and its notes out of ``outputs.notes``) for :func:`file_battlefields` to file in order.

    The generator is imported at the first square: a process that finds none left to take (``mapgen new``'s
    parent, once it has written the map, the campaign and the counters) never loads it."""
    written = {}
    for sq in squares:
        from ..battlefield.generate import generate_battlefield
        from ..battlefield.square import options_from_map

        files_before, notes_before = len(outputs.files), len(outputs.notes)
        b = generate_battlefield(options_from_map(fw_map, sq, "fw-map.json", seed=f"{seed}-{sq}"))
        plan = write_battlefield(b, outputs, formats, paper, scale, stem=f"battlefields/battlefield-{sq}")
        written[sq] = (plan, outputs.files[files_before:])
        del outputs.files[files_before:], outputs.notes[notes_before:]
    return written


def file_battlefields(outputs: Outputs, at: tuple[int, int], squares: list[str], written: dict, formats) -> None:
    """File the battlefields' files in square order, and one note for the lot instead of one per plan, where
    ``at`` (the lengths of ``outputs.files`` and ``outputs.notes`` when they were written) says."""
    outputs.files[at[0]:at[0]] = [name for sq in squares for name in written[sq][1]]
    if squares:
        plans = {sq: written[sq][0] for sq in squares}
        drawn = f", {plan_scales_note(plans)}" if "svg" in formats or "pdf" in formats else ""
        outputs.notes.insert(at[1], f"battlefields/: a table for each holding square ({', '.join(squares)}){drawn}")


def plan_scales_note(plans: dict) -> str:
    """``plans at 1:10 on A4 landscape (B2, C5); 1:15 on A4 landscape, tiled (D4)``: which scale each plan took."""
    groups: dict[str, list[str]] = {}
    for sq, plan in plans.items():
        key = f"1:{plan.scale:g} on {plan.paper.label()}{', tiled' if plan.pages > 1 else ''}"
        groups.setdefault(key, []).append(sq)
    if len(groups) == 1:
        return f"plans at {next(iter(groups))}"
    return "plans at " + "; ".join(f"{key} ({', '.join(sqs)})" for key, sqs in groups.items())


# --------------------------------------------------------------------------
# counters
# --------------------------------------------------------------------------

#: The formats counter sheets are written in (they have no setup sheet).
COUNTER_FORMATS = ("json", "svg", "pdf")


def write_counter_files(sheet, outputs: Outputs, formats, folder: str = "") -> None:
    """A counter sheet's files: ``counters.json``, ``counters-NN.svg`` (one per page side), ``counters.pdf``.

    ``folder`` (e.g. ``"counters/"``) puts them in a subfolder, as a campaign folder keeps them.
    """
    from ..counters.build import page_file
    from ..counters.layout import size_name

    if "json" in formats:
        outputs.write_text(f"{folder}counters.json", dumps(sheet.to_json()))
    if "svg" in formats or "pdf" in formats:
        from ..render.counters import render_pages
        from ..render.counters_pdf import write_counters_pdf

        pages = render_pages(sheet)
        if "svg" in formats:
            for n, svg in enumerate(pages, start=1):
                outputs.write_text(f"{folder}{page_file(n)}", svg)
        if "pdf" in formats:
            write_counters_pdf(sheet, outputs.path(f"{folder}counters.pdf"))
    count = len(sheet.counters())
    how = "fronts and backs side by side, fold" if sheet.fold else f"each front page followed by its back, duplex {sheet.flip_edge}-edge flip"
    outputs.notes.append(
        f"counters{' in ' + folder if folder else ''}: {count} counters of {size_name(sheet.size_mm)} on {sheet.pdf_pages} page(s) of "
        f"{sheet.paper.label()} ({how}); print at 100 %"
    )


def counters_for_kit(campaign_dir_or_fw_map, outputs: Outputs, formats, paper: Paper, size: str | None = None):
    """The counter sheets of a campaign (FW-1.1, holdings from its map); returns the Sheet."""
    from ..counters.build import build_sheet, load_campaign_map
    from ..counters.layout import DEFAULT_SIZE, parse_size
    from ..counters.sets import choose_set

    counters, title = choose_set("fw", fw_map=load_campaign_map(campaign_dir_or_fw_map))
    sheet = build_sheet(counters, paper, parse_size(size or DEFAULT_SIZE), title=title)
    write_counter_files(sheet, outputs, formats)
    return sheet


# --------------------------------------------------------------------------
# the kits of ``mapgen new``
# --------------------------------------------------------------------------


def home_papers(paper: Paper) -> tuple[Paper, Paper]:
    """(plans, counters) paper beside the map's: A4 landscape and portrait, Letter for US papers."""
    us = paper.name in _US_PAPERS
    return get_paper("letter" if us else "a4"), get_paper("letter-portrait" if us else "a4-portrait")


def write_new_fw_kit(m, outputs: Outputs, formats, paper: Paper, look: str = "colour", balanced=None, state=None, start=None):
    """The Fantasy Warriors kit of ``mapgen new``: the map, a battlefield per holding, a ready-to-play campaign.

    Written by :func:`mapgen.kit.fw_new.write_new_campaign_kit`: ``campaign.json``
    and the counter sheets of its forces (in ``counters/``) beside the map kit.
    ``state``: the campaign the command line started on ``m``, or ``start()`` starts it (default: the standard rules).
    Returns the campaign state (None when it was left out).
    """
    from .fw_new import write_new_campaign_kit

    return write_new_campaign_kit(m, outputs, formats, paper, look, balanced, state, start)


def write_country_kit(cm, outputs: Outputs, formats, paper: Paper) -> None:
    """The Renaissance kit: ``country.json``, ``.svg``, ``.pdf`` and ``country-setup.md``."""
    from ..country.setup_sheet import setup_sheet, summary_lines

    def draw():
        from ..render.country import render_country

        return render_country(cm)

    def cut():
        from ..render.country_key import country_cut

        return country_cut(cm)

    def key(paper):
        from ..render.country_key import render_country_key

        return render_country_key(cm, paper)

    write_kit(
        outputs, "country", formats, paper, cm.to_json(), draw, lambda: setup_sheet(cm),
        title=f"mapgen country seed {cm.seed}", change="join fewer countries (--countries, --neutrals)", cut=cut, key=key,
    )
    outputs.summary.extend(summary_lines(cm))
