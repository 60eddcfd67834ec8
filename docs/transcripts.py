"""Run the transcripts of the manual's pages and compare what each command prints with what the page says.

Usage: python docs/transcripts.py docs/tutorials/first-turn.md [more pages...]

A transcript is a fenced block without a language whose lines starting with "$ " are commands; the lines
after a command, up to the next one, are what it prints. A "..." line stands for any lines. Each page's
commands run in order in one fresh temporary folder (a page's later commands use its earlier folders).
Exit status 1 when any command printed something else.  Not part of CI: a tutorial runs whole campaigns
(a minute or two); run it after changing what a command prints.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile


def matches(want: list[str], got: list[str]) -> bool:
    """Do the printed lines match, a "..." line standing for any number of lines?"""
    if not want:
        return not got
    if want[0].strip() == "...":
        return any(matches(want[1:], got[i:]) for i in range(len(got) + 1))
    return bool(got) and got[0] == want[0] and matches(want[1:], got[1:])


def check(page: str) -> int:
    text = open(page, encoding="utf-8").read()
    bad = 0
    with tempfile.TemporaryDirectory() as work:
        for block in re.findall(r"^```\n(.*?)^```", text, re.S | re.M):
            lines = block.rstrip("\n").split("\n")
            commands = [i for i, line in enumerate(lines) if line.startswith("$ ")]
            for k, i in enumerate(commands):
                end = commands[k + 1] if k + 1 < len(commands) else len(lines)
                want = lines[i + 1:end]
                done = subprocess.run(lines[i][2:], shell=True, cwd=work, capture_output=True, text=True)
                printed = (done.stdout + done.stderr).rstrip("\n")
                got = printed.split("\n") if printed.strip() else []
                if not matches(want, got):
                    bad += 1
                    print(f"--- {page}: {lines[i][2:]}\nthe page says:\n" + "\n".join(want)
                          + "\nit printed:\n" + "\n".join(got) + "\n")
    return bad


if __name__ == "__main__":
    mismatches = sum(check(page) for page in sys.argv[1:])
    print("mismatches:", mismatches)
    sys.exit(1 if mismatches else 0)
