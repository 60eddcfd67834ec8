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


def opposing_zones_apart(st: TableState) -> list[str]:
    """No deployment zone of one side shares ground with a zone of the other (FW-0.2, FW-23)."""
    zones = st.plan.scenario.zones
    out = []
    for i, a in enumerate(zones):
        for b in zones[i + 1 :]:
            if a.side != b.side and a.polygon.intersection(b.polygon).area > EPS:
                out.append(f"the deployment zones '{a.label}' and '{b.label}' overlap ({st.plan.scenario.rule}): keep the later side out of the earlier one's zone.")
    return out


CHECKS: tuple[Callable[[TableState], list[str]], ...] = (features_on_table, opposing_zones_apart)

#: Words in every note that leaves part of the layout to the players (a feature to place, a line to lay, a
#: share of ground short, a check that failed): the stages write their notes so.
HAND_WORDS = ("by hand", "could not be", "short of", "Check:")


def left_to_players(notes: list[str]) -> list[str]:
    """The notes of a layout that leave something for the players to place or correct."""
    return [n for n in notes if any(w in n for w in HAND_WORDS)]


def problems(st: TableState) -> list[str]:
    return [p for check in CHECKS for p in check(st)]


def checks(st: TableState) -> None:
    for p in problems(st):
        st.notes.append(f"Check: {p}")
