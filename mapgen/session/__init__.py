"""The campaign session: one command at a time in a folder, committed whole, undone exactly, replayed.

A campaign folder (either rule set; ``campaign.json``'s first field says which):

* ``campaign.json``: the state, read and checked once per command by its rule
  set's ``read_state``, then against the board of the map copy;
* the map copy (``fw-map.json``, ``country.json``): its SHA-256 is in the state;
* ``commands.jsonl``: every command applied, one JSON record a line (the
  rule set's ``encode``, plus ``roll``: faces entered, ``battles``: the
  folders it wrote);
* ``history/NNNN.json``: ``campaign.json``'s exact bytes before command NNNN;
  so ``history/0001.json`` is the start state, the one ``campaign new`` wrote
  (with the map copy and the options in it), and with no command played
  ``campaign.json`` is: :mod:`.replay` starts there, old folders included;
* ``campaign.journal``: a commit under way (:mod:`.journal`), found only
  after a kill.  The lock (:mod:`.lock`) is a ``flock`` on the folder
  itself: no file.

Battle folders and the atlas are written after the commit, from the state,
so ``mapgen campaign refresh`` can always write them again.

Modules, by concern: :mod:`.lock`, :mod:`.signals`, :mod:`.durable` (synced
atomic writes), :mod:`.journal` (the commit), :mod:`.folder` (reading the
folder), :mod:`.session` (open, commit, undo), :mod:`.replay`,
:mod:`.outputs` (the rule set's presenter).  Nothing here branches on the
rule set: it asks the :class:`~mapgen.engine.RuleSet`.
"""

from .folder import CAMPAIGN_FILE, COMMANDS_FILE, HISTORY_DIR, SESSION_KEYS, Loaded, commands, history_file, load
from .journal import JOURNAL_FILE
from .lock import CampaignBusyError
from .replay import Replayed, replay
from .session import Session, open_folder, remove_battles, save, undo

__all__ = [
    "CAMPAIGN_FILE", "COMMANDS_FILE", "HISTORY_DIR", "JOURNAL_FILE", "SESSION_KEYS",
    "CampaignBusyError", "Loaded", "Replayed", "Session",
    "commands", "history_file", "load", "open_folder", "remove_battles", "replay", "save", "undo",
]
