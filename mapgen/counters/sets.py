"""Counter sets: the rules' tables (``rules.py``) turned into counters with two faces.

Each function returns the counters in the order they are printed.  A face
carries the other state where the rules have one (holding / sacked, order /
the reaction it turns into, walls / damaged), otherwise the side's colour
and emblem.
"""

from __future__ import annotations

import re

from ..errors import MapgenError
from . import rules as R
from .model import Counter, Face
from .roster import RosterUnit


def side_face(style: R.SideStyle, title: str | None = None, note: str = "") -> Face:
    """The plain back of a counter: the side's colour, emblem and name."""
    return Face(style.key, title or style.name, icon=style.emblem, note=note)


def _state_face(style: R.SideStyle, key: str) -> Face:
    state = R.STATES[key]
    return Face(style.key, state.label, icon=state.icon)


# --------------------------------------------------------------------------- Fantasy Warriors

def _fw_force_counters(side_id: str, style: R.SideStyle, forces: int) -> list[Counter]:
    return [
        Counter(
            f"fw-{side_id}-force-{n}",
            f"{style.name} Force {n}",
            "FW-1.1.a",
            Face(style.key, "Force", big=str(n)),
            side_face(style, note="Force"),
        )
        for n in range(1, forces + 1)
    ]


def _fw_state_counters(side_id: str, style: R.SideStyle) -> list[Counter]:
    counters = []
    for state in (*R.ORDERS, *R.REACTIONS):
        nxt = R.NEXT_REACTION[state.key]
        back = _state_face(style, nxt) if nxt else side_face(style)
        for i in range(1, state.per_side + 1):
            counters.append(
                Counter(
                    f"fw-{side_id}-{state.key.replace('_', '-')}-{i}",
                    f"{style.name} {state.label}",
                    state.rule,
                    _state_face(style, state.key),
                    back,
                )
            )
    return counters


def _holding_counter(cid: str, style: R.SideStyle, capital: bool, square: str = "", rule: str = "", sacked: bool = True) -> Counter:
    """A holding's counter; its back is the sacked holding (FW-17.7) where the campaign can sack one
    (``sacked``: Incursione, and the rulebook's full set), else the side's plain back."""
    title = "Capital" if capital else "Holding"
    where = f" {square}" if square else ""
    front = Face(style.key, title, icon=None if square else ("capital" if capital else "holding"), big=square)
    if sacked:
        back = Face(style.key, "Sacked", icon=None if square else "sacked", big=square, note="" if square else "loot", dark=True)
    else:  # the side's back, the square still its largest text: a player finds the counter by it either way up
        back = Face(style.key, style.name, big=square) if square else side_face(style, note=title)
    return Counter(
        cid,
        f"{style.name} {title}{where}",
        rule or ("FW-1.1.i" if capital else "FW-1.1.h"),
        # The square is what a player looks for on a holding counter: its largest text (issue 11).
        front,
        back,
    )


def _fw_withdraw_counters() -> list[Counter]:
    face = Face(R.NEUTRAL.key, "Withdraw", icon="withdraw", band="General")
    return [
        Counter(f"fw-withdraw-{i}", "Withdraw (General Retreat)", R.WITHDRAW_RULE, face, face)
        for i in range(1, R.FW_WITHDRAW_MARKERS + 1)
    ]


def fw_set() -> list[Counter]:
    """FW-1.1, the rulebook's list: per side six Forces, 6 of each order and reaction, 8 + 2 holdings; 9 markers."""
    counters: list[Counter] = []
    for side_id, key in R.FW_SIDES:
        style = R.STYLE_BY_KEY[key]
        counters += _fw_force_counters(side_id, style, R.FW_FORCES_PER_SIDE)
        counters += _fw_state_counters(side_id, style)
        counters += [_holding_counter(f"fw-{side_id}-holding-{i}", style, False) for i in range(1, R.FW_HOLDINGS_PER_SIDE + 1)]
        counters += [_holding_counter(f"fw-{side_id}-capital-{i}", style, True) for i in range(1, R.FW_CAPITALS_PER_SIDE + 1)]
    return counters + _fw_withdraw_counters()


def fw_campaign_set(fw_map) -> list[Counter]:
    """The counters of one campaign: the FW-1.1 Forces, orders and reactions, and holdings matching its map.

    Each side gets a counter for every holding on the map, named by its square: its own, and the
    enemy's for when it captures them (FW-9.10: the captor puts down a counter of its own colour).
    There is no campaign state with Forces yet, so the Forces are the rulebook's six per side.
    """
    from ..grid import square_id

    counters: list[Counter] = []
    styles = dict(R.FW_SIDES)
    for side in fw_map.sides:
        style = R.STYLE_BY_KEY[styles.get(side.id, "neutral")]
        counters += _fw_force_counters(side.id, style, R.FW_FORCES_PER_SIDE)
        counters += _fw_state_counters(side.id, style)
        own = [h for h in fw_map.holdings if h.side == side.id]
        enemy = [h for h in fw_map.holdings if h.side != side.id]
        for h in sorted(own, key=lambda h: not h.capital) + sorted(enemy, key=lambda h: not h.capital):
            sq = square_id(*h.square)
            rule = ("FW-1.1.i" if h.capital else "FW-1.1.h") if h.side == side.id else R.CAPTURE_RULE
            # FW-17.7: only an Incursione campaign sacks holdings; a map's set is for the standard campaign.
            counters.append(_holding_counter(f"fw-{side.id}-{'capital' if h.capital else 'holding'}-{sq}", style, h.capital, sq, rule,
                                             sacked=False))
    return counters + _fw_withdraw_counters()


def _fw_title(fw_map=None) -> str:
    return "Fantasy Warriors counters (FW-1.1)" + (f", campaign seed {fw_map.seed}" if fw_map is not None else "")


# --------------------------------------------------------------------------- Renaissance

def renaissance_set(players: int = R.RC_PLAYERS) -> list[Counter]:
    """RC-3.6 armies, RC-3.10 specialists, RC-4.10 sieges, RC-3.8 garrisons, RC-3.9 fortifications, RC-2 track."""
    counters: list[Counter] = []
    for i in range(players):
        style = R.rc_seat_style(i)  # the seats' own colours, as on a campaign's counters and maps (mapgen.sides)
        p = style.key
        cid = f"rc-{p.removeprefix('rc-')}"
        # What the enemy sees on the map: armies and the diplomat all look like this (RC-3.10).
        on_map = Face(p, "Army", icon="army")
        for n, numeral in enumerate(R.ARMY_NUMERALS[: R.RC_ARMIES_PER_PLAYER], start=1):
            counters.append(Counter(f"{cid}-army-{n}", f"{style.name} Army {numeral}", "RC-3.6", Face(p, "Army", big=numeral), on_map))
        for n in range(1, R.RC_ALLIED_ARMIES + 1):
            counters.append(
                Counter(f"{cid}-allied-{n}", f"{style.name} Allied army", "RC-3.6", Face(p, "Allied", icon="army-allied"), on_map)
            )
        for spec in R.SPECIALISTS:
            back = on_map if spec.key == R.DECOY_SPECIALIST else side_face(style)
            counters.append(
                Counter(
                    f"{cid}-{spec.key}",
                    f"{style.name} {spec.label}",
                    "RC-3.10",
                    Face(p, spec.label, icon=spec.icon, note=f"{spec.cost_ducats} ducats"),
                    back,
                )
            )
        for n in range(1, R.RC_SIEGE_MARKERS_PER_PLAYER + 1):
            counters.append(
                Counter(f"{cid}-siege-{n}", f"{style.name} Siege", "RC-4.10", Face(p, "Siege", icon="siege", note="7+ wins"), side_face(style))
            )
        for n in range(1, R.RC_GARRISON_MARKERS_PER_PLAYER + 1):
            counters.append(
                Counter(f"{cid}-garrison-{n}", f"{style.name} Garrison", "RC-3.8", Face(p, "Garrison", icon="garrison"), side_face(style))
            )
        for fort in R.FORTIFICATIONS:
            for n in range(1, fort.per_player + 1):
                counters.append(
                    Counter(
                        f"{cid}-{fort.key}-{n}",
                        f"{style.name} {fort.label}",
                        fort.rule,
                        Face(p, fort.label, icon=fort.icon, note="-1 siege"),
                        Face(p, fort.back_label, icon="fort-damaged", note="repair 30", dark=True),
                    )
                )
    neutral = R.NEUTRAL.key
    for n, box in enumerate(R.RC_TRACK_BOXES, start=1):
        season, _, phase = box.partition(" ")
        icon = {"Spring": "season-spring", "Winter": "season-winter"}.get(season)
        face = Face(neutral, season, icon=icon, big=phase, band="Track")
        counters.append(Counter(f"rc-track-{n:02d}", box, "RC-2", face, face))
    phase = Face(neutral, "Phase", icon="phase", band="Track")
    counters.append(Counter("rc-phase", "Phase marker", "RC-2", phase, phase))
    for n in range(1, R.RC_YEAR_MARKERS + 1):
        counters.append(
            Counter(
                f"rc-year-{n}",
                f"Year {n} / {n + R.RC_YEAR_MARKERS}",
                "RC-2",
                Face(neutral, "Year", big=str(n), band="Track"),
                Face(neutral, "Year", big=str(n + R.RC_YEAR_MARKERS), band="Track"),
            )
        )
    return counters


# --------------------------------------------------------------------------- rosters

def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "unit"


def stats_text(stats: tuple[tuple[str, int], ...]) -> str:
    """``C6 M1 A1`` (NAP-1) or ``VC5 50pts`` (SK-1)."""
    parts = []
    for col, value in stats:
        tag = R.STAT_TAGS[col]
        parts.append(f"{value}{tag}" if col == "points" else f"{tag}{value}")
    return " ".join(parts)


def side_styles(names: list[str]) -> dict[str, R.SideStyle]:
    """A style per side name, in order of first appearance; a colour name keeps its colour."""
    styles: dict[str, R.SideStyle] = {}
    free = [s for s in R.SIDE_STYLES if s.key not in {n.strip().lower() for n in names}]
    for name in names:
        if name in styles:
            continue
        key = name.strip().lower()
        if key in R.STYLE_BY_KEY and key != R.NEUTRAL.key:
            styles[name] = R.STYLE_BY_KEY[key]
        elif free:
            styles[name] = free.pop(0)
        else:
            raise MapgenError(f"the roster has more than {len(R.SIDE_STYLES)} sides; mapgen has {len(R.SIDE_STYLES)} side colours")
    return styles


def roster_set(units: list[RosterUnit]) -> list[Counter]:
    """One counter per copy of each roster line: name, side, type frame and stats in front; side and name behind."""
    styles = side_styles([u.side for u in units])
    counters = []
    for u in units:
        style = styles[u.side]
        band = u.side if len(u.side) <= 12 else style.name
        stats = stats_text(u.stats)
        for i in range(1, u.count + 1):
            counters.append(
                Counter(
                    f"unit-{u.line}-{_slug(u.name)}-{i}",
                    f"{u.side} {u.name}",
                    R.NAP_RULE if "cost" in dict(u.stats) else (R.SK_RULE if "vc" in dict(u.stats) else "roster"),
                    Face(style.key, u.name, icon=R.frame_for(u.type), note=stats, band=band),
                    Face(style.key, u.name, icon=style.emblem, note=u.type.replace("_", " "), band=band),
                )
            )
    return counters


# --------------------------------------------------------------------------- choosing a set

#: The sets ``choose_set`` knows, as ``mapgen counters --set`` names them.
SET_NAMES = ("fw", "renaissance", "roster")


def choose_set(name: str, fw_map=None, units: list[RosterUnit] | None = None, roster_name: str = "") -> tuple[list[Counter], str]:
    """The counters of set ``name`` and the title printed on its sheets.

    One place for both, so that ``mapgen counters --campaign`` and the counters in
    ``mapgen new``'s kit print the same sheets.  ``fw`` with ``fw_map`` is that
    campaign's set (holdings from its map); ``roster`` needs ``units``.
    """
    if name == "fw":
        return (fw_set() if fw_map is None else fw_campaign_set(fw_map)), _fw_title(fw_map)
    if name == "renaissance":
        return renaissance_set(), "Renaissance campaign counters (Il Gran Capitano, RC-2 to RC-4)"
    if name == "roster" and units is not None:
        return roster_set(units), f"Unit counters: {roster_name}" if roster_name else "Unit counters"
    raise ValueError(f"unknown counter set {name!r} (or a roster set without units): choose from {', '.join(SET_NAMES)}")
