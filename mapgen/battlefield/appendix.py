"""The FW-21 extras that go down as features of their own: the desert's djebel and the quicksand features.

FW-21 is optional ("players choose", FW-21.1); which extras go on which
ground is this generator's choice [DEV], listed in ``rules.COVER_EXTRAS``.
Ridges, slopes and caves belong to a hill and are laid with the parts.
"""

from __future__ import annotations

from . import rules as R
from . import scenarios as S
from .features import place
from .state import TableState


def appendix(st: TableState) -> None:
    if not R.SCALES[st.opts.scale].extras:
        return
    extras = R.COVER_EXTRAS.get(st.ground.terrain, ())
    if "djebel" in extras:
        place(st, "djebel", rule="FW-21.7", note=R.KINDS["djebel"].note + "; a desert battle has at least one (FW-21.7)")
    if "quicksand" in extras:
        # FW-21.8: each player's one difficult feature in his own half that may hide quicksand
        kind = "sand" if st.ground.terrain == "desert" else "marsh"
        for side in ("A", "B"):
            region = S.band(side, 0, st.depth / 2, st.width, st.depth).bounds
            note = f"side {side}'s difficult feature: may hide quicksand (side {side} writes it down secretly)"
            if place(st, kind, region=region, rule="FW-21.8", note=note, quiet=True) is None:
                # FW-21.8 lets a player place one such feature ("may"): with no room left in his half,
                # he names one of the difficult features already there instead
                st.notes.append(
                    f"Side {side}'s quicksand feature (FW-21.8): no room for a {R.KINDS[kind].label.lower()} in its half; "
                    f"side {side} may secretly name one of the difficult features in its half as hiding quicksand."
                )
