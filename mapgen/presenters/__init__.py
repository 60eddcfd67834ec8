"""What each rule set looks like to people: one presenter module per rule set, above the renderers and the kit.

A :class:`~mapgen.engine.RuleSet` names its presenter by module path
(``RuleSet.presenter``), so the rule set stays pure and the CLI, the atlas
and the session ask ``ruleset.present()`` instead of branching on the rule
set.  Each presenter has ``status_svg(folder, state, board, seat)``: the
status map as SVG text; and ``place_lines(folder, state, board, seat)``: the
places by the id a command takes and the name the map prints, for ``status``.
:mod:`mapgen.engine.hints` builds the ``Now:`` and ``Next:`` lines every rule set's commands print
(below the kit, which prints them after a new campaign, and below the presenters).
"""
