"""The Renaissance campaign ("Il Gran Capitano", ``shared/rules/renaissance-campaign.md``).

So far its rule tables as data (:mod:`.rules`) and the small functions that
apply them with a :class:`mapgen.dice.Dice` (:mod:`.resolve`); the engine
phases come later, on the Fantasy Warriors engine core (issue 12).
"""
