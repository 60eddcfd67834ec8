"""Bots that play a Renaissance campaign through :func:`~mapgen.engine.apply` only.

* :mod:`.routes`: road distances and first steps over the map, worked out once per target;
* :mod:`.seat`: what every bot shares: its view of the state, its spring upkeep and buying, its summer turn;
* :mod:`.behaviours`: ``aggressive`` and ``cautious``, chosen per seat (:func:`make_bots`);
* :mod:`.play`: the campaign driven a command at a time; a refused command
  stops the game (:class:`IllegalCommand`, the Fantasy Warriors bots' own).
"""

from .behaviours import BEHAVIOURS, Aggressive, Cautious, make_bots
from .play import BotStuck, IllegalCommand, command_words, give, next_command, play_campaign, play_year
from .routes import Routes
from .seat import Bot, Sight, buy

__all__ = [
    "BEHAVIOURS",
    "Aggressive",
    "Bot",
    "BotStuck",
    "Cautious",
    "IllegalCommand",
    "Routes",
    "Sight",
    "buy",
    "command_words",
    "give",
    "make_bots",
    "next_command",
    "play_campaign",
    "play_year",
]
