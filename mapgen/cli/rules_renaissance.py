"""The Renaissance's own part of the command line: how ``campaign new``, ``campaign simulate`` and ``mapgen new`` start it.

The commands (their options, refusals and output) are the CLI's, for every
rule set; the registry points here (``RuleSet.cli``) for what only the
Renaissance takes and does: a country map generated or given, players and
their names, when the campaign ends.
"""

from __future__ import annotations

from pathlib import Path

import click

from .. import kit
from ..atlas import add_to_kit
from ..campaign_files import check_new_folder
from ..country.model import read_country_map
from ..jsonio import dumps
from ..kit import check_input_outside, default_folder_name
from ..kit.renaissance_campaign import write_campaign, write_new_kit
from ..paper import get_paper
from ..renaissance import balance
from ..renaissance.setup import BANKS_FROM_PLAYERS, new_campaign, parse_ends
from ..renaissance.simulate import SimOptions, run_game, start
from ..renaissance.simulate import simulate as play_games
from ..renaissance.state import Options
from ..renaissance.ruleset import RULESET
from ..text import MAX_NAME, printable, text_problem
from . import _run, _seed, given
from .campaign import Refused, saveable
from .campaign_options import chosen_dice_seed
from .campaign_sim import games_player, with_progress
from .country import build_country_map


#: The options of ``campaign new`` only a Renaissance campaign takes.
NEW_OPTIONS = ("countries", "neutrals", "sheet", "topology", "players", "ends", "names")
#: The options of ``campaign simulate`` only a Renaissance run takes.
SIM_OPTIONS = ("players", "years", "countries", "neutrals", "sheet")
#: The options of ``mapgen new`` only a Renaissance kit takes.
KIT_OPTIONS = ("countries", "neutrals", "sheet", "topology", "players", "ends")
#: Optional rules bots cannot play: with ``referee_neutrals`` a referee would have to choose for the neutrals.
NOT_FOR_BOTS = ("referee_neutrals",)


def _country_map(map_file, seed, countries: int, neutrals: int, sheet: str, topology: str, error: type[click.ClickException]):
    """The country map ``--map`` gives (the options of a generated one refused with ``error``), else one generated:
    the map, its file's bytes and the seed (the map's own unless ``--seed`` was given)."""
    if map_file is not None:
        wrong = given("countries", "neutrals", "sheet", "topology")
        if wrong:
            raise error(f"{', '.join(wrong)}: options of a generated country map; with --map the map is given")
        cm = read_country_map(map_file)
        return cm, map_file.read_bytes(), cm.seed if seed is None else _seed(None, None, seed)
    seed = _seed(None, None, seed)
    cm = build_country_map(seed, countries, neutrals, sheet, topology)
    return cm, dumps(cm.to_json()).encode("utf-8"), seed


def new(folder: Path, p: dict, rules: tuple[str, ...]) -> None:
    """``campaign new DIR --rules renaissance``: the country map (given or generated), day one, the counters."""
    map_file, seed, countries, neutrals, sheet, topology = (p[k] for k in ("map_file", "seed", "countries", "neutrals", "sheet", "topology"))
    players, ends, names, formats = (p[k] for k in ("players", "ends", "names", "formats"))
    check_new_folder(folder)
    kit.target_folder(folder)
    counter_formats = tuple(f for f in (x.strip().lower() for x in formats.split(",")) if f)
    if any(f not in kit.COUNTER_FORMATS for f in counter_formats):
        raise click.BadParameter(f"{formats!r}: choose from {', '.join(kit.COUNTER_FORMATS)}", param_hint="--formats")
    try:
        end = parse_ends(ends)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--ends") from None
    if map_file is not None:
        kit.check_input_outside(map_file, folder, "--map")
    cm, map_bytes, seed = _country_map(map_file, seed, countries or players or 2, neutrals, sheet, topology, click.UsageError)
    options = _options(rules, players, cm)
    player_names = [n.strip() for n in names.split(",")] if names else None
    if player_names and not all(player_names):
        raise click.BadParameter(f"{printable(names)!r}: give the names comma-separated, none empty", param_hint="'--names'")
    for n, name in enumerate(player_names or (), start=1):
        problem = text_problem(name, MAX_NAME)
        if problem:
            raise click.BadParameter(f"name {n} {problem}", param_hint="'--names'")
    try:
        state = new_campaign(cm, map_bytes, seed, players, end, player_names, options, chosen_dice_seed(p))
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    saveable(state)
    _run(folder, lambda o: (write_campaign(o, state, map_bytes, counter_formats, get_paper("a4-portrait"), country_map=cm), add_to_kit(o)))


def _options(rules: tuple[str, ...], players: int | None, cm) -> Options | None:
    """The optional rules chosen (None: the defaults); banks, unless named, as the player count gives them (RC-3.4)."""
    chosen = {r: True for r in rules}
    if not chosen:
        return None
    if "banks" not in chosen:
        n = players or sum(not c.neutral for c in cm.countries)
        return Options(banks=n >= BANKS_FROM_PLAYERS, **chosen)
    return Options(**chosen)


def simulate(p: dict, rules: tuple[str, ...]) -> None:
    """``campaign simulate --rules renaissance``: the country map (given or generated), the games, the report."""
    refused = [r for r in rules if r in NOT_FOR_BOTS]
    if refused:
        raise Refused(f"--rules {','.join(refused)}: bots play no referee; the optional rules of a run are "
                      f"{', '.join(r for r in RULESET.option_words if r not in NOT_FOR_BOTS)}")  # fmt: skip
    map_file, seed, games, players, years, countries, neutrals, sheet = (p[k] for k in ("map_file", "seed", "games", "players", "years", "countries", "neutrals", "sheet"))
    workers, out, scheduler = p["workers"], p["out"], p["scheduler"]
    bots = p["bots"] if given("bots") else ()
    cm, map_bytes, run_seed = _country_map(map_file, seed, countries or players or 2, neutrals, sheet, "abstract", Refused)
    if players is None:
        players = sum(not c.neutral for c in cm.countries)
    options = SimOptions(players=players, bots=bots, years=years, rules=rules)
    try:
        options.check()
    except ValueError as exc:
        raise Refused(str(exc)) from None
    if out is None:
        out = Path("output") / default_folder_name("simulate", run_seed)
    if map_file is not None:
        check_input_outside(map_file, out, "--map")
    records = with_progress(games_player(play_games, map_bytes, options, run_seed, games, workers, scheduler, game=run_game, check=start), games)
    doc = balance.report(records, options, run_seed, balance.map_info(cm, map_bytes))
    _run(out, lambda outputs: balance.write(outputs, doc))


def new_kit(out, p: dict, rules: tuple[str, ...]) -> None:
    """``mapgen new --campaign renaissance``: the country maps joined at their crossings, and a campaign ready to play on them.

    The campaign plays the optional rules of ``--rules renaissance,banks ...``, as ``campaign new`` would.
    """
    try:
        end = parse_ends(p["ends"])
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--ends") from None
    cm = build_country_map(p["seed"], p["countries"], p["neutrals"], p["sheet"], p["topology"])
    options = _options(rules, p["players"], cm)
    _run(out, lambda o: write_new_kit(cm, o, p["formats"], p["paper"], p["players"], end, options=options,
                                                 dice_seed=chosen_dice_seed(p)))
