"""A campaign folder's own files, by name, and the checks a command makes before writing a campaign into a folder.

Declared once here, below every rule set and the session, so that ``mapgen new``
and ``campaign new`` can refuse a folder before anything is made without
importing a campaign engine (``mapgen new`` asks before its battlefields'
process is forked: the engine, some 30 ms, is then imported by one process
only, beside the other's battlefields).
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import CampaignFolderError

#: The state (either rule set: its first field names its schema).
CAMPAIGN_FILE = "campaign.json"
#: Every command applied, one JSON record a line.
COMMANDS_FILE = "commands.jsonl"
#: ``campaign.json``'s bytes before each command.
HISTORY_DIR = "history"


def check_new_folder(folder: str | Path) -> None:
    """Refuse a folder that holds a campaign: starting again there would lose its history."""
    folder = Path(folder)
    if not folder.is_dir():
        return
    found = [n for n in (CAMPAIGN_FILE, COMMANDS_FILE, HISTORY_DIR) if os.path.lexists(folder / n)]
    if found:
        from .engine import command_line  # for the message only

        raise CampaignFolderError(
            f"{folder} already holds a campaign ({', '.join(found)}); give a new or empty folder "
            f"(or '{command_line('undo', folder, [])}' to step back in that one)"
        )


def check_not_in_play(folder: str | Path) -> None:
    """``mapgen new`` may rewrite a fresh kit, never one whose campaign has been played (its history would be orphaned)."""
    folder = Path(folder)
    found = [n for n in (COMMANDS_FILE, HISTORY_DIR) if os.path.lexists(folder / n)]
    if found:
        raise CampaignFolderError(
            f"{folder} holds a campaign in play ({', '.join(found)}); writing a new kit there would lose it: give another --out"
        )
