"""The Renaissance campaign ("Il Gran Capitano", ``shared/rules/renaissance-campaign.md``).

Its rule tables as data (:mod:`.rules`) and the small functions that apply
them with a :class:`mapgen.dice.Dice` (:mod:`.resolve`); the campaign state
(:mod:`.state`), its ``campaign.json`` and schema (:mod:`.store`) and day one
(:mod:`.setup`).  The engine phases come later, on the Fantasy Warriors engine
core (issue 12).
"""
