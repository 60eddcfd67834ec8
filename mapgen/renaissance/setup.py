"""Day one of a Renaissance campaign (RC-2, RC-A.6): who rules which country, and what the campaign plays for (RC-6).

Nothing is rolled on day one, so the start is a plain function of the map and
the choices made at ``campaign new``: each player gets a country of their own
(RC-1.1) and holds every settlement in it; a neutral country holds its own;
there are no armies and every treasury is empty (RC-A.6), so the first
spring's taxes pay for the first recruitment.  What the rules leave open is
a named constant below, tagged [DEV].
"""

from __future__ import annotations

from typing import Iterable

from ..engine.boards import sha256_bytes
from ..country.rules import URBAN_KINDS
from ..engine import boards
from ..engine.dice import GameDice
from ..errors import InfeasibleError
from .core import begin, board_for_map
from ..engine.records import evolve
from .state import Company, Ends, LogEntry, MapRef, Options, Place, Player, RenaissanceState
from .store import MAP_FILE

#: The kinds of node a player can hold, tax and garrison: the capital and the four urban areas (RC-1.1).
PLACE_KINDS = ("capital",) + URBAN_KINDS

#: [DEV] The campaign's years are counted from 1; the source names no calendar year.
FIRST_YEAR = 1
#: [DEV] The source gives no starting garrison (RC-A.6 gives no armies): places start empty,
#: and a fortified one still falls only to a siege (RC-A.12).
STARTING_GARRISON: tuple[Company, ...] = ()
#: [DEV] The end condition when none is chosen: the first one RC-6 lists.
DEFAULT_ENDS = ("capitals",)
#: [DEV] RC-3.4 recommends the optional banks "only with more than two players": on from this many, unless chosen.
BANKS_FROM_PLAYERS = 3
#: [DEV] A player country of the map that no player takes (fewer players than countries) is played as a neutral.
UNCLAIMED_COUNTRIES_NEUTRAL = True


def seat(i: int) -> str:
    """The seat id of the ``i``-th player, from 1: ``P1``, ``P2`` ... (never a country id, which is letters only)."""
    return f"P{i}"


def start_campaign(
    country_map,
    map_bytes: bytes,
    map_name: str,
    seed: int | str,
    players: int | None = None,
    ends: str | Iterable[str] | Ends = DEFAULT_ENDS,
    names: Iterable[str] | None = None,
    options: Options | None = None,
) -> RenaissanceState:
    """The spring of the first year, before anything is done (RC-2, RC-A.6).

    ``players`` defaults to one per player country of the map; seat ``P1``
    takes the map's first player country, and so on (the seat order decides
    nothing: the moving order is drawn every summer, RC-4.3).  ``ends`` is
    what :func:`parse_ends` reads, or an :class:`Ends`.

    Raises InfeasibleError naming the rule when the map cannot hold that
    campaign (more players than countries, an objective that is no place).
    """
    player_countries = [c for c in country_map.countries if not c.neutral]
    if players is None:
        players = len(player_countries)
    if players < 1:
        raise InfeasibleError("RC-1.1", f"a campaign needs at least one player, not {players}")
    if players > len(player_countries):
        raise InfeasibleError(
            "RC-1.1",
            f"{players} players but the map has {len(player_countries)} player "
            f"{'country' if len(player_countries) == 1 else 'countries'}: each player rules a country of their own; "
            "make the map with more countries (neutral countries have no player)",
        )
    names = list(names or [])
    if len(names) > players:
        raise ValueError(f"{len(names)} player names for {players} players")
    ruled = player_countries[:players]
    spare = {c.id for c in player_countries[players:]} if UNCLAIMED_COUNTRIES_NEUTRAL else set()
    roster = tuple(
        Player(seat(i), names[i - 1] if i <= len(names) else f"Player {i}", c.id) for i, c in enumerate(ruled, start=1)
    )
    neutrals = tuple(c.id for c in country_map.countries if c.neutral or c.id in spare)  # in the map's order
    owner_of = {p.country: p.seat for p in roster} | {cid: cid for cid in neutrals}
    g = country_map.graph
    places = tuple(
        Place(n, owner_of[d["country"]], STARTING_GARRISON) for n, d in g.nodes(data=True) if d["kind"] in PLACE_KINDS
    )
    end = ends if isinstance(ends, Ends) else parse_ends(ends)
    check_ends(end, country_map, players, neutrals)
    if options is None:
        options = Options(banks=players >= BANKS_FROM_PLAYERS)
    who = "; ".join(f"{p.seat} {p.name}: {country_map.country(p.country).name}" for p in roster)
    neutral_text = ", ".join(country_map.country(c).name for c in neutrals) or "none"
    start = LogEntry(
        FIRST_YEAR,
        "spring",
        0,
        "RC-2",
        f"The campaign begins ({who}; neutral: {neutral_text}). Every settlement is held by its own country, "
        "no army is in the field and every treasury is empty (RC-A.6).",
    )
    return RenaissanceState(
        seed=seed,
        map=MapRef(map_name, sha256_bytes(map_bytes)),
        ends=end,
        players=roster,
        neutrals=neutrals,
        places=places,
        options=options,
        year=FIRST_YEAR,
        season="spring",
        log=(start,),
    )


def parse_ends(ends: str | Iterable[str]) -> Ends:
    """The RC-6 end conditions from their text: ``capitals``, ``years=N``, ``objectives=A-3,B-5``.

    Several may be given (a list, or one text joined with ``;``); any one met ends the campaign.

    Examples
    --------
    >>> parse_ends("years=5;capitals")
    Ends(capitals=True, years=5, objectives=())
    """
    parts = ends.split(";") if isinstance(ends, str) else list(ends)
    capitals, years, objectives = False, None, ()
    for raw in parts:
        part = raw.strip()
        key, _, value = part.partition("=")
        if part == "capitals":
            capitals = True
        elif key == "years" and value.strip().isdigit() and int(value) >= 1:
            years = int(value)
        elif key == "objectives" and value.strip():
            objectives = tuple(v.strip() for v in value.split(",") if v.strip())
        else:
            raise ValueError(f"RC-6: unknown end condition {part!r} (expected capitals, years=N with N >= 1, or objectives=NODE,NODE...)")
    if not (capitals or years or objectives):
        raise ValueError("RC-6: the players must agree when the campaign ends: give capitals, years=N or objectives=...")
    return Ends(capitals, years, objectives)


def check_ends(ends: Ends, country_map, players: int, neutrals: tuple[str, ...]) -> None:
    """Refuse end conditions this map cannot meet (RC-6)."""
    g = country_map.graph
    for node in ends.objectives:
        if node not in g:
            raise InfeasibleError("RC-6", f"objective {node!r} is not a node of the map")
        if g.nodes[node]["kind"] not in PLACE_KINDS:
            raise InfeasibleError("RC-6", f"objective {node} is a {g.nodes[node]['kind']} point, not a place that can be taken")
    if ends.capitals and players < 2:
        raise InfeasibleError("RC-6", "the capitals condition needs an opponent's capital to take: play with two players or more")


def board(country_map, map_bytes: bytes):
    """The map's board, worked out once per map file and kept by its SHA-256 for the commands that follow."""
    return boards.for_map(map_bytes, lambda: board_for_map(country_map))


def new_campaign(
    country_map,
    map_bytes: bytes,
    seed: int | str,
    players: int | None = None,
    ends: str | Iterable[str] | Ends = DEFAULT_ENDS,
    names: Iterable[str] | None = None,
    options: Options | None = None,
    dice_seed: int | str | None = None,
) -> RenaissanceState:
    """Day one of a campaign on ``country_map`` (whose file is ``map_bytes``): the first spring has collected its taxes.

    ``dice_seed``: the campaign's secret dice seed (None: its dice come from ``seed``, as the simulations' do).
    """
    state = evolve(start_campaign(country_map, map_bytes, MAP_FILE, seed, players, ends, names, options), dice_seed=dice_seed)
    return begin(state, GameDice(seed if dice_seed is None else dice_seed), board(country_map, map_bytes))
