"""``mapgen cards`` (quick-reference cards) and ``mapgen nap-board`` (the Napoleonic board sheet).

The board is its own command, not an option of ``cards``: it is a playing
surface printed at the counters' size (``--counter-size`` as ``mapgen
counters --size``), tiled when big, while a card is a reference sheet whose
size never changes.  Neither rolls dice, so neither takes ``--seed``: the
default folders are ``output/cards/`` and ``output/nap-board/``.
"""

from __future__ import annotations

from pathlib import Path

import click

from ..cards import CARDS, napoleonic
from ..errors import BadFileError
from ..napoleonic.tables import read_tables
from ..counters.layout import DEFAULT_SIZE
from ..paper import get_paper
from . import _formats_callback, _out, _paper, _run, cli
from .counters import counter_size

#: ``--paper`` of ``mapgen cards``: cards are portrait, on A4, Letter or both.
CARD_PAPERS = {"a4": ("a4-portrait",), "letter": ("letter-portrait",), "both": ("a4-portrait", "letter-portrait")}
BOARD_FORMATS = ("svg", "pdf")


def card_file(system: str, paper) -> str:
    """``cards-nap-a4.pdf``: one PDF per system and paper."""
    return f"cards-{system}-{paper.name.lower()}.pdf"


@cli.command("cards")
@click.option("--system", type=click.Choice([*CARDS, "all"]), default="all", show_default=True,
              help="fw-campaign: the Fantasy Warriors campaign turn; nap: Napoleonic battle; med: medieval options; "
                   "sk: fantasy skirmish; all: every card.")
@click.option("--paper", type=click.Choice(list(CARD_PAPERS)), default="both", show_default=True,
              help="A4 or Letter, portrait; both writes one PDF of each.")
@click.option("--tables", "tables_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The nap card with a group's own Fire, Charge and Pursuit tables (the file of 'campaign new --tables').")
@click.option("--out", callback=_out, help="Output folder. Default: output/cards/.")
def cards_cmd(system, paper, tables_file, out):
    """Quick-reference cards: the rule tables as mapgen's engines play them, with rule IDs.

    One PDF per system and paper, two pages at most, to print at 100 %.
    """
    from ..render.cards_pdf import draw_card

    out = out or Path("output") / "cards"
    systems = list(CARDS) if system == "all" else [system]
    papers = [get_paper(p) for p in CARD_PAPERS[paper]]
    makers = {s: CARDS[s] for s in systems}
    if tables_file is not None:
        if "nap" not in systems:
            raise click.UsageError(f"--tables gives the nap card's tables; it does not go with --system {system}")
        try:
            tables = read_tables(tables_file)
        except BadFileError as exc:
            raise click.BadParameter(str(exc), param_hint="--tables") from None
        makers["nap"] = lambda: napoleonic.card(tables)
    # drawn before anything is written: a card that cannot be drawn leaves the folder as it was
    drawn = {(s, p.name): draw_card(make(), p) for s, make in makers.items() for p in papers}

    def produce(outputs):
        for (s, _), card in drawn.items():
            outputs.path(card_file(s, card.paper)).write_bytes(card.data)
            outputs.notes.append(f"{s}: {card.pages} page(s) of {card.paper.label()}; print at 100 %")

    _run(out, produce)


@cli.command("nap-board")
@click.option("--counter-size", "counter_mm", default=DEFAULT_SIZE, show_default=True, callback=counter_size,
              help="The counters' size, as 'mapgen counters --size': 1/2in, 5/8in, 3/4in, 1in, or millimetres such as 16mm.")
@click.option("--paper", default="A4", show_default=True, callback=_paper,
              help="A4, A3, Letter or Tabloid, with -portrait or -landscape (else the orientation the board fits).")
@click.option("--formats", default=",".join(BOARD_FORMATS), show_default=True,
              callback=_formats_callback(BOARD_FORMATS), help="Comma-separated: svg, pdf.")
@click.option("--out", callback=_out, help="Output folder. Default: output/nap-board/.")
def nap_board_cmd(counter_mm, paper, formats, out):
    """The Napoleonic battle board (NAP-2.2): the thirteen areas at the counters' size, named as the commands name them.

    Printed at 100 % on one sheet, or tiled over several with registration marks when the counters are big.
    """
    from ..render.nap_board import draw_board, write_board_pdf

    out = out or Path("output") / "nap-board"
    sheet = draw_board(paper, counter_mm)

    def produce(outputs):
        if "svg" in formats:
            outputs.write_text("nap-board.svg", sheet.svg)
        if "pdf" in formats:
            report = write_board_pdf(sheet, outputs.path("nap-board.pdf"))
            cols, rows = sheet.sheets
            how = "one sheet" if report.pages == 1 else f"{cols} x {rows} sheets and an index page"
            outputs.notes.append(f"nap-board.pdf: {how} of {sheet.paper.label()}; print at 100 %")

    _run(out, produce)
