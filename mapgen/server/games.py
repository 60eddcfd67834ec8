"""The campaigns being played: each one's state in memory, an action applied and committed, an undo.

Only the library plays: the rule set comes from the engine registry (the
state's first field says which), a record is the rule set's own codec
(decoded, then encoded again, so the log holds what the CLI would write),
``engine.apply`` is the one reducer, and the dice are the rule set's (``ruleset.dice_for``) from the
campaign's dice seed, which stays in the server; in a campaign whose dice are thrown at the
table the seat enters the faces, as ``--roll`` does.

One action at a time per campaign (a lock; the rules run, then a short SQLite write): a
second seat acting at the same moment waits and is applied after, or is
refused with the reason when it names the count of actions it saw
(``expect``) and another action came first.  A seat may act only for
itself (:attr:`RuleSet.command_seat`) and only with a command its legal
actions offer now (:attr:`RuleSet.actions`); the referee may do anything
the rules accept.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .. import engine
from ..engine import boards
from ..engine.ruleset import Action, RuleSet
from ..errors import BadFileError
from ..session import CAMPAIGN_FILE, SESSION_KEYS, durable
from .folders import record_of
from .storage import REFEREE, Campaign, Refusal, Store

#: The most faces a seat may enter for one action.
MAX_FACES = 200


@dataclass(frozen=True)
class Live:
    """A campaign as the server plays it: the stored row, its rule set, the state read and its board, the count of actions."""

    campaign: Campaign
    ruleset: RuleSet
    state: Any
    board: Any
    count: int
    #: Each seat's legal actions on this state, worked out on first asking: the GET that lists them and the
    #: POST that is checked against them share one trial of every action (the largest cost of either).
    listed: dict = field(default_factory=dict, repr=False, compare=False)

    def actions(self, seat: str | None) -> tuple[Action, ...]:
        """``ruleset.actions`` for ``seat`` (None: every seat's) on this state, worked out once."""
        found = self.listed.get(seat)
        if found is None:
            found = self.listed[seat] = tuple(self.ruleset.actions(self.state, seat, self.board))
        return found


@dataclass(frozen=True)
class Done:
    """What an action or an undo changed, for the seat that asked."""

    live: Live
    lines: list[str]


def _board(c: Campaign, ruleset: RuleSet, state) -> Any:
    sha = boards.sha256_bytes(c.map_bytes)
    if sha != state.map.sha256:
        raise BadFileError(f"campaign {c.id}: its map is not the one its state began on")
    return boards.for_map(c.map_bytes, lambda: ruleset.board_from_map(c.map_bytes, f"campaign {c.id} {c.map_file}"))


def _seat_may_undo(ruleset: RuleSet, before, after, dice) -> bool:
    """No die rolled and the game not moved on (a new phase or season shows what was hidden): a seat may take it back."""
    return not dice.log and ruleset.when(before) == ruleset.when(after)


class Games:
    """The live campaigns of one server process, over its :class:`Store`."""

    def __init__(self, store: Store):
        self.store = store
        self._live: dict[str, Live] = {}
        self._locks: dict[str, threading.Lock] = defaultdict(threading.Lock)
        self._write = threading.Lock()
        #: Each campaign's version as last committed here: the event streams watch it.
        self.versions: dict[str, int] = {}

    def live(self, cid: str) -> Live:
        """The campaign now (read again when another process or a restart changed it); KeyError when there is none."""
        version = self.store.version(cid)
        if version is None:
            raise KeyError(cid)
        kept = self._live.get(cid)
        if kept is not None and kept.campaign.version == version:
            return kept
        c = self.store.campaign(cid)
        ruleset = engine.of_text(c.state_text, f"campaign {cid}")
        state = ruleset.read_state(c.state_text, f"campaign {cid}")
        live = Live(c, ruleset, state, _board(c, ruleset, state), self.store.count_actions(cid))
        self._live[cid] = live
        self.versions[cid] = c.version
        return live

    def act(self, cid: str, seat: str, record: dict, roll: list[int], expect: int | None) -> Done:
        """Apply one command record for ``seat`` and commit it, or refuse it with a reason (:class:`Refusal`)."""
        with self._locks[cid]:
            live = self._fresh(cid, expect)
            ruleset, state = live.ruleset, live.state
            command = self._command(ruleset, record)
            if seat != REFEREE:
                self._check_seat(live, seat, command, record)
            if roll and live.campaign.dice != "table":
                raise Refusal("the server throws this campaign's dice: no faces may be entered", 400)
            if len(roll) > MAX_FACES or any(type(f) is not int for f in roll):
                raise Refusal(f"roll: up to {MAX_FACES} whole numbers, the faces in order", 400)
            dice = ruleset.dice_for(state, roll)
            try:
                new, events = engine.apply(ruleset, state, command, dice, live.board)
            except engine.CommandError as exc:
                raise Refusal(str(exc)) from None
            text = ruleset.dumps_state(new)
            try:
                ruleset.read_state(text, CAMPAIGN_FILE)
            except BadFileError as exc:
                raise Refusal(f"the new state would not read back ({exc}); nothing was changed", 400) from None
            with self._writing(live) as db:
                db.execute("INSERT INTO actions (campaign, seat, record_line, before_text, seat_may_undo, at) VALUES (?, ?, ?, ?, ?, ?)",
                           (cid, seat, record_of(ruleset, command, roll), live.campaign.state_text, _seat_may_undo(ruleset, state, new, dice),
                            time.time()))
                version = self._commit(db, cid, text)
                durable.step("serve-commit")  # the crash tests stop the server here, inside the transaction
            done = self._remember(live, text, new, version, live.count + 1)
        lines = [ruleset.entry_words(e) for e in ruleset.visible(events, None if seat == REFEREE else seat)]
        return Done(done, lines)

    def undo(self, cid: str, seat: str, expect: int | None) -> Done:
        """Take back the last action: the referee any, a seat its own while no die was rolled and nothing was revealed."""
        with self._locks[cid]:
            live = self._fresh(cid, expect)
            actions = self.store.live_actions(cid)
            if not actions:
                raise Refusal("nothing to undo: no action since the campaign began")
            last = actions[-1]
            if seat != REFEREE and last.seat != seat:
                raise Refusal("the last action is not yours: only the referee can take it back", 403)
            if seat != REFEREE and not last.seat_may_undo:
                raise Refusal("dice were rolled or the game moved on since: only the referee can take it back", 403)
            state = live.ruleset.read_state(last.before_text, f"campaign {cid}")
            with self._writing(live) as db:
                db.execute("UPDATE actions SET undone = 1 WHERE id = ?", (last.id,))
                version = self._commit(db, cid, last.before_text)
            done = self._remember(live, last.before_text, state, version, live.count - 1)
        return Done(done, [f"took back: {last.record_line}"])

    # --- the steps ------------------------------------------------------------------------------------
    def _fresh(self, cid: str, expect: int | None) -> Live:
        try:
            live = self.live(cid)
        except KeyError:
            raise Refusal(f"no campaign {cid}", 404) from None
        if expect is not None and expect != live.count:
            raise Refusal(f"the campaign moved on: {live.count} action(s) now, you saw {expect}; look again and choose")
        return live

    @staticmethod
    def _command(ruleset: RuleSet, record: dict):
        if not isinstance(record, dict) or any(k in record for k in SESSION_KEYS):
            raise Refusal("record: a JSON object, the command's fields (the dice go in 'roll')", 400)
        try:
            return ruleset.decode(record)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise Refusal(f"not a {ruleset.title} command ({exc})", 400) from None

    @staticmethod
    def _check_seat(live: Live, seat: str, command, record: dict) -> None:
        owner = live.ruleset.command_seat(command)
        if owner is not None and owner != seat:
            raise Refusal(f"that is {live.ruleset.seat_word} {owner}'s to order; you hold {seat}", 403)
        if record.get("command") not in {a.command for a in live.actions(seat)}:
            raise Refusal(f"{record.get('command')!r} is not one of {seat}'s actions now", 403)

    @contextmanager
    def _writing(self, live: Live):
        """The write transaction, short: the rules ran before it.  One writer at a time in this process, so no
        thread waits in SQLite's busy handler (it sleeps); another process that changed the campaign meanwhile
        makes it a refusal."""
        with self._write, self.store.transaction() as db:
            version = db.execute("SELECT version FROM campaigns WHERE id = ?", (live.campaign.id,)).fetchone()[0]
            if version != live.campaign.version:
                raise Refusal("the campaign moved on while this action was worked out; look again and choose")
            yield db

    def _commit(self, db, cid: str, text: str) -> int:
        db.execute("UPDATE campaigns SET state_text = ?, version = version + 1 WHERE id = ?", (text, cid))
        return db.execute("SELECT version FROM campaigns WHERE id = ?", (cid,)).fetchone()[0]

    def _remember(self, live: Live, text: str, state, version: int, count: int) -> Live:
        c = live.campaign
        done = Live(Campaign(c.id, c.title, c.schema, c.map_file, c.map_bytes, c.start_text, text, c.dice, version),
                    live.ruleset, state, live.board, count)
        # called once the write transaction has committed: a refused or failed one leaves the cache as it was
        self._live[c.id] = done
        self.versions[c.id] = version
        return done
