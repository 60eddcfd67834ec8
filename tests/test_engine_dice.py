"""The engine's derived dice (mapgen.engine.dice): every face exactly as likely, however many are thrown."""

from __future__ import annotations

from mapgen.dice import DiceExpr
from mapgen.engine.dice import GameDice


def test_one_die_skips_the_same_bytes_as_several():
    # a place's faces are the bytes of its stream below 256 - 256 % 6 = 252, in order (the bytes 252-255
    # would make faces 1-4 likelier); the one-die shortcut must skip the same bytes, so one die thrown at a
    # place is the first of two thrown there.  2000 places: about 31 of them open on a skipped byte.
    for n in range(2000):
        one, _ = GameDice(7).faces(DiceExpr.parse("1D6"), f"place-{n}")
        two, _ = GameDice(7).faces(DiceExpr.parse("2D6"), f"place-{n}")
        assert one[0] == two[0], f"place-{n}"
