"""The ``mapgen`` command: thin click commands over the library.

This module holds what every command shares (the group, the common options,
the staged output folder, the error handling in :func:`main`); each family
of commands lives in its own module (``fw.py`` ...).

Conventions for every command: ``--seed``, ``--out DIR`` (default
``output/<command>-<seed>/``), ``--paper``, ``--formats``.  Usage errors exit
2, other failures exit 1, and tracebacks appear only with ``--debug``.  Files
are rendered into a staging folder first and moved into place at the end, so
a failed run leaves nothing half-written in the output folder.
"""

from __future__ import annotations

import functools
import os
import secrets
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Callable

import click

from .. import __version__
from ..errors import InfeasibleError, MapgenError

FORMATS = ("json", "svg", "pdf", "md")


class Outputs:
    """Collects rendered files in a staging folder, then moves them into ``--out``."""

    def __init__(self, out: Path):
        self.out = out
        self.staging = Path(tempfile.mkdtemp(prefix=".mapgen-"))
        self.files: list[str] = []
        self.notes: list[str] = []
        #: Lines printed after the file list, e.g. the countries' settlements and taxes.
        self.summary: list[str] = []

    def path(self, name: str) -> Path:
        """Where to write ``name`` (which may contain subfolders, e.g. ``battlefields/x.json``)."""
        self.files.append(name)
        target = self.staging / name
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def write_text(self, name: str, text: str) -> None:
        self.path(name).write_text(text, encoding="utf-8", newline="\n")

    def commit(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        for name in self.files:
            src, dest = self.staging / name, self.out / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            tmp = dest.with_name(f".{dest.name}.part")
            shutil.copyfile(src, tmp)
            os.replace(tmp, dest)
        self.discard()

    def discard(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)


def write_kit(outputs: Outputs, stem: str, formats, paper, data: dict, draw, setup, title: str, scale_note: str = "true scale") -> None:
    """The usual files of one result: ``stem.json``, ``stem.svg``, ``stem.pdf`` and ``stem-setup.md``.

    ``draw()`` returns the SvgDoc and ``setup()`` the markdown; each is called only if its format is asked for.
    """
    from ..jsonio import dumps

    if "json" in formats:
        outputs.write_text(f"{stem}.json", dumps(data))
    if "svg" in formats or "pdf" in formats:
        svg = draw().tostring()
        if "svg" in formats:
            outputs.write_text(f"{stem}.svg", svg)
        if "pdf" in formats:
            from ..render.pdf import write_pdf

            report = write_pdf(svg, outputs.path(f"{stem}.pdf"), paper, title=title)
            cols, rows = report.tiles
            tiling = "1 page" if report.pages == 1 else f"{report.pages} pages: an index, then {cols}x{rows} tiles"
            outputs.notes.append(f"{stem}.pdf: {tiling} on {paper.label()}, {scale_note}")
    if "md" in formats:
        outputs.write_text(f"{stem}-setup.md", setup())


def _formats(ctx, param, value: str) -> tuple[str, ...]:
    items = tuple(v.strip().lower() for v in value.split(",") if v.strip())
    bad = [v for v in items if v not in FORMATS]
    if bad or not items:
        raise click.BadParameter(f"{', '.join(bad) or 'nothing'}: choose from {', '.join(FORMATS)} (comma-separated)")
    return tuple(f for f in FORMATS if f in items)


def _paper(ctx, param, value: str):
    from ..render.paper import get_paper

    try:
        return get_paper(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def _seed(ctx, param, value):
    if value is None:
        return secrets.randbelow(1_000_000)
    text = value.strip()
    if not text:
        raise click.BadParameter("the seed cannot be empty")
    return int(text) if text.lstrip("-").isdigit() else text


def common_options(command: str, paper: str = "A3") -> Callable:
    """--seed, --out, --paper and --formats, shared by every generating command.

    Maps default to A3 (the rulebook's sheet); what goes to a home printer
    (battlefield plans, counters) passes its own default.
    """

    def decorate(fn):
        @click.option("--seed", callback=_seed, help="Seed (a number or any text). Default: a random number, printed.")
        @click.option(
            "--out",
            type=click.Path(file_okay=False, dir_okay=True, writable=True, path_type=Path),
            help=f"Output folder. Default: output/{command}-<seed>/",
        )
        @click.option("--paper", default=paper, show_default=True, callback=_paper, help="A4, A3, Letter or Tabloid, with -portrait or -landscape (landscape when not given).")
        @click.option("--formats", default=",".join(FORMATS), show_default=True, callback=_formats, help="Comma-separated: json, svg, pdf, md.")
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if kwargs.get("out") is None:
                kwargs["out"] = Path("output") / f"{command}-{kwargs['seed']}"
            out = kwargs["out"]
            if out.exists() and not out.is_dir():
                raise click.BadParameter(f"{out} is a file, not a folder", param_hint="--out")
            return fn(*args, **kwargs)

        return wrapper

    return decorate


#: A subfolder with more files than this is listed as one line.
LIST_FOLDER_FILES = 8


def _listing(out: Path, files: list[str]) -> list[str]:
    """Every file, except that a big subfolder (one battlefield per holding...) gets one line."""
    folders: dict[str, list[str]] = {}
    for name in files:
        parent = str(Path(name).parent)
        if parent != ".":
            folders.setdefault(parent, []).append(Path(name).name)
    lines, shown = [], set()
    for name in files:
        parent = str(Path(name).parent)
        if parent in folders and len(folders[parent]) > LIST_FOLDER_FILES:
            if parent not in shown:
                shown.add(parent)
                lines.append(f"{out / parent}{os.sep} ({len(folders[parent])} files: {', '.join(folders[parent][:4])}, ...)")
            continue
        lines.append(str(out / name))
    return lines


def _run(out: Path, produce) -> None:
    outputs = Outputs(out)
    try:
        produce(outputs)
        outputs.commit()
    finally:
        outputs.discard()
    click.echo(f"Wrote {out}{os.sep}")
    for line in _listing(out, outputs.files):
        click.echo(f"  {line}")
    for note in outputs.notes:
        click.echo(f"  ({note})")
    if outputs.summary:
        click.echo("Summary:")
        for line in outputs.summary:
            click.echo(f"  {line}")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mapgen")
@click.option("--debug", is_flag=True, help="Show full tracebacks on errors.")
@click.pass_context
def cli(ctx, debug):
    """mapgen: print-ready, reproducible maps for tabletop wargame campaigns."""
    ctx.obj = {"debug": debug}


# Commands register themselves on ``cli`` when their module is imported.
from . import battlefield, counters, country, fw, schema  # noqa: E402,F401


def main(argv=None) -> None:
    """Entry point: clean messages, exit codes 1 and 2, tracebacks only with --debug."""
    args = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in args
    try:
        cli.main(args=args, prog_name="mapgen", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except InfeasibleError as exc:
        # The rules cannot be met with the options given: a usage error.
        if debug:
            raise
        click.echo(f"Error: {exc}", err=True)
        sys.exit(2)
    except MapgenError as exc:
        if debug:
            raise
        click.echo(f"Error: {exc}", err=True)
        sys.exit(1)
    except OSError as exc:
        if debug:
            raise
        click.echo(f"Error: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "), err=True)
        sys.exit(1)
    except Exception as exc:  # noqa: BLE001 - the last guard before a user sees a traceback
        if debug:
            raise
        click.echo(f"Error: {type(exc).__name__}: {exc} (run with --debug for the traceback)", err=True)
        sys.exit(1)
