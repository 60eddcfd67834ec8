"""The rulebooks' declarations that more than one part of mapgen reads, on a floor below all of them.

A rule set's tables live in its own package; one moves here when something
below the rule set (the counters, which the rule set reads rosters through)
needs it too.  Data and plain functions only: nothing here imports the rest of mapgen.
"""
