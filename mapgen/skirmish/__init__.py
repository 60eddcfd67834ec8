"""Fantasy skirmish (SK): two warbands of equal points on a small table, and the sheets to play them.

The rules are data in :mod:`.tables`; :mod:`.generate` runs the stages (options -> warbands ->
table -> result) and :mod:`.model` holds the result and its ``skirmish.json``.
"""
