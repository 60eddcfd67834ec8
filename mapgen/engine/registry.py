"""The registry: which rule sets mapgen plays, each found by its name or by a ``campaign.json``'s schema.

A rule set joins with one line in :data:`BUILTIN` (the module that builds
its :class:`~mapgen.engine.ruleset.RuleSet` as ``RULESET``, and its part of
the command line), or at run time with :func:`register` (a test's toy rule
set does that).  The modules are imported on first use, so a command pays
only for the rule set it plays, and a command that only needs a rule set's
command line (``mapgen new`` before its kit forks) reaches it by the name
alone (:func:`chosen_name`, :func:`command_line_module`).
"""

from __future__ import annotations

import importlib
import re

from ..errors import BadFileError
from .ruleset import RuleSet

#: The built-in rule sets: each one's name, ``campaign.json`` schema, the module that defines its ``RULESET``
#: and the module of its part of the command line (its ``RuleSet.cli``, :func:`builtin_cli`), in the order
#: ``--help`` lists them; the first is the default of ``campaign new``.  A folder's command imports only its
#: own rule set's module.
BUILTIN = (
    ("fantasy_warriors", "mapgen/campaign", "mapgen.campaign.ruleset", "mapgen.cli.rules_fantasy_warriors"),
    ("renaissance", "mapgen/campaign-renaissance", "mapgen.renaissance.ruleset", "mapgen.cli.rules_renaissance"),
    ("napoleonic", "mapgen/campaign-napoleonic", "mapgen.napoleonic.ruleset", "mapgen.cli.rules_napoleonic"),
)

_REGISTERED: dict[str, RuleSet] = {}
_LOADED = False


def register(ruleset: RuleSet) -> RuleSet:
    """Add (or replace) a rule set; returns it."""
    _REGISTERED[ruleset.name] = ruleset
    return ruleset


def unregister(name: str) -> None:
    _REGISTERED.pop(name, None)


def _load(module: str) -> RuleSet:
    ruleset = importlib.import_module(module).RULESET
    return _REGISTERED.setdefault(ruleset.name, ruleset)


def _load_builtin() -> None:
    global _LOADED
    if not _LOADED:
        _LOADED = True
        for _name, _schema, module, _cli in BUILTIN:
            _load(module)


def rulesets() -> tuple[RuleSet, ...]:
    _load_builtin()
    return tuple(_REGISTERED.values())


def named(name: str) -> RuleSet:
    """The rule set called ``name``; KeyError when none is."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    for builtin, _schema, module, _cli in BUILTIN:  # a built-in one, imported alone
        if builtin == name:
            return _load(module)
    _load_builtin()
    return _REGISTERED[name]


def default() -> RuleSet:
    """The rule set ``campaign new`` starts when ``--rules`` names none: the first built-in one."""
    return named(BUILTIN[0][0])


def known(name: str) -> bool:
    """Whether mapgen plays a rule set called ``name``; a built-in one is known without importing it."""
    if name in _REGISTERED or any(row[0] == name for row in BUILTIN):
        return True
    _load_builtin()
    return name in _REGISTERED


def builtin_cli(name: str) -> str:
    """The command-line module :data:`BUILTIN` gives the built-in rule set ``name`` (its ``RuleSet.cli``)."""
    return next(row[3] for row in BUILTIN if row[0] == name)


def command_line_module(name: str):
    """The module of the rule set ``name``'s part of the command line (None when it has none): a built-in
    one's without importing its rules, so that a kit can be begun before they are needed."""
    if name not in _REGISTERED and any(row[0] == name for row in BUILTIN):
        return importlib.import_module(builtin_cli(name))
    return named(name).command_line_module()


def chosen_name(words) -> tuple[str, tuple[str, ...]]:
    """The name of the rule set a ``--rules`` list names (the default's when it names none) and the words left,
    without importing a rule set; ValueError when two rule sets are named.  :func:`chosen_by` checks the words left."""
    names = {row[0] for row in BUILTIN} | set(_REGISTERED)  # no rule set imported to know its name
    named_here = [w for w in words if w in names]
    if len(named_here) > 1:
        raise ValueError(f"{', '.join(named_here)}: give one rule set")
    return (named_here[0] if named_here else BUILTIN[0][0]), tuple(w for w in words if w not in named_here)


def chosen_by(words) -> tuple[RuleSet, tuple[str, ...]]:
    """The rule set a ``--rules`` list names (the default when it names none) and the optional rules left.

    ValueError, naming the words, when two rule sets are named or a word is no optional rule of the one chosen.
    """
    name, rest = chosen_name(words)
    ruleset = named(name)
    bad = [w for w in rest if w not in ruleset.option_words]
    if bad:
        others = "; ".join(f"{r.name}, with its optional rules {', '.join(r.option_words) or 'none'}" for r in rulesets() if r is not ruleset)
        raise ValueError(f"unknown rule {bad[0]!r}; {ruleset.title} optional rules: {', '.join(ruleset.option_words) or 'none'}"
                         f"{'; or ' + others if others else ''}")  # fmt: skip
    return ruleset, rest


def of_schema(schema: str) -> RuleSet | None:
    for r in _REGISTERED.values():  # registered already (a toy one, or one loaded before)
        if r.schema == schema:
            return r
    for _name, builtin, module, _cli in BUILTIN:  # a built-in one, imported alone
        if builtin == schema:
            return _load(module)
    for r in rulesets():
        if r.schema == schema:
            return r
    return None


def of_state(state) -> RuleSet:
    """The rule set whose state type this is: one loaded already (the one that read it), else any built-in one."""
    for r in list(_REGISTERED.values()):
        if isinstance(state, r.state_type):
            return r
    for r in rulesets():
        if isinstance(state, r.state_type):
            return r
    raise TypeError(f"{type(state).__name__} is no rule set's state")


#: Bytes of ``campaign.json`` read to find its schema: mapgen writes ``schema`` first.
HEAD_BYTES = 400
_SCHEMA = re.compile(r'"schema"\s*:\s*"([^"\\]*)"')


def schema_of_text(text: str) -> str | None:
    """The ``schema`` field of a state file's text: mapgen writes it first, so the head is enough."""
    m = _SCHEMA.search(text[:HEAD_BYTES])
    return m.group(1) if m else None


def of_text(text: str, where: str) -> RuleSet:
    """The rule set that reads a ``campaign.json`` text; BadFileError naming the file when none does."""
    schema = schema_of_text(text)
    r = of_schema(schema) if schema else None
    if r is None:
        expected = ", ".join(repr(x.schema) for x in rulesets())
        raise BadFileError(f"{where}: field 'schema' is {schema!r}, expected one of {expected}")
    return r
