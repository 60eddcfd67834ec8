"""``mapgen serve``: one process serving a group's campaigns online, each seat sent only what it may know.

The model is Rally the Troops: one server over one SQLite file, each seat
sent the rule set's redacted view with its legal actions, dice thrown by the
server from a seed that never leaves it.  Thin over the library: the engine
registry, ``RuleSet.view`` and ``actions``, ``engine.apply``, the rule sets'
command codecs, and the session's replay for import and export.

Modules, by concern: :mod:`.storage` (the database), :mod:`.folders`
(campaign folders in and out), :mod:`.games` (an action applied and
committed, undo), :mod:`.auth` (seats, cookies, CSRF, the brake on bad
tokens), :mod:`.views` (what a seat is sent), :mod:`.routes` (HTTP, the
only module that needs Starlette: import it by name, so exporting from the
database works without the ``serve`` extra).
"""
