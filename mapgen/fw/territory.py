"""Territory in thirds (FW-2.3, AMB-08): two equal outer bands and a neutral centre."""

from __future__ import annotations

import numpy as np

from ..dice import Dice
from .holdings import allowed_mask


def band_sizes(length: int) -> tuple[int, int, int]:
    """Outer, centre, outer: the outer two equal, the centre absorbing the remainder."""
    if length < 3:
        raise ValueError("a map needs at least 3 squares along its long axis for three territories")
    # The outer bands are the nearest whole number to a third, which leaves the centre at
    # least one square for any length from 3 (a third, a third and one more, or one less).
    outer = round(length / 3)
    return outer, length - 2 * outer, outer


def end_masks(width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """Masks of the first (west or north) and last (east or south) outer bands."""
    long_x = width >= height
    outer, _, _ = band_sizes(width if long_x else height)
    first = np.zeros((height, width), bool)
    last = np.zeros((height, width), bool)
    if long_x:
        first[:, :outer] = True
        last[:, width - outer :] = True
    else:
        first[:outer, :] = True
        last[height - outer :, :] = True
    return first, last


def assign_territory(dice: Dice, terrain: np.ndarray, sides) -> np.ndarray:
    """Both players roll; the winner chooses an end, the loser takes the other (FW-2.3).

    The generator chooses for the winner the end with more squares where his
    holdings may stand (FW-3.2); on a tie the west (or north) end.
    """
    height, width = terrain.shape
    first, last = end_masks(width, height)
    ids = [s.id for s in sides]
    winner, loser = dice.contest("FW-2.3", "territory: winner chooses an end", ids)
    race = {s.id: s.race for s in sides}[winner]
    allowed = allowed_mask(terrain, race)
    take_first = (allowed & first).sum() >= (allowed & last).sum()
    territory = np.full((height, width), "N", dtype="<U1")
    territory[first] = winner if take_first else loser
    territory[last] = loser if take_first else winner
    end = ("west" if width >= height else "north") if take_first else ("east" if width >= height else "south")
    dice.log[-1].result = f"{winner} wins and takes the {end} end"
    return territory
