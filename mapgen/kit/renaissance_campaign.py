"""A new Renaissance campaign folder: the country map copy, ``campaign.json`` and the campaign's counters.

The same folder as a Fantasy Warriors campaign (:mod:`mapgen.kit.fw_campaign`),
so the same session (:mod:`mapgen.session`: lock, history, undo, replay) plays it: ``country.json`` is the map
(its SHA-256 in the state), ``campaign.json`` the state on day one after the
first spring's taxes (RC-2, RC-3.1 steps 1-3), and ``counters/`` the armies',
specialists' and siege markers' counters.  Both ``mapgen campaign new
--rules renaissance`` and ``mapgen new --campaign renaissance`` write it
through :mod:`mapgen.kit`'s staged outputs: the whole folder or nothing.
"""

from __future__ import annotations

from ..renaissance.ruleset import RULESET
from ..renaissance.setup import DEFAULT_ENDS, new_campaign
from ..renaissance.core import awaiting
from ..renaissance.state import RenaissanceState
from ..renaissance.store import MAP_FILE, dumps_state
from ..campaign.store import board_for
from ..campaign_files import CAMPAIGN_FILE
from ..engine.hints import next_lines

#: Where a campaign folder keeps the counter sheets (as for Fantasy Warriors).
COUNTERS_DIR = "counters/"


def write_campaign(outputs, state: RenaissanceState, map_bytes: bytes | None, formats=(), paper=None, size: str | None = None,
                   country_map=None) -> None:
    """``campaign.json``, the map copy (unless the kit writes it) and the counters into ``outputs``."""
    if map_bytes is not None:
        outputs.path(MAP_FILE).write_bytes(map_bytes)
    outputs.write_text(CAMPAIGN_FILE, dumps_state(state))
    counter_formats = [f for f in formats if f in ("json", "svg", "pdf")]
    if counter_formats:
        write_counters(state, outputs, counter_formats, paper, size, country_map)
    outputs.summary.extend(summary_lines(state, outputs.out))


def write_counters(state: RenaissanceState, outputs, formats, paper=None, size: str | None = None, country_map=None) -> None:
    """The counter sheets of the campaign's players: armies, the allied marker, specialists, siege markers (:mod:`.counters`)."""
    from ..renaissance.counters import campaign_counters, counters_title
    from ..counters.build import build_sheet
    from ..counters.layout import DEFAULT_SIZE, parse_size
    from ..paper import get_paper
    from .files import write_counter_files

    sheet = build_sheet(campaign_counters(state, country_map), paper or get_paper("a4-portrait"), parse_size(size or DEFAULT_SIZE), title=counters_title(state))
    write_counter_files(sheet, outputs, formats, COUNTERS_DIR)


def summary_lines(state: RenaissanceState, folder=None) -> list[str]:
    """What a new campaign is, in a few lines for the terminal."""
    ends = [("capitals" if state.ends.capitals else None), (f"{state.ends.years} years" if state.ends.years else None),
            (f"objectives {', '.join(state.ends.objectives)}" if state.ends.objectives else None)]  # fmt: skip
    lines = [f"Renaissance campaign (seed {state.seed}): {len(state.players)} players, "
             f"{len(state.neutrals)} neutral {'country' if len(state.neutrals) == 1 else 'countries'}; "
             f"ends on: {' or '.join(e for e in ends if e)}."]  # fmt: skip
    for p in state.players:
        held = sum(pl.owner == p.seat for pl in state.places)
        lines.append(f"{p.seat} {p.name} rules country {p.country}: {held} places, treasury {p.treasury} ducats")
    lines.append(f"Now: year {state.year}, {state.season}; awaiting: {awaiting(state)}")
    if folder is not None:
        lines += next_lines(RULESET, state, board_for(state), folder)
    return lines


def write_new_kit(country_map, outputs, formats, paper, players: int | None = None, ends=DEFAULT_ENDS, names=None,
                  options=None, dice_seed: int | str | None = None) -> RenaissanceState | None:
    """``mapgen new --campaign renaissance``: the country kit and, beside it, a campaign ready to play and its atlas.

    The kit's own ``country.json`` is the campaign's map copy (so it needs
    ``--formats json``, as the Fantasy Warriors kit needs ``fw-map.json``).
    ``options``: the optional rules of the campaign (None: the defaults); ``dice_seed``: its secret dice seed
    (None: the country map's seed, which the kit prints).  Returns the state (None when it was left out).
    """
    from ..jsonio import dumps
    from . import files as kit_files

    kit_files.write_country_kit(country_map, outputs, formats, paper)
    if "json" not in formats:
        outputs.notes.append("campaign.json and counters: left out, the campaign needs country.json (--formats json)")
        return None
    map_bytes = dumps(country_map.to_json()).encode("utf-8")
    state = new_campaign(country_map, map_bytes, country_map.seed, players, ends, names, options, dice_seed)
    write_campaign(outputs, state, None, formats, kit_files.home_papers(paper)[1], country_map=country_map)
    from ..atlas import add_to_kit

    add_to_kit(outputs)
    return state
