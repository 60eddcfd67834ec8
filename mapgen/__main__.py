"""``python -m mapgen``: the same as the ``mapgen`` command, for a Python whose scripts folder is not on PATH."""

from .cli import run

if __name__ == "__main__":
    run()
