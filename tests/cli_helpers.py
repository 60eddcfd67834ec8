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


#: The manifest of what mapgen wrote, kept in every output folder (the manual, "Output folders").
MANIFEST = ".mapgen-files.json"


def files_in(folder) -> list[str]:
    """Every file under ``folder``, as sorted '/'-separated paths relative to it (hidden ones too)."""
    from pathlib import Path

    folder = Path(folder)
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir())


def snapshot(folder) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes, to compare a folder before and after a run."""
    from pathlib import Path

    folder = Path(folder)
    return {name: (folder / name).read_bytes() for name in files_in(folder)}


def leftovers(folder) -> list[str]:
    """What a run into ``folder`` may have left beside or in it: staging folders and ``.part`` files."""
    from pathlib import Path

    folder = Path(folder)
    beside = [p.name for p in folder.parent.iterdir() if ".mapgen-" in p.name and p.name != MANIFEST]
    inside = [p.name for p in folder.rglob("*") if p.name.endswith((".part", ".tmp"))] if folder.is_dir() else []
    return sorted(beside + inside)
