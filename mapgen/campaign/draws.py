"""The alternative draw rules (FW-10.3.1, options ``draw_english`` and ``draw_italian``): who won, from the base rules' scores.

Nick Lund's campaign stalemate (FW-10.3: both sides still have models on
the table) makes one model against a hundred a draw; the Naran Team offers
two methods from the FW base rules' victory (R.B. ch. 2.3).  With either
option on, the battle report carries what the method needs and the engine
decides the result from it; a draw is today's stalemate in every campaign
consequence (FW-12.5 moves, no battle won or lost).

- English: each side's final score against its initial score.  Parity, or a
  *minor victory* (the better side's final score at most
  :data:`MINOR_VICTORY` points above its initial score), is a draw;
  otherwise the side with the better result wins.  [DEV] A side's result is
  its final minus its initial score; the better side is the one with the
  higher result, parity when both are equal.
- Italian: the points of the losses each side suffered (so those it
  inflicted are the other's), *Ars Arcana* points excluded.  A draw when
  the difference is at most :data:`ITALIAN_PERCENT` % of the army points;
  otherwise the side that inflicted more wins.  [DEV] The army points are the
  report's, or else those of the smaller side in the battle (its forces'
  models at their points, before the battle): the engine keeps no *Ars
  Arcana* points to leave out.

The Italian original (Src: L877-L885) speaks of "a difference of remaining
points not above 20 % of the army points" and then of "the difference
between the points of the losses inflicted and suffered": with armies of
equal points the two are the same number; the losses are what a report
gives, so they are what is asked.
"""

from __future__ import annotations

from dataclasses import replace

from .commands import BattleReport, CommandError

RULE = "FW-10.3.1"
#: FW-10.3.1 English method: a final score up to 3 points above the initial score is a minor victory, a draw.
MINOR_VICTORY = 3
#: FW-10.3.1 Italian method: a draw when the losses differ by no more than 20 % of the army points (2000 -> 400).
ITALIAN_PERCENT = 20
SIDES = ("A", "B")


def method(options) -> str | None:
    """The draw method in play: "english", "italian" or None (Nick Lund's stalemate, FW-10.3)."""
    return "english" if options.draw_english else "italian" if options.draw_italian else None


def conflict(options) -> str | None:
    """Why the options cannot go together, in one line; None when they can."""
    if options.draw_english and options.draw_italian:
        return "draw_english and draw_italian are two ways to decide one draw (FW-10.3.1): choose one"
    return None


def english(scores: dict[str, tuple[int, int]]) -> tuple[str, str]:
    """(result, why) by the English method from each side's (initial, final) score."""
    gain = {s: scores[s][1] - scores[s][0] for s in SIDES}
    said = ", ".join(f"side {s} {scores[s][0]} -> {scores[s][1]}" for s in SIDES)
    if gain["A"] == gain["B"]:
        return "stalemate", f"{said}: parity, a draw"
    better = "A" if gain["A"] > gain["B"] else "B"
    if gain[better] <= MINOR_VICTORY:
        return "stalemate", (f"{said}: side {better} does better, {gain[better]:+d} on its initial score, no more than a minor victory "
                             f"(at most {MINOR_VICTORY} above it): a draw")
    return better, f"{said}: side {better} wins"


def italian(losses: dict[str, int], army_points: int) -> tuple[str, str]:
    """(result, why) by the Italian method from the points of losses each side suffered."""
    diff = abs(losses["A"] - losses["B"])
    limit = ITALIAN_PERCENT * army_points / 100  # for the words: the test below is exact, in whole numbers
    said = f"losses side A {losses['A']}, side B {losses['B']} points: difference {diff}"
    if 100 * diff <= ITALIAN_PERCENT * army_points:
        return "stalemate", f"{said}, at most {ITALIAN_PERCENT} % of {army_points} army points ({limit:g}): a draw"
    winner = "A" if losses["A"] < losses["B"] else "B"
    return winner, f"{said}, above {ITALIAN_PERCENT} % of {army_points} army points ({limit:g}): side {winner} wins"


def decided(options, cmd: BattleReport, sides: dict) -> tuple[BattleReport, str | None]:
    """The report with its result decided by the draw method in play, and the reason to log (None: no method).

    ``sides``: the battle's forces of each side (:func:`~.battle.battle_forces`).  Refuses a report that gives
    a method's inputs while that method is off, lacks them while it is on, or names a result they contradict.
    """
    how = method(options)
    if how != "english" and cmd.scores:
        raise CommandError(f"scores decide a draw by the English method ({RULE}): the campaign has no optional rule draw_english")
    if how != "italian" and (cmd.loss_points or cmd.army_points is not None):
        raise CommandError(f"points of losses decide a draw by the Italian method ({RULE}): the campaign has no optional rule draw_italian")
    if how is None:
        return cmd, None
    if how == "english":
        scores = _per_side(cmd.scores, "scores", "A=INITIAL/FINAL,B=INITIAL/FINAL")
        result, why = english(scores)
    else:
        losses = _per_side(cmd.loss_points, "points of losses", "A=POINTS,B=POINTS")
        if min(losses.values()) < 0 or (cmd.army_points is not None and cmd.army_points < 1):
            raise CommandError(f"points of losses are 0 or more, army points 1 or more ({RULE})")
        army = cmd.army_points if cmd.army_points is not None else min(sum(f.army_points for f in sides[s]) for s in SIDES)
        if army <= 0:
            raise CommandError(f"the army points to take 20 % of ({RULE}): the forces' units carry no points; give them (--army-points)")
        result, why = italian(losses, army)
    if cmd.winner and cmd.winner != result:
        given = "a stalemate" if cmd.winner == "stalemate" else f"side {cmd.winner} won"
        raise CommandError(f"{given}, but by the {how.title()} method ({RULE}) {why}: leave the winner out, the method decides")
    return replace(cmd, winner=result), f"{how.title()} method: {why}"


def _per_side(pairs: tuple, what: str, shape: str) -> dict:
    """``pairs`` ((side, value...), ...) as {side: value}, both sides once each."""
    out = {}
    for side, *value in pairs:
        if side not in SIDES or side in out:
            raise CommandError(f"{what}: give sides A and B once each ({shape}, {RULE})")
        out[side] = tuple(value) if len(value) > 1 else value[0]
    if set(out) != set(SIDES):
        raise CommandError(f"{what} of sides A and B are needed by the campaign's draw rule: {shape} ({RULE})")
    return out
