"""The Incursione campaign (FW-17): snow, key days, loot and its victory conditions.

Side B raids (``setup.RAIDERS`` [DEV]), side A defends.  The Phase 0
weather is not used (AMB-25): on each key day (7, 14, 21, 28, 35) the
defender rolls that day's snowfall for the whole map at the start of Phase 7
(AMB-47), the sides get the reinforcements the day's table grants
(FW-15 points, in full, halved or none), and in Phase 8 each side rolls its
own event table.  Snow levels accumulate (AMB-25); the movement, Force Test
and Will to Fight phases read ``weather.snow_level`` (FW-17.6).

Loot (FW-17.7, AMB-54): a raider force still on an enemy holding at the
start of the next movement phase may declare it sacked (:class:`Sack`,
before it moves); the holding is out of use for good (AMB-55) and the force
carries the loot, which moves with it.  The raiders win when forces carrying
``raid_loot_required`` loots (1, AMB-56) stand on their capital's square;
on day 42 the campaign ends in an honourable withdrawal: a draw (FW-17.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tables import Table, band
from .commands import CommandError
from .events import roll_table
from .reinforcements import grant, home, points_due
from .setup import RAIDERS
from .state import CampaignState, HoldingState, evolve, other, with_force, with_holding

KEY_DAYS = (7, 14, 21, 28, 35)
#: FW-17.5, FW-17.8 day 42: winter ends the campaign.
LAST_DAY = 42
DEFENDERS = other(RAIDERS)


def _snow(day: int, *bands) -> Table:
    rows = (band(lo, hi, f"snow_{n}", f"+{n} snow level" if n else "no snow", snow=n) for lo, hi, n in bands)
    return Table("FW-17.8", f"Snowfall, day {day}", "1D6", tuple(rows))


#: FW-17.8: the defender's snowfall roll of each key day (levels added to the whole map).
SNOWFALL = {
    7: _snow(7, (1, 4, 0), (5, 6, 1)),
    14: _snow(14, (1, 2, 0), (3, 5, 1), (6, 6, 2)),
    21: _snow(21, (1, 2, 0), (3, 4, 1), (5, 6, 2)),
    28: _snow(28, (1, 2, 1), (3, 4, 2), (5, 6, 3)),
    35: _snow(35, (1, 4, 0), (5, 6, 1)),
}

#: FW-17.8: percent of the FW-15 points each side receives ("half" = 50 %, [DEV]).
REINFORCEMENT_PERCENT = {
    7: {DEFENDERS: 100, RAIDERS: 0},
    14: {DEFENDERS: 100, RAIDERS: 0},
    21: {DEFENDERS: 100, RAIDERS: 0},
    28: {DEFENDERS: 100, RAIDERS: 50},
    35: {DEFENDERS: 50, RAIDERS: 50},
}

NONE = "none"


def _events(day: int, who: str, *bands) -> Table:
    return Table("FW-17.8", f"{who} events, day {day}", "1D6", tuple(bands))


BLIZZARD = dict(effect="shatter")
#: FW-17.8: each side's event table on each key day (AMB-24: day 7 defender 6 rolls once more; AMB-26: day 35 as printed).
EVENTS = {
    7: {
        DEFENDERS: _events(7, "Defender",
                           band(1, 3, NONE, "No event"),
                           band(4, 4, "points_100", "+100 extra reinforcement points", points=100),
                           band(5, 5, "spirits", "Spirits rations", effect="spirits"),
                           band(6, 6, "points_100_again", "+100 extra reinforcement points and roll again", points=100, again=True)),
        RAIDERS: _events(7, "Raider",
                         band(1, 3, NONE, "No event"),
                         band(4, 6, "hero", "A Hero arrives", who=("Hero on foot",))),
    },
    14: {
        DEFENDERS: _events(14, "Defender",
                           band(1, 3, NONE, "No event"),
                           band(4, 4, "spirits", "Extra spirits rations", effect="spirits"),
                           band(5, 5, "points_100", "+100 extra reinforcement points", points=100),
                           band(6, 6, "points_150", "+150 extra reinforcement points", points=150)),
        RAIDERS: _events(14, "Raider",
                         band(1, 3, NONE, "No event"),
                         band(4, 4, "points_50", "+50 extra reinforcement points", points=50),
                         band(5, 6, "points_100", "+100 extra reinforcement points", points=100)),
    },
    21: {
        DEFENDERS: _events(21, "Defender",
                           band(1, 3, NONE, "No event"),
                           band(4, 4, "points_50", "+50 extra reinforcement points", points=50),
                           band(5, 5, "points_100", "+100 extra reinforcement points", points=100),
                           band(6, 6, "hero_rouses", "A hero rouses the people: a Hero and +100 points", who=("Hero on foot",), points=100)),
        RAIDERS: _events(21, "Raider",
                         band(1, 4, NONE, "No event"),
                         band(5, 6, "points_100", "+100 extra reinforcement points", points=100)),
    },
    28: {
        DEFENDERS: _events(28, "Defender",
                           band(1, 1, "epidemic_capital", "Epidemic in the capital: -100 reinforcement points", effect="lose_reserve", loss=100),
                           band(2, 2, "leader_stress", "A Leader under stress: CV 2", effect="stress"),
                           band(3, 4, NONE, "No event"),
                           band(5, 5, "scouts", "Scouts offer their services", who=("Scout", "Scout")),
                           band(6, 6, "leader_emerges", "A leader emerges: +1 CV (at most 6)", effect="leader")),
        RAIDERS: _events(28, "Raider",
                         band(1, 2, "blizzard", "Blizzard: a force is Shattered", **BLIZZARD),
                         band(3, 4, NONE, "No event"),
                         band(5, 6, "wizard", "A Wizard joins", who=("Wizard (25 MP)",))),
    },
}
_DAY_35 = (
    band(1, 3, "blizzard", "Blizzard: a force is Shattered", **BLIZZARD),
    band(4, 5, NONE, "No event"),
    band(6, 6, "individual", "An individual emerges", effect="gain",
         gain="an individual character of the army list (no wizards, druids, enchantresses nor Special Characters) for one force"),
)
EVENTS[35] = {DEFENDERS: _events(35, "Defender", *_DAY_35), RAIDERS: _events(35, "Raider", *_DAY_35)}


# --- key days ----------------------------------------------------------------------------------


def key_day_reinforcements(state: CampaignState, dice, board) -> CampaignState:
    """Phase 7 of a key day: the defender's snowfall, then each side's reinforcements."""
    day = state.day
    if day not in SNOWFALL:
        return state
    _, b = dice.roll_on(SNOWFALL[day], day=day, phase=7, place="snowfall", text=f"the defender's snowfall roll, day {day}", side=DEFENDERS)
    if b.data["snow"]:
        level = state.weather.snow_level + b.data["snow"]
        state = evolve(state, weather=evolve(state.weather, snow_level=level))
        dice.event(day=day, phase=7, rule="FW-17.6", text=f"snow level {level}: -{level} to movement, Force Test and Will to Fight")
    for s in state.sides:
        pct = REINFORCEMENT_PERCENT[day][s.id]
        if pct == 0:
            dice.event(day=day, phase=7, rule="FW-17.8", text=f"side {s.id}: no reinforcements on day {day}", side=s.id, secret=True)
            continue
        why = f"FW-15 points, {'in full' if pct == 100 else 'half'} on day {day}"
        state = grant(state, dice, s.id, points_due(state, s.id) * pct // 100, "FW-17.8", why)
    return state


def key_day_events(state: CampaignState, dice, board) -> CampaignState:
    """Phase 8 of a key day: each side rolls its own table of the day."""
    tables = EVENTS.get(state.day)
    if tables is None:
        return state
    for s in state.sides:
        state = roll_table(state, dice, s.id, tables[s.id], "key-day-events")
    return state


# --- loot ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sack:
    """FW-17.7: a raider force declares the holding it stands on sacked (start of Phase 2, before it moves)."""

    force: str


def refusal(state: CampaignState, force_id: str) -> str | None:
    """Why ``force_id`` may not declare a sack now, in one line; None when it may (the bots check before they sack)."""
    if state.options.scenario != "incursione":
        return "sacking holdings is a rule of the Incursione campaign (FW-17.7)"
    f = state.force(force_id)
    if f is None:
        return f"no force {force_id}"
    if f.side != RAIDERS:
        return f"force {f.id} is not a raider force: only the raiders sack holdings (FW-17.7)"
    if state.phase != 2:
        return "a sack is declared at the start of the movement phase, Phase 2 (FW-17.7, AMB-54)"
    if f.moved_today:
        return f"force {f.id} has already moved: the sack is declared before it moves (AMB-54)"
    h = state.holding(f.square)
    if h is None or home(h) == f.side:
        return f"force {f.id} is not on an enemy holding (FW-17.7 step 1)"
    if h.sacked:
        return f"the holding at {h.square} is already sacked"
    if f.loot is not None:
        return f"force {f.id} already carries the loot of {f.loot}"
    if f.order == "max_speed":
        return f"force {f.id} is on Max Speed: a force with loot may not act under it (FW-17.7 step 5)"
    if any(g.side != f.side for g in state.forces_at(f.square)) or any(c.square == f.square for c in state.pending):
        return f"the holding at {h.square} is contested: a battle must be fought first"
    return None


def sack(state: CampaignState, force_id: str, dice, board) -> CampaignState:
    """Flip the holding under the force: sacked for good (AMB-55); the force carries its loot."""

    why = refusal(state, force_id)
    if why:
        raise CommandError(why)
    f = state.force(force_id)
    h = state.holding(f.square)
    state = with_holding(state, evolve(h, sacked=True))
    state = with_force(state, evolve(f, loot=h.square))
    dice.event(day=state.day, phase=2, rule="FW-17.7", text=f"force {f.id} sacks the holding at {h.square} and carries off its loot", side=f.side)
    return state


def sack_command(state: CampaignState, cmd: Sack, dice, board) -> CampaignState:
    """The handler for :class:`Sack` (to be added to the core's handler table)."""
    return sack(state, cmd.force, dice, board)


def lose_loot(state: CampaignState, force_id: str, dice) -> CampaignState:
    """FW-17.7 step 6: a force carrying loot loses a battle; the loot is removed from play."""
    f = state.force(force_id)
    if f is None or f.loot is None:
        return state
    dice.event(day=state.day, phase=state.phase, rule="FW-17.7", text=f"force {f.id} loses the loot of {f.loot}", side=f.side)
    return with_force(state, evolve(f, loot=None))


# --- victory -------------------------------------------------------------------------------------


def raiders_capital(state: CampaignState) -> HoldingState | None:
    for h in state.holdings:
        if h.capital and home(h) == RAIDERS:
            return h
    return None


def check_victory(state: CampaignState, dice, board) -> CampaignState:
    """FW-17.5: the raiders bring the loot home (AMB-56), or day 42 ends the campaign in a draw.

    Runs after every command of an Incursione: the loot count is a plain loop
    over the forces, and only forces that carry loot are counted.
    """
    if state.winner is not None or state.options.scenario != "incursione":
        return state
    cap = None
    home_loot = 0
    for f in state.forces:
        if f.loot and f.side == RAIDERS:
            if cap is None:
                cap = raiders_capital(state)
                if cap is None:
                    break
            home_loot += f.square == cap.square
    if cap is None and state.options.raid_loot_required <= 0:  # no loot needed: the capital alone decides
        cap = raiders_capital(state)
    if cap is not None and home_loot >= state.options.raid_loot_required:
        text = f"the raiders bring {home_loot} loot home to {cap.square}: side {RAIDERS} wins (FW-17.5)"
        dice.event(day=state.day, phase=state.phase, rule="FW-17.5", text=text)
        return evolve(state, winner=RAIDERS, ended=text)
    if state.day >= LAST_DAY:
        text = f"day {LAST_DAY}: winter has come; both sides withdraw with honour, no winner (FW-17.5)"
        dice.event(day=state.day, phase=state.phase, rule="FW-17.5", text=text)
        return evolve(state, winner="draw", ended=text)
    return state
