"""Checks on the finished layout, each a plain function returning what breaks a rule.

The stages are built to obey the rules; these checks are the second line, so
that a layout which slips through is never handed over silently: each
problem becomes a note telling the players what to correct by hand.
"""

from __future__ import annotations

from typing import Callable

from . import rules as R
from .state import TableState

#: Slack for rounding to a millimetre (cm).
EPS = 0.05


def features_on_table(st: TableState) -> list[str]:
    """Every feature lies on the table (FW-0.2)."""
    table = st.layout.table.buffer(EPS)
    out = []
    for it in st.items:
        f = it.feature
        if not table.contains(f.polygon):
            out.append(f"{R.KINDS[f.kind].label} ({f.rule}) reaches beyond the table edge: trim it to the table.")
    return out


CHECKS: tuple[Callable[[TableState], list[str]], ...] = (features_on_table,)


def problems(st: TableState) -> list[str]:
    return [p for check in CHECKS for p in check(st)]


def checks(st: TableState) -> None:
    for p in problems(st):
        st.notes.append(f"Check: {p}")
