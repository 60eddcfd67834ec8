"""Fantasy Warriors' own part of the command line: how ``campaign new``, ``campaign simulate`` and ``mapgen new`` start it.

The commands (their options, refusals and output) are the CLI's, for every
rule set; the registry points here (``RuleSet.cli``) for what only Fantasy
Warriors takes and does: a campaign map generated or given, rosters, the
Incursione, sides A and B.

The campaign engine's modules are imported in the functions that use them:
``mapgen new`` comes through here before its battlefields' process is
forked, and its campaign is started after the fork (``new_kit``'s ``start``),
so that one process only imports the engine (some 30 ms), beside the other's
battlefields.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from .. import kit
from ..atlas import add_to_kit
from ..campaign_files import check_new_folder
from ..errors import BadFileError
from ..fw.model import read_fw_map
from ..fw.rules import CAMPAIGN_SIZES
from ..jsonio import dumps
from ..kit import check_input_outside, default_folder_name
from ..paper import get_paper
from . import _run, _seed, given
from .campaign_options import Refused, chosen_dice_seed
from .fw import build_map, map_and_balance, sides_in_look

#: The options of ``campaign new`` only a Fantasy Warriors campaign takes.
NEW_OPTIONS = ("size", "width", "height", "holdings", "races", "square_mm", "ports", "points", "roster", "scenario", "forces", "roll")
#: The options of ``campaign simulate`` only a Fantasy Warriors run takes.
SIM_OPTIONS = ("size", "width", "height", "holdings", "races", "square_mm", "scenario", "max_days")
#: The options of ``mapgen new`` only a Fantasy Warriors kit takes.
KIT_OPTIONS = ("size", "width", "height", "holdings", "races", "square_mm", "ports", "style", "balanced", "games", "attempts", "workers",
               "points", "roster", "scenario")


def _fw_bots(names: tuple[str, ...]) -> tuple[str, str]:
    from ..campaign.bots import BEHAVIOURS

    if len(names) != 2 or any(n not in BEHAVIOURS for n in names):
        raise Refused(f"--bots {','.join(names)!r}: give side A's and side B's behaviour, e.g. cautious,aggressive (behaviours: {', '.join(sorted(BEHAVIOURS))})")
    return names


def new(folder, p: dict, rules: tuple[str, ...]) -> None:
    """``campaign new DIR``: the campaign map (given or generated), the rosters, day one, the counters."""
    from ..campaign.setup import start_campaign
    from ..campaign.state import Options
    from ..kit.fw_campaign import write_campaign
    from .campaign import parse_faces, saveable

    points, roster, scenario, forces, roll, formats = (p[k] for k in ("points", "roster", "scenario", "forces", "roll", "formats"))
    check_ports(rules)
    _refuse_conflict(rules, click.UsageError)

    check_new_folder(folder)
    kit.target_folder(folder)
    counter_formats = tuple(f for f in (x.strip().lower() for x in formats.split(",")) if f)
    if any(f not in kit.COUNTER_FORMATS for f in counter_formats):
        raise click.BadParameter(f"{formats!r}: choose from {', '.join(kit.COUNTER_FORMATS)}", param_hint="--formats")
    if p["map_file"] is not None:
        kit.check_input_outside(p["map_file"], folder, "--map")
    m, map_bytes, map_path, seed = _campaign_map(p, p["holdings"], click.UsageError, rules)
    options = Options(points=points, scenario=scenario, **{r: True for r in rules})
    specs = _rosters(m, map_bytes, _read_rosters(roster), roster, scenario, options)
    state = start_campaign(m, map_bytes, map_path, seed, options, specs, forces, tuple(parse_faces(roll)), chosen_dice_seed(p))
    saveable(state)
    _run(folder, lambda o: (write_campaign(o, state, map_bytes, counter_formats, get_paper("a4-portrait")), add_to_kit(o)))


def _campaign_map(p: dict, holdings: int | None, refuse: type[click.ClickException], rules: tuple[str, ...]) -> tuple:
    """The campaign map, its bytes, its path and the seed: read from ``--map`` (its own seed unless ``--seed``) or
    generated from the map options (``holdings`` as the caller settles it; with the ``watercraft`` rule, its ports and
    navigable waters, as ``fw-map --watercraft``); ``refuse`` is the error for map options given with ``--map``.
    """
    map_file, seed = p["map_file"], p["seed"]
    if map_file is not None:
        wrong = given("size", "width", "height", "holdings", "races", "square_mm", "ports")
        if wrong:
            raise refuse(f"{', '.join(wrong)}: options of a generated map; with --map the map is given")
        m = read_fw_map(map_file)
        return m, map_file.read_bytes(), os.fspath(map_file), m.seed if seed is None else _seed(None, None, seed)
    seed = _seed(None, None, seed)
    m = build_map(seed, p["size"], p["width"], p["height"], holdings, p["races"], p["square_mm"], None, (), **map_rules(rules, p.get("ports", "auto")))
    return m, dumps(m.to_json()).encode("utf-8"), "fw-map.json", seed


def map_rules(rules: tuple[str, ...], ports: str = "auto") -> dict:
    """The map options the optional rules ask of a generated map: ports and navigable waters for ``watercraft``
    (FW-20.2, FW-20.4), with ``--ports`` saying which sides have one, as ``fw-map --watercraft --ports``."""
    return {"watercraft": True, "ports": ports} if "watercraft" in rules else {}


def check_ports(rules: tuple[str, ...]) -> None:
    """``--ports`` is the watercraft rules' (FW-20.2): refused without them, before anything is made."""
    if "watercraft" not in rules and given("ports"):
        raise Refused("--ports: an option of the watercraft rules' map; add --rules watercraft or drop it")


def _refuse_conflict(rules: tuple[str, ...], refuse: type[click.ClickException] = Refused) -> None:
    """Two optional rules that exclude each other (the English and the Italian draw, FW-10.3.1) refused with ``refuse``."""
    from ..campaign.draws import conflict
    from ..campaign.state import Options

    reason = conflict(Options(**{r: True for r in rules}))
    if reason:
        raise refuse(reason)


def _read_rosters(roster: dict[str, Path]) -> dict:
    """Each side's roster file read (FW-4): before the map is made, so a wrong file costs no map."""
    if not roster:
        return {}
    from ..campaign.roster import read_campaign_roster

    return {side: read_campaign_roster(path, side) for side, path in roster.items()}


def _rosters(m, map_bytes: bytes, specs: dict, roster: dict[str, Path], scenario: str | None, options) -> dict:
    """The rosters ``specs`` checked against the map (each force placed on a holding of its side, FW-4.2) and the
    optional rules (``options``: a force under Probe may scout, FW-22.1)."""
    from ..campaign.roster import check_scouting, check_squares
    from ..campaign.setup import RAIDERS, board_for_map

    board = board_for_map(m, map_bytes)
    raiders = scenario == "incursione"  # FW-17.2: the raiders hold only their village
    for side, path in roster.items():
        own = {sq for sq, (owner, capital, _) in board.holdings.items() if owner == side and (capital or not raiders or side != RAIDERS)}
        check_squares(specs[side], board, side, path.name, own)
        if options.army_composition:
            check_scouting(specs[side], side, path.name)
    return specs


def simulate(p: dict, rules: tuple[str, ...]) -> None:
    """``campaign simulate``: the campaign map (given or generated), the games, the balance report."""
    # The bots, the games and their worker processes (multiprocessing, concurrent.futures) are imported here, not
    # with the module: ``mapgen new`` and ``campaign new`` come through this module too and play no game.
    from ..campaign import balance
    from ..campaign.setup import INCURSIONE_MIN_HOLDINGS
    from ..campaign.simulate import SIM_RULES, SimOptions
    from ..campaign.simulate import simulate as play_games
    from .campaign_sim import games_player, with_progress

    wrong = [r for r in rules if r not in SIM_RULES]
    if wrong:
        raise Refused(f"--rules {','.join(wrong)!r}: a Fantasy Warriors run plays the standard rules; give renaissance (and its optional rules) "
                      f"for a Renaissance run (of the Fantasy Warriors options, a run takes {', '.join(SIM_RULES)})")  # fmt: skip
    map_file, size, holdings = p["map_file"], p["size"], p["holdings"]
    games, bots, scenario, max_days, workers, scheduler, out = (p[k] for k in ("games", "bots", "scenario", "max_days", "workers", "scheduler", "out"))
    bots = _fw_bots(bots)

    notes: list[str] = []
    if map_file is None and scenario == "incursione" and holdings is None and CAMPAIGN_SIZES[size] < INCURSIONE_MIN_HOLDINGS - 1:
        # FW-17.2: the defenders hold 4 or more holdings; a generated map is given them, as a player would set it up.
        holdings = INCURSIONE_MIN_HOLDINGS - 1
        notes.append(f"the Incursione's defenders hold {INCURSIONE_MIN_HOLDINGS} or more holdings (FW-17.2): "
                     f"the {size} map was made with {holdings} a side besides the capital (--holdings {holdings})")
    m, map_bytes, _, run_seed = _campaign_map(p, holdings, Refused, rules)
    if out is None:
        out = Path("output") / default_folder_name("simulate", run_seed)
    if map_file is not None:
        check_input_outside(map_file, out, "--map")
    options = SimOptions(bots=bots, scenario=scenario, max_days=max_days, rules=tuple(rules))
    records = with_progress(games_player(play_games, map_bytes, options, run_seed, games, workers, scheduler), games)
    doc = balance.report(records, options, run_seed, balance.map_info(m, map_bytes))

    def produce(outputs):
        outputs.notes.extend(notes)
        balance.write(outputs, doc)

    _run(out, produce)


def new_kit(out, p: dict, rules: tuple[str, ...]) -> None:
    """``mapgen new``: the campaign map (balanced if asked), a battlefield per holding square, a campaign ready to play.

    The campaign starts with the options of ``campaign new`` (``--rules``, ``--scenario``, ``--points``,
    ``--roster``), refused before any file is written; the map's key prints the rules in play.
    """
    check_ports(rules)
    try:
        specs = _read_rosters(p["roster"])
    except BadFileError as exc:  # as 'campaign new' refuses it: exit 2, nothing made
        raise Refused(str(exc)) from None
    m, record = map_and_balance(p["balanced"], p["games"], p["attempts"], p["workers"], p["seed"], p["size"], p["width"], p["height"],
                                p["holdings"], p["races"], p["square_mm"], p["paper"], p["formats"], **map_rules(rules, p["ports"]))  # fmt: skip
    m = sides_in_look(m, p["style"])
    start = None
    if "json" in p["formats"]:
        if rules:  # optional rules that exclude each other, refused before the map is made (without any, none do)
            _refuse_conflict(rules)

        def start():  # called by the kit once its battlefields are under way; a refusal then still writes nothing
            from ..campaign.state import Options
            from ..engine.commands import CommandError
            from ..kit.fw_campaign import new_kit_campaign
            from .campaign import saveable

            options = Options(points=p["points"], scenario=p["scenario"], **{r: True for r in rules})
            try:
                map_bytes = dumps(m.to_json()).encode("utf-8")  # the kit's fw-map.json, written once for both
                checked = _rosters(m, map_bytes, specs, p["roster"], p["scenario"], options)
                state = new_kit_campaign(m, options, checked, chosen_dice_seed(p), map_bytes=map_bytes)
            except (BadFileError, CommandError) as exc:
                raise Refused(" ".join(str(exc).split())) from None
            saveable(state)
            return state
    elif rules or given("points", "roster", "scenario"):
        raise click.UsageError(f"{', '.join([*given('points', 'roster', 'scenario'), *(['--rules'] if rules else [])])}: options of the kit's "
                               "campaign, which needs fw-map.json: add json to --formats")  # fmt: skip
    _run(out, lambda o: kit.write_new_fw_kit(m, o, p["formats"], p["paper"], p["style"], record, start=start))
