"""The ``mapgen`` command: thin click commands over the library.

This module holds what every command shares (the group, the common options,
printing what a run wrote, and :func:`main`, which turns the library's errors
into exit codes); each family of commands lives in its own module
(``fw.py`` ...).  Writing the files is :mod:`mapgen.kit`'s job.

Conventions for every command: ``--seed``, ``--out DIR`` (default
``output/<command>-<seed slug>/``), ``--paper``, ``--formats``.  Usage errors
exit 2, other failures exit 1, and tracebacks appear only with ``--debug``.
"""

from __future__ import annotations

import atexit
import functools
import gc
import importlib
import math
import os
import secrets
import sys
from pathlib import Path
from typing import Callable

# Before numpy is imported: its BLAS threads cost 30 ms to start and buy nothing here (no large
# matrix products), and a process with one thread may fork safely (mapgen.kit.beside).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# No cycle collection while the command line's modules load (modules are never garbage); the importer's
# setting is put back below, once they have.
_COLLECTING = gc.isenabled()
gc.disable()

from .. import dataclass_code  # noqa: E402

# The command owns its process, so it alone keeps dataclasses' compiled code between runs (issue 27), before any
# module it imports declares one; ``import mapgen`` as a library changes nothing in the standard library.
dataclass_code.install()

import click  # noqa: E402

from .. import __version__  # noqa: E402
from ..errors import InfeasibleError, MapgenError  # noqa: E402
from ..kit import OutputFolderError, PdfTooLargeError, Terminated, default_folder_name, target_folder  # noqa: E402
from ..kit import write as write_outputs  # noqa: E402
from ..text import MAX_NAME, MAX_SEED, printable, text_problem  # noqa: E402

if _COLLECTING:
    gc.enable()

FORMATS = ("json", "svg", "pdf", "md")
#: The library's errors that mean "change the options": exit 2, like click's usage errors.
USAGE_ERRORS = (InfeasibleError, OutputFolderError, PdfTooLargeError)
#: Exit status after Ctrl-C: 128 + SIGINT, as a shell reports a process SIGINT ended.
EXIT_INTERRUPTED = 130
#: Allocations between two runs of the cycle collector's youngest generation (Python's default: 700).
#: A command makes millions of short-lived objects (modules, SVG elements, PDF operators) that reference
#: counting frees; at the default the collector also walked every live object twice during ``mapgen new``
#: (0.1 to 0.2 s of its 1 s), finding next to nothing.  At 20,000 it still cost ``mapgen new`` about 15 ms
#: and ``fw-map --formats json`` 5 (issue 27, with the modules' objects frozen as :func:`run` does): at 200,000
#: (a few tens of megabytes of young objects at most) nearly nothing.  Cycles are still collected, only less often.
GC_THRESHOLD = 200_000


class FiniteFloatRange(click.FloatRange):
    """A float option in a range that also refuses ``nan`` and ``inf`` (``nan`` passes every comparison)."""

    def convert(self, value, param, ctx):
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return super().convert(number, param, ctx)


def _formats_callback(choices: tuple[str, ...]):
    def callback(ctx, param, value: str) -> tuple[str, ...]:
        items = tuple(v.strip().lower() for v in value.split(",") if v.strip())
        bad = [v for v in items if v not in choices]
        if bad or not items:
            raise click.BadParameter(f"{', '.join(bad) or 'nothing'}: choose from {', '.join(choices)} (comma-separated)")
        return tuple(f for f in choices if f in items)

    return callback


def _paper(ctx, param, value: str):
    from ..paper import get_paper

    try:
        return get_paper(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


#: The most games one run may ask for (a million games is a few hours on one machine).
MAX_GAMES = 1_000_000


def workers_option(fn):
    """``--workers``: processes playing games at once (``campaign simulate`` and ``--balanced``)."""
    return click.option("--workers", type=click.IntRange(1, 256),
                        help="Processes playing games at once (default: the CPUs); the result is the same whatever it is.")(fn)


def cpu_workers(workers: int | None) -> int:
    """``--workers``, or every CPU when it is not given."""
    return workers or os.cpu_count() or 1


#: Longer seeds are refused: a seed is a name, and Python's int() stops at 4300 digits.
MAX_SEED_CHARS = MAX_SEED


def typed_name(value: str, max_len: int = MAX_NAME, param_hint: str | None = None) -> str:
    """A name typed on the command line, stripped; a line break, a control character or too many
    characters is a usage error naming the option (:func:`mapgen.text.text_problem`)."""
    text = value.strip()
    if not text:
        raise click.BadParameter("empty; give a name", param_hint=param_hint)
    problem = text_problem(text, max_len)
    if problem:
        raise click.BadParameter(f"{problem}", param_hint=param_hint)
    return text


def _seed(ctx, param, value):
    if value is None:
        return secrets.randbelow(1_000_000)
    hint = None if param is not None else "'--seed'"  # quoted as click quotes an option it names
    text = value.strip()
    if not text:
        raise click.BadParameter("the seed cannot be empty", param_hint=hint)
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        # Bytes that are not UTF-8 reach Python as lone surrogates, which no file can hold.
        raise click.BadParameter("the seed is not valid UTF-8 text", param_hint=hint)
    if len(text) > MAX_SEED_CHARS:
        raise click.BadParameter(f"the seed is {len(text)} characters long; at most {MAX_SEED_CHARS}", param_hint=hint)
    problem = text_problem(text, MAX_SEED_CHARS)  # a seed is printed in every sheet and log
    if problem:
        raise click.BadParameter(f"the seed {problem}", param_hint=hint)
    number = text[1:] if text.startswith("-") else text
    # ASCII digits only: "²".isdigit() is true, but int("²") fails.
    return int(text) if number.isascii() and number.isdigit() else text


def _out(ctx, param, value):
    if value is None:
        return None
    if not value.strip():
        raise click.BadParameter("cannot be empty: give a folder (without --out the files go to output/<command>-<seed>/)")
    try:
        target_folder(value)
    except OutputFolderError as exc:
        raise click.BadParameter(str(exc)) from None
    return Path(value)


def common_options(command: str, paper: str = "A3", formats: tuple[str, ...] = FORMATS) -> Callable:
    """--seed, --out, --paper and --formats, shared by every generating command.

    Maps default to A3 (the rulebook's sheet); what goes to a home printer
    (battlefield plans, counters) passes its own default, and so does a
    command with fewer formats (counters have no setup sheet).
    """

    def decorate(fn):
        @click.option("--seed", callback=_seed, help="Seed (a number or any text). Default: a random number, printed.")
        @click.option("--out", callback=_out, help=f"Output folder. Default: output/{command}-<seed>/ (the seed made safe as a folder name).")
        @click.option("--paper", default=paper, show_default=True, callback=_paper, help="A4, A3, Letter or Tabloid, with -portrait or -landscape (landscape when not given).")
        @click.option("--formats", default=",".join(formats), show_default=True, callback=_formats_callback(formats), help=f"Comma-separated: {', '.join(formats)}.")
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            if kwargs.get("out") is None:
                kwargs["out"] = Path("output") / default_folder_name(command, kwargs["seed"])
            return fn(*args, **kwargs)

        return wrapper

    return decorate


def given(*names: str) -> list[str]:
    """Which of these options of the running command were typed (not left at their defaults)."""
    ctx = click.get_current_context()
    source = click.core.ParameterSource
    return [f"--{n.replace('_', '-')}" for n in names if ctx.get_parameter_source(n) not in (None, source.DEFAULT)]


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
    """Write the files ``produce(outputs)`` makes into ``out`` as one set, and say what was written."""
    outputs = write_outputs(out, produce)
    for line in outputs.recovered:
        click.echo(f"({line})")
    click.echo(f"Wrote {out}{os.sep}")
    for line in _listing(out, outputs.files):
        click.echo(f"  {line}")
    if outputs.removed:
        click.echo(f"Removed {len(outputs.removed)} file(s) an earlier mapgen run wrote there and this run did not:")
        for line in _listing(out, outputs.removed):
            click.echo(f"  {line}")
    for note in outputs.notes:
        click.echo(f"  ({note})")
    if outputs.summary:
        click.echo("Summary:")
        for line in outputs.summary:
            click.echo(f"  {line}")


#: The module of each command, imported only when that command runs (or for ``--help``): the
#: campaign engine alone takes a third of a second to import, which ``fw-map`` need not pay.
COMMANDS = {
    "atlas": "atlas",
    "battlefield": "battlefield",
    "campaign": "campaign_play",
    "cards": "cards",
    "counters": "counters",
    "country": "country",
    "export": "export",
    "fw-map": "fw",
    "nap-board": "cards",
    "new": "new",
    "schema": "schema",
    "serve": "serve",
    "skirmish": "skirmish",
    "validate": "fw",
}


class _LazyGroup(click.Group):
    """The ``mapgen`` group: a command's module registers it on ``cli`` when first imported."""

    def list_commands(self, ctx) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx, name: str):
        if name not in self.commands and name in COMMANDS:
            importlib.import_module(f"{__name__}.{COMMANDS[name]}")
        return super().get_command(ctx, name)


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mapgen")
@click.option("--debug", is_flag=True, help="Show full tracebacks on errors.")
@click.pass_context
def cli(ctx, debug):
    """mapgen: print-ready, reproducible maps for tabletop wargame campaigns."""
    ctx.obj = {"debug": debug}




def _wants_debug(args: list[str]) -> bool:
    """``--debug`` given to the group, i.e. before the command name (``mapgen --debug new``)."""
    for arg in args:
        if arg == "--debug":
            return True
        if not arg.startswith("-"):
            return False
    return False


def _describe(exc: BaseException) -> str:
    """The text of an ``Error:`` line: the library's own message, an OSError's reason and file."""
    if isinstance(exc, MapgenError):
        return printable(str(exc))  # a message may quote a name or a path from a folder someone else made
    if isinstance(exc, OSError):
        return f"{exc.strerror or exc}: {exc.filename or ''}".rstrip(": ")
    return f"{type(exc).__name__}: {exc} (run with --debug for the traceback)"


def run() -> None:
    """The ``mapgen`` command (and ``python -m mapgen``): :func:`main`, then the process ends without the interpreter's teardown.

    Freeing every module and object one by one as Python exits was about 6 % of ``fw-map --formats json``
    and 4 % of ``mapgen new`` (instruction counts, issue 27), and nothing needs it once the command's files
    are written and closed.  The exit functions registered while the command ran (multiprocessing's
    pools, logging's handlers, temporary folders) still run: this one is registered before any of them,
    so it runs last.  Only the command's own process does this: :func:`main` called from other code
    exits as usual.
    """
    atexit.register(_end_now)
    gc.freeze()  # what is loaded so far (this module's imports, click) lives as long as the process: never walked again
    try:
        main()
    except SystemExit as exc:
        _EXIT_STATUS.append(exc.code)
        raise
    _EXIT_STATUS.append(0)


#: The status :func:`run`'s command exits with, once known (a traceback leaves it empty: Python ends as usual).
_EXIT_STATUS: list = []


def _end_now() -> None:
    """The last exit function: the standard streams flushed, then the process ends with the command's status."""
    code = _EXIT_STATUS[-1] if _EXIT_STATUS else "unknown"
    code = 0 if code is None else code
    if type(code) is not int:
        return  # a message as the status (Python prints it and exits 1): the usual exit
    dataclass_code.keep()  # the exit functions registered before this one (at import) are skipped
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - a closed pipe: Python's own exit reports it as it always did
        return
    os._exit(code)


def main(argv=None) -> None:
    """Entry point: clean messages, exit codes 1 and 2, tracebacks only with --debug."""
    args = list(sys.argv[1:] if argv is None else argv)
    debug = _wants_debug(args)
    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])
    try:
        cli.main(args=args, prog_name="mapgen", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.Abort as exc:
        if isinstance(exc.__context__, KeyboardInterrupt):  # Ctrl-C: click turns it into Abort
            click.echo("Interrupted.", err=True)
            sys.exit(EXIT_INTERRUPTED)
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except Terminated as exc:
        # The kit cleaned up on the way out: the folder holds the previous set or this run's whole one.
        # A signal during the clean-up after an error still terminates, but the error is said too.
        after = f", cleaning up after this error: {_describe(exc.error)}" if exc.error is not None else "."
        click.echo(f"Terminated{after}", err=True)
        sys.exit(128 + exc.signum)
    except USAGE_ERRORS as exc:
        # The rules or the output folder cannot work with the options given: a usage error.
        if debug:
            raise
        click.echo(f"Error: {_describe(exc)}", err=True)
        sys.exit(2)
    except Exception as exc:  # noqa: BLE001 - the last guard before a user sees a traceback
        if debug:
            raise
        click.echo(f"Error: {_describe(exc)}", err=True)
        sys.exit(1)
