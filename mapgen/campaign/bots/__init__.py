"""Bots that play a campaign through :func:`~mapgen.engine.apply` only, never by editing the state.

* :mod:`.routes`: legal routes over the board, worked out once per board;
* :mod:`.plain`: what every bot shares, and the plain bot of the benchmark;
* :mod:`.behaviours`: ``cautious`` and ``aggressive``, chosen per side (``make_bots``);
* :mod:`.play`: a day of play, each command checked with the engine's own
  checks first; an illegal one stops the game (:class:`IllegalCommand`).

Battles between bots are decided by :mod:`mapgen.campaign.autobattle`.
"""

from ..autobattle import battle_report
from .behaviours import BEHAVIOURS, Aggressive, Cautious, make_bots
from .plain import Bot, forced_step
from .play import BotStuck, IllegalCommand, command_words, give, play_day, refusal
from .routes import PATH_LENGTH, distances_to, nearest_enemy_holding, path_towards

__all__ = [
    "BEHAVIOURS",
    "PATH_LENGTH",
    "Aggressive",
    "Bot",
    "BotStuck",
    "Cautious",
    "IllegalCommand",
    "battle_report",
    "command_words",
    "distances_to",
    "forced_step",
    "give",
    "make_bots",
    "nearest_enemy_holding",
    "path_towards",
    "play_day",
    "refusal",
]
