"""What every rule set's bots share: how a game played by bots stops, and the shortest routes over a board's steps."""

from __future__ import annotations

from collections import deque


class BotStuck(RuntimeError):
    """The campaign waits for something the bots cannot give; ``state`` is where it stopped."""

    def __init__(self, message: str, state=None):
        super().__init__(message)
        self.state = state


class IllegalCommand(RuntimeError):
    """A bot gave a command the rules refuse: the game stops here.  ``command`` is it, ``state`` where it was given."""

    def __init__(self, message: str, command, state):
        super().__init__(message)
        self.command = command
        self.state = state


def steps_to(steps, target: str) -> dict[str, int]:
    """Breadth first from ``target`` over ``steps`` (place -> the places one step away, taken as both ways):
    the steps from every place that can reach it.  Both rule sets' bots route with it (squares, road nodes)."""
    found = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        d = found[here] + 1
        for nxt in steps.get(here, ()):
            if nxt not in found:
                found[nxt] = d
                queue.append(nxt)
    return found
