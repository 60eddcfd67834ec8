"""Running the CLI in-process as a user would, for the CLI tests."""

from mapgen.cli import main


def run(argv, capsys):
    """(exit code, stdout, stderr) of ``mapgen ARGV``."""
    try:
        main(argv)
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    out = capsys.readouterr()
    return code, out.out, out.err


#: The manifest of what mapgen wrote, kept in every output folder (README, "Output folders").
MANIFEST = ".mapgen-files.json"


def files_in(folder) -> list[str]:
    """Every file under ``folder``, as sorted '/'-separated paths relative to it (hidden ones too)."""
    from pathlib import Path

    folder = Path(folder)
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir())
