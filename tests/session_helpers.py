"""Campaign folders and real ``mapgen`` processes for the session tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from mapgen.cli import main

#: ``mapgen`` as a user runs it, in its own process (a kill or a signal must hit a real process).
MAPGEN = [sys.executable, "-c", "import sys; from mapgen.cli import main; sys.argv[0] = 'mapgen'; main()"]


def new_campaign(folder: Path, *options: str) -> Path:
    """``mapgen campaign new FOLDER OPTIONS``, in this process, with no counter sheets (they do not matter here).

    The dice seed is the map seed unless the options give one, so a test's game goes as it always went
    (without ``--dice-seed`` each new campaign would draw a secret one).
    """
    if "--seed" in options and "--dice-seed" not in options:
        options = (*options, "--dice-seed", options[options.index("--seed") + 1])
    try:
        main(["campaign", "new", str(folder), "--formats", "", *options])
    except SystemExit as exc:
        assert not exc.code, exc.code
    return folder


def fw_campaign(folder: Path) -> Path:
    return new_campaign(folder, "--seed", "42", "--size", "small")


def renaissance_campaign(folder: Path) -> Path:
    return new_campaign(folder, "--rules", "renaissance", "--seed", "12", "--players", "2")


def mapgen(*argv: str, env: dict | None = None, **kw) -> subprocess.CompletedProcess:
    """``mapgen ARGV`` in a process of its own; ``env`` adds to this process's environment."""
    return subprocess.run([*MAPGEN, *argv], capture_output=True, text=True, env={**os.environ, **(env or {})}, **kw)


def start(*argv: str) -> subprocess.Popen:
    return subprocess.Popen([*MAPGEN, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def temporaries(folder: Path) -> list[str]:
    """Temporary files anywhere in the folder (``.NAME.XXXX.tmp``, as an atomic write makes them)."""
    return sorted(str(p.relative_to(folder)) for p in Path(folder).rglob(".*.tmp"))


def lines(folder: Path) -> list[str]:
    path = Path(folder) / "commands.jsonl"
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()] if path.exists() else []
