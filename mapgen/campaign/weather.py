"""Phase 0: weather (FW-7), when the ``weather`` option is on.

One precipitation roll a day for the whole map (AMB-12): 1D6 plus the
season's modifier, totals above 6 counting as 6 (AMB-76).  The season
tables are the map generator's (``mapgen.fw.rules``, FW-7.3): the modifier
is read from the same bands that rolled the season, so it cannot drift.

Snow (AMB-13): when the zone is cold or the season is winter, a 5 or a 6 is
snow and adds one snow level, which stays (no melting rule in the source).
In a temperate autumn it snows on mountain squares only, and rains
elsewhere: the level lies on the mountains alone (``weather.mountain_snow``),
and movement, the Force Test and Will to Fight read the snow of the square
concerned (:func:`~.state.snow_at`).  In a torrid zone a 5 or 6 soaks the
ground instead, for that day only (FW-7.5 [DEV]): ``weather.soaked``.

The Incursione campaign scripts its own snow on its key days and does not
use this phase (AMB-25).
"""

from __future__ import annotations

from ..fw.rules import COLD_SEASON, PRECIPITATION, SEASON_TEMPERATE, SEASON_TORRID
from .commands import CommandError
from .state import CampaignState, evolve, modifier

#: FW-7.3.1 and FW-7.3.2: season -> precipitation modifier, from the tables that roll the season.
SEASON_MODIFIER: dict[str, int] = {
    b.outcome: b.data["precipitation"] for table in (SEASON_TEMPERATE, SEASON_TORRID) for b in table.bands
}
#: FW-7.4: the results that are snow where it can snow (FW-7.5: "light snowfall", "snowstorm").
SNOW_RESULTS = ("heavy", "storm")


def season_modifier(zone: str, season: str) -> tuple[str, int]:
    """The season that counts and its modifier: a cold zone is always winter (AMB-09)."""
    if zone == "cold":
        return COLD_SEASON.outcome, COLD_SEASON.data["precipitation"]
    return season, SEASON_MODIFIER.get(season, 0)


def snows(zone: str, season: str) -> bool:
    """AMB-13: snow falls map-wide in a cold zone or in winter; never in a torrid zone."""
    return zone == "cold" or (zone != "torrid" and season == "winter")


def snows_on_mountains(zone: str, season: str) -> bool:
    """AMB-13: "or autumn on mountain squares": in a temperate autumn the mountains take snow, the rest rain."""
    return zone == "temperate" and season == "autumn"


def start(state: CampaignState, dice, board) -> CampaignState:
    w = state.weather
    if not state.options.weather or state.options.scenario == "incursione":
        return state
    season, value = season_modifier(w.zone, w.season)
    entry, band = dice.roll_on(
        PRECIPITATION,
        modifiers=(modifier(season, value),) if value else (),  # shared: a Modifier's __init__ costs 1 us
        day=state.day,
        phase=0,
        place="weather/precipitation",
        text=f"precipitation test ({w.zone} zone, {season}); totals above 6 count as 6 (AMB-76)",
    )
    today = band.outcome
    snow, mountain, soaked = w.snow_level, w.mountain_snow, False
    if today in SNOW_RESULTS:
        if snows(w.zone, w.season):
            snow += 1
            dice.event(day=state.day, phase=0, rule="FW-7.5", text=f"snow falls: snow level {snow}")
        elif snows_on_mountains(w.zone, w.season):
            mountain += 1
            text = f"snow falls on the mountains, rain elsewhere: snow level {snow + mountain} on mountain squares (AMB-13)"
            dice.event(day=state.day, phase=0, rule="FW-7.5", text=text)
        elif w.zone == "torrid":
            soaked = True
            dice.event(day=state.day, phase=0, rule="FW-7.5", text="soaked ground: -1 movement today, as one snow level")
    return evolve(state, weather=evolve(w, today=today, snow_level=snow, mountain_snow=mountain, soaked=soaked))


def awaiting(state, board):
    return None


# --- FW-7.6 magical weather control ------------------------------------------------------------------------

#: FW-7.4's results from best to worst: a period of the Time spell moves the weather one step.
WEATHER_STEPS = ("fine", "light_rain", "heavy", "storm")
#: [DEV] The most steps one casting moves the weather: fine to storm.
MAX_STEPS = len(WEATHER_STEPS) - 1
#: The phase the Wizards cast in: after the day's roll (Phase 0), before the forces move (Phase 2).
CONTROL_PHASE = 1


def has_wizard(force) -> bool:
    """[DEV] A force has a Wizard when one of its individual characters is named one (FW-4.3's roster: "Wizard (25 MP)")."""
    return any("wizard" in name.lower() for name in force.individuals)


def controlled(today: str, steps: int) -> str:
    """The weather ``steps`` along FW-7.4 from ``today`` (+ towards 6, worse; - towards 1, better), within the table."""
    i = WEATHER_STEPS.index(today) + steps
    return WEATHER_STEPS[max(0, min(MAX_STEPS, i))]


def control_refusal(state: CampaignState, force_id: str, steps: int) -> str | None:
    """Why the ``control-weather`` command is refused, in one line; None when it may be given."""
    if not state.options.weather_control:
        return "weather control is an optional rule (FW-7.6): start the campaign with --rules weather,weather_control"
    w = state.weather
    if state.phase != CONTROL_PHASE or w.today is None:
        return "a Wizard moves the day's weather after it is rolled and before the forces move, in Phase 1 (FW-7.6)"
    force = state.force(force_id)
    if force is None:
        return f"no force {force_id!r} (forces: {', '.join(f.id for f in state.forces) or 'none'})"
    if not has_wizard(force):
        return f"{force.id} has no Wizard among its individual characters: only a Wizard moves the weather (FW-7.6)"
    if force.side in w.controlled:
        return f"side {force.side}'s Wizard has already moved today's weather [DEV: once a side a day] (FW-7.6)"
    if not steps or abs(steps) > MAX_STEPS:
        return f"{steps:+d} steps: move the weather 1 to {MAX_STEPS} steps, worse or better (FW-7.6)"
    if controlled(w.today, steps) == w.today:
        return f"the weather is already {w.today.replace('_', ' ')}: {abs(steps)} step(s) {'worse' if steps > 0 else 'better'} changes nothing (FW-7.4)"
    return None


def control(state: CampaignState, cmd, dice, board) -> CampaignState:
    """FW-7.6: a force's Wizard casts the Time spell on the campaign map; no Wizard can counter it, as none is in a battle.

    Whether the spell works is the base rules' (the players cast it at the
    table); the command is its result.  The new weather rules the day's movement
    (a storm stops it, FW-7.4); snow levels and soaked ground stay as the roll left them [DEV].
    """
    why = control_refusal(state, cmd.force, cmd.steps)
    if why:
        raise CommandError(why)
    w = state.weather
    new = controlled(w.today, cmd.steps)
    force = state.force(cmd.force)
    way = "worse" if cmd.steps > 0 else "better"
    text = f"{force.id}'s Wizard moves the weather {abs(cmd.steps)} step(s) {way}: {w.today.replace('_', ' ')} -> {new.replace('_', ' ')}"
    dice.event(day=state.day, phase=CONTROL_PHASE, rule="FW-7.6", text=text, side=force.side)
    return evolve(state, weather=evolve(w, today=new, controlled=w.controlled + (force.side,)))
