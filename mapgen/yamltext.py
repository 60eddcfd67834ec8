"""YAML a player wrote (rosters, battle reports), parsed with errors that name the line.

``yaml.compose`` keeps where each value stands, so a wrong field can be named
by its line; ``yaml.safe_load`` does not.  Every YAML reader of mapgen goes
through :func:`compose`, so a file nested too deeply for the parser, or one
that is not YAML at all, gives the same one-line message everywhere.
"""

from __future__ import annotations

import yaml

from .errors import BadFileError


def load_template(text: str):
    """A YAML table of ours from ``templates/`` (known good): parsed with libyaml where PyYAML has it, 5x faster."""
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def compose(text: str, name: str, what: str, error: type[Exception] = BadFileError) -> yaml.Node | None:
    """The document's node tree (None for an empty file); ``error`` names ``name`` and the line."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except RecursionError:
        raise error(f"{name}: nested too deeply to be a {what}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise error(f"{name}{where}: not valid YAML ({exc.problem or exc.context})") from None
    except yaml.YAMLError as exc:
        raise error(f"{name}: not valid YAML ({exc})") from None
