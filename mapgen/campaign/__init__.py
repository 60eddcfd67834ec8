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

# The names below are found on first use (PEP 562), so that importing the Renaissance rule set, a
# subpackage, or one module of this one does not import every phase of these rules.
_NAMES = {
    "BattleReport": ".commands", "CommandError": ".commands", "GiveOrder": ".commands", "Move": ".commands",
    "Reinforce": ".commands", "Turn": ".commands", "UnitLosses": ".commands",
    "awaiting": ".core", "begin": ".core", "GameDice": ".dice", "apply": ".ruleset", "CampaignState": ".state",
}

__all__ = sorted(_NAMES)


def __getattr__(name: str):
    import importlib

    module = _NAMES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value
