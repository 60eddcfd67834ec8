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
