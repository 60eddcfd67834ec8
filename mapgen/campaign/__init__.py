"""The Fantasy Warriors campaign engine.

* :mod:`.state`: the campaign state (``campaign.json``), frozen dataclasses checked by pydantic on load;
* :mod:`.ruleset`: these rules as the engine's :class:`~mapgen.engine.RuleSet`, and ``apply``;
* :mod:`.core`: the turn as a list of phases;
* one module per phase (:mod:`.weather`, :mod:`.orders`, :mod:`.movement`, :mod:`.battle`,
  :mod:`.after_battle`, :mod:`.will`, :mod:`.days`, :mod:`.reinforcements`, :mod:`.events`),
  each holding its rule tables as data with their rule IDs, and :mod:`.incursione` (FW-17);
* :mod:`.dice`: dice derived from the campaign seed and the place in the game, and entered faces;
* :mod:`.board`: the map worked out once (legal steps, zones of control, terrain);
* :mod:`.setup`: a new campaign from a map; :mod:`.store`: the state file
  (the folder, history and undo are :mod:`mapgen.session`'s).
"""

from .core import (
    BattleReport,
    CommandError,
    GiveOrder,
    Move,
    Reinforce,
    Turn,
    UnitLosses,
    awaiting,
    begin,
)
from .dice import GameDice
from .ruleset import apply
from .state import CampaignState

__all__ = [
    "BattleReport",
    "CampaignState",
    "CommandError",
    "GameDice",
    "GiveOrder",
    "Move",
    "Reinforce",
    "Turn",
    "UnitLosses",
    "apply",
    "awaiting",
    "begin",
]
